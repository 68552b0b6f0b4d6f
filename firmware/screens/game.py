"""Game screens: new game, turn dashboard, purchase, war, research, income, victory, undo.

Each screen reads the engine's summary/prompt through the session and sends
one action dict per decision (contracts: `game.apply(action)`); a refusal
(RuleError) is shown on the screen with its rule id and nothing changes.

Button presses per decision (the README's quick tour counts them):
  end a phase            roll (1)
  purchase               right x N per unit type, down to move, select (1)
  declare war            select on the target, select on Yes (2)
  collect income         select (1), plus one select per objective question
  undo                   long back, select on Yes (2)
"""

from engine_core.editions import FAM_LHTR, FAM_1940
from firmware import ui
from firmware.screens.text import short, edition_title, phase_title, option_text
from firmware.screens.base import Screen, Menu, Counter, Confirm, wrap




def per_power(value, name, index):
    """A summary entry per power: a dict by name or a list by power id."""
    if isinstance(value, dict):
        return value.get(name, 0)
    if isinstance(value, (list, tuple)) and 0 <= index < len(value):
        return value[index]
    return 0


def unit_cost(rec):
    from engine_core import units
    return rec[units.U_COST]


class NewGame(Menu):
    """Pick the edition; the next screen assigns powers to players."""

    def __init__(self, app):
        items = []
        for ed in app.session.editions():
            items.append((edition_title(ed), ed))
        Menu.__init__(self, app, "New game", items)

    def chosen(self, edition, now):
        board = self.app.session.load_board(edition)
        self.app.replace(Players(self.app, edition, board))


class Players(Counter):
    """Which powers each player holds: left/right changes the player (1..4).

    P40-G-03 (and every edition): all powers of one player on the same side;
    the default is two players, Axis = player 1 and Allies = player 2.
    Revised/LHTR: "USSR treaty NA" (off by default) plays the Soviet Nonaggression Treaty
    (LHTR-O-11): when Japan's Combat Move ends with pending battles in red territories, the
    USSR is asked which one gets its 4 free infantry (they join that battle's defenders).
    The last row, "Tournament dice" (off by default; not in the store demo), starts a
    tournament game: audited dice, its commitment shown before the first action
    (firmware/screens/trust.py).
    """

    footer = "</>:player A:start"

    def __init__(self, app, edition, board):
        names = []
        counts = []
        self.powers = board.turn_order
        for p in self.powers:
            names.append(board.power_name(p))
            counts.append(1 + board.side(p))
        limits = [4] * len(names)
        # P40-R-01: research and development is an optional rule of the 1940 games
        self.rd_row = -1
        if board.rules.get("research_optional"):
            self.rd_row = len(names)
            names.append("R&D rule")
            counts.append(0)
            limits.append(1)
        # LHTR-O-02, LHTR-O-11: the Soviet Nonaggression Treaty, a national advantage the
        # device plays (the USSR's choice of where its 4 free infantry go)
        self.na_row = -1
        if board.family == FAM_LHTR:
            self.na_row = len(names)
            names.append("USSR treaty NA")
            counts.append(0)
            limits.append(1)
        self.tour_row = -1
        if app.session.slots is not None:  # kiosk visitors keep nothing: no tournaments
            self.tour_row = len(names)
            names.append("Tournament dice")
            counts.append(0)
            limits.append(1)
        Counter.__init__(self, app, edition_title(edition), names, counts, limits)
        self.edition = edition
        self.board = board

    def row_text(self, i, cols):
        if i == self.rd_row or i == self.tour_row or i == self.na_row:
            return ui.pad(self.names[i], "on" if self.counts[i] else "off", cols)
        return ui.pad(self.names[i], "P" + str(self.counts[i]), cols)

    def key(self, name, now):
        if name == "left" and self.cursor < len(self.powers) and self.counts[self.cursor] <= 1:
            return
        Counter.key(self, name, now)

    def players(self):
        """((player, (power ids...)), ...) or None when a player mixes sides."""
        sides = {}
        for i in range(len(self.powers)):
            pl = self.counts[i]
            s = self.board.side(self.powers[i])
            if sides.get(pl, s) != s:
                return None
            sides[pl] = s
        out = []
        for pl in range(1, 5):
            held = tuple([self.powers[i] for i in range(len(self.powers)) if self.counts[i] == pl])
            if held:
                out.append((pl, held))
        return tuple(out)

    def other(self, name, now):
        if name != "select":
            return
        players = self.players()
        if players is None:
            self.say("P40-G-03 a player's powers share a side")
            return
        held_by = bytearray(self.board.power_count)
        for pl, held in players:
            for p in held:
                held_by[p] = pl
        options = {"rd": 1} if self.rd_row >= 0 and self.counts[self.rd_row] else None
        if self.na_row >= 0 and self.counts[self.na_row]:
            options = dict(options or {})
            options["national_advantages"] = ["nonaggression_treaty"]
        if self.tour_row >= 0 and self.counts[self.tour_row]:
            self.start_tournament(options, bytes(held_by))
            return
        try:
            self.app.session.new_game(self.edition, self.app.seed(now), options, bytes(held_by))
        except ValueError as err:
            self.refuse(err)
            return
        self.app.home_game()

    def start_tournament(self, options, held_by):
        """Seed from the board's random source, its record and a new log; then the commitment."""
        app = self.app
        try:
            app.session.new_tournament(self.edition, app.entropy(16), options, held_by)
        except OSError:
            self.say("Cannot write the log")  # read-only drive (boot.py) or flash full
            return
        except ValueError as err:
            self.refuse(err)
            return
        from firmware.screens.nav import screen
        Commitment = screen("Commitment")
        app.home_game()
        app.push(Commitment(app, start=True))


class Dashboard(Screen):
    """The turn at a glance: round, power, phase, treasury, production, war."""

    footer = "A:act Start:next"

    def view(self, cols, rows):
        s = self.app.session.summary()
        power = s.get("power", "")
        idx = -1
        board = self.app.session.board
        try:
            idx = board.power_id(power)
        except (ValueError, AttributeError):
            pass
        title = "R" + str(s.get("round", 1)) + " " + power
        pl = self.app.session.player_of(idx)
        if pl:
            title = ui.pad(title, "P" + str(pl), cols)
        v = ui.View(ui.fit(title, cols), [], self.footer)
        v.add(ui.fit(phase_title(s.get("phase", "")), cols))
        money = str(per_power(s.get("treasury"), power, idx))
        if len(money) + 9 <= cols // 2:
            v.add("Treasury " + money, ui.BIG)  # the number players ask for most, twice the size
        else:
            v.add(ui.pad("Treasury", money, cols))
        v.add(ui.pad("Production", str(per_power(s.get("production"), power, idx)), cols))
        partner = board.turn_partner(idx) if idx >= 0 and hasattr(board, "turn_partner") else -1
        if partner >= 0:  # G40-E-02: the UK's second economy
            pname = board.power_name(partner)
            v.add(ui.pad(short(pname), str(per_power(s.get("treasury"), pname, partner)) + " / +" +
                         str(per_power(s.get("production"), pname, partner)), cols))
        war = self.war_line(s.get("at_war", ()), power)
        for line in wrap(war, cols)[:2]:
            v.add(line, ui.BAD if "peace" not in war else ui.GOOD)
        if phase_key(s.get("phase", "")) in ("combat_move", "combat"):
            from firmware import pending
            n = pending.of(self.app.session).count(self.app.session.game)
            if n and ui.slots_used(v) < rows - 1:
                v.add(ui.pad("Pending battles", str(n), cols))
        cp = self.app.session.checkpoint
        if cp is not None and ui.slots_used(v) < rows - 1:
            # a tournament's checkpoint code at the end of the last turn (players note it)
            v.add(ui.pad("Check " + str(cp[0]), cp[1], cols), ui.DIM)
        if s.get("victory") is not None:
            v.add(ui.fit("Victory: " + str(s.get("victory")), cols), ui.GOOD)
        if self.app.session.save_error is not None:
            v.add(ui.fit("Not saving: drive read-only", cols), ui.BAD)
        if self.message:
            room = max(1, rows - ui.slots_used(v))
            for line in wrap(self.message, cols)[:room]:
                v.add(line, self.message_style)
        return v

    @staticmethod
    def war_line(pairs, power):
        foes = []
        for pair in pairs:
            a, b = pair[0], pair[1]
            if a == power and b not in foes:
                foes.append(b)
            elif b == power and a not in foes:
                foes.append(a)
        if not foes:
            return "At peace"
        return "War: " + " ".join([short(f) for f in foes])

    def key(self, name, now):
        app = self.app
        s = app.session.summary()
        if name == "long_back":  # undo works even after a victory (a wrong last action)
            from firmware.screens.text import undo_text
            what = undo_text(app.session)
            app.push(Confirm(app, "Undo", ("Undo " + what + "?") if what else "Undo the last action?", self.undo))
            return
        if s.get("victory") is not None:
            app.push(Victory(app))
            return
        phase = phase_key(s.get("phase", ""))
        prompt = app.session.prompt()
        if name in ("roll", "select") and prompt is not None:
            app.push(PromptMenu(app, prompt))  # a pending question comes first
        elif name == "roll" and phase == "collect_income":
            app.push(Income(app))  # through the convoy raiders and the income, never past them
        elif name == "roll":
            self.end_phase()
        elif name == "select":
            if phase == "purchase":
                app.push(Purchase(app))
            elif phase == "research":
                app.push(Research(app))
            elif phase in ("combat_move", "combat"):
                from firmware.screens.nav import screen
                CombatMenu = screen("CombatMenu")
                app.push(CombatMenu(app, phase))
            elif phase == "collect_income":
                app.push(Income(app))
            elif phase == "mobilize" and unplaced(app):
                from firmware.screens.nav import screen
                Mobilize = screen("Mobilize")
                app.push(Mobilize(app))
            else:
                # A acts; ending a phase is Start's job, never done silently by A
                self.say("Nothing to do here: Start ends " + phase_title(phase).lower(), ui.DIM)
        elif name == "back":
            app.open_home()

    def undo(self):
        """Undo the last action; a battle it had settled is pending again (firmware/pending.py)."""
        if undo_last(self.app):
            self.message = ""  # e.g. an income note of the collection just undone

    def end_phase(self, anyway=False):
        """End the phase; ending Mobilize with units still in the pool asks first."""
        app = self.app
        if not anyway and phase_key(app.session.summary().get("phase", "")) == "mobilize" and unplaced(app):
            app.push(Unplaced(app, self))
            return
        turn = app.session.game.state.game_turn
        try:
            if phase_key(app.session.summary().get("phase", "")) == "combat_move":
                announce_attacks(app)
            app.act({"type": "end_phase"})
            self.message = ""
        except ValueError as err:
            self.refuse(err)
            return
        turn_over(app, turn)
        prompt = app.session.prompt()
        if prompt is not None and prompt.get("kind") == "treaty":
            app.push(PromptMenu(app, prompt))   # the USSR chooses before any battle (LHTR-O-11)


def announce_attacks(app):
    """LHTR-O-11: the ledger learns Japan's attacks on red territories from `enter` actions;
    the device knows them as this Combat Move's pending battles. Entered as the phase ends
    (once each), so the ledger asks the USSR where its 4 free infantry go before any battle."""
    g = app.session.game
    board = app.session.board
    if board.family != FAM_LHTR or not g.options.get("national_advantages"):
        return
    from engine_core.ledger import treaty
    from engine_core.ledger import journal
    if not treaty.in_play(g.options, g.state) or g.power != board.power_id("Japan"):
        return
    from firmware import pending
    done = treaty.attacked(board, g.state, journal.this_phase(g.state, journal.ENTER))
    for row in pending.of(app.session).current(g):
        t = row[0]
        if t not in done and treaty.is_red(board, g.state, t):
            app.act({"type": "enter", "territory": t, "attack": 1})


def undo_last(app):
    """Undo the game's last action (the dashboard's long back, the home menu's "Undo: ...");
    a battle it had settled is pending again (firmware/pending.py). True when it took place."""
    stamp = app.decisions
    game = app.session.game
    before = len(game.state.journal) if game is not None else 0
    app.undo()
    game = app.session.game
    if game is not None and len(game.state.journal) < before:
        from firmware import pending
        pending.of(app.session).restore(game, stamp)
        return True
    return False


def phase_key(phase):
    """The phase's name ('mobilize') whether the summary gives a name or a number."""
    if not isinstance(phase, str):
        phase = phase_title(phase).lower().replace(" ", "_")
    return phase


def turn_over(app, turn):
    """After an action: a new turn drops the pending battles (firmware/pending.py); income
    just collected is told on the dashboard ("Income JPN +24, convoy -2")."""
    game = app.session.game
    if game is None:
        return
    if game.state.game_turn != turn:
        from firmware import pending
        pending.of(app.session).clear()
    note = income_note(app.session.board, getattr(game, "events", None))
    if note:
        for screen in app.stack:
            if isinstance(screen, Dashboard):
                screen.say(note, ui.GOOD)


def income_note(board, events):
    """'Income JPN +24, convoy -2' from the events of a Collect Income (P40-T-60, P40-E-40);
    '' when the events hold no income."""
    from engine_core.ledger.economy import EV_INCOME
    from engine_core.ledger.game import EV_CONVOY
    events = events or ()
    parts = []
    for e in events:
        if e[0] != EV_INCOME:
            continue
        text = short(board.power_name(e[1])) + " +" + str(e[2])
        for c in events:
            if c[0] == EV_CONVOY and c[1] == e[1] and c[2]:
                text += ", convoy -" + str(c[2])
        parts.append(text)
    return ("Income " + ", ".join(parts)) if parts else ""


def unplaced(app):
    """Units bought this turn and not placed yet, of the power on turn (and its other
    economy, G40-E-02). Complex upgrades (unit -1) are not units to place."""
    board = app.session.board
    me = board.power_id(app.session.summary()["power"])
    partner = board.turn_partner(me) if hasattr(board, "turn_partner") else -1
    n = 0
    for u, count, who in app.session.game.state.pool:
        if u >= 0 and (who == me or who == partner):
            n += count
    return n


# What happens to units left unplaced when Mobilize ends, per the board's rule table:
# P40-T-50 / P40-E-17 (Pacific, Global 1940): back to the box, cost refunded;
# CL-E-05 (Classic): lost, no refund; LHTR-E-04 (Revised, LHTR): the excess is lost.
_OVERBUY = (("refund", "refunded"), ("lost", "lost"))
_OVERBUY_RULE = (("classic", "CL-E-05"), ("revised", "LHTR-E-04"), ("revised_lhtr", "LHTR-E-04"),
                 ("pacific_1940", "P40-E-17"), ("global_1940", "P40-E-17"),
                 ("global_1940_variant", "P40-E-17"))


def overbuy(board):
    """('refunded' or 'lost', rule id) for units left in the pool at the end of Mobilize."""
    how = board.rules.get("overbuy", "lost")
    word = "lost"
    for key, text in _OVERBUY:
        if key == how:
            word = text
    rule = ""
    for ed, rid in _OVERBUY_RULE:
        if ed == board.edition:
            rule = rid
    return word, rule


class Unplaced(Menu):
    """Ending Mobilize with units in the pool: place them (default), end anyway, or back."""

    def __init__(self, app, dashboard):
        self.dashboard = dashboard
        self.count = unplaced(app)
        self.fate, self.rule = overbuy(app.session.board)
        end = "End anyway: refund" if self.fate == "refunded" else "End anyway: lose them"
        items = [("Place them", "place"), (end, "end"), ("Back", "back")]
        Menu.__init__(self, app, "Mobilize", items)

    def head(self, cols):
        n = self.count
        rows = [(ui.fit(str(n) + (" unit" if n == 1 else " units") + " not placed", cols), ui.BAD)]
        for line in wrap("Unplaced units are " + self.fate + " (" + self.rule + ")", cols):
            rows.append((line, ui.DIM))
        return rows

    def key(self, name, now):
        if name == "roll":
            name = "select"  # Start takes the highlighted answer, like every prompt
        Menu.key(self, name, now)

    def chosen(self, what, now):
        app = self.app
        if what == "place":
            from firmware.screens.nav import screen
            Mobilize = screen("Mobilize")
            app.replace(Mobilize(app))
        elif what == "end":
            app.pop()
            self.dashboard.end_phase(anyway=True)
        else:
            app.pop()


class PromptMenu(Menu):
    """Any pending engine question: its legal options, the default preselected.

    The game's prompt is a dict {"kind", "question", "options", "default", ...}
    (game.py); a yes/no question's options are 1/0.
    """

    def __init__(self, app, prompt, answer=None):
        get = prompt.get if isinstance(prompt, dict) else (lambda k, d=None: getattr(prompt, k, d))
        options = get("options", ()) or ()
        default = get("default")
        kind = get("kind", "?")
        self.question = get("question", "") or ""
        items = []
        cursor = 0
        labels = get("labels")   # names of the options (a territory's, LHTR-O-11), when given
        for i in range(len(options)):
            opt = options[i]
            text = ("Yes" if opt else "No") if kind == "yes_no" else (
                labels[i] if labels else option_text(opt))
            items.append((text, opt))
            if opt == default:
                cursor = i
        title = "Question" if kind == "yes_no" else phase_title(str(kind))
        Menu.__init__(self, app, title, items, cursor)
        self.answer = answer

    def view(self, cols, rows):
        self.rows_here = rows
        return Menu.view(self, cols, rows)

    def head(self, cols):
        # the whole question (every board's longest fits 6 lines of 26), then the options
        room = max(1, getattr(self, "rows_here", 8) - min(2, len(self.items)))
        return [(line, ui.NORMAL) for line in wrap(self.question, cols)[:room]]

    def chosen(self, value, now):
        turn = self.app.session.game.state.game_turn if self.app.session.game is not None else -1
        try:
            if self.answer is not None:
                self.answer(value)
            else:
                self.app.act({"type": "answer", "value": value})
        except ValueError as err:
            self.refuse(err)
            return
        if self.answer is None:
            from firmware import pending   # free units join the battle pending there (LHTR-O-11)
            pending.of(self.app.session).reinforce(self.app.session.game, self.app.decisions)
        turn_over(self.app, turn)
        prompt = self.app.session.prompt()
        if prompt is not None and self.answer is None:
            self.app.replace(PromptMenu(self.app, prompt))
        else:
            self.app.pop()


class Purchase(Counter):
    """Units with a running total; the engine validates on select (P40-T-11/12)."""

    footer = "</>:-+ A:buy B:back"

    def __init__(self, app):
        board = app.session.board
        self.ids = tuple(range(board.unit_count))
        names = [board.unit_name(u).replace("_", " ") for u in self.ids]
        self.costs = [unit_cost(board.units[u]) for u in self.ids]
        Counter.__init__(self, app, "Purchase", names)
        # G40-E-04: the UK's two economies buy separately; Start switches between them
        self.power = board.power_id(app.session.summary()["power"])
        self.partner = board.turn_partner(self.power) if hasattr(board, "turn_partner") else -1
        if self.partner >= 0:
            self.footer = "</>:-+ A:buy Start:econ"

    def total(self):
        t = 0
        for i in range(len(self.counts)):
            t += self.counts[i] * self.costs[i]
        return t

    def treasury(self):
        s = self.app.session.summary()
        name = self.app.session.board.power_name(self.power)
        return per_power(s.get("treasury"), name, self.power)

    def row_text(self, i, cols):
        right = str(self.costs[i]) + " x" + str(self.counts[i])
        return ui.pad(self.names[i], right, cols)

    def head(self, cols):
        have = self.treasury()
        total = self.total()
        style = ui.BAD if total > have else ui.GOOD
        rows = [(ui.pad("Spend " + str(total) + "/" + str(have), "left " + str(have - total), cols), style)]
        if self.partner >= 0:
            rows.insert(0, (ui.fit(self.app.session.board.power_name(self.power), cols), ui.DIM))
        return rows

    def other(self, name, now):
        if name == "roll" and self.partner >= 0:
            self.power, self.partner = self.partner, self.power
            return
        if name != "select":
            return
        board = self.app.session.board
        units = {}
        for i in range(len(self.counts)):
            if self.counts[i]:
                units[board.unit_name(self.ids[i])] = self.counts[i]
        try:
            self.app.act({"type": "purchase", "units": units, "power": self.power})
        except ValueError as err:
            self.refuse(err)
            return
        self.app.pop()


class War(Menu):
    """Declare war at the start of Combat move (P40-T-20): pick a target, confirm."""

    def __init__(self, app):
        s = app.session.summary()
        board = app.session.board
        me = s.get("power", "")
        foes = Dashboard.war_line(s.get("at_war", ()), me)
        items = [("No declaration", None)]
        for p in board.turn_order:
            name = board.power_name(p)
            if name == me or short(name) in foes.split(" "):
                continue
            try:
                if board.side(p) == board.side(board.power_id(me)):
                    continue
            except (ValueError, AttributeError):
                pass
            items.append(("War on " + name, name))
        Menu.__init__(self, app, "Declare war", items)

    def chosen(self, target, now):
        app = self.app
        if target is None:
            app.pop()
            return

        def declare():
            try:
                app.act({"type": "declare_war", "target": target})
            except ValueError as err:
                self.refuse(err)
                return
            app.pop()  # back to the dashboard (the Confirm is already gone)

        app.push(Confirm(app, "Declare war", "Declare war on " + target + "?", declare))


class Research(Counter):
    """Research dice at 5 IPCs each (CL-T-01, LHTR-T-03, P40-R-03), rolled by the engine.

    Revised/LHTR: a second row names the development researched (LHTR-T-02, its number on
    the chart is the die that succeeds, LHTR-T-04). 1940 (optional R&D): a second row picks
    the breakthrough chart (P40-R-05). The dice and what they gave show on the next screen."""

    footer = "</>:dice A:roll B:back"

    def __init__(self, app):
        from engine_core.ledger import research as research
        self.family = app.session.board.family
        names = ["Research dice"]
        counts = [0]
        limits = [20]
        self.chart = ()
        if self.family == FAM_LHTR:
            self.chart = research.LHTR_CHART
            names.append("Develop")
            counts.append(0)
            limits.append(len(self.chart) - 1)
        elif self.family == FAM_1940:
            names.append("Chart")
            counts.append(0)
            limits.append(1)
        Counter.__init__(self, app, "Research", names, counts, limits)

    def row_text(self, i, cols):
        if i == 1 and self.family == FAM_LHTR:
            return ui.fit("#" + str(self.counts[1] + 1) + " " + tech_title(self.chart[self.counts[1]]), cols)
        if i == 1:
            return ui.pad(self.names[1], str(self.counts[1] + 1), cols)
        return Counter.row_text(self, i, cols)

    def tail(self, cols):
        return [(ui.pad("Cost", str(5 * self.counts[0]), cols), ui.NORMAL)]

    def other(self, name, now):
        if name not in ("select", "roll"):
            return
        action = {"type": "research", "dice": self.counts[0]}
        if self.family == FAM_LHTR:
            action["tech"] = self.chart[self.counts[1]]
        elif self.family == FAM_1940:
            action["chart"] = self.counts[1] + 1
        try:
            self.app.act(action)
        except ValueError as err:
            self.refuse(err)
            return
        self.app.replace(ResearchResult(self.app, self.app.session.game.events))


def tech_title(bit):
    """'Jet fighters' for a technology bit (engine_core.techs names)."""
    from engine_core import techs
    names = techs.names(bit)
    text = names[0].replace("_", " ") if names else "?"
    return text[:1].upper() + text[1:]


class ResearchResult(Screen):
    """The research dice rolled and the breakthroughs they gave (CL-T-02, LHTR-T-04, P40-R-04)."""

    footer = "A:ok"

    def __init__(self, app, events):
        Screen.__init__(self, app)
        from engine_core.ledger.game import EV_RESEARCH
        self.rolls = ()
        self.gained = ()
        for e in events or ():
            if e[0] == EV_RESEARCH:
                self.rolls, self.gained = e[2], e[3]

    def view(self, cols, rows):
        v = ui.View("Research", [], self.footer)
        dice = "Dice:" + "".join([" " + str(r) for r in self.rolls]) if self.rolls else "No dice rolled"
        for line in wrap(dice, cols)[:2]:
            v.add(line)
        got = [g for g in self.gained if g > 0]
        if got:
            v.add(ui.fit("Breakthrough!", cols), ui.GOOD)
            for g in got:
                for line in wrap(tech_title(g), cols):
                    v.add(line, ui.GOOD)
        elif -1 in self.gained:
            v.add(ui.fit("Breakthrough: pick a chart", cols), ui.GOOD)
        else:
            v.add(ui.fit("No breakthrough", cols), ui.DIM)
        return v

    def key(self, name, now):
        if name in ("select", "back", "roll"):
            self.app.pop()


class Income(Screen):
    """Collect income (P40-T-60): objective questions and convoy rolls come as prompts."""

    footer = "A:collect B:back"

    def view(self, cols, rows):
        s = self.app.session.summary()
        board = self.app.session.board
        power = s.get("power", "")
        try:
            idx = board.power_id(power)
        except (ValueError, AttributeError):
            idx = -1
        v = ui.View("Collect income", [], self.footer)
        v.add(ui.fit(power, cols))
        v.add(ui.pad("Production", str(per_power(s.get("production"), power, idx)), cols))
        v.add(ui.pad("Treasury", str(per_power(s.get("treasury"), power, idx)), cols))
        if self.message:
            v.add(ui.fit(self.message, cols), self.message_style)
        return v

    def key(self, name, now):
        app = self.app
        if name in ("select", "roll"):
            prompt = app.session.prompt()
            if prompt is not None:
                app.push(PromptMenu(app, prompt))
                return
            if app.session.board.rules.get("convoy"):
                from firmware.screens.nav import screen
                Convoy = screen("Convoy")
                app.push(Convoy(app, self.collect))  # raiders first (P40-E-40)
                return
            self.collect(None, [])
        elif name == "back":
            app.pop()

    def collect(self, convoy_screen, convoy):
        app = self.app
        if convoy_screen is not None:
            app.pop()
        turn = app.session.game.state.game_turn
        try:
            app.act({"type": "collect_income", "convoy": convoy})
        except ValueError as err:
            self.refuse(err)
            return
        turn_over(app, turn)  # the turn is over: no battle is pending any more
        if app.session.prompt() is not None:
            app.replace(PromptMenu(app, app.session.prompt()))
        else:
            app.pop()


class Victory(Screen):
    footer = "B:back"

    def view(self, cols, rows):
        s = self.app.session.summary()
        v = ui.View("Victory", [], self.footer)
        side = s.get("victory")
        text = {0: "Axis", 1: "Allies"}.get(side, str(side)) if not isinstance(side, str) else side
        v.add(ui.fit(text, cols // 2), ui.BIG)
        v.add(ui.fit("win the game", cols), ui.GOOD)
        v.add(ui.fit("Round " + str(s.get("round", "")), cols))
        ind = s.get("individual")    # CL-P-13 / LHTR-P-10: the side's individual winner
        if ind:
            sc = ind["score"]
            sign = "-" if sc < 0 else "+"
            sc = -sc if sc < 0 else sc
            if ind["by"] == "percent_tenths":
                score = sign + str(sc // 10) + "." + str(sc % 10) + "%"
            else:
                score = sign + str(sc) + " IPC"
            v.add(ui.fit("Best: " + ", ".join(ind["winners"]) + " " + score, cols))
        return v

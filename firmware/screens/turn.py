"""Mobilize, convoy entry before income, the territory picker, captures without a battle.

Mobilize: pick a territory with the power's industrial complex, then the
units from the pool with +/-; sea units go to the sea zone shown on the
first row (left/right picks another zone next to the territory). The
engine checks the complex's limits (P40-E-10..18, CL-E-03/04).

Convoy (Pacific/Global 1940): the device cannot see the map's ships, so the
players enter, per convoy zone next to the power's territories, the enemy
warships there; the engine rolls the convoy dice and applies the caps
(P40-E-40..44) when income is collected.
"""

from firmware import ui
from firmware.screens.base import Menu, Counter


def current_power(app):
    board = app.session.board
    return board.power_id(app.session.summary()["power"])


class Mobilize(Menu):
    """Where to place: the power's territories with an industrial complex first; then, when
    the pool holds a facility, every territory held since the start of the turn (P40-U-69,
    CL-E-03); for China in the 1940 games, the Chinese territories it holds (P40-E-18)."""

    footer = "A:place B:back"

    def __init__(self, app):
        from engine_core import board as bmod
        from engine_core import units as umod
        board = app.session.board
        state = app.session.game.state
        me = current_power(app)
        partner = board.turn_partner(me) if hasattr(board, "turn_partner") else -1  # G40-E-02
        facility = False
        for u, n, who in state.pool:
            if u >= 0 and n and board.units[u][umod.U_KIND] == umod.FACILITY:
                facility = True
        china = board.power_name(me) == "China" and bool(board.rules.get("convoy"))
        first = []
        rest = []
        for t in range(board.territory_count):
            if board.is_sea(t):
                continue
            mine = state.owner[t] == me or (partner >= 0 and state.owner[t] == partner)
            if not mine:
                continue
            if state.facilities[t] & bmod.FAC_ANY_IC and not state.captured[t]:
                first.append((board.territory_name(t), t))
            elif (facility and not state.captured[t]) or (china and board.original_owner(t) == me):
                rest.append((board.territory_name(t), t))
        Menu.__init__(self, app, "Mobilize", first + rest, 0, self.footer)

    def head(self, cols):
        from firmware.screens.nav import screen
        unplaced = screen("unplaced")
        n = unplaced(self.app)
        return [(ui.fit(str(n) + " units to place", cols), ui.GOOD if n else ui.DIM)]

    def chosen(self, t, now):
        self.app.push(Place(self.app, t))


class Place(Counter):
    """Units from the pool for one territory (sea units to the zone on top)."""

    footer = "</>:-+ A:place"

    def __init__(self, app, t):
        board = app.session.board
        state = app.session.game.state
        self.t = t
        self.ids = []
        names = []
        limits = []
        owner = state.owner[t]
        for e in state.pool:
            if e[0] >= 0 and e[1] > 0 and e[2] == owner:  # G40-E-04: this economy's units
                self.ids.append(e[0])
                names.append(board.unit_name(e[0]).replace("_", " "))
                limits.append(e[1])
        self.zones = [z for z in board.adjacent(t) if board.is_sea(z)]
        self.zone = 0
        Counter.__init__(self, app, ui.fit(board.territory_name(t), 26), names, [0] * len(names), limits)

    def head(self, cols):
        if not self.zones:
            return []
        name = self.app.session.board.territory_name(self.zones[self.zone])
        return [(ui.fit("Ships to " + name, cols), ui.DIM)]

    def other(self, name, now):
        if name == "long_select" and self.zones:
            self.zone = (self.zone + 1) % len(self.zones)
            return
        if name != "select":
            return
        board = self.app.session.board
        units = {}
        for i in range(len(self.ids)):
            if self.counts[i]:
                units[board.unit_name(self.ids[i])] = self.counts[i]
        if not units:
            self.app.pop()
            return
        action = {"type": "place", "territory": self.t, "units": units,
                  "power": self.app.session.game.state.owner[self.t]}
        if self.zones:
            action["sea_zone"] = self.zones[self.zone]
        try:
            self.app.act(action)
        except ValueError as err:
            self.refuse(err)
            return
        self.app.pop()


_CONVOY_UNITS = ("submarine", "destroyer", "cruiser", "battleship", "fighter", "tactical_bomber")
_SHORT_UNIT = ("sub", "dd", "ca", "bb", "ftr", "tac")


class Convoy(Counter):
    """Enemy warships per convoy zone next to the power's territories, then collect."""

    footer = "</>:-+ A:collect"

    def __init__(self, app, on_done):
        board = app.session.board
        state = app.session.game.state
        me = current_power(app)
        self.on_done = on_done
        self.enemy = -1
        for p in board.turn_order:
            if state.at_war[me] & (1 << p):
                self.enemy = p
                break
        zones = []
        for z in range(board.territory_count if self.enemy >= 0 else 0):  # no war, no raiders
            if not (board.is_sea(z) and board.is_convoy_zone(z)):
                continue
            for t in board.adjacent(z):
                if not board.is_sea(t) and state.owner[t] == me:
                    zones.append(z)
                    break
        self.rows = []
        names = []
        for z in zones:
            for i in range(len(_CONVOY_UNITS)):
                self.rows.append((z, _CONVOY_UNITS[i]))
                names.append(board.territory_name(z)[:14] + " " + _SHORT_UNIT[i])
        Counter.__init__(self, app, "Convoy raiders", names, [0] * len(names), [9] * len(names))
        if not names:
            self.say("No enemy at war: no raids", ui.DIM)

    def convoy(self):
        out = []
        for i in range(len(self.rows)):
            if self.counts[i]:
                z, unit = self.rows[i]
                out.append([z, self.enemy, unit, self.counts[i]])
        return out

    def other(self, name, now):
        if name in ("select", "roll"):
            self.on_done(self, self.convoy())


class TerritoryPicker(Menu):
    """Where the battle (or capture) is: firmware/picker.py's rules. Only the spaces the decision
    allows (enemy or neutral land and the sea zones for a battle or a capture), the recent picks
    first, land by name, sea zones by number; more than a screenful is an index of groups
    ("Afg-Bur", "Sea Zone 10-19"): select opens one, back closes it. up/down one row,
    left/right four rows."""

    footer = "</>:x4 A:ok"

    def __init__(self, app, on_pick=None, title="Battle where?", purpose="battle"):
        from firmware import picker
        self.on_pick = on_pick
        session = app.session
        board = session.board
        first = None
        if session.game is not None and purpose != "any":
            me = board.power_id(session.summary()["power"])
            ids = picker.candidates(board, session.game.state, me, purpose)
            first = picker.enemy_land(board, session.game.state, me)
        else:
            ids = picker.ordered(board, range(board.territory_count))
        self.picker = picker.Picker(board, ids, getattr(app, "recent_spaces", ()), first)
        Menu.__init__(self, app, title, [], 0, self.footer)

    @property
    def items(self):
        return self.picker.rows()

    @items.setter
    def items(self, value):
        pass  # the rows are the picker's

    @property
    def cursor(self):
        return self.picker.cursor

    @cursor.setter
    def cursor(self, value):
        if hasattr(self, "picker"):
            self.picker.cursor = value

    def key(self, name, now):
        p = self.picker
        if name == "back":
            if p.at_top():
                self.app.pop()
            else:
                p.key("back")
            return
        if name in ("up", "down", "left", "right", "select"):
            self.message = ""
            t = p.key(name)
            if t is not None:
                from firmware import picker
                self.app.recent_spaces = picker.remember(getattr(self.app, "recent_spaces", ()), t)
                self.chosen(t, now)

    def chosen(self, t, now):
        if self.on_pick is not None:
            self.on_pick(self, t)
            return
        self.app.replace(setup(self.app, t, False))  # a pending battle there: its sides


class CombatMenu(Menu):
    """Combat move / combat: declare war, pending battles, a battle, a capture with no battle.

    Combat move: "Add pending battle" (territory, then both sides' units) and "Pending
    battles (N)" (edit or drop one). Conduct combat: each pending battle first ("Fight
    Anhwe A5 D4", the first preselected: select opens its set-up with the sides filled in),
    then "Battle" for any other territory (firmware/pending.py keeps the list), "Bombing
    raid" (screens/raid.py) and, for a power with Rockets, "Rocket attack" (screens/rocket.py).
    """

    def __init__(self, app, phase):
        from firmware import pending
        items = []
        session = app.session
        plist = pending.of(session)
        battles = plist.current(session.game)
        if phase == "combat_move":
            items.append(("Declare war", "war"))
            items.append(("Add pending battle", "add"))
            if battles:
                items.append(("Pending battles (" + str(len(battles)) + ")", "list"))
        else:
            cols = app.cols
            for row in battles:
                items.append(("Fight " + pending.label(session.board, row, cols - 6), ("fight", row[0])))
        items.append(("Battle", "battle"))
        items.append(("Capture (no battle)", "capture"))
        if phase == "combat":
            items.append(("Bombing raid", "raid"))   # screens/raid.py
            from engine_core import techs
            me = session.board.power_id(session.summary()["power"])
            if session.game.state.techs[me] & techs.ROCKETS and _rockets_now(session, me):
                items.append(("Rocket attack", "rocket"))   # screens/rocket.py (CL-T-07, LHTR-T-08, P40-R-12)
            from firmware import saves
            tour = session.tour          # a tournament's raid is in its log, a game's in its slots
            if (tour.raid_open() if tour is not None else
                    session.slots is not None and saves.Slots(session.slots.store, "raid").load()):
                from firmware.screens.nav import screen
                got = screen("raid_saved")(session)  # a raid a power cut interrupted
                if got is not None:
                    items.insert(0, ("Resume raid " + session.board.territory_name(got[0]), "raid_resume"))
        Menu.__init__(self, app, "Combat" if phase == "combat" else "Combat move", items)

    def chosen(self, what, now):
        app = self.app
        app.pop()
        if what == "war":
            from firmware.screens.nav import screen
            War = screen("War")
            app.push(War(app))
        elif what == "add":
            app.push(TerritoryPicker(app, plan, "Pending where?"))
        elif what == "list":
            app.push(PendingList(app))
        elif what == "battle":
            app.open_battle_setup()
        elif what == "rocket":
            from firmware.screens.nav import screen
            screen("rocket_pick")(app)
        elif what == "raid" or what == "raid_resume":
            from firmware.screens.nav import screen
            screen("raid_pick" if what == "raid" else "raid_resume")(app)
        elif isinstance(what, tuple):
            fight(app, what[1])
        else:
            app.push(TerritoryPicker(app, capture, "Capture where?", "capture"))


def _rockets_now(session, me):
    """Rockets in effect (LHTR: not in the turn they were gained, LHTR-T-05)."""
    from engine_core.ledger import research
    from engine_core import techs
    return research.has_tech(session.board, session.game.state, me, techs.ROCKETS)


def setup(app, t, plan_only):
    """The battle set-up for territory t, with the pending battle's sides when there is one."""
    from firmware import pending
    from firmware.screens.nav import screen
    BattleSetup = screen("BattleSetup")
    session = app.session
    row = pending.of(session).get(session.game, t)
    if row is not None:
        return BattleSetup(app, row[1], row[2], row[3], territory=t, plan=plan_only,
                           options=row[4] if len(row) > 4 else None)
    kind = "sea" if session.board.is_sea(t) else "land"
    return BattleSetup(app, kind, territory=t, plan=plan_only)


def plan(picker, t):
    """Add pending battle: the territory is picked, now both sides' units (Start saves)."""
    picker.app.replace(setup(picker.app, t, True))


def fight(app, t):
    """A pending battle's set-up, sides filled in and editable; Start fights it."""
    app.push(setup(app, t, False))


class PendingList(Menu):
    """The pending battles of this turn: select edits one, Start drops it (confirmed)."""

    footer = "A:edit Start:drop"

    def __init__(self, app):
        Menu.__init__(self, app, "Pending battles", [], 0, self.footer)
        self.enter()

    def enter(self):
        from firmware import pending
        session = self.app.session
        self.items = [(pending.label(session.board, row, self.app.cols), row[0])
                      for row in pending.of(session).current(session.game)]
        if self.cursor >= len(self.items):
            self.cursor = max(0, len(self.items) - 1)
        if not self.items:
            self.say("None: all fought or dropped", ui.DIM)

    def chosen(self, t, now):
        self.app.push(setup(self.app, t, True))

    def key(self, name, now):
        if name == "roll" and self.items:
            from firmware.screens.base import Confirm
            t = self.items[self.cursor][1]
            name_t = self.app.session.board.territory_name(t)
            self.app.push(Confirm(self.app, "Pending battles", "Drop the battle in " + name_t + "?",
                                  lambda: self.drop(t)))
            return
        Menu.key(self, name, now)

    def drop(self, t):
        from firmware import pending
        session = self.app.session
        pending.of(session).remove(session.game, t)
        self.enter()


def capture(picker, t):
    """P40-C-53: an attacked territory with no defenders is taken without a battle
    (a battle pending there is over: it leaves the list)."""
    app = picker.app
    try:
        app.act({"type": "capture", "territory": t})
    except ValueError as err:
        picker.refuse(err)
        return
    from firmware import pending
    pending.of(app.session).remove(app.session.game, t, app.decisions)
    app.pop()

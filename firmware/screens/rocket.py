"""Rocket attack on the device (Conduct combat, "Rocket attack": only for a power with the
Rockets technology, CL-T-07, LHTR-T-08, P40-R-12): pick the target (enemy land with a
facility), then the launcher within range (the power's own territory; 1940: an operative air
base; engine_core/battle/rocket_range.py lists them) and, in the 1940 games, which facility;
Start rolls the one die (the tower shows it; Settings "physical": the players type it; a
tournament game: the tournament's committed dice, logged, engine_core/trust/tournament.py) and
records the `rocket` action at once, so a die is never rolled twice. The ledger keeps the
limits of each edition and the damage caps (LHTR: together with the turn's raids,
LHTR-C-52); the screen shows what it took. Its modules unload after it
(session.BATTLE_MODULES).
"""

from firmware import ui
from firmware.screens.base import Counter, Menu, Screen, message_lines
from engine_core import events as ev
from engine_core.editions import FAM_1940

_FACILITIES = (("industrial_complex", "IC"), ("air_base", "Air base"), ("naval_base", "Naval base"))


def rocket_pick(app):
    """Conduct combat's "Rocket attack": the target first (the raid's candidates)."""
    from firmware.screens.nav import screen
    TerritoryPicker = screen("TerritoryPicker")
    app.push(TerritoryPicker(app, _picked, "Rocket at?", "raid"))


def _picked(picker, t):
    picker.app.replace(RocketFrom(picker.app, t))


def _leave(app):
    from firmware.session import BATTLE_MODULES, unload
    app.pop()
    unload(BATTLE_MODULES)


class RocketFrom(Menu):
    """The launchers within range of the target (and, 1940, which of its facilities)."""

    def __init__(self, app, t):
        from engine_core.battle import rocket_range
        from engine_core.ledger import economy as E
        session = app.session
        board = session.board
        state = session.game.state
        me = board.power_id(session.summary()["power"])
        self.t = t
        self.y1940 = board.family == FAM_1940
        self.rule = E.rid(board, "CL-T-07", "LHTR-T-08", "P40-R-12")
        facs = []
        for name, short in _FACILITIES:
            kind = E.facility_kind(name)
            if state.facilities[t] & E.FACILITY_BIT[kind] and (self.y1940 or kind == E.DMG_IC):
                facs.append((name, short))
        items = []
        for src in rocket_range.launchers(board, state, me, t):
            for name, short in facs:
                label = "From " + board.territory_name(src)
                if self.y1940:
                    label = board.territory_name(src) + " > " + short
                items.append((label, (src, name)))
        Menu.__init__(self, app, "Rocket " + board.territory_name(t), items)
        if not items:
            self.say("%s no launcher within %d spaces" % (self.rule, rocket_range.rocket_range(board)))

    def head(self, cols):
        return target_rows(self.app.session, self.t, cols)

    def chosen(self, value, now):
        self.app.replace(RocketRun(self.app, self.t, value[0], value[1]))

    def key(self, name, now):
        if name == "back":       # no rocket: its modules go as after one
            _leave(self.app)
            return
        Menu.key(self, name, now)


def target_rows(session, t, cols):
    """The target as the ledger holds it: 1940 the facilities' damage markers; Classic /
    Revised the territory's value, its owner's treasury and (LHTR) the damage this turn."""
    from engine_core.ledger import economy as E
    board = session.board
    state = session.game.state
    out = []
    if board.family == FAM_1940:
        for name, short in _FACILITIES:
            kind = E.facility_kind(name)
            if state.facilities[t] & E.FACILITY_BIT[kind]:
                out.append((ui.fit(short + " damage " + str(E.get_damage(state, t, kind)), cols), ui.DIM))
        return out
    text = "IC value " + str(board.ipc(t))
    owner = state.owner[t]
    if owner < 32:
        text += " treasury " + str(state.treasury[owner])
    out.append((ui.fit(text, cols), ui.DIM))
    if board.rules.get("bombing_turn_cap"):
        from engine_core.ledger import journal as J
        done = J.damage_this_turn(state, t)
        if done:
            out.append((ui.fit("Hit this turn " + str(done) + " (LHTR-C-52)", cols), ui.DIM))
    return out


class RocketRun(Screen):
    """Start rolls the die and records the rocket; then the result, Start or back leaves."""

    footer = "Start:roll B:back"

    def __init__(self, app, t, src, facility):
        Screen.__init__(self, app)
        board = app.session.board
        self.t = t
        self.src = src
        self.facility = facility
        self.title = "Rocket " + board.territory_name(t)
        self.die = 0
        self.result = ""

    def fire(self):
        if self.app.session.tour is not None:
            self.rolled(0)   # the tournament draws the die from its committed dice and logs it
            return
        dice = self.app.dice_source()   # None: the players roll and type the die
        if dice is None:
            self.app.push(RocketDie(self.app, self))
            return
        self.rolled(dice.roll(1)[0])

    def rolled(self, die):
        """Record the rocket with this die (0: a tournament's, drawn by the tournament); a
        refusal names the rule and changes nothing."""
        from engine_core.ledger import economy as E
        session = self.app.session
        state = session.game.state
        owner = state.owner[self.t]
        kind = E.facility_kind(self.facility)
        y1940 = session.board.family == FAM_1940
        before = E.get_damage(state, self.t, kind) if y1940 else state.treasury[owner]
        action = {"type": "rocket", "territory": self.t, "launcher": self.src, "facility": self.facility}
        if die:
            action["die"] = die
        try:
            self.app.act(action)
        except ValueError as err:
            self.refuse(err)
            return
        state = session.game.state
        self.die = state.journal[-1][3]   # the die recorded (journal.ROCKET)
        if y1940:
            after = E.get_damage(state, self.t, kind)
            self.result = "Damage +%d = %d" % (after - before, after)
        else:
            self.result = "IPCs lost " + str(before - state.treasury[owner])
        self.message = ""
        self.app.tower.roll(ev.ATTACKER, (die,), (True,), self.app.now())

    def key(self, name, now):
        if name in ("roll", "select"):
            if self.die:
                self.leave()
            else:
                self.fire()
        elif name == "back":
            self.leave()

    def leave(self):
        self.app.tower.idle(self.app.now())
        _leave(self.app)

    def view(self, cols, rows):
        board = self.app.session.board
        v = ui.View(self.title, [], self.footer)
        v.add(ui.fit("From " + board.territory_name(self.src), cols), ui.DIM)
        if not self.die:
            for r in target_rows(self.app.session, self.t, cols):
                v.rows.append(r)
            v.add(ui.fit("Start: roll the die", cols), ui.DIM)
        else:
            v.footer = "Start:done"
            v.add_dice("A Rocket ", ev.ATTACKER, (self.die,), (True,), " =" + str(self.die))
            v.add(ui.fit(self.result, cols), ui.GOOD)
            v.add(ui.fit("Recorded", cols), ui.GOOD)
        for line in message_lines(self.message, cols):
            v.add(line, self.message_style)
        return v


class RocketDie(Counter):
    """Physical dice: the rocket's one die (left/right 1..6), Start records it."""

    footer = "</>:die Start:ok"

    def __init__(self, app, run):
        self.run = run
        Counter.__init__(self, app, "Your die", ["Rocket die"], [1], [6])

    def other(self, name, now):
        if name not in ("roll", "select"):
            return
        if self.counts[0] < 1:
            self.say("a die shows 1 to 6")
            return
        self.app.pop()
        self.run.rolled(self.counts[0])

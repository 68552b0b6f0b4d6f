"""Store demo: an attract loop, a guided two-minute demo, back to attract when idle.

Attract: a demo battle of the default edition runs by itself, a step every
ATTRACT_STEP_MS, with its exact odds on screen and its dice on the tower;
when it ends a new one starts with other dice. Any button starts the guided
demo: a few real screens on a visitor game that lives in memory only (the
kiosk session has no save slots: nothing a visitor does is kept). The app
returns to attract after KIOSK_IDLE_MS without a button or after the
demo's two minutes. A long press of back leaves the store demo (App.leave_kiosk): the
saved game comes back.
"""

from firmware import ui
from firmware import ticks
from firmware.screens.base import Screen, Menu, wrap

DEMO_EDITION = "pacific_1940"
DEMO_ATTACKER = {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1}
DEMO_DEFENDER = {"infantry": 4, "aaa": 1}
DEMO_SIDES = "Japan attacks China"   # who fights whom in the attract battle (Pacific 1940)
ATTRACT_STEP_MS = 2500
DEMO_MS = 120000
KIOSK_IDLE_MS = 30000


class Attract(Screen):
    footer = "Press any button"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.next_step = -1  # ticks of the next attract step (-1: at once)
        self.round = 0
        self.lines = []
        self.odds_text = ""
        self.battle = None
        self.rolls = 0
        self.failed = ""

    def _new_battle(self, now):
        from engine_core.battle import steps as battle
        from engine_core import dice
        board = self.app.session.load_board(DEMO_EDITION)
        self.battle = battle.Battle(board, "land", DEMO_ATTACKER, DEMO_DEFENDER)
        self.dice = dice.Dice(seed=1 + ticks.uptime_ms(now) // 1000)
        self.seen = 0
        self.lines = []
        if not self.odds_text:
            from firmware.screens.text import percent, odds_value
            r = self.app.session.odds("land", DEMO_ATTACKER, DEMO_DEFENDER)
            self.odds_text = "Attacker wins " + percent(odds_value(r, "attacker_wins"))

    def tick(self, now):
        if self.next_step >= 0 and ticks.ticks_less(now, self.next_step):
            return False
        self.next_step = ticks.ticks_add(now, ATTRACT_STEP_MS)
        try:
            if self.battle is None or self.battle.result is not None:
                self._new_battle(now)
                return True
            b = self.battle
            from firmware.screens.nav import screen
            event_lines = screen("event_lines")
            lines, rolls, result = [], [], None
            guard = 0
            while not rolls and result is None and guard < 30:  # skip the silent steps
                guard += 1
                if b.prompt is not None:
                    b.answer("default")
                else:
                    b.step(self.dice)
                more, rolls, result = event_lines(self.app.session.board, b.events, self.seen, True)
                self.seen = len(b.events)
                lines = lines + more
            self.lines = (self.lines + lines)[-4:]
            for side, dice, hits in rolls[-1:]:
                self.app.tower.roll(side, dice, hits, now)
                self.rolls += 1
            if result is not None:
                from firmware.screens.nav import screen
                outcome_side = screen("outcome_side")
                self.app.tower.outcome(outcome_side(result[1]), now)
            return True
        except (ImportError, AttributeError) as err:
            # the battle engine is not on this device yet: breathe and show the title
            if not self.failed:
                self.failed = str(err)
                self.app.tower.idle(now)
                return True
            return False

    def view(self, cols, rows):
        v = ui.View("Adjutant", [], self.footer)
        v.add(ui.fit("Axis & Allies", cols // 2), ui.BIG)
        v.add(ui.fit("bank, dice tower, odds", cols), ui.DIM)
        v.add(ui.fit(DEMO_SIDES, cols), ui.NORMAL)
        if self.odds_text:
            v.add(ui.fit(self.odds_text, cols), ui.GOOD)
        # the rolls drawn as dice, as on the battle board (its log rows)
        from firmware.screens.nav import screen
        screen("add_log")(v, self.lines, cols, rows - len(v.rows) - 1, False)
        return v

    def key(self, name, now):
        self.app.start_guided(now)


TOUR = (
    ("Turn dashboard", "dashboard", "Whose turn, phase, money and wars at a glance."),
    ("Purchase", "purchase", "Left/right to buy. The total checks your treasury."),
    ("Battle + odds", "battle", "Set up a battle: exact odds update as you add units."),
    ("Settings", "settings", "Device dice or your own, LED brightness, sound."),
)


class Guided(Menu):
    """The guided demo: a visitor game in memory; each item opens a real screen."""

    footer = "A:try it B:end"

    def __init__(self, app):
        Menu.__init__(self, app, "Try Adjutant", [(t[0], i) for i, t in enumerate(TOUR)], 0, self.footer)

    def head(self, cols):
        return [(line, ui.DIM) for line in wrap(TOUR[self.cursor][2], cols)[:3]]

    def chosen(self, value, now):
        what = TOUR[value][1]
        app = self.app
        if what == "dashboard":
            app.open_dashboard()
        elif what == "purchase":
            from firmware.screens.nav import screen
            Purchase = screen("Purchase")
            app.push(Purchase(app))
        elif what == "battle":
            app.open_battle_setup(free=True, attacker=DEMO_ATTACKER, defender=DEMO_DEFENDER)
        elif what == "settings":
            from firmware.screens.nav import screen
            Settings = screen("Settings")
            app.push(Settings(app))

    def key(self, name, now):
        if name == "back":
            self.app.end_kiosk_demo(now)
            return
        Menu.key(self, name, now)

"""The application: built once, then `tick()` is called as often as possible.

    app = App(profile)            # profile: a module of firmware/hardware/
    while True:
        app.tick()

`App(profile, clock=None, kiosk=False, store=None, entropy=None)`: `clock` is a callable returning
the board's wrapping ticks in milliseconds (default `firmware.ticks.ticks_ms`: `supervisor.ticks_ms`;
tests pass a fake one so they never sleep); an object with `ticks_ms()` or `monotonic()` works too.
Times are compared only through `firmware.ticks` (the clock wraps 65 s after power-on). One tick polls the
buttons, hands each press to the screen on top of the stack, lets the
screen animate, runs one slice of the odds being computed (firmware/odds_task.py),
redraws the labels that changed (only when something changed) and writes the
tower's frame if it changed. Nothing blocks.
`entropy(n)` gives n random bytes for a tournament's secret seed (default
`firmware.tlog.random_bytes`: `os.urandom`; tests pass a fixed one).

Every completed engine action is saved at once (`session.Session.save`), so
a power cut loses at most the action in flight; on start the app resumes
the saved game. In kiosk mode nothing is ever saved.
"""

import gc

from firmware import keys as keys_mod
from firmware import saves
from firmware import tower as tower_mod
from firmware import ui
from firmware import ticks
from firmware.screens.nav import screen
from firmware.session import Session
from firmware.settings import Settings


def _clock(clock):
    """A callable giving the board's wrapping ticks (firmware/ticks.py)."""
    if clock is None:
        return ticks.ticks_ms
    if hasattr(clock, "ticks_ms"):
        return clock.ticks_ms
    if hasattr(clock, "monotonic"):
        return lambda: int(clock.monotonic() * 1000) & ticks.TICKS_MAX
    return clock


def wrap_text(text, cols):
    from firmware.screens.base import wrap
    return wrap(text, cols)


def tower_order(profile):
    """The profile's TOWER rows flattened, bottom row first."""
    order = []
    for row in profile.TOWER:
        for i in row:
            order.append(i)
    return tuple(order)


class App:
    def __init__(self, profile, clock=None, kiosk=False, store=None, entropy=None):
        self.profile = profile
        if entropy is None:
            from firmware import tlog
            entropy = tlog.random_bytes
        self.entropy = entropy
        self.now = _clock(clock)
        self.kiosk = kiosk
        self.errors = []
        self.store = store if store is not None else saves.FileStore(profile.SAVE_DIR, profile.LOG_BYTES)
        upgrade = getattr(self.store, "upgrade", None)
        if upgrade is not None and not kiosk:
            try:
                upgrade()         # slots an older firmware wrote, moved once (firmware/saves.py)
            except OSError:
                pass              # a read-only drive: they are read where they are
        self.settings_slots = saves.Slots(self.store, "settings")
        self.settings = Settings.from_bytes(self.settings_slots.load())
        display = profile.init_display()
        self.grid = ui.make_grid(display, profile.WIDTH, profile.HEIGHT)
        self.cols = self.grid.cols
        self.body = self.grid.body
        self.keys = keys_mod.Keys(profile.init_keys(), profile.KEYMAP)
        # the strip runs at the profile's cap; the tower scales by the user's setting
        self.pixels = profile.init_pixels(1.0)
        self.tower = tower_mod.Tower(self.pixels, tower_order(profile), self.settings.level(), cap=1.0)
        from firmware import sound
        tone, why = sound.speaker(profile) if self.settings.sound else (None, "")
        self.sound = sound.Sound(tone, self.settings.sound, why)  # a refusing speaker: sound off, why kept
        self._frames = 0
        self._revealed = 0
        self.session = Session(None if kiosk else saves.Slots(self.store, "game"))
        self.stack = []
        self.dirty = True
        self.draws = 0
        self.last_key = 0
        self.demo_start = -1
        self.decisions = 0
        self.recent_spaces = []   # the spaces picked last, newest first (firmware/picker.py)
        self.odds = None  # the odds being computed in slices (firmware/odds_task.py)
        now = self.now()
        if kiosk:
            self.start_kiosk()
        else:
            self._resume()
        self.tower.idle(now)
        gc.collect()

    # -- the loop ---------------------------------------------------------
    def tick(self):
        now = self.now()
        for name in self.keys.poll(now):
            self.last_key = now
            self.dirty = True
            if name == "long_back" and self.kiosk:
                self.leave_kiosk(now)  # a long press of back leaves the store demo
                continue
            self._guard(self.top().key, name, now)
        if self._guard(self.top().tick, now):
            self.dirty = True
        if self.odds is not None:
            self._odds_slice()
        if self.kiosk:
            self._kiosk_timers(now)
        if self.dirty:
            self.draw()
        self.tower.update(now)
        if self.tower.frames != self._frames:
            # a die revealed or an outcome pulse began: a short tick when sound is on
            shown = self.tower.revealed(now)
            if shown != self._revealed:
                self._revealed = shown
                if shown > 0:
                    self.sound.beep(now)
            self._frames = self.tower.frames
        self.sound.update(now)

    def _guard(self, fn, *args):
        """Run a screen handler; an engine refusal, a missing engine piece or any other failure
        (a record that restored but trips the engine later) is shown and kept in `errors`,
        never raised out of tick() (issue 15)."""
        try:
            return fn(*args)
        except Exception as err:  # pylint: disable=broad-except  # the device never stops on one
            self._error(err)
            self.top().say(ui.fit(str(err), 60))
            self.dirty = True
            return False

    # -- the odds in slices (firmware/odds_task.py) ------------------------
    def start_odds(self, owner, make, shown):
        """Odds for the screen `owner`: `make()` builds the Solver (a refusal raises here, and
        nothing runs), `shown(figure, exact)` gets the figure after each slice. Replaces the
        running computation (its memory is freed before the new one is built)."""
        from firmware.odds_task import OddsTask
        self.cancel_odds()
        solver = make()
        if solver is not None:
            self.odds = OddsTask(owner, solver, shown)
        return solver is not None

    def cancel_odds(self):
        if self.odds is not None:
            self.odds = None
            gc.collect()

    def _odds_slice(self):
        """One slice of the running odds, when its screen is still on top (else dropped)."""
        t = self.odds
        if not self.stack or t.owner is not self.top():
            self.cancel_odds()
            return
        from firmware.odds_task import SLICE
        try:
            if t.step(getattr(self.profile, "ODDS_SLICE", SLICE)):
                self.dirty = True
        except Exception as err:  # pylint: disable=broad-except  # a MemoryError in a big battle
            self.odds = None
            gc.collect()
            self._error(err)
            self._guard(t.fail)
            self.dirty = True
            return
        if t.done and self.odds is t:  # (its screen may have started the next one)
            self.odds = None

    def _error(self, err):
        self.errors.append(err)
        if len(self.errors) > 8:  # keep the last few (the heap is small)
            self.errors.pop(0)

    def draw(self):
        self.dirty = False
        try:
            view = self.view()
        except Exception as err:  # pylint: disable=broad-except  # shown, never raised out of tick()
            self._error(err)
            view = ui.View("Error", [], "B:back")
            for line in wrap_text(str(err), self.cols)[:self.body]:
                view.add(line, ui.BAD)
            view.footer = ui.key_hints(view.footer, getattr(self.profile, "KEY_LABELS", None), self.cols)
        self.grid.show(view)
        self.draws += 1

    def view(self):
        """The current screen's View as drawn (tests and the simulator read it). A screen with
        `dense = True` (the battle board) gets the scale-1 grid: more on a large display."""
        top = self.top()
        dense = getattr(top, "dense", False)
        cols, body = self.grid.size(dense)
        view = top.view(cols, body)
        view.dense = dense
        view.footer = ui.key_hints(view.footer, getattr(self.profile, "KEY_LABELS", None), cols)
        return view

    # -- the screen stack -------------------------------------------------
    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
            self.top().enter()
        self.dirty = True

    def replace(self, screen):
        self.stack[-1] = screen
        self.dirty = True

    def open_home(self):
        Home = screen("Home")
        if self.kiosk:
            self.stack = self.stack[:2] if len(self.stack) > 1 else self.stack
            self.dirty = True
            return
        self.stack = [Home(self)]
        self.dirty = True

    def home_game(self):
        """Home, then the turn dashboard on top (the normal place to be)."""
        Home = screen("Home")
        Dashboard = screen("Dashboard")
        self.stack = [Home(self), Dashboard(self)]
        self.dirty = True

    def open_dashboard(self):
        Dashboard = screen("Dashboard")
        self.push(Dashboard(self))

    def open_battle_setup(self, free=False, attacker=None, defender=None):
        """A battle of the game (pick the territory first) or a free battle board."""
        BattleSetup = screen("BattleSetup")
        TerritoryPicker = screen("TerritoryPicker")
        if self.session.board is None:
            from firmware.screens.kiosk import DEMO_EDITION
            self.session.load_board(DEMO_EDITION)
        if not free and self.session.game is not None:
            self.push(TerritoryPicker(self))
        else:
            self.push(BattleSetup(self, "land", attacker, defender))

    def open_battle_run(self):
        BattleRun = screen("BattleRun")
        self.push(BattleRun(self))

    def _resume(self):
        """The restore boundary: whatever the flash holds, the app comes up (never raises) and
        the top screen says when a record did not load (session.notice)."""
        Home = screen("Home")
        self.stack = [Home(self)]
        s = self.session
        try:
            had = s.resume()
        except Exception as err:  # pylint: disable=broad-except  # resume() contains its own; the last line
            self._error(err)
            s._clear()
            s.notice = "Saved game did not load (kept on flash)"
            had = False
        if s.resume_error is not None:
            self._error(s.resume_error)
        try:
            if had and s.game is not None:
                self.home_game()
            if s.battle is not None:
                self.open_battle_run()
            elif s.fresh:
                Commitment = screen("Commitment")
                self.push(Commitment(self, start=True))  # before the first action, again
            elif s.finished is not None:
                Finished = screen("Finished")
                self.push(Finished(self))                # a cut during Finish: finished now
            self.view()                             # a record the screens cannot show fails here,
            self.top().tick(self.now())             # not in App.tick (a running battle's odds)
        except Exception as err:  # pylint: disable=broad-except  # the record stays on flash
            self._error(err)
            s._clear()
            s.notice = "Saved game did not load (kept on flash)"
            self.stack = [Home(self)]
        if s.notice:
            self.top().say(s.notice)

    # -- actions ----------------------------------------------------------
    def act(self, action):
        """One engine action; saved before this returns (RuleError: nothing changes)."""
        self.session.apply(action)
        self.decisions += 1
        self.dirty = True

    def undo(self):
        try:
            self.session.undo()
        except ValueError as err:
            self.top().refuse(err)
        self.dirty = True

    def battle_changed(self):
        self.session.save()
        self.dirty = True

    def dice_source(self):
        """The device's dice, or None when the players roll (settings: physical)."""
        if self.settings.dice == "physical":
            return None
        from engine_core import dice
        return dice.Dice(seed=self.seed(self.now()))

    def seed(self, now):
        """Dice seed from the milliseconds since power-on (a player's timing)."""
        return 1 + (ticks.uptime_ms(now) & 0x3FFFFFF)

    def set_sound(self, on):
        """Sound on/off; on a board whose speaker refuses, it stays off (`sound.why` says why)."""
        from firmware import sound
        if on and self.sound.tone is None:
            self.sound.tone, self.sound.why = sound.speaker(self.profile)
        self.sound.enabled = on and self.sound.tone is not None

    def save_settings(self):
        self.dirty = True
        if not self.kiosk:
            try:
                self.settings_slots.save(self.settings.to_bytes())
            except OSError as err:  # read-only drive: the setting holds until power-off
                self.errors.append(err)

    # -- kiosk ------------------------------------------------------------
    def start_kiosk(self):
        Attract = screen("Attract")
        self.kiosk = True
        self.session = Session(None)
        self.stack = [Attract(self)]
        self.demo_start = -1
        self.dirty = True

    def start_guided(self, now):
        Guided = screen("Guided")
        from firmware.screens.kiosk import DEMO_EDITION
        self.session = Session(None)
        try:
            self.session.new_game(DEMO_EDITION, self.seed(now))
        except (ImportError, ValueError) as err:
            self.errors.append(err)
            self.session.load_board(DEMO_EDITION)
        self.stack = [self.stack[0], Guided(self)]
        self.demo_start = now
        self.last_key = now
        self.dirty = True

    def leave_kiosk(self, now):
        """Out of the store demo: the visitor's game dropped, the saved game (if any) back."""
        self.kiosk = False
        self.demo_start = -1
        self.session = Session(saves.Slots(self.store, "game"))
        self.settings = Settings.from_bytes(self.settings_slots.load())
        self.tower.set_brightness(self.settings.level())
        self.tower.idle(now)
        self._resume()
        gc.collect()
        self.dirty = True

    def end_kiosk_demo(self, now):
        Attract = screen("Attract")
        self.session = Session(None)  # the visitor's game is dropped
        self.settings = Settings.from_bytes(self.settings_slots.load())  # and their settings
        self.tower.set_brightness(self.settings.level())
        self.stack = [Attract(self)]
        self.demo_start = -1
        self.tower.idle(now)
        gc.collect()
        self.dirty = True

    def _kiosk_timers(self, now):
        from firmware.screens.kiosk import DEMO_MS, KIOSK_IDLE_MS
        if self.demo_start < 0:
            return
        if ticks.ticks_since(now, self.last_key) >= KIOSK_IDLE_MS or ticks.ticks_since(now, self.demo_start) >= DEMO_MS:
            self.end_kiosk_demo(now)

"""Home menu, settings (with free heap), undo confirmation lives in base.Confirm.

During a tournament game the home menu has a "Tournament" entry (commitment, luck
ledger, finish: firmware/screens/trust.py); once the game has a winner "Finish
tournament" comes first; after the finish "Last tournament" shows the revealed seed,
the final hash and the luck ledger again (until a new game or a restart). A normal game
with battles fought offers its luck ledger (saved with it: firmware/tlog.py)."""

import gc

from firmware import ui
from firmware.screens.base import Menu, Confirm
from firmware.settings import DICE_MODES


def free_heap():
    gc.collect()
    free = getattr(gc, "mem_free", None)
    return free() if free is not None else -1


class Home(Menu):
    def __init__(self, app):
        Menu.__init__(self, app, "Adjutant", [])
        self.refresh()

    def refresh(self):
        items = []
        session = self.app.session
        if session.tour is not None and session.game.summary().get("victory") is not None:
            items.append(("Finish tournament", "finish"))
        if session.game is not None:
            items.append(("Continue game", "continue"))
            from firmware.screens.text import undo_text
            what = undo_text(session)
            if what and session.battle is None:
                items.append(("Undo: " + what, "undo"))   # long back on the dashboard does it too
        if session.battle is not None:
            items.append(("Continue battle", "battle"))
        if session.tour is not None:
            items.append(("Tournament", "tournament"))
        elif session.finished is not None:
            items.append(("Last tournament", "finished"))   # seed, final hash, luck ledger
        elif session.luck is not None and session.luck.battles:
            items.append(("Luck ledger", "luck"))
        items.append(("New game", "new"))
        items.append(("Battle board", "board"))
        items.append(("Settings", "settings"))
        items.append(("Store demo", "kiosk"))
        self.items = items
        if self.cursor >= len(items):
            self.cursor = 0

    def enter(self):
        self.refresh()

    def chosen(self, value, now):
        app = self.app
        if value == "continue":
            app.home_game()
        elif value == "battle":
            app.open_battle_run()
        elif value == "new":
            from firmware.screens.nav import screen
            NewGame = screen("NewGame")
            if app.session.game is not None:
                app.push(Confirm(app, "New game", "Replace the saved game?",
                                 lambda: app.push(NewGame(app))))
            else:
                app.push(NewGame(app))
        elif value == "undo":
            from firmware.screens.nav import screen
            from firmware.screens.text import undo_text
            undo_last = screen("undo_last")

            def yes():
                undo_last(app)
                self.refresh()
            app.push(Confirm(app, "Undo", "Undo " + undo_text(app.session) + "?", yes))
        elif value == "board":
            app.open_battle_setup(free=True)
        elif value == "settings":
            app.push(Settings(app))
        elif value == "tournament":
            from firmware.screens.nav import screen
            TournamentMenu = screen("TournamentMenu")
            app.push(TournamentMenu(app))
        elif value == "finish":
            from firmware.screens.nav import screen
            confirm_finish = screen("confirm_finish")
            confirm_finish(app)
        elif value == "luck":
            from firmware.screens.nav import screen
            Luck = screen("Luck")
            app.push(Luck(app))
        elif value == "finished":
            from firmware.screens.nav import screen
            Finished = screen("Finished")
            app.push(Finished(app))
        elif value == "kiosk":
            app.push(Confirm(app, "Store demo", "Start the store demo? Hold back to leave it.",
                             app.start_kiosk))

    def key(self, name, now):
        if name == "back":
            return  # the bottom of the stack
        Menu.key(self, name, now)


class Settings(Menu):
    """Dice source, LED brightness, sound, free heap (left/right change a value)."""

    footer = "</>:change B:back"

    def __init__(self, app):
        Menu.__init__(self, app, "Settings", [("", "dice"), ("", "brightness"), ("", "sound")], 0,
                      self.footer)
        self.heap = free_heap()

    def head(self, cols):
        return []

    def view(self, cols, rows):
        s = self.app.settings
        self.items = [
            (ui.pad("Dice", s.dice, cols), "dice"),
            (ui.pad("LED brightness", str(s.brightness * 10) + "%", cols), "brightness"),
            (ui.pad("Sound", "on" if s.sound else "off", cols), "sound"),
        ]
        v = Menu.view(self, cols, rows)
        snd = self.app.sound
        if s.sound and not snd.enabled:
            # the board has no speaker, or refused it: sound stays off, and this says why
            v.add(ui.fit("No sound: " + (snd.why or "no speaker"), cols), ui.BAD)
        v.add(ui.pad("Free heap", str(self.heap) if self.heap >= 0 else "n/a on host", cols), ui.DIM)
        v.add(ui.pad("Heap budget", str(self.app.profile.HEAP_BUDGET), cols), ui.DIM)
        return v

    def key(self, name, now):
        s = self.app.settings
        what = self.items[self.cursor][1]
        step = 1 if name in ("right", "select") else (-1 if name == "left" else 0)
        if step:
            if what == "dice":
                s.dice = DICE_MODES[(DICE_MODES.index(s.dice) + 1) % len(DICE_MODES)]
            elif what == "brightness":
                s.brightness = max(0, min(10, s.brightness + step))
                self.app.tower.set_brightness(s.level())
            elif what == "sound":
                s.sound = not s.sound
                self.app.set_sound(s.sound)
            self.app.save_settings()
            self.heap = free_heap()
            return
        Menu.key(self, name, now)

"""Scripts: button presses for the simulated device, with marks for screenshots.

One command per line; `#` starts a comment; TEXT is the rest of the line
(quotes around it are optional).

    press KEY [KEY ...] [xN]   press and release keys in turn (xN: the whole list N times)
    hold KEY MS                hold a key MS milliseconds (long press), then release
    wait MS                    let the loop run MS milliseconds
    at MS                      let the loop run until MS milliseconds after power-on (device uptime);
                               pins what happens next (e.g. dice the firmware seeds from its
                               clock) however many presses came before
    shot NAME                  screenshot now -> NN-NAME.png (NN counts the shots)
    expect TEXT                the screen must show TEXT (in any label); else the script fails
    absent TEXT                the screen must not show TEXT
    seek KEY TEXT              press KEY until the highlighted row starts with TEXT (at most 60 presses)
    until KEY TEXT             press KEY until the screen shows TEXT (at most 60 presses)
    cut                        pull the power now (between two frames) and plug it back in
    cut_after N                pull the power at the N-th flash unit from now (byte written,
                               file opened for writing, rename, remove), then plug it back in
    restart                    press reset: reboot on the same flash
    load FILE                  put a game on the flash as the newest save, then reboot: FILE
                               (host_sim/flows/FILE) is JSON {"edition", "seed", "options",
                               "players": [player per power id], "actions": [...]} replayed by
                               the engine (a territory may be given by name); e.g. a game one
                               action before its victory
    log TEXT                   a line in the event log

KEY is a logical key: up, down, left, right, select, back, roll. Every
profile maps all seven, so one script runs on every hardware profile.
"""

import os
import shlex
import shutil

from . import textcheck

FLOWS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "flows")
KEYS = ("up", "down", "left", "right", "select", "back", "roll")
SEEK_LIMIT = 60


class ScriptError(Exception):
    def __init__(self, line_no, line, message):
        Exception.__init__(self, "line %d: %s: %s" % (line_no, line.strip(), message))
        self.line_no = line_no


def parse(text):
    """[(line_no, command, args)] of a script (ScriptError on a bad line)."""
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip() if not raw.strip().startswith(("expect", "absent", "seek", "until", "log")) else raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        cmd = parts[0].lower()
        rest = parts[1] if len(parts) > 1 else ""
        if cmd == "press":
            words = rest.split()
            times = 1
            if words and words[-1].startswith("x") and words[-1][1:].isdigit():
                times = int(words[-1][1:])
                words = words[:-1]
            if not words or any(w not in KEYS for w in words):
                raise ScriptError(no, raw, "press needs keys out of " + " ".join(KEYS))
            out.append((no, "press", (tuple(words) * times,)))
        elif cmd == "hold":
            words = rest.split()
            if len(words) != 2 or words[0] not in KEYS or not words[1].isdigit():
                raise ScriptError(no, raw, "hold KEY MS")
            out.append((no, "hold", (words[0], int(words[1]))))
        elif cmd in ("wait", "cut_after", "at"):
            if not rest.strip().isdigit():
                raise ScriptError(no, raw, cmd + " needs a number")
            out.append((no, cmd, (int(rest),)))
        elif cmd == "shot":
            name = rest.strip()
            if not name or not all(c.isalnum() or c in "-_" for c in name):
                raise ScriptError(no, raw, "shot NAME (letters, digits, - and _)")
            out.append((no, "shot", (name,)))
        elif cmd in ("expect", "absent", "log"):
            out.append((no, cmd, (_text(rest),)))
        elif cmd in ("seek", "until"):
            words = rest.split(None, 1)
            if len(words) != 2 or words[0] not in KEYS:
                raise ScriptError(no, raw, cmd + " KEY TEXT")
            out.append((no, cmd, (words[0], _text(words[1]))))
        elif cmd in ("cut", "restart"):
            out.append((no, cmd, ()))
        elif cmd == "load":
            name = rest.strip()
            if not name or "/" in name or "\\" in name or name.startswith("."):
                raise ScriptError(no, raw, "load FILE (a file of host_sim/flows/)")
            out.append((no, "load", (name,)))
        else:
            raise ScriptError(no, raw, "unknown command " + repr(cmd))
    return out


def _text(rest):
    rest = rest.split(" #", 1)[0].strip() if not rest.strip().startswith(("'", '"')) else rest.strip()
    if rest[:1] in ("'", '"'):
        try:
            return shlex.split(rest)[0]
        except ValueError:
            return rest.strip("'\"")
    return rest


class Runner:
    """Runs a parsed script on a Simulator; screenshots go to `shots_dir`."""

    def __init__(self, sim, shots_dir=None, on_shot=None):
        self.sim = sim
        self.shots_dir = shots_dir
        self.on_shot = on_shot  # callback(name, image, sim) after each shot
        self.shots = []         # (name, path or None, image)
        self.presses = 0

    def screen_text(self):
        display = self.sim.machine.display() if self.sim.machine else None
        return textcheck.screen_text(display) if display is not None else []

    def shows(self, text):
        return any(text in t for t in self.screen_text())

    def highlighted(self, text):
        display = self.sim.machine.display()
        return any(t.strip().startswith(text) for t in textcheck.highlighted_text(display))

    def shot(self, name):
        img = self.sim.screenshot()
        path = None
        if self.shots_dir is not None and img is not None:
            os.makedirs(self.shots_dir, exist_ok=True)
            path = os.path.join(self.shots_dir, "%02d-%s.png" % (len(self.shots) + 1, name))
            img.save(path)
        self.shots.append((name, path, img))
        self.sim.log("shot", name)
        if self.on_shot is not None:
            self.on_shot(name, img, self.sim)
        return img

    def press(self, key):
        self.sim.press(key)
        self.presses += 1

    def run(self, commands):
        for no, cmd, args in commands:
            self.step(no, cmd, args)
            if self.sim.crashed:
                raise ScriptError(no, cmd, "the firmware raised:\n" + self.sim.crashed)

    def step(self, no, cmd, args):
        sim = self.sim
        if cmd == "press":
            for key in args[0]:
                self.press(key)
        elif cmd == "hold":
            sim.press(args[0], hold_ms=args[1])
            self.presses += 1
        elif cmd == "wait":
            sim.run(ms=args[0])
        elif cmd == "at":
            target = sim.powered_on_ms + args[0]
            if sim.clock.ms() > target:
                raise ScriptError(no, "at %d" % args[0], "the device is already at %d ms"
                                  % (sim.clock.ms() - sim.powered_on_ms))
            while sim.clock.ms() < target:
                sim.frame()
        elif cmd == "shot":
            self.shot(args[0])
        elif cmd == "expect":
            if not self.shows(args[0]):
                raise ScriptError(no, "expect " + args[0], "not on screen: " + " | ".join(self.screen_text()))
        elif cmd == "absent":
            if self.shows(args[0]):
                raise ScriptError(no, "absent " + args[0], "on screen: " + " | ".join(self.screen_text()))
        elif cmd in ("seek", "until"):
            key, text = args
            test = self.highlighted if cmd == "seek" else self.shows
            for _ in range(SEEK_LIMIT):
                if test(text):
                    break
                self.press(key)
            else:
                raise ScriptError(no, cmd + " " + text, "not found after %d presses of %s" % (SEEK_LIMIT, key))
        elif cmd == "cut":
            sim.power_cut()
            sim.run(ms=500)
            sim.restart()
            sim.run(ms=200)
        elif cmd == "cut_after":
            sim.power_cut(after_units=args[0])
            sim.auto_restart = True
        elif cmd == "restart":
            sim.restart()
            sim.run(ms=200)
        elif cmd == "load":
            try:
                load_game(sim, os.path.join(FLOWS_DIR, args[0]))
            except (OSError, ValueError) as err:
                raise ScriptError(no, "load " + args[0], str(err))
            sim.restart()
            sim.run(ms=200)
        elif cmd == "log":
            sim.log("note", args[0])
        else:
            raise ScriptError(no, cmd, "unknown command")


def game_record(spec):
    """The firmware's save record (`firmware.saves` slot bytes) of a game described by `spec`:
    the engine replays spec["actions"] from Game.new(edition, seed, options)."""
    import importlib
    game = importlib.import_module("engine_core.ledger.game")
    save = importlib.import_module("engine_core.ledger.save")
    session = importlib.import_module("firmware.session")
    saves = importlib.import_module("firmware.saves")
    import struct
    g = game.Game.new(spec["edition"], seed=spec.get("seed", 1), options=spec.get("options") or {})
    for action in spec.get("actions", ()):
        action = dict(action)
        t = action.get("territory")
        if isinstance(t, str):
            action["territory"] = g.board.territory_id(t)
        g.apply(action)
    data = bytes(save.dumps(g))
    players = bytes(spec.get("players", ()))
    ed = spec["edition"].encode()
    payload = struct.pack(session._HEADER, session._VERSION, len(data), 0, -1, len(players), len(ed)) \
        + data + players + ed
    return saves.pack(1 << 20, payload)


def load_game(sim, path):
    """Write the game of the JSON file at `path` into the device's save slots (newest record;
    any other game, tournament or pending-battle record removed)."""
    import json
    with open(path) as f:
        spec = json.load(f)
    record = game_record(spec)
    directory = sim.flash.root + sim.profile.SAVE_DIR
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        if name.split(".")[0] in ("game", "pending", "tournament", "tourney"):
            path = os.path.join(directory, name)
            if os.path.isdir(path):      # a slot in its directory (firmware/saves.py's layout)
                shutil.rmtree(path)
            else:
                os.remove(path)
    # the record written as the firmware places it (its slot layout, remade where removed), a
    # tester's write: an armed power cut (host_sim.powercut) is for the device's writes
    import importlib
    saves = importlib.import_module("firmware.saves")
    flash = sim.flash
    kept = (flash.budget, flash.dead, flash.spent, flash.writable)
    flash.budget, flash.dead, flash.writable = None, False, True
    try:
        with flash:
            store = saves.FileStore(sim.profile.SAVE_DIR, sim.profile.LOG_BYTES)
            store.make_slots(("game.0", "game.1"), len(record))
            store.write_slot("game.0", record)
    finally:
        flash.budget, flash.dead, flash.spent, flash.writable = kept
    nvm = sim.machine.nvm if sim.machine is not None else None
    if nvm is not None and nvm.size:
        from firmware import tlog
        n = min(nvm.size, 2 * tlog.NVM_REGION)
        # a tournament's seed record (firmware/tlog.seed_store); the tester's write: an armed
        # power cut (host_sim.powercut) is for the device's writes, not this one
        nvm.preset(0, b"\xff" * n)
    sim.log("load", os.path.basename(path))

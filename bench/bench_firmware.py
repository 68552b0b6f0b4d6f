"""Firmware: the whole application (minus displayio) under MicroPython at the smallest
profile's heap budget, with a Global 1940 game loaded; free heap at each stage.

The modules are compiled with mpy-cross as on a device. The display is the firmware's
TextGrid (displayio does not exist on the unix port), the keys, clock, LEDs and flash are
small fakes; everything else -- screens, session, saves, tower, keys, the engine -- is the
code that runs on the device. Side by side: the same script on CPython (time only).
"""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SCRIPT = r"""
import gc, sys, time
gc.collect()
def free():
    gc.collect()
    f = getattr(gc, "mem_free", None)
    return f() if f else -1
stages = [("interpreter", free())]
START = stages[0][1]
from firmware.hardware import sim
if PRELOAD:
    for _m in MODULES:
        try:
            __import__(_m)
        except ImportError:
            pass
    stages.append(("all code loaded", free()))

class Ev:
    def __init__(self, n, p):
        self.key_number = n
        self.pressed = p

class Q:
    def __init__(self):
        self.q = []
    def get(self):
        return self.q.pop(0) if self.q else None

class Keys:
    def __init__(self):
        self.events = Q()

class Store:
    def __init__(self):
        self.files = {}
        self.bytes = 0
    def read(self, n):
        return self.files.get(n)
    def write(self, n, d):
        self.files[n] = bytes(d)
        self.bytes += len(d)
    def remove(self, n):
        self.files.pop(n, None)

class Profile:
    pass

P = Profile()
for k in ("NAME", "WIDTH", "HEIGHT", "HEAP_BUDGET", "LED_COUNT", "TOWER", "KEYMAP", "SAVE_DIR", "LOG_BYTES", "DRIVE_BYTES",
          "MAX_BRIGHTNESS"):
    setattr(P, k, getattr(sim, k))
KEYS = Keys()
P.init_keys = lambda: KEYS
P.init_display = lambda: None
P.init_pixels = lambda b: [(0, 0, 0)] * 12
T = [1000]
NUM = {}
for n, name in sim.KEYMAP:
    NUM[name] = n

from firmware.app import App
store = Store()
app = App(P, clock=lambda: T[0], store=store)
app.tick()
stages.append(("app built", free()))

SEEN = {}

def press(name, times=1):
    for _m in sys.modules:
        if _m.startswith("engine_core") or _m.startswith("firmware"):
            SEEN[_m] = 1
    for _ in range(times):
        KEYS.events.q.append(Ev(NUM[name], True))
        T[0] += 40
        app.tick()
        KEYS.events.q.append(Ev(NUM[name], False))
        T[0] += 40
        app.tick()

def wait(ms):
    end = T[0] + ms
    while T[0] < end:
        T[0] += 50
        app.tick()

t0 = time.time()
press("select")                 # New game
press("down", EDITION_INDEX)
press("select")                 # the edition
press("select")                 # default players
stages.append(("game loaded", free()))
press("select")                 # purchase
press("right", 3)
press("select")
press("roll")                   # next phase
low = free()
for i in range(ROLLS):
    press("roll")
    while type(app.top()).__name__ == "PromptMenu":
        press("select")
    if type(app.top()).__name__ == "Unplaced":  # end Mobilize anyway (this script places nothing)
        press("down")
        press("select")
    f = free()
    if f < low:
        low = f
stages.append(("phases played", free()))

def choose(label):
    # the menu's cursor to the item starting with `label` (items come and go: 'Undo: ...')
    top = app.top()
    for _ in range(len(top.items)):
        if top.items[top.cursor][0].startswith(label):
            return
        press("down")

press("back")                   # home: Continue game, (Undo), New game, Battle board, Settings
choose("Battle board")
press("select")
press("right", 6)
press("down"); press("right", 2)
press("select")
press("right", 5)
wait(200)
stages.append(("battle set-up + odds", free()))
press("roll")
for i in range(40):
    if app.session.battle is None or app.session.battle.result is not None:
        break
    press("roll")
    wait(300)
    f = free()
    if f < low:
        low = f
rounds = app.session.battle.result["rounds"] if app.session.battle is not None and app.session.battle.result else -1
while type(app.top()).__name__ != "BattleResult" and app.session.battle is not None:
    press("roll")
press("roll")                   # leave the result: the battle modules are dropped
stages.append(("battle fought + left", free()))
press("back")
choose("Settings")              # the free heap as the device shows it
press("select")
_hl = [t for t, _s in app.view().rows if t.startswith("Free heap")]
heap_line = _hl[0].split()[-1] if _hl else type(app.top()).__name__ + "?"
from firmware.screens.system import free_heap
for name, f in stages:
    print("STAGE", name.replace(" ", "_"), f)
print("LOW", low)
print("BATTLE", rounds, heap_line)
print("MODS", " ".join(sorted(SEEN)))
print("CODE", START - stages[1][1] if PRELOAD else 0)
print("SUMMARY", app.session.summary()["round"], app.session.summary()["power"].replace(" ", "_"),
      store.bytes, len(app.session.payload()), app.errors and 1 or 0)
"""

CASES = (("global_1940", 4, 10), ("pacific_1940", 3, 10))


def session_modules(stdout):
    """The modules the session imported on its CPython run, the lazily loaded ones included (a
    battle's choices, the national-advantage strikes, the odds...): loaded before the measured
    MicroPython run so that their bytecode counts as code (in flash on a frozen build), never as
    the session's data."""
    for line in stdout.splitlines():
        if line.startswith("MODS "):
            return tuple(m for m in line.split()[1:] if not m.startswith("firmware.hardware"))
    return ()
BIG_HEAP = 2000000


def compile_tree(dst):
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for tree in ("engine_core", "board_defs", "firmware"):
        for base, dirs, files in os.walk(os.path.join(ROOT, tree)):
            dirs[:] = [x for x in dirs if x not in ("__pycache__", "host")]
            for f in files:
                if f.endswith(".py") and f not in ("__main__.py", "code.py"):
                    src = os.path.join(base, f)
                    rel = os.path.relpath(src, ROOT)
                    out = os.path.join(dst, rel[:-3] + ".mpy")
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    subprocess.run([cross, "-o", out, src], check=True, cwd=ROOT)


def budget():
    from firmware import hardware
    smallest = None
    for name in hardware.PROFILES:
        p = hardware.load(name)
        if smallest is None or p.HEAP_BUDGET < smallest.HEAP_BUDGET:
            smallest = p
    return smallest


def run_mp(mp, tmp, code, heap):
    t0 = time.perf_counter()
    out = subprocess.run([mp, "-X", "heapsize=%d" % heap, "-c", code], cwd=tmp, capture_output=True,
                         text=True, env=dict(os.environ, MICROPYPATH=tmp))
    return out, time.perf_counter() - t0


def parse(stdout):
    stages, vals = [], {}
    for line in stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "STAGE":
            stages.append((parts[1].replace("_", " "), int(parts[2])))
        elif parts:
            vals[parts[0]] = parts[1:]
    return stages, vals


def main():
    small = budget()
    heap = small.HEAP_BUDGET
    print("smallest heap budget: %s, %d bytes" % (small.NAME, heap))
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        compile_tree(tmp)
        for ed, index, rolls in CASES:
            base = SCRIPT.replace("EDITION_INDEX", str(index)).replace("ROLLS", str(rolls))
            t0 = time.perf_counter()
            cp = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, %r)\n" % ROOT +
                                 base.replace("PRELOAD", "0").replace("MODULES", "()")], cwd=ROOT, capture_output=True, text=True)
            t_cp = time.perf_counter() - t0
            # 1. measure on a big heap: bytecode of every module vs. the data of the session
            mods = repr(session_modules(cp.stdout))
            out, t_mp = run_mp(mp, tmp, base.replace("PRELOAD", "1").replace("MODULES", mods), BIG_HEAP)
            if out.returncode != 0:
                print("MicroPython %-14s FAILED: %s" % (ed, (out.stdout + out.stderr).strip()[-600:]))
                status = 1
                continue
            stages, vals = parse(out.stdout)
            code = int(vals["CODE"][0])
            after_code = stages[1][1]
            low = int(vals["LOW"][0])
            data = after_code - low
            print("%s: whole scripted session CPython %.2f s (%s), MicroPython %.2f s"
                  % (ed, t_cp, "ok" if cp.returncode == 0 else "FAILED", t_mp))
            print("  bytecode of firmware + engine modules (RAM unless frozen): %7d bytes" % code)
            print("  session data at its peak (game, board tables, screens):    %7d bytes" % data)
            print("  frozen build (bytecode in flash): heap in use %d of %d -> %s"
                  % (data, heap, "fits" if data <= heap else "DOES NOT FIT"))
            print("  demo battle fought: %s rounds; settings screen showed free heap %s"
                  % tuple(vals["BATTLE"]))
            for name, f in stages:
                print("    free heap after %-24s %8d" % (name, f))
            s = vals["SUMMARY"]
            print("  after the session: round %s, %s to play; %s bytes written to flash, save record "
                  "%s bytes, screen errors %s" % (s[0], s[1].replace("_", " "), s[2], s[3], s[4]))
            # 2. the same session at the budget with every module loaded as .mpy into RAM
            out, _t = run_mp(mp, tmp, base.replace("PRELOAD", "0").replace("MODULES", "()"), heap)
            if out.returncode == 0:
                _st, v2 = parse(out.stdout)
                print("  .mpy in RAM at heapsize=%d: runs, lowest free heap %s" % (heap, v2["LOW"][0]))
            else:
                err = (out.stdout + out.stderr).strip().splitlines()
                files = [ln.strip() for ln in err if ln.strip().startswith("File")]
                where = files[-1].split("/")[-1] if files else ""
                print("  .mpy in RAM at heapsize=%d: %s at %s -> freeze engine_core and "
                      "board_defs into the image for this board" % (heap, err[-1][:40] if err else "?", where))
    return status


if __name__ == "__main__":
    sys.exit(main())

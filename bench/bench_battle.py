"""Battle engine: a 30-against-30 battle on CPython and under MicroPython (-X heapsize=192K,
modules compiled with mpy-cross as on a device): time per battle and peak heap, side by side
with a 5-against-5 battle, and a sea battle with and without LHTR national advantages
(engine_core/battle/advantages.py is imported only by the second: its cost shows in its peak).

The MicroPython heap figures are measured in the same run for the engine before the concept
packages of issue 13 (commit BEFORE, one flat engine_core/battle.py, taken with `git archive`)
beside the engine now, so the before/after comparison needs no recorded numbers; without git
or that commit it says so and prints only the figures now."""
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from engine_core.battle.steps import Battle  # noqa: E402
from engine_core.dice import Dice  # noqa: E402

_LHTR_SEA_A = {"battleship": 3, "destroyer": 8, "submarine": 8, "fighter": 6, "bomber": 2,
               "aircraft_carrier": 3}
_LHTR_SEA_D = {"battleship": 3, "aircraft_carrier": 4, "fighter": 8, "destroyer": 7, "submarine": 4,
               "transport": 4}
_NA = {"attacker_na": ("wolf_packs", "dive_bomber"), "defender_na": ("powerful_battleships",)}

CASES = (
    ("5 v 5 land (revised_lhtr)", "revised_lhtr", "land", {"infantry": 3, "armor": 2},
     {"infantry": 4, "artillery": 1}),
    ("30 v 30 sea (revised_lhtr)", "revised_lhtr", "sea", _LHTR_SEA_A, _LHTR_SEA_D),
    ("30 v 30 sea + NAs (lhtr)", "revised_lhtr", "sea", _LHTR_SEA_A, _LHTR_SEA_D, _NA),
    ("30 v 30 land (revised_lhtr)", "revised_lhtr", "land",
     {"infantry": 14, "artillery": 6, "armor": 6, "fighter": 3, "bomber": 1},
     {"infantry": 22, "artillery": 2, "armor": 3, "fighter": 2, "antiaircraft_gun": 1}),
    ("30 v 30 sea (pacific_1940)", "pacific_1940", "sea",
     {"battleship": 3, "cruiser": 4, "destroyer": 8, "submarine": 6, "fighter": 5, "tactical_bomber": 4},
     {"battleship": 2, "aircraft_carrier": 3, "fighter": 6, "destroyer": 7, "submarine": 6, "cruiser": 2,
      "transport": 4}),
)


def play(ed, kind, att, dfd, seed, opts=None):
    b = Battle(ed, kind, att, dfd, opts)
    d = Dice(seed=seed)
    while True:
        p = b.run_until_prompt(d)
        if p is None:
            return b
        b.answer(None)


BEFORE = "eb5aec1"        # the last commit before issue 13 split engine_core into packages

MP_SCRIPT = """
import gc, time, sys
gc.collect()
before = gc.mem_alloc()
from %s import Battle
from engine_core.dice import Dice
gc.collect()
base = gc.mem_alloc()
imp = base - before
peak = 0
t = time.ticks_ms()
b = Battle(%r, %r, %r, %r, %r)
d = Dice(seed=%d)
while True:
    p = b.run_until_prompt(d)
    gc.collect()
    a = gc.mem_alloc() - base
    if a > peak:
        peak = a
    if p is None:
        break
    b.answer(None)
    del b.events[:]
ms = time.ticks_diff(time.ticks_ms(), t)
print(ms, peak, b.result["outcome"], b.result["rounds"], gc.mem_free(), imp)
"""


def compile_tree(dst, root=ROOT):
    """Every engine_core/ and board_defs/ module of `root` as .mpy under dst; the source names
    recorded in them are relative (as on a device), so two trees compare equal on that count."""
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for tree in ("engine_core", "board_defs"):
        for base, dirs, files in os.walk(os.path.join(root, tree)):
            dirs[:] = [x for x in dirs if x not in ("__pycache__", "host")]
            for f in files:
                if f.endswith(".py") and f != "__main__.py":
                    src = os.path.join(base, f)
                    rel = os.path.relpath(src, root)
                    out = os.path.join(dst, rel[:-3] + ".mpy")
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    subprocess.run([cross, "-o", out, rel], check=True, cwd=root)


def before_tree(dst):
    """engine_core/ and board_defs/ of commit BEFORE under dst; False without git or the commit."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", BEFORE, "engine_core",
                              "board_defs"], capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return False
    if out.returncode != 0:
        return False
    with tarfile.open(fileobj=io.BytesIO(out.stdout)) as tar:
        tar.extractall(dst)
    return True


def mp_figures(tree, module, case):
    """(ms, peak, outcome, rounds, free, import) of one case under MicroPython, or an error text."""
    label, ed, kind, att, dfd = case[:5]
    opts = case[5] if len(case) > 5 else None
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    code = MP_SCRIPT % (module, ed, kind, att, dfd, opts, 7)
    out = subprocess.run([mp, "-X", "heapsize=192K", "-c", code], cwd=tree, capture_output=True,
                         text=True, env=dict(os.environ, MICROPYPATH=tree))
    if out.returncode != 0:
        return out.stderr.strip()[-300:]
    return out.stdout.split()


def main():
    for case in CASES:
        label, ed, kind, att, dfd = case[:5]
        opts = case[5] if len(case) > 5 else None
        n = 50
        t0 = time.perf_counter()
        rounds = 0
        for seed in range(1, n + 1):
            rounds += play(ed, kind, att, dfd, seed, opts).result["rounds"]
        dt = time.perf_counter() - t0
        print("CPython  %-28s %6.2f ms per battle (%d battles, %.1f rounds avg)"
              % (label, 1000.0 * dt / n, n, rounds / float(n)))
    with tempfile.TemporaryDirectory() as tmp:
        now = os.path.join(tmp, "now")
        compile_tree(now)
        old = None
        src = os.path.join(tmp, "before-src")
        if before_tree(src):
            old = os.path.join(tmp, "before")
            compile_tree(old, src)
        else:
            print("MicroPython: commit %s not found (no git history here): figures now only" % BEFORE)
        for case in CASES:
            label = case[0]
            got = mp_figures(now, "engine_core.battle.steps", case)
            if isinstance(got, str):
                print("MicroPython %-28s FAILED: %s" % (label, got))
                continue
            ms, peak, outcome, rounds, free, imp = got
            print("MicroPython %-28s %5s ms, peak heap in battle %6s bytes (after gc), %s rounds, "
                  "outcome %s; importing the engine (.mpy) takes %s bytes; heap free at end %s of 192K"
                  % (label, ms, peak, rounds, outcome, imp, free))
            if old is not None:
                was = mp_figures(old, "engine_core.battle", case)
                if isinstance(was, str):
                    print("  before (%s) FAILED: %s" % (BEFORE, was))
                    continue
                print("  before (%s): peak %6s bytes, import %6s bytes; now/before: peak %.3f, "
                      "import %.3f" % (BEFORE, was[1], was[5], int(peak) / float(was[1]),
                                       int(imp) / float(was[5])))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Heap cost of loading each edition's board under MicroPython (issue 3 goal: Global 1940 at
most 24 KB, Pacific 1940 at most 12 KB).

For each edition a fresh `micropython -X heapsize=192K` process does gc.collect(); a =
gc.mem_alloc(); load; gc.collect(); and prints the difference. Three figures:
  board     the edition's packed tables (board_defs/<ed>/map.py) + the Board object, measured
            after engine_core.board is already imported (this is the issue's figure)
  +units    a second load with the unit table and rules flags (the map tables are shared)
  +objectives  the national objectives (loaded on first use of board.objectives)
  naive     for comparison: the same territories as a dict of name -> tuple(ipc, flags...,
            tuple of neighbour names), built from the loaded board
and once the code of engine_core/board.py itself. The unix port is 64-bit: tuples and dicts
take about twice the room they take on a 32-bit board; bytes and str the same.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP = os.path.join(os.path.dirname(sys.executable), "micropython")
if not os.path.exists(MP):
    MP = os.path.join(ROOT, ".venv", "bin", "micropython")

SCRIPT = """
import gc
gc.collect(); a0 = gc.mem_alloc()
from engine_core import board
gc.collect(); a = gc.mem_alloc()
b = board.load(%(ed)r, units=False, rules=False)
gc.collect(); c = gc.mem_alloc()
b2 = board.load(%(ed)r)
gc.collect(); d = gc.mem_alloc()
b2 = None
gc.collect(); d1 = gc.mem_alloc()
objs = b.objectives
gc.collect(); d2 = gc.mem_alloc()
naive = {}
try:
    for t in range(b.territory_count):
        naive[b.territory_name(t)] = (b.ipc(t), b.is_sea(t), b.original_owner(t),
            b.owner_at_start(t), b.facilities_at_start(t), b.neutral_kind(t), b.is_island(t),
            b.is_coastal(t), tuple(b.territory_name(x) for x in b.adjacent(t)))
    gc.collect(); e = gc.mem_alloc() - d2
except MemoryError:
    naive = None
    e = -1
print(a - a0, c - a, d - c, e, b.territory_count, d2 - d1)
"""

GOALS = {"global_1940": 24 * 1024, "pacific_1940": 12 * 1024}


MPY_CROSS = os.path.join(os.path.dirname(MP), "mpy-cross")


def compile_tree(dest):
    """mpy-cross every module of engine_core/ and board_defs/ into dest (as a device loads
    them from its filesystem: bytecode and constants in RAM)."""
    for tree in ("engine_core", "board_defs"):
        for base, dirs, files in os.walk(os.path.join(ROOT, tree)):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "host")]
            for f in files:
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(base, f), ROOT)
                    out = os.path.join(dest, rel[:-3] + ".mpy")
                    os.makedirs(os.path.dirname(out), exist_ok=True)
                    subprocess.run([MPY_CROSS, "-o", out, rel], cwd=ROOT, check=True)


def measure(ed, path):
    env = dict(os.environ)
    env["MICROPYPATH"] = path
    # run outside the repository so '' on sys.path does not find the .py sources
    out = subprocess.run([MP, "-X", "heapsize=192K", "-c", SCRIPT % {"ed": ed}],
                         cwd=path, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    return [int(x) for x in out.stdout.split()], ""


def main():
    sys.path.insert(0, ROOT)
    from engine_core.board import EDITIONS
    import tempfile
    tmp = tempfile.mkdtemp(prefix="bench_boards_")
    compile_tree(tmp)
    for label, path in (("source .py", ROOT), ("compiled .mpy", tmp)):
        run(EDITIONS, label, path)


def run(EDITIONS, label, path):
    print("board heap under MicroPython 64-bit unix port, %s (bytes; gc.mem_alloc after "
          "gc.collect)" % label)
    code = None
    for ed in EDITIONS:
        r, err = measure(ed, path)
        if r is None:
            print("%-20s FAILED: %s" % (ed, err.splitlines()[-1] if err else "?"))
            continue
        code, board_b, units_b, naive_b, n, obj_b = r
        if naive_b < 0:
            naive_txt = "naive dict: MemoryError at 192K heap"
        else:
            naive_txt = "naive dict %6d  (naive/board %.1fx)" % (naive_b, naive_b / float(board_b))
        goal = GOALS.get(ed)
        verdict = ""
        if goal:
            verdict = "  goal <= %d KB: %s" % (goal // 1024, "met" if board_b <= goal else "MISSED")
        print("%-20s %3d spaces  board %6d  +units/rules %6d  +objectives %5d  %s%s"
              % (ed, n, board_b, units_b, obj_b, naive_txt, verdict))
    if code is not None:
        print("engine_core/board.py code itself: %d bytes (in RAM when loaded from .py/.mpy; "
              "flash only if frozen into the firmware)" % code)


if __name__ == "__main__":
    main()

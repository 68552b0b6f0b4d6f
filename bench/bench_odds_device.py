"""Odds on the device, estimated honestly (issue 19, point 3): the exact odds of typical table
battles (5 v 5 to 20 v 20, land and sea) run under the CircuitPython 10 unix port
(../shared/circuitpython: 32-bit, single-precision floats, the engine as CircuitPython .mpy
files built by tools/cpgate.py's compiler into build/cpy/), next to the same battle on
CPython; then pystone runs on the port here, and each board's time is estimated as

    port time x (port pystones/s here / the board's published pystones/s)

A board runs the same bytecode interpreter, so the ratio of a standard benchmark carries over
roughly (within a factor of ~1.5 either way: caches, flash wait states and, on the PSRAM
handheld, a heap in PSRAM are not in it). Published figures (cited):

  SAMD51 at 120 MHz (PyBadge / PyGamer; Metro M4 Express measured), CircuitPython:
    1521.6 pystones/s, "pystone adapted from python3.4", 5000 passes: adafruit/circuitpython
    commit 568636d562 ("supervisor: ... run_background_tasks", the Metro M4 figure after it).
  RP2350 at 150 MHz (Pico Plus 2, the PSRAM handheld): no published CircuitPython pystone
    found; Adafruit's RP2350 Feather page says firmware "runs about twice as fast" as on the
    RP2040. Estimated here as the SAMD51 figure x 150/120 (Cortex-M33 and M4F retire about the
    same instructions per clock): 1902 pystones/s. An estimate, not a measurement.
  RP2040 at 125 MHz (Pico with the ST7789 pack): half the RP2350 by the same page: 951.

For each battle (CPU time throughout, so a loaded machine does not skew it; each side's figure the
least of PORT_RUNS runs, POINT4_RUNS for 20 v 20 mixed, CPython's calls after each of the port's
runs, as many in a row as take about as long as that run, their mean: both sides meet the same
moments of load, as often and as long): CPython ms, port ms (exact odds() and the sliced
Solver's first estimate), their ratio (issue 19, point 4: at most 5x on 20 v 20 mixed), and
the estimated seconds on each board. Pystone itself is CPython's Lib/test/pystone.py (3.4 to
3.6 ship it); when no copy is found the board estimates are not printed, and this says so.
Pystone is the best of 3 runs on each side (one run on a loaded machine had moved the board
factor by ~1.5x).

Each board's odds run on the port at its own heap: its HEAP_BUDGET (firmware/hardware: the free
heap at code.py start) on top of what the port's imports of the odds take (the port keeps the
bytecode in the heap; a frozen board keeps it in flash). The app's own state during a battle is
not taken off (bench_cpy_memory.py measures the whole session): the PyBadge's and the Pico's
heaps run the lean path (below 1 MB), the handheld's the host's path.

Last, issue 19's points 2, 3 and 4 as MET or NOT MET from these figures (see verdicts()).
"""
import glob
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
ED = "pacific_1940"
HEAP = "4M"  # the PSRAM handheld's HEAP_BUDGET; the port keeps the bytecode in this heap too

BOARDS = (  # (profile, chip, pystones/s, source); the heap: board_heap()
    ("pybadge", "SAMD51 120 MHz", 1521.6, "measured (adafruit/circuitpython 568636d562)"),
    ("pico_plus2_lcd", "RP2350 150 MHz", 1902.0, "estimated: SAMD51 x 150/120"),
    ("pico_st7789", "RP2040 125 MHz", 951.0, "estimated: RP2350 / 2"),
)
SMALLEST = "pybadge"  # the smallest supported board's heap (issue 19 point 4)
HANDHELD = "pico_plus2_lcd"
# issue 19's goals (points 3, 4; point 2: a key waits at most one slice, the longest on the handheld)
GOAL_EXACT_10 = 2.0  # s, 10 v 10 mixed exact on the handheld
GOAL_FIRST = 1.0  # s, a first figure on the handheld, any battle
GOAL_RATIO = 5.0  # port / CPython, 20 v 20 mixed, at the smallest board's heap
GOAL_SLICE = 1.0  # s, the longest slice on the handheld (a garbage collection in it included)


def board_heap(profile, imports):
    """The port's -X heapsize for a board: its HEAP_BUDGET plus the port's imports (bytes)."""
    from firmware import hardware
    budget = hardware.load(profile).HEAP_BUDGET
    return "%dK" % ((budget + imports + 1023) // 1024)

LAND = {5: ({"infantry": 3, "artillery": 1, "tank": 1}, {"infantry": 4, "tank": 1}),
        10: ({"infantry": 5, "artillery": 2, "tank": 2, "fighter": 1},
             {"infantry": 7, "artillery": 1, "tank": 1, "fighter": 1}),
        20: ({"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2},
             {"infantry": 14, "artillery": 2, "tank": 2, "fighter": 2})}
SEA = {5: ({"submarine": 1, "destroyer": 2, "cruiser": 1, "fighter": 1},
           {"submarine": 1, "destroyer": 2, "battleship": 1, "transport": 1}),
       10: ({"submarine": 2, "destroyer": 3, "cruiser": 2, "battleship": 1, "fighter": 2},
            {"submarine": 2, "destroyer": 3, "cruiser": 1, "battleship": 1, "aircraft_carrier": 1,
             "fighter": 2}),
       20: ({"submarine": 4, "destroyer": 6, "cruiser": 4, "battleship": 2, "fighter": 4},
            {"submarine": 4, "destroyer": 5, "cruiser": 3, "battleship": 2, "aircraft_carrier": 2,
             "fighter": 4})}


def battles():
    out = []
    for n in (5, 10, 20):
        a, d = LAND[n]
        d = dict(d, aaa=1)
        out.append(("land %d v %d mixed" % (n, n), "land", a, d))
    for n in (5, 10, 20):
        a, d = SEA[n]
        out.append(("sea %d v %d subs+air" % (n, n), "sea", a, d))
    a, d = SEA[20]  # twice 20 v 20: the largest battle issue 19 asks a first figure of
    out.append(("sea 40 v 40 subs+air", "sea", dict((k, 2 * a[k]) for k in a),
                dict((k, 2 * d[k]) for k in d)))
    return out


# one battle under the port: exact odds() in one go, then the Solver to its first estimate
# one process under the port: the imports (mode "base"), then exact odds() in one go ("odds")
# or the Solver up to its first figure ("first"); its CPU time minus the base process's is the
# computation's (CPU, not wall: the machine may be loaded)
PORT = """
import gc
from engine_core.odds import exact
import board_defs.%s.units
mode = %r
a = %r
d = %r
gc.collect()
base = gc.mem_alloc()  # the imports' heap (printed by mode "base")
if mode == "odds":
    exact.odds(%r, %r, a, d)
elif mode == "first":
    s = exact.Solver(%r, %r, a, d)
    while s.first is None and not s.step(500):
        pass
print("ok", base)
"""

# the Solver in the app's slices (firmware/odds_task.py SLICE units each). Wall time (the port
# has no CPU clock), so each slice's time is the least over RUNS runs of the same slices (they
# are deterministic): a loaded machine's scheduling hiccup, x the board's slowdown, had passed
# for seconds-long slices. A first run measures the heap instead: every 50 slices a collection
# (the least of three, timed) and the live heap after it; the worst of those is the longest a
# garbage collection can pause a slice. Prints: slices, longest slice (us), its index, the
# first figure's slice, peak live heap, that collection (us).
SLICES = """
import gc, time
from engine_core.odds import exact
import board_defs.%s.units
a = %r
d = %r
live = 0
pause = 0
s = exact.Solver(%r, %r, a, d)
n = 0
while not s.step(%d):
    n += 1
    if n %% 50 == 0:
        best = None
        for _ in range(3):
            t = time.time_ns()
            gc.collect()
            t = time.time_ns() - t
            best = t if best is None or t < best else best
        m = gc.mem_alloc()
        if m > live:
            live = m
            pause = best
best = None
first = 0
for run in range(%d):
    s = None
    gc.collect()
    s = exact.Solver(%r, %r, a, d)
    ts = []
    done = False
    while not done:
        t = time.time_ns()
        done = s.step(%d)
        ts.append(time.time_ns() - t)
    best = ts if best is None else [x if x < y else y for x, y in zip(best, ts)]
    first = s.first_slices
worst = 0
at = 0
for i in range(len(best)):
    if best[i] > worst:
        worst = best[i]
        at = i
print("ok", len(best), worst // 1000, at, first, live, pause // 1000)
"""
RUNS = 3

PYSTONE_DRIVER = """
import pystone
pystone.pystones(%d)
print("ok")
"""


def find_pystone():
    pats = [os.path.join(sys.base_prefix, "lib", "python3*", "test", "pystone.py"),
            os.path.expanduser("~/.pyenv/versions/3.*/lib/python3*/test/pystone.py"),
            "/usr/lib/python3*/test/pystone.py"]
    for pat in pats:
        got = sorted(glob.glob(pat))
        if got:
            return got[-1]
    return None


def cpython_ms(kind, a, d, calls=3):
    """CPU ms of exact odds() on CPython: the least of `calls` calls in this process (warm, as
    a device's app is: under the port a second call costs what the first did, 439 against 434 M
    instructions, 20 v 20 mixed, while CPython's first call is ~1.6x its later ones)."""
    from engine_core.odds import exact
    best = None
    for _ in range(calls):
        t0 = time.process_time()
        exact.odds(ED, kind, a, d)
        t = (time.process_time() - t0) * 1000.0
        best = t if best is None or t < best else best
    return best


def cpython_batch(kind, a, d, span_ms):
    """CPU ms of one exact odds() call on CPython: the mean of as many calls in a row as take
    about span_ms (at least one), a sample as long as the port's run beside it, so that both
    meet this shared machine's moments of load alike: its fast moments last seconds or less,
    and a single short CPython call caught them far more often than the port's longer run did
    (point 4 read 5.0x with single calls where 40 runs on each side read 4.0-4.5x)."""
    from engine_core.odds import exact
    n = 0
    t0 = time.process_time()
    while True:
        exact.odds(ED, kind, a, d)
        n += 1
        t = (time.process_time() - t0) * 1000.0
        if t >= span_ms:
            return t / n


def cpython_pystones(path, loops):
    import importlib.util
    spec = importlib.util.spec_from_file_location("pystone", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.time = time.process_time  # CPU, as the port's figure
    return max(mod.pystones(loops)[1] for _ in range(3))


PYSTONE_RUNS = 3
PORT_RUNS = 3  # of each battle's exact odds under the port, the least CPU time (with 2, 20 v 20
# mixed at the PyBadge's heap read 5.8x CPython on a loaded machine, ~4x in a quieter probe)
# Issue 19 point 4's battle, more runs on each side: this shared machine runs both sides up to
# ~1.7x slower for seconds at a time (CPython more than the port), so the least of 3 runs had
# read 4.0 to 6.5 for the same code in one hour (2026-11-29); the least of 40 on each side 4.3.
POINT4 = "land 20 v 20 mixed"
POINT4_RUNS = 15  # (and its imports-only process's as many: the least of each, subtracted)


def main():
    import cpgate
    import mpgate
    why = cpgate.missing()
    if why:
        print("CircuitPython port not measured: %s" % why)
        return 0
    if not mpgate.compile_all(cross=cpgate.CP_MPY_CROSS, build=cpgate.BUILD, trees=cpgate.DEVICE_TREES,
                              skip=cpgate.HOST_ONLY, label="CircuitPython mpy-cross"):
        return 1
    env = dict(os.environ, MICROPYPATH=os.path.relpath(cpgate.BUILD, ROOT))
    tmp = tempfile.mkdtemp()

    def port(script, extra_path=None, heap=HEAP):
        """(last line printed, CPU seconds of the finished process)."""
        import resource
        path = os.path.join(tmp, "main.py")
        with open(path, "w") as f:
            f.write(script)
        e = env if extra_path is None else dict(env, MICROPYPATH=env["MICROPYPATH"] + ":" + extra_path)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([cpgate.CIRCUITPYTHON, "-X", "heapsize=" + heap, path], cwd=ROOT,
                           capture_output=True, text=True, env=e, timeout=1800)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        lines = (p.stdout + p.stderr).strip().splitlines()
        return (lines[-1] if lines else "no output"), cpu

    def port_ms(kind, a, d, mode, heap, base, between=None, runs=PORT_RUNS):
        """CPU ms of the computation under the port (best of `runs`, less the base
        process), or the reason it failed; between(the process's CPU ms) runs after each."""
        best = None
        for _ in range(runs):
            line, cpu = port(PORT % (ED, mode, a, d, ED, kind, ED, kind), heap=heap)
            if not line.startswith("ok"):
                return line
            best = cpu if best is None or cpu < best else best
            if between is not None:
                between(cpu * 1000.0)
        return max(best - base, 0.0) * 1000.0

    ps_path = find_pystone()
    port_ps = None
    if ps_path is None:
        print("pystone.py not found (CPython 3.4-3.6 Lib/test/pystone.py): board estimates not printed")
    else:
        import shutil
        shutil.copy(ps_path, os.path.join(tmp, "pystone.py"))
        loops = 50000
        line, cpu = port(PYSTONE_DRIVER % loops, tmp)
        empty, cpu0 = port("print('ok')\n", tmp)
        for _ in range(PYSTONE_RUNS - 1):  # the best of them: the least CPU time each
            cpu = min(cpu, port(PYSTONE_DRIVER % loops, tmp)[1])
            cpu0 = min(cpu0, port("print('ok')\n", tmp)[1])
        if line.startswith("ok") and cpu > cpu0:
            port_ps = loops / (cpu - cpu0)
            host_ps = cpython_pystones(ps_path, 50000)
            print("pystone (%s): CircuitPython port here %.0f pystones/s, CPython here %.0f"
                  % (ps_path, port_ps, host_ps))
        else:
            print("pystone on the port failed: %s" % line)
    line, _cpu = port(PORT % (ED, "base", {}, {}, ED, "land", ED, "land"))
    imports = int(line.split()[1]) if line.startswith("ok") else 0
    heaps = {}
    for prof, chip, ps, src in BOARDS:
        heaps[prof] = HEAP if prof == HANDHELD else board_heap(prof, imports)
        if port_ps is not None:
            print("  %-15s %-15s %7.1f pystones/s (%s): %.0fx slower than the port here;"
                  " its odds measured on the port at -X heapsize=%s" % (
                      prof, chip, ps, src, port_ps / ps, heaps[prof]))
    small = heaps[SMALLEST]
    print("(the port's imports of the odds: %d KB; a board's heap = its HEAP_BUDGET + that)"
          % (imports // 1024))
    print("%-22s %9s %9s %6s %10s %9s %6s | %s" % ("battle", "CPython", "port 4M", "x", "1st est.",
                                                     "port " + small, "x", "estimated on the board:"
                                                     " exact s (first figure s)"))
    bases = {}  # heap -> [the least CPU s of PORT_RUNS imports-only runs, of POINT4_RUNS]
    for heap in sorted(set(heaps.values())):
        cpus = [port(PORT % (ED, "base", {}, {}, ED, "land", ED, "land"), heap=heap)[1]
                for _ in range(POINT4_RUNS)]
        bases[heap] = [min(cpus[:PORT_RUNS]), min(cpus)]
    figures = {}
    for label, kind, a, d in battles():
        # CPython's figure for each heap: the least of as many runs as the port's, each after
        # one of them (one run had read 15 or 35 ms by the moment's load on this shared
        # machine: both sides meet the same moments, and as often)
        cpy = {}
        got = {}
        n, b = (POINT4_RUNS, 1) if label == POINT4 else (PORT_RUNS, 0)
        cpython_ms(kind, a, d, 2)  # warm: the figures below are warm calls
        for heap in sorted(set(heaps.values())):
            runs = cpy[heap] = []

            def between(span):
                runs.append(cpython_batch(kind, a, d, span))
            ms = port_ms(kind, a, d, "odds", heap, bases[heap][b], between, n)
            if isinstance(ms, str):
                got[heap] = ms
                continue
            first = port_ms(kind, a, d, "first", heap, bases[heap][0]) if heap == HEAP else -1.0
            got[heap] = (ms, first if not isinstance(first, str) else -1.0)
        cms = min(cpy[HEAP]) if cpy.get(HEAP) else cpython_ms(kind, a, d)
        cms_small = min(cpy[small]) if cpy.get(small) else cms
        if not isinstance(got[HEAP], tuple):
            print("%-22s %7.1fms  port: %s" % (label, cms, got[HEAP]), flush=True)
            figures[label] = None
            continue
        ms, first = got[HEAP]
        lean = got[small]
        fig = {"cpython": cms, "x": ms / max(cms, 0.01),
               "x_small": lean[0] / max(cms_small, 0.01) if isinstance(lean, tuple) else None}
        figures[label] = fig
        est = ""
        if port_ps is not None:
            parts = []
            for prof, chip, ps, src in BOARDS:
                f = port_ps / ps  # the board's slowdown against the port here
                g = got[heaps[prof]]
                if not isinstance(g, tuple):
                    parts.append("%s: does not run (%s)" % (prof, g[:40]))
                    continue
                parts.append("%s %.1f%s" % (prof, g[0] * f / 1000.0,
                                            "" if g[1] < 0 else " (%.1f)" % (g[1] * f / 1000.0)))
                if prof == HANDHELD:
                    fig["exact_s"] = g[0] * f / 1000.0
                    fig["first_s"] = g[1] * f / 1000.0 if g[1] >= 0 else None
            est = ", ".join(parts)
        print("%-22s %7.1fms %7.0fms %6.1f %8s %9s %6s | %s" % (
            label, cms, ms, ms / max(cms, 0.01), "-" if first < 0 else "%.0fms" % first,
            "%.0fms" % lean[0] if isinstance(lean, tuple) else "fails",
            "-" if fig["x_small"] is None else "%.1f" % fig["x_small"], est), flush=True)
    slices = None
    if port_ps is not None:
        slices = slice_table(port, port_ms, bases, port_ps / dict((b[0], b[2]) for b in BOARDS)[HANDHELD])
    print("x = port time / CPython time, at 4 MB and at the smallest board's heap (%s, -X heapsize=%s;"
          " goal on 20 v 20 mixed: at most 5 there); 1st est. = the Solver's first figure (an estimate,"
          " or the exact one for a small battle). Goals on the PSRAM handheld (pico_plus2_lcd): 10 v 10"
          " mixed exact within 2 s; a first figure within 1 s." % (SMALLEST, small))
    verdicts(figures, slices, port_ps is not None)
    return 0


def verdicts(figures, slices, estimated):
    """Issue 19's points 2, 3 and 4, MET or NOT MET from the figures measured above."""
    def line(point, what, ok, why):
        print("Issue 19 point %d (%s): %s  (%s)" % (point, what, "MET" if ok else "NOT MET", why))
    if slices is None:
        line(2, "a key waits at most one slice", False, "the slices were not estimated (no pystone)")
    else:
        worst = max(slices.values()) if slices else None
        ok = worst is not None and len(slices) == len(figures) and worst <= GOAL_SLICE
        line(2, "a key waits at most one slice", ok,
             "longest slice with a collection in it on the handheld %s s, goal %.1f s; every battle's figure in slices: %s;"
             " the work bound: tests/host/test_odds_slice_cost.py" % (
                 "-" if worst is None else "%.2f" % worst, GOAL_SLICE,
                 "yes" if len(slices) == len(figures) else "NO"))
    ten = figures.get("land 10 v 10 mixed")
    firsts = [f.get("first_s") for f in figures.values() if f is not None]
    if not estimated or ten is None or "exact_s" not in ten:
        line(3, "device time estimated", False, "no board estimate (pystone or the port missing)")
    else:
        late = [x for x in firsts if x is None or x > GOAL_FIRST]
        ok = ten["exact_s"] <= GOAL_EXACT_10 and not late and None not in figures.values()
        line(3, "10 v 10 mixed exact within %.0f s, a first figure within %.0f s, on the handheld"
             % (GOAL_EXACT_10, GOAL_FIRST), ok,
             "10 v 10 mixed %.1f s; slowest first figure %s s" % (
                 ten["exact_s"], "-" if not firsts or None in firsts else "%.1f" % max(firsts)))
    # every table battle up to 20 v 20 must still run at the smallest board's heap (a change of
    # the collections' threshold once made sea 20 v 20 fail there, faster elsewhere)
    small_fails = [label for label in figures if " 40 v 40" not in label and
                   (figures[label] is None or figures[label]["x_small"] is None)]
    print("At the smallest board's heap (%s): every battle up to 20 v 20 runs: %s" % (
        SMALLEST, "yes" if not small_fails else "NO (" + ", ".join(small_fails) + ")"))
    twenty = figures.get("land 20 v 20 mixed")
    if twenty is None or twenty["x_small"] is None:
        line(4, "port / CPython at most %.0fx on 20 v 20 mixed at the smallest board's heap" % GOAL_RATIO,
             False, "20 v 20 mixed did not run at the smallest board's heap")
    else:
        line(4, "port / CPython at most %.0fx on 20 v 20 mixed at the smallest board's heap" % GOAL_RATIO,
             twenty["x_small"] <= GOAL_RATIO,
             "%.1fx at %s's heap, %.1fx at 4 MB" % (twenty["x_small"], SMALLEST, twenty["x"]))


def slice_table(port, port_ms, bases, f):
    """Issue 19 point 2 on the PSRAM handheld: how long a key waits at most (one slice, a
    garbage collection within it included).

    Sea 40 v 40, measured 2026-11-25 (x 180): before one state's hit outcome lists and an
    opening-fire round's next states were work units built in slices, 34,194 slices, longest
    2,978 ms (slice 1809: a state's submarine x air x other list and its mapping in one go);
    after, 51,431 slices (mean 60 ms), longest 1,633 ms (slice 2951: 268 fresh casualty
    choices, each far dearer than a memo look-up yet one work unit).
    Measured again 2026-11-25 (x 175, least of 5 runs, same session): before fresh choices
    counted exact.CHOICE_UNITS (aea57d2) land 20 v 20 / sea 20 v 20 / sea 40 v 40 longest
    222 / 515 / 1,946 ms (sea 40 v 40: slice 2951 again); after, 210 / 324 / 448 ms (40,429
    slices), a collection within the slice the rest (GC at 1.3 MB live: 402 ms).
    tests/host/test_odds_slice_cost.py bounds a slice's real cost (look-ups + fresh choices)."""
    from firmware.odds_task import SLICE
    print("Slices of %d work units (firmware/odds_task.py) on the PSRAM handheld (pico_plus2_lcd,"
          " %.0fx the port): mean = the exact odds' CPU time / slices; longest = the longest slice"
          " (each slice the least wall time of %d runs) x %.0f; live = the peak live heap after a"
          " collection, GC = one collection at that heap x %.0f" % (SLICE, f, RUNS, f, f))
    longest = {}
    for label, kind, a, d in battles():
        line, _cpu = port(SLICES % (ED, a, d, ED, kind, SLICE, RUNS, ED, kind, SLICE))
        ms = port_ms(kind, a, d, "odds", HEAP, bases[HEAP][0])
        if not line.startswith("ok") or isinstance(ms, str):
            print("  %-22s port: %s" % (label, line if not line.startswith("ok") else ms))
            continue
        n, worst_us, at, first, live, pause_us = [int(x) for x in line.split()[1:7]]
        print("  %-22s %5d slices  mean %5.0f ms  longest %5.0f ms (slice %d; first figure"
              " after %d)  live %4.0f KB  GC %4.0f ms" % (
                  label, n, ms * f / n, worst_us * f / 1000.0, at, first, live / 1024.0,
                  pause_us * f / 1000.0), flush=True)
        longest[label] = (worst_us + pause_us) * f / 1e6  # a slice, a collection in it
    return longest


if __name__ == "__main__":
    sys.exit(main())

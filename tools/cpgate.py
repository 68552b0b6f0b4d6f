"""The CircuitPython gate (host script, run by `make test` after the MicroPython gate).

1. Compiles every device module -- engine_core/ (without host/ and __main__.py, which
   never go to a board), board_defs/ and firmware/, found by walking the folders --
   with CircuitPython's own mpy-cross into build/cpy/; any failure fails the gate.
2. Runs every portable test file under the CircuitPython 10 unix port (32-bit,
   single-precision floats like every CircuitPython board), importing those .mpy
   files, one process per file, with tests/mp_runner.py (the port has no traceback
   module and no sys.print_exception: for each failing test the gate runs that one
   test again uncaught, so the port prints where it failed).

The heap: the smallest heap of a board that runs the engine as shipped from copied
.mpy files, i.e. the smallest HEAP_BUDGET of the CircuitPython profiles that are not
frozen builds (tools/frozen_manifest.py). The PyBadge and the Pico run the engine
frozen into the CircuitPython image, its bytecode in flash; the unix port cannot
freeze modules, so running the tests at their heap with the bytecode in RAM would
check a configuration nobody ships (their margin is measured by make bench,
bench/bench_cpy_memory.py). With no such profile the gate uses the MicroPython
gate's 192K and says so.

The tools are ../shared/circuitpython/{circuitpython-unix,mpy-cross} (or the folder
named by ADJUTANT_CIRCUITPYTHON). Without them the gate prints one line saying it
was skipped and why, and exits 0.

Usage: python tools/cpgate.py [tests/portable/test_x.py ...]
"""
import os
import subprocess
import sys

import mpgate
import frozen_manifest

ROOT = mpgate.ROOT
CP_DIR = os.environ.get("ADJUTANT_CIRCUITPYTHON") or os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")
CIRCUITPYTHON = os.path.join(CP_DIR, "circuitpython-unix")
CP_MPY_CROSS = os.path.join(CP_DIR, "mpy-cross")
BUILD = os.path.join(ROOT, "build", "cpy")
DEVICE_TREES = ("engine_core", "board_defs", "firmware")
HOST_ONLY = ("engine_core/host/", "engine_core/__main__.py")
FALLBACK_HEAP = mpgate.HEAP


def missing():
    """Why the gate cannot run here (None when it can)."""
    for path in (CIRCUITPYTHON, CP_MPY_CROSS):
        if not os.path.exists(path):
            return "%s not found" % os.path.abspath(path)
    try:
        proc = subprocess.run([CIRCUITPYTHON, "-c", "print(1)"], capture_output=True, text=True, timeout=60)
    except OSError as e:  # e.g. a kernel that does not run 32-bit programs
        return "%s does not run here (%s)" % (CIRCUITPYTHON, e)
    if proc.stdout.strip() != "1":
        return "%s does not run here (%s)" % (CIRCUITPYTHON, proc.stderr.strip()[:80])
    return None


def gate_heap():
    """(heapsize option, why): the smallest heap of a CircuitPython board shipped with copied files."""
    sys.path.insert(0, ROOT)
    from firmware import hardware
    best = None
    for name in hardware.PROFILES:
        if frozen_manifest.shipped_as(name) != "files":
            continue
        budget = hardware.load(name).HEAP_BUDGET
        if best is None or budget < best[1]:
            best = (name, budget)
    if best is None:
        return FALLBACK_HEAP, "no CircuitPython profile runs from copied files: the MicroPython gate's heap"
    return str(best[1]), "the smallest board that runs the engine from copied .mpy files: %s" % best[0]


def explain(heap, env):
    """A function that reruns one failing test uncaught, printing the port's traceback."""
    def rerun(module, test):
        proc = subprocess.run([CIRCUITPYTHON, "-X", "heapsize=" + heap, mpgate.RUNNER, module + "." + test],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
        lines = [l for l in (proc.stdout + proc.stderr).strip().splitlines() if l.strip()]
        print("    %s.%s uncaught:\n      %s" % (module, test, "\n      ".join(lines[-8:])))
    return rerun


def main(argv):
    why = missing()
    if why:
        print("CircuitPython gate skipped: %s (the CircuitPython port and mpy-cross live in ../shared/circuitpython)"
              % why)
        return 0
    ok = mpgate.compile_all(cross=CP_MPY_CROSS, build=BUILD, trees=DEVICE_TREES, skip=HOST_ONLY,
                            label="CircuitPython mpy-cross")
    heap, reason = gate_heap()
    files = mpgate.portable_files(argv)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((os.path.relpath(BUILD, ROOT), "tests/portable"))
    p, f = mpgate.run_tests(files, interpreter=CIRCUITPYTHON, heap=heap, build=BUILD, label="circuitpython",
                            explain=explain(heap, env))
    print("CircuitPython port (float32, -X heapsize=%s, %s): %d files" % (heap, reason, len(files)))
    print("%d passed, %d failed" % (p, f))
    return 0 if ok and f == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The MicroPython gate (host script, run by `make test`).

1. Compiles every module of engine_core/, board_defs/ and firmware/ with mpy-cross
   (into build/mpy/); any failure fails the gate.
2. Runs every portable test file (tests/portable/test_*.py) under the real
   MicroPython unix port with `-X heapsize=192K`, importing the compiled .mpy
   modules as a device would, one interpreter process per file so each file
   starts from a fresh heap. Prints each file's result and a closing
   "N passed, N failed" line; exits non-zero on any failure.

The compile and run steps are functions shared with tools/cpgate.py (the
CircuitPython gate: the same steps with CircuitPython's compiler and port).

Usage: python tools/mpgate.py [tests/portable/test_x.py ...]
       python tools/mpgate.py --margins [tests/portable/test_x.py ...]
         (each file's smallest passing heap in 4K steps and its headroom under the heap
         it runs at; files with less than MIN_HEADROOM are listed: the collector scans the
         C stack conservatively, so a file run at its bare minimum fails now and then)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
MICROPYTHON = os.path.join(BIN, "micropython")
MPY_CROSS = os.path.join(BIN, "mpy-cross")
COMPILED_TREES = ("engine_core", "board_defs", "firmware")
HEAP = "192K"
MIN_HEADROOM = 8  # KB a file's smallest passing heap stays below the heap it runs at (--margins)
BUILD = os.path.join(ROOT, "build", "mpy")
RUNNER = "tests/mp_runner.py"


def python_files(tree, skip=()):
    """The .py files under `tree` (relative to ROOT), in a fixed order; `skip` holds
    paths relative to ROOT (a file, or a folder ending in '/') left out."""
    out = []
    for base, dirs, files in os.walk(os.path.join(ROOT, tree)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__"
                         and os.path.relpath(os.path.join(base, d), ROOT) + "/" not in skip)
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(base, f), ROOT)
            if f.endswith(".py") and rel not in skip:
                out.append(rel)
    return out


def compile_all(cross=MPY_CROSS, build=BUILD, trees=COMPILED_TREES, skip=(), label="mpy-cross"):
    """Compiles every .py of `trees` with the compiler `cross` into `build` (same
    relative paths, .mpy); prints each failure and a count; True if none failed."""
    failures = []
    count = 0
    built = set()
    for tree in trees:
        for rel in python_files(tree, skip):
            dest = os.path.join(build, rel[:-3] + ".mpy")
            built.add(os.path.normpath(dest))
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            proc = subprocess.run([cross, "-o", dest, rel], cwd=ROOT,
                                  capture_output=True, text=True)
            count += 1
            if proc.returncode != 0:
                failures.append((rel, (proc.stderr or proc.stdout).strip()))
    for base, _dirs, files in os.walk(build):  # a module moved or removed must not import from a stale .mpy
        for f in files:
            path = os.path.normpath(os.path.join(base, f))
            if f.endswith(".mpy") and path not in built:
                os.remove(path)
    for rel, msg in failures:
        print("%s FAILED: %s\n  %s" % (label, rel, msg.replace("\n", "\n  ")))
    print("%s: %d modules compiled, %d failed" % (label, count, len(failures)))
    return not failures


def portable_files(argv):
    """The test files named on the command line, else every tests/portable/test_*.py."""
    return argv or sorted(os.path.join("tests/portable", f) for f in os.listdir(os.path.join(ROOT, "tests/portable"))
                          if f.startswith("test_") and f.endswith(".py"))


_SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")
_FAIL = re.compile(r"^FAIL (\w+)\.(test_\w+)$")


_HEAP_MARK = re.compile(r"^# gate heap: (\d+K)\b")


def file_heap(path, heap):
    """A test file may name a larger heap on a line `# gate heap: NNNK (why)` near its top:
    for a test of what stays resident, not of what fits (the unix port loads .mpy bytecode
    into the heap, a board runs it frozen from flash)."""
    with open(os.path.join(ROOT, path) if not os.path.isabs(path) else path) as f:
        for _ in range(12):
            m = _HEAP_MARK.match(f.readline())
            if m:
                # a mark only ever raises the heap (the CircuitPython gate's may be larger already)
                return m.group(1) if _kb(m.group(1)) > _kb(heap) else heap
    return heap


def _kb(size):
    return int(size[:-1]) * (1024 if size[-1] in "Mm" else 1) if size[-1] in "KkMm" else int(size) // 1024


def run_tests(files, interpreter=MICROPYTHON, heap=HEAP, build=BUILD, label="micropython", explain=None):
    """Runs each portable test file in its own `interpreter -X heapsize=heap` process,
    modules imported from `build` first. Prints one line per file (and the runner's
    output of a failing file; `explain(module, test)` may add lines per failing test).
    Returns (passed, failed); a file that crashed counts as one failure."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((os.path.relpath(build, ROOT), "tests/portable", ".frozen"))
    total_p = total_f = 0
    for path in files:
        mod = os.path.splitext(os.path.basename(path))[0]
        try:
            proc = subprocess.run([interpreter, "-X", "heapsize=" + file_heap(path, heap), RUNNER, mod],
                                  cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
            out = proc.stdout + proc.stderr
        except subprocess.TimeoutExpired:
            out, proc = "timed out after 900 s", None
        lines = [l for l in out.strip().splitlines() if l.strip()]
        m = _SUMMARY.match(lines[-1]) if lines else None
        if m and proc is not None and (proc.returncode == 0) == (m.group(2) == "0"):
            p, f = int(m.group(1)), int(m.group(2))
        else:  # crashed (MemoryError at import, segfault, timeout): count the file as one failure
            p, f = 0, 1
        total_p += p
        total_f += f
        print("%s %-40s %d passed, %d failed" % (label, mod, p, f))
        if f:
            print("  " + "\n  ".join(lines[-40:]))
            if explain is not None:
                for line in lines:
                    fm = _FAIL.match(line)
                    if fm:
                        explain(fm.group(1), fm.group(2))
    return total_p, total_f


def margins(files):
    """Prints each file's smallest passing heap (4K steps down from its gate heap, at most
    32K) and its headroom; returns the files with less than MIN_HEADROOM."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((os.path.relpath(BUILD, ROOT), "tests/portable", ".frozen"))
    short = []
    for path in files:
        mod = os.path.splitext(os.path.basename(path))[0]
        heap = _kb(file_heap(path, HEAP))
        lowest = None
        for kb in range(heap, heap - 36, -4):
            proc = subprocess.run([MICROPYTHON, "-X", "heapsize=%dK" % kb, RUNNER, mod], cwd=ROOT,
                                  env=env, capture_output=True, text=True, timeout=900)
            lines = proc.stdout.strip().splitlines()
            if proc.returncode != 0 or not lines or not lines[-1].endswith(" 0 failed"):
                break
            lowest = kb
        room = None if lowest is None else heap - lowest
        print("%-40s runs at %dK, smallest passing %s, headroom %s" % (
            mod, heap, "none" if lowest is None else "%dK" % lowest,
            "-" if room is None else ("%dK" % room if room < 32 else ">= 32K")))
        if room is None or room < MIN_HEADROOM:
            short.append(mod)
    print("%d files, %d with less than %dK of headroom: %s" % (len(files), len(short), MIN_HEADROOM,
                                                               " ".join(short) or "none"))
    return short


def main(argv):
    if argv and argv[0] == "--margins":
        if not compile_all():
            return 1
        return 1 if margins(portable_files(argv[1:])) else 0
    if not (os.path.exists(MICROPYTHON) and os.path.exists(MPY_CROSS)):
        print("micropython/mpy-cross not found next to %s: run `make test` (it installs them)" % sys.executable)
        return 2
    ok = compile_all()
    files = portable_files(argv)
    p, f = run_tests(files)
    print("MicroPython (-X heapsize=%s): %d files" % (HEAP, len(files)))
    print("%d passed, %d failed" % (p, f))
    return 0 if ok and f == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The MicroPython gate (host script, run by `make test`).

1. Compiles every module of engine_core/, board_defs/ and firmware/ with mpy-cross
   (into build/mpy/); any failure fails the gate.
2. Runs every portable test file (tests/portable/test_*.py) under the real
   MicroPython unix port with `-X heapsize=192K`, importing the compiled .mpy
   modules as a device would, one interpreter process per file so each file
   starts from a fresh heap. Prints each file's result and a closing
   "N passed, N failed" line; exits non-zero on any failure.

Usage: python tools/mpgate.py [tests/portable/test_x.py ...]
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
BUILD = os.path.join(ROOT, "build", "mpy")


def python_files(tree):
    out = []
    for base, dirs, files in os.walk(os.path.join(ROOT, tree)):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(base, f), ROOT))
    return out


def compile_all():
    failures = []
    count = 0
    for tree in COMPILED_TREES:
        for rel in python_files(tree):
            dest = os.path.join(BUILD, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            proc = subprocess.run([MPY_CROSS, "-o", dest, rel], cwd=ROOT,
                                  capture_output=True, text=True)
            count += 1
            if proc.returncode != 0:
                failures.append((rel, (proc.stderr or proc.stdout).strip()))
    for rel, msg in failures:
        print("mpy-cross FAILED: %s\n  %s" % (rel, msg.replace("\n", "\n  ")))
    print("mpy-cross: %d modules compiled, %d failed" % (count, len(failures)))
    return not failures


_SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")


def run_tests(files):
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join((os.path.relpath(BUILD, ROOT), "tests/portable", ".frozen"))
    total_p = total_f = 0
    for path in files:
        mod = os.path.splitext(os.path.basename(path))[0]
        try:
            proc = subprocess.run([MICROPYTHON, "-X", "heapsize=" + HEAP, "tests/mp_runner.py", mod],
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
        print("micropython %-40s %d passed, %d failed" % (mod, p, f))
        if f:
            print("  " + "\n  ".join(lines[-40:]))
    return total_p, total_f


def main(argv):
    if not (os.path.exists(MICROPYTHON) and os.path.exists(MPY_CROSS)):
        print("micropython/mpy-cross not found next to %s: run `make test` (it installs them)" % sys.executable)
        return 2
    ok = compile_all()
    files = argv or sorted(os.path.join("tests/portable", f) for f in os.listdir(os.path.join(ROOT, "tests/portable"))
                           if f.startswith("test_") and f.endswith(".py"))
    p, f = run_tests(files)
    print("MicroPython (-X heapsize=%s): %d files" % (HEAP, len(files)))
    print("%d passed, %d failed" % (p, f))
    return 0 if ok and f == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

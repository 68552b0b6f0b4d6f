"""Memory per supported board under the CircuitPython 10 port (issue 14, points 5 and 7).

The session is bench_firmware's: the whole app (screens, session, saves, tower, keys, the
engine) with small fakes for keys, clock, LEDs and flash, playing a Global 1940 game: new game,
a purchase, ten phases, then a battle on the battle board with its live odds, fought to the end
and left. It runs under ../shared/circuitpython/circuitpython-unix (32-bit, float32, the heap
and garbage collector of a board) with the modules compiled by CircuitPython's mpy-cross.

How each figure is measured (gc.mem_free() after gc.collect(), on a 4 MB heap so nothing fails):
  import .py / .mpy   heap in use after importing the app's and engine's modules the session
                      uses, from source (compiled on the board) or from .mpy files
  round .mpy / .py    the most heap in use at any press of the session (start - lowest free),
                      everything loaded from .mpy (as `make device` copies it) or from .py
  engine frozen       what a CircuitPython image with engine_core/ and board_defs/ frozen in
                      needs: the heap in use by the session after the engine's modules were
                      imported (its bytecode already in place), plus what executing those
                      modules' bodies allocates (module dicts, functions, classes, tables: RAM
                      on a board even when the bytecode is frozen; measured by executing each
                      module's source again into a fresh dict). The unix port cannot freeze
                      modules, so this is the closest measurement: bytecode, raw code and the
                      constants loaded with it are what freezing moves to flash.
  all frozen          the same with firmware/ frozen too
Per board: free heap at start is the profile's HEAP_BUDGET (free heap at code.py start on the
board); margin = free at start - peak of the way the board ships (tools/frozen_manifest.py:
frozen builds use "engine frozen", boards with copied files "round .mpy"). A board that ships
with copied files also runs the session at its own heap (-X heapsize=HEAP_BUDGET).
Without the port it says so and exits 0. Nothing asserts a size: the README's table comes from here.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bench_firmware  # noqa: E402
import cpgate  # noqa: E402
import frozen_manifest  # noqa: E402
import mpgate  # noqa: E402

BIG = "4M"
TIMEOUT = 30
EMPTY = tempfile.mkdtemp(prefix="cpy_memory_")
atexit.register(shutil.rmtree, EMPTY, True)
EDITION = ("global_1940", 4, 10)

# Prepended to bench_firmware's session script: imports PRELOAD (measured), then executes the
# source of each module of EXEC into a fresh dict (measured), drops those copies, then the session.
PREAMBLE = r"""
import gc, sys
gc.collect()
_S0 = gc.mem_free()
for _m in PRELOAD:
    __import__(_m)
gc.collect()
_S1 = gc.mem_free()
_E = 0
for _m, _p in EXEC:
    _f = open(_p)
    _c = compile(_f.read(), _p, "exec")
    _f.close()
    gc.collect()
    _f0 = gc.mem_free()
    _d = {"__name__": _m}
    if _p.endswith("__init__.py"):
        _d["__path__"] = _p[:-12]
    exec(_c, _d)
    gc.collect()
    _E += _f0 - gc.mem_free()
    _d = _c = None
gc.collect()
print("PRE", _S0, _S1, _E)
"""
TAIL = r"""
_seen = sorted(k for k in sys.modules)
print("MODULES", " ".join(_seen))
"""


def module_path(name):
    """The source of module `name`, or None (a package folder without __init__.py has no body)."""
    p = os.path.join(ROOT, *name.split("."))
    for cand in (p + ".py", os.path.join(p, "__init__.py")):
        if os.path.exists(cand):
            return cand
    return None


def run(script, path, heap):
    # cwd: an empty folder (the interpreter looks in '' first: the project's .py must not be found there)
    try:  # a session starved of heap can loop (a screen's MemoryError caught, the script pressing on)
        proc = subprocess.run([cpgate.CIRCUITPYTHON, "-X", "heapsize=" + heap, "-c", script], cwd=EMPTY,
                              capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=path), timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "no end after %d s" % TIMEOUT
    vals = {}
    stages = []
    for line in proc.stdout.splitlines():
        parts = line.split()
        if parts and parts[0] == "STAGE":
            stages.append((parts[1], int(parts[2])))
        elif parts:
            vals[parts[0]] = parts[1:]
    if proc.returncode != 0 or "LOW" not in vals:
        err = (proc.stdout + proc.stderr).strip().splitlines()
        return None, (err[-1] if err else "exit %d" % proc.returncode)
    return (vals, stages), None


IMPORTS = r"""
import gc
for _m in MODS:
    __import__(_m)
gc.collect()
print("LOW", gc.mem_free())
print("PRE 0 0 0")
"""


def imports_script(mods):
    return ("MODS = %r\n" % (tuple(mods),)) + IMPORTS


def session_script(preload=(), execs=()):
    ed, index, rolls = EDITION
    body = bench_firmware.SCRIPT.replace("EDITION_INDEX", str(index)).replace("ROLLS", str(rolls))
    body = body.replace("PRELOAD", "0")
    return ("PRELOAD = %r\nEXEC = %r\n" % (tuple(preload), tuple(execs))) + PREAMBLE + body + TAIL


def _outcome(res):
    """What a run did: the battle's rounds, the game's round and power, bytes saved, screen errors.
    A run on a small heap counts only if it did exactly what the run on a big heap did (the app
    catches a MemoryError in a screen and carries on: such a run is not a run of the session)."""
    vals = res[0]
    return tuple(vals.get("BATTLE", ["-"])[:1]) + tuple(vals.get("SUMMARY", ()))


def smallest_heap(script, path):
    """The smallest -X heapsize (KB, 4 KB steps) at which `script` does what it does on a big heap."""
    ref, _err = run(script, path, BIG)
    if ref is None or ref[0].get("SUMMARY", ["0"])[-1] != "0":
        return None

    def ok(kb):
        res = run(script, path, "%dK" % kb)[0]
        return res is not None and _outcome(res) == _outcome(ref)
    lo, hi = 16, 4096
    while hi - lo > 4:
        mid = (lo + hi) // 8 * 4
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi * 1024


def kb(n):
    return "%d KB" % ((n + 512) // 1024) if n is not None else "?"


def main():
    why = cpgate.missing()
    if why:
        print("bench_cpy_memory skipped: %s (no CircuitPython port: no board memory figures)" % why)
        return 0
    from firmware import hardware
    with tempfile.TemporaryDirectory() as tmp:
        cpy = os.path.join(tmp, "cpy")
        mpgate.compile_all(cross=cpgate.CP_MPY_CROSS, build=cpy, trees=cpgate.DEVICE_TREES, skip=cpgate.HOST_ONLY,
                           label="CircuitPython mpy-cross")
        paths = (("py", ROOT), ("mpy", cpy))
        res, err = run(session_script(), cpy, BIG)
        if res is None:
            print("session from .mpy FAILED: %s" % err)
            return 1
        if res[0]["BATTLE"][0] == "-1" or res[0]["SUMMARY"][-1] != "0":
            print("the session did not fight its battle (or a screen failed): battle rounds %s, screen errors %s; "
                  "bench_firmware's key presses no longer match the screens" % (res[0]["BATTLE"][0],
                                                                                  res[0]["SUMMARY"][-1]))
            return 1
        # every module the session had loaded at a key press (the battle's, unloaded after it, too) or at
        # its end: not the session's other lazily loaded screens (a raid's, a rocket's), which it never used
        seen = res[0].get("MODS", []) + res[0]["MODULES"]
        used = sorted(set(m for m in seen if m.split(".")[0] in ("engine_core", "board_defs", "firmware")))
        engine = [m for m in used if m.split(".")[0] in ("engine_core", "board_defs")]
        shipped_frozen = [m for m in used if m.split(".")[0] in frozen_manifest.FROZEN_TREES]
        need = {}
        for label, path in paths:
            need["imports " + label] = smallest_heap(imports_script(used), path)
            need["round " + label] = smallest_heap(session_script(), path)
        # frozen: the bytecode of the frozen modules (import cost minus what executing their
        # bodies allocates) is taken off the smallest heap of the session with them preloaded
        for label, mods in (("engine frozen", engine), ("all frozen", used), ("manifest", shipped_frozen)):
            execs = [(m, module_path(m)) for m in mods if module_path(m)]
            r, err = run(session_script(mods, execs), cpy, BIG)
            h = smallest_heap(session_script(mods), cpy)
            if r is None or h is None:
                need[label] = None
                print("%s: FAILED %s" % (label, err))
                continue
            s0, s1, e = (int(x) for x in r[0]["PRE"])
            need[label] = h - ((s0 - s1) - e)
            need[label + " bytecode"] = (s0 - s1) - e
        print("CircuitPython 10 port (32-bit, float32), Global 1940: new game, purchase, 10 phases, a battle with")
        print("live odds fought to its end; smallest -X heapsize that runs it (4 KB steps):")
        print("  modules used: %d, of them %d of engine_core/board_defs" % (len(used), len(engine)))
        print("  import the app and the engine:  from .py %8s   from CircuitPython .mpy %8s"
              % (kb(need["imports py"]), kb(need["imports mpy"])))
        print("  the Global 1940 round + battle: from .py %8s   from CircuitPython .mpy %8s"
              % (kb(need["round py"]), kb(need["round mpy"])))
        print("  engine_core + board_defs frozen %8s   (their bytecode, %s, in flash)"
              % (kb(need["engine frozen"]), kb(need.get("engine frozen bytecode"))))
        print("  everything frozen               %8s   (bytecode %s in flash)"
              % (kb(need["all frozen"]), kb(need.get("all frozen bytecode"))))
        print()
        print("| board | ships as | free heap at start | peak: G40 round with a battle | margin |")
        print("|---|---|---|---|---|")
        for name in hardware.PROFILES:
            how = frozen_manifest.shipped_as(name)
            if how == frozen_manifest.NOT_CIRCUITPYTHON:
                continue
            budget = hardware.load(name).HEAP_BUDGET
            if how == frozen_manifest.FROZEN:
                peak = need["manifest"]
                kind = "custom image with %s frozen (tools/frozen_manifest.py)" % ", ".join(frozen_manifest.FROZEN_TREES)
            else:
                peak = need["round mpy"]
                kind = "stock CircuitPython, everything copied as .mpy"
            if peak is None:
                print("| %s | %s | %s | ? | ? |" % (name, kind, kb(budget)))
                continue
            print("| %s | %s | %s | %s | %s%s (%s) |" % (name, kind, kb(budget), kb(peak),
                                                        "+" if budget >= peak else "-", kb(abs(budget - peak)),
                                                        "fits" if peak <= budget else "DOES NOT FIT"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

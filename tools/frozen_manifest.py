"""How each hardware profile ships, and the frozen-module manifest of the frozen builds.

The PyBadge/PyGamer and the Raspberry Pi Pico do not have the heap to load the app's and the
engine's bytecode next to a game (bench/bench_cpy_memory.py measures it under the CircuitPython
port: a Global 1940 round with a battle needs about 336 KB from .mpy files, 234 KB with only
engine_core/ and board_defs/ frozen, 150 KB with firmware/ frozen too): they are frozen-build
targets. Their CircuitPython image is built from source with engine_core/, board_defs/ and
firmware/ frozen in (the bytecode then runs from flash); the drive gets code.py, boot.py,
settings.toml and lib/ (`make device`). Every other CircuitPython profile runs stock
CircuitPython with everything copied (`make device`).

    python tools/frozen_manifest.py                 the table: profile, how it ships, frozen modules
    python tools/frozen_manifest.py pybadge DIR     stages the frozen modules of `pybadge` in DIR
                                                    (DIR/engine_core/..., DIR/board_defs/...) and prints
                                                    the line for the board's mpconfigboard.mk

CircuitPython freezes each folder named in FROZEN_MPY_DIRS with the packages inside it
(DIR/engine_core -> `import engine_core`); that folder is what the second form stages.
"""
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FROZEN = "frozen"      # custom CircuitPython image with FROZEN_TREES frozen in; the rest copied
FILES = "files"        # stock CircuitPython, everything copied to the drive (make device)
NOT_CIRCUITPYTHON = "not circuitpython"

FROZEN_PROFILES = ("pybadge", "pico_st7789")
OTHER_RUNTIMES = ("rpi_blinka", "sim")   # CPython with Blinka; the host simulator
FROZEN_TREES = ("engine_core", "board_defs", "firmware")
# never frozen: host-only modules, and code.py/boot.py (CircuitPython runs them from the drive)
HOST_ONLY = ("engine_core/host/", "engine_core/__main__.py", "firmware/code.py", "firmware/boot.py",
             "firmware/hardware/sim.py", "firmware/hardware/rpi_blinka.py")


def shipped_as(profile):
    """FROZEN, FILES or NOT_CIRCUITPYTHON for a hardware profile name."""
    if profile in FROZEN_PROFILES:
        return FROZEN
    if profile in OTHER_RUNTIMES:
        return NOT_CIRCUITPYTHON
    return FILES


def frozen_modules(profile):
    """The .py files (relative to the project) frozen into `profile`'s image; () if none."""
    if shipped_as(profile) != FROZEN:
        return ()
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mpgate
    out = []
    for tree in FROZEN_TREES:
        out.extend(mpgate.python_files(tree, HOST_ONLY))
    return tuple(out)


def frozen_size(profile):
    """Bytes of CircuitPython .mpy of `profile`'s frozen modules (about what they add to the image's
    flash), or None without CircuitPython's mpy-cross."""
    import subprocess
    import tempfile
    cp_dir = os.environ.get("ADJUTANT_CIRCUITPYTHON") or os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")
    cross = os.path.join(cp_dir, "mpy-cross")
    if not os.path.exists(cross):
        return None
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, rel in enumerate(frozen_modules(profile)):
            out = os.path.join(tmp, "%d.mpy" % i)
            subprocess.run([cross, "-o", out, os.path.join(ROOT, rel)], check=True, capture_output=True)
            total += os.path.getsize(out)
    return total


def stage(profile, dest):
    """Copies `profile`'s frozen modules into `dest` (the folder FROZEN_MPY_DIRS names)."""
    files = frozen_modules(profile)
    if not files:
        raise SystemExit("%s is not a frozen-build profile (frozen builds: %s)" % (profile, ", ".join(FROZEN_PROFILES)))
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    for rel in files:
        os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), os.path.join(dest, rel))
    return files


def main(argv):
    sys.path.insert(0, ROOT)
    from firmware import hardware
    if not argv:
        for name in hardware.PROFILES:
            how = shipped_as(name)
            extra = ""
            if how == FROZEN:
                size = frozen_size(name)
                extra = ": %d modules of %s frozen%s" % (
                    len(frozen_modules(name)), ", ".join(FROZEN_TREES),
                    "" if size is None else ", %d KB of CircuitPython .mpy added to the image's flash" % (size // 1024))
            print("%-14s %s%s" % (name, how, extra))
        return 0
    profile, dest = argv[0], argv[1]
    files = stage(profile, os.path.abspath(dest))
    print("staged %d modules in %s" % (len(files), os.path.abspath(dest)))
    print("add to ports/<port>/boards/<board>/mpconfigboard.mk:")
    print("FROZEN_MPY_DIRS += %s" % os.path.abspath(dest))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

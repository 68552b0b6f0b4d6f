"""`make device BOARD=<profile>`: builds build/CIRCUITPY/, exactly what to copy to the board's drive.

    code.py, boot.py          firmware/code.py and firmware/boot.py (CircuitPython runs only .py here)
    firmware/                 the app (without code.py and boot.py; the CircuitPython profiles only)
    engine_core/, board_defs/ the engine (without engine_core/host/ and __main__.py)
                              A frozen build (tools/frozen_manifest.py: PyBadge, Pico) has firmware/,
                              engine_core/ and board_defs/ in its CircuitPython image, not on the drive:
                              a copy there would be imported instead (sys.path puts '/' before '.frozen')
    lib/                      the Adafruit libraries the app imports, from the pinned packages in .venv
    settings.toml             ADJUTANT_HARDWARE = "<profile>"

Modules go as CircuitPython .mpy (CircuitPython's own mpy-cross from ../shared/circuitpython, or
ADJUTANT_CIRCUITPYTHON) when that compiler is present, else as .py. The libraries needed are found
by following the imports of everything copied: an import that is neither a file of the tree nor a
CircuitPython core module must be a module of the pinned packages, copied with what it imports.

Usage: python tools/device.py BOARD [--out DIR] [--py]
"""
import ast
import os
import shutil
import subprocess
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import frozen_manifest  # noqa: E402
import mpgate  # noqa: E402

ROOT = mpgate.ROOT
OUT = os.path.join(ROOT, "build", "CIRCUITPY")
CP_DIR = os.environ.get("ADJUTANT_CIRCUITPYTHON") or os.path.join(os.path.dirname(ROOT), "shared", "circuitpython")
CP_MPY_CROSS = os.path.join(CP_DIR, "mpy-cross")
SITE = sysconfig.get_paths()["purelib"]

# Modules built into CircuitPython 10 on the supported boards (SAMD51, RP2040/RP2350, ESP32-S3):
# the app and its libraries may import these without a file on the drive.
CORE = frozenset((
    "adafruit_pixelbuf", "analogio", "array", "audiocore", "audioio", "audiomixer", "audiopwmio", "binascii",
    "bitmaptools", "board", "busdisplay", "busio", "collections", "digitalio", "displayio", "errno", "fontio",
    "fourwire", "gc", "hashlib", "io", "json", "keypad", "math", "microcontroller", "micropython",
    "neopixel_write", "os", "pwmio", "random", "re", "rtc", "storage", "struct", "supervisor", "sys",
    "terminalio", "time", "usb_cdc", "zlib",
))
APP_TREES = ("firmware", "engine_core", "board_defs")
ROOT_FILES = ("firmware/code.py", "firmware/boot.py")


def profiles():
    sys.path.insert(0, ROOT)
    from firmware import hardware
    return tuple(hardware.PROFILES)


def app_files(board):
    """(source relative to ROOT, destination relative to the drive) of the app, engine and data."""
    out = [(rel, os.path.basename(rel)) for rel in ROOT_FILES]
    frozen = frozen_manifest.shipped_as(board) == frozen_manifest.FROZEN
    skip = set(frozen_manifest.HOST_ONLY) | set(ROOT_FILES)
    for name in profiles():  # profiles of other runtimes (Blinka, the simulator) stay home
        if frozen_manifest.shipped_as(name) == frozen_manifest.NOT_CIRCUITPYTHON:
            skip.add("firmware/hardware/%s.py" % name)
    for tree in APP_TREES:
        if frozen and tree in frozen_manifest.FROZEN_TREES:
            continue
        for rel in mpgate.python_files(tree, skip):
            out.append((rel, rel))
    return out


_FAMILIES = {}


def profile_family(board):
    """`board` and the profiles its module imports (a profile may re-export another's set-up)."""
    if board in _FAMILIES:
        return _FAMILIES[board]
    out = set()
    todo = [board]
    while todo:
        name = todo.pop()
        if name in out:
            continue
        out.add(name)
        path = os.path.join(ROOT, "firmware", "hardware", name + ".py")
        for node in ast.walk(ast.parse(open(path).read(), path)):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level == 1 and not mod:
                    todo += [a.name for a in node.names]
                elif node.level == 1 or mod.startswith("firmware.hardware."):
                    todo.append(mod.split(".")[-1])
    _FAMILIES[board] = out
    return out


def imports(path, board=None):
    """Absolute module names imported by the source file `path` (at any depth), except imports
    inside a `try` that catches ImportError (optional by design) and, in a hardware profile other
    than `board`'s, everything (it only runs on its own board). Relative imports resolved."""
    rel = os.path.relpath(path, ROOT)
    parts = rel.replace(os.sep, "/").split("/")
    if board and len(parts) == 3 and parts[:2] == ["firmware", "hardware"] and parts[2] != "__init__.py" and \
            parts[2][:-3] not in profile_family(board):
        return set()
    tree = ast.parse(open(path).read(), path)
    optional = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try):
            names = []
            for h in node.handlers:
                t = h.type
                names += [e.id for e in (t.elts if isinstance(t, ast.Tuple) else [t]) if isinstance(e, ast.Name)]
            if "ImportError" in names or "Exception" in names:
                for sub in node.body:
                    for inner in ast.walk(sub):
                        optional.add(id(inner))
    package = parts[:-1]  # a module's package; an __init__.py's own package
    found = set()
    for node in ast.walk(tree):
        if id(node) in optional:
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                found.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            found.add(mod)
            for a in node.names:  # `from pkg import submodule`
                found.add(mod + "." + a.name)
    if board and parts[-2:] == ["hardware", "__init__.py"]:  # its load(name) imports every profile: ours counts
        family = profile_family(board)
        found = set(m for m in found if not m.startswith("firmware.hardware.") or m.split(".")[2] in family)
    return found


def module_file(name, base):
    """The .py file of module `name` under `base` (module.py or package/__init__.py), or None."""
    p = os.path.join(base, *name.split("."))
    for cand in (p + ".py", os.path.join(p, "__init__.py")):
        if os.path.isfile(cand):
            return cand
    return None


def plan(board):
    """[(source path, destination relative to the drive)] and the names found nowhere."""
    files = [(os.path.join(ROOT, src), dst) for src, dst in app_files(board)]
    on_drive = set(dst for _s, dst in files)
    frozen = frozen_manifest.FROZEN_TREES if frozen_manifest.shipped_as(board) == frozen_manifest.FROZEN else ()
    missing = set()
    todo = list(files)
    if frozen:  # the frozen modules run on the board too: the libraries they import go to lib/
        todo += [(os.path.join(ROOT, rel), None) for rel in frozen_manifest.frozen_modules(board)]
    seen = set()
    while todo:
        src, dst = todo.pop()
        for name in sorted(imports(src, board)):
            top = name.split(".")[0]
            if top in CORE or name in seen:
                continue
            if os.path.isdir(os.path.join(ROOT, *name.split("."))) and top in APP_TREES:
                continue  # a package folder (MicroPython imports one without __init__.py too)
            seen.add(name)
            if top in frozen:
                if module_file(name, ROOT) is None and "." not in name[len(top):].strip("."):
                    missing.add(name)
                continue
            local = module_file(name, ROOT)
            if local is not None and os.path.relpath(local, ROOT).replace(os.sep, "/") in on_drive:
                continue
            if local is not None and os.path.relpath(local, ROOT).split(os.sep)[0] in APP_TREES:
                continue  # `from pkg import name` where name is not a module
            lib = module_file(name, SITE)
            if lib is not None:
                d = "lib/" + os.path.relpath(lib, SITE).replace(os.sep, "/")
                if d not in on_drive:
                    on_drive.add(d)
                    files.append((lib, d))
                    todo.append((lib, d))
                continue
            parent = name.rsplit(".", 1)[0] if "." in name else None
            if parent and (module_file(parent, SITE) or module_file(parent, ROOT) or parent.split(".")[0] in CORE):
                continue  # `from module import attribute`
            missing.add(name)
    return sorted(files, key=lambda f: f[1]), sorted(missing)


def build(board, out=OUT, compiled=None):
    """Writes the drive's tree for `board` into `out` (emptied first). Returns (files, compiled?)."""
    if board not in profiles():
        raise SystemExit("no hardware profile named %r (profiles: %s)" % (board, ", ".join(profiles())))
    if frozen_manifest.shipped_as(board) == frozen_manifest.NOT_CIRCUITPYTHON:
        raise SystemExit("%s does not run CircuitPython: nothing to copy to a CIRCUITPY drive" % board)
    if compiled is None:
        compiled = os.path.exists(CP_MPY_CROSS)
    files, missing = plan(board)
    if missing:
        raise SystemExit("imports satisfied by no file and no CircuitPython core module: " + ", ".join(missing))
    if os.path.isdir(out):
        shutil.rmtree(out)
    written = []
    for src, dst in files:
        target = os.path.join(out, dst)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if compiled and "/" in dst:  # code.py and boot.py stay source
            target = target[:-3] + ".mpy"
            proc = subprocess.run([CP_MPY_CROSS, "-o", target, "-s", dst, src], capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit("mpy-cross failed on %s: %s" % (dst, (proc.stderr or proc.stdout).strip()))
            written.append(dst[:-3] + ".mpy")
        else:
            shutil.copyfile(src, target)
            written.append(dst)
    with open(os.path.join(out, "settings.toml"), "w") as f:
        f.write('# the hardware profile of this device (firmware/hardware/%s)\nADJUTANT_HARDWARE = "%s"\n'
                % (board, board))
    written.append("settings.toml")
    return written, compiled


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__.strip().splitlines()[-1])
        return 2
    board = argv[0]
    out = argv[argv.index("--out") + 1] if "--out" in argv else OUT
    written, compiled = build(board, out, compiled=False if "--py" in argv else None)
    how = "CircuitPython .mpy" if compiled else ".py (no CircuitPython mpy-cross at %s)" % os.path.relpath(CP_MPY_CROSS, ROOT)
    print("%s: %d files in %s, modules as %s" % (board, len(written), os.path.relpath(out, ROOT), how))
    if frozen_manifest.shipped_as(board) == frozen_manifest.FROZEN:
        print("%s is a frozen build: %s are not on the drive; flash a CircuitPython image built with them "
              "frozen in (python tools/frozen_manifest.py %s DIR)" % (board, ", ".join(frozen_manifest.FROZEN_TREES), board))
    print("copy everything in %s to the CIRCUITPY drive (hold back at reset so it is writable), then reset" %
          os.path.relpath(out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

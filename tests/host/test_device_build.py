"""`make device BOARD=<profile>` (issue 14, point 4): build/CIRCUITPY/ is exactly what to copy to the
board's drive. For every CircuitPython profile the tree is built into a temp dir and checked here
independently of tools/device.py: code.py and boot.py at the top, settings.toml naming the profile,
no host-only file, every import of the app (and of the libraries it copies) satisfied by a file
in the tree or by a CircuitPython core module, CircuitPython .mpy files (header byte 'C') when the
CircuitPython compiler is present, and the app importing from those files under the CircuitPython
port. A frozen build (PyBadge, Pico) has neither app nor engine on the drive: its image carries them."""
import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import device  # noqa: E402
import frozen_manifest  # noqa: E402
from firmware import hardware  # noqa: E402

BOARDS = [p for p in hardware.PROFILES if frozen_manifest.shipped_as(p) != frozen_manifest.NOT_CIRCUITPYTHON]
CP = os.path.join(device.CP_DIR, "circuitpython-unix")
HOST_ONLY = ("engine_core/host/", "engine_core/__main__.py", "host_sim/", "tests/", "tools/", "bench/",
             "firmware/hardware/sim.", "firmware/hardware/rpi_blinka.")


def _tree(out):
    files = []
    for base, dirs, names in os.walk(out):
        for n in names:
            files.append(os.path.relpath(os.path.join(base, n), out).replace(os.sep, "/"))
    return sorted(files)


def _source(rel):
    """The source a file of the drive was made from (the project, or the pinned packages for lib/)."""
    if rel.startswith("frozen:"):
        return os.path.join(ROOT, rel[7:])
    stem = rel[:-4] + ".py" if rel.endswith(".mpy") else rel
    if stem in ("code.py", "boot.py"):
        return os.path.join(ROOT, "firmware", stem)
    if stem.startswith("lib/"):
        return os.path.join(device.SITE, stem[4:])
    return os.path.join(ROOT, stem)


def _optional(tree):
    """Nodes inside a try that catches ImportError (or Exception): imports allowed to fail."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id in ("ImportError", "Exception") for h in node.handlers):
            for sub in node.body:
                out.update(id(n) for n in ast.walk(sub))
    return out


def _family(board):
    """The board's profile and the profiles it imports (pico_plus2_lcd re-exports pico_st7789's set-up)."""
    out, todo = set(), [board]
    while todo:
        name = todo.pop()
        if name not in out:
            out.add(name)
            src = open(os.path.join(ROOT, "firmware", "hardware", name + ".py")).read()
            for node in ast.walk(ast.parse(src)):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("firmware.hardware."):
                    todo.append(node.module.split(".")[2])
                elif isinstance(node, ast.ImportFrom) and node.level == 1:
                    todo += [node.module] if node.module else [a.name for a in node.names]
    return out


def _resolves(name, files, engine_elsewhere):
    parts = name.split(".")
    if parts[0] in device.CORE or (engine_elsewhere and parts[0] in frozen_manifest.FROZEN_TREES):
        return True
    for base in ("", "lib/"):
        p = base + "/".join(parts)
        if any(f.startswith(p + "/") for f in files):          # a package folder
            return True
        for ext in (".py", ".mpy"):
            if p + ext in files:
                return True
    return False


@pytest.mark.parametrize("board", BOARDS)
def test_drive_tree(board, tmp_path):
    out = str(tmp_path / "CIRCUITPY")
    written, compiled = device.build(board, out)
    files = _tree(out)
    assert files == sorted(written)
    assert "code.py" in files and "boot.py" in files
    with open(os.path.join(out, "settings.toml")) as f:
        assert 'ADJUTANT_HARDWARE = "%s"' % board in f.read()
    for rel in files:
        assert not any(rel.startswith(h) for h in HOST_ONLY), rel
    frozen = frozen_manifest.shipped_as(board) == frozen_manifest.FROZEN
    assert ("firmware/hardware/%s.%s" % (board, "mpy" if compiled else "py") in files) == (not frozen)
    for tree in ("engine_core", "board_defs", "firmware"):
        assert any(f.startswith(tree + "/") for f in files) == (not frozen or tree not in frozen_manifest.FROZEN_TREES)
    assert compiled == os.path.exists(device.CP_MPY_CROSS)
    for rel in files:
        if rel.endswith(".mpy"):
            with open(os.path.join(out, rel), "rb") as f:
                assert f.read(2) == b"C\x06", rel   # CircuitPython's .mpy (MicroPython's starts with 'M')
        elif rel.endswith(".py"):
            assert rel in ("code.py", "boot.py") or not compiled, rel
    # every import satisfied, of the files on the drive and of the modules frozen into the image
    # (other boards' profiles only run on their own boards)
    family = _family(board)
    for rel in files + ["frozen:" + f for f in frozen_manifest.frozen_modules(board)]:
        if not rel.endswith((".py", ".mpy")):
            continue
        src = _source(rel)
        rel = rel.replace("frozen:", "")
        if rel.startswith("firmware/hardware/") and not rel.startswith("firmware/hardware/__init__.") and \
                rel.split("/")[2].split(".")[0] not in family:
            continue
        tree = ast.parse(open(src).read())
        skip = _optional(tree)
        pkg = os.path.dirname(rel).replace("/", ".")
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1]
                    if base and base[0] == "lib":
                        base = base[1:]
                    mod = ".".join(base + ([mod] if mod else []))
                if mod == "firmware.hardware" or rel.startswith("firmware/hardware/__init__"):
                    names = [mod + "." + a.name for a in node.names if a.name in family] or [mod]
                else:
                    names = [mod]
            else:
                continue
            for name in names:
                assert _resolves(name, files, frozen), "%s imports %s: not on the drive" % (rel, name)


@pytest.mark.skipif(not os.path.exists(CP), reason="no CircuitPython port at ../shared/circuitpython")
@pytest.mark.parametrize("board", BOARDS)
def test_app_imports_from_the_drive(board, tmp_path):
    """The app's modules load from the drive's .mpy files under the CircuitPython port (a frozen
    build's app and engine come from the project's sources here, as from the image on the board)."""
    out = str(tmp_path / "CIRCUITPY")
    device.build(board, out)
    path = [out, os.path.join(out, "lib")] + ([ROOT] if frozen_manifest.shipped_as(board) == "frozen" else [])
    code = ("from firmware.app import App\nfrom firmware.hardware import %s as p\n"
            "import firmware.screens.battle, firmware.screens.game, firmware.screens.turn\n"
            "print(p.NAME, App.__name__)" % board)
    proc = subprocess.run([CP, "-X", "heapsize=4M", "-c", code], cwd=out, capture_output=True, text=True,
                          env=dict(os.environ, MICROPYPATH=":".join(path)), timeout=300)
    assert proc.stdout.split() == [board, "App"], proc.stdout + proc.stderr


def test_py_when_no_compiler(tmp_path):
    """Without CircuitPython's mpy-cross the drive gets .py files (CircuitPython runs them)."""
    out = str(tmp_path / "CIRCUITPY")
    written, compiled = device.build(BOARDS[0], out, compiled=False)
    assert not compiled and not any(f.endswith(".mpy") for f in written)
    assert "lib/neopixel.py" in written


def test_not_a_circuitpython_profile(tmp_path):
    """The simulator's and the Raspberry Pi's profiles have no CIRCUITPY drive: refused, nothing written."""
    out = str(tmp_path / "CIRCUITPY")
    for name in ("sim", "rpi_blinka"):
        with pytest.raises(SystemExit) as e:
            device.build(name, out)
        assert "does not run CircuitPython" in str(e.value)
        assert not os.path.exists(out)


def test_copied_files_build(monkeypatch, tmp_path):
    """A board that runs stock CircuitPython with copied files (the PSRAM handheld's way) gets the app
    and the engine on the drive: the same checks with the Pico's profile shipped that way."""
    monkeypatch.setattr(frozen_manifest, "FROZEN_PROFILES", ())
    test_drive_tree("pico_st7789", tmp_path)
    if os.path.exists(CP):
        test_app_imports_from_the_drive("pico_st7789", tmp_path / "second")

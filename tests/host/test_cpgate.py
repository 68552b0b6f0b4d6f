"""The CircuitPython gate's edges (issue 14, point 3): on a machine without ../shared/circuitpython it
prints one line saying it was skipped and why and succeeds; it compiles every device module and
none of the host-only ones; its heap is the smallest HEAP_BUDGET of the boards that run the engine
from copied files (the frozen builds run it from flash)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import cpgate  # noqa: E402
import frozen_manifest  # noqa: E402
import mpgate  # noqa: E402
from firmware import hardware  # noqa: E402


def test_skipped_in_one_line_without_the_tools(tmp_path):
    env = dict(os.environ, ADJUTANT_CIRCUITPYTHON=str(tmp_path / "nowhere"))
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "cpgate.py")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0 and proc.stderr == ""
    assert len(lines) == 1 and lines[0].startswith("CircuitPython gate skipped: ") and "not found" in lines[0]
    assert not os.path.exists(tmp_path / "nowhere")


def test_device_modules_only():
    files = []
    for tree in cpgate.DEVICE_TREES:
        files += mpgate.python_files(tree, cpgate.HOST_ONLY)
    assert "engine_core/errors.py" in files and "firmware/app.py" in files
    assert any(f.startswith("board_defs/global_1940/") for f in files)
    assert not any(f.startswith("engine_core/host/") or f == "engine_core/__main__.py" for f in files)
    every = []
    for tree in cpgate.DEVICE_TREES:
        every += mpgate.python_files(tree)
    assert len(every) - len(files) == len([f for f in every if f.startswith("engine_core/host/")]) + 1


def test_heap_of_the_smallest_board_with_copied_files():
    budgets = [hardware.load(p).HEAP_BUDGET for p in hardware.PROFILES
               if frozen_manifest.shipped_as(p) == frozen_manifest.FILES]
    heap, why = cpgate.gate_heap()
    if budgets:
        assert heap == str(min(budgets)) and "copied" in why
    else:
        assert heap == mpgate.HEAP
    for p in frozen_manifest.FROZEN_PROFILES:
        assert frozen_manifest.shipped_as(p) == frozen_manifest.FROZEN

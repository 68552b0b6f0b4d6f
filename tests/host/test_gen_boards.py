"""The generator reproduces the committed board data, and its constants match the loader.

Host only (reads ../shared when present; skipped otherwise, since the project must test
without it).
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(os.path.dirname(ROOT), "shared", "data", "boards")
sys.path.insert(0, os.path.join(ROOT, "tools"))


def test_generator_constants_match_loader():
    """P40-P-38 (island flag), P40-E-70 (Dutch kind) ...: the generator writes the bits the
    loader reads."""
    import gen_boards
    from engine_core import board
    for name in ("F_SEA", "F_ISLAND", "F_COASTAL", "F_VICTORY", "F_CONVOY", "F_KAMIKAZE",
                 "F_IMPASSABLE", "F_CAPITAL", "F2_PACIFIC_MAP", "F2_ORIGINAL_IC", "FAC_IC",
                 "FAC_MAJOR", "FAC_MINOR", "FAC_AIR_BASE", "FAC_NAVAL_BASE", "WHO_AXIS",
                 "WHO_ALLIES"):
        assert getattr(gen_boards, name) == getattr(board, name), name
    assert gen_boards.NK["strict_neutral"] == board.NK_STRICT
    assert gen_boards.NK["pro_axis"] == board.NK_PRO_AXIS
    assert gen_boards.NK["pro_allies"] == board.NK_PRO_ALLIES
    assert gen_boards.NK["unowned_neutral"] == board.NK_UNOWNED
    assert gen_boards.NK["dutch"] == board.NK_DUTCH
    assert gen_boards.NK["french"] == board.NK_FRENCH
    assert gen_boards.NK["soviet"] == board.NK_SOVIET
    assert gen_boards.EDITIONS + ("global_1940_variant",) == board.EDITIONS


@pytest.mark.skipif(not os.path.isdir(SRC), reason="../shared/data/boards not available")
def test_committed_files_are_regenerated_exactly():
    """G40-G-04, P40-G-05: the generator (with its rulebook income assertions) runs and the
    committed map.py / objectives.py files are exactly its output."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_boards.py"),
                          "--check"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _imports(text):
    return [ln for ln in text.splitlines()
            if ln.startswith("import ") or (ln.startswith("from ") and " import " in ln)]


def test_board_modules_import_nothing():
    """Board data modules are plain constants (STYLE habit 1: board_defs imports only
    engine_core constants; the generated ones import nothing)."""
    for ed in ("classic", "revised", "pacific_1940", "global_1940"):  # revised_lhtr and the variant share maps
        text = open(os.path.join(ROOT, "board_defs", ed, "map.py")).read()
        assert _imports(text) == []
    for ed in ("pacific_1940", "global_1940", "global_1940_variant"):
        text = open(os.path.join(ROOT, "board_defs", ed, "objectives.py")).read()
        assert _imports(text) == []

"""Text layout helpers of the device's screens (no display needed)."""

from firmware import ui
from firmware.screens.base import wrap


def test_grid_sizes_of_the_profiles():
    """P40-T-01: the turn's screens are laid out on 26x10, 40x11 and 26x10 (scale 2) grids."""
    assert ui.grid_size(160, 128) == (26, 10, 1)
    assert ui.grid_size(240, 135) == (40, 11, 1)
    assert ui.grid_size(320, 240) == (26, 10, 2)
    # a dense screen (the battle board) gets scale 1: 320x240 shows 53x20 cells, not 26x10 bigger
    assert ui.grid_size(320, 240, True) == (53, 20, 1)
    assert ui.grid_size(160, 128, True) == ui.grid_size(160, 128)


def test_pad_right_aligns_and_cuts_the_label_not_the_number():
    """P40-T-12: a treasury figure is never cut off, the label gives way."""
    assert ui.pad("Treasury", "26", 12) == "Treasury  26"
    assert ui.pad("mechanized infantry", "4 x10", 16) == "mechanized 4 x10"
    assert len(ui.pad("x" * 40, "123", 26)) == 26
    assert ui.pad("x" * 40, "123", 26).endswith(" 123")


def test_window_keeps_the_cursor_visible():
    """P40-T-11: a long unit list scrolls with the cursor."""
    assert ui.window(5, 4, 8) == 0
    assert ui.window(18, 0, 7) == 0
    assert ui.window(18, 10, 7) == 7
    assert ui.window(18, 17, 7) == 11


def test_wrap_never_exceeds_the_width():
    """P40-E-50: objective questions wrap onto lines of the screen's width."""
    text = "Is there at least one Japanese land unit in French Indo-China or Kwangtung?"
    for cols in (13, 26, 40):
        lines = wrap(text, cols)
        assert all(len(line) <= cols for line in lines)
        assert " ".join(lines) == text
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]


def test_textgrid_counts_changed_rows_and_cuts():
    """P40-T-01: the grid reports what it rewrote and any text it had to cut."""
    g = ui.TextGrid(160, 128)
    v = ui.View("Title", [("a", ui.NORMAL), ("b", ui.NORMAL)], "footer")
    g.show(v)
    first = g.updates
    g.show(v)
    assert g.updates == first  # nothing changed, nothing rewritten
    g.show(ui.View("Title", [("a", ui.NORMAL), ("c", ui.NORMAL)], "footer"))
    assert g.updates == first + 1
    assert g.cut == 0
    g.show(ui.View("Title", [("x" * 27, ui.NORMAL)], "f"))
    assert g.cut == 1
    g.show(ui.View("T", [("Treasury 1234", ui.BIG)] * 5, "f"))  # 5 big rows need 10 slots
    assert g.cut == 2

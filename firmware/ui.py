"""Text screens: a pure `View` (what to show) and a displayio `Grid` (how).

A screen returns a `View`: a title, body rows of (text, style) and a footer
of key hints. Views are plain data, so screens are tested on a PC without
displayio. `Grid` owns one label per row slot and updates a label only when
its text or style changed ("redraw only what changed").

The grid is the display cut into character cells of terminalio.FONT (6x12)
at scale 1, or scale 2 on displays 320 wide and more, so text stays
readable at arm's length: 160x128 -> 26x10, 240x135 -> 40x11, 320x240 at
scale 2 -> 26x10. Row 0 is the title bar, the last row the footer. A BIG
body row is drawn at twice the scale and takes two slots (half the
columns). Screens write rows no wider than `cols` (half for BIG); `fit()`
would cut longer text, and `Grid.cut` counts every cut so tests can assert
there are none.
"""

NORMAL = 0
SELECTED = 1
DIM = 2
TITLE = 3
GOOD = 4
BAD = 5
BIG = 6
FOOTER = 7

# (foreground, background or None) per style
COLOURS = (
    (0xFFFFFF, None),
    (0x000000, 0xFFD000),
    (0x808080, None),
    (0x000000, 0x40C0FF),
    (0x40FF40, None),
    (0xFF4040, None),
    (0xFFFFFF, None),
    (0xC0C0C0, 0x202020),
)

FONT_W = 6
FONT_H = 12


def grid_size(width, height):
    """(cols, rows, scale) of the character grid for a display."""
    scale = 2 if width >= 320 else 1
    return width // (FONT_W * scale), height // (FONT_H * scale), scale


def fit(text, cols):
    """`text` cut to `cols` characters (the last resort; views should fit)."""
    if len(text) <= cols:
        return text
    return text[:cols]


def pad(left, right, cols):
    """`left` and `right` on one line of `cols`, right-aligned; left is cut first."""
    room = cols - len(right)
    if room < 1:
        return fit(right, cols)
    if len(left) >= room:
        left = left[:room - 1]
    return left + " " * (room - len(left)) + right


def center(text, cols):
    if len(text) >= cols:
        return fit(text, cols)
    return " " * ((cols - len(text)) // 2) + text


class View:
    """What a screen shows: title, rows [(text, style)], footer."""

    def __init__(self, title, rows=None, footer=""):
        self.title = title
        self.rows = rows if rows is not None else []
        self.footer = footer

    def add(self, text, style=NORMAL):
        self.rows.append((text, style))
        return self

    def lines(self):
        """Every text line with its style (for tests and the text fallback)."""
        out = [(self.title, TITLE)]
        out.extend(self.rows)
        out.append((self.footer, FOOTER))
        return out


# Screens write footers with generic key names; the profile's KEY_LABELS give the
# names printed on the device's buttons.
_GENERIC = (("A", "select"), ("B", "back"), ("Start", "roll"))


def key_hints(footer, labels, cols):
    """'A:ok B:back' with the device's button names ('Enter:ok Esc:back'), fitted to cols."""
    if not labels:
        return footer
    names = {}
    for logical, printed in labels:
        names[logical] = printed
    out = []
    for token in footer.split(" "):
        i = token.find(":")
        if i > 0:
            key = token[:i]
            for generic, logical in _GENERIC:
                if key == generic and logical in names:
                    token = names[logical] + token[i:]
                    break
        out.append(token)
    while len(out) > 1 and len(" ".join(out)) > cols:
        out.pop()
    return " ".join(out)


def window(count, cursor, size):
    """First index of a `size`-row window over `count` items that shows `cursor`."""
    if count <= size:
        return 0
    first = cursor - size // 2
    if first < 0:
        first = 0
    if first > count - size:
        first = count - size
    return first


def slots_used(view):
    n = 0
    for _text, style in view.rows:
        n += 2 if style == BIG else 1
    return n


class Grid:
    """One displayio label per row slot, updated only when changed."""

    def __init__(self, display, width, height):
        import displayio
        import terminalio
        from adafruit_display_text import label

        self.cols, self.rows, self.scale = grid_size(width, height)
        self.body = self.rows - 2
        self.group = displayio.Group()
        self.labels = []
        self.state = []
        self.cut = 0
        self.updates = 0
        x0 = (width - self.cols * FONT_W * self.scale) // 2
        y0 = (height - self.rows * FONT_H * self.scale) // 2
        self.x0 = x0
        self.y0 = y0
        for i in range(self.rows):
            lab = label.Label(terminalio.FONT, text="", color=0xFFFFFF, scale=self.scale)
            lab.anchor_point = (0, 0)
            lab.anchored_position = (x0, y0 + i * FONT_H * self.scale)
            self.group.append(lab)
            self.labels.append(lab)
            self.state.append(None)
        self.display = display
        if display is not None:
            try:
                display.root_group = self.group
            except AttributeError:  # CircuitPython 8 and older
                display.show(self.group)

    def _set(self, i, text, style, slot_y):
        key = (text, style, slot_y)
        if self.state[i] == key:
            return
        self.state[i] = key
        lab = self.labels[i]
        fg, bg = COLOURS[style]
        scale = self.scale * 2 if style == BIG else self.scale
        if lab.scale != scale:
            lab.scale = scale
        lab.color = fg
        lab.background_color = bg
        lab.anchored_position = (self.x0, self.y0 + slot_y * FONT_H * self.scale)
        lab.text = text
        self.updates += 1

    def show(self, view):
        """Draw `view`, touching only labels whose content changed."""
        cols = self.cols
        title = view.title
        if len(title) > cols:
            self.cut += 1
        self._set(0, fit(title, cols) + " " * (cols - len(fit(title, cols))), TITLE, 0)
        slot = 1
        li = 1
        for text, style in view.rows:
            width = cols // 2 if style == BIG else cols
            need = 2 if style == BIG else 1
            if slot + need > self.rows - 1:
                self.cut += 1
                break
            if len(text) > width:
                self.cut += 1
            text = fit(text, width)
            if style == SELECTED:
                text = text + " " * (width - len(text))
            self._set(li, text, style, slot)
            slot += need
            li += 1
        while li < self.rows - 1:
            self._set(li, "", NORMAL, li)
            li += 1
        footer = view.footer
        if len(footer) > cols:
            self.cut += 1
        footer = fit(footer, cols)
        self._set(self.rows - 1, footer + " " * (cols - len(footer)), FOOTER, self.rows - 1)


class TextGrid:
    """The grid without displayio (MicroPython bench, text consoles): lines in memory.

    Same interface and the same "only what changed" bookkeeping as `Grid`.
    """

    def __init__(self, width, height):
        self.cols, self.rows, self.scale = grid_size(width, height)
        self.body = self.rows - 2
        self.lines = [("", NORMAL)] * self.rows
        self.cut = 0
        self.updates = 0

    def show(self, view):
        out = [(fit(view.title, self.cols), TITLE)]
        if len(view.title) > self.cols:
            self.cut += 1
        slot = 1
        for text, style in view.rows:
            width = self.cols // 2 if style == BIG else self.cols
            need = 2 if style == BIG else 1
            if slot + need > self.rows - 1:
                self.cut += 1
                break
            if len(text) > width:
                self.cut += 1
            out.append((fit(text, width), style))
            slot += need
        while len(out) < self.rows - 1:
            out.append(("", NORMAL))
        out.append((fit(view.footer, self.cols), FOOTER))
        for i in range(len(out)):
            if self.lines[i] != out[i]:
                self.updates += 1
        self.lines = out


def make_grid(display, width, height):
    """A displayio Grid, or a TextGrid where displayio does not exist."""
    try:
        return Grid(display, width, height)
    except ImportError:
        return TextGrid(width, height)

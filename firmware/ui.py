"""Text screens: a pure `View` (what to show) and a displayio `Grid` (how).

A screen returns a `View`: a title, body rows of (text, style) and a footer
of key hints. Views are plain data, so screens are tested on a PC without
displayio. `Grid` owns one label per row slot and updates a label only when
its text or style changed ("redraw only what changed").

The grid is the display cut into character cells of terminalio.FONT (6x12)
at scale 1, or scale 2 on displays 320 wide and more, so text stays
readable at arm's length: 160x128 -> 26x10, 240x135 -> 40x11, 320x240 at
scale 2 -> 26x10. A screen with `dense = True` (the battle board) gets the
scale-1 grid everywhere (320x240 -> 53x20): a larger screen shows more, not
the same bigger. Row 0 is the title bar, the last row the footer. A BIG
body row is drawn at twice the scale and takes two slots (half the
columns). Screens write rows no wider than `cols` (half for BIG); `fit()`
would cut longer text, and `Grid.cut` counts every cut so tests can assert
there are none.

A roll's dice are drawn as dice (`View.add_dice`): each die takes two
character cells, a 12x12 tile of a small sprite sheet (pips on a body in the
side's colour, bright for a hit, dim for a miss) in a displayio TileGrid over
the row; `TextGrid` and the text of the row show the numbers.
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


def grid_size(width, height, dense=False):
    """(cols, rows, scale) of the character grid for a display; `dense`: always scale 1."""
    scale = 2 if width >= 320 and not dense else 1
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


def dice_text(faces):
    """The numbers of a roll, two columns a die ('3 5 4 1 '): the text a drawn die covers."""
    return "".join([str(d) + " " for d in faces])


class View:
    """What a screen shows: title, rows [(text, style)], footer; `dice` {row: (column, side,
    faces, hits)} for the rows that hold a roll (drawn as dice over the row's numbers)."""

    def __init__(self, title, rows=None, footer=""):
        self.title = title
        self.rows = rows if rows is not None else []
        self.footer = footer
        self.dice = None
        self.dense = False  # set by the app: the scale-1 grid (Screen.dense)

    def add(self, text, style=NORMAL):
        self.rows.append((text, style))
        return self

    def add_dice(self, prefix, side, faces, hits, suffix="", style=NORMAL):
        """A row 'prefix' + a die per face + 'suffix' (side 0 attacker, 1 defender; hits[i]
        True when faces[i] hit): 2 columns a die, so it is as wide as its text."""
        if self.dice is None:
            self.dice = {}
        self.dice[len(self.rows)] = (len(prefix), side, tuple(faces), tuple(hits))
        self.rows.append((prefix + dice_text(faces) + suffix, style))
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


# The dice sprite sheet: tile 0 blank, then per side (attacker, defender) and per hit/miss the
# faces 1..6. A die is a 10x10 body at (1, 1) of a 12x12 tile (two character cells), 2x2 pips.
DIE = 12
_PIP = (1, 4, 7)  # left / centre / right (and top / middle / bottom) pip offsets in the body
_FACES = (
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
)
# palette: 0 clear, pips (hit, miss), bodies (attacker hit, attacker miss, defender hit, defender
# miss): the tower's colours (attacker red, defender blue; a hit bright, a miss dim)
DIE_COLOURS = (0x000000, 0xFFFFFF, 0xA0A0A0, 0xE02020, 0x501818, 0x2060FF, 0x182850)


def die_tile(side, face, hit):
    """The sprite sheet's tile for a die (0 is blank)."""
    return 1 + side * 12 + (0 if hit else 6) + (face - 1)


def die_pixels(face):
    """The pip cells of a face: [(x, y)] of each 2x2 pip's corner in the 10x10 body."""
    return [(_PIP[i], _PIP[j]) for i, j in _FACES[face - 1]]


class Grid:
    """One displayio label per row slot, updated only when changed; a TileGrid of dice over a row
    that holds a roll."""

    def __init__(self, display, width, height):
        import displayio
        import terminalio
        from adafruit_display_text import label

        self.displayio = displayio
        self.width = width
        self.height = height
        self.cols, self.rows, self.scale = grid_size(width, height)
        self.body = self.rows - 2
        self.group = displayio.Group()
        self.labels = []
        self.state = []
        self.cut = 0
        self.updates = 0
        self.x0, self.y0 = self._origin(False)
        fine = grid_size(width, height, True)[1]
        for i in range(max(self.rows, fine)):
            lab = label.Label(terminalio.FONT, text="", color=0xFFFFFF, scale=self.scale)
            lab.anchor_point = (0, 0)
            lab.anchored_position = (self.x0, self.y0 + i * FONT_H * self.scale)
            self.group.append(lab)
            self.labels.append(lab)
            self.state.append(None)
        self.sheet = None   # the dice sprite sheet, built at the first roll shown
        self.dice = {}      # label index -> (Group, TileGrid, tiles shown)
        self.display = display
        if display is not None:
            try:
                display.root_group = self.group
            except AttributeError:  # CircuitPython 8 and older
                display.show(self.group)

    def size(self, dense=False):
        """(cols, body rows) a screen gets: the scale-1 grid for a dense screen."""
        cols, rows, _scale = grid_size(self.width, self.height, dense)
        return cols, rows - 2

    def _origin(self, dense):
        cols, rows, scale = grid_size(self.width, self.height, dense)
        return (self.width - cols * FONT_W * scale) // 2, (self.height - rows * FONT_H * scale) // 2

    def _set(self, i, text, style, slot_y, scale, x0, y0):
        key = (text, style, slot_y, scale)
        if self.state[i] == key:
            return
        self.state[i] = key
        lab = self.labels[i]
        fg, bg = COLOURS[style]
        pos = (x0, y0 + slot_y * FONT_H * scale)
        if style == BIG:
            scale = scale * 2
        if lab.scale != scale:
            lab.scale = scale
        lab.color = fg
        lab.background_color = bg
        lab.anchored_position = pos
        lab.text = text
        self.updates += 1

    def _sheet(self):
        if self.sheet is None:
            dio = self.displayio
            bmp = dio.Bitmap(DIE * 25, DIE, len(DIE_COLOURS))
            pal = dio.Palette(len(DIE_COLOURS))
            for i in range(len(DIE_COLOURS)):
                pal[i] = DIE_COLOURS[i]
            pal.make_transparent(0)
            for side in (0, 1):
                for hit in (True, False):
                    body = 3 + side * 2 + (0 if hit else 1)
                    pip = 1 if hit else 2
                    for face in range(1, 7):
                        x0 = die_tile(side, face, hit) * DIE + 1
                        for y in range(10):
                            for x in range(10):
                                if (x in (0, 9)) and (y in (0, 9)):
                                    continue  # rounded corners
                                bmp[x0 + x, 1 + y] = body
                        for px, py in die_pixels(face):
                            for dy in (0, 1):
                                for dx in (0, 1):
                                    bmp[x0 + px + dx, 1 + py + dy] = pip
            self.sheet = (bmp, pal)
        return self.sheet

    def _draw_dice(self, i, spec, slot_y, scale, x0, y0):
        """Dice over label row i (spec: (column, side, faces, hits)), or none (spec None)."""
        have = self.dice.get(i)
        if spec is None:
            if have is not None and have[2]:
                have[0].hidden = True
                self.dice[i] = (have[0], have[1], ())
            return
        col, side, faces, hits = spec
        tiles = tuple([die_tile(side, faces[k], hits[k]) for k in range(len(faces))])
        x = x0 + col * FONT_W * scale
        y = y0 + slot_y * FONT_H * scale
        if have is None:
            dio = self.displayio
            bmp, pal = self._sheet()
            most = grid_size(self.width, self.height, True)[0] // 2
            tg = dio.TileGrid(bmp, pixel_shader=pal, width=most, height=1, tile_width=DIE,
                              tile_height=DIE, default_tile=0)
            g = dio.Group(scale=scale, x=x, y=y)
            g.append(tg)
            self.group.append(g)
            have = (g, tg, ())
        g, tg, shown = have
        if shown == tiles and g.x == x and g.y == y and g.scale == scale and not g.hidden:
            return  # unchanged: nothing redrawn
        if g.scale != scale:
            g.scale = scale
        g.x = x
        g.y = y
        g.hidden = False
        for k in range(max(len(tiles), len(shown))):
            t = tiles[k] if k < len(tiles) else 0
            if k < tg.width and (k >= len(shown) or shown[k] != t):
                tg[k, 0] = t
        self.dice[i] = (g, tg, tiles)
        self.updates += 1

    def show(self, view):
        """Draw `view`, touching only labels whose content changed."""
        dense = getattr(view, "dense", False)
        cols, rows, scale = grid_size(self.width, self.height, dense)
        x0, y0 = self._origin(dense)
        title = view.title
        if len(title) > cols:
            self.cut += 1
        self._set(0, fit(title, cols) + " " * (cols - len(fit(title, cols))), TITLE, 0, scale, x0, y0)
        dice = view.dice or {}
        slot = 1
        li = 1
        for r in range(len(view.rows)):
            text, style = view.rows[r]
            width = cols // 2 if style == BIG else cols
            need = 2 if style == BIG else 1
            if slot + need > rows - 1:
                self.cut += 1
                break
            if len(text) > width:
                self.cut += 1
            text = fit(text, width)
            spec = dice.get(r)
            if spec is not None:
                n = len(spec[2])
                if spec[0] + 2 * n > width:
                    spec = None  # no room to draw them: the numbers stay
                else:
                    text = text[:spec[0]] + " " * (2 * n) + text[spec[0] + 2 * n:]
            if style == SELECTED:
                text = text + " " * (width - len(text))
            self._set(li, text, style, slot, scale, x0, y0)
            self._draw_dice(li, spec, slot, scale, x0, y0)
            slot += need
            li += 1
        while li < len(self.labels):
            if li < rows - 1:
                self._set(li, "", NORMAL, li, scale, x0, y0)
            elif li >= rows:
                self._set(li, "", NORMAL, 0, scale, x0, y0)  # beyond this grid's rows: empty
            self._draw_dice(li, None, 0, scale, x0, y0)
            li += 1
        footer = view.footer
        if len(footer) > cols:
            self.cut += 1
        footer = fit(footer, cols)
        self._set(rows - 1, footer + " " * (cols - len(footer)), FOOTER, rows - 1, scale, x0, y0)


class TextGrid:
    """The grid without displayio (MicroPython bench, text consoles): lines in memory.

    Same interface and the same "only what changed" bookkeeping as `Grid`.
    """

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.cols, self.rows, self.scale = grid_size(width, height)
        self.body = self.rows - 2
        self.lines = [("", NORMAL)] * self.rows
        self.cut = 0
        self.updates = 0

    def size(self, dense=False):
        cols, rows, _scale = grid_size(self.width, self.height, dense)
        return cols, rows - 2

    def show(self, view):
        cols, rows, _scale = grid_size(self.width, self.height, getattr(view, "dense", False))
        out = [(fit(view.title, cols), TITLE)]
        if len(view.title) > cols:
            self.cut += 1
        slot = 1
        for text, style in view.rows:
            width = cols // 2 if style == BIG else cols
            need = 2 if style == BIG else 1
            if slot + need > rows - 1:
                self.cut += 1
                break
            if len(text) > width:
                self.cut += 1
            out.append((fit(text, width), style))
            slot += need
        while len(out) < rows - 1:
            out.append(("", NORMAL))
        out.append((fit(view.footer, cols), FOOTER))
        if len(out) != len(self.lines):
            self.lines = [("", NORMAL)] * len(out)
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

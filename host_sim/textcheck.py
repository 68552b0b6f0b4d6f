"""Is any text cut off? Measure every label of the displayed group against the screen.

    problems = textcheck.check(display_or_group, width, height)   # [] when all text fits

Walks the displayio tree the firmware built (groups nest, each with x, y,
scale and hidden), finds every text label (adafruit_display_text Label and
bitmap_label, anything with `text` and `bounding_box`), and computes the
screen rectangle its glyphs cover: the label's bounding box (glyph extents,
relative to its origin) scaled by the product of the scales above it and
moved by their offsets. A label with text whose rectangle leaves the screen,
or with characters its font has no glyph for (they would not be drawn), is a
problem. `labels()` returns the measured rectangles for other checks.
"""


def _children(group):
    # Duck-typed, not isinstance(displayio.Group): a test process may hold two copies of
    # displayio (the host's and the one bound to the shims), and the firmware's groups
    # belong to whichever it imported.
    if hasattr(group, "append") and hasattr(group, "__len__") and hasattr(group, "hidden"):
        return [group[i] for i in range(len(group))]
    return []  # TileGrids, shapes: leaves


def _is_label(node):
    return hasattr(node, "bounding_box") and hasattr(node, "text") and hasattr(node, "font")


def labels(root):
    """[(text, (x, y, w, h), label)] of every visible text label, in screen pixels."""
    out = []
    if root is None:
        return out
    stack = [(root, 0, 0, 1)]
    while stack:
        node, px, py, ps = stack.pop()
        if getattr(node, "hidden", False):
            continue
        x = px + getattr(node, "x", 0) * ps
        y = py + getattr(node, "y", 0) * ps
        scale = ps * getattr(node, "scale", 1)
        if _is_label(node):
            text = node.text or ""
            bx, by, bw, bh = node.bounding_box[:4]
            out.append((text, (x + bx * scale, y + by * scale, bw * scale, bh * scale), node))
            continue
        for child in reversed(_children(node)):
            stack.append((child, x, y, scale))
    return out


def missing_glyphs(label):
    font = label.font
    missing = []
    for ch in label.text or "":
        if ch in "\n\r":
            continue
        if font.get_glyph(ord(ch)) is None and ch not in missing:
            missing.append(ch)
    return missing


def check(target, width=None, height=None):
    """Problems (strings) with the text on `target` (a display or a group)."""
    root = getattr(target, "root_group", target)
    if width is None:
        width = target.width
        height = target.height
    problems = []
    for text, (x, y, w, h), label in labels(root):
        if not text.strip():
            continue
        if x < 0 or y < 0 or x + w > width or y + h > height:
            problems.append("cut off: %r at (%d,%d) size %dx%d on a %dx%d screen"
                            % (text, x, y, w, h, width, height))
        missing = missing_glyphs(label)
        if missing:
            problems.append("no glyph for %r in %r" % ("".join(missing), text))
    return problems


def screen_text(target):
    """The visible label texts, top to bottom, left to right (for scripts and logs)."""
    root = getattr(target, "root_group", target)
    found = labels(root)
    found.sort(key=lambda item: (item[1][1], item[1][0]))
    return [text.rstrip() for text, _box, _label in found if text.strip()]


def highlighted_text(target):
    """Texts of labels drawn on a background colour (a menu's selected row)."""
    root = getattr(target, "root_group", target)
    out = []
    for text, _box, label in labels(root):
        if getattr(label, "background_color", None) is not None and text.strip():
            out.append(text)
    return out

"""Screen building blocks: the base class, a menu, a counter list, a prompt.

A screen never touches displayio: it returns a `ui.View` for a grid of
`cols` x `rows` body rows and reacts to logical keys. The app keeps a stack
of screens; `app.push`, `app.pop`, `app.replace` change it and mark the
display dirty, so only a key, a tick that reports a change, or a new screen
causes a redraw.
"""

from firmware import ui


class Screen:
    title = ""
    footer = "A:ok B:back"
    dense = False  # True: the scale-1 grid on a large display (more rows and columns, not bigger)

    def __init__(self, app):
        self.app = app
        self.message = ""       # one line for errors/confirmations
        self.message_style = ui.BAD

    def enter(self):
        """Called when the screen becomes the top of the stack again."""

    def tick(self, now):
        """Animations; return True when the view changed."""
        return False

    def key(self, name, now):
        if name == "back":
            self.app.pop()

    def view(self, cols, rows):
        return ui.View(self.title, [], self.footer)

    def say(self, text, style=ui.BAD):
        self.message = text
        self.message_style = style

    def refuse(self, err):
        """Show an engine refusal: its rule id and message, cut to the screen."""
        rule = getattr(err, "rule", "")
        msg = getattr(err, "message", None) or str(err)
        self.say((rule + " " + msg) if rule else msg)


class Menu(Screen):
    """A list of (label, value) items; up/down move, select chooses."""

    def __init__(self, app, title, items, cursor=0, footer="A:ok B:back"):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.cursor = cursor
        self.footer = footer

    def chosen(self, value, now):
        """Override: the item `value` was selected."""

    def key(self, name, now):
        n = len(self.items)
        if name == "up" and n:
            self.cursor = (self.cursor - 1) % n
            self.message = ""
        elif name == "down" and n:
            self.cursor = (self.cursor + 1) % n
            self.message = ""
        elif name == "select" and n:
            self.chosen(self.items[self.cursor][1], now)
        elif name == "back":
            self.app.pop()

    def head(self, cols):
        """Rows shown above the items (override)."""
        return []

    def view(self, cols, rows):
        v = ui.View(self.title, [], self.footer)
        for r in self.head(cols):
            v.rows.append(r)
        said = message_lines(self.message, cols)
        room = rows - len(v.rows) - len(said)
        first = ui.window(len(self.items), self.cursor, room)
        for i in range(first, min(len(self.items), first + room)):
            text = self.items[i][0]
            v.add(ui.fit(text, cols), ui.SELECTED if i == self.cursor else ui.NORMAL)
        for line in said:
            v.add(line, self.message_style)
        return v


class Counter(Screen):
    """Rows of counts: up/down pick a row, left/right -1/+1 (held: repeat)."""

    def __init__(self, app, title, names, counts=None, limits=None):
        Screen.__init__(self, app)
        self.title = title
        self.names = names
        self.counts = counts if counts is not None else [0] * len(names)
        self.limits = limits  # None or a max count per row
        self.cursor = 0

    def changed(self):
        """Override: a count changed."""

    def row_text(self, i, cols):
        return ui.pad(self.names[i], str(self.counts[i]), cols)

    def head(self, cols):
        return []

    def tail(self, cols):
        return []

    def key(self, name, now):
        n = len(self.names)
        if name == "up" and n:
            self.cursor = (self.cursor - 1) % n
        elif name == "down" and n:
            self.cursor = (self.cursor + 1) % n
        elif name == "right" and n:
            top = self.limits[self.cursor] if self.limits is not None else 99
            if self.counts[self.cursor] < top:
                self.counts[self.cursor] += 1
                self.message = ""
                self.changed()
        elif name == "left" and n:
            if self.counts[self.cursor] > 0:
                self.counts[self.cursor] -= 1
                self.message = ""
                self.changed()
        elif name == "back":
            self.app.pop()
        else:
            self.other(name, now)

    def other(self, name, now):
        """Override: select, roll, long presses."""

    def view(self, cols, rows):
        v = ui.View(self.title, [], self.footer)
        for r in self.head(cols):
            v.rows.append(r)
        tail = self.tail(cols)
        said = message_lines(self.message, cols)
        room = rows - len(v.rows) - len(tail) - len(said)
        first = ui.window(len(self.names), self.cursor, room)
        for i in range(first, min(len(self.names), first + room)):
            style = ui.SELECTED if i == self.cursor else (ui.NORMAL if self.counts[i] else ui.DIM)
            v.add(self.row_text(i, cols), style)
        for r in tail:
            v.rows.append(r)
        for line in said:
            v.add(line, self.message_style)
        return v


class Confirm(Menu):
    """Yes/no with a question; `on_yes()` runs on yes. The safe answer is preselected."""

    def __init__(self, app, title, question, on_yes, default_yes=False):
        Menu.__init__(self, app, title, [("No", 0), ("Yes", 1)], 1 if default_yes else 0)
        self.question = question
        self.on_yes = on_yes

    def head(self, cols):
        return [(line, ui.NORMAL) for line in wrap(self.question, cols)]

    def chosen(self, value, now):
        self.app.pop()
        if value:
            self.on_yes()


def message_lines(text, cols):
    """A screen's message on at most two lines (a refusal's rule id and its words)."""
    if not text:
        return []
    lines = wrap(text, cols)
    if len(lines) > 2:
        lines = [lines[0], ui.fit(lines[1] + " " + " ".join(lines[2:]), cols)]
    return lines


def wrap(text, cols):
    """Words of `text` on lines of at most `cols` characters."""
    lines = []
    line = ""
    for word in text.split(" "):
        while len(word) > cols:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line = line + " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines

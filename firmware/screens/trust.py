"""Tournament screens: the commitment, the tournament menu, the luck ledger, the finish.

Commitment: before the first action of a tournament game the device shows the SHA-256
commitment of its secret seed (64 hex digits) in groups of four, big enough to read at arm's
length where the screen allows it; the players note or photograph it. On the 160-pixel
screens the first 16 digits are drawn twice the size (the part to write down) above the
whole hash (for the photograph). The same screen is reachable later from the home menu
(Tournament > Commitment).

Players' number (issue 15): on the commitment shown at the start, Right opens the players'
number: six digits, each set with left/right (their own dice rolled and typed as digits
will do), mixed into the seed (engine_core.trust.audit.mixed_seed) and logged when A is
pressed; with it neither the device's seed alone nor the players' number alone fixes the
dice. B starts the game without one.

Finish: "Finish tournament" (home menu, also offered first once the game has a winner) asks
for a confirmation, writes the footer with the revealed seed to the log file on flash and
shows the seed, the final hash and where the log is. The luck ledger (per power: expected
IPC swing against what happened, engine_core.trust.luck) is one press away, during the game and
after it.
"""

from firmware import ui
from firmware.screens.base import Screen, Menu, Confirm, Counter


def groups(hexs, size=4):
    """'abcd ef01 ...': hex digits in groups of `size`."""
    return [hexs[i:i + size] for i in range(0, len(hexs), size)]


def hex_rows(hexs, width):
    """The digits in groups of four, as many groups per row as `width` characters hold."""
    per = (width + 1) // 5
    if per < 1:
        per = 1
    g = groups(hexs)
    return [" ".join(g[i:i + per]) for i in range(0, len(g), per)]


def commitment_view(title, hexs, cols, rows, note, footer):
    """The hash as big as the screen allows: all of it BIG when it fits, else its first 16
    digits BIG and the whole of it in normal rows."""
    v = ui.View(ui.fit(title, cols), [], footer)
    big = hex_rows(hexs, cols // 2)
    if 2 * len(big) + 1 <= rows:
        for line in big:
            v.add(line, ui.BIG)
        v.add(ui.fit(note, cols), ui.DIM)
        return v
    small = hex_rows(hexs, min(cols, 19))
    head = hex_rows(hexs[:16], cols // 2)
    if 2 * len(head) + len(small) <= rows:
        for line in head:
            v.add(line, ui.BIG)
    for line in small:
        v.add(line)
    if len(v.rows) + sum([1 for _t, st in v.rows if st == ui.BIG]) < rows:
        v.add(ui.fit(note, cols), ui.DIM)
    return v


class Commitment(Screen):
    """The commitment of the seed; `start`: the game begins when it is confirmed."""

    def __init__(self, app, start=False):
        Screen.__init__(self, app)
        self.start = start

    def view(self, cols, rows):
        c = self.app.session.commitment() or ""
        footer = "Right:number A:start" if self.start else "B:back"
        title = "Commitment: note/photo" if self.start else "Commitment"
        return commitment_view(title, c, cols, rows, "Photograph or write it down", footer)

    def key(self, name, now):
        if name == "right" and self.start and self.app.session.tour is not None:
            self.app.replace(PlayersNumber(self.app))   # the players' number, then the game
        elif name in ("select", "back", "roll"):
            self.app.pop()


DIGITS = 6      # digits of the players' number on the device


class PlayersNumber(Counter):
    """After the commitment: the players' number (DIGITS digits, left/right each) mixed into
    the seed; A mixes it in and starts the game, B starts it without one."""

    footer = "A:mix in B:skip"

    def __init__(self, app):
        names = ["Digit " + str(i + 1) for i in range(DIGITS)]
        Counter.__init__(self, app, "Players' number", names, [0] * DIGITS, [9] * DIGITS)

    def number(self):
        n = 0
        for d in self.counts:
            n = n * 10 + d
        return n

    def head(self, cols):
        text = "".join([str(d) for d in self.counts])
        return [(ui.fit("Number: " + text, cols), ui.BIG if 8 + DIGITS <= cols // 2 else ui.NORMAL)]

    def other(self, name, now):
        if name not in ("select", "roll"):
            return
        try:
            self.app.session.mix(self.number())
        except (OSError, ValueError) as err:
            self.refuse(err)
            return
        self.app.pop()


class TournamentMenu(Menu):
    """Home > Tournament: the commitment again, the luck ledger, finish."""

    def __init__(self, app):
        items = [("Commitment", "commitment"), ("Luck ledger", "luck"), ("Finish tournament", "finish")]
        Menu.__init__(self, app, "Tournament", items)

    def head(self, cols):
        return [(ui.fit("Audited dice, log on flash", cols), ui.DIM)]

    def chosen(self, value, now):
        app = self.app
        if value == "commitment":
            app.push(Commitment(app))
        elif value == "luck":
            app.push(Luck(app))
        elif value == "finish":
            confirm_finish(app)


def confirm_finish(app):
    """Finish the tournament after a confirmation (the seed is revealed: no more play)."""

    def finish():
        try:
            app.session.finish()
        except (OSError, ValueError) as err:
            app.top().say(ui.fit(str(err), 60))
            return
        app.stack = app.stack[:1]
        app.top().enter()
        app.push(Finished(app))

    app.push(Confirm(app, "Finish tournament", "Reveal the seed and end the game?", finish))


def money(c, decimals):
    """Whole hundredths as '+1.23' (decimals 2) or '+1.2' (decimals 1), integers only."""
    sign = "-" if c < 0 else "+"
    c = -c if c < 0 else c
    if decimals == 1:
        t = (c + 5) // 10
        return sign + str(t // 10) + "." + str(t % 10)
    return sign + str(c // 100) + "." + ("0" + str(c % 100))[-2:]


def rjust(text, width):
    return " " * (width - len(text)) + text


def luck_lines(board, rows, cols):
    """Header and one line per power: expected IPC swing, actual, luck (actual - expected)."""
    w = 9 if cols >= 34 else 7
    dec = 2 if w == 9 else 1
    name_w = cols - 3 * w
    out = [(ui.fit("Power" + " " * (name_w - 5) + rjust("Exp", w) + rjust("Act", w) + rjust("Luck", w), cols),
            ui.DIM)]
    for p, n, e, a, l in rows:
        from firmware.screens.text import short
        name = short(board.power_name(p)) if name_w < 12 else board.power_name(p)
        name = name[:name_w - 1]
        text = name + " " * (name_w - len(name)) + rjust(money(e, dec), w) + rjust(money(a, dec), w) + \
            rjust(money(l, dec), w)
        out.append((ui.fit(text, cols), ui.GOOD if l > 0 else (ui.BAD if l < 0 else ui.NORMAL)))
    return out


class Luck(Screen):
    """The luck ledger per power (IPC swing: defender's IPCs lost - attacker's)."""

    footer = "B:back"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.first = 0

    def view(self, cols, rows):
        s = self.app.session
        data = s.luck_rows()
        v = ui.View(ui.fit("Luck ledger (IPC)", cols), [], self.footer)
        if not data:
            v.add(ui.fit("No rated battle yet", cols), ui.DIM)
            return v
        lines = luck_lines(s.board, data, cols)
        v.rows.append(lines[0])
        room = rows - 1
        if self.first > len(lines) - 1 - room:
            self.first = max(0, len(lines) - 1 - room)
        for line in lines[1 + self.first:1 + self.first + room]:
            v.rows.append(line)
        return v

    def key(self, name, now):
        if name == "down":
            self.first += 1
        elif name == "up" and self.first > 0:
            self.first -= 1
        elif name in ("back", "select"):
            self.app.pop()


class Finished(Screen):
    """The tournament is over: the seed revealed, the final hash, where the log is."""

    footer = "A:luck B:home"

    def view(self, cols, rows):
        t = self.app.session.finished
        v = ui.View("Tournament finished", [], self.footer)
        if t is None:
            return v
        v.add(ui.fit("Seed (revealed):", cols), ui.DIM)
        for line in hex_rows(t.seed if isinstance(t.seed, str) else str(t.seed), min(cols, 19)):
            v.add(line)
        v.add(ui.fit("Final hash (note it):", cols), ui.DIM)
        v.add(" ".join(groups(t.log.head[:16])))
        log = self.app.session.tlog
        path = log.path() if log is not None else "?"
        if len("Log: " + path) <= cols:
            v.add("Log: " + path, ui.GOOD)
        else:  # the path whole on a line of its own: the director copies it from here
            v.add(ui.fit("Log file:", cols), ui.DIM)
            v.add(ui.fit(path, cols), ui.GOOD)
        return v

    def key(self, name, now):
        if name == "select":
            self.app.push(Luck(self.app))
        elif name in ("back", "roll"):
            self.app.pop()

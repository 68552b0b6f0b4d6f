"""Interactive mode: the device drawn in the terminal, keys mapped to its buttons.

The screen is drawn with the upper-half block character: each character
cell shows two pixels (foreground = upper, background = lower) in 24-bit
colour, scaled down to fit the terminal. The LED tower stands beside it, top
row first, one `██` per LED. A help line maps keyboard keys to the device's
buttons (as printed on the chosen hardware).

Keys: arrows move; Enter = select; Esc or Backspace = back; Space = roll;
u = a long press of back (undo; leaves the store demo); Tab = a long press of select;
p = pull the power (the device restarts and resumes from its flash);
q or Ctrl-C = quit. The terminal is restored on every way out (alternate
screen left, cursor shown, echo back), including errors and SIGTERM.

A terminal has no key-release events: a key press is a button held for
PRESS_MS of device time, then released; the long-press keys hold it LONG_PRESS_MS.
"""

import os
import select
import signal
import sys
import time

from PIL import Image

from .runtime import PRESS_MS

TERM_KEYS = (
    ("\x1b[A", "up"), ("\x1bOA", "up"),
    ("\x1b[B", "down"), ("\x1bOB", "down"),
    ("\x1b[C", "right"), ("\x1bOC", "right"),
    ("\x1b[D", "left"), ("\x1bOD", "left"),
    ("\r", "select"), ("\n", "select"),
    ("\x7f", "back"), ("\x08", "back"), ("\x1b", "back"),
    (" ", "roll"),
    ("w", "up"), ("s", "down"), ("a", "left"), ("d", "right"),
    ("u", "long_back"), ("U", "long_back"), ("\t", "long_select"),
)
# A long press: the button held past firmware/keys.py's LONG_MS (700 ms) with room for a frame or two.
LONG_PRESS_MS = 900
QUIT_KEYS = ("q", "Q", "\x03", "\x04")
POWER_KEYS = ("p", "P")

ENTER_SCREEN = "\x1b[?1049h\x1b[?25l\x1b[2J"
LEAVE_SCREEN = "\x1b[0m\x1b[?25h\x1b[?1049l"
TOWER_COLS = 8
SIDE_FPS = 12


def parse_keys(data):
    """Split raw terminal input into logical keys / 'quit' / 'power'."""
    out = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch in QUIT_KEYS:
            out.append("quit")
            i += 1
            continue
        if ch in POWER_KEYS:
            out.append("power")
            i += 1
            continue
        matched = None
        for seq, key in TERM_KEYS:
            if len(seq) > 1 and data.startswith(seq, i):
                matched = (seq, key)
                break
        if matched is None and ch == "\x1b" and data[i + 1:i + 2] in ("[", "O"):
            # an escape sequence we do not map (F-keys, Page Up...): skip it whole
            j = i + 2
            while j < len(data) and not data[j].isalpha() and data[j] != "~":
                j += 1
            i = j + 1
            continue
        if matched is None:
            for seq, key in TERM_KEYS:
                if len(seq) == 1 and ch == seq:
                    matched = (seq, key)
                    break
        if matched is None:
            i += 1
            continue
        out.append(matched[1])
        i += len(matched[0])
    return out


def seen(v):
    """An LED channel as an eye sees it next to a dark screen (gamma lift)."""
    if v <= 0:
        return 0
    return min(255, int(round(255 * (v / 255.0) ** 0.45)))


def half_blocks(img):
    """Lines of text drawing `img` (RGB) two pixel rows per line."""
    w, h = img.size
    px = img.load()
    lines = []
    for y in range(0, h, 2):
        parts = []
        last = None
        for x in range(w):
            top = px[x, y]
            bottom = px[x, y + 1] if y + 1 < h else (0, 0, 0)
            key = (top, bottom)
            if key != last:
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (top + bottom))
                last = key
            parts.append("\u2580")
        parts.append("\x1b[0m")
        lines.append("".join(parts))
    return lines


def tower_lines(profile, frame):
    """The tower beside the screen: top row first, each LED as two full blocks."""
    lines = []
    for row in reversed(profile.TOWER):
        cells = []
        for i in row:
            r, g, b = frame[i] if i < len(frame) else (0, 0, 0)
            cells.append("\x1b[38;2;%d;%d;%dm\u2588\u2588" % (seen(r), seen(g), seen(b)))
        lines.append(" ".join(cells) + "\x1b[0m")
    return lines


def help_line(profile):
    """Keyboard -> logical key [the device's button], e.g. 'Enter select [A]'."""
    labels = dict(profile.KEY_LABELS)
    arrows = "/".join(labels.get(k, k) for k in ("up", "down", "left", "right"))
    back = labels.get("back", "back")
    select_ = labels.get("select", "select")
    return ("arrows move [%s] | Enter select [%s] | Esc back [%s] | Space roll [%s] | u long %s (undo) "
            "| Tab long %s | p power cut | q quit"
            % (arrows, select_, back, labels.get("roll", "roll"), back, select_))


def fit(img, cols, rows):
    """`img` scaled down (never up) to fit cols x (2*rows) pixels."""
    w, h = img.size
    scale = min(1.0, cols / float(w), (2 * rows) / float(h))
    if scale >= 1.0:
        return img
    return img.resize((max(1, int(w * scale)), max(1, int(h * scale))), Image.Resampling.BOX)


def _status(sim, img, shown):
    profile = sim.profile
    state = "running"
    if sim.crashed:
        state = "STOPPED: " + sim.crashed.strip().splitlines()[-1]
    elif sim.dead:
        state = "power off"
    scale_note = "" if shown.size == img.size else "  (scaled to fit; enlarge the terminal for 1:1)"
    return ("\x1b[1m%s\x1b[0m %dx%d  t=%.1fs  boots=%d  %s%s\x1b[K"
            % (profile.NAME, profile.WIDTH, profile.HEIGHT, sim.clock.ms() / 1000.0, sim.boots,
               state, scale_note))


def render_side(sim, layout):
    """Only the tower and the status line, at the places the last full render put them."""
    width, screen_lines, img_size, shown_size = layout
    out = []
    tower = tower_lines(sim.profile, sim.leds())
    for i, line in enumerate(tower):
        out.append("\x1b[%d;%dH%s" % (i + 1, width + 4, line))
    status_row = max(screen_lines, len(tower)) + 1
    out.append("\x1b[%d;1H" % status_row)
    out.append(_status(sim, Image.new("RGB", img_size), Image.new("RGB", shown_size)))
    return "".join(out)


def render(sim, cols, rows, layout_out=None):
    """The whole frame as one string (cursor home, screen, tower, status, help)."""
    profile = sim.profile
    img = sim.screenshot()
    if img is None:
        img = Image.new("RGB", (profile.WIDTH, profile.HEIGHT))
    room_cols = max(10, cols - TOWER_COLS - 3)
    room_rows = max(4, rows - 3)
    shown = fit(img, room_cols, room_rows)
    screen = half_blocks(shown)
    tower = tower_lines(profile, sim.leds())
    out = ["\x1b[H"]
    width = shown.size[0]
    for i in range(max(len(screen), len(tower))):
        left = screen[i] if i < len(screen) else " " * width
        right = tower[i] if i < len(tower) else ""
        out.append(left + "   " + right + "\x1b[K\r\n")
    out.append(_status(sim, img, shown) + "\r\n")
    if layout_out is not None:
        layout_out[:] = [width, len(screen), img.size, shown.size]
    out.append(help_line(profile)[:max(10, cols - 1)] + "\x1b[K\x1b[J")
    return "".join(out)


class _Terminal:
    """Raw, non-echoing input and the alternate screen; restored on exit."""

    def __init__(self, stdin, stdout):
        self.stdin = stdin
        self.stdout = stdout
        self.fd = stdin.fileno()
        self.saved = None

    def __enter__(self):
        import termios
        import tty
        self.saved = termios.tcgetattr(self.fd)
        tty.setraw(self.fd)
        self.stdout.write(ENTER_SCREEN)
        self.stdout.flush()
        return self

    def __exit__(self, *exc):
        import termios
        self.stdout.write(LEAVE_SCREEN)
        self.stdout.flush()
        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)
        return False

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return ""
        data = os.read(self.fd, 1024)
        return data.decode("utf-8", "ignore")


def interactive(sim, stdin=None, stdout=None, fps=50, after_boot=None):
    """Run until quit. Returns the exit status (0)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def on_term(signum, frame):
        raise KeyboardInterrupt

    old_term = signal.signal(signal.SIGTERM, on_term)
    releases = []  # (device ms, logical key)
    last_drawn = None
    last_side = None
    last_wall = 0.0
    layout = []
    try:
        with _Terminal(stdin, stdout) as term:
            sim.boot()
            if after_boot is not None:
                after_boot(sim)
            period = 1.0 / fps
            while True:
                started = time.monotonic()
                for key in parse_keys(term.read(0)):
                    if key == "quit":
                        return 0
                    if key == "power":
                        sim.power_cut()
                        sim.auto_restart = True
                        continue
                    hold = PRESS_MS
                    if key.startswith("long_"):
                        key = key[5:]
                        hold = LONG_PRESS_MS
                    if sim.machine is not None and not sim.dead:
                        sim.key_down(key)
                        releases.append((sim.clock.ms() + hold, key))
                now = sim.clock.ms()
                for item in [r for r in releases if r[0] <= now]:
                    releases.remove(item)
                    if sim.machine is not None and not sim.dead:
                        sim.key_up(item[1])
                sim.frame()
                size = os.get_terminal_size(stdout.fileno())
                panel = sim.machine.panel_for(sim.machine.display()) if sim.machine and sim.machine.display() else None
                screen_stamp = (panel.pixels_written if panel else 0, size, sim.boots, bool(sim.crashed), sim.dead)
                side_stamp = (sim.leds(), sim.clock.ms() // 1000)
                wall = time.monotonic()
                # the screen redraws at once; LEDs and the clock line at most SIDE_FPS times a second
                if screen_stamp != last_drawn:
                    stdout.write(render(sim, size.columns, size.lines, layout))
                    stdout.flush()
                    last_drawn = screen_stamp
                    last_side = side_stamp
                    last_wall = wall
                elif side_stamp != last_side and wall - last_wall >= 1.0 / SIDE_FPS and layout:
                    stdout.write(render_side(sim, layout))
                    stdout.flush()
                    last_drawn = screen_stamp
                    last_side = side_stamp
                    last_wall = wall
                spare = period - (time.monotonic() - started)
                if spare > 0:
                    time.sleep(spare)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, old_term)
    return 0

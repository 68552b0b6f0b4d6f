"""A fake device for the firmware tests: profile, keys, clock, flash (no host_sim needed).

Not a test module (no test_ prefix): test_firmware_*.py import it. The real
simulator (host_sim) drives the same `App` with emulated CircuitPython
modules; these fakes keep the firmware's own tests independent of it.
"""

from firmware.app import App
from firmware.hardware import sim


_TICKS_MAX = (1 << 29) - 1
_POWER_ON_TICKS = (1 << 29) - 65000  # CircuitPython's supervisor.ticks_ms() at power-on


class PowerCut(BaseException):
    """The power went (BaseException: the firmware cannot swallow it)."""


class Flash:
    """Files as bytes; `budget` bytes may still be written before the power goes."""

    def __init__(self):
        self.files = {}
        self.budget = None
        self.writes = 0

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = b""  # "wb" truncates at once
        if self.budget is not None and self.budget < len(data):
            self.files[name] = bytes(data[: self.budget])
            self.budget = 0
            raise PowerCut()
        if self.budget is not None:
            self.budget -= len(data)
        self.files[name] = bytes(data)
        self.writes += 1

    def remove(self, name):
        self.files.pop(name, None)


class _Ev:
    def __init__(self, n, pressed):
        self.key_number = n
        self.pressed = pressed


class _Queue:
    def __init__(self):
        self.q = []

    def get(self):
        return self.q.pop(0) if self.q else None


class _Keys:
    def __init__(self):
        self.events = _Queue()


class Strip(list):
    def __init__(self, n):
        list.__init__(self, [(0, 0, 0)] * n)
        self.frames = 0

    def show(self):
        self.frames += 1


class Profile:
    """The sim profile's constants with fake drivers (display None: labels only)."""

    def __init__(self, base=sim):
        for k in ("NAME", "BOARD_IDS", "WIDTH", "HEIGHT", "HEAP_BUDGET", "LED_COUNT", "LED_PIN",
                  "TOWER", "KEYMAP", "KEY_LABELS", "SAVE_DIR", "MAX_BRIGHTNESS"):
            setattr(self, k, getattr(base, k))
        self.keys = _Keys()
        self.strip = Strip(self.LED_COUNT)

    def init_display(self):
        return None

    def init_pixels(self, brightness):
        return self.strip

    def init_keys(self):
        return self.keys


class Device:
    """An App on a fake profile, with a clock that moves only when told.

    `t` is the milliseconds since power-on; the App reads CircuitPython's `supervisor.ticks_ms()`
    for it (`now()`: 2**29 - 65000 at power-on, wrapping to 0 at t = 65000), so every firmware
    test runs across the clock's first wrap as a board does a minute after power-on.
    """

    def __init__(self, flash=None, base=sim, kiosk=False):
        self.flash = flash if flash is not None else Flash()
        self.profile = Profile(base)
        self.t = 1000
        self.numbers = {}
        for n, name in self.profile.KEYMAP:
            self.numbers.setdefault(name, n)
        self.app = App(self.profile, clock=self.now, kiosk=kiosk, store=self.flash)
        self.presses = 0
        self.app.tick()

    def now(self):
        """The board's ticks at `t` (what the App reads)."""
        return (self.t + _POWER_ON_TICKS) & _TICKS_MAX

    def wait(self, ms, step=50):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.app.tick()

    def press(self, name, times=1):
        for _ in range(times):
            q = self.profile.keys.events.q
            n = self.numbers[name]
            q.append(_Ev(n, True))
            self.t += 40
            self.app.tick()
            q.append(_Ev(n, False))
            self.t += 40
            self.app.tick()
            self.presses += 1

    def hold(self, name, ms):
        q = self.profile.keys.events.q
        q.append(_Ev(self.numbers[name], True))
        self.app.tick()
        self.wait(ms, 20)
        q.append(_Ev(self.numbers[name], False))
        self.t += 40
        self.app.tick()
        self.presses += 1

    def lines(self):
        return [text for text, _style in self.app.view().lines()]

    def text(self):
        return "\n".join(self.lines())

    def screen(self):
        return type(self.app.top()).__name__

    def select_item(self, label_start):
        """Move the menu cursor to the item starting with `label_start`, then select (in a space
        picker's index, the group holding it is opened first: firmware/picker.py)."""
        top = self.app.top()
        labels = [it[0] for it in top.items]
        p = getattr(top, "picker", None)
        if p is not None and p.at_top() and not any(it[0].startswith(label_start) and not isinstance(it[1], tuple)
                                                    for it in top.items):
            for n in range(len(p.parts)):
                if any(p.name(t) == label_start for t in p.parts[n][1]):
                    self._to_row(top, p.group_row(n))
                    self.press("select")
                    break
            top = self.app.top()
            labels = [it[0] for it in top.items]
        for i in range(len(labels)):
            if labels[i].startswith(label_start):
                break
        else:
            raise AssertionError("no item %r in %r" % (label_start, labels))
        self._to_row(top, i)
        self.press("select")

    def _to_row(self, top, i):
        steps = i - top.cursor
        self.press("down" if steps > 0 else "up", abs(steps))


# edition: (first power, second power) in the rulebook's turn order (CL-S-01, LHTR-S-01,
# P40-G-04, G40-T-01), for the tests that play one whole turn of every edition
FIRST_TWO = {
    "classic": ("Soviet Union", "Germany"),
    "revised": ("Soviet Union", "Germany"),
    "revised_lhtr": ("Soviet Union", "Germany"),
    "pacific_1940": ("Japan", "United States"),
    "global_1940": ("Germany", "Soviet Union"),
    "global_1940_variant": ("Germany", "Soviet Union"),
}

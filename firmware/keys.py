"""Buttons to logical keys: debounced presses, long presses, auto-repeat.

Hardware is injected: `Keys` reads any object with `events.get()`
returning objects with `key_number` and `pressed` (CircuitPython's
`keypad.Keys`, the simulator's scripted keys) or None when empty. The
hardware profile's KEYMAP maps key numbers to logical keys:
up, down, left, right, select, back, roll.

`poll(now)` returns the logical key presses since the last call, as a list
of names. A select/back/roll press is reported on release ("select"), or once as
"long_select" when held LONG_MS (the release after a long press reports
nothing). up/down/left/right act on press and repeat while held (after REPEAT_DELAY_MS,
every REPEAT_MS), so a purchase of ten infantry is one held button.
A transition within DEBOUNCE_MS of the key's previous transition is
contact bounce and is ignored (keypad debounces in hardware too; GPIO
polled on a Raspberry Pi does not). `now` is the board's wrapping ticks
(firmware/ticks.py): times are compared only through `ticks_since`.
"""

from firmware.ticks import ticks_since

KEY_NAMES = ("up", "down", "left", "right", "select", "back", "roll")

DEBOUNCE_MS = 20
LONG_MS = 700
REPEAT_DELAY_MS = 450
REPEAT_MS = 120

_REPEATS = ("up", "down", "left", "right")


class Keys:
    def __init__(self, source, keymap):
        self.source = source
        self.names = {}
        for number, name in keymap:
            self.names[number] = name
        self.down = {}      # logical key -> time pressed
        self.last = {}      # logical key -> time of last accepted transition
        self.longed = {}    # logical key -> True once its long press fired
        self.repeated = {}  # logical key -> time of last repeat
        self.presses = 0    # accepted presses (the quick tour counts them)

    def _events(self):
        events = getattr(self.source, "events", None)
        if events is None:
            return
        while True:
            ev = events.get()
            if ev is None:
                return
            yield ev

    def feed(self, name, pressed, now, out):
        """One raw transition of logical key `name` (also used by tests)."""
        last = self.last.get(name)
        if last is not None and ticks_since(now, last) < DEBOUNCE_MS:
            return
        self.last[name] = now
        if pressed:
            if name in self.down:
                return
            self.down[name] = now
            self.longed[name] = False
            self.repeated[name] = now
            if name in _REPEATS:
                # arrows act on press (and repeat while held); the release is silent
                self.longed[name] = True
                out.append(name)
                self.presses += 1
        else:
            t0 = self.down.pop(name, None)
            if t0 is None:
                return
            if not self.longed.get(name):
                out.append(name)
                self.presses += 1

    def poll(self, now):
        out = []
        for ev in self._events():
            name = self.names.get(ev.key_number)
            if name is not None:
                self.feed(name, ev.pressed, now, out)
        self.held(now, out)
        return out

    def held(self, now, out):
        """Long presses and repeats of keys still held at `now`."""
        for name in KEY_NAMES:
            t0 = self.down.get(name)
            if t0 is None:
                continue
            if name in _REPEATS:
                if ticks_since(now, t0) >= REPEAT_DELAY_MS and ticks_since(now, self.repeated[name]) >= REPEAT_MS:
                    self.repeated[name] = now
                    out.append(name)
            elif not self.longed[name] and ticks_since(now, t0) >= LONG_MS:
                self.longed[name] = True
                out.append("long_" + name)
                self.presses += 1

    def any_held(self):
        return len(self.down) > 0

"""keypad: scanners whose events come from the simulator (keyboard or script)."""

from host_sim import hub


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = bool(pressed)
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed

    def __hash__(self):
        return hash((self.key_number, self.pressed))

    def __repr__(self):
        return "<Event: key_number {} {}>".format(self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events=64):
        self._events = []
        self._max = max_events
        self.overflowed = False

    def get(self):
        if hub.machine is not None and "keys" in hub.machine.faults:
            raise OSError(5, "emulated fault: key scanner (host_sim --fault keys)")
        if self._events:
            return self._events.pop(0)
        return None

    def get_into(self, event):
        if not self._events:
            return False
        ev = self._events.pop(0)
        event.key_number = ev.key_number
        event.pressed = ev.pressed
        event.timestamp = ev.timestamp
        return True

    def clear(self):
        self._events = []
        self.overflowed = False

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)

    def _put(self, event):
        if len(self._events) >= self._max:
            self.overflowed = True
            return
        self._events.append(event)


class _Scanner:
    def __init__(self, key_count, max_events):
        self.key_count = key_count
        self.events = EventQueue(max_events)
        self._down = set()
        if hub.machine is not None:
            hub.machine.scanners.append(self)
            for k in hub.machine.held:  # keys already held at start report pressed
                if k < key_count:
                    self._inject(k, True)

    def _inject(self, key_number, pressed):
        if key_number >= self.key_count:
            return
        if pressed == (key_number in self._down):
            return
        if pressed:
            self._down.add(key_number)
        else:
            self._down.discard(key_number)
        self.events._put(Event(key_number, pressed, hub.machine.clock.ticks_ms()))  # pylint: disable=protected-access

    def reset(self):
        for k in sorted(self._down):
            self.events._put(Event(k, True, hub.machine.clock.ticks_ms()))  # pylint: disable=protected-access

    def deinit(self):
        if hub.machine is not None and self in hub.machine.scanners:
            hub.machine.scanners.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
        return False


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        self.pins = tuple(pins)
        super().__init__(len(self.pins), max_events)


class ShiftRegisterKeys(_Scanner):
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count, value_when_pressed,
                 interval=0.02, max_events=64, debounce_threshold=1):
        if isinstance(key_count, (tuple, list)):
            key_count = sum(key_count)
        super().__init__(key_count, max_events)


class KeyMatrix(_Scanner):
    def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        super().__init__(len(row_pins) * len(column_pins), max_events)
        self.columns = len(column_pins)

    def key_number_to_row_column(self, key_number):
        return divmod(key_number, self.columns)

    def row_column_to_key_number(self, row, column):
        return row * self.columns + column

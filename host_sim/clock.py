"""A controllable clock: the firmware's time moves only when the simulator says so.

While installed, `time.monotonic`, `time.monotonic_ns` and `time.sleep` of the
host's `time` module are this clock's (sleep advances it instead of waiting),
and the `supervisor.ticks_ms` / `adafruit_ticks` emulations read it too. It is
installed only while firmware code runs (boot and each tick), so pytest and
the rest of the process keep real time.

`ticks_ms()` is CircuitPython's `supervisor.ticks_ms()`: milliseconds since
power-on plus 2**29 - 65000, modulo 2**29, so it wraps to 0 65 s after every
power-on (`wrap_after_ms`, CircuitPython's TICKS_INITIAL_VALUE) and every 2**29 ms
(6.2 days) after that. `power_on()` (each boot) starts it again; the firmware
boots `start_ms` after power-on. `ms()` is the simulator's own time, which never
wraps (event log, LED log, script `at`).
"""

import threading as _threading
import time as _time

_TICKS_PERIOD = 1 << 29


class Clock:
    def __init__(self, start_ms=1000, wrap_after_ms=65000):
        self.ns = int(start_ms) * 1000000
        self.start_ms = int(start_ms)
        self.wrap_after_ms = int(wrap_after_ms)
        self.power_on_ms = 0  # ms() at this boot's power-on
        self._saved = None
        self._depth = 0
        self._owner = None

    # -- reading ---------------------------------------------------------
    def monotonic(self):
        return self.ns / 1e9

    def monotonic_ns(self):
        return self.ns

    def ms(self):
        return self.ns // 1000000

    def ticks_ms(self):
        uptime = self.ns // 1000000 - self.power_on_ms
        return (_TICKS_PERIOD - self.wrap_after_ms + uptime) % _TICKS_PERIOD

    def power_on(self):
        """A boot: ticks_ms() starts again (the firmware boots `start_ms` after power-on)."""
        self.power_on_ms = self.ms() - self.start_ms

    # -- moving ----------------------------------------------------------
    def advance(self, ms):
        if ms < 0:
            raise ValueError("time runs forward")
        self.ns += int(round(ms * 1000000))

    def advance_to(self, ms):
        """Move on to `ms` (no-op if already past it)."""
        if self.ns < ms * 1000000:
            self.ns = int(ms) * 1000000

    def sleep(self, seconds):
        if self._saved is not None and _threading.current_thread() is not self._owner:
            # another thread (e.g. a Blinka displayio refresh thread some other code started)
            # sleeps in real time and never moves the device's clock
            return self._saved[2](seconds)
        if seconds > 0:
            self.ns += int(round(seconds * 1e9))

    # -- installing into the host `time` module ---------------------------
    def install(self):
        if self._depth == 0:
            self._owner = _threading.current_thread()
            self._saved = (_time.monotonic, _time.monotonic_ns, _time.sleep)
            _time.monotonic = self.monotonic
            _time.monotonic_ns = self.monotonic_ns
            _time.sleep = self.sleep
        self._depth += 1

    def uninstall(self):
        self._depth -= 1
        if self._depth == 0 and self._saved is not None:
            _time.monotonic, _time.monotonic_ns, _time.sleep = self._saved
            self._saved = None

    def __enter__(self):
        self.install()
        return self

    def __exit__(self, *exc):
        self.uninstall()
        return False

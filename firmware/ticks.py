"""The board's millisecond clock, which wraps: compare ticks only through these helpers.

CircuitPython's `supervisor.ticks_ms()` counts milliseconds modulo 2**29 (so it never
allocates a long int) and starts 65 s before its first wrap, on purpose, so that code
subtracting raw ticks fails a minute after power-on instead of after 6.2 days. Never
write `now - then` or `now < deadline` on ticks: use `ticks_diff`, `ticks_add`,
`ticks_less` (exactly adafruit_ticks' semantics) or `ticks_since`.

`ticks_ms()` is `supervisor.ticks_ms` where it exists (CircuitPython, the simulator),
else the interpreter's own clock reduced to the same 2**29 period (MicroPython's
`time.ticks_ms`, CPython's `time.monotonic_ns` on a Raspberry Pi).
"""

TICKS_PERIOD = 1 << 29
TICKS_MAX = TICKS_PERIOD - 1
TICKS_HALFPERIOD = TICKS_PERIOD // 2
# supervisor.ticks_ms() at power-on: 65 s before the first wrap (CircuitPython's TICKS_INITIAL_VALUE)
POWER_ON_TICKS = TICKS_PERIOD - 65000

try:
    from supervisor import ticks_ms
except (ImportError, AttributeError):
    import time as _time

    if hasattr(_time, "ticks_ms"):
        def ticks_ms():
            return _time.ticks_ms() & TICKS_MAX
    else:
        def ticks_ms():
            return (_time.monotonic_ns() // 1000000) & TICKS_MAX


def ticks_add(ticks, delta):
    """`ticks` moved by `delta` ms (|delta| < 2**28), wrapped."""
    if -TICKS_HALFPERIOD < delta < TICKS_HALFPERIOD:
        return (ticks + delta) % TICKS_PERIOD
    raise OverflowError("ticks interval overflow")


def ticks_diff(ticks1, ticks2):
    """`ticks1 - ticks2` in ms, signed, for two ticks less than 2**28 ms apart."""
    diff = (ticks1 - ticks2) & TICKS_MAX
    return ((diff + TICKS_HALFPERIOD) & TICKS_MAX) - TICKS_HALFPERIOD


def ticks_less(ticks1, ticks2):
    """True when `ticks1` is before `ticks2` (less than 2**28 ms apart)."""
    return ticks_diff(ticks1, ticks2) < 0


def ticks_since(now, then):
    """Milliseconds from `then` (a moment in the past) to `now`: never negative.

    For a moment known to be in the past this is right for up to 6.2 days, where
    `ticks_diff` turns negative after 3.1 (a key last pressed days ago is not "bounce").
    """
    return (now - then) & TICKS_MAX


def uptime_ms(ticks):
    """Milliseconds since power-on (modulo 2**29) on CircuitPython's clock."""
    return (ticks - POWER_ON_TICKS) & TICKS_MAX

"""Number formatting with integer arithmetic only.

Float `%` formatting rounds differently between CPython and MicroPython (and
CircuitPython boards use single-precision floats), so the engine formats
percentages and fractions from integers it computes itself.
"""


def tenths_of_percent(p):
    """Probability `p` (0..1) in tenths of a percent, rounded half up: 0.5293 -> 529."""
    if p <= 0:
        return 0
    if p >= 1:
        return 1000
    return int(p * 1000 + 0.5)


def percent(p):
    """'52.9%' for 0.5293; always one decimal, never scientific notation."""
    t = tenths_of_percent(p)
    return "%d.%d%%" % (t // 10, t % 10)


def signed(n):
    """'+3' / '-2' / '0' for an IPC change."""
    if n > 0:
        return "+%d" % n
    return "%d" % n

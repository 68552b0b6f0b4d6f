"""Number formatting with integer arithmetic only.

Float `%` formatting rounds differently between CPython and MicroPython (and
CircuitPython boards use single-precision floats), so the engine formats
percentages and fractions from integers it computes itself.
"""


# A float carries its interpreter's rounding error: a CircuitPython board computes in single
# precision (float32), where a battle's exact 1/16 comes out 0.06249999 and a PC's double 0.0625.
# A float within _SLACK (of the unit it is rounded to) below a half counts as that half, so a
# board shows what a PC shows (tests/host/test_float32_figures.py). Exact numbers (int, Fraction)
# round exactly.
_SLACK = 0.002


def half_up(v):
    """v >= 0 rounded to a whole number, halves up (a float within _SLACK of a half counts as it)."""
    if isinstance(v, float):
        return int(v + 0.5 + _SLACK)
    return (int(v * 2) + 1) // 2


def tenths_of_percent(p):
    """Probability `p` (0..1) in tenths of a percent, rounded half up: 0.5293 -> 529."""
    if p <= 0:
        return 0
    if p >= 1:
        return 1000
    return half_up(p * 1000)


def percent(p):
    """'52.9%' for 0.5293; always one decimal, never scientific notation."""
    t = tenths_of_percent(p)
    return "%d.%d%%" % (t // 10, t % 10)


def signed(n):
    """'+3' / '-2' / '0' for an IPC change."""
    if n > 0:
        return "+%d" % n
    return "%d" % n

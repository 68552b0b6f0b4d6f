"""Host checks of the dice generator that need CPython (big ints, time)."""
from engine_core.dice import Dice, seed_state


def _reference_rolls(seed, count):
    """An independent implementation: the same two Lehmer generators computed
    with Python's unbounded ints (no Schrage trick), combined and mapped to d6
    by rejection, as described in engine_core/dice.py's docstring."""
    m1, a1, m2, a2 = 1073741789, 40017, 1073741783, 40015
    x, y = seed_state(seed)
    limit = (m1 - 1) - ((m1 - 1) % 6)
    out = []
    while len(out) < count:
        x = (a1 * x) % m1
        y = (a2 * y) % m2
        z = x - y
        if z < 1:
            z += m1 - 1
        if z - 1 < limit:
            out.append((z - 1) % 6 + 1)
    return out


def test_matches_unbounded_int_reference():
    """CL-C-02: dice are d6; the 30-bit-safe arithmetic equals the textbook recurrence."""
    for seed in (1, 2, 99, 2 ** 40 + 7):
        assert Dice(seed).roll(5000) == _reference_rolls(seed, 5000)


def test_chi_square_uniform_600000_rolls():
    """CL-C-02: a fair d6. Chi-square with 5 degrees of freedom over 600,000 rolls
    must stay below 20.515, the critical value for p = 0.001."""
    counts = [0] * 7
    for v in Dice(1).roll(600000):
        counts[v] += 1
    expected = 100000.0
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.515, (chi2, counts)


def test_period_no_short_cycle():
    """The combined state does not return to its start within 200,000 steps."""
    d = Dice(7)
    start = d.state
    for _ in range(200):
        d.roll(1000)
        assert d.state != start

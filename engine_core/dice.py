"""Seedable dice for the engine, identical on CPython and MicroPython.

MicroPython's `random` gives other sequences than CPython's, so game dice
come from this generator: two Lehmer generators with prime moduli just under
2**30, combined as in L'Ecuyer (1988). Every intermediate value stays below
2**30, so 32-bit boards never allocate long ints (Schrage's method avoids the
overflowing product). The state is a tuple of two small ints and lives in the
game state, so a replay of the journal rolls the same dice.
"""

_M1 = 1073741789  # largest prime below 2**30
_A1 = 40017       # primitive root mod _M1
_Q1 = 26832       # _M1 // _A1
_R1 = 5645        # _M1 % _A1
_M2 = 1073741783
_A2 = 40015
_Q2 = 26833
_R2 = 19288
# Rejection bound: the largest multiple of 6 not above _M1 - 1 values.
_LIMIT = (_M1 - 1) - ((_M1 - 1) % 6)


def seed_state(seed):
    """The generator state for an integer seed (any size, any sign)."""
    seed = int(seed)
    if seed < 0:
        seed = -seed
    x = 1 + seed % (_M1 - 1)
    y = 1 + (seed // 7 + 12345) % (_M2 - 1)
    return (x, y)


def _step(state):
    x, y = state
    x = _A1 * (x % _Q1) - _R1 * (x // _Q1)
    if x < 0:
        x += _M1
    y = _A2 * (y % _Q2) - _R2 * (y // _Q2)
    if y < 0:
        y += _M2
    z = x - y
    if z < 1:
        z += _M1 - 1
    return (x, y), z - 1  # z - 1 is uniform on 0 .. _M1 - 2


def roll_one(state):
    """One d6 from `state`: returns (new_state, value in 1..6), no modulo bias."""
    while True:
        state, z = _step(state)
        if z < _LIMIT:
            return state, z % 6 + 1


class Dice:
    """The device's own dice: a seeded generator whose state can be saved."""

    def __init__(self, seed=1, state=None):
        self.state = tuple(state) if state is not None else seed_state(seed)

    def roll(self, count):
        """`count` dice as a list of ints 1..6."""
        out = []
        state = self.state
        for _ in range(count):
            state, value = roll_one(state)
            out.append(value)
        self.state = state
        return out


class FixedDice:
    """Dice given in advance (tests, replays, physical dice typed in)."""

    def __init__(self, values):
        for v in values:
            if not (1 <= v <= 6):
                raise ValueError("a die shows 1 to 6, not %r" % (v,))
        self.values = list(values)
        self.used = 0

    def roll(self, count):
        if self.used + count > len(self.values):
            raise IndexError("not enough dice given: need %d more" % (self.used + count - len(self.values)))
        out = self.values[self.used:self.used + count]
        self.used += count
        return out

    def remaining(self):
        return len(self.values) - self.used

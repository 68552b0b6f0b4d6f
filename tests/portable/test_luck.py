"""Luck ledger (issue 9): expected IPC swing from the odds engine against the battle's result.
Expectations are worked by hand (see each docstring); floats compared within single precision
(1e-5), the hundredths of an IPC the screen shows exactly."""
from engine_core.trust.luck import LuckLedger, cents, R_WIN_CHANCE, R_EXPECTED, R_ACTUAL, R_LUCK


class _Board:
    """Just what the ledger and the odds engine need: the edition's unit tables, 5 powers."""
    edition = "classic"
    power_count = 5

    def __init__(self):
        import board_defs.classic.units as m
        self.units = m.UNITS
        self._aliases = m.ALIASES
        self.combat_flags = m.COMBAT_FLAGS

    def unit_id(self, name):
        from engine_core.units import find
        return find(self.units, self._aliases, name)


def _close(a, b):
    """a is the hand-worked b in single precision (float32 on every CircuitPython board agrees
    to about 1e-6); what the player sees, hundredths of an IPC, is checked exactly (rows()); in
    fractions on the host these tests demand equality (tests/host/test_odds_fractions.py)."""
    return abs(a - b) < 1e-5


def test_one_infantry_each_attacker_won():
    """CL-C-12 CL-C-13 CL-U-01: infantry attacks at 1 and defends at 2 (cost 3). Per round:
    attacker alone hits 4/36, defender alone 10/36, both 2/36, neither 20/36; so the attacker
    wins 4/16 and the expected swing is 3*(4+2)/16 - 3*(10+2)/16 = -9/8. It won (Germany lost
    3 IPCs): luck = 3 + 9/8 = 33/8 for the U.S.S.R., -33/8 for Germany."""
    led = LuckLedger(_Board())
    result = {"outcome": 1, "ipc_lost": [0, 3], "rounds": 2}
    rec = led.record("land", {"infantry": 1}, {"infantry": 1}, result, 0, 1, 5)
    assert _close(rec[R_WIN_CHANCE], 0.25)
    assert _close(rec[R_EXPECTED], -1.125)
    assert rec[R_ACTUAL] == 3
    assert _close(rec[R_LUCK], 4.125)
    t = led.totals()
    assert t[0][1] == 1 and _close(t[0][4], 4.125)
    assert t[1][1] == 1 and _close(t[1][4], -4.125)
    assert t[2][1] == 0
    assert cents(t[0][4]) == 413 and cents(t[1][4]) == -413
    # the screen's rows: -9/8 = -1.125 -> -113 hundredths (half away from zero), 3 -> 300
    assert led.rows() == [(0, 1, -113, 300, 413), (1, 1, 113, -300, -413)]


def test_retreat_is_compared_with_the_same_retreat():
    """CL-C-16 CL-C-12: the attacker retreated after round 1, so the expectation is "retreat
    after round 1": defender loses 3 with 6/36, attacker 3 with 12/36, swing -1/2. Nobody was
    hit (actual 0): luck +1/2, not the whole battle's expectation."""
    led = LuckLedger(_Board())
    rec = led.record("land", {"infantry": 1}, {"infantry": 1},
                     {"outcome": 4, "ipc_lost": [0, 0], "rounds": 1}, 0, 1)
    assert _close(rec[R_EXPECTED], -0.5)
    assert _close(rec[R_LUCK], 0.5)


def test_ledger_sums_to_zero_over_the_powers():
    """CL-C-12: every IPC of luck one side had, the other side lacked."""
    led = LuckLedger(_Board())
    led.record("land", {"infantry": 2}, {"infantry": 1}, {"outcome": 2, "ipc_lost": [6, 0], "rounds": 3}, 0, 1)
    led.record("land", {"armor": 1}, {"infantry": 1}, {"outcome": 1, "ipc_lost": [0, 3], "rounds": 1}, 3, 4)
    s = 0.0
    for row in led.totals():
        s += row[4]
    assert _close(s, 0.0)
    assert cents(-0.005) == -1 and cents(0.004) == 0 and cents(None) is None

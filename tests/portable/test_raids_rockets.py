"""Rocket range (engine_core/battle/raids.py): spaces counted like movement, neutrals per edition.

A tiny hand-drawn map, so every distance can be counted by eye:

    A(0) - B(1) - N(2, neutral) - C(3) - D(4) - E(5)
            |                     |
           S1(6, sea) ------- S2(7, sea)

From A: B 1; N 2; C 3 through N, 4 around it by sea; D 4 through N, 5 around; E 5 / 6.
"""
from engine_core.battle import raids as raids
from engine_core.dice import FixedDice

_ADJ = ((1,), (0, 2, 6), (1, 3), (2, 4, 7), (3, 5), (4,), (1, 7), (6, 3))


class _Map:
    def __init__(self, edition):
        self.edition = edition

    def adjacent(self, t):
        return _ADJ[t]

    def is_sea(self, t):
        return t >= 6

    def is_impassable(self, t):
        return False

    def neutral_kind(self, t):
        return 5 if t == 2 else 0    # engine_core.board.NK_UNOWNED


def test_spaces_count_territories_and_sea_zones():
    """CL-A-21, LHTR-A-20, P40-X-44: the spaces between launcher and target are counted
    like movement, territories and sea zones alike."""
    assert raids.spaces_between(_Map("classic").adjacent, 0, 3, 9) == 3
    assert raids.spaces_between(_Map("classic").adjacent, 0, 5, 9) == 5
    assert raids.spaces_between(_Map("classic").adjacent, 0, 5, 4) == -1
    blocked = lambda t: t == 2
    assert raids.spaces_between(_Map("classic").adjacent, 0, 3, 9, blocked) == 4
    assert raids.spaces_between(_Map("classic").adjacent, 0, 0, 0) == 0


def test_classic_rocket_three_spaces_over_neutrals():
    """CL-T-07, CL-A-21: an AA gun no more than 3 spaces from the target; Classic neutrals
    may be crossed - C (3 through N) is in range, D (4) is not."""
    m = _Map("classic")
    assert raids.rocket_range("classic") == 3
    assert raids.rocket_in_range(m, 0, 3)
    assert not raids.rocket_in_range(m, 0, 4)


def test_lhtr_rocket_three_spaces_neutrals_impassable():
    """LHTR-T-08, LHTR-A-20, LHTR-CHG-TECH-04: range 3 counted like movement, and neutrals
    are impassable, so C is 4 spaces away around N: out of range; B is in range."""
    m = _Map("revised_lhtr")
    assert not raids.rocket_in_range(m, 0, 3)
    assert raids.rocket_in_range(m, 0, 1)


def test_1940_rocket_four_spaces_never_over_neutrals():
    """P40-R-12, G40-R-04, P40-X-44: an air base's rocket reaches 4 spaces but never flies
    over a neutral territory: C (4 around N) is in range; D (5 around N) is not, although
    it is 4 spaces through N; once N is no longer neutral, D is in range."""
    for ed in ("pacific_1940", "global_1940"):
        m = _Map(ed)
        assert raids.rocket_range(ed) == 4
        assert raids.rocket_in_range(m, 0, 3)
        assert not raids.rocket_in_range(m, 0, 4)
        assert raids.rocket_in_range(m, 0, 4, is_neutral=lambda t: False)


def test_rocket_range_on_the_pacific_map():
    """P40-R-12: on the real Pacific 1940 map Japan borders sea zones 6 and 19 (P40-E-43, the
    convoy example); Manchuria borders sea zone 19 - 2 spaces, in range."""
    from engine_core import board
    b = board.load("pacific_1940")
    japan = b.territory_id("Japan")
    manchuria = b.territory_id("Manchuria")
    assert raids.spaces_between(b.adjacent, japan, manchuria, 9) == 2
    assert raids.rocket_in_range(b, japan, manchuria)


def test_rocket_events_for_the_adapters():
    """LHTR-T-08, P40-R-12: a rocket rolls one die (event) and reports the IPCs paid
    (Classic/Revised) or the damage markers placed (1940)."""
    from engine_core import events as ev
    out = []
    raids.rocket("revised_lhtr", FixedDice([3]), treasury=10, territory_value=6, events=out)
    assert out == [(ev.E_ROLL, ev.ATTACKER, raids.S_BOMB, 0, (3,)),
                   (ev.E_PAYOUT, ev.DEFENDER, 3)]
    out = []
    res = raids.rocket("pacific_1940", FixedDice([2]), target="air_base", events=out)
    assert out[-1][0] == ev.E_DAMAGE and out[-1][3] == 2
    assert res["facilities"] == (("air_base", 0, 2, 2),)


def test_each_air_base_one_rocket_per_turn():
    """P40-R-12: each operative air base may make a single rocket attack each turn."""
    from engine_core.errors import RuleError
    dice = FixedDice([5])
    rule = None
    try:
        raids.rocket("pacific_1940", dice, target="naval_base", launcher_used=True)
    except RuleError as e:
        rule = e.rule
    assert rule == "P40-R-12"
    assert dice.remaining() == 1

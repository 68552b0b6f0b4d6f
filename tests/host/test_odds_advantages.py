"""Exact odds with the LHTR national advantages that change dice (engine_core/odds/exact.py,
`advantages` and `space`): hand-worked fractions for one-unit battles, and the exact numbers
against the battle engine's own Monte Carlo (which applies engine_core/battle/advantages.py)
where the hand work would be long."""
from fractions import Fraction as F

import pytest

from engine_core.errors import InputError, RuleError
from engine_core.odds.exact import odds
from engine_core.odds.montecarlo import monte_carlo
from engine_core.odds.random_battles import compare

ED = "revised_lhtr"


def _exact(kind, a, d, adv, space=None, bombard=None):
    return odds(ED, kind, a, d, number=F, advantages=adv, space=space, bombard=bombard)


def _probs(r):
    return (r["attacker_wins"], r["defender_wins"], r["draw"])


def _duel(p, q):
    """One attacking unit hitting on p against one defender hitting on q, every round alike:
    (attacker wins, defender wins, both die)."""
    go = 1 - (1 - p) * (1 - q)
    return (p * (1 - q) / go, q * (1 - p) / go, p * q / go)


def test_dug_in_russian_winter_fortress_europe():
    """LHTR-O-44 infantry on an island, LHTR-O-10 Soviet infantry, LHTR-O-25 artillery in a gray
    territory: the defender hits on 3 instead of 2; 1 infantry attacking at 1 wins 1/7."""
    want = _duel(F(1, 6), F(1, 2))
    assert want == (F(1, 7), F(5, 7), F(1, 7))
    assert _probs(_exact("land", {"infantry": 1}, {"infantry": 1}, {"defender": ["dug_in"]},
                         ["island"])) == want
    assert _probs(_exact("land", {"infantry": 1}, {"infantry": 1},
                         {"defender": ["russian_winter"]})) == want
    assert _probs(_exact("land", {"infantry": 1}, {"artillery": 1},
                         {"defender": ["fortress_europe"]}, ["gray"])) == want
    # without the island / the gray territory the advantage does nothing (1/4, 5/8, 1/8)
    plain = _duel(F(1, 6), F(1, 3))
    assert _probs(_exact("land", {"infantry": 1}, {"infantry": 1}, {"defender": ["dug_in"]})) == plain
    assert _probs(_exact("land", {"infantry": 1}, {"artillery": 1},
                         {"defender": ["fortress_europe"]}, ["tan"])) == plain


def test_banzai():
    """LHTR-O-45: an attack begun with only infantry attacks at 2 (2/5, 2/5, 1/5); a fighter in
    the attack cancels it even when antiaircraft fire shoots it down (LHTR FAQ)."""
    assert _probs(_exact("land", {"infantry": 1}, {"infantry": 1}, {"attacker": ["banzai"]})) == \
        _duel(F(1, 3), F(1, 3)) == (F(2, 5), F(2, 5), F(1, 5))
    a = {"infantry": 2, "fighter": 1}
    d = {"infantry": 2, "antiaircraft_gun": 1}
    assert _probs(_exact("land", a, d, {"attacker": ["banzai"]})) == _probs(_exact("land", a, d, None))


def test_marines_and_atlantic_wall_first_cycle():
    """LHTR-O-52: infantry landed from the sea attack at 2 in the first cycle; LHTR-O-21:
    infantry in a gray territory defend at 3 in the first cycle of an amphibious assault."""
    # first cycle 1/3 vs 1/3, then 1/6 vs 1/3 (1/4, 5/8, 1/8): 1/3, 1/2, 1/6
    r = _exact("amphibious", {"infantry": 1}, {"infantry": 1}, {"attacker": ["marines"]})
    assert _probs(r) == (F(2, 9) + F(4, 9) * F(1, 4), F(2, 9) + F(4, 9) * F(5, 8),
                         F(1, 9) + F(4, 9) * F(1, 8)) == (F(1, 3), F(1, 2), F(1, 6))
    # first cycle 1/6 vs 1/2, then 1/4, 5/8, 1/8: 3/16, 65/96, 13/96
    r = _exact("amphibious", {"infantry": 1}, {"infantry": 1}, {"defender": ["atlantic_wall"]},
               ["gray"])
    assert _probs(r) == (F(3, 16), F(65, 96), F(13, 96))
    # a land battle is no assault: neither applies
    r = _exact("land", {"infantry": 1}, {"infantry": 1},
               {"attacker": ["marines"], "defender": ["atlantic_wall"]}, ["gray"])
    assert _probs(r) == (F(1, 4), F(5, 8), F(1, 8))


def test_dive_bomber():
    """LHTR-O-24: attacking fighters hit on 5 in the first cycle unless the defender has
    fighters when it starts: 1 fighter against 1 infantry wins 11/18."""
    r = _exact("land", {"fighter": 1}, {"infantry": 1}, {"attacker": ["dive_bomber"]})
    later = _duel(F(1, 2), F(1, 3))
    first = (F(5, 6) * F(2, 3), F(1, 6) * F(1, 3), F(5, 6) * F(1, 3))
    stay = F(1, 6) * F(2, 3)
    assert _probs(r) == tuple(first[i] + stay * later[i] for i in range(3)) == \
        (F(11, 18), F(1, 12), F(11, 36))
    r = _exact("land", {"fighter": 1}, {"fighter": 1}, {"attacker": ["dive_bomber"]})
    assert _probs(r) == _duel(F(1, 2), F(4, 6))


def test_powerful_battleships():
    """LHTR-O-43: a battleship attacks at 5; one (two hits) against a destroyer (defends at 3,
    LHTR-U-52) wins 115/121, draws 5/121 and loses 1/121."""
    # undamaged: hit 5/6 -> won; miss and hit by the destroyer 1/12 -> one hit left; 1/12 again
    # one hit left: 5/12 won, 5/12 both sunk, 1/12 lost, 1/12 again
    full = (F(5, 6) / F(11, 12), F(1, 12) / F(11, 12))
    one = (F(5, 12) / F(11, 12), F(1, 12) / F(11, 12), F(5, 12) / F(11, 12))
    r = _exact("sea", {"battleship": 1}, {"destroyer": 1}, {"attacker": ["powerful_battleships"]})
    assert _probs(r) == (full[0] + full[1] * one[0], full[1] * one[1], full[1] * one[2]) == \
        (F(115, 121), F(1, 121), F(5, 121))
    # and it bombards at 5: 1 infantry after a 5-bombardment against 1 infantry
    r = _exact("amphibious", {"infantry": 1}, {"infantry": 1}, {"attacker": ["powerful_battleships"]},
               bombard={"battleship": 1})
    r0 = _exact("amphibious", {"infantry": 1}, {"infantry": 1}, None, bombard={"battleship": 1})
    assert r["attacker_wins"] > r0["attacker_wins"]
    # LHTR-C-23/44: bombardment fires first, its victims do not fire back
    assert r["attacker_wins"] == F(5, 6) + F(1, 6) * F(1, 4)


def test_superfortresses_and_radar():
    """LHTR-O-55: the AA gun rolls two dice at each bomber, down only on a total of 3 or less
    (1/12); LHTR-O-30: the UK's AA gun in a tan territory hits on 1 or 2."""
    r = _exact("land", {"bomber": 1}, {"infantry": 1, "antiaircraft_gun": 1},
               {"attacker": ["superfortresses"]})
    fight = _duel(F(2, 3), F(1, 3))  # bomber at 4 against infantry at 2: 4/7, 1/7, 2/7
    assert _probs(r) == (F(11, 12) * fight[0], F(1, 12) + F(11, 12) * fight[1], F(11, 12) * fight[2])
    r = _exact("land", {"fighter": 1}, {"infantry": 1, "antiaircraft_gun": 1},
               {"defender": ["radar"]}, ["tan"])
    fight = _duel(F(1, 2), F(1, 3))
    assert _probs(r) == (F(2, 3) * fight[0], F(1, 3) + F(2, 3) * fight[1], F(2, 3) * fight[2]) == \
        (F(1, 3), F(1, 2), F(1, 6))


@pytest.mark.parametrize("kind,a,d,adv,space", [
    ("sea", {"submarine": 3, "destroyer": 1}, {"destroyer": 2, "transport": 1},
     {"attacker": ["wolf_packs"]}, None),
    ("land", {"infantry": 3, "artillery": 1, "fighter": 2}, {"infantry": 4},
     {"attacker": ["dive_bomber"]}, None),
    ("amphibious", {"infantry": 3, "artillery": 1}, {"infantry": 3},
     {"attacker": ["marines"], "defender": ["atlantic_wall"]}, ["gray"]),
    ("land", {"infantry": 2, "bomber": 2, "fighter": 1}, {"infantry": 3, "antiaircraft_gun": 1},
     {"attacker": ["superfortresses"], "defender": ["radar"]}, ["tan"]),
    ("sea", {"battleship": 1, "destroyer": 1}, {"battleship": 1, "destroyer": 2},
     {"attacker": ["powerful_battleships"], "defender": ["powerful_battleships"]}, None),
    ("land", {"infantry": 4}, {"infantry": 2, "artillery": 2},
     {"attacker": ["banzai"], "defender": ["fortress_europe", "russian_winter"]}, ["gray"]),
])
def test_exact_agrees_with_the_battle_engine(kind, a, d, adv, space):
    """LHTR-O-23 (and LHTR-CHG-NA-02), LHTR-O-24, LHTR-O-52, LHTR-O-21, LHTR-O-55, LHTR-O-30,
    LHTR-O-43, LHTR-O-45, LHTR-O-25, LHTR-O-10: the exact numbers fall within 4 standard errors
    of 20,000 battles of engine_core.battle.steps with the same advantages."""
    e = odds(ED, kind, a, d, advantages=adv, space=space)
    m = monte_carlo(ED, kind, a, d, runs=20000, seed=11, advantages=adv, space=space)
    assert compare(e, m) < 4.0
    plain = odds(ED, kind, a, d)
    assert abs(e["attacker_wins"] - plain["attacker_wins"]) > 0.005  # the advantage matters


def test_refusals():
    """LHTR-O-02: national advantages are a Revised / LHTR option; unknown names are refused."""
    with pytest.raises(RuleError) as e:
        odds("pacific_1940", "land", {"infantry": 1}, {"infantry": 1},
             advantages={"attacker": ["banzai"]})
    assert e.value.rule == "LHTR-O-02"
    with pytest.raises(InputError):
        odds(ED, "land", {"infantry": 1}, {"infantry": 1}, advantages={"attacker": ["blitz"]})
    with pytest.raises(InputError):
        odds(ED, "land", {"infantry": 1}, {"infantry": 1}, advantages={"allies": ["radar"]})
    with pytest.raises(InputError):
        odds(ED, "land", {"infantry": 1}, {"infantry": 1}, advantages={"defender": ["dug_in"]},
             space=["beach"])

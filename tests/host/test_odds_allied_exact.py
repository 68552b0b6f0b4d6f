"""A defending side of several powers (issue 16) in the exact odds, with fractions (the hand-worked
values of tests/portable/test_allied_tech.py, exactly), and the battle engine run many times
(Monte Carlo) agreeing with them."""
from fractions import Fraction as F

from engine_core.odds.exact import odds
from engine_core.odds.montecarlo import monte_carlo

JETS_ONE = {"defender": ("jet_fighters",), "defender_teched": {"fighter": 1}}


def test_jets_of_one_fighter_exactly():
    """CL-T-05 CL-T-06: 1 armor against a UK fighter (4) and a US jet fighter (5): the attacker
    wins 1/385, draw 1/77 (worked in tests/portable/test_allied_tech.py)."""
    r = odds("classic", "land", {"armor": 1}, {"fighter": 2}, tech=JETS_ONE, number=F)
    assert r["attacker_wins"] == F(1, 385) and r["draw"] == F(1, 77)
    assert r["defender_wins"] == F(379, 385)


def test_radar_of_one_aaa_exactly():
    """P40-R-06 P40-R-24 P40-U-36: 4 fighters against a radar AAA, a plain AAA and 1 infantry:
    all 4 fighters left with 20/81 * 15/23 = 100/621."""
    r = odds("pacific_1940", "land", {"fighter": 4}, {"aaa": 2, "infantry": 1},
             tech={"defender": ("radar",), "defender_teched": {"aaa": 1}}, number=F)
    four = [x[1] for x in r["attacker_remaining"] if x[0] == {"fighter": 4}]
    assert four == [F(100, 621)]


def test_the_battle_engine_agrees_with_the_exact_odds():
    """CL-T-05 CL-T-06, LHTR-T-06 LHTR-T-11: the battle engine (Monte Carlo over
    engine_core.battle.steps) and the exact odds agree within 4 standard errors, for a UK fighter
    beside a US jet fighter (Classic) and a plain bomber beside a heavy one (LHTR)."""
    cases = (("classic", {"armor": 3}, {"fighter": 2, "infantry": 1}, JETS_ONE),
             ("revised_lhtr", {"infantry": 3}, {"bomber": 2},
              {"defender": ("heavy_bombers",), "defender_teched": {"bomber": 1}}))
    for ed, a, d, tech in cases:
        ex = odds(ed, "land", a, d, tech=tech)
        mc = monte_carlo(ed, "land", a, d, tech=tech, runs=4000, seed=3)
        p = ex["attacker_wins"]
        se = (p * (1 - p) / 4000) ** 0.5
        assert abs(mc["attacker_wins"] - p) < 4 * se + 1e-9, (ed, mc["attacker_wins"], p)
        both = odds(ed, "land", a, d, tech={"defender": tech["defender"]})
        assert abs(both["attacker_wins"] - p) > 4 * se    # the split matters here

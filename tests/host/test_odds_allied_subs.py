"""Two allied powers' subs, one with Super Submarines (issue 16, LHTR-T-09), in the exact odds
with fractions (the hand-worked values of tests/portable/test_allied_super_subs.py, exactly), and
the battle engine run many times (Monte Carlo) agreeing with them."""
from fractions import Fraction as F

from engine_core.odds.exact import odds
from engine_core.odds.montecarlo import monte_carlo

ED = "revised_lhtr"
SPLIT = {"defender": ("super_submarines",), "defender_teched": {"submarine": 1}}


def test_planes_against_two_owners_subs_exactly():
    """LHTR-T-09 LHTR-A-10: a fighter against a UK super sub, a US sub and a destroyer: a draw
    1/9, the defender 8/9 (worked in tests/portable/test_allied_super_subs.py); both subs super:
    a draw 1/3."""
    r = odds(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, tech=SPLIT, number=F)
    assert r["draw"] == F(1, 9) and r["defender_wins"] == F(8, 9)
    r = odds(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1},
             tech={"defender": ("super_submarines",)}, number=F)
    assert r["draw"] == F(1, 3)


def test_the_battle_engine_agrees_with_the_exact_odds():
    """LHTR-T-06 LHTR-T-09, LHTR-C-24..29: the battle engine (Monte Carlo over
    engine_core.battle.steps) and the exact odds agree within 4 standard errors: planes, a
    battleship and subs against two powers' subs and a destroyer, in the default order of loss
    and in a defender's order (subs last); the split matters (both subs super: other odds)."""
    a = {"fighter": 2, "bomber": 1, "battleship": 1}
    d = {"submarine": 3, "destroyer": 1}
    tech = {"defender": ("super_submarines",), "defender_teched": {"submarine": 2}}
    n = 3000
    for pol in (None, {"defender_order": ("destroyer", "submarine")}):
        ex = odds(ED, "sea", a, d, tech=tech, policy=pol)
        mc = monte_carlo(ED, "sea", a, d, tech=tech, policy=pol, runs=n, seed=5)
        for key in ("attacker_wins", "draw"):
            p = ex[key]
            se = (p * (1 - p) / n) ** 0.5
            assert abs(mc[key] - p) < 4 * se + 1e-9, (pol, key, mc[key], p)
    both = odds(ED, "sea", a, d, tech={"defender": ("super_submarines",)})
    ex = odds(ED, "sea", a, d, tech=tech)
    p = ex["attacker_wins"]
    assert abs(both["attacker_wins"] - p) > 4 * (p * (1 - p) / n) ** 0.5


def test_defending_subs_beside_an_allys_fighter_keep_their_opening_fire():
    """LHTR-C-24 LHTR-U-80, LHTR-T-06 LHTR-T-07: 3 fighters and a bomber against a UK fighter
    (no Jet Fighters, the US has them) on a US carrier beside 3 subs: the split is the fighters'.
    The subs fire in opening fire and hit only ships -- here never (the exact odds once rolled
    them with the general fire at any target when a side had owners: attacker 27%, not 57%): the
    exact odds and the battle engine (Monte Carlo) agree within 4 standard errors."""
    a = {"fighter": 3, "bomber": 1}
    d = {"submarine": 3, "fighter": 1, "aircraft_carrier": 1}
    tech = {"defender": ("jet_fighters",), "defender_teched": {"fighter": 0}}
    n = 3000
    ex = odds(ED, "sea", a, d, tech=tech)
    mc = monte_carlo(ED, "sea", a, d, tech=tech, runs=n, seed=7)
    for key in ("attacker_wins", "defender_wins"):
        p = ex[key]
        se = (p * (1 - p) / n) ** 0.5
        assert abs(mc[key] - p) < 4 * se + 1e-9, (key, mc[key], p)
    assert ex["attacker_wins"] > 0.5

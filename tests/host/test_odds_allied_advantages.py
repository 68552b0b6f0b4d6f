"""A defending side of several powers whose national advantage helps only its own units (issue 16
item c, LHTR-O-02) in the exact odds, with fractions (the hand-worked values of
tests/portable/test_allied_advantages.py, exactly), and the battle engine run many times (Monte
Carlo) agreeing with them."""
from fractions import Fraction as F

from engine_core.odds.exact import odds
from engine_core.odds.montecarlo import monte_carlo


def test_winter_and_atlantic_wall_exactly():
    """LHTR-O-10 LHTR-O-21 LHTR-O-02: 1 armor against a Soviet and a UK infantry in Russian
    Winter: 1/15, draw 1/15; 1 seaborne infantry against a German and a Japanese infantry on gray
    (Atlantic Wall): 3/136 (9/544 when both are German)."""
    r = odds("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
             tech={"defender_teched": {"infantry": 1}}, advantages={"defender": ["russian_winter"]},
             number=F)
    assert r["attacker_wins"] == F(1, 15) and r["draw"] == F(1, 15) and r["defender_wins"] == F(13, 15)
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
             tech={"defender_teched": {"infantry": 1}}, advantages={"defender": ["atlantic_wall"]},
             space=["gray"], number=F)
    assert r["attacker_wins"] == F(3, 136)
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
             advantages={"defender": ["atlantic_wall"]}, space=["gray"], number=F)
    assert r["attacker_wins"] == F(9, 544)


def test_the_battle_engine_agrees_with_the_exact_odds():
    """LHTR-O-10 LHTR-O-43 LHTR-O-25 LHTR-O-02: the battle engine (Monte Carlo over
    engine_core.battle.steps) and the exact odds agree within 4 standard errors for one Soviet
    infantry of three in Russian Winter, one Japanese battleship of two, one German artillery of
    three in a gray territory; the split matters (all of them helped: far apart)."""
    cases = (("land", {"armor": 3}, {"infantry": 3}, ["russian_winter"], None, {"infantry": 1}),
             ("sea", {"battleship": 2}, {"battleship": 2}, ["powerful_battleships"], None,
              {"battleship": 1}),
             ("land", {"armor": 2, "infantry": 1}, {"artillery": 3}, ["fortress_europe"], ["gray"],
              {"artillery": 1}))
    for kind, a, d, adv, space, split in cases:
        kw = {"advantages": {"defender": adv}, "space": space}
        ex = odds("revised_lhtr", kind, a, d, tech={"defender_teched": split}, **kw)
        mc = monte_carlo("revised_lhtr", kind, a, d, tech={"defender_teched": split}, runs=4000,
                         seed=3, **kw)
        p = ex["attacker_wins"]
        se = (p * (1 - p) / 4000) ** 0.5
        assert abs(mc["attacker_wins"] - p) < 4 * se + 1e-9, (kind, mc["attacker_wins"], p)
        both = odds("revised_lhtr", kind, a, d, **kw)
        assert abs(both["attacker_wins"] - p) > 4 * se

# The assault's odds (engine_core/odds/assault.py) in exact fractions, and against the battle
# engine's own amphibious assault (engine_core/battle/amphibious.py) fought with seeded dice.
from fractions import Fraction as F

from engine_core.odds import assault
from engine_core.battle.steps import Battle
from engine_core.battle.base import O_ATTACKER_WON
from engine_core.dice import Dice


def test_fractions_1940_hand_worked():
    """P40-C-57 P40-C-63 P40-U-58: the hand-worked assault of
    tests/portable/test_odds_assault.py, exactly (destroyer + transport with 1 infantry vs a
    submarine, then 1 infantry vs 1)."""
    r = assault.odds("pacific_1940", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1}, number=F)
    assert r["landing"] == F(3, 4)
    assert (r["attacker_wins"], r["draw"], r["defender_wins"]) == (F(3, 16), F(3, 32), F(23, 32))
    assert r["attacker_captures"] == F(3, 16)
    assert r["ipc_swing"] == F(171, 32) - F(115, 16)
    assert r["pruned"] == 0


def test_fractions_lhtr_hand_worked():
    """LHTR-C-42 LHTR-C-43 LHTR-C-45: transports last at sea, the overland infantry fights
    when nothing lands (tests/portable/test_odds_assault.py)."""
    r = assault.odds("revised_lhtr", {"infantry": 2}, {"infantry": 1}, {"infantry": 1},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1}, number=F)
    assert (r["attacker_wins"], r["draw"], r["defender_wins"]) == \
        (F(529, 928), F(133, 1856), F(665, 1856))


def _fight(seed, runs):
    """The battle engine's assault with its default answers and Dice(seed): (wins, captures)."""
    dice = Dice(seed)
    wins = 0
    takes = 0
    opts = {"seaborne": {"infantry": 2, "artillery": 1}, "retreat": (),
            "sea_attacker": {"destroyer": 1, "transport": 2},
            "sea_defender": {"submarine": 1, "destroyer": 1}}
    for _ in range(runs):
        b = Battle("pacific_1940", "amphibious", {"infantry": 3, "artillery": 1}, {"infantry": 2}, opts)
        while b.run_until_prompt(dice) is not None:
            b.answer(None)
        if b.result["outcome"] == O_ATTACKER_WON:
            wins += 1
            if b.result["captured"]:
                takes += 1
    return wins, takes


def test_monte_carlo_of_the_battle_engine_agrees():
    """P40-C-56 P40-C-57 P40-C-63 P40-U-58: 2000 assaults fought by the battle engine (sea
    battle, cargo lost with its transports, the land battle with what landed and the overland
    infantry) win and capture within 4 standard errors of the exact mixture."""
    r = assault.odds("pacific_1940", {"infantry": 3, "artillery": 1}, {"infantry": 2},
                     {"infantry": 2, "artillery": 1}, {"destroyer": 1, "transport": 2},
                     {"submarine": 1, "destroyer": 1})
    runs = 2000
    wins, takes = _fight(7, runs)
    for p, k in ((r["attacker_wins"], wins), (r["attacker_captures"], takes)):
        se = (p * (1 - p) / runs) ** 0.5
        assert abs(k / runs - p) < 4 * se, (k / runs, p, se)
    # the sea battle matters: the odds with every seaborne unit landed are not these
    assert 0 < r["landing"] < 1


def test_sea_defender_tech_fractions_and_the_battle_engine_agree():
    """LHTR-T-06 LHTR-T-09 LHTR-C-42 (issue 16): the zone's sub of a power without Super
    Submarines beside a land owner with them (sea_defender_tech ()): the exact fractions of
    tests/portable/test_odds_assault_tech.py, and 2000 assaults fought by the battle engine with
    the same option win within 4 standard errors of them."""
    r = assault.odds("revised_lhtr", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
                     {"fighter": 1, "transport": 1}, {"submarine": 1}, number=F,
                     tech={"defender": ["super_submarines"]}, sea_defender_tech=())
    assert (r["landing"], r["attacker_wins"], r["draw"]) == (F(1, 2), F(1, 8), F(1, 16))
    opts = {"seaborne": {"infantry": 1}, "sea_attacker": {"fighter": 1, "transport": 1},
            "sea_defender": {"submarine": 1}, "defender_tech": ("super_submarines",),
            "sea_defender_tech": ()}
    dice = Dice(11)
    runs = 2000
    wins = 0
    for _ in range(runs):
        b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
        while b.run_until_prompt(dice) is not None:
            b.answer(None)
        wins += b.result["outcome"] == O_ATTACKER_WON
    p = 1 / 8
    se = (p * (1 - p) / runs) ** 0.5
    assert abs(wins / runs - p) < 4 * se, (wins / runs, p, se)

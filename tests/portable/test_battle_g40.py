# Global 1940 (and the power-by-power variant): the Pacific 1940 combat system applies.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_DICE, P_KAMIKAZE, P_SCRAMBLE, P_SUBMERGE,
    O_ATTACKER_WON, S_AA, S_ATTACK, S_SUB_ATTACK)
from engine_core.dice import FixedDice
from portable_helpers import _named


def test_global_battles_follow_the_pacific_system():
    """G40-C-01 G40-U-01: every combat rule of Pacific 1940 applies in Global 1940 and in the
    variant: the FAQ sub-and-cruiser case gives the same dice and losses in all three."""
    for ed in ("pacific_1940", "global_1940", "global_1940_variant"):
        b = Battle(ed, "sea", {"destroyer": 1, "fighter": 1}, {"cruiser": 1, "submarine": 1})
        d = FixedDice([6, 6, 1, 1])
        assert b.run_until_prompt(d) is None
        assert _named(b, b.result["lost"][0]) == {"fighter": 1, "destroyer": 1}, ed


def test_global_kamikaze_and_scramble_use_the_pacific_flags():
    """G40-U-05 G40-U-07 G40-C-02 G40-X-03: kamikaze (6 tokens, any Allied attacker) and scramble
    use the Pacific 1940 values in Global."""
    b = Battle("global_1940", "sea", {"cruiser": 1, "destroyer": 1}, {"destroyer": 1},
               {"scramble": {"fighter": 3}, "kamikaze": 6})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SCRAMBLE and p.info == (3,)
    b.answer({"fighter": 3})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE and p.info == (6,)


def test_global_aaa_and_paratroopers():
    """G40-U-01 P40-U-36 P40-U-37 P40-R-13: AAA up to three shots each, one per air unit; paratroopers
    are shot at as if they were air units."""
    b = Battle("global_1940_variant", "land", {"fighter": 1, "infantry": 2, "tank": 1},
               {"aaa": 1, "infantry": 2}, {"paratroopers": 2})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_AA, ((1, 3),))
    b.answer([1, 6, 6])
    p = b.run_until_prompt(None)
    assert p.kind == P_CASUALTIES and p.side == 0
    assert _named(b, p.default[0]) == {"infantry": 1}
    assert p.options == (b.board.unit_id("infantry"), b.board.unit_id("fighter"))
    b.answer({"fighter": 1})
    assert _named(b, b.lost[0]) == {"fighter": 1}

"""LHTR-O-10 Russian Winter in battle: Soviet infantry defend at 3 while it is declared
(advantages.winter_active); kept apart from the ledger tests for the device heap."""

ALL = ("russian_winter", "salvage", "joint_strike", "enigma_decoded", "french_resistance",
       "colonial_garrison", "chinese_divisions")


def test_russian_winter_infantry_defend_at_3():
    """LHTR-O-10: while the winter is declared, Soviet infantry defend at 3 (a 3 hits); the
    battle options include it only while it is active."""
    from engine_core.battle.steps import Battle
    from engine_core.battle.advantages import for_powers
    from engine_core.dice import FixedDice
    assert for_powers(ALL, "Germany", "Soviet Union") == {"attacker_na": (), "defender_na": ()}
    o = for_powers(ALL, "Germany", "Soviet Union", winter=True)
    assert o["defender_na"] == ("russian_winter",)
    from engine_core.battle.base import S_DEFEND, O_DEFENDER_WON
    from engine_core import events as ev
    b = Battle("revised_lhtr", "land", {"infantry": 1}, {"infantry": 1}, o)
    assert b.run_until_prompt(FixedDice([6, 3])) is None     # attacker misses, defender 3 hits
    rolls = [(e[1], e[2], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]
    assert rolls[1] == (1, S_DEFEND, 3, (3,)) and b.result["outcome"] == O_DEFENDER_WON
    b = Battle("revised_lhtr", "land", {"infantry": 1}, {"infantry": 1}, {"retreat": ()})
    b.run_until_prompt(FixedDice([6, 3, 1, 6]))               # no winter: a 3 misses at 2
    rolls = [(e[1], e[2], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]
    assert rolls[1] == (1, S_DEFEND, 2, (3,))

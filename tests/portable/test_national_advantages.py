# Revised / LHTR national advantages that change a battle, worked by hand with given dice.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_KAMIKAZE, P_DICE, P_RETREAT, O_ATTACKER_WON, O_DEFENDER_WON,
    O_RETREAT, O_BOTH_DESTROYED, S_AA, S_KAMIKAZE, S_ATTACK, S_DEFEND, S_SUB_ATTACK, S_SUB_DEFEND,
    S_BOMBARD)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError, InputError
from engine_core import events as ev
from portable_helpers import _named, _rolls, _finish

ED = "revised_lhtr"


def _first_value(b, side, step):
    for e in b.events:
        if e[0] == ev.E_ROLL and e[1] == side and e[2] == step:
            return e[3]
    return None


def test_atlantic_wall_first_cycle_of_an_assault_on_gray():
    """LHTR-O-21: in an amphibious assault on a gray territory German infantry defend at 3 in
    the first cycle only. Cycle 1: US infantry roll 6, 6; German infantry roll 3 (a hit at 3,
    a miss at 2) and 6. Cycle 2: the US infantry rolls 1 (hit); the Germans, back at 2, roll
    2 and 6: the last US infantry dies."""
    b = Battle(ED, "amphibious", {"infantry": 2}, {"infantry": 2},
               {"seaborne": {"infantry": 2}, "defender_na": ("atlantic_wall",), "space": ("gray",)})
    d = FixedDice([6, 6, 3, 6, 1, 2, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 1, (6, 6)), (1, S_DEFEND, 3, (3, 6)),
                         (0, S_ATTACK, 1, (1,)), (1, S_DEFEND, 2, (2, 6))]
    assert b.result["outcome"] == O_DEFENDER_WON
    assert _named(b, b.result["survivors"][1]) == {"infantry": 1}


def test_atlantic_wall_needs_an_assault_and_gray():
    """LHTR-O-21: a plain land attack, or an assault on a territory that is not gray, meets
    German infantry at 2."""
    b = Battle(ED, "land", {"infantry": 1}, {"infantry": 1},
               {"defender_na": ("atlantic_wall",), "space": ("gray",), "retreat": ()})
    _finish(b, FixedDice([6, 6, 1, 6]))
    assert _first_value(b, 1, S_DEFEND) == 2
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "defender_na": ("atlantic_wall",)})
    _finish(b, FixedDice([6, 6, 1, 6]))
    assert _first_value(b, 1, S_DEFEND) == 2


def test_fortress_europe_artillery_defends_at_3_in_gray():
    """LHTR-O-25: German artillery in a gray territory defends at 3 (every cycle): a 3 kills
    the attacking infantry. Outside gray it stays at 2 and the 3 misses."""
    b = Battle(ED, "land", {"infantry": 1}, {"artillery": 1},
               {"defender_na": ("fortress_europe",), "space": ("gray",)})
    _finish(b, FixedDice([6, 3]))
    assert _rolls(b) == [(0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 3, (3,))]
    assert b.result["outcome"] == O_DEFENDER_WON
    b = Battle(ED, "land", {"infantry": 1}, {"artillery": 1},
               {"defender_na": ("fortress_europe",), "retreat": ()})
    d = FixedDice([6, 3, 1, 6])
    _finish(b, d)
    assert _rolls(b)[1] == (1, S_DEFEND, 2, (3,))
    assert b.result["outcome"] == O_ATTACKER_WON


def test_wolf_packs_need_two_subs_at_the_start_of_each_cycle():
    """LHTR-O-23 LHTR-CHG-NA-02: two attacking German subs fire at 3 in opening fire: 3 hits,
    6 misses; the transport hit is removed (no destroyer). The other transport (defense 1)
    rolls 1: one sub is lost. Cycle 2 starts with one sub: back at 2, so its 3 misses.
    Cycle 3: a 2 sinks the last transport before it fires."""
    b = Battle(ED, "sea", {"submarine": 2}, {"transport": 2}, {"attacker_na": ("wolf_packs",)})
    d = FixedDice([3, 6, 1, 3, 6, 2])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_SUB_ATTACK, 3, (3, 6)), (1, S_DEFEND, 1, (1,)),
                         (0, S_SUB_ATTACK, 2, (3,)), (1, S_DEFEND, 1, (6,)),
                         (0, S_SUB_ATTACK, 2, (2,))]
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["lost"][0]) == {"submarine": 1}


def test_wolf_packs_super_subs_and_not_on_defense():
    """LHTR-O-23: with Super Submarines the pack attacks at 4; destroyers do not cancel it;
    defending subs are not improved (they defend at 2)."""
    b = Battle(ED, "sea", {"submarine": 2}, {"destroyer": 1},
               {"attacker_na": ("wolf_packs",), "attacker_tech": ("super_submarines",)})
    _finish(b, FixedDice([4, 6, 6]))
    assert _rolls(b)[0] == (0, S_SUB_ATTACK, 4, (4, 6))
    assert b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "sea", {"destroyer": 1}, {"submarine": 2},
               {"defender_na": ("wolf_packs",), "retreat": ()})
    _finish(b, FixedDice([6, 3, 6, 1, 2, 6]))
    assert _first_value(b, 1, S_SUB_DEFEND) == 2


def test_dive_bomber_first_cycle_without_defending_fighters():
    """LHTR-O-24: German fighters hit on 5 in the first cycle when no defending fighter is
    present: 5 hits, 6 misses; the infantry miss (6, 6). Cycle 2 at 3: 1, 1 kill the last
    infantry (one column, two dice); it fires back a 6."""
    b = Battle(ED, "land", {"fighter": 2}, {"infantry": 2}, {"attacker_na": ("dive_bomber",)})
    d = FixedDice([5, 6, 6, 6, 1, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 5, (5, 6)), (1, S_DEFEND, 2, (6, 6)),
                         (0, S_ATTACK, 3, (1, 1)), (1, S_DEFEND, 2, (6,))]
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 0


def test_dive_bomber_cancelled_by_defending_fighters():
    """LHTR-O-24: a defending fighter cancels the first-cycle bonus: the German fighter's 4
    is a miss at 3."""
    b = Battle(ED, "land", {"fighter": 1}, {"infantry": 1, "fighter": 1},
               {"attacker_na": ("dive_bomber",)})
    _finish(b, FixedDice([4, 6, 6]), ["retreat"])
    assert _rolls(b)[0] == (0, S_ATTACK, 3, (4,))
    assert b.result["outcome"] == O_RETREAT


def test_kamikazes_name_targets_fire_first_and_all_die():
    """LHTR-O-41 LHTR-CHG-NA-04 LHTR-A-28 LHTR-A-32: Japan attacks with 2 fighters and a
    battleship; it names both fighters as kamikazes at the US battleship (Japan names the
    target). Attacking with Jets they still hit on 4: 4, 4 sink the battleship (two hits),
    which does not fire back. The Japanese battleship rolls 6; the carrier 1 damages it (the
    kamikazes cannot be hit). After the cycle both fighters are lost; Japan retreats."""
    b = Battle(ED, "sea", {"fighter": 2, "battleship": 1}, {"battleship": 1, "aircraft_carrier": 1},
               {"attacker_na": ("kamikaze",), "attacker_tech": ("jet_fighters",)})
    d = FixedDice([4, 4, 6, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.side == 0 and p.info == ("LHTR-O-41",)
    b.answer([("fighter", "battleship"), ("fighter", "battleship", 0)])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("retreat")
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(0, S_KAMIKAZE, 4, (4, 4)), (0, S_ATTACK, 4, (6,)), (1, S_DEFEND, 3, (1,))]
    r = b.result
    assert r["outcome"] == O_RETREAT
    assert _named(b, r["lost"][0]) == {"fighter": 2}
    assert _named(b, r["lost"][1]) == {"battleship": 1}
    assert _named(b, r["survivors"][0]) == {"battleship": 1}


def test_defending_kamikaze_with_jets_hits_on_5():
    """LHTR-O-41 LHTR-A-32: a defending kamikaze with Jets hits on 5: the 5 sinks the
    attacking destroyer before it fires; the kamikaze dies after the cycle anyway, its
    carrier holds the zone (at sea a fighter defends from a carrier, LHTR-U-33)."""
    b = Battle(ED, "sea", {"destroyer": 1}, {"aircraft_carrier": 1, "fighter": 1},
               {"defender_na": ("kamikaze",), "defender_tech": ("jet_fighters",)})
    d = FixedDice([5])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.side == 1
    b.answer([("fighter", "destroyer")])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 5, (5,))]
    assert b.result["outcome"] == O_DEFENDER_WON
    assert _named(b, b.result["lost"][1]) == {"fighter": 1}


def test_kaiten_ignores_destroyers():
    """LHTR-O-42: a kaiten attacking with Super Submarines hits on 4; its victim is removed in
    step 3 even though the defender has a destroyer (destroyers do not affect kaitens). The
    other sub fires at 3 (6, miss). Only the destroyer fires back (one die at 3, not two):
    3 sinks the sub; the kaiten is lost after the cycle."""
    b = Battle(ED, "sea", {"submarine": 2}, {"destroyer": 1, "aircraft_carrier": 1},
               {"attacker_na": ("kaiten",), "attacker_tech": ("super_submarines",)})
    d = FixedDice([4, 6, 3])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.info == ("LHTR-O-42",)
    b.answer([("submarine", "aircraft_carrier")])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(0, S_KAMIKAZE, 4, (4,)), (0, S_SUB_ATTACK, 3, (6,)), (1, S_DEFEND, 3, (3,))]
    assert b.result["outcome"] == O_DEFENDER_WON
    assert _named(b, b.result["lost"][0]) == {"submarine": 2}
    assert _named(b, b.result["lost"][1]) == {"aircraft_carrier": 1}


def test_kamikaze_naming_refusals_change_nothing():
    """LHTR-O-41 LHTR-A-28: bombers cannot be kamikazes, a target must be an enemy ship in the
    battle, no more strikes than fighters; a refused answer leaves the prompt pending. Never
    on land: a land battle asks nothing."""
    b = Battle(ED, "sea", {"fighter": 1, "bomber": 1}, {"battleship": 1, "aircraft_carrier": 1,
                                                         "fighter": 1},
               {"attacker_na": ("kamikaze",)})
    p = b.run_until_prompt(FixedDice([]))
    for bad in ([("bomber", "battleship")], [("fighter", "fighter")],
                [("fighter", "battleship", 1)], [("fighter", "battleship"), ("fighter", "battleship")]):
        try:
            b.answer(bad)
            assert False, "accepted"
        except RuleError as e:
            assert e.rule in ("LHTR-O-41", "LHTR-A-28")
        assert b.prompt is p and _named(b, b.alive[0]) == {"fighter": 1, "bomber": 1}
    b = Battle(ED, "land", {"fighter": 1}, {"infantry": 1}, {"attacker_na": ("kamikaze",)})
    p = b.run_until_prompt(FixedDice([6, 6]))
    assert p.kind == P_RETREAT


def test_kamikaze_state_survives_to_bytes():
    """LHTR-O-41: a battle saved between naming and rolling resumes with the same strikes."""
    opts = {"attacker_na": ("kamikaze",)}
    b = Battle(ED, "sea", {"fighter": 2, "destroyer": 1}, {"destroyer": 2}, opts)
    b.run_until_prompt(None)
    b.answer([("fighter", "destroyer", 0), ("fighter", "destroyer", 1)])
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE
    c = Battle.from_bytes(ED, b.to_bytes())
    _finish(b, FixedDice([1, 6]), [[4, 5]])      # the pending question answered with typed dice
    _finish(c, FixedDice([4, 5, 1, 6]))          # the resumed battle asks its dice again
    assert c.result["outcome"] == O_ATTACKER_WON
    assert b.result == c.result and _rolls(b) == _rolls(c)
    assert _rolls(c) == [(0, S_KAMIKAZE, 4, (4, 5)), (0, S_ATTACK, 3, (1,)), (1, S_DEFEND, 3, (6,))]
    assert _named(c, c.result["lost"][0]) == {"fighter": 2}
    assert _named(c, c.result["lost"][1]) == {"destroyer": 2}


def test_most_powerful_battleships_attack_defend_and_bombard_at_5():
    """LHTR-O-43 LHTR-CHG-NA-03: Japanese battleships attack and defend at 5, bombardment
    included."""
    b = Battle(ED, "sea", {"battleship": 1}, {"transport": 1},
               {"attacker_na": ("powerful_battleships",)})
    _finish(b, FixedDice([5, 6]))
    assert _rolls(b) == [(0, S_ATTACK, 5, (5,)), (1, S_DEFEND, 1, (6,))]
    assert b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "sea", {"destroyer": 1}, {"battleship": 1},
               {"defender_na": ("powerful_battleships",)})
    _finish(b, FixedDice([6, 5]))
    assert _rolls(b) == [(0, S_ATTACK, 3, (6,)), (1, S_DEFEND, 5, (5,))]
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1},
                "attacker_na": ("powerful_battleships",)})
    _finish(b, FixedDice([5]))
    assert _rolls(b)[0] == (0, S_BOMBARD, 5, (5,)) and b.result["outcome"] == O_ATTACKER_WON


def test_dug_in_defenders_on_islands():
    """LHTR-O-44: Japanese infantry on an island defend at 3; elsewhere at 2."""
    b = Battle(ED, "land", {"infantry": 1}, {"infantry": 1},
               {"defender_na": ("dug_in",), "space": ("island",)})
    _finish(b, FixedDice([6, 3]))
    assert _rolls(b)[1] == (1, S_DEFEND, 3, (3,)) and b.result["outcome"] == O_DEFENDER_WON
    b = Battle(ED, "land", {"infantry": 1}, {"infantry": 1},
               {"defender_na": ("dug_in",), "retreat": ()})
    _finish(b, FixedDice([6, 3, 1, 6]))
    assert _rolls(b)[1] == (1, S_DEFEND, 2, (3,))


def test_banzai_attack_only_with_infantry():
    """LHTR-O-45: an attack made only with infantry attacks at 2 (the 2 hits); a fighter in
    the battle cancels it (infantry at 1); a bombarding battleship does not."""
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 1}, {"attacker_na": ("banzai",)})
    _finish(b, FixedDice([2, 6, 6]))
    assert _rolls(b)[0] == (0, S_ATTACK, 2, (2, 6)) and b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "land", {"infantry": 2, "fighter": 1}, {"infantry": 1},
               {"attacker_na": ("banzai",)})
    _finish(b, FixedDice([2, 6, 6, 6]), ["retreat"])
    assert _rolls(b)[0] == (0, S_ATTACK, 1, (2, 6))
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1},
                "attacker_na": ("banzai",)})
    _finish(b, FixedDice([6, 2, 6]))
    assert _rolls(b) == [(0, S_BOMBARD, 4, (6,)), (0, S_ATTACK, 2, (2,)), (1, S_DEFEND, 2, (6,))]
    assert b.result["outcome"] == O_ATTACKER_WON


def test_marines_first_cycle_of_the_assault_artillery_or_not():
    """LHTR-O-52: US infantry attack at 2 in the first cycle of an assault's land battle, even
    with artillery (all three at 2: 6, 6, 6). Cycle 2: one infantry is supported (2), the
    other at 1: 6 misses, 2 hits; the defender fires 6."""
    b = Battle(ED, "amphibious", {"infantry": 2, "artillery": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 2, "artillery": 1}, "attacker_na": ("marines",)})
    d = FixedDice([6, 6, 6, 6, 6, 2, 6, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 2, (6, 6, 6)), (1, S_DEFEND, 2, (6,)),
                         (0, S_ATTACK, 1, (6,)), (0, S_ATTACK, 2, (2, 6)), (1, S_DEFEND, 2, (6,))]
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1
    b = Battle(ED, "land", {"infantry": 1}, {"infantry": 1}, {"attacker_na": ("marines",)})
    _finish(b, FixedDice([2, 6]), ["retreat"])
    assert _rolls(b)[0] == (0, S_ATTACK, 1, (2,))


def test_panzerblitz_reports_tanks_after_a_one_cycle_win():
    """LHTR-O-22: every defender destroyed in one cycle: the 2 surviving tanks may move 1 in
    NCM. A win in the second cycle gives none."""
    b = Battle(ED, "land", {"armor": 2}, {"infantry": 1}, {"attacker_na": ("panzerblitz",)})
    _finish(b, FixedDice([3, 6, 6]))
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["panzerblitz"] == 2
    b = Battle(ED, "land", {"armor": 2}, {"infantry": 1}, {"attacker_na": ("panzerblitz",)})
    _finish(b, FixedDice([6, 6, 6, 3, 6, 6]))
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["rounds"] == 2
    assert b.result["panzerblitz"] == 0


def test_advantages_are_lhtr_options_only():
    """LHTR-O-21: the national advantages are Revised / LHTR optional rules; unknown names and
    other editions are refused."""
    for ed, na in (("classic", ("banzai",)), (ED, ("lend_lease",))):
        try:
            Battle(ed, "land", {"infantry": 1}, {"infantry": 1}, {"attacker_na": na})
            assert False, "accepted"
        except InputError:
            pass


def test_advantages_chosen_at_set_up_go_to_their_power():
    """LHTR-O-21 LHTR-O-43 LHTR-O-52: the advantages in play are the game's set-up choice; each
    battle gets those of the attacking and of the defending power only (a power may not share
    them); economy advantages are left to the ledger."""
    from engine_core.battle.advantages import for_powers
    chosen = ("atlantic_wall", "russian_winter", "powerful_battleships", "marines")
    o = for_powers(chosen, "United States", "Germany")
    assert o == {"attacker_na": ("marines",), "defender_na": ("atlantic_wall",)}
    o = for_powers(chosen, "Japan", "United Kingdom")
    assert o == {"attacker_na": ("powerful_battleships",), "defender_na": ()}
    o["space"] = ()
    b = Battle(ED, "sea", {"battleship": 1}, {"transport": 1}, o)
    _finish(b, FixedDice([5, 6]))
    assert _rolls(b)[0] == (0, S_ATTACK, 5, (5,))


def test_kamikaze_and_kaiten_together():
    """LHTR-O-42: Japan may use kamikazes and kaitens together; named in order, the fighter
    strikes at 4 (rolls 4: the US carrier is sunk) and the sub at 3 (rolls 4: a
    miss on the battleship). Both are lost after the cycle; the US battleship (6) and the
    Japanese destroyer (6) miss; Japan retreats."""
    b = Battle(ED, "sea", {"fighter": 1, "submarine": 1, "destroyer": 1},
               {"aircraft_carrier": 1, "battleship": 1},
               {"attacker_na": ("kamikaze", "kaiten")})
    d = FixedDice([4, 4, 6, 6])
    p = b.run_until_prompt(d)
    assert p.options == (b.board.unit_id("fighter"), b.board.unit_id("submarine"))
    b.answer([("fighter", "carrier"), ("sub", "battleship")])
    _finish(b, d, ["retreat"])
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_KAMIKAZE, 4, (4,)), (0, S_KAMIKAZE, 3, (4,)),
                         (0, S_ATTACK, 3, (6,)), (1, S_DEFEND, 4, (6,))]
    assert _named(b, b.result["lost"][0]) == {"fighter": 1, "submarine": 1}
    assert _named(b, b.result["lost"][1]) == {"aircraft_carrier": 1}
    assert b.result["outcome"] == O_RETREAT


def test_radar_uk_aa_in_tan_hits_on_2():
    """LHTR-O-30: the UK AA gun in a tan territory hits aircraft on 1 or 2: dice 2, 3 at the
    two fighters down one. Outside tan the same 2 misses."""
    b = Battle(ED, "land", {"fighter": 2}, {"infantry": 1, "antiaircraft_gun": 1},
               {"defender_na": ("radar",), "space": ("tan",)})
    _finish(b, FixedDice([2, 3, 6, 6]), ["retreat"])
    assert _rolls(b)[0] == (1, S_AA, 2, (2, 3))
    assert _named(b, b.result["lost"][0]) == {"fighter": 1}
    b = Battle(ED, "flyover", {"fighter": 2}, {"antiaircraft_gun": 1}, {"defender_na": ("radar",)})
    _finish(b, FixedDice([2, 3]))
    assert _rolls(b)[0] == (1, S_AA, 1, (2, 3)) and sum(b.result["lost"][0]) == 0


def test_superfortresses_need_two_aa_dice_totalling_3():
    """LHTR-O-55 LHTR-CHG-NA-05: AA fire in the opening fire rolls two dice at each US bomber;
    1+2 = 3 downs the first, 2+2 = 4 spares the second; the fighter's die stays single (1:
    down). The bomber then rolls 6, the infantry 6, and the US retreats."""
    b = Battle(ED, "land", {"bomber": 2, "fighter": 1}, {"infantry": 1, "antiaircraft_gun": 1},
               {"attacker_na": ("superfortresses",)})
    d = FixedDice([1, 1, 2, 2, 2, 6, 6])
    _finish(b, d, ["retreat"])
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_AA, 1, (1,)), (1, S_AA, 3, (1, 2, 2, 2)),
                         (0, S_ATTACK, 4, (6,)), (1, S_DEFEND, 2, (6,))]
    assert _named(b, b.result["lost"][0]) == {"bomber": 1, "fighter": 1}


def test_kamikaze_may_target_subs_but_not_super_subs_without_a_destroyer():
    """LHTR-O-41 LHTR-U-80: a kamikaze may name a sub (the FAQ: yes); Super Submarines cannot
    be hit by aircraft unless Japan has a destroyer in the battle. The kamikaze's 4 sinks the
    sub; the defending sub rolled 6 in opening fire; nothing is left to fight."""
    b = Battle(ED, "sea", {"fighter": 1, "destroyer": 1}, {"submarine": 1},
               {"attacker_na": ("kamikaze",), "defender_tech": ("super_submarines",)})
    b.run_until_prompt(FixedDice([]))
    b.answer([("fighter", "submarine")])          # Japan's destroyer is there: allowed
    d = FixedDice([4, 6])
    _finish(b, d)
    assert d.remaining() == 0 and b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "sea", {"fighter": 1, "battleship": 1}, {"submarine": 1},
               {"attacker_na": ("kamikaze",), "defender_tech": ("super_submarines",)})
    p = b.run_until_prompt(FixedDice([]))
    try:
        b.answer([("fighter", "submarine")])
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-U-80"
    assert b.prompt is p


def test_space_facts_from_the_map():
    """LHTR-O-21 LHTR-O-25 LHTR-O-30 LHTR-O-44: gray and tan count only while Germany / the UK
    still holds its original territory; Okinawa is an island, Japan, the UK and Australia are
    not."""
    from engine_core import board as bd
    from engine_core.battle.advantages import space_facts
    b = bd.load(ED)
    ger = b.power_id("Germany")
    uk = b.power_id("United Kingdom")
    jp = b.power_id("Japan")
    we = b.territory_id("Western Europe")
    assert space_facts(b, we, ger) == ("gray",)
    assert space_facts(b, we, uk) == ()
    assert space_facts(b, b.territory_id("India"), uk) == ("tan",)
    assert space_facts(b, b.territory_id("Okinawa"), jp) == ("island",)
    for name in ("Japan", "United Kingdom", "Australia"):
        assert "island" not in space_facts(b, b.territory_id(name), jp)

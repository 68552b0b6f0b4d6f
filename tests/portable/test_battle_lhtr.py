# Revised / LHTR battles, worked by hand from the tournament rules with given dice.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_SUBMERGE, P_BOMBARD,
    O_ATTACKER_WON, O_DEFENDER_WON, O_RETREAT, O_BOTH_DESTROYED, S_AA, S_ATTACK, S_DEFEND,
    S_SUB_ATTACK, S_SUB_DEFEND, S_BOMBARD)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from portable_helpers import _named, _rolls, _finish

ED = "revised_lhtr"


def test_india_worked_example():
    """LHTR-C-90 LHTR-C-02 LHTR-C-03 LHTR-C-21 LHTR-C-25 LHTR-C-26 LHTR-C-27 LHTR-C-28 LHTR-C-36 LHTR-U-11
    LHTR-U-12: Germany (infantry, tank, fighter) attacks India (UK tank, infantry, AA gun).
    The AA gun hits the fighter on a 1. Cycle 1: infantry 4 misses, tank 2 hits, the UK picks
    its infantry; tank and infantry fire back 4 and 5, misses. Cycle 2: the German infantry
    rolls 1, the UK tank is the casualty and fires back a 2, killing the German infantry.
    Germany takes India with its tank (and the AA gun)."""
    b = Battle(ED, "land", {"infantry": 1, "armor": 1, "fighter": 1},
               {"armor": 1, "infantry": 1, "antiaircraft_gun": 1})
    d = FixedDice([1, 4, 2, 4, 5, 1, 2])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1 and _named(b, p.default[0]) == {"infantry": 1}
    b.answer(None)
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("press")
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0 and _named(b, p.default[0]) == {"infantry": 1}
    b.answer(None)
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_AA, 1, (1,)), (0, S_ATTACK, 1, (4,)), (0, S_ATTACK, 3, (2,)),
                         (1, S_DEFEND, 2, (4,)), (1, S_DEFEND, 3, (5,)),
                         (0, S_ATTACK, 1, (1,)), (1, S_DEFEND, 3, (2,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["survivors"][0]) == {"armor": 1}
    assert _named(b, r["survivors"][1]) == {"antiaircraft_gun": 1}
    assert _named(b, r["lost"][0]) == {"infantry": 1, "fighter": 1}


def test_aa_dice_by_aircraft_type_and_jets_immune():
    """LHTR-C-21 LHTR-U-11 LHTR-U-10 LHTR-T-07 LHTR-CHG-AIR-04 LHTR-CHG-TECH-05 CL-D-10 CL-D-09:
    one gun fires (even with two guns), one die per aircraft, dice at fighters first, then at
    bombers; hits stay within the type. Jet fighters are never fired on."""
    b = Battle(ED, "land", {"fighter": 2, "bomber": 1, "infantry": 1},
               {"antiaircraft_gun": 2, "infantry": 1})
    d = FixedDice([6, 1, 1, 6, 6, 6])   # fighters 6, 1 -> one fighter; bomber 1 -> the bomber
    b.run_until_prompt(d)
    aa = [r for r in _rolls(b) if r[1] == S_AA]
    assert aa == [(1, S_AA, 1, (6, 1)), (1, S_AA, 1, (1,))]
    assert _named(b, b.lost[0]) == {"fighter": 1, "bomber": 1}
    b = Battle(ED, "land", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 1, "infantry": 1},
               {"attacker_tech": ("jet_fighters",)})
    d = FixedDice([6, 6, 6, 6, 6])
    b.run_until_prompt(d)
    aa = [r for r in _rolls(b) if r[1] == S_AA]
    assert aa == [(1, S_AA, 1, (6,))]                # the bomber only


def test_aa_fires_in_first_cycle_only():
    """LHTR-C-21 LHTR-C-03: the AA gun fires in the opening fire of the first cycle only."""
    b = Battle(ED, "land", {"fighter": 1, "infantry": 1}, {"antiaircraft_gun": 1, "infantry": 2})
    d = FixedDice([6, 6, 6, 6, 6, 6, 6, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("press")
    b.run_until_prompt(d)
    assert len([r for r in _rolls(b) if r[1] == S_AA]) == 1


def test_sub_opening_fire_casualties_do_not_fire_back():
    """LHTR-C-20 LHTR-C-24 LHTR-C-25 LHTR-U-81 LHTR-CHG-SUB-04 CL-D-11: a sub fires in the opening fire
    (attacking or defending) every cycle; its victims are removed in step 3 before they fire,
    unless their side has a destroyer. Subs hit only ships."""
    b = Battle(ED, "sea", {"submarine": 1}, {"aircraft_carrier": 1})
    d = FixedDice([2])
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(0, S_SUB_ATTACK, 2, (2,))]        # the carrier never fired
    assert b.result["outcome"] == O_ATTACKER_WON
    # defending subs fire in the opening fire too, at 2, and never in step 5
    b = Battle(ED, "sea", {"battleship": 1, "fighter": 1}, {"submarine": 1})
    d = FixedDice([2, 5, 6])
    p = b.run_until_prompt(d)
    assert _rolls(b)[0] == (1, S_SUB_DEFEND, 2, (2,))
    assert _named(b, b.dmg[0]) == {"battleship": 1}         # the hit damages the battleship


def test_destroyer_keeps_sub_victims_firing():
    """LHTR-U-53 LHTR-C-25 LHTR-CHG-SUB-02 LHTR-U-52: the FAQ case: a sub hits a destroyer and the
    destroyer still fires back (removed in step 6); a sub that fired does not fire again."""
    b = Battle(ED, "sea", {"submarine": 1}, {"destroyer": 1})
    d = FixedDice([1, 3])
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(0, S_SUB_ATTACK, 2, (1,)), (1, S_DEFEND, 3, (3,))]
    assert b.result["outcome"] == O_BOTH_DESTROYED


def test_battleship_two_hits_and_repair():
    """LHTR-U-50 LHTR-C-61 CL-D-07: one sub cannot sink a battleship in the first opening fire, so
    it always fires back; two subs that both hit sink it; a battleship that survives damaged is
    repaired at the end of the combat."""
    b = Battle(ED, "sea", {"submarine": 1}, {"battleship": 1})
    d = FixedDice([1, 6])
    p = b.run_until_prompt(d)
    assert _rolls(b)[1] == (1, S_DEFEND, 4, (6,))
    b = Battle(ED, "sea", {"submarine": 2}, {"battleship": 1})
    d = FixedDice([1, 2])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON and len(_rolls(b)) == 1
    b = Battle(ED, "sea", {"destroyer": 1}, {"battleship": 1})
    d = FixedDice([3, 4])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_DEFENDER_WON and sum(b.result["damaged"][1]) == 0
    assert _named(b, b.result["survivors"][1]) == {"battleship": 1}


def test_submerge_in_step_7_unless_enemy_destroyer():
    """LHTR-C-33 LHTR-U-82 LHTR-U-53 CL-D-12: subs on either side may submerge in step 7 after a
    full cycle, not while an enemy destroyer is in the battle."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 1})
    d = FixedDice([6])
    p = b.run_until_prompt(d)
    assert p.kind == P_SUBMERGE and p.side == 1 and p.info[0] == "LHTR-C-33"
    b.answer(1)
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["submerged"][1]) == {"submarine": 1}
    b = Battle(ED, "sea", {"destroyer": 1}, {"submarine": 1})
    d = FixedDice([6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT                     # no submerge question


def test_super_subs_need_a_destroyer_against_air():
    """LHTR-T-09 LHTR-U-80 LHTR-CHG-SUB-03 LHTR-CHG-TECH-06 CL-D-14: planes cannot hit Super
    Submarines unless their side has a destroyer; super subs attack at 3."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 1}, {"defender_tech": ("super_submarines",)})
    assert b.run_until_prompt(FixedDice([])) is None
    assert _rolls(b) == []                          # neither side can hit the other
    b = Battle(ED, "sea", {"fighter": 1, "destroyer": 1}, {"submarine": 1},
               {"defender_tech": ("super_submarines",)})
    d = FixedDice([6, 6, 1])  # sub 6 (opening), destroyer 6, fighter 1 hits the sub
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON


def test_heavy_bombers_best_of_two_dice():
    """LHTR-T-11 LHTR-CHG-TECH-02 CL-D-23: a heavy bomber rolls 2 dice and keeps the better, on
    attack and on defense: at most one hit each."""
    b = Battle(ED, "land", {"bomber": 1}, {"infantry": 2}, {"attacker_tech": ("heavy_bombers",)})
    d = FixedDice([6, 3, 6, 6])
    p = b.run_until_prompt(d)
    assert _rolls(b)[0] == (0, S_ATTACK, 4, (6, 3))      # better die 3: one hit
    assert p.kind == P_RETREAT and _named(b, b.lost[1]) == {"infantry": 1}
    # on defense: two dice at 1, keep the better
    b = Battle(ED, "land", {"infantry": 1}, {"bomber": 1}, {"defender_tech": ("heavy_bombers",)})
    d = FixedDice([6, 5, 1])
    assert b.run_until_prompt(d) is None
    assert _rolls(b)[1] == (1, S_DEFEND, 1, (5, 1))
    assert b.result["outcome"] == O_DEFENDER_WON


def test_artillery_supports_one_infantry_each():
    """LHTR-U-02 LHTR-U-03 LHTR-C-60 CL-D-04: 2 artillery + 5 infantry: two infantry attack at 2,
    three at 1; the artillery rolls at 2; no support on defense."""
    b = Battle(ED, "land", {"infantry": 5, "artillery": 2}, {"infantry": 10, "artillery": 1})
    d = FixedDice([6] * 18)
    b.run_until_prompt(d)
    att = [(r[2], len(r[3])) for r in _rolls(b) if r[0] == 0]
    assert att == [(1, 3), (2, 4)]
    dfd = [(r[2], len(r[3])) for r in _rolls(b) if r[0] == 1]
    assert dfd == [(2, 11)]


def test_bombardment_every_battleship_no_return_fire():
    """LHTR-U-51 LHTR-C-23 LHTR-C-41 LHTR-C-44 LHTR-CHG-BOMB-01 LHTR-CHG-BOMB-02 CL-D-15: each
    battleship with an unloading transport fires once at 4 in the first cycle's opening fire
    ("Each battleship fires once": no cap by the land units unloaded, issue 16 item 2); its
    victims are lost without firing back. One battleship chosen: 4 hits; the infantry hits
    with 1; the last defender fires 6."""
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 2},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 2}})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_BOMBARD and p.info[0] == 2
    b.answer({"battleship": 1})
    d = FixedDice([4, 1, 6])          # bombard hits; infantry hits; the last defender 6
    assert b.run_until_prompt(d) is None
    rolls = _rolls(b)
    assert rolls[0] == (0, S_BOMBARD, 4, (4,))
    assert rolls[1] == (0, S_ATTACK, 1, (1,))
    assert rolls[2] == (1, S_DEFEND, 2, (6,))        # one defender left to fire: no return fire
    assert b.result["captured"] == 1


def test_combined_bombardment_destroyers_at_3():
    """LHTR-T-12 LHTR-U-53 CL-D-26: with Combined Bombardment destroyers bombard like battleships,
    at 3."""
    b = Battle(ED, "amphibious", {"infantry": 2}, {"infantry": 1},
               {"seaborne": {"infantry": 2}, "bombard": {"destroyer": 1, "battleship": 1},
                "attacker_tech": ("combined_bombardment",)})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_BOMBARD and p.info[0] == 2
    b.answer(None)
    d = FixedDice([5, 5, 1, 1, 6])
    assert b.run_until_prompt(d) is None
    assert _rolls(b)[0] == (0, S_BOMBARD, 3, (5,)) and _rolls(b)[1] == (0, S_BOMBARD, 4, (5,))


def test_amphibious_no_land_retreat_air_all_at_once():
    """LHTR-C-34 LHTR-C-45 LHTR-CHG-AIR-09 CL-D-16 CL-D-17: no land unit leaves the land battle of
    an amphibious assault, not even overland units; aircraft may retreat, all at once."""
    b = Battle(ED, "amphibious", {"infantry": 2, "fighter": 2}, {"infantry": 5},
               {"seaborne": {"infantry": 1}})
    d = FixedDice([6] * 9)
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    assert _named(b, p.info[0]) == {"fighter": 2}
    b.answer("retreat")
    assert _named(b, b.gone) == {"fighter": 2}
    assert _named(b, b.alive[0]) == {"infantry": 2}


def test_retreat_needs_enemy_units_and_a_non_air_origin():
    """LHTR-C-29 LHTR-C-31 LHTR-C-32 LHTR-CHG-RET-01 LHTR-CHG-RET-02 LHTR-CHG-AIR-08 CL-D-18: the attacker
    retreats only while enemy units remain, all land and sea units together to one space."""
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 2}, {"retreat": ("Karelia",)})
    d = FixedDice([1, 1, 6, 6])
    assert b.run_until_prompt(d) is None          # defenders gone: no retreat question
    assert b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 2}, {"retreat": ("Karelia",)})
    d = FixedDice([6, 6, 6, 6])
    p = b.run_until_prompt(d)
    try:
        b.answer("Berlin")
        assert False
    except RuleError as e:
        assert e.rule == "LHTR-C-31"
    b.answer("Karelia")
    b.run_until_prompt(d)
    assert b.result["outcome"] == O_RETREAT


def test_revised_uses_the_lhtr_tables():
    """LHTR-U-49 LHTR-C-01: Revised battles run with the LHTR step table (LHTR-M-08)."""
    b = Battle("revised", "sea", {"submarine": 1}, {"aircraft_carrier": 1})
    assert b.run_until_prompt(FixedDice([2])) is None
    assert _rolls(b) == [(0, S_SUB_ATTACK, 2, (2,))]


def test_fighters_defend_for_their_carrier():
    """LHTR-U-62 LHTR-U-60 CL-U-61 CL-C-35: fighters on an attacked carrier defend in the air; the
    defender may take a hit on a fighter instead of the carrier, except a hit scored by a sub."""
    b = Battle(ED, "sea", {"battleship": 1}, {"aircraft_carrier": 1, "fighter": 2})
    d = FixedDice([2, 6, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    assert _named(b, p.default[0]) == {"fighter": 1}          # fighter 10 < carrier 16
    b.answer({"aircraft_carrier": 1})
    b.run_until_prompt(d)
    assert [(r[0], r[2], len(r[3])) for r in _rolls(b)][1:] == [(1, 3, 1), (1, 4, 2)]
    b = Battle(ED, "sea", {"submarine": 1}, {"aircraft_carrier": 1, "fighter": 2})
    b.run_until_prompt(FixedDice([1, 6, 6]))
    assert _named(b, b.lost[1]) == {"aircraft_carrier": 1}    # the sub's hit: on the carrier


def test_guest_fighters_are_cargo_lost_with_the_carrier():
    """LHTR-U-61 LHTR-CHG-AIR-06 CL-D-21: guest fighters on a carrier moving in the attacker's
    combat move are cargo: they cannot fight or be chosen, and one hit sinks the carrier and
    both guests."""
    b = Battle(ED, "sea", {"aircraft_carrier": 1, "destroyer": 1}, {"submarine": 1},
               {"attacker_cargo": {"fighter": 2}})
    # the defending sub's opening fire rolls 1; the attacker takes the hit on its carrier, which
    # (with a destroyer present) still fires: carrier 6, destroyer 1 sinks the sub
    d = FixedDice([1, 6, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0
    assert p.options == (b.board.unit_id("aircraft_carrier"), b.board.unit_id("destroyer"))
    b.answer({"aircraft_carrier": 1})
    _finish(b, d)
    r = b.result
    assert _named(b, r["lost"][0]) == {"aircraft_carrier": 1, "fighter": 2}
    assert sum(r["cargo"][0]) == 0

# Classic (2nd edition) battles, worked by hand from the manual with given dice.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_SUBMERGE, P_BOMBARD,
    O_ATTACKER_WON, O_DEFENDER_WON, O_RETREAT, S_AA, S_ATTACK, S_DEFEND, S_SUB_ATTACK, S_BOMBARD)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from engine_core import events as ev
from portable_helpers import _named, _rolls

ED = "classic"


def test_action_3_example_anglo_egypt_sudan():
    """CL-C-10 CL-C-12 CL-C-13 CL-C-14 CL-C-15 CL-C-16 CL-C-02 CL-C-03 CL-C-04 CL-D-19 CL-C-01:
    the manual's Action 3 example. Germany (1 infantry, 1 armor) attacks UK (1 infantry,
    1 armor). Round 1: infantry 4 (miss), armor 2 (hit); UK loses its infantry, which still
    fires: 4 and 5, misses. Round 2: infantry 1 (hit); the armor need not roll (every defender
    is hit); the UK armor casualty fires 2 (hit); Germany loses its infantry. Germany captures
    the territory with its armor."""
    b = Battle(ED, "land", {"infantry": 1, "armor": 1}, {"infantry": 1, "armor": 1})
    d = FixedDice([4, 2, 4, 5, 1, 2])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    assert _named(b, p.default[0]) == {"infantry": 1}
    b.answer({"infantry": 1})
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and p.default == "press"      # CL-C-20: between rounds
    b.answer("press")
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0
    b.answer("infantry")
    assert b.run_until_prompt(d) is None
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 1, (4,)), (0, S_ATTACK, 3, (2,)), (1, S_DEFEND, 2, (4, 5)),
                         (0, S_ATTACK, 1, (1,)), (1, S_DEFEND, 2, (2,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["survivors"][0]) == {"armor": 1}
    assert _named(b, r["lost"][0]) == {"infantry": 1}
    assert _named(b, r["lost"][1]) == {"infantry": 1, "armor": 1}
    assert r["ipc_lost"] == [3, 8]


def test_aa_gun_one_die_per_plane_before_battle():
    """CL-C-11 CL-U-11 CL-U-10: the AA gun rolls one die per attacking plane once, before the
    first round; each 1 downs a plane the attacker chooses, removed before it fires. The gun
    never fires in the rounds and is not a casualty (CL-U-12: captured with the territory)."""
    b = Battle(ED, "land", {"fighter": 2, "bomber": 1, "infantry": 1},
               {"antiaircraft_gun": 1, "infantry": 1})
    # AA: 3 dice: 1 (hit), 4, 6. Attacker picks the casualty: default is the fighter (12 < 15).
    d = FixedDice([1, 4, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0 and p.info[2] == "CL-C-11"
    assert _named(b, p.default[0]) == {"fighter": 1}
    try:
        b.answer({"infantry": 1})
        assert False, "AA hits only planes"
    except RuleError:
        pass
    b.answer({"bomber": 1})
    assert _rolls(b) == [(1, S_AA, 1, (1, 4, 6))]
    # round 1: infantry at 1, two fighters at 3; the defender's infantry only (AA not a target)
    d2 = FixedDice([2, 3, 5, 6])  # infantry misses, fighters 3 (hit) and 5; defender 6
    assert b.run_until_prompt(d2) is None
    rolls = _rolls(b)
    assert rolls[1] == (0, S_ATTACK, 1, (2,)) and rolls[2] == (0, S_ATTACK, 3, (3, 5))
    # the defender's infantry fires back; the gun does not
    assert rolls[3] == (1, S_DEFEND, 2, (6,)) and len(rolls) == 4
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["survivors"][1]) == {"antiaircraft_gun": 1}   # goes with the territory
    assert _named(b, r["lost"][0]) == {"bomber": 1}


def test_sub_first_shot_carrier_example():
    """CL-U-81 CL-U-82 CL-C-31 CL-C-32 CL-C-33 CL-C-35 CL-C-36 CL-C-38 CL-C-39 CL-U-61 CL-C-37 CL-U-83: the manual's example: a
    sub attacks a carrier with a fighter; the sub rolls 2, a hit; the fighter cannot be hit by
    a sub, so the carrier is lost and cannot fire back; the fighter defends at 4 and rolls 5;
    the sub withdraws."""
    b = Battle(ED, "sea", {"submarine": 1}, {"aircraft_carrier": 1, "fighter": 1})
    d = FixedDice([2, 5])
    p = b.run_until_prompt(d)
    assert _rolls(b) == [(0, S_SUB_ATTACK, 2, (2,)), (1, S_DEFEND, 4, (5,))]
    assert _named(b, b.lost[1]) == {"aircraft_carrier": 1}
    # step 7: attacking subs may withdraw (to a zone they came from)
    assert p.kind == P_SUBMERGE and p.side == 0 and p.info[0] == "CL-C-37"
    b.answer(1)
    assert b.run_until_prompt(d) is None
    r = b.result
    assert r["outcome"] == O_RETREAT and _named(b, r["submerged"][0]) == {"submarine": 1}
    assert _named(b, r["survivors"][1]) == {"fighter": 1}


def test_defending_subs_fire_normally_never_at_planes():
    """CL-C-34 CL-U-82 CL-A-10 CL-A-11 CL-A-09: a defending sub fires in the defender's step;
    its hit must fall on a ship; planes can hit subs; attacking subs fire only their first
    shot."""
    b = Battle(ED, "sea", {"fighter": 1, "battleship": 1}, {"submarine": 1})
    # attacker: fighter 3 (column 3) misses 4; battleship (4) 5 miss. Defender sub (2): 1 hit
    d = FixedDice([4, 5, 1])
    p = b.run_until_prompt(d)
    assert _named(b, b.lost[0]) == {"battleship": 1}          # forced: subs cannot hit planes
    assert p.kind == P_RETREAT
    # a fighter alone against the sub: the sub can never hit it, but the fighter can hit the sub
    b.answer("press")
    d.values.extend([3])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["lost"][1]) == {"submarine": 1}


def test_transport_defends_at_one_and_is_cannon_fodder():
    """CL-U-70 CL-C-30 CL-C-34: a transport defends at 1 and either side may take a hit on it;
    CL-U-73: a transport attacking alone cannot fire."""
    b = Battle(ED, "sea", {"battleship": 1}, {"transport": 1, "submarine": 1})
    # bb 3 hits; the defender picks its transport (cost 8 = sub, defense 1 < 2); the transport
    # casualty fires back at 1 and rolls 1: the only attacker is hit, so the sub need not roll
    d = FixedDice([3, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and _named(b, p.default[0]) == {"transport": 1}
    b.answer(None)
    b.run_until_prompt(d)
    assert _rolls(b) == [(0, S_ATTACK, 4, (3,)), (1, S_DEFEND, 1, (1,))]
    assert _named(b, b.lost[0]) == {"battleship": 1}          # Classic battleship: one hit (CL-D-07)
    assert b.result["outcome"] == O_DEFENDER_WON
    b = Battle(ED, "sea", {"transport": 1}, {"submarine": 1})
    d = FixedDice([5])
    p = b.run_until_prompt(d)
    assert [r[0] for r in _rolls(b)] == [1]                   # only the defender rolled
    assert p.kind == P_RETREAT                                # after one round of fire (CL-C-23)


def test_battleship_is_sunk_by_one_hit():
    """CL-U-50 CL-D-07: in Classic a battleship is sunk by one hit (no damage step)."""
    b = Battle(ED, "sea", {"battleship": 1}, {"battleship": 1})
    d = FixedDice([1, 1])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == 3
    assert sum(b.result["damaged"][0]) == 0


def test_battleship_support_shot_midway_example():
    """CL-U-51 CL-C-40 CL-C-41 CL-D-15: the Midway example: with no naval battle, the battleship
    fires once at 4 and hits the only defending infantry; it still fires back and kills one
    attacking infantry; the surviving infantry takes Midway. The transport and battleship
    cannot be targeted."""
    b = Battle(ED, "amphibious", {"infantry": 2}, {"infantry": 1},
               {"seaborne": {"infantry": 2}, "bombard": {"battleship": 1}})
    d = FixedDice([3, 2])
    p = b.run_until_prompt(d)
    assert p.kind == P_BOMBARD and p.default == {5: 1}
    b.answer(None)
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(0, S_BOMBARD, 4, (3,)), (1, S_DEFEND, 2, (2,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["survivors"][0]) == {"infantry": 1}


def test_no_support_shot_after_naval_battle():
    """CL-C-42 CL-C-44 CL-A-22: enemy ships in the zone: the naval battle comes first, the
    battleship fires as an attacker there and gets no support shot; then the infantry land."""
    opts = {"seaborne": {"infantry": 2}, "bombard": {"battleship": 1},
            "sea_attacker": {"battleship": 1, "transport": 1}, "sea_defender": {"submarine": 1}}
    b = Battle(ED, "amphibious", {"infantry": 2}, {"infantry": 1}, opts)
    # sea: bb 2 hits the sub (sub fired nothing: defending sub rolls 6 as the casualty fires back)
    d = FixedDice([2, 6,
                   1, 5, 6])          # land: infantry 1 hit, 5; defender 6
    assert b.run_until_prompt(d) is None
    steps = [r[1] for r in _rolls(b)]
    assert S_BOMBARD not in steps
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["sea_survivors"][0]) == {"battleship": 1, "transport": 1}
    assert _named(b, r["lost"][1]) == {"submarine": 1, "infantry": 1}


def test_retreat_to_one_space_an_attacker_came_from():
    """CL-C-20 CL-C-21 CL-A-07: only the attacker retreats, between rounds, all together, to one
    space from which an attacker came."""
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 3},
               {"retreat": ("Yakut", "Soviet Far East")})
    d = FixedDice([6, 6, 6, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and p.options == ("press", "Yakut", "Soviet Far East")
    try:
        b.answer("China")
        assert False
    except RuleError as e:
        assert e.rule == "CL-C-21"
    b.answer("Yakut")
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_RETREAT and _named(b, b.result["retreated"]) == {"infantry": 2}


def test_landed_units_never_retreat():
    """CL-C-22 CL-C-43 CL-A-08 CL-D-16: while a landed unit survives, the attack cannot retreat."""
    b = Battle(ED, "amphibious", {"infantry": 1, "armor": 1}, {"infantry": 3},
               {"seaborne": {"infantry": 1}})
    d = FixedDice([6, 6, 1, 1, 1])
    assert b.run_until_prompt(d) is None
    assert (ev.E_PROMPT, P_RETREAT) not in b.events
    assert b.result["outcome"] == O_DEFENDER_WON


def test_planes_alone_cannot_capture():
    """CL-C-16: if only planes survive, the territory is not captured."""
    b = Battle(ED, "land", {"fighter": 1}, {"infantry": 1})
    d = FixedDice([1, 6])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 0


def test_weapons_development_in_combat():
    """CL-T-06 CL-T-08 CL-T-11 CL-U-42 CL-D-23 CL-D-26: jet fighters defend at 5; super subs attack
    at 3; heavy bombers roll 3 dice when attacking, each die may hit."""
    b = Battle(ED, "land", {"bomber": 1}, {"fighter": 1}, {"attacker_tech": ("heavy_bombers",),
                                                            "defender_tech": ("jet_fighters",)})
    d = FixedDice([6, 4, 5, 6])
    b.run_until_prompt(d)
    assert _rolls(b)[0] == (0, S_ATTACK, 4, (6, 4, 5))
    assert _rolls(b)[1] == (1, S_DEFEND, 5, (6,))
    assert b.result["outcome"] == O_ATTACKER_WON
    b = Battle(ED, "sea", {"submarine": 1}, {"transport": 1}, {"attacker_tech": ("super_submarines",)})
    d = FixedDice([3])
    b.run_until_prompt(d)
    assert _rolls(b)[0] == (0, S_SUB_ATTACK, 3, (3,)) and b.result["outcome"] == O_ATTACKER_WON


def test_defending_subs_withdraw_only_with_a_free_zone():
    """CL-C-37 CL-D-12: defending subs may withdraw after a round only to an adjacent friendly
    or unoccupied zone; the attacking subs decide first."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 1}, {"sub_withdraw": True})
    d = FixedDice([6])
    p = b.run_until_prompt(d)
    assert p.kind == P_SUBMERGE and p.side == 1
    b.answer(1)
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON and _named(b, b.result["submerged"][1]) == {"submarine": 1}
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 1})      # Baltic example: no free zone
    p = b.run_until_prompt(FixedDice([6]))
    assert p.kind == P_RETREAT


def test_liberation_is_reported():
    """CL-C-80 CL-C-82: a won battle captures the territory with a surviving land unit; if it
    originally belonged to an ally, the result says it was liberated (the ledger gives it back)."""
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 1}, {"liberates": True})
    assert b.run_until_prompt(FixedDice([1, 6, 6])) is None
    assert b.result["captured"] == 1 and b.result["liberated"] == 1
    b = Battle(ED, "land", {"infantry": 2}, {"infantry": 1})
    assert b.run_until_prompt(FixedDice([1, 6, 6])) is None
    assert b.result["captured"] == 1 and b.result["liberated"] == 0


def test_one_aa_gun_per_territory():
    """CL-U-10 CL-D-09: only one AA gun may stand in a Classic territory."""
    try:
        Battle(ED, "land", {"fighter": 1}, {"antiaircraft_gun": 2, "infantry": 1})
        assert False
    except RuleError as e:
        assert e.rule == "CL-U-10"

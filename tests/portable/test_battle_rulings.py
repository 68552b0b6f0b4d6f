# Combat rulings (the digests' -A- and -X- ids and the LHTR change list's combat rows),
# worked by hand with given dice.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_SUBMERGE, P_KAMIKAZE,
    O_ATTACKER_WON, O_DEFENDER_WON, O_BOTH_DESTROYED, O_STALEMATE, S_ATTACK, S_DEFEND,
    S_SUB_ATTACK, S_SUB_DEFEND, S_BOMBARD, S_KAMIKAZE)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from engine_core import events as ev
from portable_helpers import _named, _rolls, _finish

ED = "revised_lhtr"


def _prompts(b):
    return [e[1] for e in b.events if e[0] == ev.E_PROMPT]


def _auto(b, dice):
    """Run to the end: no sub submerges, the attacker retreats when asked."""
    while True:
        p = b.run_until_prompt(dice)
        if p is None:
            return b
        b.answer(0 if p.kind == P_SUBMERGE else ("retreat" if p.kind == P_RETREAT else None))


# ----- LHTR rulings

def test_bombardment_may_hit_aircraft():
    """LHTR-A-05: the combat sequence's "against enemy land and air units" governs: the
    defender may give a bombardment hit (battleship rolls 1) to its fighter. The landed
    infantry's 1 then kills the defending infantry, which fires back 6."""
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1, "fighter": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1}})
    d = FixedDice([1, 1, 6])
    b.run_until_prompt(d)
    b.answer(None)                     # the battleship bombards
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    b.answer("fighter")
    _finish(b, d)
    assert _rolls(b)[0] == (0, S_BOMBARD, 4, (1,))
    assert _named(b, b.result["lost"][1]) == {"fighter": 1, "infantry": 1}
    assert b.result["outcome"] == O_ATTACKER_WON


def test_air_against_super_subs_only_is_a_stalemate():
    """LHTR-A-10: aircraft only against super subs only (no destroyer): neither side can hit
    the other; the battle ends at once with no die rolled and nobody lost."""
    b = Battle(ED, "sea", {"fighter": 2}, {"submarine": 2}, {"defender_tech": ("super_submarines",)})
    d = FixedDice([])
    _finish(b, d)
    assert _rolls(b) == []
    assert b.result["outcome"] == O_STALEMATE
    assert _named(b, b.result["survivors"][0]) == {"fighter": 2}
    assert _named(b, b.result["survivors"][1]) == {"submarine": 2}


def test_sub_hits_with_only_aircraft_to_take_them_are_wasted():
    """LHTR-A-11: defending subs roll 1, 1 in opening fire; the attacker's only ship (its sub)
    takes one hit, the other is wasted: the fighter cannot take a sub hit. The attacking sub
    had rolled 6; the fighter then rolls 6 and retreats."""
    b = Battle(ED, "sea", {"submarine": 1, "fighter": 1}, {"submarine": 2})
    d = FixedDice([6, 1, 1, 6])
    _auto(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_SUB_ATTACK, 2, (6,)), (1, S_SUB_DEFEND, 2, (1, 1)),
                         (0, S_ATTACK, 3, (6,))]
    assert _named(b, b.result["lost"][0]) == {"submarine": 1}
    assert _named(b, b.result["survivors"][0]) == {"fighter": 1}


def test_dice_rolled_by_source_category():
    """LHTR-A-12: a bomber and a battleship both hit at 4 but roll apart, because against super
    subs with no attacking destroyer the bomber's hit cannot go on the sub. Battleship 6,
    bomber 1: the hit must take the transport; the sub (opening fire 6) survives."""
    b = Battle(ED, "sea", {"bomber": 1, "battleship": 1}, {"submarine": 1, "transport": 1},
               {"defender_tech": ("super_submarines",)})
    d = FixedDice([6, 6, 1, 6])
    _auto(b, d)
    assert _rolls(b) == [(1, S_SUB_DEFEND, 2, (6,)), (0, S_ATTACK, 4, (6,)),
                         (0, S_ATTACK, 4, (1,)), (1, S_DEFEND, 1, (6,))]
    assert _named(b, b.result["lost"][1]) == {"transport": 1}


def test_ships_that_never_entered_cannot_retreat_but_subs_submerge():
    """LHTR-A-13: ships that started in the contested zone with no zone another attacker came
    from (retreat ()) get no retreat question, but the subs may still submerge (step 7).
    Cycle 1: sub 6, battleship 6, defending carrier 6; the sub submerges; cycle 2: the
    battleship's 1 sinks the carrier, which fires back 6."""
    b = Battle(ED, "sea", {"submarine": 1, "battleship": 1}, {"aircraft_carrier": 1},
               {"retreat": ()})
    d = FixedDice([6, 6, 6, 1, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_SUBMERGE and p.side == 0 and p.options == (0, 1)
    b.answer(1)
    _finish(b, d)
    assert P_RETREAT not in _prompts(b)
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["submerged"][0]) == {"submarine": 1}


def test_air_must_fight_a_round_when_no_landing_happens():
    """LHTR-A-22 LHTR-C-36: the landing failed (no seaborne unit came ashore); the fighter
    assigned to the land battle fights a full cycle (6; the infantry 6) before the retreat
    question, and a win with aircraft alone captures nothing (1; infantry 6)."""
    b = Battle(ED, "amphibious", {"fighter": 1}, {"infantry": 1})
    d = FixedDice([6, 6, 1, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and b.round == 1 and len(_rolls(b)) == 2
    b.answer("press")
    _finish(b, d)
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 0


def test_aa_gun_cargo_cannot_join_an_assault():
    """LHTR-A-23 LHTR-U-10: an AA gun carried in the combat move cannot be unloaded into an
    assault: AA guns never attack."""
    try:
        Battle(ED, "amphibious", {"infantry": 1, "antiaircraft_gun": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1, "antiaircraft_gun": 1}})
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-U-10"


def test_heavy_bomber_defense_two_dice_eleven_in_36():
    """LHTR-A-31 LHTR-T-11: a defending heavy bomber rolls two dice and hits if either is a 1:
    of the 36 pairs exactly 11 hit (P = 11/36)."""
    hits = 0
    for x in range(1, 7):
        for y in range(1, 7):
            b = Battle(ED, "land", {"infantry": 1}, {"bomber": 1},
                       {"defender_tech": ("heavy_bombers",)})
            _finish(b, FixedDice([6, x, y]), ["retreat"])
            assert _rolls(b)[1] == (1, S_DEFEND, 1, (x, y))
            if b.result["outcome"] == O_DEFENDER_WON:
                hits += 1
    assert hits == 11


def test_uk_fighter_costs_10():
    """LHTR-CHG-ERR-01: the UK fighter costs 10 in LHTR (Revised uses the same table); the
    Classic fighter costs 12 (CL-U-30)."""
    from engine_core.units import U_COST
    for ed, cost in (("revised_lhtr", 10), ("revised", 10), ("classic", 12)):
        b = Battle(ed, "land", {"infantry": 1}, {"infantry": 1})
        assert b.units[b.board.unit_id("fighter")][U_COST] == cost


def test_assault_sea_battle_comes_first():
    """LHTR-CHG-TRN-10 LHTR-C-42: with an enemy ship in the transport's zone the sea battle
    comes first: destroyer 1 sinks the defending sub (which rolled 6 in opening fire); then the
    infantry lands and fights: 1 kills the defender, which fires back 6."""
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "sea_attacker": {"destroyer": 1, "transport": 1},
                "sea_defender": {"submarine": 1}})
    d = FixedDice([6, 1, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_SUB_DEFEND, 2, (6,)), (0, S_ATTACK, 3, (1,)),
                         (0, S_ATTACK, 1, (1,)), (1, S_DEFEND, 2, (6,))]
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


# ----- Classic rulings

def test_classic_territory_with_only_an_aa_gun_is_not_occupied():
    """CL-A-23: an AA gun alone does not occupy a territory: no battle, no die, the tank takes
    the territory and the gun with it."""
    b = Battle("classic", "land", {"armor": 1}, {"antiaircraft_gun": 1})
    _finish(b, FixedDice([]))
    assert _rolls(b) == []
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_classic_fighters_aboard_an_attacking_carrier_are_cargo():
    """CL-A-25: fighters left aboard an attacking carrier neither fire nor take hits; they go
    down with it. Carrier 6 (attack 1); the defending sub's 1 sinks the carrier."""
    b = Battle("classic", "sea", {"aircraft_carrier": 1}, {"submarine": 1},
               {"attacker_cargo": {"fighter": 2}})
    d = FixedDice([6, 1])
    _finish(b, d)
    assert _rolls(b) == [(0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 2, (1,))]
    assert b.result["outcome"] == O_DEFENDER_WON
    assert _named(b, b.result["lost"][0]) == {"aircraft_carrier": 1, "fighter": 2}


def test_classic_each_sub_decides_to_withdraw_as_one_group():
    """CL-A-26: after a round the attacker answers how many of its subs withdraw (each decides
    for itself, 0..2); they go together to the one retreat zone. Round 1: subs' first shot 6,
    6; battleship 6; defending battleship 6. One sub withdraws; round 2: first shot 1 sinks
    the battleship before it fires."""
    b = Battle("classic", "sea", {"submarine": 2, "battleship": 1}, {"battleship": 1})
    d = FixedDice([6, 6, 6, 6, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_SUBMERGE and p.options == (0, 1, 2)
    b.answer(1)
    _finish(b, d, ["press"])
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["submerged"][0]) == {"submarine": 1}


# ----- Pacific 1940 / Global 1940 rulings

def test_p40_super_sub_surprise_strike_hits_on_3():
    """P40-X-40 P40-R-21: attacking surprise strikes use the sub's attack: 3 with Super
    Submarines; the 3 sinks the cruiser before it fires."""
    b = Battle("pacific_1940", "sea", {"submarine": 1}, {"cruiser": 1},
               {"attacker_tech": ("super_submarines",)})
    d = FixedDice([3])
    _finish(b, d)
    assert _rolls(b) == [(0, S_SUB_ATTACK, 3, (3,))]
    assert b.result["outcome"] == O_ATTACKER_WON


def test_p40_mutual_inability_to_hit_ends_the_battle():
    """P40-X-42 P40-C-93: air against subs with no destroyer: neither can hit, the battle ends
    at once, nobody lost."""
    b = Battle("pacific_1940", "sea", {"tactical_bomber": 1}, {"submarine": 1})
    _finish(b, FixedDice([]))
    assert _rolls(b) == [] and b.result["outcome"] == O_STALEMATE
    assert b.result["ipc_lost"] == [0, 0]


def test_p40_no_retreat_when_no_attacker_moved_in():
    """P40-X-43: ships that started in the zone and stayed to fight have no space to retreat
    to (retreat ()): no retreat question; destroyers 6/6 then 1/1 both sink."""
    b = Battle("pacific_1940", "sea", {"destroyer": 1}, {"destroyer": 1}, {"retreat": ()})
    d = FixedDice([6, 6, 1, 1])
    _finish(b, d)
    assert P_RETREAT not in _prompts(b)
    assert b.result["outcome"] == O_BOTH_DESTROYED


def test_p40_scramble_only_from_islands_by_default():
    """P40-X-10: the 003 FAQ stands: only island territories scramble (Midway, New Zealand);
    Queensland, Korea and Alaska only under the rulebook's reading (islands and coastal)."""
    from engine_core import board as bd
    from engine_core.battle.scramble import may_scramble_from
    b = bd.load("pacific_1940")
    for name in ("Midway", "New Zealand"):
        t = b.territory_id(name)
        assert may_scramble_from(b, t) and may_scramble_from(b, t, True)
    for name in ("Queensland", "Korea", "Alaska"):
        t = b.territory_id(name)
        assert not may_scramble_from(b, t)
        assert may_scramble_from(b, t, True)


def test_p40_battle_values_are_the_rulebook_not_the_1942_strip():
    """P40-X-17 P40-U-18: the rulebook values stand: carrier 16 IPCs attack 0 defense 2 (the
    1942 strip prints 14, 1/2), mechanized infantry 1/2 and tactical bomber 3/3 exist."""
    from engine_core.units import U_COST, U_ATTACK, U_DEFENSE
    b = Battle("pacific_1940", "land", {"infantry": 1}, {"infantry": 1})
    expect = (("aircraft_carrier", 16, 0, 2), ("mechanized_infantry", 4, 1, 2),
              ("tactical_bomber", 11, 3, 3), ("battleship", 20, 4, 4), ("cruiser", 12, 3, 3),
              ("destroyer", 8, 2, 2), ("submarine", 6, 2, 1), ("transport", 7, 0, 0))
    for name, cost, att, dfn in expect:
        r = b.units[b.board.unit_id(name)]
        assert (r[U_COST], r[U_ATTACK], r[U_DEFENSE]) == (cost, att, dfn), name


def test_g40_kamikaze_against_any_allied_attacker():
    """G40-X-40 P40-C-36: in Global the kamikaze tokens strike any Allied attacker in a
    kamikaze zone (the battle does not ask which Allied power attacks): a 2 damages the
    battleship, which then rolls 6 against the defending destroyer's 6."""
    b = Battle("global_1940", "sea", {"battleship": 1}, {"destroyer": 1}, {"kamikaze": 6})
    d = FixedDice([2, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.info == (6,)
    b.answer(["battleship"])
    _finish(b, d, ["retreat"])
    assert _rolls(b)[0] == (1, S_KAMIKAZE, 2, (2,))
    assert _named(b, b.result["damaged"][0]) == {"battleship": 1}


def test_aa_fire_along_the_route_by_type_one_die_per_plane():
    """LHTR-A-08 LHTR-C-22: an overflown territory with two AA guns still rolls one die per
    aircraft, fighters (1, 6) apart from the bomber (6): the first fighter is lost. With Jets
    the fighters are not rolled at: only the bomber's die."""
    b = Battle(ED, "flyover", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 2})
    d = FixedDice([1, 6, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert [r for r in _rolls(b)] == [(1, 4, 1, (1, 6)), (1, 4, 1, (6,))]
    assert _named(b, b.result["lost"][0]) == {"fighter": 1}
    b = Battle(ED, "flyover", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 1},
               {"attacker_tech": ("jet_fighters",)})
    _finish(b, FixedDice([1]))
    assert _rolls(b) == [(1, 4, 1, (1,))]
    assert _named(b, b.result["lost"][0]) == {"bomber": 1}


def test_assault_bombardment_is_opening_fire_step_2():
    """LHTR-A-06 LHTR-C-44: the assault text's "Step 1" means the opening fire step: AA fire
    (6 at the fighter), then bombardment in the same first cycle (1: the infantry dies without
    firing back); the AA gun alone cannot hold, so no general fire is rolled."""
    b = Battle(ED, "amphibious", {"infantry": 1, "fighter": 1}, {"infantry": 1, "antiaircraft_gun": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1}})
    d = FixedDice([6, 1])
    _finish(b, d)
    assert _rolls(b) == [(1, 4, 1, (6,)), (0, S_BOMBARD, 4, (1,))]
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1


def test_bombardment_on_land_units_only_when_configured():
    """LHTR-A-05: with bombard_may_hit_air False the unit profiles' reading holds: the
    bombardment hit (1) may go on the infantry or the armor, not the fighter, also after the
    battle is saved and resumed at that question. The armor is chosen; the landed infantry
    rolls 6; the infantry (6) and fighter (4) fire back: the 4 kills it."""
    opts = {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1}, "bombard_may_hit_air": False}
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1, "armor": 1, "fighter": 1}, opts)
    d = FixedDice([1, 6, 6, 4])
    b.run_until_prompt(d)
    b.answer(None)                     # the battleship bombards
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and _named(b, p.info[0]) == {"infantry": 1, "armor": 1}
    c = Battle.from_bytes(ED, b.to_bytes())
    assert c.prompt.kind == P_CASUALTIES and c.prompt.info[0] == p.info[0]
    for x in (b, c):
        try:
            x.answer({"fighter": 1})
            assert False, "accepted"
        except RuleError:
            pass
        x.answer("armor")
    _finish(b, d)
    _finish(c, FixedDice([6, 6, 4]))
    for x in (b, c):
        assert x.result["outcome"] == O_DEFENDER_WON
        assert _named(x, x.result["lost"][1]) == {"armor": 1}
    assert _rolls(b)[1:] == [(0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 2, (6,)), (1, S_DEFEND, 4, (4,))]

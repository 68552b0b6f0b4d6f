# Amphibious assaults (sea battle, bombardment, land battle) and AA fire at planes flying over.
from engine_core.battle.steps import Battle
from engine_core.battle import amphibious
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_SUBMERGE, P_BOMBARD, P_DICE,
    O_ATTACKER_WON, O_DEFENDER_WON, O_RETREAT, S_AA, S_ATTACK, S_DEFEND, S_BOMBARD, S_SUB_ATTACK)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError, InputError
from engine_core import events as ev
from portable_helpers import _named, _rolls, _finish


def test_lhtr_sea_battle_first_then_landing():
    """LHTR-C-42 LHTR-C-46 LHTR-C-44 LHTR-CHG-BOMB-03 LHTR-C-01: with enemy ships in the zone the
    sea battle comes first (ships and the aircraft assigned to it); the battleship fires as a
    normal attacker and may not bombard; once the zone is cleared the land units unload; the
    fighter assigned to the sea battle does not fight on land."""
    opts = {"seaborne": {"infantry": 2}, "bombard": {"battleship": 1},
            "sea_attacker": {"battleship": 1, "transport": 1, "fighter": 1},
            "sea_defender": {"destroyer": 1}}
    b = Battle("revised_lhtr", "amphibious", {"infantry": 2}, {"infantry": 1}, opts)
    # sea: fighter (3) rolls 5, battleship (4) rolls 2: destroyer hit; it fires back 6
    # land: two infantry at 1: 1, 6; the defending infantry casualty fires back 6
    d = FixedDice([5, 2, 6, 1, 6, 6])
    _finish(b, d)
    assert d.remaining() == 0
    rolls = _rolls(b)
    assert S_BOMBARD not in [r[1] for r in rolls]
    assert rolls[3] == (0, S_ATTACK, 1, (1, 6))          # only the infantry on land
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["sea_survivors"][0]) == {"battleship": 1, "transport": 1, "fighter": 1}


def test_cargo_lost_with_its_transport():
    """LHTR-C-43 P40-U-58 CL-U-70 CL-U-01: land units aboard are cargo: they do not take hits at
    sea and are lost with their transport."""
    opts = {"seaborne": {"infantry": 2}, "sea_attacker": {"destroyer": 1, "transport": 1},
            "sea_defender": {"destroyer": 1}}
    b = Battle("revised_lhtr", "amphibious", {"infantry": 2}, {"infantry": 1}, opts)
    # sea: destroyer 1 hits; defender destroyer casualty 1 hits: the attacker loses the
    # transport (default: cheaper than its destroyer, 8 < 12) with both infantry aboard
    d = FixedDice([1, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0
    assert _named(b, p.default[0]) == {"transport": 1}
    b.answer(None)
    assert b.run_until_prompt(d) is None
    r = b.result
    assert r["captured"] == 0 and r["outcome"] != O_ATTACKER_WON
    assert _named(b, r["lost"][0]) == {"transport": 1, "infantry": 2}
    assert _named(b, r["sea_survivors"][0]) == {"destroyer": 1}


def test_p40_sea_combat_then_land_one_round_before_retreat():
    """P40-C-55 P40-C-56 P40-C-57 P40-C-58 P40-C-59 P40-C-63 P40-C-65: the sea combat comes first
    and blocks bombardment; if the attacking ships withdraw, the seaborne units cannot land, and
    the other units assigned to the land attack still fight one round before they may retreat."""
    opts = {"seaborne": {"infantry": 2}, "bombard": {"cruiser": 1},
            "sea_attacker": {"cruiser": 1, "transport": 1}, "sea_defender": {"destroyer": 2},
            "retreat": ("Kwangtung",)}
    b = Battle("pacific_1940", "amphibious", {"infantry": 2, "tank": 1}, {"infantry": 2}, opts)
    d = FixedDice([6, 6, 6])          # cruiser misses, both destroyers miss
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("Kwangtung")             # the ships withdraw: no landing
    d = FixedDice([6, 6, 6, 6, 6])    # land round 1: the tank 6; the two infantry 6, 6
    p = b.run_until_prompt(d)
    assert _named(b, b.alive[0]) == {"tank": 1}
    assert (ev.E_PROMPT, P_BOMBARD) not in b.events
    assert p.kind == P_RETREAT and b.round == 1       # one full round fought first
    b.answer("Kwangtung")
    assert b.run_until_prompt(d) is None
    r = b.result
    assert r["outcome"] == O_RETREAT and r["captured"] == 0
    # the cargo stayed aboard the retreating transport: not lost
    assert _named(b, r["lost"][0]) == {}


def test_p40_assault_over_without_land_or_air_units():
    """P40-C-66 CL-C-42: if the attacker has no land or air units left for the land part, the
    assault is over and the territory is not taken."""
    opts = {"seaborne": {"infantry": 1}, "sea_attacker": {"destroyer": 1, "transport": 1},
            "sea_defender": {"cruiser": 1}}
    b = Battle("pacific_1940", "amphibious", {"infantry": 1}, {"infantry": 1}, opts)
    d = FixedDice([6, 1, 6, 1])   # round 1: dd misses, cruiser hits dd; round 2: ... transport
    _finish(b, d)
    r = b.result
    assert r["captured"] == 0 and r["outcome"] != O_ATTACKER_WON


def test_classic_aa_fire_along_the_route():
    """CL-C-70 CL-U-11 CL-A-06: planes flying over an enemy AA gun during combat movement are fired
    on: one die per plane, each 1 downs a plane the attacker picks; the rest fly on."""
    b = Battle("classic", "flyover", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 1})
    d = FixedDice([6, 1, 3])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0 and _named(b, p.default[0]) == {"fighter": 1}
    b.answer({"bomber": 1})
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(1, S_AA, 1, (6, 1, 3))]
    assert _named(b, b.result["survivors"][0]) == {"fighter": 2}


def test_lhtr_aa_fire_along_the_route():
    """LHTR-C-22 LHTR-CHG-AIR-02 LHTR-CHG-AIR-03 LHTR-T-07: one gun per hostile territory on the
    route fires once at each aircraft entering it (fighters, then bombers), in combat; jets are
    never fired on."""
    b = Battle("revised_lhtr", "flyover", {"fighter": 2, "bomber": 1}, {"antiaircraft_gun": 2},
               {"attacker_tech": ("jet_fighters",)})
    d = FixedDice([1])
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(1, S_AA, 1, (1,))]
    assert _named(b, b.result["survivors"][0]) == {"fighter": 2}


def test_1940_aaa_never_fires_at_planes_passing_over():
    """P40-C-11 P40-U-36: AAA fires only at air units attacking its own territory."""
    try:
        Battle("pacific_1940", "flyover", {"fighter": 1}, {"aaa": 1})
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-11"


def test_units_only_where_they_can_fight():
    """LHTR-U-00 LHTR-U-30 P40-U-20 P40-U-21 P40-C-71 P40-U-26: land units fight only in
    territories, sea units only at sea (cargo is never placed on the strip); air fights in
    both; facilities never go on the battle board."""
    for bad in (("sea", {"infantry": 1}, {"destroyer": 1}), ("land", {"destroyer": 1}, {"infantry": 1})):
        try:
            Battle("revised_lhtr", bad[0], bad[1], bad[2])
            assert False
        except InputError:
            pass
    try:
        Battle("pacific_1940", "land", {"infantry": 1}, {"air_base": 1})
        assert False
    except RuleError as e:
        assert e.rule == "P40-U-26"
    Battle("revised_lhtr", "sea", {"fighter": 1}, {"destroyer": 1})
    Battle("revised_lhtr", "land", {"fighter": 1}, {"infantry": 1})


def test_bombardment_comes_before_the_land_battle_and_its_aaa_fire():
    """P40-C-56 P40-C-73 CL-C-41 CL-C-11: an amphibious assault is sea combat, then bombardment,
    then the land combat, whose AAA fire comes just before its first round."""
    b = Battle("pacific_1940", "amphibious", {"infantry": 1, "fighter": 1}, {"infantry": 1, "aaa": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"cruiser": 1}})
    p = b.run_until_prompt(None)
    assert p.kind == P_BOMBARD
    b.answer(None)
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info[0] == S_BOMBARD
    b.answer([6])
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_AA, ((1, 1),))


def test_antiaircraft_guns_never_attack():
    """CL-U-10 LHTR-U-10 P40-U-35: AA guns and AAA never attack."""
    for ed, name in (("classic", "antiaircraft_gun"), ("revised_lhtr", "antiaircraft_gun"),
                     ("pacific_1940", "aaa")):
        try:
            Battle(ed, "land", {"infantry": 1, name: 1}, {"infantry": 1})
            assert False
        except RuleError as e:
            assert e.rule in ("CL-U-10", "LHTR-U-10", "P40-U-35")


def test_cargo_follows_its_transport():
    """CL-U-71 LHTR-U-71 P40-U-58 LHTR-C-43 P40-C-63: cargo is packed as the rulebook loads it
    (Classic: 1-2 infantry or one tank; LHTR and 1940: one unit plus one infantry); when a
    transport sinks its load is lost, the attacker losing the cheapest load; the survivors land."""
    # Classic: 1 armor + 2 infantry need 2 transports; one sinks: the armor (5) load vs the
    # two infantry (6): the attacker keeps the infantry pair
    opts = {"seaborne": {"infantry": 2, "armor": 1},
            "sea_attacker": {"battleship": 1, "transport": 2}, "sea_defender": {"submarine": 1}}
    b = Battle("classic", "amphibious", {"infantry": 2, "armor": 1}, {"infantry": 1}, opts)
    # sea round 1: bb rolls 6; the defending sub rolls 1: the attacker loses a transport
    # (8 < 24); round 2: bb 1 hits the sub, which fires back 6 before it is removed
    # land: the two infantry at 1 roll 1 and 6 (hit), the defender 6
    d = FixedDice([6, 1, 1, 6, 1, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    b.answer({"transport": 1})
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("press")
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    r = b.result
    assert _named(b, r["lost"][0]) == {"transport": 1, "armor": 1}
    assert r["captured"] == 1 and _named(b, r["survivors"][0]) == {"infantry": 2}
    # 1940: a tank and two infantry fit on two transports as tank+infantry and infantry
    b = Battle("pacific_1940", "amphibious", {"infantry": 2, "tank": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 2, "tank": 1}})
    assert [sum(v) for v in amphibious.pack_loads(b, b.seaborne)] == [2, 1]


def test_prompts_take_a_single_unit_as_answer():
    """P40-C-61 P40-C-20 P40-C-35: a button press naming one unit type answers the bombard
    (that type, up to the limit), scramble (that type, up to 3 per base) and kamikaze (one
    strike on that ship) prompts."""
    b = Battle("pacific_1940", "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"cruiser": 2, "battleship": 1}})
    p = b.run_until_prompt(None)
    b.answer("cruiser")
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_BOMBARD, ((3, 1),))
    b = Battle("pacific_1940", "sea", {"destroyer": 1}, {"destroyer": 1},
               {"scramble": {"fighter": 5}, "kamikaze": 2})
    b.run_until_prompt(None)
    b.answer(b.board.unit_id("fighter"))
    assert _named(b, b.alive[1]) == {"fighter": 3, "destroyer": 1}
    p = b.run_until_prompt(None)
    b.answer("destroyer")
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info[1] == ((2, 1),)

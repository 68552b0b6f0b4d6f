# Pacific 1940 (with errata) battles, worked by hand from the rulebook and FAQ with given dice.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_SUBMERGE, P_BOMBARD, P_DICE,
    P_KAMIKAZE, P_SCRAMBLE, O_ATTACKER_WON, O_DEFENDER_WON, O_RETREAT, O_STALEMATE,
    O_BOTH_DESTROYED, S_AA, S_ATTACK, S_DEFEND, S_SUB_ATTACK, S_SUB_DEFEND, S_BOMBARD, S_KAMIKAZE)
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from engine_core import events as ev
from portable_helpers import _named, _rolls

ED = "pacific_1940"


def test_faq_cruiser_and_sub_against_destroyer_and_fighter():
    """P40-C-83 P40-C-80 P40-U-53 P40-U-52: FAQ: a destroyer and a fighter attack a sub and a
    cruiser. With the attacking destroyer the sub rolls in step 4 with the cruiser; two hits
    must both be applied: the cruiser's on the fighter, the sub's on the destroyer."""
    b = Battle(ED, "sea", {"destroyer": 1, "fighter": 1}, {"cruiser": 1, "submarine": 1})
    # attacker: destroyer 6, fighter 6. Defender: sub (column 1) rolls 1, cruiser (3) rolls 1.
    d = FixedDice([6, 6, 1, 1])
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(0, S_ATTACK, 2, (6,)), (0, S_ATTACK, 3, (6,)),
                         (1, S_DEFEND, 1, (1,)), (1, S_DEFEND, 3, (1,))]
    r = b.result
    assert _named(b, r["lost"][0]) == {"fighter": 1, "destroyer": 1}
    assert r["outcome"] == O_DEFENDER_WON


def test_faq_cruiser_and_sub_hit_assignment_refuses_waste():
    """P40-C-83 P40-U-52: a choice that wastes a hit is refused: the sub's hit cannot go on the
    fighter, so the fighter cannot take both hits' place (the sub hit goes on the destroyer)."""
    b = Battle(ED, "sea", {"destroyer": 2, "fighter": 1}, {"cruiser": 1, "submarine": 1})
    d = FixedDice([6, 6, 6, 1, 1])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0
    assert _named(b, p.default[0]) == {"destroyer": 2}        # cheapest first: both hits on destroyers
    try:
        b.answer({"fighter": 1, "destroyer": 0})
        assert False
    except RuleError:
        pass
    b.answer({"fighter": 1, "destroyer": 1})                   # also legal: cruiser hit on the fighter
    assert _named(b, b.lost[0]) == {"fighter": 1, "destroyer": 1}


def test_faq_two_bombers_destroyer_two_transports_against_destroyer_and_two_subs():
    """P40-C-84 P40-C-91 P40-C-92 P40-C-93 P40-C-95 P40-U-43 P40-U-58 P40-C-72 P40-C-77: FAQ: two
    bombers, a destroyer and two loaded transports attack a destroyer and two subs. Round 1:
    one attack hit; the defender takes its destroyer; it misses but the subs roll snake eyes:
    the attacker must take its destroyer (subs cannot hit planes, transports last) and then a
    transport. Now the bombers cannot hit the subs and the subs can only hit the transport,
    which is not defenseless because it can retreat: the attacker retreats."""
    b = Battle(ED, "sea", {"strategic_bomber": 2, "destroyer": 1, "transport": 2},
               {"destroyer": 1, "submarine": 2})
    # attacker: destroyer (2) rolls 3; bombers (4) roll 4 and 6: one hit.
    # defender: subs (1) roll 1, 1; destroyer casualty (2) rolls 5.
    d = FixedDice([3, 4, 6, 1, 1, 5])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    b.answer({"destroyer": 1})                                  # the FAQ's defender choice
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 0
    assert _named(b, p.default[0]) == {"destroyer": 1, "transport": 1}
    try:
        b.answer({"strategic_bomber": 2})
        assert False, "sub hits never go on air units"
    except RuleError:
        pass
    try:
        b.answer({"transport": 2})
        assert False, "transports are taken last"
    except RuleError:
        pass
    b.answer(None)
    p = b.run_until_prompt(d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 2, (3,)), (0, S_ATTACK, 4, (4, 6)),
                         (1, S_DEFEND, 1, (1, 1)), (1, S_DEFEND, 2, (5,))]
    assert p.kind == P_RETREAT                     # the transport is not defenseless: it may retreat
    assert _named(b, b.alive[0]) == {"strategic_bomber": 2, "transport": 1}
    assert _named(b, b.alive[1]) == {"submarine": 2}
    b.answer("retreat")
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_RETREAT


def test_aaa_shots_example():
    """P40-U-36 P40-C-73 P40-C-11 P40-U-05: 5 fighters against 2 AAA: 5 dice; against 1 AAA:
    3 dice; hits on 1, the attacker chooses, removed before the first round."""
    b = Battle(ED, "land", {"fighter": 5, "infantry": 1}, {"aaa": 2, "infantry": 1})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_AA, ((1, 5),))
    b = Battle(ED, "land", {"fighter": 5, "infantry": 1}, {"aaa": 1, "infantry": 1})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_AA, ((1, 3),))
    b.answer([1, 2, 1])
    p = b.run_until_prompt(None)            # two fighters shot down: only fighters, forced
    assert _named(b, b.lost[0]) == {"fighter": 2}
    assert p.kind == P_DICE and p.info[0] == S_ATTACK
    assert p.info[1] == ((1, 1), (3, 3))    # 3 fighters left fire in round 1


def test_aaa_never_fires_in_combat_and_can_be_a_casualty():
    """P40-U-35 P40-U-20 P40-C-100: AAA never fires in the rounds but can be taken as a casualty;
    AAA cannot capture."""
    b = Battle(ED, "land", {"infantry": 2}, {"aaa": 1, "infantry": 1})
    d = FixedDice([1, 1, 6])
    assert b.run_until_prompt(d) is None
    assert _rolls(b) == [(0, S_ATTACK, 1, (1, 1)), (1, S_DEFEND, 2, (6,))]
    assert b.result["captured"] == 1
    assert _named(b, b.result["lost"][1]) == {"aaa": 1, "infantry": 1}


def test_territory_with_only_aaa_has_no_battle():
    """P40-C-53 P40-C-109: a territory holding only AAA has no battle; it is captured (the errata:
    the AAA changes hands)."""
    b = Battle(ED, "land", {"infantry": 1, "fighter": 2}, {"aaa": 1})
    assert b.run_until_prompt(FixedDice([])) is None
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1
    assert _named(b, b.result["survivors"][1]) == {"aaa": 1}


def test_combined_arms_artillery_and_tactical_bombers():
    """P40-U-30 P40-U-31 P40-U-41 P40-C-72: each artillery raises one infantry or mechanized
    infantry to 2; a tactical bomber attacks at 4 with a fighter or a tank, one for one."""
    b = Battle(ED, "land", {"infantry": 2, "mechanized_infantry": 2, "artillery": 3,
                            "tactical_bomber": 3, "fighter": 1, "tank": 1},
               {"infantry": 20})
    d = FixedDice([6] * 32)
    b.run_until_prompt(d)
    att = [(r[2], len(r[3])) for r in _rolls(b) if r[0] == 0]
    # at 1: one mech; at 2: 2 infantry + 1 mech + 3 artillery; at 3: fighter, tank, one tac;
    # at 4: two tacs
    assert att == [(1, 1), (2, 6), (3, 3), (4, 2)]
    dfd = [(r[2], len(r[3])) for r in _rolls(b) if r[0] == 1]
    assert dfd == [(2, 20)]                                   # no support on defense


def test_surprise_strike_and_defending_subs_at_one():
    """P40-C-74 P40-C-76 P40-C-77 P40-U-52 P40-U-50: with no enemy destroyer subs make a surprise
    strike: attacking subs roll first (hit on 2), the defender's casualties go behind the strip;
    defending subs roll at 1 (even one hit by the attacking strike); then all surprise-strike
    casualties are removed; a capital ship hit once is only damaged."""
    b = Battle(ED, "sea", {"submarine": 2}, {"submarine": 1, "battleship": 1})
    p = b.run_until_prompt(None)
    assert p.kind == P_SUBMERGE and p.side == 0                # attacker decides first
    b.answer(0)
    p = b.run_until_prompt(None)
    assert p.kind == P_SUBMERGE and p.side == 1
    b.answer(0)
    d = FixedDice([2, 1, 1, 6])
    p = b.run_until_prompt(d)
    # attacker subs: 2, 1 -> two hits; defender chooses: default damages the bb, then the sub
    assert p.kind == P_CASUALTIES and p.side == 1
    assert _named(b, p.default[0]) == {"submarine": 1} and _named(b, p.default[1]) == {"battleship": 1}
    b.answer(None)
    p = b.run_until_prompt(d)
    assert _rolls(b)[1] == (1, S_SUB_DEFEND, 1, (1,))         # the hit sub still strikes, at 1
    assert _named(b, b.lost[1]) == {"submarine": 1}
    assert _named(b, b.lost[0]) == {"submarine": 1}
    # the attacking sub fired in step 2, so it does not fire in step 3; the damaged
    # battleship fires in step 4 against it
    assert _rolls(b)[2] == (1, S_DEFEND, 4, (6,)) and len(_rolls(b)) == 3
    assert p.kind == P_RETREAT


def test_destroyer_cancels_surprise_strike_and_submerge():
    """P40-U-53 P40-C-74 P40-C-80: an enemy destroyer in the battle cancels surprise strike and
    submerge: the subs fire in step 3/4 with the other units."""
    b = Battle(ED, "sea", {"submarine": 1}, {"destroyer": 1})
    d = FixedDice([6, 6])
    p = b.run_until_prompt(d)
    assert _rolls(b) == [(0, S_ATTACK, 2, (6,)), (1, S_DEFEND, 2, (6,))]
    assert p.kind == P_RETREAT


def test_submerge_before_any_die():
    """P40-C-74 P40-C-75 P40-C-86 P40-C-96 P40-U-52: each side's eligible subs may submerge before any die
    is rolled, attacker first; a submerged sub leaves the battle and cannot be hit."""
    b = Battle(ED, "sea", {"destroyer": 1}, {"submarine": 2, "transport": 1})
    p = b.run_until_prompt(None)
    # the attacker has a destroyer: the defending subs cannot submerge: no question
    assert p.kind == P_DICE and p.info[0] == S_ATTACK
    b = Battle(ED, "sea", {"cruiser": 1}, {"submarine": 2, "transport": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SUBMERGE and p.side == 1 and p.options == (0, 1, 2)
    try:
        b.answer(3)
        assert False
    except RuleError:
        pass
    b.answer(2)
    d = FixedDice([3])            # the cruiser hits the transport (the only unit left)
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["submerged"][1]) == {"submarine": 2}


def test_air_cannot_hit_subs_without_destroyer_stalemate():
    """P40-U-43 P40-U-52 P40-C-93 P40-C-92: air units alone cannot hit subs; subs cannot hit air:
    neither side can fire at a valid target, so the battle ends at once, nobody removed."""
    b = Battle(ED, "sea", {"fighter": 2}, {"submarine": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p is None or p.kind == P_SUBMERGE
    if p is not None:
        b.answer(0)
        p = b.run_until_prompt(FixedDice([]))
    assert p is None and b.result["outcome"] == O_STALEMATE
    assert _named(b, b.result["survivors"][1]) == {"submarine": 1}


def test_defenseless_transports():
    """P40-C-91 P40-U-58 P40-U-59 P40-C-84: transports never roll; when the defender has only
    transports left and the attacker can still attack, all are destroyed without rolling; the
    same when the only combat units left cannot hit each other."""
    b = Battle(ED, "sea", {"fighter": 1}, {"transport": 3})
    assert b.run_until_prompt(FixedDice([])) is None
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["lost"][1]) == {"transport": 3}
    assert _rolls(b) == []
    b = Battle(ED, "sea", {"fighter": 1}, {"transport": 1, "submarine": 1})
    p = b.run_until_prompt(FixedDice([]))
    if p is not None and p.kind == P_SUBMERGE:
        b.answer(0)
    assert b.run_until_prompt(FixedDice([])) is None
    assert _named(b, b.result["lost"][1]) == {"transport": 1}
    assert _named(b, b.result["survivors"][1]) == {"submarine": 1}


def test_carrier_two_hits_and_cannot_attack_alone():
    """P40-U-50 P40-U-54 P40-C-85 P40-U-10: a carrier takes two hits; carriers and transports
    attack only together with a unit that has an attack value."""
    b = Battle(ED, "sea", {"battleship": 1}, {"aircraft_carrier": 1, "fighter": 2})
    d = FixedDice([1, 6, 6, 6])
    p = b.run_until_prompt(d)
    # one hit: damage the carrier (default) or lose a fighter
    assert p.kind == P_CASUALTIES and _named(b, p.default[1]) == {"aircraft_carrier": 1}
    b.answer(None)
    b.run_until_prompt(d)
    assert _named(b, b.dmg[1]) == {"aircraft_carrier": 1}
    try:
        Battle(ED, "sea", {"aircraft_carrier": 1, "transport": 1}, {"destroyer": 1})
        assert False
    except RuleError as e:
        assert e.rule == "P40-U-58"


def test_kamikaze_strikes():
    """P40-C-30 P40-C-33 P40-C-34 P40-C-35 P40-C-36 P40-C-37 G40-C-02 G40-U-05: Japan declares
    kamikaze targets before any die: attacking surface warships only; each strike hits on 2 or
    less on its chosen ship; a capital ship hit once is damaged; ships sunk take no part."""
    b = Battle(ED, "sea", {"battleship": 1, "destroyer": 1, "submarine": 1},
               {"destroyer": 1}, {"kamikaze": 6})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE and p.side == 1
    assert [b.board.unit_name(u) for u in p.options] == ["battleship", "destroyer"]
    try:
        b.answer(["submarine"])
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-35"
    b.answer(["battleship", "destroyer", "destroyer"])
    d = FixedDice([2, 3, 1])
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_KAMIKAZE, ((2, 1), (2, 1), (2, 1)))
    b.answer([2, 3, 1])
    b.run_until_prompt(None)
    assert _rolls(b)[0] == (1, S_KAMIKAZE, 2, (2, 3, 1))
    assert b.kamikaze == 3
    assert _named(b, b.lost[0]) == {"destroyer": 1}
    assert _named(b, b.dmg[0]) == {"battleship": 1}


def test_kamikaze_blocks_bombardment():
    """P40-C-37 P40-C-60 P40-C-32: declaring an amphibious assault from a kamikaze zone triggers
    strikes; any strike in the zone, hit or miss, forbids bombardment."""
    b = Battle(ED, "amphibious", {"infantry": 2}, {"infantry": 1},
               {"seaborne": {"infantry": 2}, "bombard": {"battleship": 1}, "kamikaze": 2})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE
    b.answer(["battleship"])
    d = FixedDice([6, 6, 6, 1, 1, 6])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert (ev.E_PROMPT, P_BOMBARD) not in b.events
    assert S_BOMBARD not in [r[1] for r in _rolls(b)]


def test_scramble_at_most_three_per_air_base():
    """P40-C-20 P40-C-22 P40-C-23 P40-C-24 P40-C-26: up to 3 fighters / tactical bombers per
    operative air base scramble into the attacked zone and defend there normally; a scramble
    into an amphibious assault zone forces a sea battle."""
    b = Battle(ED, "sea", {"destroyer": 2}, {"destroyer": 1},
               {"scramble": {"fighter": 4, "tactical_bomber": 1}, "air_bases": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SCRAMBLE and p.info == (3,)
    try:
        b.answer({"fighter": 4})
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-20"
    b.answer({"fighter": 2, "tactical_bomber": 1})
    assert _named(b, b.alive[1]) == {"destroyer": 1, "fighter": 2, "tactical_bomber": 1}
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1},
                "sea_attacker": {"battleship": 1, "transport": 1}, "scramble": {"fighter": 1}})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SCRAMBLE
    b.answer({"fighter": 1})
    d = FixedDice([2, 6, 1, 6])     # sea: bb hits the fighter, fighter 6; land: inf 1, def 6
    assert b.run_until_prompt(d) is None
    assert S_BOMBARD not in [r[1] for r in _rolls(b)]   # a sea battle was fought: no bombardment
    assert b.result["captured"] == 1


def test_bombardment_cruisers_and_battleships_fire_back_in_round_one():
    """P40-C-56 P40-C-60 P40-C-61 P40-C-62 P40-U-51 P40-C-63: no sea combat: battleships (4) and
    cruisers (3) bombard once, at most one per land unit offloaded; their casualties still
    defend in the first round and are removed with its casualties."""
    b = Battle(ED, "amphibious", {"infantry": 2, "tank": 1}, {"infantry": 2},
               {"seaborne": {"infantry": 2}, "bombard": {"battleship": 1, "cruiser": 2}})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_BOMBARD and p.info[0] == 2
    assert _named(b, [p.default.get(u, 0) for u in range(b.n)]) == {"battleship": 1, "cruiser": 1}
    try:
        b.answer({"cruiser": 2, "battleship": 1})
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-61"
    b.answer({"cruiser": 2})
    d = FixedDice([3, 4, 6, 6, 6, 1, 6])
    b.run_until_prompt(d)
    rolls = _rolls(b)
    assert rolls[0] == (0, S_BOMBARD, 3, (3, 4))
    # the infantry hit by the cruiser still rolls in round 1 (two defender dice)
    assert rolls[3] == (1, S_DEFEND, 2, (1, 6))


def test_seaborne_units_never_retreat():
    """P40-C-64 P40-C-95 P40-C-96: in an amphibious assault seaborne land units never retreat;
    overland land units and air units retreat together."""
    b = Battle(ED, "amphibious", {"infantry": 3, "fighter": 1}, {"infantry": 5},
               {"seaborne": {"infantry": 2}})
    d = FixedDice([6] * 9)
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and _named(b, p.info[0]) == {"infantry": 1, "fighter": 1}
    b.answer("retreat")
    assert _named(b, b.alive[0]) == {"infantry": 2}


def test_capture_needs_a_land_unit():
    """P40-C-100 P40-C-131 P40-U-20 P40-U-21: the attacker captures only with a surviving land unit
    that can capture, after every defender is destroyed; air alone never captures."""
    b = Battle(ED, "land", {"fighter": 1}, {"infantry": 1})
    d = FixedDice([1, 6])
    assert b.run_until_prompt(d) is None
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 0


def test_research_effects_in_combat():
    """P40-R-21 P40-R-22 P40-R-24 P40-R-26 P40-R-11 P40-R-16: super subs attack at 3, jet
    fighters attack at 4, radar AAA hits on 2, heavy strategic bombers roll two dice and keep
    the better when attacking; advanced artillery supports two; improved mech pairs with tanks."""
    b = Battle(ED, "land", {"fighter": 1, "strategic_bomber": 1, "infantry": 4, "artillery": 1,
                            "mechanized_infantry": 1, "tank": 1},
               {"aaa": 1, "infantry": 9},
               {"attacker_tech": ("jet_fighters", "heavy_bombers", "advanced_artillery",
                                  "improved_mechanized_infantry"),
                "defender_tech": ("radar",)})
    p = b.run_until_prompt(None)
    assert p.info == (S_AA, ((2, 2),))
    b.answer([3, 3])
    p = b.run_until_prompt(None)
    # infantry 2 at 2 (advanced artillery), 2 at 1; mech at 2 (tank); artillery 2; tank 3;
    # fighter 4; bomber 2 dice at 4 (keeps the better)
    assert p.info == (S_ATTACK, ((1, 2), (2, 4), (3, 1), (4, 1), (4, 2)))
    b = Battle(ED, "sea", {"submarine": 1}, {"transport": 1, "destroyer": 1},
               {"attacker_tech": ("super_submarines",)})
    p = b.run_until_prompt(None)
    assert p.info == (S_ATTACK, ((3, 1),))


def test_carrier_aircraft_defend_even_against_subs_alone():
    """P40-U-56 P40-U-52 P40-U-43: aircraft on an undamaged carrier defend even if only subs attack;
    without a defending destroyer they cannot hit the subs (so they roll no dice), and the subs'
    hits must go on the carrier."""
    b = Battle(ED, "sea", {"submarine": 2}, {"aircraft_carrier": 1, "fighter": 2})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SUBMERGE
    b.answer(0)
    d = FixedDice([1, 2])
    p = b.run_until_prompt(d)
    assert _named(b, b.lost[1]) == {"aircraft_carrier": 1}
    assert _named(b, b.alive[1]) == {"fighter": 2}
    assert [r[1] for r in _rolls(b)] == [S_SUB_ATTACK]


def test_scramble_is_decided_before_kamikaze():
    """P40-C-21 P40-C-33: scramble decisions come before the kamikaze strikes are resolved."""
    b = Battle(ED, "sea", {"destroyer": 1, "cruiser": 1}, {"destroyer": 1},
               {"scramble": {"fighter": 1}, "kamikaze": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SCRAMBLE
    b.answer({"fighter": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE


def test_subs_cannot_be_ignored_mid_battle():
    """P40-C-94 P40-C-80 P40-C-81: once the surface warships are gone the battle goes on against the
    remaining subs (with a destroyer they fire in steps 3/4); defender casualties leave in step 5."""
    b = Battle(ED, "sea", {"destroyer": 2}, {"cruiser": 1, "submarine": 1})
    d = FixedDice([1, 6, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    b.answer({"cruiser": 1})
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and _named(b, b.alive[1]) == {"submarine": 1}
    assert _named(b, b.lost[1]) == {"cruiser": 1}


def test_kamikaze_zones_are_those_around_the_six_islands():
    """P40-C-31: strikes only in the sea zones around Japan, Okinawa, Iwo Jima, Formosa, Marianas
    and Philippines (the board's kamikaze symbols match the zones next to those territories)."""
    from engine_core import board
    b = board.load(ED)
    flagged = []
    for t in range(b.territory_count):
        if b.is_kamikaze_zone(t):
            flagged.append(t)
    around = []
    for name in ("Japan", "Okinawa", "Iwo Jima", "Formosa", "Marianas", "Philippines"):
        for z in b.adjacent(b.territory_id(name)):
            if b.is_sea(z) and z not in around:
                around.append(z)
    around.sort()
    assert flagged == around and len(flagged) >= 6


def test_kamikaze_typed_hits_name_their_targets():
    """P40-C-34 P40-C-36: with physical dice each strike is its own column, in the declared order,
    so a typed hit count says which ship was struck."""
    b = Battle(ED, "sea", {"cruiser": 1, "destroyer": 1}, {"destroyer": 1}, {"kamikaze": 2})
    b.run_until_prompt(None)
    b.answer(["cruiser", "destroyer"])
    p = b.run_until_prompt(None)
    assert p.info == (S_KAMIKAZE, ((2, 1), (2, 1)))
    b.answer({"hits": [0, 1]})
    b.run_until_prompt(None)
    assert _named(b, b.lost[0]) == {"destroyer": 1}
    assert _rolls(b)[0] == (1, S_KAMIKAZE, 2, ())


def test_no_scramble_means_no_sea_battle():
    """P40-C-26 P40-C-60: if the defender scrambles nothing into an assault zone with no defending
    ships, there was no sea combat and the ships may still bombard."""
    b = Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"seaborne": {"infantry": 1}, "bombard": {"battleship": 1},
                "sea_attacker": {"battleship": 1, "transport": 1}, "scramble": {"fighter": 2}})
    p = b.run_until_prompt(None)
    assert p.kind == P_SCRAMBLE
    b.answer({})
    p = b.run_until_prompt(None)
    assert p.kind == P_BOMBARD


def test_a_tank_pairs_with_one_unit_only():
    """P40-U-31 P40-R-16 P40-U-41: a unit pairs with only one other unit at a time: with Improved
    Mechanized Infantry one tank boosts either a mechanized infantry or a tactical bomber."""
    b = Battle(ED, "land", {"mechanized_infantry": 1, "tactical_bomber": 1, "tank": 1}, {"infantry": 5},
               {"attacker_tech": ("improved_mechanized_infantry",)})
    p = b.run_until_prompt(None)
    # mech boosted to 2 by the tank; the tac stays at 3 (no second partner); the tank at 3
    assert p.info == (S_ATTACK, ((2, 1), (3, 2)))
    b = Battle(ED, "land", {"mechanized_infantry": 1, "tactical_bomber": 1, "tank": 1, "fighter": 1},
               {"infantry": 5}, {"attacker_tech": ("improved_mechanized_infantry",)})
    p = b.run_until_prompt(None)
    # the fighter pairs with the tac (4), the tank with the mech (2)
    assert p.info == (S_ATTACK, ((2, 1), (3, 2), (4, 1)))


def test_aircraft_on_a_damaged_carrier_are_cargo():
    """P40-U-55 P40-C-86 P40-C-122: aircraft aboard a damaged carrier (or guests on an attacking
    carrier) are cargo: they do not defend, cannot be chosen, and die with the carrier."""
    b = Battle(ED, "sea", {"cruiser": 2}, {"aircraft_carrier": 1}, {"defender_cargo": {"fighter": 2}})
    d = FixedDice([1, 1, 6])
    assert b.run_until_prompt(d) is None
    r = b.result
    assert _rolls(b) == [(0, S_ATTACK, 3, (1, 1)), (1, S_DEFEND, 2, (6,))]
    assert _named(b, r["lost"][1]) == {"aircraft_carrier": 1, "fighter": 2}
    b = Battle(ED, "sea", {"cruiser": 1}, {"aircraft_carrier": 1}, {"defender_cargo": {"fighter": 2}})
    d = FixedDice([6, 6])
    p = b.run_until_prompt(d)
    b.answer("retreat")
    b.run_until_prompt(d)
    assert _named(b, b.result["cargo"][1]) == {"fighter": 2}


def test_order_of_loss_cannot_put_transports_first():
    """P40-C-84 P40-C-82: an explicit order of loss is refused if it takes a transport while
    another unit could take the hit."""
    b = Battle(ED, "sea", {"cruiser": 1}, {"transport": 1, "destroyer": 1})
    d = FixedDice([1, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    try:
        b.answer(["transport", "destroyer"])
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-84"
    b.answer(["destroyer"])
    assert _named(b, b.cas[1]) == {"destroyer": 1}


def test_sink_one_battleship_and_damage_another():
    """P40-C-85 P40-U-50: three hits on two undamaged battleships: the defender may sink one
    (two hits) and damage the other; the survivor stays damaged."""
    b = Battle(ED, "sea", {"battleship": 3}, {"battleship": 2})
    d = FixedDice([1, 1, 1, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    assert _named(b, p.default[0]) == {"battleship": 1} and _named(b, p.default[1]) == {"battleship": 1}
    b.answer({"lost": {"battleship": 1}, "damaged": {"battleship": 1}})
    assert b.dmg[1][b.board.unit_id("battleship")] == 1
    p = b.run_until_prompt(d)
    assert _named(b, b.alive[1]) == {"battleship": 1} and _named(b, b.dmg[1]) == {"battleship": 1}


def test_attacking_transports_defenseless_only_without_retreat():
    """P40-C-91 P40-C-93: attacking transports are not defenseless while they can retreat; if they
    cannot, they are destroyed like defending ones once only the defender can hit."""
    b = Battle(ED, "sea", {"strategic_bomber": 1, "transport": 1}, {"submarine": 1})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_SUBMERGE          # the defender's sub may submerge or strike
    b.answer(0)
    p = b.run_until_prompt(FixedDice([6]))
    assert p.kind == P_RETREAT           # the transport can retreat: not defenseless
    b = Battle(ED, "sea", {"strategic_bomber": 1, "transport": 1}, {"submarine": 1}, {"retreat": ()})
    assert b.run_until_prompt(FixedDice([])) is None
    r = b.result
    assert _named(b, r["lost"][0]) == {"transport": 1}
    assert r["outcome"] == O_STALEMATE

"""Pacific 1940 / Global 1940 strategic and tactical bombing raids and rockets.

Hand-worked from fixed dice and the Pacific 1940 rulebook's "Strategic and Tactical
Bombing Raids" and facility profiles (P40-C-40..49, P40-U-62, P40-U-70).
"""
from engine_core.dice import FixedDice
from engine_core import events as ev
from engine_core.battle import raids as raids
from portable_helpers import _rule_of


def test_strategic_bomber_plus_two_against_a_major_complex():
    """P40-C-46, P40-U-62: the facility's own AA rolls one die per bomber (3: miss).
    P40-C-47: the survivor rolls 4, +2 for a strategic bomber -> 6 damage markers.
    P40-U-42: strategic bombers may raid industrial complexes."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1},
                   targets={"major_industrial_complex": 0})
    dice = FixedDice([3, 4])
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["facilities"] == (("major_industrial_complex", 0, 6, 6),)
    assert res["damage"] == 6
    assert res["ipcs_lost"] == 0
    assert dice.remaining() == 0


def test_escorts_without_interceptors_retreat_unshot():
    """P40-C-41, P40-U-40: fighters may escort. P40-C-44: with no interceptors the
    escorts count as retreated, are not shot at and do not bomb: the minor IC's AA rolls
    2 dice for the 2 bombers only (2,5: miss). P40-C-47, P40-U-70, P40-U-15: bombs
    1+2 and 6+2 = 11, but a minor IC takes at most 6."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2, "fighter": 2},
                   targets={"minor_industrial_complex": 0})
    p = r.prompt
    assert p.kind == raids.P_ESCORTS
    assert p.options == (0, 1, 2)
    assert p.default == 2
    r.answer(2)
    dice = FixedDice([2, 5, 1, 6])
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["facilities"] == (("minor_industrial_complex", 0, 6, 6),)
    assert res["rolled"] == 11
    assert res["escorts_left"] == 2
    assert dice.remaining() == 0
    assert [e for e in r.events if e[0] == ev.E_AA] == [(ev.E_AA, ev.DEFENDER, 2)]


def test_full_raid_air_battle_split_targets_facility_aa_caps():
    """P40-T-22, P40-C-42, P40-C-43: (escorts fixed in Combat Move, then the defender
    commits interceptors) 3 interceptors meet 2 escorts, 2 tactical and 3 strategic
    bombers in one air battle of one round, everyone at 1 - only one air battle although
    two facilities are raided. Attacker dice: escorts 1,2 (1 hit), tactical 1,3 (1 hit),
    strategic 1,4,5 (1 hit) -> all 3 interceptors down; defender 1,1,2 -> 2 hits, the
    attacker loses a tactical and a strategic bomber. P40-C-45: the survivors split,
    strategic 1 on the IC, 1 strategic + 1 tactical on the air base. P40-C-46: the IC's
    AA 4 (miss), the air base's AA 1,6 -> one hit; the attacker chooses the strategic
    bomber. P40-C-47: IC 5+2 = 7; air base tactical 6 (no +2) = 6 on 2 existing damage,
    capped at 6 (P40-U-70, P40-U-16): +4. P40-U-41: tactical bombers raid bases."""
    r = raids.Raid("pacific_1940",
                   {"strategic_bomber": 3, "tactical_bomber": 2, "fighter": 2},
                   targets={"major_industrial_complex": 0, "air_base": 2},
                   interceptors=3)
    r.answer(2)                                    # escorts
    p = r.prompt
    assert p.kind == raids.P_INTERCEPTORS and p.side == ev.DEFENDER
    r.answer(3)                                    # interceptors
    dice = FixedDice([1, 2, 1, 3, 1, 4, 5, 1, 1, 2, 4, 1, 6, 5, 6])
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_AIR_CASUALTIES
    assert p.default == (2, 0, 0)                  # escorts first: cheapest (10 < 11 < 12)
    assert (0, 1, 1) in p.options
    r.answer((0, 1, 1))
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_TARGETS
    r.answer(((1, 0), (1, 1)))
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_AA_CASUALTIES
    assert p.options == ((1, 0), (0, 1))
    r.answer((0, 1))
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["facilities"] == (("major_industrial_complex", 0, 7, 7), ("air_base", 2, 4, 6))
    assert res["attacker_lost"] == {"strategic_bomber": 2, "tactical_bomber": 1}
    assert res["defender_lost"] == {"fighter": 3}
    assert res["escorts_left"] == 2
    assert res["interceptors_left"] == 0
    assert res["bombers_left"] == {"strategic_bomber": 1, "tactical_bomber": 1}
    assert dice.remaining() == 0


def test_no_interceptors_committed_no_air_battle():
    """P40-C-42, P40-C-43: the air battle is fought only if at least one interceptor is
    committed; the defender keeping its fighters home means the bombers go straight to
    the facility's AA (6: miss) and bomb (3+2 = 5)."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1},
                   targets={"major_industrial_complex": 1}, interceptors=4)
    assert r.run_until_prompt(FixedDice([])).kind == raids.P_INTERCEPTORS
    r.answer(0)
    dice = FixedDice([6, 3])
    r.run_until_prompt(dice)
    assert r.result["facilities"] == (("major_industrial_complex", 1, 5, 6),)
    assert dice.remaining() == 0


def test_tactical_bombers_only_at_bases():
    """P40-C-40, P40-U-41: tactical bombers raid air and naval bases, never an industrial
    complex. P40-C-45: they may not be assigned to one; the refusal changes nothing."""
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"tactical_bomber": 1},
                                       targets={"minor_industrial_complex": 0})) == "P40-C-40"
    r = raids.Raid("pacific_1940", {"tactical_bomber": 1, "strategic_bomber": 1},
                   targets={"minor_industrial_complex": 0, "naval_base": 0})
    r.run_until_prompt(FixedDice([]))
    assert r.prompt.kind == raids.P_TARGETS
    before = r.to_bytes()
    assert _rule_of(lambda: r.answer(((1, 1), (0, 0)))) == "P40-C-45"
    assert r.to_bytes() == before
    assert _rule_of(lambda: r.answer(((1, 0), (0, 0)))) == "P40-C-45"   # a bomber unassigned
    r.answer({"minor_ic": (1, 0), "naval_base": (0, 1)})
    dice = FixedDice([2, 3, 1, 4])   # IC AA 2, base AA 3: no hits; IC strat 1+2; base tac 4
    r.run_until_prompt(dice)
    assert r.result["facilities"] == (("minor_industrial_complex", 0, 3, 3), ("naval_base", 0, 4, 4))


def test_only_fighters_escort_or_intercept():
    """P40-C-41, P40-C-42, P40-U-42: fighters only escort; other units cannot join a raid;
    a raid needs a bomber."""
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"strategic_bomber": 1, "tank": 1},
                                       targets={"air_base": 0})) == "P40-C-40"
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"fighter": 2},
                                       targets={"air_base": 0})) == "P40-C-40"


def test_jet_fighters_hit_on_two_in_the_air_battle():
    """P40-R-22, P40-C-43: with Jet Fighters a power's escorting or intercepting fighters
    hit on 1-2. Attacker escort 2 (hit, jets), bomber 2 (miss, at 1); defender
    interceptor 2 (hit, jets). The attacker takes the loss on its escort."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1, "fighter": 1},
                   targets={"air_base": 0}, interceptors=1,
                   attacker_tech=("jet_fighters",), defender_tech=("jet_fighters",))
    r.answer(1)
    r.answer(1)
    dice = FixedDice([2, 2, 2, 5, 1])
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_AIR_CASUALTIES
    assert p.options == ((1, 0, 0), (0, 0, 1))
    r.answer({"fighter": 1})
    r.run_until_prompt(dice)        # base AA 5: miss; bomb 1+2 = 3
    res = r.result
    assert res["defender_lost"] == {"fighter": 1}
    assert res["attacker_lost"] == {"fighter": 1}
    assert res["facilities"] == (("air_base", 0, 3, 3),)


def test_heavy_bombers_in_raid_and_air_battle():
    """P40-R-26, P40-X-41: a heavy strategic bomber rolls two dice and keeps the better,
    then +2: dice 3,5 -> 7. In the air battle (value 1) it hits if either die is 1:
    dice 6,1 -> hit; the interceptor's 4 misses."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"major_ic": 0},
                   interceptors=1, attacker_tech=("heavy_bombers",))
    r.run_until_prompt(FixedDice([]))
    r.answer(1)
    dice = FixedDice([6, 1, 4, 2, 3, 5])   # air: 6,1 | 4; AA 2; bomb 3,5
    r.run_until_prompt(dice)
    res = r.result
    assert res["defender_lost"] == {"fighter": 1}
    assert res["facilities"] == (("major_industrial_complex", 0, 7, 7),)
    assert dice.remaining() == 0


def test_heavy_bombers_one_die_in_air_battle_option():
    """P40-X-41 (flag p40_hb_in_air_battle = one_die): the air battle is a special combat
    at 1, so one die: 1 hits, the interceptor's 5 misses; AA 3; bomb 2,6 -> 8."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"major_ic": 0},
                   interceptors=1, attacker_tech=("heavy_bombers",),
                   options={"p40_hb_in_air_battle": "one_die"})
    r.run_until_prompt(FixedDice([]))
    r.answer(1)
    dice = FixedDice([1, 5, 3, 2, 6])
    r.run_until_prompt(dice)
    assert r.result["facilities"] == (("major_industrial_complex", 0, 8, 8),)
    assert dice.remaining() == 0


def test_radar_facility_aa_hits_on_two():
    """P40-R-24, P40-U-62: with Radar the facility's built-in AA hits on 1-2: dice 2,3
    against two bombers -> one down; the other bombs 4+2 = 6."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2}, targets={"naval_base": 0},
                   defender_tech=("radar",))
    r.run_until_prompt(FixedDice([2, 3, 4]))
    assert r.result["attacker_lost"] == {"strategic_bomber": 1}
    assert r.result["facilities"] == (("naval_base", 0, 6, 6),)


def test_damage_caps_major_twenty_minor_and_bases_six():
    """P40-U-70, P40-U-15, P40-U-16, P40-U-17, P40-R-14: damage beyond the cap is not
    applied - a major IC with 18 markers takes only 2 of (6+2)+(6+2) = 16; a naval base
    with 6 takes none (Increased Factory Production does not raise caps)."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2}, targets={"major_ic": 18})
    r.run_until_prompt(FixedDice([4, 4, 6, 6]))
    assert r.result["facilities"] == (("major_industrial_complex", 18, 2, 20),)
    assert r.result["rolled"] == 16
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"naval_base": 6})
    r.run_until_prompt(FixedDice([5, 1]))
    assert r.result["facilities"] == (("naval_base", 6, 0, 6),)


def test_aaa_units_do_not_fire_at_raids():
    """P40-U-36, P40-C-11: AAA in the territory never fires at raiding bombers; only the
    facility's own AA does (one die: 4). Bomb 1+2 = 3."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"air_base": 0}, aa=3)
    dice = FixedDice([4, 1])
    r.run_until_prompt(dice)
    assert dice.remaining() == 0
    assert r.result["facilities"] == (("air_base", 0, 3, 3),)


def test_one_facility_of_each_type():
    """P40-U-69: at most one IC, one air base and one naval base per territory."""
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"strategic_bomber": 1},
                                       targets=(("major_ic", 0), ("minor_ic", 0)))) == "P40-U-69"


def test_illegal_answers_change_nothing():
    """P40-C-41, P40-C-42: escorts and interceptors are 0..the fighters there; a refused
    answer leaves the state and prompt as they were."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1, "fighter": 2},
                   targets={"air_base": 0}, interceptors=1)
    before = r.to_bytes()
    assert _rule_of(lambda: r.answer(3)) == "P40-C-41"
    assert r.to_bytes() == before
    r.answer(0)
    assert _rule_of(lambda: r.answer(2)) == "P40-C-42"
    assert r.prompt.kind == raids.P_INTERCEPTORS


def test_save_and_restore_at_every_prompt():
    """P40-C-43, P40-C-45, P40-C-46: the full raid saved and restored at each decision
    ends exactly as uninterrupted (same dice as the full-raid test)."""
    r = raids.Raid("pacific_1940",
                   {"strategic_bomber": 3, "tactical_bomber": 2, "fighter": 2},
                   targets={"major_industrial_complex": 0, "air_base": 2},
                   interceptors=3)
    dice = FixedDice([1, 2, 1, 3, 1, 4, 5, 1, 1, 2, 4, 1, 6, 5, 6])
    answers = [2, 3, (0, 1, 1), ((1, 0), (1, 1)), (0, 1)]
    while True:
        p = r.run_until_prompt(dice)
        if p is None:
            break
        data = r.to_bytes()
        assert len(data) < 120
        r = raids.Raid.from_bytes("pacific_1940", data)
        assert r.prompt.kind == p.kind and r.prompt.options == p.options
        r.answer(answers.pop(0))
    assert answers == []
    assert r.result["facilities"] == (("major_industrial_complex", 0, 7, 7), ("air_base", 2, 4, 6))


def test_global_uses_the_same_raid_rules():
    """G40-U-01, G40-C-01: Global 1940 uses the shared system's raid rules: the same
    raid gives the same damage (AA 3, bomb 4+2 = 6)."""
    for ed in ("global_1940", "global_1940_variant"):
        r = raids.Raid(ed, {"strategic_bomber": 1}, targets={"major_industrial_complex": 0})
        r.run_until_prompt(FixedDice([3, 4]))
        assert r.result["facilities"] == (("major_industrial_complex", 0, 6, 6),)


def test_rocket_from_operative_air_base_damages_a_facility():
    """P40-R-12, P40-X-44, P40-U-26: an operative air base fires one rocket, 1 die of damage to an
    IC, air base or naval base; no AA fires at it; the cap applies (naval base at 3
    takes 3 of a 5)."""
    res = raids.rocket("pacific_1940", FixedDice([5]), target="naval_base", target_damage=3)
    assert res["facilities"] == (("naval_base", 3, 3, 6),)
    res = raids.rocket("global_1940", FixedDice([4]), target="major_ic", target_damage=0)
    assert res["facilities"] == (("major_industrial_complex", 0, 4, 4),)
    dice = FixedDice([6])
    assert _rule_of(lambda: raids.rocket("pacific_1940", dice, target="air_base",
                                         launcher_operative=False)) == "P40-R-12"
    assert dice.remaining() == 1


def test_air_battle_hit_counts_typed_per_group():
    """P40-C-43: players may type the hits of each group of the air battle instead of the
    dice: escorts 1, tactical 0, strategic 1 -> 2 hits, both interceptors down;
    interceptors 1 -> one attacker loss, the escort by default (cheapest). Then the air
    base's AA 6,6,6 (no hit); tactical 2, strategic 3+2 and 1+2 -> 10, capped at 6."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2, "tactical_bomber": 1, "fighter": 1},
                   targets={"air_base": 0}, interceptors=2)
    r.answer(1)
    r.answer(2)
    p = r.run_until_prompt(None)
    assert p.kind == raids.P_DICE
    assert p.info == (raids.S_AIR_BATTLE, ((ev.ATTACKER, 1, 1, 1), (ev.ATTACKER, 1, 1, 1),
                                           (ev.ATTACKER, 1, 2, 1), (ev.DEFENDER, 1, 2, 1)))
    r.answer({"hits": [1, 0, 1, 1]})
    p = r.run_until_prompt(None)
    assert p.kind == raids.P_AIR_CASUALTIES
    r.answer(p.default)
    assert r.result is None
    dice = FixedDice([6, 6, 6, 2, 3, 1])
    r.run_until_prompt(dice)
    assert dice.remaining() == 0
    res = r.result
    assert res["defender_lost"] == {"fighter": 2}
    assert res["attacker_lost"] == {"fighter": 1}
    assert res["facilities"] == (("air_base", 0, 6, 6),)
    assert res["rolled"] == 10


def test_targets_from_the_board_facilities():
    """P40-C-40, P40-C-45: the raid's targets are the facilities standing in the territory,
    IC first, then air base, naval base. On the Pacific board Japan starts with a major IC,
    an air base and a naval base, so a lone strategic bomber must choose among three."""
    from engine_core import board
    bits = board.FAC_MAJOR | board.FAC_AIR_BASE | board.FAC_NAVAL_BASE
    assert raids.targets_from_facilities(bits, {"air_base": 2}) == (
        ("major_industrial_complex", 0), ("air_base", 2), ("naval_base", 0))
    assert raids.targets_from_facilities(board.FAC_MINOR) == (("minor_industrial_complex", 0),)
    b = board.load("pacific_1940")
    japan = b.territory_id("Japan")
    t = raids.targets_from_facilities(b.facilities_at_start(japan))
    assert t == (("major_industrial_complex", 0), ("air_base", 0), ("naval_base", 0))
    r = raids.Raid(b, {"strategic_bomber": 1}, targets=t)
    assert r.run_until_prompt(FixedDice([])).kind == raids.P_TARGETS


def test_what_damage_does():
    """P40-C-49, P40-U-63, P40-U-66, P40-U-67, P40-R-14: a base is inoperative from 3
    damage markers (so its rockets stop, P40-R-12); a complex mobilizes 10 (major) or 3
    (minor) less 1 per marker, 12 / 4 with Increased Factory Production, never below 0."""
    assert raids.is_operative(2)
    assert not raids.is_operative(3)
    assert raids.production_left("major_industrial_complex", 7) == 3
    assert raids.production_left("major_industrial_complex", 20) == 0
    assert raids.production_left("minor_industrial_complex", 2) == 1
    assert raids.production_left("minor_industrial_complex", 6) == 0
    assert raids.production_left("major_industrial_complex", 7, increased_factory=True) == 5
    assert raids.production_left("minor_industrial_complex", 2, increased_factory=True) == 2
    dice = FixedDice([4])
    assert _rule_of(lambda: raids.rocket("pacific_1940", dice, target="major_ic",
                                         launcher_damage=3)) == "P40-R-12"
    res = raids.rocket("pacific_1940", dice, target="major_ic", launcher_damage=2)
    assert res["facilities"] == (("major_industrial_complex", 0, 4, 4),)


def test_replay_a_disputed_raid_from_a_spec():
    """P40-C-43, P40-C-45, P40-C-46, P40-C-47: a raid spec (as a group would write it in
    JSON) with the dice and answers of the full-raid example replays to the same damage;
    answers that run out fall back to the defaults (escorts first, targets default)."""
    spec = {"edition": "pacific_1940",
            "attacker": {"strategic_bomber": 3, "tactical_bomber": 2, "fighter": 2},
            "targets": [["major_industrial_complex", 0], ["air_base", 2]],
            "interceptors": 3,
            "dice": [1, 2, 1, 3, 1, 4, 5, 1, 1, 2, 4, 1, 6, 5, 6],
            "answers": [2, 3, [0, 1, 1], [[1, 0], [1, 1]], [0, 1]]}
    r, used = raids.run_spec(spec)
    assert r.result["facilities"] == (("major_industrial_complex", 0, 7, 7), ("air_base", 2, 4, 6))
    assert len(used) == 5
    # without answers: escorts 2 and interceptors 3 by default; air hits 3 / 2 as before;
    # the escorts are lost; 3 strategic + 2 tactical split by default: strategic on the
    # IC, tactical on the air base. IC AA 4,1,6 -> one down (strategic: the only kind
    # there); base AA 5,6 (miss); IC strategic 1+2, 2+2 = 7; base tactical 6 + 1 = 7 on
    # 2 existing -> +4 (cap 6).
    spec2 = dict(spec)
    del spec2["answers"]
    spec2["dice"] = [1, 2, 1, 3, 1, 4, 5, 1, 1, 2, 4, 1, 6, 5, 6, 1, 2, 6, 1]
    r, used = raids.run_spec(spec2)
    assert used[0] == 2 and used[1] == 3 and used[2] == (2, 0, 0)
    res = r.result
    assert res["attacker_lost"] == {"fighter": 2, "strategic_bomber": 1}
    assert res["facilities"] == (("major_industrial_complex", 0, 7, 7), ("air_base", 2, 4, 6))


def test_targets_declared_in_combat_move():
    """P40-C-45, P40-T-21 (the digest's ENGINE reading: assignments fixed in Combat Move):
    with a declared plan and no losses the bombers go where declared, no question asked:
    one strategic bomber each on the IC and the air base; AA 3 and 4 miss; IC 5+2 = 7,
    air base 2+2 = 4."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2},
                   targets={"major_ic": 0, "air_base": 0},
                   plan={"major_ic": (1, 0), "air_base": (1, 0)})
    dice = FixedDice([3, 4, 5, 2])
    assert r.run_until_prompt(dice) is None
    assert r.result["facilities"] == (("major_industrial_complex", 0, 7, 7), ("air_base", 0, 4, 4))


def test_declared_targets_after_air_battle_losses():
    """P40-C-45, P40-C-43: a plan of 1 strategic on the IC and 1 strategic + 1 tactical on
    the air base; the air battle (tactical 3, strategic 4,5: no hit; interceptor 1: hit)
    costs a strategic bomber (the attacker's choice). The survivor may fly to either
    declared group but not to the naval base, declared empty (refused, nothing changes).
    On the air base: AA 6,6; tactical 4, strategic 3+2 = 9, capped at 6."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2, "tactical_bomber": 1},
                   targets={"major_ic": 0, "air_base": 0, "naval_base": 0}, interceptors=1,
                   plan=((1, 0), (1, 1), (0, 0)))
    dice = FixedDice([3, 4, 5, 1, 6, 6, 4, 3])
    assert r.run_until_prompt(dice).kind == raids.P_INTERCEPTORS
    r.answer(1)
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_AIR_CASUALTIES and p.options == ((0, 1, 0), (0, 0, 1))
    r.answer((0, 0, 1))
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_TARGETS
    assert p.default == ((1, 0), (0, 1), (0, 0))
    before = r.to_bytes()
    assert _rule_of(lambda: r.answer(((0, 0), (0, 1), (1, 0)))) == "P40-C-45"
    assert r.to_bytes() == before
    r.answer(((0, 0), (1, 1), (0, 0)))
    assert r.run_until_prompt(dice) is None
    assert dice.remaining() == 0
    assert r.result["facilities"] == (("major_industrial_complex", 0, 0, 0), ("air_base", 0, 6, 6),
                                      ("naval_base", 0, 0, 0))

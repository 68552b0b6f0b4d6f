# Battle state: power-cut resume from to_bytes(), typed dice, refusals that change nothing.
# gate heap: 256K (six battles of three editions resumed at every prompt: each edition's unit tables and battle modules stay loaded, their bytecode in this heap here, frozen in flash on a board and one edition at a time; 240K passes)
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, P_RETREAT, P_DICE, S_ATTACK, S_DEFEND,
    O_ATTACKER_WON)
from engine_core.dice import Dice, FixedDice
from engine_core.errors import RuleError, InputError
from engine_core import events as ev


def _dice(seed, n):
    return Dice(seed=seed).roll(n)


def _to_end(b, dice):
    """Every prompt answered with its default until the battle ends (portable_helpers._finish
    without importing that module: this file runs near the gate's heap)."""
    while True:
        p = b.run_until_prompt(dice)
        if p is None:
            return b
        b.answer(None)


def _straight(ed, kind, att, dfd, opts, values):
    return _to_end(Battle(ed, kind, att, dfd, opts), FixedDice(values))


def _with_power_cuts(ed, kind, att, dfd, opts, values):
    b = Battle(ed, kind, att, dfd, opts)
    d = FixedDice(values)
    sizes = []
    while True:
        p = b.run_until_prompt(d)
        data = b.to_bytes()
        sizes.append(len(data))
        b = Battle.from_bytes(ed, data)         # the device lost power here
        p = b.run_until_prompt(d)               # questions are asked again
        if p is None:
            return b, sizes
        b.answer(None)


def test_resume_after_power_cut_gives_the_same_battle():
    """P40-C-70 CL-C-15 LHTR-C-03: a battle is its step table plus counts: cut the power at every
    prompt, restore from to_bytes(), and the battle ends exactly as without the cuts."""
    cases = (
        ("classic", "land", {"infantry": 6, "armor": 3, "fighter": 2}, {"infantry": 7, "antiaircraft_gun": 1}, None),
        ("revised_lhtr", "sea", {"submarine": 3, "destroyer": 1, "battleship": 1},
         {"submarine": 2, "aircraft_carrier": 1, "fighter": 2}, None),
        ("pacific_1940", "sea", {"submarine": 2, "cruiser": 1, "fighter": 2},
         {"destroyer": 1, "submarine": 2, "transport": 2, "aircraft_carrier": 1}, {"kamikaze": 0}),
        ("pacific_1940", "amphibious", {"infantry": 4, "tank": 1, "fighter": 1}, {"infantry": 5, "aaa": 1},
         {"seaborne": {"infantry": 4}, "bombard": {"battleship": 1, "cruiser": 1}}),
        ("revised_lhtr", "amphibious", {"infantry": 3, "armor": 1}, {"infantry": 3},
         {"seaborne": {"infantry": 3, "armor": 1}, "sea_attacker": {"destroyer": 2, "transport": 2, "aircraft_carrier": 1},
          "sea_defender": {"submarine": 1, "destroyer": 1}, "attacker_cargo": {"fighter": 1}}),
        ("pacific_1940", "sea", {"cruiser": 2, "destroyer": 1}, {"destroyer": 1},
         {"kamikaze": 3, "scramble": {"fighter": 2, "tactical_bomber": 2}}),
    )
    for ed, kind, att, dfd, opts in cases:
        values = _dice(11, 400)
        a = _straight(ed, kind, att, dfd, opts, values)
        b, sizes = _with_power_cuts(ed, kind, att, dfd, opts, values)
        assert a.result == b.result, ed
        assert max(sizes) < 200


def test_thirty_against_thirty_state_is_small():
    """LHTR-C-03: the state of a 30-against-30 battle is a few hundred bytes."""
    b = Battle("revised_lhtr", "land", {"infantry": 20, "armor": 10}, {"infantry": 25, "artillery": 5})
    b.run_until_prompt(FixedDice(_dice(5, 200)))
    assert len(b.to_bytes()) < 200


def test_typed_dice_per_column_and_hit_counts():
    """CL-C-04 LHTR-C-10 LHTR-C-26 P40-C-78: with dice typed in by players the engine asks per firing group
    by battle-board column ("attacker: 2 dice at 1, 1 at 3") and takes either the dice or the
    number of hits per column."""
    b = Battle("classic", "land", {"infantry": 2, "armor": 1}, {"infantry": 2})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.side == 0 and p.info == (S_ATTACK, ((1, 2), (3, 1)))
    try:
        b.answer([1, 2])
        assert False
    except InputError:
        pass
    try:
        b.answer([1, 2, 7])
        assert False
    except InputError:
        pass
    b.answer([1, 5, 6])          # one hit in column 1
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.side == 1 and p.info == (S_DEFEND, ((2, 2),))
    try:
        b.answer({"hits": [3]})
        assert False
    except RuleError:
        pass
    b.answer({"hits": [1]})      # one hit at 2, dice not recorded
    p = b.run_until_prompt(None)
    assert p.kind == P_CASUALTIES and p.side == 0
    b.answer("infantry")
    assert b.run_until_prompt(None).kind == P_RETREAT
    rolls = [e for e in b.events if e[0] == ev.E_ROLL]
    assert rolls[0] == (ev.E_ROLL, 0, S_ATTACK, 1, (1, 5)) and rolls[2] == (ev.E_ROLL, 1, S_DEFEND, 2, ())
    assert b.alive[0][0] == 1 and b.lost[1][0] == 1


def test_illegal_answer_changes_nothing():
    """P40-C-83 P40-C-95: a refused answer raises RuleError naming the rule; the state is unchanged."""
    b = Battle("pacific_1940", "land", {"infantry": 2, "tank": 1}, {"infantry": 2, "artillery": 1},
               {"retreat": ("Kwangsi",)})
    d = FixedDice([1, 1, 6, 6, 6, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    before = b.to_bytes()
    for bad in ({"infantry": 3}, {"tank": 1}, {"infantry": 1}):
        try:
            b.answer(bad)
            assert False
        except (RuleError, InputError):
            pass
        assert b.to_bytes() == before and b.prompt is p
    b.answer({"infantry": 1, "artillery": 1})
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    before = b.to_bytes()
    try:
        b.answer("Manchuria")
        assert False
    except RuleError as e:
        assert e.rule == "P40-C-95"
    assert b.to_bytes() == before


def test_default_answers_end_the_battle():
    """CL-C-15 CL-C-16: every prompt answered with its default, the battle ends."""
    b = _to_end(Battle("classic", "land", {"armor": 3}, {"infantry": 1}), FixedDice([3, 6, 6, 6]))
    assert b.result["outcome"] == O_ATTACKER_WON and b.result["captured"] == 1
    assert b.result["ipc_lost"] == [0, 3]


def test_thirty_against_thirty_runs_to_the_end():
    """P40-C-70 P40-C-92: a 30-against-30 sea battle (every special rule in play: subs, destroyers,
    two-hit ships, carriers, transports) runs to its end with default answers."""
    att = {"battleship": 3, "cruiser": 4, "destroyer": 8, "submarine": 6, "fighter": 5,
           "tactical_bomber": 4}
    dfd = {"battleship": 2, "aircraft_carrier": 3, "fighter": 6, "destroyer": 7, "submarine": 6,
           "cruiser": 2, "transport": 4}
    b = _to_end(Battle("pacific_1940", "sea", att, dfd), Dice(seed=7))
    r = b.result
    assert r["outcome"] in (1, 2, 3, 5)
    total_lost = sum(r["lost"][0]) + sum(r["lost"][1])
    assert total_lost > 0 and r["rounds"] >= 1
    for side, start in ((0, att), (1, dfd)):
        n = 0
        for k in start:
            n += start[k]
        assert sum(r["survivors"][side]) + sum(r["lost"][side]) == n

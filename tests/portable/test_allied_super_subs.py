# gate heap: 212K (smallest heap that passes: 196K on the unix port, 2026-11-29; 204K later that day,
# once the odds grew their list mode and builtin names; +8K headroom, since the collector scans the
# C stack conservatively and a run can need a few KB more)
# A defending sea zone of two allied powers' submarines, only one of them with Super Submarines
# (issue 16): planes may hit the other power's subs. Dice are given and expectations worked by
# hand; the exact odds are fractions worked by hand.
from engine_core.battle.steps import Battle
from engine_core.battle.base import P_CASUALTIES, P_KAMIKAZE, O_DEFENDER_WON, O_ATTACKER_WON, \
    O_STALEMATE, S_ATTACK, S_SUB_DEFEND
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from engine_core.odds.exact import odds
from engine_core import techs
from engine_core.editions import UnitsBoard
from portable_helpers import _named, _rolls, _finish

ED = "revised_lhtr"
EPS = 1e-5
SPLIT = {"defender_tech": ("super_submarines",), "defender_teched": {"submarine": 1}}


def _sub(b):
    return b.board.unit_id("submarine")


def test_planes_hit_the_sub_of_the_power_without_super_submarines():
    """LHTR-T-06 LHTR-T-09 LHTR-U-80 LHTR-A-10: "Technology helps only the power that researched
    it" / Super Submarines: "they cannot be hit by enemy aircraft unless an enemy destroyer is in
    the zone". A fighter (no destroyer) attacks a UK super sub and a US sub. Opening fire: the
    subs have no ship to hit and do not roll. The fighter rolls 3 at 3: a hit, which only the US
    sub can take (asked of nobody). Then neither side can hit the other (the UK super sub against
    a plane): the battle ends with no result."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 2}, SPLIT)
    d = FixedDice([3])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 3, (3,))]
    assert b.result["outcome"] == O_STALEMATE
    assert _named(b, b.result["lost"][1]) == {"submarine": 1}
    assert b.teched_free(_sub(b)) == (1, 0)      # the one left is the UK super sub


def test_both_powers_with_super_submarines_stay_out_of_reach():
    """LHTR-T-09: both subs super (no split): the fighter never rolls, no result."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 2},
               {"defender_tech": ("super_submarines",)})
    assert b.run_until_prompt(FixedDice([])) is None
    assert _rolls(b) == [] and b.result["outcome"] == O_STALEMATE


def test_a_planes_hit_on_the_super_sub_is_refused_and_changes_nothing():
    """LHTR-T-09 LHTR-U-80, LHTR-C-26: the fighter's hit (3 at 3) on a UK super sub, a US sub
    and a destroyer: the defenders choose between the US sub and the destroyer; naming the UK
    super sub is refused (the rule named), the question kept. They give up the US sub; the
    destroyer rolls 2 at 3: the fighter is lost."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, SPLIT)
    d = FixedDice([3, 2])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    try:
        b.answer({"lost": {"submarine": 1}, "teched": {"submarine": 1}})
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-U-80"
    assert b.prompt is p and b.teched_free(_sub(b)) == (1, 1) and sum(b.cas[1]) == 0
    b.answer({"lost": {"submarine": 1}, "teched": {"submarine": 0}})
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert b.result["outcome"] == O_DEFENDER_WON
    assert _named(b, b.result["lost"][1]) == {"submarine": 1}
    assert _named(b, b.result["lost"][0]) == {"fighter": 1}


def test_the_destroyer_may_take_the_planes_hit():
    """LHTR-C-26: the same hit on the destroyer instead (it fires back, 2 at 3: a hit)."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, SPLIT)
    d = FixedDice([3, 2])
    b.run_until_prompt(d)
    b.answer({"lost": {"destroyer": 1}})
    assert b.run_until_prompt(d) is None
    assert _named(b, b.result["lost"][1]) == {"destroyer": 1}
    assert b.teched_free(_sub(b)) == (1, 1)


def test_planes_hits_beyond_their_reach_are_wasted_without_a_question():
    """LHTR-A-10 ("Aircraft hits that can't be assigned are wasted") LHTR-T-09: 3 fighters roll
    1, 1, 1 against a UK super sub, a US sub and a US destroyer: 2 of the hits are taken (the US
    sub and the destroyer: no choice left to ask), the third is wasted. The destroyer fires back
    (6 at 3: a miss); then the super sub and the fighters cannot hurt each other."""
    b = Battle(ED, "sea", {"fighter": 3}, {"submarine": 2, "destroyer": 1}, SPLIT)
    d = FixedDice([1, 1, 1, 6])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert b.result["outcome"] == O_STALEMATE
    assert _named(b, b.result["lost"][1]) == {"submarine": 1, "destroyer": 1}
    assert b.teched_free(_sub(b)) == (1, 0)


def test_with_a_destroyer_the_planes_may_hit_either():
    """LHTR-T-09 ("unless an enemy destroyer is in the zone"), LHTR-C-24 LHTR-C-25: a fighter and
    a destroyer attack the UK super sub and the US sub. Cycle 1: the subs roll 6, 6 at 2; the
    destroyer and the fighter roll 3, 6 at 3: one hit, and the defenders give the UK super sub
    (allowed: a destroyer is there). Cycle 2: the US sub rolls 1: the destroyer is hit but, its
    side having a destroyer, fires back: 2, 6 at 3 sinks the US sub."""
    b = Battle(ED, "sea", {"fighter": 1, "destroyer": 1}, {"submarine": 2}, SPLIT)
    d = FixedDice([6, 6, 3, 6, 1, 2, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    b.answer({"lost": {"submarine": 1}, "teched": {"submarine": 1}})
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_SUB_DEFEND, 2, (6, 6)), (0, S_ATTACK, 3, (3, 6)),
                         (1, S_SUB_DEFEND, 2, (1,)), (0, S_ATTACK, 3, (2, 6))]
    assert b.result["outcome"] == O_ATTACKER_WON
    assert _named(b, b.result["lost"][0]) == {"destroyer": 1}
    assert _named(b, b.result["lost"][1]) == {"submarine": 2}


def test_a_battle_saved_at_the_question_keeps_the_owners():
    """LHTR-T-09: the question of the refusal test, saved and resumed: the same default (the US
    sub) and the same refusal."""
    b = Battle(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, SPLIT)
    b.run_until_prompt(FixedDice([3]))
    b = Battle.from_bytes(ED, b.to_bytes())
    p = b.prompt
    assert p.kind == P_CASUALTIES and _named(b, p.default[0]) == {"submarine": 1}
    try:
        b.answer({"lost": {"submarine": 1}, "teched": {"submarine": 1}})
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-U-80"
    b.answer(None)
    assert b.teched_free(_sub(b)) == (1, 0)


def test_kamikaze_may_name_only_the_sub_without_super_submarines():
    """LHTR-O-41 LHTR-U-80 LHTR-T-09: without a Japanese destroyer a kamikaze may name a sub of
    the power without Super Submarines (numbered first: 0), not the other's (1). The kamikaze's
    4 sinks the US sub; the UK super sub is left."""
    opts = {"attacker_na": ("kamikaze",), "defender_tech": ("super_submarines",),
            "defender_teched": {"submarine": 1}}
    b = Battle(ED, "sea", {"fighter": 1, "battleship": 1}, {"submarine": 2}, opts)
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE
    try:
        b.answer([("fighter", "submarine", 1)])
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-U-80"
    assert b.prompt is p
    b.answer([("fighter", "submarine", 0)])
    b.run_until_prompt(FixedDice([4, 6, 6, 6]))
    assert b.lost[1][_sub(b)] == 1 and b.teched_free(_sub(b)) == (1, 0)


def test_each_power_submerges_its_own_subs():
    """LHTR-U-82 LHTR-C-33 LHTR-T-06: a battleship (no destroyer) against a UK super sub and a US
    sub. Cycle 1: the subs roll 6, 6 at 2, the battleship 6 at 4: no hit. At step 7 the UK
    submerges its super sub, the US keeps its own (the default would submerge the US one first);
    two super subs are more than there are, refused with the rule and nothing changed."""
    from engine_core.battle.base import P_SUBMERGE
    b = Battle(ED, "sea", {"battleship": 1}, {"submarine": 2}, SPLIT)
    p = b.run_until_prompt(FixedDice([6, 6, 6]))
    assert p.kind == P_SUBMERGE and p.side == 1
    try:
        b.answer({"submerge": 1, "teched": {"submarine": 2}})
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-C-33"
    assert b.prompt is p and b.teched_free(_sub(b)) == (1, 1) and b.subm[1][_sub(b)] == 0
    b.answer({"submerge": 1, "teched": {"submarine": 1}})
    assert b.subm[1][_sub(b)] == 1 and b.teched_free(_sub(b)) == (0, 1)
    b = Battle(ED, "sea", {"battleship": 1}, {"submarine": 2}, SPLIT)
    b.run_until_prompt(FixedDice([6, 6, 6]))
    b.answer(1)                                   # the default: the US sub first
    assert b.teched_free(_sub(b)) == (1, 0)


def test_the_side_built_from_the_powers():
    """LHTR-T-06: the UK with Super Submarines (1 sub), the US without (1 sub, 1 destroyer):
    the side's technologies and, per type, how many belong to a power that has them."""
    ub = UnitsBoard(ED)
    tech, teched = techs.defending(((("super_submarines",), {"submarine": 1}),
                                    ((), {"submarine": 1, "destroyer": 1})),
                                   ub.units, ub.family, ub.unit_id)
    assert tech == ["super_submarines"] and teched == {ub.unit_id("submarine"): 1}


def test_exact_odds_of_planes_against_two_owners_subs():
    """LHTR-T-09 LHTR-A-10, LHTR-C-26..29: a fighter (3) against a UK super sub, a US sub and a
    destroyer (3); the subs never hit a plane. Default order: the US sub (8) before the destroyer
    (12). A round from all three: fighter and destroyer both hit 1/4 (defender wins), fighter
    only 1/4 (the US sub lost), destroyer only 1/4 (defender wins), neither 1/4 (again). From
    the super sub and the destroyer: both hit 1/4 (fighter lost: defender wins), fighter only
    1/4 (the destroyer lost: the super sub and the fighter cannot hurt each other: a draw),
    destroyer only 1/4 (defender wins), neither 1/4 again: a draw 1/3, defender 2/3. From the
    start: draw (1/4 * 1/3) / (3/4) = 1/9, defender 8/9. (Were the US sub out of the planes'
    reach too: a draw 1/3.)"""
    r = odds(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1},
             tech={"defender": ("super_submarines",), "defender_teched": {"submarine": 1}})
    assert abs(r["draw"] - 1.0 / 9) < EPS and abs(r["defender_wins"] - 8.0 / 9) < EPS
    assert r["attacker_wins"] < EPS
    r = odds(ED, "sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1},
             tech={"defender": ("super_submarines",)})
    assert abs(r["draw"] - 1.0 / 3) < EPS


def test_exact_odds_of_the_lone_fighter():
    """LHTR-T-09 LHTR-A-10: a fighter against a UK super sub and a US sub: the fighter sinks the
    US sub sooner or later (1/2 a round), then neither can hurt the other: a draw, one sub left;
    2 rounds expected (1 / (1/2))."""
    r = odds(ED, "sea", {"fighter": 1}, {"submarine": 2},
             tech={"defender": ("super_submarines",), "defender_teched": {"submarine": 1}})
    assert abs(r["draw"] - 1.0) < EPS
    assert abs(r["defender_survivors"]["submarine"] - 1.0) < EPS
    assert abs(r["expected_rounds"] - 2.0) < EPS

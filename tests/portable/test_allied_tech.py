# gate heap: 216K (smallest heap that passes: 200K on the unix port, 2026-11-29, 208K later that
# day after the strikers and the assault's sea options grew the battle modules; +8K headroom,
# since the collector scans the C stack conservatively and a run can need a few KB more)
# A defending side of several powers: each power's technology helps only its own units (issue 16).
# Dice are given and expectations worked by hand; the exact odds are fractions worked by hand.
from engine_core.battle.steps import Battle
from engine_core.battle.base import P_RETREAT, P_DICE, P_CASUALTIES, O_DEFENDER_WON, S_AA, S_ATTACK, S_DEFEND
from engine_core.dice import FixedDice
from engine_core.errors import InputError
from engine_core.odds.exact import odds
from engine_core import techs
from engine_core.editions import UnitsBoard
from portable_helpers import _named, _rolls

EPS = 1e-5


def _refused(f):
    try:
        f()
    except InputError:
        return True
    return False


def test_classic_jets_only_for_the_power_that_has_them():
    """CL-T-05 CL-T-06: "A development helps only the power that rolled it. Allies do not share
    it." / Jet Power: "Your fighters defend at 5 instead of 4". A US fighter (Jet Power) and a UK
    fighter (none) defend against 2 armor. Round 1: armor 3 (hit), 6; the UK fighter rolls 5 at
    4 (miss), the US fighter 6 at 5 (miss). One fighter is lost: whose is the defenders' choice
    (CL-C-60: "The defenders agree on each casualty"), asked; the default is the weaker, the UK
    one. Round 2: armor 6, 6; the fighter left is the US one: it rolls 5 at 5 (hit)."""
    b = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    d = FixedDice([3, 6, 5, 6, 6, 6, 5])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    b.answer(None)
    p = b.run_until_prompt(d)
    assert _rolls(b) == [(0, S_ATTACK, 3, (3, 6)), (1, S_DEFEND, 4, (5,)), (1, S_DEFEND, 5, (6,))]
    assert p.kind == P_RETREAT and _named(b, b.lost[1]) == {"fighter": 1}
    b.answer("press")
    p = b.run_until_prompt(d)
    assert _rolls(b)[3:] == [(0, S_ATTACK, 3, (6, 6)), (1, S_DEFEND, 5, (5,))]
    assert p.kind == P_RETREAT and _named(b, b.lost[0]) == {"armor": 1}


def test_lhtr_heavy_bombers_defend_only_for_their_power():
    """LHTR-T-06 LHTR-T-11: "Technology helps only the power that researched it" / Heavy Bombers:
    "Each bomber rolls 2 dice and uses the better one, on attack, on defense". Two defending
    bombers, one of a power with Heavy Bombers: one die at 1, then two dice at 1. Infantry 6
    misses; the plain bomber 2 misses; the heavy one 5 and 1: hit."""
    b = Battle("revised_lhtr", "land", {"infantry": 1}, {"bomber": 2},
               {"defender_tech": ("heavy_bombers",), "defender_teched": {"bomber": 1}})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_ATTACK, ((1, 1),))
    b.answer([6])
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_DEFEND, ((1, 1), (1, 2)))
    b.answer([2, 5, 1])
    assert b.run_until_prompt(None) is None
    assert _rolls(b)[1:] == [(1, S_DEFEND, 1, (2,)), (1, S_DEFEND, 1, (5, 1))]
    assert b.result["outcome"] == O_DEFENDER_WON


def test_1940_radar_only_for_the_aaa_of_its_power():
    """P40-R-06 P40-R-24 P40-U-36: "Powers may never share technology" / Radar: "Your AAA ... hit
    on 1-2 instead of 1"; each AAA fires up to 3 shots, one per plane. A UK AAA (Radar) and a
    Soviet AAA (none) against 4 fighters: the radar AAA fires 3 shots at 2, the other the 4th
    shot at 1. Dice 2, 3, 3 and 2: one hit (2 at 2), the last 2 misses at 1."""
    b = Battle("pacific_1940", "land", {"fighter": 4}, {"aaa": 2, "infantry": 1},
               {"defender_tech": ("radar",), "defender_teched": {"aaa": 1}})
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.info == (S_AA, ((2, 3), (1, 1)))
    b.answer([2, 3, 3, 2])
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and _named(b, b.lost[0]) == {"fighter": 1}


def test_exact_odds_jets_of_one_fighter():
    """CL-T-05 CL-T-06, CL-C-12..15: 1 armor (3) against a UK fighter (4) and a US jet fighter
    (5); the UK one is lost first. Round at 2 fighters: the armor lives only if both miss
    (1/3 * 1/6 = 1/18): to (armor v jet) 1/36, the same state 1/36, else the armor dies:
    1/36 / (35/36) = 1/35 reaches armor v jet. There a round: A wins (1/2 * 1/6) = 1/12, draw
    (1/2 * 5/6) = 5/12, the same state 1/12: A wins 1/11, draw 5/11. So A wins 1/385, draw
    5/385 = 1/77, D wins 379/385."""
    r = odds("classic", "land", {"armor": 1}, {"fighter": 2},
             tech={"defender": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    assert abs(r["attacker_wins"] - 1.0 / 385) < EPS
    assert abs(r["draw"] - 1.0 / 77) < EPS
    assert abs(r["defender_wins"] - 379.0 / 385) < EPS


def test_exact_odds_radar_of_one_aaa():
    """P40-R-06 P40-R-24 P40-U-36: 4 fighters (3) against a UK AAA (Radar), a Soviet AAA and
    1 infantry. No fighter falls to AA fire with (2/3)^3 (radar shots) * 5/6 (the other shot) =
    20/81. The defender's default order loses the infantry (3 IPC) before the AAA (5 IPC, defense
    0): the fighters are safe once it falls. From 1 infantry a round: 4 dice at 3 hit at least
    once 15/16, the infantry misses 2/3; nothing happens (1/16 * 2/3): 4 fighters left with
    (2/3 * 15/16) / (1 - 1/24) = 15/23. All 4 fighters left: 20/81 * 15/23 = 100/621."""
    r = odds("pacific_1940", "land", {"fighter": 4}, {"aaa": 2, "infantry": 1},
             tech={"defender": ("radar",), "defender_teched": {"aaa": 1}})
    four = [x[1] for x in r["attacker_remaining"] if x[0] == {"fighter": 4}]
    assert len(four) == 1 and abs(four[0] - 100.0 / 621) < EPS


def test_saved_battle_keeps_the_owners():
    """CL-T-05: a battle resumed after a power cut keeps which fighter has Jet Power; a battle
    without allies saves as before (nothing more written: an older save loads)."""
    b = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    b2 = Battle.from_bytes("classic", b.to_bytes())
    assert _named(b2, b2.teched) == {"fighter": 1}
    b2.run_until_prompt(FixedDice([6, 6, 5, 5]))
    assert _rolls(b2)[1:] == [(1, S_DEFEND, 4, (5,)), (1, S_DEFEND, 5, (5,))]
    plain = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
                   {"defender_tech": ("jet_fighters",)})
    data = plain.to_bytes()
    old = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
                 {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 2}}).to_bytes()
    assert len(old) > len(data)
    assert Battle.from_bytes("classic", data).teched is None


def test_defending_powers_give_union_and_counts():
    """CL-T-05 LHTR-T-06: the side's technologies are the powers' together; per unit type a
    defending technology changes, the units of the powers that have it: a US fighter (Jet Power)
    and carrier, a UK fighter (none)."""
    ub = UnitsBoard("classic")
    tech, teched = techs.defending(((("jet_fighters",), {"fighter": 1, "carrier": 1}),
                                    ((), {"fighter": 1})), ub.units, ub.family, ub.unit_id)
    assert tech == ["jet_fighters"] and teched == {ub.unit_id("fighter"): 1}


def test_owners_refused_where_no_technology_applies():
    """CL-T-08: Classic Super Submarines change a sub's attack only ("Defense stays 2"): a split
    of defending subs is refused (in LHTR it is not: what hits them, LHTR-T-09), as are more
    owners' units than defend."""
    assert _refused(lambda: Battle("classic", "sea", {"battleship": 1}, {"submarine": 2},
                                   {"defender_tech": ("super_submarines",),
                                    "defender_teched": {"submarine": 1}}))
    assert _refused(lambda: Battle("classic", "land", {"armor": 1}, {"fighter": 1},
                                   {"defender_tech": ("jets",), "defender_teched": {"fighter": 2}}))
    assert _refused(lambda: odds("classic", "land", {"armor": 1}, {"fighter": 1},
                                 tech={"defender": ("jets",), "defender_teched": {"fighter": 2}}))


def test_live_odds_keep_the_owners():
    """CL-T-05 CL-T-06, CL-C-20: between rounds the odds of the survivors left: 2 armor against
    the US jet fighter (the UK fighter fell in round 1). A round: the armor hit at least once 3/4
    (win), miss both 1/4; the fighter hits at 5 (5/6). Miss / hit 5/24 leads to 1 armor v the jet
    fighter (A wins 1/11, above); miss / miss 1/24 stays. A wins (3/4 + 5/24 * 1/11) / (23/24) =
    203/253."""
    from engine_core.odds.exact import live
    b = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    d = FixedDice([3, 6, 5, 6])
    p = b.run_until_prompt(d)
    b.answer(None)                                  # the UK fighter lost (the default)
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    assert abs(live(b)["attacker_wins"] - 203.0 / 253) < EPS


def test_the_defenders_choose_whose_fighter_is_lost():
    """CL-C-60 CL-T-05: "The defenders agree on each casualty" -- here the US jet fighter is
    lost, not the UK one. Round 1 as above (armor 3, 6: one hit; UK 5 at 4, US 6 at 5: misses).
    Round 2: armor 6, 6 miss; the fighter left is the UK one: it rolls 5 at 4 -- a miss (the jet
    fighter would have hit at 5). Between the rounds the odds are those of 2 armor against one
    fighter at 4: a round the armor hit at least once 3/4, miss both 1/4; the fighter hits 4/6.
    Miss / hit 1/4 * 2/3 = 1/6 leads to 1 armor v 1 fighter at 4: a round, armor hit and fighter
    miss 1/2 * 1/3 = 1/6 (A wins), both miss 1/6 stays, so A wins (1/6) / (5/6) = 1/5; miss / miss
    1/12 stays. A wins (3/4 + 1/6 * 1/5) / (11/12) = (45/60 + 2/60) * 12/11 = 47/55."""
    from engine_core.odds.exact import live
    b = Battle("classic", "land", {"armor": 2}, {"fighter": 2},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    d = FixedDice([3, 6, 5, 6, 6, 6, 5])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    b.answer({"lost": {"fighter": 1}, "teched": {"fighter": 1}})
    # the jet fighter is behind the casualty line (it fires back first): a battle saved now
    # keeps whose it is
    b = Battle.from_bytes("classic", b.to_bytes())
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and b.teched_free(b.board.unit_id("fighter")) == (0, 1)
    assert abs(live(b)["attacker_wins"] - 47.0 / 55) < EPS
    b.answer("press")
    b.run_until_prompt(d)
    assert _rolls(b)[-2:] == [(0, S_ATTACK, 3, (6, 6)), (1, S_DEFEND, 4, (5,))]
    assert _named(b, b.lost[0]) == {}


def test_a_casualty_choice_of_owners_out_of_range_is_refused_and_changes_nothing():
    """CL-C-60 CL-T-05: of one fighter lost, two cannot be the jet fighters'; nor can a unit
    type no technology changes be named. Refused with the casualty rule, the question kept."""
    from engine_core.errors import RuleError
    b = Battle("classic", "land", {"armor": 2}, {"fighter": 2, "infantry": 1},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    p = b.run_until_prompt(FixedDice([3, 6, 5, 6, 6]))
    assert p.kind == P_CASUALTIES
    for bad in ({"lost": {"fighter": 1}, "teched": {"fighter": 2}},
                {"lost": {"infantry": 1}, "teched": {"infantry": 1}}):
        try:
            b.answer(bad)
            assert False, bad
        except RuleError:
            pass
        assert b.prompt is p and b.teched_free(b.board.unit_id("fighter")) == (1, 1)


def test_uk_fighter_on_a_us_carrier():
    """CL-T-05 CL-T-06 CL-U-60: a UK fighter (no Jet Power) on a US carrier beside a US jet
    fighter, attacked by a battleship: the battleship 6 misses; the carrier rolls 5 at 3, the UK
    fighter 6 at 4, the US fighter 6 at 5: each group apart, by value."""
    b = Battle("classic", "sea", {"battleship": 1}, {"carrier": 1, "fighter": 2},
               {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}})
    b.run_until_prompt(FixedDice([6, 5, 6, 6]))
    assert _rolls(b) == [(0, S_ATTACK, 4, (6,)), (1, S_DEFEND, 3, (5,)), (1, S_DEFEND, 4, (6,)),
                         (1, S_DEFEND, 5, (6,))]

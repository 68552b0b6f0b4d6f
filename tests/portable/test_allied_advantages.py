# gate heap: 220K (smallest heap that passes: 204K on the unix port, 2026-11-29; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more)
"""A defending side of several powers: an LHTR national advantage changes only the units of the
power that holds it (issue 16 item c; LHTR-O-02 "A power may not share its advantages"). The
battle's defender_teched names, per unit type a defending advantage changes, how many are that
power's, as it does for a defending technology. Dice are given, expectations worked by hand; the
exact odds are fractions worked by hand.
"""
from engine_core.battle.steps import Battle
from engine_core.battle.base import P_RETREAT, P_CASUALTIES, S_AA, S_ATTACK, S_DEFEND
from engine_core.dice import FixedDice
from engine_core.errors import InputError, RuleError
from engine_core.odds.exact import odds
from engine_core import techs
from engine_core.editions import UnitsBoard
from portable_helpers import _named, _rolls

EPS = 1e-5
WINTER = {"defender_na": ("russian_winter",), "defender_teched": {"infantry": 1}}


def _rule(f):
    try:
        f()
    except (RuleError, InputError) as e:
        return e.rule
    return None


def test_russian_winter_only_for_soviet_infantry():
    """LHTR-O-10 LHTR-O-02 LHTR-C-62: "Soviet infantry defend at 3" -- a Soviet and a UK
    infantry defend against 2 armor (3). Round 1: armor 6, 6 miss; the UK infantry rolls 3 at 2
    (miss), the Soviet one 3 at 3 (hit): one armor lost. Round 2: the armor rolls 3 (hit); the
    defenders choose to lose the Soviet infantry ("The defenders agree on each casualty"); it
    fires back as a casualty: 4 at 3 misses, the UK one 6 at 2. Round 3: armor 6; the infantry
    left is the UK one: 3 at 2 misses (the Soviet one would have hit). A battle saved between the
    rounds keeps whose infantry is whose."""
    b = Battle("revised_lhtr", "land", {"armor": 2}, {"infantry": 2}, WINTER)
    d = FixedDice([6, 6, 3, 3, 3, 6, 4, 6, 3])
    p = b.run_until_prompt(d)
    assert _rolls(b) == [(0, S_ATTACK, 3, (6, 6)), (1, S_DEFEND, 2, (3,)), (1, S_DEFEND, 3, (3,))]
    assert p.kind == P_RETREAT and _named(b, b.lost[0]) == {"armor": 1}
    b.answer("press")
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES and p.side == 1
    b.answer({"lost": {"infantry": 1}, "teched": {"infantry": 1}})
    b = Battle.from_bytes("revised_lhtr", b.to_bytes())
    p = b.run_until_prompt(d)
    assert _rolls(b)[-2:] == [(1, S_DEFEND, 2, (6,)), (1, S_DEFEND, 3, (4,))]
    assert p.kind == P_RETREAT and b.teched_free(b.board.unit_id("infantry")) == (0, 1)
    b.answer("press")
    p = b.run_until_prompt(d)
    assert _rolls(b)[-2:] == [(0, S_ATTACK, 3, (6,)), (1, S_DEFEND, 2, (3,))]
    assert p.kind == P_RETREAT and _named(b, b.lost[0]) == {"armor": 1}


def test_by_default_the_other_powers_infantry_is_lost_first():
    """LHTR-O-10 LHTR-C-62: with no choice given the defenders lose the UK infantry (at 2)
    before the Soviet one (at 3). Round 1: armor 3, 6 -- one hit; UK 6, Soviet 6 miss. Round 2:
    armor 6, 6; the infantry left rolls 3 at 3: a hit."""
    b = Battle("revised_lhtr", "land", {"armor": 2}, {"infantry": 2}, WINTER)
    d = FixedDice([3, 6, 6, 6, 6, 6, 3])
    p = b.run_until_prompt(d)
    assert p.kind == P_CASUALTIES
    b.answer(None)
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and b.teched_free(b.board.unit_id("infantry")) == (1, 0)
    b.answer("press")
    b.run_until_prompt(d)
    assert _rolls(b)[-1] == (1, S_DEFEND, 3, (3,))


def test_without_owners_every_infantry_of_the_side():
    """LHTR-O-10: a battle given no defender_teched keeps the earlier meaning (every defending
    infantry at 3; saves and set-ups without allies are unchanged)."""
    b = Battle("revised_lhtr", "land", {"armor": 2}, {"infantry": 2},
               {"defender_na": ("russian_winter",)})
    b.run_until_prompt(FixedDice([6, 6, 3, 4]))
    assert _rolls(b)[1:] == [(1, S_DEFEND, 3, (3, 4))]


def test_most_powerful_battleships_only_japans():
    """LHTR-O-43 LHTR-O-02: "Japanese battleships attack and defend at 5" -- a Japanese and a
    German battleship defend against a battleship: it rolls 6 (miss); the German one 5 at 4
    (miss), the Japanese one 5 at 5 (hit)."""
    b = Battle("revised_lhtr", "sea", {"battleship": 1}, {"battleship": 2},
               {"defender_na": ("powerful_battleships",), "defender_teched": {"battleship": 1}})
    b.run_until_prompt(FixedDice([6, 5, 5]))
    assert _rolls(b) == [(0, S_ATTACK, 4, (6,)), (1, S_DEFEND, 4, (5,)), (1, S_DEFEND, 5, (5,))]


def test_radar_needs_a_uk_owned_aa_gun():
    """LHTR-O-30 LHTR-U-10: "UK-owned AA guns in tan territories hit aircraft on 1 or 2"; only
    one gun fires, the defenders' choice. Two AA guns in a tan territory, a fighter flies in: the
    AA die is 2. Neither gun the UK's: it fires at 1 (miss). One of them the UK's: at 2 (hit)."""
    for uk, hit in ((0, 1), (1, 2)):
        b = Battle("revised_lhtr", "land", {"fighter": 1, "infantry": 1},
                   {"antiaircraft_gun": 2, "infantry": 1},
                   {"defender_na": ("radar",), "space": ("tan",),
                    "defender_teched": {"antiaircraft_gun": uk}})
        b.run_until_prompt(FixedDice([2, 6, 6, 6]))
        assert _rolls(b)[0] == (1, S_AA, hit, (2,))
        assert _named(b, b.lost[0]) == ({"fighter": 1} if uk else {})


def test_owners_refused_where_no_advantage_of_the_side_applies():
    """LHTR-O-02: owners of a type no defending advantage of the side changes (Fortress Europe
    is artillery's) are refused naming the rule; more owners' units than defend are refused."""
    assert _rule(lambda: Battle("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
                                {"defender_na": ("fortress_europe",),
                                 "defender_teched": {"infantry": 1}})) == "LHTR-O-02"
    assert _rule(lambda: odds("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
                              tech={"defender_teched": {"infantry": 1}},
                              advantages={"defender": ["fortress_europe"]})) == "LHTR-O-02"
    assert _rule(lambda: Battle("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
                                {"defender_na": ("russian_winter",),
                                 "defender_teched": {"infantry": 3}})) is not None


def test_exact_odds_winter_of_one_infantry():
    """LHTR-O-10 LHTR-O-02, LHTR-C-62: 1 armor (3) against a Soviet (3) and a UK (2) infantry,
    the UK one lost first. A round at 2 infantry: the armor lives if both miss, 1/2 * 2/3 = 1/3;
    it hits 1/2: to (armor v Soviet) 1/6, the same state 1/6, else the armor dies: (1/6) / (5/6)
    = 1/5 reaches armor v Soviet. There a round: A wins 1/4, draw 1/4, the defender 1/4, the same
    state 1/4: 1/3 each. So A wins 1/15, draw 1/15, D wins 13/15. Without owners both infantry
    defend at 3: (1/8) / (7/8) = 1/7 reaches armor v infantry, A wins 1/21."""
    r = odds("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
             tech={"defender_teched": {"infantry": 1}}, advantages={"defender": ["russian_winter"]})
    assert abs(r["attacker_wins"] - 1.0 / 15) < EPS
    assert abs(r["draw"] - 1.0 / 15) < EPS
    assert abs(r["defender_wins"] - 13.0 / 15) < EPS
    r = odds("revised_lhtr", "land", {"armor": 1}, {"infantry": 2},
             advantages={"defender": ["russian_winter"]})
    assert abs(r["attacker_wins"] - 1.0 / 21) < EPS


def test_defending_powers_give_the_owners_of_an_advantage():
    """LHTR-O-02 LHTR-O-10 LHTR-T-06: per unit type a defending advantage of one of the powers
    changes, the units of the power that holds it (Soviet infantry in Russian Winter beside UK
    infantry and a US jet fighter); a type no held advantage changes is not named."""
    ub = UnitsBoard("revised_lhtr")
    inf = ub.unit_id("infantry")
    tech, teched = techs.defending(
        (((), {"infantry": 2, "artillery": 1}, ("russian_winter",)), ((), {"infantry": 3}),
         (("jet_fighters",), {"fighter": 1, "artillery": 1})), ub.units, ub.family, ub.unit_id)
    assert tech == ["jet_fighters"] and teched == {inf: 2, ub.unit_id("fighter"): 1}
    tech, teched = techs.allied({"infantry": 4}, (), [((), {"infantry": 1})], ub.units, ub.family,
                                ub.unit_id, main_na=("russian_winter",))
    assert teched == {inf: 3}
    tech, teched = techs.allied({"infantry": 4}, (), [((), {"infantry": 1})], ub.units, ub.family,
                                ub.unit_id)
    assert teched == {}


def test_atlantic_wall_only_for_german_infantry():
    """LHTR-O-21 LHTR-O-02: "In an amphibious assault on a gray territory, German infantry
    defend at 3 during the first cycle" -- a German and a Japanese infantry defend a gray
    territory against 1 seaborne infantry (1): it rolls 6; the Japanese infantry 3 at 2 (miss),
    the German one 3 at 3 (hit): the attacker is wiped out."""
    b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
               {"seaborne": {"infantry": 1}, "defender_na": ("atlantic_wall",), "space": ("gray",),
                "defender_teched": {"infantry": 1}})
    assert b.run_until_prompt(FixedDice([6, 3, 3])) is None
    assert _rolls(b) == [(0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 2, (3,)), (1, S_DEFEND, 3, (3,))]


def test_exact_odds_atlantic_wall_of_one_infantry():
    """LHTR-O-21 LHTR-O-02 LHTR-C-62: 1 seaborne infantry (1) against a German (3 in the first
    cycle, then 2) and a Japanese infantry (2), the Japanese lost first. Against one infantry at
    2 a round: A wins 1/6 * 2/3 = 1/9, the same state 5/9: A wins 1/4. Later rounds at 2 + 2: the
    defenders miss 4/9; A hits and they miss 2/27 -> one left, the same state 10/27: 2/17 reach
    it, A wins 1/34. First cycle: they miss 1/2 * 2/3 = 1/3: A hits (1/18) -> one left, A misses
    (5/18) -> the later rounds. A wins 1/18 * 1/4 + 5/18 * 1/34 = 27/1224 = 3/136. Without owners
    (both at 3 first): 1/24 * 1/4 + 5/24 * 1/34 = 9/544."""
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
             tech={"defender_teched": {"infantry": 1}}, advantages={"defender": ["atlantic_wall"]},
             space=["gray"])
    assert abs(r["attacker_wins"] - 3.0 / 136) < EPS
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 2},
             advantages={"defender": ["atlantic_wall"]}, space=["gray"])
    assert abs(r["attacker_wins"] - 9.0 / 544) < EPS


def test_dug_in_and_fortress_europe_only_for_their_power():
    """LHTR-O-44 ("Japanese infantry on islands defend at 3") and LHTR-O-25 ("German artillery
    in gray territories defend at 3") LHTR-O-02: a Japanese and a German infantry on an island
    against 2 armor: armor 6, 6; the German infantry 3 at 2 (miss), the Japanese one 3 at 3
    (hit). A German and a Japanese artillery in a gray territory: the Japanese one 3 at 2, the
    German one 3 at 3 (hit)."""
    for na, space, unit in (("dug_in", "island", "infantry"), ("fortress_europe", "gray", "artillery")):
        b = Battle("revised_lhtr", "land", {"armor": 2}, {unit: 2},
                   {"defender_na": (na,), "space": (space,), "defender_teched": {unit: 1}})
        b.run_until_prompt(FixedDice([6, 6, 3, 3]))
        assert _rolls(b)[1:] == [(1, S_DEFEND, 2, (3,)), (1, S_DEFEND, 3, (3,))]
        assert _named(b, b.lost[0]) == {"armor": 1}

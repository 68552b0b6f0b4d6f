# The sea battle of an amphibious assault fought with the launch zone's powers' own national
# advantages (issue 16, option sea_defender_na) and with its own split of defenders of several
# powers (option sea_defender_teched); the land part takes defender_na / defender_teched again.
# Dice are given and the expectations worked by hand.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_KAMIKAZE, P_DICE, O_ATTACKER_WON, O_DEFENDER_WON,
    S_ATTACK, S_DEFEND, S_SUB_DEFEND)
from engine_core.battle.advantage_bits import NA_BATTLESHIPS, NA_DUG_IN, NA_KAMIKAZE
from engine_core.dice import FixedDice
from engine_core.errors import InputError, RuleError
from engine_core import techs
from portable_helpers import _named, _rolls, _finish

# LHTR: 2 battleships and a transport (1 infantry aboard) attack a battleship in the launch zone,
# then the infantry lands against the territory's infantry
BB_SEA = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
          "sea_defender": {"battleship": 1}}


def _assault(extra, defender=None, sea=BB_SEA):
    o = dict(sea)
    for k in extra:
        o[k] = extra[k]
    return Battle("revised_lhtr", "amphibious", {"infantry": 1}, defender or {"infantry": 1}, o)


def test_japanese_island_german_battleship_at_sea_defends_at_4():
    """LHTR-O-02 "A power may not share its national advantages with friendly powers"; LHTR-O-43 "Japanese battleships attack
    and defend at 5"; LHTR-O-44 "Japanese infantry on islands defend at 3"; LHTR-C-42: the
    island is Japan's, the battleship in its sea zone Germany's (sea_defender_na: none). Sea:
    the attacking battleships (4) roll 1, 1: two hits sink the defending battleship, which
    fires back 5 at 4: a miss (at 5 it would hit). The infantry lands: 6 misses; the Japanese
    infantry, dug in, rolls 3 at 3: a hit; the defender holds."""
    b = _assault({"defender_na": ("dug_in", "powerful_battleships"), "space": ("island",),
                  "sea_defender_na": ()})
    assert b.na == [0, 0] and b.land_na == NA_DUG_IN | NA_BATTLESHIPS
    d = FixedDice([1, 1, 5, 6, 3])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 4, (1, 1)), (1, S_DEFEND, 4, (5,)),
                         (0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 3, (3,))]
    r = b.result
    assert r["outcome"] == O_DEFENDER_WON and r["captured"] == 0
    assert _named(b, r["lost"][0]) == {"infantry": 1}
    assert _named(b, r["lost"][1]) == {"battleship": 1}
    assert b.na == [0, NA_DUG_IN | NA_BATTLESHIPS] and b.land_na is None


def test_without_the_option_the_land_owners_battleships_advantage_goes_to_sea():
    """LHTR-O-43 LHTR-C-42 (today's behaviour kept): no sea_defender_na, the sea zone's
    battleship takes the land owner's Most Powerful Battleships ("Your battleships attack and
    defend on a 5"): its 5 hits at 5 (an attacking battleship damaged: 2 hits, LHTR-U-50); the
    same land battle follows."""
    b = _assault({"defender_na": ("dug_in", "powerful_battleships"), "space": ("island",)})
    assert b.land_na is None
    d = FixedDice([1, 1, 5, 6, 3])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b)[1] == (1, S_DEFEND, 5, (5,))
    assert b.result["outcome"] == O_DEFENDER_WON


def test_japanese_battleship_at_sea_beside_a_territory_of_another_power():
    """LHTR-O-02 LHTR-O-43 LHTR-C-42: the territory's owner has no advantage, the Japanese
    battleship in the zone (sea_defender_na) defends at 5: its 5 hits (one attacking battleship
    damaged: 2 hits, LHTR-U-50), the two 1s sink it. The infantry lands: 1 hits at 1; the defending
    infantry (2, no dug-in: the land part's defender_na is empty) rolls 6: captured."""
    b = _assault({"sea_defender_na": ("powerful_battleships",)})
    assert b.na == [0, NA_BATTLESHIPS] and b.land_na == 0
    d = FixedDice([1, 1, 5, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 4, (1, 1)), (1, S_DEFEND, 5, (5,)),
                         (0, S_ATTACK, 1, (1,)), (1, S_DEFEND, 2, (6,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["lost"][1]) == {"battleship": 1, "infantry": 1}
    assert _named(b, r["lost"][0]) == {}
    assert b.na == [0, 0] and b.land_na is None


CV_SEA = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
          "sea_defender": {"aircraft_carrier": 1, "fighter": 1}}


def test_kamikazes_are_asked_of_the_zones_power_only():
    """LHTR-O-41 "At the start of any sea battle, attacking or defending ... Japan may name any
    number of its fighters"; LHTR-O-02: a carrier and fighter in the launch zone. Of another
    power beside a Japanese territory (sea_defender_na: none) nothing is named: the first
    question is the sea battle's dice. Japanese (sea_defender_na kamikaze, or without the
    option the land owner's, as before), Japan is asked to name its fighter."""
    b = _assault({"defender_na": ("kamikaze",), "sea_defender_na": ()}, sea=CV_SEA)
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.side == 0 and b.part == 0
    for extra in ({"sea_defender_na": ("kamikaze",)}, {"defender_na": ("kamikaze",)}):
        b = _assault(extra, sea=CV_SEA)
        p = b.run_until_prompt(None)
        assert p.kind == P_KAMIKAZE and p.side == 1
        assert [b.board.unit_name(u) for u in p.options] == ["fighter"]
        assert b.na[1] == NA_KAMIKAZE


# LHTR: a fighter and a transport (1 infantry aboard) attack two subs in the launch zone
SUB_SEA = {"seaborne": {"infantry": 1}, "sea_attacker": {"fighter": 1, "transport": 1},
           "sea_defender": {"submarine": 2}, "sea_defender_tech": ("super_submarines",)}


def test_two_powers_subs_in_the_zone_the_fighter_hits_the_one_without_super_submarines():
    """LHTR-T-06 "Technology helps only the power that researched it"; LHTR-T-09 super subs
    "cannot be hit by enemy aircraft unless an enemy destroyer is in the zone"; LHTR-C-42: a UK
    sub with Super Submarines beside a US sub (sea_defender_teched: 1 of the 2). Round 1: the
    subs' opening fire 6, 6 misses; the fighter's 3 hits at 3: the US sub is lost (the UK one
    cannot be). Round 2: the UK sub's 1 sinks the transport and its infantry; the fighter has
    nothing it may hit and never rolls: the sea battle ends, nothing lands, the defender holds."""
    o = {"sea_defender_teched": {"submarine": 1}}
    b = _assault(o, sea=SUB_SEA)
    assert b.teched[b.board.unit_id("submarine")] == 1 and b.sea_split == 1
    assert b.land_teched is None and b.split()
    d = FixedDice([6, 6, 3, 1])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_SUB_DEFEND, 2, (6, 6)), (0, S_ATTACK, 3, (3,)),
                         (1, S_SUB_DEFEND, 2, (1,))]
    r = b.result
    assert r["outcome"] == O_DEFENDER_WON and r["captured"] == 0
    assert _named(b, r["lost"][1]) == {"submarine": 1}
    assert _named(b, r["sea_survivors"][1]) == {"submarine": 1}
    assert _named(b, r["lost"][0]) == {"transport": 1, "infantry": 1}
    assert b.teched is None and b.sea_split == 0


def test_without_the_split_both_subs_are_super_and_the_fighter_never_rolls():
    """LHTR-T-09 LHTR-C-42: sea_defender_tech alone gives both subs Super Submarines: round 1
    they miss (6, 6) and the fighter has no target; round 2 one 1 sinks the transport."""
    b = _assault({}, sea=SUB_SEA)
    assert b.teched is None and b.sea_split == 0
    d = FixedDice([6, 6, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_SUB_DEFEND, 2, (6, 6)), (1, S_SUB_DEFEND, 2, (1, 6))]
    assert _named(b, b.result["sea_survivors"][1]) == {"submarine": 2}


def test_saved_with_both_splits_and_both_advantages_resumes_with_each_part():
    """LHTR-T-06 LHTR-O-02 LHTR-O-44 LHTR-C-42: a Japanese island with a Japanese and a German
    fighter (Jet Fighters: Germany's; defender_teched names the German fighter and the Japanese
    infantry, dug in), in its sea zone a German sub with Super Submarines and a Japanese one
    (sea_defender_teched) with Japan's battleship advantage (sea_defender_na). Saved at the
    sea battle's first dice question, the state resumes with the sea part's and the land
    part's technologies, advantages and splits, and saves the same bytes. Then both the
    original and the resumed battle: subs 6, 6; battleships 1, 1 sink both subs; the infantry
    lands, rolls 6; the dug-in infantry's 3 hits at 3 (the fighters need not roll)."""
    o = {"sea_defender_teched": {"submarine": 1}, "sea_defender_na": ("powerful_battleships",),
         "sea_attacker": {"battleship": 2, "transport": 1}, "sea_defender": {"submarine": 2},
         "defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1, "infantry": 1},
         "defender_na": ("dug_in",), "space": ("island",)}
    b = _assault(o, {"infantry": 1, "fighter": 2}, SUB_SEA)
    sub = b.board.unit_id("submarine")
    inf = b.board.unit_id("infantry")
    ftr = b.board.unit_id("fighter")
    p = b.run_until_prompt(None)
    assert p.kind == P_DICE and p.side == 1 and b.part == 0
    data = b.to_bytes()
    c = Battle.from_bytes("revised_lhtr", data)
    for x in (b, c):
        assert x.tech == [0, techs.SUPER_SUBS] and x.land_tech == techs.JETS
        assert x.na == [0, NA_BATTLESHIPS] and x.land_na == NA_DUG_IN
        assert x.sea_split == 1 and x.teched[sub] == 1 and sum(x.teched) == 1
        assert x.land_teched[inf] == 1 and x.land_teched[ftr] == 1 and sum(x.land_teched) == 2
    assert c.to_bytes() == data
    for x in (b, c):
        x.run_until_prompt(None)
        x.answer([6, 6])
        d = FixedDice([1, 1, 6, 3])
        _finish(x, d)
        assert d.remaining() == 0
        assert _rolls(x)[-3:] == [(0, S_ATTACK, 4, (1, 1)), (0, S_ATTACK, 1, (6,)),
                                  (1, S_DEFEND, 3, (3,))]
        r = x.result
        assert r["outcome"] == O_DEFENDER_WON
        assert _named(x, r["lost"][1]) == {"submarine": 2}
        assert x.tech == [0, techs.JETS] and x.na == [0, NA_DUG_IN]
        assert x.teched[inf] == 1 and x.teched[ftr] == 1 and x.sea_split == 0


def test_sea_options_refused_outside_an_assault_or_out_of_range():
    """LHTR-O-02 LHTR-T-06: the options belong to an assault's sea battle; an unknown
    advantage, more split units than defend at sea or a type no technology changes are refused
    by name (nothing is built)."""
    bad = (("land", {"sea_defender_na": ("kamikaze",)}, "sea_defender_na"),
           ("sea", {"sea_defender_teched": {"submarine": 1}}, "sea_defender_teched"),
           ("amphibious", {"sea_defender_na": ("banzai_charge",)}, "banzai_charge"),
           ("amphibious", {"sea_defender_teched": {"submarine": 3}}, "sea_defender_teched"),
           ("amphibious", {"sea_defender_teched": {"transport": 1}}, "sea_defender_teched"))
    for kind, opts, word in bad:
        o = dict(SUB_SEA) if kind == "amphibious" else {}
        for k in opts:
            o[k] = opts[k]
        a, d = {"infantry": 1}, {"infantry": 1}
        if kind == "sea":
            a, d = {"fighter": 1}, {"submarine": 1}
        try:
            Battle("revised_lhtr", kind, a, d, o)
            assert False, "accepted"
        except (InputError, RuleError) as e:
            assert word in str(e), str(e)


def test_sea_defender_na_is_an_lhtr_option():
    """LHTR-O-02: national advantages are a Revised / LHTR option: Classic refuses them."""
    o = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
         "sea_defender": {"battleship": 1}, "sea_defender_na": ("powerful_battleships",)}
    try:
        Battle("classic", "amphibious", {"infantry": 1}, {"infantry": 1}, o)
        assert False, "accepted"
    except InputError as e:
        assert "national advantages" in str(e)

"""Kamikazes in the sea battle of an amphibious assault whose launch zone holds defenders of two
powers (issue 16; LHTR-O-41 "At the start of any sea battle, attacking or defending (never on
land), Japan may name any number of its fighters (not bombers) as Kamikazes"; LHTR-O-42 "The
same pattern with subs"; LHTR-C-42 "Stage 1: sea battle ... Stage 2: landing"). The option
sea_defender_strikers names how many of the launch zone's fighters / subs are Japan's (as
defender_strikers does for a sea battle); the landing is never a sea battle and has none.
Dice are given, expectations worked by hand.
"""
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_KAMIKAZE, O_DEFENDER_WON, S_KAMIKAZE, S_ATTACK, S_DEFEND)
from engine_core.battle.advantage_bits import NA_KAMIKAZE, NA_DUG_IN
from engine_core.dice import FixedDice
from engine_core.errors import InputError, RuleError
from engine_core import techs
from portable_helpers import _named, _rolls, _finish

ED = "revised_lhtr"
# LHTR: a destroyer, two battleships and a transport (1 infantry aboard) attack a Japanese
# carrier with a Japanese and a German fighter in the launch zone of a Japanese island (the land
# owner's Dug-In Defenders, LHTR-O-44: its infantry defends at 3)
SEA = {"seaborne": {"infantry": 1},
       "sea_attacker": {"destroyer": 1, "battleship": 2, "transport": 1},
       "sea_defender": {"aircraft_carrier": 1, "fighter": 2}, "sea_defender_na": ("kamikaze",),
       "sea_defender_strikers": {"fighter": 1},
       "defender_na": ("dug_in",), "space": ("island",)}


def _assault(extra=None, drop=()):
    o = {}
    for k in SEA:
        if k not in drop:
            o[k] = SEA[k]
    for k in (extra or {}):
        o[k] = extra[k]
    return Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1}, o)


def _refused(b, answer):
    try:
        b.answer(answer)
    except (RuleError, InputError) as e:
        return e.rule
    return None


def _fight(b):
    """Japan names its fighter at the destroyer; the rest of the battle with the dice below."""
    b.answer([("fighter", "destroyer")])
    d = FixedDice([4, 1, 1, 6, 6, 6, 3])
    _finish(b, d)
    assert d.remaining() == 0
    return b


def _check_fought(b):
    """The sea battle: the kamikaze rolls 4 (hits on 4, LHTR-O-41): the destroyer is sunk in
    opening fire. The battleships (4) roll 1, 1: two hits, on the carrier and the German fighter
    (the kamikaze is off the battle board); they fire back: carrier 6 (misses at 3), fighter 6
    (misses at 4). The kamikaze is lost after the cycle: the zone is cleared. The landing, with
    the land owner's advantages (dug_in, no kamikaze): the infantry rolls 6 (misses at 1), the
    dug-in infantry 3 (hits at 3; at 2 without it): the defender holds."""
    assert _rolls(b) == [(1, S_KAMIKAZE, 4, (4,)), (0, S_ATTACK, 4, (1, 1)),
                         (1, S_DEFEND, 3, (6,)), (1, S_DEFEND, 4, (6,)),
                         (0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 3, (3,))]
    r = b.result
    assert r["outcome"] == O_DEFENDER_WON and r["captured"] == 0
    assert _named(b, r["lost"][0]) == {"destroyer": 1, "infantry": 1}
    assert _named(b, r["lost"][1]) == {"aircraft_carrier": 1, "fighter": 2}
    assert b.na[1] == NA_DUG_IN and b.land_na is None
    assert b.foreign is None and b.steched is None


def test_japan_names_only_its_own_fighter_in_the_assaults_sea_battle():
    """LHTR-O-41 LHTR-O-02 LHTR-C-42: of the launch zone's two fighters one is Japan's. Naming
    both is refused with LHTR-O-41 and changes nothing (the prompt and the saved bytes as
    before); naming the Japanese one works (see _check_fought), then the landing is fought
    with the land owner's options."""
    b = _assault()
    ftr = b.board.unit_id("fighter")
    assert b.part == 0 and b.na[1] == NA_KAMIKAZE and b.land_na == NA_DUG_IN
    assert b.foreign[ftr] == 1 and sum(b.foreign) == 1
    p = b.run_until_prompt(None)
    assert p.kind == P_KAMIKAZE and p.side == 1 and p.info == ("LHTR-O-41",)
    assert [b.board.unit_name(u) for u in p.options] == ["fighter"]
    before = b.to_bytes()
    assert _refused(b, [("fighter", "destroyer"), ("fighter", "battleship")]) == "LHTR-O-41"
    assert b.prompt is p and b.to_bytes() == before
    assert _named(b, b.alive[1]) == {"aircraft_carrier": 1, "fighter": 2} and b.plan == []
    _check_fought(_fight(b))


def test_without_the_option_both_fighters_may_be_named():
    """LHTR-O-41 (today's behaviour kept): without sea_defender_strikers every fighter in the
    launch zone counts as Japan's: naming both is taken. All Japan's named ({"fighter": 2})
    saves the same bytes as the option left out."""
    b = _assault(drop=("sea_defender_strikers",))
    assert b.foreign is None
    b.run_until_prompt(None)
    assert _refused(b, [("fighter", "destroyer"), ("fighter", "battleship")]) is None
    same = _assault({"sea_defender_strikers": {"fighter": 2}})
    assert same.foreign is None
    assert same.to_bytes() == _assault(drop=("sea_defender_strikers",)).to_bytes()


def test_saved_mid_sea_battle_resumes_with_the_zones_strikers():
    """LHTR-O-41 LHTR-C-42: saved at the kamikaze question, the battle resumes with the
    launch zone's strikers (one fighter not Japan's), saves the same bytes, refuses naming
    both fighters, and both the original and the resumed battle fight as _check_fought."""
    b = _assault()
    b.run_until_prompt(None)
    data = b.to_bytes()
    c = Battle.from_bytes(ED, data)
    assert c.foreign == b.foreign and c.steched is None and c.part == 0
    assert c.to_bytes() == data
    p = c.run_until_prompt(None)
    assert p.kind == P_KAMIKAZE
    assert _refused(c, [("fighter", "destroyer"), ("fighter", "battleship")]) == "LHTR-O-41"
    for x in (b, c):
        _check_fought(_fight(x))


def test_sea_strikers_teched_with_the_zones_jets():
    """LHTR-T-06 "Technology helps only the power that researched it" LHTR-A-32 LHTR-T-07:
    the German fighter has Jet Fighters (sea_defender_teched), Japan's has not
    (sea_defender_strikers_teched 0): held for the sea part. More of Japan's strikers with
    Jets than Japan has is refused with LHTR-O-41."""
    jets = {"sea_defender_tech": ("jet_fighters",), "sea_defender_teched": {"fighter": 1},
            "sea_defender_strikers_teched": {"fighter": 0}}
    b = _assault(jets)
    ftr = b.board.unit_id("fighter")
    assert b.tech[1] == techs.JETS and b.steched[ftr] == 0 and b.foreign[ftr] == 1
    jets["sea_defender_strikers_teched"] = {"fighter": 2}
    try:
        _assault(jets)
        assert False, "accepted"
    except RuleError as e:
        assert e.rule == "LHTR-O-41" and "sea_defender_strikers_teched" in str(e)


def test_sea_strikers_refused_outside_an_assault_or_out_of_range():
    """LHTR-O-41 LHTR-O-42: the options belong to an assault's sea battle (a sea or land battle
    refuses them by name); more Japanese fighters than defend at sea, or a type that strikes
    under no advantage in play, is refused by name."""
    for kind, a, d in (("sea", {"destroyer": 1}, {"aircraft_carrier": 1, "fighter": 2}),
                       ("land", {"infantry": 1}, {"infantry": 1})):
        for k in ("sea_defender_strikers", "sea_defender_strikers_teched"):
            try:
                Battle(ED, kind, a, d, {"defender_na": ("kamikaze",), k: {"fighter": 1}})
                assert False, "accepted"
            except InputError as e:
                assert k in str(e), str(e)
    for spec in ({"fighter": 3}, {"submarine": 1}):
        try:
            _assault({"sea_defender_strikers": spec})
            assert False, "accepted"
        except InputError as e:
            assert "sea_defender_strikers" in str(e), str(e)
    try:
        Battle(ED, "amphibious", {"infantry": 1}, {"infantry": 1},
               {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 1}})
        assert False, "accepted"
    except InputError as e:
        assert "defender_strikers" in str(e)

# The sea battle of an amphibious assault fought with the sea defenders' own technologies (issue
# 16, option sea_defender_tech): the land part uses defender_tech again. Dice are given and the
# expectations worked by hand.
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_CASUALTIES, O_ATTACKER_WON, O_DEFENDER_WON,
    S_ATTACK, S_DEFEND, S_SUB_DEFEND)
from engine_core.dice import FixedDice
from engine_core.errors import InputError
from engine_core import techs
from portable_helpers import _named, _rolls, _finish

# Classic: 2 battleships and a transport (1 infantry aboard) attack a carrier and a fighter in the
# launch zone, then the territory's infantry and fighter
CL_SEA = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
          "sea_defender": {"aircraft_carrier": 1, "fighter": 1}}


def _classic(extra):
    o = dict(CL_SEA)
    for k in extra:
        o[k] = extra[k]
    return Battle("classic", "amphibious", {"infantry": 1}, {"infantry": 1, "fighter": 1}, o)


def test_classic_sea_defenders_without_jets_beside_a_land_owner_with_them():
    """CL-T-05 CL-T-06 CL-C-42: each power fights with its own technologies: the US fighter on
    the carrier in the zone has no Jet Power (defends at 4), the UK fighter in the territory has
    it (5). Sea: the battleships roll 1, 1: carrier and fighter hit; they fire back 6 and 5: both
    miss (the 5 would hit with jets). The infantry lands: rolls 6; the defenders' infantry 6 and
    fighter 5: a hit (jets), the attacker is wiped out."""
    b = _classic({"defender_tech": ("jet_fighters",), "sea_defender_tech": ()})
    d = FixedDice([1, 1, 6, 5, 6, 6, 5])
    assert b.tech == [0, 0] and b.land_tech == techs.JETS
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b) == [(0, S_ATTACK, 4, (1, 1)), (1, S_DEFEND, 3, (6,)), (1, S_DEFEND, 4, (5,)),
                         (0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 2, (6,)), (1, S_DEFEND, 5, (5,))]
    r = b.result
    assert r["outcome"] == O_DEFENDER_WON and r["captured"] == 0
    assert _named(b, r["sea_survivors"][0]) == {"battleship": 2, "transport": 1}
    assert _named(b, r["lost"][0]) == {"infantry": 1}
    assert b.tech == [0, techs.JETS] and b.land_tech is None


def test_classic_without_the_option_the_sea_defenders_take_the_land_owners_jets():
    """CL-T-06 CL-C-42 (today's behaviour kept): no sea_defender_tech, the sea fighter defends at
    5 too: its 5 hits; the attacker loses its transport (the default, cheapest) and the infantry
    aboard; nothing lands, the defender holds."""
    b = _classic({"defender_tech": ("jet_fighters",)})
    d = FixedDice([1, 1, 6, 5])
    assert b.land_tech is None
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b)[2] == (1, S_DEFEND, 5, (5,))
    r = b.result
    assert r["captured"] == 0 and r["outcome"] == O_DEFENDER_WON
    assert _named(b, r["lost"][0]) == {"transport": 1, "infantry": 1}


def test_classic_sea_defenders_with_jets_resume_after_a_power_cut():
    """CL-T-05 CL-T-06 CL-C-42 CL-C-13: the sea defenders' power has Jet Power, the territory's
    owner not. Sea: battleships 1, 1 hit both; the fighter's 5 hits (jets): the attacker is asked
    its casualty -- the battle is saved here and resumed from its bytes (a power cut), with the
    land part's technologies kept. It gives up a battleship; the infantry lands. Land round 1:
    infantry 6; defenders 6 and the fighter's 5: a miss without jets (4). Round 2: infantry 1
    hits the defending infantry (cheapest), which fires back 6, the fighter 6. Round 3: infantry
    6; the fighter 4 hits: the defender wins."""
    b = _classic({"sea_defender_tech": ("jet_fighters",)})
    p = b.run_until_prompt(FixedDice([1, 1, 6, 5]))
    assert p.kind == P_CASUALTIES and p.side == 0 and b.part == 0
    assert b.tech == [0, techs.JETS] and b.land_tech == 0
    data = b.to_bytes()
    b = Battle.from_bytes("classic", data)
    assert b.tech == [0, techs.JETS] and b.land_tech == 0 and b.to_bytes() == data
    b.answer({"battleship": 1})
    d = FixedDice([6, 6, 5, 1, 6, 6, 6, 4])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b)[:3] == [(0, S_ATTACK, 1, (6,)), (1, S_DEFEND, 2, (6,)),
                             (1, S_DEFEND, 4, (5,))]     # the resumed battle's events
    r = b.result
    assert r["outcome"] == O_DEFENDER_WON and b.tech == [0, 0]
    assert _named(b, r["lost"][0]) == {"battleship": 1, "infantry": 1}
    assert _named(b, r["lost"][1]) == {"aircraft_carrier": 1, "fighter": 1, "infantry": 1}


def test_an_earlier_save_of_an_assault_resumes_unchanged():
    """CL-C-13 CL-T-06: bytes saved by the firmware before this option (the first battle above,
    without it, at the attacker's casualty question) load with both parts on the land owner's
    Jet Power, and a battle without the option saves the same bytes as before."""
    old = (b'\x02\n\x02\x00\x00\x01\x04\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00'
           b'\x00\x00\x00\x02\x05\x02\x08\x01\x00\x00\x00\x00\x02\x03\x01\x06\x01\x00\x02\x03\x01'
           b'\x06\x01\x00\x00\x00\x01\x00\x01\x00\x00\x00\x00\x00\x00\x01\x01\x00\x01\x02\x00\x01'
           b'\x03\x01\x01\x07retreat\x04\x07defdone\x01\x00\x01\x00\x00\x00\x07CL-C-13')
    b = Battle.from_bytes("classic", old)
    assert b.tech == [0, techs.JETS] and b.land_tech is None and b.part == 0
    b2 = _classic({"defender_tech": ("jet_fighters",)})
    b2.run_until_prompt(FixedDice([1, 1, 6, 5]))
    assert b2.to_bytes() == old


def test_lhtr_super_submarines_of_the_sea_defenders_only():
    """LHTR-T-06 LHTR-T-09 LHTR-U-80 LHTR-C-42: the sea zone's sub has Super Submarines (the
    territory's owner not): the fighter, without a destroyer, cannot hit it and never rolls; the
    sub's opening fire 1 sinks the transport with the infantry aboard. Nothing lands: the
    defender holds."""
    o = {"seaborne": {"infantry": 1}, "sea_attacker": {"fighter": 1, "transport": 1},
         "sea_defender": {"submarine": 1}, "sea_defender_tech": ("super_submarines",)}
    b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1}, o)
    d = FixedDice([1])
    _finish(b, d)
    assert d.remaining() == 0 and _rolls(b) == [(1, S_SUB_DEFEND, 2, (1,))]
    r = b.result
    assert r["captured"] == 0 and r["outcome"] == O_DEFENDER_WON
    assert _named(b, r["lost"][0]) == {"transport": 1, "infantry": 1}


def test_lhtr_land_owners_super_submarines_do_not_shield_another_powers_sub():
    """LHTR-T-06 LHTR-T-09 LHTR-C-42: the territory's owner has Super Submarines, the zone's sub
    (another power's) not: its opening fire 6 misses, the fighter's 3 hits it. The infantry lands:
    1 hits, the defender's 6 misses: captured."""
    o = {"seaborne": {"infantry": 1}, "sea_attacker": {"fighter": 1, "transport": 1},
         "sea_defender": {"submarine": 1}, "defender_tech": ("super_submarines",),
         "sea_defender_tech": ()}
    b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1}, o)
    d = FixedDice([6, 3, 1, 6])
    _finish(b, d)
    assert d.remaining() == 0
    assert _rolls(b)[:2] == [(1, S_SUB_DEFEND, 2, (6,)), (0, S_ATTACK, 3, (3,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON and r["captured"] == 1
    assert _named(b, r["lost"][1]) == {"submarine": 1, "infantry": 1}


def test_sea_defender_tech_refused_outside_an_assault_or_unknown():
    """CL-T-05: the option belongs to an assault's sea battle; a technology that changes no
    battle, or an unknown name, is refused by name (nothing is built)."""
    for kind, opts in (("land", {"sea_defender_tech": ("jet_fighters",)}),
                       ("amphibious", {"sea_defender_tech": ("rockets",)}),
                       ("amphibious", {"sea_defender_tech": ("jets_of_doom",)})):
        o = dict(CL_SEA) if kind == "amphibious" else {}
        for k in opts:
            o[k] = opts[k]
        try:
            Battle("classic", kind, {"infantry": 1}, {"infantry": 1, "fighter": 1}, o)
            assert False, "accepted"
        except InputError as e:
            assert "sea_defender_tech" in str(e) or "rockets" in str(e) or "jets_of_doom" in str(e)


def test_no_sea_battle_the_option_changes_nothing():
    """CL-C-42: without defenders in the launch zone the land battle starts at once with
    defender_tech; sea_defender_tech has nothing to change."""
    o = {"seaborne": {"infantry": 1}, "sea_defender_tech": ("jet_fighters",)}
    b = Battle("classic", "amphibious", {"infantry": 1}, {"fighter": 1}, o)
    assert b.part == 1 and b.tech == [0, 0] and b.land_tech is None


def test_lhtr_saved_with_advantages_and_an_ally_keeps_every_part():
    """LHTR-T-06 LHTR-O-02 LHTR-C-42: an assault's state with national advantages, an ally's
    split of the land battle's fighters (defender_teched) and the sea defenders' own Jet
    Fighters (the land side: Super Submarines and Jet Fighters) resumes with each part kept
    (the land part's technologies saved after the fields of earlier saves). Sea: battleships
    1, 1 hit carrier and fighter, which fire back 6, 5: the jet fighter hits; asked here."""
    for teched in ({"fighter": 1}, None):
        o = dict(CL_SEA)
        o["sea_defender_tech"] = ("jet_fighters",)
        o["defender_tech"] = ("super_submarines", "jet_fighters")
        o["defender_na"] = ("dug_in",)
        o["attacker_na"] = ("banzai",)
        if teched:
            o["defender_teched"] = teched
        b = Battle("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1, "fighter": 2}, o)
        p = b.run_until_prompt(FixedDice([1, 1, 6, 5]))
        assert p.kind == P_CASUALTIES and p.side == 0 and b.part == 0
        assert b.tech == [0, techs.JETS] and b.land_tech == techs.JETS | techs.SUPER_SUBS
        data = b.to_bytes()
        c = Battle.from_bytes("revised_lhtr", data)
        assert c.tech == b.tech and c.land_tech == b.land_tech and c.na == b.na
        assert c.teched == b.teched and c.to_bytes() == data

"""Kamikazes and kaitens on a defending side of several powers (issue 16; LHTR-O-41 "Japan may
name any number of its fighters (not bombers) as Kamikazes", LHTR-O-42 "The same pattern with
subs", LHTR-O-02 "A power may not share its advantages"; the rulebook: "the Japanese player
designates any number of his fighters (not bombers) as Kamikaze fighters", "... any number of
his submarines as Kaiten torpedoes"). The battle's defender_strikers names how many of the
defending fighters / subs are Japan's: only those may be named. Dice are given, expectations
worked by hand.
"""
from engine_core.battle.steps import Battle
from engine_core.battle.base import (P_KAMIKAZE, P_RETREAT, O_RETREAT, O_ATTACKER_WON, S_KAMIKAZE,
    S_ATTACK, S_DEFEND, S_SUB_DEFEND)
from engine_core.dice import FixedDice
from engine_core.errors import InputError, RuleError
from portable_helpers import _named, _rolls

ED = "revised_lhtr"
# a Japanese and a German fighter on a Japanese carrier
KAMI = {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 1}}
FLEET = {"aircraft_carrier": 1, "fighter": 2}
US = {"destroyer": 1, "battleship": 1}


def _refused(b, answer):
    try:
        b.answer(answer)
    except (RuleError, InputError) as e:
        return e.rule
    return None


def test_japan_names_only_its_own_fighter_as_a_kamikaze():
    """LHTR-O-41 LHTR-O-02: a US destroyer and battleship attack a carrier with a Japanese and
    a German fighter. Naming both fighters is refused with LHTR-O-41 and changes nothing (the
    prompt, the units and the saved bytes are as before). Naming the Japanese one at the
    destroyer: the kamikaze rolls 4 (hits on 4): the destroyer is sunk in opening fire and
    does not fire back. The battleship rolls 5 (misses at 4); the carrier 3 (hits at 3, the
    battleship takes its first hit), the German fighter 6 (misses at 4). The kamikaze is lost
    after the cycle; the US retreats. Left: the carrier and the German fighter."""
    b = Battle(ED, "sea", US, FLEET, KAMI)
    d = FixedDice([4, 5, 3, 6])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.side == 1 and p.info == ("LHTR-O-41",)
    before = b.to_bytes()
    assert _refused(b, [("fighter", "destroyer"), ("fighter", "battleship")]) == "LHTR-O-41"
    assert b.prompt is p and b.to_bytes() == before
    assert _named(b, b.alive[1]) == {"aircraft_carrier": 1, "fighter": 2} and b.plan == []
    b.answer([("fighter", "destroyer")])
    p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT
    b.answer("retreat")
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 4, (4,)), (0, S_ATTACK, 4, (5,)), (1, S_DEFEND, 3, (3,)),
                         (1, S_DEFEND, 4, (6,))]
    r = b.result
    assert r["outcome"] == O_RETREAT
    assert _named(b, r["lost"][0]) == {"destroyer": 1}
    assert _named(b, r["lost"][1]) == {"fighter": 1}
    assert _named(b, r["survivors"][1]) == {"aircraft_carrier": 1, "fighter": 1}


def test_japan_names_only_its_own_sub_as_a_kaiten():
    """LHTR-O-42 LHTR-O-02: two US destroyers attack a Japanese and a German sub. Naming both
    subs is refused with LHTR-O-42, nothing changed. The Japanese one, named at a destroyer,
    rolls 3 (hits on 3): that destroyer is sunk and does not fire back. The German sub rolls 4
    in the defending subs' step (misses at 2); the other destroyer rolls 2 (hits at 3): the
    German sub is lost; the kaiten is lost after the cycle. The US wins with one destroyer."""
    b = Battle(ED, "sea", {"destroyer": 2}, {"submarine": 2},
               {"defender_na": ("kaiten",), "defender_strikers": {"submarine": 1}})
    d = FixedDice([3, 4, 2])
    p = b.run_until_prompt(d)
    assert p.kind == P_KAMIKAZE and p.info == ("LHTR-O-42",)
    before = b.to_bytes()
    assert _refused(b, [("submarine", "destroyer", 0), ("submarine", "destroyer", 1)]) == "LHTR-O-42"
    assert b.prompt is p and b.to_bytes() == before
    b.answer([("submarine", "destroyer")])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 3, (3,)), (1, S_SUB_DEFEND, 2, (4,)), (0, S_ATTACK, 3, (2,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON
    assert _named(b, r["lost"][0]) == {"destroyer": 1}
    assert _named(b, r["lost"][1]) == {"submarine": 2}


def test_no_japanese_fighter_no_question():
    """LHTR-O-41: with Japan's advantage on the side but both fighters German, Japan has none to
    name: no kamikaze question (all five dice miss: the US is asked to retreat). With Kaiten
    Torpedoes too and a Japanese sub, the question offers the sub only; a fighter named is
    refused (LHTR-O-41), the sub is taken."""
    b = Battle(ED, "sea", US, FLEET, {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 0}})
    p = b.run_until_prompt(FixedDice([6, 6, 6, 6, 6]))
    assert p.kind == P_RETREAT and b.foreign is not None
    b = Battle(ED, "sea", US, dict(FLEET, submarine=1), {"defender_na": ("kamikaze", "kaiten"),
                                                         "defender_strikers": {"fighter": 0}})
    p = b.run_until_prompt(FixedDice([]))
    assert p.kind == P_KAMIKAZE and p.options == (b.board.unit_id("submarine"),)
    assert _refused(b, [("fighter", "destroyer")]) == "LHTR-O-41"
    assert b.prompt is p and _named(b, b.strike[1]) == {}
    b.answer([("submarine", "destroyer")])
    assert _named(b, b.strike[1]) == {"submarine": 1}


def test_the_bound_saves_and_resumes_and_absent_saves_the_same_bytes():
    """LHTR-O-41: a battle saved at the kamikaze question resumes with the bound (the same
    refusal); a bound of all the fighters is no bound: the battle saves the bytes it saves
    without the option (an earlier save loads as before)."""
    b = Battle(ED, "sea", US, FLEET, KAMI)
    b.run_until_prompt(FixedDice([]))
    c = Battle.from_bytes(ED, b.to_bytes())
    c.run_until_prompt(FixedDice([]))
    assert c.to_bytes() == b.to_bytes() and c.foreign == b.foreign
    assert _refused(c, [("fighter", "destroyer"), ("fighter", "destroyer")]) == "LHTR-O-41"
    plain = Battle(ED, "sea", US, FLEET, {"defender_na": ("kamikaze",)})
    full = Battle(ED, "sea", US, FLEET, {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 2}})
    plain.run_until_prompt(FixedDice([]))
    full.run_until_prompt(FixedDice([]))
    assert full.foreign is None and full.to_bytes() == plain.to_bytes()
    old = Battle.from_bytes(ED, plain.to_bytes())
    assert old.foreign is None and old.run_until_prompt(FixedDice([])).kind == P_KAMIKAZE
    old.answer([("fighter", "destroyer"), ("fighter", "battleship")])   # both Japan's
    assert _named(old, old.strike[1]) == {"fighter": 2}


def test_the_bound_is_refused_where_it_means_nothing():
    """LHTR-O-41 ("never on land"): defender_strikers is a sea battle's; it names fighters
    (kamikaze) or subs (kaiten) of an advantage in play (not a carrier; not fighters with Kaiten
    Torpedoes only; not without an advantage), never more than defend."""
    def rule(kind, att, dfn, opts):
        try:
            Battle(ED, kind, att, dfn, opts)
        except (RuleError, InputError) as e:
            return type(e).__name__
        return None
    assert rule("land", {"infantry": 1}, {"fighter": 1},
                {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 1}}) == "InputError"
    assert rule("sea", US, FLEET,
                {"defender_na": ("kamikaze",), "defender_strikers": {"aircraft_carrier": 1}}) == "InputError"
    assert rule("sea", US, FLEET, {"defender_na": ("kamikaze",), "defender_strikers": {"fighter": 3}}) \
        == "InputError"
    assert rule("sea", US, FLEET, {"defender_na": ("kaiten",), "defender_strikers": {"fighter": 1}}) \
        == "InputError"
    assert rule("sea", US, FLEET, {"defender_strikers": {"fighter": 1}}) == "InputError"

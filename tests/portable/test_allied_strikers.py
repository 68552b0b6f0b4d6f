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
    S_ATTACK, S_DEFEND, S_SUB_DEFEND, P_CASUALTIES, O_STALEMATE)
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


# ----- whose strikers carry the technology (issue 16, defender_strikers_teched; LHTR-A-32 "A
# defending Kamikaze hits on 5 with Jets"; LHTR-T-06 "Technology helps only the power that
# researched it"; LHTR-T-07 "The power's fighters defend at 5"; the rulebook: "Kamikazes hit on
# a 4 in attack and defense (5 on defense with Jets)", "all your fighters defend on a 5")

JETS = {"defender_tech": ("jet_fighters",), "defender_teched": {"fighter": 1}}


def _jets_battle(japan_jets, stated=True):
    opts = dict(KAMI, **JETS)
    if stated:
        opts["defender_strikers_teched"] = {"fighter": 1 if japan_jets else 0}
    return Battle(ED, "sea", US, FLEET, opts)


def _kamikaze_at_the_destroyer(b, dice):
    """The first cycle with Japan's kamikaze named at the destroyer; the defenders' hits taken
    as damage to the battleship (the US default, asked when the destroyer is there to choose);
    the battle stops at the US retreat question."""
    d = FixedDice(dice)
    assert b.run_until_prompt(d).kind == P_KAMIKAZE
    b.answer([("fighter", "destroyer")])
    p = b.run_until_prompt(d)
    if p.kind == P_CASUALTIES:
        assert p.side == 0 and p.info[1] == (1, 0, 0, 0)
        b.answer({"damaged": {"battleship": 1}})
        p = b.run_until_prompt(d)
    assert p.kind == P_RETREAT and d.remaining() == 0
    return b


def test_japans_own_jets_kamikaze_hits_on_5_and_the_german_fighter_defends_at_4():
    """LHTR-A-32 LHTR-T-06 LHTR-T-07: Japan with Jet Fighters, Germany without (one fighter each
    on the carrier). The kamikaze, named at the destroyer, rolls 5: a hit (5 on defense with
    Jets), the destroyer sunk before it fires. The battleship rolls 6 (misses at 4); the carrier
    6 (misses at 3); the German fighter, without Jets, defends at 4: its 4 hits the battleship
    (its first hit: damaged). With a 5 instead it misses. Japan's jets leave with the kamikaze:
    the fighter left carries none. Unstated, the option reads the same (Japan's strikers carry
    the side's Jets whenever defender_teched leaves room): the same bytes."""
    b = _kamikaze_at_the_destroyer(_jets_battle(True), [5, 6, 6, 4])
    assert _rolls(b) == [(1, S_KAMIKAZE, 5, (5,)), (0, S_ATTACK, 4, (6,)), (1, S_DEFEND, 3, (6,)),
                         (1, S_DEFEND, 4, (4,))]
    assert _named(b, b.lost[0]) == {"destroyer": 1} and _named(b, b.alive[0]) == {"battleship": 1}
    assert _named(b, b.dmg[0]) == {"battleship": 1}
    assert b.n_teched(1, b.board.unit_id("fighter"), 1) == 0
    c = _kamikaze_at_the_destroyer(_jets_battle(True, stated=False), [5, 6, 6, 4])
    assert c.steched is None and c.to_bytes() == b.to_bytes()
    b = _kamikaze_at_the_destroyer(_jets_battle(True), [5, 6, 6, 5])
    assert _rolls(b)[-1] == (1, S_DEFEND, 4, (5,))
    assert _named(b, b.dmg[0]) == {}


def test_germanys_jets_leave_japans_kamikaze_at_4_and_the_german_fighter_at_5():
    """LHTR-A-32 LHTR-T-06 LHTR-T-07: Germany with Jet Fighters, Japan without. The kamikaze
    rolls 5: a miss (it hits on 4: the Jets are not Japan's); the destroyer fires (6, a miss at
    3), the battleship 6 (misses at 4); the carrier 6; the German fighter with Jets defends at 5:
    its 5 hits, the battleship is damaged. The fighter left keeps its Jets."""
    b = _kamikaze_at_the_destroyer(_jets_battle(False), [5, 6, 6, 6, 5])
    assert _rolls(b) == [(1, S_KAMIKAZE, 4, (5,)), (0, S_ATTACK, 3, (6,)), (0, S_ATTACK, 4, (6,)),
                         (1, S_DEFEND, 3, (6,)), (1, S_DEFEND, 5, (5,))]
    assert _named(b, b.lost[0]) == {} and _named(b, b.dmg[0]) == {"battleship": 1}
    assert b.n_teched(1, b.board.unit_id("fighter"), 1) == 1


def _kaiten_battle(japan_supers):
    return Battle(ED, "sea", {"fighter": 1, "transport": 1}, {"submarine": 2},
                  {"defender_na": ("kaiten",), "defender_strikers": {"submarine": 1},
                   "defender_tech": ("super_submarines",), "defender_teched": {"submarine": 1},
                   "defender_strikers_teched": {"submarine": 1 if japan_supers else 0}})


def test_japans_super_subs_leave_with_the_kaiten():
    """LHTR-O-42 LHTR-T-06 LHTR-T-09 LHTR-U-80: a US fighter and transport attack a Japanese and
    a German sub, Japan with Super Submarines, Germany without. The kaiten hits on 3 on defense
    ("4 in attack with SS" only): named at the transport it rolls 3, a hit. The German sub has
    no ship left to fire at. The fighter rolls 3 (hits at 3): the German sub, without Super
    Submarines, may be hit by planes: lost. The kaiten is lost after the cycle: the US wins.
    With a 4 the kaiten misses; the German sub rolls 6 at the transport, the fighter 6."""
    b = _kaiten_battle(True)
    d = FixedDice([3, 3])
    assert b.run_until_prompt(d).kind == P_KAMIKAZE
    b.answer([("submarine", "transport")])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 3, (3,)), (0, S_ATTACK, 3, (3,))]
    r = b.result
    assert r["outcome"] == O_ATTACKER_WON
    assert _named(b, r["lost"][0]) == {"transport": 1}
    assert _named(b, r["lost"][1]) == {"submarine": 2}
    b = _kaiten_battle(True)
    d = FixedDice([4, 6, 6])
    b.run_until_prompt(d)
    b.answer([("submarine", "transport")])
    b.run_until_prompt(d)
    assert d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 3, (4,)), (1, S_SUB_DEFEND, 2, (6,)), (0, S_ATTACK, 3, (6,))]
    assert sum(b.lost[0]) == 0


def test_germanys_super_sub_stays_out_of_the_planes_reach():
    """LHTR-T-06 LHTR-T-09 ("they cannot be hit by enemy aircraft unless an enemy destroyer is in
    the zone"): Germany with Super Submarines, Japan without. The kaiten rolls 3 (hits on 3),
    the transport sunk; the fighter cannot hit the German super sub and does not roll: neither
    side can hit the other, the battle ends with no result."""
    b = _kaiten_battle(False)
    d = FixedDice([3])
    assert b.run_until_prompt(d).kind == P_KAMIKAZE
    b.answer([("submarine", "transport")])
    assert b.run_until_prompt(d) is None and d.remaining() == 0
    assert _rolls(b) == [(1, S_KAMIKAZE, 3, (3,))]
    assert b.result["outcome"] == O_STALEMATE
    assert _named(b, b.result["lost"][1]) == {"submarine": 1}
    assert b.n_teched(1, b.board.unit_id("submarine"), 1) == 1


def test_whose_jets_saves_and_resumes():
    """LHTR-A-32 LHTR-T-06: the Germany-with-Jets battle saved at the kamikaze question resumes
    knowing the Jets are not Japan's (the kamikaze's 5 misses at 4, the German fighter's 5 hits
    at 5, as uninterrupted). A battle where the option says what the default says saves the
    bytes of a battle without it, and such a save (an older one) loads without the fact."""
    b = _jets_battle(False)
    b.run_until_prompt(FixedDice([]))
    data = b.to_bytes()
    c = Battle.from_bytes(ED, data)
    assert b.steched is not None and c.steched == b.steched and _named(c, c.steched) == {}
    assert c.to_bytes() == data
    c = _kamikaze_at_the_destroyer(c, [5, 6, 6, 6, 5])
    assert _rolls(c)[0] == (1, S_KAMIKAZE, 4, (5,)) and _rolls(c)[-1] == (1, S_DEFEND, 5, (5,))
    plain = _jets_battle(True, stated=False)
    plain.run_until_prompt(FixedDice([]))
    assert plain.steched is None and len(plain.to_bytes()) < len(data)
    old = Battle.from_bytes(ED, plain.to_bytes())
    assert old.steched is None and old.to_bytes() == plain.to_bytes()


def test_whose_jets_refused_where_they_cannot_be():
    """LHTR-O-41 ("its fighters"), LHTR-T-06 ("Technology helps only the power that researched
    it"), LHTR-T-07 ("The power's fighters defend at 5": all of them): more of Japan's fighters
    with Jets than are Japan's, than carry Jets, fewer than the other power's fighters leave, or
    some of Japan's but not all, are refused with the rule; outside a sea battle, for a carrier
    or a type of no advantage in play, as malformed."""
    def rule(opts, kind="sea", att=US, dfn=FLEET):
        try:
            Battle(ED, kind, att, dfn, opts)
        except (RuleError, InputError) as e:
            return e.rule
        return None
    none = dict(KAMI, defender_strikers={"fighter": 0}, **JETS)
    assert rule(dict(none, defender_strikers_teched={"fighter": 1})) == "LHTR-O-41"
    assert rule(dict(KAMI, defender_strikers_teched={"fighter": 1})) == "LHTR-T-06"
    both = dict(KAMI, defender_tech=("jet_fighters",), defender_teched={"fighter": 2})
    assert rule(dict(both, defender_strikers_teched={"fighter": 0})) == "LHTR-T-06"
    assert rule(dict(both, defender_strikers_teched={"fighter": 1})) is None
    three = {"aircraft_carrier": 2, "fighter": 3}
    some = dict(KAMI, defender_strikers={"fighter": 2}, defender_tech=("jet_fighters",),
                defender_teched={"fighter": 2})
    assert rule(dict(some, defender_strikers_teched={"fighter": 1}), dfn=three) == "LHTR-T-07"
    assert rule(dict(some, defender_strikers_teched={"fighter": 2}), dfn=three) is None
    assert rule(dict(some, defender_strikers_teched={"fighter": 0}), dfn=three) == "LHTR-T-06"
    assert rule(dict(KAMI, defender_strikers_teched={"aircraft_carrier": 0})) == "INPUT"
    assert rule({"defender_na": ("kaiten",), "defender_strikers_teched": {"fighter": 0}}) == "INPUT"
    assert rule({"defender_na": ("kamikaze",), "defender_strikers_teched": {"fighter": 0}},
                "land", {"infantry": 1}, {"fighter": 1}) == "INPUT"

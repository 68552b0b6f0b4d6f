"""Interceptors of several powers in a 1940 bombing raid (issue 16 item d): each power's Jet
Fighters help only its own fighters. Dice are given, expectations worked by hand.

P40-C-42: "Any number of defending fighters only based in the raided territory may intercept. The
owning player(s) decide how many". P40-C-43 (c): "every participant attacks or defends at 1. With
Jet Fighters, that power's escorting or intercepting fighters hit on 1-2"; "Each side chooses
which of its own units take the hits". P40-R-22 Jet Fighters; P40-R-06 "Powers may never share
technology".
"""
from engine_core.dice import FixedDice
from engine_core import events as ev
from engine_core import techs
from engine_core.battle import raids
from engine_core.editions import UnitsBoard
from portable_helpers import _rule_of


def _raid(n=2, jets=1, strat=2):
    """A UK territory's major IC raided by `strat` strategic bombers; `n` fighters based there,
    `jets` of them US fighters (Jet Fighters), the others UK ones (none)."""
    return raids.Raid("pacific_1940", {"strategic_bomber": strat},
                      targets={"major_industrial_complex": 0}, interceptors=n,
                      defender_tech=("jet_fighters",), defender_teched={"fighter": jets})


def _rolls(r):
    """(side, step, value, dice) of every roll of a raid."""
    return [(e[1], e[2], e[3], e[4]) for e in r.events if e[0] == ev.E_ROLL]


def _input_refused(fn):
    from engine_core.errors import InputError
    try:
        fn()
    except InputError:
        return True
    return False


def test_a_two_hits_for_the_jet_interceptor_only():
    """P40-C-43 (c), P40-R-22, P40-R-06: a UK fighter and a US fighter (Jet Fighters) intercept 2
    strategic bombers. The defender's dice roll in two groups, the UK one at 1, then the US one at
    2 (the typed-dice question shows both). Bombers 6, 6 miss; the UK fighter rolls 2 (a miss at
    1), the US fighter 2 (a hit at 2): one bomber lost (the only choice). P40-C-46: the IC's AA at
    the bomber left, 6 misses; P40-C-47: 4 + 2 = 6 damage."""
    r = _raid()
    p = r.run_until_prompt(FixedDice([]))
    assert p.kind == raids.P_INTERCEPTORS and p.side == ev.DEFENDER
    assert p.options == (0, 1, 2) and p.default == 2 and p.info == 1   # 1 of them with jets
    r.answer(2)
    p = r.run_until_prompt(None)
    assert p.kind == raids.P_DICE
    assert p.info == (raids.S_AIR_BATTLE, ((ev.ATTACKER, 1, 0, 1), (ev.ATTACKER, 1, 0, 1),
                                           (ev.ATTACKER, 1, 2, 1), (ev.DEFENDER, 1, 1, 1),
                                           (ev.DEFENDER, 2, 1, 1)))
    dice = FixedDice([6, 6, 2, 2, 6, 4])
    r2 = raids.Raid.from_bytes("pacific_1940", r.to_bytes())   # the same raid, the device's dice
    assert r2.run_until_prompt(dice) is None
    assert _rolls(r2)[:3] == [(ev.ATTACKER, raids.S_AIR_BATTLE, 1, (6, 6)),
                              (ev.DEFENDER, raids.S_AIR_BATTLE, 1, (2,)),
                              (ev.DEFENDER, raids.S_AIR_BATTLE, 2, (2,))]
    assert (ev.E_HITS, ev.DEFENDER, raids.S_AIR_BATTLE, 1) in r2.events
    res = r2.result
    assert res["attacker_lost"] == {"strategic_bomber": 1}
    assert res["defender_lost"] == {} and res["defender_lost_teched"] == {}
    assert res["interceptors_left"] == 2 and res["interceptors_left_teched"] == 1
    assert res["facilities"] == (("major_industrial_complex", 0, 6, 6),)
    assert dice.remaining() == 0


def test_one_power_with_jets_all_hit_on_two():
    """P40-R-22: without defender_teched the interceptors are one power's: both 2s hit, both
    bombers lost (the same dice as above; nothing left to bomb)."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 2}, targets={"major_industrial_complex": 0},
                   interceptors=2, defender_tech=("jet_fighters",))
    r.run_until_prompt(FixedDice([]))
    r.answer(2)
    dice = FixedDice([6, 6, 2, 2])
    assert r.run_until_prompt(dice) is None
    assert _rolls(r)[1] == (ev.DEFENDER, raids.S_AIR_BATTLE, 2, (2, 2))
    assert r.result["attacker_lost"] == {"strategic_bomber": 2}
    assert "defender_lost_teched" not in r.result


def test_the_defenders_choose_whose_interceptor_is_lost():
    """P40-C-43: "Each side chooses which of its own units take the hits": bombers 1, 6 hit one
    interceptor; the UK fighter 6 and the US jet fighter 6 miss. The defender is asked whether the
    UK or the US fighter is lost, though the attacker has no choice to make: (1 lost, 0 of them
    jets) by default (the others first, as in a battle). Refused answers name P40-C-43 and change
    nothing: 2 jets lost of 1, a loss of 2 fighters. The defenders lose the jet fighter; P40-C-46
    AA 6, 6; P40-C-47 bombs 3 + 2 and 4 + 2 = 11."""
    r = _raid()
    r.run_until_prompt(FixedDice([]))
    r.answer(2)
    dice = FixedDice([1, 6, 6, 6, 6, 6, 3, 4])
    p = r.run_until_prompt(dice)
    assert p.kind == raids.P_AIR_CASUALTIES and p.side == ev.DEFENDER
    assert p.options == ((1, 0), (1, 1)) and p.default == (1, 0)
    before = r.to_bytes()
    for bad in ((1, 2), (2, 0), {"lost": {"fighter": 1}, "teched": {"fighter": 2}},
                {"lost": {"fighter": 2}}):
        assert _rule_of(lambda: r.answer(bad)) == "P40-C-43"
        assert r.to_bytes() == before and r.prompt.options == p.options
    r2 = raids.Raid.from_bytes("pacific_1940", before)      # a power cut at the question
    assert r2.prompt.side == ev.DEFENDER and r2.prompt.options == p.options
    r.answer({"lost": {"fighter": 1}, "teched": {"fighter": 1}})
    assert (ev.E_CASUALTY, ev.DEFENDER, r.u_fighter, 1) in r.events
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["defender_lost"] == {"fighter": 1} and res["defender_lost_teched"] == {"fighter": 1}
    assert res["interceptors_left"] == 1 and res["interceptors_left_teched"] == 0
    assert res["facilities"] == (("major_industrial_complex", 0, 11, 11),)
    assert dice.remaining() == 0
    r2.answer((1, 0))                                        # the resumed raid: the UK one instead
    assert r2.run_until_prompt(FixedDice([6, 6, 3, 4])) is None
    assert r2.result["defender_lost_teched"] == {} and r2.result["interceptors_left_teched"] == 1


def test_no_question_when_the_loss_is_forced():
    """P40-C-43: bombers 1, 1 hit both interceptors: nothing to choose, both lost (then the
    defenders' 6, 6 miss, AA 6, 6, bombs 1 + 2 and 1 + 2 = 6)."""
    r = _raid()
    r.run_until_prompt(FixedDice([]))
    r.answer(2)
    dice = FixedDice([1, 1, 6, 6, 6, 6, 1, 1])
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["defender_lost"] == {"fighter": 2} and res["defender_lost_teched"] == {"fighter": 1}
    assert res["damage"] == 6 and dice.remaining() == 0


def test_the_owners_decide_how_many_intercept():
    """P40-C-42: "The owning player(s) decide how many": 1 of the 2 intercepts. A count alone
    sends the jet fighter first; {"interceptors": 1, "teched": {"fighter": 0}} sends the UK one,
    whose 2 then misses at 1 (P40-R-06). Refused, naming P40-C-42, changing nothing: 2 jets
    (there is 1), 2 UK fighters (there is 1)."""
    r = _raid()
    r.run_until_prompt(FixedDice([]))
    before = r.to_bytes()
    for bad in ({"interceptors": 1, "teched": {"fighter": 2}}, {"interceptors": 2, "teched": {"fighter": 0}},
                3):
        assert _rule_of(lambda: r.answer(bad)) == "P40-C-42"
        assert r.to_bytes() == before
    jet = raids.Raid.from_bytes("pacific_1940", before)
    jet.answer(1)
    assert jet.run_until_prompt(None).info[1][3:] == ((ev.DEFENDER, 1, 0, 1), (ev.DEFENDER, 2, 1, 1))
    r.answer({"interceptors": 1, "teched": {"fighter": 0}})
    dice = FixedDice([6, 6, 2, 6, 6, 3, 4])
    assert r.run_until_prompt(dice) is None
    assert _rolls(r)[1:3] == [(ev.DEFENDER, raids.S_AIR_BATTLE, 1, (2,))] + [
        (ev.DEFENDER, raids.S_AA, 1, (6, 6))]
    assert r.result["attacker_lost"] == {} and r.result["interceptors_left_teched"] == 0
    assert r.result["damage"] == 11


def test_set_up_refused_with_the_rule():
    """P40-C-42: more fighters of the jet power than can intercept; P40-R-06: jet fighters named
    where no defending power has Jet Fighters; a unit other than fighters (only fighters
    intercept, P40-C-42); a Classic raid has no interceptors (CL-C-50)."""
    assert _rule_of(lambda: _raid(n=1, jets=2)) == "P40-C-42"
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"strategic_bomber": 1},
                                       targets={"major_industrial_complex": 0}, interceptors=2,
                                       defender_teched={"fighter": 1})) == "P40-R-06"
    assert _rule_of(lambda: raids.Raid("pacific_1940", {"strategic_bomber": 1},
                                       targets={"major_industrial_complex": 0}, interceptors=2,
                                       defender_tech=("jets",), defender_teched={"infantry": 1})) == "P40-C-42"
    assert _rule_of(lambda: raids.Raid("classic", {"bomber": 1}, aa=1,
                                       defender_teched={"fighter": 1})) == "CL-C-50"


def test_saves_old_and_new():
    """A raid without defender_teched saves as before (version 2, 93 bytes: an older save loads);
    with it, version 3 keeps whose fighters are whose (P40-R-06)."""
    plain = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"major_industrial_complex": 0},
                       interceptors=2, defender_tech=("jet_fighters",))
    data = plain.to_bytes()
    assert len(data) == 93 and data[0] == 2
    assert not raids.Raid.from_bytes("pacific_1940", data).split()
    data = _raid(n=3, jets=2).to_bytes()
    assert len(data) == 101 and data[0] == 3
    back = raids.Raid.from_bytes("pacific_1940", data)
    assert back.split() and back.run_until_prompt(FixedDice([])).info == 2
    assert _input_refused(lambda: raids.Raid.from_bytes("pacific_1940", data[:93]))


def test_allied_interceptors_from_the_powers():
    """P40-R-06, P40-R-22: techs.allied(raid=True) builds defender_tech and defender_teched from
    each power's interceptors: 2 UK fighters (no technology), 1 US fighter (Jet Fighters). In a
    battle Jet Fighters do not change a 1940 fighter's defense: nothing to split there."""
    ub = UnitsBoard("pacific_1940")
    f = ub.unit_id("fighter")
    tech, teched = techs.allied({"fighter": 3}, (), [(("jet_fighters",), {"fighter": 1})],
                                ub.units, ub.family, ub.unit_id, raid=True)
    assert tech == ["jet_fighters"] and teched == {f: 1}
    tech, teched = techs.allied({"fighter": 3}, (), [(("jet_fighters",), {"fighter": 1})],
                                ub.units, ub.family, ub.unit_id)
    assert tech == ["jet_fighters"] and teched == {}

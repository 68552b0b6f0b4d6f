"""Classic strategic bombing raids and rockets (engine_core/battle/raids.py).

Every expectation is hand-worked from the fixed dice written next to it and the
Classic 2nd edition manual (CL-C-50..55, CL-T-07, CL-T-11).
"""
from engine_core.dice import FixedDice
from engine_core import events as ev
from engine_core.battle import raids as raids
from portable_helpers import _rule_of


def test_manual_example_uk_bomber_rolls_six():
    """CL-C-55, CL-C-51, CL-C-53, CL-C-54, CL-A-12: the manual's example - a UK bomber
    routed around the AA gun raids Germany (any territory with an enemy IC may be
    raided), rolls a 6, and Germany loses 6 IPCs; the bomber survives to fly home (it
    lands in Action 4)."""
    r = raids.Raid("classic", {"bomber": 1}, aa=0, treasury=32)
    dice = FixedDice([6])
    assert r.run_until_prompt(dice) is None
    res = r.result
    assert res["ipcs_lost"] == 6
    assert res["damage"] == 6
    assert res["bombers_left"] == {"bomber": 1}
    assert res["attacker_lost"] == {}
    assert dice.remaining() == 0


def test_aa_gun_fires_once_at_each_bomber_then_survivors_roll():
    """CL-C-52, CL-U-11, CL-A-06: the AA gun rolls 1 die per raiding bomber, each 1 downs
    one with no counterattack. CL-C-53: each survivor rolls 1 die, the dice are added.
    AA dice 1,4,6 -> one bomber down; bombing dice 5,6 -> 11 IPCs."""
    r = raids.Raid("classic", {"bomber": 3}, aa=1, treasury=30)
    dice = FixedDice([1, 4, 6, 5, 6])
    r.run_until_prompt(dice)
    res = r.result
    assert res["attacker_lost"] == {"bomber": 1}
    assert res["bombers_left"] == {"bomber": 2}
    assert res["ipcs_lost"] == 11
    assert dice.remaining() == 0
    aa_rolls = [e for e in r.events if e[0] == ev.E_ROLL and e[1] == ev.DEFENDER]
    assert aa_rolls == [(ev.E_ROLL, ev.DEFENDER, raids.S_AA, 1, (1, 4, 6))]


def test_surrender_never_more_than_the_treasury():
    """CL-C-54, CL-E-10: the owner pays the total to the bank; with less in hand it pays
    everything it has and no more. Dice 6,6,5 = 17 against a treasury of 9 -> 9."""
    r = raids.Raid("classic", {"bomber": 3}, treasury=9)
    r.run_until_prompt(FixedDice([6, 6, 5]))
    assert r.result["damage"] == 17
    assert r.result["ipcs_lost"] == 9


def test_classic_has_no_cap_but_the_treasury():
    """CL-D-22, CL-C-54: Classic limits the loss only by the treasury - four bombers
    rolling 6,6,6,6 take 24 IPCs whatever the territory is worth."""
    r = raids.Raid("classic", {"bomber": 4}, treasury=50, territory_value=2)
    r.run_until_prompt(FixedDice([6, 6, 6, 6]))
    assert r.result["ipcs_lost"] == 24


def test_all_bombers_shot_down_no_bombing_dice():
    """CL-C-52: bombers hit by the AA gun are removed before they can bomb; two 1s
    down both bombers, so no bombing die is rolled and nothing is lost."""
    r = raids.Raid("classic", {"bomber": 2}, aa=1, treasury=20)
    dice = FixedDice([1, 1])
    r.run_until_prompt(dice)
    assert r.result["ipcs_lost"] == 0
    assert r.result["attacker_lost"] == {"bomber": 2}
    assert r.result["bombers_left"] == {}


def test_heavy_bombers_three_dice_added():
    """CL-T-11, CL-U-42, CL-D-23: each heavy bomber that survives AA fire rolls 3 dice
    and all are added. AA 3,5 (no hit); bombers 6,5,4 and 1,2,3 -> 15 + 6 = 21."""
    r = raids.Raid("classic", {"bomber": 2}, aa=1, treasury=40, attacker_tech=("heavy_bombers",))
    dice = FixedDice([3, 5, 6, 5, 4, 1, 2, 3])
    r.run_until_prompt(dice)
    assert r.result["ipcs_lost"] == 21
    assert dice.remaining() == 0


def test_only_bombers_raid():
    """CL-C-50, CL-U-41: only bombers raid (a bomber either raids or attacks units);
    fighters cannot join, and a raid needs a bomber."""
    assert _rule_of(lambda: raids.Raid("classic", {"bomber": 1, "fighter": 1}, treasury=5)) == "CL-C-50"
    assert _rule_of(lambda: raids.Raid("classic", {"bomber": 0}, treasury=5)) == "CL-C-50"
    assert _rule_of(lambda: raids.Raid("classic", {"armor": 2}, treasury=5)) == "CL-C-50"


def test_the_ic_is_never_destroyed_and_the_result_is_for_the_ledger():
    """CL-U-22, CL-C-54: the IC is the target and is never removed; the result names it
    with the IPCs taken, for the ledger to apply. Dice 2 -> 2 IPCs."""
    r = raids.Raid("classic", {"bomber": 1}, treasury=3)
    r.run_until_prompt(FixedDice([2]))
    assert r.result["facilities"] == (("industrial_complex", 0, 2, 2),)
    assert (ev.E_PAYOUT, ev.DEFENDER, 2) in r.events


def test_resume_after_power_cut_gives_same_raid():
    """CL-C-52, CL-C-53: a raid saved after the AA step and restored bombs on exactly as
    an uninterrupted one (AA 2,1 -> one down; bomb 4)."""
    r = raids.Raid("classic", {"bomber": 2}, aa=1, treasury=20)
    dice = FixedDice([2, 1, 4])
    r.step(dice)           # AA fire
    data = r.to_bytes()
    assert len(data) < 100
    r2 = raids.Raid.from_bytes("classic", data)
    r2.run_until_prompt(dice)
    assert r2.result["ipcs_lost"] == 4
    assert r2.result["attacker_lost"] == {"bomber": 1}


def test_rocket_one_die_capped_at_treasury():
    """CL-T-07, CL-U-13, CL-A-21: the rocket rolls 1 die and the IC's owner surrenders
    that many IPCs, capped at what it holds: die 4 against 3 IPCs -> 3."""
    res = raids.rocket("classic", FixedDice([4]), treasury=3)
    assert res["rolled"] == 4
    assert res["ipcs_lost"] == 3
    res = raids.rocket("classic", FixedDice([5]), treasury=30)
    assert res["ipcs_lost"] == 5


def test_one_rocket_per_power_per_turn():
    """CL-T-07, CL-A-21, CL-D-24: one free rocket attack per turn; a second is refused
    and rolls no die."""
    dice = FixedDice([6])
    assert _rule_of(lambda: raids.rocket("classic", dice, treasury=10, used_this_turn=True)) == "CL-T-07"
    assert dice.remaining() == 1


def test_players_type_their_own_dice_per_step():
    """CL-C-52, CL-C-53: with the players' own dice the raid asks for each step's dice:
    the AA gun's 3 dice (1,4,6 -> one bomber down), then the 2 survivors' bombing dice
    (5,6 -> 11). Bombing dice must be given as values, not as a hit count."""
    r = raids.Raid("classic", {"bomber": 3}, aa=1, treasury=30)
    p = r.run_until_prompt(None)
    assert p.kind == raids.P_DICE and p.side == ev.DEFENDER
    assert p.info == (raids.S_AA, ((ev.DEFENDER, 1, 3, 1),))
    r.answer([1, 4, 6])
    p = r.run_until_prompt(None)
    assert p.kind == raids.P_DICE and p.side == ev.ATTACKER
    assert p.info == (raids.S_BOMB, ((ev.ATTACKER, 0, 2, 1),))
    failed = False
    try:
        r.answer({"hits": [2]})
    except ValueError:
        failed = True
    assert failed
    r.answer([5, 6])
    assert r.run_until_prompt(None) is None
    assert r.result["ipcs_lost"] == 11
    assert r.result["attacker_lost"] == {"bomber": 1}

"""Revised / LHTR strategic bombing raids and rockets (engine_core/battle/raids.py).

Hand-worked from fixed dice and the LHTR text (LHTR-C-50..54, LHTR-T-08, LHTR-T-11,
the FAQ's "lesser amount" and "Amended" combined cap).
"""
from engine_core.dice import FixedDice
from engine_core import events as ev
from engine_core.battle import raids as raids
from portable_helpers import _rule_of


def test_aa_fires_at_each_bomber_and_damage_is_capped_at_territory_value():
    """LHTR-C-50, LHTR-C-51, LHTR-U-11: the AA gun fires once at each raiding bomber in
    opening fire (dice 1,2,3 -> one down). LHTR-C-52, LHTR-CHG-TECH-03: survivors roll
    4,5 = 9, capped at the territory's value 8; the owner (30 IPCs) pays 8."""
    r = raids.Raid("revised_lhtr", {"bomber": 3}, aa=1, treasury=30, territory_value=8)
    dice = FixedDice([1, 2, 3, 4, 5])
    r.run_until_prompt(dice)
    res = r.result
    assert res["attacker_lost"] == {"bomber": 1}
    assert res["rolled"] == 9
    assert res["damage"] == 8
    assert res["ipcs_lost"] == 8
    assert dice.remaining() == 0


def test_combined_cap_counts_the_rocket_and_earlier_raids_this_turn():
    """LHTR-C-52, LHTR-CHG-TECH-03, LHTR-A-18, LHTR-A-03, CL-D-22: (the FAQ's second,
    "Amended" answer stands) all SBRs plus the rocket on one IC
    in one turn destroy at most the territory's value: value 4, a rocket already took 3,
    so a bomber rolling 6 destroys only 1 more."""
    r = raids.Raid("revised_lhtr", {"bomber": 1}, treasury=20, territory_value=4, damage_this_turn=3)
    r.run_until_prompt(FixedDice([6]))
    assert r.result["damage"] == 1
    assert r.result["ipcs_lost"] == 1
    assert r.result["facilities"] == (("industrial_complex", 3, 1, 4),)


def test_owner_pays_the_lesser_of_damage_and_treasury():
    """LHTR-CHG-TECH-07, LHTR-C-52, LHTR-E-14, LHTR-U-20: the rulebook's "greater" is an
    error; the victim pays the lesser amount (the IC itself is never destroyed). Rolls 5,6 = 11, capped at 10, treasury 7 -> pays 7."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, treasury=7, territory_value=10)
    r.run_until_prompt(FixedDice([5, 6]))
    assert r.result["damage"] == 10
    assert r.result["ipcs_lost"] == 7


def test_heavy_bombers_keep_the_better_of_two_dice():
    """LHTR-T-11, LHTR-CHG-TECH-02, CL-D-23: each heavy bomber rolls 2 dice and the higher
    die is the IPC loss. Bomber 1: 2,5 -> 5; bomber 2: 6,1 -> 6; total 11 (value 12)."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, treasury=40, territory_value=12,
                   attacker_tech=("heavy_bombers",))
    dice = FixedDice([2, 5, 6, 1])
    r.run_until_prompt(dice)
    assert r.result["ipcs_lost"] == 11
    assert dice.remaining() == 0


def test_only_one_aa_gun_fires():
    """LHTR-U-10, CL-D-09, LHTR-A-25: several AA guns may stand in the territory but only
    one fires: two guns against two bombers roll 2 dice, not 4 (3,4: no hit; bombs 1,1)."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, aa=2, treasury=10, territory_value=6)
    dice = FixedDice([3, 4, 1, 1])
    r.run_until_prompt(dice)
    assert dice.remaining() == 0
    assert r.result["ipcs_lost"] == 2


def test_no_aa_gun_no_aa_dice():
    """LHTR-C-50: only the raiding bombers and the defending AA guns take part; with no
    gun the bombers roll at once (3 -> 3 IPCs)."""
    r = raids.Raid("revised_lhtr", {"bomber": 1}, aa=0, treasury=10, territory_value=6)
    dice = FixedDice([3])
    r.run_until_prompt(dice)
    assert r.result["ipcs_lost"] == 3
    assert [e for e in r.events if e[0] == ev.E_AA] == []


def test_superfortresses_two_aa_dice_totalling_three():
    """LHTR-O-55, LHTR-CHG-NA-05, LHTR-A-29: every (US) bomber of the raid is a
    Superfortress; the defender rolls 2 AA dice per Superfortress and it
    is shot down only if they total 3 or less: pairs (1,2)=3 down, (2,2)=4 survives;
    the survivor bombs 6 (value 10)."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, aa=1, treasury=20, territory_value=10,
                   attacker_tech=("superfortresses",))
    dice = FixedDice([1, 2, 2, 2, 6])
    r.run_until_prompt(dice)
    assert r.result["attacker_lost"] == {"bomber": 1}
    assert r.result["ipcs_lost"] == 6
    assert dice.remaining() == 0


def test_uk_radar_hits_on_two():
    """LHTR-O-30: UK AA guns with Radar hit aircraft on 1 or 2: dice 2,3 -> one bomber
    down; the other bombs 4 (value 6)."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, aa=1, treasury=20, territory_value=6,
                   defender_tech=("radar",))
    r.run_until_prompt(FixedDice([2, 3, 4]))
    assert r.result["attacker_lost"] == {"bomber": 1}
    assert r.result["ipcs_lost"] == 4


def test_only_bombers_make_an_sbr():
    """LHTR-C-50, LHTR-U-41, LHTR-U-40: only bombers may make an SBR; fighters cannot
    escort (no interceptors either)."""
    assert _rule_of(lambda: raids.Raid("revised_lhtr", {"bomber": 1, "fighter": 2},
                                       treasury=5, territory_value=3)) == "LHTR-C-50"
    assert _rule_of(lambda: raids.Raid("revised_lhtr", {"bomber": 1}, interceptors=1,
                                       treasury=5, territory_value=3)) == "LHTR-C-50"


def test_raid_ends_and_bombers_leave():
    """LHTR-C-53, LHTR-A-09: the raid ends after one AA volley and one bombing roll; the
    surviving bombers are reported to return in NCM, and they took no other part."""
    r = raids.Raid("revised_lhtr", {"bomber": 2}, aa=1, treasury=9, territory_value=9)
    r.run_until_prompt(FixedDice([6, 6, 2, 3]))
    assert r.done
    assert r.result["bombers_left"] == {"bomber": 2}
    assert r.result["ipcs_lost"] == 5


def test_lhtr_rocket_capped_and_once_per_ic_per_turn():
    """LHTR-T-08, LHTR-C-54, LHTR-CHG-TECH-04, LHTR-CHG-TECH-08, LHTR-CHG-ERR-04,
    LHTR-A-19: (the errata's rocket text) a rocket rolls
    1 die, nothing defends; its damage is capped at the territory's value (die 5,
    value 2 -> 2); an IC already struck by a rocket this player turn cannot be hit
    again (no die rolled)."""
    res = raids.rocket("revised_lhtr", FixedDice([5]), treasury=20, territory_value=2)
    assert res["damage"] == 2
    assert res["ipcs_lost"] == 2
    dice = FixedDice([3])
    assert _rule_of(lambda: raids.rocket("revised_lhtr", dice, treasury=20, territory_value=6,
                                         struck_this_turn=True)) == "LHTR-T-08"
    assert dice.remaining() == 1


def test_lhtr_rocket_shares_the_cap_with_raids_and_pays_lesser():
    """LHTR-T-08, LHTR-C-52, CL-D-24, LHTR-CHG-TECH-07: value 4 with 3 SBR damage already
    this turn -> a rocket rolling 6 destroys 1; with 0 damage before, die 4 against a
    treasury of 2 pays 2."""
    res = raids.rocket("revised_lhtr", FixedDice([6]), treasury=20, territory_value=4,
                       damage_this_turn=3)
    assert res["damage"] == 1
    res = raids.rocket("revised_lhtr", FixedDice([4]), treasury=2, territory_value=4)
    assert res["damage"] == 4
    assert res["ipcs_lost"] == 2


def test_revised_original_cap_is_per_bomber():
    """LHTR-M-08 (original Revised FAQ answer "Per bomber", overruled by LHTR): in plain
    Revised each bomber is capped at the territory's value: value 3, rolls 5 and 6 ->
    3 + 3 = 6, and the per-turn combined cap does not apply."""
    r = raids.Raid("revised", {"bomber": 2}, treasury=20, territory_value=3, damage_this_turn=3)
    r.run_until_prompt(FixedDice([5, 6]))
    assert r.result["damage"] == 6
    assert r.result["ipcs_lost"] == 6


def test_revised_original_rocket_capped_per_gun():
    """LHTR-M-08 (errata: originally one die per gun, each gun capped at the territory's
    value): die 5 against value 3 -> 3."""
    res = raids.rocket("revised", FixedDice([5]), treasury=20, territory_value=3)
    assert res["ipcs_lost"] == 3


def test_value_is_required_for_the_cap():
    """LHTR-C-52: the cap needs the territory's income value; a raid without it is
    malformed input, not a zero cap."""
    failed = False
    try:
        raids.Raid("revised_lhtr", {"bomber": 1}, treasury=5)
    except ValueError:
        failed = True
    assert failed


def test_one_rocket_from_each_territory():
    """LHTR-T-08, LHTR-A-20, LHTR-CHG-TECH-08: from each territory one AA gun may fire
    one rocket per turn, however many guns stand there; a second is refused unrolled."""
    dice = FixedDice([2])
    assert _rule_of(lambda: raids.rocket("revised_lhtr", dice, treasury=9, territory_value=5,
                                         launcher_used=True)) == "LHTR-T-08"
    assert dice.remaining() == 1

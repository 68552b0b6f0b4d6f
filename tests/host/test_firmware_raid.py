"""Bombing raids on the fake device (firmware/screens/raid.py): Conduct combat > Bombing raid,
the target picked, the planes entered, the engine's raid fought with hand-worked dice, its
questions answered on the screen, the result recorded in the game (`bombing` action)."""

import sys

from fw_device import Device
from engine_core.dice import FixedDice
from engine_core.ledger import economy


def _classic_combat(d):
    d.select_item("New game")
    d.select_item("Classic")
    d.press("select")
    for _ in range(6):                    # Soviet Union: research, purchase, combat move -> combat
        if d.app.session.summary()["phase"] == "combat":
            break
        d.press("roll")
    assert d.app.session.summary()["phase"] == "combat"


def _pacific_combat(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.press("roll")                       # Purchase -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United Kingdom")
    d.select_item("Yes")
    d.press("roll")                       # -> Conduct combat


def _raid_at(d, name):
    d.press("select")                     # the combat menu
    d.select_item("Bombing raid")
    assert d.screen() == "TerritoryPicker"
    d.select_item(name)
    assert d.screen() == "RaidSetup"
    return d.app.top()


def _to_row(d, label):
    top = d.app.top()
    steps = top.names.index(label) - top.cursor
    d.press("down" if steps > 0 else "up", abs(steps))


def _unloaded():
    return "engine_core.battle.raids" not in sys.modules and "firmware.screens.raid" not in sys.modules


def test_classic_one_bomber_against_the_aa_gun():
    """CL-C-52: the AA gun rolls 1 die at the bomber (3: no hit); CL-C-53: the bomber rolls 1
    die (5); CL-C-54: Germany pays 5 of its 32 IPCs to the bank."""
    d = Device()
    _classic_combat(d)
    setup = _raid_at(d, "Germany")
    assert "IC value 10 treasury 32" in d.text()
    assert setup.counts == [1, 1]          # 1 bomber, the AA gun
    dice = FixedDice([3, 5])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    assert d.screen() == "RaidRun"
    d.press("roll")                        # AA
    assert "D AA 3  =0" in d.text()
    d.press("roll")                        # bombing
    assert "Damage 5 IPCs lost 5" in d.text()
    assert d.app.session.summary()["treasury"]["Germany"] == 32   # not recorded yet
    d.press("roll")                        # record
    assert d.screen() == "Dashboard"
    assert d.app.session.summary()["treasury"]["Germany"] == 27
    assert dice.remaining() == 0
    assert _unloaded()
    assert d.app.errors == []


def test_classic_refuses_a_raid_without_bombers_and_changes_nothing():
    """CL-C-50: only bombers raid; with none entered the screen names the rule, the game is as
    it was."""
    d = Device()
    _classic_combat(d)
    _raid_at(d, "Germany")
    d.press("left")                        # 0 bombers
    before = len(d.app.session.game.state.journal)
    d.press("roll")
    assert d.screen() == "RaidSetup"
    assert "CL-C-50" in d.text() and "bomber" in d.text()
    assert d.app.session.summary()["treasury"]["Germany"] == 32
    assert len(d.app.session.game.state.journal) == before


def test_classic_physical_dice_typed():
    """CL-C-52/53 with the players' dice: AA shows 2 (no hit), the bomber rolls 6: Germany
    pays 6 (32 -> 26)."""
    d = Device()
    _classic_combat(d)
    _raid_at(d, "Germany")
    d.app.dice_source = lambda: None
    d.press("roll")                        # start
    d.press("roll")                        # the AA die: typed
    assert d.screen() == "RaidDice"
    d.press("right")                       # 1 -> 2
    d.press("roll")
    assert d.screen() == "RaidRun" and "D AA 2  =0" in d.text()
    d.press("roll")                        # the bombing die
    assert d.screen() == "RaidDice"
    d.press("right", 5)                    # 6
    d.press("roll")
    assert "Damage 6 IPCs lost 6" in d.text()
    d.press("roll")
    assert d.app.session.summary()["treasury"]["Germany"] == 26


def test_pacific_bombers_and_escorts_against_interceptors_then_aa():
    """P40-C-41..47 on India (major IC, air base, naval base, no damage): 2 strategic bombers
    with 2 escorting fighters against 2 interceptors. Air battle at 1 (P40-C-43): escorts
    roll 1, 4 (1 hit), bombers 2, 6 (none), interceptors 1, 5 (1 hit): the attacker loses a
    fighter (the default, cheapest). Targets (P40-C-45): one bomber on the IC, one on the air
    base (the second choice). AA (P40-C-46): the IC's die 1 downs its bomber, the air base's 5
    misses. Bombing (P40-C-47): 3 + 2 = 5 markers on the air base, none on the IC."""
    d = Device()
    _pacific_combat(d)
    setup = _raid_at(d, "India")
    text = d.text()
    assert "Major IC damage 0" in text and "Air base damage 0" in text
    d.press("right")                       # 2 bombers
    _to_row(d, "Escort fighters")
    d.press("right", 2)
    _to_row(d, "Interceptors")
    d.press("right", 2)
    assert setup.counts == [2, 0, 2, 2]
    dice = FixedDice([1, 4, 2, 6, 1, 5, 1, 5, 3])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    run = d.app.top()
    assert run.opts[0][0] == "Escort with 2"
    d.press("roll")                        # both escorts fly
    assert run.opts[0][0] == "Intercept with 2"
    d.press("roll")                        # both intercept
    d.press("roll")                        # the air battle
    assert run.opts[0][0] == "Lose 1 ftr"
    d.press("roll")
    assert run.opts[1][0] == "IC 1 bmb, Air 1 bmb"
    d.press("down")
    d.press("roll")
    d.press("roll")                        # AA at the IC: 1
    d.press("roll")                        # AA at the air base: 5
    d.press("roll")                        # bombing: 3
    assert run.raid.done
    assert "Air base +5 = 5" in d.text() and "Major IC +0 = 0" in d.text()
    assert dice.remaining() == 0
    d.press("roll")                        # record
    assert d.screen() == "Dashboard"
    g = d.app.session.game
    board = d.app.session.board
    t = [i for i in range(board.territory_count) if board.territory_name(i) == "India"][0]
    assert economy.get_damage(g.state, t, economy.DMG_AIR) == 5
    assert economy.get_damage(g.state, t, economy.DMG_IC) == 0
    assert _unloaded()
    assert d.app.errors == []


def test_the_raid_picker_offers_enemy_land_with_a_facility():
    """CL-C-50: raids strike an industrial complex of a power at war with the mover: for the
    Soviet Union's first turn, the Axis complexes of the Classic board (Germany, Japan,
    Southern Europe) and no territory without one."""
    d = Device()
    _classic_combat(d)
    d.press("select")
    d.select_item("Bombing raid")
    names = [label for label, _t in d.app.top().items]
    assert names == ["Germany", "Japan", "South Europe"]
    board = d.app.session.board
    state = d.app.session.game.state
    for label, t in d.app.top().items:
        assert state.facilities[t] and board.side(state.owner[t]) != board.side(0)


def test_lhtr_two_raids_on_one_complex_stop_at_its_value():
    """LHTR-C-51/52: Germany's complex (value 10, treasury 40) raided twice in one turn by one
    bomber each: AA 4 and 2 miss, bombing 6 and 6; the first costs 6 (40 -> 34), the second
    only the 4 left under the territory's value (34 -> 30)."""
    d = Device()
    d.select_item("New game")
    d.select_item("Revised LHTR")
    d.press("select")
    for _ in range(6):
        if d.app.session.summary()["phase"] == "combat":
            break
        d.press("roll")
    dice = FixedDice([4, 6, 2, 6])
    d.app.dice_source = lambda: dice
    _raid_at(d, "Germany")
    assert "IC value 10 treasury 40" in d.text()
    d.press("roll", 4)                     # start, AA, bombing, record
    assert d.app.session.summary()["treasury"]["Germany"] == 34
    _raid_at(d, "Germany")
    assert "Hit this turn 6" in d.text()
    d.press("roll", 3)
    assert "Damage 4 IPCs lost 4" in d.text()
    d.press("roll")
    assert d.app.session.summary()["treasury"]["Germany"] == 30
    assert dice.remaining() == 0


def test_leaving_the_set_up_unloads_the_raid():
    """A raid set up and left (back) leaves no raid module loaded, as after a raid."""
    d = Device()
    _classic_combat(d)
    _raid_at(d, "Germany")
    d.press("back")
    assert d.screen() == "Dashboard"
    assert _unloaded()


def test_leaving_a_raid_unrecorded_changes_nothing():
    """Back during a raid asks first (No preselected); Yes leaves it: the game is as it was
    (nothing recorded before the end) and the raid's modules are gone."""
    d = Device()
    _classic_combat(d)
    _raid_at(d, "Germany")
    dice = FixedDice([3, 5])
    d.app.dice_source = lambda: dice
    d.press("roll")
    d.press("roll")                        # AA
    before = len(d.app.session.game.state.journal)
    d.press("back")
    assert d.screen() == "Confirm"
    d.press("select")                      # No
    assert d.screen() == "RaidRun"
    d.press("back")
    d.press("down")
    d.press("select")                      # Yes
    assert d.screen() == "Dashboard"
    assert len(d.app.session.game.state.journal) == before
    assert d.app.session.summary()["treasury"]["Germany"] == 32
    assert _unloaded()


def test_lhtr_superfortresses_from_the_game():
    """LHTR-O-55: with the US national advantage Superfortresses in the game, the AA gun rolls
    two dice at the US bomber and downs it only on a total of 3 or less: 1 + 3 = 4 misses (one
    die of 1 would have downed it, LHTR-C-51); the bomber rolls 5: Germany pays 5 (40 -> 35)."""
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable"))
    from portable_helpers import _to
    d = Device()
    s = d.app.session
    s.new_game("revised_lhtr", 7, {"national_advantages": ["superfortresses"]})
    _to(s.game, "United States", "combat")
    s.save()
    d.app.home_game()
    germany = s.game.state.treasury[s.board.power_id("Germany")]
    dice = FixedDice([1, 3, 5])
    d.app.dice_source = lambda: dice
    _raid_at(d, "Germany")
    d.press("roll", 3)                     # start, AA (two dice), bombing
    assert "D AA 1 3  =0" in d.text()     # one pair, total 4: no hit
    assert "Damage 5 IPCs lost 5" in d.text()
    d.press("roll")
    assert s.game.state.treasury[s.board.power_id("Germany")] == germany - 5
    assert dice.remaining() == 0


def test_global_tactical_bombers_on_an_air_base_stop_at_its_cap():
    """P40-C-40/45: tactical bombers raid bases only: Germany's 2 tactical bombers over the
    United Kingdom (major IC, air base, naval base) go to the air base by default; its AA
    (P40-C-46) rolls 2 and 6, no hit; they roll 4 and 5 (P40-C-47, no +2 for tactical
    bombers): 9, but an air base holds at most 6 markers (P40-U-70)."""
    d = Device()
    d.select_item("New game")
    d.select_item("Global 1940")
    d.press("select")
    for _ in range(6):
        if d.app.session.summary()["phase"] == "combat":
            break
        d.press("roll")
    setup = _raid_at(d, "United Kingdom")
    d.press("left")                        # no strategic bomber
    _to_row(d, "Tac bombers")
    d.press("right", 2)
    assert setup.counts == [0, 2, 0, 0]
    dice = FixedDice([2, 6, 4, 5])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    d.press("roll")                        # no escorts, no interceptors: to the targets
    run = d.app.top()
    assert [o[0] for o in run.opts] == ["Air 2 tac", "Air 1 tac, Naval 1 tac", "Naval 2 tac"]
    d.press("roll", 3)                     # the default split, AA, bombing
    assert "Air base +6 = 6" in d.text()
    d.press("roll")
    board = d.app.session.board
    t = [i for i in range(board.territory_count) if board.territory_name(i) == "United Kingdom"][0]
    state = d.app.session.game.state
    assert economy.get_damage(state, t, economy.DMG_AIR) == 6
    assert economy.get_damage(state, t, economy.DMG_IC) == 0
    assert economy.get_damage(state, t, economy.DMG_NAVAL) == 0
    assert dice.remaining() == 0


def test_a_power_cut_mid_raid_resumes_it_and_it_is_recorded_once():
    """No state is lost: Classic, the AA die rolled (3: no hit, CL-C-52), then the power goes.
    At the next start Conduct combat offers "Resume raid Germany" first; the raid goes on at
    its bombing roll (5, CL-C-53) and Germany pays 5 once (CL-C-54): once recorded it is no
    longer offered."""
    d = Device()
    _classic_combat(d)
    _raid_at(d, "Germany")
    dice = FixedDice([3])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    d.press("roll")                        # AA: 3
    assert "D AA 3  =0" in d.text()
    again = Device(flash=d.flash)          # the power comes back
    assert again.app.session.summary()["phase"] == "combat"
    again.press("select")
    top = again.app.top()
    assert top.items[top.cursor][0] == "Resume raid Germany"
    again.press("select")
    assert again.screen() == "RaidRun"
    more = FixedDice([5])
    again.app.dice_source = lambda: more
    again.press("roll")                    # the bombing roll
    assert "Damage 5 IPCs lost 5" in again.text()
    again.press("roll")                    # record
    assert again.app.session.summary()["treasury"]["Germany"] == 27
    assert more.remaining() == 0
    assert _unloaded()
    again.press("select")
    assert not any(label.startswith("Resume raid") for label, _v in again.app.top().items)
    third = Device(flash=d.flash)
    third.press("select")
    assert not any(label.startswith("Resume raid") for label, _v in third.app.top().items)
    assert third.app.session.summary()["treasury"]["Germany"] == 27


def test_a_refused_second_facility_record_is_retried_without_recording_the_first_twice():
    """P40-C-47, one `bombing` action per damaged facility: India's IC and air base both hit
    (2 bombers, no fighters; one on each: the second split; AA 6 and 6 miss; bombing 1 + 2 = 3
    on the IC, 2 + 2 = 4 on the air base). The first record goes in, the second is refused once
    (its words shown); Start again records only the air base: IC 3, air base 4."""
    from engine_core.errors import RuleError
    d = Device()
    _pacific_combat(d)
    _raid_at(d, "India")
    d.press("right")                       # 2 bombers
    dice = FixedDice([6, 6, 1, 2])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    d.press("roll")                        # to the targets
    run = d.app.top()
    assert run.opts[1][0] == "IC 1 bmb, Air 1 bmb"
    d.press("down")
    d.press("roll")
    d.press("roll")                        # AA at the IC: 6
    d.press("roll")                        # AA at the air base: 6
    d.press("roll")                        # bombing: 1, 2
    assert "Major IC +3 = 3" in d.text() and "Air base +4 = 4" in d.text()
    real = d.app.act
    calls = []

    def flaky(action):
        calls.append(action.get("facility"))
        if len(calls) == 2:
            raise RuleError("TEST-01", "refused once")
        real(action)
    d.app.act = flaky
    d.press("roll")                        # record: the IC in, the air base refused
    assert d.screen() == "RaidRun" and "TEST-01" in d.text()
    d.press("roll")                        # again: only the air base
    assert calls == ["major_industrial_complex", "air_base", "air_base"]
    assert d.screen() == "Dashboard"
    board = d.app.session.board
    t = [i for i in range(board.territory_count) if board.territory_name(i) == "India"][0]
    state = d.app.session.game.state
    assert economy.get_damage(state, t, economy.DMG_IC) == 3
    assert economy.get_damage(state, t, economy.DMG_AIR) == 4

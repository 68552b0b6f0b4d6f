"""A 1940 raid's interceptors of two powers on the device (issue 16 item d): the raid set-up's
"Ally" rows (the power, how many of the interceptors are its) give each power's fighters its own
Jet Fighters (P40-R-06: never shared; P40-R-22: intercepting fighters hit on 1-2); the
interceptors' question offers how many of each, and the defender's air-battle casualties offer
"Lose fighter" / "Lose fighter (jet)" (P40-C-42, P40-C-43)."""

from fw_device import Device
from engine_core.dice import FixedDice
from engine_core.ledger import economy
from test_firmware_raid import _pacific_combat, _raid_at, _to_row, _unloaded


def _india_with_a_us_jet_fighter(d, dice):
    """Japan raids India (UK, no Jet Fighters) with 2 strategic bombers; 2 fighters intercept, one
    of them the United States' (Jet Fighters). Runs to the interceptors' question."""
    from engine_core import techs
    _pacific_combat(d)
    s = d.app.session
    board = s.board
    s.game.state.techs[board.power_id("United States")] |= techs.JETS
    setup = _raid_at(d, "India")
    assert "Ally" in setup.names and "Ally interceptors" in setup.names
    d.press("right")                       # 2 bombers
    _to_row(d, "Interceptors")
    d.press("right", 2)
    _to_row(d, "Ally")
    for _ in range(len(setup.ally_list())):
        if board.power_name(setup.ally_power()) == "United States":
            break
        d.press("right")
    assert board.power_name(setup.ally_power()) == "United States"
    assert "United States" in d.text()
    _to_row(d, "Ally interceptors")
    d.press("right", 3)                    # at most the 2 interceptors
    assert setup.counts[setup.names.index("Ally interceptors")] == 2
    d.press("left")
    attacker, kw = setup.raid_args()
    assert kw["defender_tech"] == ("jet_fighters",) and kw["defender_teched"] == {"fighter": 1}
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    run = d.app.top()
    assert d.screen() == "RaidRun"
    d.press("roll")                        # no escorts: to the interceptors' question
    return s, run


def test_no_ally_rows_without_jet_fighters():
    """P40-R-06: where no power of the defending side has Jet Fighters whose fighters intercept
    changes nothing: no "Ally" rows."""
    d = Device()
    _pacific_combat(d)
    setup = _raid_at(d, "India")
    assert "Ally" not in setup.names and "Ally interceptors" not in setup.names


def test_a_two_hits_for_the_us_jet_fighter_only():
    """P40-C-43 (c), P40-R-22: bombers 6, 6 miss; the UK fighter rolls 2 (a miss at 1), the US
    fighter 2 (a hit at 2): the screen shows them apart ("D Air jet"); one bomber lost (no choice).
    P40-C-46: the IC's AA at the other, 6; P40-C-47: 4 + 2 = 6 markers on India's IC."""
    d = Device()
    dice = FixedDice([6, 6, 2, 2, 6, 4])
    s, run = _india_with_a_us_jet_fighter(d, dice)
    labels = [o[0] for o in run.opts]
    assert labels[:3] == ["Intercept with 2 (1 jet)", "Intercept with 1 (1 jet)", "Intercept with 1 (0 jet)"]
    d.press("roll")                        # both intercept
    d.press("roll")                        # the air battle
    text = d.text()
    assert "D Air 2  =0" in text and "D Air jet 2  =1" in text
    while not run.raid.done:
        d.press("roll")
    assert run.raid.result["attacker_lost"] == {"strategic_bomber": 1}
    assert "Major IC +6 = 6" in d.text()
    assert dice.remaining() == 0
    d.press("roll")                        # record
    board = s.board
    t = board.territory_id("India")
    assert economy.get_damage(s.game.state, t, economy.DMG_IC) == 6
    assert _unloaded() and d.app.errors == []


def test_the_defender_chooses_the_us_fighter_lost():
    """P40-C-43: bombers 1, 6: one interceptor hit; UK 6, US 6 miss. The defender is asked whose
    fighter is lost though the attacker has nothing to choose: "Lose fighter" (the UK one, the
    default) or "Lose fighter (jet)"; the jet one. AA 6, 6; bombs 3 + 2, 4 + 2 = 11 markers."""
    d = Device()
    dice = FixedDice([1, 6, 6, 6, 6, 6, 3, 4])
    s, run = _india_with_a_us_jet_fighter(d, dice)
    d.press("roll")                        # both intercept
    d.press("roll")                        # the air battle
    assert run.raid.prompt.side == 1
    assert "Fighters lost? (defender)" in d.text()
    assert [o[0] for o in run.opts] == ["Lose fighter", "Lose fighter (jet)"]
    d.press("down")
    d.press("roll")
    while not run.raid.done:
        d.press("roll")
    r = run.raid.result
    assert r["defender_lost"] == {"fighter": 1} and r["defender_lost_teched"] == {"fighter": 1}
    assert "Major IC +11 = 11" in d.text() and "Def lost: 1 fighter(1 jet)" in d.text()
    assert dice.remaining() == 0
    assert d.app.errors == []


def test_interceptors_of_three_powers():
    """P40-C-42 ("the owning player(s)"), P40-R-06 (never shared), P40-R-22 (intercepting jet
    fighters hit on 1-2): Japan raids India (UK, no Jet Fighters) with 2 strategic bombers; 3
    fighters intercept: the UK's, the United States' and ANZAC's, the US and ANZAC with Jet
    Fighters. The "Ally" row shows one ally's interceptors at a time, each keeping its own;
    defender_teched fighter = 2 (US + ANZAC). A fourth allied interceptor of 3 is refused with
    the rule's id, nothing changed. Dice by hand: bombers 6, 6 (miss at 1); the UK fighter 2
    (a miss at 1), the US and ANZAC fighters 2, 2 (hits at 2): both bombers lost."""
    from engine_core import techs
    d = Device()
    _pacific_combat(d)
    s = d.app.session
    board = s.board
    for name in ("United States", "ANZAC"):
        s.game.state.techs[board.power_id(name)] |= techs.JETS
    setup = _raid_at(d, "India")
    d.press("right")                       # 2 bombers
    _to_row(d, "Interceptors")
    d.press("right", 3)

    def ally_to(name):
        _to_row(d, "Ally")
        for _ in range(len(setup.ally_list())):
            if board.power_name(setup.ally_power()) == name:
                break
            d.press("right")
        assert board.power_name(setup.ally_power()) == name
    ally_to("United States")
    _to_row(d, "Ally interceptors")
    d.press("right", 2)
    ally_to("ANZAC")
    a = setup.names.index("Ally interceptors")
    assert setup.counts[a] == 0            # ANZAC's own, not the US's
    _to_row(d, "Ally interceptors")
    d.press("right", 2)                    # 2 US + 2 ANZAC of 3: the second refused
    assert setup.counts[a] == 1
    assert setup.message.startswith("P40-R-06") and "3" in setup.message
    ally_to("United States")
    assert setup.counts[a] == 2
    _to_row(d, "Ally interceptors")
    d.press("left")                        # 1 US, 1 ANZAC, 1 UK
    attacker, kw = setup.raid_args()
    assert kw["defender_tech"] == ("jet_fighters",) and kw["defender_teched"] == {"fighter": 2}
    dice = FixedDice([6, 6, 2, 2, 2])
    d.app.dice_source = lambda: dice
    d.press("roll")                        # start
    run = d.app.top()
    d.press("roll")                        # to the interceptors' question
    assert [o[0] for o in run.opts][0] == "Intercept with 3 (2 jet)"
    d.press("roll")                        # all three intercept
    while not run.raid.done:
        d.press("roll")
    assert run.raid.result["attacker_lost"] == {"strategic_bomber": 2}
    assert dice.remaining() == 0
    assert d.app.errors == []

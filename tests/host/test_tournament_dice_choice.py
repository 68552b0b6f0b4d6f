"""A tournament's dice cannot be chosen (issue 15 point 2): a started battle ends in the game,
undo never crosses a die already shown, typed dice are refused, a game action that depends on
a battle must match the logged battle, and `verify` names any entry that breaks these."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_firmware_tournament import (LogFlash, device, new_tournament, _add,  # noqa: E402
                                      log_lines)


def _to_anhwe_result(d):
    """Japan (Pacific 1940): war on the US, a battle in Anhwe rolled to its result screen."""
    d.press("select")                   # past the commitment
    d.press("roll")                     # -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United States")
    d.select_item("Yes")
    d.press("roll")                     # -> Combat
    d.press("select")
    d.select_item("Battle")
    d.select_item("Anhwe")
    _add(d, "infantry", 1)
    d.press("select")
    _add(d, "infantry", 4)
    d.press("roll")
    n = 0
    while d.screen() != "BattleResult" and n < 40:
        d.press("select")
        n += 1
    assert d.screen() == "BattleResult", d.text()


def test_a_tournament_battle_cannot_be_closed_unrecorded_and_comes_back_after_a_cut():
    """CL-C-02 P40-C-95: in a tournament, leaving a territory's battle result without recording
    it is refused (the re-fight cheat of issue 15: close a lost battle, fight it again); a power
    cut brings the same result back, and recording it is the only way on."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    _to_anhwe_result(d)
    result = dict(d.app.session.battle.result)
    d.press("back")
    assert d.screen() == "BattleResult"
    assert "TOURNAMENT-BATTLE" in d.text() or "record" in d.text().lower()
    assert d.app.session.battle is not None
    again = device(flash)                 # power cut and back on
    assert again.app.session.battle is not None
    assert again.app.session.battle.result == result
    n = 0
    while again.screen() != "BattleResult" and n < 10:
        again.press("select")
        n += 1
    again.press("select")                 # recorded
    assert again.screen() == "Dashboard"
    lines = log_lines(flash)
    starts = [l for l in lines if l.split("|")[1:2] == ["battle"] and l.split("|")[2].startswith("start ")]
    assert len(starts) == 1
    assert any(l.split("|")[1] == "action" and l.split("|")[2].startswith("battle:") for l in lines)


# ------------------------------------------------------------------ the engine's rules

SEED = "00112233445566778899aabbccddeeff"


def _refused(fn, rule):
    from engine_core.errors import RuleError
    try:
        fn()
    except RuleError as err:
        assert err.rule == rule, err
        return err
    raise AssertionError("not refused: expected " + rule)


def _t(edition="classic"):
    from engine_core.trust.tournament import Tournament
    return Tournament(edition, SEED, luck=False)


def test_typed_dice_are_refused_in_a_tournament():
    """CL-T-01 CL-C-02: research dice typed in (issue 15: [6,6] was accepted and verified) and
    collect-income dice typed in (convoy, war bonds) are refused; nothing is logged."""
    t = _t()
    n = len(t.log.lines)
    _refused(lambda: t.apply({"type": "research", "dice": 2, "rolls": [6, 6]}), "TOURNAMENT-DICE")
    _refused(lambda: t.apply({"type": "collect_income", "dice": [6]}), "TOURNAMENT-DICE")
    # a rocket's die typed in (CL-T-07): refused, the tournament draws it from the committed stream
    _refused(lambda: t.apply({"type": "rocket", "territory": "Germany", "launcher": "Russia", "die": 6}),
             "TOURNAMENT-DICE")
    assert len(t.log.lines) == n and t.game.state.journal == []


def test_undo_never_crosses_a_die_already_shown():
    """CL-T-01 CL-C-02: research with the device's dice, then undo: refused (issue 15: undo
    restored the generator and the same dice came back 30 times of 30); a battle rolled
    after an action makes that action final too; an action without dice after the last die
    can still be undone."""
    t = _t()
    t.apply({"type": "research", "dice": 2})
    _refused(t.undo, "TOURNAMENT-UNDO")
    t.apply({"type": "end_phase"})                  # research -> purchase: no dice
    t.undo()                                        # allowed: no die since
    t.apply({"type": "end_phase"})
    t.apply({"type": "purchase", "units": {"infantry": 1}})
    t.apply({"type": "end_phase"})
    t.apply({"type": "end_phase"})                  # -> combat
    b = t.start_battle("land", {"infantry": 2}, {"infantry": 1}, "Soviet Union", "Germany", "East Europe")
    while b.prompt is not None:
        t.answer(None)
    _refused(t.undo, "TOURNAMENT-UNDO")             # a battle is on (not yet recorded)
    r = b.result
    t.apply({"type": "battle", "territory": "East Europe", "captured": r["captured"],
             "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1]})
    _refused(t.undo, "TOURNAMENT-UNDO")             # the record came after the dice


def test_a_battle_must_be_recorded_as_it_ended_before_anything_else():
    """CL-C-02 CL-E-10: after a battle of a territory ends, the only action taken is its
    record, with the logged result (captured, IPCs lost); no second battle there this turn;
    a battle action with no battle rolled and a capture without a battle where one was
    fought are refused."""
    t = _t()
    for _ in range(3):
        t.apply({"type": "end_phase"})              # -> combat
    _refused(lambda: t.apply({"type": "battle", "territory": "East Europe", "captured": 1,
                              "attacker_ipc": 0, "defender_ipc": 3}), "TOURNAMENT-BATTLE")
    b = t.start_battle("land", {"infantry": 1}, {"infantry": 2}, "Soviet Union", "Germany", "East Europe")
    while b.prompt is not None:
        t.answer(None)
    r = b.result
    cap = r["captured"]
    _refused(lambda: t.apply({"type": "end_phase"}), "TOURNAMENT-BATTLE")
    _refused(lambda: t.start_battle("land", {"infantry": 1}, {"infantry": 1}, 0, 1, "Ukraine S.S.R."),
             "TOURNAMENT-BATTLE")
    _refused(lambda: t.apply({"type": "battle", "territory": "East Europe", "captured": 1 - cap,
                              "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1]}),
             "TOURNAMENT-BATTLE")
    _refused(lambda: t.apply({"type": "battle", "territory": "East Europe", "captured": cap,
                              "attacker_ipc": r["ipc_lost"][0] + 3, "defender_ipc": r["ipc_lost"][1]}),
             "TOURNAMENT-BATTLE")
    t.apply({"type": "battle", "territory": "East Europe", "captured": cap,
             "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1]})
    _refused(lambda: t.start_battle("land", {"infantry": 1}, {"infantry": 1}, 0, 1, "East Europe"),
             "TOURNAMENT-BATTLE")                   # fought this turn: no re-fight
    if not cap:
        _refused(lambda: t.apply({"type": "capture", "territory": "East Europe"}), "TOURNAMENT-BATTLE")


def test_hostile_battle_sides_and_options_are_refused_bounded():
    """CL-C-02: a side of more than MAX_SIDE units (issue 15: a logged battle of 10**30
    infantry hung the device at every boot), options that are not an object, JSON nested
    deeper than a log entry may be: refused with InputError, nothing logged."""
    from engine_core.errors import InputError
    from engine_core.trust import tournament as T
    t = _t()
    n = len(t.log.lines)
    for side in ({"infantry": 10 ** 30}, {"infantry": T.MAX_SIDE + 1}, {"infantry": "3"}):
        try:
            t.start_battle("land", side, {"infantry": 1})
            raise AssertionError("accepted %r" % side)
        except InputError:
            pass
    try:
        T.Tournament("classic", SEED, options=5, luck=False)
        raise AssertionError("options 5 accepted")
    except InputError:
        pass
    try:
        T.loads("[" * 50 + "]" * 50)
        raise AssertionError("deep JSON accepted")
    except InputError:
        pass
    assert T.loads('{"a":[1,{"b":2}]}') == {"a": [1, {"b": 2}]}
    assert len(t.log.lines) == n


def test_players_number_on_the_device_and_a_checkpoint_at_each_turn_end():
    """CL-C-02 P40-G-04: on the commitment screen Right opens the players' number (six digits,
    left/right); A mixes it in (logged as entry 2) and starts the game; when Japan's turn
    ends the dashboard shows the checkpoint (entry, code) -- the chain hash's first eight
    digits there -- and the finished log verifies with it (`verify --checkpoint N=CODE`)."""
    from engine_core.host import verify_cli
    import tempfile
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("right")
    assert d.screen() == "PlayersNumber"
    d.press("right", 4)                  # digit 1: 4
    d.press("down", 5)
    d.press("right", 2)                  # digit 6: 2
    d.press("select")
    assert d.screen() == "Dashboard"
    lines = log_lines(flash)
    assert lines[2].split("|")[1:3] == ["mix", "400002"]
    power = d.app.session.summary()["power"]
    n = 0
    while d.app.session.summary()["power"] == power and n < 12:
        d.app.act({"type": "end_phase"})
        n += 1
    d.app.draw()
    entry, code = d.app.session.checkpoint
    lines = log_lines(flash)
    head = [l.split("|")[3] for l in lines if l.split("|")[0] == str(entry)][0]
    assert code == head[:8]
    assert ("Check " + str(entry)) in d.text() and code in d.text()
    d.press("back")
    d.select_item("Tournament")
    d.select_item("Finish tournament")
    d.select_item("Yes")
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(log_lines(flash)) + "\n")

    class Out:
        text = ""

        def write(self, s):
            Out.text += s
    try:
        status = verify_cli.main([path, "--no-luck", "--checkpoint", "%d=%s" % (entry, code)], None, Out(), Out())
    finally:
        os.unlink(path)
    assert status == 0 and "1 checkpoint match" in Out.text, Out.text


def test_the_turn_end_checkpoint_comes_back_after_a_restart():
    """CL-C-02 P40-G-04: the checkpoint of the last turn's end is rebuilt from the log at power-on
    (a cut right after a turn ended does not lose the code the players were to note)."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")                    # past the commitment
    power = d.app.session.summary()["power"]
    n = 0
    while d.app.session.summary()["power"] == power and n < 12:
        d.app.act({"type": "end_phase"})
        n += 1
    cp = d.app.session.checkpoint
    assert cp is not None and len(cp[1]) == 8
    again = device(flash)
    assert again.app.session.checkpoint == cp
    assert ("Check " + str(cp[0])) in again.text()

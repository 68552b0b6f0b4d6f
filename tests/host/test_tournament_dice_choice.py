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

"""The victory screen names the winning side's individual winner (issue 16 item 8)."""
from fw_device import Device


def test_classic_victory_screen_names_the_individual_winner():
    """CL-P-13: "Whoever has the greatest percentage is the individual winner": Germany (32)
    takes Russia (8) and the United Kingdom (8) and wins for the Axis: 48, +50.0%; Japan is
    still at 25 (+0.0%). The victory screen says Germany +50.0%."""
    d = Device()
    d.select_item("New game")
    d.select_item("Classic")
    d.press("select")
    board = d.app.session.board
    while d.app.session.summary()["power"] != "Germany" or d.app.session.summary()["phase"] != "combat":
        d.app.act({"type": "end_phase"})
    for name in ("Russia", "United Kingdom"):
        d.app.act({"type": "battle", "territory": board.territory_id(name), "captured": True,
                   "attacker_ipc": 0, "defender_ipc": 0})
    while d.app.session.summary()["phase"] != "collect_income":
        d.app.act({"type": "end_phase"})
    d.app.tick()
    d.press("select")            # Income
    d.press("select")            # collect: the Axis win
    assert d.app.session.summary()["individual"] == {"winners": ["Germany"], "score": 500,
                                                     "by": "percent_tenths"}
    d.press("select")
    assert d.screen() == "Victory"
    assert "Germany +50.0%" in d.text()


def test_pacific_victory_screen_has_no_individual_winner():
    """P40-G-11: the 1940 games name no individual winner (no such rule): the screen is as
    before."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.app.session.game.state.victory = 0
    d.app.dirty = True
    d.app.tick()
    d.press("select")
    assert d.screen() == "Victory" and "Best:" not in d.text()

"""Phases and the store demo on the device: Start at Collect income goes through the convoy
raiders and the income (never past them), A never ends a phase silently, the store demo is entered
with a confirmation and left with a long press of back, the attract loop names both sides."""

from fw_device import Device


def _new_pacific(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")


def _to_phase(d, phase):
    game = d.app.session.game
    while game.summary()["phase"] != phase:
        game.apply({"type": "end_phase"})
    d.app.home_game()
    d.app.tick()


def test_start_at_collect_income_goes_through_convoy_and_income():
    """P40-E-40: convoy disruption is rolled in Collect Income, before the income is added:
    Start on the dashboard opens the income screen, Start again the convoy raiders."""
    d = Device()
    _new_pacific(d)
    _to_phase(d, "collect_income")
    turn = d.app.session.game.state.game_turn
    power = d.app.session.summary()["power"]
    d.press("roll")
    assert d.screen() == "Income"
    assert d.app.session.summary()["power"] == power  # nothing collected yet
    d.press("roll")
    assert d.screen() == "Convoy"
    assert d.app.session.game.state.game_turn == turn


def test_a_never_ends_a_phase_silently():
    """P40-T-40 (Noncombat Move happens on the map): A there says Start ends it, and ends nothing."""
    d = Device()
    _new_pacific(d)
    _to_phase(d, "noncombat_move")
    d.press("select")
    assert d.app.session.game.summary()["phase"] == "noncombat_move"
    assert "Start ends noncombat move" in d.text().replace("\n", " ")
    d.press("roll")
    assert d.app.session.game.summary()["phase"] != "noncombat_move"


def test_store_demo_confirmed_named_sides_and_left_with_a_long_back():
    d = Device()
    _new_pacific(d)
    d.press("back")                      # home
    d.select_item("Store demo")
    assert d.screen() == "Confirm" and "Hold back to leave" in d.text().replace("\n", " ")
    d.select_item("Yes")
    assert d.screen() == "Attract" and d.app.kiosk
    d.wait(3000)
    assert "Japan attacks China" in d.text()
    d.hold("back", 800)
    assert not d.app.kiosk and d.screen() in ("Home", "Dashboard")
    assert d.app.session.game is not None  # the saved game is back
    assert d.app.session.game.summary()["power"] == "Japan"

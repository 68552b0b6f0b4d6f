"""Undo on the device: reachable from the home menu on every profile ("Undo: <what>", no long
press needed), the confirmation names the action, and a battle undone leaves the luck ledger."""

from fw_device import Device


def _new_pacific(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")


def test_home_menu_undo_names_the_action_and_takes_it_back():
    """P40-E-01: Japan's purchase is paid from its 26 IPC; undone, the treasury is whole again."""
    d = Device()
    _new_pacific(d)
    game = d.app.session.game
    japan = d.app.session.board.power_id("Japan")
    d.press("select")            # Purchase
    d.press("right", 2)          # 2 infantry (3 IPC each)
    d.press("select")
    assert game.state.treasury[japan] == 26 - 6
    d.press("back")              # the dashboard's back: the home menu
    assert d.screen() == "Home"
    labels = [it[0] for it in d.app.top().items]
    assert "Undo: buy 2 infantry" in labels
    d.select_item("Undo: buy 2 infantry")
    assert d.screen() == "Confirm" and "Undo buy 2 infantry?" in d.text()
    d.select_item("Yes")
    assert d.app.session.game.state.treasury[japan] == 26
    assert not any(it[0].startswith("Undo:") for it in d.app.top().items)  # nothing left to undo


def test_dashboard_long_back_confirmation_names_the_action():
    d = Device()
    _new_pacific(d)
    d.press("roll")              # end Purchase
    d.hold("back", 800)
    assert "Undo end of phase?" in d.text()


def test_undoing_a_battle_removes_it_from_the_luck_ledger():
    """Fight, undo, fight again: the ledger counts the battle once (issue 18)."""
    d = Device()
    _new_pacific(d)
    s = d.app.session
    game = s.game
    board = s.board
    t = board.territory_id("Hunan")
    while game.summary()["phase"] != "combat":
        game.apply({"type": "end_phase"})

    def fight():
        s.odds("land", {"infantry": 3}, {"infantry": 1})
        b = s.start_battle("land", {"infantry": 3}, {"infantry": 1}, t)
        from engine_core import dice
        from engine_core.battle import base as bmod
        roll = dice.Dice(seed=5)
        b.run_until_prompt(roll)
        for _ in range(200):
            if b.result is not None:
                break
            b.answer("press" if b.prompt.kind == bmod.P_RETREAT else "default")
            b.run_until_prompt(roll)
        assert b.result is not None
        r = b.result
        d.app.act({"type": "battle", "territory": t, "captured": bool(r["captured"]),
                   "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1]})
        s.end_battle()

    fight()
    assert len(s.luck.battles) == 1
    d.app.open_home()
    d.app.tick()
    d.select_item("Undo: battle in Hunan")
    d.select_item("Yes")
    assert len(s.luck.battles) == 0
    fight()
    assert len(s.luck.battles) == 1

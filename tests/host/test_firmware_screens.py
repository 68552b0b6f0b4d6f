"""Screens on the fake device: kiosk, settings, physical dice, redraw-only-what-changed."""

from fw_device import Device
from firmware import ui
from firmware.screens import kiosk


def test_kiosk_attract_demo_and_back_without_keeping_visitor_data():
    """P40-C-78: the attract loop fights a demo battle (dice on the tower); a visitor's
    guided demo is dropped after KIOSK_IDLE_MS and nothing reaches the flash."""
    d = Device(kiosk=True)
    assert d.screen() == "Attract"
    frames = d.profile.strip.frames
    d.wait(kiosk.ATTRACT_STEP_MS * 6)
    assert d.profile.strip.frames > frames  # the tower showed dice
    assert "Attacker wins" in d.text()
    d.press("down")
    assert d.screen() == "Guided"
    d.select_item("Purchase")
    d.press("right", 2)
    d.press("select")  # a visitor buys two infantry
    d.wait(kiosk.KIOSK_IDLE_MS + 100, step=500)
    assert d.screen() == "Attract"
    assert d.app.session.game is None
    assert [n for n in d.flash.files if n.startswith("game")] == []
    assert d.app.grid.cut == 0 and d.app.errors == []


def test_kiosk_demo_ends_after_two_minutes_even_when_busy():
    """P40-T-01: the guided demo is at most DEMO_MS long, then attract again."""
    d = Device(kiosk=True)
    d.press("select")
    assert d.screen() == "Guided"
    for _ in range(11):  # a busy visitor: a press every 10 s for 110 s
        d.wait(10000, step=500)
        d.press("down")
    assert d.screen() == "Guided"
    d.wait(11000, step=500)  # 121 s after the start, only 11 s idle
    assert d.screen() == "Attract"


def test_settings_brightness_dice_and_free_heap_are_kept():
    """P40-C-78: LED brightness caps the tower's dice light; the setting survives a restart."""
    d = Device()
    d.select_item("Settings")
    assert "Free heap" in d.text()
    d.press("down")      # LED brightness
    d.press("right", 5)  # 50 % -> 100 %
    assert "100%" in d.text()
    assert d.app.tower.max_level() == 255
    d.press("left", 10)
    assert d.app.tower.max_level() == 0
    d.press("up")
    d.press("right")     # dice: device -> physical
    d2 = Device(flash=d.flash)
    assert d2.app.settings.dice == "physical" and d2.app.settings.brightness == 0


def test_physical_dice_entered_as_hits_per_column():
    """CL-C-02 / P40-C-78: with physical dice the players enter hits per battle-board column;
    3 infantry at 1 and 1 artillery at 2 (P40-U-30: one infantry supported at 2)."""
    d = Device()
    d.app.settings.dice = "physical"
    d.select_item("Battle board")
    d.press("right", 3)
    d.press("down")
    d.press("right")
    d.press("select")   # defender, from its first unit
    d.press("right", 2)  # 2 infantry
    d.press("roll")      # fight
    d.press("roll")      # first roll: the device asks for hits
    assert d.screen() == "HitsEntry"
    rows = d.lines()[1:-1]
    # columns: 2 infantry at 1, 1 infantry + 1 artillery at 2
    assert rows[0].startswith("2 dice at 1") and rows[1].startswith("2 dice at 2")
    d.press("right")     # 1 hit at 1
    d.press("down")
    d.press("right", 3)  # capped at 2 dice
    assert "hits 2" in d.lines()[2]
    d.press("select")
    assert d.app.errors == []
    run = [sc for sc in d.app.stack if type(sc).__name__ == "BattleRun"][0]
    assert ("A hits: 3", ui.NORMAL) in run.log
    assert d.screen() == "HitsEntry" and d.lines()[0] == "Defender rolls"


def test_grid_redraws_only_changed_labels():
    """P40-T-11: moving the purchase cursor rewrites two rows, not the screen."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.press("select")    # Purchase
    before = d.app.grid.updates
    d.press("down")
    changed = d.app.grid.updates - before
    assert 1 <= changed <= 3  # old row, new row (and nothing else)
    before = d.app.grid.updates
    d.wait(2000)         # nothing happens: nothing is redrawn
    assert d.app.grid.updates == before


def test_footers_use_the_device_button_names():
    """P40-T-01: key hints name the buttons printed on each device."""
    labels = (("select", "Press"), ("back", "B"), ("roll", "A"))
    assert ui.key_hints("A:ok B:back", labels, 26) == "Press:ok B:back"
    assert ui.key_hints("A:act Start:next", labels, 26) == "Press:act A:next"
    assert ui.key_hints("A:act Start:next", labels, 10) == "Press:act"


def test_read_only_drive_plays_on_and_says_so():
    """P40-T-11: with the drive read-only (boot.py, back held) purchases still work; the
    dashboard warns that nothing is saved."""
    from fw_device import Flash
    flash = Flash()
    flash.sim.writable = False           # CIRCUITPY read-only to code: every write is refused
    d = Device(flash=flash)
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.press("select")
    d.press("right")
    d.press("select")
    assert d.app.session.summary()["treasury"]["Japan"] == 23
    assert "Not saving" in d.text()


def test_victory_shown_from_the_summary():
    """P40-G-11: when the engine reports a winner the dashboard says so and opens the
    victory screen on any key."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.app.session.game.state.victory = 0  # as the engine's victory check sets it
    d.app.dirty = True
    d.app.tick()
    assert "Victory: Axis" in d.text()
    d.press("select")
    assert d.screen() == "Victory"
    assert "Axis" in d.lines()[1]
    assert d.app.grid.cut == 0


def test_sound_ticks_once_per_die_when_on():
    """P40-C-78: with sound on, each die revealed on the tower ticks once; off, silence."""

    class Pwm:
        def __init__(self):
            self.duty_cycle = 0
            self.frequency = 0
            self.starts = 0

        def __setattr__(self, k, v):
            if k == "duty_cycle" and v:
                object.__setattr__(self, "starts", getattr(self, "starts", 0) + 1)
            object.__setattr__(self, k, v)

    d = Device()
    pwm = Pwm()
    from firmware.sound import PwmTone
    d.app.sound.tone = PwmTone(pwm)
    d.app.tower.roll(0, [1, 5, 2], [True, False, True], d.now())
    d.wait(2000, step=20)
    assert pwm.starts == 0  # sound is off by default
    d.app.sound.enabled = True
    d.app.tower.roll(0, [1, 5, 2], [True, False, True], d.now())
    d.wait(2000, step=20)
    assert pwm.starts == 3 and pwm.duty_cycle == 0


def test_live_odds_follow_a_sea_battle_with_damaged_ships():
    """P40-U-50 / P40-C-90: two-hit battleships against destroyers; whenever the battle stops
    for the retreat question the screen shows the odds engine's figure for the ships left."""
    from engine_core.odds import exact as odds_mod
    from engine_core.battle import base as bmod
    from firmware.screens import battle as screen
    assert (screen._P_RETREAT, screen._P_DICE) == (bmod.P_RETREAT, bmod.P_DICE)
    assert (screen._P_CASUALTIES, screen._S_DEFEND) == (bmod.P_CASUALTIES, bmod.S_DEFEND)
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    board = d.app.session.board
    names = [board.unit_name(u) for u in setup.ids]
    setup.sides[0][names.index("battleship")] = 2
    setup.sides[1][names.index("destroyer")] = 3
    setup.kind = "sea"
    d.press("roll")
    run = d.app.top()
    checked = 0
    for _ in range(30):
        b = d.app.session.battle
        if b is None or b.result is not None:
            break
        if d.screen() == "BattleRun" and b.prompt is not None and b.prompt.kind == bmod.P_RETREAT:
            want = odds_mod.live(b)  # the odds engine's own reading of the survivors
            assert run.odds_text == "Win " + screen.percent(want["attacker_wins"])
            checked += 1
            d.press("select")       # open the retreat question
            d.select_item("Press on")
        else:
            d.press("roll")
        d.wait(100)
    assert checked >= 1
    assert d.app.errors == []


def test_classic_victory_through_the_screens_and_undo():
    """CL-P-10: Germany holding Moscow (Russia) and London (United Kingdom) at the end of its
    turn wins for the Axis; collecting income ends the turn, the dashboard says so, the
    victory screen follows; undo (long back, Yes) takes the last action back."""
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
    assert d.app.session.summary()["victory"] is None
    d.press("select")            # Income
    d.press("select")            # collect (Classic: no convoy)
    assert d.screen() == "Dashboard"
    assert "Victory: Axis" in d.text()
    d.press("select")
    assert d.screen() == "Victory" and "Axis" in d.lines()[1]
    d.press("back")
    d.wait(100)                  # a new press, not contact bounce of the last one
    d.hold("back", 800)
    assert d.screen() == "Confirm"
    d.select_item("Yes")
    s = d.app.session.summary()
    assert s["victory"] is None and s["phase"] == "collect_income" and s["power"] == "Germany"
    assert d.app.grid.cut == 0 and d.app.errors == []


def test_attract_loop_draws_its_rolls_as_dice_and_names_both_sides():
    """Issue 18 point 3 / P40-C-78: the store demo's attract battle shows its rolls as dice, the
    battle board's rows (log_rows), each die a hit when it is at or under the value the units
    hit on; the last roll on screen is the engine's last roll; both sides still named."""
    from engine_core import events as ev
    from firmware.hardware import sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka
    for base in (sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka):
        d = Device(kiosk=True, base=base)
        d.wait(kiosk.ATTRACT_STEP_MS * 3)
        v = d.app.view()
        cols, body = d.app.grid.size(v.dense)
        texts = [t for t, _s in v.rows]
        assert kiosk.DEMO_SIDES in texts, (base.NAME, texts)
        assert v.dice, (base.NAME, texts)
        last = [e for e in d.app.top().battle.events if e[0] == ev.E_ROLL][-1]
        value, faces = last[3], tuple(last[4])
        row = max(v.dice)
        col, side, shown, hits = v.dice[row]
        assert faces[-len(shown):] == shown and side == last[1], (base.NAME, faces, shown)
        assert hits == tuple(f <= value for f in shown)
        for row, (col, side, shown, hits) in v.dice.items():
            assert texts[row][col:col + 2 * len(shown)] == ui.dice_text(shown)
            assert col + 2 * len(shown) <= cols
        assert ui.slots_used(v) <= body
        assert d.app.grid.cut == 0 and d.app.errors == [], base.NAME

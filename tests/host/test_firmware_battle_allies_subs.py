"""The battle set-up names an ally's submarines when a power of the defending side has Super
Submarines (issue 16, LHTR-T-06 "Technology helps only the power that researched it", LHTR-T-09
"they cannot be hit by enemy aircraft unless an enemy destroyer is in the zone"): the "Ally
submarine" row, the odds of the split, and the casualty screen's row per owner."""

from test_firmware_battle_setup import _lhtr_family_combat, _set
from test_firmware_battle_allies import _ally_to, _a_fighter_against_the_us
from fw_device import Device


def _uk_super_sub_beside_us_ships(d, defenders=(("submarine", 2), ("destroyer", 1))):
    """LHTR, Germany's combat: one fighter against the US side's `defenders` in the first sea
    zone (by default two subs and a destroyer), the UK with Super Submarines; the set-up screen on
    top (the subs' "Ally submarine" row names how many are the UK's). Returns the session."""
    from engine_core import techs
    _lhtr_family_combat(d, "Revised LHTR")
    s = d.app.session
    board = s.board
    s.game.state.techs[board.power_id("United Kingdom")] |= techs.SUPER_SUBS
    _a_fighter_against_the_us(d, board, defenders)
    return s


def test_the_ally_submarine_row_and_the_odds_of_the_split():
    """LHTR-T-06 LHTR-T-09: the "Ally submarine" row shows while a power of the side has Super
    Submarines (not otherwise: whose sub it is changes nothing); the UK's sub named, the options
    give the side's technologies and one sub with them; the set-up's odds are the hand-worked
    ones of tests/portable/test_allied_super_subs.py: a draw 1/9 (both subs super: 1/3)."""
    from engine_core import techs
    d = Device()
    s = _uk_super_sub_beside_us_ships(d)
    board = s.board
    setup = d.app.top()
    assert "Ally" in setup.names and "Ally submarine" in setup.names
    assert "Ally destroyer" not in setup.names
    s.game.state.techs[board.power_id("United Kingdom")] &= ~techs.SUPER_SUBS
    setup.build()
    assert "Ally" not in setup.names
    s.game.state.techs[board.power_id("United Kingdom")] |= techs.SUPER_SUBS
    setup.build()
    _ally_to(d, "United Kingdom")
    _set(d, "Ally submarine", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_tech"] == ("super_submarines",) and opts["defender_teched"] == {"submarine": 1}
    r = s.odds("sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1}, opts)
    assert abs(r["draw"] - 1.0 / 9) < 1e-9
    both = s.odds("sea", {"fighter": 1}, {"submarine": 2, "destroyer": 1},
                  {"defender_tech": ("super_submarines",)})
    assert abs(both["draw"] - 1.0 / 3) < 1e-9


def test_the_casualty_screen_has_a_row_per_owner_and_refuses_a_planes_hit_on_the_super_sub():
    """LHTR-T-09 LHTR-U-80, LHTR-C-26: the fighter's 3 at 3 hits; the casualty screen has a row
    for the US sub (preset: the default) and one for the UK super sub; moving the loss to the
    super sub is refused on screen with the rule id and nothing changes; the US sub lost is
    taken. The destroyer fires back: 2 at 3, the fighter is lost."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s = _uk_super_sub_beside_us_ships(d)
    _ally_to(d, "United Kingdom")
    _set(d, "Ally submarine", 1)
    d.press("roll")
    b = s.battle
    p = b.run_until_prompt(FixedDice([3]))
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    screen = d.app.top()
    f = screen.names.index("Lose submarine")
    assert screen.names[f + 1] == "Lose submarine (super)"
    assert screen.counts[f:f + 2] == [1, 0]
    d.press("down", f - screen.cursor)
    d.press("left")
    d.press("down")
    d.press("right")
    d.press("select")
    d.wait(100)
    assert b.prompt is p and d.screen() == "Casualties"
    assert "LHTR-U-80" in d.text().replace("\n", " ")
    sub = s.board.unit_id("submarine")
    assert b.teched_free(sub) == (1, 1)
    d.press("left")
    d.press("up")
    d.press("right")
    d.press("select")
    assert b.prompt is None and d.screen() != "Casualties"
    b.run_until_prompt(FixedDice([2]))
    assert b.result is not None and b.result["outcome"] == bmod.O_DEFENDER_WON
    assert b.teched_free(sub) == (1, 0)


def test_the_casualty_screen_asks_for_the_hits_that_can_be_taken():
    """LHTR-A-10 ("Aircraft hits that can't be assigned are wasted") LHTR-T-09: 3 fighters and
    a battleship (no destroyer) hit 3 + 1 times against a US sub, two UK super subs and a US
    destroyer: the battleship's hit may go on a super sub, the fighters' on the US sub and the
    destroyer only, so 3 hits can be taken and the fourth is wasted. The casualty screen asks
    for those 3 (not 4: a choice the engine would refuse), preset to the default (the US sub,
    one super sub, the destroyer), and Select takes it."""
    from engine_core.battle import base as bmod
    d = Device()
    d.select_item("New game")
    d.select_item("Revised LHTR")
    d.press("select")
    s = d.app.session
    b = s.start_battle("sea", {"fighter": 3, "battleship": 1}, {"submarine": 3, "destroyer": 1},
                       options={"defender_tech": ("super_submarines",),
                                "defender_teched": {"submarine": 2}})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_DICE and p.side == 1          # the subs' opening fire: no hit
    b.answer({"hits": [0]})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_DICE and p.side == 0 and p.info[1] == ((3, 3), (4, 1))
    b.answer({"hits": [3, 1]})
    p = b.run_until_prompt(None)
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    screen = d.app.top()
    assert screen.hits == 3 and screen.taken() == 3
    f = screen.names.index("Lose submarine")
    assert screen.names[f + 1] == "Lose submarine (super)" and screen.counts[f:f + 2] == [1, 1]
    d.press("select")
    assert b.prompt is None
    sub = s.board.unit_id("submarine")
    assert b.cas[1][sub] == 2 and b.teched_free(sub) == (1, 0)

"""An amphibious assault's set-up names whose ships defend the launch zone (issue 16): the
"Sea defender" row (shown on the defender's side once sea defenders are entered; by default the
territory's owner) makes session.battle_options give the sea battle that power's technologies
(sea_defender_tech; CL-T-05: "A development helps only the power that rolled it. Allies do not
share it."), the land battle the owner's, in the battle, its odds and a pending battle's record."""

from engine_core import techs
from engine_core.dice import FixedDice
from test_firmware_battle_setup import _lhtr_family_combat, _set, _to_row
from fw_device import Device


def _uk_coast(board, state):
    """A territory of the United Kingdom's with a coast (its first, in id order)."""
    from firmware.screens.battle import launch_zones
    uk = board.power_id("United Kingdom")
    for t in range(board.territory_count):
        if not board.is_sea(t) and state.owner[t] == uk and launch_zones(board, t):
            return t
    raise AssertionError("no coastal UK territory")


def _assault_on_uk_coast(d, sea_attackers):
    """Germany's combat (the game already set, its technologies given): an assault on a UK coastal
    territory, 1 infantry aboard, the launch zone's attackers `sea_attackers` [(row name, n)], against
    1 UK infantry; the defender's side shown. Returns the set-up."""
    board = d.app.session.board
    d.select_item(board.territory_name(_uk_coast(board, d.app.session.game.state)))
    setup = d.app.top()
    _set(d, "infantry", 1)
    _to_row(d, "Kind")
    d.press("right")                                    # land -> amphibious
    d.wait(100)
    assert setup.kind == "amphibious"
    _set(d, "Seaborne infantry", 1)
    for name, n in sea_attackers:
        _set(d, name, n)
    d.press("select")                                   # the defender
    _set(d, "infantry", 1)
    return setup


def _assault(d):
    """Classic, Germany's combat, the United States with Jet Power: an assault on a UK coastal
    territory (1 infantry aboard a transport with 2 battleships) against 1 UK infantry and, in
    the launch zone, a carrier and a fighter. Returns (session, board, setup)."""
    _lhtr_family_combat(d, "Classic 2nd ed.")
    s = d.app.session
    board = s.board
    s.game.state.techs[board.power_id("United States")] |= techs.JETS
    setup = _assault_on_uk_coast(d, (("Sea battleship", 2), ("Sea transport", 1)))
    assert "Sea defender" not in setup.names            # no ships entered there yet
    _set(d, "Sea carrier", 1)
    _set(d, "Sea fighter", 1)
    return s, board, setup


def _sea_to(d, name):
    setup = d.app.top()
    _to_row(d, "Sea defender")
    for _ in range(len(setup.sea_powers)):
        if d.app.session.board.power_name(setup.sea_powers[setup.sea_power]) == name:
            break
        d.press("right")
    d.wait(100)
    assert d.app.session.board.power_name(setup.sea_powers[setup.sea_power]) == name


def test_us_ships_in_the_launch_zone_fight_with_the_us_jets():
    """CL-T-05 CL-T-06 CL-C-42: the "Sea defender" row starts at the territory's owner (the UK,
    no jets: the sea battle as before); named the United States, the sea battle has its Jet
    Power, the land battle the UK's none. Fought with given dice: the battleships roll 1, 1
    (carrier and fighter hit), they fire back 6 and 5: the US jet fighter's 5 hits; the attacker
    loses its transport (the default) with the infantry aboard: nothing lands."""
    from engine_core.battle.base import O_DEFENDER_WON
    d = Device()
    s, board, setup = _assault(d)
    assert board.power_name(setup.sea_powers[setup.sea_power]) == "United Kingdom"
    _to_row(d, "Sea defender")
    assert any(line.startswith("Sea def") and line.endswith("United Kingdom") for line in d.lines())
    assert setup.options()["sea_defender_tech"] == ()
    _sea_to(d, "United States")
    opts = setup.options()
    assert opts["sea_defender_tech"] == ("jet_fighters",) and opts["defender_tech"] == ()
    assert setup.refusal is None
    d.press("roll")
    b = s.battle
    assert b is not None and b.part == 0
    assert b.tech == [0, techs.JETS] and b.land_tech == 0
    dice = FixedDice([1, 1, 6, 5])
    p = b.run_until_prompt(dice)
    while p is not None:
        b.answer(None)                               # the defaults
        p = b.run_until_prompt(dice)
    r = b.result
    u = board.unit_id
    assert r["outcome"] == O_DEFENDER_WON and not r["captured"] and dice.used == 4
    assert r["lost"][0][u("transport")] == 1 and r["lost"][0][u("infantry")] == 1


def test_the_sea_defender_reaches_the_odds_and_a_pending_battle():
    """CL-T-06 CL-C-42: the set-up's odds of the assault change with the sea defender's jets
    (the fighter at 5, not 4, at sea); a pending assault keeps the power it named
    (firmware/pending.py)."""
    from firmware import pending
    d = Device()
    s, board, setup = _assault(d)
    d.wait(300)
    before = setup.odds_text
    _sea_to(d, "United States")
    d.wait(300)
    assert setup.odds_text != before and setup.odds_text.startswith("Sea")
    us = board.power_id("United States")
    assert setup.chosen_options()["sea_defender_power"] == us
    assert pending._options({"sea_defender_power": us}) == {"sea_defender_power": us}
    assert pending._options({"sea_defender_power": 99}) is None

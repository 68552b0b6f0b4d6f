"""Kamikaze tokens spent in a battle fought on the fake device are spent in the game too.

P40-C-30 (rulebook, Kamikaze Strikes): "Japan is allowed to make 6 kamikaze strikes during the
game ... For each declared strike, 1 Kamikaze token must be spent ... and will be removed from
the game after the strike is resolved." P40-C-31: "These strikes can be made only in sea zones
that contain the Kamikaze symbol ... If an Allied player attacks Japanese units in or declares
an amphibious assault from one of these sea zones". The device records each battle with the
`battle` action; it left out the strikes, so Japan's 6 tokens never ran out.
"""

import os
import sys

from fw_device import Device
from engine_core.dice import FixedDice

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable"))
from portable_helpers import _to  # noqa: E402


def _us_at_war(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    g = d.app.session.game
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United States"})
    _to(g, "United States", "combat")
    return g


def _strike(d, setup, dice):
    """Declare 1 token on the set-up, start, answer each question with its first choice (the
    strike's target, press on), roll the given dice, record the result."""
    s = d.app.session
    d.press("select")                                  # the defender's side
    top = d.app.top()
    d.press("down", top.names.index("Kamikaze tokens") - top.cursor)
    d.press("right")                                   # 1 token declared
    assert setup.refusal is None and setup.options()["kamikaze"] == 1
    d.app.dice_source = lambda: dice
    d.press("roll")                                    # start
    for _ in range(30):
        if s.battle is None or s.battle.result is not None:
            break
        if d.screen() == "BattlePrompt":
            d.press("select")                          # the first choice: the strike's target, press on
        else:
            d.press("roll")
    assert s.battle.result is not None
    d.press("select")                                  # the result screen
    d.press("select")                                  # record it
    assert d.screen() == "Dashboard", d.screen()


def test_a_sea_battle_strike_spends_a_token():
    """The US attacks Japanese units in Sea Zone 6 (a kamikaze zone) with 2 destroyers against 1;
    Japan declares 1 strike on a destroyer and rolls a 1 (hit: it sinks, P40-C-36); then the
    battle: 1 destroyer against 1, dice 2 (hit) and 6 (miss): the US wins. Recorded: Japan has
    6 - 1 = 5 tokens left; no error on the way (the luck ledger saves a sea battle too)."""
    from firmware.screens.battle import BattleSetup
    d = Device()
    g = _us_at_war(d)
    b = g.board
    setup = BattleSetup(d.app, "sea", {"destroyer": 2}, {"destroyer": 1}, territory=b.territory_id("Sea Zone 6"))
    d.app.push(setup)
    _strike(d, setup, FixedDice([1, 2, 6]))
    assert g.state.journal[-1][0:2] == (6, b.territory_id("Sea Zone 6"))
    assert g.state.kamikaze == 5
    assert d.app.errors == []


def test_an_assault_strike_from_a_kamikaze_zone_spends_a_token():
    """The US assaults Iwo Jima (1 Japanese infantry) from Sea Zone 17, a kamikaze zone, with 2
    infantry offloaded and a cruiser offshore; Japan declares 1 strike on the cruiser and misses
    (a 6): no bombardment after a strike (P40-C-60). The land battle: 2 infantry at 1 roll 1 and
    1 (the defender's only unit is hit), its infantry at 2 rolls 6: Iwo Jima taken. Recorded
    with its strike: 5 tokens left (P40-C-31 allows the assault's launch zone)."""
    from firmware.screens.battle import BattleSetup
    d = Device()
    g = _us_at_war(d)
    b = g.board
    setup = BattleSetup(d.app, "amphibious", {"infantry": 2}, {"infantry": 1},
                        territory=b.territory_id("Iwo Jima"),
                        options={"bombard": {"cruiser": 1}, "seaborne": {"infantry": 2}})
    d.app.push(setup)
    _strike(d, setup, FixedDice([6, 1, 1, 6]))
    assert g.state.kamikaze == 5
    assert d.app.errors == []

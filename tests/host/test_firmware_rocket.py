"""Rocket attacks on the fake device (firmware/screens/rocket.py): Conduct combat > Rocket
attack, offered only to a power with Rockets; the target, then the launcher within range,
one die (the device's or typed), recorded at once as the ledger's `rocket` action."""

import sys

from fw_device import Device
from engine_core import techs
from engine_core.dice import FixedDice
from engine_core.ledger import economy


def _classic_combat(d, rockets=True):
    d.select_item("New game")
    d.select_item("Classic")
    d.press("select")
    if rockets:
        g = d.app.session.game
        g.state.techs[g.board.power_id("Soviet Union")] = techs.ROCKETS
    for _ in range(6):                    # Soviet Union: research, purchase, combat move -> combat
        if d.app.session.summary()["phase"] == "combat":
            break
        d.press("roll")
    assert d.app.session.summary()["phase"] == "combat"


def _menu_labels(d):
    return [it[0] for it in d.app.top().items]


def _unloaded():
    return "engine_core.battle.rocket_range" not in sys.modules and "firmware.screens.rocket" not in sys.modules


def test_no_rocket_entry_without_the_technology():
    """CL-T-07: the rocket attack is the Rockets development's; a Soviet Union without it sees
    Bombing raid but no Rocket attack in Conduct combat."""
    d = Device()
    _classic_combat(d, rockets=False)
    d.press("select")
    labels = _menu_labels(d)
    assert "Bombing raid" in labels and "Rocket attack" not in labels


def test_classic_rocket_from_karelia_then_refused_second():
    """CL-T-07 / CL-A-21: the Soviet Union (Rockets) fires at Germany from Karelia (2 spaces:
    Karelia - East Europe - Germany); Russia and Caucasus (3: Caucasus - Ukraine - East Europe
    - Germany) are offered too, Kazakh (4: Kazakh - Russia - Karelia - East Europe - Germany)
    is not.
    The die shows 5: Germany pays 5 of its 32 IPCs. A second rocket this turn is refused with
    the rule id, and Germany keeps 27."""
    d = Device()
    _classic_combat(d)
    d.press("select")
    d.select_item("Rocket attack")
    assert d.screen() == "TerritoryPicker"
    d.select_item("Germany")
    assert d.screen() == "RocketFrom"
    labels = _menu_labels(d)
    assert labels == ["From Caucasus", "From Karelia S.S.R.", "From Russia"]
    assert "IC value 10 treasury 32" in d.text()
    d.select_item("From Karelia S.S.R.")
    assert d.screen() == "RocketRun"
    dice = FixedDice([5])
    d.app.dice_source = lambda: dice
    d.press("roll")
    assert "IPCs lost 5" in d.text()
    assert d.app.session.summary()["treasury"]["Germany"] == 27
    entry = d.app.session.game.state.journal[-1]
    assert entry[0] == 16 and entry[3] == 5      # journal.ROCKET, the die
    d.press("roll")                              # done
    assert _unloaded()
    d.press("select")
    d.select_item("Rocket attack")
    d.select_item("Germany")
    d.select_item("From Russia")
    n = len(d.app.session.game.state.journal)
    d.app.dice_source = lambda: FixedDice([6])
    d.press("roll")
    assert "CL-T-07" in d.text()
    assert d.app.session.summary()["treasury"]["Germany"] == 27
    assert len(d.app.session.game.state.journal) == n
    d.press("back")
    assert _unloaded()
    assert d.app.errors == []


def test_pacific_rocket_typed_die_on_an_air_base():
    """P40-R-12: Japan (Rockets, at war with the United States) fires from its air base in
    Japan at the Philippines (4 spaces: Japan - Sea Zone 19 - 20 - 35 - Philippines), at the
    air base; the players type a 5: 5 damage markers on it (cap 6, P40-U-70), none on the
    naval base."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    g = d.app.session.game
    g.state.techs[g.board.power_id("Japan")] = techs.ROCKETS
    d.press("roll")                       # Purchase -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United States")
    d.select_item("Yes")
    d.press("roll")                       # -> Conduct combat
    d.press("select")
    d.select_item("Rocket attack")
    d.select_item("Philippines")
    assert "Air base damage 0" in d.text()
    d.select_item("Japan > Air base")
    d.app.dice_source = lambda: None
    d.press("roll")
    assert d.screen() == "RocketDie"
    d.press("right", 4)                   # 1 -> 5
    d.press("roll")
    assert d.screen() == "RocketRun" and "Damage +5 = 5" in d.text()
    g = d.app.session.game
    ph = g.board.territory_id("Philippines")
    assert economy.get_damage(g.state, ph, economy.DMG_AIR) == 5
    assert economy.get_damage(g.state, ph, economy.DMG_NAVAL) == 0
    d.press("roll")
    assert _unloaded()
    assert d.app.errors == []

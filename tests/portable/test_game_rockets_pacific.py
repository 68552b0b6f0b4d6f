"""Rocket attacks in the Pacific 1940 ledger (the `rocket` action; its own file: one Pacific
game in the device-sized heap of the MicroPython gate). See test_game_rockets.py."""
import gc

from engine_core.ledger.game import Game
from engine_core.ledger import economy as E
from engine_core import techs
from portable_helpers import _raises, _to
from test_game_rockets import _path_ok, _rocket


def test_pacific_rockets_from_operative_air_bases():
    """P40-R-12: each operative air base may make one rocket attack a turn, within 4 spaces,
    on an enemy IC, air base or naval base: 1 die of damage markers, capped as a raid's
    (P40-U-70: 6 on a base; P40-X-44: one facility may take several rockets). Japan (Rockets)
    not at war with the United States is refused. At war: Formosa has no air base (refused);
    Japan's air base fires at the Philippines' air base, 4 spaces (Japan - Sea Zone 19 - 20 -
    35 - Philippines): 5 markers; a second rocket from Japan is refused; India is 7 spaces
    away (refused). An air base put on Okinawa (4 spaces) does not launch while it holds 3
    markers; repaired, it rolls 4: 5 + 4 stops at the cap of 6."""
    g = Game.new("pacific_1940")
    b = g.board
    assert _path_ok(b, ("Japan", "Sea Zone 19", "Sea Zone 20", "Sea Zone 35", "Philippines"))
    g.state.techs[b.power_id("Japan")] = techs.ROCKETS
    _to(g, "Japan", "combat")
    _raises("P40-R-12", g.apply, _rocket("Philippines", "Japan", 5, "air_base"))
    g = b = None
    gc.collect()   # one Pacific game at a time in the device's heap
    g = Game.new("pacific_1940")
    b = g.board
    g.state.techs[b.power_id("Japan")] = techs.ROCKETS
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "Japan", "combat")
    ph = b.territory_id("Philippines")
    _raises("P40-R-12", g.apply, _rocket("Philippines", "Formosa", 5, "air_base"))
    g.apply(_rocket("Philippines", "Japan", 5, "air_base"))
    assert E.get_damage(g.state, ph, E.DMG_AIR) == 5
    _raises("P40-R-12", g.apply, _rocket("Philippines", "Japan", 1, "naval_base"))
    _raises("P40-R-12", g.apply, _rocket("India", "Japan", 1))
    ok = b.territory_id("Okinawa")
    g.state.facilities[ok] |= E.FAC_AIR_BASE
    E.set_damage(g.state, ok, E.DMG_AIR, 3)
    _raises("P40-R-12", g.apply, _rocket("Philippines", "Okinawa", 4, "air_base"))
    E.set_damage(g.state, ok, E.DMG_AIR, 0)
    g.apply(_rocket("Philippines", "Okinawa", 4, "air_base"))
    assert E.get_damage(g.state, ph, E.DMG_AIR) == 6
    assert E.get_damage(g.state, ph, E.DMG_NAVAL) == 0 and g.state.damage[ph] == 0

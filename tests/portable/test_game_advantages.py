"""Revised / LHTR national advantages the ledger keeps (engine_core/ledger/advantages.py)."""
from engine_core.ledger.game import Game
from engine_core.ledger import advantages as A
from engine_core.ledger import save as save
from portable_helpers import _raises, _to

ALL = ("russian_winter", "salvage", "joint_strike", "enigma_decoded", "french_resistance",
       "colonial_garrison", "chinese_divisions")


def _game(names=ALL):
    return Game.new("revised_lhtr", options={"national_advantages": list(names)})


def test_advantage_only_when_in_play():
    """LHTR-O-02: an advantage not chosen at set-up is refused, and none exist in Classic."""
    g = _game(("salvage",))
    _to(g, "Soviet Union", "collect_income")
    _raises("LHTR-O-02", g.apply, {"type": "advantage", "name": "russian_winter"})
    g = Game.new("classic", options={"national_advantages": list(ALL)})
    _raises("LHTR-O-02", g.apply, {"type": "advantage", "name": "joint_strike"})


def test_russian_winter_once_per_game():
    """LHTR-O-10: once per game, in its Collect Income phase, the USSR declares a severe
    winter: Soviet infantry defend at 3 until the USSR's next turn begins."""
    g = _game()
    _raises("LHTR-O-10", g.apply, {"type": "advantage", "name": "russian_winter"})   # research
    _to(g, "Soviet Union", "collect_income")
    ev = g.apply({"type": "advantage", "name": "russian_winter"})
    assert ev == [(A.EV_ADVANTAGE, g.board.power_id("Soviet Union"), "russian_winter")]
    assert A.winter_active(g.state)
    _to(g, "United States", "collect_income")
    assert A.winter_active(g.state)                   # still on through the round
    g.apply({"type": "end_phase"})                    # the USSR's next turn begins
    assert not A.winter_active(g.state)
    _to(g, "Soviet Union", "collect_income")
    _raises("LHTR-O-10", g.apply, {"type": "advantage", "name": "russian_winter"})


def test_salvage_free_tank():
    """LHTR-O-13: in an Axis attack on a red territory the USSR holds against tanks, the
    USSR places 1 free tank there; never in its own turn nor in a territory it lost."""
    g = _game()
    b = g.board
    su = b.power_id("Soviet Union")
    _raises("LHTR-O-13", g.apply, {"type": "advantage", "name": "salvage", "territory": "Karelia S.S.R."})
    _to(g, "Germany", "combat")
    ev = g.apply({"type": "advantage", "name": "salvage", "territory": "Karelia S.S.R."})
    assert ev == [(A.EV_FREE_UNITS, su, b.territory_id("Karelia S.S.R."), b.unit_id("armor"), 1)]
    g.apply({"type": "capture", "territory": "Karelia S.S.R."})
    _raises("LHTR-O-13", g.apply, {"type": "advantage", "name": "salvage", "territory": "Karelia S.S.R."})


def test_salvage_one_tank_per_battle():
    """LHTR-O-13: "If you retain control of a red territory against attacking tanks and at
    least one attacking tank is destroyed, you may place one free Soviet tank in that
    territory" -- one tank for that battle, and a territory holds one battle in a Conduct
    Combat phase. Germany attacks Karelia and Caucasus: one tank each (2 in all); a second
    claim for Karelia is refused (it gave 1 tank per claim before); Japan's attack on
    Karelia in its own turn gives another."""
    g = _game(("salvage",))
    _to(g, "Germany", "combat")
    use = {"type": "advantage", "name": "salvage", "territory": "Karelia S.S.R."}
    tanks = len(g.apply(use))
    tanks += len(g.apply({"type": "advantage", "name": "salvage", "territory": "Caucasus"}))
    before = (g.state.snapshot(), len(g.state.journal))
    _raises("LHTR-O-13", g.apply, use)
    assert (g.state.snapshot(), len(g.state.journal)) == before and tanks == 2
    _to(g, "Japan", "combat")
    assert g.apply(use)[0][3:] == (g.board.unit_id("armor"), 1)
    _raises("LHTR-O-13", g.apply, use)


def test_joint_strike_uk_skips_movement():
    """LHTR-O-31: once per game, at the start of a round before the Soviet turn, the UK
    declares a Joint Strike: that round the UK skips combat move, conduct combat and
    noncombat move (its other phases stay)."""
    g = _game()
    g.apply({"type": "end_phase"})
    _raises("LHTR-O-31", g.apply, {"type": "advantage", "name": "joint_strike"})   # too late
    g = _game()
    g.apply({"type": "advantage", "name": "joint_strike"})
    _to(g, "United Kingdom", "research")
    seen = []
    while g.summary()["power"] == "United Kingdom":
        seen.append(g.summary()["phase"])
        g.apply({"type": "end_phase"})
    assert seen == ["research", "purchase", "mobilize", "collect_income"]
    _to(g, "United Kingdom", "research")              # round 2: a normal turn
    seen = []
    while g.summary()["power"] == "United Kingdom":
        seen.append(g.summary()["phase"])
        g.apply({"type": "end_phase"})
    assert len(seen) == 7
    _to(g, "Soviet Union", "research")
    _raises("LHTR-O-31", g.apply, {"type": "advantage", "name": "joint_strike"})    # once


def test_enigma_once_in_germanys_combat():
    """LHTR-O-32: once per game, after Germany's combat move and before its combat, the UK
    makes one special move (on the map); the device keeps the once-per-game flag."""
    g = _game()
    _to(g, "Germany", "combat_move")
    _raises("LHTR-O-32", g.apply, {"type": "advantage", "name": "enigma_decoded"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "advantage", "name": "enigma_decoded"})
    _raises("LHTR-O-32", g.apply, {"type": "advantage", "name": "enigma_decoded"})


def test_french_resistance():
    """LHTR-O-34: once per game, if the Allies control Western Europe, the UK places 3 free
    infantry there in its Mobilize phase."""
    g = _game()
    b = g.board
    we = b.territory_id("Western Europe")
    _to(g, "United Kingdom", "mobilize")
    _raises("LHTR-O-34", g.apply, {"type": "advantage", "name": "french_resistance"})   # German
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": we})
    _to(g, "United Kingdom", "mobilize")
    ev = g.apply({"type": "advantage", "name": "french_resistance"})
    assert ev == [(A.EV_FREE_UNITS, b.power_id("United Kingdom"), we, b.unit_id("infantry"), 3)]
    _raises("LHTR-O-34", g.apply, {"type": "advantage", "name": "french_resistance"})


def test_colonial_garrison_extra_complex():
    """LHTR-O-35: the UK starts with 1 extra IC in a tan territory worth at least 1 (not
    where an IC stands, LHTR-U-22); it then places up to the territory's value (LHTR-U-21:
    India, 3)."""
    g = _game()
    b = g.board
    india = b.territory_id("India")
    _raises("LHTR-O-35", g.apply, {"type": "advantage", "name": "colonial_garrison", "territory": "Russia"})
    _raises("LHTR-U-22", g.apply, {"type": "advantage", "name": "colonial_garrison", "territory": "United Kingdom"})
    g.apply({"type": "advantage", "name": "colonial_garrison", "territory": india})
    assert g.state.facilities[india] & 1
    _to(g, "United Kingdom", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "United Kingdom", "mobilize")
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": india, "units": {"infantry": 4}})
    g.apply({"type": "place", "territory": india, "units": {"infantry": b.ipc(india)}})
    assert b.ipc(india) == 3
    g = _game()
    g.apply({"type": "end_phase"})
    _raises("LHTR-O-35", g.apply, {"type": "advantage", "name": "colonial_garrison", "territory": india})


def test_colonial_garrison_one_complex():
    """LHTR-O-35: "You begin the game with one additional industrial complex in any tan
    territory with an income value of at least 1": one. India takes it; a second in
    Australia (tan, worth 2, no IC) at the same set-up was accepted (2 extra complexes) and
    is now refused, changing nothing."""
    g = _game(("colonial_garrison",))
    g.apply({"type": "advantage", "name": "colonial_garrison", "territory": "India"})
    aus = g.board.territory_id("Australia")
    before = (g.state.snapshot(), len(g.state.journal))
    _raises("LHTR-O-35", g.apply, {"type": "advantage", "name": "colonial_garrison",
                                   "territory": "Australia"})
    assert (g.state.snapshot(), len(g.state.journal)) == before
    assert not g.state.facilities[aus]


def test_chinese_divisions_once_per_round():
    """LHTR-O-51: in its Mobilize phase the US places 1 free infantry in China, Sinkiang or
    Kwangtung if it controls it, once per round (not per territory), on top of purchases."""
    g = _game()
    b = g.board
    us = b.power_id("United States")
    _to(g, "United States", "mobilize")
    _raises("LHTR-O-51", g.apply, {"type": "advantage", "name": "chinese_divisions", "territory": "India"})
    ev = g.apply({"type": "advantage", "name": "chinese_divisions", "territory": "China"})
    assert ev == [(A.EV_FREE_UNITS, us, b.territory_id("China"), b.unit_id("infantry"), 1)]
    _raises("LHTR-O-51", g.apply, {"type": "advantage", "name": "chinese_divisions", "territory": "Sinkiang"})
    _to(g, "Soviet Union", "research")
    _to(g, "United States", "mobilize")               # next round: once more
    g.apply({"type": "advantage", "name": "chinese_divisions", "territory": "Sinkiang"})


def test_advantages_replay_from_save():
    """LHTR-O-10, LHTR-O-35: advantages are journaled: a save replays them exactly."""
    g = _game()
    g.apply({"type": "advantage", "name": "colonial_garrison", "territory": "India"})
    _to(g, "Soviet Union", "collect_income")
    g.apply({"type": "advantage", "name": "russian_winter"})
    h = save.loads(save.dumps(g))
    assert h.state.snapshot() == g.state.snapshot()
    g.undo()
    assert not A.winter_active(g.state)


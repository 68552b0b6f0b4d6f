"""Capture and liberation: production, capital plunder, reversion, facilities (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _to, _raises


def test_capture_needs_war_and_enemy():
    """P40-P-06: never attack a territory of a power you are not at war with;
    P40-C-120: allies never take each other's territory."""
    g = Game.new("pacific_1940")
    _to(g, "Japan", "combat")
    _raises("P40-P-06", g.apply, {"type": "capture", "territory": "India"})
    g.apply({"type": "capture", "territory": "Yunnan"})       # at war with China (P40-P-01)
    assert g.summary()["production"]["Japan"] == 27


def test_pacific_capital_plunder_and_major_downgrade():
    """P40-C-105: taking India gives Japan all of the UK's unspent IPCs; P40-C-102: the
    captured major complex becomes minor at once and damage above 6 is removed;
    P40-E-05, P40-T-03: the UK then skips purchase, mobilize and income."""
    g = Game.new("pacific_1940")
    b = g.board
    india = b.territory_id("India")
    g.state.damage[india] = 9
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "India"})
    s = g.summary()
    assert s["treasury"]["Japan"] == 26 + 16 and s["treasury"]["United Kingdom"] == 0
    assert s["production"]["Japan"] == 26 + 3 and s["production"]["United Kingdom"] == 13
    assert g.state.facilities[india] & 4 and not g.state.facilities[india] & 2
    assert g.state.damage[india] == 6
    _to(g, "United Kingdom", "combat_move")
    while g.summary()["power"] == "United Kingdom":
        g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["United Kingdom"] == 0


def test_pacific_liberation_blocked_by_lost_capital_then_reverts():
    """P40-C-104: an ally retaking an original UK territory while India is Japanese captures
    it; P40-C-108: liberating the capital returns it and every UK territory a friend holds,
    and no IPCs change hands."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "India"})
    g.apply({"type": "capture", "territory": "Malaya"})
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Malaya"})
    assert g.summary()["production"]["United States"] == 17 + 3
    g.apply({"type": "capture", "territory": "India"})
    p = g.summary()["production"]
    assert p["United Kingdom"] == 16 and p["United States"] == 17 and p["Japan"] == 26
    assert g.summary()["treasury"]["United Kingdom"] == 0


def test_pacific_japanese_complex_in_china_removed():
    """P40-C-111, P40-E-87: a Japanese complex in a Chinese territory is removed when China
    recaptures it."""
    g = Game.new("pacific_1940")
    b = g.board
    kiangsu = b.territory_id("Kiangsu")       # Chinese-emblem, Japanese at the start
    g.state.facilities[kiangsu] |= 4
    _to(g, "China", "combat")
    g.apply({"type": "capture", "territory": "Kiangsu"})
    assert g.state.facilities[kiangsu] & 7 == 0
    assert g.summary()["production"]["China"] == 12 + 3


def test_dutch_guardianship_and_repair():
    """P40-E-70/71: an uncontrolled Dutch territory taken by the UK gives it the income;
    P40-E-03/04: repair 1 IPC per damage marker, effective at once."""
    g = Game.new("pacific_1940")
    b = g.board
    _to(g, "United Kingdom", "noncombat_move")
    g.apply({"type": "capture", "territory": "Sumatra"})
    assert g.summary()["production"]["United Kingdom"] == 16 + b.ipc(b.territory_id("Sumatra"))
    g2 = Game.new("pacific_1940")
    japan = g2.board.territory_id("Japan")
    g2.state.damage[japan] = 4
    g2.apply({"type": "repair", "territory": "Japan", "count": 3})
    assert g2.state.damage[japan] == 1 and g2.summary()["treasury"]["Japan"] == 23

# gate heap: 208K (smallest heap that passes: 192K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
"""Victory on the right turn: Pacific 1940 and Classic scripted games (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _end_turn, _to


def test_pacific_japan_six_cities_for_a_round():
    """P40-G-11, P40-T-05: Japan takes Calcutta, Hong Kong, Manila and Sydney in its first
    turn (six VCs with Shanghai and Tokyo, P40-G-10); it wins at the beginning of its next
    turn, not before: every Allied turn in between passes without a result. P40-X-30: the
    "Winning the Game" procedure (continuity since the end of Japan's previous turn)."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    for t in ("India", "Kwangtung", "Philippines", "New South Wales"):
        g.apply({"type": "capture", "territory": t})
    for _ in range(5):
        assert g.summary()["victory"] is None
        _end_turn(g)
    s = g.summary()
    assert s["victory"] == "Axis" and s["round"] == 2 and s["power"] == "Japan"


def test_pacific_japan_hold_broken():
    """P40-G-11: the cities must be held continuously; the UK retaking Calcutta in its turn
    breaks the hold, so Japan does not win at the start of round 2."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    for t in ("India", "Kwangtung", "Philippines", "New South Wales"):
        g.apply({"type": "capture", "territory": t})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "India"})
    _to(g, "Japan", "combat_move")
    assert g.summary()["victory"] is None and g.state.round == 2


def test_pacific_allies_take_tokyo():
    """P40-G-12, P40-G-13, P40-C-107: the US takes Tokyo (and Japan's treasury) and holds it
    until the beginning of its next turn while holding San Francisco: Allied victory then."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United States"})
    _to(g, "United States", "combat")
    japan_ipcs = g.summary()["treasury"]["Japan"]
    g.apply({"type": "capture", "territory": "Japan"})
    assert g.summary()["treasury"]["Japan"] == 0
    assert g.summary()["treasury"]["United States"] == 17 + japan_ipcs
    for _ in range(4):                     # China, UK, ANZAC, Japan (capital lost)
        _end_turn(g)
        assert g.summary()["victory"] is None
    _end_turn(g)
    s = g.summary()
    assert s["victory"] == "Allies" and s["round"] == 2 and s["power"] == "United States"


def test_classic_allied_military_victory():
    """CL-P-09, CL-S-09: the Allies win at the end of the turn in which they hold both Axis
    capitals (the UK takes Germany, the US later takes Japan)."""
    g = Game.new("classic")
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Germany"})
    _end_turn(g)
    assert g.summary()["victory"] is None
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    assert g.summary()["victory"] is None           # checked at the end of the turn
    _end_turn(g)
    assert g.summary()["victory"] == "Allies" and g.summary()["power"] == "United States"


def test_classic_axis_military_victory():
    """CL-P-10: two of the three Allied capitals (Russia, United Kingdom) end the game at the
    end of the turn of the second capture; CL-P-12: either Axis win counts."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "United Kingdom"})
    _end_turn(g)
    assert g.summary()["victory"] == "Axis" and g.summary()["power"] == "Germany"


def test_classic_axis_economic_victory_at_round_end():
    """CL-P-11, CL-S-09, CL-A-03: Germany + Japan production >= 84 at the end of a complete
    round (checked after the US turn only).
    They start at 32 + 25 = 57 and take 27 IPCs of non-capital territories: Caucasus 3,
    Karelia 3, East Canada 3, Brazil 3 by Germany; West US 10, India 3, Australia 2 by Japan."""
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    for t in ("Caucasus", "Karelia S.S.R.", "East Canada", "Brazil"):
        g.apply({"type": "capture", "territory": t})
    _to(g, "Japan", "combat")
    for t in ("West US", "India", "Australia"):
        g.apply({"type": "capture", "territory": t})
    p = g.summary()["production"]
    assert p["Germany"] + p["Japan"] == 84
    _end_turn(g)                                      # Japan's turn ends: not yet
    assert g.summary()["victory"] is None
    _end_turn(g)                                      # the US ends the round
    assert g.summary()["victory"] == "Axis"


def test_lhtr_victory_cities_at_round_end():
    """LHTR-P-08: at the end of a round a side holding the chosen number of victory cities
    (9, moderate) wins; LHTR-P-07: the Axis start with 6 (Berlin, Paris, Rome, Shanghai,
    Manila, Tokyo) and take Moscow, Leningrad and Calcutta."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    for t in ("Russia", "Karelia S.S.R."):
        g.apply({"type": "capture", "territory": t})
    _to(g, "Japan", "combat")
    g.apply({"type": "capture", "territory": "India"})
    _end_turn(g)
    assert g.summary()["victory"] is None
    _end_turn(g)
    assert g.summary()["victory"] == "Axis"

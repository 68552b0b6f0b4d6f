"""Pacific 1940 conditional victories: Tokyo or an Allied capital liberated by the end of
the turn (P40-G-11, P40-G-12, P40-T-05)."""
from engine_core.ledger.game import Game
from portable_helpers import _end_turn, _to


def _japan_takes_five(g):
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    for t in ("India", "Kwangtung", "Philippines", "New South Wales", "Hawaiian Islands"):
        g.apply({"type": "capture", "territory": t})


def test_japan_wins_by_liberating_tokyo_in_its_turn():
    """P40-G-11: six cities held continuously since the end of Japan's previous turn while
    Tokyo is Allied: Japan wins if it liberates Tokyo by the end of this turn;
    P40-T-05: the conditional win is re-checked at the end of the turn; P40-G-14: the
    detailed procedure is used, not the rulebook's summary wording."""
    g = Game.new("pacific_1940")
    _japan_takes_five(g)
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    _to(g, "Japan", "combat_move")                 # Japan without Tokyo: movement phases only
    assert g.summary()["victory"] is None and g.state.round == 2
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "Japan"})
    assert g.summary()["victory"] is None
    _end_turn(g)
    assert g.summary()["victory"] == "Axis" and g.summary()["power"] == "Japan"


def test_japan_without_tokyo_does_not_win():
    """P40-G-11: without liberating Tokyo by the end of the turn there is no Axis win;
    P40-G-15: the game simply goes on; P40-G-12: the US then wins at the start of its turn
    (Tokyo Allied since the end of its previous turn, San Francisco held)."""
    g = Game.new("pacific_1940")
    _japan_takes_five(g)
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    _to(g, "Japan", "combat_move")
    _end_turn(g)
    s = g.summary()
    assert s["victory"] == "Allies" and s["power"] == "United States" and s["round"] == 2


def test_allies_win_by_liberating_a_capital_in_the_turn():
    """P40-G-12: Tokyo Allied since the end of the US's previous turn but no Allied capital
    held (Calcutta, Sydney, San Francisco all Japanese): the US wins by liberating
    San Francisco by the end of its turn; P40-G-13: Japan had until then to retake Tokyo."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "declare_war", "target": "United States"})
    g.apply({"type": "end_phase"})
    for t in ("India", "New South Wales", "Western United States"):
        g.apply({"type": "capture", "territory": t})
    _to(g, "United States", "combat")
    g.apply({"type": "capture", "territory": "Japan"})
    _to(g, "United States", "combat_move")
    assert g.state.round == 2 and g.summary()["victory"] is None
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "Western United States"})
    assert g.summary()["victory"] is None
    _end_turn(g)
    assert g.summary()["victory"] == "Allies" and g.summary()["power"] == "United States"

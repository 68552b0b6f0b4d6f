"""Global 1940 Allied victory: Berlin, Rome and Tokyo for a round (issue 5)."""
from engine_core.ledger.game import Game
from test_victory_global import _end_turn, _to


def test_allies_three_axis_capitals_for_a_round():
    """G40-G-10: the Allies win holding Berlin, Rome and Tokyo for a complete round ending
    with the next turn of the power that took the third, while holding an Allied capital
    (London); G40-G-11: checked at the beginning of that power's next turn."""
    g = Game.new("global_1940")
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "United Kingdom", "combat")
    for t in ("Germany", "Southern Italy", "Japan"):
        g.apply({"type": "capture", "territory": t})
    for _ in range(9):
        assert g.summary()["victory"] is None
        _end_turn(g)
    s = g.summary()
    assert s["victory"] == "Allies" and s["round"] == 2 and s["power"] == "United Kingdom"

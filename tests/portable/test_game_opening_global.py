"""Scripted openings: a first round with no combat gives the rulebook incomes (issue 5)."""
from engine_core.ledger.game import Game


def test_global_starting_production():
    """G40-G-04: starting income = starting treasury for every power (the UK's two
    economies apart, G40-E-02); G40-G-03 turn order, UK Pacific in the UK's turn."""
    g = Game.new("global_1940")
    s = g.summary()
    want = (("Germany", 30), ("Soviet Union", 37), ("Japan", 26), ("United States", 52),
            ("China", 12), ("United Kingdom", 28), ("Italy", 10), ("ANZAC", 10),
            ("France", 19), ("United Kingdom Pacific", 17))
    for name, ipc in want:
        assert s["production"][name] == ipc
        assert s["treasury"][name] == ipc
    assert len(g.board.turn_order) == 9

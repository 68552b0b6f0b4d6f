"""Scripted openings: a first round with no combat gives the rulebook incomes (issue 5)."""
import gc
from engine_core.game import Game


def _finish_turn(g):
    """End every phase of the current turn, answering "no" to any yes/no question."""
    start = g.state.game_turn
    while g.state.game_turn == start and g.state.victory < 0:
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})


def _round(g):
    for _ in range(len(g.board.turn_order)):
        _finish_turn(g)


def _treasury(g, name):
    return g.state.treasury[g.board.power_id(name)]


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

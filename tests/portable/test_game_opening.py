"""Scripted openings: a first round with no combat gives the rulebook incomes (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _round, _treasury


def test_classic_first_round_incomes():
    """CL-P-04, CL-P-05, CL-A-29 (the examples' 28 IPCs are not starting values): treasury
    = income at the start; CL-A-01: the bank is unlimited; CL-E-07, CL-S-08: each power
    collects its production once in its turn; CL-P-02: U.S.S.R., Germany, UK, Japan, US."""
    g = Game.new("classic")
    assert [g.board.power_name(p) for p in g.board.turn_order] == [
        "Soviet Union", "Germany", "United Kingdom", "Japan", "United States"]
    _round(g)
    assert g.state.round == 2
    for name, ipc in (("Soviet Union", 24), ("Germany", 32), ("United Kingdom", 30),
                      ("Japan", 25), ("United States", 36)):
        assert _treasury(g, name) == 2 * ipc

# Pacific 1940 research per turn (issue 16: a per-turn limit the engine did not record, found
# beside items 4 and 5), from ../shared/seeds/pacific-1940-rulebook.txt ("Optional Rule:
# Research and Development"). Apart from test_rulings_audit_1940 for the 192K heap.
from engine_core.ledger.game import Game
from portable_helpers import _to, _raises

ED = "pacific_1940"


def test_research_dice_once_a_turn_1940():
    """P40-R-02: the R&D sequence is "1. Buy research dice 2. Roll research dice 3. Roll
    breakthrough die 4. Mark developments", once in the phase: Japan (26) buys 1 die (5) and
    rolls 3 (no 6); a second purchase this turn is refused and changes nothing (21 left)."""
    g = Game.new(ED, options={"rd": True})
    _to(g, "Japan", "research")
    g.apply({"type": "research", "dice": 1, "rolls": [3]})
    _raises("P40-R-02", g.apply, {"type": "research", "dice": 1, "rolls": [6, 2]})
    assert g.summary()["treasury"]["Japan"] == 21
    assert g.state.techs[g.board.power_id("Japan")] == 0

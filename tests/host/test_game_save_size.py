"""Save size of a full Global 1940 round (host: the Global tables need more than the
192 KB MicroPython test heap alongside the game)."""
import gc
from engine_core.ledger.game import Game
from engine_core.ledger import save as save


def _digest(g):
    return save.crc32(repr(g.state.snapshot()).encode())


def test_global_round_save_under_4kb():
    """G40-T-07 (the extra Global state) in a save: a full round of Global 1940 saves in
    under 4 KB (every power buys and collects income) and loads back to the same state."""
    g = Game.new("global_1940", seed=9)
    b = g.board
    for _ in range(len(b.turn_order)):
        start = g.state.game_turn
        p = b.turn_order[g.state.turn]
        if g.summary()["phase"] == "purchase" and b.power_name(p) != "China":
            g.apply({"type": "purchase", "units": {"infantry": 2}})
        while g.state.game_turn == start:
            if g.prompt is not None:
                g.apply({"type": "answer", "value": 1})
            else:
                g.apply({"type": "end_phase"})
    assert g.state.round == 2
    data = save.dumps(g)
    assert len(data) < 4096
    d = _digest(g)
    g = None
    gc.collect()
    assert _digest(save.loads(data)) == d

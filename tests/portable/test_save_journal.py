"""The journal, undo and saves (issue 5)."""
from engine_core.game import Game
from engine_core import save
from engine_core.errors import InputError


def _script(g):
    g.apply({"type": "purchase", "units": {"infantry": 2, "tank": 1}})
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "Malaya"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "end_phase"})
    g.apply({"type": "place", "territory": "Japan", "units": {"infantry": 2, "tank": 1}})
    g.apply({"type": "end_phase"})
    g.apply({"type": "end_phase"})


def test_undo_restores_each_previous_state():
    """Ledger journal: the state is the replay of its journal; undo removes the last entry
    and restores the exact previous state (P40-T-70..75 state included)."""
    g = Game.new("pacific_1940", seed=3)
    snaps = [g.state.snapshot()]
    actions = []
    _script(g)
    entries = list(g.state.journal)
    h = Game.new("pacific_1940", seed=3)
    for e in entries:
        h.apply_entry(e)
        snaps.append(h.state.snapshot())
    for i in range(len(entries), 0, -1):
        assert g.state.snapshot() == snaps[i]
        g.undo()
    assert g.state.snapshot() == snaps[0] and actions == []


def test_save_round_trip_and_power_cut():
    """A save is the journal plus a checksum; loading replays it to the same state, so undo
    also works after a power cut (undo on the loaded game)."""
    g = Game.new("pacific_1940", seed=11, options={"rd": True})
    g.apply({"type": "end_phase"})        # R&D -> purchase
    _script(g)
    data = save.dumps(g)
    h = save.loads(data)
    assert h.state.snapshot() == g.state.snapshot()
    assert h.state.journal == g.state.journal
    g.undo()
    h.undo()
    assert h.state.snapshot() == g.state.snapshot()


def test_corrupt_or_truncated_save_refused():
    """A flipped bit or a cut-off save is refused with a clear message; nothing loads."""
    g = Game.new("classic", seed=2)
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 3}})
    data = save.dumps(g)
    for bad in (data[:-1], data[:5], bytes([data[0] ^ 1]) + data[1:],
                data[:8] + bytes([data[8] ^ 4]) + data[9:], b""):
        try:
            save.loads(bad)
        except InputError as e:
            assert "save" in e.message
        else:
            assert False, "a bad save loaded"


def test_global_round_save_under_4kb():
    """Issue 5: a full round of Global 1940 saves in under 4 KB (every power buys, places,
    and collects income)."""
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
    assert save.loads(data).state.snapshot() == g.state.snapshot()

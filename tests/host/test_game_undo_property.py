"""Property tests: undo of any action restores the exact previous state, and saves
round-trip, over random legal action sequences (issue 5 acceptance)."""
from hypothesis import given, settings, strategies as st

from engine_core.ledger.game import Game
from engine_core.ledger import save as save
from engine_core.errors import RuleError, InputError

_CANDIDATES = (
    {"type": "end_phase"},
    {"type": "end_phase"},
    {"type": "purchase", "units": {"infantry": 1}},
    {"type": "purchase", "units": {"tank": 1}},
    {"type": "place", "territory": "Japan", "units": {"infantry": 1}},
    {"type": "place", "territory": "India", "units": {"infantry": 1}},
    {"type": "declare_war", "target": "United Kingdom"},
    {"type": "declare_war", "target": "Japan"},
    {"type": "capture", "territory": "Yunnan"},
    {"type": "capture", "territory": "Kiangsu"},
    {"type": "capture", "territory": "Malaya"},
    {"type": "repair", "territory": "Japan", "count": 1},
    {"type": "answer", "value": 1},
)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(_CANDIDATES) - 1), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=1000))
def test_undo_restores_exact_state_and_saves_round_trip(picks, seed):
    """Ledger journal property (P40-T-70..75 state): each legal action undone restores the
    snapshot before it; illegal ones change nothing; the save replays to the same state."""
    g = Game.new("pacific_1940", seed=seed)
    for i in picks:
        before = g.state.snapshot()
        try:
            g.apply(_CANDIDATES[i])
        except (RuleError, InputError):
            assert g.state.snapshot() == before
            continue
        after = g.state.snapshot()
        g.undo()
        assert g.state.snapshot() == before
        g.apply(_CANDIDATES[i])
        assert g.state.snapshot() == after
    h = save.loads(save.dumps(g))
    assert h.state.snapshot() == g.state.snapshot()


_CLASSIC = (
    {"type": "end_phase"},
    {"type": "end_phase"},
    {"type": "end_phase"},
    {"type": "purchase", "units": {"infantry": 2}},
    {"type": "purchase", "units": {"industrial_complex": 1}},
    {"type": "place", "territory": "Russia", "units": {"infantry": 1}},
    {"type": "place", "territory": "Germany", "units": {"infantry": 2}},
    {"type": "place", "territory": "Kazakh S.S.R.", "units": {"industrial_complex": 1}},
    {"type": "capture", "territory": "Karelia S.S.R."},
    {"type": "capture", "territory": "Russia"},
    {"type": "capture", "territory": "Germany"},
    {"type": "capture", "territory": "Turkey"},
    {"type": "bombing", "territory": "United Kingdom", "damage": 4},
    {"type": "research", "dice": 2},
    {"type": "undo"},
)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(("classic", "revised_lhtr")),
       st.lists(st.integers(min_value=0, max_value=len(_CLASSIC) - 1), min_size=1, max_size=80),
       st.integers(min_value=0, max_value=1000))
def test_undo_and_saves_classic_and_lhtr(edition, picks, seed):
    """CL-S-10, LHTR-S-08 (the state kept): random legal and illegal action sequences,
    including research dice from the state's generator, undo restores the exact state,
    refusals change nothing, and saves replay to the same state."""
    g = Game.new(edition, seed=seed)
    for i in picks:
        a = _CLASSIC[i]
        if a["type"] == "undo":
            if g.state.journal:
                n = len(g.state.journal)
                g.undo()
                assert len(g.state.journal) == n - 1
            continue
        before = g.state.snapshot()
        try:
            g.apply(a)
        except (RuleError, InputError):
            assert g.state.snapshot() == before
            continue
        after = g.state.snapshot()
        g.undo()
        assert g.state.snapshot() == before
        g.apply(a)
        assert g.state.snapshot() == after
        if g.state.victory >= 0:
            break
    h = save.loads(save.dumps(g))
    assert h.state.snapshot() == g.state.snapshot()

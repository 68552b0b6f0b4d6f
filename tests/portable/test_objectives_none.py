# National objectives evaluated from the state; questions for facts the device cannot know.
# Classic and Revised: none.
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core.ledger import objectives as O
from portable_helpers import _state


def test_classic_and_revised_have_none():
    """CL-E-07, LHTR-E-10: Classic and Revised income is the production level alone: no
    national objectives."""
    for ed in ("classic", "revised", "revised_lhtr"):
        b = board.load(ed)
        s = _state(b)
        for p in range(b.power_count):
            assert O.evaluate(b, s, p) == (0, ())

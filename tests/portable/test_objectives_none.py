# National objectives evaluated from the state; questions for facts the device cannot know.
# Classic and Revised: none.
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core import objectives as O
from engine_core import politics as P
from engine_core.state import GameState


def _state(b):
    s = GameState(b.edition, b.power_count, b.territory_count)
    for t in range(b.territory_count):
        o = b.owner_at_start(t)
        s.owner[t] = o if o >= 0 else 255
    s.at_war = P.initial_at_war(b)
    return s


def _war(s, a, b):
    s.at_war[a] |= 1 << b
    s.at_war[b] |= 1 << a


def _item(items, key):
    for k, v in items:
        if k == key:
            return v
    return None


def test_classic_and_revised_have_none():
    """CL-E-07, LHTR-E-10: Classic and Revised income is the production level alone: no
    national objectives."""
    for ed in ("classic", "revised", "revised_lhtr"):
        b = board.load(ed)
        s = _state(b)
        for p in range(b.power_count):
            assert O.evaluate(b, s, p) == (0, ())

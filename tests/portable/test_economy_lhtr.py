"""Revised / LHTR economy: purchase, mobilization, capture and liberation (issue 5)."""
from engine_core.game import Game
from engine_core.errors import RuleError


def _raises(rule, fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        assert e.rule == rule, e.rule
        return
    assert False, "no RuleError " + rule


def _to_phase(g, name):
    while g.summary()["phase"] != name:
        g.apply({"type": "end_phase"})


def _to(g, power, phase):
    while not (g.summary()["power"] == power and g.summary()["phase"] == phase):
        g.apply({"type": "end_phase"})


def test_lhtr_complex_limit_is_territory_value():
    """LHTR-E-04: each IC places at most its territory's value (Caucasus 4 in the sample
    turn; here the board's value), the excess is lost."""
    g = Game.new("revised_lhtr")
    b = g.board
    t = b.territory_id("Caucasus")
    value = b.ipc(t)
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": value + 1}})
    _to_phase(g, "mobilize")
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": t, "units": {"infantry": value + 1}})
    g.apply({"type": "place", "territory": t, "units": {"infantry": value}})
    before = g.summary()["treasury"]["Soviet Union"]
    g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Soviet Union"] == before   # lost, not refunded
    assert value == 4

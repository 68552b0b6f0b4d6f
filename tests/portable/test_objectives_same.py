# Objectives the power-by-power variant (004) keeps from the Global rules (000-G).
# A file of its own: it loads both editions' objective tables (MicroPython heap).
from engine_core import board
from engine_core.ledger import objectives as O
from portable_helpers import _state


def test_variant_objectives_same_as_global():
    """G40-V-20, G40-V-21, G40-V-22, G40-V-10, G40-E-40, G40-E-49, G40-V-25: China's Burma Road,
    Germany's G1, Italy's Mediterranean question and Japan's J1 are the same in the variant;
    France has no national objective (only the troop bonus)."""
    g = board.load("global_1940")
    v = board.load("global_1940_variant")
    for b in (g, v):
        s = _state(b)
        assert O.evaluate(b, s, b.power_id("China"))[0] == 6
        assert O.evaluate(b, s, b.power_id("Japan"))[0] == 10
        assert O.evaluate(b, s, b.power_id("Germany"), {"sweden_not_pro_allies": 0})[0] == 5
        assert O.questions(b, s, b.power_id("Italy")) == ("no_allied_surface_warships_med",)
        assert O.evaluate(b, s, b.power_id("France")) == (0, ())
    # J2..J4 war heading: war with the US, UK Pacific or France turns them on
    s = _state(v)
    jp = v.power_id("Japan")
    fr = v.power_id("France")
    s.at_war[jp] |= 1 << fr
    s.at_war[fr] |= 1 << jp
    s.owner[v.territory_id("India")] = jp
    assert O.evaluate(v, s, jp)[0] == 10 + 5

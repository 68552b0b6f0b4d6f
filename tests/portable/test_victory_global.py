# gate heap: 208K (smallest heap that passes: 188K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
"""Global 1940 victory: six Pacific cities or the three Axis capitals for a round (issue 5)."""
from engine_core.ledger.game import Game

# The turn helpers stay local here (not portable_helpers): this Global 1940 game runs within a
# few KB of the MicroPython gate's 192K heap, and importing the shared module tips it over.


def _end_turn(g):
    start = g.state.game_turn
    while g.state.game_turn == start and g.state.victory < 0:
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})


def _to(g, power, phase):
    while not (g.summary()["power"] == power and g.summary()["phase"] == phase):
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})


def test_axis_six_pacific_cities_for_a_round():
    """G40-G-08, G40-G-09: the Axis win holding 6 Pacific-map victory cities (Japan adds
    Calcutta, Hong Kong, Manila, Sydney to Shanghai and Tokyo) for a complete round, ending
    with Japan's next turn, while holding an Axis capital; G40-G-11: checked at the beginning
    of the capturing power's next turn (G40-X-26); G40-X-43: the Pacific-map cities are the
    8 of Pacific 1940; G40-X-27: the Europe-map list comes from the board data (11 cities)."""
    from engine_core import board
    v = board.load("global_1940").victory
    assert len(v["pacific_cities"]) == 8 and len(v["europe_cities"]) == 11
    _six_cities("global_1940")


def _six_cities(ed):
    if True:
        g = Game.new(ed)
        _to(g, "Japan", "combat_move")
        # G40-V-06: in the variant UK Europe and UK Pacific (with ANZAC) are separate targets;
        # the cities taken here are UK Pacific's, ANZAC's and the US's
        g.apply({"type": "declare_war", "target": "United Kingdom Pacific"
                 if ed == "global_1940_variant" else "United Kingdom"})
        g.apply({"type": "declare_war", "target": "United States"})
        g.apply({"type": "end_phase"})
        for t in ("India", "Kwangtung", "Philippines", "New South Wales"):
            g.apply({"type": "capture", "territory": t})
        for _ in range(9):
            assert g.summary()["victory"] is None
            _end_turn(g)
        s = g.summary()
        assert s["victory"] == "Axis" and s["round"] == 2 and s["power"] == "Japan"

# gate heap: 232K (smallest heap that passes: 212K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# Was 216K (a Global 1940 game's ledger code sits in the unix port's heap beside its data;
# it grew with the rulings of issues 16 and 17 (208K) and LHTR-C-52's per-turn raid cap (216K);
# a board runs it frozen from flash: bench_firmware's Global session-data peak is 86.5 KB of 150 KB)
"""Global 1940: China keeps the Pacific 1940 system (G40-U-06 -> P40-E-80..88)."""
from engine_core.ledger.game import Game
from engine_core.errors import RuleError
from portable_helpers import _raises, _to


def test_global_china_pacific_system():
    """G40-U-06, P40-E-81, P40-E-82, P40-E-07: in Global 1940 China has no capital, buys
    infantry only plus artillery while the Burma Road is open (its 12 IPCs: 2 infantry + 1
    artillery = 10, 2 left), never a tank, a complex or a transport; P40-E-18: Chinese units
    are placed only in Chinese territories China controls (not India); G40-R-02: no R&D."""
    g = Game.new("global_1940")
    b = g.board
    china = b.power_id("China")
    assert b.capital(china) == -1
    _to(g, "China", "purchase")
    assert g.summary()["treasury"]["China"] == 12
    for bad in ("tank", "minor_industrial_complex", "transport"):
        _raises("P40-E-07", g.apply, {"type": "purchase", "units": {bad: 1}})
    g.apply({"type": "purchase", "units": {"infantry": 2, "artillery": 1}})
    assert g.summary()["treasury"]["China"] == 2
    _to(g, "China", "mobilize")
    _raises("P40-E-18", g.apply, {"type": "place", "territory": "India", "units": {"infantry": 1}})
    yunnan = b.territory_id("Yunnan")
    assert b.original_owner(yunnan) == china and g.state.owner[yunnan] == china
    g.apply({"type": "place", "territory": yunnan, "units": {"infantry": 2, "artillery": 1}})
    assert g.state.pool == []
    from engine_core.ledger import research as research
    from engine_core.dice import FixedDice
    try:
        research.research(b, g.state, china, 1, FixedDice([6, 1]), chart=1)
        assert False, "China researched"
    except RuleError as e:
        assert e.rule == "G40-R-02", e.rule

"""Research through the ledger: Classic weapons development and LHTR technology (issue 5)."""
from engine_core.ledger.game import Game
from engine_core.errors import RuleError
from portable_helpers import _to


def test_classic_japan_worked_example():
    """CL-T-12, CL-T-01..03: Japan with 25 IPCs pays 5 for one die, rolls a 6, then a 3 on
    the chart: Super Submarines; 20 IPCs left, then buys a fighter (12) and a sub (8);
    CL-S-03: research comes before buying."""
    from engine_core.ledger import research as research
    g = Game.new("classic")
    _to(g, "Japan", "research")
    g.apply({"type": "research", "dice": 1, "rolls": [6, 3]})
    assert g.summary()["treasury"]["Japan"] == 20
    assert g.state.techs[g.board.power_id("Japan")] & research.SUPER_SUBS
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"fighter": 1, "submarine": 1}})
    assert g.summary()["treasury"]["Japan"] == 0


def test_classic_industrial_technology_lowers_costs():
    """CL-T-10: with Industrial Technology every unit costs 1 IPC less (infantry 2)."""
    from engine_core.ledger import research as research
    g = Game.new("classic")
    g.state.techs[0] = research.INDUSTRIAL_TECH
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    assert g.summary()["treasury"]["Soviet Union"] == 24 - 8


def test_research_only_in_its_phase():
    """CL-S-01: weapons development is Action 1 (with buying), before combat movement."""
    g = Game.new("classic")
    g.apply({"type": "end_phase"})
    try:
        g.apply({"type": "research", "dice": 1, "rolls": [1]})
    except RuleError as e:
        assert e.rule == "CL-S-01"
    else:
        assert False

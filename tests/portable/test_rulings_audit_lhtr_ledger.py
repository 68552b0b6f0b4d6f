# Revised / LHTR research limits per turn (issue 16 item 5), from
# ../shared/seeds/revised-lhtr-tournament-rules.txt.
from engine_core.ledger.game import Game
from engine_core.errors import RuleError
from portable_helpers import _to


def _refused(rule, fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        return e.rule == rule
    return False


# ----- item 5: one development a turn, all its dice at once

def test_research_one_development_one_roll_a_turn():
    """LHTR-T-02: "You can choose only one development each turn"; LHTR-T-04: "Roll all your
    dice for the turn (at the same time)". Germany (40 IPCs) names Jet Fighters (number 1),
    buys 2 dice (10 IPCs) and rolls 4, 5: no success. A second batch for Jets, or dice for
    Rockets, this turn is refused and changes nothing (30 IPCs left)."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "research")
    before = g.summary()["treasury"]["Germany"]
    g.apply({"type": "research", "dice": 2, "tech": "jet_fighters", "rolls": [4, 5]})
    assert g.summary()["treasury"]["Germany"] == before - 10
    assert _refused("LHTR-T-04", g.apply, {"type": "research", "dice": 1, "tech": "jet_fighters",
                                           "rolls": [1]})
    assert _refused("LHTR-T-02", g.apply, {"type": "research", "dice": 1, "tech": "rockets",
                                           "rolls": [2]})
    assert g.summary()["treasury"]["Germany"] == before - 10
    assert g.state.techs[g.board.power_id("Germany")] == 0

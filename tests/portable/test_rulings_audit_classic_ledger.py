# Classic 2nd edition ledger rulings an independent audit found wrong (issue 16), from
# ../shared/seeds/classic-2nd-edition-manual.txt.
from engine_core.ledger.game import Game
from engine_core.errors import RuleError
from portable_helpers import _to

ED = "classic"


def _refused(rule, fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        return e.rule == rule
    return False


# ----- item 4: one roll of research dice a turn

def test_research_dice_once_a_turn():
    """CL-T-02: "If you are unsuccessful in rolling a '6,' your research has failed and you must
    wait until your next turn": Japan buys 1 die (5 IPCs, 25 -> 20) and rolls 3; buying and
    rolling again this turn is refused and changes nothing. Its next turn it may research."""
    g = Game.new(ED)
    _to(g, "Japan", "research")
    g.apply({"type": "research", "dice": 1, "rolls": [3]})
    assert g.summary()["treasury"]["Japan"] == 20
    assert _refused("CL-T-02", g.apply, {"type": "research", "dice": 2, "rolls": [6, 6, 1]})
    assert g.summary()["treasury"]["Japan"] == 20
    assert g.state.techs[g.board.power_id("Japan")] == 0
    _to(g, "United States", "research")
    _to(g, "Japan", "research")
    g.apply({"type": "research", "dice": 1, "rolls": [6, 1]})
    assert g.state.techs[g.board.power_id("Japan")] != 0


# ----- item 8: the individual winner is reported

def test_individual_winner_by_percentage():
    """CL-P-13: "determine which player has increased his or her National Production Level the
    most from the starting totals ... Whoever has the greatest percentage is the individual
    winner." The Allies win; the U.S.S.R. (24) took Ukraine S.S.R. and East Europe (3 + 3): 30,
    +25.0%; the UK (30) took West Europe (6): 36, +20.0%; the US (36) took Japan (8): 44, +22.2%
    (8/36 = 22.22..., truncated). The U.S.S.R. wins with the smallest gain in IPCs."""
    g = Game.new(ED)
    b = g.board
    s = g.state
    assert g.summary()["individual"] is None          # nobody has won yet
    for name, power in (("Ukraine S.S.R.", "Soviet Union"), ("East Europe", "Soviet Union"),
                        ("West Europe", "United Kingdom"), ("Japan", "United States")):
        s.owner[b.territory_id(name)] = b.power_id(power)
    s.victory = 1                                      # as the engine's victory check sets it
    assert g.summary()["individual"] == {"winners": ["Soviet Union"], "score": 250,
                                         "by": "percent_tenths"}

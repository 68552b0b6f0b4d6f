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


# ----- found looking for the same kinds of gap: a placement limit the ledger did not keep

def test_one_aa_gun_per_territory():
    """CL-E-03 ("Limits: one IC per territory and one AA gun per territory"); the manual: "You
    can't place the newly purchased gun because you can only have one anti-aircraft gun per
    territory. You lose the new gun!" (CL-E-05). Germany buys 3 AA guns
    (3 x 5 = 15 IPCs). Two at once in Germany are refused (the ledger took any number); one is
    placed there, a second there later in the phase is refused too, one goes to South Europe,
    and the third, unplaced, is lost at the end of the phase: no refund. LHTR sets no such
    limit (LHTR-M-09): two AA guns in Germany stand."""
    g = Game.new(ED)
    _to(g, "Germany", "purchase")
    before = g.summary()["treasury"]["Germany"]
    g.apply({"type": "purchase", "units": {"antiaircraft_gun": 3}})
    _to(g, "Germany", "mobilize")
    assert _refused("CL-E-03", g.apply, {"type": "place", "territory": "Germany",
                                         "units": {"antiaircraft_gun": 2}})
    g.apply({"type": "place", "territory": "Germany", "units": {"antiaircraft_gun": 1}})
    assert _refused("CL-E-03", g.apply, {"type": "place", "territory": "Germany",
                                         "units": {"antiaircraft_gun": 1}})
    g.apply({"type": "place", "territory": "South Europe", "units": {"antiaircraft_gun": 1}})
    g.apply({"type": "end_phase"})
    assert g.state.pool == [] and g.summary()["treasury"]["Germany"] == before - 15
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "purchase")
    g.apply({"type": "purchase", "units": {"antiaircraft_gun": 2}})
    _to(g, "Germany", "mobilize")
    g.apply({"type": "place", "territory": "Germany", "units": {"antiaircraft_gun": 2}})
    assert g.state.pool == []


def test_noncombat_move_takes_no_enemy_territory():
    """CL-MV-24: non-combat land movement enters friendly territories only (CL-S-06: Action 4
    moves units that did not move in combat). Germany taking Karelia S.S.R. in its non-combat
    move was recorded; it is refused now, the Soviet Union keeps it."""
    g = Game.new(ED)
    _to(g, "Germany", "noncombat_move")
    t = g.board.territory_id("Karelia S.S.R.")
    assert _refused("CL-MV-24", g.apply, {"type": "capture", "territory": t})
    assert g.state.owner[t] == g.board.power_id("Soviet Union")

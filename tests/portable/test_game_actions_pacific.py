"""Pacific 1940 actions that carry dice or a battle: battle results, kamikaze tokens,
convoy disruption at Collect Income, R&D (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _to, _raises


def test_kamikaze_tokens():
    """P40-C-30: Japan has 6 kamikaze tokens for the whole game, one per strike;
    P40-C-33: strikes come in an Allied power's Conduct Combat."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United States"})
    _to(g, "Japan", "combat")
    _raises("P40-C-33", g.apply, {"type": "battle", "territory": "Sea Zone 6", "captured": 0, "kamikaze": 1})
    _to(g, "United States", "combat")
    g.apply({"type": "battle", "territory": "Sea Zone 6", "captured": 0, "kamikaze": 4})
    assert g.state.kamikaze == 2
    _raises("P40-C-30", g.apply, {"type": "battle", "territory": "Sea Zone 6", "captured": 0, "kamikaze": 3})
    g.apply({"type": "battle", "territory": "Sea Zone 6", "captured": 0, "kamikaze": 2})
    assert g.state.kamikaze == 0


def test_convoy_disruption_at_collect_income():
    """P40-E-40..43: a Japanese submarine (2 dice) in convoy zone 37 next to Malaya (3) and
    Shan State (1) costs the UK the dice showing 1-3, capped by the zone's 4 IPCs;
    dice 3 and 2 -> 5, capped at 4; P40-E-32, P40-T-60: income = 16 - 4 + 5; P40-E-34,
    P40-E-45: the UK's objective (P40-E-62: at war with Japan, holds Kwangtung and Malaya,
    +5) is never touched by convoy losses."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "United Kingdom", "collect_income")
    g.apply({"type": "collect_income",
             "convoy": [["Sea Zone 37", "Japan", "submarine", 1]], "dice": [3, 2]})
    assert g.summary()["treasury"]["United Kingdom"] == 16 + 16 - 4 + 5
    assert g.state.income_log[g.board.power_id("United Kingdom")] == 17


def test_convoy_dice_from_the_device():
    """P40-E-41: a destroyer rolls 1 convoy die; without typed dice the device's generator
    rolls it, and a replay of the journal rolls the same die (save/undo exactness)."""
    g = Game.new("pacific_1940", seed=5)
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    _to(g, "United Kingdom", "collect_income")
    g.apply({"type": "collect_income", "convoy": [["Sea Zone 39", "Japan", "destroyer", 1]]})
    after = g.summary()["treasury"]["United Kingdom"]
    assert 16 + 16 + 5 - 3 <= after <= 16 + 16 + 5
    g.undo()
    g.apply({"type": "collect_income", "convoy": [["Sea Zone 39", "Japan", "destroyer", 1]]})
    assert g.summary()["treasury"]["United Kingdom"] == after


def test_research_and_development_option():
    """P40-R-01: R&D is an optional rule: without it there is no research phase; with it,
    P40-T-01: it comes first, P40-T-10: 5 IPCs a die (typed dice 2, 6: a success)."""
    g = Game.new("pacific_1940")
    assert g.summary()["phase"] == "purchase"
    g = Game.new("pacific_1940", options={"rd": 1})
    assert g.summary()["phase"] == "research"
    g.apply({"type": "research", "dice": 2, "rolls": [2, 6], "chart": 1})
    assert g.summary()["treasury"]["Japan"] == 26 - 10
    assert g.state.techs[0] != 0


def test_us_declares_in_third_collect_income_and_is_paid_at_once():
    """P40-P-18, P40-T-60: still at peace by the Collect Income phase of its 3rd turn, the US
    may declare war on Japan at the start of that phase; P40-E-56: the 40 is paid in that
    same phase (with U2-U4, P40-E-57..59: +15), P40-E-33."""
    g = Game.new("pacific_1940")
    while not (g.state.round == 3 and g.summary()["power"] == "United States"):
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})
    _to(g, "United States", "collect_income")
    before = g.summary()["treasury"]["United States"]
    assert before == 17 * 3
    g.apply({"type": "declare_war", "target": "Japan"})
    g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["United States"] == before + 17 + 40 + 15

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


# ----- item 8 (Revised side): the individual winner by absolute increase

def test_individual_winner_by_absolute_increase():
    """LHTR-P-10: "For each power on the winning side, subtract its starting NPL from its final
    NPL. The biggest absolute increase wins." The Allies win; the U.S.S.R. (24) took Eastern
    Europe (3): +3; the UK (30) took Western Europe (6): +6; the US (42) took Japan (8): +8.
    The US wins (in percent the UK's 20% would beat its 19.0%)."""
    g = Game.new("revised_lhtr")
    b = g.board
    s = g.state
    for name, power in (("Eastern Europe", "Soviet Union"), ("Western Europe", "United Kingdom"),
                        ("Japan", "United States")):
        s.owner[b.territory_id(name)] = b.power_id(power)
    s.victory = 1
    assert g.summary()["individual"] == {"winners": ["United States"], "score": 8, "by": "ipc"}


# ----- found while looking for the same kinds of gap: a per-turn cap the ledger did not keep

def test_raids_on_one_complex_capped_per_turn():
    """LHTR-C-52: "The maximum combined damage inflicted in one turn by all strategic bombing
    raids on one industrial complex and any rocket attack on the same industrial complex is
    the territory's income value" -- the raid engine caps one raid (damage_this_turn), but the
    ledger took every raid's damage in full. Germany raids Russia (income 8) twice and fires a
    rocket at it in one turn: 6, then 5 of which 2 count, then 3 of which none: the USSR
    loses 8. Caucasus (4) is another complex: 3 there, 11 in all. In Japan's turn Russia can
    lose 5 again. Original Revised has no such turn cap (LHTR-M-08): 6 + 5 = 11 from Russia."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    before = g.summary()["treasury"]["Soviet Union"]
    for t, d in (("Russia", 6), ("Russia", 5), ("Russia", 3), ("Caucasus", 3)):
        g.apply({"type": "bombing", "territory": t, "damage": d})
    assert g.summary()["treasury"]["Soviet Union"] == before - 8 - 3
    _to(g, "Japan", "combat")
    before = g.summary()["treasury"]["Soviet Union"]
    g.apply({"type": "bombing", "territory": "Russia", "damage": 5})
    assert g.summary()["treasury"]["Soviet Union"] == before - 5
    g = Game.new("revised")
    _to(g, "Germany", "combat")
    before = g.summary()["treasury"]["Soviet Union"]
    for d in (6, 5):
        g.apply({"type": "bombing", "territory": "Russia", "damage": d})
    assert g.summary()["treasury"]["Soviet Union"] == before - 11


def test_battle_never_against_the_own_side():
    """LHTR-P-12: the powers of one side never attack each other. Germany recording a battle
    at Japan (its ally) without a capture was taken; it is refused and changes nothing."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    n = len(g.state.journal)
    assert _refused("LHTR-P-12", g.apply, {"type": "battle", "territory": "Japan", "captured": 0,
                                           "attacker_ipc": 10, "defender_ipc": 3})
    assert len(g.state.journal) == n


def test_noncombat_move_enters_friendly_territory_only():
    """LHTR-MV-13: land units in the NCM "may enter friendly territories only, never hostile
    ones, even empty enemy-controlled ones". Germany attacking, or taking, Karelia S.S.R. in
    its noncombat move is refused and changes nothing."""
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "noncombat_move")
    n = len(g.state.journal)
    assert _refused("LHTR-MV-13", g.apply, {"type": "enter", "territory": "Karelia S.S.R.",
                                            "attack": 1})
    assert _refused("LHTR-MV-13", g.apply, {"type": "capture", "territory": "Karelia S.S.R."})
    assert len(g.state.journal) == n

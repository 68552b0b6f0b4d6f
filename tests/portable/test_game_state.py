"""The ledger's state and the Revised/LHTR turn (issue 5)."""
from engine_core.ledger.game import Game
from engine_core.ledger.state import GameState, NO_OWNER


def test_state_holds_what_the_rules_track():
    """CL-S-10, LHTR-S-08, P40-T-70: per power treasury, production (derived from control),
    technologies, capital status (derived), units bought and awaiting placement; per
    territory controller (255 = none), facilities, damage, captured this turn; game round,
    whose turn, phase. A new state is plain data with the contract attribute names."""
    s = GameState("classic", 5, 7)
    for name in ("edition", "round", "turn", "phase", "treasury", "owner", "damage", "at_war",
                 "history", "kamikaze", "techs", "research", "dice", "pending", "journal"):
        assert hasattr(s, name)
    assert s.round == 1 and len(s.treasury) == 5 and len(s.owner) == 7
    assert s.owner[0] == NO_OWNER and s.pending is None and s.journal == []
    g = Game.new("revised_lhtr")
    b = g.board
    assert g.state.owner[b.territory_id("Germany")] == b.power_id("Germany")
    assert g.state.facilities[b.territory_id("Germany")] & 1


def test_lhtr_turn_phases_income_compulsory():
    """LHTR-S-01: seven phases; LHTR-S-02, LHTR-P-13: every phase but Collect Income may be
    skipped, the turn ends after income; LHTR-S-06: new units placed in phase 6 (a fighter
    at the IC territory, LHTR-E-07); LHTR-E-15: IPCs are gained only from income and
    capital plunder; LHTR-P-05: the bank is unlimited (income never runs out)."""
    g = Game.new("revised_lhtr")
    seen = []
    while g.summary()["power"] == "Soviet Union":
        ph = g.summary()["phase"]
        seen.append(ph)
        if ph == "purchase":
            g.apply({"type": "purchase", "units": {"fighter": 1}})
        if ph == "mobilize":
            g.apply({"type": "place", "territory": "Russia", "units": {"fighter": 1}})
        g.apply({"type": "end_phase"})
    assert seen == ["research", "purchase", "combat_move", "combat", "noncombat_move",
                    "mobilize", "collect_income"]
    assert g.summary()["treasury"]["Soviet Union"] == 24 - 10 + 24
    for _ in range(30):
        _turn(g)
    assert g.summary()["treasury"]["Soviet Union"] > 24 * 6


def _turn(g):
    start = g.state.game_turn
    while g.state.game_turn == start and g.state.victory < 0:
        g.apply({"type": "end_phase"})


def test_undo_is_exact_and_game_over_refuses_actions():
    """Ledger journal: undo of the last action restores the previous state exactly; after a
    victory (CL-P-09) the game accepts no more actions."""
    g = Game.new("classic")
    before = g.state.snapshot()
    g.apply({"type": "end_phase"})
    g.apply({"type": "purchase", "units": {"infantry": 1}})
    g.undo()
    g.undo()
    assert g.state.snapshot() == before
    while g.summary()["phase"] != "combat" or g.summary()["power"] != "Germany":
        g.apply({"type": "end_phase"})
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "United Kingdom"})
    _turn(g)
    assert g.summary()["victory"] == "Axis"
    from engine_core.errors import RuleError
    try:
        g.apply({"type": "end_phase"})
    except RuleError as e:
        assert e.rule == "LEDGER-OVER"
    else:
        assert False

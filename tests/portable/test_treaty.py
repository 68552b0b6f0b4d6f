"""The Soviet Nonaggression Treaty's choice (engine_core/ledger/treaty.py), Revised / LHTR.

LHTR-O-11 / LHTR-CHG-NA-01, the LHTR text: "The first time in the game that the Japanese
forces attack any red territory, you may place four of your infantry for free in that
territory before resolving combat. If Japan attacks more than one red territory in that turn,
you may decide which such territory receives the infantry." Its FAQ: "the Soviet player
chooses which of the territories being attacked gets the four infantry"; "called into play
only for an attack against a land territory".

Revised / LHTR order of play (LHTR-P-02): USSR, Germany, UK, Japan, US. Red territories
bordering Japan's: Soviet Far East, Buryatia S.S.R.; China is a US (green) territory.
"""
from engine_core.ledger.game import Game
from engine_core.ledger import history as H
from engine_core.ledger import save as save
from portable_helpers import _raises, _to

OPTS = {"national_advantages": ["nonaggression_treaty"]}
SFE = "Soviet Far East"
BUR = "Buryatia S.S.R."


def _japan_attacks(g, names):
    _to(g, "Japan", "combat_move")
    for n in names:
        g.apply({"type": "enter", "territory": n, "attack": 1})


def test_the_ussr_chooses_among_the_red_territories_japan_attacks():
    """LHTR-O-11: Japan attacks Soviet Far East, Buryatia and China in one Combat Move; when
    it ends, before any battle, the USSR is asked which red territory gets the 4 infantry: the
    two red ones (China is not red) or none. It picks Buryatia: 4 infantry there, once."""
    g = Game.new("revised_lhtr", options=OPTS)
    b = g.board
    su = b.power_id("Soviet Union")
    sfe, bur = b.territory_id(SFE), b.territory_id(BUR)
    _japan_attacks(g, (SFE, "China", BUR, SFE))
    assert g.prompt is None                      # asked when all attacks are known
    g.apply({"type": "end_phase"})
    q = g.prompt
    assert q["kind"] == "treaty" and q["power"] == su and q["rule"] == "LHTR-O-11"
    assert q["options"] == (sfe, bur, 255) and q["labels"] == (SFE, BUR, "None")
    assert g.summary()["phase"] == "combat"
    # nothing else happens before the USSR chooses (no battle recorded first)
    _raises("LEDGER-PROMPT", g.apply, {"type": "battle", "territory": SFE, "captured": 1,
                                        "attacker_ipc": 0, "defender_ipc": 0})
    before = save.dumps(g)
    _raises("LHTR-O-11", g.apply, {"type": "answer", "value": "China"})        # not red
    _raises("LHTR-O-11", g.apply, {"type": "answer", "value": "Kazakh S.S.R."})  # not attacked
    assert save.dumps(g) == before and g.prompt == q
    ev = g.apply({"type": "answer", "value": BUR})
    assert ev == [("free_units", su, bur, b.unit_id("infantry"), 4)]
    assert g.prompt is None and g.state.history & H.NONAGGRESSION_OVER
    _raises("LHTR-O-11", g.apply, {"type": "answer", "value": BUR})              # a second use
    g.apply({"type": "battle", "territory": BUR, "captured": 0, "attacker_ipc": 6, "defender_ipc": 12})
    # the next Japanese attack on a red territory asks nothing: "the first time" is past
    _japan_attacks(g, (SFE,))
    g.apply({"type": "end_phase"})
    assert g.prompt is None


def test_one_red_territory_and_the_ussr_may_decline():
    """LHTR-O-11: "may place": one red territory attacked, the USSR is still asked (that
    territory or none) and may decline; the advantage is over either way."""
    g = Game.new("revised", options=OPTS)
    b = g.board
    _japan_attacks(g, (SFE,))
    g.apply({"type": "end_phase"})
    assert g.prompt["options"] == (b.territory_id(SFE), 255)
    assert g.apply({"type": "answer", "value": "none"}) == []
    assert g.state.history & H.NONAGGRESSION_OVER and g.prompt is None


def test_saves_and_undo_keep_the_question_and_the_choice():
    """LHTR-O-11: the question survives a save and an undo; the answer too."""
    g = Game.new("revised_lhtr", options=OPTS)
    b = g.board
    _japan_attacks(g, (SFE, BUR))
    g.apply({"type": "end_phase"})
    asked = g.prompt
    g2 = save.loads(save.dumps(g))
    assert g2.prompt == asked
    g2.apply({"type": "answer", "value": SFE})
    g3 = save.loads(save.dumps(g2))
    assert g3.prompt is None and g3.state.history & H.NONAGGRESSION_OVER
    g3.undo()
    assert g3.prompt == asked and not g3.state.history & H.NONAGGRESSION_OVER
    assert g3.apply({"type": "answer", "value": b.territory_id(BUR)})[0][2] == b.territory_id(BUR)


def test_a_battle_or_capture_before_the_attack_is_entered_is_refused():
    """LHTR-O-11: the USSR places the infantry "before resolving combat": a Japanese battle or
    capture in a red territory whose attack was never entered is refused (nothing changes);
    an attack entered in Conduct Combat asks at once."""
    g = Game.new("revised_lhtr", options=OPTS)
    b = g.board
    _to(g, "Japan", "combat_move")
    _raises("LHTR-O-11", g.apply, {"type": "capture", "territory": SFE})
    g.apply({"type": "end_phase"})
    assert g.prompt is None                      # no red territory attacked in Combat Move
    _raises("LHTR-O-11", g.apply, {"type": "battle", "territory": SFE, "captured": 1,
                                   "attacker_ipc": 0, "defender_ipc": 0})
    assert g.state.owner[b.territory_id(SFE)] == b.power_id("Soviet Union")
    g.apply({"type": "enter", "territory": SFE, "attack": 1})
    assert g.prompt["options"] == (b.territory_id(SFE), 255)


def test_the_ussr_loses_it_by_attacking_orange_first_and_sea_zones_never_count():
    """LHTR-O-11: "If you attack an orange territory before Japan attacks you, you lose this
    national advantage"; only land attacks trigger it; not in play without the option."""
    g = Game.new("revised_lhtr", options=OPTS)
    _to(g, "Soviet Union", "combat_move")
    g.apply({"type": "enter", "territory": "Manchuria", "attack": 1})
    assert g.state.history & H.NONAGGRESSION_OVER
    _japan_attacks(g, (SFE,))
    g.apply({"type": "end_phase"})
    assert g.prompt is None
    g = Game.new("revised_lhtr", options={"national_advantages": ["russian_winter"]})
    _japan_attacks(g, (SFE,))
    g.apply({"type": "end_phase"})
    assert g.prompt is None
    g = Game.new("revised_lhtr", options=OPTS)
    b = g.board
    sea = [t for t in b.adjacent(b.territory_id(SFE)) if b.is_sea(t)][0]
    _japan_attacks(g, (sea,))
    g.apply({"type": "end_phase"})
    assert g.prompt is None

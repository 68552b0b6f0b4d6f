"""An attack that fails is still an attack: a battle recorded without a capture (the device's
way of recording every battle it fights) counts for the political rules as the attack it was
(engine_core/ledger/game.py: the `battle` action asks politics.enter, as `enter` does).
"""
from engine_core.ledger.game import Game
from engine_core.ledger import politics as P
from engine_core.ledger import history as H
from portable_helpers import _raises, _to


def _lost(g, t):
    return g.apply({"type": "battle", "territory": t, "captured": 0, "attacker_ipc": 6, "defender_ipc": 3})


def test_a_failed_attack_on_a_neutral_turns_the_others_friendly():
    """P40-C-133 (rulebook, Friendly Neutrals): "The first attack by either side on a neutral
    territory (whether successful or not) results in all remaining neutral territories
    immediately becoming friendly to the other side." Japan attacks Olgiy and loses: Dzavhan
    is friendly to the Allies from then on."""
    g = Game.new("pacific_1940")
    b = g.board
    _to(g, "Japan", "combat")
    assert P.neutral_status(b, g.state, b.territory_id("Dzavhan")) == P.STRICT
    _lost(g, "Olgiy")
    assert P.neutral_status(b, g.state, b.territory_id("Dzavhan")) == P.FRIENDLY_ALLIES


def test_the_us_not_at_war_cannot_record_a_battle_in_a_neutral():
    """P40-P-22: the United States, while not at war, "may not attack neutral territories" --
    refused for a recorded battle as for an entered attack, and nothing changes."""
    g = Game.new("pacific_1940")
    _to(g, "United States", "combat")
    before = list(g.state.journal)
    _raises("P40-P-22", _lost, g, "Olgiy")
    assert list(g.state.journal) == before and g.state.history == 0


def test_a_failed_soviet_attack_on_orange_territory_ends_the_treaty():
    """LHTR-O-11: "If you attack an orange territory before Japan attacks you, you lose this
    national advantage" -- an attack that fails is an attack: the USSR loses the battle in
    Manchuria, and Japan's later attack on Soviet Far East asks no question."""
    g = Game.new("revised_lhtr", options={"national_advantages": ["nonaggression_treaty"]})
    _to(g, "Soviet Union", "combat")
    _lost(g, "Manchuria")
    assert g.state.history & H.NONAGGRESSION_OVER
    _to(g, "Japan", "combat_move")
    g.apply({"type": "enter", "territory": "Soviet Far East", "attack": 1})
    g.apply({"type": "end_phase"})
    assert g.prompt is None


def test_japan_not_at_war_with_the_uk_cannot_record_a_battle_in_a_dutch_territory():
    """P40-E-73 (rulebook): "Japan may attack Dutch territories only if a state of war exists
    between it and the United Kingdom and ANZAC" -- a lost battle in Java is refused as the
    capture is (it was recorded before the battle's politics were checked), nothing changes."""
    g = Game.new("pacific_1940")
    _to(g, "Japan", "combat")
    before = list(g.state.journal)
    _raises("P40-E-73", _lost, g, "Java")
    assert list(g.state.journal) == before

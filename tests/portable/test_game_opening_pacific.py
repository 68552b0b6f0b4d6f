"""Scripted openings: a first round with no combat gives the rulebook incomes (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _finish_turn, _round, _treasury


def test_pacific_first_round_incomes_and_objectives():
    """P40-G-05 starting incomes and treasuries; P40-G-07 first objectives paid in the first
    Collect Income; P40-E-51 Japan +10 while not at war with the US; P40-E-56 no US 40 while
    at peace; P40-E-61 China +6 while the Burma Road is open (India, Burma, Yunnan,
    Szechwan Allied at the start); P40-E-62/63/64 need war with Japan."""
    g = Game.new("pacific_1940")
    _finish_turn(g)
    assert _treasury(g, "Japan") == 26 + 26 + 10
    _round(g)  # the rest of round 1 and Japan's turn of round 2
    assert _treasury(g, "United States") == 17 + 17
    assert _treasury(g, "China") == 12 + 12 + 6
    assert _treasury(g, "United Kingdom") == 16 + 16
    assert _treasury(g, "ANZAC") == 10 + 10
    assert _treasury(g, "Japan") == 26 + 2 * (26 + 10)


def test_pacific_us_wartime_bonus_only_at_war():
    """P40-E-56 (errata): +40 to the US from its first turn at war with Japan; P40-P-10
    Japan may declare war on the US at the start of its Combat Move; P40-E-51: the peace
    objective is lost; P40-E-57..59: U2, U3, U4 pay while the US is at war and holds
    Alaska + Mexico, the four Pacific islands, the Philippines (all US at the start)."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})                         # to Combat Move
    g.apply({"type": "declare_war", "target": "United States"})
    _finish_turn(g)
    assert _treasury(g, "Japan") == 26 + 26                # no peace bonus any more
    _finish_turn(g)
    assert _treasury(g, "United States") == 17 + 17 + 40 + 5 + 5 + 5

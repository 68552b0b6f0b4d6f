"""Scripted openings: a first round with no combat gives the rulebook incomes (issue 5)."""
import gc
from engine_core.ledger.game import Game
from portable_helpers import _round, _treasury


def _revised(ed):
    gc.collect()
    g = Game.new(ed)
    _round(g)
    for name, ipc in (("Soviet Union", 24), ("Germany", 40), ("United Kingdom", 30),
                      ("Japan", 30), ("United States", 42)):
        assert _treasury(g, name) == 2 * ipc


def test_revised_first_round_incomes():
    """LHTR-P-04: starting IPCs equal the starting production; LHTR-E-10: collected in phase 7."""
    _revised("revised")


def test_lhtr_first_round_incomes():
    """LHTR-P-04, LHTR-E-10, LHTR-S-01 (seven phases, income last) under LHTR."""
    _revised("revised_lhtr")

# The Global 1940 power-by-power variant: rules an independent audit found wrong (issue 16),
# from ../shared/seeds/global-1940-powers-variant.txt.
# Each test plays one Global game: a Global game and its undo copy fill much of the MicroPython
# gate's 192K heap, so the helpers stay local and the garbage is collected first.
import gc
from engine_core.ledger.game import Game
from engine_core import board as B

ED = "global_1940_variant"


def _to(g, power, phase):
    while not (g.summary()["power"] == power and g.summary()["phase"] == phase):
        g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})


def _size(g, name):
    f = g.state.facilities[g.board.territory_id(name)]
    return "major" if f & B.FAC_MAJOR else ("minor" if f & B.FAC_MINOR else "")


def test_us_complexes_start_minor_in_the_variant():
    """G40-U-02, G40-V-12: the variant's US section: "the industrial complexes in Eastern United
    States, Central United States, and Western United States begin the game as minor
    complexes"."""
    gc.collect()
    g = Game.new(ED)
    assert [_size(g, n) for n in ("Eastern United States", "Central United States",
                                  "Western United States")] == ["minor", "minor", "minor"]


def test_india_complex_starts_minor():
    """G40-U-03, G40-V-16: "the industrial complex in India begins the game as a minor complex.
    It is upgraded to major complex at no cost when the United Kingdom Pacific enters a state
    of war with Japan": minor at the start, major once Japan declares war on UK Pacific."""
    gc.collect()
    g = Game.new(ED)
    assert _size(g, "India") == "minor"
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United Kingdom Pacific"})
    assert _size(g, "India") == "major"

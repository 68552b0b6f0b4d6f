# gate heap: 208K (smallest heap that passes: 192K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# The Global 1940 power-by-power variant: rules an independent audit found wrong (issue 16),
# from ../shared/seeds/global-1940-powers-variant.txt.
# Each test plays one Global game: a Global game and its undo copy fill much of the MicroPython
# gate's 192K heap, so the helpers stay local and the garbage is collected first.
import gc
from engine_core.ledger.game import Game
from engine_core import board as B
from engine_core.errors import RuleError

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


def _wars(g, name):
    b = g.board
    me = b.power_id(name)
    return [b.power_name(p) for p in range(b.power_count) if g.state.at_war[me] & (1 << p)]


def test_japan_declares_on_uk_europe_alone():
    """G40-V-06: the variant's Japan "may declare war on United Kingdom Europe, United Kingdom
    Pacific, the United States, France, or the Soviet Union": separate targets. A declaration on
    UK Europe puts Japan at war with UK Europe only (China it fought already); J1 ("has not made
    an unprovoked declaration of war against the United Kingdom Pacific", G40-V-09) still pays
    10; India stays minor (G40-U-03: only UK Pacific's war upgrades it); the US may now declare
    (G40-V-11: "against the UK Europe or the UK Pacific")."""
    gc.collect()
    g = Game.new(ED)
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    assert sorted(_wars(g, "Japan")) == ["China", "United Kingdom"]
    assert _size(g, "India") == "minor"
    from engine_core.ledger import politics as P
    b = g.board
    assert not g.state.history & P.H.JAPAN_UNPROVOKED_UK          # J1 kept (G40-V-09)
    # G40-V-08: "Japan may attack Dutch territories only if a state of war exists between it
    # and the United Kingdom Pacific": not yet
    try:
        g.apply({"type": "enter", "territory": "Sumatra", "attack": 1})
        assert False, "Sumatra attacked"
    except RuleError as e:
        assert e.rule == "G40-V-08"
    _to(g, "United States", "combat_move")
    g.apply({"type": "declare_war", "target": "Japan"})           # G40-V-11 trigger (iii)
    assert "United States" in _wars(g, "Japan")


def test_japan_declares_on_uk_pacific():
    """G40-V-06: "A declaration of war by Japan against the United Kingdom Pacific will
    immediately result in a state of war between Japan and UK Pacific" (and ANZAC, whose text
    the variant's UK Pacific section is: G40-V-19, G40-X-21), not UK Europe; it is the
    unprovoked declaration that voids J1 (G40-V-09)."""
    gc.collect()
    g = Game.new(ED)
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United Kingdom Pacific"})
    assert sorted(_wars(g, "Japan")) == ["ANZAC", "China", "United Kingdom Pacific"]
    from engine_core.ledger import politics as P
    assert g.state.history & P.H.JAPAN_UNPROVOKED_UK

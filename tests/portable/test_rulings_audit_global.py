# gate heap: 208K (smallest heap that passes: 188K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# Global 1940 and its power-by-power variant: rules an independent audit found wrong (issue 16),
# from ../shared/seeds/pacific-1940-rulebook.txt ("Additional Rules" of the Global game) and
# ../shared/seeds/global-1940-powers-variant.txt.
# Each test plays one Global game: a Global game and its undo copy fill much of the MicroPython
# gate's 192K heap, so the helpers stay local and the garbage is collected first.
import gc
from engine_core.ledger.game import Game
from engine_core.errors import RuleError
from engine_core import board as B

US_ICS = ("Eastern United States", "Central United States", "Western United States")


def _to(g, power, phase):
    while not (g.summary()["power"] == power and g.summary()["phase"] == phase):
        g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})


def _refused(rule, g, action):
    try:
        g.apply(action)
    except RuleError as e:
        return e.rule == rule
    return False


def _size(g, name):
    f = g.state.facilities[g.board.territory_id(name)]
    return "major" if f & B.FAC_MAJOR else ("minor" if f & B.FAC_MINOR else "")


def test_us_complexes_start_minor():
    """G40-U-02: "The industrial complexes in Eastern United States, Central United States, and
    Western United States begin the game as minor complexes": in round 1 the US (not at war)
    may place 3 units at Western United States, not 4 (a minor complex mobilizes 3, P40-U-63)."""
    gc.collect()
    g = Game.new("global_1940")
    assert [_size(g, n) for n in US_ICS] == ["minor", "minor", "minor"]
    _to(g, "United States", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "United States", "mobilize")
    assert _refused("G40-E-01", g, {"type": "place", "territory": "Western United States",
                                    "units": {"infantry": 4}})
    g.apply({"type": "place", "territory": "Western United States", "units": {"infantry": 3}})


def test_us_complexes_major_at_war():
    """G40-U-02, G40-P-25: "They are upgraded to major complexes at no cost when the United
    States enters a state of war and may be used as such immediately": Japan declares war on
    the US in round 1; on its own turn the US places 4 units at Western United States."""
    gc.collect()
    g = Game.new("global_1940")
    _to(g, "Japan", "combat_move")
    g.apply({"type": "declare_war", "target": "United States"})
    assert [_size(g, n) for n in US_ICS] == ["major", "major", "major"]
    _to(g, "United States", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to(g, "United States", "mobilize")
    g.apply({"type": "place", "territory": "Western United States", "units": {"infantry": 4}})


def test_india_complex_stays_major_in_global():
    """G40-U-03 is the variant's (G40-V-16): Global 1940 itself starts India major."""
    gc.collect()
    assert _size(Game.new("global_1940"), "India") == "major"


def test_war_declared_before_any_combat_movement_global():
    """G40-P-02: declarations are "made at the beginning of the declarer's Combat Move, before
    any movement" (P40-P-02). Japan takes Yunnan, then declares war on the United States:
    refused, and Japan and the US stay at peace."""
    gc.collect()
    g = Game.new("global_1940")
    _to(g, "Japan", "combat_move")
    g.apply({"type": "capture", "territory": "Yunnan"})
    try:
        g.apply({"type": "declare_war", "target": "United States"})
        assert False, "declared after a combat movement"
    except RuleError as e:
        assert e.rule == "G40-P-02"
    assert not g.state.is_at_war(g.board.power_id("Japan"), g.board.power_id("United States"))
    g = None

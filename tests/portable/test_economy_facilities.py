# gate heap: 208K (smallest heap that passes: 188K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
"""1940 facilities: where they may be built, damage per facility, repair and raids (issue 5)."""
from engine_core.ledger.game import Game
from engine_core.ledger import economy as E
from portable_helpers import _raises, _to


def test_complex_sites():
    """P40-U-64: a minor complex needs a territory worth 2 or more, never an island (Japan
    excepted, P40-X-09); a major one an original territory worth 3 or more; P40-U-66: a
    naval base needs a coastline; P40-U-67: an air base goes on any controlled territory;
    P40-U-69: one facility of each kind per territory."""
    g = Game.new("pacific_1940")
    b = g.board
    g.state.treasury[0] = 200
    g.apply({"type": "purchase", "units": {"minor_industrial_complex": 3, "major_industrial_complex": 1,
                                           "naval_base": 1, "air_base": 2}})
    _to(g, "Japan", "mobilize")
    _raises("P40-U-64", g.apply, {"type": "place", "territory": "Siam", "units": {"minor_industrial_complex": 1}})
    _raises("P40-U-64", g.apply, {"type": "place", "territory": "Formosa", "units": {"minor_industrial_complex": 1}})
    _raises("P40-U-64", g.apply, {"type": "place", "territory": "Kiangsu", "units": {"major_industrial_complex": 1}})
    _raises("P40-U-69", g.apply, {"type": "place", "territory": "Japan", "units": {"air_base": 1}})
    g.apply({"type": "place", "territory": "Korea", "units": {"minor_industrial_complex": 1}})
    g.apply({"type": "place", "territory": "Manchuria", "units": {"air_base": 1}})
    g.apply({"type": "place", "territory": "Jehol", "units": {"naval_base": 1}})      # coastal
    k = b.territory_id("Korea")
    assert g.state.facilities[k] & 4 and g.state.placed[k] == E.NEW_COMPLEX   # not usable this turn
    # the board data behind the refusals: Siam is worth 1, Formosa is an island, Kiangsu
    # (Chinese emblem) was captured, Jehol has a coastline
    assert b.ipc(b.territory_id("Siam")) == 1 and b.is_island(b.territory_id("Formosa"))


def test_damage_per_facility_caps_and_repair():
    """P40-U-70: damage is per facility, capped at 20 on a major complex and 6 on a minor
    one or a base; P40-C-47: raid damage markers recorded from the raid's result;
    P40-U-68: repair at 1 IPC per marker, facility by facility; P40-U-63: each marker cuts
    the complex's production by 1."""
    g = Game.new("pacific_1940")
    b = g.board
    g.apply({"type": "end_phase"})
    g.apply({"type": "declare_war", "target": "United Kingdom"})
    g.apply({"type": "end_phase"})
    india = b.territory_id("India")
    g.apply({"type": "bombing", "territory": "India", "damage": 25})
    g.apply({"type": "bombing", "territory": "India", "damage": 9, "facility": "air_base"})
    g.apply({"type": "bombing", "territory": "India", "damage": 2, "facility": "naval_base"})
    assert E.get_damage(g.state, india, E.DMG_IC) == 20
    assert E.get_damage(g.state, india, E.DMG_AIR) == 6
    assert E.get_damage(g.state, india, E.DMG_NAVAL) == 2
    _raises("P40-C-40", g.apply, {"type": "bombing", "territory": "Western United States", "damage": 1})
    _to(g, "United Kingdom", "purchase")
    g.apply({"type": "repair", "territory": "India", "count": 2, "facility": "naval_base"})
    g.apply({"type": "repair", "territory": "India", "count": 12})
    assert E.get_damage(g.state, india, E.DMG_NAVAL) == 0 and g.state.damage[india] == 8
    assert g.summary()["treasury"]["United Kingdom"] == 16 - 2 - 12
    assert E.placement_limit(b, g.state, b.power_id("United Kingdom"), india) == 2


def test_upgrade_conditions():
    """P40-U-65: an upgrade needs an original territory worth 3 or more, held since the start
    of the turn, with all damage repaired first."""
    g = Game.new("pacific_1940")
    b = g.board
    korea = b.territory_id("Korea")
    kiangsu = b.territory_id("Kiangsu")
    g.state.facilities[kiangsu] |= 4        # Chinese-emblem territory: captured, not original
    _raises("P40-U-65", g.apply, {"type": "upgrade", "territory": "Kiangsu"})
    g.state.facilities[korea] |= 4
    g.state.damage[korea] = 1
    assert b.original_owner(korea) == b.power_id("Japan") and b.ipc(korea) >= 3
    _raises("P40-U-65", g.apply, {"type": "upgrade", "territory": "Korea"})
    g.apply({"type": "repair", "territory": "Korea", "count": 1})
    g.apply({"type": "upgrade", "territory": "Korea"})
    assert g.summary()["treasury"]["Japan"] == 26 - 1 - 20


def test_classic_bombing_costs_ipcs():
    """CL-C-54, CL-E-10: a raid's damage comes out of the IC owner's treasury, never below 0;
    LHTR-E-14 the same under LHTR, where LHTR-C-52 also caps all raids on one IC in one turn
    at the territory's income value: the United Kingdom (8) loses 7, then only 1 more."""
    for ed, second in (("classic", 30 - 7), ("revised_lhtr", 8 - 7)):
        g = Game.new(ed)
        _to(g, "Germany", "combat")
        g.apply({"type": "bombing", "territory": "United Kingdom", "damage": 7})
        assert g.summary()["treasury"]["United Kingdom"] == 30 - 7
        g.apply({"type": "bombing", "territory": "United Kingdom", "damage": 99})
        assert g.summary()["treasury"]["United Kingdom"] == 30 - 7 - second
        g = None

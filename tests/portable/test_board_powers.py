"""Powers, sides, turn order, capitals and victory parameters of each edition."""
from engine_core import board


def _names(b, ids):
    return tuple(b.power_name(p) for p in ids)


def test_turn_orders():
    """CL-P-02, LHTR-P-02, P40-G-04, G40-G-03: turn orders as the rulebooks print them."""
    b = board.load("classic", units=False, rules=False)
    assert _names(b, b.turn_order) == ("Soviet Union", "Germany", "United Kingdom", "Japan",
                                       "United States")
    b = board.load("revised_lhtr", units=False, rules=False)
    assert _names(b, b.turn_order) == ("Soviet Union", "Germany", "United Kingdom", "Japan",
                                       "United States")
    b = board.load("pacific_1940", units=False, rules=False)
    assert _names(b, b.turn_order) == ("Japan", "United States", "China", "United Kingdom",
                                       "ANZAC")
    b = board.load("global_1940", units=False, rules=False)
    assert _names(b, b.turn_order) == ("Germany", "Soviet Union", "Japan", "United States",
                                       "China", "United Kingdom", "Italy", "ANZAC", "France")


def test_sides():
    """CL-P-01, P40-G-01, G40-G-01: Axis and Allies."""
    b = board.load("classic", units=False, rules=False)
    assert b.side(b.power_id("Germany")) == board.AXIS
    assert b.side(b.power_id("Japan")) == board.AXIS
    assert b.side(b.power_id("USSR")) == board.ALLIES
    b = board.load("pacific_1940", units=False, rules=False)
    axis = [p for p in range(b.power_count) if b.side(p) == board.AXIS]
    assert axis == [b.power_id("Japan")]
    b = board.load("global_1940", units=False, rules=False)
    axis = sorted(b.power_name(p) for p in range(b.power_count) if b.side(p) == board.AXIS)
    assert axis == ["Germany", "Italy", "Japan"]


def test_capitals():
    """CL-P-08, P40-G-08 (China has no capital), G40-G-07."""
    b = board.load("classic", units=False, rules=False)
    assert b.territory_name(b.capital(b.power_id("United States"))) == "East US"
    assert b.territory_name(b.capital(b.power_id("Soviet Union"))) == "Russia"
    b = board.load("pacific_1940", units=False, rules=False)
    assert b.capital(b.power_id("China")) == -1
    assert b.territory_name(b.capital(b.power_id("United States"))) == "Western United States"
    assert b.territory_name(b.capital(b.power_id("United Kingdom"))) == "India"
    assert b.territory_name(b.capital(b.power_id("ANZAC"))) == "New South Wales"
    assert b.is_capital(b.territory_id("Japan"))
    assert not b.is_capital(b.territory_id("Himalayas"))
    b = board.load("global_1940", units=False, rules=False)
    assert b.capital(b.power_id("China")) == -1
    assert b.territory_name(b.capital(b.power_id("Italy"))) == "Southern Italy"
    assert b.territory_name(b.capital(b.power_id("UK Pacific"))) == "India"


def test_classic_victory():
    """CL-P-09, CL-P-10, CL-P-11: capitals and 84 economic."""
    b = board.load("classic", units=False, rules=False)
    v = b.victory
    assert sorted(b.territory_name(t) for t in v["axis_capitals"]) == ["Germany", "Japan"]
    assert sorted(b.territory_name(t) for t in v["allied_capitals"]) == [
        "East US", "Russia", "United Kingdom"]
    assert v["axis_economic"] == 84
    assert v["allies_need"] == 2 and v["axis_need"] == 2


def test_revised_victory_cities():
    """LHTR-P-07, LHTR-P-08: 12 cities, 6 per side at start; levels 8/9/10/12."""
    for ed in ("revised", "revised_lhtr"):
        b = board.load(ed, units=False, rules=False)
        v = b.victory
        assert len(v["cities"]) == 12
        assert v["levels"] == (("minor", 8), ("moderate", 9), ("major", 10), ("total", 12))
        axis = 0
        for city, t in v["cities"]:
            assert b.is_victory_city(t)
            if b.side(b.owner_at_start(t)) == board.AXIS:
                axis += 1
        assert axis == 6
        vcs = [t for t in range(b.territory_count) if b.is_victory_city(t)]
        assert len(vcs) == 12
        assert b.victory_city_name(b.territory_id("Philippine Islands")) == "Manila"


def test_pacific_victory():
    """P40-G-09, P40-G-10: 8 VCs (Allies 6, Axis Shanghai and Tokyo), Japan needs 6."""
    b = board.load("pacific_1940", units=False, rules=False)
    v = b.victory
    assert v["axis_vcs"] == 6
    vcs = [t for t in range(b.territory_count) if b.is_victory_city(t)]
    assert len(vcs) == 8
    axis = sorted(b.victory_city_name(t) for t in vcs if b.owner_at_start(t) == 0)
    assert axis == ["Shanghai", "Tokyo"]
    assert b.territory_name(v["axis_capital"]) == "Japan"
    assert sorted(b.territory_name(t) for t in v["allied_capitals"]) == [
        "India", "New South Wales", "Western United States"]


def test_global_victory():
    """G40-G-08..10: 8 of the Europe map's VCs or 6 of the Pacific map's; Allies need
    Berlin, Rome and Tokyo."""
    b = board.load("global_1940", units=False, rules=False)
    v = b.victory
    assert v["axis_europe_vcs"] == 8 and v["axis_pacific_vcs"] == 6
    assert len(v["pacific_cities"]) == 8 and len(v["europe_cities"]) == 11
    for t in v["pacific_cities"]:
        assert b.is_pacific_map(t) and b.is_victory_city(t)
    for t in v["europe_cities"]:
        assert not b.is_pacific_map(t) and b.is_victory_city(t)
    assert sorted(b.territory_name(t) for t in v["axis_capitals"]) == [
        "Germany", "Japan", "Southern Italy"]


def test_power_lookup_errors():
    """G40-G-01: there are nine powers (ten ids: the UK's Pacific economy is its own id)."""
    b = board.load("global_1940", units=False, rules=False)
    assert b.power_count == 10
    raised = False
    try:
        b.power_id("Netherlands")
    except Exception:      # InputError (engine_core/errors.py; see the report on MicroPython)
        raised = True
    assert raised

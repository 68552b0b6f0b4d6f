"""Pacific 1940 board as the 003 errata corrects it (setup and map), read through the loader
the ledger uses."""
from engine_core import board as B


def test_pacific_setup_corrections():
    """P40-X-18: the Philippines start with an air base and a naval base; New Zealand has no
    minor complex; New South Wales has a minor complex, not a major one."""
    b = B.load("pacific_1940")
    ph = b.facilities_at_start(b.territory_id("Philippines"))
    assert ph & B.FAC_AIR_BASE and ph & B.FAC_NAVAL_BASE
    nz = b.facilities_at_start(b.territory_id("New Zealand"))
    assert not nz & (B.FAC_MINOR | B.FAC_MAJOR | B.FAC_IC)
    nsw = b.facilities_at_start(b.territory_id("New South Wales"))
    assert nsw & B.FAC_MINOR and not nsw & B.FAC_MAJOR


def test_pacific_map_corrections():
    """P40-X-19: sea zone 5 does not touch Korea (Amur touches only zone 5, Korea only zone
    6); sea zone 6 does not touch Manchuria; the Canadian territories are the UK's."""
    b = B.load("pacific_1940")
    sz5, sz6 = b.territory_id("Sea Zone 5"), b.territory_id("Sea Zone 6")
    korea, amur = b.territory_id("Korea"), b.territory_id("Amur")
    manchuria = b.territory_id("Manchuria")
    assert korea not in b.adjacent(sz5) and sz5 not in b.adjacent(korea)
    assert sz6 in b.adjacent(korea) and sz5 in b.adjacent(amur) and sz6 not in b.adjacent(amur)
    assert manchuria not in b.adjacent(sz6) and sz6 not in b.adjacent(manchuria)
    uk = b.power_id("United Kingdom")
    for name in ("British Columbia", "Yukon Territory"):
        t = b.territory_id(name)
        assert b.owner_at_start(t) == uk and b.original_owner(t) == uk

"""Purchase, repair, mobilization limits and refunds (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _raises, _to_phase


def test_purchase_debits_edition_costs():
    """CL-E-01: pay the bank the total cost, the rest carries over (Germany: 2 tanks at 5 and
    2 transports at 8 = 26); LHTR-E-01; P40-E-03, P40-U-01/P40-U-04: infantry 3, tank 6."""
    g = Game.new("classic")
    g.apply({"type": "end_phase"})            # Soviet research -> purchase
    g.apply({"type": "purchase", "units": {"infantry": 8}})
    assert g.summary()["treasury"]["Soviet Union"] == 24 - 8 * 3
    g = Game.new("pacific_1940")
    g.apply({"type": "purchase", "units": {"infantry": 2, "tank": 1}})
    assert g.summary()["treasury"]["Japan"] == 26 - 2 * 3 - 6


def test_purchase_refused_beyond_treasury():
    """P40-E-03 / P40-T-12: a power buys what it can afford; the treasury never goes negative;
    the refused action changes nothing."""
    g = Game.new("pacific_1940")
    before = g.state.snapshot()
    _raises("P40-E-03", g.apply, {"type": "purchase", "units": {"battleship": 2}})
    assert g.state.snapshot() == before


def test_purchase_only_in_its_phase():
    """P40-T-01 / P40-T-11: buying happens in Purchase & Repair only."""
    g = Game.new("pacific_1940")
    g.apply({"type": "end_phase"})
    _raises("P40-T-01", g.apply, {"type": "purchase", "units": {"infantry": 1}})


def test_china_buys_infantry_and_burma_road_artillery():
    """P40-E-07, P40-E-82: China buys infantry only, artillery while the Burma Road is open
    (P40-E-61: India, Burma, Yunnan, Szechwan Allied, true at the start)."""
    g = Game.new("pacific_1940")
    for _ in range(2):
        while g.summary()["power"] != "China":
            g.apply({"type": "end_phase"})
    _raises("P40-E-07", g.apply, {"type": "purchase", "units": {"tank": 1}})
    g.apply({"type": "purchase", "units": {"infantry": 2, "artillery": 1}})
    assert g.summary()["treasury"]["China"] == 12 - 6 - 4


def test_china_no_artillery_with_the_road_closed():
    """P40-E-07: with Burma in Japanese hands the road is closed: no artillery."""
    g = Game.new("pacific_1940")
    b = g.board
    g.state.owner[b.territory_id("Burma")] = b.power_id("Japan")
    while g.summary()["power"] != "China":
        g.apply({"type": "end_phase"})
    _raises("P40-E-07", g.apply, {"type": "purchase", "units": {"artillery": 1}})


def test_1940_major_ten_minor_three_minus_damage():
    """P40-E-12: a major complex places 10, a minor 3, each less one per damage marker;
    P40-E-11: only at the power's own complexes (Kwangtung has none)."""
    g = Game.new("pacific_1940")
    b = g.board
    japan = b.territory_id("Japan")
    g.state.damage[japan] = 3
    g.apply({"type": "purchase", "units": {"infantry": 8}})
    _to_phase(g, "mobilize")
    _raises("P40-E-12", g.apply, {"type": "place", "territory": "Japan", "units": {"infantry": 8}})
    g.apply({"type": "place", "territory": "Japan", "units": {"infantry": 7}})
    _raises("P40-E-11", g.apply, {"type": "place", "territory": "Kwangtung", "units": {"infantry": 1}})
    nsw = b.territory_id("New South Wales")   # ANZAC's minor complex (errata setup)
    assert g.state.facilities[nsw] & 4


def test_1940_refund_of_unplaced_units():
    """P40-E-17, P40-T-50: overpurchased units go back to the box and are refunded."""
    g = Game.new("pacific_1940")
    g.apply({"type": "purchase", "units": {"infantry": 4}})
    _to_phase(g, "mobilize")
    g.apply({"type": "place", "territory": "Japan", "units": {"infantry": 3}})
    g.apply({"type": "end_phase"})
    assert g.summary()["treasury"]["Japan"] == 26 - 12 + 3

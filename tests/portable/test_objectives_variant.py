# National objectives evaluated from the state; questions for facts the device cannot know.
# Global 1940, power-by-power variant.
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core.ledger import objectives as O
from portable_helpers import _state, _war


def test_variant_uk_objectives():
    """G40-E-61, G40-E-62, G40-E-63, G40-E-64, G40-E-69, G40-E-70, G40-E-71, G40-E-72, G40-V-17, G40-V-18, G40-X-33, G40-X-34, G40-X-35, G40-X-36: the variant's UK Pacific
    objectives at war with Japan (Malaya, Hong Kong, China holds Shanghai, a UK land unit in a
    Dutch territory -- asked) and UK Europe's four at war with Germany and Italy."""
    b = board.load("global_1940_variant")
    s = _state(b)
    uk = b.power_id("United Kingdom")
    ukp = b.power_id("United Kingdom Pacific")
    jp = b.power_id("Japan")
    assert O.questions(b, s, uk) == ("no_axis_warships_med", "uk_land_unit_in_french_europe")
    assert O.evaluate(b, s, uk, {"no_axis_warships_med": 1, "uk_land_unit_in_french_europe": 0})[0] == 15
    _war(s, jp, uk)
    _war(s, jp, ukp)
    # Malaya and Hong Kong (Kwangtung) British; Shanghai (Kiangsu) Japanese at the start
    assert O.evaluate(b, s, ukp, {"uk_land_unit_in_dutch": 0})[0] == 10
    s.owner[b.territory_id("Kiangsu")] = b.power_id("China")
    assert O.evaluate(b, s, ukp, {"uk_land_unit_in_dutch": 1})[0] == 20

"""Global 1940 power-by-power variant: the same victory rules (issue 5)."""
from test_victory_global import _six_cities


def test_variant_six_pacific_cities_for_a_round():
    """G40-G-12: 004 has no victory rules; the variant uses G40-G-09..11 unchanged."""
    _six_cities("global_1940_variant")

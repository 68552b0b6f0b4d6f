# gate heap: 216K (smallest heap that passes: 196K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# Was 200K (a Global 1940 game's ledger code sits in the unix port's heap beside its data;
# it grew ~4-8 KB this session with the rulings of issue 16 and the input checks of issue 17; a
# board runs it frozen from flash: bench_firmware's Global session-data peak is 91.6 KB of 150 KB)
"""Global 1940 power-by-power variant: the same victory rules (issue 5)."""
from test_victory_global import _six_cities


def test_variant_six_pacific_cities_for_a_round():
    """G40-G-12: 004 has no victory rules; the variant uses G40-G-09..11 unchanged."""
    _six_cities("global_1940_variant")

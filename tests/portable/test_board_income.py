"""Starting incomes: the sum of each power's starting territories equals the rulebook figure.

The expected numbers are typed in from the rulebooks (not read from the board data); the sums
are computed from the packed territory records.
"""
from engine_core import board


def _sums(b):
    s = [0] * b.power_count
    for t in range(b.territory_count):
        o = b.owner_at_start(t)
        if o >= 0:
            s[o] += b.ipc(t)
    return s


def _check(edition, expected):
    b = board.load(edition, units=False, rules=False)
    s = _sums(b)
    assert b.power_count == len(expected)
    for name, ipc in expected:
        p = b.power_id(name)
        assert s[p] == ipc, (edition, name, s[p], ipc)
        assert b.starting_treasury(p) == ipc, (edition, name)


def test_classic_incomes():
    """CL-P-04, CL-P-05: USSR 24, Germany 32, UK 30, Japan 25, US 36."""
    _check("classic", (("Soviet Union", 24), ("Germany", 32), ("United Kingdom", 30),
                       ("Japan", 25), ("United States", 36)))


def test_classic_axis_start_57():
    """CL-P-11: the Axis start at 32 + 25 = 57 (economic victory needs 84)."""
    b = board.load("classic", units=False, rules=False)
    s = _sums(b)
    assert s[b.power_id("Germany")] + s[b.power_id("Japan")] == 57
    assert b.victory["axis_economic"] == 84


def test_revised_incomes():
    """LHTR-P-04: Soviet Union 24, Germany 40, UK 30, Japan 30, US 42."""
    exp = (("Soviet Union", 24), ("Germany", 40), ("United Kingdom", 30), ("Japan", 30),
           ("United States", 42))
    _check("revised", exp)
    _check("revised_lhtr", exp)


def test_pacific_1940_incomes():
    """P40-G-05: Japan 26, United States 17, China 12, United Kingdom 16, ANZAC 10."""
    _check("pacific_1940", (("Japan", 26), ("United States", 17), ("China", 12),
                            ("United Kingdom", 16), ("ANZAC", 10)))


def test_global_1940_incomes():
    """G40-G-04: Germany 30, USSR 37, Japan 26, US 52, China 12, UK Europe 28, UK Pacific 17,
    Italy 10, ANZAC 10, France 19 (G40-E-02: the UK's two economies are tracked apart)."""
    exp = (("Germany", 30), ("Soviet Union", 37), ("Japan", 26), ("United States", 52),
           ("China", 12), ("United Kingdom", 28), ("United Kingdom Pacific", 17),
           ("Italy", 10), ("ANZAC", 10), ("France", 19))
    _check("global_1940", exp)
    _check("global_1940_variant", exp)


def test_global_uk_economies_by_map():
    """G40-E-02: the Europe economy holds the North American UK territories of the Pacific map,
    the Pacific economy holds West India of the Europe map."""
    b = board.load("global_1940", units=False, rules=False)
    uk = b.power_id("United Kingdom")
    ukp = b.power_id("UK Pacific")
    bc = b.territory_id("British Columbia")
    wi = b.territory_id("West India")
    assert b.is_pacific_map(bc) and b.owner_at_start(bc) == uk
    assert not b.is_pacific_map(wi) and b.owner_at_start(wi) == ukp
    assert b.turn_partner(uk) == ukp and b.turn_partner(ukp) == uk
    assert ukp not in b.turn_order

# National objectives evaluated from the state; questions for facts the device cannot know.
# Pacific 1940 (one file per board keeps each MicroPython run within its heap).
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core.ledger import objectives as O
from engine_core.ledger import history as H
from portable_helpers import _state, _war, _item


def test_pacific_japan_peace_bonus_round_one():
    """P40-E-51, P40-E-33, P40-G-07, P40-E-50: in its first Collect Income, not at war with the
    US, Japan collects its 10-IPC peace objective and nothing else (J2-J4 need war with the
    Western Allies)."""
    b = board.load("pacific_1940")
    s = _state(b)
    jp = b.power_id("Japan")
    total, items = O.evaluate(b, s, jp)
    assert total == 10
    assert _item(items, "J1") == 10 and _item(items, "J3") == 0
    assert O.questions(b, s, jp) == ()


def test_pacific_j1_void_after_fic_or_unprovoked():
    """P40-E-51, P40-X-47, P40-P-05, P40-E-55: attacking French Indo-China or an unprovoked
    declaration on the UK/ANZAC cancels J1 forever; a provoked war (the UK declared first)
    does not, and J1 and J2-J4 are independent."""
    b = board.load("pacific_1940")
    jp = b.power_id("Japan")
    uk = b.power_id("United Kingdom")
    an = b.power_id("ANZAC")
    s = _state(b)
    s.history |= H.JAPAN_ATTACKED_FIC
    assert O.evaluate(b, s, jp)[0] == 0
    s = _state(b)
    s.history |= H.JAPAN_UNPROVOKED_UK
    _war(s, jp, uk)
    _war(s, jp, an)
    assert O.evaluate(b, s, jp)[0] == 0
    s = _state(b)
    _war(s, jp, uk)   # the UK declared: provoked, J1 stands
    _war(s, jp, an)
    assert O.evaluate(b, s, jp)[0] == 10


def test_pacific_japan_war_objectives():
    """P40-E-52, P40-E-53, P40-E-54, P40-X-12: at war with the Western Allies, +5 for the five
    islands, +5 per capital city, +5 for all four Dutch East Indies at once."""
    b = board.load("pacific_1940")
    s = _state(b)
    jp = b.power_id("Japan")
    us = b.power_id("United States")
    _war(s, jp, us)
    assert O.evaluate(b, s, jp)[0] == 0      # J1 gone (at war with the US), nothing held
    for n in ("Guam", "Midway", "Wake Island", "Gilbert Islands", "Solomon Islands",
              "India", "Hawaiian Islands", "Sumatra", "Java", "Borneo"):
        s.owner[b.territory_id(n)] = jp
    total, items = O.evaluate(b, s, jp)
    assert _item(items, "J2") == 5
    assert _item(items, "J3") == 10
    assert _item(items, "J4") == 0           # Celebes missing: all four at the same time
    s.owner[b.territory_id("Celebes")] = jp
    assert O.evaluate(b, s, jp)[0] == 5 + 10 + 5


def test_pacific_us_wartime_objectives():
    """P40-E-56, P40-X-04, P40-P-19, P40-E-57, P40-E-58, P40-E-59, P40-E-60: the US collects nothing while at peace; at
    war with Japan it collects 40 + 5 (Alaska, Mexico) + 5 (Aleutians, Hawaii, Johnston, Line)
    + 5 (Philippines) = 55 at most."""
    b = board.load("pacific_1940")
    s = _state(b)
    us = b.power_id("United States")
    jp = b.power_id("Japan")
    assert O.evaluate(b, s, us)[0] == 0
    _war(s, us, jp)
    total, items = O.evaluate(b, s, us)
    assert total == 55
    assert _item(items, "U1") == 40
    s.owner[b.territory_id("Philippines")] = jp
    assert O.evaluate(b, s, us)[0] == 50


def test_pacific_china_burma_road():
    """P40-E-61, P40-E-80: +6 while the Allies control India, Burma, Yunnan and Szechwan."""
    b = board.load("pacific_1940")
    s = _state(b)
    cn = b.power_id("China")
    jp = b.power_id("Japan")
    assert O.evaluate(b, s, cn)[0] == 6
    s.owner[b.territory_id("Burma")] = jp
    assert O.evaluate(b, s, cn)[0] == 0


def test_pacific_uk_and_anzac():
    """P40-E-62, P40-E-63, P40-E-64: only while at war with Japan; UK +5 for Kwangtung and
    Malaya; ANZAC +5 for Malaya Allied and all its originals, +5 for the four islands held by
    the Allies -- the uncontrolled Dutch New Guinea does not count."""
    b = board.load("pacific_1940")
    s = _state(b)
    uk = b.power_id("United Kingdom")
    an = b.power_id("ANZAC")
    jp = b.power_id("Japan")
    assert O.evaluate(b, s, uk)[0] == 0 and O.evaluate(b, s, an)[0] == 0
    _war(s, jp, uk)
    _war(s, jp, an)
    assert O.evaluate(b, s, uk)[0] == 5
    total, items = O.evaluate(b, s, an)
    assert _item(items, "A1") == 5 and _item(items, "A2") == 0
    s.owner[b.territory_id("Dutch New Guinea")] = an
    assert O.evaluate(b, s, an)[0] == 10
    # P40-X-34, P40-G-02: the US counts as an Allied power for "the Allies control"
    s.owner[b.territory_id("Dutch New Guinea")] = b.power_id("United States")
    assert O.evaluate(b, s, an)[0] == 10

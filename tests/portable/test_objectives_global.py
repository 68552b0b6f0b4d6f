# National objectives evaluated from the state; questions for facts the device cannot know.
# Global 1940.
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core.ledger import objectives as O
from engine_core.ledger import history as H
from engine_core.errors import InputError
from portable_helpers import _state, _war, _item


def test_global_questions_only_when_they_matter():
    """G40-E-44, G40-E-43, G40-E-44, G40-E-45, G40-E-46, G40-E-20: Italy's I2 needs a yes/no answer (no Allied surface
    warships in the Mediterranean); Germany's G4 (a German land unit in Axis-held Egypt) is not
    asked while Egypt is British. Germany collects G1 (+5) at the start, and G5 (+5, G40-E-24:
    Denmark and Norway German) if Sweden is still not pro-Allies (asked)."""
    b = board.load("global_1940")
    s = _state(b)
    it = b.power_id("Italy")
    ger = b.power_id("Germany")
    assert O.questions(b, s, ger) == ("sweden_not_pro_allies",)
    assert O.evaluate(b, s, ger, {"sweden_not_pro_allies": True})[0] == 10
    assert O.evaluate(b, s, ger, {"sweden_not_pro_allies": False})[0] == 5
    assert O.questions(b, s, it) == ("no_allied_surface_warships_med",)
    try:
        O.evaluate(b, s, it)
        assert False
    except InputError:
        pass
    assert O.evaluate(b, s, it, {"no_allied_surface_warships_med": True})[0] == 5
    assert O.evaluate(b, s, it, {"no_allied_surface_warships_med": False})[0] == 0
    # the ledger's call: answers in question order, pending question index
    bonus, used, pending, bits = O.collect(b, s, it, ())
    assert pending >= 0 and b.questions[pending][0] == "no_allied_surface_warships_med"
    assert O.collect(b, s, it, (1,)) == (5, 1, -1, 0)
    s.owner[b.territory_id("Egypt")] = it
    assert O.questions(b, s, ger) == ("german_land_unit_in_egypt", "sweden_not_pro_allies")


def test_global_soviet_berlin_once():
    """G40-E-28, G40-X-41: the USSR's 10 IPCs for Berlin are paid once only; G40-E-27: +3 per
    originally German/Italian/pro-Axis territory it controls; G40-E-26 asks two questions."""
    b = board.load("global_1940")
    s = _state(b)
    ussr = b.power_id("Soviet Union")
    ger = b.power_id("Germany")
    _war(s, ussr, ger)
    s.owner[b.territory_id("Germany")] = ussr
    qs = O.questions(b, s, ussr)
    assert qs == ("sz125_free_of_axis_warships", "no_allied_units_in_soviet")
    bonus, used, pending, bits = O.collect(b, s, ussr, (0, 1))
    assert (bonus, used, pending) == (10 + 3, 2, -1)
    assert bits == H.SOVIET_BERLIN_BONUS_PAID
    s.history |= bits
    assert O.collect(b, s, ussr, (1, 1))[0] == 3 + 5


def test_global_us_and_japan():
    """G40-E-35, G40-E-36, G40-E-37, G40-E-38, G40-E-39, G40-E-09, G40-X-01: the US has no 40-IPC wartime objective in Global: at war
    it collects 10 + 5 + 5 + 5 (+5 with a land unit in France, asked); G40-E-30, G40-E-34:
    Japan's J1 is the same 10."""
    b = board.load("global_1940")
    s = _state(b)
    us = b.power_id("United States")
    jp = b.power_id("Japan")
    ger = b.power_id("Germany")
    assert O.evaluate(b, s, jp)[0] == 10
    assert O.evaluate(b, s, us)[0] == 0
    _war(s, us, ger)
    assert O.questions(b, s, us) == ("us_land_unit_in_france",)
    assert O.evaluate(b, s, us, {"us_land_unit_in_france": False})[0] == 25
    assert O.evaluate(b, s, us, ("us_land_unit_in_france",))[0] == 30


def test_global_uk_economies():
    """G40-E-41, G40-E-42, G40-E-05, G40-T-02: each UK economy collects its own objective: Europe
    +5 for all its original territories while at war in Europe; Pacific +5 for Kwangtung and
    Malaya once at war with Japan."""
    b = board.load("global_1940")
    s = _state(b)
    uk = b.power_id("United Kingdom")
    ukp = b.power_id("United Kingdom Pacific")
    jp = b.power_id("Japan")
    assert O.evaluate(b, s, uk)[0] == 5
    assert O.evaluate(b, s, ukp)[0] == 0
    _war(s, jp, uk)
    _war(s, jp, ukp)
    assert O.evaluate(b, s, ukp)[0] == 5


def test_global_germany_war_objectives():
    """G40-E-21, G40-E-22, G40-E-23, G40-E-25: at war with the USSR Germany gets +5 per Novgorod,
    Volgograd, Russia it holds and +5 if an Axis power holds Caucasus; at war with the UK and
    France +5 for a German land unit in Axis-held Egypt (asked) and +2 per Iraq, Persia,
    Northwest Persia."""
    b = board.load("global_1940")
    s = _state(b)
    ger = b.power_id("Germany")
    it = b.power_id("Italy")
    ussr = b.power_id("Soviet Union")
    _war(s, ger, ussr)
    for n in ("Novgorod", "Russia", "Iraq", "Persia"):
        s.owner[b.territory_id(n)] = ger
    s.owner[b.territory_id("Caucasus")] = it
    s.owner[b.territory_id("Egypt")] = it
    ans = {"german_land_unit_in_egypt": 1, "sweden_not_pro_allies": 0}
    total, items = O.evaluate(b, s, ger, ans)
    assert _item(items, "G1") == 0 and _item(items, "G2") == 10 and _item(items, "G3") == 5
    assert _item(items, "G4") == 5 and _item(items, "G6") == 4
    assert total == 24


def test_global_japan_axis_control():
    """G40-E-31, G40-E-32, G40-E-33, G40-E-34, G40-X-10: in Global "Axis powers control" counts:
    German-held India pays Japan's J3; J2 and J4 need all their territories."""
    b = board.load("global_1940")
    s = _state(b)
    jp = b.power_id("Japan")
    ger = b.power_id("Germany")
    uk = b.power_id("United Kingdom")
    _war(s, jp, uk)
    s.owner[b.territory_id("India")] = ger
    for n in ("Guam", "Midway", "Wake Island", "Gilbert Islands", "Solomon Islands"):
        s.owner[b.territory_id(n)] = jp
    for n in ("Sumatra", "Java", "Borneo"):
        s.owner[b.territory_id(n)] = jp
    total, items = O.evaluate(b, s, jp)
    assert _item(items, "J3") == 5 and _item(items, "J2") == 5 and _item(items, "J4") == 0
    s.owner[b.territory_id("Celebes")] = b.power_id("Italy")
    # J1 (+10) still pays: no war with the US, no unprovoked declaration recorded here
    assert O.evaluate(b, s, jp)[0] == 10 + 5 + 5 + 5


def test_global_anzac():
    """G40-E-47, G40-E-48: ANZAC at war with Japan: +5 for Allied Malaya and all ANZAC originals;
    +5 when the Allies (not the uncontrolled Dutch) hold the four islands."""
    b = board.load("global_1940")
    s = _state(b)
    an = b.power_id("ANZAC")
    jp = b.power_id("Japan")
    assert O.evaluate(b, s, an)[0] == 0
    _war(s, an, jp)
    total, items = O.evaluate(b, s, an)
    assert _item(items, "A1") == 5 and _item(items, "A2") == 0
    s.owner[b.territory_id("Dutch New Guinea")] = b.power_id("United Kingdom Pacific")
    assert O.evaluate(b, s, an)[0] == 10

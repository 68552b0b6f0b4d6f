# National objectives evaluated from the state; questions for facts the device cannot know.
# Expected amounts are the rulebook's, worked by hand from the starting map.
from engine_core import board
from engine_core import objectives as O
from engine_core import politics as P
from engine_core import history as H
from engine_core.state import GameState
from engine_core.errors import InputError


def _state(b):
    s = GameState(b.edition, b.power_count, b.territory_count)
    for t in range(b.territory_count):
        o = b.owner_at_start(t)
        s.owner[t] = o if o >= 0 else 255
    s.at_war = P.initial_at_war(b)
    return s


def _war(s, a, b):
    s.at_war[a] |= 1 << b
    s.at_war[b] |= 1 << a


def _item(items, key):
    for k, v in items:
        if k == key:
            return v
    return None


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


def test_classic_and_revised_have_none():
    """CL-E-07, LHTR-E-10: Classic and Revised income is the production level alone: no
    national objectives."""
    for ed in ("classic", "revised", "revised_lhtr"):
        b = board.load(ed)
        s = _state(b)
        for p in range(b.power_count):
            assert O.evaluate(b, s, p) == (0, ())


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

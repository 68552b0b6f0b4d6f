# Politics of Pacific 1940 (errata 003 political text): declarations, restrictions, facts.
# Expectations come from the digest / rulebook text, worked by hand.
from engine_core import board
from engine_core.ledger import politics as P
from engine_core.ledger import history as H
from engine_core.ledger import phases as PH
from portable_helpers import _refused, _state, _war



def _phase_index(ph):
    # Pacific 1940 without the R&D option: purchase, combat move, combat, noncombat, mobilize, income
    order = (PH.PURCHASE, PH.COMBAT_MOVE, PH.COMBAT, PH.NONCOMBAT, PH.MOBILIZE, PH.INCOME)
    for i in range(len(order)):
        if order[i] == ph:
            return i
    return -1


def _turn(b, s, name, ph=PH.COMBAT_MOVE, rnd=1):
    p = b.power_id(name)
    for i in range(len(b.turn_order)):
        if b.turn_order[i] == p:
            s.turn = i
    s.phase = _phase_index(ph)
    s.round = rnd
    return p


def _ids(b):
    return (b.power_id("Japan"), b.power_id("United States"), b.power_id("China"),
            b.power_id("United Kingdom"), b.power_id("ANZAC"))


def test_starting_wars():
    """P40-P-01: only Japan and China are at war at the start; the US is at war with no one
    (P40-G-02); P40-X-21: the UK's and ANZAC's off-map war with Germany and Italy has no
    effect on this board (no such powers)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    assert P.at_war_pairs(b, s) == ((min(jp, cn), max(jp, cn)),)
    assert s.at_war[us] == 0
    assert not P.at_war(s, jp, uk) and not P.at_war(s, jp, an)
    assert s.at_war[uk] == 0 and s.at_war[an] == 0


def test_japan_declares_on_uk_brings_anzac_and_is_unprovoked():
    """P40-P-10, P40-P-11, P40-P-05, P40-X-33, P40-T-72: Japan may declare on any Allied
    power on its turn; a declaration on the UK puts Japan at war with the UK and ANZAC and is
    recorded as unprovoked; P40-P-03: war is mutual; P40-T-71 the war state is kept."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan")
    ev = P.declare_war(b, s, jp, uk)
    assert P.at_war(s, jp, uk) and P.at_war(s, uk, jp)
    assert P.at_war(s, jp, an) and P.at_war(s, an, jp)
    assert not P.at_war(s, jp, us)
    assert s.history & H.JAPAN_UNPROVOKED_UK
    assert (P.EV_WAR, jp, uk) in ev and (P.EV_WAR, jp, an) in ev
    # P40-P-18, P40-X-39: the unprovoked declaration lets the US declare war; it is not at war
    assert (P.EV_US_MAY_DECLARE,) in ev
    assert s.at_war[us] == 0


def test_transport_exception_event():
    """P40-P-04, P40-X-15, P40-T-20: the declaration opens the transport-loading exception for
    the declarer's first Combat Move after it."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "United Kingdom")
    ev = P.declare_war(b, s, uk, jp)
    assert (P.EV_TRANSPORT_EXCEPTION, uk) in ev


def test_uk_declaration_is_not_japanese_aggression():
    """P40-P-16: the UK or ANZAC may declare on Japan on any turn; both are then at war with
    Japan; it does not bring in the US nor let it declare (P40-P-18)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "ANZAC")
    P.declare_war(b, s, an, jp)
    assert P.at_war(s, uk, jp) and P.at_war(s, an, jp)
    assert not (s.history & H.JAPAN_UNPROVOKED_UK)
    _turn(b, s, "United States", rnd=2)
    assert _refused(lambda: P.declare_war(b, s, us, jp), "P40-P-18")
    assert s.at_war[us] == 0


def test_declaration_timing_and_turn():
    """P40-P-02, P40-T-20: war is declared on one's own turn at the beginning of Combat Move;
    a state unchanged after a refusal."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan", ph=PH.PURCHASE)
    before = list(s.at_war)
    assert _refused(lambda: P.declare_war(b, s, jp, uk), "P40-T-20")
    _turn(b, s, "United Kingdom")
    assert _refused(lambda: P.declare_war(b, s, jp, uk), "P40-P-02")
    assert s.at_war == before and s.history == 0


def test_no_declaration_on_own_side_or_twice():
    """P40-P-02: only a power of the other side, and not one already at war (Japan-China)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "United Kingdom")
    assert _refused(lambda: P.declare_war(b, s, uk, an), "P40-P-02")
    _turn(b, s, "Japan")
    assert _refused(lambda: P.declare_war(b, s, jp, cn), "P40-P-02")


def test_us_may_declare_after_unprovoked_declaration():
    """P40-P-18 (b): after Japan's unprovoked declaration on the UK/ANZAC, the US may
    declare at the beginning of a later Combat Move."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan", rnd=2)
    P.declare_war(b, s, jp, an)
    _turn(b, s, "United States", rnd=2)
    P.declare_war(b, s, us, jp)
    assert P.at_war(s, us, jp)


def test_us_turn3_collect_income_window():
    """P40-P-18, P40-X-31, P40-T-60: the US may declare at the start of its 3rd turn's
    Collect Income phase, not in rounds 2 or 4 (default window), and never in Collect Income
    of another power."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "United States", ph=PH.INCOME, rnd=2)
    assert _refused(lambda: P.declare_war(b, s, us, jp), "P40-T-20")
    _turn(b, s, "United States", ph=PH.INCOME, rnd=4)
    assert _refused(lambda: P.declare_war(b, s, us, jp), "P40-T-20")
    _turn(b, s, "United States", ph=PH.INCOME, rnd=3)
    P.declare_war(b, s, us, jp)
    assert P.at_war(s, us, jp)
    # option turn3_onward keeps the window open later
    s2 = _state(b, treasury=True)
    _turn(b, s2, "United States", ph=PH.INCOME, rnd=5)
    P.declare_war(b, s2, us, jp, {"p40_us_dow_window": "turn3_onward"})
    assert P.at_war(s2, us, jp)


def test_japan_declares_on_us():
    """P40-P-10, P40-P-19: Japan's declaration on the US puts them at war (and the US
    wartime economy follows from the war state, P40-E-56); the US and UK stay at peace with
    Japan's other targets."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, us)
    assert P.at_war(s, us, jp)
    assert not P.at_war(s, uk, jp)
    assert not (s.history & H.JAPAN_UNPROVOKED_UK)


def test_onetime30_option():
    """P40-X-03, P40-E-60: the rulebook's one-time 30 IPCs for the US after an unprovoked
    declaration is off by default (errata); with the option it is paid once."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, uk)
    assert s.treasury[us] == 17
    s2 = _state(b, treasury=True)
    _turn(b, s2, "Japan")
    ev = P.declare_war(b, s2, jp, uk, {"p40_us_onetime30": True})
    assert s2.treasury[us] == 17 + 30
    assert (P.EV_IPC, us, 30) in ev
    assert s2.history & H.US_WARTIME_BONUS_PAID


def test_french_indochina_attack_recorded():
    """P40-P-13, P40-E-78, P40-X-47: Japan may attack French territories at any time without
    declaring war; attacking French Indo-China is recorded forever (J1, P40-E-51)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    fic = b.territory_id("French Indo-China")
    _turn(b, s, "Japan")
    P.enter(b, s, jp, fic, True)
    assert s.history & H.JAPAN_ATTACKED_FIC
    assert s.at_war[jp] == 1 << cn   # no war resulted


def test_dutch_attack_needs_war_with_uk_and_anzac():
    """P40-P-12, P40-E-73: Japan may attack Dutch territories only at war with the UK and
    ANZAC; P40-E-70: they start uncontrolled."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    java = b.territory_id("Java")
    assert s.owner[java] == 255
    assert _refused(lambda: P.enter(b, s, jp, java, True), "P40-E-73")
    assert _refused(lambda: P.can_take_dutch(b, s, jp, java), "P40-E-73")
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, uk)
    P.enter(b, s, jp, java, True)
    assert P.can_take_dutch(b, s, jp, java)


def test_dutch_guardianship():
    """P40-E-71, P40-X-08: the UK and ANZAC may take control of uncontrolled Dutch territories
    (land units, noncombat); P40-E-72: once captured they can only be captured; P40-E-74,
    P40-P-22, P40-X-14: the US not at war may not enter them."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    sumatra = b.territory_id("Sumatra")
    assert P.can_take_dutch(b, s, an, sumatra)
    assert P.can_take_dutch(b, s, uk, sumatra)
    assert _refused(lambda: P.can_take_dutch(b, s, us, sumatra), "P40-E-71")
    assert _refused(lambda: P.enter(b, s, us, sumatra, False), "P40-E-74")
    s.owner[sumatra] = jp
    assert _refused(lambda: P.can_take_dutch(b, s, an, sumatra), "P40-E-72")


def test_china_entry_restrictions():
    """P40-P-17, P40-P-24, P40-X-07: the UK and ANZAC may not move into China while not at war
    with Japan; P40-P-23, P40-P-22: nor the US; P40-P-14, P40-X-32: Japan treats entry into
    China as an act of war (no power can legally commit it in Pacific 1940, so it is refused)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    yunnan = b.territory_id("Yunnan")
    assert _refused(lambda: P.enter(b, s, uk, yunnan, False), "P40-P-17")
    assert _refused(lambda: P.enter(b, s, an, yunnan, False), "P40-P-17")
    assert _refused(lambda: P.enter(b, s, us, yunnan, False), "P40-P-23")
    _turn(b, s, "United Kingdom")
    P.declare_war(b, s, uk, jp)
    assert P.enter(b, s, uk, yunnan, False) == []


def test_no_attack_without_war():
    """P40-P-06, P40-P-35: a power may never attack a territory of a power it is not at war
    with; P40-P-20/21/36 (sea zones) are movement matters on the map."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    hawaii = b.territory_id("Hawaiian Islands")
    malaya = b.territory_id("Malaya")
    assert _refused(lambda: P.enter(b, s, jp, hawaii, True), "P40-P-06")
    assert _refused(lambda: P.enter(b, s, jp, malaya, True), "P40-P-06")
    assert _refused(lambda: P.enter(b, s, uk, malaya, True), "P40-P-06")
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, uk)
    P.enter(b, s, jp, malaya, True)


def test_soviet_territory_closed():
    """P40-P-31: under the non-aggression treaty no unit of either side may enter Soviet
    territory."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    amur = b.territory_id("Amur")
    assert _refused(lambda: P.enter(b, s, jp, amur, True), "P40-P-31")
    assert _refused(lambda: P.enter(b, s, uk, amur, False), "P40-P-31")
    # P40-E-83: Chinese units never go there anyway (no Nationalist Chinese emblem)
    assert _refused(lambda: P.enter(b, s, cn, amur, False), "P40-E-83")


def test_mongolia_friendly_neutrals():
    """P40-E-75, P40-C-133, P40-P-33: the first attack on a neutral makes the remaining
    neutrals friendly to the other side; that side may not attack them and may convert them
    (P40-E-76, P40-E-77: the converted territory has no original controller); the US not at
    war may not attack neutrals (P40-P-22, P40-X-14). P40-E-83: China, at war from the start,
    may not enter Mongolia at all (no Nationalist Chinese emblem): the UK, at war, converts."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    olgiy = b.territory_id("Olgiy")
    ulaan = b.territory_id("Ulaanbaatar")
    assert P.neutral_status(b, s, olgiy) == P.STRICT
    assert _refused(lambda: P.enter(b, s, us, olgiy, True), "P40-P-22")
    assert _refused(lambda: P.convert_neutral(b, s, cn, ulaan), "P40-E-76")
    P.enter(b, s, jp, olgiy, True)
    assert s.history & H.NEUTRAL_ATTACKED_BY_AXIS
    assert P.neutral_status(b, s, ulaan) == P.FRIENDLY_ALLIES
    _war(s, jp, uk)
    assert _refused(lambda: P.enter(b, s, uk, ulaan, True), "P40-E-75")
    assert _refused(lambda: P.enter(b, s, cn, ulaan, False), "P40-E-83")
    assert _refused(lambda: P.convert_neutral(b, s, cn, ulaan), "P40-E-83")
    ev = P.convert_neutral(b, s, uk, ulaan)
    assert s.owner[ulaan] == uk and ev == [(P.EV_CONVERTED, uk, ulaan)]
    assert b.original_owner(ulaan) == -1
    # Japan still treats them as ordinary neutrals and may attack them
    assert P.neutral_status(b, s, b.territory_id("Dzavhan")) == P.FRIENDLY_ALLIES
    P.enter(b, s, jp, b.territory_id("Dzavhan"), True)


def test_declarations_not_in_classic_or_revised():
    """CL-P-01, LHTR-P-01, LHTR-P-12: in Classic and Revised every Axis power is at war with
    every Allied power from the start; there is nothing to declare."""
    for ed, rule in (("classic", "CL-P-01"), ("revised_lhtr", "LHTR-P-12")):
        b = board.load(ed)
        s = _state(b, treasury=True)
        ger = b.power_id("Germany")
        us = b.power_id("United States")
        jp = b.power_id("Japan")
        uk = b.power_id("United Kingdom")
        assert P.at_war(s, ger, us) and P.at_war(s, jp, uk)
        assert not P.at_war(s, ger, jp) and not P.at_war(s, uk, us)
        assert _refused(lambda: P.declare_war(b, s, ger, us), rule)


def test_revised_neutrals_impassable():
    """LHTR-MV-03, CL-D-27: Revised neutrals are impassable; Classic neutrals may be entered only
    as a combat move (CL-C-91, CL-C-93)."""
    b = board.load("revised_lhtr")
    s = _state(b, treasury=True)
    t = -1
    for i in range(b.territory_count):
        if b.neutral_kind(i) != board.NK_NONE and not b.is_sea(i):
            t = i
            break
    assert t >= 0
    assert _refused(lambda: P.enter(b, s, 0, t, True), "LHTR-MV-03")
    c = board.load("classic")
    cs = _state(c, treasury=True)
    ct = -1
    for i in range(c.territory_count):
        if c.neutral_kind(i) != board.NK_NONE and not c.is_sea(i):
            ct = i
            break
    assert _refused(lambda: P.enter(c, cs, 0, ct, False), "CL-C-93")
    assert P.enter(c, cs, 0, ct, True) == []


def test_france_and_holland_are_not_powers():
    """P40-P-30, P40-P-32, P40-P-33, P40-E-70, P40-E-78: in Pacific 1940 France and Holland have no
    turn, income or units: their territories start uncontrolled (Dutch) or French-held without
    a power."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    names = [b.power_name(p) for p in range(b.power_count)]
    assert "France" not in names and "Holland" not in names and len(names) == 5
    assert s.owner[b.territory_id("Java")] == 255
    assert b.neutral_kind(b.territory_id("French Indo-China")) == board.NK_FRENCH


def test_classic_restricted_attack_option():
    """CL-O-04: with the optional Restricted Attack rule, the Soviet Union may not attack until
    its second turn."""
    b = board.load("classic")
    s = _state(b, treasury=True)
    ussr = b.power_id("Soviet Union")
    t = b.territory_id("Germany")
    opts = {"restricted_attack": True}
    assert _refused(lambda: P.enter(b, s, ussr, t, True, opts), "CL-O-04")
    assert P.enter(b, s, ussr, t, True) == []
    s.round = 2
    assert P.enter(b, s, ussr, t, True, opts) == []


def test_capture_records_attack_facts():
    """P40-E-51, P40-X-47, P40-C-133, P40-E-75: a capture recorded after the fact (the ledger's
    capture action) also records the one-time facts of the attack: French Indo-China taken by
    Japan; the first attack on a neutral."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    fic = b.territory_id("French Indo-China")
    s.owner[fic] = jp
    assert P.capture_facts(b, s, jp, fic) == []
    assert s.history & H.JAPAN_ATTACKED_FIC
    olgiy = b.territory_id("Olgiy")
    s.owner[olgiy] = cn
    P.capture_facts(b, s, cn, olgiy)
    assert s.history & H.NEUTRAL_ATTACKED_BY_ALLIES
    assert P.neutral_status(b, s, b.territory_id("Dzavhan")) == P.FRIENDLY_AXIS


def test_us_not_at_war_keeps_apart():
    """P40-P-22, P40-P-23: while the US is not at war it may not move into another power's
    territories, and no other power may move into US territories; once at war with Japan, both
    are allowed (P40-P-26: sharing needs both at war)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    india = b.territory_id("India")
    hawaii = b.territory_id("Hawaiian Islands")
    assert _refused(lambda: P.enter(b, s, us, india, False), "P40-P-22")
    assert _refused(lambda: P.enter(b, s, uk, hawaii, False), "P40-P-23")
    assert P.enter(b, s, uk, india, False) == []
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, us)
    assert P.enter(b, s, us, india, False) == []
    assert P.enter(b, s, an, hawaii, False) == []


def test_legal_targets():
    """P40-P-10, P40-P-18, P40-P-16: the powers a prompt offers: Japan may declare on the US, the
    UK and ANZAC (already at war with China); the US on no one in round 1; the UK on Japan."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    _turn(b, s, "Japan")
    assert P.legal_targets(b, s, jp) == tuple(sorted((us, uk, an)))
    _turn(b, s, "United States")
    assert P.legal_targets(b, s, us) == ()
    _turn(b, s, "United Kingdom")
    assert P.legal_targets(b, s, uk) == (jp,)
    assert P.legal_targets(b, s, jp) == ()   # not Japan's turn


def test_nonaggression_treaty():
    """LHTR-O-11, LHTR-CHG-NA-01, LHTR-O-01: with the Soviet Nonaggression Treaty in play, a
    Soviet land attack on Japan first loses the advantage (LHTR FAQ: any Japanese-controlled
    territory counts). Japan's attack on a red territory changes nothing here: the USSR's
    choice of where its 4 free infantry go is asked by the ledger when Japan's Combat Move
    ends (tests/portable/test_treaty.py)."""
    b = board.load("revised_lhtr")
    opts = {"national_advantages": ("nonaggression_treaty",)}
    jp = b.power_id("Japan")
    ussr = b.power_id("Soviet Union")
    red = -1
    orange = -1
    for t in range(b.territory_count):
        if b.is_sea(t):
            continue
        if red < 0 and b.original_owner(t) == ussr:
            red = t
        if orange < 0 and b.original_owner(t) == jp:
            orange = t
    s = _state(b, treasury=True)
    assert P.enter(b, s, jp, red, True, opts) == []
    assert not s.history & H.NONAGGRESSION_OVER
    s = _state(b, treasury=True)
    assert P.enter(b, s, ussr, orange, True, opts) == []
    assert s.history & H.NONAGGRESSION_OVER
    assert P.enter(b, s, jp, red, True, opts) == []
    s = _state(b, treasury=True)
    assert P.enter(b, s, jp, red, True) == []


def test_no_attack_on_own_side_classic_revised():
    """CL-P-15, LHTR-P-12: powers of one side never attack each other; enemies may be attacked
    at any time (CL-P-01)."""
    for ed, rule in (("classic", "CL-P-15"), ("revised_lhtr", "LHTR-P-12")):
        b = board.load(ed)
        s = _state(b, treasury=True)
        uk = b.power_id("United Kingdom")
        us = b.power_id("United States")
        ger = b.power_id("Germany")
        assert _refused(lambda: P.enter(b, s, uk, b.capital(us), True), rule)
        assert P.enter(b, s, uk, b.capital(ger), True) == []


def test_failed_attack_on_neutral():
    """P40-C-130, P40-C-132, P40-C-133: an attacked neutral joins the side opposed to the attacker;
    after a failed attack it stays uncontrolled but friendly to that side, whose powers may take
    it over like a friendly neutral (the UK at war: China may not enter Mongolia, P40-E-83); the
    attacker's side may attack it again."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True)
    jp, us, cn, uk, an = _ids(b)
    olgiy = b.territory_id("Olgiy")
    P.enter(b, s, jp, olgiy, True)      # the battle is lost: nobody takes control
    assert s.owner[olgiy] == 255
    assert P.neutral_status(b, s, olgiy) == P.FRIENDLY_ALLIES
    P.enter(b, s, jp, olgiy, True)      # Japan may try again
    _war(s, jp, uk)
    assert P.convert_neutral(b, s, uk, olgiy) == [(P.EV_CONVERTED, uk, olgiy)]
    assert s.owner[olgiy] == uk

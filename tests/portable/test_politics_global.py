# Politics of Global 1940 (000 Global rules) and of the power-by-power variant (004).
from engine_core import board
from engine_core.ledger import politics as P
from engine_core.ledger import history as H
from engine_core.ledger import phases as PH
from portable_helpers import _refused, _state



def _turn(b, s, name, ph=PH.COMBAT_MOVE, rnd=1):
    p = b.power_id(name)
    q = p if b.turn_partner(p) < 0 or p in b.turn_order else b.turn_partner(p)
    for i in range(len(b.turn_order)):
        if b.turn_order[i] == q:
            s.turn = i
    order = (PH.PURCHASE, PH.COMBAT_MOVE, PH.COMBAT, PH.NONCOMBAT, PH.MOBILIZE, PH.INCOME)
    for i in range(len(order)):
        if order[i] == ph:
            s.phase = i
    s.round = rnd
    return p


class _Ids:
    def __init__(self, b):
        self.ger = b.power_id("Germany")
        self.ussr = b.power_id("Soviet Union")
        self.jp = b.power_id("Japan")
        self.us = b.power_id("United States")
        self.cn = b.power_id("China")
        self.uk = b.power_id("United Kingdom")
        self.it = b.power_id("Italy")
        self.an = b.power_id("ANZAC")
        self.fr = b.power_id("France")
        self.ukp = b.power_id("United Kingdom Pacific")


def test_starting_wars_global():
    """G40-P-03, G40-G-01, G40-P-05, G40-P-16: Germany and Italy at war with France, the UK and ANZAC;
    Japan with China only; the USSR and the US with no one; wars are pairwise."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    for axis in (i.ger, i.it):
        for ally in (i.fr, i.uk, i.ukp, i.an):
            assert P.at_war(s, axis, ally)
        assert not P.at_war(s, axis, i.cn) and not P.at_war(s, axis, i.us)
    assert s.at_war[i.jp] == 1 << i.cn
    assert s.at_war[i.ussr] == 0 and s.at_war[i.us] == 0
    # 2*4 + 1 pairs
    assert len(P.at_war_pairs(b, s)) == 9


def test_starting_wars_variant():
    """G40-P-04, G40-V-02, G40-V-03, G40-X-21, G40-V-01, G40-V-19: the variant starts the same
    (UK Europe and UK Pacific at war with Germany and Italy; ANZAC kept as a power at war
    with them)."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    i = _Ids(b)
    for axis in (i.ger, i.it):
        for ally in (i.fr, i.uk, i.ukp, i.an):
            assert P.at_war(s, axis, ally)
    assert s.at_war[i.us] == 0 and s.at_war[i.ussr] == 0


def test_germany_declares_on_us_upgrades_us_complexes():
    """G40-P-02, G40-P-10, G40-P-23 (i), G40-P-25, G40-E-08, G40-U-02, G40-X-38, G40-T-05: Germany may declare on
    the US; the US, now at war, gets its three complexes upgraded at once and may declare on
    any Axis power from its next turn; Germany's war with the US leaves the USSR and China
    alone."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "Germany")
    ev = P.declare_war(b, s, i.ger, i.us)
    assert P.at_war(s, i.us, i.ger) and not P.at_war(s, i.ger, i.ussr) and not P.at_war(s, i.ger, i.cn)
    ups = [e[1] for e in ev if e[0] == P.EV_IC_UPGRADE]
    want = [b.territory_id(n) for n in ("Eastern United States", "Central United States", "Western United States")]
    assert sorted(ups) == sorted(want)
    assert s.history & H.US_ENTERED_WAR and s.history & H.AXIS_DECLARED_ON_US
    _turn(b, s, "United States")
    ev2 = P.declare_war(b, s, i.us, i.jp)
    assert P.at_war(s, i.us, i.jp)
    assert [e for e in ev2 if e[0] == P.EV_IC_UPGRADE] == []   # upgraded once only


def test_us_needs_a_trigger():
    """G40-P-23, G40-V-24: without an Axis declaration, capture of London / North America or an
    unprovoked Japanese declaration, the US may not declare war."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "United States", rnd=2)
    assert _refused(lambda: P.declare_war(b, s, i.us, i.ger), "G40-P-23")
    # (ii) an Axis power captures a North American territory
    ev = P.capture_facts(b, s, i.jp, b.territory_id("Alaska"))
    assert (P.EV_US_MAY_DECLARE,) in ev
    P.declare_war(b, s, i.us, i.ger)
    assert P.at_war(s, i.us, i.ger)


def test_us_turn3_window_global():
    """G40-P-24, G40-X-24: at the start of its 3rd Collect Income phase the US, at war with
    no one, may declare on any Axis power; G40-T-04: otherwise only at Combat Move."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "United States", ph=PH.INCOME, rnd=3)
    P.declare_war(b, s, i.us, i.it)
    P.declare_war(b, s, i.us, i.jp)
    assert P.at_war(s, i.us, i.it) and P.at_war(s, i.us, i.jp) and not P.at_war(s, i.us, i.ger)
    s2 = _state(b, treasury=True)
    _turn(b, s2, "United States", ph=PH.INCOME, rnd=2)
    assert _refused(lambda: P.declare_war(b, s2, i.us, i.it), "G40-T-04")


def test_japan_unprovoked_on_uk_global():
    """G40-P-19, G40-P-23 (iii), G40-E-30: Japan's declaration on ANZAC puts it at war with the
    UK (both economies) and ANZAC, is unprovoked, and lets the US declare; war between Japan
    and France or the USSR is separate from the US."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "Japan")
    ev = P.declare_war(b, s, i.jp, i.an)
    for q in (i.uk, i.ukp, i.an):
        assert P.at_war(s, i.jp, q)
    assert s.history & H.JAPAN_UNPROVOKED_UK
    assert (P.EV_US_MAY_DECLARE,) in ev
    P.declare_war(b, s, i.jp, i.fr)
    assert P.at_war(s, i.jp, i.fr) and not P.at_war(s, i.jp, i.us)


def test_ussr_declaration_limits():
    """G40-P-11, G40-X-25: the USSR may declare on Japan any turn but on Germany or Italy only
    from turn 4, unless declared upon by a European Axis power or London falls to the Axis."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "Soviet Union", rnd=3)
    assert _refused(lambda: P.declare_war(b, s, i.ussr, i.ger), "G40-P-11")
    P.declare_war(b, s, i.ussr, i.jp)
    _turn(b, s, "Soviet Union", rnd=4)
    P.declare_war(b, s, i.ussr, i.ger)
    assert P.at_war(s, i.ussr, i.ger)
    s2 = _state(b, treasury=True)
    P.capture_facts(b, s2, i.ger, b.territory_id("United Kingdom"))
    assert s2.history & H.AXIS_TOOK_LONDON
    _turn(b, s2, "Soviet Union", rnd=2)
    P.declare_war(b, s2, i.ussr, i.it)
    assert P.at_war(s2, i.ussr, i.it)


def test_china_and_the_european_axis():
    """G40-P-28, G40-X-31: China may declare on Germany only after German units entered a
    territory open to Chinese units (or Germany declared on it)."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "China")
    assert _refused(lambda: P.declare_war(b, s, i.cn, i.ger), "G40-P-28")
    s.at_war[i.ger] |= 1 << i.uk  # already
    P.enter(b, s, i.ger, b.territory_id("Burma"), False)
    assert s.history & H.GERMANY_ENTERED_CHINA
    P.declare_war(b, s, i.cn, i.ger)
    assert P.at_war(s, i.cn, i.ger) and not P.at_war(s, i.cn, i.it)


def test_france_and_axis_declarations():
    """G40-P-35: France may declare only on Japan; G40-P-32, G40-P-10: Italy and Germany only on
    the US, the USSR or China."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "France")
    P.declare_war(b, s, i.fr, i.jp)
    assert P.at_war(s, i.fr, i.jp) and not P.at_war(s, i.jp, i.uk)
    _turn(b, s, "Italy")
    P.declare_war(b, s, i.it, i.cn)
    assert P.at_war(s, i.it, i.cn)


def test_act_of_war_into_china():
    """G40-P-17, G40-X-30, G40-P-30, G40-P-22: the USSR moving into China while not at war with
    Japan starts a war at once (default); the UK and the US may not move in at all."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    yunnan = b.territory_id("Yunnan")
    assert _refused(lambda: P.enter(b, s, i.uk, yunnan, False), "G40-P-30")
    assert _refused(lambda: P.enter(b, s, i.an, yunnan, False), "G40-P-33")
    assert _refused(lambda: P.enter(b, s, i.us, yunnan, False), "G40-P-22")
    assert _refused(lambda: P.enter(b, s, i.ussr, yunnan, False, {"g40_act_of_war": "forbid"}), "G40-P-17")
    ev = P.enter(b, s, i.ussr, yunnan, False)
    assert P.at_war(s, i.ussr, i.jp)
    assert (P.EV_WAR, i.ussr, i.jp) in ev
    assert not (s.history & H.JAPAN_UNPROVOKED_UK)


def test_japan_and_french_territory_global():
    """G40-P-21, G40-X-05, G40-P-01, G40-X-01: the Global politics replace the Pacific ones; in
    Global, France is a power: Japan must be at war with France to
    attack French Indo-China; doing so cancels J1 forever (G40-E-30)."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    fic = b.territory_id("French Indo-China")
    assert _refused(lambda: P.enter(b, s, i.jp, fic, True), "G40-P-21")
    _turn(b, s, "Japan")
    P.declare_war(b, s, i.jp, i.fr)
    P.enter(b, s, i.jp, fic, True)
    assert s.history & H.JAPAN_ATTACKED_FIC


def test_dutch_global_and_variant():
    """G40-P-40, G40-P-20, G40-P-31, G40-C-09: Dutch territories: the UK and ANZAC may take
    control by guardianship; Japan attacks them only at war with the UK and ANZAC.
    G40-P-41, G40-V-13, G40-V-08, G40-V-14: in the variant the UK takes no control (no income)
    and Japan needs war with UK Pacific."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    java = b.territory_id("Java")
    assert P.can_take_dutch(b, s, i.uk, java) and P.can_take_dutch(b, s, i.an, java)
    assert _refused(lambda: P.can_take_dutch(b, s, i.jp, java), "G40-P-20")
    v = board.load("global_1940_variant")
    sv = _state(v, treasury=True)
    iv = _Ids(v)
    javv = v.territory_id("Java")
    assert _refused(lambda: P.can_take_dutch(v, sv, iv.uk, javv), "G40-P-41")
    assert _refused(lambda: P.can_take_dutch(v, sv, iv.jp, javv), "G40-V-08")
    sv.at_war[iv.jp] |= 1 << iv.ukp
    sv.at_war[iv.ukp] |= 1 << iv.jp
    assert P.can_take_dutch(v, sv, iv.jp, javv)


def test_variant_uk_third_turn_window():
    """G40-P-29 [004], G40-V-04, G40-X-22, G40-X-21: in the variant either UK may declare on
    Japan only at the beginning of Combat Move of its third turn (ANZAC too); G40-V-05,
    G40-X-23, G40-U-03, G40-V-16, G40-X-39: both UK economies and ANZAC are then at war with
    Japan, and India's complex becomes major."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "United Kingdom", rnd=2)
    assert _refused(lambda: P.declare_war(b, s, i.uk, i.jp), "G40-V-04")
    _turn(b, s, "ANZAC", rnd=2)
    assert _refused(lambda: P.declare_war(b, s, i.an, i.jp), "G40-V-04")
    _turn(b, s, "United Kingdom Pacific", rnd=3)
    ev = P.declare_war(b, s, i.ukp, i.jp)
    for q in (i.uk, i.ukp, i.an):
        assert P.at_war(s, q, i.jp)
    assert (P.EV_IC_UPGRADE, b.territory_id("India")) in ev
    assert s.history & H.INDIA_IC_UPGRADED
    # G40 (not the variant): any turn
    g = board.load("global_1940")
    sg = _state(g, treasury=True)
    ig = _Ids(g)
    _turn(g, sg, "United Kingdom", rnd=1)
    evg = P.declare_war(g, sg, ig.uk, ig.jp)
    assert P.at_war(sg, ig.an, ig.jp)
    assert [e for e in evg if e[0] == P.EV_IC_UPGRADE] == []


def test_variant_japan_on_uk_pacific():
    """G40-V-06, G40-V-09, G40-V-11: Japan's declaration on UK Pacific puts UK Pacific (and ANZAC,
    whose text 004's UK Pacific section is, G40-X-21) at war with Japan, not UK Europe: 004 lists
    them as separate targets ("a state of war between Japan and UK Pacific"; the rulebook wins
    over the digest's single-UK default G40-X-23, issue 16); it is the unprovoked declaration of
    J1 and the US trigger."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "Japan")
    P.declare_war(b, s, i.jp, i.ukp)
    assert P.at_war(s, i.ukp, i.jp) and P.at_war(s, i.an, i.jp) and not P.at_war(s, i.uk, i.jp)
    assert s.history & H.JAPAN_UNPROVOKED_UK
    _turn(b, s, "United States", rnd=1)
    P.declare_war(b, s, i.us, i.jp)


def test_mongolia_pact():
    """G40-P-37, G40-P-38, G40-X-42, G40-T-05, G40-X-07, G40-C-10: Japan (at war with the USSR: the Pacific
    "no entry into Soviet territory" rule is replaced in Global) attacking a Soviet territory next to
    Mongolia hands every strict-neutral Mongolian territory to the USSR at the end of Japan's
    Conduct Combat, whatever the Soviet-Japanese relations."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    amur = b.territory_id("Amur")
    # G40-C-10: attacks on the USSR need a state of war with it
    assert _refused(lambda: P.enter(b, s, i.jp, amur, True), "G40-P-02")
    _turn(b, s, "Japan")
    P.declare_war(b, s, i.jp, i.ussr)
    P.enter(b, s, i.jp, amur, True)
    assert s.history & H.MONGOLIA_PACT_TRIGGERED
    ev = P.end_of_combat(b, s)
    mong = [b.territory_id(n) for n in ("Olgiy", "Dzavhan", "Tsagaan-Olom", "Central Mongolia",
                                        "Ulaanbaatar", "Buyant-Uhaa")]
    assert sorted([e[2] for e in ev]) == sorted(mong)
    for t in mong:
        assert s.owner[t] == i.ussr
    assert P.end_of_combat(b, s) == []


def test_mongolia_stays_neutral_after_soviet_attack():
    """G40-P-39: if the USSR attacked Korea (or a Japanese territory bordering Mongolia) while
    Mongolia was strict neutral, the pact does not fire."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    _turn(b, s, "Soviet Union")
    P.declare_war(b, s, i.ussr, i.jp)
    P.enter(b, s, i.ussr, b.territory_id("Korea"), True)
    assert s.history & H.USSR_ATTACKED_NEAR_MONGOLIA
    P.enter(b, s, i.jp, b.territory_id("Amur"), True)
    assert P.end_of_combat(b, s) == []
    assert s.owner[b.territory_id("Olgiy")] == 255


def test_global_neutral_statuses():
    """G40-P-42, G40-X-28, G40-X-08, G40-P-39: the Pacific friendly-neutral rules are replaced;
    pro-Axis / pro-Allies neutrals come from the board; a
    power may not attack a neutral friendly to its side; a first Axis attack on a strict
    neutral turns the others pro-Allies. G40-P-43: the US not at war may not attack neutrals."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    pro_allies = -1
    strict = []
    for t in range(b.territory_count):
        k = b.neutral_kind(t)
        if k == board.NK_PRO_ALLIES and pro_allies < 0:
            pro_allies = t
        if k == board.NK_STRICT:
            strict.append(t)
    assert P.neutral_status(b, s, pro_allies) == P.FRIENDLY_ALLIES
    assert _refused(lambda: P.enter(b, s, i.uk, pro_allies, True), "G40-P-42")
    assert _refused(lambda: P.enter(b, s, i.us, strict[0], True), "G40-P-22")
    P.enter(b, s, i.ger, strict[0], True)
    assert P.neutral_status(b, s, strict[1]) == P.FRIENDLY_ALLIES
    P.convert_neutral(b, s, i.uk, strict[1])
    assert s.owner[strict[1]] == i.uk


def test_french_troop_bonus_once():
    """G40-U-04, G40-X-37, G40-T-05, G40-T-07: when the Allies liberate the territory France,
    France places free units worth up to 12 IPCs, once per game only."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    fr_t = b.territory_id("France")
    s.owner[fr_t] = i.ger
    assert P.capture_facts(b, s, i.ger, fr_t) == []
    s.owner[fr_t] = i.fr
    ev = P.capture_facts(b, s, i.uk, fr_t)
    assert ev == [(P.EV_TROOP_BONUS, i.fr, fr_t, 12)]
    assert s.history & H.FRENCH_TROOP_BONUS_PAID
    s.owner[fr_t] = i.ger
    P.capture_facts(b, s, i.ger, fr_t)
    s.owner[fr_t] = i.fr
    assert P.capture_facts(b, s, i.us, fr_t) == []


def test_capture_triggers_mongolia_pact():
    """G40-P-38, G40-X-42: a Japanese capture of Amur (Soviet, next to Mongolia) recorded by the
    ledger's capture action triggers the pact at the end of Japan's Conduct Combat."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    amur = b.territory_id("Amur")
    s.owner[amur] = i.jp
    P.capture_facts(b, s, i.jp, amur)
    assert s.history & H.MONGOLIA_PACT_TRIGGERED
    ev = P.end_of_combat(b, s)
    assert len(ev) == 6


def test_mongolia_strict_after_allied_attack_elsewhere():
    """G40-P-37, G40-P-39: an Allied attack on another strict neutral turns the others pro-Axis,
    but Mongolia never becomes pro-Axis unless the USSR attacked it: it stays strict, so a
    Soviet attack on Korea still keeps Mongolia out of the pact."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    strict = -1
    for t in range(b.territory_count):
        if b.neutral_kind(t) == board.NK_STRICT:
            strict = t
            break
    P.enter(b, s, i.uk, strict, True)
    olgiy = b.territory_id("Olgiy")
    assert P.neutral_status(b, s, olgiy) == P.STRICT
    _turn(b, s, "Soviet Union")
    P.declare_war(b, s, i.ussr, i.jp)
    P.enter(b, s, i.ussr, b.territory_id("Korea"), True)
    assert s.history & H.USSR_ATTACKED_NEAR_MONGOLIA


def test_us_upgrade_only_own_complexes():
    """G40-U-02: only the complexes the US still controls are upgraded when it enters the war
    (a Japanese-held Western United States is not the US's to upgrade)."""
    b = board.load("global_1940")
    s = _state(b, treasury=True)
    i = _Ids(b)
    wus = b.territory_id("Western United States")
    s.owner[wus] = i.jp
    _turn(b, s, "Japan")
    ev = P.declare_war(b, s, i.jp, i.us)
    ups = [e[1] for e in ev if e[0] == P.EV_IC_UPGRADE]
    assert wus not in ups and len(ups) == 2

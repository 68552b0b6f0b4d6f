"""National objectives as data: every id exists, and the values/territories are the rulebook's.

A tiny evaluator written here (independent of engine_core/ledger/objectives.py) checks that the trees
read as the rulebook text: it answers "ask" questions and facts from given sets.
"""
from engine_core import board


def _ctl_ok(b, owner, who, t):
    o = owner[t]
    if o < 0:
        return False
    if who == board.WHO_AXIS:
        return b.side(o) == board.AXIS
    if who == board.WHO_ALLIES:
        return b.side(o) == board.ALLIES
    if isinstance(who, tuple):
        return o in who
    return o == who


def _holds(b, c, owner, war, facts, yes):
    op = c[0]
    if op == "all":
        for x in c[1:]:
            if not _holds(b, x, owner, war, facts, yes):
                return False
        return True
    if op == "any":
        for x in c[1:]:
            if _holds(b, x, owner, war, facts, yes):
                return True
        return False
    if op == "not":
        return not _holds(b, c[1], owner, war, facts, yes)
    if op == "at_war":
        qs = c[2] if isinstance(c[2], tuple) else (c[2],)
        for q in qs:
            if (c[1], q) in war or (q, c[1]) in war:
                return True
        return False
    if op == "ctl":
        n = 0
        for t in c[2]:
            if _ctl_ok(b, owner, c[1], t):
                n += 1
        need = len(c[2]) if c[3] == 0 else c[3]
        return n >= need
    if op == "fact":
        return c[1] in facts
    if op == "ask":
        return c[1] in yes
    raise ValueError(op)


def _income(b, key, owner, war, facts=(), yes=()):
    for o in b.objectives:
        if o[board.O_KEY] == key:
            if not _holds(b, o[board.O_COND], owner, war, facts, yes):
                return 0
            per = o[board.O_PER]
            if per is None:
                return o[board.O_VALUE]
            n = 0
            for t in per[1]:
                if _ctl_ok(b, owner, per[0], t):
                    n += 1
            return o[board.O_VALUE] * n
    raise KeyError(key)


def _start_owner(b):
    return [b.owner_at_start(t) for t in range(b.territory_count)]


def _walk_ids(b, c, terrs, powers, asks, facts):
    op = c[0]
    if op in ("all", "any"):
        for x in c[1:]:
            _walk_ids(b, x, terrs, powers, asks, facts)
    elif op == "not":
        _walk_ids(b, c[1], terrs, powers, asks, facts)
    elif op == "at_war":
        powers.append(c[1])
        for q in (c[2] if isinstance(c[2], tuple) else (c[2],)):
            powers.append(q)
    elif op == "ctl":
        for t in c[2]:
            terrs.append(t)
    elif op == "ask":
        asks.append(c[1])
    elif op == "fact":
        facts.append(c[1])
    else:
        assert False, op


def test_every_name_exists():
    """P40-E-50, G40-E-20..72: every territory, power, fact and question an objective names
    exists on the board (ids in range, keys defined)."""
    for ed in ("pacific_1940", "global_1940", "global_1940_variant"):
        b = board.load(ed, units=False, rules=False)
        qkeys = [q[0] for q in b.questions]
        fkeys = [f[0] for f in b.facts]
        keys = []
        for o in b.objectives:
            assert o[board.O_KEY] not in keys
            keys.append(o[board.O_KEY])
            assert 0 <= o[board.O_POWER] < b.power_count
            assert o[board.O_VALUE] > 0
            assert o[board.O_RULE].startswith("P40-E-") or o[board.O_RULE].startswith("G40-E-")
            terrs, powers, asks, facts = [], [], [], []
            _walk_ids(b, o[board.O_COND], terrs, powers, asks, facts)
            if o[board.O_PER]:
                terrs.extend(o[board.O_PER][1])
            for t in terrs:
                assert 0 <= t < b.territory_count and not b.is_sea(t)
            for p in powers:
                assert 0 <= p < b.power_count
            for a in asks:
                assert a in qkeys, (ed, a)
            for f in facts:
                assert f in fkeys, (ed, f)
            if o[board.O_ONCE]:
                assert "paid:" + o[board.O_KEY] in fkeys
        for f in b.facts:
            if f[1] == "attacked":
                assert 0 <= f[3] < b.territory_count


def test_victory_and_setup_names_exist():
    """LHTR-P-07, P40-G-10, G40-G-08: every victory city is a land territory of the board."""
    for ed in board.EDITIONS:
        b = board.load(ed, units=False, rules=False)
        for city, t in b.victory.get("cities", ()):
            assert 0 <= t < b.territory_count and not b.is_sea(t) and b.is_victory_city(t)
        for p in range(b.power_count):
            c = b.capital(p)
            assert c == -1 or (0 <= c < b.territory_count and not b.is_sea(c))
        for name, zones, lands, ex in b.canals:
            for z in zones:
                assert b.is_sea(z)
            for t in lands:
                assert not b.is_sea(t)


def test_pacific_objective_values():
    """P40-E-51..64: J1 10, J2 5, J3 5 each (0-20), J4 5, U1 40 (errata), U2..U4 5, C1 6,
    UK1 5, A1 5, A2 5 -- keys and amounts as the rulebook states them."""
    b = board.load("pacific_1940", units=False, rules=False)
    got = [(o[board.O_KEY], b.power_name(o[board.O_POWER]), o[board.O_VALUE])
           for o in b.objectives]
    assert got == [("J1", "Japan", 10), ("J2", "Japan", 5), ("J3", "Japan", 5),
                   ("J4", "Japan", 5), ("U1", "United States", 40), ("U2", "United States", 5),
                   ("U3", "United States", 5), ("U4", "United States", 5), ("C1", "China", 6),
                   ("UK1", "United Kingdom", 5), ("A1", "ANZAC", 5), ("A2", "ANZAC", 5)]


def test_pacific_objectives_at_start():
    """P40-E-51: at the start Japan is not at war with the US, has not attacked French
    Indo-China nor declared war on UK/ANZAC: J1 pays 10. P40-E-61: the Burma Road is open
    (C1 6). P40-E-56: the US is not at war: U1 pays nothing. P40-E-63: ANZAC not at war."""
    b = board.load("pacific_1940", units=False, rules=False)
    own = _start_owner(b)
    J, US, CN = b.power_id("Japan"), b.power_id("United States"), b.power_id("China")
    war = set([(J, CN)])
    assert _income(b, "J1", own, war) == 10
    assert _income(b, "J1", own, war, facts=("jpn_attacked_fic",)) == 0
    assert _income(b, "C1", own, war) == 6
    assert _income(b, "U1", own, war) == 0
    assert _income(b, "U1", own, war | set([(J, US)])) == 40
    assert _income(b, "A1", own, war) == 0


def test_pacific_j3_per_city():
    """P40-E-53: +5 for each of Calcutta, Sydney, Honolulu, San Francisco Japan controls."""
    b = board.load("pacific_1940", units=False, rules=False)
    own = _start_owner(b)
    J, UK = b.power_id("Japan"), b.power_id("United Kingdom")
    war = set([(J, UK)])
    assert _income(b, "J3", own, war) == 0
    own[b.territory_id("India")] = J
    own[b.territory_id("Hawaiian Islands")] = J
    assert _income(b, "J3", own, war) == 10
    assert _income(b, "J3", own, set()) == 0


def test_pacific_anzac_originals():
    """P40-E-63: ANZAC needs every original ANZAC territory and an Allied Malaya."""
    b = board.load("pacific_1940", units=False, rules=False)
    own = _start_owner(b)
    J, AZ = b.power_id("Japan"), b.power_id("ANZAC")
    war = set([(J, AZ)])
    assert _income(b, "A1", own, war) == 5
    own[b.territory_id("New Guinea")] = J
    assert _income(b, "A1", own, war) == 0


def test_global_objective_amounts():
    """G40-E-20..48 amounts, and the ANZAC Malaya objective pays 5 (TripleA's text says 3)."""
    b = board.load("global_1940", units=False, rules=False)
    got = dict((o[board.O_KEY], o[board.O_VALUE]) for o in b.objectives)
    exp = {"G1": 5, "G2": 5, "G3": 5, "G4": 5, "G5": 5, "G6": 2, "S1": 5, "S2": 3, "S3": 10,
           "J1": 10, "J2": 5, "J3": 5, "J4": 5, "U1": 10, "U2": 5, "U3": 5, "U4": 5, "U5": 5,
           "C1": 6, "UKE1": 5, "UKP1": 5, "I1": 5, "I2": 5, "I3": 5, "I4": 2, "A1": 5,
           "A2": 5}
    assert got == exp
    s3 = [o for o in b.objectives if o[board.O_KEY] == "S3"][0]
    assert s3[board.O_ONCE]


def test_global_italy_three_of_four():
    """G40-E-43: +5 if Axis powers control at least 3 of Gibraltar, Southern France, Greece
    and Egypt."""
    b = board.load("global_1940", units=False, rules=False)
    own = _start_owner(b)
    IT, UK, G = b.power_id("Italy"), b.power_id("United Kingdom"), b.power_id("Germany")
    war = set([(IT, UK)])
    assert _income(b, "I1", own, war) == 0
    own[b.territory_id("Southern France")] = G
    own[b.territory_id("Greece")] = IT
    assert _income(b, "I1", own, war) == 0
    own[b.territory_id("Egypt")] = IT
    assert _income(b, "I1", own, war) == 5


def test_global_ask_flags():
    """G40-E-44 and G40-E-39: unit-presence conditions are ASK questions."""
    b = board.load("global_1940", units=False, rules=False)
    own = _start_owner(b)
    IT, UK, US, G = (b.power_id("Italy"), b.power_id("United Kingdom"),
                     b.power_id("United States"), b.power_id("Germany"))
    war = set([(IT, UK), (US, G)])
    assert _income(b, "I2", own, war) == 0
    assert _income(b, "I2", own, war, yes=("no_allied_surface_warships_med",)) == 5
    assert _income(b, "U5", own, war, yes=("us_land_unit_in_france",)) == 5


def test_variant_uk_objectives():
    """G40-E-61..64, G40-E-69..72: the variant's UK objectives replace G40-E-41/42; UKP3 needs
    China itself to hold Shanghai."""
    b = board.load("global_1940_variant", units=False, rules=False)
    keys = [o[board.O_KEY] for o in b.objectives]
    for k in ("UKP1", "UKP2", "UKP3", "UKP4", "UKE1", "UKE2", "UKE3", "UKE4"):
        assert k in keys
    own = _start_owner(b)
    J, UK, CN, US = (b.power_id("Japan"), b.power_id("United Kingdom"), b.power_id("China"),
                     b.power_id("United States"))
    UKP = b.power_id("United Kingdom Pacific")
    # the variant's UK Pacific objectives ask UK Pacific's own war with Japan (G40-V-06)
    war = set([(J, UK), (J, UKP)])
    sh = b.territory_id("Kiangsu")
    assert _income(b, "UKP3", own, war) == 0      # Japan holds Shanghai at the start
    own[sh] = US
    assert _income(b, "UKP3", own, war) == 0      # an American Shanghai does not count
    own[sh] = CN
    assert _income(b, "UKP3", own, war) == 5
    G, IT = b.power_id("Germany"), b.power_id("Italy")
    war2 = set([(UK, G), (UK, IT)])
    assert _income(b, "UKE1", own, war2) == 5
    assert _income(b, "UKE2", own, war2) == 5
    own[b.territory_id("Egypt")] = IT
    assert _income(b, "UKE1", own, war2) == 0
    assert _income(b, "UKE2", own, war2) == 5

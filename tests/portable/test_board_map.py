"""Map data: errata, adjacency, facilities, special zones, names, canals and setups."""
from engine_core import board


def _load(ed):
    return board.load(ed, units=False, rules=False)


def _adj_names(b, name):
    return sorted(b.territory_name(a) for a in b.adjacent(b.territory_id(name)))


def test_pacific_errata_sea_zones():
    """P40 errata (003): Korea touches only sea zone 6, Amur only sea zone 5, and sea zone 6
    does not touch Manchuria (P40-X-02 register; G40-X-02 for the Global board)."""
    for ed in ("pacific_1940", "global_1940"):
        b = _load(ed)
        seas = [n for n in _adj_names(b, "Korea") if n.startswith("Sea Zone")]
        assert seas == ["Sea Zone 6"], (ed, seas)
        seas = [n for n in _adj_names(b, "Amur") if n.startswith("Sea Zone")]
        assert seas == ["Sea Zone 5"], (ed, seas)
        assert "Manchuria" not in _adj_names(b, "Sea Zone 6")
        assert "Korea" not in _adj_names(b, "Sea Zone 5")


def test_pacific_errata_facilities():
    """P40 errata (003): Philippines air base and naval base; no IC in New Zealand; the New
    South Wales IC is minor (P40-X-02; G40-X-02)."""
    for ed in ("pacific_1940", "global_1940"):
        b = _load(ed)
        f = b.facilities_at_start(b.territory_id("Philippines"))
        assert f & board.FAC_AIR_BASE and f & board.FAC_NAVAL_BASE
        f = b.facilities_at_start(b.territory_id("New Zealand"))
        assert f & board.FAC_ANY_IC == 0
        f = b.facilities_at_start(b.territory_id("New South Wales"))
        assert f & board.FAC_ANY_IC == board.FAC_MINOR


def test_pacific_facility_counts():
    """P40-U-15..17 setup: major ICs in Japan, India and Western US, minor in NSW."""
    b = _load("pacific_1940")
    major = sorted(b.territory_name(t) for t in range(b.territory_count)
                   if b.facilities_at_start(t) & board.FAC_MAJOR)
    assert major == ["India", "Japan", "Western United States"]
    minor = [b.territory_name(t) for t in range(b.territory_count)
             if b.facilities_at_start(t) & board.FAC_MINOR]
    assert minor == ["New South Wales"]


def test_adjacency_symmetric_every_edition():
    """P40-P-37 (spaces meeting only at a point are not adjacent: adjacency is a relation
    between spaces, so it must be symmetric and never reflexive), every edition."""
    for ed in board.EDITIONS:
        b = _load(ed)
        edges = 0
        for t in range(b.territory_count):
            adj = b.adjacent(t)
            assert t not in adj
            for a in adj:
                assert t in b.adjacent(a), (ed, b.territory_name(t), b.territory_name(a))
                edges += 1
        assert edges % 2 == 0


def test_edge_counts():
    """CL-P-07 / LHTR-M-04 map data: connection counts of the source maps (classic 309,
    revised 348, pacific 334, global 832), plus Japan - Sea Zone 19 on the 1940 maps (P40-E-43:
    the rulebook's convoy example; issue 16)."""
    exp = (("classic", 309), ("revised", 348), ("pacific_1940", 335), ("global_1940", 833))
    for ed, n in exp:
        b = _load(ed)
        total = 0
        for t in range(b.territory_count):
            total += len(b.adjacent(t))
        assert total == 2 * n, (ed, total)


def test_global_map_joins():
    """G40-G-06: cross-map adjacencies."""
    b = _load("global_1940")
    assert b.are_adjacent(b.territory_id("Central United States"),
                          b.territory_id("Western United States"))
    assert b.are_adjacent(b.territory_id("Southeast Mexico"), b.territory_id("Mexico"))
    pairs = ((11, 64), (28, 64), (51, 64), (51, 65), (51, 66), (52, 66))
    for a, c in pairs:
        assert b.are_adjacent(b.territory_id("Sea Zone " + str(a)),
                              b.territory_id("Sea Zone " + str(c))), (a, c)


def test_kamikaze_zones():
    """P40-C-30: kamikaze zones around Japan, Okinawa, Iwo Jima, Formosa, Marianas and the
    Philippines: sea zones 6, 17, 19, 20, 22 and 35 (map)."""
    for ed in ("pacific_1940", "global_1940"):
        b = _load(ed)
        zones = [b.sea_zone_number(t) for t in range(b.territory_count)
                 if b.is_kamikaze_zone(t)]
        assert sorted(zones) == [6, 17, 19, 20, 22, 35], (ed, zones)
        for z in zones:
            t = b.territory_id("Sea Zone " + str(z))
            assert b.is_sea(t) and b.owner_at_start(t) == -1 and b.ipc(t) == 0
    b = _load("classic")
    assert not [t for t in range(b.territory_count) if b.is_kamikaze_zone(t)]


def test_convoy_zones_touch_territories():
    """P40-E-40: a convoy zone is a sea zone next to territories whose income it disrupts."""
    for ed in ("pacific_1940", "global_1940"):
        b = _load(ed)
        n = 0
        for t in range(b.territory_count):
            if b.is_convoy_zone(t):
                n += 1
                assert b.is_sea(t)
                assert [a for a in b.adjacent(t) if not b.is_sea(a)]
        assert n > 10
        assert b.is_convoy_zone(b.territory_id("Sea Zone 6"))


def test_printed_names():
    """P40-G-10 names the map's spaces (Manila = Philippines); TripleA misspellings fixed."""
    b = _load("pacific_1940")
    assert b.territory_name(b.territory_id("Palau Island")) == "Palau Island"
    assert b.territory_id("Paulau Island") == b.territory_id("Palau Island")
    assert b.territory_id("6 Sea Zone") == b.territory_id("Sea Zone 6")
    assert b.territory_id("sz 6") == b.territory_id("Sea Zone 6")
    assert b.territory_id("philippines") == b.territory_id("Philippines")
    b = _load("classic")
    assert b.territory_name(b.territory_id("Carribean Sea Zone")) == "Caribbean Sea Zone"
    assert b.territory_id("Central Mediterranean Sea Zone") >= 0
    b = _load("revised")
    assert b.territory_name(b.territory_id("Philipine Islands")) == "Philippine Islands"
    b = _load("global_1940")
    for n in ("Suiyuan", "Tunguska", "Tsagaan-Olom", "Palau Island"):
        assert b.territory_name(b.territory_id(n)) == n
    raised = False
    try:
        b.territory_id("Atlantis")
    except Exception:      # InputError
        raised = True
    assert raised


def test_names_unique_and_ids_round_trip():
    """Small-int ids: territory_id(territory_name(t)) == t for every space (LHTR-M-04 map)."""
    for ed in board.EDITIONS:
        b = _load(ed)
        for t in range(b.territory_count):
            assert b.territory_id(b.territory_name(t)) == t


def test_canals():
    """LHTR-M-05 / CL canals: Suez needs Anglo-Egypt and Trans-Jordan, Panama needs Panama;
    Global adds the Danish, Gibraltar and Turkish straits."""
    b = _load("revised")
    c = dict((x[0], x) for x in b.canals)
    assert sorted(b.territory_name(t) for t in c["Suez Canal"][2]) == ["Anglo Egypt",
                                                                      "Trans-Jordan"]
    assert [b.territory_name(t) for t in c["Panama Canal"][2]] == ["Panama"]
    for name, zones, lands, ex in b.canals:
        assert b.are_adjacent(zones[0], zones[1])
        for t in lands:
            for z in zones:
                assert b.are_adjacent(t, z)
    b = _load("global_1940")
    assert sorted(x[0] for x in b.canals) == ["Danish Straits", "Panama Canal",
                                              "Strait of Gibraltar", "Suez Canal",
                                              "Turkish Straits"]
    assert _load("pacific_1940").canals == ()


def test_islands_1940_errata_definition():
    """P40-P-38 (003): an island touches a single sea zone and no territory; New Zealand is an
    island, Australia's states are not; Japan touches two sea zones."""
    b = _load("pacific_1940")
    assert b.is_island(b.territory_id("New Zealand"))
    assert not b.is_island(b.territory_id("New South Wales"))
    assert b.is_island(b.territory_id("Guam"))
    assert b.is_coastal(b.territory_id("New South Wales"))
    assert not b.is_coastal(b.territory_id("Sikang"))


def test_neutrals_and_holders():
    """P40-E-70 (Dutch uncontrolled), P40-E-78 (France not a power), P40-P-31 (Soviet
    territory), P40-E-75 (Mongolian standing armies), CL neutrals."""
    b = board.load("pacific_1940", rules=False)
    java = b.territory_id("Java")
    assert b.owner_at_start(java) == -1 and b.neutral_kind(java) == board.NK_DUTCH
    assert b.ipc(java) == 4
    fic = b.territory_id("French Indo China")
    assert b.neutral_kind(fic) == board.NK_FRENCH and b.owner_at_start(fic) == -1
    amur = b.territory_id("Amur")
    assert b.neutral_kind(amur) == board.NK_SOVIET
    olgiy = b.territory_id("Olgiy")
    assert b.neutral_kind(olgiy) == board.NK_UNOWNED
    inf = b.unit_id("infantry")
    assert b.garrison(olgiy) == ((inf, 2),)
    assert b.setup(olgiy) == ()
    assert b.is_impassable(b.territory_id("Himalayas"))
    b = board.load("global_1940", rules=False)
    assert b.neutral_kind(b.territory_id("Sweden")) == board.NK_STRICT
    assert b.neutral_kind(b.territory_id("Bulgaria")) == board.NK_PRO_AXIS
    assert b.neutral_kind(b.territory_id("Greece")) == board.NK_PRO_ALLIES
    assert b.garrison(b.territory_id("Turkey")) == ((b.unit_id("infantry"), 8),)
    b = _load("classic")
    assert b.neutral_kind(b.territory_id("Sweden")) == board.NK_UNOWNED


def test_setup_units_and_totals():
    """Setup charts (P40 setup; G40-G-05 additions): unit ids are the edition's unit table."""
    b = board.load("pacific_1940", rules=False)
    kor = b.setup(b.territory_id("Korea"))
    assert kor == ((b.power_id("Japan"), b.unit_id("infantry"), 1),)
    total = 0
    for t in range(b.territory_count):
        for p, u, c in b.setup(t):
            assert 0 <= p < b.power_count and 0 <= u < b.unit_count and c > 0
            total += c
    # 194 pieces in the source, minus 6 Mongolian infantry, minus 25 facilities (4 ICs,
    # 11 air bases, 10 naval bases) that live in the territory records
    assert total == 194 - 6 - 25
    b = board.load("global_1940", rules=False)
    anzac = b.power_id("ANZAC")
    inf = b.unit_id("infantry")
    egypt = b.setup(b.territory_id("Egypt"))
    assert (anzac, inf, 2) in egypt            # G40-G-05: 2 ANZAC infantry
    sakha = b.setup(b.territory_id("Sakha"))
    ussr = b.power_id("Soviet Union")
    assert (ussr, inf, 6) in sakha and (ussr, b.unit_id("aaa"), 2) in sakha
    for name in ("Amur", "Buryatia"):
        assert (ussr, inf, 6) in b.setup(b.territory_id(name)), name


def test_pacific_map_flag():
    """G40-E-02: which map a space is on decides the UK economy."""
    b = _load("global_1940")
    assert b.is_pacific_map(b.territory_id("Japan"))
    assert b.is_pacific_map(b.territory_id("Sea Zone 63"))
    assert not b.is_pacific_map(b.territory_id("Sea Zone 64"))
    assert not b.is_pacific_map(b.territory_id("Germany"))
    b = _load("pacific_1940")
    for t in range(b.territory_count):
        assert b.is_pacific_map(t)


def test_revised_map_facts_from_lhtr():
    """LHTR-M-03: the map facts the LHTR text gives, checked on the Revised board."""
    for ed in ("revised", "revised_lhtr"):
        b = _load(ed)
        T = b.territory_id
        c = dict((x[0], x) for x in b.canals)
        assert sorted(b.sea_zone_number(z) for z in c["Panama Canal"][1]) == [19, 20]
        assert sorted(b.sea_zone_number(z) for z in c["Suez Canal"][1]) == [15, 34]
        sz40 = [b.sea_zone_number(a) for a in b.adjacent(T("Sea Zone 40")) if b.is_sea(a)]
        assert 39 in sz40 and 41 in sz40
        assert not b.are_adjacent(T("Sea Zone 14"), T("Balkans"))
        assert not b.are_adjacent(T("Sea Zone 35"), T("French Indochina"))
        assert b.are_adjacent(T("Sea Zone 3"), T("Sea Zone 6"))
        uk = b.power_id("United Kingdom")
        for n in ("Gibraltar", "French West Africa", "French Equatorial Africa",
                  "Belgian Congo"):
            assert b.owner_at_start(T(n)) == uk, n
        assert b.ipc(T("India")) == 3 and b.ipc(T("West Russia")) == 2
        assert b.ipc(T("Caucasus")) == 4 and b.ipc(T("Eastern Canada")) == 3
        cau = T("Caucasus")
        assert b.facilities_at_start(cau) & board.FAC_IC
        assert b.owner_at_start(cau) == b.power_id("Soviet Union")
        for n in ("Turkey", "Mongolia", "Sahara"):
            assert b.owner_at_start(T(n)) == -1 and b.neutral_kind(T(n)) == board.NK_UNOWNED
        for n in ("Japan", "United Kingdom", "Australia"):
            assert not b.is_island(T(n)), n
        assert b.is_island(T("Midway"))


def test_islands_one_sea_zone():
    """CL-MV-03, LHTR-MV-02, P40-P-38: an island is one territory inside a single sea zone."""
    for ed in board.EDITIONS:
        b = _load(ed)
        for t in range(b.territory_count):
            if b.is_island(t):
                adj = b.adjacent(t)
                assert len(adj) == 1 and b.is_sea(adj[0]), (ed, b.territory_name(t))


def test_classic_values_from_the_manual():
    """CL-P-07: values the manual states: Anglo-Egypt Sudan 2, Manchuria 3, Sinkiang 2;
    Gibraltar and the Solomon Islands are worth 0."""
    b = _load("classic")
    T = b.territory_id
    assert b.ipc(T("Anglo Sudan Egypt")) == 2
    assert b.ipc(T("Manchuria")) == 3
    assert b.ipc(T("Sinkiang")) == 2
    assert b.ipc(T("Gibraltar")) == 0
    assert b.ipc(T("Solomon Islands")) == 0


def test_pacific_values_from_the_rulebook():
    """P40-G-06: Wake Island has no income value; P40-E-40 convoy example: Japan is worth 8;
    P40-E-35 (003 FAQ): Japan taking Western United States gains 10."""
    b = _load("pacific_1940")
    T = b.territory_id
    assert b.ipc(T("Wake Island")) == 0
    assert b.ipc(T("Japan")) == 8
    assert b.ipc(T("Western United States")) == 10
    # P40-E-43: "Japan cannot lose more than 8 IPCs from disrupted convoys in sea zones 6 and
    # 19": Japan borders both (the map data had only 6), so under 003's island definition
    # (P40-X-11) it is not an island (003 lets ICs stand there "as the exception" anyway)
    assert not b.is_island(T("Japan"))
    assert [b.sea_zone_number(a) for a in b.adjacent(T("Japan"))] == [6, 19]


def test_global_mongolia():
    """G40-P-37: the Mongolian territories are Olgiy, Dzavhan, Tsagaan-Olom, Central Mongolia,
    Ulaanbaatar and Buyant-Uhaa; P40-E-75: in Pacific 1940 they are ordinary neutrals."""
    b = board.load("global_1940", rules=False)
    got = sorted(b.territory_name(t) for t in range(b.territory_count)
                 if b.neutral_kind(t) == board.NK_MONGOLIA)
    assert got == ["Buyant-Uhaa", "Central Mongolia", "Dzavhan", "Olgiy", "Tsagaan-Olom",
                   "Ulaanbaatar"]
    inf = b.unit_id("infantry")
    assert b.garrison(b.territory_id("Buyant-Uhaa")) == ((inf, 2),)
    b = _load("pacific_1940")
    assert not [t for t in range(b.territory_count) if b.neutral_kind(t) == board.NK_MONGOLIA]

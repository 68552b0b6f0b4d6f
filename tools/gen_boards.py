"""Generate board_defs/<edition>/map.py from ../shared/data/boards/*.json (host only).

    .venv/bin/python tools/gen_boards.py [--src DIR] [--check]

The shared JSON is TripleA's data, normalized. The rulebooks (../shared/seeds) win where they
differ; every correction applied here is listed in CORRECTIONS below and in the edition's
board_defs/<edition>/README.md. The generated modules are committed: nothing here is needed at
run or test time. `--check` regenerates into memory and fails if a committed file differs.

Output format (read by engine_core/board.py; documented in board_defs/README.md):
  NAMES      str: "\\n" + territory names joined by "\\n" + "\\n", in id order
  NAME_OFF   bytes: 2-byte big-endian offsets into NAMES of each name's first character,
             territory_count + 1 entries (the last one points past the final name)
  TREC       bytes: REC_SIZE bytes per territory (see the T_* layout in engine_core/board.py)
  ADJ_W      1 or 2: bytes per neighbour id in ADJ
  ADJ_OFF    bytes: 2-byte offsets (in entries) into ADJ, territory_count + 1 entries
  ADJ        bytes: neighbour ids, ADJ_W bytes each, ascending per territory
  SETUP      bytes: 5-byte records (territory hi, lo, owner (255 = neutral garrison), unit
             index into SETUP_UNITS, count), sorted by territory, owner, unit
  ...plus small tuples: powers, canals, victory, objectives, facts, questions, renames.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SRC = os.path.join(os.path.dirname(ROOT), "shared", "data", "boards")

# --- constants (mirrors engine_core/board.py; the generator must not import the engine so it
# can be reviewed alone, and tests/host/test_gen_boards.py checks they agree) -----------------
F_SEA, F_ISLAND, F_COASTAL, F_VICTORY = 1, 2, 4, 8
F_CONVOY, F_KAMIKAZE, F_IMPASSABLE, F_CAPITAL = 16, 32, 64, 128
F2_PACIFIC_MAP, F2_ORIGINAL_IC = 1, 2
FAC_IC, FAC_MAJOR, FAC_MINOR, FAC_AIR_BASE, FAC_NAVAL_BASE = 1, 2, 4, 8, 16
NK = {None: 0, "strict_neutral": 1, "pro_axis": 2, "pro_allies": 3,
      "mongolia_special_neutral": 4, "unowned_neutral": 5, "dutch": 6, "french": 7, "soviet": 8}
REC_SIZE = 8
AXIS, ALLIES = 0, 1
WHO_AXIS, WHO_ALLIES = 100, 101

# --- unit names: TripleA -> the contract's rulebook names ------------------------------------
UNITS_CLASSIC = {"infantry": "infantry", "armour": "armor", "fighter": "fighter",
                 "bomber": "bomber", "transport": "transport", "battleship": "battleship",
                 "carrier": "aircraft_carrier", "submarine": "submarine",
                 "factory": "industrial_complex", "aaGun": "antiaircraft_gun",
                 "artillery": "artillery", "destroyer": "destroyer"}
UNITS_1940 = {"infantry": "infantry", "artillery": "artillery",
              "mech_infantry": "mechanized_infantry", "armour": "tank", "aaGun": "aaa",
              "fighter": "fighter", "tactical_bomber": "tactical_bomber",
              "bomber": "strategic_bomber", "battleship": "battleship",
              "carrier": "aircraft_carrier", "cruiser": "cruiser", "destroyer": "destroyer",
              "submarine": "submarine", "transport": "transport",
              "factory_major": "major_industrial_complex",
              "factory_minor": "minor_industrial_complex", "airfield": "air_base",
              "harbour": "naval_base"}
FACILITY_UNITS = ("factory", "factory_major", "factory_minor", "airfield", "harbour",
                  "factory_upgrade")

# --- names as printed on the map (TripleA spelling -> map spelling) ---------------------------
RENAMES = {
    "classic": {"Antartic Sea Zone": "Antarctic Sea Zone",
                "Carribean Sea Zone": "Caribbean Sea Zone",
                "Central Mediteranean Sea Zone": "Central Mediterranean Sea Zone",
                "East Mediteranean Sea Zone": "East Mediterranean Sea Zone",
                "West Mediteranean Sea Zone": "West Mediterranean Sea Zone",
                "Columbia": "Colombia"},
    "revised": {"Philipine Islands": "Philippine Islands", "Kwantung": "Kwangtung",
                "Rio De Oro": "Rio de Oro"},
    "pacific_1940": {"Paulau Island": "Palau Island"},
    "global_1940": {"Paulau Island": "Palau Island", "Suiyuyan": "Suiyuan",
                    "Timguska": "Tunguska", "Tsagaan Olom": "Tsagaan-Olom"},
}
RENAMES["revised_lhtr"] = RENAMES["revised"]

# Powers: TripleA player -> name as the rulebook prints it
POWER_NAMES = {"Russians": "Soviet Union", "Germans": "Germany", "British": "United Kingdom",
               "Japanese": "Japan", "Americans": "United States", "Chinese": "China",
               "ANZAC": "ANZAC", "Italians": "Italy", "French": "France",
               "UK_Pacific": "United Kingdom Pacific"}

# Turn order as the rulebooks print it (player names as in the JSON).
TURN_ORDER = {
    "classic": ("Russians", "Germans", "British", "Japanese", "Americans"),       # CL-P-02
    "revised": ("Russians", "Germans", "British", "Japanese", "Americans"),       # LHTR-P-02
    "pacific_1940": ("Japanese", "Americans", "Chinese", "British", "ANZAC"),     # P40-G-04
    # G40-G-03 (rulebook "Order of Play"); TripleA's 1st-edition file has UK 4th, Italy 6th.
    "global_1940": ("Germans", "Russians", "Japanese", "Americans", "Chinese", "British",
                    "Italians", "ANZAC", "French"),
}
TURN_ORDER["revised_lhtr"] = TURN_ORDER["revised"]

# Victory city names (rulebook city -> territory, in the JSON's spelling)
VC_CITIES = {
    "revised": (("Washington", "Eastern United States"), ("Los Angeles", "Western United States"),
                ("London", "United Kingdom"), ("Leningrad", "Karelia S.S.R."),
                ("Moscow", "Russia"), ("Calcutta", "India"), ("Berlin", "Germany"),
                ("Paris", "Western Europe"), ("Rome", "Southern Europe"),
                ("Shanghai", "Kwantung"), ("Manila", "Philipine Islands"), ("Tokyo", "Japan")),
    "pacific_1940": (("Calcutta", "India"), ("Hong Kong", "Kwangtung"), ("Manila", "Philippines"),
                     ("Sydney", "New South Wales"), ("Honolulu", "Hawaiian Islands"),
                     ("San Francisco", "Western United States"), ("Shanghai", "Kiangsu"),
                     ("Tokyo", "Japan")),
    "global_1940": (("Washington", "Eastern United States"), ("Cairo", "Egypt"),
                    ("Paris", "France"), ("Berlin", "Germany"), ("Leningrad", "Novgorod"),
                    ("Ottawa", "Ontario"), ("Warsaw", "Poland"), ("Moscow", "Russia"),
                    ("Rome", "Southern Italy"), ("London", "United Kingdom"),
                    ("Stalingrad", "Volgograd"),
                    ("Calcutta", "India"), ("Hong Kong", "Kwangtung"), ("Manila", "Philippines"),
                    ("Sydney", "New South Wales"), ("Honolulu", "Hawaiian Islands"),
                    ("San Francisco", "Western United States"), ("Shanghai", "Kiangsu"),
                    ("Tokyo", "Japan")),
}
VC_CITIES["revised_lhtr"] = VC_CITIES["revised"]

# Capitals where the rulebook differs from TripleA (None = no capital).
CAPITALS = {
    "pacific_1940": {"Chinese": None},          # P40-G-08: China has no capital
    "global_1940": {"Chinese": None},           # G40-G-07
}

# Starting income = starting treasury as the rulebooks print them (the generator asserts that
# the starting territories add up to these; portable tests check it again on the packed data).
RULEBOOK_INCOME = {
    "classic": {"Russians": 24, "Germans": 32, "British": 30, "Japanese": 25,
                "Americans": 36},                                     # CL-P-04/05
    "revised": {"Russians": 24, "Germans": 40, "British": 30, "Japanese": 30,
                "Americans": 42},                                     # LHTR-P-04
    "pacific_1940": {"Japanese": 26, "Americans": 17, "Chinese": 12, "British": 16,
                     "ANZAC": 10},                                    # P40-G-05
    "global_1940": {"Germans": 30, "Russians": 37, "Japanese": 26, "Americans": 52,
                    "Chinese": 12, "British": 28, "UK_Pacific": 17, "Italians": 10,
                    "ANZAC": 10, "French": 19},                       # G40-G-04
}
RULEBOOK_INCOME["revised_lhtr"] = RULEBOOK_INCOME["revised"]

SOURCE = {"classic": "classic", "revised": "revised", "revised_lhtr": "revised_lhtr",
          "pacific_1940": "pacific_1940", "global_1940": "global_1940"}
EDITIONS = ("classic", "revised", "revised_lhtr", "pacific_1940", "global_1940")

# Global 1940: the Mongolian territories of the Soviet-Mongolian pact (G40-P-37), TripleA names
G40_MONGOLIA = ("Olgiy", "Dzavhan", "Tsagaan Olom", "Central Mongolia", "Ulaanbaatar",
                "Buyant-Uhaa")

# Inactive TripleA players that hold territories at the start: their territories begin
# uncontrolled (owner -1) and carry a neutral kind telling what they are.
HOLDERS = {"Dutch": "dutch", "French": "french", "Russians": "soviet",
           "Neutral_True": None, "Neutral_Axis": None, "Neutral_Allies": None}


def log(msg):
    sys.stdout.write(msg + "\n")


class Corrections:
    """Collects the corrections applied, so the README can list them."""

    def __init__(self):
        self.items = []

    def add(self, text):
        self.items.append(text)


def sea_number(name):
    parts = name.split(" ")
    if len(parts) == 3 and parts[1] == "Sea" and parts[2] == "Zone" and parts[0].isdigit():
        return int(parts[0])
    return None


def printed_name(ed, name):
    n = sea_number(name)
    if n is not None:
        return "Sea Zone " + str(n)
    return RENAMES.get(ed, {}).get(name, name)


def apply_corrections(ed, d, corr):
    """Rulebook corrections to the JSON, in place. Each one is recorded."""
    T = {t["name"]: t for t in d["territories"]}
    if ed == "pacific_1940" or ed == "global_1940":
        # P40 errata (003): already in TripleA; asserted here so a regenerated source that lost
        # them fails loudly instead of shipping wrong data.
        kor = [a for a in T["Korea"]["adjacent"] if sea_number(a) is not None]
        assert kor == ["6 Sea Zone"], kor
        amur = [a for a in T["Amur"]["adjacent"] if sea_number(a) is not None]
        assert amur == ["5 Sea Zone"], amur
        assert "Manchuria" not in T["6 Sea Zone"]["adjacent"]
        fp = T["Philippines"]["facilities_at_start"]
        assert fp["air_base"] and fp["naval_base"]
        assert T["New Zealand"]["facilities_at_start"]["industrial_complex"] is None
        assert T["New South Wales"]["facilities_at_start"]["industrial_complex"] == "minor"
        corr.add("P40 errata 003 (Korea only SZ 6, Amur only SZ 5, SZ 6 not adjacent to "
                 "Manchuria, Philippines air + naval base, no IC in New Zealand, NSW minor IC): "
                 "checked, already in the source")
        # Japan borders sea zones 6 and 19: the rulebook's convoy example, "Japan cannot lose
        # more than 8 IPCs from disrupted convoys in sea zones 6 and 19" (P40-E-43, P40-X-11:
        # "Japan, which borders zones 6 and 19"). The source has only zone 6.
        for a, z in (("Japan", "19 Sea Zone"), ("19 Sea Zone", "Japan")):
            if z not in T[a]["adjacent"]:
                T[a]["adjacent"] = sorted(T[a]["adjacent"] + [z])
                if a == "Japan":
                    corr.add("Japan borders Sea Zone 19 as well as 6 (P40-E-43: the rulebook's "
                             "convoy example 'sea zones 6 and 19')")
    if ed == "global_1940":
        # G40-U-02: "The industrial complexes in Eastern United States, Central United States,
        # and Western United States begin the game as minor complexes" (upgraded at no cost
        # when the US enters a state of war: engine_core/ledger/politics.py)
        for name in ("Eastern United States", "Central United States", "Western United States"):
            fac = T[name]["facilities_at_start"]
            if fac["industrial_complex"] != "minor":
                corr.add("%s: %s -> minor industrial complex at start (G40-U-02)"
                         % (name, fac["industrial_complex"]))
                fac["industrial_complex"] = "minor"
    if ed == "global_1940":
        # G40-E-02: Europe economy = UK territories on the Europe map plus the North American UK
        # territories on the Pacific map; Pacific economy = UK on the Pacific map plus West
        # India. TripleA's 1st-edition file has it the other way round for these three, which
        # gives 29/16 instead of the rulebook's 28/17 (G40-G-04).
        for name, new in (("British Columbia", "British"), ("Yukon Territory", "British"),
                          ("West India", "UK_Pacific")):
            t = T[name]
            old = t["owner_at_start"]
            t["owner_at_start"] = new
            t["original_owner"] = new
            if t["facilities_at_start"] and t["facilities_at_start"].get("owner") == old:
                t["facilities_at_start"]["owner"] = new
            for pl in d["setup"]["units"].get(name, []):
                pass  # units stay with their owner: the UK is one power (G40-E-02)
            corr.add("%s: UK economy %s -> %s (G40-E-02 'One Power, Two Economies')"
                     % (name, old, new))
        # G40-G-05: "Egypt: 2 ANZAC Infantry (also, remove 1 United Kingdom infantry)". ANZAC
        # has no Europe 1940 units, so its Egypt infantry come only from this rule.
        for pl in d["setup"]["units"]["Egypt"]:
            if pl["owner"] == "ANZAC":
                if pl["units"].get("infantry") != 2:
                    corr.add("Egypt: ANZAC infantry %s -> 2 (G40-G-05). The UK infantry "
                             "count (Europe 1940 chart, not in the sources) is kept as in "
                             "TripleA." % pl["units"].get("infantry"))
                    pl["units"]["infantry"] = 2
        # G40-G-05: "Sakha: 6 Soviet Infantry and 2 Soviet AAA". TripleA has the infantry only.
        for pl in d["setup"]["units"]["Sakha"]:
            if pl["owner"] == "Russians" and pl["units"].get("aaGun", 0) != 2:
                corr.add("Sakha: Soviet AAA %d -> 2 (G40-G-05)" % pl["units"].get("aaGun", 0))
                pl["units"]["aaGun"] = 2
    return T


def island_flags(ed, t, T):
    """(is_island, is_coastal) for a land territory.

    An island (group) is a single territory inside one sea zone and touching no other
    territory: CL-MV-03, LHTR-MV-02 ("lies wholly inside one sea zone"; LHTR-M-03: Japan, the
    UK and Australia are not islands), errata 003 for the 1940 games (P40-P-38; G40-X-03).
    TripleA's derivation (no land neighbour, any number of sea zones) would make Revised's
    Japan and Australia islands, against LHTR-M-03.
    """
    seas = [a for a in t["adjacent"] if T[a]["is_sea"]]
    lands = [a for a in t["adjacent"] if not T[a]["is_sea"]]
    coastal = len(seas) > 0
    island = len(lands) == 0 and len(seas) == 1
    return island, coastal


def build(ed, src_dir):
    corr = Corrections()
    base = "revised" if ed == "revised_lhtr" else ed
    d = json.load(open(os.path.join(src_dir, SOURCE[ed] + ".json")))
    T = apply_corrections(ed, d, corr)
    umap = UNITS_1940 if ed in ("pacific_1940", "global_1940") else UNITS_CLASSIC

    # ---- powers -------------------------------------------------------------------------
    jp = {p["name"]: p for p in d["powers"]}
    order = list(TURN_ORDER[ed])
    pnames = list(order)
    for p in d["powers"]:
        if p["name"] not in pnames:
            pnames.append(p["name"])          # UK_Pacific: shares the UK turn
    pid = {n: i for i, n in enumerate(pnames)}

    # ---- territories: land by printed name, then sea zones by number / name ----------------
    recs = d["territories"]
    land = sorted([t for t in recs if not t["is_sea"]], key=lambda t: printed_name(ed, t["name"]))
    sea = [t for t in recs if t["is_sea"]]
    if all(sea_number(t["name"]) is not None for t in sea):
        sea.sort(key=lambda t: sea_number(t["name"]))
    else:
        sea.sort(key=lambda t: printed_name(ed, t["name"]))
    terr = land + sea
    tid = {t["name"]: i for i, t in enumerate(terr)}
    names = [printed_name(ed, t["name"]) for t in terr]
    assert len(set(names)) == len(names)

    p40_land = None
    if ed == "global_1940":
        p = json.load(open(os.path.join(src_dir, "pacific_1940.json")))
        p40_land = set(printed_name("pacific_1940", t["name"]) for t in p["territories"]
                       if not t["is_sea"])

    caps = {}
    for pn in pnames:
        c = jp[pn]["capital"]
        if pn in CAPITALS.get(ed, {}):
            c = CAPITALS[ed][pn]
        caps[pn] = c
    cap_set = set(c for c in caps.values() if c)

    def owner_code(name):
        if name is None or name not in pid:
            return 0
        return pid[name] + 1

    trec = bytearray()
    for t in terr:
        f = 0
        f2 = 0
        fac = 0
        nk = 0
        if t["is_sea"]:
            f |= F_SEA
            if t.get("convoy_zone"):
                f |= F_CONVOY
            if t.get("kamikaze_zone"):
                f |= F_KAMIKAZE
            n = sea_number(t["name"])
            if ed == "global_1940" and n is not None and n <= 63:
                f2 |= F2_PACIFIC_MAP
            if ed == "pacific_1940":
                f2 |= F2_PACIFIC_MAP
            orig = own = 0      # sea zones: TripleA "owns" kamikaze zones for Japan; no owner
        else:
            island, coastal = island_flags(ed, t, T)
            if island:
                f |= F_ISLAND
            if coastal:
                f |= F_COASTAL
            if t["is_victory_city"]:
                f |= F_VICTORY
            if t["is_impassable"]:
                f |= F_IMPASSABLE
            if t["name"] in cap_set:
                f |= F_CAPITAL
            fs = t["facilities_at_start"] or {}
            ic = fs.get("industrial_complex")
            if ic == "industrial_complex":
                fac |= FAC_IC
            elif ic == "major":
                fac |= FAC_MAJOR
            elif ic == "minor":
                fac |= FAC_MINOR
            if fs.get("air_base"):
                fac |= FAC_AIR_BASE
            if fs.get("naval_base"):
                fac |= FAC_NAVAL_BASE
            if ic or t.get("original_factory"):
                f2 |= F2_ORIGINAL_IC
            if ed == "pacific_1940" or (p40_land is not None and
                                        printed_name(ed, t["name"]) in p40_land):
                f2 |= F2_PACIFIC_MAP
            if t["neutral"]:
                nk = NK[t["neutral"]["kind"]]
                if ed == "global_1940" and t["name"] in G40_MONGOLIA:
                    nk = NK["mongolia_special_neutral"]     # G40-P-37..39 defense pact
            holder = t["owner_at_start"]
            if holder in HOLDERS and holder not in pid:
                kind = HOLDERS[holder]
                if kind:
                    nk = NK[kind]
            orig = owner_code(t["original_owner"])
            own = owner_code(t["owner_at_start"])
        if t["production"] > 255:
            raise ValueError("ipc too large")
        trec += bytes((t["production"], f, orig, own, fac, nk, f2, 0))
    assert len(trec) == REC_SIZE * len(terr)

    # ---- names --------------------------------------------------------------------------
    blob = "\n" + "\n".join(names) + "\n"
    offs = []
    pos = 1
    for n in names:
        offs.append(pos)
        pos += len(n) + 1
    offs.append(pos)
    assert max(offs) < 65536
    name_off = b"".join(o.to_bytes(2, "big") for o in offs)

    # ---- adjacency ----------------------------------------------------------------------
    W = 1 if len(terr) <= 256 else 2
    adj = bytearray()
    adj_off = []
    for t in terr:
        adj_off.append(len(adj) // W)
        nb = sorted(set(tid[a] for a in t["adjacent"]))
        for n in nb:
            adj += n.to_bytes(W, "big")
    adj_off.append(len(adj) // W)
    adj_off_b = b"".join(o.to_bytes(2, "big") for o in adj_off)
    # symmetric by construction check
    for t in terr:
        for a in t["adjacent"]:
            assert t["name"] in T[a]["adjacent"], (t["name"], a)

    # ---- setup --------------------------------------------------------------------------
    used = set()
    for places in d["setup"]["units"].values():
        for pl in places:
            for un, cnt in pl["units"].items():
                if cnt > 0:
                    used.add(un)
    setup_units = []
    for u in d["units"]:
        if u["name"] in used and u["name"] not in FACILITY_UNITS:
            setup_units.append(umap[u["name"]])
    setup_units_idx = {n: i for i, n in enumerate(setup_units)}
    srec = []
    for tname, places in d["setup"]["units"].items():
        for pl in places:
            owner = pl["owner"]
            if owner in pid:
                oc = pid[owner]
            else:
                oc = 255              # neutral garrison (strict/pro-side neutrals, Mongolia)
            for un, cnt in pl["units"].items():
                if un in FACILITY_UNITS:
                    continue          # facilities are in the territory record
                if cnt <= 0:
                    continue
                u = setup_units_idx[umap[un]]
                srec.append((tid[tname], oc, u, cnt))
    srec.sort()
    merged = []
    for r in srec:
        if merged and merged[-1][:3] == r[:3]:
            merged[-1] = r[:3] + (merged[-1][3] + r[3],)
        else:
            merged.append(r)
    setup = bytearray()
    for (t, o, u, c) in merged:
        assert c < 256
        setup += bytes((t >> 8, t & 255, o, u, c))

    # ---- canals -------------------------------------------------------------------------
    canals = []
    for c in d["canals"]:
        zs = tuple(sorted(tid[z] for z in c["sea_zones"]))
        ls = tuple(sorted(tid[z] for z in c["land_territories"]))
        ex = tuple(umap[u] for u in c["excluded_units"])
        canals.append((c["name"], zs, ls, ex))

    info = dict(ed=ed, d=d, T=T, tid=tid, pid=pid, pnames=pnames, order=order, names=names,
                terr=terr, caps=caps, corr=corr, power_printed=POWER_NAMES)
    victory = make_victory(info)
    objectives, facts, questions = make_objectives(info)
    return dict(info, trec=bytes(trec), blob=blob, name_off=name_off, W=W, adj=bytes(adj),
                adj_off=adj_off_b, setup=bytes(setup), setup_units=setup_units, canals=canals,
                victory=victory, objectives=objectives, facts=facts, questions=questions)


def T_(info, name):
    """Territory id from a JSON (TripleA) name or a printed name."""
    if name in info["tid"]:
        return info["tid"][name]
    return info["names"].index(name)


def make_victory(info):
    ed = info["ed"]
    t = lambda n: T_(info, n)
    P = info["pid"]
    if ed == "classic":
        # CL-P-09..11
        return (("kind", "capitals"),
                ("axis_capitals", (t("Germany"), t("Japan"))),
                ("allied_capitals", (t("East US"), t("United Kingdom"), t("Russia"))),
                ("allies_need", 2),            # both Axis capitals
                ("axis_need", 2),              # two of the three Allied capitals
                ("axis_economic", 84),         # Germany + Japan NPL at the end of a round
                ("economic_powers", (P["Germans"], P["Japanese"])))
    if ed in ("revised", "revised_lhtr"):
        # LHTR-P-07/08
        return (("kind", "victory_cities"),
                ("cities", tuple((c, t(n)) for c, n in VC_CITIES[ed])),
                ("levels", (("minor", 8), ("moderate", 9), ("major", 10), ("total", 12))),
                ("default_level", 9),
                ("check", "end_of_round"))
    if ed == "pacific_1940":
        # P40-G-09..12
        return (("kind", "pacific"),
                ("cities", tuple((c, t(n)) for c, n in VC_CITIES[ed])),
                ("axis_vcs", 6),
                ("axis_capital", t("Japan")),
                ("allied_capitals", (t("India"), t("New South Wales"),
                                     t("Western United States"))),
                ("allies_must_hold", (t("Japan"),)))
    if ed == "global_1940":
        # G40-G-07..11
        cities = tuple((c, t(n)) for c, n in VC_CITIES[ed])
        return (("kind", "global"),
                ("cities", cities),
                ("europe_cities", tuple(x[1] for x in cities[:11])),
                ("pacific_cities", tuple(x[1] for x in cities[11:])),
                ("axis_europe_vcs", 8),
                ("axis_pacific_vcs", 6),
                ("axis_capitals", (t("Germany"), t("Southern Italy"), t("Japan"))),
                ("allied_capitals", (t("Eastern United States"), t("United Kingdom"),
                                     t("France"), t("Russia"))))
    raise ValueError(ed)


# ---- national objectives (transcribed from the rulebook; see board_defs/README.md) ----------
def make_objectives(info):
    ed = info["ed"]
    if ed not in ("pacific_1940", "global_1940"):
        return (), (), ()
    from gen_objectives import objectives_for
    return objectives_for(info)


# ---- output -------------------------------------------------------------------------------
def pyrepr_bytes(b, width=76):
    """A bytes literal split over lines (hex escapes)."""
    s = "".join("\\x%02x" % c for c in b)
    lines = []
    step = (width // 4) * 4
    for i in range(0, len(s), step):
        lines.append('    b"' + s[i:i + step] + '"')
    if not lines:
        return 'b""'
    return "(\n" + "\n".join(lines) + "\n)"


def pyrepr_str(s):
    parts = s.split("\n")
    out = []
    line = ""
    for p in parts[1:-1]:
        piece = p + "\\n"
        if len(line) + len(piece) > 70:
            out.append('    "' + line + '"')
            line = ""
        line += piece
    if line:
        out.append('    "' + line + '"')
    return '(\n    "\\n"\n' + "\n".join(out) + "\n)"


def render(info):
    ed = info["ed"]
    L = []
    L.append('"""%s board data. GENERATED by tools/gen_boards.py from the shared TripleA JSON'
             % ed)
    L.append("plus the rulebook corrections listed in board_defs/%s/README.md. Do not edit;"
             % ed)
    L.append('regenerate with `make boards`. Layout: board_defs/README.md."""')
    L.append("")
    L.append("EDITION = %r" % ed)
    L.append("TERRITORY_COUNT = %d" % len(info["terr"]))
    L.append("REC_SIZE = %d" % REC_SIZE)
    L.append("")
    L.append("# powers, in id order (turn order first; a power sharing another's turn last)")
    L.append("POWER_NAMES = %r" % (tuple(POWER_NAMES[p] for p in info["pnames"]),))
    d = info["d"]
    jp = {p["name"]: p for p in d["powers"]}
    sides = tuple(AXIS if jp[p]["alliance"] == "Axis" else ALLIES for p in info["pnames"])
    L.append("POWER_SIDES = %r  # 0 Axis, 1 Allies" % (sides,))
    L.append("TURN_ORDER = %r" % (tuple(info["pid"][p] for p in info["order"]),))
    partner = []
    for p in info["pnames"]:
        cw = jp[p].get("combined_turn_with")
        q = -1
        if cw:
            q = info["pid"][cw]
        else:
            for r in info["pnames"]:
                if jp[r].get("combined_turn_with") == p:
                    q = info["pid"][r]
        partner.append(q)
    L.append("TURN_PARTNER = %r  # power sharing this power's turn, -1 none" % (tuple(partner),))
    # starting treasury = sum of starting territories (checked against the rulebook by tests)
    treas = []
    for p in info["pnames"]:
        s = sum(t["production"] for t in info["terr"]
                if not t["is_sea"] and t["owner_at_start"] == p)
        assert s == RULEBOOK_INCOME[ed][p], (ed, p, s)
        treas.append(RULEBOOK_INCOME[ed][p])
    L.append("STARTING_TREASURY = %r" % (tuple(treas),))
    caps = tuple(T_(info, info["caps"][p]) if info["caps"][p] else -1 for p in info["pnames"])
    L.append("CAPITALS = %r" % (caps,))
    L.append("")
    L.append("NAMES = " + pyrepr_str(info["blob"]))
    L.append("NAME_OFF = " + pyrepr_bytes(info["name_off"]))
    L.append("# T_IPC, T_FLAGS, T_ORIGINAL, T_OWNER, T_FACILITIES, T_NEUTRAL, T_FLAGS2, spare")
    L.append("TREC = " + pyrepr_bytes(info["trec"]))
    L.append("ADJ_W = %d" % info["W"])
    L.append("ADJ_OFF = " + pyrepr_bytes(info["adj_off"]))
    L.append("ADJ = " + pyrepr_bytes(info["adj"]))
    L.append("")
    L.append("# unit names used by SETUP (index = the unit byte of a SETUP record)")
    L.append("SETUP_UNITS = %r" % (tuple(info["setup_units"]),))
    L.append("SETUP = " + pyrepr_bytes(info["setup"]))
    L.append("")
    L.append("# (name, sea zones joined, land territories whose control opens it, units it never stops)")
    L.append("CANALS = %r" % (tuple(info["canals"]),))
    L.append("")
    L.append("# victory-rule parameters as (key, value) pairs; territory ids")
    L.append("VICTORY = (")
    for kv in info["victory"]:
        L.append("    %r," % (kv,))
    L.append(")")
    L.append("")
    L.append("# renamed from the TripleA source (source name, printed name): accepted by territory_id")
    ren = RENAMES.get(ed, {})
    pairs = tuple(sorted((a, b) for a, b in ren.items() if b in info["names"]))
    L.append("RENAMED = %r" % (pairs,))
    L.append("")
    return "\n".join(L) + "\n"


def render_objectives(ed, objectives, facts, questions, note):
    L = []
    L.append('"""%s national objectives. GENERATED by tools/gen_boards.py (tools/gen_objectives.py)' % ed)
    L.append("from the rulebook text; %s Do not edit; format: board_defs/README.md." % note)
    L.append('"""')
    L.append("")
    L.append("# (key, power, value, condition, per, once, rule); read with board.O_*")
    L.append("OBJECTIVES = (")
    for rec, comment in objectives:
        L.append("    # " + comment)
        L.append("    %r," % (rec,))
    L.append(")")
    L.append("")
    L.append("# one-time facts the game state records: (key, kind, actor, target); index = bit")
    L.append("FACTS = (")
    for f in facts:
        L.append("    %r," % (f,))
    L.append(")")
    L.append("")
    L.append("# facts the device cannot know; the firmware asks the players: (key, question)")
    L.append("QUESTIONS = (")
    for q in questions:
        L.append("    %r," % (q,))
    L.append(")")
    return "\n".join(L) + "\n"


def write(path, text, check):
    if check:
        old = open(path).read() if os.path.exists(path) else ""
        if old != text:
            log("DIFFERS: " + path)
            return 1
        return 0
    with open(path, "w") as f:
        f.write(text)
    log("wrote %s (%d bytes)" % (path, len(text)))
    return 0


def main(argv):
    src = DEFAULT_SRC
    check = False
    i = 0
    while i < len(argv):
        if argv[i] == "--src":
            src = argv[i + 1]
            i += 1
        elif argv[i] == "--check":
            check = True
        i += 1
    sys.path.insert(0, HERE)
    bad = 0
    for ed in EDITIONS:
        info = build(ed, src)
        text = render(info)
        if ed == "revised_lhtr":
            # LHTR plays on the Revised map: loader's _SHARED_MAPS; refuse if the data ever differ.
            rev = render(build("revised", src)).replace("'revised'", "'revised_lhtr'").replace("revised board", "revised_lhtr board").replace("board_defs/revised/", "board_defs/revised_lhtr/")
            if rev != text:
                log("ERROR: revised_lhtr's map data differ from revised's; it can no longer share it")
                bad = 1
            else:
                log("revised_lhtr shares revised's map (identical data)")
            continue
        bad |= write(os.path.join(ROOT, "board_defs", ed, "map.py"), text, check)
        if not check:
            for c in info["corr"].items:
                log("  correction: " + c)
        if ed in ("pacific_1940", "global_1940"):
            bad |= write(os.path.join(ROOT, "board_defs", ed, "objectives.py"),
                         render_objectives(ed, info["objectives"], info["facts"],
                                           info["questions"], "errata applied."), check)
        if ed == "global_1940":
            from gen_objectives import variant_objectives
            o, f, q = variant_objectives(info)
            bad |= write(os.path.join(ROOT, "board_defs", "global_1940_variant", "objectives.py"),
                         render_objectives("global_1940_variant", o, f, q,
                                           "the board is global_1940's."), check)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""National objectives, transcribed from the rulebook text (host only; used by gen_boards.py).

Sources: Pacific 1940 rulebook "National Objectives and Bonus Income" with errata 003
(digest pacific-1940.md §5.5, P40-E-51..64); the Global Rules of the same book (digest
global-1940.md §5.2, G40-E-20..49); the power-by-power variant text (§5.3, G40-E-61..72).
TripleA's objectives (../shared/data/boards/*.json national_objectives) follow another text and
are NOT used; board_defs/README.md and the edition READMEs list where they differ.

Format: board_defs/README.md "National objectives". Each objective is returned as
(record, comment) so the generated file names every territory and power it uses.
"""

WHO_AXIS = 100
WHO_ALLIES = 101

# Global 1940: UK original territories on the African continent (map geography; used by the
# variant's UKE1/UKE2, G40-E-69/70, G40-X-34).
G40_AFRICA = ("Alexandria", "Anglo Egyptian Sudan", "Belgian Congo", "British Somaliland",
              "Egypt", "Gold Coast", "Kenya", "Nigeria", "Rhodesia", "South West Africa",
              "Tanganyika Territory", "Union of South Africa")
# Global 1940: original French territories in Europe (G40-E-72, G40-X-36)
G40_FRENCH_EUROPE = ("France", "Normandy Bordeaux", "Southern France")
# The Mediterranean: sea zones 92 through 99 (G40-E-44, G40-X-35)
G40_MED = tuple(range(92, 100))


class Ctx:
    def __init__(self, info):
        self.info = info
        self.P = info["pid"]
        self.names = info["names"]
        self.tid = info["tid"]

    def t(self, name):
        if name in self.tid:
            return self.tid[name]
        return self.names.index(name)

    def ts(self, *names):
        return tuple(self.t(n) for n in names)

    def originals(self, *owners):
        """Ids of land territories whose original owner (JSON, after corrections) is one of
        `owners` (TripleA player names), in id order."""
        out = []
        for i, t in enumerate(self.info["terr"]):
            if not t["is_sea"] and t["original_owner"] in owners:
                out.append(i)
        return tuple(out)

    def names_of(self, ids):
        return ", ".join(self.names[i] for i in ids)

    def pname(self, p):
        for k, v in self.P.items():
            if v == p:
                return self.info["power_printed"][k]
        return str(p)

    def who_name(self, w):
        if w == WHO_AXIS:
            return "any Axis power"
        if w == WHO_ALLIES:
            return "any Allied power"
        if isinstance(w, tuple):
            return "/".join(self.pname(p) for p in w)
        return self.pname(w)

    def describe(self, c):
        op = c[0]
        if op in ("all", "any"):
            return "(" + (" AND " if op == "all" else " OR ").join(
                self.describe(x) for x in c[1:]) + ")"
        if op == "not":
            return "NOT " + self.describe(c[1])
        if op == "at_war":
            q = c[2]
            qs = self.who_name(q) if isinstance(q, tuple) else self.pname(q)
            return "%s at war with %s" % (self.pname(c[1]), qs)
        if op == "ctl":
            n = "all" if c[3] == 0 else "at least %d" % c[3]
            return "%s controls %s of [%s]" % (self.who_name(c[1]), n, self.names_of(c[2]))
        if op == "fact":
            return "fact " + c[1]
        if op == "ask":
            return "ASK " + c[1]
        raise ValueError(op)


def obj(ctx, key, power, value, cond, rule, per=None, once=False):
    rec = (key, ctx.P[power], value, cond, per, once, rule)
    text = "%s %s +%d: %s" % (key, ctx.info["power_printed"][power], value,
                              ctx.describe(cond))
    if per:
        text += " -- per territory %s controls of [%s]" % (ctx.who_name(per[0]),
                                                           ctx.names_of(per[1]))
    if once:
        text += " -- once"
    return (rec, text)


def ctl(who, terrs, n=0):
    return ("ctl", who, terrs, n)


def objectives_for(info):
    if info["ed"] == "pacific_1940":
        return pacific(Ctx(info))
    if info["ed"] == "global_1940":
        return global_base(Ctx(info))
    return (), (), ()


def pacific(c):
    P = c.P
    J, US, CN, UK, AZ = (P["Japanese"], P["Americans"], P["Chinese"], P["British"],
                         P["ANZAC"])
    facts = (
        ("jpn_attacked_fic", "attacked", J, c.t("French Indo China")),            # P40-E-51
        ("jpn_unprovoked_dow_uk_anzac", "unprovoked_dow", J, (UK, AZ)),           # P40-E-51
    )
    west = (US, UK, AZ)
    o = []
    o.append(obj(c, "J1", "Japanese", 10,
                 ("all", ("not", ("at_war", J, US)), ("not", ("fact", "jpn_attacked_fic")),
                  ("not", ("fact", "jpn_unprovoked_dow_uk_anzac"))), "P40-E-51"))
    o.append(obj(c, "J2", "Japanese", 5,
                 ("all", ("at_war", J, west),
                  ctl(J, c.ts("Guam", "Midway", "Wake Island", "Gilbert Islands",
                              "Solomon Islands"))), "P40-E-52"))
    o.append(obj(c, "J3", "Japanese", 5, ("at_war", J, west), "P40-E-53",
                 per=(J, c.ts("India", "New South Wales", "Hawaiian Islands",
                              "Western United States"))))
    o.append(obj(c, "J4", "Japanese", 5,
                 ("all", ("at_war", J, west),
                  ctl(J, c.ts("Sumatra", "Java", "Borneo", "Celebes"))), "P40-E-54"))
    # errata 003: +40 while at war with Japan replaces the rulebook's 30 for Western US
    o.append(obj(c, "U1", "Americans", 40, ("at_war", US, J), "P40-E-56"))
    o.append(obj(c, "U2", "Americans", 5,
                 ("all", ("at_war", US, J), ctl(US, c.ts("Alaska", "Mexico"))), "P40-E-57"))
    o.append(obj(c, "U3", "Americans", 5,
                 ("all", ("at_war", US, J),
                  ctl(US, c.ts("Aleutian Islands", "Hawaiian Islands", "Johnston Island",
                               "Line Islands"))), "P40-E-58"))
    o.append(obj(c, "U4", "Americans", 5,
                 ("all", ("at_war", US, J), ctl(US, c.ts("Philippines"))), "P40-E-59"))
    o.append(obj(c, "C1", "Chinese", 6,
                 ctl(WHO_ALLIES, c.ts("India", "Burma", "Yunnan", "Szechwan")), "P40-E-61"))
    o.append(obj(c, "UK1", "British", 5,
                 ("all", ("at_war", UK, J), ctl(UK, c.ts("Kwangtung", "Malaya"))), "P40-E-62"))
    o.append(obj(c, "A1", "ANZAC", 5,
                 ("all", ("at_war", AZ, J), ctl(WHO_ALLIES, c.ts("Malaya")),
                  ctl(AZ, c.originals("ANZAC"))), "P40-E-63"))
    o.append(obj(c, "A2", "ANZAC", 5,
                 ("all", ("at_war", AZ, J),
                  ctl(WHO_ALLIES, c.ts("Dutch New Guinea", "New Guinea", "New Britain",
                                       "Solomon Islands"))), "P40-E-64"))
    return tuple(o), facts, ()


def _g40_ids(c):
    P = c.P
    return (P["Germans"], P["Russians"], P["Japanese"], P["Americans"], P["Chinese"],
            P["British"], P["UK_Pacific"], P["Italians"], P["ANZAC"], P["French"])


def _g40_questions(c):
    dutch = c.names_of(c.originals("Dutch"))
    return (
        ("german_land_unit_in_egypt", "Is at least 1 German land unit in Egypt?"),
        ("sweden_not_pro_allies", "Is Sweden still not pro-Allies (still strict neutral or "
         "pro-Axis)?"),
        ("sz125_free_of_axis_warships", "Is sea zone 125 free of Axis warships "
         "(submarines count)?"),
        ("no_allied_units_in_soviet", "Are there no units of other Allied powers in any "
         "territory originally controlled by the Soviet Union?"),
        ("us_land_unit_in_france", "Is at least 1 US land unit in France?"),
        ("no_allied_surface_warships_med", "Are there no Allied surface warships in the "
         "Mediterranean (sea zones 92-99; submarines and transports don't count)?"),
        ("no_axis_warships_med", "Are there no Axis warships (submarines included) in the "
         "Mediterranean (sea zones 92-99)?"),
        ("uk_land_unit_in_dutch", "Is at least 1 UK land unit (not AAA) in an originally "
         "Dutch territory (" + dutch + ")?"),
        ("uk_land_unit_in_french_europe", "Is at least 1 UK land unit (not AAA) in an "
         "originally French territory in Europe (" + ", ".join(G40_FRENCH_EUROPE) + ")?"),
    )


def _g40_common(c):
    """Every G40 objective except the UK's (which the variant replaces)."""
    G, R, J, US, CN, UK, UKP, IT, AZ, FR = _g40_ids(c)
    allies = (US, CN, UK, UKP, AZ, FR, R)
    west = (US, UK, UKP, AZ, FR)
    o = []
    # Germany
    o.append(obj(c, "G1", "Germans", 5, ("not", ("at_war", G, R)), "G40-E-20"))
    o.append(obj(c, "G2", "Germans", 5, ("at_war", G, R), "G40-E-21",
                 per=(G, c.ts("Novgorod", "Volgograd", "Russia"))))
    o.append(obj(c, "G3", "Germans", 5,
                 ("all", ("at_war", G, R), ctl(WHO_AXIS, c.ts("Caucasus"))), "G40-E-22"))
    uk_fr = ("all", ("at_war", G, UK), ("at_war", G, FR))
    o.append(obj(c, "G4", "Germans", 5,
                 ("all", uk_fr, ctl(WHO_AXIS, c.ts("Egypt")),
                  ("ask", "german_land_unit_in_egypt")), "G40-E-23"))
    o.append(obj(c, "G5", "Germans", 5,
                 ("all", uk_fr, ctl(G, c.ts("Denmark", "Norway")),
                  ("not", ctl(WHO_ALLIES, c.ts("Sweden"))), ("ask", "sweden_not_pro_allies")),
                 "G40-E-24"))
    o.append(obj(c, "G6", "Germans", 2, uk_fr, "G40-E-25",
                 per=(G, c.ts("Iraq", "Persia", "Northwest Persia"))))
    # Soviet Union: all while at war in Europe (with Germany and/or Italy)
    europe = ("at_war", R, (G, IT))
    o.append(obj(c, "S1", "Russians", 5,
                 ("all", europe, ("ask", "sz125_free_of_axis_warships"),
                  ctl(R, c.ts("Archangel")), ("ask", "no_allied_units_in_soviet")), "G40-E-26"))
    o.append(obj(c, "S2", "Russians", 3, europe, "G40-E-27",
                 per=(R, c.originals("Germans", "Italians", "Neutral_Axis"))))
    o.append(obj(c, "S3", "Russians", 10, ("all", europe, ctl(R, c.ts("Germany"))),
                 "G40-E-28", once=True))
    # Japan
    o.append(obj(c, "J1", "Japanese", 10,
                 ("all", ("not", ("at_war", J, US)), ("not", ("fact", "jpn_attacked_fic")),
                  ("not", ("fact", "jpn_unprovoked_dow_uk_anzac"))), "G40-E-30"))
    o.append(obj(c, "J2", "Japanese", 5,
                 ("all", ("at_war", J, west),
                  ctl(WHO_AXIS, c.ts("Guam", "Midway", "Wake Island", "Gilbert Islands",
                                     "Solomon Islands"))), "G40-E-31"))
    o.append(obj(c, "J3", "Japanese", 5, ("at_war", J, west), "G40-E-32",
                 per=(WHO_AXIS, c.ts("India", "New South Wales", "Hawaiian Islands",
                                     "Western United States"))))
    o.append(obj(c, "J4", "Japanese", 5,
                 ("all", ("at_war", J, west),
                  ctl(WHO_AXIS, c.ts("Sumatra", "Java", "Borneo", "Celebes"))), "G40-E-33"))
    # United States: all while at war (with any Axis power)
    usw = ("at_war", US, (G, J, IT))
    o.append(obj(c, "U1", "Americans", 10,
                 ("all", usw, ctl(US, c.ts("Eastern United States", "Central United States",
                                           "Western United States"))), "G40-E-35"))
    o.append(obj(c, "U2", "Americans", 5,
                 ("all", usw, ctl(US, c.ts("Alaska", "Aleutian Islands", "Hawaiian Islands",
                                           "Johnston Island", "Line Islands"))), "G40-E-36"))
    o.append(obj(c, "U3", "Americans", 5,
                 ("all", usw, ctl(US, c.ts("Mexico", "Southeast Mexico", "Central America",
                                           "West Indies"))), "G40-E-37"))
    o.append(obj(c, "U4", "Americans", 5, ("all", usw, ctl(US, c.ts("Philippines"))),
                 "G40-E-38"))
    o.append(obj(c, "U5", "Americans", 5, ("all", usw, ("ask", "us_land_unit_in_france")),
                 "G40-E-39"))
    # China (always at war)
    o.append(obj(c, "C1", "Chinese", 6,
                 ctl(WHO_ALLIES, c.ts("India", "Burma", "Yunnan", "Szechwan")), "G40-E-40"))
    # Italy (always at war)
    itw = ("at_war", IT, allies)
    o.append(obj(c, "I1", "Italians", 5,
                 ("all", itw, ctl(WHO_AXIS, c.ts("Gibraltar", "Southern France", "Greece",
                                                 "Egypt"), 3)), "G40-E-43"))
    o.append(obj(c, "I2", "Italians", 5,
                 ("all", itw, ("ask", "no_allied_surface_warships_med")), "G40-E-44"))
    o.append(obj(c, "I3", "Italians", 5,
                 ("all", itw, ctl(WHO_AXIS, c.ts("Morocco", "Algeria", "Tunisia", "Libya",
                                                 "Tobruk", "Alexandria"))), "G40-E-45"))
    o.append(obj(c, "I4", "Italians", 2, itw, "G40-E-46",
                 per=(IT, c.ts("Iraq", "Persia", "Northwest Persia"))))
    # ANZAC
    o.append(obj(c, "A1", "ANZAC", 5,
                 ("all", ("at_war", AZ, J), ctl(WHO_ALLIES, c.ts("Malaya")),
                  ctl(AZ, c.originals("ANZAC"))), "G40-E-47"))
    o.append(obj(c, "A2", "ANZAC", 5,
                 ("all", ("at_war", AZ, J),
                  ctl(WHO_ALLIES, c.ts("Dutch New Guinea", "New Guinea", "New Britain",
                                       "Solomon Islands"))), "G40-E-48"))
    # France: no objectives (G40-E-49)
    facts = (
        ("jpn_attacked_fic", "attacked", J, c.t("French Indo China")),          # G40-E-30
        ("jpn_unprovoked_dow_uk_anzac", "unprovoked_dow", J, (UK, UKP, AZ)),    # G40-E-30
        ("paid:S3", "paid", R, "S3"),                                           # G40-E-28
    )
    return o, facts


def global_base(c):
    G, R, J, US, CN, UK, UKP, IT, AZ, FR = _g40_ids(c)
    o, facts = _g40_common(c)
    ukw = (UK, UKP)
    o.append(obj(c, "UKE1", "British", 5,
                 ("all", ("at_war", UK, (G, IT)), ctl(ukw, c.originals("British"))),
                 "G40-E-41"))
    o.append(obj(c, "UKP1", "UK_Pacific", 5,
                 ("all", ("at_war", UK, J), ctl(ukw, c.ts("Kwangtung", "Malaya"))),
                 "G40-E-42"))
    return tuple(o), facts, _g40_questions(c)


def variant_objectives(info):
    """G40v (004): G40 with the UK objectives replaced (G40-E-61..72); ANZAC kept (G40-X-21)."""
    c = Ctx(info)
    G, R, J, US, CN, UK, UKP, IT, AZ, FR = _g40_ids(c)
    o, facts = _g40_common(c)
    ukw = (UK, UKP)      # one UK power, two economies (G40-X-20, G40-X-33)
    # "When United Kingdom Pacific Is at War with Japan": Japan declares on UK Europe and UK
    # Pacific separately in the variant (G40-V-06), so it is UK Pacific's own war state
    jw = ("at_war", UKP, J)
    o.append(obj(c, "UKP1", "UK_Pacific", 5, ("all", jw, ctl(ukw, c.ts("Malaya"))),
                 "G40-E-61"))
    o.append(obj(c, "UKP2", "UK_Pacific", 5, ("all", jw, ctl(ukw, c.ts("Kwangtung"))),
                 "G40-E-62"))
    o.append(obj(c, "UKP3", "UK_Pacific", 5, ("all", jw, ctl(CN, c.ts("Kiangsu"))),
                 "G40-E-63"))
    o.append(obj(c, "UKP4", "UK_Pacific", 5, ("all", jw, ("ask", "uk_land_unit_in_dutch")),
                 "G40-E-64"))
    gi = ("all", ("at_war", UK, G), ("at_war", UK, IT))
    orig = c.originals("British")
    africa = set(c.ts(*G40_AFRICA))
    for n in G40_AFRICA:
        assert c.info["terr"][c.t(n)]["original_owner"] == "British", n
    o.append(obj(c, "UKE1", "British", 5,
                 ("all", gi, ctl(ukw, tuple(t for t in orig if t in africa))), "G40-E-69"))
    o.append(obj(c, "UKE2", "British", 5,
                 ("all", gi, ctl(ukw, tuple(t for t in orig if t not in africa))), "G40-E-70"))
    o.append(obj(c, "UKE3", "British", 5, ("all", gi, ("ask", "no_axis_warships_med")),
                 "G40-E-71"))
    o.append(obj(c, "UKE4", "British", 5,
                 ("all", gi, ("ask", "uk_land_unit_in_french_europe")), "G40-E-72"))
    return tuple(o), facts, _g40_questions(c)

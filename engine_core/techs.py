"""The one technology table: every technology of every edition's research charts, its bit in a
power's `techs` (GameState.techs, the saved game), the names players use for it, and which of
them change a battle or a bombing raid.

    bit("jets") == JETS;  bits(("radar", "heavy bombers")) == RADAR | HEAVY_BOMBERS
    names(JETS | RADAR) == ["jet_fighters", "radar"]
"""

from engine_core.errors import InputError, RuleError
from engine_core.units import AB_AA, AB_STRATEGIC, AB_FIGHTER, AB_SUBMARINE, U_ABILITIES, U_NAME
from engine_core.editions import FAM_LHTR, FAM_1940

JETS = 1 << 0
ROCKETS = 1 << 1
SUPER_SUBS = 1 << 2
LONG_RANGE = 1 << 3
INDUSTRIAL_TECH = 1 << 4
HEAVY_BOMBERS = 1 << 5
COMBINED_BOMBARDMENT = 1 << 6
ADVANCED_ARTILLERY = 1 << 7
PARATROOPERS = 1 << 8
INCREASED_FACTORY = 1 << 9
WAR_BONDS = 1 << 10
IMPROVED_MECH = 1 << 11
IMPROVED_SHIPYARDS = 1 << 12
RADAR = 1 << 13

# by bit: TECH_NAMES[i] is the technology of bit 1 << i (names as the rulebooks print them)
TECH_NAMES = (
    "jet_fighters", "rockets", "super_submarines", "long_range_aircraft", "industrial_technology",
    "heavy_bombers", "combined_bombardment", "advanced_artillery", "paratroopers",
    "increased_factory_production", "war_bonds", "improved_mechanized_infantry",
    "improved_shipyards", "radar",
)

# the technologies that change a battle's dice, and a bombing raid's
BATTLE = JETS | SUPER_SUBS | HEAVY_BOMBERS | COMBINED_BOMBARDMENT | RADAR | ADVANCED_ARTILLERY \
    | IMPROVED_MECH
RAID = HEAVY_BOMBERS | JETS | RADAR

# Other names players use (the rulebooks' own: Classic "Jet Power", "Industrial Technology")
_ALIASES = (
    ("jet_power", "jet_fighters"), ("jets", "jet_fighters"), ("super_subs", "super_submarines"),
    ("long_range", "long_range_aircraft"), ("industrial_tech", "industrial_technology"),
    ("heavy", "heavy_bombers"), ("heavy_bomber", "heavy_bombers"),
    ("combined", "combined_bombardment"), ("increased_factory", "increased_factory_production"),
    ("improved_mech", "improved_mechanized_infantry"),
)


def bit(name):
    """The bit of a technology name from TECH_NAMES or an alias (InputError if unknown)."""
    if not isinstance(name, str):
        raise InputError("technology names are strings")
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    for alias, canon in _ALIASES:
        if alias == key:
            key = canon
    for i in range(len(TECH_NAMES)):
        if TECH_NAMES[i] == key:
            return 1 << i
    raise InputError("unknown technology: " + str(name))


def bits(tech_names, allowed=-1, what="technology"):
    """The bits of a list of names (None or () is none; one name as a string is allowed);
    a name whose bit is outside `allowed` is refused: it does not change this `what`."""
    if not tech_names:
        return 0
    if isinstance(tech_names, str):
        tech_names = (tech_names,)
    if not isinstance(tech_names, (list, tuple)):
        raise InputError("technologies are a list of names")
    out = 0
    for n in tech_names:
        b = bit(n)
        if not b & allowed:
            raise InputError("%s does not change a %s" % (TECH_NAMES[_index(b)], what))
        out |= b
    return out


def names(tech_bits):
    """Names of the technologies in a bit set, in bit order."""
    out = []
    for i in range(len(TECH_NAMES)):
        if tech_bits & (1 << i):
            out.append(TECH_NAMES[i])
    return out


def pack(tech, layout):
    """A saved form of a bit set: bit i set when layout[i] is in `tech` (the battle's and the
    raid's saved states keep their first layout whatever the bits here)."""
    out = 0
    for i in range(len(layout)):
        if tech & layout[i]:
            out |= 1 << i
    return out


def unpack(v, layout):
    """The bits of a saved form; InputError when it names a bit the layout has not."""
    if v >> len(layout):
        raise InputError("saved technologies: unknown bits")
    out = 0
    for i in range(len(layout)):
        if v & (1 << i):
            out |= layout[i]
    return out


def defense_bit(abilities, family):
    """The one technology that changes a defending unit with these ability bits in an edition
    family (engine_core.editions FAM_*), or 0: Jet Fighters (CL-T-06, LHTR-T-07), LHTR Heavy
    Bombers (LHTR-T-11), 1940 Radar (P40-R-24), LHTR Super Submarines (LHTR-T-09: "they cannot
    be hit by enemy aircraft unless an enemy destroyer is in the zone"; their defense stays 2,
    elsewhere they change the attack only). A unit type has at most one."""
    if abilities & AB_FIGHTER and family != FAM_1940:
        return JETS
    if abilities & AB_STRATEGIC and family == FAM_LHTR:
        return HEAVY_BOMBERS
    if abilities & AB_AA and family == FAM_1940:
        return RADAR
    if abilities & AB_SUBMARINE and family == FAM_LHTR:
        return SUPER_SUBS
    return 0


def raid_defense_bit(abilities, family):
    """The one technology that changes a bombing raid's defending unit with these ability bits:
    the 1940 games' interceptors, Jet Fighters (P40-R-22: intercepting fighters hit on 1-2), or 0
    (a facility's AA is its owner's alone: Radar needs no split)."""
    if abilities & AB_FIGHTER and family == FAM_1940:
        return JETS
    return 0


def defending(parts, rows, family, unit_id, raid=False):
    """The defending side of several powers (CL-T-05, LHTR-T-06: a technology helps only the
    power that has it; LHTR-O-02: a power may not share its national advantages): parts =
    ((tech names, {unit: count}[, national advantage names]), ...), one per power. Returns (tech
    names of the side, {unit id: count}) for a battle's defender_tech and defender_teched: the
    union of the powers' battle technologies and, per unit type a defending technology changes
    (defense_bit) or a defending national advantage of one of the powers does
    (advantage_bits.defense_na), how many of its units belong to a power whose own rule changes
    it. The side's national advantages (the battle's defender_na) are the union of the parts'.
    unit_id(name) resolves a unit's name; rows are the edition's unit records. `raid`: the same
    for a bombing raid's interceptors (RAID technologies, raid_defense_bit; P40-R-06)."""
    union = 0
    teched = {}
    bit_of = raid_defense_bit if raid else defense_bit
    nas = []
    side_na = 0
    for p in parts:
        if not isinstance(p, (list, tuple)) or len(p) not in (2, 3):
            raise InputError("a defending power is (technologies, {unit: count}[, advantages])")
        na = 0
        if len(p) == 3 and p[2] and not raid:
            from engine_core.battle import advantage_bits as ab
            na = ab.name_bits(p[2], ab.NA_NAMES, "national advantage")
        nas.append(na)
        side_na |= na
    for i in range(len(parts)):
        p = parts[i]
        tb = bits(p[0], RAID if raid else BATTLE, "bombing raid" if raid else "battle")
        union |= tb
        us = p[1] or {}
        for k in us:
            u = k if isinstance(k, int) else unit_id(k)
            b = bit_of(rows[u][U_ABILITIES], family)
            if b:
                teched[u] = teched.get(u, 0) + (us[k] if tb & b else 0)
            elif side_na:
                from engine_core.battle import advantage_bits as ab
                nb = ab.defense_na(rows[u][U_NAME]) & side_na
                if nb:
                    teched[u] = teched.get(u, 0) + (us[k] if nas[i] & nb else 0)
    return names(union), teched


def allied(defender, main_tech, allies, rows, family, unit_id, field="allies", raid=False,
           main_na=None):
    """`defending` for a side given as the whole defender {unit: count} with the defending
    power's technologies (and national advantages, `main_na`), and allies = [(tech names,
    {unit: count}[, advantage names]), ...]: each ally's units (among `defender`, refused when
    more than defend), the rest the defending power's. `raid`: a bombing raid's interceptors
    (defender = {fighter: interceptors})."""
    return defending(allied_parts(defender, main_tech, allies, field, main_na), rows, family,
                     unit_id, raid)


def allied_parts(defender, main_tech, allies, field="allies", main_na=None):
    """`defending`'s parts for `allied`'s arguments: the defending power's part (the units of
    `defender` no ally holds) first, then the allies'."""
    own = dict(defender)
    for a in allies:
        units = a[1]
        for k in units:
            left = own.get(k, 0) - units[k]
            if left < 0:
                raise InputError("%s: more %s than defend" % (field, k))
            own[k] = left
    main = (main_tech or (), own, main_na) if main_na else (main_tech or (), own)
    return [main] + list(allies)


def check_teched(rows, teched, defenders, family, na=0, field="defender_teched"):
    """A battle's defender_teched (vectors by unit id) refused when it names more units than
    defend or a type no defending technology changes (defense_bit) nor a defending national
    advantage of the side, bits `na` (advantage_bits.defense_na; LHTR-O-02). `field` names the
    option in the error (an assault's sea_defender_teched)."""
    for u in range(len(rows)):
        if not teched[u]:
            continue
        if teched[u] > defenders[u]:
            raise InputError(field + ": more " + rows[u][U_NAME] + " than defend")
        if not defense_bit(rows[u][U_ABILITIES], family):
            if na:
                from engine_core.battle import advantage_bits as ab
                if ab.defense_na(rows[u][U_NAME]) & na:
                    continue
                raise RuleError("LHTR-O-02", field + ": no defending technology or national"
                                " advantage of the side changes a " + rows[u][U_NAME])
            raise InputError(field + ": no defending technology changes a " + rows[u][U_NAME])


def _index(b):
    i = 0
    while b > 1:
        b >>= 1
        i += 1
    return i

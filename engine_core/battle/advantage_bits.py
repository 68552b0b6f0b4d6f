"""The bits of the LHTR national advantages that change a battle (engine_core/battle/advantages.py
applies them, the odds read the same bits) and of the facts about a space they depend on. A leaf,
loaded only by a battle or odds that has national advantages.
"""

from engine_core.errors import InputError
from engine_core.units import U_NAME


# LHTR national advantages that change a battle (engine_core/battle/advantages.py applies them;
# the odds read the same bits) and the facts about a space they depend on
NA_NAMES = ("atlantic_wall", "panzerblitz", "wolf_packs", "dive_bomber", "fortress_europe",
            "kamikaze", "kaiten", "powerful_battleships", "dug_in", "banzai", "marines",
            "radar", "superfortresses", "russian_winter")
NA_ATLANTIC = 1
NA_PANZER = 2
NA_WOLF = 4
NA_STUKA = 8
NA_FORTRESS = 16
NA_KAMIKAZE = 32
NA_KAITEN = 64
NA_BATTLESHIPS = 128
NA_DUG_IN = 256
NA_BANZAI = 512
NA_MARINES = 1024
NA_RADAR = 2048
NA_SUPERFORT = 4096
NA_WINTER = 8192     # LHTR-O-10: only while declared (advantages.winter_active)

# whose advantage each one is (LHTR-O-20..25 Germany, LHTR-O-40..45 Japan, LHTR-O-50..54 US)
NA_POWERS = ("Germany", "Germany", "Germany", "Germany", "Germany",
             "Japan", "Japan", "Japan", "Japan", "Japan", "United States",
             "United Kingdom", "United States", "Soviet Union")

SPACE_NAMES = ("gray", "island", "tan")
SP_GRAY = 1
SP_ISLAND = 2
SP_TAN = 4


def name_bits(names, table, what):
    """A bit set from names in `table` (an int passes as it is); InputError names an unknown one."""
    if not names:
        return 0
    if isinstance(names, int):
        return names
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, (list, tuple)):
        raise InputError(what + "s are a list of names")
    b = 0
    for nm in names:
        if not isinstance(nm, str) or nm not in table:
            raise InputError("unknown " + what + ": " + str(nm))
        b |= 1 << table.index(nm)
    return b


# the defending national advantages that change one unit type of their own power (a power may
# not share its advantages, LHTR-O-02): LHTR-O-10 / O-21 / O-44 infantry, LHTR-O-25 artillery,
# LHTR-O-43 battleships, LHTR-O-30 the AA gun. Never a type a defending technology changes
# (techs.defense_bit: fighters, bombers), so one split per type says whose units they are.
_DEFENSE_NA = (("infantry", NA_WINTER | NA_ATLANTIC | NA_DUG_IN), ("artillery", NA_FORTRESS),
               ("battleship", NA_BATTLESHIPS), ("antiaircraft_gun", NA_RADAR))


def defense_na(unit_name):
    """The bits of the defending national advantages that change a unit of this type (0: none)."""
    for nm, b in _DEFENSE_NA:
        if nm == unit_name:
            return b
    return 0


def strike_na(unit_name):
    """The bit of the advantage that names units of this type at the start of a sea battle
    (LHTR-O-41 fighters as kamikazes, LHTR-O-42 subs as kaitens; 0: none)."""
    return NA_KAMIKAZE if unit_name == "fighter" else (NA_KAITEN if unit_name == "submarine" else 0)


def strikers(parts, rows, unit_id):
    """A sea battle's defender_strikers for a defending side of several powers (LHTR-O-41:
    "Japan may name any number of its fighters", LHTR-O-42 the same with subs; LHTR-O-02):
    parts as techs.defending's ((tech names, {unit: count}[, advantage names]), one per power).
    Per fighter type (where a power of the side holds Kamikaze Attacks) and sub type (Kaiten
    Torpedoes): how many belong to a power holding it; only the types of which some do not
    ({} when the side's strikers are all that power's: the battle needs no bound)."""
    nas = []
    side = 0
    for p in parts:
        na = name_bits(p[2], NA_NAMES, "national advantage") if len(p) == 3 and p[2] else 0
        nas.append(na)
        side |= na
    if not side & (NA_KAMIKAZE | NA_KAITEN):
        return {}
    own = {}
    all_ = {}
    for i in range(len(parts)):
        us = parts[i][1] or {}
        for k in us:
            u = k if isinstance(k, int) else unit_id(k)
            b = strike_na(rows[u][U_NAME])
            if b & side:
                all_[u] = all_.get(u, 0) + us[k]
                own[u] = own.get(u, 0) + (us[k] if nas[i] & b else 0)
    return dict((u, own[u]) for u in own if own[u] < all_[u])

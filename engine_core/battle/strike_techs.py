"""Whose technology Japan's kamikazes / kaitens carry on a defending side of several powers
(LHTR-T-06 "Technology helps only the power that researched it"; LHTR-A-32 "A defending
Kamikaze hits on 5 with Jets"): a sea battle's defender_strikers_teched from each power's units,
technologies and national advantages. Imported only by a battle's set-up (the `battle` command
line, the device's session), never by a battle: engine_core/techs.py stays as small as it was.
"""

from engine_core.units import U_NAME, U_ABILITIES
from engine_core.battle.advantage_bits import name_bits, strike_na, NA_NAMES


def strikers_teched(parts, rows, unit_id, family, need):
    """parts as techs.defending's ((tech names, {unit: count}[, advantage names]), one per
    power); per unit type of `need` (advantage_bits.strikers' answer, the defender_strikers):
    how many units of the power holding Kamikaze Attacks / Kaiten Torpedoes carry that power's
    own technology that changes the type (Jet Fighters, Super Submarines)."""
    from engine_core import techs
    out = dict((u, 0) for u in need)
    for p in parts:
        na = name_bits(p[2], NA_NAMES, "national advantage") if len(p) == 3 and p[2] else 0
        tb = techs.bits(p[0])
        us = p[1] or {}
        for k in us:
            u = k if isinstance(k, int) else unit_id(k)
            if u in out and na & strike_na(rows[u][U_NAME]) and \
                    tb & techs.defense_bit(rows[u][U_ABILITIES], family):
                out[u] += us[k]
    return out

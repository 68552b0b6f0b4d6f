"""Firing groups, the part the battle and the odds share: which attacking units fire one higher
for a one-for-one partner (support). engine_core/battle/steps.py (Battle.groups) and the exact
odds (engine_core/odds/exact.py) both take it from here, so they cannot disagree on who is
supported. A leaf: imports only the foundation.
"""

from engine_core.units import (U_KIND, U_ABILITIES, AIR, AB_ARTILLERY, AB_SUPPORTABLE, AB_BLITZ,
    AB_PAIRS_TAC, AB_TAC_BOMBER, CF_ARTILLERY, CF_TAC_PAIRING)


def support(rows, fire, flags, tech):
    """How many units of each slot attack one higher thanks to a partner, one for one.

    rows[i] is a unit record and fire[i] how many of it fire; flags the edition's COMBAT_FLAGS,
    tech the attacker's engine_core.techs bits. Artillery supports infantry, then mechanized
    infantry (P40-U-30, LHTR-U-02; two each with Advanced Artillery, P40-R-11); fighters, then
    tanks pair with tactical bombers (P40-U-41); with Improved Mechanized Infantry (P40-R-16)
    tanks pair with mechanized infantry first, then with the tactical bombers left."""
    n = len(rows)
    boost = [0] * n
    adv_art = imp_mech = 0
    if tech:
        from engine_core import techs   # only a side with technologies loads the table
        adv_art = tech & techs.ADVANCED_ARTILLERY
        imp_mech = tech & techs.IMPROVED_MECH
    art = 0
    fighters = 0
    tanks = 0
    for i in range(n):
        r = rows[i]
        ab = r[U_ABILITIES]
        if ab & AB_ARTILLERY and flags & CF_ARTILLERY:
            art += fire[i] * (2 if adv_art else 1)
        if ab & AB_PAIRS_TAC and flags & CF_TAC_PAIRING:
            if r[U_KIND] == AIR:
                fighters += fire[i]
            else:
                tanks += fire[i]
    for blitz in (0, AB_BLITZ):                  # infantry before mechanized infantry
        for i in range(n):
            ab = rows[i][U_ABILITIES]
            if ab & AB_SUPPORTABLE and ab & AB_BLITZ == blitz and art > 0:
                k = fire[i] if fire[i] < art else art
                boost[i] = k
                art -= k
    for i in range(n):
        if rows[i][U_ABILITIES] & AB_TAC_BOMBER and fighters > 0:
            k = fire[i] if fire[i] < fighters else fighters
            boost[i] = k
            fighters -= k
    if imp_mech:
        for i in range(n):
            ab = rows[i][U_ABILITIES]
            if ab & AB_SUPPORTABLE and ab & AB_BLITZ and tanks > 0:
                k = fire[i] - boost[i]
                k = k if k < tanks else tanks
                boost[i] += k
                tanks -= k
    for i in range(n):
        if rows[i][U_ABILITIES] & AB_TAC_BOMBER and tanks > 0:
            k = fire[i] - boost[i]
            k = k if k < tanks else tanks
            boost[i] += k
            tanks -= k
    return boost

"""Seeded random battles for cross-checking exact odds against Monte Carlo (issue 6).

    battles(edition, kind, count, seed, size=4) -> list of (attacker, defender) dicts

Deterministic on every interpreter: the engine's own Dice, not `random`. Land battles mix
the edition's land and air units (and the defender's AA); sea battles mix its ships and
aircraft (defending aircraft only as many as its carriers hold). Each side has 1..size
units. `compare(exact, mc)` gives the largest |z| between the two results.
"""

from engine_core.dice import Dice
from engine_core.units import (
    U_NAME, U_ATTACK, U_KIND, U_ABILITIES, LAND, AIR, SEA,
    AB_AA, AB_CARRIER, AB_CARRIER_AIR,
)

KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats", "attacker_captures")
IPC_KEYS = ("attacker_ipc_lost", "defender_ipc_lost")


def _pick(dice, n):
    """A die-driven index in 0..n-1 (n <= 36)."""
    a, b = dice.roll(2)
    return ((a - 1) * 6 + (b - 1)) % n


def battles(units, kind, count, seed, size=4):
    dice = Dice(seed)
    land = []
    air = []
    sea = []
    aa = []
    for u in range(len(units)):
        r = units[u]
        k = r[U_KIND]
        if k == LAND:
            if r[U_ABILITIES] & AB_AA:
                aa.append(u)
            else:
                land.append(u)
        elif k == AIR:
            air.append(u)
        elif k == SEA:
            sea.append(u)
    out = []
    while len(out) < count:
        if kind == "land":
            a_pool = land + air
            d_pool = land + air
        else:
            a_pool = sea + air
            d_pool = sea
        a = _side(dice, units, a_pool, size)
        d = _side(dice, units, d_pool, size)
        if kind == "land" and aa and dice.roll(1)[0] <= 2:
            d[units[aa[0]][U_NAME]] = 1
        if kind == "sea":
            # defending aircraft sit on carriers (two each)
            room = 0
            for u in sea:
                if units[u][U_ABILITIES] & AB_CARRIER:
                    room += 2 * d.get(units[u][U_NAME], 0)
            carrier_air = [u for u in air if units[u][U_ABILITIES] & AB_CARRIER_AIR]
            while room > 0 and carrier_air and dice.roll(1)[0] <= 3:
                name = units[carrier_air[_pick(dice, len(carrier_air))]][U_NAME]
                d[name] = d.get(name, 0) + 1
                room -= 1
            # an attack needs a unit with an attack value (P40-U-54, P40-U-58)
            armed = False
            for name in a:
                for u in range(len(units)):
                    if units[u][U_NAME] == name and units[u][U_ATTACK] > 0:
                        armed = True
            if not armed:
                continue
        out.append((a, d))
    return out


def _side(dice, units, pool, size):
    side = {}
    n = 1 + _pick(dice, size)
    for _ in range(n):
        u = pool[_pick(dice, len(pool))]
        name = units[u][U_NAME]
        side[name] = side.get(name, 0) + 1
    return side


def compare(exact, mc):
    """Largest |z| of the Monte Carlo estimates around the exact values. Proportions use
    the exact p for the standard error and a continuity correction of half a run; IPC
    losses use the exact standard deviation."""
    runs = mc["runs"]
    worst = 0.0
    for k in KEYS:
        p = float(exact[k])
        if p < 0.0:
            p = 0.0
        if p > 1.0:
            p = 1.0
        se = (p * (1.0 - p) / runs) ** 0.5
        # continuity correction (half a run): a count is whole, so one run of an event of
        # probability 1e-6 is not a 5-sigma surprise
        diff = abs(p - mc[k]) - 0.5 / runs
        if diff < 0.0:
            diff = 0.0
        if se == 0.0:
            z = 0.0 if diff < 1e-12 else 99.0
        else:
            z = diff / se
        if z > worst:
            worst = z
    for k in IPC_KEYS:
        se = exact[k + "_sd"] / runs ** 0.5
        diff = abs(float(exact[k]) - mc[k])
        if se == 0.0:
            z = 0.0 if diff < 1e-9 else 99.0
        else:
            z = diff / se
        if z > worst:
            worst = z
    return worst

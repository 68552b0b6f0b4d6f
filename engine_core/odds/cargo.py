"""Exact odds of a sea battle with cargo aboard: planes riding carriers (guest fighters on a moving
carrier, LHTR-U-61 / P40-U-54; the aircraft aboard a damaged carrier, P40-U-55) and land units
aboard transports (CL-U-70, LHTR-U-70, P40-U-58). Cargo never fights and is lost with its ship.

    odds(board, "sea", attacker, defender, cargo={"attacker": {...}, "defender": {...}},
         damaged=None, **kw) -> the exact.odds result, plus "attacker_cargo" / "defender_cargo"
         (expected cargo left, per unit name); the IPC lost (and the swing) include cargo lost.

The cargo a battle's end leaves is the battle engine's (engine_core/battle/amphibious.py
settle_cargo): 2 planes per surviving carrier (a defender's surviving planes in the air take
their decks first), 2 land units per surviving transport, the rest lost in the default order of
loss. Computed from the distribution of each side's survivors, so the solver is untouched; the
standard deviations ("*_ipc_lost_sd") are the battle's without the cargo.
"""

from engine_core.errors import RuleError, InputError
from engine_core.units import (U_NAME, U_COST, U_KIND, U_ABILITIES, LAND, AIR, AB_CARRIER,
                               AB_CARRIER_AIR, AB_TRANSPORT, CF_SUB_SURPRISE, CF_SUB_OPENING_FIRE)
from engine_core.battle import casualties as _cas
from engine_core.odds import base as _base


def odds(board, kind, attacker, defender, cargo=None, damaged=None, **kw):
    from engine_core.odds import exact
    settle = _settler(board, kind, attacker, defender, cargo, damaged, kw)
    return settle(exact.odds(board, kind, attacker, defender, damaged=damaged, **kw))


def solver(board, kind, attacker, defender, cargo=None, damaged=None, **kw):
    """odds() in slices: an exact.Solver whose exact report has the cargo settled (its
    estimates are the battle's probabilities, which cargo does not change)."""
    from engine_core.odds import exact
    settle = _settler(board, kind, attacker, defender, cargo, damaged, kw)
    s = exact.Solver(board, kind, attacker, defender, damaged=damaged, **kw)
    s.finish = settle
    return s


def _settler(board, kind, attacker, defender, cargo, damaged, kw):
    """The checks of the cargo (raising before any work), then a function that settles it
    into the battle's exact report."""
    edition, units, aliases, flags = _base.tables(board)
    at_start = not kw.get("rounds_done")
    if at_start and _any_damaged(units, aliases, damaged):
        _entering_damaged(flags, kind)
        if not cargo:
            cargo = {"defender": {}}    # no cargo, but a damaged carrier's planes cannot defend (P40-U-55)
    vecs = _cargo(units, aliases, flags, kind, attacker, defender, cargo, damaged, at_start)
    number = kw.get("number", float)

    def settle(r):
        if vecs is None:
            return r
        for side, key in ((0, "attacker"), (1, "defender")):
            _settle(r, units, flags, side, key, vecs[side], number)
        r["ipc_swing"] = r["defender_ipc_lost"] - r["attacker_ipc_lost"]
        return r
    return settle


def _rule(flags, classic, lhtr, y1940):
    if flags & CF_SUB_SURPRISE:
        return y1940
    return lhtr if flags & CF_SUB_OPENING_FIRE else classic


def _any_damaged(units, aliases, damaged):
    if not isinstance(damaged, dict):
        return False        # exact.odds refuses it by name
    for key in ("attacker", "defender"):
        if sum(_base.counts(units, aliases, damaged.get(key), "damaged " + key)):
            return True
    return False


def _entering_damaged(flags, kind):
    """Ships damaged before the battle (rounds_done 0): 1940 only, at sea (as the battle's
    _start_damaged: LHTR repairs battleships after every combat, Classic's take one hit)."""
    if kind != "sea":
        raise InputError("damaged ships start a sea battle")
    if not flags & CF_SUB_SURPRISE:
        raise RuleError(_rule(flags, "CL-U-50", "LHTR-U-50", "P40-U-50"),
                        "no ship enters a battle damaged in this edition")


def _cargo(units, aliases, flags, kind, attacker, defender, cargo, damaged, at_start):
    """The cargo per side as unit vectors, checked: decks and damaged carriers at the battle's
    start only (between rounds a defender's planes in the air outnumber the decks left)."""
    if not cargo:
        return None
    if not isinstance(cargo, dict):
        raise InputError("cargo: {'attacker': {...}, 'defender': {...}}")
    if kind != "sea":
        raise InputError("cargo rides carriers and transports in a sea battle")
    sides = (_base.counts(units, aliases, attacker, "attacker"),
             _base.counts(units, aliases, defender, "defender"))
    dmg = ([0] * len(units), [0] * len(units))
    if damaged:
        dmg = (_base.counts(units, aliases, damaged.get("attacker"), "damaged attacker"),
               _base.counts(units, aliases, damaged.get("defender"), "damaged defender"))
    out = []
    y1940 = flags & CF_SUB_SURPRISE
    for side, key in ((0, "attacker"), (1, "defender")):
        c = _base.counts(units, aliases, cargo.get(key), key + " cargo")
        decks = 0
        crippled = 0
        holds = 0
        planes = 0
        flying = 0
        inf = 0
        other = 0
        for u in range(len(units)):
            r = units[u]
            if r[U_ABILITIES] & AB_CARRIER:
                decks += 2 * sides[side][u]
                crippled += 2 * dmg[side][u]
            if r[U_ABILITIES] & AB_TRANSPORT:
                holds += sides[side][u]
            if r[U_KIND] == AIR:
                if c[u] and not r[U_ABILITIES] & AB_CARRIER_AIR:
                    raise RuleError(_rule(flags, "CL-U-60", "LHTR-U-33", "P40-U-54"),
                                    "only carrier planes ride on a carrier")
                planes += c[u]
                if side == 1:
                    flying += sides[side][u]
            elif r[U_KIND] == LAND:
                if r[U_NAME] == "infantry":
                    inf += c[u]
                else:
                    other += c[u]
            elif c[u]:
                raise InputError("only air units (carriers) and land units (transports) are cargo")
        if at_start and planes + flying > decks:
            raise RuleError(_rule(flags, "CL-U-60", "LHTR-U-33", "P40-U-54"),
                            "a carrier holds at most 2 planes")
        if at_start and y1940 and side == 1 and crippled and flying > decks - crippled:
            raise RuleError("P40-U-55", "the planes aboard a damaged carrier are cargo: they cannot defend")
        classic = _rule(flags, True, False, False)   # CL-U-71: no mixed loads
        if other > holds or inf + other > 2 * holds or (classic and inf > 2 * (holds - other)):
            raise RuleError(_rule(flags, "CL-U-71", "LHTR-U-71", "P40-U-58"),
                            "the land units aboard do not fit on the transports")
        out.append(c)
    return out


def _settle(r, units, flags, side, key, c, number):
    zero = number(0)
    kept = {}
    lost = zero
    order = _cas.loss_order(units, side == 0, flags)
    ids = {}
    for u in range(len(units)):
        ids[units[u][U_NAME]] = u
        if c[u]:
            kept[units[u][U_NAME]] = zero
    if not kept:
        return
    for rem, p in r[key + "_remaining"]:
        carriers = 0
        holds = 0
        air_up = 0
        for name in rem:
            rec = units[ids[name]]
            if rec[U_ABILITIES] & AB_CARRIER:
                carriers += rem[name]
            if rec[U_ABILITIES] & AB_TRANSPORT:
                holds += rem[name]
            if rec[U_KIND] == AIR:
                air_up += rem[name]
        room = {AIR: 2 * carriers - (air_up if side == 1 else 0), LAND: 2 * holds}
        left = list(c)
        for kind in (AIR, LAND):
            n = 0
            for u in range(len(units)):
                if units[u][U_KIND] == kind:
                    n += left[u]
            drop = n - (room[kind] if room[kind] > 0 else 0)
            for u in order:
                if drop > 0 and left[u] and units[u][U_KIND] == kind:
                    k = left[u] if left[u] < drop else drop
                    left[u] -= k
                    drop -= k
                    lost = lost + p * (k * units[u][U_COST])
        for u in range(len(units)):
            if c[u]:
                name = units[u][U_NAME]
                kept[name] = kept[name] + p * left[u]
    r[key + "_cargo"] = kept
    r[key + "_ipc_lost"] = r[key + "_ipc_lost"] + lost

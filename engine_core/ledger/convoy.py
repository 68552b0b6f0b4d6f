"""Convoy disruption (Pacific 1940 and Global 1940), rolled in the victim's Collect Income.

The device does not see the map's ships, so the players tell it which enemy units sit in
which convoy zones; the device knows who controls what, rolls (or takes typed dice) and
applies the caps.

  convoy_units: ((sea zone id, owner power id, unit name or id, count), ...)

  dice_needed(board, state, victim, convoy_units) -> ((zone, dice), ...)   zones in id order
  disruption(board, state, victim, convoy_units, dice) -> (loss, per_zone)
      per_zone = ((zone, rolls, raw damage, zone cap), ...); loss = the IPCs the victim loses

Rules: a zone counts only if it is a convoy zone (P40-E-40 1), next to a territory the
victim controls (2), and holds at least one warship of a power at war with the victim (3;
friendly ships have no effect). Dice (P40-E-41): battleship, cruiser, destroyer 1; submarine
2 ("On Station", P40-U-46); each carrier-based air unit (fighter, tactical bomber) 2;
carriers and transports 0. Each 1, 2 or 3 counts its face; 4-6 count 0. Caps: a zone loses at
most the IPC value of the victim's territories next to it (P40-E-42); a territory loses at
most its own value over all zones (P40-E-43). The total is the maximum flow through those
capacities (P40-E-44, P40-X-36). China and a power whose capital is enemy-held are exempt
(P40-E-46, P40-E-88). The UK's two economies in Global are separate victims (G40-E-05).
"""

from engine_core.editions import FAM_LHTR
from engine_core.errors import InputError

NO_OWNER = 255

_ONE_DIE = ("battleship", "cruiser", "destroyer")
_TWO_DICE = ("submarine", "fighter", "tactical_bomber")   # subs on station; carrier-based air


def _unit_name(board, unit):
    if isinstance(unit, int):
        return board.unit_name(unit)
    return board.unit_name(board.unit_id(unit))


def dice_per_unit(name):
    """Convoy dice one unit rolls (P40-E-41)."""
    if name in _ONE_DIE:
        return 1
    if name in _TWO_DICE:
        return 2
    return 0


def _is_warship(name):
    # P40-E-40 (3): a warship; carriers are warships that roll no dice, transports are not.
    return name in _ONE_DIE or name in ("submarine", "aircraft_carrier")


def _exempt(board, state, victim):
    try:
        if board.power_name(victim) == "China":
            return True    # P40-E-46, P40-E-88
    except (IndexError, KeyError):
        pass
    try:
        cap = board.capital(victim)
    except (AttributeError, IndexError, KeyError):
        cap = -1
    if cap is not None and cap >= 0:
        o = state.owner[cap]
        if o != victim and o != NO_OWNER and board.side(o) != board.side(victim):
            return True    # P40-E-31, P40-E-46
    return False


def _zone_territories(board, state, victim, zone):
    out = []
    for t in board.adjacent(zone):
        if not board.is_sea(t) and state.owner[t] == victim:
            out.append(t)
    return out


def _active(board, state, victim, convoy_units):
    """((zone, dice count), ...) for disrupted zones, zones in id order. Validates input."""
    zones = []
    for entry in convoy_units:
        if len(entry) != 4:
            raise InputError("convoy entry: (sea zone, power, unit, count)")
        zone, owner, unit, count = entry
        if not (0 <= zone < board.territory_count) or not board.is_sea(zone):
            raise InputError("not a sea zone")
        if not (0 <= owner < board.power_count):
            raise InputError("unknown power")
        if count < 0:
            raise InputError("a unit count is never negative")
        _unit_name(board, unit)
        if zone not in zones:
            zones.append(zone)
    zones.sort()
    out = []
    if _exempt(board, state, victim):
        return out
    for zone in zones:
        if not board.is_convoy_zone(zone):
            continue                       # P40-E-40 (1)
        if not _zone_territories(board, state, victim, zone):
            continue                       # P40-E-40 (2)
        warship = False
        n = 0
        for z, owner, unit, count in convoy_units:
            if z != zone or count == 0:
                continue
            if not (state.at_war[victim] & (1 << owner)):
                continue                   # P40-E-40 (3): friendly and neutral ships have no effect
            name = _unit_name(board, unit)
            if _is_warship(name):
                warship = True
            n += dice_per_unit(name) * count
        if warship:
            out.append((zone, n))
    return out


def dice_needed(board, state, victim, convoy_units):
    """The convoy dice to roll per disrupted zone, so typed dice can be asked for."""
    return tuple(_active(board, state, victim, convoy_units))


def disruption(board, state, victim, convoy_units, dice):
    """Roll convoy disruption against `victim`; returns (loss, per_zone). Changes nothing:
    the ledger subtracts `loss` from the territorial income (P40-E-34, P40-E-45)."""
    active = _active(board, state, victim, convoy_units)
    per_zone = []
    raw = []
    for zone, n in active:
        rolls = dice.roll(n) if n else []
        dmg = 0
        for r in rolls:
            if r <= 3:
                dmg += r                 # P40-E-41: 1-3 count their face, 4-6 nothing
        cap = 0
        for t in _zone_territories(board, state, victim, zone):
            cap += board.ipc(t)          # P40-E-42
        per_zone.append((zone, tuple(rolls), dmg, cap))
        raw.append((zone, dmg if dmg < cap else cap))
    loss = capped_loss(board, state, victim, raw)
    return loss, tuple(per_zone)


def capped_loss(board, state, victim, zone_damage):
    """Maximum flow zone -> adjacent controlled territory -> sink (P40-E-42..44).

    zone_damage: ((zone, damage already capped by the zone cap), ...).
    """
    # nodes: 0 source, 1 sink, zones 2.., territories after
    zones = [z for z, d in zone_damage]
    terr = []
    for z in zones:
        for t in _zone_territories(board, state, victim, z):
            if t not in terr:
                terr.append(t)
    terr.sort()
    nz = len(zones)
    n = 2 + nz + len(terr)
    cap = [[0] * n for _ in range(n)]
    for i in range(nz):
        cap[0][2 + i] = zone_damage[i][1]
        for t in _zone_territories(board, state, victim, zones[i]):
            cap[2 + i][2 + nz + terr.index(t)] = 1 << 20
    for j in range(len(terr)):
        cap[2 + nz + j][1] = board.ipc(terr[j])   # P40-E-43
    return _max_flow(cap, 0, 1)


def _max_flow(cap, s, t):
    """Edmonds-Karp on a small dense matrix (a few zones and territories)."""
    n = len(cap)
    flow = 0
    while True:
        parent = [-1] * n
        parent[s] = s
        queue = [s]
        qi = 0
        while qi < len(queue) and parent[t] < 0:
            u = queue[qi]
            qi += 1
            for v in range(n):
                if parent[v] < 0 and cap[u][v] > 0:
                    parent[v] = u
                    queue.append(v)
        if parent[t] < 0:
            return flow
        push = 1 << 29
        v = t
        while v != s:
            u = parent[v]
            if cap[u][v] < push:
                push = cap[u][v]
            v = u
        v = t
        while v != s:
            u = parent[v]
            cap[u][v] -= push
            cap[v][u] += push
            v = u
        flow += push


def uboat_interdiction(board, state, victim, german_subs, income, options=None):
    """Revised/LHTR national advantage U-Boat Interdiction (LHTR-O-20): in the UK's and the
    US's Collect Income phases the collecting power loses 1 IPC of income per German
    submarine on the board (the players count them). Never more than the income
    (LHTR-E-14: a treasury never goes below 0). Returns the IPCs lost."""
    if german_subs < 0 or income < 0:
        raise InputError("counts are never negative")
    nas = options.get("national_advantages") if options else None
    if not nas or "u_boat_interdiction" not in nas:
        return 0
    if board.family != FAM_LHTR:
        return 0
    if board.power_name(victim) not in ("United Kingdom", "United States"):
        return 0
    return german_subs if german_subs < income else income

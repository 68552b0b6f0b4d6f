"""Order of loss: which units take a side's hits (default policy, or a player's order).

Pure functions of counts, so the odds calculator can call them on any state.

    choose(units, counts, damaged, hits, attacking, flags, order=None, plain=None) -> (lost, damage)

  units      the edition's UNITS tuple (board.units)
  counts     sequence of ints indexed by unit id: the side's units that can take
             hits in this battle (damaged two-hit units included)
  damaged    sequence of ints indexed by unit id (how many of `counts` are already
             damaged), or None for "none damaged"
  hits       tuple (any, no_air, no_sub, air_only) of hit counts by what they may hit:
               any      may go on any unit
               no_air   scored by submarines: never on an air unit (CL-U-82, LHTR-U-80, P40-U-52f)
               no_sub   scored by air units that cannot hit submarines
                        (P40-U-43: no destroyer friendly to the air units in the battle;
                         LHTR super submarines, LHTR-U-80)
               air_only antiaircraft fire (only air units)
             a shorter tuple is padded with zeros; an int means `any`
  attacking  True for the attacker (ties broken by printed attack), False for the
             defender (printed defense)
  flags      the edition's COMBAT_FLAGS (CF_TRANSPORT_DEFENSELESS puts transports last)
  order      None for the default order of loss, or a tuple of unit ids: the player's
             order; every unit of a listed type (both hits of a two-hit unit) is taken
             before the next listed type; unlisted types follow in the default order

Returns two lists indexed by unit id: `lost` (units destroyed) and `damage` (undamaged
two-hit units newly damaged). As many hits as possible are assigned (a transversal-matroid
greedy: a slot is accepted only if every accepted slot can still be matched to a distinct
hit that may take it); hits that no unit can take are dropped, so
sum(lost) + sum(damage) may be smaller than the number of hits.

Default order (issue 4): first damage undamaged two-hit units; then remove the unit with the
lowest cost, ties by the lower printed combat value for its side (support ignored), then the
edition's unit order; in the 1940 editions transports only when no other unit can take the hit.
"""

from engine_core.units import (
    U_COST, U_ATTACK, U_DEFENSE, U_HITS, U_KIND, U_ABILITIES, AIR,
    AB_SUBMARINE, AB_TRANSPORT, CF_TRANSPORT_DEFENSELESS,
)

# Target classes (bits) and which classes each hit group may reach.
_C_AIR = 1
_C_SUB = 2
_C_OTHER = 4
PLAIN_SUB = _C_OTHER  # the class of the `plain` subs of choose (LHTR-T-09)
GROUP_MASKS = (7, 6, 5, 1)  # the classes each hit class (H_ANY, H_NO_AIR, H_NO_SUB, H_AIR_ONLY) may reach


def target_class(record):
    """Target class bit of a unit record: air, submarine or other."""
    if record[U_KIND] == AIR:
        return _C_AIR
    if record[U_ABILITIES] & AB_SUBMARINE:
        return _C_SUB
    return _C_OTHER


def classes_of(units, counts, plain=None):
    """The target class bits of the units in `counts` (`plain` as in choose: those subs are
    of class other)."""
    m = 0
    for u in range(len(units)):
        if counts[u]:
            if plain is not None and u == plain[0] and plain[1] > 0:
                m |= _C_OTHER
                if counts[u] <= plain[1]:
                    continue
            m |= target_class(units[u])
    return m


def loss_key(units, u, attacking, flags):
    """Sort key of unit id `u` in the default order of loss (smaller = lost first)."""
    r = units[u]
    last = 1 if (flags & CF_TRANSPORT_DEFENSELESS and r[U_ABILITIES] & AB_TRANSPORT) else 0
    value = r[U_ATTACK] if attacking else r[U_DEFENSE]
    return (last, r[U_COST], value, u)


# the last default order computed for each side: attacker's units, flags, order, then the
# defender's (the odds calculator asks for it on every casualty)
_ORDERS = [None, 0, b"", None, 0, b""]


def loss_order(units, attacking, flags):
    """Every unit id of the edition in the default order of loss, as bytes (one unit id per
    byte: iterating gives the ids; a third of a tuple's heap). The last one computed for each
    side is kept."""
    i = 0 if attacking else 3
    if _ORDERS[i] is not units or _ORDERS[i + 1] != flags:
        keys = [loss_key(units, u, attacking, flags) for u in range(len(units))]
        keys.sort()
        _ORDERS[i + 2] = bytes([k[3] for k in keys])
        _ORDERS[i] = units
        _ORDERS[i + 1] = flags
    return _ORDERS[i + 2]


def _normalize_hits(hits):
    if isinstance(hits, int):
        return (hits, 0, 0, 0)
    h = list(hits) + [0, 0, 0, 0]
    return (h[0], h[1], h[2], h[3])


def _room(cls, used, caps):
    """How many more slots of class `cls` keep Hall's condition true."""
    best = -1
    for subset in range(1, 8):
        if subset & cls:
            slack = caps[subset] - used[subset]
            if best < 0 or slack < best:
                best = slack
    return best if best > 0 else 0


def choose(units, counts, damaged, hits, attacking, flags, order=None, plain=None):
    """Assign hits to units; see the module docstring."""
    pu = plain[0] if plain is not None and plain[1] > 0 else -1
    n = len(units)
    h = _normalize_hits(hits)
    lost = [0] * n
    damage = [0] * n
    if h[0] + h[1] + h[2] + h[3] <= 0:
        return lost, damage
    # caps[subset] = hits whose allowed classes meet `subset`
    caps = [0] * 8
    for subset in range(1, 8):
        c = 0
        for g in range(4):
            if GROUP_MASKS[g] & subset:
                c += h[g]
        caps[subset] = c
    used = [0] * 8

    def take(cls, want):
        room = _room(cls, used, caps)
        k = want if want < room else room
        if k > 0:
            for subset in range(1, 8):
                if subset & cls:
                    used[subset] += k
        return k

    default = loss_order(units, attacking, flags)
    if order is None:
        # 1. damage undamaged two-hit units (cheapest first), 2. kills in order.
        for u in default:
            c = counts[u]
            if c and units[u][U_HITS] >= 2:
                fresh = c - (damaged[u] if damaged is not None else 0)
                if fresh > 0:
                    damage[u] = take(target_class(units[u]), fresh)
        for u in default:
            c = counts[u]
            if c <= 0:
                continue
            if units[u][U_HITS] >= 2:
                already = damaged[u] if damaged is not None else 0
                killable = already + damage[u]  # a kill needs a damaged ship
                k = take(target_class(units[u]), killable)
                lost[u] = k
                # a ship both damaged and sunk now counts as lost, not damaged
                if k > already:
                    damage[u] -= k - already
            elif u == pu:
                kp = plain[1] if plain[1] < c else c
                lost[u] = take(_C_OTHER, kp) + take(_C_SUB, c - kp)
            else:
                lost[u] = take(target_class(units[u]), c)
        return lost, damage

    seq = []
    for u in order:
        if 0 <= u < n and u not in seq:
            seq.append(u)
    for u in default:
        if u not in seq:
            seq.append(u)
    for u in seq:
        c = counts[u]
        if c <= 0:
            continue
        cls = target_class(units[u])
        if units[u][U_HITS] >= 2:
            already = damaged[u] if damaged is not None else 0
            fresh = c - already
            # each damaged ship takes one hit to sink; each fresh one two (damage, then sink)
            k_old = take(cls, already)
            lost[u] += k_old
            d = take(cls, fresh)
            s = take(cls, d)
            lost[u] += s
            damage[u] += d - s
        elif u == pu:
            kp = plain[1] if plain[1] < c else c
            lost[u] = take(_C_OTHER, kp) + take(_C_SUB, c - kp)
        else:
            lost[u] = take(cls, c)
    return lost, damage


def hits_absorbed(units, lost, damage, damaged_before):
    """Exact number of hits taken by a (lost, damage) choice: a fresh two-hit unit sunk
    absorbs two hits, a damaged one sunk absorbs one."""
    total = 0
    for u in range(len(units)):
        if lost[u] or damage[u]:
            if units[u][U_HITS] >= 2:
                before = damaged_before[u] if damaged_before is not None else 0
                old = lost[u] if lost[u] < before else before
                total += old + 2 * (lost[u] - old) + damage[u]
            else:
                total += lost[u]
    return total

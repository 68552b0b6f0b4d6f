"""The bank: purchase, mobilization limits, repair, capture and liberation, production.

Functions take (board, state, ...) and either raise RuleError before touching
anything or apply the whole change and return a list of event tuples (EV_* below).
The rule ids cited are the edition's own (see `rid`).

Events (small tuples, for adapters):
  (EV_PAY, power, ipcs)                 treasury debited (purchase, repair, research, fee)
  (EV_INCOME, power, ipcs)              treasury credited at Collect Income
  (EV_PLUNDER, from_power, to_power, ipcs)  capital captured: treasury taken
  (EV_CONTROL, territory, old, new)     control changed (captures, liberations, reversions)
  (EV_FACILITY, territory, bits)        facilities there now (downgrade, removal, built)
  (EV_REFUND, power, unit, count)       unplaceable units refunded (1940)
  (EV_LOST, power, unit, count)         unplaceable units lost (Classic, Revised)
  (EV_GARRISON, territory, power, unit, count)  a neutral's standing army joins `power`
  (EV_AA, territory, power)             AA guns there now belong to `power`
"""

from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_CLASSIC, FAM_LHTR, FAM_1940
from engine_core.ledger.state import NO_OWNER, set_since
from engine_core import units as U

EV_PAY = 1
EV_INCOME = 2
EV_PLUNDER = 3
EV_CONTROL = 4
EV_FACILITY = 5
EV_REFUND = 6
EV_LOST = 7
EV_GARRISON = 8
EV_AA = 9

# Facility bits in GameState.facilities (the board loader uses the same values).
FAC_IC = 1
FAC_MAJOR = 2
FAC_MINOR = 4
FAC_AIR_BASE = 8
FAC_NAVAL_BASE = 16
_ANY_IC = FAC_IC | FAC_MAJOR | FAC_MINOR

# GameState.placed marker for a territory whose complex was built this turn (places nothing).
NEW_COMPLEX = 255


def rid(board, cl, lhtr, p40, g40=None):
    """The rule id of the edition: Classic, Revised/LHTR, Pacific 1940 or Global 1940."""
    fam = board.family
    if fam == FAM_CLASSIC:
        return cl
    if fam == FAM_LHTR:
        return lhtr
    if board.edition == "pacific_1940" or g40 is None:
        return p40
    return g40


def is_1940(board):
    return board.family == FAM_1940


def side_of(board, owner):
    """Side of a controlling power id; -1 for no owner."""
    if owner == NO_OWNER or owner < 0:
        return -1
    return board.side(owner)


def production(board, state, power):
    """National production level: sum of the values of the land territories `power` controls
    (CL-P-06, LHTR-C-70, P40-G-06)."""
    total = 0
    owner = state.owner
    for t in range(board.territory_count):
        if owner[t] == power:
            total += board.ipc(t)
    return total


def capital_lost(board, state, power):
    """True while `power`'s capital is held by a power of the other side (P40-T-03,
    LHTR-E-11, CL-C-85). China, without a capital, never loses it (P40-E-81)."""
    c = board.capital(power)
    if c < 0:
        return False
    holder = state.owner[c]
    return holder != power and side_of(board, holder) != board.side(power)


def unit_price(board, state, power, u):
    """Cost with the power's technologies (research.unit_cost: CL-T-10, P40-R-23)."""
    rec = board.units[u]
    if not state.techs[power]:
        return rec[U.U_COST]   # no technology: printed cost (research.py stays unloaded: RAM)
    from engine_core.ledger import research as research
    return research.unit_cost(board, state, power, rec[U.U_NAME], rec[U.U_COST])


def pairs(board, units):
    """Normalize {name: count} / ((unit, count), ...) to a list of [unit id, count] in unit order."""
    counts = [0] * board.unit_count
    if isinstance(units, dict):
        items = [(k, units[k]) for k in units]
    else:
        items = units
    # A bare name ("infantry") is refused below as a count-less pair, not unpacked letter by letter.
    # (Written this tersely because the Global 1940 ledger runs within 2 KB of the 192K test heap.)
    for k, n in items if not isinstance(items, str) else ((items, None),):
        if not isinstance(n, int) or n < 0:
            raise InputError("unit count must be a whole number >= 0: %s" % (n,))
        u = k if isinstance(k, int) else board.unit_id(k)
        if u < 0 or u >= board.unit_count:
            raise InputError("no unit %s" % (k,))
        counts[u] += n
    return [[u, counts[u]] for u in range(board.unit_count) if counts[u]]


def burma_road_open(board, state):
    """P40-E-61: the Allies control India, Burma, Yunnan and Szechwan."""
    for name in ("India", "Burma", "Yunnan", "Szechwan"):
        t = board.territory_id(name)
        if side_of(board, state.owner[t]) != 1:
            return False
    return True


def _is_china(board, power):
    return board.power_name(power) == "China"


def purchase(board, state, power, units, options=None):
    """Buy `units` into the power's pool; returns events. Checks capital, China, treasury;
    option "no_new_complexes" (CL-O-05): no industrial complex may be bought."""
    if capital_lost(board, state, power):
        raise RuleError(rid(board, "CL-C-85", "LHTR-E-11", "P40-E-05", "G40-T-06"),
                        "a power whose capital is held by the enemy may not buy units")
    items = pairs(board, units)
    if _is_china(board, power):
        art = board.unit_id("artillery")
        inf = board.unit_id("infantry")
        for u, n in items:
            if u == art:
                if not burma_road_open(board, state):
                    raise RuleError("P40-E-07", "China may buy artillery only while the Burma Road is open")
            elif u != inf:
                raise RuleError("P40-E-07", "China may buy infantry only (artillery with the Burma Road open)")
    if options and options.get("no_new_complexes"):
        for u, n in items:
            if board.units[u][U.U_ABILITIES] & U.AB_IC:
                raise RuleError("CL-O-05", "No New Complexes is in play: no IC may be bought")
    total = 0
    for u, n in items:
        total += unit_price(board, state, power, u) * n
    if total > state.treasury[power] - state.frozen[power]:
        raise RuleError(rid(board, "CL-E-01", "LHTR-E-01", "P40-E-03", "G40-E-01"),
                        "costs %d IPCs, the treasury holds %d" % (total, state.treasury[power] - state.frozen[power]))
    state.treasury[power] -= total
    for u, n in items:
        _pool_add(state, u, n, power)
    return [(EV_PAY, power, total)]


def _pool_add(state, u, n, power):
    """Pool entries are [unit, count, buyer] (the UK's two economies buy apart, G40-T-02)."""
    for e in state.pool:
        if e[0] == u and e[2] == power:
            e[1] += n
            return
    state.pool.append([u, n, power])
    state.pool.sort(key=lambda e: (e[2], e[0], e[1]))


def _pool_count(state, u, power):
    for e in state.pool:
        if e[0] == u and e[2] == power:
            return e[1]
    return 0


def _pool_take(state, u, n, power):
    for e in state.pool:
        if e[0] == u and e[2] == power and e[1] >= n:
            e[1] -= n
            if e[1] == 0:
                state.pool.remove(e)
            return True
    return False


def upgrade(board, state, power, t):
    """Buy an IC upgrade (minor -> major, 20 IPCs; P40-E-03, P40-T-12). Takes effect when the
    Mobilize phase ends; that turn the complex still places at most 3 (P40-E-12)."""
    if not is_1940(board):
        raise RuleError(rid(board, "CL-E-01", "LHTR-E-01", "P40-E-03"), "no complex upgrades in this edition")
    if capital_lost(board, state, power):
        raise RuleError(rid(board, "CL-C-85", "LHTR-E-11", "P40-E-05", "G40-T-06"), "capital held by the enemy")
    if state.owner[t] != power or not (state.facilities[t] & FAC_MINOR) or state.captured[t]:
        raise RuleError("P40-U-65", "an upgrade needs a minor complex the power has held since the start of the turn")
    if board.original_owner(t) != power or board.ipc(t) < 3:
        raise RuleError("P40-U-65", "only on an original territory worth at least 3 IPCs")
    if state.damage[t]:
        raise RuleError("P40-U-65", "repair all the complex's damage first")
    for e in state.pool:
        if e[0] == -1 and e[1] == t:
            raise RuleError("P40-U-65", "that complex is already being upgraded")
    if state.treasury[power] - state.frozen[power] < 20:
        raise RuleError("P40-E-03", "an upgrade costs 20 IPCs")
    state.treasury[power] -= 20
    state.pool.append([-1, t, power])
    return [(EV_PAY, power, 20)]


# Facility kinds for damage (1940: each facility has its own markers, P40-U-70)
DMG_IC = 0
DMG_AIR = 1
DMG_NAVAL = 2
FACILITY_BIT = (_ANY_IC, FAC_AIR_BASE, FAC_NAVAL_BASE)


def facility_kind(name):
    """DMG_* for a facility name ("industrial_complex"/"ic", "air_base", "naval_base")."""
    if name is None or name in ("industrial_complex", "ic", "major_industrial_complex",
                                "minor_industrial_complex", "complex"):
        return DMG_IC
    if name == "air_base":
        return DMG_AIR
    if name == "naval_base":
        return DMG_NAVAL
    raise InputError("no facility kind " + str(name))


def get_damage(state, t, kind):
    """Damage markers on one facility: the IC in `state.damage`, the bases in
    `state.base_damage` (air base low nibble, naval base high nibble)."""
    if kind == DMG_IC:
        return state.damage[t]
    if kind == DMG_AIR:
        return state.base_damage[t] & 15
    return state.base_damage[t] >> 4


def set_damage(state, t, kind, value):
    if kind == DMG_IC:
        state.damage[t] = value
    elif kind == DMG_AIR:
        state.base_damage[t] = (state.base_damage[t] & 0xF0) | value
    else:
        state.base_damage[t] = (state.base_damage[t] & 15) | (value << 4)


def _friendly_bases(board, state, zone, power, bit, kind):
    """Territories next to sea zone `zone` held by `power`'s side with an operative base of
    `bit` (fewer than 3 damage markers: P40-U-66, P40-U-67, P40-C-49)."""
    out = []
    side = board.side(power)
    for t in board.adjacent(zone):
        o = state.owner[t]
        if board.is_sea(t) or o == NO_OWNER or board.side(o) != side:
            continue
        if state.facilities[t] & bit and get_damage(state, t, kind) < 3:
            out.append(t)
    return out


def scramble_bases(board, state, zone, power, options=None):
    """The territories `power`'s side may scramble from into sea zone `zone`, 3 fighters and/or
    tactical bombers each (P40-C-20, P40-C-23): an operative air base (P40-U-67: "Inoperative at
    3 or more damage: ... no scramble"), on an island unless the option p40_scramble_from is
    "islands_and_coastal" (P40-X-10); never China's (P40-C-27). Their count is the battle's
    `air_bases` option."""
    if board.family != FAM_1940 or not board.is_sea(zone):
        return []
    coastal = options is not None and options.get("p40_scramble_from") == "islands_and_coastal"
    out = []
    for t in _friendly_bases(board, state, zone, power, FAC_AIR_BASE, DMG_AIR):
        if not (coastal or board.is_island(t)) or board.power_name(state.owner[t]) == "China":
            continue
        out.append(t)
    return out


def free_repair(board, state, zone, power):
    """P40-U-66: damaged capital ships in sea zone `zone` are repaired free in their owner's
    Purchase & Repair phase when a bordering territory of a friendly power has an operative naval
    base (fewer than 3 damage markers)."""
    if board.family != FAM_1940 or not board.is_sea(zone):
        return False
    for t in _friendly_bases(board, state, zone, power, FAC_NAVAL_BASE, DMG_NAVAL):
        return True
    return False


def damage_cap(state, t, kind):
    """P40-U-70: 20 on a major IC, 6 on a minor IC, an air base or a naval base."""
    if kind == DMG_IC and state.facilities[t] & FAC_MAJOR:
        return 20
    return 6


def repair(board, state, power, t, count, kind=DMG_IC):
    """Remove `count` damage markers from one facility at t, 1 IPC each (P40-E-03, P40-E-04,
    P40-U-68; Increased Factory Production: 2 IC markers per IPC, P40-R-14)."""
    cost = board.rules.get("repair_cost", 0)
    if not cost:
        raise RuleError(rid(board, "CL-E-10", "LHTR-E-14", "P40-E-03"), "no facility damage to repair in this edition")
    if _is_china(board, power):
        raise RuleError("P40-E-07", "China cannot repair damage")
    if capital_lost(board, state, power):
        raise RuleError(rid(board, "CL-C-85", "LHTR-E-11", "P40-E-05", "G40-E-07"),
                        "a power whose capital is held by the enemy may not repair")
    if state.owner[t] != power or not state.facilities[t] & FACILITY_BIT[kind]:
        raise RuleError("P40-E-03", "only the controller repairs its facility")
    have = get_damage(state, t, kind)
    if count <= 0 or count > have:
        raise RuleError("P40-U-68", "there are %d damage markers on that facility" % have)
    per_ipc = 1
    if kind == DMG_IC and state.techs[power]:
        from engine_core.ledger import research as research
        per_ipc = research.factory_limits(board, state, power)[2]
    total = ((count + per_ipc - 1) // per_ipc) * cost
    if total > state.treasury[power] - state.frozen[power]:
        raise RuleError("P40-E-03", "repair costs %d IPCs" % total)
    state.treasury[power] -= total
    set_damage(state, t, kind, have - count)
    return [(EV_PAY, power, total)]


def bombing(board, state, t, damage, kind=DMG_IC, earlier=()):
    """Record a raid's (or rocket's) result, as computed by raids.py.

    1940: `damage` markers on one facility, stopping at its cap (P40-U-70, P40-C-47).
    Classic / Revised: `damage` IPCs the territory's controller pays the bank, never more
    than it holds (CL-C-54, CL-E-10, LHTR-E-14). `earlier`: the damage of the raids and
    rockets already recorded on t this turn (LHTR, rule "bombing_turn_cap"): together they
    destroy at most the territory's income value (LHTR-C-52)."""
    if board.is_sea(t) or not state.facilities[t] & FACILITY_BIT[kind]:
        raise RuleError(rid(board, "CL-C-50", "LHTR-C-50", "P40-C-47"), "no such facility there")
    if is_1940(board):
        cap = damage_cap(state, t, kind)
        now = get_damage(state, t, kind) + damage
        set_damage(state, t, kind, now if now < cap else cap)
        return [(EV_FACILITY, t, state.facilities[t])]
    owner = state.owner[t]
    if board.rules.get("bombing_turn_cap"):
        room = board.ipc(t)
        for d in earlier:
            room -= d if d < room else room
        if damage > room:
            damage = room
    loss = damage if damage < state.treasury[owner] else state.treasury[owner]
    state.treasury[owner] -= loss
    if state.frozen[owner] > state.treasury[owner]:
        state.frozen[owner] = state.treasury[owner]
    return [(EV_PAY, owner, loss)]


def can_mobilize_at(board, state, power, t):
    """The power's own complex, held since the start of the turn, not built this turn
    (CL-E-03, CL-E-06, LHTR-E-03, LHTR-E-09, P40-E-11)."""
    return (state.owner[t] == power and not state.captured[t] and bool(state.facilities[t] & _ANY_IC)
            and state.placed[t] < NEW_COMPLEX)


def placement_limit(board, state, power, t):
    """How many more units the complex at t may place this turn for `power`; -1 = unlimited;
    0 if it is not eligible (CL-E-03/04, LHTR-E-03/04, P40-E-11/12)."""
    if state.owner[t] != power or state.captured[t]:
        return 0
    fac = state.facilities[t]
    if not fac & _ANY_IC:
        return 0
    done = state.placed[t]
    if done >= NEW_COMPLEX:
        return 0
    kind = board.rules["placement"]
    if kind == "classic":
        if board.facilities_at_start(t) & _ANY_IC and board.owner_at_start(t) == power:
            return -1
        cap = board.ipc(t)
        if cap < 1:
            cap = 1
    elif kind == "territory_value":
        cap = board.ipc(t)
    else:
        major, minor = 10, 3
        if state.techs[power]:
            from engine_core.ledger import research as research
            major, minor = research.factory_limits(board, state, power)[:2]  # P40-R-14
        if fac & FAC_MAJOR:
            cap = major
        else:
            cap = minor
        cap -= state.damage[t]
    left = cap - done
    return left if left > 0 else 0


def _chinese_territory(board, t):
    china = _power_named(board, "China")
    return china >= 0 and board.original_owner(t) == china


def _power_named(board, name):
    for p in range(board.power_count):
        if board.power_name(p) == name:
            return p
    return -1


def place(board, state, power, t, units, sea_zone=-1, hostile=False, options=None, earlier=()):
    """Mobilize units from the pool at t (CL-E-03/04, LHTR-E-03..08, P40-E-10..18).

    Land and air units are placed in t; sea units in `sea_zone`, adjacent to t, counted
    against the complex at t (CL-A-19, LHTR-A-24). Facilities are placed in t itself (no
    complex needed). `hostile`: the players say enemy units occupy `sea_zone`; Classic
    allows that only with the optional rule "ships_in_enemy_zones" (CL-E-03, CL-O-02),
    Revised and 1940 always (LHTR-E-06, P40-E-14). `earlier`: the units placed at t before in
    this Mobilize phase, for the rule "aa_per_territory" (Classic CL-E-03: one AA gun)."""
    items = pairs(board, units)
    most = board.rules.get("aa_per_territory", 0)
    if most:
        guns = 0
        for batch in [items] + list(earlier):
            for u, n in batch:
                if board.units[u][U.U_ABILITIES] & U.AB_AA:
                    guns += n
        if guns > most:
            # the ledger sees only this turn's placements; a gun already standing there is the
            # players' to see (the manual: "You lose the new gun!")
            raise RuleError("CL-E-03", "one AA gun per territory: at most %d placed there" % most)
    for u, n in items:
        have = _pool_count(state, u, power)
        if have < n:
            raise RuleError(rid(board, "CL-S-02", "LHTR-S-06", "P40-T-50"),
                            "only %d %s bought this turn" % (have, board.unit_name(u)))
    fac_bits = 0
    combat = 0
    for u, n in items:
        rec = board.units[u]
        if rec[U.U_KIND] == U.FACILITY:
            fac_bits |= _facility_bits(rec)
            if n > 1:
                raise RuleError(rid(board, "CL-E-03", "LHTR-E-08", "P40-E-16"), "one facility of a kind per territory")
        else:
            combat += n
            if rec[U.U_KIND] == U.SEA:
                if sea_zone < 0 or not board.is_sea(sea_zone) or sea_zone not in board.adjacent(t):
                    raise RuleError(rid(board, "CL-E-03", "LHTR-E-06", "P40-E-14"),
                                    "sea units go in a sea zone next to the complex")
                if hostile and board.family == FAM_CLASSIC and not (options and options.get("ships_in_enemy_zones")):
                    raise RuleError("CL-E-03", "new ships go only in a friendly sea zone (no enemy units)")
    if board.is_sea(t):
        raise RuleError(rid(board, "CL-E-03", "LHTR-E-03", "P40-E-10"), "name the land territory of the complex")
    if fac_bits:
        if state.owner[t] != power or state.captured[t]:
            raise RuleError(rid(board, "CL-E-03", "LHTR-E-08", "P40-E-16"),
                            "a facility goes in a territory held since the start of the turn")
        if board.ipc(t) < board.rules.get("ic_min_value", 0) and fac_bits & _ANY_IC:
            raise RuleError(rid(board, "CL-E-03", "LHTR-E-08", "P40-U-64"), "a complex needs a territory with an income value")
        if state.facilities[t] & fac_bits or (fac_bits & _ANY_IC and state.facilities[t] & _ANY_IC):
            raise RuleError(rid(board, "CL-E-03", "LHTR-E-08", "P40-U-69"), "that facility already stands there")
        if is_1940(board):
            _site_rules(board, state, power, t, fac_bits)
    if combat:
        if _is_china(board, power) and is_1940(board):
            if not _chinese_territory(board, t) or state.owner[t] != power:
                raise RuleError("P40-E-18", "Chinese units are placed in Chinese territories China controls")
        else:
            if options and options.get("no_new_complexes") and not board.had_ic_at_start(t):
                raise RuleError("CL-O-05", "No New Complexes: only complexes on the board since the start place units")
            if not can_mobilize_at(board, state, power, t):
                raise RuleError(rid(board, "CL-E-03", "LHTR-E-03", "P40-E-11", "G40-E-01"),
                                "new units go only at the power's own complex held since the start of the turn")
            left = placement_limit(board, state, power, t)
            if left == 0 or (left > 0 and combat > left):
                raise RuleError(rid(board, "CL-E-04", "LHTR-E-04", "P40-E-12", "G40-E-01"),
                                "the complex there may place %d more units this turn" % (left if left > 0 else 0))
    for u, n in items:
        _pool_take(state, u, n, power)
    events = []
    if combat:
        state.placed[t] = min(254, state.placed[t] + combat)
    if fac_bits:
        state.facilities[t] |= fac_bits
        if fac_bits & _ANY_IC:
            state.placed[t] = NEW_COMPLEX
        events.append((EV_FACILITY, t, state.facilities[t]))
    return events


def _site_rules(board, state, power, t, bits):
    """P40-U-64 (complexes: minor on >= 2 IPCs, major on an original territory of >= 3, never
    on an island except Japan, P40-X-09), P40-U-66 (naval base needs a coastline)."""
    if bits & _ANY_IC:
        if board.is_island(t) and board.territory_name(t) != "Japan":
            raise RuleError("P40-U-64", "no industrial complex on an island (Japan excepted)")
        if bits & FAC_MAJOR:
            if board.original_owner(t) != power or board.ipc(t) < 3:
                raise RuleError("P40-U-64", "a major complex needs an original territory worth 3 or more")
        elif board.ipc(t) < 2:
            raise RuleError("P40-U-64", "a minor complex needs a territory worth 2 or more")
    if bits & FAC_NAVAL_BASE and not board.is_coastal(t):
        raise RuleError("P40-U-66", "a naval base needs a coastline")


def _facility_bits(rec):
    ab = rec[U.U_ABILITIES]
    bits = 0
    if ab & U.AB_IC:
        if ab & U.AB_MINOR:
            bits |= FAC_MINOR
        elif rec[U.U_MAX_DAMAGE] if len(rec) > U.U_MAX_DAMAGE else 0:
            bits |= FAC_MAJOR
        else:
            bits |= FAC_IC
    if ab & U.AB_AIR_BASE:
        bits |= FAC_AIR_BASE
    if ab & U.AB_NAVAL_BASE:
        bits |= FAC_NAVAL_BASE
    return bits


def end_mobilize(board, state, power):
    """Units left in the pool: refunded (P40-E-17) or lost (CL-E-05, LHTR-E-04). Upgrades
    bought this turn take effect (P40-E-12: the complex placed at most 3 this turn)."""
    events = []
    refund = board.rules["overbuy"] == "refund"
    rest = []
    for u, n, who in state.pool:
        if who != power:
            rest.append([u, n, who])
            continue
        if u == -1:
            t = n
            state.facilities[t] = (state.facilities[t] & ~FAC_MINOR) | FAC_MAJOR
            events.append((EV_FACILITY, t, state.facilities[t]))
            continue
        if refund:
            back = unit_price(board, state, power, u) * n
            state.treasury[power] += back
            events.append((EV_REFUND, power, u, n))
        else:
            events.append((EV_LOST, power, u, n))
    state.pool = rest
    return events


# ---------------------------------------------------------------- capture and liberation

def _set_owner(board, state, t, new, events):
    old = state.owner[t]
    if old == new:
        return
    state.owner[t] = new
    state.captured[t] = 1
    if side_of(board, old) != side_of(board, new):
        set_since(state, t, state.game_turn)
    events.append((EV_CONTROL, t, old if old != NO_OWNER else -1, new))


def controller_after_capture(board, state, t, captor):
    """Who controls t once `captor` takes it: the captor, or the original owner it liberates
    (CL-C-82/83, LHTR-C-80/81, P40-C-103/104/110)."""
    orig = board.original_owner(t)
    if orig < 0 or orig == captor or board.side(orig) != board.side(captor):
        return captor
    if board.turn_partner(captor) == orig:
        return orig   # G40-E-07: the other UK economy never takes the captured one's territories
    c = board.capital(orig)
    if c == t:
        return orig  # liberating a capital always returns it (LHTR-C-82, P40-C-108)
    if capital_lost(board, state, orig):
        return captor  # liberation blocked by a lost capital (CL-C-83, LHTR-C-81, P40-C-104)
    return orig


def capture(board, state, t, captor, aa=0, convert=False):
    """Record that `captor` took territory t (battle won, moved into an empty enemy or
    unheld territory, blitzed). Returns events. Checks only that it is an enemy or
    unheld territory; movement legality is the players' business on the map.
    `convert`: a friendly neutral converted in Noncombat Move; its standing army joins the
    converting power (P40-E-76). An attacked neutral's army fights the battle instead."""
    if board.is_sea(t):
        raise RuleError(rid(board, "CL-C-80", "LHTR-C-70", "P40-C-100"), "sea zones are never captured")
    old = state.owner[t]
    if old == captor:
        raise RuleError(rid(board, "CL-C-80", "LHTR-C-70", "P40-C-100"), "that territory is already yours")
    if old != NO_OWNER and board.side(old) == board.side(captor):
        # Dutch guardianship and conversions are captures of unheld territories; a
        # friendly-held territory is never taken (LHTR-P-12, CL-P-15, P40-C-120).
        raise RuleError(rid(board, "CL-P-15", "LHTR-P-12", "P40-C-120"), "allies never take territory from each other")
    if old != NO_OWNER and not state.is_at_war(captor, old):
        raise RuleError(rid(board, "CL-P-15", "LHTR-P-12", "P40-P-06", "G40-C-01"),
                        "a power never attacks a territory of a power it is not at war with")
    events = []
    new = controller_after_capture(board, state, t, captor)
    plunder_from = -1
    cap_of = _capital_of(board, t)
    if cap_of >= 0 and board.side(cap_of) != board.side(captor) and old != NO_OWNER \
            and board.side(old) != board.side(captor):
        plunder_from = cap_of
    _set_owner(board, state, t, new, events)
    fac = state.facilities[t]
    if old != NO_OWNER and fac:
        if board.rules.get("downgrade_major") and fac & FAC_MAJOR and new != board.original_owner(t):
            fac = (fac & ~FAC_MAJOR) | FAC_MINOR
            if state.damage[t] > 6:
                state.damage[t] = 6
        if fac & _ANY_IC and is_1940(board) and _chinese_territory(board, t) and board.side(new) == 1 \
                and board.side(old) == 0:
            fac &= ~_ANY_IC  # P40-C-111: Japanese complexes in Chinese territory are removed
            state.damage[t] = 0
        if fac != state.facilities[t]:
            state.facilities[t] = fac
            events.append((EV_FACILITY, t, fac))
    if aa:
        events.append((EV_AA, t, new))
    if convert:
        for u, n in board.garrison(t):
            events.append((EV_GARRISON, t, new, u, n))
    if plunder_from >= 0:
        amount = state.treasury[plunder_from]
        state.treasury[plunder_from] = 0
        state.frozen[plunder_from] = 0
        state.treasury[captor] += amount
        if board.rules.get("frozen_plunder") and capital_lost(board, state, captor):
            state.frozen[captor] += amount  # LHTR-E-13
        events.append((EV_PLUNDER, plunder_from, captor, amount))
    if new == board.original_owner(t) and board.capital(new) == t:
        _revert_to(board, state, new, events)
    return events


def _capital_of(board, t):
    for p in range(board.power_count):
        if board.capital(p) == t:
            return p
    return -1


def _revert_to(board, state, power, events):
    """A liberated capital: territories originally `power`'s held by friends revert
    (CL-C-83, LHTR-C-84, P40-C-108). No IPCs change hands."""
    me = board.side(power)
    for t in range(board.territory_count):
        if board.original_owner(t) == power:
            o = state.owner[t]
            if o != power and o != NO_OWNER and board.side(o) == me:
                _set_owner(board, state, t, power, events)
    if state.frozen[power]:
        state.frozen[power] = 0  # LHTR-E-13: seized IPCs become spendable


def violate_neutral(board, state, power, t):
    """Classic: the first power to enter a neutral captures it and pays 3 IPCs (CL-C-91/92)."""
    fee = board.rules.get("neutral_fee", 0)
    if not fee:
        raise RuleError(rid(board, "CL-C-92", "LHTR-P-11", "P40-C-130"), "no neutrality fee in this edition")
    if board.is_sea(t) or state.owner[t] != NO_OWNER or board.ipc(t) != 0 or board.original_owner(t) >= 0:
        raise RuleError("CL-C-90", "that is not an untouched neutral territory")
    if state.treasury[power] < fee:
        raise RuleError("CL-C-92", "violating a neutral costs %d IPCs" % fee)
    state.treasury[power] -= fee
    events = [(EV_PAY, power, fee)]
    _set_owner(board, state, t, power, events)
    return events

"""The less common parts of a battle, loaded only when a battle needs them (device heap):
scramble, kamikaze strikes, bombardment, the amphibious hand-over from the sea battle to the
land battle (cargo), carrier cargo, and the state's bytes (to_bytes / from_bytes).

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle.py.Battle with the same name; see that module for the rules they follow.
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core import casualties as cz
from engine_core.errors import RuleError, InputError
from engine_core.battle import (ATTACKER, DEFENDER, FAM_1940, FAM_CLASSIC, FAM_LHTR,
                                H_ANY, K_AMPHIBIOUS, K_LAND, O_RETREAT, P_BOMBARD, P_CASUALTIES,
                                P_DICE, P_KAMIKAZE, P_SCRAMBLE, Prompt, S_AA, S_BOMBARD,
                                S_KAMIKAZE, T_COMBINED, _zeros)


def _s_scramble(self, dice):
    if self.kind == K_LAND or not self.flags & uu.CF_SCRAMBLE or sum(self.scramble) == 0 \
            or self.part == 1:
        return True
    if self.hits == "scrambled":
        self.hits = None
        return True
    limit = 3 * self.air_bases
    self._set_prompt(Prompt(P_SCRAMBLE, DEFENDER, tuple(u for u in range(self.n) if self.scramble[u]),
                            {}, (limit,)))
    return False


def _answer_scramble(self, p, choice):
    if isinstance(choice, (int, str)) and choice != "default":
        # one unit type named: as many of it as may scramble
        u = choice if isinstance(choice, int) else self.board.unit_id(choice)
        if not (0 <= u < self.n):
            raise InputError("unit id out of range")
        k = self.scramble[u] if self.scramble[u] < p.info[0] else p.info[0]
        choice = ((u, k),)
    v = self._vec(choice if isinstance(choice, (dict, list, tuple)) else None)
    total = 0
    for u in range(self.n):
        if v[u] > self.scramble[u]:
            raise RuleError("P40-C-20", "only the air units at the air base may scramble")
        r = self.units[u]
        if v[u] and not r[uu.U_ABILITIES] & uu.AB_CARRIER_AIR:
            raise RuleError("P40-C-20", "only fighters and tactical bombers scramble")
        total += v[u]
    if total > p.info[0]:
        raise RuleError("P40-C-20", "at most 3 air units scramble from each air base")
    self.prompt = None
    for u in range(self.n):
        if v[u]:
            self.alive[DEFENDER][u] += v[u]
            self._emit((ev.E_SCRAMBLE, u, v[u]))
    self.scramble = _zeros(self.n)
    self.hits = "scrambled"


def _s_kamikaze(self, dice):
    if not self.flags & uu.CF_KAMIKAZE or self.kamikaze <= 0 or self.kind == K_LAND:
        return True
    if self.part == 1 and self.sea_combat:
        return True                       # struck in the sea part already
    if isinstance(self.hits, tuple) and self.hits[0] == "kamikaze":
        targets = self.hits[1]
        if dice is None and self._typed is None:
            # one column per strike, in the declared order, so hit counts name the target
            self._set_prompt(Prompt(P_DICE, DEFENDER, ("dice", "hits"), None,
                                    (S_KAMIKAZE, tuple((2, 1) for _ in targets))))
            return False
        typed = self._typed
        self._typed = None
        if typed is not None and typed[0] == "hits":
            vals = tuple(1 if h else 6 for h in typed[1])   # a hit stands for a die of 1
        else:
            vals = tuple(typed[1]) if typed is not None else tuple(dice.roll(len(targets)))
        shown = () if typed is not None and typed[0] == "hits" else vals
        self._emit((ev.E_ROLL, DEFENDER, S_KAMIKAZE, 2, shown))
        _resolve_kamikaze(self, targets, vals)
        self.hits = None
        self.struck = 1
        return True
    pool = _kamikaze_pool(self, )
    opts = []
    for u in range(self.n):
        if pool[u] and self.units[u][uu.U_ABILITIES] & uu.AB_SURFACE_WARSHIP:
            opts.append(u)
    if not opts:
        return True
    if self.hits == "kamikaze_none":
        self.hits = None
        return True
    self._set_prompt(Prompt(P_KAMIKAZE, DEFENDER, tuple(opts), (), (self.kamikaze,)))
    return False


def _answer_kamikaze(self, p, choice):
    """choice: a list of targets, each a unit name/id or [unit, ship number] (P40-C-34/35)."""
    targets = []
    if choice == "default":
        choice = None
    if isinstance(choice, (int, str)):
        choice = (choice,)
    for t in (choice or ()):
        if isinstance(t, (list, tuple)):
            u = t[0] if isinstance(t[0], int) else self.board.unit_id(t[0])
            k = int(t[1])
        else:
            u = t if isinstance(t, int) else self.board.unit_id(t)
            k = 0
        if u not in p.options:
            raise RuleError("P40-C-35", "kamikaze strikes target surface warships of the attacker only")
        if not (0 <= k < _kamikaze_pool(self, )[u]):
            raise RuleError("P40-C-35", "no such ship in the battle")
        targets.append((u, k))
    if len(targets) > p.info[0]:
        raise RuleError("P40-C-30", "not enough kamikaze tokens")
    self.prompt = None
    if not targets:
        self.hits = "kamikaze_none"
        return
    self.hits = ("kamikaze", tuple(targets))
    self._emit((ev.E_KAMIKAZE, len(targets), tuple(t[0] for t in targets)))


def _kamikaze_pool(self):
    # the attacker's ships in the zone: the sea battle's, or (amphibious without a sea
    # battle) the ships offshore supporting the landing
    if self.part == 1:
        return self.bombard
    return self.alive[ATTACKER]


def _resolve_kamikaze(self, targets, vals):
    """P40-C-36: each strike hits on 2 or less, on its chosen ship. Ship numbers: the damaged
    ships of a type come first (ENGINE)."""
    n = self.n
    tally = {}
    keys = []
    for i in range(len(targets)):
        if vals[i] <= 2:
            key = targets[i]
            if key not in tally:
                tally[key] = 0
                keys.append(key)
            tally[key] += 1
    self.kamikaze -= len(targets)
    for key in keys:
        u, k = key
        h = tally[key]
        two = self.units[u][uu.U_HITS] >= 2
        damaged = k < self.dmg[ATTACKER][u]
        if not two or damaged or h >= 2:
            if damaged:
                self.dmg[ATTACKER][u] -= 1
            self._emit((ev.E_CASUALTY, ATTACKER, u, 1))
            if self.part == 1:
                self.bombard[u] -= 1
                self.lost[ATTACKER][u] += 1
            else:
                self._kill(ATTACKER, u, 1)
        elif self.part == 1:
            self._emit((ev.E_DAMAGE, ATTACKER, u, 1))   # a damaged ship still bombards
        else:
            self.dmg[ATTACKER][u] += 1
            self._emit((ev.E_DAMAGE, ATTACKER, u, 1))
    self._emit((ev.E_HITS, DEFENDER, S_KAMIKAZE, sum(tally[k] for k in keys)))


def _s_bombard(self, dice):
    if not (self.kind == K_AMPHIBIOUS and self.part == 1):
        return True
    if self.family == FAM_LHTR and self.round != 1:
        return True
    if self.sea_combat or self.struck:
        return True                       # CL-C-42, LHTR-C-44, P40-C-60, P40-C-37
    if isinstance(self.hits, tuple) and self.hits[0] == S_BOMBARD:
        if len(self.hits) == 1:
            self.hits = None
            return True
        ships = self.hits[1]
        return _fire_bombard(self, ships, dice)
    avail = _zeros(self.n)
    count = 0
    for u in range(self.n):
        ab = self.units[u][uu.U_ABILITIES]
        ok = ab & uu.AB_BOMBARD
        if ab & uu.AB_DESTROYER and self.tech[ATTACKER] & T_COMBINED and self.family == FAM_LHTR:
            ok = True                     # LHTR-T-12
        if ok and self.bombard[u]:
            avail[u] = self.bombard[u]
            count += self.bombard[u]
    if count == 0 or self._count(DEFENDER) == 0:
        return True
    limit = count
    if self.flags & uu.CF_BOMBARD_PER_LAND_UNIT:
        land = sum(self.seaborne)
        limit = count if count < land else land   # LHTR-U-51 / P40-C-61
    if limit <= 0:
        return True
    # default: the strongest ships up to the limit
    order = [u for u in range(self.n) if avail[u]]
    order.sort(key=lambda u: (-_bombard_value(self, u), u))
    default = {}
    left = limit
    for u in order:
        k = avail[u] if avail[u] < left else left
        if k:
            default[u] = k
            left -= k
    self._set_prompt(Prompt(P_BOMBARD, ATTACKER, tuple(order), default, (limit, avail)))
    return False


def _bombard_value(self, u):
    r = self.units[u]
    if r[uu.U_ABILITIES] & uu.AB_DESTROYER and not r[uu.U_ABILITIES] & uu.AB_BOMBARD:
        return 3
    if self.na:
        from engine_core import battle_options
        return battle_options.bombard_value(self, u, r[uu.U_ATTACK])
    return r[uu.U_ATTACK]


def _answer_bombard(self, p, choice):
    limit, avail = p.info
    if choice is None or choice == "default":
        v = self._vec(p.default)
    elif isinstance(choice, (int, str)):
        u = choice if isinstance(choice, int) else self.board.unit_id(choice)
        if not (0 <= u < self.n):
            raise InputError("unit id out of range")
        v = _zeros(self.n)
        v[u] = avail[u] if avail[u] < limit else limit
    else:
        v = self._vec(choice)
    t = 0
    for u in range(self.n):
        if v[u] > avail[u]:
            raise RuleError("P40-C-60" if self.family == FAM_1940 else "LHTR-U-51",
                            "only ships with the assault that fought no sea battle may bombard")
        t += v[u]
    if t > limit:
        raise RuleError("P40-C-61" if self.family == FAM_1940 else "LHTR-U-51",
                        "at most one bombarding ship per land unit offloaded")
    self.prompt = None
    self.hits = (S_BOMBARD, tuple((u, v[u]) for u in range(self.n) if v[u]))


def _fire_bombard(self, ships, dice):
    groups = []
    for u, k in ships:
        groups.append([_bombard_value(self, u), k, 1, H_ANY, k])
        self._emit((ev.E_BOMBARD, u, k))
    groups.sort(key=lambda g: (g[0], g[3]))
    hits = self._roll(ATTACKER, S_BOMBARD, groups, dice, DEFENDER)
    if hits is None:
        return False
    self.hits = (S_BOMBARD,)
    if sum(hits):
        rule = "P40-C-62" if self.family == FAM_1940 else ("LHTR-C-44" if self.family == FAM_LHTR
                                                         else "CL-C-41")
        counts = None
        if self.na:
            from engine_core import battle_options
            counts = battle_options.bombard_targets(self)
        if self._ask_casualties(DEFENDER, hits, rule, S_BOMBARD, counts):
            return False
    return True


def _to_land_part(self):
    """The sea battle of an amphibious assault is over: carry on with the land battle.
    Cargo is lost with its transports; the attacker loses the transports with the cheapest
    loads (ENGINE); cargo of transports that withdrew stays aboard."""
    sea_out = self.outcome
    sea_a = self.alive[ATTACKER]
    sea_d = self.alive[DEFENDER]
    # a sea combat happened if any defender was there (a scramble of none leaves none)
    self.sea_combat = 1 if sum(sea_d) + sum(self.lost[DEFENDER]) + sum(self.subm[DEFENDER]) > 0 else 0
    tr_alive = 0
    for u in range(self.n):
        if self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
            tr_alive += sea_a[u]
    self.sea_lost = self.lost
    land_a, land_d = self._land
    self._land = None
    self.sea_surv = [list(sea_a), list(sea_d)]
    for u in range(self.n):
        self.sea_surv[0][u] += self.gone[u] + self.subm[0][u]
        self.sea_surv[1][u] += self.subm[1][u]
    self.gone = _zeros(self.n)
    self.subm = [_zeros(self.n), _zeros(self.n)]
    cleared = True
    for u in range(self.n):
        if sea_d[u] and not self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
            cleared = False
    tr_left = tr_alive
    for u in range(self.n):
        if self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
            tr_left += self.sea_surv[0][u] - sea_a[u]     # retreated transports keep cargo
    # the transports cannot offload unless the zone is cleared (P40-C-63, CL-C-42, LHTR-C-42)
    landing = not (sea_out == O_RETREAT or not cleared)
    self.lost = [list(self.sea_lost[0]), list(self.sea_lost[1])]
    _settle_cargo(self, self.sea_surv)
    sb = self.seaborne
    loads = _pack_loads(self, sb)
    for i in range(len(loads)):
        vec = loads[i]
        if i < tr_left and landing:
            continue                      # these units land
        for u in range(self.n):
            if vec[u]:
                land_a[u] -= vec[u]
                sb[u] -= vec[u]
                if i >= tr_left:
                    self.lost[0][u] += vec[u]   # lost with its transport (LHTR-C-43)
    self.alive = [land_a, land_d]
    self.dmg = [_zeros(self.n), _zeros(self.n)]
    self.cas = [_zeros(self.n), _zeros(self.n)]
    self.outcome = 0
    self.part = 1
    self.pre = 1
    self.step_i = 0
    self.round = 0
    self.hits = None


def _pack_loads(self, sb):
    """The seaborne units as transport loads, most valuable first (ENGINE packing): Classic
    carries 1-2 infantry or one other unit (CL-U-71); Revised/LHTR and 1940 one unit of any
    type plus one infantry (LHTR-U-71, P40-U-58)."""
    inf = self._para_unit()
    left = list(sb)
    loads = []
    others = []
    for u in range(self.n):
        if u != inf:
            for _ in range(left[u]):
                others.append(u)
    others.sort(key=lambda u: (-self.units[u][uu.U_COST], u))
    for u in others:
        v = _zeros(self.n)
        v[u] = 1
        if self.family != FAM_CLASSIC and inf >= 0 and left[inf] > 0:
            v[inf] += 1
            left[inf] -= 1
        loads.append(v)
    while inf >= 0 and left[inf] > 0:
        v = _zeros(self.n)
        k = 2 if left[inf] >= 2 else 1
        v[inf] = k
        left[inf] -= k
        loads.append(v)
    keyed = []
    for i in range(len(loads)):
        val = 0
        for u in range(self.n):
            val += loads[i][u] * self.units[u][uu.U_COST]
        keyed.append((-val, i))
    keyed.sort()
    return [loads[k[1]] for k in keyed]


def _settle_cargo(self, alive_now):
    """Cargo on carriers beyond 2 per surviving carrier is lost with the carriers (CL-D-21,
    LHTR-U-61, LHTR-CHG-AIR-06, P40-U-55)."""
    for side in (0, 1):
        if not sum(self.cargo[side]):
            continue
        carriers = 0
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & uu.AB_CARRIER:
                carriers += alive_now[side][u]
        drop = sum(self.cargo[side]) - 2 * carriers
        for u in cz.loss_order(self.units, side == ATTACKER, self.flags):
            if drop > 0 and self.cargo[side][u]:
                k = self.cargo[side][u] if self.cargo[side][u] < drop else drop
                self.cargo[side][u] -= k
                self.lost[side][u] += k
                self._emit((ev.E_CASUALTY, side, u, k))
                drop -= k


def to_bytes(self):
    """The whole battle state as bytes (a few hundred): resume with Battle.from_bytes."""
    out = bytearray()

    def put(x):
        x = int(x)
        if x < 0:
            raise InputError("negative value in battle state")
        while x >= 128:
            out.append((x & 127) | 128)
            x >>= 7
        out.append(x)

    def vec(v):
        # sparse: number of non-zero entries, then (unit id, count) pairs
        nz = 0
        for x in v:
            if x:
                nz += 1
        put(nz)
        for i in range(len(v)):
            if v[i]:
                put(i)
                put(v[i])

    put(2)                                   # format version
    put(self.n)
    for x in (self.kind, self.family, self.tech[0], self.tech[1], self.step_i, self.pre,
              self.round, self.part, self.struck, self.sea_combat, self.dd[0], self.dd[1],
              self.fired[0], self.fired[1], self.decided[0], self.decided[1], self.outcome,
              self.air_bases, self.kamikaze, self.sub_withdraw, self.para, self.liberates):
        put(x)
    for side in (0, 1):
        vec(self.alive[side])
        vec(self.dmg[side])
        vec(self.cas[side])
        vec(self.subm[side])
        vec(self.lost[side])
    vec(self.gone)
    vec(self.seaborne)
    vec(self.bombard)
    vec(self.scramble)
    vec(self.cargo[0])
    vec(self.cargo[1])
    vec(self.sea_surv[0])
    vec(self.sea_surv[1])
    if self._land is not None:
        put(1)
        vec(self._land[0])
        vec(self._land[1])
    else:
        put(0)
    put(len(self.retreat_to))
    for r in self.retreat_to:
        s = str(r).encode()
        put(len(s))
        out.extend(s)
    # the pending marker (what the current step has already done)
    h = self.hits
    if h is None:
        put(0)
    elif isinstance(h, str):
        s = h.encode()
        put(1)
        put(len(s))
        out.extend(s)
    elif h[0] == "kamikaze":
        put(2)
        put(len(h[1]))
        for t in h[1]:
            put(t[0])
            put(t[1])
    elif h[0] == S_BOMBARD:
        put(3)
        if len(h) == 1:
            put(0)
        else:
            put(len(h[1]) + 1)
            for t in h[1]:
                put(t[0])
                put(t[1])
    else:
        s = str(h[0]).encode()
        put(4)
        put(len(s))
        out.extend(s)
    # a pending casualty prompt is rebuilt by re-running its step? No: keep its hits.
    p = self.prompt
    if p is not None and p.kind == P_CASUALTIES:
        put(1)
        put(p.side)
        hits = p.info[1]
        for x in hits:
            put(x)
        rule = p.info[2].encode()
        put(len(rule))
        out.extend(rule)
    else:
        put(0)
    if self.na:
        from engine_core import battle_options
        put(1)                               # national advantages follow
        battle_options.pack(self, put, vec)
    return bytes(out)


def from_bytes(cls, board, data):
    """Resume a battle saved with to_bytes (prompts are asked again)."""
    b = cls(board, 0, None, None, None, _blank=True)
    pos = [0]

    def get():
        x = 0
        shift = 0
        while True:
            if pos[0] >= len(data):
                raise InputError("battle state is truncated")
            c = data[pos[0]]
            pos[0] += 1
            x |= (c & 127) << shift
            shift += 7
            if c < 128:
                return x

    def vec():
        v = [0] * n
        for _ in range(get()):
            i = get()
            if i >= n:
                raise InputError("battle state is corrupt")
            v[i] = get()
        return v

    def text():
        k = get()
        s = bytes(data[pos[0]:pos[0] + k]).decode()
        pos[0] += k
        return s

    if get() != 2:
        raise InputError("unknown battle state format")
    n = get()
    if n != b.n:
        raise InputError("battle state is for another edition")
    (b.kind, fam, t0, t1, b.step_i, b.pre, b.round, b.part, b.struck, b.sea_combat, d0, d1,
     f0, f1, c0, c1, b.outcome, b.air_bases, b.kamikaze, b.sub_withdraw, b.para,
     b.liberates) = [get() for _ in range(22)]
    b.tech = [t0, t1]
    b.dd = [d0, d1]
    b.fired = [f0, f1]
    b.decided = [c0, c1]
    b.alive = [None, None]
    b.dmg = [None, None]
    b.cas = [None, None]
    b.subm = [None, None]
    b.lost = [None, None]
    for side in (0, 1):
        b.alive[side] = vec()
        b.dmg[side] = vec()
        b.cas[side] = vec()
        b.subm[side] = vec()
        b.lost[side] = vec()
    b.gone = vec()
    b.seaborne = vec()
    b.bombard = vec()
    b.scramble = vec()
    b.cargo = [vec(), vec()]
    b.sea_surv = [vec(), vec()]
    if get():
        b._land = (vec(), vec())
    else:
        b._land = None
    b.retreat_to = tuple(text() for _ in range(get()))
    tag = get()
    if tag == 0:
        b.hits = None
    elif tag == 1:
        b.hits = text()
    elif tag == 2:
        k = get()
        b.hits = ("kamikaze", tuple((get(), get()) for _ in range(k)))
    elif tag == 3:
        k = get()
        if k == 0:
            b.hits = (S_BOMBARD,)
        else:
            b.hits = (S_BOMBARD, tuple((get(), get()) for _ in range(k - 1)))
    else:
        s = text()
        b.hits = (int(s),) if s.isdigit() else (s,)
    pending = None
    if get():
        pending = (get(), tuple(get() for _ in range(4)), text())
    if pos[0] < len(data) and get():
        from engine_core import battle_options
        battle_options.unpack(b, get, vec)
    if pending:
        side, hits, rule = pending
        counts = b.targets(side)
        if b.current_step() == S_AA and b._para():
            counts = b._aa_targets()
        if b.na and b.current_step() == S_BOMBARD:
            from engine_core import battle_options
            counts = battle_options.bombard_targets(b)
        lost, dmg = cz.choose(b.units, counts, b.dmg[side], hits, side == ATTACKER, b.flags)
        opts = tuple(u for u in range(b.n) if counts[u])
        b.prompt = Prompt(P_CASUALTIES, side, opts, (lost, dmg), (counts, hits, rule))
    else:
        b.prompt = None       # retreat, submerge, dice... are asked again by their step
    return b


def may_scramble_from(board, t, islands_and_coastal=False):
    """May air units in territory `t` (with an operative air base, which the players check)
    scramble into an adjacent sea zone? P40-X-10: the 003 FAQ (default) allows islands only;
    `islands_and_coastal` is the rulebook's reading (island or coastal territories)."""
    if board.is_sea(t):
        return False
    if board.is_island(t):
        return True
    return bool(islands_and_coastal and board.is_coastal(t))

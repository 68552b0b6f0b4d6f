"""An amphibious assault: its sea battle in the launch zone set up, then the hand-over to the land battle
(cargo aboard transports and carriers settled with their ships).

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle/steps.py.Battle; loaded only when a battle needs it (device heap).
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.battle import casualties as cz
from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_CLASSIC, FAM_1940
from engine_core.battle.base import (ATTACKER, DEFENDER, O_RETREAT, zeros)


def setup(self, options):
    """The sea battle of an assault (options sea_attacker, sea_defender): checked, and fought
    first when there is one (CL-C-42, LHTR-C-42, P40-C-57); otherwise the land part starts."""
    self.sea_surv = [zeros(self.n), zeros(self.n)]
    sa = self._vec(options.get("sea_attacker"))
    sd = self._vec(options.get("sea_defender"))
    for u in range(self.n):
        if (sa[u] or sd[u]) and self.units[u][uu.U_KIND] not in (uu.SEA, uu.AIR):
            raise InputError("the sea battle of an assault has only ships and air units")
    if self.family == FAM_1940 and sum(sd) > 0:
        armed = False
        for u in range(self.n):
            if sa[u] and self.units[u][uu.U_ATTACK] > 0:
                armed = True
        if not armed:
            raise RuleError("P40-U-58", "transports and carriers cannot attack alone")
    self._check_decks([sa, sd], self.cargo)
    if sum(sd) > 0 or (sum(self.scramble) > 0 and self.family == FAM_1940):
        # the sea battle first (CL-C-42, LHTR-C-42, P40-C-57); land arrays wait
        self._land = (self.alive[0], self.alive[1])
        self.alive = [sa, sd]
        self.part = 0
    else:
        self.part = 1


def sea_tech(self, names):
    """The sea part's defenders fight with the technologies of their own power, `names` (the
    option sea_defender_tech; CL-T-05, LHTR-T-06, P40-R-06); the land part keeps defender_tech.
    Without a sea part the land battle starts at once and the option changes nothing."""
    from engine_core import techs
    b = techs.bits(names, techs.BATTLE, "battle")
    if self.part == 0 and b != self.tech[DEFENDER]:
        self.land_tech = self.tech[DEFENDER]
        self.tech[DEFENDER] = b


def sea_teched(self, options):
    """The launch zone's defenders of several powers (the option sea_defender_teched, as
    defender_teched for the land battle; CL-T-05, LHTR-T-06, LHTR-O-02): held in `teched` for
    the sea part, the land part's split (or None) kept in land_teched. Without a sea part the
    option changes nothing."""
    from engine_core import techs
    v = self._vec(options.get("sea_defender_teched"))
    na = options.get("sea_defender_na")
    if na is None:
        na = options.get("defender_na")
    bits = 0
    if na:
        from engine_core.battle import advantage_bits as ab
        bits = ab.name_bits(na, ab.NA_NAMES, "national advantage")
    techs.check_teched(self.units, v, self.alive[DEFENDER], self.family, bits, "sea_defender_teched")
    if self.part == 0:
        self.sea_split = 1
        self.land_teched = self.teched
        self.teched = v
        self.tcas = zeros(self.n)


def to_land_part(self):
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
    if self.land_tech is not None:
        self.tech[DEFENDER] = self.land_tech      # the land owner's again (sea_tech)
        self.land_tech = None
    if self.land_na is not None:
        self.na[DEFENDER] = self.land_na          # the land owner's again (advantages.setup)
        self.land_na = None
    if self.sea_split:
        self.teched = self.land_teched            # the land battle's split again (sea_teched)
        self.tcas = zeros(self.n) if self.teched is not None else None
        self.land_teched = None
        self.sea_split = 0
    self.foreign = None      # the sea part's strikers (sea_defender_strikers): the landing has none
    self.steched = None
    land_a, land_d = self._land
    self._land = None
    self.sea_surv = [list(sea_a), list(sea_d)]
    for u in range(self.n):
        self.sea_surv[0][u] += self.gone[u] + self.subm[0][u]
        self.sea_surv[1][u] += self.subm[1][u]
    self.gone = zeros(self.n)
    self.subm = [zeros(self.n), zeros(self.n)]
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
    settle_cargo(self, self.sea_surv)
    sb = self.seaborne
    loads = pack_loads(self, sb)
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
    self.dmg = [zeros(self.n), zeros(self.n)]
    self.cas = [zeros(self.n), zeros(self.n)]
    self.outcome = 0
    self.part = 1
    self.pre = 1
    self.step_i = 0
    self.round = 0
    self.hits = None


def pack_loads(self, sb):
    """The seaborne units as transport loads, most valuable first (loads below)."""
    return loads(self.units, self.family, sb)


def loads(units, fam, sb):
    """Seaborne units (a count per unit id) as transport loads, most valuable first (ENGINE
    packing): Classic carries 1-2 infantry or one other unit (CL-U-71); Revised/LHTR and 1940
    one unit of any type plus one infantry (LHTR-U-71, P40-U-58). The transports left after a
    sea battle carry the first loads (the attacker loses those with the cheapest ones)."""
    n = len(units)
    inf = -1
    for u in range(n):
        if units[u][uu.U_NAME] == "infantry":
            inf = u
            break
    left = list(sb)
    out = []
    others = []
    for u in range(n):
        if u != inf:
            for _ in range(left[u]):
                others.append(u)
    others.sort(key=lambda u: (-units[u][uu.U_COST], u))
    for u in others:
        v = zeros(n)
        v[u] = 1
        if fam != FAM_CLASSIC and inf >= 0 and left[inf] > 0:
            v[inf] += 1
            left[inf] -= 1
        out.append(v)
    while inf >= 0 and left[inf] > 0:
        v = zeros(n)
        k = 2 if left[inf] >= 2 else 1
        v[inf] = k
        left[inf] -= k
        out.append(v)
    keyed = []
    for i in range(len(out)):
        val = 0
        for u in range(n):
            val += out[i][u] * units[u][uu.U_COST]
        keyed.append((-val, i))
    keyed.sort()
    return [out[k[1]] for k in keyed]


def settle_cargo(self, alive_now):
    """Cargo on carriers beyond 2 per surviving carrier is lost with the carriers (CL-D-21,
    LHTR-U-61, LHTR-CHG-AIR-06, P40-U-55): a defender's surviving planes in the air take their
    decks first (the cargo rode the damaged carriers). Land units aboard transports beyond 2 per
    surviving transport are lost with them (CL-U-70 "any cargo aboard is lost with it",
    LHTR-U-70, P40-U-58)."""
    for side in (0, 1):
        if not sum(self.cargo[side]):
            continue
        carriers = 0
        holds = 0
        air = 0
        land = 0
        for u in range(self.n):
            r = self.units[u]
            if r[uu.U_ABILITIES] & uu.AB_CARRIER:
                carriers += alive_now[side][u]
            if r[uu.U_ABILITIES] & uu.AB_TRANSPORT:
                holds += alive_now[side][u]
            if r[uu.U_KIND] == uu.AIR:
                air += self.cargo[side][u]
            elif r[uu.U_KIND] == uu.LAND:
                land += self.cargo[side][u]
        decks = 2 * carriers
        if side == DEFENDER:
            for u in range(self.n):
                if self.units[u][uu.U_KIND] == uu.AIR:
                    decks -= alive_now[side][u]
        _drop(self, side, uu.AIR, air - (decks if decks > 0 else 0))
        _drop(self, side, uu.LAND, land - 2 * holds)


def _drop(self, side, kind, drop):
    for u in cz.loss_order(self.units, side == ATTACKER, self.flags):
        if drop > 0 and self.cargo[side][u] and self.units[u][uu.U_KIND] == kind:
            k = self.cargo[side][u] if self.cargo[side][u] < drop else drop
            self.cargo[side][u] -= k
            self.lost[side][u] += k
            self._emit((ev.E_CASUALTY, side, u, k))
            drop -= k

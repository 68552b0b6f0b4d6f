"""A battle's state as bytes (a few hundred): `to_bytes(battle)` and
`from_bytes(Battle, board, data)` resume it at the same step after a power cut.

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle/steps.py.Battle; loaded only when a battle needs it (device heap).
"""

from engine_core.battle import casualties as cz
from engine_core import techs
from engine_core.techs import (JETS, SUPER_SUBS, HEAVY_BOMBERS, COMBINED_BOMBARDMENT, RADAR,
    ADVANCED_ARTILLERY, IMPROVED_MECH)
from engine_core.errors import InputError
from engine_core.battle.base import (ATTACKER, P_CASUALTIES, Prompt, S_AA, S_BOMBARD, zeros)


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
    for x in (self.kind, self.family, techs.pack(self.tech[0], _PACKED),
              techs.pack(self.tech[1], _PACKED), self.step_i,
              self.pre, self.round, self.part, self.struck, self.sea_combat, self.dd[0], self.dd[1],
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
    surv = self.sea_surv or (zeros(self.n), zeros(self.n))     # only an assault has them
    vec(surv[0])
    vec(surv[1])
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
    # optional fields, each after a flag; a battle without the later ones ends earlier (the
    # bytes of earlier saves). `last`: the last field present (1..7), 0 none
    last = 0
    for i, there in ((1, self.na), (2, self.teched is not None), (3, self.land_tech is not None),
                     (4, self.land_na is not None), (5, self.sea_split), (6, self.foreign is not None),
                     (7, self.steched is not None)):
        if there:
            last = i
    if self.na:
        from engine_core.battle import advantages
        put(1)                               # national advantages follow
        advantages.pack(self, put, vec)
    elif last > 1:
        put(0)
    if self.teched is not None:
        put(1)                               # defender_teched follows (an earlier save ends here)
        vec(self.teched)
        vec(self.tcas)
    elif last > 2:
        put(0)
    if self.land_tech is not None:
        put(1)                               # an assault's sea part: the land part's defender technologies
        put(techs.pack(self.land_tech, _PACKED))
    elif last > 3:
        put(0)
    if self.land_na is not None:
        put(1)                               # ... the land part's defender advantages (sea_defender_na)
        put(self.land_na)
    elif last > 4:
        put(0)
    if self.sea_split:
        # ... teched above is the sea part's (sea_defender_teched): 1, the land part has none;
        # 2, the land part's defender_teched follows
        if self.land_teched is None:
            put(1)
        else:
            put(2)
            vec(self.land_teched)
    elif last > 5:
        put(0)
    if self.foreign is not None:
        put(1)                               # defender_strikers: the defenders Japan may not name
        vec(self.foreign)
    elif last > 6:
        put(0)
    if self.steched is not None:
        put(1)                               # defender_strikers_teched: Japan's strikers with its technology
        vec(self.steched)
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
    b.tech = [techs.unpack(t0, _PACKED), techs.unpack(t1, _PACKED)]
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
        from engine_core.battle import advantages
        advantages.unpack(b, get, vec)
    if pos[0] < len(data) and get():
        b.teched = vec()
        b.tcas = vec()
    if pos[0] < len(data) and get():
        b.land_tech = techs.unpack(get(), _PACKED)   # sea_defender_tech (amphibious.sea_tech)
    if pos[0] < len(data) and get():
        b.land_na = get()                            # sea_defender_na (advantages.setup)
    if pos[0] < len(data):
        k = get()                                    # sea_defender_teched (amphibious.sea_teched)
        if k:
            b.sea_split = 1
            b.land_teched = vec() if k == 2 else None
    if pos[0] < len(data) and get():
        b.foreign = vec()                            # defender_strikers (advantages._strikers)
    if pos[0] < len(data) and get():
        b.steched = vec()                            # defender_strikers_teched (na_strikes.setup_teched)
    if pending:
        side, hits, rule = pending
        counts = b.targets(side)
        if b.current_step() == S_AA and b._para():
            counts = b._aa_targets()
        if b.na and b.current_step() == S_BOMBARD:
            from engine_core.battle import advantages
            counts = advantages.bombard_targets(b)
        lost, dmg = cz.choose(b.units, counts, b.dmg[side], hits, side == ATTACKER, b.flags,
                              None, b.plain_subs(side, counts))
        opts = tuple(u for u in range(b.n) if counts[u])
        b.prompt = Prompt(P_CASUALTIES, side, opts, (lost, dmg), (counts, hits, rule))
    else:
        b.prompt = None       # retreat, submerge, dice... are asked again by their step
    return b


# The state's technology fields keep format 2's layout (bit i = _PACKED[i]), whatever the bits
# of engine_core.techs: a battle saved by an earlier firmware resumes with the same technologies.
_PACKED = (JETS, SUPER_SUBS, HEAVY_BOMBERS, COMBINED_BOMBARDMENT, RADAR, ADVANCED_ARTILLERY,
           IMPROVED_MECH)


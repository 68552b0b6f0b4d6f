"""Exact battle odds: the outcome distribution of a battle by dynamic programming (issue 6).

    odds(board, kind, attacker, defender, policy=None, number=float, bombard=None,
         tech=None, damaged=None, rounds_done=0, advantages=None, space=None) -> dict

`board` is a loaded board (engine_core.board) or an edition name; `kind` is "land", "sea"
or "amphibious" (the land battle of an assault: first-round bombardment, no retreat; a sea
battle in the launch zone is a "sea" battle of its own, fought first); sides are dicts of unit name (or alias) -> count, or tuples of
(unit id, count). `number` is the number type: float on the device, fractions.Fraction
passed in by host tests for exact values (this module never imports fractions).

How it works. A side's state is its counts on the board (damaged two-hit units and
submerged submarines apart). One round maps a pair of states to a distribution of pairs:
each side's hits are the convolution of its firing groups' binomials, split by what the
hits may strike (any / not air / not submarines / air only), and each side takes them
with the battle engine's own default order of loss (engine_core.battle.casualties.choose) or a
player's order. No round can add a unit, so every change lowers the on-board hit points
of the pair: states are processed from the most hit points down, each once; the chance
that nothing changes in a round (no hits at all) is a self-loop, divided out as
1 / (1 - p_stay), which is also the expected number of rounds spent there. The first
round is computed on its own (antiaircraft fire, bombardment), and so are the first N
rounds when the attacker retreats after round N.
When no submarine is in the battle and both sides take casualties in the default order, each
side's states form chains of single hits, and the rounds are summed along them
(_Run._stationary_chain: a state gathers the mass of the states above it on its chain at once,
instead of every pair of next states being spread; 100 v 100 infantry 4x faster, the device's
mixed 20 v 20 ~20x under MicroPython).
On the device (MicroPython, floats) the same DP keeps its masses in packed rows when the
battle needs it (lists when they fit the free heap), caches less, collects garbage often, and
solves a battle that opens with antiaircraft fire as a mixture: one part per outcome of that
fire, each on fresh sides, their reports merged.

Policies (dict, all optional):
  attacker_order / defender_order  tuple of unit names: the player's order of loss
  keep_land        the attacker loses its last N capturing land units after everything else
  retreat_after_round  N: the attacker retreats at the end of round N
  retreat_at_units     N: the attacker retreats when it has N or fewer units on the board
  retreat_below        P: the attacker retreats when its chance to win from there is < P
  submerge         True: submarines submerge / withdraw when they cannot hurt anything (the
                   enemy has no sea unit on the board) and the rules let them; default False,
                   as the battle engine's default answer (stay)

Result keys: attacker_wins, defender_wins, draw (both destroyed, or neither can hurt the
other), attacker_retreats, attacker_captures, expected_rounds, attacker_survivors /
defender_survivors (expected count per unit name), attacker_ipc_lost, defender_ipc_lost,
ipc_swing (defender's loss minus attacker's), attacker_remaining / defender_remaining
(tuples of (units dict, probability), most likely first), method "exact", pruned (the
probability mass left out: joint states reached with less than PRUNE[0] and hit outcomes less
likely than PRUNE[1]; the battle is solved again without pruning when it passes PRUNE_MAX =
1e-12, so every figure is within 1e-12 of the exact one; 0 with fractions).
On the device, `Solver(...)` computes the same report in slices of bounded work (step(budget),
estimate() with its error, result()): see the class.
Live odds after a round: call again on the survivors with `damaged` and `rounds_done`, or
`live(battle)` on a running engine_core.battle.steps.Battle (at its retreat question).

LHTR national advantages (Revised / LHTR only, LHTR-O-02): `advantages` =
{"attacker": [...], "defender": [...]} with engine_core/battle/advantages.py's names, `space` =
facts about the territory ("gray", "island", "tan"). The ones that change dice are computed:
powerful battleships (and their bombardment), banzai (judged on the units that began the
attack), dug in, Russian winter, Fortress Europe, wolf packs (per cycle from the subs on the
board), the first cycle's dive bomber, marines and Atlantic Wall, radar and superfortresses
against AA. Kamikazes and kaitens count as not named (the battle engine's default answer);
panzerblitz changes no die.

Before the battle, not part of it here: kamikaze strikes and scrambles (pass the ships left
and damaged, and the scrambled aircraft among the defenders); an assault's sea battle (a
"sea" battle of its own). Retreat policies are refused for amphibious assaults (landed units
never retreat). The Monte Carlo mode (`monte_carlo`, engine_core/odds/montecarlo.py) runs
engine_core.battle.steps with the same policy and reports standard errors.
"""

from struct import pack_into as _pack, unpack_from as _unpack
from array import array as _array
from engine_core.editions import family, FAM_LHTR
from engine_core.errors import InputError
from engine_core.battle.advantage_bits import (NA_WOLF, NA_STUKA, NA_FORTRESS, NA_ATLANTIC,
    NA_BATTLESHIPS, NA_DUG_IN, NA_BANZAI, NA_MARINES, NA_RADAR, NA_SUPERFORT, NA_WINTER, SP_GRAY,
    SP_ISLAND, SP_TAN)
from engine_core.battle import casualties as _cas
from engine_core.battle.groups import support
from engine_core import techs
from engine_core.odds.base import (KINDS, O_ATTACKER, O_DEFENDER, O_DRAW, O_RETREAT, tables,
    counts, split_tech, teched_of, advantage_bits, policy_of, check_kinds, bombard_counts, choose_keep,
    MAX_ROUNDS)
from engine_core.units import (
    U_NAME, U_COST, U_ATTACK, U_DEFENSE, U_HITS, U_KIND, U_ABILITIES, AIR,
    AB_CAPTURES, AB_AA, AB_SUBMARINE, AB_DESTROYER, AB_TRANSPORT, AB_STRATEGIC, AB_FIGHTER,
    CF_AAA_THREE_SHOTS, CF_AA_BY_TYPE, CF_SUB_OPENING_FIRE, CF_SUB_SURPRISE, CF_DESTROYER,
    CF_SUB_WITHDRAW_AFTER_ROUND, CF_SUB_SUBMERGE_AFTER_CYCLE, CF_SUB_SUBMERGE_BEFORE_FIRE,
    CF_TRANSPORT_DEFENSELESS, CF_AIR_NEEDS_DESTROYER, CF_BOMBARD_NO_REPLY, CF_HEAVY_BEST_OF_TWO,
    CF_HEAVY_THREE_DICE, CF_NA_FAQ_ORIGINAL,
)

import gc
import sys as _sys

# The builtins this module calls, as its own names: MicroPython looks a name up in the
# module's table before the builtins and grows that table only once it is full, so each
# builtin's lookup probed most of this module's ~150 names, and a miss is not cached (20 v 20
# mixed under the CircuitPython port at the PyBadge's heap: 341 -> 329 M instructions, `len`
# the most of it). The same objects on CPython.
len = len
list = list
float = float
tuple = tuple
getattr = getattr
isinstance = isinstance
id = id
bool = bool
int = int
bytes = bytes
dict = dict
bytearray = bytearray
sorted = sorted
iter = iter
next = next
MemoryError = MemoryError
StopIteration = StopIteration

# On the device the caches are kept small (memory over speed); on a host they grow freely.
_SMALL = _sys.implementation.name != "cpython"
_FIRE_CACHE = 2
_MEMO_CACHE = 30
_ROW_CACHE = 8
_GROUPS_CACHE = 4
# The lean path collects after every _GC_EVERY bytes allocated, or half the heap
# (_GC_SHARE) when that is more: a collection marks the live heap and sweeps all of it, and
# every float the DP makes is a new object, so at an eighth (and a collection before every
# row of states) half the lean path's time went to collections (CircuitPython port, 20 v 20
# mixed at the PyBadge's heap: 757 -> 550 M instructions under valgrind, 7.4x -> ~4x its
# CPython time; the smallest heap it completes in 110 -> 118 KB). A half rather than a third:
# 485 -> 458 M instructions, the smallest heap the same (122 KB). Not the whole heap (a
# collection only when it is full: 402 -> 388 M): garbage left among the live objects
# fragments the heap, and sea 20 v 20 then failed at the PyBadge's heap (a 5.5 KB list).
_GC_EVERY = 16384
_GC_SHARE = 2
# On any device, also a roomy one on the host's path: the hit outcome lists kept (_Run.
# _outcomes) are dropped once they hold this many outcomes. Unbounded, they were most of the
# live heap (sea 20 v 20: 4,165 lists of 42,000 outcomes, ~2.5 of the 4 MB): every garbage
# collection marks the live heap, so it paused the handheld for seconds and finally failed
# the host's path for the lean one (bench/bench_odds_device.py's slice table).
_DEVICE = _SMALL
_OUT_CACHE = 6000
# Pruning (floats only): joint states reached with less mass than PRUNE[0], and next states
# of a round less likely than PRUNE[1], are dropped and their mass summed as "pruned"; when
# that passes PRUNE_MAX the battle is solved again without pruning. Every figure is thus
# within PRUNE_MAX of the exact one (about 1e-14 in practice: a sea battle with submarines
# and aircraft 3x faster, 100 v 100 infantry 1.5x).
PRUNE = (1e-16, 1e-18)
# Plain hits in the default order of loss are taken one at a time from the state after the
# most hits already known (Side.apply): the same states, a third fewer casualty choices on
# the host's path (10 v 10 mixed 3.6 -> 2.4 ms). False: each hit count chosen whole (tests
# compare the two exactly).
CHAIN_HITS = True
PRUNE_MAX = 1e-12
# A fresh casualty choice (_Side._apply: the order of loss walked, a state built and interned)
# counts as this many work units of a slice: under the CircuitPython port it costs 20-22 joint
# mass updates (bench/bench_odds_device.py). Counted as one, 268 of them made one slice of sea
# 40 v 40 1.4-1.6 s on the handheld.
CHOICE_UNITS = 20
# Rounds of plain hits on both sides are summed along each side's chain of states
# (_stationary_chain): 100 v 100 infantry 0.58 -> 0.15 s on the host. False: pair by pair
# (_stationary; tests compare the two exactly).
CHAIN_FAST = True
# Casualties in the default order of loss chosen on the side's own slots (_Side._apply_fast)
# rather than through casualties.choose on full-length count lists; False: choose (tests
# compare the two exactly).
FAST_CHOICE = True
# _stationary_chain, when pruning: a defender's hit counts less likely than this on its first
# state are not gathered (the mass they carry is bounded and added to "pruned")
_TINY = 1e-30
# A device whose heap holds at least this many bytes (a PSRAM board) runs the host's path
# (about 8x faster under CircuitPython), falling back to the lean one on a MemoryError.
_ROOMY = 1 << 20
# The lean path keeps its masses packed (8 bytes each instead of a 4-byte pointer to a 16-byte
# float) only when the battle needs it: a packed read makes a new float object under the
# CircuitPython port. Lists when the battle's joint states (_size) times this many bytes fit
# the free heap (20 v 20 mixed at the PyBadge's heap: 346 -> 341 M instructions under the
# port, lists from 190 KB of heap, packed below; 30 v 30 mixed needs 221 KB in lists, 165 KB
# packed: packed there); a MemoryError with lists runs the battle again, packed.
_LIST_BYTES = 200
_LISTS = [True]  # False while a battle runs again packed (or a test forces packed)
_LISTED = [False]  # set when a battle chose lists (odds(): a MemoryError then runs it packed)


_HEAP = [0]  # the device's heap in bytes, read once (gc.mem_free walks the whole heap)


def _heap():
    if not _HEAP[0]:
        free = getattr(gc, "mem_free", None)
        alloc = getattr(gc, "mem_alloc", None)
        if free is not None and alloc is not None:
            _HEAP[0] = free() + alloc()
    return _HEAP[0]


def _gc_every(packed=True):
    """The lean path's collection threshold in bytes (see _GC_EVERY); with the masses in
    lists (a battle that fits the free heap with room to spare, _LIST_BYTES) a collection only
    when the heap is full: 20 v 20 mixed at the PyBadge's heap 329 -> 319 M instructions."""
    if not packed:
        return _heap()
    h = _heap() // _GC_SHARE
    return h if h > _GC_EVERY else _GC_EVERY


def _free():
    """The device's free heap in bytes after a collection, None on a host."""
    free = getattr(gc, "mem_free", None)
    if free is None:
        return None
    gc.collect()
    return free()


def _packs(run):
    """On the lean path: True to keep the masses packed (see _LIST_BYTES)."""
    if not _LISTS[0]:
        return True
    free = _free()
    if free is None or _size(run) * _LIST_BYTES > free:
        return True
    _LISTED[0] = True
    return False


def _packed_again(fn, arg):
    """fn(arg) with the masses packed (after a MemoryError with them in lists)."""
    gc.collect()
    _LISTS[0] = False
    try:
        return fn(arg)
    finally:
        _LISTS[0] = True


def _roomy():
    """True on a device with a heap of _ROOMY bytes or more."""
    return _SMALL and _heap() >= _ROOMY


def _host_path(fn, arg):
    """fn(arg) on the host's path (a roomy device): _SMALL is False while it runs, and the
    heap is collected after every half of it allocated (a fragmented heap refuses the large
    lists of the host's path long before it is full; every quarter cost ~12% more time under
    the CircuitPython port, bench/bench_odds_device.py: 20 v 20 mixed 116 -> 100-105 ms)."""
    global _SMALL
    th = getattr(gc, "threshold", None)
    old = th() if th is not None else None
    if th is not None:
        th(_heap() // 2)
    _SMALL = False
    try:
        return fn(arg)
    finally:
        _SMALL = True
        if th is not None:
            th(old)

# the subsets of target classes (air 1, submarine 2, other 4) that hold each class
_SUBSETS = (None, (1, 3, 5, 7), (2, 3, 6, 7), None, (4, 5, 6, 7))

_ANY = 0
_NO_AIR = 1   # scored by submarines
_NO_SUB = 2   # scored by air units that cannot hit submarines
_AIR_ONLY = 3  # antiaircraft fire

# probability codes: 0..6 = hits on <= value with one die; 10 + v = best of two dice;
# _SUM2_LE3: two dice totalling 3 or less (Superfortresses against AA, LHTR-O-55)
_BEST2 = 10
_SUM2_LE3 = 30

def _na_value(na, space, attacking, land, name, v):
    """A unit's value under the national advantages that hold for the whole battle (those of
    the first cycle or of a cycle's start are in _Side.fire), as engine_core.battle.advantages.value."""
    if name == "battleship" and na & NA_BATTLESHIPS:
        return 5  # LHTR-O-43
    if attacking:
        if name == "infantry" and land and na & NA_BANZAI:
            return 2  # LHTR-O-45 (the bit is kept only for an attack begun with infantry)
        return v
    if land and name == "infantry":
        if na & NA_WINTER or (na & NA_DUG_IN and space & SP_ISLAND):
            return 3 if v < 3 else v  # LHTR-O-10, LHTR-O-44
    if land and name == "artillery" and na & NA_FORTRESS and space & SP_GRAY:
        return 3 if v < 3 else v  # LHTR-O-25
    return v


# ---------------------------------------------------------------------------------------
# input


# ---------------------------------------------------------------------------------------
# numbers


class _Num:
    """Probabilities of the number type in use, built once per call."""

    def __init__(self, number):
        self.number = number
        self.zero = number(0)
        self.one = number(1)
        self.unit = [self.one]  # the distribution "no hits", shared (never mutated)
        six = number(6)
        self.p = [number(v) / six for v in range(7)]
        self.rows = {}
        # the device keeps cached rows of floats packed (RAM); hosts keep lists (any number)
        self.packed = _SMALL and number is float

    def prob(self, code):
        if code == _SUM2_LE3:
            return self.number(3) / self.number(36)
        if code >= _BEST2:
            miss = self.one - self.p[code - _BEST2]
            return self.one - miss * miss
        return self.p[code]

    def binom(self, n, code):
        """Distribution of hits of n dice hitting with probability code (list, index = hits)."""
        key = n * 32 + code
        row = self.rows.get(key)
        if row is not None:
            return row
        if _SMALL and len(self.rows) >= _ROW_CACHE:
            self.rows = {}
        p = self.prob(code)
        q = self.one - p
        if p == self.zero:
            row = [self.one]
        elif q == self.zero:
            row = [self.zero] * n + [self.one]
        else:
            # C(n,k) p^k q^(n-k) built term by term (no big binomials, no floats overflow)
            t = self.one
            for _ in range(n):
                t = t * q
            row = [t]
            r = p / q
            for k in range(n):
                t = t * r * (n - k) / (k + 1)
                row.append(t)
        if self.packed:
            row = _array("d", row)  # 8 bytes a probability instead of a boxed float
        self.rows[key] = row
        return row


def _conv(a, b, cap, zero):
    """Distribution of the sum of two independent hit counts, the tail merged into `cap`."""
    la = len(a)
    lb = len(b)
    n = la + lb - 1
    if n > cap + 1:
        n = cap + 1
    out = [zero] * n
    top = n - 1
    for i in range(la):
        ai = a[i]
        if ai == zero:
            continue
        for j in range(lb):
            k = i + j
            if k > top:
                k = top
            out[k] = out[k] + ai * b[j]
    return out


def _capped(a, cap, zero):
    if len(a) <= cap + 1:
        return a
    out = a[:cap + 1]
    s = zero
    for x in a[cap:]:
        s = s + x
    out[cap] = s
    return out


# ---------------------------------------------------------------------------------------
# one side


class _Side:
    """One side of the battle: interned states, firing groups and casualty memo."""

    def __init__(self, battle, attacking, counts, damaged, tech, order, keep_land):
        self.b = battle
        self.attacking = attacking
        units = battle.units
        flags = battle.flags
        self.tech = tech
        self.order = order
        self.keep_land = keep_land
        ids = battle.ids
        k = len(ids)
        self.k = k
        self.rows = [units[u] for u in ids]          # unit record of each slot
        self.tech_bits = techs.bits(tech) if tech else 0
        # per battle slot: combat code (prob code, dice per unit) for this side's role
        self.code = [0] * k
        self.dice = [1] * k
        self.cls = [0] * k        # target class bits of the unit (casualties.target_class)
        self.teched = None        # per slot: units with the side's technology (set_teched)
        self.psub = -1            # the slot of subs split by Super Submarines (set_teched)
        self.fires = [False] * k  # rolls in general combat
        fam1940 = flags & CF_SUB_SURPRISE
        na = battle.na[0 if attacking else 1]
        land = battle.kind != "sea"
        self.plain = [False] * k  # a national advantage set the value: no support raises it
        self.na = na
        for s in range(k):
            u = ids[s]
            r = units[u]
            ab = r[U_ABILITIES]
            v = r[U_ATTACK] if attacking else r[U_DEFENSE]
            if ab & AB_AA:
                v = 0  # AA never rolls in the combat rounds (CL-U-11, LHTR-U-11, P40-U-35)
            if "jet_fighters" in tech and ab & AB_FIGHTER:
                if fam1940:
                    if attacking:
                        v = 4  # P40-R-22
                elif not attacking:
                    v = 5  # CL-T-06, LHTR-T-07
            if "super_submarines" in tech and ab & AB_SUBMARINE and attacking:
                v = 3  # CL-T-08, LHTR-T-09, P40-R-21
            if na and v > 0:
                nv = _na_value(na, battle.space, attacking, land, r[U_NAME], v)
                if nv != v:
                    v = nv
                    self.plain[s] = True  # LHTR-O-52: artillery does not raise it further
            code = v
            if "heavy_bombers" in tech and ab & AB_STRATEGIC and v > 0:
                if flags & CF_HEAVY_THREE_DICE:
                    if attacking:
                        self.dice[s] = 3  # CL-T-11
                elif flags & CF_HEAVY_BEST_OF_TWO:
                    code = _BEST2 + v  # LHTR-T-11 (attack and defense)
                elif attacking:
                    code = _BEST2 + v  # P40-R-26 (when attacking)
            if v > 6:
                v = 6
            self.code[s] = code
            self.fires[s] = v > 0
            self.cls[s] = _cas.target_class(r)
        self.states = []
        self.index = {}
        self.info = []
        self.memo = []
        self.after = []
        self.byhp = {}  # hit points -> the states with them, in the order found
        self.fire_cache = {}
        self.fire_same = {}  # the dice rolled -> their distributions (host only, see fire)
        self.gcache = {}  # state -> its dice (groups_of's plain question), the last few
        self.memo_n = 0
        self.chain = CHAIN_HITS  # off while battles are sampled (_sample): one choice a draw
        self.meter = [0, _BUDGET]  # the running slice's work (the _Run's meter, see CHOICE_UNITS)
        # the default order of loss on this side's slots, for _apply_fast (None: a player's
        # order or units kept to capture: casualties.choose through base.choose_keep)
        self.seq = None
        if order is None and not keep_land and FAST_CHOICE:
            at = {}
            for s in range(k):
                at[ids[s]] = s
            seq = []
            for u in _cas.loss_order(units, attacking, flags):
                s = at.get(u)
                if s is not None:
                    seq.append((s, _SUBSETS[self.cls[s]], self.rows[s][U_HITS] >= 2))
            self.seq = tuple(seq)
        c0 = [0] * (3 * k)
        for s in range(k):
            c0[s] = counts[ids[s]]
            c0[k + s] = damaged[ids[s]] if damaged is not None else 0
        self.start = self.intern(c0)

    def set_teched(self, teched):
        """The defender's units of an ally without its technology or national advantage (the
        battle's defender_teched; LHTR-O-02: a power may not share its advantages): per slot
        the number with it (lost last) and the plain code."""
        ids = self.b.ids
        self.teched_units = teched
        self.teched = [teched[u] for u in ids]
        self.pcode = []
        for s in range(self.k):
            r = self.rows[s]
            self.pcode.append(r[U_DEFENSE] if not r[U_ABILITIES] & AB_AA else 0)
            if r[U_ABILITIES] & AB_SUBMARINE and "super_submarines" in self.tech \
                    and family(self.b.edition) == FAM_LHTR:
                # LHTR-T-06, LHTR-T-09: planes may hit the subs of a power without Super
                # Submarines (lost first, casualties.choose's `plain`; the same dice)
                self.psub = s
                self.seq = None
                self.info = [self._summary(t) for t in self.states]
        if self.na & NA_RADAR:
            # LHTR-O-30: a UK-owned AA gun; of several the defenders fire theirs (LHTR-U-10)
            uk = 0
            for u in range(len(teched)):
                if self.b.units[u][U_ABILITIES] & AB_AA:
                    uk += teched[u]
            if not uk:
                self.na &= ~NA_RADAR
        self.fire_cache = {}
        self.gcache = {}

    # -- states --------------------------------------------------------------------------
    def intern(self, t):
        t = bytes(t)  # counts <= 250: one byte each (device RAM)
        i = self.index.get(t)
        if i is not None:
            return i
        i = len(self.states)
        self.states.append(t)
        self.index[t] = i
        self.memo.append(None)
        self.after.append(None)
        info = self._summary(t)
        self.info.append(info)
        lst = self.byhp.get(info[0])
        if lst is None:
            self.byhp[info[0]] = [i]
        else:
            lst.append(i)
        return i

    def after_of(self, i):
        """The list of state i's successors by plain hits (index: hits, -1: not yet known),
        built once and read by index (no memo lookup per outcome); None on the device."""
        if _SMALL:
            return None
        a = self.after[i]
        if a is None:
            a = []
            self.after[i] = a
        return a

    def _summary(self, t):
        """(hp, class mask on board, fire mask, has destroyer, capturing land units,
        units on board, submerged, subs on board, units on board other than AAA)."""
        b = self.b
        units = b.units
        k = self.k
        hp = 0
        mask = 0
        fmask = 0
        dd = False
        land = 0
        n = 0
        subs = 0
        for s in range(k):
            c = t[s]
            if c <= 0:
                continue
            r = units[b.ids[s]]
            n += c
            hp += c * r[U_HITS] - t[k + s] if r[U_HITS] >= 2 else c
            if s == self.psub and c > self.teched[s]:
                mask |= _cas.PLAIN_SUB  # planes may hit them (LHTR-T-09)
                if self.teched[s] > 0:
                    mask |= self.cls[s]
            else:
                mask |= self.cls[s]
            ab = r[U_ABILITIES]
            if self.fires[s]:
                fmask |= self.cls[s]
            if ab & AB_DESTROYER:
                dd = True
            if ab & AB_CAPTURES:
                land += c
            if ab & AB_SUBMARINE:
                subs += c
        sub_down = 0
        aa = 0
        for s in range(k):
            sub_down += t[2 * k + s]
            if t[s] and units[b.ids[s]][U_ABILITIES] & AB_AA:
                aa += t[s]
        return (hp, mask, fmask, dd, land, n, sub_down, subs, n - aa)

    def counts_of(self, i):
        """Full-length (counts, damaged) lists of state i, indexed by unit id."""
        b = self.b
        n = len(b.units)
        t = self.states[i]
        k = self.k
        counts = [0] * n
        damaged = [0] * n
        for s in range(k):
            counts[b.ids[s]] = t[s]
            damaged[b.ids[s]] = t[k + s]
        return counts, damaged

    # -- casualties ------------------------------------------------------------------------
    def apply(self, i, hits):
        """State after taking `hits` (tuple of 4 class counts, or an int: plain hits) from
        state i."""
        m = self.memo[i]
        if m is None:
            m = {}
            self.memo[i] = m
        if hits.__class__ is int:
            key = hits
            hits = (hits, 0, 0, 0)
        else:
            key = hits[0] | (hits[1] << 8) | (hits[2] << 16) | (hits[3] << 24) if hits[3] < 32 else None
        if key is not None:
            j = m.get(key)
            if j is not None:
                return j
        if key is not None and 1 < key < 256 and self.order is None and self.chain and not _SMALL:
            # plain hits in the default order of loss fall one at a time (casualties.choose
            # is greedy: two-hit units damaged first, then the order): the state after h hits
            # is the state after the most hits already known, then one hit at a time
            p = key - 1
            while p > 0 and m.get(p) is None:
                p -= 1
            j = m[p] if p > 0 else i
            for _ in range(key - p):
                j = self.apply(j, 1)
        else:
            j = self._apply(i, hits)
        if key is not None:
            if _SMALL:
                self.memo_n += 1
                if self.memo_n > _MEMO_CACHE:
                    for x in range(len(self.memo)):
                        self.memo[x] = None
                    self.memo_n = 0
                    m = {}
                    self.memo[i] = m
            m[key] = j
        return j

    def _choose(self, counts, damaged, hits):
        b = self.b
        return _cas.choose(b.units, counts, damaged, hits, self.attacking, b.flags, self.order)

    def _apply(self, i, hits):
        self.meter[0] += CHOICE_UNITS
        if self.seq is not None:
            return self._apply_fast(i, hits)
        b = self.b
        counts, damaged = self.counts_of(i)
        plain = None
        if self.psub >= 0:
            s = self.psub
            plain = (b.ids[s], counts[b.ids[s]] - self.teched[s])
        lost, dmg = choose_keep(b.units, counts, damaged, hits, self.attacking, b.flags,
                                self.order, self.keep_land, plain)
        for u in range(len(b.units)):
            if lost[u] or dmg[u]:
                gone = lost[u] if lost[u] < damaged[u] else damaged[u]
                damaged[u] = damaged[u] - gone + dmg[u]
                counts[u] -= lost[u]
        return self._from_counts(i, counts, damaged)

    def _apply_fast(self, i, hits):
        """_apply in the default order of loss on the side's own slots and state bytes:
        casualties.choose's greedy step for step (two-hit units damaged first, then each type
        in the order of loss takes what Hall's condition leaves room for, hits by what they
        may strike: GROUP_MASKS), without full-length count lists (sea 30 v 30: 12,800
        choices, a quarter of the time before). Tests compare it with choose (FAST_CHOICE)."""
        t = self.states[i]
        k = self.k
        h0 = hits[0]
        h1 = hits[1]
        h2 = hits[2]
        h3 = hits[3]
        # slack[S]: hits that may reach a class in S, less the slots already taken there
        slack = [0, h0 + h2 + h3, h0 + h1, h0 + h1 + h2 + h3, h0 + h1 + h2, h0 + h1 + h2 + h3,
                 h0 + h1 + h2, h0 + h1 + h2 + h3]
        t2 = list(t)
        seq = self.seq
        dmg = None
        for e in seq:
            if e[2]:
                s = e[0]
                fresh = t[s] - t[k + s]
                if fresh > 0:
                    sub = e[1]
                    room = slack[sub[0]]
                    for S in sub:
                        if slack[S] < room:
                            room = slack[S]
                    x = fresh if fresh < room else room
                    if x > 0:
                        for S in sub:
                            slack[S] -= x
                        if dmg is None:
                            dmg = [0] * k
                        dmg[s] = x
        for e in seq:
            s = e[0]
            c = t[s]
            if c <= 0:
                continue
            sub = e[1]
            room = slack[sub[0]]
            for S in sub:
                if slack[S] < room:
                    room = slack[S]
            if e[2]:
                already = t[k + s]
                d = dmg[s] if dmg is not None else 0
                want = already + d
                x = want if want < room else room
                if x > 0:
                    for S in sub:
                        slack[S] -= x
                    if x > already:
                        d -= x - already
                    # damaged ships sunk first: the damaged left, less those, plus the new
                    t2[k + s] = already - (x if x < already else already) + d
                    t2[s] = c - x
                elif d:
                    t2[k + s] = already + d
            else:
                x = c if c < room else room
                if x > 0:
                    for S in sub:
                        slack[S] -= x
                    t2[s] = c - x
        return self.intern(t2)

    def _from_counts(self, i, counts, damaged):
        old = self.states[i]
        k = self.k
        ids = self.b.ids
        t = list(old)
        for s in range(k):
            t[s] = counts[ids[s]]
            t[k + s] = damaged[ids[s]]
        return self.intern(t)

    def without(self, i, pred):
        """State i with every on-board unit matching pred(record) removed (not submerged)."""
        t = list(self.states[i])
        k = self.k
        units = self.b.units
        for s in range(k):
            if t[s] and pred(units[self.b.ids[s]]):
                t[s] = 0
                t[k + s] = 0
        return self.intern(t)

    def submerged(self, i):
        """State i with every on-board submarine submerged."""
        t = list(self.states[i])
        k = self.k
        units = self.b.units
        for s in range(k):
            if t[s] and units[self.b.ids[s]][U_ABILITIES] & AB_SUBMARINE:
                t[2 * k + s] += t[s]
                t[s] = 0
                t[k + s] = 0
        return self.intern(t)

    # -- fire ------------------------------------------------------------------------------
    def fire(self, i, which, no_sub_air, extra, first=0):
        """Hit distributions (any, no_air, no_sub) of state i's dice.

        which: 1 = units other than submarines, 2 = submarines, 3 = both;
        no_sub_air: the air units' hits cannot go on submarines;
        extra: bombarding ships' dice added to `any` (tuple of (code, count)) or None;
        first: national advantages of the first cycle (1: it is the first cycle, 2: Dive
        Bomber holds in it).
        """
        key = i * 16 + which * 2 + (1 if no_sub_air else 0)
        if first and self.na:
            extra = extra or ()  # not cached: the first cycle is computed once
        if extra is None:
            got = self.fire_cache.get(key)
            if got is not None:
                return got
        groups = self.groups_of(i, which, no_sub_air, extra, first)
        num = self.b.num
        zero = num.zero
        one = num.unit
        out = [one, one, one]
        keys = list(groups)
        keys.sort()
        sig = None
        if extra is None and not _SMALL:
            # states that roll the same dice share one distribution (a transport or a damaged
            # battleship more or less): their outcome lists and next states are then shared
            # by the caches keyed by the distribution (_Run._cached, _Run._merge, _main)
            sig = tuple([(g, groups[g]) for g in keys])
            got = self.fire_same.get(sig)
            if got is not None:
                self.fire_cache[key] = got
                return got
        for g in keys:
            row = num.binom(groups[g], g[1])
            out[g[0]] = _conv(out[g[0]], row, 4096, zero)
        if extra is None:
            if _SMALL and len(self.fire_cache) >= _FIRE_CACHE:
                self.fire_cache = {}
            if num.packed:
                for c in range(3):
                    if len(out[c]) > 1:
                        out[c] = _array("d", out[c])
            self.fire_cache[key] = out
            if sig is not None:
                self.fire_same[sig] = out
        return out

    def groups_of(self, i, which, no_sub_air, extra, first=0):
        """State i's dice as fire() rolls them: {(class, prob code): number of dice} (not to
        be changed: the last few of the plain question are kept, as fire() and the chains'
        Delta ask it of each state up to three times: 20 v 20 mixed under the CircuitPython
        port 275 -> 270 M instructions)."""
        common = which == 3 and not no_sub_air and extra is None and not first
        if common:
            got = self.gcache.get(i)
            if got is not None:
                return got
        b = self.b
        num = b.num
        units = b.units
        zero = num.zero
        t = self.states[i]
        k = self.k
        groups = {}  # (class, code) -> dice
        flags = b.flags
        # support pairing (attack only), the battle's own (engine_core/battle/groups.py)
        boost = support(self.rows, t, flags, self.tech_bits) if self.attacking else [0] * k
        na = self.na
        wolf = False
        if na & NA_WOLF and self.attacking:
            # LHTR-O-23, LHTR-CHG-NA-02: a cycle that starts with 2 or more attacking subs;
            # Revised (CF_NA_FAQ_ORIGINAL): 3 or more when the battle started, for all of it
            ts = self.states[self.start] if flags & CF_NA_FAQ_ORIGINAL else t
            n = 0
            for s in range(k):
                if units[b.ids[s]][U_ABILITIES] & AB_SUBMARINE:
                    n += ts[s]
            wolf = n >= (3 if flags & CF_NA_FAQ_ORIGINAL else 2)
        for s in range(k):
            c = t[s]
            if self.teched is not None and c > self.teched[s] and \
                    not self.rows[s][U_ABILITIES] & AB_SUBMARINE:
                # an ally's units without the technology, lost first (CL-T-05, LHTR-T-06); not
                # submarines (no technology changes a defending sub's die: they keep their own
                # opening fire below), so `which & 1`
                cp = c - self.teched[s]
                c -= cp
                if self.pcode[s] > 0 and which & 1:
                    r = units[b.ids[s]]
                    cl = _NO_SUB if r[U_KIND] == AIR and no_sub_air else _ANY
                    g = (cl, self.pcode[s])
                    groups[g] = groups.get(g, 0) + cp
            if c <= 0 or not self.fires[s]:
                continue
            r = units[b.ids[s]]
            ab = r[U_ABILITIES]
            is_sub = ab & AB_SUBMARINE
            code = self.code[s]
            if na:
                if self.plain[s]:
                    boost[s] = 0  # LHTR-O-52: a national advantage's value is not raised
                nm = r[U_NAME]
                nv = code
                if self.attacking:
                    if is_sub and wolf:
                        nv = 4 if "super_submarines" in self.tech else 3  # LHTR-O-23
                    elif nm == "fighter" and first & 2:
                        nv = 5  # LHTR-O-24
                    elif (nm == "infantry" and first & 1 and na & NA_MARINES
                          and b.kind == "amphibious"):
                        nv = 2  # LHTR-O-52
                elif (nm == "infantry" and first & 1 and na & NA_ATLANTIC
                      and b.space & SP_GRAY and b.kind == "amphibious" and code < 3):
                    nv = 3  # LHTR-O-21
                if nv != code:
                    code = nv
                    boost[s] = 0
            if is_sub and not (which & 2):
                continue
            if not is_sub and not (which & 1):
                continue
            if is_sub:
                cl = _NO_AIR
            elif r[U_KIND] == AIR and no_sub_air:
                cl = _NO_SUB
            else:
                cl = _ANY
            d = self.dice[s]
            if boost[s]:
                up = code + 1
                g = (cl, up)
                groups[g] = groups.get(g, 0) + boost[s] * d
                c -= boost[s]
            if c > 0:
                g = (cl, code)
                groups[g] = groups.get(g, 0) + c * d
        if extra is not None:
            for e in extra:
                g = (_ANY, e[0])
                groups[g] = groups.get(g, 0) + e[1]
        if common:
            if len(self.gcache) >= _GROUPS_CACHE:
                self.gcache = {}
            self.gcache[i] = groups
        return groups


# ---------------------------------------------------------------------------------------
# the battle


class _Battle:

    def __init__(self, edition, units, flags, kind, number, ids):
        self.edition = edition
        self.units = units
        self.flags = flags
        self.kind = kind
        self.num = _Num(number)
        self.ids = ids
        self.na = (0, 0)  # LHTR national advantages of the attacker, the defender
        self.space = 0

    # who may hit whom -------------------------------------------------------------------
    def protected(self, shooter, si, target, ti):
        """True if `shooter`'s air hits cannot go on `target`'s submarines (state ti)."""
        if shooter.info[si][3] or not target.info[ti][7]:
            return False  # no sub on board, or a destroyer friendly to the air units
        if self.flags & CF_AIR_NEEDS_DESTROYER:
            return True  # P40-U-43
        if "super_submarines" in target.tech and self.flags & CF_DESTROYER:
            return True  # LHTR-T-09
        return False

    def can_hit(self, x, xi, y, yi):
        """True if side x in state xi has dice that can hit something of y in state yi."""
        fm = x.info[xi][2]
        ym = y.info[yi][1]
        if ym == 0:
            return False
        if fm & 4:  # sea/land units other than subs: hit anything
            return True
        if fm & 2 and ym & 6:  # submarines: not air
            return True
        if fm & 1:  # air units
            if not self.protected(x, xi, y, yi) or ym & 5:
                return True
        return False


def odds(board, kind, attacker, defender, policy=None, number=float, bombard=None,
         tech=None, damaged=None, rounds_done=0, advantages=None, space=None):
    """Exact outcome distribution of a battle; see the module docstring."""
    args = (board, kind, attacker, defender, policy, number, bombard, tech, damaged,
            rounds_done, advantages, space)
    if _roomy():
        # a big heap: the host's path while this call lasts (_SMALL is read as it runs)
        try:
            return _host_path(_odds_args, args)
        except MemoryError:
            pass  # it did not fit after all: the lean path from the start
        gc.collect()
    th = getattr(gc, "threshold", None) if _SMALL else None
    if th is None:
        # On a host the cyclic collector is paused while this runs: the DP makes no cycles,
        # but hundreds of thousands of small lists and tuples, and the collector's passes over
        # its growing caches were a fifth of a sea battle's time (sea 30 v 30).
        pause = not _SMALL and gc.isenabled()
        if pause:
            gc.disable()
        try:
            return _fitted(args)
        finally:
            if pause:
                gc.enable()
    # On the device: collect after every _gc_every() bytes allocated, so that garbage is gone
    # before the next state lands behind it (a less fragmented heap)
    old = th()
    th(_gc_every())
    try:
        return _fitted(args)
    finally:
        th(old)


def _odds_args(args):
    return _odds(*args)


def _fitted(args):
    """_odds(*args); on the lean path a MemoryError with the masses in lists (see
    _LIST_BYTES) runs the battle again, packed."""
    _LISTED[0] = False
    try:
        return _odds(*args)
    except MemoryError:
        if not _LISTED[0]:
            raise  # packed already: it does not fit
    return _packed_again(_odds_args, args)


def _odds(board, kind, attacker, defender, policy, number, bombard, tech, damaged, rounds_done,
          advantages, space):
    args = (board, kind, attacker, defender, policy, number, bombard, tech, damaged,
            rounds_done, advantages, space)
    r = _prepare(*args).result()
    if r["pruned"] > PRUNE_MAX:
        # the pruning dropped too much to call the figures exact: again without it
        run = _prepare(*args)
        run.prune = run.prune_next = run.num.zero
        r = run.result()
    return r


def _prepare(board, kind, attacker, defender, policy, number, bombard, tech, damaged, rounds_done,
             advantages, space):
    """The checked input as a _Run ready to solve (raises on bad input, computes nothing)."""
    edition, units, aliases, flags = tables(board)
    fam = family(edition)
    if kind not in KINDS:
        raise InputError("kind is land, sea or amphibious")
    a_counts = counts(units, aliases, attacker, "attacker")
    d_counts = counts(units, aliases, defender, "defender")
    a_tech, d_tech = split_tech(tech)
    pol = policy_of(units, aliases, policy, kind, flags, fam)
    if isinstance(rounds_done, bool) or not isinstance(rounds_done, int) or \
            not 0 <= rounds_done <= MAX_ROUNDS:
        raise InputError("rounds_done is a whole number 0 to 1000")
    a_dmg = None
    d_dmg = None
    if damaged is not None:
        if not isinstance(damaged, dict):
            raise InputError("damaged: {'attacker': {...}, 'defender': {...}}")
        a_dmg = counts(units, aliases, damaged.get("attacker"), "damaged attacker")
        d_dmg = counts(units, aliases, damaged.get("defender"), "damaged defender")
        for u in range(len(units)):
            if (a_dmg[u] or d_dmg[u]) and units[u][U_HITS] < 2:
                raise InputError("only two-hit units can be damaged: " + units[u][U_NAME])
            if a_dmg[u] > a_counts[u] or d_dmg[u] > d_counts[u]:
                raise InputError("more damaged " + units[u][U_NAME] + " than present")
    nas = advantage_bits(flags, advantages, space)
    bomb = bombard_counts(units, aliases, bombard, kind, flags, fam, a_tech, a_counts, rounds_done,
                    nas[0][0] if nas else 0)
    check_kinds(units, flags, fam, kind, a_counts, d_counts)
    d_teched = teched_of(units, aliases, tech, fam, d_counts, nas[0][1] if nas else 0)
    ids = []
    for u in range(len(units)):
        if a_counts[u] or d_counts[u]:
            ids.append(u)
    b = _Battle(edition, units, flags, kind, number, tuple(ids))
    lean = b.num.packed
    b.num.packed = False  # (the sides' first tables in lists: packed below if need be)
    if nas is not None:
        b.na = nas[0]
        b.space = nas[1]
        if b.na[0] & NA_BANZAI:
            # LHTR-O-45: an attack begun with only infantry (aircraft shot down by AA still
            # began it, FAQ); bombarding ships do not count
            for u in range(len(units)):
                if a_counts[u] and (units[u][U_NAME] != "infantry" or kind == "sea"):
                    b.na = (b.na[0] & ~NA_BANZAI, b.na[1])
                    break
    # Classic/Revised AA guns never sit on the battle board: they fire once, then stand aside
    # (CL-U-11, LHTR-C-25); the 1940 AAA stays and can be taken as a casualty (P40-U-35).
    aa_guns = 0
    for u in range(len(units)):
        if units[u][U_ABILITIES] & AB_AA and d_counts[u]:
            aa_guns += d_counts[u]
            if not flags & CF_AAA_THREE_SHOTS:
                d_counts[u] = 0
    A = _Side(b, True, a_counts, a_dmg, a_tech, pol["attacker_order"], pol["keep_land"])
    D = _Side(b, False, d_counts, d_dmg, d_tech, pol["defender_order"], 0)
    run = _Run(b, A, D, pol, bomb, aa_guns, rounds_done)
    if d_teched is not None:
        D.set_teched(d_teched)
        if "radar" in d_tech:
            # P40-R-24: only the AAA of the power with Radar hits on 2 (P40-R-06)
            run.aa_radar = 0
            for u in range(len(units)):
                if units[u][U_ABILITIES] & AB_AA:
                    run.aa_radar += d_teched[u]
    A = D = None  # held by the run only (a device mixture replaces them part by part)
    if lean:
        b.num.packed = _packs(run)
        th = getattr(gc, "threshold", None)
        if th is not None:
            th(_gc_every(b.num.packed))
    if number is float:
        run.prune = PRUNE[0]
        run.prune_next = PRUNE[1]
    return run


def live(battle, policy=None, number=float):
    """Odds from a running engine_core.battle.steps.Battle between rounds: the same function on
    the survivors actually left (damaged ships included, no first-round fire again)."""
    board, kind, a, d, kw = _live_args(battle)
    return odds(board, kind, a, d, policy=policy, number=number, **kw)


def live_solver(battle, policy=None):
    """live() in slices: a Solver (below) of the survivors actually left."""
    board, kind, a, d, kw = _live_args(battle)
    return Solver(board, kind, a, d, policy=policy, **kw)


def _live_args(battle):
    """(board, kind, attacker, defender, keywords) of odds() for a running battle's survivors."""
    from engine_core.battle import base as _bt
    b = battle
    units = b.units
    n = len(units)
    a = tuple((u, b.alive[0][u] - b.cas[0][u]) for u in range(n) if b.alive[0][u] - b.cas[0][u] > 0)
    d = tuple((u, b.alive[1][u] - b.cas[1][u]) for u in range(n) if b.alive[1][u] - b.cas[1][u] > 0)
    dmg = {"attacker": tuple((u, b.dmg[0][u]) for u in range(n) if b.dmg[0][u]),
           "defender": tuple((u, b.dmg[1][u]) for u in range(n) if b.dmg[1][u])}
    from engine_core import techs
    tech = {"attacker": techs.names(b.tech[0]), "defender": techs.names(b.tech[1])}
    if b.teched is not None:
        # the survivors with the technology (Battle.teched_free; in an assault's sea battle every
        # one, Battle.n_teched); from here on lost last
        tech["defender_teched"] = tuple((u, b.teched_free(u)[0] if b.split() else
                                         b.n_teched(1, u, b.alive[1][u] - b.cas[1][u]))
                                        for u in range(n)
                                        if b.teched[u] and b.alive[1][u] - b.cas[1][u] > 0)
    kind = _bt.KIND_NAMES[b.kind]
    if kind == "amphibious" and b.part == 0:
        kind = "sea"
    adv = None
    space = None
    if b.na:
        na_a = b.na[0]
        if b.banzai == 1:
            na_a &= ~NA_BANZAI  # judged when the battle began (LHTR-O-45)
        adv = {"attacker": na_a, "defender": b.na[1]}
        space = b.space
    return b.board, kind, a, d, {"tech": tech, "damaged": dmg, "rounds_done": b.round,
                                 "advantages": adv, "space": space}


class _Run:
    """One evaluation: the explicit first rounds, then the DP over the remaining states."""

    def __init__(self, b, A, D, pol, bomb, aa_guns, rounds_done):
        self.b = b
        self.A = A
        self.D = D
        self.pol = pol
        self.bomb = bomb
        self.aa_guns = aa_guns
        self.aa_radar = None  # 1940 AAA of a power with Radar, when not all have it (_prepare)
        self.rounds_done = rounds_done
        self.num = b.num
        self.M = 1 << 14
        # the end states, summed as they are reached (no joint table: device RAM):
        # mass per outcome, captures, and each side's mass per final state
        z = b.num.zero
        self.probs = [z, z, z, z]
        self.captures = z
        self.a_rem = {}
        self.d_rem = {}
        self.out_cache = {}
        self.out_n = 0  # the outcomes held in out_cache
        self.merged = {}  # (side's state, id(outcome list)) -> (the list, _merge of it): host only
        self.branches = {}  # see _main: host only
        self.rounds = b.num.zero
        self.W = None
        self.pre_done = False  # a part of a mixture: antiaircraft fire already applied
        # work done in this slice, its budget (Solver); units: a joint mass update, a hit
        # outcome built or one mapped to a state (a casualty choice). Reset by the driver at
        # every yield (ints stay small).
        self.meter = [0, _BUDGET]
        if A is not None:
            A.meter = D.meter = self.meter  # fresh casualty choices count in it (CHOICE_UNITS)
        self.prune = z  # joint states reached with less mass are dropped (0: exact)
        self.prune_hits = z  # hit outcomes less likely than this are dropped (0: exact)
        self.prune_next = z  # a round's next states less likely than this are dropped
        self.dropped = z  # the mass dropped by prune and prune_next, summed as it goes
        self.lost = z  # set by _outcomes: the mass of the outcomes it left out
        self.next_lost = (z, z)  # set by _next_lists
        self.report = None
        self._prepared = None  # set by _cached: a three-class list to build (_outcomes2)
        self.keep = False  # a Solver's coarse pass: keep the sides' memos for the next pass
        # a mixture's part whose defender the next part fights again (_mixture): its memo and
        # chain tables (_Chains: s1d, df, dn) are kept and handed on
        self.keep_d = False
        self.d_chain = None
        self.part = None  # a mixture's part: (its _Merged, probability, IPC lost before it)

    # -- settling a state at the end of a round / start of the next ---------------------
    def settle(self, key, done, retreat_ok):
        """(outcome or -1, key): terminal outcome of a state reached after `done` rounds,
        or the state (after submerging) from which the next round is fought. The attacker
        may retreat here only if `retreat_ok` (never before the first round)."""
        b = self.b
        A = self.A
        D = self.D
        M = self.M
        ai = key // M
        di = key % M
        pol = self.pol
        for _ in range(2):
            out = self._terminal(ai, di)
            if out >= 0:
                return out, ai * M + di
            if retreat_ok and self._retreats(ai, di):
                return O_RETREAT, ai * M + di
            if not pol["submerge"]:
                return -1, ai * M + di
            ai2, di2 = self._submerge(ai, di, done)
            if ai2 == ai and di2 == di:
                return -1, ai * M + di
            ai = ai2
            di = di2
        return -1, ai * M + di

    def _settles_as_it_stands(self):
        """True when settle() is _terminal() alone: no retreat (by units left or by the win
        values) and no submerging can move a state."""
        pol = self.pol
        return not pol["submerge"] and pol["retreat_at_units"] < 0 and \
            (pol["retreat_below"] is None or self.W is None)

    def _terminal(self, ai, di):
        A = self.A
        D = self.D
        b = self.b
        ia = A.info[ai]
        id_ = D.info[di]
        a_on = ia[5] > 0
        d_on = id_[8] > 0  # AAA alone does not hold a territory (P40-C-53); it goes with it
        if not a_on and not d_on:
            return O_DRAW
        if not d_on:
            return O_ATTACKER
        if not a_on:
            return O_RETREAT if ia[6] else O_DEFENDER
        a_can = b.can_hit(A, ai, D, di)
        d_can = b.can_hit(D, di, A, ai)
        if not a_can and not d_can:
            return O_DRAW  # neither can hurt the other (P40-C-93)
        if not d_can and b.flags & CF_TRANSPORT_DEFENSELESS:
            # P40-C-91/92: the defender cannot fire at anything: defenseless transports
            # are lost; the battle ends (attacker wins unless the rest is out of its reach)
            return O_ATTACKER if self._defenseless_cleared(ai, di) else O_DRAW
        return -1

    def _defenseless_cleared(self, ai, di):
        D = self.D
        dj = D.without(di, _is_transport)
        if D.info[dj][5] == 0:
            return True
        return self.b.can_hit(self.A, ai, D, dj)

    def _retreats(self, ai, di):
        pol = self.pol
        n = pol["retreat_at_units"]
        if n >= 0 and self.A.info[ai][5] <= n:
            return True
        if pol["retreat_below"] is not None and self.W is not None:
            w = self.W.get(ai * self.M + di)
            if w is not None and w < pol["retreat_below"]:
                return True
        return False

    def _submerge(self, ai, di, done):
        """Submarines that cannot hurt anything leave the board when the rules let them:
        Classic after each round (CL-C-37), LHTR in step 7 (LHTR-C-33), 1940 at step 2
        of each round, the attacker deciding first (P40-C-74)."""
        b = self.b
        f = b.flags
        if not f & CF_SUB_SUBMERGE_BEFORE_FIRE:
            # Classic and LHTR: only once a round / cycle is done; other editions: never
            if not f & (CF_SUB_SUBMERGE_AFTER_CYCLE | CF_SUB_WITHDRAW_AFTER_ROUND) or done < 1:
                return ai, di
        A = self.A
        D = self.D
        if A.info[ai][7] and not D.info[di][3] and not D.info[di][1] & 6:
            ai = A.submerged(ai)
        if D.info[di][7] and not A.info[ai][3] and not A.info[ai][1] & 6:
            di = D.submerged(di)
        return ai, di

    # -- one round --------------------------------------------------------------------------
    def _opening(self, ai, di):
        """True if submarines fire apart from the general fire this round (first shot,
        opening fire, surprise strike); otherwise both sides simply fire together."""
        a_subs = self.A.info[ai][7]
        d_subs = self.D.info[di][7]
        if not (a_subs or d_subs):
            return False
        f = self.b.flags
        if f & CF_SUB_SURPRISE:
            # P40-C-74/80: a sub facing an enemy destroyer fires with the general fire
            return bool((a_subs and not self.D.info[di][3]) or (d_subs and not self.A.info[ai][3]))
        if f & CF_SUB_OPENING_FIRE:
            return True
        return bool(a_subs)  # Classic: attacking subs fire first; defending subs fire normally

    def round_into(self, out, key, first, m):
        """Add m * P(next) for one round from `key` into the dict `out` (a generator: it
        yields when the slice's work is spent)."""
        A = self.A
        D = self.D
        ai = key // self.M
        di = key % self.M
        if self._opening(ai, di) or (first and self.bomb is not None):
            step = {}
            yield from self._round(step, key, first)
            zero = self.num.zero
            meter = self.meter
            slow = meter[0] + len(step) > meter[1]  # thousands at sea 40 v 40: work units
            if not slow:
                meter[0] += len(step)
            for k3 in step:
                if slow:
                    meter[0] += 1
                    if meter[0] >= meter[1]:
                        yield
                out[k3] = out.get(k3, zero) + m * step[k3]
            return
        b = self.b
        yield from self._main(out, ai, di, 3, 3, b.protected(A, ai, D, di),
                              b.protected(D, di, A, ai), None, None, None, m, first)

    def round_dist(self, key, first):
        """Distribution {joint key: p} after one round from `key` (including staying)."""
        out = {}
        _drain(self._round(out, key, first), self.meter)
        return out

    def _round(self, out, key, first):
        """round_dist into `out`, as a generator."""
        b = self.b
        A = self.A
        D = self.D
        M = self.M
        num = self.num
        zero = num.zero
        f = b.flags
        ai = key // M
        di = key % M
        a_prot = b.protected(A, ai, D, di)  # attacker's air cannot hit defender's subs
        d_prot = b.protected(D, di, A, ai)
        bomb_extra = None
        if first and self.bomb is not None and not f & CF_BOMBARD_NO_REPLY:
            bomb_extra = self.bomb  # CL-C-41, P40-C-62: their casualties still fire back
        a_subs = A.info[ai][7] > 0
        d_subs = D.info[di][7] > 0
        if not (a_subs or d_subs):
            yield from self._main(out, ai, di, 3, 3, a_prot, d_prot, bomb_extra, None, None,
                                  num.one, first)
            return
        # sea battle with submarines: opening fire first
        if f & CF_SUB_OPENING_FIRE:
            # LHTR-C-24/25: every sub fires in opening fire; its victims are removed at once
            # unless their side has a destroyer in the battle (then at step 6)
            a_of = A.fire(ai, 2, a_prot, None)
            d_of = D.fire(di, 2, d_prot, None)
            d_defer = D.info[di][3]  # defender has a destroyer: its casualties fire back
            a_defer = A.info[ai][3]
            a_main_which = 1
            d_main_which = 1
        elif f & CF_SUB_SURPRISE:
            # P40-C-74/76: subs facing no enemy destroyer strike first; the others fire
            # with the general fire
            a_sur = a_subs and not D.info[di][3]
            d_sur = d_subs and not A.info[ai][3]
            a_of = A.fire(ai, 2, a_prot, None) if a_sur else None
            d_of = D.fire(di, 2, d_prot, None) if d_sur else None
            a_defer = False
            d_defer = False
            a_main_which = 1 if a_sur else 3
            d_main_which = 1 if d_sur else 3
        else:
            # CL-C-31/32: attacking subs fire first, casualties removed; defending subs
            # fire with the other defenders
            a_of = A.fire(ai, 2, a_prot, None) if a_subs else None
            d_of = None
            a_defer = False
            d_defer = False
            a_main_which = 1
            d_main_which = 3
        if out.__class__ is _Draw:
            # one sampled battle: one outcome of the opening fire on each side (its casualties
            # removed now or kept firing, as below), then its main fire
            ha = out.hits(a_of, D.info[di]) if a_of is not None else (0, 0, 0, 0)
            hd = out.hits(d_of, A.info[ai]) if d_of is not None else (0, 0, 0, 0)
            di1, pend_d = (di, ha) if d_defer else (D.apply(di, ha), None)
            ai1, pend_a = (ai, hd) if a_defer else (A.apply(ai, hd), None)
            yield from self._main(out, ai1, di1, a_main_which, d_main_which,
                                  b.protected(A, ai1, D, di1), b.protected(D, di1, A, ai1),
                                  bomb_extra, pend_a, pend_d, num.one, first)
            return
        none = (((0, 0, 0, 0), num.one),)
        meter = self.meter
        h = [None]
        a_out = none if a_of is None else self._cached(a_of, D, di, None, meter)
        if a_out is None:
            yield from self._outcomes_g(h, a_of, D, di, None, meter)
            a_out = h[0]
        d_out = none if d_of is None else self._cached(d_of, A, ai, None, meter)
        if d_out is None:
            yield from self._outcomes_g(h, d_of, A, ai, None, meter)
            d_out = h[0]
        n = len(a_out) + len(d_out)
        if meter[0] + n * CHOICE_UNITS <= meter[1]:
            # fits in this slice even if every outcome is a fresh casualty choice: no
            # generators (the host's common case)
            meter[0] += n
            d_list = _of_states(D, di, a_out, d_defer, zero)
            a_list = _of_states(A, ai, d_out, a_defer, zero)
        else:
            yield from _of_states_g(D, di, a_out, d_defer, zero, h, meter)
            d_list = h[0]
            yield from _of_states_g(A, ai, d_out, a_defer, zero, h, meter)
            a_list = h[0]
        for dx in d_list:
            di1 = dx[0]
            for ax in a_list:
                p = dx[2] * ax[2]
                if p == zero:
                    continue
                ai1 = ax[0]
                yield from self._main(out, ai1, di1, a_main_which, d_main_which,
                                      b.protected(A, ai1, D, di1), b.protected(D, di1, A, ai1),
                                      bomb_extra, ax[1], dx[1], p, first)

    def _outcomes(self, dists, target, ti, low=None):
        """Joint hit outcomes ((any, no_air, no_sub, 0), p) of class distributions, capped
        at what the target can absorb; classes that meet no restriction are merged.
        Outcomes less likely than `low` (default: prune_hits) are left out, their mass in
        self.lost. On a host the lists are cached by (distributions, target hit points,
        target mask, pruned or not)."""
        h = [None]
        m = [0, _BUDGET]
        _drain(self._outcomes_g(h, dists, target, ti, low, m), m)
        return h[0]

    def _outcomes_g(self, res, dists, target, ti, low, meter):
        """_outcomes as a generator into res[0]: each outcome built is a work unit of
        `meter`, and it yields between rows when the slice's work is spent (one state's
        list at sea 40 v 40 is thousands of outcomes: seconds on the handheld)."""
        got = self._cached(dists, target, ti, low, meter)
        if got is not None:
            res[0] = got
            return
        info = target.info[ti]
        yield from self._outcomes2(res, self._prepared, low, meter)
        self._keep(dists, info, low, res[0])

    def _cached(self, dists, target, ti, low, meter):
        """The outcome list of _outcomes without a generator (self.lost set) when it is
        cached or of one class (plain hits: at most the target's hit points + 1 outcomes,
        built here); else None, the distributions made ready in self._prepared."""
        info = target.info[ti]
        if _SMALL:
            out = self._outcomes1(dists, info, low)
            if out is not None:
                meter[0] += len(out)
            return out
        key = (id(dists), info[0], info[1], low is None)
        got = self.out_cache.get(key)
        if got is not None and got[0] is dists:
            self.lost = got[2]
            return got[1]
        out = self._outcomes1(dists, info, low)
        if out is None:
            return None
        meter[0] += len(out)
        if _DEVICE:
            self._keep(dists, info, low, out)
        else:
            self.out_cache[key] = (dists, out, self.lost)
        return out

    def _keep(self, dists, info, low, out):
        if _SMALL:
            return
        key = (id(dists), info[0], info[1], low is None)
        if _DEVICE:
            self.out_n += len(out)
            if self.out_n > _OUT_CACHE:
                self.out_cache = {}
                self.out_n = len(out)
        self.out_cache[key] = (dists, out, self.lost)

    def _outcomes1(self, dists, info, low):
        """The outcomes of one class of hits (a list), or None: then (any, no_air, no_sub)
        distributions capped at the target's hit points are left in self._prepared."""
        zero = self.num.zero
        cap = info[0]
        if cap > 250:
            cap = 250
        mask = info[1]
        d_any = dists[0]
        d_na = dists[1]
        d_ns = dists[2]
        if not mask & 1 and len(d_na) > 1:  # no air on board: sub hits are plain hits
            d_any = _conv(d_any, d_na, cap, zero)
            d_na = self.num.unit
        if not mask & 2 and len(d_ns) > 1:  # no sub on board: air hits are plain hits
            d_any = _conv(d_any, d_ns, cap, zero)
            d_ns = self.num.unit
        d_any = _capped(d_any, cap, zero)
        if low is None:
            low = self.prune_hits  # zero unless pruning
        lost = zero
        out = []
        if len(d_na) == 1 and len(d_ns) == 1:
            for x in range(len(d_any)):
                if d_any[x] > low:
                    out.append((x, d_any[x]))
                else:
                    lost += d_any[x]
            self.lost = lost
            return out
        self._prepared = (d_any, _capped(d_na, cap, zero), _capped(d_ns, cap, zero))
        return None

    def _outcomes2(self, res, prepared, low, meter):
        """The outcomes of three classes of hits into res[0], a row of `prepared`'s hits of
        any kind at a time, yielding when the slice's work is spent."""
        zero = self.num.zero
        d_any, d_na, d_ns = prepared
        if low is None:
            low = self.prune_hits
        lost = zero
        out = []
        row = len(d_na) * len(d_ns)
        for x in range(len(d_any)):
            px = d_any[x]
            if px == zero:
                continue
            meter[0] += row
            if meter[0] >= meter[1]:
                yield
            for y in range(len(d_na)):
                py = px * d_na[y]
                if py == zero:
                    continue
                for z in range(len(d_ns)):
                    pz = py * d_ns[z]
                    if not pz > low:
                        lost += pz
                        continue
                    out.append(((x, y, z, 0), pz))
        self.lost = lost
        res[0] = out

    def _main(self, out, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a, pend_d, p0,
              first=False):
        """General fire of both sides from (ai, di); adds p0 * P(next) into out. `first`: the
        battle's first round (first-cycle national advantages)."""
        M = self.M
        zero = self.num.zero
        meter = self.meter
        if out.__class__ is _Draw:
            # one sampled battle: the two sides' fire is independent, one hit outcome each,
            # and only those two casualty choices made
            ai_base, hd, di_base, ha = self._next_outs(
                ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a, pend_d, first, out)
            meter[0] += SAMPLE_UNITS
            out.key = self.A.apply(ai_base, hd) * M + self.D.apply(di_base, ha)
            return
        key = None
        if out.__class__ is list and not (_DEVICE or _SMALL or first or bomb_extra):
            # a branch of a round whose submarines fire apart (_stationary): the same pair of
            # states with the same pending hits comes back from other states (sea 30 v 30:
            # 21,000 branches, 6,400 different), its next states kept on a host
            key = (ai, di, a_which, d_which, a_prot, d_prot, pend_a, pend_d)
            nl = self.branches.get(key)
            if nl is not None:
                out.append((p0, nl[0], nl[1]))
                return
        nl = [None, None]
        if not self._next_now(nl, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a,
                              pend_d, first, None, meter):
            yield from self._next_lists(nl, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra,
                                        pend_a, pend_d, first, None, meter)
        a_next, d_next = nl
        if out.__class__ is list:
            if key is not None:
                self.branches[key] = nl
            out.append((p0, a_next, d_next))  # _stationary spreads them into its rows
            return
        nd = len(d_next)
        if out.__class__ is _Rows:
            # the device's packed rows: each next attacker state's row found once
            top = 0
            for dn in d_next:
                if dn[0] > top:
                    top = dn[0]
            for an in a_next:
                if meter[0] >= meter[1]:
                    yield
                meter[0] += nd
                row = out._row(an[0], top)
                pa = an[1] * p0
                for dn in d_next:
                    o = 8 * dn[0]
                    _pack("d", row, o, _unpack("d", row, o)[0] + pa * dn[1])
            return
        get = out.get
        for an in a_next:
            if meter[0] >= meter[1]:
                yield
            meter[0] += nd
            base = an[0] * M
            pa = an[1] * p0
            for dn in d_next:
                k = base + dn[0]
                out[k] = get(k, zero) + pa * dn[1]

    def _next_lists(self, res, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a,
                    pend_d, first, low, meter):
        """A generator: res = [[(next attacker state, p)], [(next defender state, p)]]: the
        two sides' fire is independent, so the next pair is their product. Hit outcomes less
        likely than `low` are left out: self.next_lost = (mass missing from the defender's
        next states, from the attacker's). Outcomes built and mapped to states are work
        units of `meter`; it yields partway when the slice's work is spent."""
        A = self.A
        D = self.D
        zero = self.num.zero
        if res[0] is not None:  # the fire _next_now found (it did not fit)
            ai_base, d_fire, di_base, a_fire = res[0]
        else:
            ai_base, d_fire, di_base, a_fire = self._next_outs(
                ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a, pend_d, first)
        h = [None]
        yield from self._outcomes_g(h, a_fire, D, di, low, meter)
        a_out = h[0]
        la = self.lost
        yield from self._outcomes_g(h, d_fire, A, ai, low, meter)
        d_out = h[0]
        self.next_lost = (la, self.lost)
        n = len(a_out) + len(d_out)
        if meter[0] + n * CHOICE_UNITS <= meter[1]:
            meter[0] += n  # fits in this slice (each outcome at most a fresh choice): the plain loop
            res[0] = self._merge(A, 0, ai_base, d_out)
            res[1] = self._merge(D, 1, di_base, a_out)
            return
        yield from _merge_g(A, ai_base, d_out, zero, h, meter)
        res[0] = h[0]
        yield from _merge_g(D, di_base, a_out, zero, h, meter)
        res[1] = h[0]

    def _next_now(self, res, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a,
                  pend_d, first, low, meter):
        """_next_lists without generators when both outcome lists are cached and mapping them
        fits in what is left of the slice (the host's common case): True; else False, the
        fire left in res[0] for _next_lists."""
        A = self.A
        D = self.D
        o = self._next_outs(ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a,
                            pend_d, first)
        res[0] = o
        ai_base, d_fire, di_base, a_fire = o
        a_out = self._cached(a_fire, D, di, low, meter)
        if a_out is None:
            return False
        la = self.lost
        d_out = self._cached(d_fire, A, ai, low, meter)
        if d_out is None:
            return False
        n = len(a_out) + len(d_out)
        if meter[0] + n * CHOICE_UNITS > meter[1]:
            return False  # might not fit: every outcome could be a fresh casualty choice
        meter[0] += n
        self.next_lost = (la, self.lost)
        zero = self.num.zero
        res[0] = self._merge(A, 0, ai_base, d_out)
        res[1] = self._merge(D, 1, di_base, a_out)
        return True

    def _merge(self, side, s, base, outcomes):
        """_merge(side, base, outcomes), kept on a host: the same state meets the same outcome
        list again from other states (sea 30 v 30: 55,000 mappings, 25,000 different)."""
        if _DEVICE or _SMALL:
            return _merge(side, base, outcomes, self.num.zero)
        key = (base * 2 + s, id(outcomes))
        got = self.merged.get(key)
        if got is not None and got[0] is outcomes:
            return got[1]
        out = _merge(side, base, outcomes, self.num.zero)
        self.merged[key] = (outcomes, out)
        return out

    def _next_outs(self, ai, di, a_which, d_which, a_prot, d_prot, bomb_extra, pend_a, pend_d,
                   first=False, draw=None):
        """(attacker state, the defender's fire on it, defender state, the attacker's): the
        start of _next_lists. With a _Draw: one hit outcome drawn for each side instead of
        the fire."""
        A = self.A
        D = self.D
        zero = self.num.zero
        fa = fd = 0
        if first and (A.na or D.na):
            fa = fd = 1
            if A.na & NA_STUKA:
                # LHTR-O-24: unless the defender has fighters when the first cycle starts
                fa = 3
                t = D.states[di]
                for s in range(D.k):
                    if t[s] and self.b.units[self.b.ids[s]][U_NAME] == "fighter":
                        fa = 1
        a_fire = A.fire(ai, a_which, a_prot, bomb_extra, fa)
        d_fire = D.fire(di, d_which, d_prot, None, fd)
        ai_base = A.apply(ai, pend_a) if pend_a is not None else ai
        di_base = D.apply(di, pend_d) if pend_d is not None else di
        if draw is not None:
            return ai_base, draw.hits(d_fire, A.info[ai]), di_base, draw.hits(a_fire, D.info[di])
        return ai_base, d_fire, di_base, a_fire

    # -- before the first round --------------------------------------------------------
    def pre_battle(self, key):
        """Distribution before round 1: antiaircraft fire and (LHTR) bombardment."""
        if self.pre_done:
            return {key: self.num.one}
        b = self.b
        A = self.A
        D = self.D
        M = self.M
        num = self.num
        f = b.flags
        ai = key // M
        di = key % M
        dist = {key: num.one}
        if self.rounds_done > 0:
            return dist
        # antiaircraft fire at attacking air units
        if self.aa_guns and b.kind != "sea":
            a_list = self._aa(ai)
            if a_list is not None:
                dist = {}
                for pair in a_list:
                    k = pair[0] * M + di
                    dist[k] = dist.get(k, num.zero) + pair[1]
        if self.bomb is not None and f & CF_BOMBARD_NO_REPLY:
            # LHTR-C-23/44: first-cycle opening fire, casualties removed without firing back
            fire = [[num.one], [num.one], [num.one]]
            for e in self.bomb:
                fire[0] = _conv(fire[0], num.binom(e[1], e[0]), 4096, num.zero)
            outs = self._outcomes(fire, D, di)
            new = {}
            for k in dist:
                a_part = (k // M) * M
                for o in outs:
                    k2 = a_part + D.apply(di, o[0])
                    new[k2] = new.get(k2, num.zero) + dist[k] * o[1]
            dist = new
        return dist

    def _aa(self, ai):
        """[(attacker state, p)] after AA fire, or None when no AA fires."""
        b = self.b
        A = self.A
        num = self.num
        f = b.flags
        units = b.units
        t = A.states[ai]
        code = 1
        d_tech = self.D.tech
        if "radar" in d_tech:
            code = 2  # P40-R-24
        radar = self.aa_radar
        split = False
        groups = []  # (eligible slots, dice)
        air = []
        for s in range(A.k):
            r = units[b.ids[s]]
            if t[s] and r[U_KIND] == AIR:
                if f & CF_AA_BY_TYPE and r[U_ABILITIES] & AB_FIGHTER and "jet_fighters" in A.tech:
                    continue  # LHTR-T-07: jets are never fired on
                air.append(s)
        if not air:
            return None
        if f & CF_AA_BY_TYPE:
            # LHTR-C-21: dice at each air type apart, the owner picks within the type
            for s in air:
                groups.append(((s,), t[s]))
        else:
            n = 0
            for s in air:
                n += t[s]
            if f & CF_AAA_THREE_SHOTS:
                shots = 3 * self.aa_guns  # P40-U-36: min(3 x AAA, air units)
                if shots < n:
                    n = shots
            if radar is not None and code == 2:
                # the AAA with Radar fire first, 3 shots each (P40-U-36); the others at 1
                split = True
                nr = 3 * radar if 3 * radar < n else n
                groups.append((tuple(air), nr))
                n -= nr
            groups.append((tuple(air), n))  # CL-C-11: one die per plane
        dist = [(ai, num.one)]
        for gi in range(len(groups)):
            g = groups[gi]
            gcode = code
            if split:
                gcode = 2 if gi == 0 else 1
            if f & CF_AA_BY_TYPE and (A.na or self.D.na):
                if A.na & NA_SUPERFORT and units[b.ids[g[0][0]]][U_ABILITIES] & AB_STRATEGIC:
                    if f & CF_NA_FAQ_ORIGINAL:
                        continue  # Revised FAQ: "Are superfortresses subject to AA fire? No."
                    gcode = _SUM2_LE3  # LHTR-O-55: two dice at each bomber, down on 3 or less
                elif self.D.na & NA_RADAR and b.space & SP_TAN:
                    gcode = 2  # LHTR-O-30
            row = num.binom(g[1], gcode)
            new = {}
            for pair in dist:
                for h in range(len(row)):
                    if row[h] == num.zero:
                        continue
                    j = self._aa_hit(pair[0], g[0], h)
                    new[j] = new.get(j, num.zero) + pair[1] * row[h]
            dist = [(j, new[j]) for j in _keys_sorted(new)]
        return dist

    def _aa_hit(self, ai, slots, h):
        if h == 0:
            return ai
        A = self.A
        b = self.b
        counts, damaged = A.counts_of(ai)
        only = [0] * len(b.units)
        for s in slots:
            only[b.ids[s]] = counts[b.ids[s]]
        lost, dmg = A._choose(only, damaged, (0, 0, 0, h))
        for u in range(len(b.units)):
            counts[u] -= lost[u]
        return A._from_counts(ai, counts, damaged)

    # -- the whole battle ------------------------------------------------------------------
    def result(self):
        """The report, computed in one go."""
        _drain(self.solve(), self.meter)
        return self.report

    def solve(self):
        """A generator that computes self.report, yielding whenever the work of the slice
        (self.meter) is spent: the device interleaves keys and the tower between slices."""
        A = self.A
        D = self.D
        M = self.M
        num = self.num
        zero = num.zero
        pol = self.pol
        start = A.start * M + D.start
        done = self.rounds_done
        # nothing to fight on the defender's side (P40-C-53): the attacker simply wins
        if D.info[D.start][8] == 0 and D.info[D.start][6] == 0:
            dist = {start: num.one}
            if self.aa_guns and not self.b.flags & CF_AAA_THREE_SHOTS:
                dist = self.pre_battle(start)  # CL-C-11, LHTR-C-21: a lone AA gun fires first
            for k in _keys_sorted(dist):
                self._add_term(k, O_ATTACKER if A.info[k // M][5] else O_DRAW, dist[k])
            self.report = self._report()
            return
        out, k0 = self.settle(start, done, False)
        if out >= 0:
            self._add_term(k0, out, num.one)
            self.report = self._report()
            return
        dist = self.pre_battle(k0)
        # on the device: a mixture (RAM)
        if _SMALL and len(dist) > 1 and self.b.kind != "sea" and self.num.number is float:
            A = D = None  # the parts run on fresh sides: let these go
            yield from self._mixture(dist)
            return
        # The first round is always fought explicitly: it may differ from the later ones
        # (bombardment whose casualties fire back) and no retreat comes before it.
        explicit = 1
        limit = pol["retreat_after_round"]
        if limit:
            explicit = limit - done if limit > done else 0
        if pol["retreat_below"] is not None:
            self.W = self._win_values(dist)
        r = done
        first = True
        lean = _SMALL and self.num.number is float
        while explicit > 0 and dist:
            new = _Rows(self) if lean else {}
            for k in _keys_sorted(dist):
                m = dist[k]
                o, k2 = self.settle(k, r, not first)
                if o >= 0:
                    self._add_term(k2, o, m)
                    continue
                self.rounds = self.rounds + m
                yield from self.round_into(new, k2, r == 0, m)
            dist = new
            r += 1
            explicit -= 1
            first = False
        if limit and limit <= r:
            for k in _keys_sorted(dist):
                o, k2 = self.settle(k, r, not first)
                self._add_term(k2, o if o >= 0 else O_RETREAT, dist[k])
            yield from self._report_g()
            return
        if self._chains():
            yield from self._stationary_chain(dist)
        elif lean and isinstance(dist, _Rows):
            yield from self._stationary_rows(dist)
        else:
            yield from self._stationary(dist)
        yield from self._report_g()

    def _mixture(self, dist):
        """On the device: the battle after antiaircraft fire (and LHTR bombardment) as a
        mixture, one part per outcome of that fire, each solved on fresh sides and freed
        before the next, so that only one part's states are in RAM at a time; the parts'
        reports are merged (IPC lost counts the units the opening fire took)."""
        b = self.b
        A = self.A
        D = self.D
        M = self.M
        starts = []
        # by defender state, so that the parts fighting one defender come one after another
        for k in sorted([(k % M) * M + k // M for k in dist]):
            ca, da = A.counts_of(k % M)
            cd, dd = D.counts_of(k // M)
            starts.append((dist[(k % M) * M + k // M], ca, da, cd, dd))
        a0, a0d = A.counts_of(A.start)
        d0, d0d = D.counts_of(D.start)
        a_cfg = (A.tech, A.order, A.keep_land)
        d_cfg = (D.tech, D.order, D.keep_land)
        d_teched = D.teched_units if D.teched is not None else None
        pol = self.pol
        bomb = self.bomb
        aa = self.aa_guns
        done = self.rounds_done
        self.A = self.D = A = D = None
        dist = None
        merged = _Merged(b.units, a0, d0, self.num.zero)
        sd = None
        chain = None
        tidy = b.num.packed  # (masses in lists: the battle fits with room, see _LIST_BYTES)
        while starts:
            p, ca, da, cd, dd = starts.pop()
            if tidy:
                gc.collect()
            sa = _Side(b, True, ca, da, a_cfg[0], a_cfg[1], a_cfg[2])
            if sd is None or sd.counts_of(sd.start) != (cd, dd):
                # antiaircraft fire leaves the defender as it was: the parts fight one
                # defender side, its casualty choices and fire tables made once (a part of
                # LHTR bombardment may start from another)
                sd = _Side(b, False, cd, dd, d_cfg[0], d_cfg[1], d_cfg[2])
                if d_teched is not None:
                    sd.set_teched(d_teched)
                chain = None
            run = _Run(b, sa, sd, pol, bomb, aa, done)
            run.keep_d = bool(starts)
            run.d_chain = chain
            run.pre_done = True
            run.meter = sa.meter = sd.meter = self.meter  # one slice budget for the parts
            run.prune = self.prune
            run.prune_hits = self.prune_hits
            run.part = (merged, p, (_cost(b.units, a0, ca), _cost(b.units, d0, cd)))
            yield from run.solve()
            chain = run.d_chain
            run = sa = None
        sd = chain = None
        if tidy:
            gc.collect()
        self.report = merged.report()

    def _stationary_rows(self, rows):
        """The forward DP of `_stationary` over packed rows (device RAM): attacker states
        from the most hit points down, in each row defender states likewise; no round can
        raise either side's hit points, so every predecessor of a state comes first."""
        A = self.A
        D = self.D
        M = self.M
        b = self.b
        meter = self.meter
        while rows.byhp:
            h = -1
            for x in rows.byhp:
                if x > h:
                    h = x
            lst = rows.byhp[h]
            ai = lst.pop()
            if not lst:
                del rows.byhp[h]
            row = rows.rows[ai]
            gc.collect()  # between rows: keeps the small heap from fragmenting
            while True:
                best = -1
                bh = -1
                bv = 0.0
                nd = len(D.states)
                n = len(row) // 8
                if n > nd:
                    n = nd
                for di in range(n):
                    v = _unpack("d", row, 8 * di)[0]
                    if v != 0.0:
                        hh = D.info[di][0]
                        if hh > bh:
                            best = di
                            bh = hh
                            bv = v
                if best < 0:
                    break
                _pack("d", row, 8 * best, 0.0)
                k = ai * M + best
                meter[0] += 1
                if meter[0] >= meter[1]:
                    yield
                if bv < self.prune:
                    self.dropped += bv  # (the report's "pruned")
                    continue
                o, k2 = self.settle(k, 1, True)
                if o >= 0:
                    self._add_term(k2, o, bv)
                    continue
                if k2 != k:
                    rows.add(k2, bv)
                    continue
                if self._opening(ai, best):
                    step = {}
                    yield from self._round(step, k, False)
                    stay = step.pop(k, 0.0)
                    if stay >= 1.0:
                        self._add_term(k, O_DRAW, bv)
                        continue
                    f = bv / (1.0 - stay)
                    self.rounds = self.rounds + f
                    slow = meter[0] + len(step) > meter[1]  # each a work unit
                    if not slow:
                        meter[0] += len(step)
                    for k3 in step:
                        if slow:
                            meter[0] += 1
                            if meter[0] >= meter[1]:
                                yield
                        rows.add(k3, f * step[k3])
                    continue
                nl = [None, None]
                ap = b.protected(A, ai, D, best)
                dp = b.protected(D, best, A, ai)
                if not self._next_now(nl, ai, best, 3, 3, ap, dp, None, None, None, False, None,
                                      meter):
                    yield from self._next_lists(nl, ai, best, 3, 3, ap, dp, None, None, None,
                                                False, None, meter)
                a_next, d_next = nl
                sa = 0.0
                for an in a_next:
                    if an[0] == ai:
                        sa = an[1]
                sd = 0.0
                for dn in d_next:
                    if dn[0] == best:
                        sd = dn[1]
                left = 1.0 - sa * sd
                if left <= 0.0:
                    self._add_term(k, O_DRAW, bv)
                    continue
                f = bv / left
                self.rounds = self.rounds + f
                nd = len(d_next)
                for an in a_next:
                    if meter[0] >= meter[1]:
                        yield
                    meter[0] += nd
                    base = an[0] * M
                    fa = f * an[1]
                    for dn in d_next:
                        k3 = base + dn[0]
                        if k3 != k:
                            rows.add(k3, fa * dn[1])
            del rows.rows[ai]

    def _top_hits(self, rows):
        """The most hit points of an attacker state holding mass and of any defender state:
        where the sweeps from the largest states down start."""
        A = self.A
        D = self.D
        ha = A.info[A.start][0]
        for ai in rows:
            if A.info[ai][0] > ha:
                ha = A.info[ai][0]
        hd = D.info[D.start][0]
        for di in range(len(D.states)):
            if D.info[di][0] > hd:
                hd = D.info[di][0]
        return ha, hd

    def _stationary(self, dist):
        """Forward DP over states reached after at least one round; a state's self-loop (a
        round without hits) is divided out. No round raises either side's hit points, so
        attacker states are taken from the most hit points down and, in each one's row,
        defender states likewise: every predecessor of a state comes first. Masses live in
        one dense list per attacker state (zero: no mass)."""
        A = self.A
        D = self.D
        M = self.M
        zero = self.num.zero
        one = self.num.one
        rows = {}
        for k in _keys_sorted(dist):
            self._put(rows, None, -1, k, dist.pop(k))
        b = self.b
        meter = self.meter
        low = self.prune
        thin = self.prune_next if self.prune_next else None
        ha, hd0 = self._top_hits(rows)
        while ha >= 0:
            alist = A.byhp.get(ha)
            ha -= 1
            if not alist:
                continue
            x = 0
            while x < len(alist):
                ai = alist[x]
                x += 1
                row = rows.get(ai)
                if row is None:
                    continue
                gat = [{}, 0]  # what leaves the row, summed (_gather)
                hd = hd0
                while hd >= 0:
                    dlist = D.byhp.get(hd)
                    hd -= 1
                    if not dlist:
                        continue
                    y = 0
                    while y < len(dlist):
                        di = dlist[y]
                        y += 1
                        if di >= len(row):
                            continue
                        m = row[di]
                        if m == zero:
                            continue
                        row[di] = zero
                        k = ai * M + di
                        meter[0] += 1
                        if meter[0] >= meter[1]:
                            yield
                        if m < low:
                            self.dropped += m  # (the report's "pruned")
                            continue
                        o, k2 = self.settle(k, 1, True)
                        if o >= 0:
                            self._add_term(k2, o, m)
                            continue
                        if k2 != k:
                            self._put(rows, row, ai, k2, m)
                            continue
                        if self._opening(ai, di):
                            # submarines fire apart: the round's branches (one per pair of
                            # opening-fire outcomes), each a product of next states
                            branches = []
                            yield from self._round(branches, k, False)
                            lost = None
                        else:
                            nl = [None, None]
                            ap = b.protected(A, ai, D, di)
                            dp = b.protected(D, di, A, ai)
                            if not self._next_now(nl, ai, di, 3, 3, ap, dp, None, None, None,
                                                  False, thin, meter):
                                yield from self._next_lists(nl, ai, di, 3, 3, ap, dp, None, None,
                                                            None, False, thin, meter)
                            branches = ((one, nl[0], nl[1]),)
                            lost = self.next_lost if thin is not None else None
                        stay = zero
                        for pb, a_next, d_next in branches:
                            sa = zero
                            for a2, p in a_next:
                                if a2 == ai:
                                    sa = p
                                    break
                            if sa != zero:
                                for d2, p in d_next:
                                    if d2 == di:
                                        stay = stay + pb * sa * p
                                        break
                        left = one - stay
                        if left == zero:
                            self._add_term(k, O_DRAW, m)  # nothing can ever change
                            continue
                        f = m / left
                        self.rounds = self.rounds + f
                        if lost is not None:
                            # hit outcomes too unlikely to matter were left out of the next
                            # states (mass l_a from the defender's, l_d from the attacker's):
                            # f * (1 - the product of what is left) of the outflow is dropped
                            la, ld = lost
                            if la != zero or ld != zero:
                                self.dropped += f * (la + ld - la * ld)
                        for br in branches:
                            yield from self._gather(rows, gat, row, ai, f * br[0], br[1],
                                                    br[2])
                        row[di] = zero  # the self-loop's share, divided out above
                yield from self._scatter(rows, ai, gat)
                del rows[ai]

    def _gather(self, rows, gat, row, ai, f, a_next, d_next):
        """One branch of a round from (ai, d) with outflow f: the pairs of next states that
        stay in row ai (the attacker takes no loss) are added to the row at once, as the sweep
        of the row reaches them later; the rest, f * pd for every next defender state, is
        summed per attacker's next-state list (gat: a dict id(a_next) -> its entry, the masses
        summed, then the entries [a_next, {defender state: mass}]) and spread by _scatter once
        the row is swept. States of one row that meet the same defender's dice share that list
        (_Side.fire), so the pairs are spread once per list, not once per state (sea 30 v 30:
        2.5 M pairs -> 1.2 M). On a device the sums are spread as soon as they hold as many
        masses as a row (RAM: sea 40 v 40's rows kept them all at once, 0.4 MB more of the
        handheld's heap). A generator: each next defender state a work unit."""
        zero = self.num.zero
        meter = self.meter
        if meter[0] >= meter[1]:
            yield
        nd = len(d_next)
        stay = zero
        for a2, p in a_next:
            if a2 == ai:
                stay = p
                break
        if stay == zero or len(a_next) > 1:
            meter[0] += nd
            got = gat[0].get(id(a_next))
            if got is None or got[0] is not a_next:
                got = [a_next, {}]
                gat[0][id(a_next)] = got
                gat.append(got)
            acc = got[1]
            get = acc.get
            for d, p in d_next:
                acc[d] = get(d, zero) + f * p
            gat[1] += nd
        if stay != zero:
            meter[0] += nd
            need = len(self.D.states)  # above every next state's index
            if len(row) < need:
                row.extend([zero] * (need + 8 - len(row)))
            fs = f * stay
            for d, p in d_next:
                row[d] += fs * p
        if _DEVICE and gat[1] > len(self.D.states):
            yield from self._scatter(rows, ai, gat)

    def _scatter(self, rows, ai, gat):
        """Spreads what _gather summed for the rows of other attacker states: each list's
        next attacker states times the defender's masses; a generator, each pair a work
        unit."""
        zero = self.num.zero
        meter = self.meter
        need = len(self.D.states)  # above every next state's index
        for x in range(2, len(gat)):
            a_next, acc = gat[x]
            gat[x] = None
            items = list(acc.items())
            n = len(items)
            for a2, pa in a_next:
                if a2 == ai:
                    continue  # added to the row by _gather
                if meter[0] >= meter[1]:
                    yield
                meter[0] += n
                r2 = rows.get(a2)
                if r2 is None:
                    r2 = [zero] * (len(self.D.states) + 8)
                    rows[a2] = r2
                if len(r2) < need:
                    r2.extend([zero] * (need + 8 - len(r2)))
                for d, p in items:
                    r2[d] += pa * p
        gat[0] = {}
        gat[1] = 0
        while len(gat) > 2:
            gat.pop()

    def _chains(self):
        """True when every round from here on is plain hits on both sides (no submarine on
        either side, the default order of loss): a state's casualties after h hits are then
        the state after one hit, h times over (Side.apply), and _stationary_chain applies."""
        if not CHAIN_FAST:
            return False
        for side in (self.A, self.D):
            if side.order is not None or not side.chain or side.info[side.start][7] or \
                    side.info[side.start][6]:
                return False
        return True

    def _stationary_chain(self, dist):
        """_stationary when both sides' states are chains of single hits (_chains). A round
        from (a, d) reaches (a after i hits, d after j hits) with P_d(i) * P_a(j), P_x being
        x's hit distribution; spread pair by pair that is the whole cost of a big battle (100 v
        100 infantry: 10 M pairs). Here an attacker state a' instead gathers, just before its
        row is swept, the mass of every state above it on its chain: sources x at i hits above
        give F_x(d) * P_d(i) (F: the outflow m / (1 - p_stay) of a swept state), and their
        attacker's fire is a' 's fire and the dice x has beyond it (a die or two: P_x = P_a' *
        Delta_x), so the sum is taken Horner-like from the top of the chain down, each step
        adding Delta's few hits along d, and a' 's own fire applied once at the end. The same
        sums in another order: exact with fractions. On the device the rows are packed."""
        A = self.A
        D = self.D
        M = self.M
        num = self.num
        zero = num.zero
        one = num.one
        meter = self.meter
        low = self.prune
        ch = _Chains(self)
        rows = {}
        if isinstance(dist, _Rows):
            # the device's packed first-round rows, moved over one at a time (no key list)
            while dist.rows:
                for ai in dist.rows:
                    break
                r = dist.rows.pop(ai)
                for di in range(len(r) // 8):
                    v = _unpack("d", r, 8 * di)[0]
                    if v != 0.0:
                        ch.put(rows, ai, di, v)
                r = None
        else:
            for k in _keys_sorted(dist):
                ch.put(rows, k // M, k % M, dist[k])
        dist = None
        s1a = ch.s1a
        s1d = ch.s1d
        df = ch.df
        F = ch.F
        plain = self._settles_as_it_stands()
        ha, hd0 = self._top_hits(rows)
        while ha >= 0:
            alist = A.byhp.get(ha)
            ha -= 1
            if not alist:
                continue
            x = 0
            while x < len(alist):
                ai = alist[x]
                x += 1
                ch.link_a(ai)
                acc = None
                if ch.pred.get(ai):
                    yield from ch.pull(rows, ai)
                    acc = ch.acc  # (masses that ai's fire has yet to spread, below)
                    ch.acc = None
                row = rows.get(ai)
                if row is None:
                    continue
                if len(row) < len(D.states):
                    row = ch.room(rows, ai, len(D.states))
                if row.__class__ is not list:
                    # the row being swept as a list (one at a time): its masses are read and
                    # spread into many times, and a packed double read makes a new float on a
                    # device whose floats are heap objects
                    row = rows[ai] = list(row)
                pa = ch.afire_list(ai)
                ta = None if acc is None else ch.atails(ai)
                fixed_a = s1a[ai] == ai
                Fa = None
                hd = hd0
                while hd >= 0:
                    dlist = D.byhp.get(hd)
                    hd -= 1
                    if not dlist:
                        continue
                    y = 0
                    while y < len(dlist):
                        di = dlist[y]
                        y += 1
                        if di >= len(row):
                            continue
                        m = row[di]
                        push = zero  # mass gathered by pull still to move on with ai's hits
                        if acc is not None and di < len(acc):
                            v = acc[di]
                            if v:
                                if s1d[di] == di:
                                    m = m + v  # (no hit moves di: all of it stays)
                                else:
                                    m = m + v * pa[0]
                                    push = v
                        if not m:  # (a float's truth, not == zero: a third of the cost on a device)
                            if push:
                                meter[0] += len(pa)
                                ch.spread(row, s1d[di], push, pa, 1, ta)
                            continue
                        row[di] = zero
                        k = ai * M + di
                        meter[0] += 1
                        if meter[0] >= meter[1]:
                            yield
                        k2 = k
                        if m < low:
                            self.dropped += m  # (the report's "pruned")
                            o = -2
                        elif plain:
                            o = self._terminal(ai, di)  # all that settle() would do
                        else:
                            o, k2 = self.settle(k, 1, True)
                        if o != -1 or k2 != k:
                            if o >= 0:
                                self._add_term(k2, o, m)
                            elif o == -1:
                                ch.put(rows, k2 // M, k2 % M, m)
                            if push:  # (the gathered mass moves on all the same)
                                meter[0] += len(pa)
                                ch.spread(row, s1d[di], push, pa, 1, ta)
                            continue
                        if di >= len(s1d) or s1d[di] < 0:
                            ch.link_d(di)  # (it may find new defender states: room for them)
                            if len(row) < len(D.states):
                                row = ch.room(rows, ai, len(D.states))
                        pd = df[di] if di < len(df) else None
                        if pd is None:
                            pd = ch.dfire(di)
                        sa = one if fixed_a else pd[0]
                        fixed_d = s1d[di] == di
                        sd = one if fixed_d else pa[0]
                        left = one - sa * sd
                        if not left:
                            self._add_term(k, O_DRAW, m)  # nothing can ever change
                            if push:
                                meter[0] += len(pa)
                                ch.spread(row, s1d[di], push, pa, 1, ta)
                            continue
                        f = m / left
                        self.rounds = self.rounds + f
                        ch.total = ch.total + f
                        if Fa is None:
                            Fa = ch.zeros(len(D.states) + 8)
                        elif len(Fa) <= di:
                            Fa.extend(ch.zeros(di + 8 - len(Fa)))
                        Fa[di] = f
                        if sa and not fixed_d:
                            # the attacker takes no hit, the defender one or more (with the
                            # gathered mass's share of the same hits)
                            meter[0] += len(pa)
                            if ta is None:
                                ta = ch.atails(ai)
                            ch.spread(row, s1d[di], f * sa + push if push else f * sa, pa, 1, ta)
                        elif push:
                            meter[0] += len(pa)
                            ch.spread(row, s1d[di], push, pa, 1, ta)
                del rows[ai]
                if Fa is not None:
                    F[ai] = Fa
        self.dropped += ch.total * ch.cut_tail

    def _put(self, rows, row, ai, k, m):
        """Adds mass m at joint state k (row: the list of attacker state ai, being swept)."""
        a2 = k // self.M
        di = k % self.M
        if a2 != ai:
            row = rows.get(a2)
            if row is None:
                row = [self.num.zero] * (len(self.D.states) + 8)
                rows[a2] = row
        if len(row) <= di:
            row.extend([self.num.zero] * (di + 8 - len(row)))
        row[di] += m

    def _win_values(self, dist):
        """Attacker's chance to win when it fights on from each state, retreating wherever
        that chance is below the policy's threshold (backward over the stationary graph)."""
        A = self.A
        D = self.D
        M = self.M
        zero = self.num.zero
        one = self.num.one
        P = self.pol["retreat_below"]
        self.W = None
        seen = {}
        order = []
        todo = list(dist)
        todo.sort()
        trans = {}
        while todo:
            k = todo.pop()
            if k in seen:
                continue
            seen[k] = True
            o, k2 = self.settle(k, 1, True)
            if o >= 0:
                continue
            if k2 != k:
                todo.append(k2)
                continue
            step = self.round_dist(k, False)
            trans[k] = step
            order.append((A.info[k // M][0] + D.info[k % M][0], k))
            for k3 in step:
                if k3 not in seen:
                    todo.append(k3)
        order.sort()
        W = {}
        for hk in order:
            k = hk[1]
            step = trans[k]
            left = one - step.get(k, zero)
            if left == zero:
                W[k] = zero
                continue
            s = zero
            for k3 in step:
                if k3 == k:
                    continue
                o, k4 = self.settle(k3, 1, True)
                if o >= 0:
                    if o == O_ATTACKER:
                        s = s + step[k3]
                    continue
                w = W.get(k4, zero)
                if not w < P:
                    s = s + step[k3] * w
            W[k] = s / left
        return W

    def _add_term(self, key, outcome, m):
        M = self.M
        ai = key // M
        di = key % M
        b = self.b
        A = self.A
        zero = self.num.zero
        if b.flags & CF_TRANSPORT_DEFENSELESS and (outcome == O_ATTACKER or
                                                   (outcome == O_DRAW and A.info[ai][2])):
            di = self.D.without(di, _is_transport)  # P40-C-91: defenseless transports are lost
        self.probs[outcome] = self.probs[outcome] + m
        if outcome == O_ATTACKER and b.kind != "sea" and A.info[ai][4] > 0:
            self.captures = self.captures + m
        self.a_rem[ai] = self.a_rem.get(ai, zero) + m
        self.d_rem[di] = self.d_rem.get(di, zero) + m

    # -- report --------------------------------------------------------------------------
    def _report(self):
        """The report, in one go."""
        _drain(self._report_g(), self.meter)
        return self.report

    def _report_g(self):
        """A generator that sets self.report: the end states' survivors and IPC lost are
        summed a work unit per unit type of each state (sea 20 v 20: 1.7 ms under the
        CircuitPython port, ~0.3 s on the handheld, in one slice before)."""
        # the casualty memos and fire caches are no longer needed: free them first
        for side in ((self.A, self.D) if not self.keep else ()):
            if side is self.D and self.keep_d:
                continue
            side.memo = [None] * len(side.states)
            side.after = [None] * len(side.states)
            side.fire_cache = {}
            side.fire_same = {}
            side.gcache = {}
        self.num.rows = {}
        if _SMALL and self.num.packed:
            gc.collect()
        if self.part is not None:
            # a mixture's part: its end states summed straight into the mixture's report
            yield from self.part[0].take(self, self.part[1], self.part[2])
            return
        res = [None, None, None, None]
        a_surv = {}
        d_surv = {}
        yield from self._survivors(self.A, self.a_rem, a_surv, res, 0)
        yield from self._survivors(self.D, self.d_rem, d_surv, res, 1)
        yield from self._ipc_moments(self.A, self.a_rem, res, 2)
        yield from self._ipc_moments(self.D, self.d_rem, res, 3)
        self.report = self._report2(a_surv, d_surv, res)

    def _report2(self, a_surv, d_surv, res):
        probs = self.probs
        captures = self.captures
        a_out, d_out, am, dm = res
        a_lost, a_sd = am
        d_lost, d_sd = dm
        return {
            "attacker_wins": probs[O_ATTACKER],
            "defender_wins": probs[O_DEFENDER],
            "draw": probs[O_DRAW],
            "attacker_retreats": probs[O_RETREAT],
            "attacker_captures": captures,
            "expected_rounds": self.rounds,
            "attacker_survivors": a_surv,
            "defender_survivors": d_surv,
            "attacker_ipc_lost": a_lost,
            "defender_ipc_lost": d_lost,
            "ipc_swing": d_lost - a_lost,
            "attacker_ipc_lost_sd": a_sd,
            "defender_ipc_lost_sd": d_sd,
            "attacker_remaining": a_out,
            "defender_remaining": d_out,
            "method": "exact",
            "pruned": self._pruned(),
        }

    def _pruned(self):
        """Probability mass dropped by pruning (zero when exact). Summed as it was dropped;
        a Solver's coarse pass also drops hit outcomes, counted as what the outcomes miss."""
        zero = self.num.zero
        if self.prune_hits == zero:
            return self.dropped
        p = self.probs
        left = self.num.one - p[0] - p[1] - p[2] - p[3]
        if left < self.dropped:
            left = self.dropped
        return left if left > zero else zero

    def _survivors(self, side, rem, surv, res, at):
        """A generator: the expected survivors per unit name into surv, and res[at] the
        remaining groups, most likely first."""
        b = self.b
        zero = self.num.zero
        k = side.k
        meter = self.meter
        t0 = side.states[side.start]
        for s in range(k):
            if t0[s] or t0[2 * k + s]:
                surv[b.units[b.ids[s]][U_NAME]] = zero
        groups = {}
        for i in _keys_sorted(rem):
            meter[0] += k
            if meter[0] >= meter[1]:
                yield
            m = rem[i]
            t = side.states[i]
            desc = []
            for s in range(k):
                c = t[s] + t[2 * k + s]
                if c:
                    name = b.units[b.ids[s]][U_NAME]
                    surv[name] = surv[name] + m * c
                    desc.append((name, c))
            g = tuple(desc)
            groups[g] = groups.get(g, zero) + m
        items = [(groups[g], g) for g in groups]
        items.sort(key=lambda it: (-it[0], it[1]))
        res[at] = tuple((dict(it[1]), it[0]) for it in items)

    def _ipc_moments(self, side, rem, res, at):
        """A generator: res[at] = (mean, standard deviation) of the IPC value a side loses."""
        b = self.b
        zero = self.num.zero
        t0 = side.states[side.start]
        k = side.k
        meter = self.meter
        m1 = zero
        m2 = zero
        for i in _keys_sorted(rem):
            meter[0] += k
            if meter[0] >= meter[1]:
                yield
            t = side.states[i]
            loss = 0
            for s in range(k):
                loss += (t0[s] + t0[2 * k + s] - t[s] - t[2 * k + s]) * b.units[b.ids[s]][U_COST]
            m1 = m1 + rem[i] * loss
            m2 = m2 + rem[i] * loss * loss
        var = m2 - m1 * m1
        if var < zero:
            var = zero
        res[at] = (m1, float(var) ** 0.5)


class _Rows:
    """Masses of joint states as packed doubles, one bytearray row per attacker state:
    8 bytes a state instead of a boxed float in a dict entry (the device's RAM). Answers
    the little of the dict protocol the first round uses (get, []=, [], iteration)."""

    def __init__(self, run):
        self.run = run
        self.rows = {}
        self.byhp = {}  # attacker hit points -> attacker states with a row
        # a collection at each new row keeps the heap of _stationary_rows from fragmenting;
        # the chains' rounds (_stationary_chain) fit without (a collection each: a fifth of
        # the lean path's time, 20 v 20 mixed, see _GC_EVERY)
        self.tidy = not run._chains()

    def _row(self, ai, di):
        row = self.rows.get(ai)
        if row is None:
            if self.tidy:
                gc.collect()  # a new row: a good moment to tidy the small heap
            run = self.run
            row = bytearray(8 * (len(run.D.states) + 4))
            self.rows[ai] = row
            h = run.A.info[ai][0]
            lst = self.byhp.get(h)
            if lst is None:
                self.byhp[h] = [ai]
            else:
                lst.append(ai)
        if 8 * di + 8 > len(row):
            row.extend(bytes(8 * di + 64 - len(row)))
        return row

    def get(self, k, default=0.0):
        M = self.run.M
        row = self.rows.get(k // M)
        di = k % M
        if row is None or 8 * di + 8 > len(row):
            return default
        return _unpack("d", row, 8 * di)[0]

    def __getitem__(self, k):
        return self.get(k, 0.0)

    def __setitem__(self, k, v):
        M = self.run.M
        di = k % M
        _pack("d", self._row(k // M, di), 8 * di, v)

    def add(self, k, m):
        M = self.run.M
        di = k % M
        row = self._row(k // M, di)
        _pack("d", row, 8 * di, _unpack("d", row, 8 * di)[0] + m)

    def __iter__(self):
        M = self.run.M
        out = []
        for ai in self.rows:
            row = self.rows[ai]
            for di in range(len(row) // 8):
                if _unpack("d", row, 8 * di)[0] != 0.0:
                    out.append(ai * M + di)
        return iter(out)

    def __len__(self):
        n = 0
        for k in self:
            n += 1
        return n


class _Chains:
    """_stationary_chain's tables: each side's state after one more hit, the attacker states
    one hit above each one, the swept rows' outflows, the sides' hit distributions."""

    def __init__(self, run):
        self.run = run
        self.s1a = {}
        self.s1d = []  # defender state -> the state after one more hit (-1: not yet); lists,
        # not dicts: read in the innermost loops (a list index is the cheaper lookup on a device)
        self.df = []  # defender state -> its hit distribution (None: not yet)
        self.dn = []  # defender state -> the length of that distribution (0: not yet)
        # [True while every defender state's next is the following index (states are made
        # in the order hits take them), the last state (no hit changes it) or -1 not yet]:
        # then a spread walks the row by index, no s1d read a step (see spread)
        self.dline = [True, -1]
        if run.d_chain is not None:
            # a mixture's earlier part fought this defender side: its tables hold (grown in place)
            self.s1d, self.df, self.dn, self.dline = run.d_chain
        run.d_chain = (self.s1d, self.df, self.dn, self.dline)
        self.pred = {}  # attacker state -> the attacker states one hit above it
        self.F = {}  # swept attacker state -> its outflow per defender state
        self.af = {}  # attacker state -> [its hit distribution, Delta (below) or 0: not yet]
        self.acc = None  # pull's gathered masses, before the pulled state's own fire
        self.packed = run.num.packed
        self.total = run.num.zero  # the outflows summed (a bound on what a cut can drop)
        self.cut_tail = run.num.zero
        # a state x hits above a' sends it P_d(i) * F_x(d): with i beyond `depth` that is
        # below _TINY (d's dice are among the defender's first ones: its tail bounds them all)
        pd = self.dfire(run.D.start)
        self.depth = len(pd) - 1
        if run.prune:
            t = run.num.zero
            while self.depth > 0 and t + pd[self.depth] < _TINY:
                t = t + pd[self.depth]
                self.depth -= 1
            self.cut_tail = t

    def zeros(self, n):
        """n zero masses: a list, or packed doubles on the device (RAM)."""
        if self.packed:
            return _array("d", [0.0] * n)
        return [self.run.num.zero] * n

    def room(self, rows, ai, n):
        """Attacker state ai's row, made (or grown) to hold n defender states."""
        row = rows.get(ai)
        if row is None:
            row = self.zeros(n + 8)
            rows[ai] = row
        elif len(row) < n:
            row.extend(self.zeros(n + 8 - len(row)))
        return row

    def put(self, rows, ai, di, m):
        self.room(rows, ai, di + 1)[di] += m

    def link_a(self, x):
        s1 = self.s1a
        A = self.run.A
        while x not in s1:
            y = A.apply(x, 1)
            s1[x] = y
            if y != x:
                lst = self.pred.get(y)
                if lst is None:
                    self.pred[y] = [x]
                else:
                    lst.append(x)
            x = y

    def link_d(self, x):
        s1 = self.s1d
        D = self.run.D
        while x >= len(s1) or s1[x] < 0:
            y = D.apply(x, 1)
            if x >= len(s1):
                s1.extend([-1] * (x + 8 - len(s1)))
            s1[x] = y
            line = self.dline
            if y == x and line[1] < 0:
                line[1] = x
            elif y != x + 1:
                line[0] = False  # (a second last state, or a step off the line)
            x = y

    def afire(self, i):
        """Attacker state i's hit distribution."""
        got = self.af.get(i)
        if got is None:
            got = [self.run.A.fire(i, 3, False, None)[0], 0]
            self.af[i] = got
        return got[0]

    def afire_list(self, i):
        """afire(i) as a list, for a row's spreads: a packed double read makes a new float on
        a device whose floats are heap objects (the CircuitPython unix port), once per die
        count and state spread; the list's floats are made once (not kept: device RAM)."""
        p = self.afire(i)
        return p if p.__class__ is list else list(p)

    def atails(self, i):
        """Attacker state i's chances of j or more hits (most spreads end on a defender state
        no hit changes, which takes them all: summed there each time, they were a tenth of the
        chains' work on a device). Made for a row's sweep or a pull, not kept (device RAM)."""
        p = self.afire(i)
        tl = list(p)
        for j in range(len(p) - 2, -1, -1):
            tl[j] = p[j] + tl[j + 1]
        return tl

    def dfire(self, i):
        df = self.df
        if i >= len(df):
            df.extend([None] * (i + 8 - len(df)))
            self.dn.extend([0] * (len(df) - len(self.dn)))
        got = df[i]
        if got is None:
            got = self.run.D.fire(i, 3, False, None)[0]
            df[i] = got
            self.dn[i] = len(got)
        return got

    def delta(self, x):
        """The hit distribution of the dice attacker state x rolls beyond the state one hit
        below it, or None when x does not roll all of that state's dice (support lost)."""
        self.afire(x)
        got = self.af[x]
        if got[1] != 0:
            return got[1]
        A = self.run.A
        num = self.run.num
        g1 = A.groups_of(x, 3, False, None)
        g2 = A.groups_of(self.s1a[x], 3, False, None)
        out = num.unit
        for g in g2:
            if g1.get(g, 0) < g2[g]:
                out = None
        if out is not None:
            keys = list(g1)
            keys.sort()
            for g in keys:
                n = g1[g] - g2.get(g, 0)
                if g[0] != _ANY:
                    out = None
                    break
                if n:
                    out = _conv(out, num.binom(n, g[1]), 4096, num.zero)
        got[1] = out
        return out

    def spread(self, row, d, v, p, j0, tl=None):
        """row[d after j more hits] += v * p[j0 + j] for j >= 0, the defender states d's
        hits lead to (the rest of p on a state no hit changes; tl: p's tails, atails)."""
        s1 = self.s1d
        n = len(p)
        line = self.dline
        if line[0] and line[1] >= d:
            # the states after d are d + 1, d + 2, ... up to the last one (dline)
            e = line[1]
            stop = j0 + e - d
            if stop > n:
                stop = n
            for j in range(j0, stop):
                row[d] += v * p[j]
                d += 1
            if stop < n:
                _rest(row, e, v, p, stop, tl)
            return
        for j in range(j0, n):
            d2 = s1[d]
            if d2 == d:
                _rest(row, d, v, p, j, tl)
                return
            row[d] += v * p[j]
            d = d2

    def pull(self, rows, a2):
        """Adds into a2's row the mass of every swept attacker state above it on its chain
        (a generator: a defender state's entry a work unit, a spread along its chain one per
        hit count; it yields when the slice's work is spent)."""
        run = self.run
        meter = run.meter
        zero = run.num.zero
        F = self.F
        pred = self.pred
        s1a = self.s1a
        depth = self.depth
        fixed = s1a[a2] == a2  # a2 takes no more hits: every hit count from i on lands on it
        order = []
        stack = []
        for c in pred[a2]:
            stack.append((c, 1))
        while stack:
            c, i = stack.pop()
            order.append((c, i))
            if i < depth:
                for g in pred.get(c, ()):
                    stack.append((g, i + 1))
        nD = len(run.D.states)
        row = self.room(rows, a2, nD)
        if row.__class__ is not list:
            row = rows[a2] = list(row)  # (as _stationary_chain's sweep of it, next)
        # the sums gathered here are plain lists even on the device: short-lived, and a packed
        # double read makes a new float under the CircuitPython unix port (20 v 20 mixed at 512K:
        # 51.8 -> 50.2 ms); spreads batched and the fire tables as lists too were ~9% faster,
        # but the lean path's peak heap grew (reverted, 2b0d581)
        W = {}
        acc = None
        df = self.df
        dn = self.dn
        s1d = self.s1d
        D = run.D
        for x in range(len(order) - 1, -1, -1):
            c, i = order[x]
            w = W.pop(c, None)
            Fc = F.get(c)
            if Fc is not None:
                meter[0] += len(Fc)
                if meter[0] >= meter[1]:
                    yield
                if w is None:
                    w = [zero] * (nD + 8)
                # (an outflow of zero has no fire table, dn 0: no float comparison, a third
                # of the multiply-add's cost on a device)
                n = len(Fc)
                if n > len(dn):
                    n = len(dn)  # (beyond: states no fire was asked of, their outflow zero)
                for d in range(n):
                    if i < dn[d]:
                        pd = df[d]
                        t = pd[i]
                        if fixed:
                            for y in range(i + 1, dn[d]):
                                t = t + pd[y]
                        w[d] += Fc[d] * t
            if w is None:
                continue
            dl = self.delta(c)
            if dl is None:
                # c rolls other dice than the state below it: its own fire, straight in
                pa = self.afire_list(c)
                tl = self.atails(c)
                for d in range(len(w)):
                    if w[d]:
                        self.spread(row, d, w[d], pa, 0, tl)
                        meter[0] += len(pa)
                        if meter[0] >= meter[1]:
                            yield
                continue
            p = s1a[c]
            if p == a2:
                if acc is None:
                    acc = [zero] * (nD + 8)
                u = acc
            else:
                u = W.get(p)
                if u is None:
                    u = [zero] * (nD + 8)
                    W[p] = u
            meter[0] += len(w)
            n = len(D.states)  # (w and u are longer: the tail has no mass)
            if len(dl) == 2:
                # most Deltas are one unit's die: spread inline (a call per state was most of
                # the pull on a device), the same sums as spread()
                p0 = dl[0]
                p1 = dl[1]
                t = p0 + p1
                end = self.dline[1]
                if self.dline[0] and 0 <= end < n:
                    # the states in a line (dline): a hit's share carried to the next index
                    # (u[d] read and written once, no s1d read: a third of the loop on a device)
                    c = None
                    for d in range(end):
                        v = w[d]
                        if v:
                            if c is None:
                                u[d] += v * p0
                            else:
                                u[d] += v * p0 + c
                            c = v * p1
                        elif c is not None:
                            u[d] += c
                            c = None
                    v = w[end]
                    if v:
                        u[end] += v * t if c is None else v * t + c
                    elif c is not None:
                        u[end] += c
                    for d in range(end + 1, n):
                        if w[d]:
                            self.spread(u, d, w[d], dl, 0)
                else:
                    for d in range(n):
                        v = w[d]
                        if v:
                            e = s1d[d]
                            if e == d:
                                u[d] += v * t
                            else:
                                u[d] += v * p0
                                u[e] += v * p1
            else:
                for d in range(n):
                    if w[d]:
                        self.spread(u, d, w[d], dl, 0)
            w = None
        # a2's own fire on the gathered masses: spread by the sweep of a2's row, together
        # with each state's own outflow (one spread a state instead of two, _stationary_chain)
        self.acc = acc


def _rest(row, d, v, p, j, tl):
    """row[d] += v * (p[j] + p[j + 1] + ...): the hits beyond a state no hit changes (tl:
    p's tails, when made)."""
    if tl is not None:
        row[d] += v * tl[j]
        return
    t = p[j]
    for x in range(j + 1, len(p)):
        t = t + p[x]
    row[d] += v * t


def _cost(units, before, after):
    """IPC value of the units in `before` and not in `after` (full-length count lists)."""
    c = 0
    for u in range(len(units)):
        if before[u] > after[u]:
            c += (before[u] - after[u]) * units[u][U_COST]
    return c


class _Merged:
    """The report of a mixture, summed part by part as each part is solved (each part's
    report is dropped at once: device RAM); the spread of IPC lost in floats, as _ipc_moments."""

    KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats", "attacker_captures",
            "expected_rounds", "pruned")

    def __init__(self, units, a0, d0, zero):
        self.units = units
        self.zero = zero
        self.sums = [zero] * len(self.KEYS)
        self.sides = []
        for start in (a0, d0):
            surv = {}
            for u in range(len(units)):
                if start[u]:
                    surv[units[u][U_NAME]] = zero
            self.sides.append([surv, {}, zero, 0.0])  # survivors, groups, m1, m2 (float)

    def take(self, run, p, before):
        """A generator: the part of probability p solved by `run` summed in (its end states
        straight, no report of its own: _Run._report_g, _survivors and _ipc_moments in one
        pass); before = (attacker, defender) IPC already lost when the part starts."""
        probs = run.probs
        got = (probs[O_ATTACKER], probs[O_DEFENDER], probs[O_DRAW], probs[O_RETREAT],
               run.captures, run.rounds, run._pruned())
        for i in range(len(self.KEYS)):
            self.sums[i] += p * got[i]
        b = run.b
        units = self.units
        meter = run.meter
        for x in range(2):
            side = run.A if x == 0 else run.D
            rem = run.a_rem if x == 0 else run.d_rem
            acc = self.sides[x]
            surv = acc[0]
            groups = acc[1]
            k = side.k
            t0 = side.states[side.start]
            m1 = acc[2]
            m2 = acc[3]
            for i in _keys_sorted(rem):
                meter[0] += k
                if meter[0] >= meter[1]:
                    yield
                m = p * rem[i]
                t = side.states[i]
                c = bytearray(len(units))  # the group as counts per unit id: one object
                loss = before[x]
                for s in range(k):
                    n = t[s] + t[2 * k + s]
                    u = b.ids[s]
                    loss += (t0[s] + t0[2 * k + s] - n) * units[u][U_COST]
                    if n:
                        name = units[u][U_NAME]
                        surv[name] = surv.get(name, self.zero) + m * n
                        c[u] = n
                g = bytes(c)
                groups[g] = groups.get(g, self.zero) + m
                m1 = m1 + m * loss
                m2 += float(m) * float(loss) * float(loss)
            acc[2] = m1
            acc[3] = m2

    def report(self):
        out = {"method": "exact"}
        for i in range(len(self.KEYS)):
            out[self.KEYS[i]] = self.sums[i]
        for x in range(2):
            side = ("attacker", "defender")[x]
            surv, groups, m1, m2 = self.sides[x]
            units = self.units
            items = [(groups[g], g) for g in groups]
            groups = self.sides[x][1] = None
            items.sort(key=lambda it: (-it[0], it[1]))
            rem = []
            for it in items:
                d = {}
                for u in range(len(units)):
                    if it[1][u]:
                        d[units[u][U_NAME]] = it[1][u]
                rem.append((d, it[0]))
            out[side + "_survivors"] = surv
            out[side + "_remaining"] = tuple(rem)
            var = m2 - float(m1) * float(m1)
            out[side + "_ipc_lost"] = m1
            out[side + "_ipc_lost_sd"] = (var if var > 0.0 else 0.0) ** 0.5
        out["ipc_swing"] = out["defender_ipc_lost"] - out["attacker_ipc_lost"]
        return out


def _of_states(side, i, outcomes, defer, zero):
    """[(state, pending hits, p)] after the opening-fire outcomes on `side`: removed at once
    (equal states merged), or kept on the board until the end of the round (`defer`)."""
    if defer:
        return [(i, o[0], o[1]) for o in outcomes]
    return [(j, None, p) for j, p in _merge(side, i, outcomes, zero)]


def _of_states_g(side, i, outcomes, defer, zero, res, meter):
    """_of_states as a generator into res[0] (see _merge_g)."""
    if defer:
        res[0] = _of_states(side, i, outcomes, defer, zero)
        return
    yield from _merge_g(side, i, outcomes, zero, res, meter)
    res[0] = [(j, None, p) for j, p in res[0]]


def _merge(side, base, outcomes, zero):
    """[(state, p)] of `side` after each hit outcome, equal states merged (_map in one go)."""
    out = []
    acc = {}
    if outcomes:
        _map(side, base, outcomes, 0, len(outcomes), acc, out, zero)
    return out if not acc else [(j, acc[j]) for j in _keys_sorted(acc)]


def _merge_g(side, base, outcomes, zero, res, meter):
    """_merge as a generator into res[0]: each outcome mapped to a state is a work unit of
    `meter` (a fresh casualty choice CHOICE_UNITS more, counted by _Side._apply); it yields
    when the slice's work is spent."""
    n = len(outcomes)
    out = []
    acc = {}
    i = 0
    while i < n:
        e = i + meter[1] - meter[0]
        if e <= i:
            e = i + 1
        if e > n:
            e = n
        x = _map(side, base, outcomes, i, e, acc, out, zero, meter)
        meter[0] += x - i
        i = x
        if i < n and meter[0] >= meter[1]:
            yield
    res[0] = out if not acc else [(j, acc[j]) for j in _keys_sorted(acc)]


def _map(side, base, outcomes, i, e, acc, out, zero, meter=None):
    """Maps outcomes[i:e] to states of `side`: plain hits (ints, in increasing number) onto
    the list `out`, equal states being neighbours; class tuples into the dict `acc`. Returns
    the index reached: e, or with a slice's `meter`, the first outcome that might need a
    fresh casualty choice once the slice's work (its look-ups so far included) is spent."""
    apply = side.apply
    if outcomes[i][0].__class__ is int:
        last = out[-1][0] if out else -1
        aft = side.after_of(base)
        for x in range(i, e):
            o = outcomes[x]
            h = o[0]
            if aft is None:
                if meter is not None and x > i and meter[0] + x - i >= meter[1]:
                    return x
                j = apply(base, h)
            else:
                j = aft[h] if h < len(aft) else -1
                if j < 0:
                    if meter is not None and x > i and meter[0] + x - i >= meter[1]:
                        return x
                    j = apply(base, h)
                    while len(aft) <= h:
                        aft.append(-1)
                    aft[h] = j
            if j == last:
                out[-1] = (j, out[-1][1] + o[1])
            else:
                out.append((j, o[1]))
                last = j
        return e
    m = side.memo[base]
    if m is None:
        m = {}
        side.memo[base] = m
    get = m.get
    aget = acc.get
    if meter is None:
        for h, p in (outcomes if i == 0 and e == len(outcomes) else outcomes[i:e]):
            # Side.apply's memo read here (its key): a call per outcome was most of the mapping
            j = get(h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) if h[3] < 32 else None
            if j is None:
                j = apply(base, h)
            acc[j] = aget(j, zero) + p
        return e
    for x in range(i, e):
        if x > i and meter[0] + x - i >= meter[1]:
            return x
        h, p = outcomes[x]
        j = get(h[0] | (h[1] << 8) | (h[2] << 16) | (h[3] << 24)) if h[3] < 32 else None
        if j is None:
            j = apply(base, h)
        acc[j] = aget(j, zero) + p
    return e


def _is_transport(r):
    return r[U_ABILITIES] & AB_TRANSPORT


def _is_aa(r):
    return r[U_ABILITIES] & AB_AA


def _keys_sorted(d):
    ks = list(d)
    ks.sort()
    return ks



_BUDGET = 1 << 20  # work of a slice when nobody is waiting (odds() in one go)


def _drain(gen, meter):
    """Runs a solving generator to its end (no one to hand the slices to)."""
    for _ in gen:
        meter[0] = 0


# ---------------------------------------------------------------------------------------
# a first figure by sampling (the device's first estimate)

class _Draw:
    """The `out` of _Run._round when one battle is sampled: instead of adding every next
    state's mass it draws one (`key`). Its own seeded generator (Park-Miller), never the
    game's dice: the same battle always gives the same first figure."""

    def __init__(self, seed):
        self.x = seed
        self.key = -1

    def u(self):
        self.x = (self.x * 16807) % 2147483647
        return self.x / 2147483647.0

    def hits(self, dists, info):
        """One hit outcome of class distributions on a target of `info`, as
        _Run._outcomes2 lists them (an int, or (any, no_air, no_sub, 0)): the three
        classes are independent, so each is drawn alone, then merged and capped as there."""
        cap = info[0]
        if cap > 250:
            cap = 250
        mask = info[1]
        d_na = dists[1]
        d_ns = dists[2]
        x = self.index(dists[0])
        y = self.index(d_na)
        z = self.index(d_ns)
        na1 = len(d_na) == 1
        ns1 = len(d_ns) == 1
        if not mask & 1 and not na1:  # no air on board: sub hits are plain hits
            x += y
            y = 0
            na1 = True
        if not mask & 2 and not ns1:  # no sub on board: air hits are plain hits
            x += z
            z = 0
            ns1 = True
        if x > cap:
            x = cap
        if na1 and ns1:
            return x
        return (x, y if y < cap else cap, z if z < cap else cap, 0)

    def index(self, dist):
        """An index of the distribution `dist`, drawn by its mass."""
        if len(dist) == 1:
            return 0
        r = self.u()
        for i in range(len(dist)):
            r -= dist[i]
            if r < 0:
                return i
        return len(dist) - 1

    def pick(self, items, at):
        """One of [(..., p at index `at`)], drawn by p (outcome lists pruned on a coarse
        pass miss a little mass: drawn among those kept)."""
        total = 0.0
        for it in items:
            total += it[at]
        r = self.u() * total
        for it in items:
            r -= it[at]
            if r < 0:
                return it
        return items[-1]


# Sampled battles for the first figure: it is shown from the SAMPLE_FIRST-th on (standard
# error up to ~14 %; ~1 s on the handheld for 40 v 40 at sea) and refined up to SAMPLES (~7 %)
SAMPLES = 48
SAMPLE_FIRST = 6
# A sampled round's work units: its time is mostly casualty choices, about as long as this
# many units of the exact pass (under the CircuitPython port), so a slice stays a slice
SAMPLE_UNITS = 100
SAMPLE_ROUNDS = 200  # a sampled battle still on after this many rounds is left out
SAMPLE_SEED = 20261125


def _sample(run, n, into, seed=SAMPLE_SEED):
    """A generator: n battles fought one round at a time by drawing each round's outcome
    from the exact round (_Run._round, one hit outcome per side and only its casualty choice),
    the outcomes counted into `into` (a report-like dict) after every battle from the
    SAMPLE_FIRST-th on: each probability the share of battles that ended so, "pruned" the
    largest standard error, "sampled" the battles counted. Retreats by rounds or units as the
    policy says (a policy by win chance needs the exact values: no sample, `into` empty)."""
    pol = run.pol
    if pol["retreat_below"] is not None:
        return
    M = run.M
    draw = _Draw(seed)
    counts = [0, 0, 0, 0]
    A = run.A
    D = run.D
    start = A.start * M + D.start
    if D.info[D.start][8] == 0 and D.info[D.start][6] == 0:
        return  # the exact figure comes at once
    o, k0 = run.settle(start, run.rounds_done, False)
    if o >= 0:
        return
    pre = run.pre_battle(k0)
    pre_list = [(k, pre[k]) for k in _keys_sorted(pre)]
    # a drawn outcome's casualties chosen in one go, not hit by hit through the states between
    # (CHAIN_HITS: the same state, and those the exact pass needs it makes then)
    A.chain = D.chain = False
    try:
        yield from _fight(run, n, draw, pre_list, counts, into)
    finally:
        A.chain = D.chain = CHAIN_HITS


def _fight(run, n, draw, pre_list, counts, into):
    """_sample's battles."""
    meter = run.meter
    limit = run.pol["retreat_after_round"]
    done = 0
    for _ in range(n):
        key = draw.pick(pre_list, 1)[0]
        r = run.rounds_done
        first = True
        o = -1
        for _ in range(SAMPLE_ROUNDS):
            o, key = run.settle(key, r, not first)
            if o >= 0:
                break
            if limit and limit <= r:
                o = O_RETREAT
                break
            yield from run._round(draw, key, r == 0)
            key = draw.key
            r += 1
            first = False
            if meter[0] >= meter[1]:
                yield
        if o >= 0:
            counts[o] += 1
            done += 1
            if done >= SAMPLE_FIRST:
                _tally(counts, done, into)


def _tally(counts, done, into):
    """The sampled figure of `done` battles, their outcomes counted in `counts`."""
    worst = 0.0
    for o in (O_ATTACKER, O_DEFENDER, O_DRAW, O_RETREAT):
        q = counts[o] / done
        v = q * (1.0 - q)
        if v < 1.0 / done:
            v = 1.0 / done  # no share is known better than one battle in `done`
        if v > worst:
            worst = v
    into["attacker_wins"] = counts[O_ATTACKER] / done
    into["defender_wins"] = counts[O_DEFENDER] / done
    into["draw"] = counts[O_DRAW] / done
    into["attacker_retreats"] = counts[O_RETREAT] / done
    into["pruned"] = (worst / done) ** 0.5
    into["sampled"] = done


# ---------------------------------------------------------------------------------------
# the odds in slices (the device)

# the estimates before the exact figure: (state mass, hit outcome probability) below which a
# pass drops them; each pass is far cheaper than the exact one and says what it dropped
ESTIMATE_PRUNE = ((1e-3, 1e-4), (1e-6, 1e-4))
# A battle of less work than ESTIMATE_FROM (_work) goes straight to the exact pass; below
# ESTIMATE_FINE only the first, coarsest estimate comes before it (the finer one costs about
# as much as the exact pass there)
ESTIMATE_FROM = 10000
ESTIMATE_FINE = 200000
# From this much work (_work) a first figure by sampling SAMPLES battles (_sample) comes
# before the coarse pass: the coarse pass costs 10-30 % of the exact work, seconds on the
# handheld for 20 v 20; the samples cost a few hundred rounds
SAMPLE_FROM = 3000


def _work(run):
    """About how much work the exact pass is: the joint states (_size) times each state's hit
    outcomes (both sides' hit points + 1)."""
    h = 0
    for side in (run.A, run.D):
        h += side.info[side.start][0] + 1
    return _size(run) * h


def _size(run):
    """About how many joint states a battle has: each side's hit points + 1, squared when
    it has both submarines and aircraft (their hits fall apart: a plane of states)."""
    n = 1
    for side in (run.A, run.D):
        info = side.info[side.start]
        h = info[0] + 1
        n *= h
        if info[1] & 1 and info[1] & 2:
            n *= h
    return n


class Solver:
    """Exact odds in slices of bounded work, for a screen that must stay alive (issue 19).

        s = Solver(board, kind, attacker, defender, **odds()'s keywords)  # checks, no work
        while not s.step(500):   # at most about 500 work units, then back to the app
            ...                  # keys, tower
        s.estimate()  # at any time: win/lose/draw/retreat now, with "error" (see below)
        s.result()    # odds()'s report once done, else None

    Coarse passes first (ESTIMATE_PRUNE: joint states and hit outcomes below a bound are
    dropped) give the early estimates; then the exact pass. estimate()'s "error" bounds every
    probability's distance from the exact figure: the mass the pass has not yet resolved plus
    what it dropped (0 once exact). A work unit is one joint mass update, one hit outcome
    built or one mapped to a state; one state's lists are built across slices when they are
    long (sea 40 v 40: thousands of outcomes). `largest` is the largest slice's count,
    `slices` their number."""

    def __init__(self, board, kind, attacker, defender, policy=None, number=float,
                 bombard=None, tech=None, damaged=None, rounds_done=0, advantages=None,
                 space=None, estimate=True):
        self.args = (board, kind, attacker, defender, policy, number, bombard, tech, damaged,
                     rounds_done, advantages, space)
        self.stages = list(ESTIMATE_PRUNE) if estimate and number is float else []
        self.sampled = None  # the sampled first figure (SAMPLE_FROM), else None
        self.samples = 0
        self.first = None  # the latest coarse pass's report
        self.done = None  # the exact report
        self.largest = 0
        self.slices = 0
        self.first_slices = 0  # slices before the first estimate
        self.run = None
        self.gen = None
        self.pr = None  # the running pass's pruning (None: exact)
        self.finish = None  # report -> report, applied once to the exact one (odds/cargo.py)
        self.roomy = _roomy()  # a big heap: the host's path (see odds())
        self.lists = True  # False once masses in lists did not fit (see _LIST_BYTES)
        self._call(self._next_pass, None)  # bad input raises here, before any slice

    def _fresh(self):
        """A new run of the battle (packed, once lists did not fit)."""
        _LISTS[0] = self.lists
        try:
            return _prepare(*self.args)
        finally:
            _LISTS[0] = True

    def _again(self):
        """The running pass again from its start (after a MemoryError), on the lean path."""
        self.run = self.gen = None
        gc.collect()
        run = self._fresh()
        if self.pr is not None:
            run.prune = self.pr[0]
            run.prune_hits = run.prune_next = self.pr[1]
            run.keep = True
        self.run = run
        self.gen = run.solve()

    def _call(self, fn, arg):
        if not self.roomy:
            return fn(arg)
        return _host_path(fn, arg)  # the host's path while this call lasts

    def _next_pass(self, _=None):
        old = self.run
        self.run = self.gen = None
        if old is not None and old.A is not None:
            # the same sides: their states and casualty memos serve every pass
            run = _Run(old.b, old.A, old.D, old.pol, old.bomb, old.aa_guns, old.rounds_done)
            run.aa_radar = old.aa_radar
            if run.num.number is float:
                run.prune = PRUNE[0]
                run.prune_next = PRUNE[1]
        else:
            run = self._fresh()
            if self.slices == 0 and self.stages:
                w = _work(run)
                if w < ESTIMATE_FROM:
                    self.stages = []  # a small battle: the exact figure comes as soon as an estimate
                elif w < ESTIMATE_FINE:
                    self.stages = self.stages[:1]
                if w >= SAMPLE_FROM:
                    self.sampled = {}
                    # a smaller battle: only the first figure, its exact one comes soon
                    self.samples = SAMPLES if w >= ESTIMATE_FINE else SAMPLE_FIRST
        old = None
        if self.stages:
            pr = self.stages.pop(0)
            run.prune = pr[0]
            run.prune_hits = run.prune_next = pr[1]
            run.keep = True
            self.coarse = True
            self.pr = pr
        else:
            self.coarse = False
            self.pr = None
        self.run = run
        if self.samples and not self.sampled and self.slices == 0:
            self.gen = self._sampled_then(run)
        else:
            self.gen = run.solve()

    def _sampled_then(self, run):
        """The sampled first figure (_sample), then the pass itself on the same run (the
        states and casualty choices the samples found serve it)."""
        yield from _sample(run, self.samples, self.sampled)
        yield from run.solve()

    def step(self, budget=500):
        """Computes for at most about `budget` work units; True once the exact figure is done."""
        if self.done is not None:
            return True
        if self.roomy:
            try:
                return self._call(self._step, budget)
            except MemoryError:
                # the host's path did not fit: this pass again from its start, lean
                self.roomy = False
                self._again()
                return False
        try:
            return self._step(budget)
        except MemoryError:
            if self.run is None or self.run.num.packed:
                raise  # packed already: it does not fit
            self.lists = False  # the masses in lists did not fit: this pass again, packed
            self._again()
            return False

    def _step(self, budget):
        th = getattr(gc, "threshold", None) if _SMALL else None
        old = th() if th is not None else None
        if th is not None:
            th(_gc_every(self.run is None or self.run.num.packed))
        try:
            meter = self.run.meter
            meter[0] = 0
            meter[1] = budget
            finished = False
            try:
                next(self.gen)
            except StopIteration:
                finished = True
            self.slices += 1
            if meter[0] > self.largest:
                self.largest = meter[0]
            if self.first is None and self.sampled:
                self.first = self.sampled  # refined in place as the samples go on
                self.first_slices = self.slices
            if finished:
                if self.coarse:
                    if self.first is None:
                        self.first_slices = self.slices
                    self.first = self.run.report
                    if _SMALL:
                        self.run = self.gen = None
                        gc.collect()
                    self._next_pass()
                elif self.run.report["pruned"] > PRUNE_MAX and self.run.prune:
                    # pruned too much to call it exact (see PRUNE): the exact pass again
                    self.run = self.gen = None
                    run = self._fresh()
                    run.prune = run.prune_next = run.num.zero
                    self.run = run
                    self.gen = run.solve()
                else:
                    self.done = self.run.report
                    self.run = self.gen = None
                    if self.finish is not None:
                        self.done = self.finish(self.done)
        finally:
            if th is not None:
                th(old)
        return self.done is not None

    def estimate(self):
        """{"attacker_wins", "defender_wins", "draw", "attacker_retreats", "error", "exact"}."""
        r = self.done if self.done is not None else self.first
        out = {"exact": self.done is not None}
        if r is not None:
            for key in ("attacker_wins", "defender_wins", "draw", "attacker_retreats"):
                out[key] = r[key]
            out["error"] = r["pruned"]
            if "sampled" in r:
                out["sampled"] = r["sampled"]  # error: the samples' standard error, no bound
            return out
        p = self.run.probs  # the first pass so far: what is resolved, the rest unknown
        out["attacker_wins"] = p[O_ATTACKER]
        out["defender_wins"] = p[O_DEFENDER]
        out["draw"] = p[O_DRAW]
        out["attacker_retreats"] = p[O_RETREAT]
        out["error"] = self.run.num.one - p[0] - p[1] - p[2] - p[3]
        return out

    def result(self):
        """odds()'s report once the exact pass is done, else None."""
        return self.done

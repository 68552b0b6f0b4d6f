"""Strategic and tactical bombing raids and rockets, every edition.

A raid is one territory's bombing, run as an explicit step table like a battle
(STYLE habit 6): the state holds the step, a decision stops it with a prompt,
`to_bytes()` / `Raid.from_bytes()` survive a power cut, dice come from an
injected source with `.roll(n)` (engine_core.dice.Dice / FixedDice).

  Classic      CL-C-50..55: the defender's AA gun rolls one die per bomber (1 hits),
               each surviving bomber rolls 1 die (Heavy Bombers: 3 dice, CL-T-11),
               the sum is surrendered from the treasury, never more than held (CL-E-10).
  Revised      as LHTR, but the cap is the territory's value per bomber (the FAQ's
               original "per bomber" answer, LHTR-M-08) and each rocket is capped
               alone (the pre-errata rocket text, LHTR-M-08).
  LHTR         LHTR-C-50..53: AA fire at each bomber in opening fire, each survivor
               rolls 1 die (Heavy Bombers: best of two, LHTR-T-11); all raids plus the
               rocket on one IC in one turn destroy at most the territory's value
               (LHTR-C-52, LHTR-CHG-TECH-03); the owner pays the lesser of that and
               its treasury (LHTR-CHG-TECH-07).
  1940 games   P40-C-40..49: escorts and interceptors (fighters only) fight one air
               battle of one round at 1 (Jet Fighters 1-2); escorts then retreat;
               surviving bombers are split among the facilities (after the air battle as
               the rulebook words it, or as declared in Combat Move: `plan`, the
               digest's ENGINE reading of P40-C-45); each facility's own
               AA rolls one die per bomber at it (1 hits, Radar 1-2), attacker picks
               the losses; each survivor rolls 1 die, +2 for strategic bombers; the
               damage markers stop at the cap (major IC 20, minor IC 6, bases 6).

Steps (S_* below) and prompts (P_*) are this module's; events are the tuples of
engine_core/events.py (unit = the edition's unit id). Dice order, fixed so that
players and tests can hand-work a raid:
  air battle   attacker: escorts, tactical bombers, strategic bombers (one roll
               each; heavy strategic bombers 2 dice each, pairwise); then defender:
               interceptors (of several powers, defender_teched: those without Jet
               Fighters at 1, then the jet ones at 1-2, P40-R-06).
  AA           Classic/Revised: one roll of one die per bomber (Superfortresses:
               2 dice per bomber, pairwise). 1940: one roll per facility in target
               order, one die per bomber assigned to it.
  bombing      Classic/Revised: one roll (Heavy: 3 or 2 dice per bomber, grouped by
               bomber). 1940: per facility in target order, tactical bombers' roll,
               then strategic bombers' roll (heavy: 2 dice per bomber, pairwise).
"""
import struct

try:
    from micropython import const
except ImportError:          # CPython
    def const(value):
        return value

from engine_core.errors import RuleError, InputError
from engine_core.editions import EDITIONS, unit_tables
from engine_core import techs
from engine_core.battle.base import (Prompt, P_ESCORTS, P_INTERCEPTORS, P_AIR_CASUALTIES, P_TARGETS,
    P_AA_CASUALTIES, P_RAID_DICE as P_DICE)
from engine_core.techs import HEAVY_BOMBERS, JETS, RADAR
from engine_core import events as ev
from engine_core import units as uu
# the rocket's range, in its own small module (the ledger checks it); here too for callers
from engine_core.battle.rocket_range import rocket_range, spaces_between, rocket_in_range  # noqa: F401

# Editions and their raid rule style
CLASSIC = 0
REVISED = 1
LHTR = 2
Y1940 = 3
_STYLE = (CLASSIC, REVISED, LHTR, Y1940, Y1940, Y1940)

# Steps of the raid step tables
S_ESCORTS = 40        # 1940: the attacker commits escorts (P40-C-41)
S_INTERCEPT = 41      # 1940: the defender commits interceptors (P40-C-42)
S_AIR_BATTLE = 42     # 1940: one round at 1 (P40-C-43)
S_AIR_CASUALTIES = 43 # 1940: the attacker picks its losses among bombers and escorts
S_TARGETS = 44        # 1940: surviving bombers split among the facilities (P40-C-45)
S_AA = 45             # AA gun (CL-C-52, LHTR-C-51) / facility AA (P40-C-46)
S_AA_CASUALTIES = 46  # 1940: the attacker picks which bombers at a facility are lost
S_BOMB = 47           # damage rolls (CL-C-53, LHTR-C-52, P40-C-47)
S_DONE = 48

STEP_NAMES = ("escorts", "intercept", "air_battle", "air_casualties", "targets", "aa",
              "aa_casualties", "bomb", "done")

_STEPS_OLD = (S_AA, S_BOMB, S_DONE)
_STEPS_1940 = (S_ESCORTS, S_INTERCEPT, S_AIR_BATTLE, S_AIR_CASUALTIES, S_TARGETS, S_AA,
               S_AA_CASUALTIES, S_BOMB, S_DONE)


# Technologies that change a raid are engine_core.techs bits (techs.RAID); beside them one LHTR
# national advantage: Superfortresses (LHTR-O-55), 2 AA dice per bomber, down if total <= 3
T_SUPERFORT = 1 << 14     # a bit no technology uses (engine_core.techs has 14)
_SUPERFORT_NAMES = ("superfortresses", "superfortress")
# The saved state keeps its first layout for these fields (bit i = _PACKED[i])
_PACKED = (HEAVY_BOMBERS, JETS, RADAR, T_SUPERFORT)

# State layout (a list of small ints; every value < 65536 so it packs as "H")
_ED = const(0)
_STEP = const(1)
_CUR = const(2)          # current target index (facility AA step)
_ATECH = const(3)
_DTECH = const(4)
_OPT = const(5)          # bit 1: heavy bombers roll one die in the air battle (P40-X-41 flag)
_STRAT = const(6)        # strategic bombers / bombers still in the raid
_TAC = const(7)
_ESC_AV = const(8)       # fighters that flew with the bombers
_ESC = const(9)          # escorts committed and alive
_INT_AV = const(10)      # defending fighters able to intercept
_INT = const(11)         # interceptors committed and alive
_AAGUN = const(12)       # Classic/Revised: AA guns in the territory (one fires)
_TREAS = const(13)       # defender's treasury (Classic/Revised), 65535 = not given
_VALUE = const(14)       # territory income value (Revised/LHTR cap)
_DTT = const(15)         # SBR + rocket damage already on this IC this turn (LHTR cap)
_PEND = const(16)        # hits waiting for the attacker's choice
_L_STRAT = const(17)
_L_TAC = const(18)
_L_ESC = const(19)
_L_INT = const(20)
_ROLLED = const(21)      # raw bombing total
_DAMAGE = const(22)      # damage after caps (Classic/Revised)
_IPCS = const(23)        # IPCs surrendered (Classic/Revised)
_NT = const(24)          # number of targets (1940)
_T0 = const(25)          # per target: facility unit id, damage before, strategic, tactical,
_TW = const(7)           # added, declared strategic, declared tactical (the plan)
_SIZE_V2 = const(46)     # _T0 + 3 * _TW: a raid without defender_teched saves this much (version 2)
# interceptors of several powers (defender_teched; _OPT_SPLIT): those of a power with Jet Fighters
_TAV = const(46)         # of _INT_AV, the fighters of a power with Jet Fighters
_TINT = const(47)        # of _INT, those committed and alive
_L_TINT = const(48)      # of _L_INT, those lost
_DPEND = const(49)       # interceptors hit, waiting for the defender's choice of whose (P40-C-43)
_SIZE = const(50)
_NO_TREASURY = const(65535)
_VERSION = const(2)
_VERSION_SPLIT = const(3)

_OPT_HB_ONE_DIE = const(1)
_OPT_PLAN = const(2)      # bombers were assigned to targets in Combat Move (`plan`)
_OPT_SPLIT = const(4)     # interceptors of several powers, not all with Jet Fighters (defender_teched)


def _edition_of(board):
    if isinstance(board, str):
        return board
    return board.edition


def _unit(units, aliases, name, what):
    if isinstance(name, int):
        if 0 <= name < len(units):
            return name
        raise InputError("no unit id %d" % name)
    u = uu.find(units, aliases, name)
    if u < 0:
        raise InputError("unknown " + what + ": " + str(name))
    return u


def _pairs(side):
    """(name or id, count) pairs from a dict or a tuple of pairs, in a canonical order
    (sorted on the printed key: dict order differs on MicroPython)."""
    if side is None:
        return ()
    if isinstance(side, dict):
        out = [(k, side[k]) for k in side]
        out.sort(key=lambda p: str(p[0]))
        return out
    return side


def _tech_bits(names):
    """engine_core.techs bits of the technologies that change a raid (and Superfortresses)."""
    if not names:
        return 0
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, (list, tuple)):
        raise InputError("technologies are a list of names")
    bits = 0
    for n in names:
        if str(n).strip().lower() in _SUPERFORT_NAMES:
            bits |= T_SUPERFORT
        else:
            bits |= techs.bits((n,), techs.RAID, "bombing raid")
    return bits



def _check_value(v):
    if not isinstance(v, int) or v < 0 or v > 99:
        raise InputError("Revised/LHTR: give the territory's income value (0..99), the cap")


def _count(n):
    if not isinstance(n, int) or n < 0 or n > 999:
        raise InputError("a unit count is a whole number 0..999, not " + str(n))
    return n


class Raid:
    """One territory's bombing raid.

    Raid(board, attacker, targets=None, interceptors=0, aa=0, treasury=None,
         territory_value=None, damage_this_turn=0, attacker_tech=(), defender_tech=(),
         options=None)

    board            a loaded board (engine_core.board) or an edition name
    attacker         {unit: count}: bombers (strategic / tactical) and, in the 1940
                     games, the fighters flying with them (escort candidates)
    targets          1940: the facilities in the territory, {facility: damage now} or
                     ((facility, damage), ...); Classic/Revised: the IC, implied
    interceptors     1940: defending fighters based in the territory
    aa               Classic/Revised: AA guns in the territory (only one fires)
    treasury         Classic/Revised: the IC owner's IPCs (what it can surrender)
    territory_value  Revised/LHTR: the territory's income value (the cap; required there)
    damage_this_turn LHTR: SBR + rocket damage already done to this IC this turn (the
                     `damage` of earlier results, before any treasury limit)
    attacker_tech    names: heavy_bombers, jet_fighters, superfortresses (LHTR-O-55)
    defender_tech    names: jet_fighters, radar (of a defending side of several powers: the
                     union of their technologies; see defender_teched)
    defender_teched  1940, optional: interceptors of several powers (P40-C-42: "the owning
                     player(s)"), not all with Jet Fighters (P40-R-06: never shared), as the
                     battle's option of that name: {"fighter": n}, n of the `interceptors`
                     belong to a power with Jet Fighters (hit on 1-2 in the air battle,
                     P40-R-22), the others hit on 1. None: all of them have the side's
                     technologies. Then the defender chooses how many of each intercept
                     (P_INTERCEPTORS: a count, jets first, or {"interceptors": n, "teched":
                     {"fighter": k}}) and whose are lost (P_AIR_CASUALTIES of the defender,
                     asked when it is a choice: (lost, jets among them) or {"lost": ...,
                     "teched": {"fighter": k}}; the default loses the others first). The
                     defender's dice roll in two groups, the others' at 1, then the jets' at 2.
    options          {"p40_hb_in_air_battle": "two_dice" | "one_die"} (P40-X-41)
    plan             1940, optional: the bombers' targets declared in Combat Move (the
                     digest's P40-C-45 ENGINE reading), {facility: (strategic, tactical)}
                     or one pair per target in target order; without it the survivors of
                     the air battle are divided after it (the rulebook's wording)
    """

    def __init__(self, board, attacker, targets=None, interceptors=0, aa=0, treasury=None,
                 territory_value=None, damage_this_turn=0, attacker_tech=(), defender_tech=(),
                 options=None, plan=None, defender_teched=None, _state=None):
        edition = _edition_of(board)
        if edition not in EDITIONS:
            raise InputError("unknown edition: " + str(edition))
        self.edition = edition
        self.style = _STYLE[EDITIONS.index(edition)]
        um = unit_tables(edition)
        self._units, self._aliases = um.UNITS, um.ALIASES
        self._find_ids()
        self.events = []
        self._typed = None         # typed dice waiting for the step that asked (not saved)
        self._dice_wait = False
        self._last_groups = ()
        if _state is not None:
            self.s = _state
            return
        s = [0] * _SIZE
        s[_ED] = EDITIONS.index(edition)
        s[_ATECH] = _tech_bits(attacker_tech)
        s[_DTECH] = _tech_bits(defender_tech)
        if options:
            hb = options.get("p40_hb_in_air_battle", "two_dice")
            if hb == "one_die":
                s[_OPT] |= _OPT_HB_ONE_DIE
            elif hb != "two_dice":
                raise InputError("p40_hb_in_air_battle is two_dice or one_die")
        self._read_attacker(s, attacker)
        if self.style == Y1940:
            self._read_targets(s, targets)
            if plan is not None:
                split = self._parse_split(s, plan)
                for i in range(s[_NT]):
                    b = _T0 + i * _TW
                    s[b + 5] = split[i][0]
                    s[b + 6] = split[i][1]
                s[_OPT] |= _OPT_PLAN
            s[_INT_AV] = _count(interceptors)
            if defender_teched is not None:
                from engine_core.battle import raid_allies
                n = raid_allies.teched(self, defender_teched, s[_INT_AV], s[_DTECH] & JETS)
                if n >= 0:
                    s[_OPT] |= _OPT_SPLIT
                    s[_TAV] = n
            # `aa` is ignored: AAA units never fire at raids (P40-U-36, P40-C-11)
            s[_STEP] = S_ESCORTS
        else:
            if interceptors:
                raise RuleError(self._r_basic(), "only bombers and AA guns take part in this raid")
            if defender_teched:
                raise RuleError(self._r_basic(), "no interceptors in this raid: defender_teched")
            if plan is not None:
                raise InputError("a Classic/Revised raid has one target")
            if targets:
                raise InputError("a Classic/Revised raid targets the territory's industrial complex")
            s[_AAGUN] = 1 if _count(aa) else 0
            if treasury is None:
                s[_TREAS] = _NO_TREASURY
            else:
                if not isinstance(treasury, int) or treasury < 0 or treasury >= _NO_TREASURY:
                    raise InputError("treasury must be 0..65534 IPCs")
                s[_TREAS] = treasury
            if self.style != CLASSIC:
                _check_value(territory_value)
                if not isinstance(damage_this_turn, int) or damage_this_turn < 0 or damage_this_turn > 999:
                    raise InputError("damage this turn must be 0..999")
                s[_VALUE] = territory_value
                s[_DTT] = damage_this_turn
            s[_STEP] = S_AA
        self.s = s

    # ----- setup helpers
    def _find_ids(self):
        units = self._units
        self.u_fighter = -1
        self.u_strat = -1
        self.u_tac = -1
        for i in range(len(units)):
            ab = units[i][uu.U_ABILITIES]
            if ab & uu.AB_STRATEGIC:
                self.u_strat = i
            elif ab & uu.AB_TACTICAL_RAID:
                self.u_tac = i
            elif ab & uu.AB_FIGHTER:
                self.u_fighter = i

    def _r_basic(self):
        if self.style == CLASSIC:
            return "CL-C-50"
        if self.style == Y1940:
            return "P40-C-40"
        return "LHTR-C-50"

    def _read_attacker(self, s, attacker):
        strat = tac = fighters = 0
        for pair in _pairs(attacker):
            u = _unit(self._units, self._aliases, pair[0], "unit")
            n = _count(pair[1])
            if u == self.u_strat:
                strat += n
            elif u == self.u_tac and u >= 0:
                tac += n
            elif u == self.u_fighter:
                fighters += n
            elif n:
                raise RuleError(self._r_basic(), "only bombers raid: %s cannot"
                                % self._units[u][uu.U_NAME])
        if fighters and self.style != Y1940:
            raise RuleError(self._r_basic(), "only bombers raid: fighters cannot")
        if strat + tac == 0:
            raise RuleError(self._r_basic(), "a raid needs at least one bomber")
        s[_STRAT] = strat
        s[_TAC] = tac
        s[_ESC_AV] = fighters

    def _read_targets(self, s, targets):
        if targets is None:
            raise InputError("a 1940 raid names the facilities in the territory")
        pairs = _pairs(targets)
        got = []
        for pair in pairs:
            u = _unit(self._units, self._aliases, pair[0], "facility")
            rec = self._units[u]
            if rec[uu.U_KIND] != uu.FACILITY:
                raise InputError(rec[uu.U_NAME] + " is not a facility")
            dmg = pair[1]
            if not isinstance(dmg, int) or dmg < 0 or dmg > rec[uu.U_MAX_DAMAGE]:
                raise InputError("damage on %s must be 0..%d (P40-U-70)"
                                 % (rec[uu.U_NAME], rec[uu.U_MAX_DAMAGE]))
            for g in got:
                if self._fac_type(g[0]) == self._fac_type(u):
                    raise RuleError("P40-U-69", "one facility of each type per territory")
            got.append((u, dmg))
        if not got:
            raise InputError("a 1940 raid needs at least one facility")
        # canonical target order: the edition's unit order (IC, air base, naval base)
        got.sort(key=lambda p: p[0] * 1000 + p[1])
        if s[_TAC] and not self._any_base(got):
            raise RuleError("P40-C-40", "tactical bombers raid air and naval bases only")
        s[_NT] = len(got)
        for i in range(len(got)):
            b = _T0 + i * _TW
            s[b] = got[i][0]
            s[b + 1] = got[i][1]

    def _fac_type(self, u):
        ab = self._units[u][uu.U_ABILITIES]
        if ab & uu.AB_IC:
            return 0
        if ab & uu.AB_AIR_BASE:
            return 1
        return 2

    def _is_base(self, u):
        return self._fac_type(u) != 0

    def _any_base(self, got):
        for g in got:
            if self._is_base(g[0]):
                return True
        return False

    # ----- public state
    @property
    def done(self):
        return self.s[_STEP] == S_DONE

    @property
    def prompt(self):
        """None, or the pending Prompt (derived from the state, so it survives from_bytes)."""
        s = self.s
        st = s[_STEP]
        if self._dice_wait:
            groups = self._groups()
            side = ev.ATTACKER
            for g in groups:
                if g[2]:
                    side = g[0]
                    break
            return Prompt(P_DICE, side, ("dice", "hits"), None, (st, groups))
        if st == S_ESCORTS and s[_ESC_AV] > 0:
            return Prompt(P_ESCORTS, ev.ATTACKER, tuple(range(s[_ESC_AV] + 1)), s[_ESC_AV])
        if st == S_INTERCEPT and s[_INT_AV] > 0:
            # info: of them, those of a power with Jet Fighters (None: one side's technologies)
            return Prompt(P_INTERCEPTORS, ev.DEFENDER, tuple(range(s[_INT_AV] + 1)), s[_INT_AV],
                          s[_TAV] if self.split() else None)
        if st == S_AIR_CASUALTIES and s[_DPEND]:
            from engine_core.battle import raid_allies
            opts = raid_allies.loss_options(s[_DPEND], s[_TINT], s[_INT])
            return Prompt(P_AIR_CASUALTIES, ev.DEFENDER, opts, opts[0])
        if st == S_AIR_CASUALTIES:
            opts = self._air_casualty_options()
            if len(opts) > 1:
                return Prompt(P_AIR_CASUALTIES, ev.ATTACKER, opts, opts[0])
        if st == S_TARGETS:
            slots = self._target_slots()
            if slots is not None:
                return Prompt(P_TARGETS, ev.ATTACKER, slots, self._default_targets())
        if st == S_AA_CASUALTIES:
            opts = self._aa_casualty_options()
            if len(opts) > 1:
                return Prompt(P_AA_CASUALTIES, ev.ATTACKER, opts, opts[0])
        return None

    def split(self):
        """The interceptors are of several powers, not all with Jet Fighters (defender_teched)."""
        return bool(self.s[_OPT] & _OPT_SPLIT)

    def unit_id(self, name, what="unit"):
        """A unit id of the edition from a name, an alias or an id (InputError if none)."""
        return _unit(self._units, self._aliases, name, what)

    # ----- option builders
    def _air_casualty_options(self):
        """Loss tuples (fighters, tactical, strategic), cheapest first (fighter 10 < tactical
        bomber 11 < strategic bomber 12, P40-U-06..08): the default is the first."""
        s = self.s
        hits = s[_PEND]
        out = []
        for f in range(min(hits, s[_ESC]), -1, -1):
            for t in range(min(hits - f, s[_TAC]), -1, -1):
                st = hits - f - t
                if st <= s[_STRAT]:
                    out.append((f, t, st))
        return tuple(out)

    def _aa_casualty_options(self):
        """Loss tuples (tactical, strategic) at the current facility, tactical first."""
        s = self.s
        b = _T0 + s[_CUR] * _TW
        hits = s[_PEND]
        out = []
        for t in range(min(hits, s[b + 3]), -1, -1):
            st = hits - t
            if st <= s[b + 2]:
                out.append((t, st))
        return tuple(out)

    def _target_slots(self):
        """Per target (facility id, max strategic, max tactical); None if only one split."""
        s = self.s
        nt = s[_NT]
        if s[_OPT] & _OPT_PLAN:
            return self._plan_slots()
        slots = []
        strat_places = 0
        tac_places = 0
        for i in range(nt):
            u = s[_T0 + i * _TW]
            tac_ok = s[_TAC] if self._is_base(u) else 0
            slots.append((u, s[_STRAT], tac_ok))
            strat_places += 1
            if self._is_base(u):
                tac_places += 1
        many = (s[_STRAT] > 0 and strat_places > 1) or (s[_TAC] > 0 and tac_places > 1)
        if not many:
            return None
        return tuple(slots)

    def _plan_slots(self):
        """With a declared plan each target keeps at most its declared bombers; a choice
        is left only when air-battle losses can come off more than one group."""
        s = self.s
        slots = []
        ps = pt = ns = nt_ = 0
        for i in range(s[_NT]):
            b = _T0 + i * _TW
            slots.append((s[b], min(s[b + 5], s[_STRAT]), min(s[b + 6], s[_TAC])))
            ps += s[b + 5]
            pt += s[b + 6]
            if s[b + 5]:
                ns += 1
            if s[b + 6]:
                nt_ += 1
        many = (s[_STRAT] < ps and s[_STRAT] > 0 and ns > 1) or \
               (s[_TAC] < pt and s[_TAC] > 0 and nt_ > 1)
        return tuple(slots) if many else None

    def _default_targets(self):
        """Strategic bombers on the first target (the IC if any: P40-C-40), tactical
        bombers on the first base. With a plan: the plan, losses taken off the last
        targets first."""
        s = self.s
        nt = s[_NT]
        if s[_OPT] & _OPT_PLAN:
            out = []
            left_s = s[_STRAT]
            left_t = s[_TAC]
            for i in range(nt):
                b = _T0 + i * _TW
                a = min(s[b + 5], left_s)
                c = min(s[b + 6], left_t)
                left_s -= a
                left_t -= c
                out.append((a, c))
            return tuple(out)
        out = []
        tac_done = False
        for i in range(nt):
            u = s[_T0 + i * _TW]
            st = s[_STRAT] if i == 0 else 0
            t = 0
            if not tac_done and self._is_base(u):
                t = s[_TAC]
                tac_done = True
            out.append((st, t))
        return tuple(out)

    # ----- answers
    def answer(self, choice):
        """Take the decision for the pending prompt; illegal choices raise RuleError and
        change nothing."""
        p = self.prompt
        if p is None:
            raise InputError("no decision is pending")
        s = self.s
        if p.kind == P_DICE:
            self._answer_dice(p, choice)
            self.events.append((ev.E_ANSWER, p.kind, 0))
            return
        if p.kind == P_INTERCEPTORS and self.split():
            from engine_core.battle import raid_allies
            n, k = raid_allies.committed(self, choice, p, s[_INT_AV], s[_TAV])   # refused: nothing changed
            s[_INT] = n
            s[_TINT] = k
            s[_STEP] = S_AIR_BATTLE
        elif p.kind == P_ESCORTS or p.kind == P_INTERCEPTORS:
            rule = "P40-C-41" if p.kind == P_ESCORTS else "P40-C-42"
            if not isinstance(choice, int) or choice not in p.options:
                raise RuleError(rule, "choose 0..%d fighters" % p.options[-1])
            if p.kind == P_ESCORTS:
                s[_ESC] = choice
                s[_STEP] = S_INTERCEPT
            else:
                s[_INT] = choice
                s[_STEP] = S_AIR_BATTLE
        elif p.kind == P_AIR_CASUALTIES and p.side == ev.DEFENDER:
            from engine_core.battle import raid_allies
            self._take_interceptor_losses(raid_allies.jets_lost(self, choice, p))
        elif p.kind == P_AIR_CASUALTIES:
            c = self._loss_tuple(choice, ("fighter", "tactical_bomber", "strategic_bomber"))
            if c not in p.options:
                raise RuleError("P40-C-43", "assign every hit to a bomber or escort in the raid")
            self._take_air_losses(c)
        elif p.kind == P_TARGETS:
            split = self._target_split(choice, p)
            self._set_targets(split)
        elif p.kind == P_AA_CASUALTIES:
            c = self._loss_tuple(choice, ("tactical_bomber", "strategic_bomber"))
            if c not in p.options:
                raise RuleError("P40-C-46", "remove as many bombers attacking this facility as hits")
            self._take_aa_losses(c)
        self.events.append((ev.E_ANSWER, p.kind, choice if isinstance(choice, int) else 0))

    def _answer_dice(self, p, choice):
        """Players' dice for the step: all its dice in group order, or {"hits": [...]} one
        hit count per group (not for bombing dice, whose values count)."""
        step, groups = p.info
        if isinstance(choice, dict) and "hits" in choice:
            hs = list(choice["hits"])
            if len(hs) != len(groups):
                raise InputError("give one hit count per group of dice")
            for i in range(len(groups)):
                g = groups[i]
                if g[1] == 0 and g[2]:
                    raise InputError("bombing dice: give the dice, their values count")
                if not isinstance(hs[i], int) or hs[i] < 0 or hs[i] > g[2] // g[3]:
                    raise RuleError("CL-C-02", "more hits than dice in a group")
            self._typed = ("hits", hs)
        else:
            vals = choice["dice"] if isinstance(choice, dict) else choice
            need = 0
            for g in groups:
                need += g[2]
            if not isinstance(vals, (list, tuple)) or len(vals) != need:
                raise InputError("need %d dice" % need)
            for v in vals:
                if not isinstance(v, int) or not (1 <= v <= 6):
                    raise InputError("a die shows 1 to 6")
            self._typed = ("dice", list(vals))
        self._dice_wait = False

    def _loss_tuple(self, choice, names):
        if isinstance(choice, dict):
            vals = [0] * len(names)
            for k in choice:
                u = _unit(self._units, self._aliases, k, "unit")
                name = self._units[u][uu.U_NAME]
                if name == "bomber":
                    name = "strategic_bomber"
                if name not in names:
                    raise RuleError("P40-C-43", name + " is not in the raid")
                vals[names.index(name)] = choice[k]
            return tuple(vals)
        if isinstance(choice, (tuple, list)) and len(choice) == len(names):
            return tuple(choice)
        raise InputError("losses are a tuple %r or a dict of unit counts" % (names,))

    def _target_split(self, choice, p):
        s = self.s
        split = self._parse_split(s, choice)
        if s[_OPT] & _OPT_PLAN:
            for i in range(s[_NT]):
                b = _T0 + i * _TW
                if split[i][0] > s[b + 5] or split[i][1] > s[b + 6]:
                    raise RuleError("P40-C-45", "bombers keep the targets declared in Combat Move")
        return split

    def _parse_split(self, s, choice):
        nt = s[_NT]
        split = [[0, 0] for _ in range(nt)]
        if isinstance(choice, dict):
            for k in choice:
                u = _unit(self._units, self._aliases, k, "facility")
                idx = -1
                for i in range(nt):
                    if s[_T0 + i * _TW] == u:
                        idx = i
                if idx < 0:
                    raise RuleError("P40-C-45", self._units[u][uu.U_NAME] + " is not a target here")
                v = choice[k]
                if isinstance(v, int):
                    split[idx][0] = v
                elif isinstance(v, dict):
                    for name in v:
                        bu = _unit(self._units, self._aliases, name, "unit")
                        if bu == self.u_strat:
                            split[idx][0] = v[name]
                        elif bu == self.u_tac:
                            split[idx][1] = v[name]
                        else:
                            raise RuleError("P40-C-45", "only bombers are assigned to targets")
                elif isinstance(v, (tuple, list)) and len(v) == 2:
                    split[idx][0] = v[0]
                    split[idx][1] = v[1]
                else:
                    raise InputError("a target takes (strategic, tactical) bomber counts")
        elif isinstance(choice, (tuple, list)) and len(choice) == nt:
            for i in range(nt):
                c = choice[i]
                if not isinstance(c, (tuple, list)) or len(c) != 2:
                    raise InputError("a target takes (strategic, tactical) bomber counts")
                split[i][0] = c[0]
                split[i][1] = c[1]
        else:
            raise InputError("targets: one (strategic, tactical) pair per facility")
        ts = 0
        tt = 0
        for i in range(nt):
            a = split[i][0]
            t = split[i][1]
            if not isinstance(a, int) or not isinstance(t, int) or a < 0 or t < 0:
                raise InputError("bomber counts are whole numbers")
            if t and not self._is_base(s[_T0 + i * _TW]):
                raise RuleError("P40-C-45", "tactical bombers may never be assigned to an industrial complex")
            ts += a
            tt += t
        if ts != s[_STRAT] or tt != s[_TAC]:
            raise RuleError("P40-C-45", "assign every surviving bomber to one target")
        return split

    def _set_targets(self, split):
        s = self.s
        for i in range(s[_NT]):
            b = _T0 + i * _TW
            s[b + 2] = split[i][0]
            s[b + 3] = split[i][1]
        s[_CUR] = 0
        s[_STEP] = S_AA

    def _take_air_losses(self, c):
        s = self.s
        s[_ESC] -= c[0]
        s[_TAC] -= c[1]
        s[_STRAT] -= c[2]
        s[_L_ESC] += c[0]
        s[_L_TAC] += c[1]
        s[_L_STRAT] += c[2]
        s[_PEND] = 0
        self._casualties(ev.ATTACKER, ((self.u_fighter, c[0]), (self.u_tac, c[1]),
                                       (self.u_strat, c[2])))
        self.events.append((ev.E_REMOVED, ev.ATTACKER, S_AIR_BATTLE))
        self._after_air_battle()

    def _take_aa_losses(self, c):
        s = self.s
        b = _T0 + s[_CUR] * _TW
        s[b + 3] -= c[0]
        s[b + 2] -= c[1]
        s[_TAC] -= c[0]
        s[_STRAT] -= c[1]
        s[_L_TAC] += c[0]
        s[_L_STRAT] += c[1]
        s[_PEND] = 0
        self._casualties(ev.ATTACKER, ((self.u_tac, c[0]), (self.u_strat, c[1])))
        s[_CUR] += 1
        s[_STEP] = S_AA

    def _casualties(self, side, pairs):
        for pair in pairs:
            if pair[1]:
                self.events.append((ev.E_CASUALTY, side, pair[0], pair[1]))

    # ----- running
    def run_until_prompt(self, dice=None):
        """Run steps until a decision is pending or the raid is over. With `dice` None the
        raid stops with a P_DICE prompt for each step's dice (players' own dice)."""
        while not self.done and self.prompt is None:
            self.step(dice)
        return self.prompt

    def step(self, dice=None):
        """Run one step (nothing happens while a prompt is pending)."""
        if self.prompt is not None or self.done:
            return
        s = self.s
        st = s[_STEP]
        groups = self._groups()
        if groups and dice is None and self._typed is None:
            self._dice_wait = True
            self.events.append((ev.E_PROMPT, P_DICE))
            return
        self._dice_wait = False
        self.events.append((ev.E_STEP, st, 1))
        self._last_groups = groups
        rolled = self._take_dice(dice, groups, st)
        if st == S_ESCORTS:
            s[_ESC] = 0           # no fighters flew with the bombers
            s[_STEP] = S_INTERCEPT
        elif st == S_INTERCEPT:
            s[_INT] = 0
            s[_STEP] = S_AIR_BATTLE
        elif st == S_AIR_BATTLE:
            self._air_battle(rolled)
        elif st == S_AIR_CASUALTIES:
            self._take_air_losses(self._air_casualty_options()[0])
        elif st == S_TARGETS:
            self._set_targets(self._default_targets())
        elif st == S_AA:
            if self.style == Y1940:
                self._facility_aa(rolled)
            else:
                self._gun_aa(rolled)
        elif st == S_AA_CASUALTIES:
            self._take_aa_losses(self._aa_casualty_options()[0])
        elif st == S_BOMB:
            if self.style == Y1940:
                self._bomb_1940(rolled)
            else:
                self._bomb_old(rolled)

    def _heavy_air(self):
        s = self.s
        return (s[_ATECH] & HEAVY_BOMBERS) and not (s[_OPT] & _OPT_HB_ONE_DIE)

    def _next_aa_target(self):
        """Index of the next facility (from the cursor) with bombers at it, or -1."""
        s = self.s
        i = s[_CUR]
        while i < s[_NT]:
            b = _T0 + i * _TW
            if s[b + 2] + s[b + 3]:
                return i
            i += 1
        return -1

    def _groups(self):
        """The dice the current step rolls: ((side, value, dice, dice per unit), ...).
        `value`: hits on <= value (a pair of Superfortress AA dice: total <= value;
        other pairs: the better die); 0 for bombing dice (their values count)."""
        s = self.s
        st = s[_STEP]
        out = []
        if st == S_AIR_BATTLE and s[_INT] > 0:
            a_v = 2 if s[_ATECH] & JETS else 1
            d_v = 2 if s[_DTECH] & JETS else 1
            out.append((ev.ATTACKER, a_v, s[_ESC], 1))
            out.append((ev.ATTACKER, 1, s[_TAC], 1))
            if self._heavy_air():
                out.append((ev.ATTACKER, 1, 2 * s[_STRAT], 2))
            else:
                out.append((ev.ATTACKER, 1, s[_STRAT], 1))
            if self.split():
                # P40-R-06, P40-R-22: only the interceptors of the power with Jet Fighters hit on
                # 1-2; the others' dice first (as a battle rolls an ally's units without it)
                out.append((ev.DEFENDER, 1, s[_INT] - s[_TINT], 1))
                out.append((ev.DEFENDER, 2, s[_TINT], 1))
            else:
                out.append((ev.DEFENDER, d_v, s[_INT], 1))
        elif st == S_AA:
            if self.style == Y1940:
                i = self._next_aa_target()
                if i >= 0:
                    b = _T0 + i * _TW
                    value = 2 if s[_DTECH] & RADAR else 1
                    out.append((ev.DEFENDER, value, s[b + 2] + s[b + 3], 1))
            elif s[_AAGUN] and s[_STRAT]:
                if s[_ATECH] & T_SUPERFORT:
                    out.append((ev.DEFENDER, 3, 2 * s[_STRAT], 2))
                else:
                    out.append((ev.DEFENDER, 2 if s[_DTECH] & RADAR else 1, s[_STRAT], 1))
        elif st == S_BOMB:
            heavy = s[_ATECH] & HEAVY_BOMBERS
            if self.style == Y1940:
                for i in range(s[_NT]):
                    b = _T0 + i * _TW
                    out.append((ev.ATTACKER, 0, s[b + 3], 1))
                    if heavy:
                        out.append((ev.ATTACKER, 0, 2 * s[b + 2], 2))
                    else:
                        out.append((ev.ATTACKER, 0, s[b + 2], 1))
            else:
                per = 1
                if heavy:
                    per = 3 if self.style == CLASSIC else 2
                out.append((ev.ATTACKER, 0, per * s[_STRAT], per))
        # groups without dice roll nothing; keep the positions for the 1940 bombing step
        has = False
        for g in out:
            if g[2]:
                has = True
        return tuple(out) if has else ()

    def _take_dice(self, dice, groups, st):
        """Dice per group (a tuple of tuples), from typed dice or the dice source; emits
        one E_ROLL per group that rolls."""
        typed = self._typed
        self._typed = None
        out = []
        pos = 0
        for gi in range(len(groups)):
            side, value, n, per = groups[gi]
            if n == 0:
                out.append(())
                continue
            if typed is not None and typed[0] == "hits":
                h = typed[1][gi]
                vals = []
                for k in range(n // per):
                    if per == 1:
                        vals.append(1 if k < h else 6)
                    else:
                        vals.append(1 if k < h else 6)
                        vals.append(1 if k < h else 6)
                self.events.append((ev.E_ROLL, side, st, value, ()))
                out.append(tuple(vals))
                continue
            if typed is not None:
                vals = tuple(typed[1][pos:pos + n])
                pos += n
            else:
                vals = tuple(dice.roll(n))
                if len(vals) != n:
                    raise InputError("the dice source gave %d dice, %d asked" % (len(vals), n))
            self.events.append((ev.E_ROLL, side, st, value, vals))
            out.append(vals)
        return out

    @property
    def last_groups(self):
        """The groups the last step rolled, as `_groups()` gives them (for a screen that draws
        each roll's hits)."""
        return self._last_groups

    @staticmethod
    def _hits(vals, value, per):
        h = 0
        if per == 1:
            for d in vals:
                if d <= value:
                    h += 1
            return h
        for i in range(0, len(vals), 2):
            if per == 2 and value == 3 and vals[i] + vals[i + 1] <= 3:
                h += 1            # Superfortress pair: total 3 or less (LHTR-O-55)
            elif value != 3 and (vals[i] <= value or vals[i + 1] <= value):
                h += 1            # heavy bomber pair: the better die (P40-X-41)
        return h

    def _air_battle(self, rolled):
        """P40-C-43: one round, every participant at 1 (Jet Fighters' fighters 1-2);
        only if at least one interceptor is committed. Escorts then retreat (P40-C-44)."""
        s = self.s
        if s[_INT] == 0:
            self._after_air_battle()
            return
        g = self._last_groups
        hits = 0
        for i in range(3):
            hits += self._hits(rolled[i], g[i][1], g[i][3])
        self.events.append((ev.E_HITS, ev.ATTACKER, S_AIR_BATTLE, hits))
        d_hits = 0
        for i in range(3, len(g)):
            d_hits += self._hits(rolled[i], g[i][1], 1)
        self.events.append((ev.E_HITS, ev.DEFENDER, S_AIR_BATTLE, d_hits))
        lost = min(hits, s[_INT])
        s[_PEND] = min(d_hits, s[_ESC] + s[_TAC] + s[_STRAT])
        s[_STEP] = S_AIR_CASUALTIES
        k = -1                     # interceptors are all fighters: a choice only of whose
        if self.split():
            from engine_core.battle import raid_allies
            least, most = raid_allies.loss_range(lost, s[_TINT], s[_INT])
            if least == most:
                k = least
            else:
                s[_DPEND] = lost   # the defender chooses (P40-C-43); asked before the attacker
                return
        self._take_interceptor_losses(k, lost)

    def _take_interceptor_losses(self, k, lost=-1):
        """`lost` interceptors (-1: the ones waiting for the defender's choice), k of them of the
        power with Jet Fighters (-1: one power's); then the attacker's losses."""
        s = self.s
        if lost < 0:
            lost = s[_DPEND]
        s[_DPEND] = 0
        s[_INT] -= lost
        s[_L_INT] += lost
        if k > 0:
            s[_TINT] -= k
            s[_L_TINT] += k
        self._casualties(ev.DEFENDER, ((self.u_fighter, lost),))
        self.events.append((ev.E_REMOVED, ev.DEFENDER, S_AIR_BATTLE))
        if s[_PEND] == 0:
            self._after_air_battle()

    def _after_air_battle(self):
        s = self.s
        s[_PEND] = 0
        if s[_STRAT] + s[_TAC] == 0:
            self._finish()
            return
        if self._target_slots() is None:
            self._set_targets(self._default_targets())
        else:
            s[_STEP] = S_TARGETS

    def _facility_aa(self, rolled):
        """P40-C-46 / P40-U-62: each targeted facility rolls one die per bomber attacking
        it, hits on 1 (Radar 1-2); the attacker removes bombers among those at it. One
        facility per step, in target order."""
        s = self.s
        i = self._next_aa_target()
        if i < 0:
            if s[_STRAT] + s[_TAC] == 0:
                self._finish()
            else:
                s[_STEP] = S_BOMB
            return
        s[_CUR] = i
        g = self._last_groups[0]
        self.events.append((ev.E_AA, ev.DEFENDER, g[2]))
        hits = self._hits(rolled[0], g[1], 1)
        self.events.append((ev.E_HITS, ev.DEFENDER, S_AA, hits))
        if hits == 0:
            s[_CUR] = i + 1
            return
        s[_PEND] = hits
        s[_STEP] = S_AA_CASUALTIES
        opts = self._aa_casualty_options()
        if len(opts) == 1:
            self._take_aa_losses(opts[0])

    def _gun_aa(self, rolled):
        """CL-C-52 / LHTR-C-51: one AA gun fires one die at each bomber, a 1 downs it
        (Radar LHTR-O-30: 1-2; Superfortresses LHTR-O-55: two dice, down if total <= 3)."""
        s = self.s
        if rolled:
            g = self._last_groups[0]
            self.events.append((ev.E_AA, ev.DEFENDER, s[_STRAT]))
            hits = self._hits(rolled[0], g[1], g[3])
            self.events.append((ev.E_HITS, ev.DEFENDER, S_AA, hits))
            s[_STRAT] -= hits
            s[_L_STRAT] += hits
            self._casualties(ev.ATTACKER, ((self.u_strat, hits),))
        if s[_STRAT]:
            s[_STEP] = S_BOMB
        else:
            self._finish()

    def _bomb_old(self, rolled):
        """Classic CL-C-53/54, Revised, LHTR-C-52: bombing dice, caps, payment."""
        s = self.s
        per = self._last_groups[0][3]
        got = rolled[0]
        total = 0
        damage = 0
        for i in range(s[_STRAT]):
            part = got[i * per:(i + 1) * per]
            if self.style == CLASSIC:
                v = 0
                for d in part:
                    v += d           # CL-T-11: add all three dice
            else:
                v = max(part)        # LHTR-T-11: the better die
            total += v
            if self.style == REVISED:
                v = min(v, s[_VALUE])  # original Revised cap: per bomber (LHTR-M-08)
            damage += v
        if self.style == LHTR:
            room = s[_VALUE] - s[_DTT]
            if room < 0:
                room = 0
            damage = min(damage, room)   # LHTR-C-52: all raids + rocket per IC per turn
        s[_ROLLED] = total
        s[_DAMAGE] = damage
        paid = damage
        if s[_TREAS] != _NO_TREASURY and paid > s[_TREAS]:
            paid = s[_TREAS]             # CL-C-54, LHTR-CHG-TECH-07: never more than held
        s[_IPCS] = paid
        self.events.append((ev.E_PAYOUT, ev.DEFENDER, paid))
        self._finish()

    def _bomb_1940(self, rolled):
        """P40-C-47: each surviving bomber rolls 1 die, +2 per strategic bomber (heavy:
        best of two, then +2, P40-X-41); damage markers stop at the cap."""
        s = self.s
        total = 0
        for i in range(s[_NT]):
            b = _T0 + i * _TW
            dmg = 0
            for d in rolled[2 * i]:
                dmg += d
            got = rolled[2 * i + 1]
            if self._last_groups[2 * i + 1][3] == 2:
                for j in range(0, len(got), 2):
                    dmg += max(got[j], got[j + 1]) + 2
            else:
                for d in got:
                    dmg += d + 2
            total += dmg
            cap = self._units[s[b]][uu.U_MAX_DAMAGE]
            added = min(dmg, cap - s[b + 1])
            if added < 0:
                added = 0
            s[b + 4] = added
            if s[b + 2] + s[b + 3]:
                self.events.append((ev.E_DAMAGE, ev.DEFENDER, s[b], added))
        s[_ROLLED] = total
        self._finish()

    def _finish(self):
        s = self.s
        s[_STEP] = S_DONE
        self.events.append((ev.E_RESULT, 0, 0))   # outcome 0: a raid has no winner; see result

    # ----- result
    @property
    def result(self):
        """None while the raid runs; then a dict:
          damage       Classic/Revised: IPC damage after caps; 1940: markers added in all
          ipcs_lost    Classic/Revised: IPCs the IC's owner surrenders (never more than held)
          rolled       the raw bombing total before caps
          facilities   ((facility name, damage before, added, damage after), ...)
          attacker_lost / defender_lost   {unit name: count}
          bombers_left {unit name: count} of bombers that raided (they land in noncombat)
          escorts_left, interceptors_left  fighters (escorts count as retreated)
          defender_lost_teched, interceptors_left_teched   with defender_teched only: of
                       those, the fighters of the power with Jet Fighters ({unit name: count}
                       and a count)
        """
        s = self.s
        if s[_STEP] != S_DONE:
            return None
        names = self._units
        strat_name = names[self.u_strat][uu.U_NAME]
        att = {}
        if s[_L_STRAT]:
            att[strat_name] = s[_L_STRAT]
        if s[_L_TAC]:
            att[names[self.u_tac][uu.U_NAME]] = s[_L_TAC]
        if s[_L_ESC]:
            att[names[self.u_fighter][uu.U_NAME]] = s[_L_ESC]
        dfd = {}
        if s[_L_INT]:
            dfd[names[self.u_fighter][uu.U_NAME]] = s[_L_INT]
        left = {}
        if s[_STRAT]:
            left[strat_name] = s[_STRAT]
        if s[_TAC]:
            left[names[self.u_tac][uu.U_NAME]] = s[_TAC]
        if self.style == Y1940:
            facs = []
            dmg = 0
            for i in range(s[_NT]):
                b = _T0 + i * _TW
                facs.append((names[s[b]][uu.U_NAME], s[b + 1], s[b + 4], s[b + 1] + s[b + 4]))
                dmg += s[b + 4]
            ipcs = 0
        else:
            ic = -1
            for i in range(len(names)):
                if names[i][uu.U_ABILITIES] & uu.AB_IC:
                    ic = i
            facs = [(names[ic][uu.U_NAME], s[_DTT], s[_DAMAGE], s[_DTT] + s[_DAMAGE])]
            dmg = s[_DAMAGE]
            ipcs = s[_IPCS]
        out = {
            "damage": dmg,
            "ipcs_lost": ipcs,
            "rolled": s[_ROLLED],
            "facilities": tuple(facs),
            "attacker_lost": att,
            "defender_lost": dfd,
            "bombers_left": left,
            "escorts_left": s[_ESC],
            "interceptors_left": s[_INT],
        }
        if self.split():
            out["defender_lost_teched"] = {names[self.u_fighter][uu.U_NAME]: s[_L_TINT]} if s[_L_TINT] else {}
            out["interceptors_left_teched"] = s[_TINT]
        return out

    # ----- persistence
    def to_bytes(self):
        """The raid's state in a few dozen bytes (events are not kept). A raid without
        defender_teched saves as before (version 2); with it, version 3 adds its fields."""
        s = list(self.s)
        s[_ATECH] = techs.pack(s[_ATECH], _PACKED)
        s[_DTECH] = techs.pack(s[_DTECH], _PACKED)
        if self.split():
            return struct.pack("<B%dH" % _SIZE, _VERSION_SPLIT, *s)
        return struct.pack("<B%dH" % _SIZE_V2, _VERSION, *s[:_SIZE_V2])

    @classmethod
    def from_bytes(cls, board, data):
        """A raid from `to_bytes()` output; `board` as for the constructor (or None)."""
        n = _SIZE if len(data) and data[0] == _VERSION_SPLIT else _SIZE_V2
        if len(data) != 1 + 2 * n or data[0] not in (_VERSION, _VERSION_SPLIT):
            raise InputError("not a saved raid")
        vals = list(struct.unpack("<B%dH" % n, data))[1:] + [0] * (_SIZE - n)
        if vals[_ED] >= len(EDITIONS) or not (S_ESCORTS <= vals[_STEP] <= S_DONE):
            raise InputError("corrupt saved raid")
        split = vals[_OPT] & _OPT_SPLIT
        if (n == _SIZE) != bool(split) or vals[_TAV] > vals[_INT_AV] or vals[_TINT] > vals[_INT] \
                or vals[_L_TINT] > vals[_L_INT] or vals[_DPEND] > vals[_INT]:
            raise InputError("corrupt saved raid")
        edition = EDITIONS[vals[_ED]]
        vals[_ATECH] = techs.unpack(vals[_ATECH], _PACKED)
        vals[_DTECH] = techs.unpack(vals[_DTECH], _PACKED)
        if board is not None and _edition_of(board) != edition:
            raise InputError("the saved raid is a " + edition + " raid")
        return cls(edition, None, _state=vals)


# facility bits of engine_core/board.py (FAC_MAJOR, FAC_MINOR, FAC_AIR_BASE, FAC_NAVAL_BASE)
# and the 1940 facility names, in target order
_FAC_BITS = ((2, "major_industrial_complex"), (4, "minor_industrial_complex"),
             (8, "air_base"), (16, "naval_base"))


def hits_of(vals, value, per):
    """Hits of one group's dice (`per` dice a unit: heavy bombers' better die, Superfortress
    pairs' total), as the raid counts them."""
    return Raid._hits(vals, value, per)


def targets_from_facilities(fac_bits, damage=None):
    """1940 raid targets from a territory's facility bits (board.facilities_at_start,
    GameState.facilities): ((facility name, damage now), ...). `damage` maps a facility
    name to its damage markers (missing = 0)."""
    out = []
    for bit, name in _FAC_BITS:
        if fac_bits & bit:
            out.append((name, damage.get(name, 0) if damage else 0))
    return tuple(out)


_SPEC_KEYS = ("targets", "interceptors", "aa", "treasury", "territory_value",
              "damage_this_turn", "attacker_tech", "defender_tech", "options", "defender_teched")


def run_spec(spec, dice=None):
    """Run a raid from a plain spec (e.g. parsed JSON) to its end, for replaying a
    disputed raid: {"edition", "attacker", optional "targets", "interceptors", "aa",
    "treasury", "territory_value", "damage_this_turn", "attacker_tech", "defender_tech",
    "defender_teched", "options", "dice" (list of dice) or "seed", "answers" (list, used in order; the
    default is taken when they run out)}. Returns (raid, answers used)."""
    if not isinstance(spec, dict) or "edition" not in spec or "attacker" not in spec:
        raise InputError("a raid spec needs edition and attacker")
    kw = {}
    for k in _SPEC_KEYS:
        if k in spec:
            v = spec[k]
            if k == "targets" and isinstance(v, list):
                v = tuple(tuple(p) for p in v)
            kw[k] = v
    r = Raid(spec["edition"], spec["attacker"], **kw)
    if dice is None:
        if "dice" in spec:
            from engine_core.dice import FixedDice
            dice = FixedDice(spec["dice"])
        else:
            from engine_core.dice import Dice
            dice = Dice(spec.get("seed", 1))
    answers = list(spec.get("answers", ()))
    used = []
    while r.run_until_prompt(dice) is not None:
        p = r.prompt
        choice = answers.pop(0) if answers else p.default
        if isinstance(choice, list):
            choice = tuple(tuple(c) if isinstance(c, list) else c for c in choice)
        r.answer(choice)
        used.append(choice)
    return r, used


def is_operative(damage):
    """An air or naval base works below 3 damage markers (P40-U-66, P40-U-67, P40-C-49)."""
    return damage < 3


def production_left(facility, damage, increased_factory=False):
    """Units a 1940 industrial complex may still mobilize per turn with `damage` markers:
    10 for a major, 3 for a minor (12 / 4 with Increased Factory Production, P40-R-14),
    less 1 per marker, never below 0 (P40-U-63, P40-C-49)."""
    if facility == "major_industrial_complex":
        base = 12 if increased_factory else 10
    elif facility == "minor_industrial_complex":
        base = 4 if increased_factory else 3
    else:
        raise InputError("only industrial complexes mobilize units")
    left = base - damage
    return left if left > 0 else 0


# ---------------------------------------------------------------- rockets

def rocket(board, dice, treasury=None, territory_value=None, damage_this_turn=0,
           struck_this_turn=False, used_this_turn=False, target=None, target_damage=0,
           launcher_operative=True, launcher_damage=None, launcher_used=False, events=None):
    """One rocket strike; returns a dict like Raid.result (damage, ipcs_lost, rolled,
    facilities). Nothing defends against it and it never stops for a decision.

      Classic  CL-T-07 / CL-A-21: one rocket per power per turn (`used_this_turn`),
               1 die, surrendered from the treasury, never more than held.
      Revised  one die per gun, each rocket capped at the territory's value (the
               pre-errata text, LHTR-M-08).
      LHTR     LHTR-T-08: each IC hit by one rocket per player turn (`struck_this_turn`),
               1 die capped at the territory's value together with this turn's SBR
               damage (`damage_this_turn`, LHTR-C-52); paid up to the treasury.
      1940     P40-R-12: from an operative air base (`launcher_operative`) at an IC, air
               base or naval base (`target`, `target_damage`): 1 die of damage markers,
               capped like a raid (P40-X-44); no AA fires at it. `launcher_damage`
               (the air base's markers) decides `launcher_operative` when given.
    `launcher_used`: the launching territory (Revised/LHTR: its AA guns, LHTR-T-08) or air
    base (1940: one rocket each, P40-R-12) already fired this turn.
    """
    edition = _edition_of(board)
    if edition not in EDITIONS:
        raise InputError("unknown edition: " + str(edition))
    style = _STYLE[EDITIONS.index(edition)]
    if treasury is not None and (not isinstance(treasury, int) or treasury < 0):
        raise InputError("treasury must be a whole number of IPCs")
    if style == REVISED or style == LHTR:
        _check_value(territory_value)
        if not isinstance(damage_this_turn, int) or damage_this_turn < 0:
            raise InputError("damage this turn must be a whole number")
    if style == CLASSIC and used_this_turn:
        raise RuleError("CL-T-07", "one free rocket attack per turn")
    if launcher_used and style != CLASSIC:
        rule = "P40-R-12" if style == Y1940 else "LHTR-T-08"
        raise RuleError(rule, "one rocket per launcher each turn")
    if style == LHTR and struck_this_turn:
        raise RuleError("LHTR-T-08", "each industrial complex may be hit by one rocket per turn")
    if style == Y1940:
        if launcher_damage is not None:
            launcher_operative = is_operative(launcher_damage)
        if not launcher_operative:
            raise RuleError("P40-R-12", "rockets are launched from operative air bases")
        um = unit_tables(edition)
        units, aliases = um.UNITS, um.ALIASES
        if target is None:
            raise InputError("a 1940 rocket names its target facility")
        u = _unit(units, aliases, target, "facility")
        rec = units[u]
        if rec[uu.U_KIND] != uu.FACILITY:
            raise RuleError("P40-R-12", "rockets strike an industrial complex, air base or naval base")
        if not isinstance(target_damage, int) or target_damage < 0 or target_damage > rec[uu.U_MAX_DAMAGE]:
            raise InputError("damage on %s must be 0..%d" % (rec[uu.U_NAME], rec[uu.U_MAX_DAMAGE]))
    got = tuple(dice.roll(1))
    if events is not None:
        events.append((ev.E_ROLL, ev.ATTACKER, S_BOMB, 0, got))
    die = got[0]
    if style == Y1940:
        added = min(die, rec[uu.U_MAX_DAMAGE] - target_damage)
        if events is not None:
            events.append((ev.E_DAMAGE, ev.DEFENDER, u, added))
        return {"damage": added, "ipcs_lost": 0, "rolled": die,
                "facilities": ((rec[uu.U_NAME], target_damage, added, target_damage + added),)}
    damage = die
    before = 0
    if style == REVISED:
        damage = min(die, territory_value)
    elif style == LHTR:
        before = damage_this_turn
        room = territory_value - damage_this_turn
        if room < 0:
            room = 0
        damage = min(die, territory_value, room)
    paid = damage
    if treasury is not None and paid > treasury:
        paid = treasury
    if events is not None:
        events.append((ev.E_PAYOUT, ev.DEFENDER, paid))
    return {"damage": damage, "ipcs_lost": paid, "rolled": die,
            "facilities": (("industrial_complex", before, damage, before + damage),)}


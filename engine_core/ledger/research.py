"""Research: Classic weapons development, Revised/LHTR technology, 1940 optional R&D.

Technologies are bits of `GameState.techs[power]`, the same bit for the same
technology in every edition, so the battle engine reads one table:

  JETS                 Classic Jet Power: fighters defend at 5 (CL-T-06); LHTR Jet Fighters: defend
                       at 5, immune to AA (LHTR-T-07); 1940 Jet Fighters: attack 4, raids 1-2 (P40-R-22)
  ROCKETS              CL-T-07, LHTR-T-08, P40-R-12 (the raids engine)
  SUPER_SUBS           attack 3 (CL-T-08, LHTR-T-09 also immune to aircraft without a destroyer, P40-R-21)
  LONG_RANGE           CL-T-09 / LHTR-T-10 fighters 6, bombers 8; P40-R-25 +1 (players on the map)
  INDUSTRIAL_TECH      Classic: every unit costs 1 IPC less (CL-T-10, CL-A-20) -> unit_cost()
  HEAVY_BOMBERS        CL-T-11 three dice; LHTR-T-11 best of two; P40-R-26 best of two when attacking
  COMBINED_BOMBARDMENT LHTR-T-12: destroyers bombard at 3
  ADVANCED_ARTILLERY   P40-R-11
  PARATROOPERS         P40-R-13
  INCREASED_FACTORY    P40-R-14: complexes place 12 / 4, repair 2 markers per IPC -> factory_limits()
  WAR_BONDS            P40-R-15: +1 die of IPCs at Collect Income -> war_bonds()
  IMPROVED_MECH        P40-R-16
  IMPROVED_SHIPYARDS   P40-R-23: cheaper ships -> unit_cost()
  RADAR                P40-R-24: AAA and facility AA hit on 1-2

`state.techs[power]` holds every technology owned. LHTR technology works only from the
Mobilize phase of the turn it is gained (LHTR-T-05): `state.research[power]` then records
(round * 32 + turn) << 14 | the bits gained this turn, and `has_tech` answers False for
them until this turn's Mobilize phase (`start_mobilize` clears the record). Classic and
1940 techs work at once (CL-T-04, P40-R-06). The battle engine asks `has_tech`.

  research(board, state, power, dice_count, dice, tech=None, chart=None, paid_by=None) -> result
      Classic: dice_count research dice; each 6 is a breakthrough rolled on the chart.
      LHTR: `tech` named first; any die showing its number succeeds.
      1940: at least one 6 is a breakthrough; `chart` (1 or 2) chosen, breakthrough die
      rolled, re-rolled while owned. With chart None a success waits in
      state.research[power] for `breakthrough(board, state, power, chart, dice)`.
      `paid_by`: ((power, ipcs), ...) for the UK's two economies (G40-R-03).
  result = (cost, rolls, gained): cost in IPCs, the research dice rolled, the tech bits gained
  (with -1 appended when a 1940 breakthrough waits for its chart).

Dice come from any object with .roll(n) (engine_core.dice.Dice / FixedDice / typed dice).
"""

from engine_core.errors import RuleError, InputError
from engine_core.techs import (JETS, ROCKETS, SUPER_SUBS, LONG_RANGE, INDUSTRIAL_TECH, HEAVY_BOMBERS,
    COMBINED_BOMBARDMENT, ADVANCED_ARTILLERY, PARATROOPERS, INCREASED_FACTORY, WAR_BONDS,
    IMPROVED_MECH, IMPROVED_SHIPYARDS, RADAR, TECH_NAMES, bit as tech_bit, names as tech_names)
from engine_core.editions import FAM_CLASSIC, FAM_LHTR, FAM_1940

_STAMP_SHIFT = 14           # LHTR: state.research = stamp << 14 | bits gained this turn
_BITS_MASK = (1 << _STAMP_SHIFT) - 1
_PENDING = 1                # 1940: a success waits for its breakthrough chart (P40-R-05)

DIE_COST = 5   # CL-T-01, LHTR-T-03, P40-R-03

# Charts: tech for die faces 1..6
CLASSIC_CHART = (JETS, ROCKETS, SUPER_SUBS, LONG_RANGE, INDUSTRIAL_TECH, HEAVY_BOMBERS)      # CL-T-03
LHTR_CHART = (JETS, ROCKETS, SUPER_SUBS, LONG_RANGE, COMBINED_BOMBARDMENT, HEAVY_BOMBERS)   # LHTR-T-04
CHART_1 = (ADVANCED_ARTILLERY, ROCKETS, PARATROOPERS, INCREASED_FACTORY, WAR_BONDS, IMPROVED_MECH)   # P40-R-11..16
CHART_2 = (SUPER_SUBS, JETS, IMPROVED_SHIPYARDS, RADAR, LONG_RANGE, HEAVY_BOMBERS)                   # P40-R-21..26

# Improved Shipyards costs (P40-R-23)
_SHIPYARD_COSTS = (("battleship", 17), ("aircraft_carrier", 13), ("cruiser", 9), ("destroyer", 7),
                   ("transport", 6), ("submarine", 5))

_MAX_REROLLS = 200   # a re-roll loop over a chart with an unowned entry ends long before this


def _stamp(state):
    return (state.round * 32 + state.turn) & 0x7fff


def _lhtr_phase(board, state):
    try:
        return board.rules["phases"][state.phase]
    except (AttributeError, KeyError, TypeError, IndexError):
        return -1


def has_tech(board, state, power, bit):
    """True if `power` has technology `bit` in effect now.

    LHTR: a development gained this turn is not in effect before this turn's Mobilize
    phase (LHTR-T-05, LHTR-CHG-TECH-01)."""
    if not (state.techs[power] & bit):
        return False
    if board.family == FAM_LHTR:
        r = state.research[power]
        if r & bit and (r >> _STAMP_SHIFT) == _stamp(state):
            from engine_core.ledger import phases as phases
            ph = _lhtr_phase(board, state)
            if ph < phases.MOBILIZE:
                return False
    return True


def active_tech_names(board, state, power):
    """Names (TECH_NAMES) of the technologies in effect now, for the battle and raid engines'
    "attacker_tech" / "defender_tech" options (LHTR: not before this turn's Mobilize,
    LHTR-T-05)."""
    out = []
    for i in range(len(TECH_NAMES)):
        if has_tech(board, state, power, 1 << i):
            out.append(TECH_NAMES[i])
    return tuple(out)


def owned(state, power):
    """Technology bits owned (in effect or, LHTR, waiting for this turn's Mobilize)."""
    return state.techs[power] & _BITS_MASK


def start_mobilize(board, state, power):
    """LHTR-T-05: technology gained this turn takes effect in the Mobilize phase."""
    if board.family == FAM_LHTR:
        state.research[power] = 0


def _capital_held(board, state, power):
    try:
        cap = board.capital(power)
    except (AttributeError, IndexError, KeyError):
        return False
    if cap is None or cap < 0:
        return False
    owner = state.owner[cap]
    return owner != power and owner != 255 and board.side(owner) != board.side(power)


def _china(board):
    try:
        return board.power_id("China")
    except (RuleError, InputError, KeyError, ValueError, IndexError):
        return -1


def _uk_pair(board):
    out = []
    for n in ("United Kingdom", "United Kingdom Pacific"):
        try:
            out.append(board.power_id(n))
        except (RuleError, InputError, KeyError, ValueError, IndexError):
            pass
    return out


def _rule(fam, classic, lhtr, p40):
    return (classic, lhtr, p40)[fam]


def _check_payment(board, state, power, cost, paid_by, fam):
    """Returns ((power, ipcs), ...) to debit; raises RuleError when it cannot be paid."""
    if paid_by is None:
        paid_by = ((power, cost),)
    total = 0
    pair = _uk_pair(board)
    seen = []
    for payer, ipcs in paid_by:
        if ipcs < 0:
            raise InputError("a payment is never negative")
        if payer != power and not (payer in pair and power in pair):
            raise RuleError(_rule(fam, "CL-E-09", "LHTR-E-10", "G40-R-03"),
                            "IPCs are never given between powers; only the UK's two economies share research")
        if payer in seen:
            raise InputError("one payer listed twice")
        seen.append(payer)
        if state.treasury[payer] < ipcs:
            raise RuleError(_rule(fam, "CL-T-01", "LHTR-T-03", "P40-R-03"),
                            "not enough IPCs for these research dice")
        total += ipcs
    if total != cost:
        raise InputError("the payments must add up to the research cost")
    return paid_by


def research(board, state, power, dice_count, dice, tech=None, chart=None, paid_by=None, enabled=True):
    """Buy `dice_count` research dice at 5 IPCs and roll them; see the module docstring.

    Raises RuleError and changes nothing when research is not allowed. `enabled` is the
    1940 optional-rule switch (P40-R-01: R&D only when the players use it).
    """
    fam = board.family
    if not (0 <= power < board.power_count):
        raise InputError("unknown power")
    if dice_count < 0 or dice_count > 1000:
        raise InputError("research dice: 0 or more")
    if fam == FAM_1940 and not enabled:
        raise RuleError("P40-R-01", "Research & Development is an optional rule not in use")
    if fam == FAM_1940 and power == _china(board):
        raise RuleError("P40-R-01" if board.edition == "pacific_1940" else "G40-R-02",
                        "China may not do Research and Development")
    if _capital_held(board, state, power):
        raise RuleError(_rule(fam, "CL-A-13", "LHTR-E-11", "P40-T-03"),
                        "a power whose capital is held by the enemy may not research")
    if fam == FAM_1940 and state.research[power] & _PENDING:
        raise RuleError("P40-R-05", "choose the breakthrough chart of the last success first")
    cost = DIE_COST * dice_count
    tech_index = -1
    if fam == FAM_LHTR:
        if tech is None:
            raise RuleError("LHTR-T-02", "name the one development you research this turn")
        bit = tech if isinstance(tech, int) else tech_bit(tech)
        for i in range(6):
            if LHTR_CHART[i] == bit:
                tech_index = i
        if tech_index < 0:
            raise RuleError("LHTR-T-04", "not a development of this edition's chart")
        if owned(state, power) & bit:
            raise RuleError("LHTR-A-21", "you may not research a development you already own")
    if fam == FAM_1940 and chart is not None:
        _check_chart(state, power, chart)
    payments = _check_payment(board, state, power, cost, paid_by, fam)
    r = state.research[power]
    if fam == FAM_1940 and r and (r >> _STAMP_SHIFT) == _stamp(state):
        # P40-R-02: the R&D sequence is buy research dice, roll them, roll the breakthrough
        # die, mark it: once in the phase (a second purchase would be a second attempt)
        raise RuleError("P40-R-02", "research dice are bought and rolled once a turn")
    if fam != FAM_1940 and r and (r >> _STAMP_SHIFT) == _stamp(state):
        # one roll of research dice a turn: CL-T-02 "If you are unsuccessful in rolling a '6,'
        # your research has failed and you must wait until your next turn"; LHTR-T-02 "You can
        # choose only one development each turn", LHTR-T-04 "Roll all your dice for the turn
        # (at the same time)"
        if fam == FAM_CLASSIC:
            raise RuleError("CL-T-02", "research dice are rolled once a turn: try again next turn")
        if r & _BITS_MASK and bit != r & _BITS_MASK:
            raise RuleError("LHTR-T-02", "only one development may be researched each turn")
        raise RuleError("LHTR-T-04", "all of the turn's research dice are rolled at once")
    # --- every check passed: roll and apply
    rolls = dice.roll(dice_count) if dice_count else []
    gained = []
    have = owned(state, power)
    if dice_count:
        # this turn's roll is recorded (CL-T-02, LHTR-T-02/04, P40-R-02); LHTR keeps the
        # development named (not owned yet, so has_tech ignores it) and _record overwrites it
        # on success; 1940 adds _PENDING while a success waits for its chart
        state.research[power] = (_stamp(state) << _STAMP_SHIFT) | (bit if fam == FAM_LHTR else 0)
    if fam == FAM_CLASSIC:
        for r in rolls:
            if r == 6:   # CL-T-02: each 6 is a breakthrough
                got = _roll_chart(CLASSIC_CHART, have, dice)   # CL-T-03, CL-A-20
                if got:
                    have |= got
                    gained.append(got)
    elif fam == FAM_LHTR:
        for r in rolls:
            if r == tech_index + 1:   # LHTR-T-04: any die showing the number
                gained.append(LHTR_CHART[tech_index])
                break
    else:
        success = False
        for r in rolls:
            if r == 6:   # P40-R-04: at least one 6; one breakthrough however many
                success = True
        if success:
            if chart is None:
                gained.append(-1)
            else:
                got = _roll_chart(CHART_1 if chart == 1 else CHART_2, have, dice)
                gained.append(got)
    for payer, ipcs in payments:
        state.treasury[payer] -= ipcs
    _record(board, state, power, fam, gained)
    return (cost, rolls, gained)


def _check_chart(state, power, chart):
    if chart not in (1, 2):
        raise InputError("breakthrough chart 1 or 2")
    table = CHART_1 if chart == 1 else CHART_2
    have = owned(state, power)
    for b in table:
        if not (have & b):
            return
    raise RuleError("P40-R-05", "every advance of this chart is already owned")


def _roll_chart(table, have, dice):
    """Roll on a chart, re-rolling owned advances (CL-T-03, P40-R-05); 0 if all owned (CL-A-20)."""
    free = False
    for b in table:
        if not (have & b):
            free = True
    if not free:
        return 0
    for _ in range(_MAX_REROLLS):
        r = dice.roll(1)[0]
        b = table[r - 1]
        if not (have & b):
            return b
    raise InputError("the breakthrough dice never showed an advance not yet owned")


def _record(board, state, power, fam, gained):
    targets = [power]
    pair = _uk_pair(board)
    if power in pair:
        targets = pair   # G40-R-03: a breakthrough applies to the whole UK
    for g in gained:
        if g == -1:
            state.research[power] |= _PENDING
            continue
        if g <= 0:
            continue
        for p in targets:
            state.techs[p] |= g                        # CL-T-04, P40-R-06
            if fam == FAM_LHTR:
                # LHTR-T-05: in effect from this turn's Mobilize phase
                state.research[p] = (_stamp(state) << _STAMP_SHIFT) | g


def breakthrough(board, state, power, chart, dice):
    """P40-R-05: after a success, the chosen chart's breakthrough die (re-rolled while the
    result is owned). Returns the tech bit gained."""
    if not state.research[power] & _PENDING:
        raise RuleError("P40-R-02", "no research success waits for a breakthrough roll")
    _check_chart(state, power, chart)
    got = _roll_chart(CHART_1 if chart == 1 else CHART_2, owned(state, power), dice)
    state.research[power] &= ~_PENDING
    _record(board, state, power, "1940", [got])
    return got


def unit_cost(board, state, power, unit_name, base_cost):
    """A unit's purchase cost with the power's technologies.

    Classic Industrial Technology: every unit 1 IPC less (CL-T-10, CL-A-20);
    1940 Improved Shipyards: the new sea-unit costs (P40-R-23).
    """
    t = state.techs[power]
    if t & INDUSTRIAL_TECH and board.family == FAM_CLASSIC:
        return base_cost - 1
    if t & IMPROVED_SHIPYARDS:
        for name, cost in _SHIPYARD_COSTS:
            if name == unit_name:
                return cost
    return base_cost


def cost_reduction(board, state, power, unit):
    """IPCs a technology takes off unit `unit`'s printed cost (see unit_cost)."""
    rec = board.units[unit]
    base = rec[1]
    return base - unit_cost(board, state, power, rec[0], base)


def factory_limits(board, state, power):
    """(major, minor, damage markers removed per IPC) for 1940 complexes (P40-E-12, P40-R-14)."""
    if state.techs[power] & INCREASED_FACTORY:
        return (12, 4, 2)
    return (10, 3, 1)


def war_bonds(board, state, power, dice):
    """P40-R-15: IPCs the War Bonds die adds at Collect Income (0 without the tech, and
    no roll while the capital is held: no Collect Income then, P40-X-45)."""
    if not (state.techs[power] & WAR_BONDS) or _capital_held(board, state, power):
        return 0
    return dice.roll(1)[0]


def starting_techs(board, power, options=None):
    """Technologies at setup: Classic optional head-start weapons (CL-O-03)."""
    if board.family != FAM_CLASSIC or not options or not options.get("head_start_weapons"):
        return 0
    name = board.power_name(power)
    if name == "Germany":
        return JETS
    if name == "Japan":
        return SUPER_SUBS
    return 0

"""Revised / LHTR national advantages the ledger keeps (LHTR-O-02): once-per-game flags,
free units and the UK's phases in a Joint Strike round. The battle advantages are in
engine_core/battle/advantages.py; U-Boat Interdiction in convoy.py; the Nonaggression Treaty in politics.py.

An advantage is used with the action {"type": "advantage", "name": NAME, "territory": t?}
(journal code ADVANTAGE). Loaded only when such an action is played or a turn of a Revised
game begins with advantages in play (device heap).

One-time facts are `GameState.history` bits 20..27: the Revised editions have no board
facts (objectives.fact_bit uses those bits only for the 1940 editions).

Names (index = journal argument):
  russian_winter     LHTR-O-10  USSR, its Collect Income phase, once per game: Soviet infantry
                                defend at 3 until the USSR's next turn (winter_active)
  salvage            LHTR-O-13  USSR, in an Axis power's Conduct Combat: 1 free tank in the red
                                territory it held against attacking tanks (players say so),
                                once per territory in that phase (its one battle there)
  joint_strike       LHTR-O-31  UK, at the start of a round (the USSR's first phase), once per
                                game: that round the UK skips CM, CC and NCM (LHTR-A-27)
  enigma_decoded     LHTR-O-32  UK, in Germany's Conduct Combat (after its CM), once per game:
                                the special move itself is made on the map
  french_resistance  LHTR-O-34  UK, its Mobilize phase, once per game, Allies hold Western
                                Europe: 3 free infantry there
  colonial_garrison  LHTR-O-35  UK, at set-up (round 1, before the USSR buys), once: an extra
                                IC in a tan territory worth 1 or more with no IC
  chinese_divisions  LHTR-O-51  US, its Mobilize phase, once per round: 1 free infantry in
                                China, Sinkiang or Kwangtung, which the US controls
"""

from engine_core.editions import FAM_LHTR
from engine_core.errors import RuleError, InputError

NAMES = ("russian_winter", "salvage", "joint_strike", "enigma_decoded", "french_resistance",
         "colonial_garrison", "chinese_divisions")
OWNERS = ("Soviet Union", "Soviet Union", "United Kingdom", "United Kingdom", "United Kingdom",
          "United Kingdom", "United States")
RULES = ("LHTR-O-10", "LHTR-O-13", "LHTR-O-31", "LHTR-O-32", "LHTR-O-34", "LHTR-O-35", "LHTR-O-51")

WINTER_USED = 1 << 20
WINTER_ON = 1 << 21          # cleared when the USSR's next turn begins
STRIKE_USED = 1 << 22
STRIKE_ROUND = 1 << 23       # cleared when the next round begins (the USSR's turn)
ENIGMA_USED = 1 << 24
RESISTANCE_USED = 1 << 25
DIVISIONS_TURN = 1 << 26     # cleared at every turn start
GARRISON_USED = 1 << 27
_ONCE = (WINTER_USED, 0, STRIKE_USED, ENIGMA_USED, RESISTANCE_USED, GARRISON_USED, DIVISIONS_TURN)

EV_ADVANTAGE = "advantage"   # (EV_ADVANTAGE, power, name) an advantage declared
EV_FREE_UNITS = "free_units"  # same tuple as politics.EV_FREE_UNITS: (.., p, t, unit, n)
EV_FACILITY = 5              # economy.EV_FACILITY: (EV_FACILITY, t, bits)

_RESEARCH, _PURCHASE, _CM, _CC, _NCM, _MOBILIZE, _INCOME = 0, 1, 2, 3, 4, 5, 6
_DIVISION_SPACES = ("China", "Sinkiang", "Kwangtung")


def index_of(name):
    if isinstance(name, int):
        if 0 <= name < len(NAMES):
            return name
    else:
        for i in range(len(NAMES)):
            if NAMES[i] == name:
                return i
    raise InputError("unknown national advantage %s" % (name,))


def _in_play(board, options, i):
    if board.family != FAM_LHTR:
        raise RuleError("LHTR-O-02", "national advantages are a Revised / LHTR option")
    nas = options.get("national_advantages") if options else None
    if not nas or NAMES[i] not in nas:
        raise RuleError("LHTR-O-02", "that national advantage is not in play")


def use(board, state, current, phase, i, t, options, repeated=False):
    """Apply advantage `i` (index in NAMES) for its owner while `current` is on turn in
    `phase` (phases.py constant); t: territory id or -1; `repeated`: the same use was already
    made in this phase (journal.in_this_phase). Returns events; RuleError if not allowed now
    (nothing changed)."""
    _in_play(board, options, i)
    rule = RULES[i]
    owner = board.power_id(OWNERS[i])
    if _ONCE[i] and state.history & _ONCE[i]:
        raise RuleError(rule, "already used")
    name = board.power_name(current)
    if i == 0:
        if current != owner or phase != _INCOME:
            raise RuleError(rule, "declared in the USSR's Collect Income phase")
        state.history |= WINTER_USED | WINTER_ON
        return [(EV_ADVANTAGE, owner, NAMES[i])]
    if i == 1:
        if board.side(current) == board.side(owner) or phase != _CC:
            raise RuleError(rule, "a free tank after holding a red territory in an Axis attack")
        if t < 0 or board.original_owner(t) != owner or state.owner[t] != owner:
            raise RuleError(rule, "the territory must be red and still Soviet")
        if repeated:
            # one battle per territory in a Conduct Combat phase, and "one free Soviet tank"
            raise RuleError(rule, "the free tank for that battle is already placed")
        return [(EV_FREE_UNITS, owner, t, board.unit_id("tank"), 1)]
    if i == 2:
        if current != board.turn_order[0] or state.phase != 0:
            raise RuleError(rule, "declared at the start of a round, before the Soviet turn")
        state.history |= STRIKE_USED | STRIKE_ROUND
        return [(EV_ADVANTAGE, owner, NAMES[i])]
    if i == 3:
        if name != "Germany" or phase != _CC:
            raise RuleError(rule, "used after Germany's combat move, before its combat")
        state.history |= ENIGMA_USED
        return [(EV_ADVANTAGE, owner, NAMES[i])]
    if i == 4:
        if current != owner or phase != _MOBILIZE:
            raise RuleError(rule, "placed in the UK's Mobilize phase")
        we = board.territory_id("Western Europe")
        if t >= 0 and t != we:
            raise RuleError(rule, "the infantry go to Western Europe")
        o = state.owner[we]
        if o < 0 or o >= board.power_count or board.side(o) != board.side(owner):
            raise RuleError(rule, "the Allies must control Western Europe")
        state.history |= RESISTANCE_USED
        return [(EV_FREE_UNITS, owner, we, board.unit_id("infantry"), 3)]
    if i == 5:
        if state.round != 1 or state.turn != 0 or state.phase != 0:
            raise RuleError(rule, "the extra complex is part of the set-up")
        if t < 0 or board.is_sea(t) or board.original_owner(t) != owner or state.owner[t] != owner:
            raise RuleError(rule, "a tan (original UK) territory the UK holds")
        if board.ipc(t) < 1:
            raise RuleError(rule, "a territory worth at least 1")
        if state.facilities[t] & 7:
            raise RuleError("LHTR-U-22", "one complex per territory")
        state.facilities[t] |= 1
        state.history |= GARRISON_USED    # "one additional industrial complex"
        return [(EV_FACILITY, t, state.facilities[t])]
    # i == 6
    if current != owner or phase != _MOBILIZE:
        raise RuleError(rule, "placed in the US Mobilize phase")
    ok = False
    for nm in _DIVISION_SPACES:
        if t >= 0 and board.territory_name(t) == nm:
            ok = True
    if not ok or state.owner[t] != owner:
        raise RuleError(rule, "China, Sinkiang or Kwangtung, controlled by the US")
    state.history |= DIVISIONS_TURN
    return [(EV_FREE_UNITS, owner, t, board.unit_id("infantry"), 1)]


def turn_begins(board, state, p):
    """Clear the per-turn / per-round flags when power p's turn begins."""
    h = state.history & ~DIVISIONS_TURN
    if p == board.turn_order[0]:
        h &= ~(WINTER_ON | STRIKE_ROUND)
    state.history = h


def uk_skips(board, state, p, ph):
    """LHTR-O-31: in a Joint Strike round the UK plays no CM, CC or NCM."""
    return bool(state.history & STRIKE_ROUND) and board.power_name(p) == "United Kingdom" \
        and ph in (_CM, _CC, _NCM)


def winter_active(state):
    """LHTR-O-10: Soviet infantry defend at 3 (until the USSR's next turn begins)."""
    return bool(state.history & WINTER_ON)

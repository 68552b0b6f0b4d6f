"""The Soviet Nonaggression Treaty's choice (Revised/LHTR national advantage, LHTR-O-11,
LHTR-CHG-NA-01). Loaded by game.py only in a Revised/LHTR game with national advantages in
play, and only for the actions the treaty concerns (device heap).

The rule (the LHTR text, "Changed" in its FAQ): "The first time in the game that the Japanese
forces attack any red territory, you may place four of your infantry for free in that
territory before resolving combat. If Japan attacks more than one red territory in that turn,
you may decide which such territory receives the infantry."

How the ledger plays it:
- Japan's attacks are its `enter {territory, attack}` actions. A red territory is one the
  USSR held at the start and still holds (LHTR-O-02: an advantage tied to a red territory
  works only while its starting owner holds it); sea zones never count (the FAQ: "only for an
  attack against a land territory").
- When Japan's Combat Move ends with one or more red territories attacked, the USSR is asked
  which one receives the 4 infantry (the pending prompt ("treaty", USSR, territories)); an
  attack first entered in Conduct Combat asks at once, before its battle. The `answer` is a
  territory of the question or NONE.
- "May": the USSR may decline (answer NONE). Either way the advantage is over: it belongs to
  "the first time" Japan attacks a red territory, which cannot come again.
- Before the question is settled, a Japanese battle or capture in a red territory is refused
  (its attack was never entered, so the USSR could not choose before the combat).
- Losing it by attacking orange territory first stays in politics.py (_nonaggression).
"""

from engine_core.errors import RuleError
from engine_core.ledger import history as H
from engine_core.ledger import journal as J
from engine_core.ledger import phases as PH

RULE = "LHTR-O-11"
NAME = "nonaggression_treaty"
P_TREATY = "treaty"
NONE = 255          # the answer "no territory": the USSR declines (a journal value is unsigned)
INFANTRY = 4
EV_FREE_UNITS = "free_units"   # politics.EV_FREE_UNITS: (EV_FREE_UNITS, power, t, unit, n)


def in_play(options, state):
    """The treaty is chosen for this game and neither used nor lost yet."""
    nas = options.get("national_advantages") if options else None
    return bool(nas) and NAME in nas and not (state.history & H.NONAGGRESSION_OVER)


def is_red(board, state, t):
    """A land territory the USSR held at the start and holds now."""
    ussr = board.power_id("Soviet Union")
    return not board.is_sea(t) and board.original_owner(t) == ussr and state.owner[t] == ussr


def attacked(board, state, entries):
    """The red territories Japan attacks in these journal entries, in order, once each."""
    japan = board.power_id("Japan")
    out = []
    for e in entries:
        if e[0] == J.ENTER and e[2] == japan and e[3] and e[1] not in out and is_red(board, state, e[1]):
            out.append(e[1])
    return out


def prompt(board, pend):
    """The question of a pending ("treaty", USSR, territories) prompt, for the players."""
    names = [board.territory_name(t) for t in pend[2]]
    return {"kind": "treaty", "power": pend[1], "key": NAME, "rule": RULE,
            "question": "Nonaggression Treaty (%s): 4 free Soviet infantry go where?" % RULE,
            "options": tuple(pend[2]) + (NONE,), "labels": tuple(names) + ("None",),
            "default": pend[2][0]}


def before(game, e):
    """Checks and the answer, before the ledger plays entry e. Returns the answer's events,
    or None when the ledger plays the entry as usual. RuleError: nothing changed."""
    b = game.board
    s = game.state
    code = e[0]
    pend = s.pending
    if code == J.ANSWER:
        if pend is not None and pend[0] == P_TREATY:
            return _settle(b, s, pend, e[1])
        nas = game.options.get("national_advantages")
        if pend is None and NAME in nas and s.history & H.NONAGGRESSION_OVER:
            raise RuleError(RULE, "the Nonaggression Treaty is used once (or lost): no question is pending")
        return None
    if code in (J.BATTLE, J.CAPTURE) and pend is None and in_play(game.options, s):
        by = e[2] - 1 if code == J.BATTLE else e[2]
        t = e[1]
        if by == b.power_id("Japan") and is_red(b, s, t) \
                and game.phase_constant() in (PH.COMBAT_MOVE, PH.COMBAT):
            raise RuleError(RULE, "Japan attacks the red territory %s: announce the attack first "
                            "(a pending battle, or enter), so the USSR may place 4 free infantry "
                            "there before the battle" % b.territory_name(t))
    return None


def after(game, e):
    """After the ledger played entry e: ask the question when Japan's Combat Move has ended
    with red territories attacked, or when an attack on one is entered in Conduct Combat."""
    b = game.board
    s = game.state
    if not in_play(game.options, s) or game.power != b.power_id("Japan"):
        return
    ph = game.phase_constant()
    code = e[0]
    if code == J.END_PHASE and ph == PH.COMBAT:
        # the turn's attacks so far: its Combat Move's (this entry is appended after it is played)
        ts = attacked(b, s, J.this_phase(s, J.ENTER, True))
    elif code == J.ENTER and ph == PH.COMBAT:
        ts = attacked(b, s, (e,))
    else:
        return
    if ts:
        s.pending = (P_TREATY, b.power_id("Soviet Union"), tuple(ts))


def _settle(b, s, pend, value):
    if value != NONE and value not in pend[2]:
        raise RuleError(RULE, "the infantry go to a red territory Japan attacks this turn: %s" %
                        ", ".join([b.territory_name(t) for t in pend[2]]))
    s.pending = None
    s.history |= H.NONAGGRESSION_OVER
    if value == NONE:
        return []
    return [(EV_FREE_UNITS, pend[1], value, b.unit_id("infantry"), INFANTRY)]

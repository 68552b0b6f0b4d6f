"""National objectives: evaluate the board's declarative objectives against the state.

The objective records and condition trees are the board's (board_defs/README.md,
`board.objectives`, read with board.O_*). The state supplies control (`owner`), wars
(`at_war`) and one-time facts (`history`). Facts the device cannot know ("no Axis warships
in the Mediterranean", "a US land unit in France") are `("ask", key)` conditions: they come
back as questions and the caller passes the players' answers.

  questions(board, state, power) -> (key, ...)
      the ask keys whose answer decides some objective of `power` now (three-valued
      evaluation: a question whose answer cannot change the income is never asked)
  evaluate(board, state, power, answers=None) -> (total, ((key, ipcs), ...))
      the bonus income of `power` now, objective by objective (P40-E-33, P40-E-50);
      answers: dict ask key -> bool (or a tuple/list of the keys answered yes);
      InputError if a needed answer is missing. Changes nothing.
  collect(board, state, power, answers=None, options=None) -> (bonus, used, pending, bits)
      the ledger's Collect Income call: answers in question order; see its docstring

Fact keys map to GameState.history bits: a key named in engine_core/ledger/history.py NAMES uses
that bit; "paid:<objective key>" of a one-time objective, and other board facts, use
history.fact_bit (bit 20 + the fact's index in board.facts).
"""

from engine_core.errors import InputError
from engine_core.ledger import history as H

NO_OWNER = 255
WHO_AXIS = 100
WHO_ALLIES = 101

# objective record fields (board.O_*)
O_KEY = 0
O_POWER = 1
O_VALUE = 2
O_COND = 3
O_PER = 4
O_ONCE = 5
O_RULE = 6

UNKNOWN = None


def _controls(board, state, who, t):
    o = state.owner[t]
    if o == NO_OWNER:
        return False   # uncontrolled (the Dutch, neutrals) never count (P40-E-64)
    if who == WHO_AXIS:
        return board.side(o) == 0
    if who == WHO_ALLIES:
        return board.side(o) == 1
    if isinstance(who, (tuple, list)):
        return o in who
    return o == who


def count_controlled(board, state, who, territories):
    n = 0
    for t in territories:
        if _controls(board, state, who, t):
            n += 1
    return n


def fact_bit(board, key):
    """The GameState.history bit of a fact key (see the module docstring)."""
    for i in range(len(H.NAMES)):
        if H.NAMES[i] == key:
            return 1 << i
    facts = board.facts
    for i in range(len(facts)):
        f = facts[i]
        if f[0] == key:
            known = _known_fact(board, f)
            if known:
                return known
            if i > 9:
                raise InputError("too many board facts for the history bits")
            return 1 << (H.BOARD_FACTS_SHIFT + i)
    if key.startswith("paid:"):
        return _paid_bit(board, key[5:])
    raise InputError("unknown fact " + str(key))


def _known_fact(board, f):
    """Board facts that politics.py / the ledger already record under a history.py bit."""
    key, kind, actor, target = f[0], f[1], f[2], f[3]
    try:
        aname = board.power_name(actor) if isinstance(actor, int) and actor >= 0 else ""
    except (IndexError, KeyError):
        aname = ""
    if kind == "attacked" and aname == "Japan":
        try:
            tname = board.territory_name(target)
        except (InputError, IndexError, TypeError):
            tname = ""
        if tname.replace("-", " ").lower() in ("french indo china", "french indochina"):
            return H.JAPAN_ATTACKED_FIC
    if kind == "unprovoked_dow" and aname == "Japan":
        return H.JAPAN_UNPROVOKED_UK
    if kind == "paid":
        return _paid_bit(board, target)
    return 0


def _paid_bit(board, okey):
    if okey in ("S3",):
        return H.SOVIET_BERLIN_BONUS_PAID   # G40-E-28
    for i in range(len(board.facts)):
        f = board.facts[i]
        if f[1] == "paid" and f[3] == okey:
            return 1 << (H.BOARD_FACTS_SHIFT + i)
    # a one-time objective without a declared fact: a bit by its position among objectives
    objs = board.objectives
    n = 0
    for o in objs:
        if o[O_ONCE]:
            if o[O_KEY] == okey:
                return 1 << (H.BOARD_FACTS_SHIFT + 9 - n)
            n += 1
    raise InputError("unknown one-time objective " + str(okey))


def _answer(answers, key):
    if answers is None:
        return UNKNOWN
    if isinstance(answers, dict):
        if key in answers:
            return bool(answers[key])
        return UNKNOWN
    return key in answers


def _eval(board, state, cond, answers, asks):
    """True / False / UNKNOWN (an unanswered ask decides it). Collects ask keys met."""
    op = cond[0]
    if op == "all":
        result = True
        for c in cond[1:]:
            v = _eval(board, state, c, answers, asks)
            if v is False:
                return False
            if v is UNKNOWN:
                result = UNKNOWN
        return result
    if op == "any":
        result = False
        for c in cond[1:]:
            v = _eval(board, state, c, answers, asks)
            if v is True:
                return True
            if v is UNKNOWN:
                result = UNKNOWN
        return result
    if op == "not":
        v = _eval(board, state, cond[1], answers, asks)
        if v is UNKNOWN:
            return UNKNOWN
        return not v
    if op == "at_war":
        p = cond[1]
        qs = cond[2]
        if not isinstance(qs, (tuple, list)):
            qs = (qs,)
        for q in qs:
            if state.at_war[p] & (1 << q):
                return True
        return False
    if op == "ctl":
        who, terr, n = cond[1], cond[2], cond[3]
        need = len(terr) if n == 0 else n
        return count_controlled(board, state, who, terr) >= need
    if op == "fact":
        return bool(state.history & fact_bit(board, cond[1]))
    if op == "ask":
        v = _answer(answers, cond[1])
        if v is UNKNOWN and cond[1] not in asks:
            asks.append(cond[1])
        return v
    if op == "true":
        return True
    raise InputError("unknown objective condition " + str(op))


def _objectives_of(board, power):
    out = []
    for o in board.objectives:
        if o[O_POWER] == power:
            out.append(o)
    return out


def _paid_already(board, state, o):
    return o[O_ONCE] and bool(state.history & _paid_bit(board, o[O_KEY]))


def questions(board, state, power):
    """Ask keys to put to the players before `power` collects (only those that matter)."""
    out = []
    for o in _objectives_of(board, power):
        if _paid_already(board, state, o):
            continue
        asks = []
        v = _eval(board, state, o[O_COND], None, asks)
        if v is UNKNOWN:
            if o[O_PER] is not None and count_controlled(board, state, o[O_PER][0], o[O_PER][1]) == 0:
                continue
            for k in asks:
                if k not in out:
                    out.append(k)
    return tuple(out)


def evaluate(board, state, power, answers=None):
    """(total, ((key, ipcs), ...)) for `power` now; every objective in board order."""
    total = 0
    items = []
    for o in _objectives_of(board, power):
        amount = 0
        if not _paid_already(board, state, o):
            asks = []
            v = _eval(board, state, o[O_COND], answers, asks)
            if v is UNKNOWN:
                if o[O_PER] is None or count_controlled(board, state, o[O_PER][0], o[O_PER][1]) > 0:
                    raise InputError("answer needed: " + ", ".join(asks))
                v = False
            if v:
                if o[O_PER] is not None:
                    who, terr = o[O_PER]
                    amount = o[O_VALUE] * count_controlled(board, state, who, terr)
                else:
                    amount = o[O_VALUE]
        items.append((o[O_KEY], amount))
        total += amount
    return total, tuple(items)


def collect(board, state, power, answers=None, options=None):
    """The ledger's Collect Income step (P40-E-33, P40-T-60).

    `answers`: the players' yes/no answers (truthy / falsy), in the order of
    `questions(board, state, power)`. Returns (bonus, answers used, pending, bits):
    pending is the index in board.questions of the next question to ask (then bonus is 0
    and nothing was used), else -1; bits are the history bits of one-time objectives paid
    now (G40-E-28, G40-X-41), for the caller to set with the income. Changes nothing.
    """
    keys = questions(board, state, power)
    answers = list(answers or ())
    if len(answers) < len(keys):
        want = keys[len(answers)]
        qs = board.questions
        for i in range(len(qs)):
            if qs[i][0] == want:
                return (0, 0, i, 0)
        raise InputError("no question text for " + want)
    given = {}
    for i in range(len(keys)):
        given[keys[i]] = bool(answers[i])
    total, items = evaluate(board, state, power, given)
    bits = 0
    objs = _objectives_of(board, power)
    for i in range(len(objs)):
        if objs[i][O_ONCE] and items[i][1] > 0:
            bits |= _paid_bit(board, objs[i][O_KEY])
    return (total, len(keys), -1, bits)

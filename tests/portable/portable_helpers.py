"""Small builders shared by the portable tests (not a test module: no test_ prefix).

Importable under MicroPython too: tests/portable is on MICROPYPATH in tools/mpgate.py.
"""
from engine_core import events as ev


def _named(b, vec):
    """A battle's unit-count vector as {unit name: count}, zero counts left out."""
    out = {}
    for u in range(len(vec)):
        if vec[u]:
            out[b.board.unit_name(u)] = vec[u]
    return out


def _rolls(b):
    """(side, step, group, dice) of every roll event of a battle, in order."""
    return [(e[1], e[2], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]


def _finish(b, dice, answers=()):
    """Run a battle to its end, answering prompts from `answers` in order, then the defaults."""
    answers = list(answers)
    while True:
        p = b.run_until_prompt(dice)
        if p is None:
            return b
        b.answer(answers.pop(0) if answers else None)


def _finish_turn(g):
    """End every phase of the current turn, answering "no" to any yes/no question."""
    start = g.state.game_turn
    while g.state.game_turn == start and g.state.victory < 0:
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})


_end_turn = _finish_turn


def _round(g):
    """Every power's turn once."""
    for _ in range(len(g.board.turn_order)):
        _finish_turn(g)


def _to(g, power, phase):
    """End phases (answering "no" to any question) until `power` is in `phase`."""
    while not (g.summary()["power"] == power and g.summary()["phase"] == phase):
        if g.prompt is not None:
            g.apply({"type": "answer", "value": 0})
        else:
            g.apply({"type": "end_phase"})


def _to_phase(g, name):
    """End phases until the current power's phase is `name`."""
    while g.summary()["phase"] != name:
        g.apply({"type": "end_phase"})


def _treasury(g, name):
    return g.state.treasury[g.board.power_id(name)]


def _raises(rule, fn, *args):
    """fn(*args) is refused with a RuleError naming `rule`."""
    from engine_core.errors import RuleError
    try:
        fn(*args)
    except RuleError as e:
        assert e.rule == rule, e.rule
        return
    assert False, "no RuleError " + rule


def _refused(fn, rule):
    """True if fn() is refused with a RuleError naming `rule`."""
    from engine_core.errors import RuleError
    try:
        fn()
    except RuleError as e:
        return e.rule == rule
    return False


def _rule_of(fn):
    """The rule id fn() is refused with, or None."""
    from engine_core.errors import RuleError
    try:
        fn()
    except RuleError as e:
        return e.rule
    return None


def _item(items, key):
    """The value of `key` in a tuple of (key, value) pairs, or None."""
    for k, v in items:
        if k == key:
            return v
    return None


def _war(s, a, b):
    """Powers a and b at war in state s."""
    s.at_war[a] |= 1 << b
    s.at_war[b] |= 1 << a


def _state(b, treasury=False, war=True):
    """A game state at the board's start: owners, optionally the starting treasuries, and the
    wars in force at the start (engine modules imported here: the heap of the tests that
    need them only)."""
    from engine_core.ledger.state import GameState
    s = GameState(b.edition, b.power_count, b.territory_count)
    for t in range(b.territory_count):
        o = b.owner_at_start(t)
        s.owner[t] = o if o >= 0 else 255
    if treasury:
        for p in range(b.power_count):
            s.treasury[p] = b.starting_treasury(p)
    if war:
        from engine_core.ledger import politics as politics
        s.at_war = politics.initial_at_war(b)
    return s


def _rehash(lines, i, new_body):
    """A tournament log's lines with entry i (1-based) given a new body and the chain
    recomputed from there, as a forger who holds the seed would; the footer follows."""
    from engine_core.trust.audit import chain_next
    out = [lines[0]]
    prev = lines[0].split("|")[4]
    for k, line in enumerate(lines[1:-1]):
        n, kind, body, _h = line.split("|")
        if k + 1 == i:
            body = new_body
        text = "%s|%s|%s" % (n, kind, body)
        prev = chain_next(prev, text)
        out.append(text + "|" + prev)
    out.append("SEED|%s|%s" % (lines[-1].split("|")[1], prev))
    return out

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

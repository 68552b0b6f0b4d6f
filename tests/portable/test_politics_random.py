# Random declarations of war (the engine's own seeded dice pick them): every refusal leaves
# the state exactly as it was; every accepted declaration leaves a symmetric war matrix that
# only grows. Independent of the code under test: the checks are invariants of the rules.
from engine_core import board
from engine_core.ledger import politics as P
from engine_core.dice import Dice
from engine_core.errors import RuleError
from portable_helpers import _state



def _snap(s):
    return (tuple(s.at_war), s.history, tuple(s.treasury), bytes(s.owner))


def _pick(d, n):
    # a number 0..n-1 from d6 rolls (n <= 36)
    a, b = d.roll(2)
    return ((a - 1) * 6 + (b - 1)) % n


def _run(edition, seed, steps):
    b = board.load(edition)
    s = _state(b, treasury=True)
    d = Dice(seed)
    accepted = 0
    n = b.power_count
    phases = 6
    for _ in range(steps):
        s.round = 1 + _pick(d, 6)
        s.turn = _pick(d, len(b.turn_order))
        # mostly the Combat Move phase (index 1 without R&D) and the power on turn, so that
        # many declarations are legal; sometimes anything
        s.phase = 1 if d.roll(1)[0] <= 3 else _pick(d, phases)
        a = b.turn_order[s.turn] if d.roll(1)[0] <= 4 else _pick(d, n)
        if b.turn_partner(a) >= 0 and d.roll(1)[0] <= 2:
            a = b.turn_partner(a)
        t = _pick(d, n)
        before = _snap(s)
        try:
            P.declare_war(b, s, a, t)
        except RuleError:
            assert _snap(s) == before
            continue
        accepted += 1
        # wars only grow, and are mutual
        for p in range(n):
            assert s.at_war[p] & before[0][p] == before[0][p]
            for q in range(n):
                assert bool(s.at_war[p] & (1 << q)) == bool(s.at_war[q] & (1 << p))
        assert s.at_war[a] & (1 << t)
        assert s.history & before[1] == before[1]
    for p in range(n):
        for q in range(n):
            if s.at_war[p] & (1 << q):
                assert b.side(p) != b.side(q)   # never a war inside one side
    return accepted


def test_random_declarations_pacific():
    """P40-P-02, P40-P-03, P40-T-71: an illegal declaration changes nothing; a war is mutual and
    permanent and only ever between the two sides."""
    assert _run("pacific_1940", 7, 300) > 0


def test_random_declarations_global():
    """G40-P-02, G40-P-05: the same invariants among the nine Global powers."""
    assert _run("global_1940", 11, 300) > 0
    assert _run("global_1940_variant", 13, 300) > 0

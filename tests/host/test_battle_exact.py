"""Outcome probabilities of small battles, found by branching the battle engine on every typed
hit count (binomial weights) and restoring it from to_bytes() for each branch, compared with the
probabilities worked out by hand from the per-round hit chances."""
from fractions import Fraction

from engine_core.battle.steps import Battle

from engine_core.battle.base import P_DICE, O_ATTACKER_WON, O_DEFENDER_WON, O_BOTH_DESTROYED


def _binom(n, k):
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _distribution(ed, kind, att, dfd, options=None, floor=1e-12):
    """{outcome: probability} by exhaustive branching (tail below `floor` dropped)."""
    out = {}
    stack = [(Battle(ed, kind, att, dfd, options).to_bytes(), 1.0)]
    while stack:
        data, w = stack.pop()
        if w < floor:
            continue
        b = Battle.from_bytes(ed, data)
        while True:
            p = b.run_until_prompt(None)
            if p is None:
                o = b.result["outcome"]
                out[o] = out.get(o, 0.0) + w
                break
            if p.kind != P_DICE:
                b.answer(None)
                continue
            groups = p.info[1]
            # every combination of hit counts per column
            combos = [([], w)]
            for value, n in groups:
                q = value / 6.0
                nxt = []
                for hs, cw in combos:
                    for h in range(n + 1):
                        nxt.append((hs + [h], cw * _binom(n, h) * q ** h * (1 - q) ** (n - h)))
                combos = nxt
            base = b.to_bytes()
            for hs, cw in combos:
                c = Battle.from_bytes(ed, base)
                c.run_until_prompt(None)          # the same dice question again
                c.answer({"hits": hs})
                c.run_until_prompt(None)          # typed dice are used before saving
                stack.append((c.to_bytes(), cw))
            break
    return out


def _close(got, want):
    for k in set(list(got) + list(want)):
        assert abs(got.get(k, 0.0) - float(want.get(k, 0))) < 1e-6, (k, got, want)


def test_classic_one_infantry_each():
    """CL-C-12 CL-C-13 CL-C-14 CL-C-15: infantry attacks at 1, defends at 2. A round ends it when
    either hits: attacker only 1/6*4/6, both 1/6*2/6, defender only 5/6*2/6, neither 20/36.
    So P(attacker) = 4/16, P(both) = 2/16, P(defender) = 10/16."""
    got = _distribution("classic", "land", {"infantry": 1}, {"infantry": 1}, {"retreat": ()})
    _close(got, {O_ATTACKER_WON: Fraction(1, 4), O_BOTH_DESTROYED: Fraction(1, 8),
                 O_DEFENDER_WON: Fraction(5, 8)})


def test_lhtr_sub_against_destroyer():
    """LHTR-C-24 LHTR-C-25 LHTR-U-53: the sub fires in opening fire (2/6); with its destroyer the
    defender's hit ship still fires back at 3 (3/6). Per cycle: both 1/6, sub only 1/6, destroyer
    only 2/6, neither 2/6; so attacker 1/4, both 1/4, defender 1/2."""
    got = _distribution("revised_lhtr", "sea", {"submarine": 1}, {"destroyer": 1}, {"retreat": ()})
    _close(got, {O_ATTACKER_WON: Fraction(1, 4), O_BOTH_DESTROYED: Fraction(1, 4),
                 O_DEFENDER_WON: Fraction(1, 2)})


def test_lhtr_sub_against_carrier_first_strike():
    """LHTR-U-81 LHTR-C-25: without a destroyer the carrier hit by the sub never fires back:
    per cycle sub hits 2/6 (attacker wins); else the carrier (defense 3) hits 3/6 of the rest.
    Attacker: (1/3) / (1/3 + 2/3*1/2) = 1/2, defender 1/2, never both."""
    got = _distribution("revised_lhtr", "sea", {"submarine": 1}, {"aircraft_carrier": 1},
                        {"retreat": ()})
    _close(got, {O_ATTACKER_WON: Fraction(1, 2), O_DEFENDER_WON: Fraction(1, 2)})


def test_p40_transports_and_destroyer_against_sub():
    """P40-C-76 P40-C-84 P40-U-53: a destroyer and a transport attack a submarine. The destroyer
    cancels the surprise strike, so both roll in steps 3/4: destroyer 2/6, sub 1/6 whose hit must
    go on the destroyer (transports last). Per round: destroyer only 2/6*5/6 = 10/36 (attacker),
    both 2/36 (the transport is left: attacker wins), sub only 4/36, neither 20/36. After the sub's
    lone hit the transport is alone against the sub and, with no retreat allowed, defenseless
    (P40-C-91). So attacker = 12/16 = 3/4, defender 1/4."""
    got = _distribution("pacific_1940", "sea", {"destroyer": 1, "transport": 1}, {"submarine": 1},
                        {"retreat": ()})
    _close(got, {O_ATTACKER_WON: Fraction(3, 4), O_DEFENDER_WON: Fraction(1, 4)})

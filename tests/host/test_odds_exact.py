"""Exact battle odds with fractions.Fraction (issue 6 acceptance), against recurrences written
out here, independently of engine_core/odds/exact.py."""
from fractions import Fraction as F
from math import comb

from engine_core import board
from engine_core.odds.exact import odds
from engine_core.odds.random_battles import battles


def _binom(n, p):
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def homogeneous(n, m, pa, pd):
    """(win, lose, draw) for n identical attackers (hit pa) against m identical defenders
    (hit pd), one hit kills one unit, simultaneous fire, no retreat:
        P(a, d) = sum_{i,j} Bin(a, pa)[j] Bin(d, pd)[i] P(a - i, d - j) / (1 - P(no hits))
    with P(a, 0) = win (a > 0), P(0, d) = lose (d > 0), P(0, 0) = draw."""
    memo = {}
    for a in range(n + 1):
        for d in range(m + 1):
            if a == 0 and d == 0:
                memo[a, d] = (F(0), F(0), F(1))
                continue
            if d == 0:
                memo[a, d] = (F(1), F(0), F(0))
                continue
            if a == 0:
                memo[a, d] = (F(0), F(1), F(0))
                continue
            ba = _binom(a, pa)   # attacker's hits on the defender
            bd = _binom(d, pd)   # defender's hits on the attacker
            stay = ba[0] * bd[0]
            acc = [F(0), F(0), F(0)]
            for j in range(a + 1):
                for i in range(d + 1):
                    if i == 0 and j == 0:
                        continue
                    nxt = memo[max(a - i, 0), max(d - j, 0)]
                    w = ba[j] * bd[i]
                    for t in range(3):
                        acc[t] += w * nxt[t]
            memo[a, d] = tuple(x / (1 - stay) for x in acc)
    return memo[n, m]


def test_acceptance_one_against_one():
    """CL-C-12..15 (issue 6): 1 infantry against 1 infantry: exactly 1/4, 5/8, 1/8."""
    r = odds("classic", "land", {"infantry": 1}, {"infantry": 1}, number=F)
    assert (r["attacker_wins"], r["defender_wins"], r["draw"]) == (F(1, 4), F(5, 8), F(1, 8))
    # written out: per round 2/36 both, 4/36 attacker only, 10/36 defender only, 20/36 none
    assert F(4, 36) / F(16, 36) == F(1, 4) and F(10, 16) == F(5, 8) and F(2, 16) == F(1, 8)


def test_acceptance_two_against_one():
    """CL-C-12..15 (issue 6): 2 infantry against 1 infantry: attacker wins exactly 157/232.
    From (2,1): A >= 1 hit 11/36 (wins either way), A miss & D hit 25/108 -> (1,1) = 1/4,
    stay 50/108:  (33/108 + 25/108 * 1/4) / (58/108)."""
    r = odds("classic", "land", {"infantry": 2}, {"infantry": 1}, number=F)
    by_hand = (F(33, 108) + F(25, 108) * F(1, 4)) / F(58, 108)
    assert by_hand == F(157, 232)
    assert r["attacker_wins"] == by_hand
    assert r["attacker_wins"] + r["defender_wins"] + r["draw"] == 1


def test_acceptance_ten_against_ten():
    """CL-C-12..16 (issue 6): 10 vs 10 infantry, Classic: about 5.29% / 94.52% / 0.19%,
    exactly the recurrence's values."""
    r = odds("classic", "land", {"infantry": 10}, {"infantry": 10}, number=F)
    w, l, d = homogeneous(10, 10, F(1, 6), F(2, 6))
    assert (r["attacker_wins"], r["defender_wins"], r["draw"]) == (w, l, d)
    assert round(float(w) * 100, 2) == 5.29
    assert round(float(l) * 100, 2) == 94.52
    assert round(float(d) * 100, 2) == 0.19


def test_homogeneous_battles_every_edition():
    """CL-C-12..15, LHTR-C-26..29, P40-C-78..81: one-type battles in every edition equal
    the recurrence (tanks attack 3, infantry defends 2)."""
    for ed, tank in (("classic", "armor"), ("revised", "armor"), ("revised_lhtr", "armor"),
                     ("pacific_1940", "tank"), ("global_1940", "tank"), ("global_1940_variant", "tank")):
        for n, m in ((3, 4), (5, 2), (1, 6)):
            r = odds(ed, "land", {tank: n}, {"infantry": m}, number=F)
            w, l, d = homogeneous(n, m, F(3, 6), F(2, 6))
            assert (r["attacker_wins"], r["defender_wins"], r["draw"]) == (w, l, d), (ed, n, m)


def test_aa_then_fighters():
    """CL-C-11, LHTR-C-21, P40-U-36: AA fire before round 1, then an ordinary battle:
    the result is the mixture over AA hits. 2 fighters (3) vs 1 infantry (2) + AA (hits 1)."""
    p1 = F(1, 6)
    mix = [F(0), F(0), F(0)]
    for k, pk in enumerate(_binom(2, p1)):
        if 2 - k == 0:
            res = (F(0), F(1), F(0))
        else:
            res = homogeneous(2 - k, 1, F(3, 6), F(2, 6))
        for t in range(3):
            mix[t] += pk * res[t]
    for ed, aa in (("classic", "antiaircraft_gun"), ("revised_lhtr", "antiaircraft_gun"),
                   ("pacific_1940", "aaa")):
        r = odds(ed, "land", {"fighter": 2}, {"infantry": 1, aa: 1}, number=F)
        assert [r["attacker_wins"], r["defender_wins"], r["draw"]] == mix, ed


def test_probabilities_sum_to_one_exactly():
    """P40-C-90..93, LHTR-C-29, CL-C-15: every battle ends in exactly one outcome; with
    fractions the four probabilities sum to exactly 1 (random small battles, all editions)."""
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for kind in ("land", "sea"):
            for a, d in battles(units, kind, 3, 11, size=3):
                r = odds(ed, kind, a, d, number=F)
                total = r["attacker_wins"] + r["defender_wins"] + r["draw"] + r["attacker_retreats"]
                assert total == 1, (ed, kind, a, d)
                assert 0 <= r["attacker_captures"] <= r["attacker_wins"]


def test_hits_one_at_a_time_give_the_same_states():
    """CL-C-15, LHTR-C-29, P40-C-90 (casualties in the order of loss; two-hit units damaged
    first, P40-U-46) and P40-C-100 (keep a land unit to capture): exact.CHAIN_HITS takes plain
    hits one at a time from the state after fewer; casualty choice is greedy, so every battle's
    exact distribution (fractions) is identical with it on and off -- random land and sea
    battles of every edition, with and without keeping a land unit."""
    from engine_core.odds import exact
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for kind in ("land", "sea"):
            for a, d in battles(units, kind, 3, 29, size=5):
                for policy in (None, {"keep_land": 1} if kind == "land" else None):
                    exact.CHAIN_HITS = True
                    try:
                        on = odds(ed, kind, a, d, number=F, policy=policy)
                        exact.CHAIN_HITS = False
                        off = odds(ed, kind, a, d, number=F, policy=policy)
                    finally:
                        exact.CHAIN_HITS = True
                    assert on == off, (ed, kind, a, d, policy)


def test_chain_sums_give_the_same_distribution(monkeypatch):
    """CL-C-15, LHTR-C-29, P40-C-90 (casualties in the order of loss), P40-C-95 (the attacker
    retreats) and P40-C-100 (keep a land unit to capture): exact.CHAIN_FAST sums the rounds of
    plain hits along each side's chain of states instead of pair by pair; every battle's exact
    distribution (fractions) is identical with it on and off -- random land and sea battles of
    every edition, with retreat and keep-a-land-unit policies; and again with every other
    attacker state's fire taken whole instead of as the state below it plus its extra dice (the
    way for a state that does not roll all of the next one's dice)."""
    # the module as it is now (a simulator test run before may have made the device's modules
    # be forgotten and imported again): the patches below must reach the odds() called
    from engine_core.odds import exact
    solve = exact.odds
    policies = (None, {"retreat_after_round": 2}, {"retreat_at_units": 1}, {"keep_land": 1})
    whole = exact._Chains.delta

    def every_other(chains, x):
        return None if x % 2 else whole(chains, x)

    used = []
    chain = exact._Run._stationary_chain

    def counted(run, dist):
        used.append(split)
        return chain(run, dist)

    monkeypatch.setattr(exact._Run, "_stationary_chain", counted)

    for split in (False, True):
        if split:
            monkeypatch.setattr(exact._Chains, "delta", every_other)
        for ed in board.EDITIONS:
            units = board.load(ed).units
            for kind in ("land", "sea"):
                for i, (a, d) in enumerate(battles(units, kind, 4, 41, size=8)):
                    policy = policies[i % len(policies)] if kind == "land" else None
                    try:
                        exact.CHAIN_FAST = True
                        on = solve(ed, kind, a, d, number=F, policy=policy)
                        exact.CHAIN_FAST = False
                        off = solve(ed, kind, a, d, number=F, policy=policy)
                    finally:
                        exact.CHAIN_FAST = True
                    assert on == off, (ed, kind, a, d, policy, split)
        assert split in used  # the chain sums did run


def test_fast_choice_is_the_order_of_loss():
    """CL-C-15, LHTR-C-29, P40-C-90 (casualties in the order of loss; two-hit units damaged
    first, P40-U-46), P40-U-52f / LHTR-U-80 (submarine hits never on air), P40-U-43 (air hits
    not on submarines without a destroyer), CL-C-11 (AA fire only on air): exact.FAST_CHOICE
    chooses casualties on the side's own slots; for every state of random land and sea sides
    of every edition (damaged ships among them) and every hit vector up to 3 of each class it
    takes what casualties.choose takes, and whole battles (fractions) are identical with it on
    and off."""
    from engine_core.odds import exact
    from engine_core.dice import Dice
    dice = Dice(7)
    n = 0
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for kind in ("land", "sea"):
            for a, d in battles(units, kind, 4, 53, size=6):
                run = exact._prepare(ed, kind, a, d, None, F, None, None, None, 0, None, None)
                for side in (run.A, run.D):
                    assert side.seq is not None
                    k = side.k
                    top = side.states[side.start]
                    for _ in range(12):
                        t = [0] * (3 * k)
                        for s in range(k):
                            t[s] = dice.roll(1)[0] % (top[s] + 1)
                            if side.rows[s][exact.U_HITS] >= 2 and t[s]:
                                t[k + s] = dice.roll(1)[0] % (t[s] + 1)
                        i = side.intern(t)
                        for h0 in range(4):
                            for h1 in range(4):
                                for h2 in range(4):
                                    for h3 in (0, 2):
                                        h = (h0, h1, h2, h3)
                                        fast = side._apply_fast(i, h)
                                        seq = side.seq
                                        side.seq = None
                                        try:
                                            slow = side._apply(i, h)
                                        finally:
                                            side.seq = seq
                                        assert fast == slow, (ed, kind, a, d, t, h)
                                        n += 1
            for a, d in battles(units, kind, 2, 59, size=5):
                try:
                    exact.FAST_CHOICE = True
                    on = odds(ed, kind, a, d, number=F)
                    exact.FAST_CHOICE = False
                    off = odds(ed, kind, a, d, number=F)
                finally:
                    exact.FAST_CHOICE = True
                assert on == off, (ed, kind, a, d)
    assert n > 10000


def test_defender_line_gives_the_same_distribution(monkeypatch):
    """CL-C-15, LHTR-C-29, P40-C-90 (casualties in the order of loss): when the defender's
    states lie in a line (each hit's state the next index: _Chains.dline) the chain sums walk
    the row by index; the exact distribution (fractions) is identical to walking each state's
    next state, on random land battles of every edition, with and without antiaircraft fire
    and policies, and the line was taken."""
    from engine_core.odds import exact
    solve = exact.odds
    policies = (None, {"retreat_after_round": 2}, {"retreat_at_units": 1}, {"keep_land": 1})
    init = exact._Chains.__init__
    lines = []

    def walked(chains, run):
        init(chains, run)
        chains.dline[0] = False  # never a line: every step reads the next state

    def seen(chains, run):
        init(chains, run)
        lines.append(chains.dline)  # [in a line, its last state], read after the solve
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for i, (a, d) in enumerate(battles(units, "land", 5, 43, size=9)):
            policy = policies[i % len(policies)]
            monkeypatch.setattr(exact._Chains, "__init__", seen)
            line = solve(ed, "land", a, d, number=F, policy=policy)
            monkeypatch.setattr(exact._Chains, "__init__", walked)
            walk = solve(ed, "land", a, d, number=F, policy=policy)
            assert line == walk, (ed, a, d, policy)
    assert [x for x in lines if x[0] and x[1] >= 0]  # a whole line was walked by index

# The odds in slices on the device (engine_core/odds/exact.py, Solver; issue 19): the same
# generator-driven solver runs under MicroPython and CircuitPython (float32 there), a slice
# never runs far past its budget, and the estimates carry an honest error.
from engine_core.odds.exact import Solver, odds

EPS = 1e-5  # single precision on CircuitPython (see test_odds.py)


def test_one_infantry_each_in_slices():
    """P40-C-78, P40-C-79: 1 infantry (attack 1) against 1 infantry (defense 2): attacker
    1/4, defender 5/8, draw 1/8 (a round: 4/36, 10/36, 2/36, nothing 20/36), one work unit
    a slice; every estimate on the way leaves the rest as its error."""
    s = Solver("pacific_1940", "land", {"infantry": 1}, {"infantry": 1}, estimate=False)
    n = 0
    while not s.step(1):
        n += 1
        e = s.estimate()
        total = e["attacker_wins"] + e["defender_wins"] + e["draw"] + e["error"]
        assert abs(total - 1.0) < EPS
    assert n >= 2
    r = s.result()
    assert abs(r["attacker_wins"] - 0.25) < EPS
    assert abs(r["defender_wins"] - 0.625) < EPS
    assert abs(r["draw"] - 0.125) < EPS
    assert s.estimate()["exact"] and s.estimate()["error"] <= 1e-12  # what pruning dropped


def test_sea_battle_slices_bounded():
    """P40-C-74, P40-C-76, P40-C-78/79: 3 subs and 2 destroyers against 2 subs, a destroyer
    and a battleship (2 hits, P40-U-48). Hit points: attacker 5, defender 2 + 1 + 2 = 5; a
    slice is at most its budget + 3 * (5 + 1) + 2 * (5 + 1) units; the coarse estimate comes
    first, within its error of the exact figure, which equals odds()' to rounding."""
    a = {"submarine": 3, "destroyer": 2}
    d = {"submarine": 2, "destroyer": 1, "battleship": 1}
    s = Solver("pacific_1940", "sea", a, d)
    budget = 40
    seen = None
    while not s.step(budget):
        if seen is None and s.first is not None:
            seen = s.estimate()
    assert s.largest <= budget + 3 * 6 + 2 * 6
    r = s.result()
    ref = odds("pacific_1940", "sea", a, d)
    for k in ("attacker_wins", "defender_wins", "draw"):
        assert abs(r[k] - ref[k]) < EPS
        if seen is not None:
            assert abs(seen[k] - r[k]) <= seen["error"] + EPS


def test_first_figure_sampled_then_exact():
    """P40-C-74, P40-C-76, P40-C-78/79: 1 sub, 2 destroyers, a cruiser and a fighter against
    a sub, 2 destroyers, a battleship (2 hits) and a transport: big enough (exact.SAMPLE_FROM)
    for a sampled first figure -- each share a whole number of its n sampled battles, its
    error their largest standard error, the exact figure within 4 of them (a fixed seed) --
    then the exact figure, equal to odds()'s."""
    from engine_core.odds import exact
    a = {"submarine": 1, "destroyer": 2, "cruiser": 1, "fighter": 1}
    d = {"submarine": 1, "destroyer": 2, "battleship": 1, "transport": 1}
    s = Solver("pacific_1940", "sea", a, d)
    first = None
    while not s.step(300):
        if first is None and s.first is not None:
            first = s.estimate()
    ref = odds("pacific_1940", "sea", a, d)
    r = s.result()
    assert first is not None and not first["exact"]
    n = first["sampled"]
    assert n >= exact.SAMPLE_FIRST
    se = 0.0
    for k in ("attacker_wins", "defender_wins", "draw", "attacker_retreats"):
        c = first[k] * n
        assert abs(c - int(c + 0.5)) < EPS * n
        q = int(c + 0.5) / n
        v = q * (1 - q)
        if v < 1.0 / n:
            v = 1.0 / n
        se = max(se, (v / n) ** 0.5)
        assert abs(first[k] - ref[k]) <= 4 * first["error"] + EPS
        assert abs(r[k] - ref[k]) < EPS
    assert abs(first["error"] - se) < EPS

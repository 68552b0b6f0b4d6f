"""Issue 19 point 2 at sea 40 v 40: a key waits at most one slice, so a slice's real cost must
be bounded, not only its count of work units. At sea with submarines and aircraft one state's
hit outcome list (any x submarine x air hits) is thousands of outcomes, each mapped to a state
by a casualty choice; built in one go it was one slice of ~2.8 s on the handheld. The solver
now counts every outcome built and every outcome mapped as a work unit and yields partway
through one state's lists. These tests count the real work on their own -- the casualty
choices (_Side.apply calls, each a memo look-up or a choice) and the bytes allocated
(tracemalloc) in each slice -- not through the solver's meter. A fresh casualty choice (a memo
miss: the order of loss walked, a state built) costs about 20 look-ups' time (the CircuitPython
port: 20-22, bench/bench_odds_device.py); counted as one work unit, 268 of them made one slice
of sea 40 v 40 ~1.6 s on the handheld, so they are counted apart here."""
import tracemalloc

from engine_core.odds import exact
from firmware.odds_task import SLICE

# bench/bench_odds_device.py's largest battle: twice its sea 20 v 20
A40 = {"submarine": 8, "destroyer": 12, "cruiser": 8, "battleship": 4, "fighter": 8}
D40 = {"submarine": 8, "destroyer": 10, "cruiser": 6, "battleship": 4, "aircraft_carrier": 4,
       "fighter": 8}


# a fresh casualty choice's time in memo look-ups, as measured under the CircuitPython port
FRESH = 20


def _counting(monkeypatch):
    """Counts _Side.apply calls (casualty choices and their memo look-ups, chained hits
    included) in calls[0], the fresh choices among them (_Side._apply) in calls[1]; the
    device's bounded outcome cache (exact._DEVICE)."""
    calls = [0, 0]
    orig = exact._Side.apply
    orig_fresh = exact._Side._apply

    def apply(self, i, hits):
        calls[0] += 1
        return orig(self, i, hits)

    def fresh(self, i, hits):
        calls[1] += 1
        return orig_fresh(self, i, hits)

    monkeypatch.setattr(exact._Side, "apply", apply)
    monkeypatch.setattr(exact._Side, "_apply", fresh)
    monkeypatch.setattr(exact, "_DEVICE", True)
    return calls


def test_sea_40_v_40_every_slice_bounded(monkeypatch):
    """P40-C-74, P40-C-76 (submarine hits only on ships), P40-C-70 (air hits not on
    submarines), P40-C-78/79: the whole exact pass of sea 40 v 40 in the app's slices (SLICE
    units). Hit points: attacker 8 + 12 + 8 + 4 x 2 (battleships) + 8 = 44, defender
    8 + 10 + 6 + 4 x 2 + 4 x 2 (carriers) + 8 = 48. Every slice makes at most SLICE casualty
    mappings plus one chain of single hits (at most 48 long); its work units pass SLICE by
    at most one row of outcomes ((8 subs + 1) x (8 fighters + 1) = 81) or one row of mass
    updates (one attacker state times the defender's next states), under SLICE here. Before,
    the start state's lists were 656 casualty choices in one slice whatever the budget. A
    slice's real cost -- its look-ups plus FRESH - 1 more for each fresh choice -- is at most
    2 x SLICE (the budget, and the one outcome mapped after its check); before, fresh choices
    were one unit each and a slice made up to 300 of them (~6,000 look-ups' time). The
    answer is the one odds() gives in one go."""
    calls = _counting(monkeypatch)
    s = exact.Solver("pacific_1940", "sea", A40, D40, estimate=False)
    most = 0
    dearest = 0
    done = False
    while not done:
        calls[0] = calls[1] = 0
        done = s.step(SLICE)
        if calls[0] > most:
            most = calls[0]
        cost = calls[0] + (FRESH - 1) * calls[1]
        if cost > dearest:
            dearest = cost
    assert most <= SLICE + 48, most
    assert dearest <= 2 * SLICE, dearest
    assert s.largest <= 2 * SLICE, s.largest
    ref = exact.odds("pacific_1940", "sea", A40, D40)
    r = s.result()
    for k in ("attacker_wins", "defender_wins", "draw", "attacker_retreats", "expected_rounds"):
        assert abs(r[k] - ref[k]) < 1e-9, (k, r[k], ref[k])


def test_sea_40_v_40_lists_split_across_slices(monkeypatch):
    """P40-C-74, P40-C-76, P40-C-70, P40-C-78/79: the start state's round (its lists are the
    largest of the battle: both sides whole) run with budgets of 50 and 300 units: the
    casualty choices in a slice follow the budget (before: 656 in one slice at both), and so
    do the bytes allocated in a slice, measured by tracemalloc: at most 1,200 bytes a work
    unit plus 160 KB (a dict of the next states growing: CPython's resize; before, the start
    state's outcome list alone was ~200 KB in one slice, and a later state's 590 KB)."""
    for budget in (50, SLICE):
        calls = _counting(monkeypatch)
        s = exact.Solver("pacific_1940", "sea", A40, D40, estimate=False)
        most = 0
        peak = 0
        tracemalloc.start()
        try:
            for _ in range(12000 // budget):
                calls[0] = calls[1] = 0
                tracemalloc.reset_peak()
                base = tracemalloc.get_traced_memory()[0]
                s.step(budget)
                got = tracemalloc.get_traced_memory()[1] - base
                if got > peak:
                    peak = got
                if calls[0] > most:
                    most = calls[0]
        finally:
            tracemalloc.stop()
        assert most <= budget + 48, (budget, most)
        assert peak <= 1200 * budget + 160 * 1024, (budget, peak)

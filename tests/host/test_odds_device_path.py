"""The device's memory-lean DP (packed rows, small caches; what MicroPython runs) gives the
same numbers as the host's dict DP, on random battles of every edition and with policies."""
import engine_core.odds.exact as odds_mod
from engine_core import board
from engine_core.odds.exact import odds
from engine_core.odds.random_battles import battles

KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats", "attacker_captures",
        "expected_rounds", "attacker_ipc_lost", "defender_ipc_lost")


def _both(*args, **kw):
    host = odds(*args, **kw)
    saved = odds_mod._SMALL
    odds_mod._SMALL = True
    try:
        device = odds(*args, **kw)
    finally:
        odds_mod._SMALL = saved
    for k in KEYS:
        assert abs(host[k] - device[k]) < 1e-9, (args, kw, k, host[k], device[k])
    for side in ("attacker_survivors", "defender_survivors"):
        for name in host[side]:
            assert abs(host[side][name] - device[side][name]) < 1e-9


def test_random_battles_same_on_device():
    """CL-C-10..38, LHTR-C-03..36, P40-C-70..100: both DP storages agree."""
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for kind in ("land", "sea"):
            for a, d in battles(units, kind, 4, 21, size=5):
                _both(ed, kind, a, d)


def test_policies_same_on_device():
    """P40-C-95, LHTR-C-33, LHTR-C-36, CL-C-41: retreat, submerge, keep land units, bombardment."""
    _both("pacific_1940", "land", {"infantry": 6, "tank": 2, "fighter": 2}, {"infantry": 6, "aaa": 1},
          policy={"retreat_at_units": 3})
    _both("pacific_1940", "land", {"infantry": 6, "tank": 2}, {"infantry": 6},
          policy={"retreat_below": 0.4})
    _both("revised_lhtr", "sea", {"fighter": 3, "destroyer": 1}, {"submarine": 3, "transport": 1},
          policy={"submerge": True})
    _both("revised_lhtr", "land", {"infantry": 2, "bomber": 2}, {"infantry": 4}, policy={"keep_land": 1})
    _both("classic", "amphibious", {"infantry": 3}, {"infantry": 2}, bombard={"battleship": 2})
    _both("pacific_1940", "land", {"infantry": 4, "artillery": 2}, {"infantry": 4},
          policy={"retreat_after_round": 2})


def test_antiaircraft_mixture_same_on_device():
    """CL-C-11, LHTR-C-21, P40-U-36: on the device a battle with antiaircraft fire is solved
    as one part per outcome of that fire (freed in turn); the merged numbers equal the
    host's single DP, IPC lost (mean and spread) and remaining forces included."""
    cases = (
        ("classic", "land", {"infantry": 4, "armor": 2, "fighter": 2, "bomber": 1},
         {"infantry": 5, "antiaircraft_gun": 1}, None),
        ("revised_lhtr", "land", {"infantry": 3, "artillery": 2, "fighter": 2, "bomber": 2},
         {"infantry": 4, "antiaircraft_gun": 1}, {"keep_land": 1}),
        ("pacific_1940", "land", {"infantry": 4, "tank": 2, "fighter": 2, "tactical_bomber": 1},
         {"infantry": 5, "aaa": 1}, {"retreat_at_units": 2}),
        ("global_1940", "land", {"infantry": 3, "fighter": 3, "strategic_bomber": 1},
         {"infantry": 4, "aaa": 2}, {"retreat_below": 0.3}),
    )
    for ed, kind, a, d, pol in cases:
        _both(ed, kind, a, d, policy=pol)
        host = odds(ed, kind, a, d, policy=pol)
        saved = odds_mod._SMALL
        odds_mod._SMALL = True
        try:
            dev = odds(ed, kind, a, d, policy=pol)
        finally:
            odds_mod._SMALL = saved
        for key in ("attacker_ipc_lost_sd", "defender_ipc_lost_sd", "ipc_swing"):
            assert abs(host[key] - dev[key]) < 1e-9, (ed, key)
        for side in ("attacker_remaining", "defender_remaining"):
            h = dict((tuple(sorted(g.items())), p) for g, p in host[side])
            v = dict((tuple(sorted(g.items())), p) for g, p in dev[side])
            assert set(h) == set(v), (ed, side)
            for g in h:
                assert abs(h[g] - v[g]) < 1e-9, (ed, side, g)


def test_national_advantages_same_on_device():
    """LHTR-O-45, LHTR-O-52, LHTR-O-21, LHTR-O-55, LHTR-O-24: the device path (antiaircraft
    mixture, uncached first cycle) gives the host's numbers with national advantages."""
    _both("revised_lhtr", "land", {"infantry": 3, "fighter": 1}, {"infantry": 3, "antiaircraft_gun": 1},
          advantages={"attacker": ["banzai", "dive_bomber"]})
    _both("revised_lhtr", "amphibious", {"infantry": 3, "artillery": 1}, {"infantry": 3},
          advantages={"attacker": ["marines"], "defender": ["atlantic_wall"]}, space=["gray"])
    _both("revised_lhtr", "land", {"infantry": 2, "bomber": 2}, {"infantry": 3, "antiaircraft_gun": 1},
          advantages={"attacker": ["superfortresses"], "defender": ["radar"]}, space=["tan"])


def test_outcome_cache_bounded_on_device():
    """P40-C-74..79 (sea: submarines and aircraft, hits kept apart): on a device the hit
    outcome lists kept are dropped once they hold _OUT_CACHE outcomes (the live heap every
    garbage collection marks); with a tiny bound the lists are rebuilt many times and every
    figure still equals the unbounded solve's to 1e-9."""
    a = {"submarine": 2, "destroyer": 2, "cruiser": 1, "fighter": 2}
    d = {"submarine": 2, "destroyer": 1, "battleship": 1, "aircraft_carrier": 1, "fighter": 1}
    host = odds("pacific_1940", "sea", a, d)
    saved = (odds_mod._DEVICE, odds_mod._OUT_CACHE)
    odds_mod._DEVICE, odds_mod._OUT_CACHE = True, 50
    try:
        s = odds_mod.Solver("pacific_1940", "sea", a, d)
        most = 0
        drops = 0
        last = 0
        while not s.step(20):
            if s.run is None:
                continue
            lists = [len(v[1]) for v in s.run.out_cache.values()]
            # what is held is counted, never more than the bound but the list just added
            assert sum(lists) == s.run.out_n
            if lists:
                assert sum(lists) - max(lists) <= 50
            if s.run.out_n < last:
                drops += 1
            last = s.run.out_n
            most = max(most, last)
        device = s.result()
    finally:
        odds_mod._DEVICE, odds_mod._OUT_CACHE = saved
    assert most > 0 and drops > 0  # the bound was met and the lists rebuilt
    for k in KEYS:
        assert abs(host[k] - device[k]) < 1e-9, (k, host[k], device[k])


def test_mixture_parts_fight_one_defender():
    """CL-C-11, LHTR-C-21 (antiaircraft fire hits attacking planes only), LHTR-C-23 / LHTR-U-51
    (shore bombardment hits defenders before the battle): on the device each outcome of that
    fire is a part of a mixture; the parts that start from the same defender fight one
    defender side (its casualty choices and fire tables made once, issue 19), the others a
    side of their own, and the figures equal the host's single DP either way."""
    built = []
    orig = odds_mod._Side.__init__

    def counting(self, b, attacking, *args):
        if not attacking:
            built.append(1)
        orig(self, b, attacking, *args)
    cases = (
        # AA: 2 fighters -> 0, 1 or 2 shot, one defender for the three parts (and the
        # battle's own side before them): 2 defender sides
        ("classic", "land", {"infantry": 3, "fighter": 2}, {"infantry": 3, "antiaircraft_gun": 1},
         None, 2),
        # and 1 battleship bombarding at 4 hits (LHTR-U-51) or not: two defenders, 3 sides
        ("revised_lhtr", "amphibious", {"infantry": 3, "fighter": 2},
         {"infantry": 3, "antiaircraft_gun": 1}, {"battleship": 1}, 3),
    )
    for ed, kind, a, d, bomb, sides in cases:
        _both(ed, kind, a, d, bombard=bomb)
        saved = odds_mod._SMALL
        odds_mod._SMALL = True
        odds_mod._Side.__init__ = counting
        del built[:]
        try:
            odds(ed, kind, a, d, bombard=bomb)
        finally:
            odds_mod._Side.__init__ = orig
            odds_mod._SMALL = saved
        assert len(built) == sides, (ed, kind, len(built))


def _lean(free, fn):
    """fn() on the device's lean path with `free` bytes of free heap (None: a host's answer,
    the masses packed); the runs' choices of packed masses, in order."""
    chosen = []
    orig = odds_mod._packs

    def packs(run):
        got = orig(run)
        chosen.append(got)
        return got
    saved = (odds_mod._SMALL, odds_mod._free, odds_mod._packs)
    odds_mod._SMALL = True
    odds_mod._free = lambda: free
    odds_mod._packs = packs
    try:
        return fn(), chosen
    finally:
        odds_mod._SMALL, odds_mod._free, odds_mod._packs = saved


def _same(host, device):
    for k in KEYS:
        assert abs(host[k] - device[k]) < 1e-9, (k, host[k], device[k])
    for side in ("attacker_survivors", "defender_survivors"):
        for name in host[side]:
            assert abs(host[side][name] - device[side][name]) < 1e-9


# 20 v 20 mixed (bench/bench_odds_device.py): 21 x 22 joint states at _LIST_BYTES each
MIXED = ({"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2},
         {"infantry": 14, "artillery": 2, "tank": 2, "fighter": 2, "aaa": 1})


def test_lean_path_lists_where_the_heap_holds_them():
    """P40-C-70..100, P40-U-36 (AAA before the battle): on the device the masses are kept in
    lists when the battle's joint states fit the free heap, packed otherwise (issue 19: a
    packed read makes a float object under CircuitPython); the figures are the host's
    either way, and the choice follows the free heap."""
    a, d = MIXED
    host = odds("pacific_1940", "land", a, d)
    need = 21 * 22 * odds_mod._LIST_BYTES
    got, chosen = _lean(need, lambda: odds("pacific_1940", "land", a, d))
    assert chosen == [False]  # lists
    _same(host, got)
    got, chosen = _lean(need - 1, lambda: odds("pacific_1940", "land", a, d))
    assert chosen == [True]  # packed
    _same(host, got)
    for ed in board.EDITIONS:
        units = board.load(ed).units
        for kind in ("land", "sea"):
            for a2, d2 in battles(units, kind, 3, 23, size=5):
                h = odds(ed, kind, a2, d2)
                _same(h, _lean(1 << 30, lambda: odds(ed, kind, a2, d2))[0])


def _no_room_for_lists():
    """_Chains.zeros raising MemoryError while the masses are lists (a heap that held less
    than the estimate); restores itself."""
    orig = odds_mod._Chains.zeros
    failed = []

    def zeros(self, n):
        if not self.packed:
            failed.append(n)
            raise MemoryError("memory allocation failed")
        return orig(self, n)
    odds_mod._Chains.zeros = zeros
    return orig, failed


def test_lean_path_packed_again_when_lists_do_not_fit():
    """P40-C-70..100: a MemoryError with the masses in lists runs the battle again packed,
    in odds() and in the sliced Solver (the pass again from its start); the figures are the
    host's, and later battles may choose lists again."""
    a, d = MIXED
    host = odds("pacific_1940", "land", a, d)
    orig, failed = _no_room_for_lists()
    try:
        got, chosen = _lean(1 << 30, lambda: odds("pacific_1940", "land", a, d))
        assert failed and chosen[0] is False and chosen[-1] is True
        _same(host, got)
        assert odds_mod._LISTS[0] is True

        def sliced():
            s = odds_mod.Solver("pacific_1940", "land", a, d)
            while not s.step(300):
                pass
            return s
        del failed[:]
        s, chosen = _lean(1 << 30, sliced)
        assert failed and chosen[0] is False and chosen[-1] is True and not s.lists
        _same(host, s.result())
    finally:
        odds_mod._Chains.zeros = orig
    got, chosen = _lean(1 << 30, lambda: odds("pacific_1940", "land", a, d))
    assert chosen == [False]
    _same(host, got)


def test_lean_path_packed_and_out_of_memory_says_so():
    """A battle too big even packed raises MemoryError once (no second try packed)."""
    orig = odds_mod._Chains.zeros
    calls = []

    def zeros(self, n):
        calls.append(self.packed)
        raise MemoryError("memory allocation failed")
    odds_mod._Chains.zeros = zeros
    try:
        a, d = MIXED
        try:
            _lean(1, lambda: odds("pacific_1940", "land", a, d))
        except MemoryError:
            pass
        else:
            raise AssertionError("no MemoryError")
    finally:
        odds_mod._Chains.zeros = orig
    assert calls == [True]

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

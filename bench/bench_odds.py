"""Exact battle odds (issue 6): exact DP time against 2,000-run Monte Carlo time on the real
battle engine, side by side for 10, 20, 40 and 80 units a side (land and sea); MicroPython
time and heap for a 20-against-20 mixed land battle; exact-vs-Monte-Carlo agreement on
seeded random battles of every edition.

    python bench/bench_odds.py              sizes, MicroPython, cross-check 2+2 battles/edition
    python bench/bench_odds.py --full       + the acceptance cross-check: 50 land + 50 sea
                                            battles per edition at 20,000 runs (long: ~45 min
                                            on one core; --jobs N runs N processes)
    python bench/bench_odds.py --cross N    N land + N sea battles per edition
    --cross-only (skip the timing and MicroPython parts), --editions a,b (some editions only)
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from engine_core import board as _board  # noqa: E402
from engine_core.odds.exact import odds  # noqa: E402
from engine_core.odds.montecarlo import monte_carlo
from engine_core.odds.random_battles import battles, compare  # noqa: E402

ED = "pacific_1940"


def land_army(n, attacking):
    """A mixed land army of n units (infantry, artillery, tanks, fighters, tac bombers)."""
    if attacking:
        mix = (("infantry", 8), ("artillery", 4), ("tank", 5), ("fighter", 2), ("tactical_bomber", 1))
    else:
        mix = (("infantry", 12), ("artillery", 3), ("tank", 3), ("fighter", 2))
    return _scale(mix, n, 20)


def sea_army(n, attacking):
    if attacking:
        mix = (("battleship", 2), ("cruiser", 3), ("destroyer", 5), ("submarine", 4), ("fighter", 4),
               ("tactical_bomber", 2))
    else:
        mix = (("battleship", 2), ("aircraft_carrier", 2), ("cruiser", 2), ("destroyer", 5),
               ("submarine", 4), ("fighter", 4), ("transport", 1))
    return _scale(mix, n, 20)


def fleet_army(n, attacking):
    """Surface fleets with carrier aircraft (no submarines, no transports): every hit may
    strike any unit, so each side's states stay a chain and 80 a side is exact in seconds."""
    if attacking:
        mix = (("destroyer", 6), ("battleship", 2), ("cruiser", 4), ("fighter", 5),
               ("tactical_bomber", 3))
    else:
        mix = (("destroyer", 6), ("battleship", 2), ("aircraft_carrier", 3), ("cruiser", 3),
               ("fighter", 6))
    return _scale(mix, n, 20)


def _scale(mix, n, base):
    out = {}
    total = 0
    for name, k in mix:
        c = k * n // base
        if c:
            out[name] = c
            total += c
    first = mix[0][0]
    out[first] = out.get(first, 0) + n - total
    return out


def sizes():
    print("exact (DP) vs Monte Carlo 2,000 runs of the battle engine, %s, same battle;" % ED)
    print("times are CPU seconds of this process (time.process_time), so other load on the")
    print("machine does not skew the ratio")
    print("land: infantry, artillery, tanks, fighters, tac bombers against the same and an AAA;")
    print("fleet: destroyers, battleships, cruisers, carriers and their aircraft; sea+subs: fleets")
    print("with submarines and a transport (subs' hits cannot strike aircraft, so each side's states")
    print("form a plane instead of a chain and the joint state space grows ~8x per doubling)")
    print("%-8s %5s %10s %12s %8s %10s %10s" % ("battle", "units", "exact s", "MC 2000 s", "MC/exact",
                                                  "P(exact)", "P(MC)"))
    clock = time.process_time
    for label, kind, army in (("land", "land", land_army), ("fleet", "sea", fleet_army),
                              ("sea+subs", "sea", sea_army)):
        last = 0.0
        for n in (10, 20, 40, 80):
            a = army(n, True)
            d = army(n, False)
            if kind == "land":
                d["aaa"] = 1
            if last > SEA_BUDGET:
                print("%-8s %5d   not run: the %d-unit battle took %.0f s exact and the state space "
                      "grows about 8x per doubling (hours)" % (label, n, n // 2, last))
                continue
            t0 = clock()
            e = odds(ED, kind, a, d)
            t1 = clock()
            m = monte_carlo(ED, kind, a, d, runs=2000, seed=n)
            t2 = clock()
            last = t1 - t0
            print("%-8s %5d %10.3f %12.2f %8.1f %10.4f %10.4f" % (
                label, n, t1 - t0, t2 - t1, (t2 - t1) / max(t1 - t0, 1e-9),
                e["attacker_wins"], m["attacker_wins"]), flush=True)
    a = land_army(40, True)
    d = land_army(40, False)
    d["aaa"] = 1
    best = 1e9
    for _ in range(3):
        t0 = clock()
        odds(ED, "land", a, d)
        best = min(best, clock() - t0)
    print("goal: 40-vs-40 mixed land exact < 0.5 s on CPython: best of 3 %.3f s -> %s"
          % (best, "met" if best < 0.5 else "NOT met"))


SEA_BUDGET = 30.0  # CPU seconds: skip the next size when the last one took longer


MP_SCRIPT = """
import gc, time
gc.collect()
from engine_core.odds.exact import odds
import board_defs.pacific_1940.units
gc.collect()
base = gc.mem_alloc()
if %r:
    t = time.ticks_ms()
    r = odds("pacific_1940", "land", %r, %r)
    print("ok", time.ticks_diff(time.ticks_ms(), t), base, r["attacker_wins"])
else:
    print("ok", 0, base, 0)
"""

MP_REPEAT = 5  # a heap size counts only if every run completes: the GC scans the C stack
# conservatively, so what a run keeps alive varies a little from run to run


def micropython():
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        print("MicroPython: not installed next to %s" % sys.executable)
        return
    a = land_army(20, True)
    d = land_army(20, False)
    d["aaa"] = 1
    # the modules compiled with mpy-cross, as the MicroPython gate runs them
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mpgate
    mpgate.compile_all()
    env = dict(os.environ, MICROPYPATH=os.path.relpath(mpgate.BUILD, ROOT))
    import tempfile
    scripts = {}
    for battle in (True, False):
        fd, path = tempfile.mkstemp(suffix=".py")
        with os.fdopen(fd, "w") as f:
            f.write(MP_SCRIPT % (battle, a, d))  # a script file, as a device runs main.py
        scripts[battle] = path

    def run(battle, kb):
        p = subprocess.run([mp, "-X", "heapsize=%dK" % kb, scripts[battle]], cwd=ROOT,
                           capture_output=True, text=True, env=env)
        lines = (p.stdout + p.stderr).strip().splitlines()
        return lines[-1] if lines else "no output"

    def fits(battle, kb):
        for _ in range(MP_REPEAT):
            if not run(battle, kb).startswith("ok"):
                return False
        return True

    def smallest(battle):
        lo, hi = 16, 2048  # KB: lo fails, hi completes
        if not fits(battle, hi):
            return None
        while hi - lo > 2:
            mid = (lo + hi) // 2
            if fits(battle, mid):
                hi = mid
            else:
                lo = mid
        return hi

    print("MicroPython 20-vs-20 mixed land battle (%s vs %s):" % (a, d))
    line = run(True, 192)
    print("  -X heapsize=192K: %s" % line)
    print("  (ok, milliseconds, heap in use after the imports, P(attacker wins); the time is"
          " wall-clock under whatever else the machine is running)")
    code = smallest(False)
    full = smallest(True)
    for path in scripts.values():
        os.remove(path)
    if code is None or full is None:
        print("  does not complete within 2 MB of heap")
        return
    need = full - code
    print("  smallest heap (2 KB steps, %d of %d runs complete) for the imports alone: %d KB;"
          " for the imports and the battle: %d KB" % (MP_REPEAT, MP_REPEAT, code, full))
    print("  heap the battle needs beyond its loaded code: %d KB (goal 64 KB: %s)."
          % (need, "met" if need <= 64 else "NOT met"))
    print("  This is the 64-bit unix port (8-byte pointers, 32-byte GC blocks); the code's share"
          " is the .mpy bytecode loaded into the heap, which a device keeps frozen in flash.")


def cross(n_per_kind, runs, jobs, editions=None):
    todo = []
    for ed in (editions or _board.EDITIONS):
        units = _board.load(ed).units
        for kind in ("land", "sea"):
            seed = 1 + len(todo)
            for i, (a, d) in enumerate(battles(units, kind, n_per_kind, seed)):
                todo.append((ed, kind, a, d, 1000 + len(todo), runs))
    t0 = time.perf_counter()
    print("exact vs Monte Carlo (%d runs each), %d land + %d sea random battles per edition:"
          % (runs, n_per_kind, n_per_kind), flush=True)
    if jobs > 1:
        from multiprocessing import Pool
        pool = Pool(jobs)
        it = pool.imap(_one, todo, chunksize=1)
    else:
        pool = None
        it = (_one(t) for t in todo)
    worst = 0.0
    count = 0
    per = {}
    for t, z in zip(todo, it):
        ed, kind, a, d, seed, r = t
        key = (ed, kind)
        per[key] = max(per.get(key, 0.0), z)
        worst = max(worst, z)
        count += 1
        if z >= 4.0:
            print("  DISAGREE z=%.2f %s %s %s vs %s" % (z, ed, kind, a, d), flush=True)
        if count % n_per_kind == 0:
            print("  %-20s %-4s %3d battles  max |z| %.2f  (%.0f s)"
                  % (ed, kind, n_per_kind, per[key], time.perf_counter() - t0), flush=True)
    if pool is not None:
        pool.close()
    print("  worst |z| %.2f over %d battles: %s (criterion: every battle within 4 standard errors)"
          % (worst, count, "all agree" if worst < 4.0 else "DISAGREEMENT"))


def _one(t):
    ed, kind, a, d, seed, runs = t
    e = odds(ed, kind, a, d)
    m = monte_carlo(ed, kind, a, d, runs=runs, seed=seed)
    return compare(e, m)


def main(argv):
    full = "--full" in argv
    jobs = 1
    if "--jobs" in argv:
        jobs = int(argv[argv.index("--jobs") + 1])
    n = 50 if full else 2
    if "--cross" in argv:
        n = int(argv[argv.index("--cross") + 1])
    if "--cross-only" not in argv:
        sizes()
        micropython()
    editions = None
    if "--editions" in argv:
        editions = tuple(argv[argv.index("--editions") + 1].split(","))
    cross(n, 20000, jobs, editions)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

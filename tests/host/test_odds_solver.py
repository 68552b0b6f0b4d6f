# The odds in slices (engine_core/odds/exact.py, Solver; issue 19): the device computes the
# exact odds in slices of bounded work between key presses and the dice tower, showing a first
# estimate with its error at once. Slicing must not change the answer, the estimate's error
# must bound its distance from the exact figure, and no slice may do more than its budget plus
# one indivisible step. Work is counted in units (a joint mass update, a hit outcome mapped to
# a state), never timed.
from fractions import Fraction

from engine_core.errors import InputError
from engine_core.odds import exact
from engine_core.odds.exact import Solver, odds, ESTIMATE_PRUNE, PRUNE_MAX, SAMPLES, SAMPLE_FIRST

KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats")

# 40 v 40 sea with submarines and no aircraft (Pacific 1940): every hit may take any unit of
# the other side (subs cannot hit air, and there is none), so a side's states form a chain of
# at most its hit points + 1 states: 1 each for subs, destroyers and cruisers, 2 for
# battleships and carriers (P40-U-46, P40-U-48).
SEA_A = {"submarine": 10, "destroyer": 12, "cruiser": 10, "battleship": 8}  # 40 units
SEA_D = {"submarine": 10, "destroyer": 12, "cruiser": 8, "battleship": 6, "aircraft_carrier": 4}
HP_A = 10 + 12 + 10 + 2 * 8  # 48
HP_D = 10 + 12 + 8 + 2 * 6 + 2 * 4  # 50


def estimating(make):
    """make() with both coarse passes on whatever the battle's size (exact.ESTIMATE_FROM,
    ESTIMATE_FINE)."""
    saved = (exact.ESTIMATE_FROM, exact.ESTIMATE_FINE)
    exact.ESTIMATE_FROM = exact.ESTIMATE_FINE = 0
    try:
        return make()
    finally:
        exact.ESTIMATE_FROM, exact.ESTIMATE_FINE = saved


def run(s, budget):
    """Steps s to the end; the estimate after each step that changed it."""
    seen = []
    while not s.step(budget):
        e = s.estimate()
        if not seen or e != seen[-1]:
            seen.append(e)
    seen.append(s.estimate())
    return seen


def test_largest_slice_bounded_sea_40_v_40():
    """P40-C-70, P40-C-74, P40-C-76 (surprise strikes every round while no destroyer faces a
    sub), P40-C-78/79 (general fire). Between two checks of the budget the solver does at most:
    the hit outcomes of the surprise strikes (<= HP + 1 of each side), the two sides' next
    states (<= HP_A + 1 and HP_D + 1) and one row of the joint update (<= HP_D + 1): so a slice
    is at most budget + 3 * (HP_D + 1) + 2 * (HP_A + 1) units, whatever the battle's size.
    The first estimate comes after under 10 % of the slices."""
    budget = 400
    s = estimating(lambda: Solver("pacific_1940", "sea", SEA_A, SEA_D))
    run(s, budget)
    bound = budget + 3 * (HP_D + 1) + 2 * (HP_A + 1)
    assert s.largest <= bound, (s.largest, bound)
    assert s.slices > 50  # the battle really was cut into many slices
    assert s.first_slices * 10 < s.slices  # the first estimate after under 10 % of the work
    r = s.result()
    ref = odds("pacific_1940", "sea", SEA_A, SEA_D)
    for k in KEYS + ("expected_rounds", "attacker_ipc_lost", "defender_ipc_lost"):
        # the same sums, in another order (the passes share the sides' states): to rounding
        assert abs(r[k] - ref[k]) <= 1e-12 * max(1.0, abs(ref[k])), (k, r[k], ref[k])
    assert r["pruned"] <= PRUNE_MAX


def test_estimate_error_brackets_the_exact_figure():
    """P40-C-70, P40-C-72, P40-C-73 (AAA before round 1): a mixed land battle. Every estimate
    shown before the exact figure is within its stated error of it, the first one comes
    after under a quarter of the work, and the last estimate is the exact figure (error: what the exact pass pruned, at most
    PRUNE_MAX)."""
    a = {"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2}
    d = {"infantry": 12, "artillery": 2, "tank": 2, "fighter": 2, "aaa": 1}
    s = estimating(lambda: Solver("pacific_1940", "land", a, d))
    n = 0
    while s.first is None:
        assert not s.step(300)
        n += 1
    seen = run(s, 300)
    exact = s.result()
    total = s.slices
    assert n * 4 < total  # the first estimate costs under a quarter of the whole
    assert seen[-1]["exact"] and seen[-1]["error"] <= PRUNE_MAX
    sampled = [e for e in seen if e.get("sampled")]
    # the sampled first figure (exact._sample): a standard error, not a bound; a fixed seed,
    # within 4 of them; refined up to SAMPLES battles before the coarse pass
    assert sampled and sampled[0]["sampled"] >= SAMPLE_FIRST and sampled[-1]["sampled"] == SAMPLES
    for e in seen:
        for k in KEYS:
            allowed = 4 * e["error"] if e.get("sampled") else e["error"] + 1e-12
            assert abs(e[k] - exact[k]) <= allowed, (k, e, exact[k])
    coarse = [e for e in seen if not e["exact"] and not e.get("sampled")]
    assert coarse and coarse[-1]["error"] < 0.01  # the last coarse pass is within 1 %


def test_hand_worked_in_tiny_slices():
    """P40-C-78, P40-C-79: 1 infantry (attack 1) against 1 infantry (defense 2). A round: both
    hit 1/6*2/6 = 2/36, attacker only 1/6*4/6 = 4/36, defender only 5/6*2/6 = 10/36, nothing
    20/36; divided by 16/36: attacker 1/4, defender 5/8, draw 1/8. Solved exactly (fractions)
    one work unit per slice."""
    s = Solver("pacific_1940", "land", {"infantry": 1}, {"infantry": 1}, number=Fraction,
               estimate=False)
    while not s.step(1):
        e = s.estimate()
        assert e["attacker_wins"] + e["defender_wins"] + e["draw"] + e["error"] == 1
    r = s.result()
    assert r["attacker_wins"] == Fraction(1, 4)
    assert r["defender_wins"] == Fraction(5, 8)
    assert r["draw"] == Fraction(1, 8)
    assert r["pruned"] == 0


def test_pruned_passes_say_what_they_dropped():
    """P40-C-78, P40-C-79: the coarse passes drop mass and say how much; odds() at most PRUNE_MAX.
    20 v 20 infantry: the first pass (ESTIMATE_PRUNE[0]) misses some of the mass, and its
    estimate is within the stated error of the exact figure."""
    a = {"infantry": 20}
    d = {"infantry": 20}
    exact = odds("pacific_1940", "land", a, d)
    assert exact["pruned"] <= PRUNE_MAX
    s = estimating(lambda: Solver("pacific_1940", "land", a, d))
    while s.first is None:
        assert not s.step(10000)
    e = s.estimate()
    assert 0.0 < e["error"] < 0.5
    assert len(ESTIMATE_PRUNE) >= 1
    for k in KEYS:
        assert abs(e[k] - exact[k]) <= e["error"] + 1e-12


def test_small_battles_go_straight_to_the_exact_figure():
    """P40-C-78, P40-C-79: 5 v 5 infantry (6 x 6 joint states, far below ESTIMATE_FROM):
    no coarse pass, the first figure shown is the exact one (estimate() says so once done).
    20 v 20 sea with submarines and aircraft on both sides (P40-C-80: air hits never reach a
    sub without a friendly destroyer, so each side's states form a plane): coarse passes first."""
    s = Solver("pacific_1940", "land", {"infantry": 5}, {"infantry": 5})
    while not s.step(200):
        assert s.first is None
    assert s.first is None and s.estimate()["exact"]
    s = Solver("pacific_1940", "sea", {"submarine": 6, "destroyer": 6, "fighter": 8},
               {"submarine": 6, "aircraft_carrier": 4, "fighter": 8})
    while s.first is None:
        assert not s.step(2000)
    assert not s.estimate()["exact"]


def test_bad_input_refused_before_any_work():
    """Input checks come when the solver is made: nothing is computed for a battle that
    cannot be fought (P40-U-20: land units do not fight at sea)."""
    try:
        Solver("pacific_1940", "land", {"nonsense": 1}, {"infantry": 1})
        assert False
    except InputError:
        pass
    from engine_core.errors import RuleError
    try:
        Solver("pacific_1940", "sea", {"infantry": 1}, {"destroyer": 1})
        assert False
    except RuleError as e:
        assert e.rule == "P40-U-20"


def test_cargo_in_slices_is_settled_as_odds():
    """P40-U-55: a damaged carrier's two fighters ride as cargo and sink with it. A destroyer
    (attack 2) against the damaged carrier (defense 2, one hit left): a round A-only 2/6*4/6 =
    8/36, D-only 8/36, both 4/36, so win 8/20 = 2/5, the carrier sunk (win or draw) 3/5 and the
    defender's IPC lost 3/5 * (16 + 2 * 10) = 21.6. The sliced solver (odds/cargo.solver) in
    one-unit slices gives what cargo.odds gives."""
    from engine_core.odds import cargo
    kw = {"cargo": {"defender": {"fighter": 2}}, "damaged": {"defender": {"aircraft_carrier": 1}}}
    ref = cargo.odds("pacific_1940", "sea", {"destroyer": 1}, {"aircraft_carrier": 1}, **kw)
    s = cargo.solver("pacific_1940", "sea", {"destroyer": 1}, {"aircraft_carrier": 1}, **kw)
    n = 0
    while not s.step(1):
        n += 1
    r = s.result()
    assert n > 1
    assert abs(r["attacker_wins"] - 2.0 / 5) < 1e-12
    assert abs(r["defender_ipc_lost"] - 21.6) < 1e-9
    for k in KEYS + ("defender_ipc_lost", "attacker_ipc_lost", "ipc_swing"):
        assert abs(r[k] - ref[k]) <= 1e-12, (k, r[k], ref[k])
    assert r["defender_cargo"] == ref["defender_cargo"]


class _Fixed(exact._Draw):
    """A _Draw whose three class draws are given (any, no_air, no_sub)."""

    def __init__(self, idx):
        exact._Draw.__init__(self, 1)
        self.idx = list(idx)

    def index(self, dist):
        return self.idx.pop(0)


def test_a_sampled_hit_outcome_is_drawn_as_the_exact_lists_hold_it():
    """P40-C-74/76 (submarine hits only on ships), P40-C-70 (air hits not on submarines when
    no destroyer), hits capped at the target's hit points: every triple of class draws, weighted
    by its three probabilities, summed by the outcome _Draw.hits makes of it, gives exactly the
    exact pass's hit outcome list (_Run._outcomes) for both sides of a sea battle with
    submarines and aircraft, and of a land battle (one class: plain hits)."""
    cases = (("sea", {"submarine": 3, "destroyer": 2, "fighter": 2, "battleship": 1},
              {"submarine": 2, "cruiser": 1, "aircraft_carrier": 1, "fighter": 2}),
             ("sea", {"submarine": 4, "fighter": 3}, {"transport": 1, "submarine": 1, "cruiser": 1}),
             ("land", {"infantry": 3, "tank": 2, "fighter": 1}, {"infantry": 2, "artillery": 1}))
    for kind, a, d in cases:
        run = exact._prepare("pacific_1940", kind, a, d, None, float, None, None, None, 0, None,
                             None)
        A, D = run.A, run.D
        for side, si, target, ti in ((A, A.start, D, D.start), (D, D.start, A, A.start)):
            prot = run.b.protected(side, si, target, ti)
            dists = side.fire(si, 3, prot, None)
            want = {}
            for o, p in run._outcomes(dists, target, ti, 0.0):
                want[o] = want.get(o, 0.0) + p
            got = {}
            for x in range(len(dists[0])):
                for y in range(len(dists[1])):
                    for z in range(len(dists[2])):
                        p = dists[0][x] * dists[1][y] * dists[2][z]
                        if p == 0:
                            continue
                        o = _Fixed((x, y, z)).hits(dists, target.info[ti])
                        got[o] = got.get(o, 0.0) + p
            assert set(got) == set(want), (kind, sorted(got), sorted(want))
            for o in want:
                assert abs(got[o] - want[o]) < 1e-12, (kind, o, got[o], want[o])


def test_sampled_battles_agree_with_the_exact_odds():
    """P40-C-70..79: 3000 battles sampled round by round (exact._sample, one drawn hit outcome
    per side and round) give each outcome's share within 4 standard errors of the exact
    figure, for a mixed land battle with AAA and a sea battle with submarines and aircraft."""
    cases = (("land", {"infantry": 5, "artillery": 2, "tank": 2, "fighter": 1},
              {"infantry": 7, "artillery": 1, "tank": 1, "fighter": 1, "aaa": 1}),
             ("sea", {"submarine": 2, "destroyer": 3, "cruiser": 2, "battleship": 1, "fighter": 2},
              {"submarine": 2, "destroyer": 3, "cruiser": 1, "battleship": 1,
               "aircraft_carrier": 1, "fighter": 2}))
    for kind, a, d in cases:
        run = exact._prepare("pacific_1940", kind, a, d, None, float, None, None, None, 0, None,
                             None)
        got = {}
        exact._drain(exact._sample(run, 3000, got), run.meter)
        ref = odds("pacific_1940", kind, a, d)
        assert got["sampled"] == 3000
        for k in KEYS:
            q = ref[k]
            se = (q * (1 - q) / 3000) ** 0.5
            assert abs(got[k] - q) <= 4 * se + 1e-9, (kind, k, got[k], q)

"""The odds on the device never block the screen (issue 19, point 2; firmware/odds_task.py):
the app runs the exact odds in slices of bounded work between key presses, the set-up shows a
first estimate with its error at once and the exact figure when done, a key press during a
computation is handled after that one slice, a change restarts the computation and leaving the
screen cancels it and frees its memory. Work is counted in the solver's units, never timed."""

import gc
import weakref

from fw_device import Device, _Ev
from engine_core.odds import exact
from engine_core.odds.exact import odds, PRUNE_MAX
from firmware import odds_task
from firmware.screens.battle import BattleSetup, odds_line, odds_more

# 40 v 40 sea with submarines and no aircraft (Pacific 1940), as tests/host/test_odds_solver.py:
# a side's states form a chain of at most its hit points + 1 (P40-U-46, P40-U-48: battleships
# and carriers take two hits).
SEA_A = {"submarine": 10, "destroyer": 12, "cruiser": 10, "battleship": 8}  # 40 units
SEA_D = {"submarine": 10, "destroyer": 12, "cruiser": 8, "battleship": 6, "aircraft_carrier": 4}
HP_A = 10 + 12 + 10 + 2 * 8  # 48
HP_D = 10 + 12 + 8 + 2 * 6 + 2 * 4  # 50
# the Solver's bound on one slice (test_odds_solver.py): the budget plus one indivisible step,
# the surprise strikes' hit outcomes, both sides' next states and one row of the joint update
BOUND = odds_task.SLICE + 3 * (HP_D + 1) + 2 * (HP_A + 1)
KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats")


def _setup(kind, attacker, defender):
    """The free battle board with a set-up put in place (as a pending battle opens it)."""
    d = Device()
    d.select_item("Battle board")
    setup = BattleSetup(d.app, kind, attacker, defender)
    d.app.replace(setup)
    figures = []
    shown = setup.shown

    def recording(kind, att, dfd, r, is_exact):
        figures.append((r, is_exact))
        return shown(kind, att, dfd, r, is_exact)
    setup.shown = recording
    return d, setup, figures


def _tick(d):
    d.t += 20
    d.app.tick()


def _check_brackets(figures, ref):
    """Every estimate shown holds the exact figure within its error (odds_task.centred); a
    sampled one (exact._sample) is shares of its n battles, its error their largest standard
    error sqrt(q (1 - q) / n) (at least sqrt(1/n^2)), and (a fixed seed) within 4 of them."""
    for r, is_exact in figures:
        if is_exact:
            continue
        n = r.get("sampled")
        if n:
            assert r["exact"] is False and n >= exact.SAMPLE_FIRST
            se = 0.0
            for k in KEYS:
                hits = r[k] * n
                assert abs(hits - round(hits)) < 1e-9, (k, r)
                q = round(hits) / n
                se = max(se, (max(q * (1 - q), 1.0 / n) / n) ** 0.5)
                assert abs(r[k] - ref[k]) <= 4 * r["error"], (k, r, ref[k])
            assert abs(r["error"] - se) < 1e-12
            continue
        assert r["exact"] is False and r["error"] <= odds_task.SHOW_BELOW / 2
        for k in KEYS:
            assert abs(r[k] - ref[k]) <= r["error"] + 1e-12, (k, r, ref[k])


def test_sea_40_v_40_in_bounded_slices_through_the_app():
    """P40-C-70, P40-C-74, P40-C-76 (surprise strikes while no destroyer faces a sub),
    P40-C-78/79: the set-up's odds of a 40 v 40 sea battle are computed by the app's tick in
    many slices, none doing more than BOUND units; the screen says it is working from the first
    tick, shows an estimate with its error within the first eighth of the slices (each one
    holding the exact figure), and ends on the exact figure of odds() (to 1e-12) with the IPC
    swing and survivors, kept for the luck ledger."""
    ref = odds("pacific_1940", "sea", SEA_A, SEA_D)
    d, setup, figures = _setup("sea", SEA_A, SEA_D)
    _tick(d)
    task = d.app.odds
    assert task is not None and task.owner is setup and task.slices == 1
    first = setup.odds_text
    assert first == "Odds: working" or first.startswith("Win ~"), first
    ticks = 1
    first_estimate = None
    while d.app.odds is not None:
        _tick(d)
        ticks += 1
        assert d.app.odds is None or d.app.odds is task  # nothing restarted it
        if first_estimate is None and setup.odds_text.startswith("Win ~"):
            first_estimate = ticks
    assert task.done and task.solver is None  # the states freed as soon as it was done
    assert task.slices == ticks and task.slices > 100
    # a big battle (exact.ESTIMATE_FINE): an estimate on screen after about a tenth of the work
    assert first_estimate is not None and first_estimate * 8 < ticks, (first_estimate, ticks)
    assert task.largest <= BOUND, (task.largest, BOUND)
    r, is_exact = figures[-1]
    assert is_exact and sum(1 for f in figures if f[1]) == 1
    for k in KEYS + ("expected_rounds", "attacker_ipc_lost", "defender_ipc_lost"):
        assert abs(r[k] - ref[k]) <= 1e-12 * max(1.0, abs(ref[k])), (k, r[k], ref[k])
    assert r["pruned"] <= PRUNE_MAX
    _check_brackets(figures, ref)
    assert setup.odds_text == odds_line(r) and setup.more_text == odds_more(d.app.session.board, r)
    assert setup.odds_text in d.text()
    assert d.app.session.recent_odds("sea", SEA_A, SEA_D) == (r["attacker_wins"], r["ipc_swing"])


def test_a_key_pressed_during_a_slice_is_handled_after_that_slice_and_restarts():
    """A key arriving while a slice computes (injected from inside the solver's step) is handled
    on the next tick, before any further slice of the old computation: the set-up changes (one
    more attacking submarine), the old computation is dropped and a new one starts on the new
    set-up at once (its first slice in the same tick). P40-C-78/79 for the figures."""
    d, setup, _figures = _setup("sea", SEA_A, SEA_D)
    _tick(d)
    _tick(d)
    old = d.app.odds
    assert old is not None and not old.done
    sub = setup.names.index("submarine")
    d.press("up", setup.cursor - sub) if setup.cursor > sub else d.press("down", sub - setup.cursor)
    old = d.app.odds  # cursor moves do not restart it
    before = setup.sides[0][setup.rows[sub][1]]
    q = d.profile.keys.events.q
    n = d.numbers["right"]
    solver = old.solver
    step = solver.step

    def step_and_press(budget):
        q.append(_Ev(n, True))  # the player presses while this slice runs
        solver.step = step
        return step(budget)
    solver.step = step_and_press
    slices = old.slices
    _tick(d)  # the slice during which the key came
    assert old.slices == slices + 1
    assert setup.sides[0][setup.rows[sub][1]] == before  # not yet: the slice was running
    _tick(d)  # the key first, then one slice of the new computation
    assert setup.sides[0][setup.rows[sub][1]] == before + 1
    assert old.slices == slices + 1  # the old computation did no more work
    new = d.app.odds
    assert new is not old and new.owner is setup and new.slices == 1
    q.append(_Ev(n, False))
    _tick(d)
    want = dict(SEA_A, submarine=SEA_A["submarine"] + 1)
    assert setup.sides_now()[0] == want


def test_leaving_the_screen_cancels_and_frees():
    """Back out of the set-up mid-computation: the computation stops and its memory (the
    solver and its states) is collected; nothing more is computed on the screen below."""
    d, setup, _figures = _setup("sea", SEA_A, SEA_D)
    _tick(d)
    task = d.app.odds
    gone = weakref.ref(task.solver)
    task = None
    d.press("back")
    assert d.screen() != "BattleSetup"
    assert d.app.odds is None
    gc.collect()
    assert gone() is None


def test_estimates_first_then_the_exact_figure_mixed_land():
    """P40-C-70, P40-C-72, P40-C-73 (AAA fires before round 1), P40-C-78/79: with the coarse
    passes on (exact.ESTIMATE_FROM 0) the set-up shows estimates 'Win ~x% +-e%' whose range
    holds the exact win chance, then exactly what odds() gives."""
    a = {"infantry": 10, "artillery": 4, "tank": 4, "fighter": 2}
    dfd = {"infantry": 12, "artillery": 2, "tank": 2, "fighter": 2, "aaa": 1}
    ref = odds("pacific_1940", "land", a, dfd)
    saved = exact.ESTIMATE_FROM
    exact.ESTIMATE_FROM = 0
    try:
        d, setup, figures = _setup("land", a, dfd)
        texts = []
        _tick(d)
        while d.app.odds is not None:
            texts.append(setup.odds_text)
            _tick(d)
    finally:
        exact.ESTIMATE_FROM = saved
    _check_brackets(figures, ref)
    shown = [t for t in texts if t.startswith("Win ~")]
    assert shown, texts
    for t in shown:  # the range on screen holds the exact figure (to its shown rounding)
        mid = float(t.split("~")[1].split("%")[0]) / 100
        if " se " in t:  # a sampled first figure: 'Win ~x% se e% (n sims)', within 4 se
            err = 4 * float(t.split(" se ")[1].split("%")[0]) / 100
            assert t.endswith(" sims)"), t
        else:
            err = float(t.split("+-")[1].rstrip("%")) / 100
        assert mid - err - 0.0005 <= ref["attacker_wins"] <= mid + err + 0.0005, (t, ref["attacker_wins"])
    assert any(" se " in t for t in shown) and any("+-" in t for t in shown), shown
    assert setup.odds_text == odds_line(ref)


def test_estimate_line_rounds_the_error_up():
    """An estimate of 50% with 2.468% unresolved is shown as the middle of its range, 51.234%,
    +- half the width rounded up (1.3%, never shown smaller than it is); with more than half
    the probability unresolved there is no figure yet."""
    e = {"attacker_wins": 0.5, "defender_wins": 0.3, "draw": 0.1, "attacker_retreats": 0.0,
         "error": 0.02468, "exact": False}
    c = odds_task.centred(e)
    assert c["attacker_wins"] == 0.5 + 0.01234 and c["error"] == 0.01234 and not c["exact"]
    assert odds_task.estimate_line(c) == "Win ~51.2% +-1.3%"
    e["error"] = 0.9
    assert odds_task.centred(e) is None


def test_small_set_up_shows_the_exact_figure_in_the_tick_of_the_press():
    """P40-C-78/79: 1 infantry against 1 infantry (win 1/4, hand-worked in
    test_firmware_battle_setup.py): one slice does it, so the exact figure is on screen after
    the key's own tick, never an estimate."""
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    d.press("right")
    d.press("select")
    d.press("right")
    assert setup.odds_text == "Win 25.0%"
    assert d.app.odds is None


def _until_done(d, limit=100000):
    n = 0
    while d.app.odds is not None:
        _tick(d)
        n += 1
        assert n < limit


def test_battle_rounds_and_the_retreat_prompt_in_slices():
    """P40-C-95 (the attacker may retreat after a round), P40-C-78/79: a 20 v 20 land battle on
    the battle board. After a round the rounds screen computes the survivors' odds in slices
    (the exact figure is odds.live's); the retreat question opened mid-computation drops that
    computation and works out the odds of pressing on for itself; going back to the rounds
    screen before they are done starts them again, and they end on the same exact figure."""
    from engine_core.battle import base as bmod
    from firmware.screens.text import percent
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    board = d.app.session.board
    names = [board.unit_name(u) for u in setup.ids]
    for name, n in (("infantry", 12), ("artillery", 4), ("tank", 4)):
        setup.sides[0][names.index(name)] = n
    for name, n in (("infantry", 16), ("artillery", 2), ("tank", 2)):
        setup.sides[1][names.index(name)] = n
    d.press("roll")
    run = d.app.top()
    for _ in range(20):
        b = d.app.session.battle
        if b.prompt is not None and b.prompt.kind == bmod.P_RETREAT and d.screen() == "BattleRun":
            break
        d.press("roll")
    else:
        raise AssertionError("no retreat question")
    want = exact.live(b)
    task = d.app.odds
    assert task is not None and task.owner is run and not task.done  # still computing
    d.press("select")  # the retreat question, mid-computation
    prompt = d.app.top()
    assert d.screen() == "BattlePrompt"
    assert d.app.odds is not task and d.app.odds.owner is prompt
    d.press("back")    # back to the rounds before the prompt's odds are done
    assert d.screen() == "BattleRun" and d.app.odds.owner is run
    _until_done(d)
    assert run.odds_text == "Win " + percent(want["attacker_wins"])
    d.press("select")
    _until_done(d)
    r = d.app.top().odds["press"]
    for k in KEYS + ("ipc_swing",):
        assert abs(r[k] - want[k]) <= 1e-12, (k, r[k], want[k])
    assert d.app.errors == []

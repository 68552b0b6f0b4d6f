"""The exact odds in slices, so the screen never freezes (issue 19, point 2).

A screen that wants odds hands the app a Solver (engine_core/odds/exact.py) and a `shown`
callback: `app.start_odds(screen, make, shown)`. The app's tick runs one slice of at most
SLICE work units after the keys and the screen's own tick, before the tower: a key pressed
during a computation is handled after at most one slice. After each slice the screen gets the
figure now, `shown(figure, exact)`:

    exact False: an estimate (below), "error" bounding each figure's distance from the exact one;
                 or, first in a big battle, a sampled figure ("sampled": n battles drawn round
                 by round, exact._sample), "error" its standard error, shown as such
    exact True:  odds()'s report, the exact figure
    figure None: the computation failed (shown and kept in app.errors)

and returns True when its text changed (the app then redraws). An estimate reaches the
screen only once at most SHOW_BELOW of the probability is unresolved, centred: each figure
the middle of the range that holds the exact one, "error" its half width, "exact" False. A new start replaces the
running task (a set-up changed mid-computation starts again); a task whose screen is no longer
on top is dropped and its memory collected (leaving the screen cancels it).
"""

# Work units per slice (a joint mass update or a hit outcome mapped to a state; a fresh casualty
# choice counts exact.CHOICE_UNITS). Estimated for the PSRAM handheld by
# bench/bench_odds_device.py (the CircuitPython port x ~175; each slice the least of 5 runs),
# 2026-11-25: the longest slice 0.21 s in land 20 v 20, 0.32 s at sea 20 v 20, 0.45 s at sea
# 40 v 40 (was 1.9 s: hundreds of fresh casualty choices counted one unit each). What is left is
# a garbage collection within a slice: it marks the live heap, 0.15 s at sea 20 v 20 (0.66 MB
# live), 0.40 s at sea 40 v 40 (1.3 MB) -- bounded by the outcome lists kept (exact._OUT_CACHE).
SLICE = 300

# Below this much unresolved mass an estimate is worth showing; above it the line says the
# odds are being worked out
SHOW_BELOW = 0.5


class OddsTask:
    """One computation for one screen (see the module docstring)."""

    def __init__(self, owner, solver, shown):
        self.owner = owner
        self.solver = solver
        self.shown = shown
        self.done = False
        self.slices = 0
        self.largest = 0  # the largest slice's work units (the Solver's count)

    def step(self, budget=SLICE):
        """One slice, then the figure to the screen; True when the screen's text changed."""
        s = self.solver
        finished = s.step(budget)
        self.slices += 1
        if s.largest > self.largest:
            self.largest = s.largest
        if finished:
            r = s.result()
            self.done = True
            self.solver = None  # its states go now, not when the screen goes
            return self.shown(r, True)
        e = centred(s.estimate())
        if e is None:
            return False
        return self.shown(e, False)

    def fail(self):
        self.solver = None
        self.done = True
        return self.shown(None, False)


KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_retreats")


def centred(e):
    """The Solver's estimate (what is resolved so far: the exact figure lies between it and it
    + "error", the estimate only ever misses mass) as the middle of that range with half its
    width as the error; None while more than SHOW_BELOW is unresolved. A sampled first figure
    ("sampled": the battles sampled, exact._sample) is already a middle: kept as it is, its
    "error" a standard error, no bound."""
    err = e["error"]
    if e.get("sampled"):
        out = {"exact": False, "error": err, "sampled": e["sampled"]}
        for k in KEYS:
            out[k] = e[k]
        return out
    if err > SHOW_BELOW:
        return None
    half = err / 2
    out = {"exact": False, "error": half}
    for k in KEYS:
        out[k] = e[k] + half
    return out


def estimate_line(e):
    """'Win ~52.4% +-3.3%' for a centred estimate: the exact win chance lies within it (the
    error rounded up, never shown smaller than it is). A sampled one says so, its standard
    error as such: 'Win ~33.3% se 19.3% (6 sims)'."""
    from firmware.screens.text import percent
    if e.get("sampled"):
        return ("Win ~" + percent(e["attacker_wins"]) + " se " + _upto(e["error"]) + " ("
                + str(e["sampled"]) + " sims)")
    return "Win ~" + percent(e["attacker_wins"]) + " +-" + _upto(e["error"])


def _upto(p):
    """A small probability as a percent rounded up (an error bound never shown smaller)."""
    tenths = int(p * 1000)
    if tenths < p * 1000:
        tenths += 1
    return str(tenths // 10) + "." + str(tenths % 10) + "%"

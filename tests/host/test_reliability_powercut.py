"""Power cuts at random instants across scripted games of every edition (issue 9).

The device's save path -- firmware.session.Session writing firmware.saves two-slot records
through FileStore -- runs on the simulator's flash (host_sim.flash.Flash), whose power-cut
mode stops the device at an exact flash unit: a byte written, a file opened for writing,
a rename, a remove. For each trial the power goes at a random unit of the whole game
(most land in the middle of writing a save), the device is plugged back in and resumes,
and the game is played on to the end of its script. Zero lost or duplicated actions means:
  - after the cut, the resumed journal is exactly the actions acknowledged before the cut,
    or those plus the one whose save was being written (if its record was complete);
  - after playing on, the journal is exactly the script, each action once.
`make bench` runs 1,000 cut points (bench/bench_reliability.py); `make test` a smaller count.
"""
import gc
import os
import random
import shutil
import tempfile

from engine_core import board as B
from engine_core.ledger.game import Game
from host_sim.flash import Flash, PowerCut
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)

SCRIPT_ACTIONS = 30
TRIALS_PER_EDITION_IN_TEST = 30


def _no_collect(*args):
    return 0


class CutStats:
    def __init__(self):
        self.trials = 0
        self.survived = 0
        self.mid_write = 0
        self.in_flight_kept = 0
        self.in_flight_unsaved = 0    # the action being saved when the power went: not acknowledged, redone
        self.before_first_save = 0
        self.violations = []


def script(edition, seed, length=SCRIPT_ACTIONS):
    """`length` legal actions of a random game of the edition (decided once, on a plain Game)."""
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    if here not in sys.path:
        sys.path.insert(0, here)
    from test_reliability_properties import make_action
    rng = random.Random(seed)
    g = Game.new(edition, seed=seed)
    out = []
    tries = 0
    while len(out) < length and tries < length * 60:
        tries += 1
        a = make_action(rng, g)
        try:
            g.apply(a)
        except Exception:  # noqa: BLE001 - only legal actions go into the script
            continue
        out.append(a)
        if g.state.victory >= 0:
            break
    return out, g.state.journal


def _session(root):
    from firmware.saves import FileStore, Slots
    from firmware.session import Session
    return Session(Slots(FileStore("/saves"), "game"))


def _play(flash, root, edition, seed, actions, start=0, session=None):
    """Play actions[start:]; returns (acknowledged count, session). PowerCut propagates."""
    s = session
    if s is None:
        s = _session(root)
        s.new_game(edition, seed)
    acked = start
    for a in actions[start:]:
        s.apply(a)
        acked += 1
    return acked, s


def trial(edition, seed, actions, journal, budget, stats, tmp, metadata=False):
    """One power cut at flash unit `budget`; checks the resume and the rest of the game
    (metadata=True: FatFs' FAT and directory sectors are written and torn too)."""
    root = os.path.join(tmp, "t%d" % stats.trials)
    flash = Flash(root, save_dir="/saves", metadata=metadata)
    stats.trials += 1
    acked = -1                      # -1: not even the new game's first save is acknowledged
    flash.install()
    try:
        flash.arm(budget)
        s = None
        try:
            s = _session(root)
            s.new_game(edition, seed)
            acked = 0
            for a in actions:
                s.apply(a)
                acked += 1
            stats.violations.append("%s: cut at unit %d never happened" % (edition, budget))
            return
        except PowerCut as e:
            if "during write" in str(e):
                stats.mid_write += 1
        # plug back in
        flash.reboot()
        r = _session(root)
        back = r.resume()
        if acked < 0:
            stats.before_first_save += 1
            if back and len(r.game.state.journal) != 0:
                stats.violations.append("%s: a game with actions before any was made" % edition)
                return
            if not back:
                r.new_game(edition, seed)
            start = 0
        else:
            if not back:
                stats.violations.append("%s: cut at %d: the saved game is gone (%d acknowledged)" % (
                    edition, budget, acked))
                return
            got = [tuple(e) for e in r.game.state.journal]
            want = [tuple(e) for e in journal]
            if got == want[:acked]:
                stats.in_flight_unsaved += 1 if acked < len(actions) else 0
            elif got == want[:acked + 1]:
                stats.in_flight_kept += 1
            else:
                stats.violations.append("%s: cut at %d: resumed %d actions, %d were acknowledged" % (
                    edition, budget, len(got), acked))
                return
            start = len(got)
        _play(flash, root, edition, seed, actions, start, r)
        final = [tuple(e) for e in r.game.state.journal]
        if final != [tuple(e) for e in journal]:
            stats.violations.append("%s: cut at %d: the finished game has %d actions, the script %d" % (
                edition, budget, len(final), len(journal)))
            return
        again = _session(root)
        if not again.resume() or [tuple(e) for e in again.game.state.journal] != final:
            stats.violations.append("%s: cut at %d: the last save is not the finished game" % (edition, budget))
            return
        stats.survived += 1
    finally:
        flash.uninstall()
        shutil.rmtree(root, ignore_errors=True)


def units_of_a_whole_game(edition, seed, actions, tmp, metadata=False, meta_units=None):
    """Flash units of the whole scripted game; `meta_units` (a list) gets the unit of every FAT or
    directory sector write (metadata=True)."""
    root = os.path.join(tmp, "measure")
    flash = Flash(root, save_dir="/saves", metadata=metadata)
    flash.install()
    try:
        flash.reset_counter()
        _play(flash, root, edition, seed, actions)
        if meta_units is not None:
            meta_units.extend(flash.meta_units)
        return flash.spent
    finally:
        flash.uninstall()
        shutil.rmtree(root, ignore_errors=True)


def _tmp_dir():
    """A RAM-backed directory where there is one: the host's disk is not what is measured."""
    for d in ("/dev/shm",):
        if os.path.isdir(d) and os.access(d, os.W_OK):
            return tempfile.mkdtemp(prefix="adjutant-cuts-", dir=d)
    return tempfile.mkdtemp(prefix="adjutant-cuts-")


def run_cuts(edition, trials, seed, stats, metadata=False):
    actions, journal = script(edition, seed)
    tmp = _tmp_dir()
    # gc.collect() frees device RAM before big allocations (board load, replays); on the
    # host, in a process holding pytest's data, it costs ~20 ms a call and tests nothing here.
    saved_collect = gc.collect
    gc.collect = _no_collect
    try:
        total = units_of_a_whole_game(edition, seed, actions, tmp, metadata)
        rng = random.Random(seed)
        for _ in range(trials):
            trial(edition, seed, actions, journal, rng.randrange(total), stats, tmp, metadata)
    finally:
        gc.collect = saved_collect
        shutil.rmtree(tmp, ignore_errors=True)
    return stats, total


def run_metadata_cuts(edition, seed, stats, limit=None):
    """A cut at every FAT or directory sector write of the scripted game (the first `limit`),
    on the flash with FatFs' own sectors modelled (host_sim/flash.py metadata=True). Returns the
    number of such writes."""
    actions, journal = script(edition, seed)
    tmp = _tmp_dir()
    saved_collect = gc.collect
    gc.collect = _no_collect
    try:
        units = []
        units_of_a_whole_game(edition, seed, actions, tmp, True, units)
        for u in units[:limit]:
            trial(edition, seed, actions, journal, u, stats, tmp, True)
    finally:
        gc.collect = saved_collect
        shutil.rmtree(tmp, ignore_errors=True)
    return len(units)


def test_power_cuts_lose_and_duplicate_nothing():
    """P40-T-70 CL-S-01: power cuts at random flash units (mostly mid-save) across a scripted
    game of every edition: the resumed game holds every acknowledged action once, and the
    finished game is exactly the script."""
    stats = CutStats()
    for i, ed in enumerate(B.EDITIONS):
        run_cuts(ed, TRIALS_PER_EDITION_IN_TEST, 500 + i, stats)
    assert stats.trials == TRIALS_PER_EDITION_IN_TEST * len(B.EDITIONS)
    assert not stats.violations, "\n".join(stats.violations[:10])
    assert stats.survived == stats.trials
    assert stats.mid_write > stats.trials // 2      # most cuts land inside a save

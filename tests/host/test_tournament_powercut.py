"""Tournament mode through power cuts (issue 9): the log is appended line by line to the
simulator's flash (host_sim.flash, power-cut mode); the power goes at a random flash unit,
the device comes back, `tournament.resume` rebuilds the game from the log on flash (a line
cut short is dropped, entries the log lacks are written again) and play goes on. The log
at the end must be exactly the log of the same game played without a cut: no entry lost,
none duplicated, and it verifies."""
import os
import random
import shutil
import sys

from engine_core import board as B
from engine_core.trust.audit import verify_log
from engine_core.trust.tournament import Tournament, inputs_in, replay, resume
from host_sim.flash import Flash, PowerCut
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_powercut import _tmp_dir  # noqa: E402
from test_reliability_properties import make_action  # noqa: E402

LOG = "/saves/tournament.log"
CUTS_PER_EDITION_IN_TEST = 12


def reference(edition, seed, actions=40):
    """The inputs of a tournament game (legal ones only) and its uncut log."""
    t = Tournament(edition, seed, luck=False)
    rng = random.Random(seed)
    inputs = []
    for i in range(actions):
        a = make_action(rng, t.game)
        try:
            t.apply(a)
            inputs.append(("apply", t.game.state.journal[-1]))
        except Exception:  # noqa: BLE001 - refused: not an input of the game
            pass
        if i % 15 == 7:
            second = "armor" if edition == "classic" else "artillery"
            spec = ({"infantry": rng.randint(1, 3), second: 1}, {"infantry": rng.randint(1, 3)})
            b = t.start_battle("land", spec[0], spec[1], 0, 1)
            inputs.append(("battle", spec))
            while b.prompt is not None:
                t.answer(None)
                inputs.append(("answer", None))
    return inputs, t.finish()


def _feed(t, inputs):
    for kind, x in inputs:
        if kind == "apply":
            t.apply_entry(x)
        elif kind == "battle":
            t.start_battle("land", x[0], x[1], 0, 1)
        else:
            t.answer(x)


def _sink(line):
    with open(LOG, "a") as f:
        f.write(line + "\n")


def _read_log():
    try:
        with open(LOG) as f:
            text = f.read()
    except OSError:
        return [], 0
    parts = text.split("\n")
    torn = 0
    if parts and parts[-1] != "":
        torn = 1                      # the last line was cut short by the power cut
    lines = [p for p in parts[:-1] if p]
    return lines, torn


def _rewrite(lines):
    with open("/saves/tournament.tmp", "w") as f:
        f.write("".join([l + "\n" for l in lines]))
    os.rename("/saves/tournament.tmp", LOG)


class Stats:
    def __init__(self):
        self.cuts = 0
        self.survived = 0
        self.torn_lines = 0
        self.violations = []


def trial(edition, seed, inputs, want, budget, stats, tmp):
    root = os.path.join(tmp, "c%d" % stats.cuts)
    # sectors kept whole: this test's own log writer (plain appends, not firmware/tlog.py's with
    # its tail record) is not protected against the 4 KB erase sector a cut may wipe
    flash = Flash(root, save_dir="/saves", tear=False)
    stats.cuts += 1
    flash.install()
    try:
        try:
            os.mkdir("/saves")
        except OSError:
            pass
        flash.arm(budget)
        try:
            t = Tournament(edition, seed, sink=_sink, luck=False)
            _feed(t, inputs)
            t.finish()
            stats.violations.append("%s: cut at unit %d never happened" % (edition, budget))
            return
        except PowerCut:
            pass
        flash.reboot()
        lines, torn = _read_log()
        stats.torn_lines += torn
        if torn:
            _rewrite(lines)
        t, dropped = resume(edition, seed, lines, sink=_sink, luck=False)
        if dropped:
            kept = lines[:len(lines) - dropped]
            _rewrite(kept)
        done = inputs_in(_read_log()[0])
        _feed(t, inputs[done:])
        t.finish()
        got, torn = _read_log()
        if torn or got != want:
            first = 0
            while first < min(len(got), len(want)) and got[first] == want[first]:
                first += 1
            stats.violations.append("%s: cut at unit %d: log differs from line %d (%d lines, want %d)" % (
                edition, budget, first, len(got), len(want)))
            return
        stats.survived += 1
    finally:
        flash.uninstall()
        shutil.rmtree(root, ignore_errors=True)


def flash_units(edition, seed, inputs, tmp):
    root = os.path.join(tmp, "measure")
    flash = Flash(root, save_dir="/saves", tear=False)
    flash.install()
    try:
        os.mkdir("/saves")
        flash.reset_counter()
        t = Tournament(edition, seed, sink=_sink, luck=False)
        _feed(t, inputs)
        t.finish()
        return flash.spent
    finally:
        flash.uninstall()
        shutil.rmtree(root, ignore_errors=True)


def run_cuts(edition, seed, cuts, stats):
    inputs, want = reference(edition, seed)
    tmp = _tmp_dir()
    try:
        total = flash_units(edition, seed, inputs, tmp)
        rng = random.Random(seed)
        for _ in range(cuts):
            trial(edition, seed, inputs, want, rng.randrange(total), stats, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return total, len(want)


def test_tournament_log_survives_power_cuts():
    """CL-C-02 CL-E-10 P40-T-70: power cuts at random flash units while the tournament log is
    written: after resume and play to the end, the log is the uncut game's log, line for line."""
    stats = Stats()
    for i, ed in enumerate(B.EDITIONS):
        run_cuts(ed, 800 + i, CUTS_PER_EDITION_IN_TEST, stats)
    assert not stats.violations, "\n".join(stats.violations[:10])
    assert stats.survived == stats.cuts == CUTS_PER_EDITION_IN_TEST * len(B.EDITIONS)
    assert stats.torn_lines > stats.cuts // 2       # most cuts tear a line being written


def test_resumed_log_verifies():
    """CL-C-02: a game resumed after a cut in the middle of a battle verifies end to end."""
    inputs, want = reference("revised_lhtr", 31)
    ok, where, msg = verify_log(want)
    assert ok, msg
    # cut the log after the first battle's start and a roll: resume in memory, no sink
    k = [i for i, l in enumerate(want) if l.split("|")[1:2] == ["roll"]][0]
    t, dropped = resume("revised_lhtr", 31, want[:k + 1], luck=False)
    assert dropped == 0
    _feed(t, inputs[inputs_in(want[:k + 1]):])
    lines = t.finish()
    assert lines == want
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, msg

"""Tournament mode with battles (issue 9), on the host: a game, its battles and the
`verify` command. (Under MicroPython's 192 KB heap the map, the ledger and the battle
engine loaded from .mpy files together do not fit; on a device they are frozen in flash.)
Expected dice are drawn from the seeded generator directly; bank figures are rulebook numbers."""
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

from engine_core.trust.audit import commitment, verify_log
from engine_core.dice import Dice
from engine_core.trust.tournament import Tournament, replay
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable"))
from portable_helpers import _rehash  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _entries(lines):
    return [l.split("|") for l in lines[1:-1]]


def _classic_game(seed=2026):
    t = Tournament("classic", seed=seed, luck=False)
    t.apply({"type": "end_phase"})                                   # research -> purchase
    t.apply({"type": "purchase", "units": {"infantry": 2, "armor": 1}})
    t.apply({"type": "end_phase"})                                   # -> combat move
    t.apply({"type": "end_phase"})                                   # -> combat
    b = t.start_battle("land", {"infantry": 2, "armor": 1}, {"infantry": 2},
                       attacker_power="Soviet Union", defender_power="Germany", territory="East Europe")
    guard = 0
    while b.prompt is not None and guard < 50:
        t.answer(None)
        guard += 1
    return t, b


def test_battle_dice_are_the_committed_seeds_stream():
    """CL-C-02 CL-C-12 CL-C-13: every die of the battle is logged, in order, and they are the
    dice of the generator seeded with the revealed seed."""
    seed = 2026
    t, b = _classic_game(seed)
    assert b.result is not None
    rolls = []
    for e in _entries(t.log.lines):
        if e[1] == "roll":
            rolls += [int(v) for v in e[2].split(",")]
    assert len(rolls) > 0
    assert rolls == Dice(seed).roll(len(rolls))
    # format 2 (issue 15): the commitment binds the edition and the game entry with the seed
    game_body = _entries(t.log.lines)[0][2]
    assert t.commitment == commitment(seed, "classic", game_body)


def test_honest_game_verifies_and_replays():
    """CL-C-02 CL-E-10: the whole game re-runs from the log and the revealed seed."""
    t, b = _classic_game()
    t.apply({"type": "battle", "territory": "East Europe", "by": "Soviet Union",
             "captured": b.result["captured"],
             "attacker_ipc": b.result["ipc_lost"][0], "defender_ipc": b.result["ipc_lost"][1]})
    t.apply({"type": "end_phase"})
    t.apply({"type": "end_phase"})
    t.apply({"type": "place", "territory": "Russia", "units": {"infantry": 2}})
    t.undo()
    t.apply({"type": "place", "territory": "Russia", "units": {"infantry": 2, "armor": 1}})
    t.apply({"type": "end_phase"})
    t.apply({"type": "end_phase"})                                    # income: +24
    lines = t.finish()
    ok, where, msg = verify_log(lines)
    assert ok, msg
    ok, where, msg, again = replay(lines, luck=False)
    assert ok, msg
    assert again.game.state.snapshot() == t.game.state.snapshot()
    bank = [e[2] for e in _entries(lines) if e[1] == "bank"]
    # 24 (CL-E-01) and East Europe's 3 when the battle took it (CL-E-10)
    inc = 24 + (3 if b.result["captured"] else 0)
    assert bank[-1] == "0 +%d %d income+%d" % (inc, 13 + inc, inc), bank


def test_one_die_changed_is_caught_at_its_entry():
    """CL-C-02: a die changed in the log, chain recomputed: both checks name that entry."""
    t, b = _classic_game()
    lines = t.finish()
    entries = _entries(lines)
    i = 0
    for k in range(len(entries)):
        if entries[k][1] == "roll" and i == 0 and k > 6:
            i = k + 1
    if i == 0:
        for k in range(len(entries)):
            if entries[k][1] == "roll" and i == 0:
                i = k + 1
    vals = entries[i - 1][2].split(",")
    vals[0] = "6" if vals[0] != "6" else "1"
    bad = _rehash(lines, i, ",".join(vals))
    ok, where, msg = verify_log(bad)
    assert not ok and where == i, (where, i, msg)
    ok, where, msg, _t = replay(bad, luck=False)
    assert not ok and where == i, (where, i, msg)




def _write(lines):
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _verify(path):
    return subprocess.run([sys.executable, "-m", "engine_core", "verify", path], cwd=ROOT,
                          capture_output=True, text=True)


def test_export_to_a_file_and_verify_from_the_command_line():
    """CL-C-02 CL-E-10: the log written line by line to a file (the simulator's export) verifies
    with `python -m engine_core verify`, which prints the luck ledger."""
    fd, path = tempfile.mkstemp(suffix=".log")
    os.close(fd)
    try:
        with open(path, "w") as f:
            t = Tournament("classic", seed=4242, sink=lambda line: f.write(line + "\n"))
            t.apply({"type": "end_phase"})
            t.apply({"type": "end_phase"})
            t.apply({"type": "end_phase"})
            b = t.start_battle("land", {"infantry": 1}, {"infantry": 1}, "Soviet Union", "Germany")
            while b.prompt is not None:
                t.answer(None)
            t.finish()
        proc = _verify(path)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.startswith("verified: ")
        assert "every roll and every number matches" in proc.stdout
        assert "Soviet Union" in proc.stdout and "luck" in proc.stdout
        # one die changed in place (no rehash): named at its entry by the chain
        lines = open(path).read().splitlines()
        i = [k for k, e in enumerate(_entries(lines)) if e[1] == "roll"][0] + 1
        n, kind, body, h = lines[i].split("|")
        vals = body.split(",")
        vals[0] = "6" if vals[0] != "6" else "1"
        lines[i] = "|".join((n, kind, ",".join(vals), h))
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        proc = _verify(path)
        assert proc.returncode == 1
        assert ("NOT VERIFIED at entry %d:" % i) in proc.stdout, proc.stdout
    finally:
        os.unlink(path)


def test_luck_ledger_of_a_replayed_game_is_exact():
    """CL-C-12 CL-C-13: 1 infantry (attacks at 1) against 1 infantry (defends at 2): per round
    the attacker alone hits with 1/6*4/6, the defender alone 5/6*2/6, both 1/6*2/6; so the
    attacker wins 4/16, and the expected swing is 3*6/16 - 3*12/16 = -9/8 IPCs."""
    t = Tournament("classic", seed=77, number=Fraction)
    for _ in range(3):
        t.apply({"type": "end_phase"})
    b = t.start_battle("land", {"infantry": 1}, {"infantry": 1}, "Soviet Union", "Germany")
    while b.prompt is not None:
        t.answer(None)
    rec = t.luck.battles[0]
    assert rec[4] == Fraction(1, 4)
    assert rec[5] == Fraction(-9, 8)
    ipc = b.result["ipc_lost"]
    assert rec[6] == ipc[1] - ipc[0]
    assert rec[7] == rec[6] + Fraction(9, 8)
    totals = t.luck.totals()
    assert totals[0][4] == rec[7] and totals[1][4] == -rec[7]
    assert sum([x[4] for x in totals]) == 0
    ok, where, msg, again = replay(t.finish(), number=Fraction)
    assert ok, msg
    assert again.luck.totals() == totals

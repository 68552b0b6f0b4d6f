"""`python -m engine_core verify` on honest and tampered logs (issue 9)."""
import io
import os
import subprocess
import sys
import tempfile

from engine_core.trust.tournament import Tournament
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reliability_properties import same_engine_modules  # noqa: E402,F401 (autouse fixture)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _write_log(tamper=False):
    """A finished tournament (Classic, seed 424242) with one free battle: its game entry, the
    battle's start, rolls and end. tamper: one die of the first roll changed in place.
    Returns (path, entries in the log, the first roll's entry number)."""
    t = Tournament("classic", 424242, luck=False)
    b = t.start_battle("land", {"infantry": 3}, {"infantry": 2})
    while b.prompt is not None:
        t.answer(None)
    lines = list(t.finish())
    roll = [i for i, l in enumerate(lines) if l.split("|")[1:2] == ["roll"]][0]
    if tamper:  # change one die of the first roll without touching anything else
        n, kind, body, h = lines[roll].split("|")
        vals = body.split(",")
        vals[0] = "1" if vals[0] != "1" else "2"
        lines[roll] = "|".join((n, kind, ",".join(vals), h))
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, len(lines) - 2, roll


def _run(path):
    return subprocess.run([sys.executable, "-m", "engine_core", "verify", path], cwd=ROOT,
                          capture_output=True, text=True)


def test_honest_log_verifies():
    """CL-C-02: `verify` accepts an honest log (exit 0)."""
    path, n, _roll = _write_log()
    try:
        proc = _run(path)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.startswith("verified: %d entries" % n), proc.stdout
    finally:
        os.unlink(path)


def test_one_die_changed_is_named_at_its_entry():
    """CL-C-02: one die changed in place: `verify` names that roll's entry (exit 1)."""
    path, _n, roll = _write_log(tamper=True)
    try:
        proc = _run(path)
        assert proc.returncode == 1
        assert "NOT VERIFIED at entry %d:" % roll in proc.stdout, proc.stdout
    finally:
        os.unlink(path)


def test_unreadable_log_is_a_usage_error():
    """CL-C-02: a log that cannot be read is a usage error (exit 2)."""
    proc = _run("/nonexistent/adjutant.log")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr


def test_rewritten_bank_entry_named_by_the_replay():
    """CL-E-10 CL-E-01: a tournament game with a hex seed; one bank figure rewritten and every
    hash after it recomputed: the chain holds, the replay names that entry (exit 1)."""
    from engine_core.trust.audit import chain_next, new_seed
    from engine_core.trust.tournament import Tournament
    seed = new_seed(bytes(range(100, 116)))
    t = Tournament("revised_lhtr", seed, luck=False)
    t.apply({"type": "end_phase"})                                  # research -> purchase
    t.apply({"type": "purchase", "units": {"infantry": 2}})        # 24 - 6 = 18 (LHTR-P-04)
    lines = t.finish()
    i = [k for k, l in enumerate(lines) if l.split("|")[1:2] == ["bank"]][0]
    assert lines[i].split("|")[2] == "0 -6 18 purchase-6"
    out = lines[:i]
    prev = lines[i - 1].split("|")[3] if i > 1 else lines[0].split("|")[4]
    for line in lines[i:-1]:
        n, kind, body, _h = line.split("|")
        if line is lines[i]:
            body = "0 -3 21 purchase-3"
        text = "%s|%s|%s" % (n, kind, body)
        prev = chain_next(prev, text)
        out.append(text + "|" + prev)
    out.append("SEED|%s|%s" % (seed, prev))
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(out) + "\n")
    try:
        proc = _run(path)
        assert proc.returncode == 1, proc.stdout
        assert ("NOT VERIFIED at entry %d:" % i) in proc.stdout, proc.stdout
        assert "0 -6 18 purchase-6" in proc.stdout
    finally:
        os.unlink(path)

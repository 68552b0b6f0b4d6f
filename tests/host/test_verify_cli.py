"""`python -m engine_core verify` on honest and tampered logs (issue 9)."""
import io
import os
import subprocess
import sys
import tempfile

from engine_core.audit import new_tournament_dice

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _write_log(tamper=False):
    dice, log = new_tournament_dice(424242, "classic")
    for _ in range(5):
        dice.roll(4)
        log.record("bank", "Germany +32 income")
    log.reveal(424242)
    lines = list(log.lines)
    if tamper:  # change one die in entry 5 (the third roll) without touching anything else
        n, kind, body, h = lines[5].split("|")
        vals = body.split(",")
        vals[0] = "1" if vals[0] != "1" else "2"
        lines[5] = "|".join((n, kind, ",".join(vals), h))
    fd, path = tempfile.mkstemp(suffix=".log")
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _run(path):
    return subprocess.run([sys.executable, "-m", "engine_core", "verify", path], cwd=ROOT,
                          capture_output=True, text=True)


def test_honest_log_verifies():
    """CL-C-02: `verify` accepts an honest log (exit 0)."""
    path = _write_log()
    try:
        proc = _run(path)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.startswith("verified: 10 entries")
    finally:
        os.unlink(path)


def test_one_die_changed_is_named_at_its_entry():
    """CL-C-02: one die changed in place: `verify` names entry 5 (exit 1)."""
    path = _write_log(tamper=True)
    try:
        proc = _run(path)
        assert proc.returncode == 1
        assert "NOT VERIFIED at entry 5" in proc.stdout, proc.stdout
    finally:
        os.unlink(path)


def test_unreadable_log_is_a_usage_error():
    """CL-C-02: a log that cannot be read is a usage error (exit 2)."""
    proc = _run("/nonexistent/adjutant.log")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr

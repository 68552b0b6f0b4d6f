"""Tournament mode on the host simulator (issue 9): the `tournament` flow run on the emulated
device, its log copied off the emulated flash with `python -m host_sim.export` and checked by
`python -m engine_core verify` in separate processes; one die changed is caught at its entry;
power cuts through the flow lose nothing. (The fake-device tests are in
test_firmware_tournament.py; these run in the simulator's own pytest process.)
"""

import io
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def verify_cli(path):
    env = dict(os.environ)
    env["PYTHONPATH"] = REPO
    return subprocess.run([sys.executable, "-m", "engine_core", "verify", path], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)


def test_host_sim_tournament_exported_and_verified():
    """Issue 9 acceptance: the tournament flow on the host simulator, the log copied off its
    flash with `python -m host_sim.export`, verified by `python -m engine_core verify` (exit 0);
    one die changed in the exported file -> verify names that exact entry (exit 1), also when
    the cheat recomputes every hash after it."""
    from host_sim.goldens import flow_text
    from host_sim.headless import run_script
    from engine_core.trust import audit as audit
    env = dict(os.environ)
    env["PYTHONPATH"] = REPO
    with tempfile.TemporaryDirectory() as tmp:
        flash = os.path.join(tmp, "flash")
        status, _info = run_script("sim", flow_text("tournament"), flash_dir=flash, stdout=io.StringIO(),
                                   stderr=io.StringIO())
        assert status == 0
        out = os.path.join(tmp, "game.log")
        r = subprocess.run([sys.executable, "-m", "host_sim.export", "--flash", flash, "--out", out],
                           cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        r = verify_cli(out)
        assert r.returncode == 0, r.stdout + r.stderr
        # the file Finish tournament wrote on the drive (saves/out/tournament.log, made with the
        # layout) is the same log followed by empty lines only, which verify skips
        drive_file = os.path.join(flash, "fs", "saves", "out", "tournament.log")
        with open(out, "rb") as f, open(drive_file, "rb") as g:
            exported = f.read()
            on_drive = g.read()
            assert exported.endswith(b"\n\n") and b"\x00" not in exported
            assert on_drive[:len(exported)] == exported and on_drive[len(exported):].strip(b"\n") == b""
        r = verify_cli(drive_file)
        assert r.returncode == 0, r.stdout + r.stderr
        with open(out) as f:
            lines = [l for l in f.read().splitlines() if l]
        k = [i for i in range(1, len(lines) - 1) if lines[i].split("|")[1] == "roll"][2]
        n, kind, body, digest = lines[k].split("|")
        dice = body.split(",")
        dice[0] = str(dice[0] == "6" and 5 or int(dice[0]) + 1)
        bad = list(lines)
        bad[k] = "|".join([n, kind, ",".join(dice), digest])
        path = os.path.join(tmp, "edited.log")
        with open(path, "w") as f:
            f.write("\n".join(bad) + "\n")
        r = verify_cli(path)
        assert r.returncode == 1
        assert ("entry %s" % n) in r.stdout + r.stderr, r.stdout
        # the cheat recomputes the chain after the change: the dice check names the same entry
        head = lines[0].split("|")[4]
        prev = head
        for i in range(1, len(bad) - 1):
            p = bad[i].split("|")
            prev = audit.chain_next(prev, "|".join(p[:3]))
            bad[i] = "|".join(p[:3] + [prev])
        foot = bad[-1].split("|")
        bad[-1] = "|".join([foot[0], foot[1], prev])
        with open(path, "w") as f:
            f.write("\n".join(bad) + "\n")
        r = verify_cli(path)
        assert r.returncode == 1
        assert ("entry %s" % n) in r.stdout + r.stderr, r.stdout
        # a game not finished is not exported by default
        r = subprocess.run([sys.executable, "-m", "host_sim.export", "--flash", tmp, "--out", out],
                           cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 1


def test_host_sim_tournament_survives_power_cuts():
    """Issue 9 power loss on the simulator: 30 random cuts through the tournament flow (flash
    units of log appends and the seed record, and between frames); after each restart the device
    holds the game as it was after the last completed action (host_sim.powercut).

    The flash is the board's: a cut may wipe the 4 KB erase sector being written (an append to
    a log copy, committed groups in its sector too: the other copy holds them, firmware/tlog.py)."""
    from host_sim import powercut
    from host_sim.goldens import flow_text
    results, frames, units = powercut.sweep("sim", flow_text("tournament"), points=30, seed=5)
    assert frames > 100 and units > 3000
    bad = [r for r in results if not r[2]]
    assert bad == [], bad

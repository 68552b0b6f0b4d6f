"""Golden screenshots: every flow script on every hardware profile, compared pixel for pixel.

    python -m host_sim.goldens            regenerate tests/golden/screens/ (after an intended UI change)
    python -m host_sim.goldens --check    compare; differences -> host_sim/out/golden-diff/, exit 1
    python -m host_sim.goldens --flow p40_turn --board pybadge    one flow, one profile

(`make goldens` runs the first.) Flows are the scripts in host_sim/flows/*.txt
(see host_sim/script.py). Each `shot NAME` mark and the end of a flow give
one PNG: tests/golden/screens/<flow>/<profile>/NN-NAME.png at the profile's
resolution. A flow with a line `# mode: kiosk` runs in kiosk mode. A flow must also leave no text cut off (every label measured
against the screen at every shot) and must not crash the firmware; the
regeneration refuses to write goldens of a run that failed.
"""

import argparse
import os
import shutil
import sys
import tempfile

from PIL import Image, ImageChops

from .runtime import HERE, REPO, profile_names

FLOWS_DIR = os.path.join(HERE, "flows")
GOLDEN_DIR = os.path.join(REPO, "tests", "golden", "screens")
DIFF_DIR = os.path.join(HERE, "out", "golden-diff")


def flow_names():
    return tuple(sorted(n[:-4] for n in os.listdir(FLOWS_DIR) if n.endswith(".txt")))


def flow_text(flow):
    with open(os.path.join(FLOWS_DIR, flow + ".txt")) as f:
        return f.read()


def run_flow(flow, board, out_dir, kiosk=None):
    """Run one flow on one profile into out_dir. Returns (status, info) as headless.run_script."""
    from .headless import run_script
    import io
    text = flow_text(flow)
    if kiosk is None:
        kiosk = any(line.strip() == "# mode: kiosk" for line in text.splitlines())
    err = io.StringIO()
    out = io.StringIO()
    with tempfile.TemporaryDirectory(prefix="adjutant-golden-") as flash:
        status, info = run_script(board, text, shots_dir=out_dir, flash_dir=flash, kiosk=kiosk,
                                  check_text=True, stdout=out, stderr=err)
    info["stderr"] = err.getvalue()
    info["stdout"] = out.getvalue()
    return status, info


def pngs(directory):
    if not os.path.isdir(directory):
        return ()
    return tuple(sorted(n for n in os.listdir(directory) if n.endswith(".png")))


def same_pixels(a_path, b_path):
    a = Image.open(a_path).convert("RGB")
    b = Image.open(b_path).convert("RGB")
    if a.size != b.size:
        return False
    return ImageChops.difference(a, b).getbbox() is None


def compare(flow, board, produced_dir):
    """Differences (strings) between a run's shots and the committed goldens."""
    golden = os.path.join(GOLDEN_DIR, flow, board)
    want = pngs(golden)
    got = pngs(produced_dir)
    problems = []
    if not want:
        return ["no goldens for %s/%s: run `python -m host_sim.goldens`" % (flow, board)]
    if want != got:
        problems.append("%s/%s: shots differ: golden %s, run %s" % (flow, board, list(want), list(got)))
    for name in want:
        if name in got and not same_pixels(os.path.join(golden, name), os.path.join(produced_dir, name)):
            problems.append("%s/%s/%s: pixels differ" % (flow, board, name))
    return problems


def regenerate(flows, boards, stdout):
    status = 0
    for flow in flows:
        for board in boards:
            with tempfile.TemporaryDirectory(prefix="adjutant-shots-") as tmp:
                st, info = run_flow(flow, board, tmp)
                if st != 0:
                    stdout.write("FAILED %s/%s (status %d), goldens kept:\n%s\n" % (flow, board, st, info["stderr"]))
                    status = 1
                    continue
                dest = os.path.join(GOLDEN_DIR, flow, board)
                shutil.rmtree(dest, ignore_errors=True)
                os.makedirs(dest)
                for name in pngs(tmp):
                    shutil.copy(os.path.join(tmp, name), os.path.join(dest, name))
                stdout.write("%s/%s: %d goldens, %d presses\n" % (flow, board, len(pngs(dest)), info["presses"]))
    return status


def check(flows, boards, stdout):
    """Each run goes to its own temporary directory (two checks at once never mix their
    shots); the shots of a run that differs are copied to DIFF_DIR/<flow>/<profile>."""
    status = 0
    for flow in flows:
        for board in boards:
            with tempfile.TemporaryDirectory(prefix="adjutant-check-") as tmp:
                st, info = run_flow(flow, board, tmp)
                problems = compare(flow, board, tmp) if st == 0 else ["run failed (status %d): %s" % (st, info["stderr"])]
                out = os.path.join(DIFF_DIR, flow, board)
                shutil.rmtree(out, ignore_errors=True)
                if problems:
                    os.makedirs(out, exist_ok=True)
                    for name in pngs(tmp):
                        shutil.copy(os.path.join(tmp, name), os.path.join(out, name))
            for p in problems:
                stdout.write(p + "\n")
            if problems:
                status = 1
            else:
                stdout.write("%s/%s: ok\n" % (flow, board))
    return status


def main(argv=None, stdout=None):
    stdout = stdout or sys.stdout
    p = argparse.ArgumentParser(prog="python -m host_sim.goldens", description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="compare instead of regenerating")
    p.add_argument("--flow", action="append", help="only this flow (repeatable)")
    p.add_argument("--board", action="append", choices=profile_names(), help="only this profile (repeatable)")
    args = p.parse_args(argv)
    flows = tuple(args.flow) if args.flow else flow_names()
    boards = tuple(args.board) if args.board else profile_names()
    if args.check:
        return check(flows, boards, stdout)
    return regenerate(flows, boards, stdout)


if __name__ == "__main__":
    sys.exit(main())

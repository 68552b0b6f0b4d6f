"""Copy a tournament log off the simulated device's flash: what a tournament director does
with the CIRCUITPY drive of a real one.

    python -m host_sim.export --flash host_sim/out/flash/sim --out game.log
    python -m engine_core verify game.log

`--flash` is the simulator's flash directory (the `--flash` of `python -m host_sim`; the
interactive default is host_sim/out/flash/<profile>): the device's files are under its
`fs/`, the log is `<SAVE_DIR>/tournament.log` (firmware/tlog.py). A directory that is the
device's root or its save directory works too. On a real board copy
`CIRCUITPY/saves/tournament.log` the same way.

The log is copied byte for byte. A game not finished yet (no `SEED|` footer: the seed is
still secret) is refused unless `--unfinished` (its log cannot be verified, only read).
Exit status: 0 copied, 1 no log / not finished, 2 bad usage.
"""

import argparse
import os
import shutil
import sys

LOG_NAME = "tournament.log"   # firmware.tlog.LOG_NAME (not imported: the firmware is device code)


def find_log(flash, save_dir="/saves"):
    """The tournament log's host path under a simulator flash directory, or None."""
    rel = save_dir.strip("/")
    for base in (os.path.join(flash, "fs", rel), os.path.join(flash, rel), flash):
        path = os.path.join(base, LOG_NAME)
        if os.path.isfile(path):
            return path
    return None


def is_finished(path):
    with open(path, "rb") as f:
        lines = [l for l in f.read().split(b"\n") if l.strip()]
    return bool(lines) and lines[-1].startswith(b"SEED|")


def main(argv=None, stdout=None, stderr=None):
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    p = argparse.ArgumentParser(prog="python -m host_sim.export", description=__doc__.split("\n")[0])
    p.add_argument("--flash", required=True, help="the simulator's flash directory")
    p.add_argument("--out", required=True, help="where to write the log ('-' for stdout)")
    p.add_argument("--save-dir", default="/saves", help="the profile's SAVE_DIR (default /saves)")
    p.add_argument("--unfinished", action="store_true", help="copy a game still in progress too")
    args = p.parse_args(argv)
    path = find_log(args.flash, args.save_dir)
    if path is None:
        stderr.write("export: no %s under %s\n" % (LOG_NAME, args.flash))
        return 1
    if not is_finished(path) and not args.unfinished:
        stderr.write("export: the tournament in %s is not finished (no revealed seed): finish it on the "
                     "device (home menu > Tournament > Finish tournament) or pass --unfinished\n" % path)
        return 1
    if args.out == "-":
        with open(path, "rb") as f:
            stdout.write(f.read().decode())
    else:
        shutil.copyfile(path, args.out)
        stdout.write("exported %s -> %s\n" % (path, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

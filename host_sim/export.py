"""Copy a tournament log off the simulated device's flash: what a tournament director does
with the CIRCUITPY drive of a real one.

    python -m host_sim.export --flash host_sim/out/flash/sim --out game.log
    python -m engine_core verify game.log

`--flash` is the simulator's flash directory (the `--flash` of `python -m host_sim`; the
interactive default is host_sim/out/flash/<profile>): the device's files are under its
`fs/`, the save directory `<SAVE_DIR>`. A directory that is the device's root or its save
directory works too. The device keeps the log in two preallocated copies with its committed
length in the tail record (firmware/tlog.py); what is exported is the committed log alone
(the copy that matches the record's CRC), no preallocated byte: the file Finish tournament
writes as `<SAVE_DIR>/tournament.log`, which is what to copy off a real board
(`CIRCUITPY/saves/tournament.log`). A drive of an older firmware (the log appended to
`tournament.log` itself) is exported from that file. The flash is only read.

A game not finished yet (no `SEED|` footer: the seed is still secret) is refused unless
`--unfinished` (its log cannot be verified, only read).
Exit status: 0 copied, 1 no log / not finished, 2 bad usage.
"""

import argparse
import os
import sys

from firmware import saves, tlog

LOG_NAME = tlog.LOG_NAME


def committed(save_dir):
    """The committed log's bytes in a save directory (host path), or None: from the copy that
    matches the tail record (firmware/tlog.py), else an older firmware's `tournament.log`."""
    if not os.path.isdir(save_dir):
        return None
    store = saves.FileStore(save_dir)
    got = tlog.unpack_commit(saves.Slots(store, tlog.TAIL_NAME).load())
    if got is not None:
        length, crc = got
        for name in tlog.COPIES:
            try:
                data = b"".join(store.slot_pieces(name, saves.SECTOR, saves.SECTOR + length, 4096))
            except OSError:
                continue
            if len(data) == length and saves.crc32(data) == crc:
                return data
        return None
    path = os.path.join(save_dir, LOG_NAME)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            return f.read()
    return None


def find_log(flash, save_dir="/saves"):
    """(save directory's host path, the committed log's bytes) under a simulator flash
    directory, or None."""
    rel = save_dir.strip("/")
    for base in (os.path.join(flash, "fs", rel), os.path.join(flash, rel), flash):
        data = committed(base)
        if data is not None:
            return base, data
    return None


def is_finished(data):
    lines = [l for l in data.split(b"\n") if l.strip()]
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
    found = find_log(args.flash, args.save_dir)
    if found is None:
        stderr.write("export: no %s under %s\n" % (LOG_NAME, args.flash))
        return 1
    path, data = found
    if not is_finished(data) and not args.unfinished:
        stderr.write("export: the tournament in %s is not finished (no revealed seed): finish it on the "
                     "device (home menu > Tournament > Finish tournament) or pass --unfinished\n" % path)
        return 1
    if args.out == "-":
        stdout.write(data.decode())
    else:
        with open(args.out, "wb") as f:
            f.write(data)
        stdout.write("exported the log in %s -> %s\n" % (path, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

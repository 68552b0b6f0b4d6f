"""`python -m engine_core verify LOG`: check a tournament log.

Confirms the revealed seed matches the commitment shown before the game, that
every entry is in the hash chain, and that every device roll is exactly what
the seeded dice give; names the first entry that does not match.
Exit status 0 when the log verifies, 1 when it does not, 2 on bad usage.
"""
import argparse
import json

from engine_core.audit import verify_log


def main(argv, stdin, stdout, stderr):
    parser = argparse.ArgumentParser(prog="python -m engine_core verify")
    parser.add_argument("log", help="the exported log file ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    try:
        if args.log == "-":
            lines = stdin.read().splitlines()
        else:
            with open(args.log, encoding="utf-8") as f:
                lines = f.read().splitlines()
    except OSError as e:
        stderr.write("verify: cannot read %s: %s\n" % (args.log, e))
        return 2
    except UnicodeDecodeError:
        stderr.write("verify: %s is not a text log\n" % args.log)
        return 1
    ok, where, message = verify_log(lines)
    if args.json:
        stdout.write(json.dumps({"ok": ok, "entry": where, "message": message}) + "\n")
    elif ok:
        stdout.write("verified: %s\n" % message)
    else:
        label = {0: "header", -1: "footer"}.get(where, "entry %s" % where)
        stdout.write("NOT VERIFIED at %s: %s\n" % (label, message))
    return 0 if ok else 1

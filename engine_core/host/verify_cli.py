"""`python -m engine_core verify LOG`: check a tournament log.

Two checks, and the first entry either finds wrong is named:
1. the log itself (engine_core.trust.audit.verify_log): the revealed seed matches the commitment
   shown before the game, every entry is in the SHA-256 chain, every battle die is what the
   seeded dice give;
2. the game (engine_core.trust.tournament.replay): the whole game is re-run from the log's inputs
   (actions, battle sides, decisions) with the revealed seed through a fresh Game, and every
   entry it produces -- the Game's own dice, every bank entry (treasury change and reason),
   every battle result -- must be the entry the log holds.
Then the luck ledger of the replayed game is printed (per power: battles, expected and actual
IPC swing, luck), unless --no-luck.

Exit status 0 when the log verifies, 1 when it does not, 2 on bad usage.
"""
import argparse
import json
from fractions import Fraction

from engine_core.trust.audit import verify_log


def _label(where):
    return {0: "header", -1: "footer"}.get(where, "entry %s" % where)


def _first(a, b):
    """The earlier of two failure positions (0 header first, -1 footer last)."""
    def key(w):
        return 10 ** 12 if w == -1 else w
    return a if key(a) <= key(b) else b


def _money(x):
    c = int(round(x * 100))
    sign = "-" if c < 0 else "+"
    c = abs(c)
    return "%s%d.%02d" % (sign, c // 100, c % 100)


def luck_lines(tournament):
    """The luck ledger as text lines (exact fractions summed, shown in hundredths)."""
    ledger = tournament.luck
    board = tournament.board
    out = ["luck ledger (IPC swing = defender's IPCs lost - attacker's; luck = actual - expected):"]
    rated = [r for r in ledger.battles if r[5] is not None]
    out.append("  battles: %d (rated %d)" % (len(ledger.battles), len(rated)))
    for p, n, exp, act, luck in ledger.totals():
        if n:
            out.append("  %-24s battles %2d  expected %8s  actual %8s  luck %8s" % (
                board.power_name(p), n, _money(exp), _money(act), _money(luck)))
    return out


def main(argv, stdin, stdout, stderr):
    parser = argparse.ArgumentParser(prog="python -m engine_core verify")
    parser.add_argument("log", help="the exported log file ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--no-luck", action="store_true", help="do not print the luck ledger")
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
    replayed = None
    second = lines[1].split("|") if len(lines) > 1 else []
    # a bad header or footer (wrong seed) is reported as such: a replay with a seed that
    # does not match the commitment would only fail at its first die
    if where not in (0, -1) and len(second) == 4 and second[1] == "game":
        from engine_core.trust.tournament import replay
        r_ok, r_where, r_msg, t = replay(lines, luck=not args.no_luck, number=Fraction)
        if ok and r_ok:
            message = message + "; " + r_msg
            replayed = t
        elif not r_ok and (ok or _first(r_where, where) != where):
            ok, where, message = False, r_where, r_msg
    elif ok:
        message = message + " (dice only: the log records no game to replay)"
    if args.json:
        out = {"ok": ok, "entry": where, "message": message}
        if replayed is not None and replayed.luck is not None:
            out["luck"] = [[replayed.board.power_name(p), n, str(e), str(a), str(l)]
                           for p, n, e, a, l in replayed.luck.totals() if n]
        stdout.write(json.dumps(out) + "\n")
    elif ok:
        stdout.write("verified: %s\n" % message)
        if replayed is not None and replayed.luck is not None:
            stdout.write("\n".join(luck_lines(replayed)) + "\n")
    else:
        stdout.write("NOT VERIFIED at %s: %s\n" % (_label(where), message))
    return 0 if ok else 1

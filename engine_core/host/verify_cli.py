"""`python -m engine_core verify LOG`: check a tournament log.

Two checks, and the first entry either finds wrong is named:
1. the log itself (engine_core.trust.audit.verify_log): the revealed seed matches the commitment
   shown before the game, every entry is in the SHA-256 chain, every battle die is what the
   seeded dice give;
2. the game (engine_core.trust.tournament.replay): the whole game is re-run from the log's inputs
   (actions, battle sides, decisions) with the revealed seed through a fresh Game, and every
   entry it produces -- the Game's own dice, every bank entry (treasury change and reason),
   every battle result -- must be the entry the log holds.
The replay always runs, whatever the log's second line: a log without its `game` entry, or
with an entry out of place, is refused at that entry. `--checkpoint N=CODE` (repeatable) checks
a checkpoint code the device showed at the end of a player's turn (the first characters of the
chain's hash after entry N, engine_core.trust.audit.checkpoint_code): a rewrite that kept the
chain and the replay consistent (an action dropped or doubled, the last action dropped, two
groups swapped) is refused at the first noted checkpoint it changed.
Then the luck ledger of the replayed game is printed (per power: battles, expected and actual
IPC swing, luck), unless --no-luck: in floats (a few hundredths of a second even for a
45-unit-a-side Global 1940 battle; exact fractions took minutes), shown in hundredths.

  python -m engine_core verify tournament.log      (or - for stdin)
  python -m engine_core verify tournament.log --json --no-luck --checkpoint 12=3F9A-07C2

The log is the text file the device writes (README "Trust"): a header line
"ADJUTANT-LOG|<format>|<edition>|<commitment>|<chain start>", one line per entry
"<n>|<kind>|<body>|<hash>" (kinds game, action, bank, battle, roll, decision, game_dice),
empty lines (skipped) and the footer "SEED|<seed>|<final hash>".

Exit status 0 when the log verifies, 1 when it does not, 2 on bad usage or a log beyond the
bounds (below), 130 on Ctrl-C.
"""
import json

from engine_core.errors import InputError
from engine_core.host import cli_common as cc
from engine_core.trust.audit import verify_log, checkpoint_code


def _label(where):
    return {0: "header", -1: "footer"}.get(where, "entry %s" % where)


def _first(a, b):
    """The earlier of two failure positions (0 header first, -1 footer last)."""
    def key(w):
        return 10 ** 12 if w == -1 else w
    return a if key(a) <= key(b) else b


def parse_checkpoint(text):
    """(entry number, code) from 'N=CODE' (the code as the device shows it: hex digits, any
    case, groups split by '-' or spaces); ValueError when it is not that."""
    if "=" not in text:
        raise ValueError("a checkpoint is N=CODE (entry number = the code the device showed)")
    n, code = text.split("=", 1)
    code = code.replace("-", "").replace(" ", "").lower()
    if not n.strip().isdigit() or int(n) < 1:
        raise ValueError("a checkpoint's entry number is a whole number from 1: %r" % n)
    if not code or len(code) > 64 or any(c not in "0123456789abcdef" for c in code):
        raise ValueError("a checkpoint's code is hex digits: %r" % code)
    return int(n), code


def check_checkpoints(lines, checks):
    """(entry, message) of the first checkpoint the log does not match, or None. The code is
    compared with the entry's chain hash (the log's own, checked by verify_log)."""
    heads = {}
    for line in lines:
        parts = line.strip().split("|")
        if len(parts) == 4 and parts[0].isdigit():
            heads.setdefault(int(parts[0]), parts[3])
    last = max(heads) if heads else 0
    for n, code in sorted(checks):
        if n not in heads:
            return n, "the log ends at entry %d, before the checkpoint noted at entry %d" % (last, n)
        if checkpoint_code(heads[n], len(code)) != code:
            return n, "the checkpoint noted at entry %d was %s; this log gives %s there (rewritten)" % (
                n, code, checkpoint_code(heads[n], len(code)))
    return None


def _money(x):
    c = int(round(x * 100))
    sign = "-" if c < 0 else "+"
    c = abs(c)
    return "%s%d.%02d" % (sign, c // 100, c % 100)


def luck_lines(tournament):
    """The luck ledger as text lines (floats summed, shown in hundredths)."""
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


def _side_total(side):
    if isinstance(side, dict):
        side = [side[k] for k in side]
    n = 0
    for c in side if isinstance(side, list) else ():
        c = c[1] if isinstance(c, list) and len(c) == 2 else c
        if isinstance(c, int) and not isinstance(c, bool):
            n += c
    return n


def check_bounds(lines):
    """Refuse (InputError) a log beyond the bounds before any of it is replayed."""
    if len(lines) > cc.MAX_LOG_LINES:
        raise InputError("the log has %d lines; at most %d" % (len(lines), cc.MAX_LOG_LINES))
    for i in range(len(lines)):
        line = lines[i]
        if "[" not in line and "{" not in line:
            continue
        if cc.nesting_depth(line) > cc.MAX_DEPTH:
            raise InputError("line %d: JSON nested more than %d deep" % (i + 1, cc.MAX_DEPTH))
        parts = line.split("|")
        if len(parts) == 4 and parts[1] == "battle" and parts[2].startswith("start "):
            try:
                info = json.loads(parts[2][6:])
            except ValueError:
                continue            # not readable: the replay names the entry
            if not isinstance(info, dict):
                continue
            a, d = _side_total(info.get("attacker")), _side_total(info.get("defender"))
            if a > cc.MAX_SIDE_UNITS or d > cc.MAX_SIDE_UNITS or a + d > cc.MAX_BATTLE_UNITS:
                raise InputError("line %d: a battle of %d v %d units; at most %d a side and %d in"
                                 " all" % (i + 1, a, d, cc.MAX_SIDE_UNITS, cc.MAX_BATTLE_UNITS))


def _parser(stdout):
    p = cc.Parser(stdout, prog="python -m engine_core verify", description=__doc__, epilog=(
        "Bounds: at most %d bytes and %d lines; JSON in an entry nested at most %d deep; a battle"
        " entry with at most %d units a side and %d in all." % (
            cc.MAX_INPUT_BYTES, cc.MAX_LOG_LINES, cc.MAX_DEPTH, cc.MAX_SIDE_UNITS,
            cc.MAX_BATTLE_UNITS)))
    p.add_argument("log", nargs="?", help="the exported log file ('-' for stdin)")
    p.add_argument("--json", action="store_true", help="print the result as JSON: {ok, entry,"
                   " message, luck: [[power, battles, expected, actual, luck], ...]}")
    p.add_argument("--no-luck", action="store_true", help="do not print the luck ledger")
    p.add_argument("--checkpoint", action="append", default=[], metavar="N=CODE",
                   help="a checkpoint code the device showed at the end of a turn (repeatable)")
    return p


def _run(argv, stdin, stdout, stderr):
    parser = _parser(stdout)
    args = parser.parse_args(argv)
    checks = []
    for text in args.checkpoint:
        try:
            checks.append(parse_checkpoint(text))
        except ValueError as e:
            stderr.write("verify: %s\n" % e)
            return 2
    if args.log is None:
        if cc.refuse_bare_terminal("verify", stdin, stderr, parser.format_usage()):
            return cc.EXIT_USAGE
        args.log = "-"
    try:
        text = cc.read_text(stdin, args.log, "the log")
    except InputError as e:
        if "not UTF-8" in e.message:
            stderr.write("verify: %s is not a text log\n" % args.log)
            return 1
        raise
    lines = text.splitlines()
    check_bounds(lines)
    ok, where, message = verify_log(lines)
    replayed = None
    # a bad header or footer (wrong seed) is reported as such: a replay with a seed that
    # does not match the commitment would only fail at its first die. Otherwise the whole
    # game is always replayed (a log without its game entry fails there).
    if where not in (0, -1):
        from engine_core.trust.tournament import replay
        r_ok, r_where, r_msg, t = replay(lines, luck=not args.no_luck, number=float)
        if ok and r_ok:
            message = message + "; " + r_msg
            replayed = t
        elif not r_ok and (ok or _first(r_where, where) != where):
            ok, where, message = False, r_where, r_msg
    if where not in (0, -1) and checks:
        bad = check_checkpoints(lines, checks)
        if bad is not None and (ok or _first(bad[0], where) != where):
            ok, where, message = False, bad[0], bad[1]
            replayed = None
        elif ok:
            message = message + "; %d checkpoint%s match" % (len(checks), "" if len(checks) == 1 else "s")
    if args.json:
        out = {"ok": ok, "entry": where, "message": message}
        if replayed is not None and replayed.luck is not None:
            out["luck"] = [[replayed.board.power_name(p), n, str(e), str(a), str(l)]
                           for p, n, e, a, l in replayed.luck.totals() if n]
        stdout.write(json.dumps(out) + "\n")
    elif ok:
        stdout.write("verified: %s\n" % message)
        head = lines[0].split("|") if lines else []
        if len(head) == 5:
            # what ties the log to the game played: compare with the commitment noted before it
            stdout.write("commitment: %s (the one shown before the game?)\n" % head[3])
        if replayed is not None and replayed.luck is not None:
            stdout.write("\n".join(luck_lines(replayed)) + "\n")
    else:
        stdout.write("NOT VERIFIED at %s: %s\n" % (_label(where), message))
    return 0 if ok else 1


main = cc.command("verify", _run, refused=InputError)

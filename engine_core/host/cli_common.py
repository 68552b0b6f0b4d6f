"""What every `python -m engine_core` command shares (host only): bounded input, one small
schema checker, names players type, and quiet ends (Ctrl-C, a closed pipe, a bare terminal).

A checker raises InputError whose message names the field ("attacker.infantry: ..."); the
commands print it after their name and exit with status 2. Nothing is coerced: 2.9, "3",
true or null are refused where a whole number is wanted.
"""
import argparse
import difflib
import json
import os
import sys

from engine_core.editions import EDITIONS, EDITION_TITLES
from engine_core.errors import InputError, RuleError

# ---- bounds (documented in every command's --help) ----------------------------------------
MAX_INPUT_BYTES = 4 * 1024 * 1024   # a spec, a game or a log larger than this is refused unread
MAX_DEPTH = 16                      # JSON nesting depth
MAX_SIDE_UNITS = 400                # units on one side of a battle (battle, odds Monte Carlo)
MAX_BATTLE_UNITS = 800              # units in one battle, both sides
MAX_EXACT_UNITS = 250               # exact odds: units in both sides (the work grows ~ n^4)
MAX_EXACT_SIDE = 200                # exact odds: units on one side
MAX_RUNS = 1000000                  # Monte Carlo runs
MAX_MC_WORK = 1000000               # Monte Carlo: runs x units in the battle (~25 us each)
MAX_ROUNDS = 100                    # retreat_after_round, rounds_done
MAX_DICE = 100000                   # dice listed in a battle spec
MAX_ANSWERS = 10000                 # answers listed in a battle spec
MAX_ACTIONS = 100000                # actions in a game
MAX_LOG_LINES = 200000              # lines of a tournament log
MAX_SEED = 2 ** 128                 # seeds: whole numbers 0 .. 2**128 - 1
MAX_OUTCOMES = 10000

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

BOUNDS_HELP = """Bounds (larger input is refused with a message, exit status 2):
  input at most %d bytes, JSON nested at most %d deep; a battle: at most %d units a side and
  %d in all; exact odds: at most %d units a side and %d in all; Monte Carlo: at most %d runs and
  runs x units <= %d; rounds (retreat_after_round, rounds_done) at most %d; dice at most %d,
  answers at most %d; a game at most %d actions; a log at most %d lines.""" % (
    MAX_INPUT_BYTES, MAX_DEPTH, MAX_SIDE_UNITS, MAX_BATTLE_UNITS, MAX_EXACT_SIDE, MAX_EXACT_UNITS,
    MAX_RUNS, MAX_MC_WORK, MAX_ROUNDS, MAX_DICE, MAX_ANSWERS, MAX_ACTIONS, MAX_LOG_LINES)

_EDITION_WORDS = (
    ("classic 2nd ed", "classic"), ("classic 2nd edition", "classic"), ("2nd edition", "classic"),
    ("lhtr", "revised_lhtr"), ("revised lhtr", "revised_lhtr"),
    ("pacific", "pacific_1940"), ("p40", "pacific_1940"), ("global", "global_1940"),
    ("g40", "global_1940"), ("global 1940 var", "global_1940_variant"),
    ("global 1940 variant", "global_1940_variant"),
)

# Abbreviations players type, to the name the board knows (board_defs aliases do the rest:
# tank/armor, aa/aaa, sub, bb, carrier, mech, tac, bomber/strategic_bomber)
UNIT_WORDS = (
    ("inf", "infantry"), ("art", "artillery"), ("arty", "artillery"), ("arm", "armor"),
    ("armour", "armor"), ("mi", "mech"), ("mech_inf", "mech"), ("mechanized", "mech"),
    ("ftr", "fighter"), ("fig", "fighter"), ("fgt", "fighter"), ("bmb", "bomber"),
    ("bom", "bomber"), ("sbr", "bomber"), ("stratbomber", "bomber"), ("tb", "tac"),
    ("tbr", "tac"), ("tac_bomber", "tac"),
    ("dd", "destroyer"), ("dst", "destroyer"), ("ca", "cruiser"), ("cru", "cruiser"),
    ("cv", "carrier"), ("acc", "carrier"), ("ac", "carrier"), ("ss", "sub"), ("trn", "transport"),
    ("tp", "transport"), ("tpt", "transport"), ("trans", "transport"), ("tran", "transport"),
    ("aag", "aa"), ("bs", "bb"),
)

# the short names board_defs' ALIASES know (for "did you mean")
BOARD_WORDS = ("tank", "armor", "aa", "aaa", "sub", "bb", "carrier", "mech", "tac", "bomber")


# ---- input -------------------------------------------------------------------------------
def read_text(stdin, source, what):
    """The text of a file argument, '-' or stdin; at most MAX_INPUT_BYTES."""
    try:
        if source is None or source == "-":
            text = stdin.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, encoding="utf-8") as f:
                text = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise InputError("cannot read %s: %s" % (source, e.strerror or e))
    except UnicodeDecodeError:
        raise InputError("%s is not UTF-8 text" % ("stdin" if source in (None, "-") else source))
    if len(text) > MAX_INPUT_BYTES:
        raise InputError("%s is larger than %d bytes" % (what, MAX_INPUT_BYTES))
    return text


def nesting_depth(text):
    """The deepest [ / { nesting of a JSON text (strings skipped), counted without recursion."""
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > best:
                best = depth
        elif ch in "]}":
            depth -= 1
    return best


def parse_json(text, what="the spec"):
    """json.loads with the nesting depth checked first (Python's json recurses: very deep input
    raises RecursionError, caught here too) and no NaN/Infinity."""
    if nesting_depth(text) > MAX_DEPTH:
        raise InputError("%s is nested more than %d deep" % (what, MAX_DEPTH))

    def no_constant(name):
        raise InputError("%s: %s is not a number JSON allows" % (what, name))
    try:
        return json.loads(text, parse_constant=no_constant)
    except RecursionError:
        raise InputError("%s is nested too deep" % what)
    except ValueError as e:
        if isinstance(e, InputError):
            raise
        raise InputError("%s is not JSON: %s" % (what, e))


# ---- the schema checker ------------------------------------------------------------------
def suggest(word, names):
    """' (did you mean x?)' for a close name, or ''."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word.lower(), list(names), n=1, cutoff=0.6)
    return " (did you mean '%s'?)" % close[0] if close else ""


def _show(v):
    s = json.dumps(v) if not isinstance(v, str) else repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def fields(obj, where, known, required=()):
    """obj must be a JSON object with only `known` keys and all `required` ones."""
    label = where or "the spec"
    if not isinstance(obj, dict):
        raise InputError("%s must be a JSON object {...}, not %s" % (label, _show(obj)))
    for k in obj:
        if k not in known:
            raise InputError("%sunknown field '%s'%s; valid: %s" % (
                where + ": " if where else "", k, suggest(k, known), ", ".join(known)))
    for k in required:
        if k not in obj:
            raise InputError("%s: '%s' is required" % (label, k) if where else "'%s' is required" % k)
    return obj


def _path(where, key):
    return key if not where else "%s.%s" % (where, key)


def whole(value, field, lo=0, hi=None):
    """A whole number lo..hi: not a bool, not 2.9, not "3", not null."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError("%s must be a whole number, not %s" % (field, _show(value)))
    if value < lo:
        raise InputError("%s must be at least %d, not %d" % (field, lo, value))
    if hi is not None and value > hi:
        raise InputError("%s is at most %d, not %d" % (field, hi, value))
    return value


def text(value, field):
    if not isinstance(value, str):
        raise InputError("%s must be a string, not %s" % (field, _show(value)))
    return value


def flag(value, field):
    if not isinstance(value, bool):
        raise InputError("%s must be true or false, not %s" % (field, _show(value)))
    return value


def one_of(value, field, names):
    if not isinstance(value, str) or value not in names:
        raise InputError("%s must be one of %s, not %s%s" % (
            field, ", ".join(names), _show(value), suggest(value, names)))
    return value


def list_of(value, field, check, most):
    if not isinstance(value, list):
        raise InputError("%s must be a list [...], not %s" % (field, _show(value)))
    if len(value) > most:
        raise InputError("%s has %d entries; at most %d" % (field, len(value), most))
    return [check(value[i], "%s[%d]" % (field, i)) for i in range(len(value))]


def seed(value, field="seed"):
    return whole(value, field, 0, MAX_SEED - 1)


def _norm(s):
    return " ".join(s.replace("_", " ").replace("-", " ").replace(".", " ").lower().split())


def edition(value, field="edition"):
    """An edition by its id ("pacific_1940") or its menu name ("Pacific 1940"), any case."""
    if not isinstance(value, str):
        raise InputError("%s must be a string: one of %s" % (field, ", ".join(EDITIONS)))
    key = _norm(value)
    for e, title in EDITION_TITLES:
        if key in (_norm(e), _norm(title)):
            return e
    for word, e in _EDITION_WORDS:
        if key == word:
            return e
    names = list(EDITIONS) + [t for _, t in EDITION_TITLES]
    raise InputError("%s: no edition %s%s; valid: %s" % (
        field, _show(value), suggest(value, names),
        ", ".join('%s ("%s")' % (e, t) for e, t in EDITION_TITLES)))


def unit_name(board, name, field):
    """The board's name of a unit as players type it: abbreviations, plurals, any case."""
    if not isinstance(name, str):
        raise InputError("%s: a unit is named by a string, not %s" % (field, _show(name)))
    key = _norm(name).replace(" ", "_")
    tries = [key]
    for suffix in ("es", "s"):
        if key.endswith(suffix) and len(key) > len(suffix) + 1:
            tries.append(key[:-len(suffix)])
    if key.endswith("ies"):
        tries.append(key[:-3] + "y")
    for t in tries:
        for word, full in UNIT_WORDS:
            if t == word:
                tries.append(full)
                break
    for t in tries:
        try:
            return board.unit_name(board.unit_id(t))
        except InputError:
            pass
    names = [u[0] for u in board.units]
    words = names + [w for w, full in UNIT_WORDS if full in names]
    for w in BOARD_WORDS:
        try:
            board.unit_id(w)
            words.append(w)
        except InputError:
            pass
    # only names this edition has: no "did you mean 'dd'" for a destroyer Classic lacks
    hint = suggest(key, [w for w in words if w != key])
    raise InputError("%s: no unit '%s' in %s%s; valid: %s" % (
        field, name, board.edition, hint, ", ".join(names)))


def counts(board, value, field, each_max=MAX_SIDE_UNITS, required=True):
    """{unit: count} with the board's names; counts whole numbers 0..each_max; None if absent."""
    if value is None and not required:
        return None
    if not isinstance(value, dict):
        raise InputError("%s must be an object {unit name: count}, not %s" % (field, _show(value)))
    out = {}
    for k in value:
        u = unit_name(board, k, field)
        c = whole(value[k], "%s.%s" % (field, k), 0, each_max)
        out[u] = out.get(u, 0) + c
    return out


def text_battle(args, text, default_edition):
    """The spec of a battle typed as text ('3 inf vs 2 inf', with --edition, --sea,
    --amphibious): its edition, kind and sides (the battle and odds commands)."""
    from engine_core.host import readable
    a, d = readable.parse_battle(text)
    if args.sea and args.amphibious:
        raise InputError("--sea or --amphibious, not both")
    return {"edition": edition(args.edition if args.edition is not None else default_edition,
                               "--edition"),
            "kind": "sea" if args.sea else ("amphibious" if args.amphibious else "land"),
            "attacker": a, "defender": d}


def side_units(args, spec, key):
    """{side: {unit: count}} from --attacker-KEY / --defender-KEY ('1 bb', '2 inf'): the ships
    damaged before a battle and their cargo, in the text form."""
    from engine_core.board import Board
    from engine_core.host import readable
    out = {}
    for side in ("attacker", "defender"):
        v = getattr(args, side + "_" + key)
        if v is not None:
            flag = "--%s-%s" % (side, key)
            out[side] = counts(Board(spec["edition"]), readable.parse_units(v, flag), flag)
    return out


def allies(board, value, defender, main_tech, field="allies", raid=False, main_na=None):
    """A defending side of several powers (CL-T-05, LHTR-T-06, P40-R-06: a technology helps only
    its own power; LHTR-O-02: so does a national advantage): value = [{"tech": [names], "units":
    {unit: count}, "advantages": [names]}, ...], the defenders (already counted in `defender`) of
    each other power ("advantages": Revised / LHTR, not in a raid); the rest of `defender` is the
    main defending power's, with main_tech and main_na. Returns (the side's technologies, {unit:
    count} defender_teched, the side's national advantages: main_na's then the allies' new ones).
    `raid`: a 1940 bombing raid's interceptors (defender = {fighter: interceptors})."""
    from engine_core import techs
    parts, nas = _ally_parts(board, value, field, raid, main_na)
    names, teched = techs.allied(defender, main_tech, parts, board.units, board.family,
                                 board.unit_id, field, raid, main_na)
    return names, dict((board.unit_name(u), teched[u]) for u in teched), nas


def ally_strikers(board, value, defender, main_na=None, field="allies", main_tech=None):
    """A sea battle's defender_strikers from the same allies (LHTR-O-41, LHTR-O-42: Japan names
    only its own fighters / subs; LHTR-O-02): {unit: count} of the side's fighters / subs that
    are of the power holding Kamikaze Attacks / Kaiten Torpedoes, where some are not; {} else.
    Returns (that, defender_strikers_teched): of those, how many carry their own power's Jet
    Fighters / Super Submarines (LHTR-T-06, LHTR-A-32; main_tech: the defending power's)."""
    from engine_core import techs
    from engine_core.battle.advantage_bits import strikers
    from engine_core.battle.strike_techs import strikers_teched
    parts, _ = _ally_parts(board, value, field, False, main_na)
    parts = techs.allied_parts(defender, main_tech, parts, field, main_na)
    out = strikers(parts, board.units, board.unit_id)
    tk = strikers_teched(parts, board.units, board.unit_id, board.family, out)
    return (dict((board.unit_name(u), out[u]) for u in out),
            dict((board.unit_name(u), tk[u]) for u in tk))


def _ally_parts(board, value, field, raid, main_na):
    """The allies' parts ((tech names, {unit id: count}[, advantage names]), ...) and the side's
    national advantages (main_na's, then the allies' new ones)."""
    if not isinstance(value, (list, tuple)):
        raise InputError("%s must be a list of {\"tech\": [...], \"units\": {...}}, not %s"
                         % (field, _show(value)))
    parts = []
    nas = list(main_na or ())
    for i in range(len(value)):
        f = "%s[%d]" % (field, i)
        fields(value[i], f, ("tech", "units") if raid else ("tech", "units", "advantages"), ("units",))
        part = (list_of(value[i].get("tech") or [], f + ".tech", text, 32),
                counts(board, value[i]["units"], f + ".units"))
        if value[i].get("advantages"):
            na = list_of(value[i]["advantages"], f + ".advantages", text, 32)
            part = part + (na,)
            for n in na:
                if n not in nas:
                    nas.append(n)
        parts.append(part)
    return parts, nas


def ally_text(board, values, flag):
    """--defender-ally 'TECHS:UNITS' (repeated; TECHS comma separated, may be empty; in Revised /
    LHTR a national advantage's name there is the ally's advantage) as the JSON spec's allies."""
    from engine_core.host import readable
    from engine_core.editions import FAM_LHTR
    nas = ()
    if board.family == FAM_LHTR:
        from engine_core.battle.advantage_bits import NA_NAMES   # LHTR has no Radar technology
        nas = NA_NAMES
    out = []
    for v in values or ():
        if ":" not in v:
            raise InputError("%s is 'TECHS:UNITS' ('jet_fighters:1 ftr', ':1 ftr'), not %r" % (flag, v))
        t, u = v.split(":", 1)
        names = [x for x in t.replace(",", " ").split()]
        ally = {"tech": [x for x in names if x not in nas],
                "units": counts(board, readable.parse_units(u, flag), flag)}
        if [x for x in names if x in nas]:
            ally["advantages"] = [x for x in names if x in nas]
        out.append(ally)
    return out


def total(side):
    return sum(side[k] for k in side) if side else 0


def check_total(sides, side_max, battle_max, what):
    """sides: (name, {unit: count}) pairs; refuses more than side_max on a side or battle_max in all."""
    n = 0
    for name, side in sides:
        t = total(side)
        if t > side_max:
            raise InputError("%s: %d units; %s takes at most %d units a side" % (name, t, what, side_max))
        n += t
    if n > battle_max:
        raise InputError("%d units in the battle; %s takes at most %d in all" % (n, what, battle_max))
    return n


# ---- argument parsing that never exits the process ---------------------------------------
class CliExit(Exception):
    """--help printed (status 0) or bad arguments (status 2, message): the command returns it."""

    def __init__(self, status, message=""):
        Exception.__init__(self, message)
        self.status = status
        self.message = message


class Parser(argparse.ArgumentParser):
    """argparse writing to the command's own streams and raising CliExit instead of exiting,
    so main(argv, stdin, stdout, stderr) can run in-process (tests, fuzzing)."""

    def __init__(self, out=None, **kw):
        kw.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        argparse.ArgumentParser.__init__(self, **kw)
        self._out = out or sys.stdout

    def print_help(self, file=None):
        self._out.write(self.format_help())

    def print_usage(self, file=None):
        self._out.write(self.format_usage())

    def exit(self, status=0, message=None):
        raise CliExit(status, message or "")

    def error(self, message):
        raise CliExit(EXIT_USAGE, "%s: %s\n%s" % (self.prog, message, self.format_usage()))


# ---- running a command -------------------------------------------------------------------
def is_terminal(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def refuse_bare_terminal(prog, stdin, stderr, usage):
    """True (after printing the usage) when input would come from a terminal nobody types into."""
    if is_terminal(stdin):
        stderr.write(usage.rstrip("\n") + "\n\n%s: no input: give a file, '-' for stdin, or pipe"
                     " the JSON in (--help for the whole input format)\n" % prog)
        return True
    return False


def fail(prog, stderr, e):
    """The message of a refusal on stderr; exit status 2."""
    if isinstance(e, RuleError):
        stderr.write("%s: %s: %s\n" % (prog, e.rule, e.message))
    elif isinstance(e, InputError):
        stderr.write("%s: %s\n" % (prog, e.message))
    else:
        stderr.write("%s: %s\n" % (prog, e))
    return EXIT_USAGE


def command(prog, run, refused=(RuleError, InputError)):
    """The main(argv, stdin, stdout, stderr) of a command: run(...) with its refusals printed by
    `fail` (exit 2), Ctrl-C and a closed pipe ended quietly (run_guarded)."""
    def main(argv, stdin, stdout, stderr):
        def go():
            try:
                return run(argv, stdin, stdout, stderr)
            except refused as e:
                return fail(prog, stderr, e)
        return run_guarded(prog, go, stdout, stderr)
    return main


def run_guarded(prog, func, stdout, stderr):
    """Run func() -> exit status; Ctrl-C ends with 130 and a closed pipe (| head) with 0, quietly."""
    try:
        return func()
    except CliExit as e:
        if e.message:
            (stdout if e.status == 0 else stderr).write(e.message)
        return e.status
    except KeyboardInterrupt:
        try:
            stderr.write("\n%s: interrupted\n" % prog)
        except (OSError, ValueError):
            pass
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout(stdout)
        return EXIT_OK
    except RecursionError:
        stderr.write("%s: the input is nested too deep\n" % prog)
        return EXIT_USAGE


def _quiet_stdout(stdout):
    # Python flushes sys.stdout at exit and would complain again about the closed pipe
    if stdout is sys.stdout:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass

"""`python -m engine_core odds`: a battle's exact odds (or a Monte Carlo estimate).

Two ways to say the battle:
  python -m engine_core odds "3 inf 2 art 1 tank vs 4 inf 1 aaa" --edition "Pacific 1940"
  python -m engine_core odds spec.json          (or - / a pipe: the JSON spec on stdin)
  python -m engine_core odds "1 dd vs 1 cv" --sea --edition "Pacific 1940" \
      --defender-damaged "1 cv" --defender-cargo "2 ftr"
        (a carrier damaged by a kamikaze strike earlier: its 2 fighters are cargo, lost with it)
  python -m engine_core odds "1 sub vs 1 trn" --sea --edition classic --defender-cargo "2 inf"
The text form prints a short summary (who wins how often, captures, draw, the expected IPC
swing, the likeliest survivors, the expected rounds); --json prints the JSON output instead.
A JSON spec prints JSON (for scripts) unless --summary, or when stdout is a terminal.

Text form: "<count> <unit> ... vs <count> <unit> ...": unit names as the rulebook's
(infantry, armor/tank, ...) or short (inf, art, arm, mech, ftr, fig, bmb, tac, dd, ca, bb, cv,
sub, trn, tp, aa, aaa), plurals, any case; a name without a count is one unit. Its options:
--edition, --sea, --amphibious, --keep-land N, --retreat-after N, --monte-carlo, --runs N,
--seed N, --attacker-tech NAMES, --defender-tech NAMES (comma separated), --defender-ally
TECHS:UNITS (repeated: defenders of another power, with its technologies: "jet_fighters:1 ftr",
":1 ftr" for none; in Revised / LHTR its national advantages too: "russian_winter:1 inf"), and
the start of a sea battle: --attacker-damaged, --defender-damaged,
--attacker-cargo, --defender-cargo UNITS ("1 bb").

The JSON spec (an object; any other field is refused by name):
  edition       required: classic, revised, revised_lhtr, pacific_1940, global_1940,
                global_1940_variant, or the device's menu name ("Pacific 1940")
  kind          "land" (default), "sea" or "amphibious" (the land battle of an assault)
  attacker      required: {unit: count} (names as in the text form; counts whole numbers)
  defender      required: {unit: count} (empty: a warning, the attacker walks in)
  bombard       {ship: count}: bombarding ships (amphibious)
  sea_attacker, sea_defender, seaborne   {unit: count}: an amphibious assault with a sea battle
                in the launch zone first (CL-C-42, LHTR-C-42, P40-C-57; engine_core/odds/assault.py):
                the attacking ships and planes there, the ships defending it, the land units of
                attacker aboard the transports; the report adds "sea" and "landing". Exact only,
                without bombard, policy, damaged, cargo, rounds_done
  sea_defender_tech  [technology names]: the technologies of the power defending the launch
                zone (CL-T-05, LHTR-T-06, P40-R-06: each power its own); the land battle keeps
                tech.defender (and allies); absent: tech.defender at sea too
  sea_defender_na  [national advantage names]: LHTR, the advantages of the power defending the
                launch zone (LHTR-O-02: a power may not share them; at sea Most Powerful
                Battleships); the land battle keeps advantages.defender; absent: it at sea too
  sea_allies    as allies, for the launch zone's defenders (counted in sea_defender); the rest of
                sea_defender has sea_defender_tech (absent: tech.defender) and sea_defender_na
                (absent: advantages.defender)
  policy        object, every field optional:
                  attacker_order, defender_order   [unit names]: the order of loss (default:
                                                   the battle engine's, cheapest first)
                  keep_land            whole number: the attacker keeps this many land units
                                       to the last (to capture)
                  retreat_after_round  whole number: the attacker retreats after this round
                  retreat_at_units     whole number: ... when down to this many units (-1: never)
                  retreat_below        0..1: ... when its chance of winning falls below this
                  submerge             true/false: submarines submerge when they may
  tech          [technology names] (the attacker's) or {"attacker": [...], "defender": [...]}:
                jet_fighters, super_submarines, heavy_bombers, combined_bombardment, ...
  allies        [{"tech": [...], "units": {unit: count}, "advantages": [...]}, ...]: defenders
                (counted in defender) of other powers, each with its own technologies (CL-T-05,
                LHTR-T-06, P40-R-06: a technology helps only its power: Jet Fighters, LHTR Heavy
                Bombers and Super Submarines, 1940 Radar) and LHTR national advantages (LHTR-O-02:
                Russian Winter... change only their power's units); the rest of defender has
                tech.defender and advantages.defender. Of a type, those with it are lost last
  advantages    {"attacker": [...], "defender": [...]}: Revised/LHTR national advantages
  space         [facts]: gray, island, tan (where the national advantages need them)
  method        "exact" (default) or "monte_carlo"
  runs          whole number: Monte Carlo runs (default 2000)
  seed          whole number: Monte Carlo dice (default 1)
  damaged       {"attacker": {unit: count}, "defender": {...}}: two-hit units already damaged:
                in the rounds already fought (rounds_done), or before this sea battle
                (rounds_done 0; Pacific/Global 1940 only: an earlier battle, a kamikaze strike;
                a damaged carrier's planes are then cargo, P40-U-55)
  cargo         {"attacker": {unit: count}, "defender": {...}}: a sea battle's cargo, which
                never fights and is lost with its ship: planes on carriers (2 a carrier,
                counting a defender's planes in the air), land units on transports (2 a
                transport, at most one not infantry; Classic: 1-2 infantry or one other)
  rounds_done   whole number: rounds already fought (live odds between rounds)
  max_outcomes  whole number: remaining forces listed per side (default 20)

Output (JSON): attacker_wins, defender_wins, draw, attacker_retreats, attacker_captures,
expected_rounds, attacker_survivors, defender_survivors (expected counts per unit),
attacker_ipc_lost, defender_ipc_lost (and *_sd, without cargo), ipc_swing, method; with cargo
attacker_cargo, defender_cargo (the expected cargo left, per unit; the IPC lost count the
cargo lost); exact also
attacker_remaining / defender_remaining ([{"units", "probability"}], likeliest first, at most
max_outcomes; *_omitted counts the rest); Monte Carlo also *_se (standard errors) and runs.
Exit status: 0; 2 with a message naming the field (or the rule) for a bad spec; 130 on Ctrl-C.
"""
import json

from engine_core.board import Board
from engine_core.errors import InputError, RuleError
from engine_core.host import cli_common as cc
from engine_core.host import readable
from engine_core.odds import exact as _odds
from engine_core.odds.base import KINDS

KEYS = ("edition", "kind", "attacker", "defender", "bombard", "policy", "tech", "method",
        "runs", "seed", "damaged", "cargo", "rounds_done", "max_outcomes", "advantages", "space",
        "allies", "sea_attacker", "sea_defender", "seaborne", "sea_defender_tech",
        "sea_defender_na", "sea_allies")
SEA_KEYS = ("sea_attacker", "sea_defender", "seaborne", "sea_defender_tech", "sea_defender_na",
            "sea_allies")
POLICY_KEYS = ("attacker_order", "defender_order", "keep_land", "retreat_after_round",
               "retreat_at_units", "retreat_below", "submerge")
SIDES = ("attacker", "defender")
DEFAULT_EDITION = "global_1940"


def _names(value, field, most=32):
    return cc.list_of(value, field, cc.text, most)


def _policy(board, policy):
    cc.fields(policy, "policy", POLICY_KEYS)
    out = {}
    for k in policy:
        v = policy[k]
        f = "policy." + k
        if k in ("attacker_order", "defender_order"):
            if v is None:
                out[k] = None
            elif isinstance(v, str):
                out[k] = [cc.unit_name(board, v, f)]
            else:
                out[k] = cc.list_of(v, f, lambda n, ff: cc.unit_name(board, n, ff), 64)
        elif k == "keep_land":
            out[k] = cc.whole(v, f, 0, cc.MAX_SIDE_UNITS)
        elif k == "retreat_after_round":
            out[k] = cc.whole(v, f, 0, cc.MAX_ROUNDS)
        elif k == "retreat_at_units":
            out[k] = cc.whole(v, f, -1, cc.MAX_SIDE_UNITS)
        elif k == "retreat_below":
            if v is not None:
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                    raise InputError("%s must be a probability from 0 to 1, not %s" % (f, json.dumps(v)))
            out[k] = v
        else:
            out[k] = cc.flag(v, f)
    return out


def _sides_of(value, field, check):
    cc.fields(value, field, SIDES)
    return dict((k, check(value[k], "%s.%s" % (field, k))) for k in value)


def check_spec(spec):
    """The spec with every field checked and unit names resolved (InputError naming the field)."""
    cc.fields(spec, "", KEYS, ("edition", "attacker", "defender"))
    edition = cc.edition(spec["edition"])
    board = Board(edition)
    out = {"edition": edition}
    out["kind"] = cc.one_of(spec.get("kind", "land"), "kind", KINDS)
    for side in SIDES:
        out[side] = cc.counts(board, spec[side], side)
    if spec.get("bombard") is not None:
        out["bombard"] = cc.counts(board, spec["bombard"], "bombard")
    if spec.get("policy") is not None:
        out["policy"] = _policy(board, spec["policy"])
    tech = spec.get("tech")
    if isinstance(tech, dict):
        out["tech"] = _sides_of(tech, "tech", _names)
    elif tech is not None:
        out["tech"] = _names(tech, "tech")
    if spec.get("advantages") is not None:
        out["advantages"] = _sides_of(spec["advantages"], "advantages", _names)
    if spec.get("allies") is not None:
        t = out.get("tech")
        if not isinstance(t, dict):
            t = {"attacker": t} if t is not None else {}
        adv = out.get("advantages") or {}
        t["defender"], t["defender_teched"], nas = cc.allies(
            board, spec["allies"], out["defender"], t.get("defender"), main_na=adv.get("defender"))
        out["tech"] = t
        if nas:
            adv = dict(adv)
            adv["defender"] = nas
            out["advantages"] = adv
    if spec.get("space") is not None:
        out["space"] = _names(spec["space"], "space", 8)
    _sea_battle(board, spec, out)
    out["method"] = cc.one_of(spec.get("method", "exact"), "method", ("exact", "monte_carlo"))
    out["runs"] = cc.whole(spec.get("runs", 2000), "runs", 1, cc.MAX_RUNS)
    out["seed"] = cc.seed(spec.get("seed", 1))
    out["rounds_done"] = cc.whole(spec.get("rounds_done", 0), "rounds_done", 0, cc.MAX_ROUNDS)
    out["max_outcomes"] = cc.whole(spec.get("max_outcomes", 20), "max_outcomes", 0, cc.MAX_OUTCOMES)
    if spec.get("damaged") is not None:
        out["damaged"] = _sides_of(spec["damaged"], "damaged",
                                   lambda v, f: cc.counts(board, v, f))
    if spec.get("cargo") is not None:
        out["cargo"] = _sides_of(spec["cargo"], "cargo", lambda v, f: cc.counts(board, v, f))
    sides = (("attacker", out["attacker"]), ("defender", out["defender"]))
    if not cc.total(out["attacker"]):
        raise InputError("attacker: no units: an empty side fights no battle")
    if out["method"] == "exact":
        cc.check_total(sides, cc.MAX_EXACT_SIDE, cc.MAX_EXACT_UNITS, "exact odds")
    else:
        n = cc.check_total(sides, cc.MAX_SIDE_UNITS, cc.MAX_BATTLE_UNITS, "Monte Carlo")
        if n * out["runs"] > cc.MAX_MC_WORK:
            raise InputError("runs: %d runs of %d units; Monte Carlo takes at most runs x units = %d"
                             % (out["runs"], n, cc.MAX_MC_WORK))
    return out


def _sea_battle(board, spec, out):
    """An assault's sea battle fields (SEA_KEYS) checked into `out`, or refused with what they
    cannot go with (engine_core/odds/assault.py takes none of those)."""
    given = [k for k in SEA_KEYS if spec.get(k) is not None]
    if not given:
        return
    if out["kind"] != "amphibious":
        raise InputError("%s: the sea battle of an amphibious assault (kind \"amphibious\")" % given[0])
    for k in ("sea_attacker", "sea_defender", "seaborne"):
        if spec.get(k) is not None:
            out[k] = cc.counts(board, spec[k], k)
    if spec.get("sea_defender_tech") is not None:
        out["sea_defender_tech"] = _names(spec["sea_defender_tech"], "sea_defender_tech")
    if spec.get("sea_defender_na") is not None:
        out["sea_defender_na"] = _names(spec["sea_defender_na"], "sea_defender_na")
    if spec.get("sea_allies") is not None:
        # the zone's main power: sea_defender_* or, absent, the spec's own defender (not the
        # land battle's allies' union)
        main_tech = out.get("sea_defender_tech")
        tech = spec.get("tech")
        if main_tech is None and isinstance(tech, dict) and tech.get("defender") is not None:
            main_tech = _names(tech["defender"], "tech.defender")
        main_na = out.get("sea_defender_na")
        adv = spec.get("advantages")
        if main_na is None and isinstance(adv, dict) and adv.get("defender") is not None:
            main_na = _names(adv["defender"], "advantages.defender")
        out["sea_defender_tech"], out["sea_defender_teched"], nas = cc.allies(
            board, spec["sea_allies"], out.get("sea_defender") or {}, main_tech, "sea_allies",
            main_na=main_na)
        if nas:
            out["sea_defender_na"] = nas
    for k in ("sea_attacker", "sea_defender"):
        if not cc.total(out.get(k) or {}):
            raise InputError("%s: an assault's sea battle needs sea_attacker and sea_defender units" % k)
    for k in ("bombard", "policy", "damaged", "cargo"):
        if spec.get(k) is not None:
            raise InputError("%s: not with an assault's sea battle (no bombardment after it, CL-C-42,"
                             " LHTR-C-44, P40-C-60; its odds take the default choices)" % k)
    if spec.get("rounds_done"):
        raise InputError("rounds_done: not with an assault's sea battle")
    if spec.get("method", "exact") != "exact":
        raise InputError("method: an assault's sea battle uses the exact method")
    cc.check_total((("sea_attacker", out["sea_attacker"]), ("sea_defender", out["sea_defender"])),
                   cc.MAX_EXACT_SIDE, cc.MAX_EXACT_UNITS, "exact odds")


def run(spec):
    """The JSON-ready answer for a parsed spec (raises InputError / RuleError)."""
    s = check_spec(spec)
    policy = s.get("policy")
    if s.get("sea_attacker"):
        from engine_core.odds import assault
        res = assault.odds(s["edition"], s["attacker"], s["defender"], s.get("seaborne") or {},
                           s["sea_attacker"], s["sea_defender"], tech=s.get("tech"),
                           advantages=s.get("advantages"), space=s.get("space"),
                           sea_defender_tech=s.get("sea_defender_tech"),
                           sea_defender_na=s.get("sea_defender_na"),
                           sea_defender_teched=s.get("sea_defender_teched"))
        return _rows(res, _jsonable(res), s["max_outcomes"])
    if s["method"] == "monte_carlo":
        if s.get("damaged") or s["rounds_done"] or s.get("cargo"):
            raise InputError("live odds (damaged, rounds_done) and cargo use the exact method")
        from engine_core.odds.montecarlo import monte_carlo
        res = monte_carlo(s["edition"], s["kind"], s["attacker"], s["defender"], policy=policy,
                          runs=s["runs"], seed=s["seed"], bombard=s.get("bombard"),
                          tech=s.get("tech"), advantages=s.get("advantages"), space=s.get("space"))
        return _jsonable(res)
    solve = _odds.odds
    more = {}
    if s.get("cargo") or s.get("damaged"):
        from engine_core.odds import cargo
        solve = cargo.odds                  # checks the decks and holds, settles the cargo
        more["cargo"] = s.get("cargo")
    res = solve(s["edition"], s["kind"], s["attacker"], s["defender"], policy=policy,
                bombard=s.get("bombard"), tech=s.get("tech"), damaged=s.get("damaged"),
                rounds_done=s["rounds_done"], advantages=s.get("advantages"),
                space=s.get("space"), **more)
    return _rows(res, _jsonable(res), s["max_outcomes"])


def _rows(res, out, max_out):
    for key in ("attacker_remaining", "defender_remaining"):
        rows = res[key]
        out[key] = [{"units": r[0], "probability": float(r[1])} for r in rows[:max_out]]
        if len(rows) > max_out:
            out[key + "_omitted"] = len(rows) - max_out
    return out


def _jsonable(res):
    out = {}
    for k in res:
        v = res[k]
        if k == "sea" and isinstance(v, dict):
            out[k] = _jsonable(v)          # an assault's sea battle: its own report
        elif isinstance(v, dict):
            out[k] = dict((n, float(v[n])) for n in v)
        elif isinstance(v, (tuple, list)):
            continue
        elif isinstance(v, str) or isinstance(v, int) and not isinstance(v, bool):
            out[k] = v
        else:
            out[k] = float(v)
    return out


def _parser(stdout):
    p = cc.Parser(stdout, prog="python -m engine_core odds", description=__doc__,
                  epilog=cc.BOUNDS_HELP)
    p.add_argument("battle", nargs="?", metavar="BATTLE|FILE|-",
                   help="'3 inf 2 art vs 4 inf' (the battle as text), a JSON spec file, or - for stdin")
    p.add_argument("--edition", help="text form: an edition id or menu name (default %s)"
                   % DEFAULT_EDITION)
    p.add_argument("--sea", action="store_true", help="text form: a sea battle")
    p.add_argument("--amphibious", action="store_true", help="text form: an amphibious assault")
    p.add_argument("--keep-land", type=int, metavar="N", help="text form: policy keep_land")
    p.add_argument("--retreat-after", type=int, metavar="N",
                   help="text form: policy retreat_after_round")
    p.add_argument("--monte-carlo", action="store_true", help="text form: method monte_carlo")
    p.add_argument("--runs", type=int, metavar="N", help="text form: Monte Carlo runs")
    p.add_argument("--seed", type=int, metavar="N", help="text form: Monte Carlo seed")
    p.add_argument("--attacker-tech", metavar="NAMES", help="text form: heavy_bombers,jet_fighters")
    p.add_argument("--defender-tech", metavar="NAMES", help="text form: the defender's technologies")
    p.add_argument("--defender-ally", metavar="TECHS:UNITS", action="append",
                   help="text form, repeated: defenders of another power and its technologies: "
                   "'jet_fighters:1 ftr', ':1 ftr'")
    for side in SIDES:
        p.add_argument("--%s-damaged" % side, metavar="UNITS", help="text form, sea battle: the %s's"
                       " capital ships damaged before it (1940): '1 bb'" % side)
        p.add_argument("--%s-cargo" % side, metavar="UNITS", help="text form, sea battle: the %s's"
                       " cargo: '2 inf' on transports, '2 ftr' on carriers" % side)
    p.add_argument("--json", action="store_true", help="print the JSON output")
    p.add_argument("--summary", action="store_true", help="print the readable summary")
    return p


_TEXT_ONLY = ("edition", "sea", "amphibious", "keep_land", "retreat_after", "monte_carlo", "runs",
              "seed", "attacker_tech", "defender_tech", "defender_ally", "attacker_damaged",
              "defender_damaged", "attacker_cargo", "defender_cargo")


def _spec_of_text(args, text):
    spec = cc.text_battle(args, text, DEFAULT_EDITION)
    policy = {}
    if args.keep_land is not None:
        policy["keep_land"] = args.keep_land
    if args.retreat_after is not None:
        policy["retreat_after_round"] = args.retreat_after
    if policy:
        spec["policy"] = policy
    if args.monte_carlo:
        spec["method"] = "monte_carlo"
    for k in ("runs", "seed"):
        if getattr(args, k) is not None:
            spec[k] = getattr(args, k)
    tech = {}
    for side in SIDES:
        v = getattr(args, side + "_tech")
        if v is not None:
            tech[side] = [t for t in v.replace(",", " ").split()]
    if tech:
        spec["tech"] = tech
    if args.defender_ally:
        spec["allies"] = cc.ally_text(Board(spec["edition"]), args.defender_ally, "--defender-ally")
    for key in ("damaged", "cargo"):
        sides = cc.side_units(args, spec, key)
        if sides:
            spec[key] = sides
    return spec


def _run(argv, stdin, stdout, stderr):
    parser = _parser(stdout)
    args = parser.parse_args(argv)
    text_form = args.battle is not None and readable.looks_like_battle(args.battle)
    if text_form:
        spec = _spec_of_text(args, args.battle)
    else:
        for k in _TEXT_ONLY:
            if getattr(args, k) not in (None, False):
                raise InputError("--%s is for the text form ('3 inf vs 2 inf'); a JSON spec says"
                                 " it in its fields" % k.replace("_", "-"))
        if args.battle is None and cc.refuse_bare_terminal("odds", stdin, stderr,
                                                           parser.format_usage()):
            return cc.EXIT_USAGE
        spec = cc.parse_json(cc.read_text(stdin, args.battle, "the spec"))
    out = run(spec)
    s = check_spec(spec)
    warnings = []
    if not cc.total(s["defender"]):
        warnings.append("the defender has no units: the attacker walks in")
    if args.json or (not args.summary and not text_form and not cc.is_terminal(stdout)):
        for w in warnings:
            stderr.write("odds: warning: %s\n" % w)
        stdout.write(json.dumps(out, sort_keys=True, indent=1))
        stdout.write("\n")
        return cc.EXIT_OK
    title = s["edition"]
    for e, t in cc.EDITION_TITLES:
        if e == s["edition"]:
            title = t
    lines = ["warning: " + w for w in warnings]
    lines += readable.odds_summary(out, title, s["kind"], s["attacker"], s["defender"],
                                   {"damaged": s.get("damaged", {}), "cargo": s.get("cargo", {})})
    stdout.write("\n".join(lines) + "\n")
    return cc.EXIT_OK


main = cc.command("odds", _run)

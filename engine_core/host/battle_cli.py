"""`python -m engine_core battle`: run one battle step by step and print what happened.

Two ways to say the battle:
  python -m engine_core battle "3 inf 1 tank vs 2 inf" --edition "Pacific 1940" --seed 7
  python -m engine_core battle spec.json        (or - / a pipe: the JSON spec on stdin)
  python -m engine_core battle "1 dd vs 1 cv" --sea --edition "Pacific 1940" --dice 2,6 \
      --defender-damaged "1 cv" --defender-cargo "2 ftr"
        (a carrier damaged by a kamikaze strike earlier, its 2 fighters aboard as cargo)
  python -m engine_core battle "1 sub vs 1 trn" --sea --edition classic --dice 2 \
      --defender-cargo "2 inf"           (2 infantry aboard, lost with the transport)
The text form prints a transcript ("Round 1: ..."); --json prints the JSON output instead.
A JSON spec prints JSON (for scripts) unless --transcript, or when stdout is a terminal.

The JSON spec (an object; any other field is refused by name):
  edition   required: classic, revised, revised_lhtr, pacific_1940, global_1940,
            global_1940_variant, or the device's menu name ("Pacific 1940")
  kind      required: "land", "sea" or "amphibious"
  attacker  required: {unit: count}; names as the rulebook's (infantry, armor/tank, ...) or
            short (inf, art, arm, mech, ftr, fig, bmb, tac, dd, ca, bb, cv, sub, trn, tp, aa,
            aaa), plurals, any case; counts whole numbers
  defender  required: {unit: count} (empty: a warning, the attacker takes it unopposed)
  dice      optional: the dice rolled at the table, in the order the battle asks for them:
            step by step as the transcript shows them (the attacker fires before the
            defender; within a step one group of dice per value, as its "groups" list)
  seed      optional whole number: the device's own dice from this seed instead of "dice"
            (neither: the dice are typed in through the answers, one per firing step)
  answers   optional list: one answer per question the battle asks, in order; null or a
            missing answer takes the default. Answer formats, by question:
              dice        [4, 2, 6] (the dice of the step) or {"hits": [per column]}
              casualties  "infantry" | ["infantry", "armor"] (order of loss) |
                          {"infantry": 2} | {"lost": {...}, "damaged": {"battleship": 1}}
                          (+ "teched": {"fighter": 1} with allies: how many of the lost carry
                          the defender's technology, CL-C-60; default: the others first)
              retreat     "press" | "retreat" | a territory of options.retreat | "air"
                          (LHTR amphibious: the aircraft alone)
              submerge    a number of submarines (0: none), or {"submerge": 1, "teched":
                          {"submarine": 1}} with allies: how many of them are of the power
                          with Super Submarines (LHTR-T-06; default: the others first)
              kamikaze    [target, ...]: each a ship ("battleship") or [ship, its number]
                          (Pacific/Global 1940 tokens); LHTR's advantage: [[striker,
                          target], ...] or [[striker, target, number], ...]; [] none
              scramble    "fighter" (as many as may) or {"fighter": 2, "tactical_bomber": 1}
              bombard     "battleship" (as many as may) or {"battleship": 1, "cruiser": 1}
  options   optional object, every field optional:
              retreat          [territory names] the attacker may retreat to (null: none;
                               default: one unnamed space, answered "retreat")
              seaborne, bombard, scramble, sea_attacker, sea_defender   {unit: count}
              attacker_cargo, defender_cargo   {unit: count} aboard the side's ships in a sea
                               battle: planes on carriers (2 a carrier, counting a defender's
                               planes in the air), land units on transports (2 a transport,
                               at most one not infantry; Classic: 1-2 infantry or one other);
                               cargo never fights and is lost with its ship
              attacker_damaged, defender_damaged   {ship: count} capital ships damaged before
                               this sea battle (Pacific/Global 1940 only: an earlier battle, a
                               kamikaze strike): one more hit sinks them; a damaged carrier's
                               planes are cargo (P40-U-55); other editions repair or sink them
              attacker_tech, defender_tech          [technology names] (heavy_bombers, ...)
              sea_defender_tech  [technology names]: amphibious, the power whose ships and
                               planes defend the launch zone (its sea battle; CL-T-05,
                               LHTR-T-06: Jet Fighters on a carrier, LHTR Super Submarines);
                               the land battle keeps defender_tech; absent: defender_tech at
                               sea too ([]: none). allies split the land battle's defenders
              sea_defender_na  [national advantage names]: amphibious, LHTR, the advantages of
                               the power(s) defending the launch zone (LHTR-O-02: a power may
                               not share them; at sea Kamikaze, Kaiten, Most Powerful
                               Battleships); the land battle keeps defender_na; absent:
                               defender_na at sea too
              sea_allies       as allies, for the launch zone's defenders (counted in
                               sea_defender): each ally's technologies and advantages there;
                               the rest of sea_defender has sea_defender_tech (absent:
                               defender_tech) and sea_defender_na (absent: defender_na);
                               at sea Japan names only its own fighters / subs there as
                               kamikazes / kaitens (LHTR-O-41/42)
              allies           [{"tech": [...], "units": {unit: count}, "advantages": [...]},
                               ...]: defenders (counted in defender) of other powers, each
                               with its own technologies (CL-T-05, LHTR-T-06, P40-R-06: Jet
                               Fighters, LHTR Heavy Bombers and Super Submarines, 1940 Radar
                               help only their power: planes may hit the subs of a power
                               without Super Submarines, LHTR-T-09) and LHTR national
                               advantages (LHTR-O-02: Russian Winter, Most Powerful
                               Battleships... change only their power's units; at sea Japan
                               names only its own fighters / subs as kamikazes / kaitens,
                               LHTR-O-41/42); the rest of defender has defender_tech and
                               defender_na. Of a type, those with the technology or advantage
                               are lost last
              attacker_na, defender_na, space       [LHTR national advantage / space names]
              air_bases, kamikaze, paratroopers     whole numbers
              sub_withdraw, liberates, bombard_may_hit_air   true / false

Output (JSON): {"edition", "kind", "log": [event objects], "prompts": [...], "result":
{"outcome", "captured", "liberated", "rounds", "ipc_lost", "survivors", "damaged", "lost",
"submerged", "retreated", "cargo"}, "dice_left"}; with damaged ships or cargo at the start also
"start": {"damaged": {side: units}, "cargo": {side: units}}. "lost" and "ipc_lost" count the
cargo lost with its ships; "cargo" is the cargo left aboard.

Text form options: --edition, --sea, --amphibious, --seed, --dice, --attacker-tech NAMES,
--defender-tech NAMES (comma separated), --defender-ally TECHS:UNITS (repeated: defenders of
another power with its technologies: "jet_fighters:1 ftr", ":1 ftr" for none; in Revised / LHTR
its national advantages too: "russian_winter:2 inf"), and the start of
a sea battle: --attacker-damaged, --defender-damaged, --attacker-cargo, --defender-cargo UNITS
("1 bb, 2 inf").
Exit status: 0; 2 with a message naming the field (or the rule) for a bad spec or an
illegal answer; 130 on Ctrl-C.
"""
import json
import os

from engine_core.battle import steps as bt
from engine_core.battle import base as bb
from engine_core.editions import FAM_LHTR
from engine_core import events as ev
from engine_core.dice import Dice, FixedDice
from engine_core.board import Board
from engine_core.errors import RuleError, InputError
from engine_core.host import cli_common as cc
from engine_core.host import readable

SIDES = ("attacker", "defender")


def _unit(b, u):
    return b.board.unit_name(u)


def _units_dict(b, vec):
    out = {}
    for u in range(len(vec)):
        if vec[u]:
            out[_unit(b, u)] = vec[u]
    return out


def event_json(b, e):
    """One engine event as a JSON-friendly dict with names."""
    k = e[0]
    d = {"event": ev.NAMES[k]}
    if k == ev.E_STEP:
        d["step"] = bb.STEP_NAMES[e[1]]
        d["round"] = e[2]
    elif k == ev.E_ROUND:
        d["round"] = e[1]
    elif k == ev.E_ROLL:
        d.update(side=SIDES[e[1]], step=bb.STEP_NAMES[e[2]], value=e[3], dice=list(e[4]))
    elif k == ev.E_HITS:
        d.update(side=SIDES[e[1]], step=bb.STEP_NAMES[e[2]], hits=e[3])
    elif k in (ev.E_CASUALTY, ev.E_DAMAGE):
        d.update(side=SIDES[e[1]], unit=_unit(b, e[2]), count=e[3])
    elif k == ev.E_REMOVED:
        d.update(side=SIDES[e[1]], step=bb.STEP_NAMES[e[2]])
    elif k == ev.E_PROMPT:
        d["prompt"] = bb.PROMPT_NAMES[e[1]]
    elif k == ev.E_ANSWER:
        d["prompt"] = bb.PROMPT_NAMES[e[1]]
    elif k == ev.E_SUBMERGE:
        d.update(side=SIDES[e[1]], count=e[2])
    elif k == ev.E_RETREAT:
        d.update(side=SIDES[e[1]], to=e[2])
    elif k == ev.E_BOMBARD:
        d.update(unit=_unit(b, e[1]), count=e[2])
    elif k == ev.E_KAMIKAZE:
        d.update(strikes=e[1], targets=[_unit(b, u) for u in e[2]])
    elif k == ev.E_SCRAMBLE:
        d.update(unit=_unit(b, e[1]), count=e[2])
    elif k == ev.E_TRANSPORTS_LOST:
        d.update(side=SIDES[e[1]], count=e[2])
    elif k == ev.E_AA:
        d.update(side=SIDES[e[1]], dice=e[2])
    elif k == ev.E_RESULT:
        d.update(outcome=bb.OUTCOME_NAMES[e[1]], captured=bool(e[2]))
    return d


def result_json(b):
    r = b.result
    out = {
        "outcome": bb.OUTCOME_NAMES[r["outcome"]],
        "captured": bool(r["captured"]),
        "liberated": bool(r["liberated"]),
        "rounds": r["rounds"],
        "ipc_lost": {"attacker": r["ipc_lost"][0], "defender": r["ipc_lost"][1]},
    }
    for key in ("survivors", "damaged", "lost", "submerged"):
        out[key] = {"attacker": _units_dict(b, r[key][0]), "defender": _units_dict(b, r[key][1])}
    out["retreated"] = _units_dict(b, r["retreated"])
    out["cargo"] = {"attacker": _units_dict(b, r["cargo"][0]), "defender": _units_dict(b, r["cargo"][1])}
    if "panzerblitz" in r:
        out["panzerblitz"] = r["panzerblitz"]
    if "sea_survivors" in r:
        out["sea_survivors"] = {"attacker": _units_dict(b, r["sea_survivors"][0]),
                                "defender": _units_dict(b, r["sea_survivors"][1])}
    return out


def prompt_json(b, p):
    d = {"prompt": p.name(), "side": SIDES[p.side]}
    if p.kind == bb.P_CASUALTIES:
        d["default"] = {"lost": _units_dict(b, p.default[0]), "damaged": _units_dict(b, p.default[1])}
        d["options"] = [_unit(b, u) for u in p.options]
        d["rule"] = p.info[2]
    elif p.kind == bb.P_DICE:
        d["groups"] = [{"value": g[0], "dice": g[1]} for g in p.info[1]]
        d["step"] = bb.STEP_NAMES[p.info[0]]
    elif p.kind in (bb.P_KAMIKAZE, bb.P_SCRAMBLE, bb.P_BOMBARD):
        d["options"] = [_unit(b, u) for u in p.options]
        d["default"] = p.default if not isinstance(p.default, dict) else \
            dict((_unit(b, u), p.default[u]) for u in p.default)
    else:
        d["options"] = list(p.options)
        d["default"] = p.default
    return d


OPTION_COUNTS = ("seaborne", "bombard", "scramble", "attacker_cargo", "defender_cargo",
                 "sea_attacker", "sea_defender", "attacker_damaged", "defender_damaged")
START = (("damaged", "attacker_damaged", "defender_damaged"),
         ("cargo", "attacker_cargo", "defender_cargo"))
OPTION_NAMES = ("attacker_tech", "defender_tech", "sea_defender_tech", "attacker_na", "defender_na",
                "sea_defender_na", "space")
OPTION_WHOLE = ("air_bases", "kamikaze", "paratroopers")
OPTION_FLAGS = ("sub_withdraw", "liberates", "bombard_may_hit_air")
OPTIONS = OPTION_COUNTS + OPTION_NAMES + OPTION_WHOLE + OPTION_FLAGS + ("retreat", "allies",
                                                                       "sea_allies")
SPEC_KEYS = ("edition", "kind", "attacker", "defender", "dice", "seed", "answers", "options")


def check_options(board, options):
    """The battle options of a spec, checked field by field (names resolved), or {}."""
    if options is None:
        return {}
    cc.fields(options, "options", OPTIONS)
    out = {}
    for k in options:
        v = options[k]
        f = "options." + k
        if k in OPTION_COUNTS:
            out[k] = cc.counts(board, v, f)
        elif k in OPTION_NAMES:
            out[k] = cc.list_of(v, f, cc.text, 32)
        elif k in OPTION_WHOLE:
            out[k] = cc.whole(v, f, 0, cc.MAX_SIDE_UNITS)
        elif k in OPTION_FLAGS:
            out[k] = cc.flag(v, f)
        elif k in ("allies", "sea_allies"):
            continue                     # run_spec: it needs the defender
        elif v is None:
            out[k] = None
        else:
            out[k] = cc.list_of(v, f, cc.text, 64)
    return out


def sea_allies(board, value, options):
    """options.sea_allies: the launch zone's defenders of several powers (CL-T-05, LHTR-T-06,
    LHTR-O-02) as the battle's sea_defender_tech, sea_defender_teched and sea_defender_na, and
    (where the zone's kamikazes / kaitens are Japan's among others') sea_defender_strikers and
    sea_defender_strikers_teched."""
    if options.get("sea_defender") is None:
        raise InputError("options.sea_allies: the sea battle of an assault (options.sea_defender)")
    main_tech = options.get("sea_defender_tech")
    if main_tech is None:
        main_tech = options.get("defender_tech")
    main_na = options.get("sea_defender_na")
    if main_na is None:
        main_na = options.get("defender_na")
    options["sea_defender_tech"], options["sea_defender_teched"], nas = cc.allies(
        board, value, options["sea_defender"], main_tech, "options.sea_allies", main_na=main_na)
    if nas:
        options["sea_defender_na"] = nas
    # LHTR-O-41, LHTR-O-42: Japan names only its own fighters / subs in the assault's sea
    # battle; LHTR-T-06, LHTR-A-32: with its own Jets / Super Submarines only
    st, tk = cc.ally_strikers(board, value, options["sea_defender"], main_na,
                              "options.sea_allies", main_tech)
    if st:
        options["sea_defender_strikers"] = st
        options["sea_defender_strikers_teched"] = tk


def _die(v, field):
    return cc.whole(v, field, 1, 6)


def check_answer(b, p, a, field):
    """An answer of the spec in the shape its prompt takes (unit names resolved), or refused."""
    k = p.kind
    if a is None or a == "default":
        if k == bb.P_DICE:
            raise InputError("%s: dice needed for %s: give \"dice\", \"seed\" or typed dice in"
                             " \"answers\"" % (field, bb.STEP_NAMES[p.info[0]]))
        return a
    if k == bb.P_DICE:
        if isinstance(a, dict):
            cc.fields(a, field, ("hits", "dice"))
            if "hits" in a:
                return {"hits": cc.list_of(a["hits"], field + ".hits",
                                           lambda v, f: cc.whole(v, f, 0, cc.MAX_DICE), 8)}
            return cc.list_of(a.get("dice"), field + ".dice", _die, cc.MAX_DICE)
        return cc.list_of(a, field, _die, cc.MAX_DICE)
    if k == bb.P_CASUALTIES:
        if isinstance(a, str):
            return cc.unit_name(b.board, a, field)
        if isinstance(a, list):
            return cc.list_of(a, field, lambda v, f: cc.unit_name(b.board, v, f), 64)
        if isinstance(a, dict) and ("lost" in a or "damaged" in a):
            cc.fields(a, field, ("lost", "damaged", "teched"))
            out = {"lost": cc.counts(b.board, a.get("lost", {}), field + ".lost"),
                   "damaged": cc.counts(b.board, a.get("damaged", {}), field + ".damaged")}
            if "teched" in a:
                out["teched"] = cc.counts(b.board, a["teched"], field + ".teched")
            return out
        if isinstance(a, dict):
            return cc.counts(b.board, a, field)
        raise InputError("%s: casualties are a unit name, a list of names (order of loss),"
                         " {unit: count} or {\"lost\": {...}, \"damaged\": {...}}" % field)
    if k == bb.P_RETREAT:
        words = ["press", "retreat"] + [t for t in b.retreat_to if isinstance(t, str)]
        if b.family == FAM_LHTR and b.kind == bb.K_AMPHIBIOUS:
            words.append("air")
        if isinstance(a, str):
            for w in words:
                if a.strip().lower() == w.lower():
                    return w
            return a            # a space the attacker did not come from: the rule refuses it
        if isinstance(a, int) and not isinstance(a, bool) and a >= 0:
            return a            # the index of a space of options.retreat
        raise InputError("%s: the retreat question takes one of %s, not %s%s" % (
            field, ", ".join(sorted(set(words))), json.dumps(a)[:40], cc.suggest(a, words)))
    if k == bb.P_SUBMERGE:
        if isinstance(a, dict):
            # a defending side of two powers' subs: {"submerge": n, "teched": {"submarine": m}}
            cc.fields(a, field, ("submerge", "teched"), ("submerge",))
            out = {"submerge": cc.whole(a["submerge"], field + ".submerge", 0, cc.MAX_SIDE_UNITS)}
            if "teched" in a:
                out["teched"] = cc.counts(b.board, a["teched"], field + ".teched")
            return out
        return cc.whole(a, field, 0, cc.MAX_SIDE_UNITS)
    return a


def run_spec(spec):
    """Run a battle spec (a dict); returns the output dict. Raises RuleError / InputError."""
    cc.fields(spec, "", SPEC_KEYS, ("edition", "kind", "attacker", "defender"))
    edition = cc.edition(spec["edition"])
    kind = cc.one_of(spec["kind"], "kind", ("land", "sea", "amphibious"))
    board = Board(edition)
    attacker = cc.counts(board, spec["attacker"], "attacker")
    defender = cc.counts(board, spec["defender"], "defender")
    cc.check_total((("attacker", attacker), ("defender", defender)), cc.MAX_SIDE_UNITS,
                   cc.MAX_BATTLE_UNITS, "a battle")
    if not cc.total(attacker):
        raise InputError("attacker: no units: an empty side fights no battle")
    options = check_options(board, spec.get("options"))
    if (spec.get("options") or {}).get("sea_allies") is not None:
        # first: the zone's main power is the land owner unless sea_defender_* say otherwise
        sea_allies(board, spec["options"]["sea_allies"], options)
    if (spec.get("options") or {}).get("allies") is not None:
        main_na = options.get("defender_na")           # the defending power's own
        main_tech = options.get("defender_tech")
        options["defender_tech"], options["defender_teched"], nas = cc.allies(
            board, spec["options"]["allies"], defender, main_tech, "options.allies",
            main_na=main_na)
        if nas:
            options["defender_na"] = nas
        if kind == "sea":
            # LHTR-O-41, LHTR-O-42: Japan names only its own fighters / subs; LHTR-T-06,
            # LHTR-A-32: with its own Jets / Super Submarines only
            st, tk = cc.ally_strikers(board, spec["options"]["allies"], defender, main_na,
                                      "options.allies", main_tech)
            if st:
                options["defender_strikers"] = st
                options["defender_strikers_teched"] = tk
    if spec.get("dice") is not None:
        dice = FixedDice(cc.list_of(spec["dice"], "dice", _die, cc.MAX_DICE))
    elif spec.get("seed") is not None:
        dice = Dice(seed=cc.seed(spec["seed"]))
    else:
        dice = None
    answers = spec.get("answers")
    answers = [] if answers is None else list(cc.list_of(answers, "answers", lambda v, f: v,
                                                         cc.MAX_ANSWERS))
    b = bt.Battle(board, kind, attacker, defender, options)
    prompts = []
    n = 0
    while True:
        try:
            p = b.run_until_prompt(dice)
        except IndexError as e:
            raise InputError("dice: %s" % e)
        if p is None:
            break
        prompts.append(prompt_json(b, p))
        a = answers.pop(0) if answers else None
        b.answer(check_answer(b, p, a, "answers[%d]" % n))
        n += 1
        if n > cc.MAX_ANSWERS:
            raise InputError("the battle asked more than %d questions" % cc.MAX_ANSWERS)
    out = {
        "edition": edition,
        "kind": kind,
        "log": [event_json(b, e) for e in b.events],
        "prompts": prompts,
        "result": result_json(b),
        "dice_left": dice.remaining() if isinstance(dice, FixedDice) else None,
    }
    start = {}
    for key, a_key, d_key in START:
        if cc.total(options.get(a_key)) or cc.total(options.get(d_key)):
            start[key] = {"attacker": _nonzero(options.get(a_key)),
                          "defender": _nonzero(options.get(d_key))}
    if start:
        out["start"] = start
    return out


def _nonzero(units):
    return dict((u, units[u]) for u in units or {} if units[u])


def _parser(stdout):
    p = cc.Parser(stdout, prog="python -m engine_core battle", description=__doc__,
                  epilog=cc.BOUNDS_HELP)
    p.add_argument("battle", nargs="?", metavar="BATTLE|FILE|-",
                   help="'3 inf 2 art vs 4 inf' (the battle as text), a JSON spec file, or - for stdin")
    p.add_argument("--edition", help="for the text form: an edition id or menu name (default %s)"
                   % DEFAULT_EDITION)
    p.add_argument("--sea", action="store_true", help="text form: a sea battle")
    p.add_argument("--amphibious", action="store_true", help="text form: an amphibious assault")
    p.add_argument("--seed", help="text form: the device's dice from this seed (default: a new"
                   " random seed, printed so the battle can be repeated)")
    p.add_argument("--dice", help="text form: the dice rolled at the table, in order: 4,2,6,1")
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
    p.add_argument("--json", action="store_true", help="print the JSON output (the default when"
                   " the spec is JSON and stdout is not a terminal)")
    p.add_argument("--transcript", action="store_true", help="print the readable transcript"
                   " (the default for the text form and on a terminal)")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    return p


DEFAULT_EDITION = "global_1940"
_TEXT_ONLY = ("edition", "sea", "amphibious", "seed", "dice", "attacker_damaged", "defender_damaged",
              "attacker_cargo", "defender_cargo", "attacker_tech", "defender_tech", "defender_ally")


def _spec_of_text(args, text):
    spec = cc.text_battle(args, text, DEFAULT_EDITION)
    options = {}
    for key in ("damaged", "cargo"):
        sides = cc.side_units(args, spec, key)
        for side in sides:
            options[side + "_" + key] = sides[side]
    for side in SIDES:
        v = getattr(args, side + "_tech")
        if v is not None:
            options[side + "_tech"] = [t for t in v.replace(",", " ").split()]
    if args.defender_ally:
        options["allies"] = cc.ally_text(Board(spec["edition"]), args.defender_ally, "--defender-ally")
    if options:
        spec["options"] = options
    if args.dice is not None:
        ds = []
        for w in args.dice.replace(",", " ").split():
            if not w.isdigit() or len(w) > 1:
                raise InputError("--dice: '%s' is not a die (1 to 6)" % w[:12])
            ds.append(int(w))
        spec["dice"] = ds
    elif args.seed is not None:
        if not args.seed.isdigit() or len(args.seed) > 39:
            raise InputError("--seed must be a whole number, not '%s'" % args.seed[:40])
        spec["seed"] = int(args.seed)
    else:
        spec["seed"] = int.from_bytes(os.urandom(4), "big") >> 2
    return spec


def _run(argv, stdin, stdout, stderr):
    args = _parser(stdout).parse_args(argv)
    text_form = args.battle is not None and readable.looks_like_battle(args.battle)
    if not text_form:
        for k in _TEXT_ONLY:
            if getattr(args, k) not in (None, False):
                raise InputError("--%s is for the text form ('3 inf vs 2 inf'); a JSON spec says"
                                 " it in its fields" % k.replace("_", "-"))
        if args.battle is None and cc.refuse_bare_terminal("battle", stdin, stderr,
                                                           _parser(stdout).format_usage()):
            return cc.EXIT_USAGE
        spec = cc.parse_json(cc.read_text(stdin, args.battle, "the spec"))
    else:
        spec = _spec_of_text(args, args.battle)
    warnings = []
    if isinstance(spec, dict) and isinstance(spec.get("defender"), dict) and \
            not any(spec["defender"][k] for k in spec["defender"]):
        warnings.append("the defender has no units: the attacker takes the territory unopposed")
    out = run_spec(spec)
    for w in warnings:
        stderr.write("battle: warning: %s\n" % w)
    as_json = args.json or args.compact or (not args.transcript and not text_form
                                            and not cc.is_terminal(stdout))
    if as_json:
        if args.compact:
            stdout.write(json.dumps(out, sort_keys=True) + "\n")
        else:
            stdout.write(json.dumps(out, indent=1, sort_keys=True) + "\n")
    else:
        lines = readable.battle_transcript(out)
        if text_form and "seed" in spec:
            lines.insert(0, "dice: the device's, seed %d (repeat with --seed %d)" % (
                spec["seed"], spec["seed"]))
        stdout.write("\n".join(lines) + "\n")
    return cc.EXIT_OK


main = cc.command("battle", _run)

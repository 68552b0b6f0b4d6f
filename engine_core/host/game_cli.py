"""`python -m engine_core game`: replay a game's actions and print the state summary.

  python -m engine_core game game.json          (or - / a pipe: the JSON on stdin)
  echo '{"edition": "Pacific 1940", "actions": [{"type": "end_phase"}]}' | python -m engine_core game

Input (one JSON object; any other field is refused by name):
  edition   required: classic, revised, revised_lhtr, pacific_1940, global_1940,
            global_1940_variant, or the device's menu name ("Pacific 1940")
  actions   optional list of actions, applied in order; each an object with a "type":
              purchase {units: {unit: count}, power?}      place {territory, units, sea_zone?, power?}
              repair {territory, count, facility?, power?}  upgrade {territory, power?}
              research {dice, rolls?}                       declare_war {target}
              capture {territory, by?, aa?}                 violate_neutral {territory}
              battle {territory, by?, result | captured, attacker_ipc, defender_ipc, kamikaze?}
              bombing {territory, damage, facility?}        enter {territory, by?, attack}
              end_phase                                     collect_income {answers?, convoy?}
              answer {value}                                advantage {name, territory?}
              rocket {territory, launcher, die, facility?}
            (territories and powers by name or id, units by name; engine_core/ledger/game.py)
  seed      optional whole number (default 1): the game's own dice (research, convoys)
  options   optional object, every field optional:
              rd, head_start_weapons, no_new_complexes, ships_in_enemy_zones, total_victory,
              restricted_attack, p40_us_onetime30            true / false
              p40_us_dow_window, g40_us_dow_window, g40v_uk_dow_window
                                                             "turn3_only" | "turn3_onward"
              g40_act_of_war                                 "auto_war" | "forbid"
              vc_level                                       whole number of victory cities
              national_advantages                            [Revised/LHTR advantage names]

Output: the summary as one line of JSON (round, power, phase, treasury, production, at_war,
victory; with --save-size also save_bytes; while a question is pending, prompt: its kind,
question, options and default -- e.g. the Nonaggression Treaty's, LHTR-O-11, answered with
{"type": "answer", "value": territory or "none"}). The first illegal action: "game: action N: RULE-ID:
message" on stderr and exit status 2; a malformed input: a message naming the field, exit
status 2; Ctrl-C: 130.
"""
import json

from engine_core.errors import RuleError, InputError
from engine_core.host import cli_common as cc

SPEC_KEYS = ("edition", "actions", "seed", "options")
OPTION_FLAGS = ("rd", "head_start_weapons", "no_new_complexes", "ships_in_enemy_zones",
                "total_victory", "restricted_attack", "p40_us_onetime30")
OPTION_CHOICES = (("p40_us_dow_window", ("turn3_only", "turn3_onward")),
                  ("g40_us_dow_window", ("turn3_only", "turn3_onward")),
                  ("g40v_uk_dow_window", ("turn3_only", "turn3_onward")),
                  ("g40_act_of_war", ("auto_war", "forbid")))
OPTIONS = OPTION_FLAGS + tuple(k for k, _ in OPTION_CHOICES) + ("vc_level", "national_advantages")
ACTION_TYPES = ("purchase", "place", "repair", "upgrade", "capture", "battle", "violate_neutral",
                "declare_war", "research", "end_phase", "collect_income", "answer", "bombing",
                "enter", "advantage", "rocket")


def check_options(options):
    if options is None:
        return {}
    cc.fields(options, "options", OPTIONS)
    out = {}
    for k in options:
        v = options[k]
        f = "options." + k
        if k in OPTION_FLAGS:
            out[k] = cc.flag(v, f)
        elif k == "vc_level":
            out[k] = cc.whole(v, f, 1, 99)
        elif k == "national_advantages":
            out[k] = tuple(cc.list_of(v, f, cc.text, 64))
        else:
            for name, values in OPTION_CHOICES:
                if name == k:
                    out[k] = cc.one_of(v, f, values)
    return out


def check_action(a, field):
    """An action's outer shape (its fields are the engine's to check)."""
    if not isinstance(a, dict):
        raise InputError("%s must be an object {\"type\": ...}, not %s" % (field, json.dumps(a)[:40]))
    if "type" not in a:
        raise InputError("%s needs a \"type\": one of %s" % (field, ", ".join(ACTION_TYPES)))
    cc.one_of(a["type"], field + ".type", ACTION_TYPES)
    return a


def _parser(stdout):
    p = cc.Parser(stdout, prog="python -m engine_core game", description=__doc__,
                  epilog=cc.BOUNDS_HELP)
    p.add_argument("game", nargs="?", metavar="FILE|-", help="the JSON game file, or - for stdin")
    p.add_argument("--save-size", action="store_true", help="add save_bytes: the size of its save")
    return p


def _run(argv, stdin, stdout, stderr):
    from engine_core.ledger.game import Game
    parser = _parser(stdout)
    args = parser.parse_args(argv)
    if args.game is None and cc.refuse_bare_terminal("game", stdin, stderr, parser.format_usage()):
        return cc.EXIT_USAGE
    spec = cc.parse_json(cc.read_text(stdin, args.game, "the game"), "the game")
    cc.fields(spec, "", SPEC_KEYS, ("edition",))
    edition = cc.edition(spec["edition"])
    seed = cc.seed(spec.get("seed", 1))
    options = check_options(spec.get("options"))
    actions = spec.get("actions")
    actions = [] if actions is None else cc.list_of(actions, "actions", check_action, cc.MAX_ACTIONS)
    game = Game.new(edition, seed=seed, options=options)
    for i in range(len(actions)):
        try:
            game.apply(actions[i])
        except (RuleError, InputError) as e:
            # the refusal as cc.fail prints it, with the action's index
            stderr.write("game: action %d: %s%s\n" % (
                i, e.rule + ": " if isinstance(e, RuleError) else "", e.message))
            return cc.EXIT_USAGE
    out = game.summary()
    if game.prompt is not None:   # a question the next action must answer ({"type": "answer"})
        out["prompt"] = game.prompt
    if args.save_size:
        from engine_core.ledger import save as save
        out["save_bytes"] = len(save.dumps(game))
    stdout.write(json.dumps(out, sort_keys=True) + "\n")
    return cc.EXIT_OK


main = cc.command("game", _run)

"""`python -m engine_core raid`: replay one bombing raid (strategic or, in the 1940 games,
tactical) from a JSON spec and print what happened (issue 16 item 18).

  python -m engine_core raid spec.json        (or - / a pipe: the JSON spec on stdin)
  python -m engine_core raid spec.json --defender-ally jet_fighters:1ftr

The JSON spec (an object; any other field is refused by name):
  edition           required: classic, revised, revised_lhtr, pacific_1940, global_1940,
                    global_1940_variant, or the device's menu name ("Pacific 1940")
  attacker          required: {unit: count}: the bombers and, in the 1940 games, the fighters
                    flying with them (escort candidates); short names and plurals as in
                    `battle` (bmb, tac, ftr ...)
  targets           1940: the facilities raided, {facility: damage markers now}
                    (industrial_complex, major_industrial_complex, minor_industrial_complex,
                    air_base, naval_base)
  interceptors      1940: defending fighters based in the territory (whole number)
  aa                Classic / Revised: AA guns in the territory (whole number)
  treasury          Classic / Revised: the IC owner's IPCs (what it can surrender)
  territory_value   Revised / LHTR: the territory's income value (the damage cap)
  damage_this_turn  LHTR: raid and rocket damage already done to this IC this turn
  attacker_tech     [names]: heavy_bombers, jet_fighters, superfortresses (LHTR-O-55)
  defender_tech     [names]: jet_fighters, radar
  allies            1940: [{"tech": [...], "units": {"fighter": n}}, ...]: interceptors (counted
                    in "interceptors") of another power of the defending side, with its own
                    technologies (P40-R-06: never shared; P40-R-22: only a power's own fighters
                    hit on 1-2 with Jet Fighters), as the battle command line's; the rest are
                    the territory owner's, with defender_tech. Text: --defender-ally TECHS:UNITS
                    (repeated). The defender then chooses how many of each intercept and whose
                    are lost: answers {"interceptors": n, "teched": {"fighter": k}} and
                    [lost, jets among them] (see engine_core/battle/raids.py)
  options           {"p40_hb_in_air_battle": "two_dice" | "one_die"} (P40-X-41)
  dice              the dice rolled at the table, in the raid's order (see
                    engine_core/battle/raids.py): air battle, AA, then bombing
  seed              whole number: the device's own dice from this seed instead of "dice"
  answers           list: one answer per question (escorts, interceptors, casualties,
                    targets), in order; a missing answer takes the default

Output (JSON): {"edition", "result": {"damage", "ipcs_lost", "rolled", "facilities",
"attacker_lost", "defender_lost", "bombers_left", "escorts_left", "interceptors_left"},
"answers" (the answers used, defaults included), "dice_left" (with "dice")}.
Exit status: 0; 2 with a message naming the field or the rule for a bad spec; 130 on Ctrl-C.
"""
import json

from engine_core.errors import InputError
from engine_core.host import cli_common as cc

SPEC_KEYS = ("edition", "attacker", "targets", "interceptors", "aa", "treasury",
             "territory_value", "damage_this_turn", "attacker_tech", "defender_tech", "allies",
             "options", "dice", "seed", "answers")
_MAX_DICE = 2000


def _die(v, field):
    return cc.whole(v, field, 1, 6)


def _counts(board, v, field):
    if not isinstance(v, dict):
        raise InputError("%s must be an object {unit: count}" % field)
    out = {}
    for k in v:
        name = cc.unit_name(board, k, field)
        out[name] = cc.whole(v[k], "%s.%s" % (field, k), 0, cc.MAX_SIDE_UNITS)
    return out


def check_spec(spec):
    """The spec's shape, field by field (the engine checks the rules)."""
    from engine_core.editions import UnitsBoard
    cc.fields(spec, "", SPEC_KEYS, ("edition", "attacker"))
    edition = cc.edition(spec["edition"])
    board = UnitsBoard(edition)
    out = {"edition": edition, "attacker": _counts(board, spec["attacker"], "attacker")}
    if "targets" in spec:
        out["targets"] = _counts(board, spec["targets"], "targets")
    for k in ("interceptors", "aa", "treasury", "territory_value", "damage_this_turn"):
        if k in spec:
            out[k] = cc.whole(spec[k], k, 0, 10000)
    for k in ("attacker_tech", "defender_tech"):
        if k in spec:
            out[k] = tuple(cc.list_of(spec[k], k, cc.text, 16))
    if spec.get("allies") is not None:
        # the Raid's defender_tech (the side's) and defender_teched, as a battle's allies
        out["defender_tech"], out["defender_teched"], _ = cc.allies(
            board, spec["allies"], {"fighter": out.get("interceptors", 0)}, out.get("defender_tech"),
            "allies", raid=True)
    if "options" in spec:
        cc.fields(spec["options"], "options", ("p40_hb_in_air_battle",))
        out["options"] = dict(spec["options"])
    if "dice" in spec and "seed" in spec:
        raise InputError("give either dice or seed, not both")
    if "dice" in spec:
        out["dice"] = cc.list_of(spec["dice"], "dice", _die, _MAX_DICE)
    if "seed" in spec:
        out["seed"] = cc.seed(spec["seed"])
    if "answers" in spec:
        out["answers"] = cc.list_of(spec["answers"], "answers", lambda v, f: v, 200)
    return out


def _parser(stdout):
    p = cc.Parser(stdout, prog="python -m engine_core raid", description=__doc__,
                  epilog=cc.BOUNDS_HELP)
    p.add_argument("spec", nargs="?", metavar="FILE|-", help="the JSON raid spec, or - for stdin")
    p.add_argument("--defender-ally", metavar="TECHS:UNITS", action="append",
                   help="interceptors of another defending power and its technologies "
                        "('jet_fighters:1 ftr', ':1 ftr'); repeated for more powers (the spec's allies)")
    return p


def _run(argv, stdin, stdout, stderr):
    from engine_core.battle import raids
    from engine_core.dice import FixedDice
    parser = _parser(stdout)
    args = parser.parse_args(argv)
    if args.spec is None and cc.refuse_bare_terminal("raid", stdin, stderr, parser.format_usage()):
        return cc.EXIT_USAGE
    spec = cc.parse_json(cc.read_text(stdin, args.spec, "the raid"), "the raid")
    if args.defender_ally and isinstance(spec, dict) and "edition" in spec:
        from engine_core.editions import UnitsBoard
        spec["allies"] = (spec.get("allies") or []) + cc.ally_text(
            UnitsBoard(cc.edition(spec["edition"])), args.defender_ally, "--defender-ally")
    spec = check_spec(spec)
    dice = FixedDice(spec["dice"]) if "dice" in spec else None
    try:
        raid, used = raids.run_spec(spec, dice)
    except IndexError:
        raise InputError("dice: not enough dice for this raid (give more, or a seed)")
    r = raid.result
    res = dict(r)
    res["facilities"] = [list(f) for f in r["facilities"]]
    out = {"edition": spec["edition"], "result": res,
           "answers": [list(a) if isinstance(a, tuple) else a for a in used]}
    if dice is not None:
        out["dice_left"] = dice.remaining()
    stdout.write(json.dumps(out, sort_keys=True) + "\n")
    return cc.EXIT_OK


main = cc.command("raid", _run)

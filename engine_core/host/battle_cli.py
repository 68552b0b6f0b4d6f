"""`python -m engine_core battle`: run one battle from a JSON spec, print its step log and result.

Spec (stdin, JSON object):
  edition    "classic" | "revised" | "revised_lhtr" | "pacific_1940" | "global_1940" | "global_1940_variant"
  kind       "land" | "sea" | "amphibious"
  attacker   {unit name: count}
  defender   {unit name: count}
  dice       optional list of die values used in order (the dice a group rolled at the table)
  seed       optional int: the device's own seeded dice instead
             (neither: the dice are typed in through the answers, one answer per firing group:
              a list of dice, or {"hits": [per column]})
  answers    optional list, one per prompt in order; a missing answer or null takes the default
  options    optional dict passed to engine_core.battle.steps.Battle (retreat, seaborne, bombard, ...)

Output (stdout, JSON object): {"edition", "kind", "log": [event objects], "prompts": [...],
"result": {...}}. Exit status 0, or 2 with a message on stderr for a bad spec or an illegal answer.
"""
import argparse
import json

from engine_core.battle import steps as bt
from engine_core.battle import base as bb
from engine_core import events as ev
from engine_core.dice import Dice, FixedDice
from engine_core.errors import RuleError, InputError

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


def run_spec(spec):
    """Run a battle spec (a dict); returns the output dict. Raises RuleError / InputError."""
    if not isinstance(spec, dict):
        raise InputError("the spec is a JSON object")
    for key in ("edition", "kind", "attacker", "defender"):
        if key not in spec:
            raise InputError("the spec needs %r" % key)
    if "dice" in spec and spec["dice"] is not None:
        try:
            dice = FixedDice([int(x) for x in spec["dice"]])
        except ValueError as e:
            raise InputError(str(e))
    elif "seed" in spec and spec["seed"] is not None:
        dice = Dice(seed=int(spec["seed"]))
    else:
        dice = None
    b = bt.Battle(spec["edition"], spec["kind"], spec["attacker"], spec["defender"], spec.get("options"))
    answers = list(spec.get("answers") or ())
    prompts = []
    while True:
        try:
            p = b.run_until_prompt(dice)
        except IndexError as e:
            raise InputError(str(e))
        if p is None:
            break
        prompts.append(prompt_json(b, p))
        a = answers.pop(0) if answers else None
        if p.kind == bb.P_DICE and a is None:
            raise InputError("dice needed for %s: give \"dice\", \"seed\" or typed dice in \"answers\""
                             % bb.STEP_NAMES[p.info[0]])
        b.answer(a)
    return {
        "edition": spec["edition"],
        "kind": spec["kind"],
        "log": [event_json(b, e) for e in b.events],
        "prompts": prompts,
        "result": result_json(b),
        "dice_left": dice.remaining() if isinstance(dice, FixedDice) else None,
    }


def main(argv, stdin, stdout, stderr):
    parser = argparse.ArgumentParser(prog="python -m engine_core battle",
                                     description="Run one battle from a JSON spec on stdin.")
    parser.add_argument("--compact", action="store_true", help="one-line JSON")
    args = parser.parse_args(argv)
    try:
        spec = json.loads(stdin.read())
    except ValueError as e:
        stderr.write("battle: the spec is not JSON: %s\n" % e)
        return 2
    try:
        out = run_spec(spec)
    except (RuleError, InputError) as e:
        stderr.write("battle: %s\n" % e)
        return 2
    if args.compact:
        stdout.write(json.dumps(out, sort_keys=True) + "\n")
    else:
        stdout.write(json.dumps(out, indent=1, sort_keys=True) + "\n")
    return 0

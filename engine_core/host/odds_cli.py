"""`python -m engine_core odds`: a JSON battle spec on stdin, its exact odds as JSON on stdout.

Input (one JSON object):
  {"edition": "pacific_1940", "kind": "land" | "sea" | "amphibious",
   "attacker": {"infantry": 3, "artillery": 1, "tank": 2, "fighter": 1},
   "defender": {"infantry": 4, "aaa": 1}}
optional: "bombard" {ship: count} (amphibious), "policy" {see engine_core/odds/exact.py},
"tech" [names] (the attacker's) or {"attacker": [...], "defender": [...]},
"method" "exact" (default) | "monte_carlo", "runs" (Monte Carlo, default 2000), "seed",
"damaged" {"attacker": {...}, "defender": {...}} and "rounds_done" (live odds after a round),
"advantages" {"attacker": [...], "defender": [...]} and "space" ["gray", "island", "tan"]
(Revised / LHTR national advantages, names as engine_core/battle/advantages.py).

Output: attacker_wins, defender_wins, draw, attacker_retreats, attacker_captures,
expected_rounds, attacker_survivors, defender_survivors, attacker_ipc_lost, defender_ipc_lost,
ipc_swing, method (exact also: attacker_remaining / defender_remaining, the most likely
remaining forces first, at most `max_outcomes` (default 20) each; Monte Carlo: *_se, runs).
A unit the edition does not have, a negative count or a malformed spec: a message on stderr,
exit status 2.
"""
import json

from engine_core.odds import exact as _odds
from engine_core.board import EDITIONS
from engine_core.errors import InputError, RuleError

KEYS = ("edition", "kind", "attacker", "defender", "bombard", "policy", "tech", "method",
        "runs", "seed", "damaged", "rounds_done", "max_outcomes", "advantages", "space")


def _spec_error(msg):
    raise InputError(msg)


def _check_side(spec, key, required):
    v = spec.get(key)
    if v is None:
        if required:
            _spec_error("'%s' is required: {unit name: count}" % key)
        return None
    if not isinstance(v, dict):
        _spec_error("'%s' must be an object {unit name: count}" % key)
    for name in v:
        c = v[name]
        if isinstance(c, bool) or not isinstance(c, int):
            _spec_error("%s: the count of '%s' must be a whole number" % (key, name))
    return v


def run(spec):
    """The JSON-ready answer for a parsed spec (raises InputError / RuleError)."""
    if not isinstance(spec, dict):
        _spec_error("the spec must be a JSON object")
    for k in spec:
        if k not in KEYS:
            _spec_error("unknown key '%s' (known: %s)" % (k, ", ".join(KEYS)))
    edition = spec.get("edition")
    if edition not in EDITIONS:
        _spec_error("'edition' must be one of: " + ", ".join(EDITIONS))
    kind = spec.get("kind", "land")
    if kind not in _odds.KINDS:
        _spec_error("'kind' must be land, sea or amphibious")
    attacker = _check_side(spec, "attacker", True)
    defender = _check_side(spec, "defender", True)
    bombard = _check_side(spec, "bombard", False)
    policy = spec.get("policy")
    if policy is not None and not isinstance(policy, dict):
        _spec_error("'policy' must be an object")
    tech = spec.get("tech")
    if tech is not None and not isinstance(tech, (list, dict)):
        _spec_error("'tech' must be a list of names or {\"attacker\": [...], \"defender\": [...]}")
    advantages = spec.get("advantages")
    if advantages is not None and not isinstance(advantages, dict):
        _spec_error("'advantages' must be {\"attacker\": [...], \"defender\": [...]}"
                    " (LHTR national advantages)")
    space = spec.get("space")
    if space is not None and not isinstance(space, list):
        _spec_error("'space' must be a list of facts: gray, island, tan")
    method = spec.get("method", "exact")
    if method not in ("exact", "monte_carlo"):
        _spec_error("'method' must be exact or monte_carlo")
    runs = spec.get("runs", 2000)
    seed = spec.get("seed", 1)
    for name, v in (("runs", runs), ("seed", seed)):
        if isinstance(v, bool) or not isinstance(v, int) or v < (1 if name == "runs" else 0):
            _spec_error("'%s' must be a whole number" % name)
    if runs > 1000000:
        _spec_error("'runs' is at most 1000000")
    rounds_done = spec.get("rounds_done", 0)
    if isinstance(rounds_done, bool) or not isinstance(rounds_done, int) or rounds_done < 0:
        _spec_error("'rounds_done' must be a whole number >= 0")
    max_out = spec.get("max_outcomes", 20)
    if isinstance(max_out, bool) or not isinstance(max_out, int) or max_out < 0:
        _spec_error("'max_outcomes' must be a whole number >= 0")
    damaged = spec.get("damaged")
    if damaged is not None:
        if not isinstance(damaged, dict):
            _spec_error("'damaged' must be {\"attacker\": {...}, \"defender\": {...}}")
        for k in damaged:
            if k not in ("attacker", "defender"):
                _spec_error("'damaged' keys are attacker and defender")
            _check_side(damaged, k, False)
    if method == "monte_carlo":
        if damaged or rounds_done:
            _spec_error("live odds (damaged, rounds_done) use the exact method")
        from engine_core.odds.montecarlo import monte_carlo
        res = monte_carlo(edition, kind, attacker, defender, policy=policy, runs=runs,
                          seed=seed, bombard=bombard, tech=tech, advantages=advantages,
                          space=space)
        return _jsonable(res)
    res = _odds.odds(edition, kind, attacker, defender, policy=policy, bombard=bombard,
                     tech=tech, damaged=damaged, rounds_done=rounds_done, advantages=advantages,
                     space=space)
    out = _jsonable(res)
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
        if isinstance(v, dict):
            out[k] = dict((n, float(v[n])) for n in v)
        elif isinstance(v, (tuple, list)):
            continue
        elif isinstance(v, str) or isinstance(v, int) and not isinstance(v, bool):
            out[k] = v
        else:
            out[k] = float(v)
    return out


def main(argv, stdin, stdout, stderr):
    if argv and argv[0] in ("-h", "--help"):
        stdout.write(__doc__)
        return 0
    if argv:
        stderr.write("odds: no arguments; the spec comes as JSON on stdin\n")
        return 2
    text = stdin.read()
    try:
        spec = json.loads(text)
    except ValueError as e:
        stderr.write("odds: the spec is not valid JSON: %s\n" % e)
        return 2
    try:
        out = run(spec)
    except RuleError as e:
        stderr.write("odds: %s: %s\n" % (e.rule, e.message))
        return 2
    except InputError as e:
        stderr.write("odds: %s\n" % e.message)
        return 2
    stdout.write(json.dumps(out, sort_keys=True, indent=1))
    stdout.write("\n")
    return 0

"""`python -m engine_core game`: replay a game's actions and print the state summary.

stdin: {"edition": "pacific_1940", "actions": [...], "seed": 1 (optional), "options": {} (optional)}
stdout: the summary as JSON (round, power, phase, treasury, production, at_war, victory).
The first illegal action: "action N: RULE-ID: message" on stderr, exit status 2.
"""
import json

from engine_core.errors import RuleError, InputError


def main(argv, stdin, stdout, stderr):
    from engine_core.ledger.game import Game
    try:
        spec = json.loads(stdin.read())
        if not isinstance(spec, dict) or "edition" not in spec:
            raise InputError('expected {"edition": ..., "actions": [...]}')
        game = Game.new(spec["edition"], seed=spec.get("seed", 1), options=spec.get("options") or {})
    except (ValueError, InputError) as e:
        stderr.write("INPUT: %s\n" % (e,))
        return 2
    actions = spec.get("actions") or []
    for i in range(len(actions)):
        try:
            game.apply(actions[i])
        except RuleError as e:
            stderr.write("action %d: %s: %s\n" % (i, e.rule, e.message))
            return 2
        except InputError as e:
            stderr.write("action %d: %s: %s\n" % (i, e.rule, e.message))
            return 2
    out = game.summary()
    if "--save-size" in argv:
        from engine_core.ledger import save as save
        out["save_bytes"] = len(save.dumps(game))
    stdout.write(json.dumps(out, sort_keys=True) + "\n")
    return 0

"""Interceptors of several powers in a 1940 bombing raid (Raid's defender_teched): reading how
many of them belong to a power with Jet Fighters, how many of each intercept and whose are lost.
P40-C-42: "The owning player(s) decide how many"; P40-C-43: "Each side chooses which of its own
units take the hits"; P40-R-06: technology is never shared; P40-R-22: Jet Fighters' intercepting
fighters hit on 1-2. engine_core/battle/raids.py imports this only for such a raid (device heap);
the state stays the raid's."""

from engine_core.errors import RuleError, InputError


def fighters(raid, counts, rule, what="teched"):
    """The fighters of a {unit: count} (or (unit, count) pairs); None when not given. Another
    unit with a count is refused: only fighters intercept (P40-C-42, P40-U-40)."""
    if counts is None:
        return None
    pairs = [(k, counts[k]) for k in counts] if isinstance(counts, dict) else counts
    if not isinstance(pairs, (list, tuple)):
        raise InputError(what + " is {unit: count}")
    n = 0
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise InputError(what + " is {unit: count}")
        c = pair[1]
        if not isinstance(c, int) or c < 0 or c > 999:
            raise InputError("a unit count is a whole number 0..999, not " + str(c))
        if raid.unit_id(pair[0]) == raid.u_fighter:
            n += c
        elif c:
            raise RuleError(rule, "%s: only fighters intercept" % what)
    return n


def teched(raid, counts, able, has_jets):
    """defender_teched of a raid with `able` fighters able to intercept: how many of them are of
    a power with Jet Fighters; -1 when no defending power has them (whose they are changes
    nothing)."""
    n = fighters(raid, counts, "P40-C-42", "defender_teched")
    if n > able:
        raise RuleError("P40-C-42", "defender_teched: %d fighters of a power with Jet Fighters, "
                        "%d able to intercept" % (n, able))
    if not has_jets:
        if n:
            raise RuleError("P40-R-06", "defender_teched: no defending power has Jet Fighters "
                            "(defender_tech)")
        return -1
    return n


def committed(raid, choice, p, able, jets):
    """(interceptors, of them with Jet Fighters) of the interceptors' answer: a count (the jet
    fighters first) or {"interceptors": n, "teched": {"fighter": k}}; `able` fighters could,
    `jets` of them with Jet Fighters."""
    k = None
    n = choice
    if isinstance(choice, dict):
        n = choice.get("interceptors", able)
        k = fighters(raid, choice.get("teched"), "P40-C-42")
    if not isinstance(n, int) or n not in p.options:
        raise RuleError("P40-C-42", "choose 0..%d fighters" % p.options[-1])
    plain = able - jets
    if k is None:
        return n, (jets if jets < n else n)
    if k > jets or n - k > plain or k > n:
        raise RuleError("P40-C-42", "%d of %d interceptors with Jet Fighters: %d of the fighters "
                        "have them, %d have not" % (k, n, jets, plain))
    return n, k


def loss_range(lost, jets, alive):
    """(least, most) of `lost` of `alive` interceptors, `jets` of them with Jet Fighters, that
    can be jet fighters."""
    plain = alive - jets
    return (lost - plain if lost > plain else 0), (jets if jets < lost else lost)


def loss_options(lost, jets, alive):
    """The defender's choice of whose interceptors are lost: (lost, of them with Jet Fighters),
    the others first (the default, as in a battle)."""
    least, most = loss_range(lost, jets, alive)
    return tuple((lost, k) for k in range(least, most + 1))


def jets_lost(raid, choice, p):
    """Of the interceptors lost, how many are jet fighters: an option (lost, k), or as a battle's
    casualty answer {"lost": {"fighter": n}, "teched": {"fighter": k}}."""
    lost = p.options[0][0]
    if isinstance(choice, dict):
        got = choice.get("lost")
        if got is not None and fighters(raid, got, "P40-C-43", "lost") != lost:
            raise RuleError("P40-C-43", "%d interceptors are hit" % lost)
        k = fighters(raid, choice.get("teched"), "P40-C-43")
        if k is None:
            return p.default[1]
        c = (lost, k)
    elif isinstance(choice, (tuple, list)) and len(choice) == 2:
        c = tuple(choice)
    else:
        raise InputError("interceptor losses are (lost, jets among them) or "
                         "{\"lost\": ..., \"teched\": {\"fighter\": k}}")
    if c not in p.options:
        raise RuleError("P40-C-43", "of the %d interceptors lost %d to %d can be of the power "
                        "with Jet Fighters, not %s" % (lost, p.options[0][1], p.options[-1][1], c[1]))
    return c[1]

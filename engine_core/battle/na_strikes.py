"""The LHTR national advantages Kamikaze Attacks and Kaiten Torpedoes (LHTR-O-41, LHTR-O-42,
LHTR-A-28, LHTR-A-32): Japan names its strikers and their targets at the start of a sea
battle, they fire once in the first cycle's opening fire and are lost after it.

Loaded only by a battle in which Japan holds one of them (engine_core/battle/advantages.py
asks and fires through it; steps.py passes it Japan's answer); imports only leaf modules.
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.errors import RuleError, InputError
from engine_core.battle.advantage_bits import NA_KAMIKAZE, NA_KAITEN
from engine_core.battle.base import (DEFENDER, ATTACKER, S_KAMIKAZE, P_KAMIKAZE, P_DICE, K_SEA,
    K_AMPHIBIOUS,
    Prompt, is_whole, tech_table)


def own(b, side, u):
    """How many of `side`'s units of type u are Japan's (LHTR-O-41 "its fighters", LHTR-O-42:
    a defending side of several powers, the battle's defender_strikers; else all)."""
    if side == DEFENDER and b.foreign is not None:
        return b.alive[side][u] - b.foreign[u]
    return b.alive[side][u]


def carries(b, side, u):
    """Japan's strikers of type u carry their power's technology that changes the type (Jet
    Fighters, Super Submarines; LHTR-T-06 "Technology helps only the power that researched it"):
    whenever the side has it, but on a defending side of several powers as its
    defender_strikers_teched (b.steched) says."""
    if not b.tech[side]:
        return False
    bit = tech_table().defense_bit(b.units[u][uu.U_ABILITIES], b.family)
    if not b.tech[side] & bit:
        return False
    return side == ATTACKER or b.steched is None or b.steched[u] > 0


def setup_teched(b, spec, key="defender_strikers_teched"):
    """defender_strikers_teched (None: unstated): of Japan's defending fighters / subs, how many
    carry its Jet Fighters / Super Submarines (LHTR-T-06; LHTR-T-07 / LHTR-T-09: "all your
    fighters", "all your submarines": all of them or none). Unstated: all of them whenever the
    side's units with the technology leave room for them (with no split, whenever the side has
    it: the strike's value as before the option), else none. Refused: more than Japan's, more
    than carry the technology, fewer than the other powers' units cannot hold, or some but not
    all. Kept as b.steched, per type the count at the battle's start; None when every type is
    "whenever the side has it" (the battle saves as without the option). key
    sea_defender_strikers_teched: an assault's sea battle, the same."""
    want = None
    keys = ()
    if spec is not None:
        if b.kind != (K_SEA if key == "defender_strikers_teched" else K_AMPHIBIOUS):
            raise InputError(key + ": the defenders of a sea battle (LHTR-O-41, LHTR-O-42)")
        if not isinstance(spec, (dict, list, tuple)):
            raise InputError(key + ": {unit: count}")
        want = b._vec(spec)
        keys = [k if isinstance(k, int) else b.board.unit_id(k)
                for k in ([k for k in spec] if isinstance(spec, dict) else [it[0] for it in spec])]
        for u in keys:
            nm = b.units[u][uu.U_NAME]
            if not ((nm == "fighter" and b.na[DEFENDER] & NA_KAMIKAZE) or
                    (nm == "submarine" and b.na[DEFENDER] & NA_KAITEN)):
                raise InputError(key + ": the defenders' fighters (kamikaze) "
                                 "and subs (kaiten) of an advantage in play, not " + nm)
    out = [0] * b.n
    need = False
    for u in range(b.n):
        nm = b.units[u][uu.U_NAME]
        if not ((nm == "fighter" and b.na[DEFENDER] & NA_KAMIKAZE) or
                (nm == "submarine" and b.na[DEFENDER] & NA_KAITEN)):
            continue
        a = b.alive[DEFENDER][u]
        j = own(b, DEFENDER, u)
        t = 0
        if b.tech[DEFENDER]:
            bit = tech_table().defense_bit(b.units[u][uu.U_ABILITIES], b.family)
            if b.tech[DEFENDER] & bit:
                t = a if not b.split() else (b.teched[u] if b.teched[u] < a else a)
        k = j if t >= j else 0
        if u in keys:
            k = want[u]
            ts = "LHTR-T-09" if nm == "submarine" else "LHTR-T-07"
            what = "Super Submarines" if nm == "submarine" else "Jet Fighters"
            if k > j:
                raise RuleError("LHTR-O-42" if nm == "submarine" else "LHTR-O-41",
                                key + ": %d of the %d defending %ss are Japan's"
                                % (j, a, nm))
            if k > t:
                raise RuleError("LHTR-T-06", key + ": %d of the defending %ss "
                                "carry %s" % (t, nm, what))
            if k < t - (a - j):
                raise RuleError("LHTR-T-06", key + ": %d defending %ss carry %s,"
                                " the other powers have %d" % (t, nm, what, a - j))
            if 0 < k < j:
                raise RuleError(ts, key + ": all of Japan's %d %ss carry its %s"
                                " or none" % (j, nm, what))
        out[u] = k
        if j and t and not k:
            need = True
    b.steched = out if need else None


def _striker(b, side, u):
    """Type u is one `side` may name (fighters with Kamikaze Attacks, subs with Kaiten
    Torpedoes) and some of them fight in the battle."""
    nm = b.units[u][uu.U_NAME]
    return b.alive[side][u] > 0 and ((nm == "fighter" and b.na[side] & NA_KAMIKAZE) or
                                     (nm == "submarine" and b.na[side] & NA_KAITEN))


def _strikers(b, side):
    return tuple(u for u in range(b.n) if _striker(b, side, u) and own(b, side, u) > 0)


def ask(b, side):
    """Japan (`side`) names its kamikazes / kaitens at the start of a sea battle. False: the
    P_KAMIKAZE prompt is set."""
    opts = _strikers(b, side)
    if not opts:
        return True
    rule = "LHTR-O-41" if b.na[side] & NA_KAMIKAZE else "LHTR-O-42"
    b._set_prompt(Prompt(P_KAMIKAZE, side, opts, (), (rule,)))
    return False


def answer(b, p, choice):
    """Japan's list of (striker, target[, number]) (LHTR-A-28: the attacker of each strike
    names the target, a ship of the other side)."""
    side = p.side
    other = 1 - side
    if choice is None or choice == "default":
        choice = ()
    if not isinstance(choice, (list, tuple)):
        raise InputError("name strikes as (striker, target) pairs")
    plan = []
    used = [0] * b.n
    for t in choice:
        if not isinstance(t, (list, tuple)) or len(t) not in (2, 3):
            raise InputError("name strikes as (striker, target) pairs")
        s = t[0] if isinstance(t[0], int) else b.board.unit_id(t[0])
        g = t[1] if isinstance(t[1], int) else b.board.unit_id(t[1])
        k = t[2] if len(t) == 3 else 0
        if not is_whole(k):
            raise InputError("a ship number is a whole number")
        if s not in p.options and not (0 <= s < b.n and _striker(b, side, s)):
            raise RuleError("LHTR-O-41", "only fighters (kamikazes) and submarines (kaitens) "
                            "of an advantage in play may be named")
        used[s] += 1
        if used[s] > own(b, side, s):
            rule = "LHTR-O-42" if b.units[s][uu.U_ABILITIES] & uu.AB_SUBMARINE else "LHTR-O-41"
            if own(b, side, s) < b.alive[side][s]:
                # a defending side of several powers: another power's units stay unnamed
                raise RuleError(rule, "Japan names its own %ss only: %d of the %d defending" % (
                    b.units[s][uu.U_NAME], own(b, side, s), b.alive[side][s]))
            raise RuleError(rule, "more strikes than units")
        if not (0 <= g < b.n) or b.units[g][uu.U_KIND] != uu.SEA:
            raise RuleError("LHTR-A-28", "a kamikaze or kaiten targets an enemy ship")
        if not (0 <= k < b.alive[other][g]):
            raise RuleError("LHTR-A-28", "no such enemy ship in the battle")
        if b.units[s][uu.U_KIND] == uu.AIR and b.units[g][uu.U_ABILITIES] & uu.AB_SUBMARINE \
                and b.tech[other] and b.tech[other] & tech_table().SUPER_SUBS \
                and not b._has(side, uu.AB_DESTROYER) and k >= _plain(b, other):
            raise RuleError("LHTR-U-80", "super submarines cannot be hit by aircraft "
                            "without a destroyer")
        plan.append((side, s, g, k))
    b.prompt = None
    for u in range(b.n):
        if used[u]:
            if side == DEFENDER and b.split() and carries(b, side, u):
                # Japan's technology leaves the board with them (LHTR-T-06): the count of the
                # side's units with it drops by as many
                a = b.alive[side][u]
                t = b.teched[u] if b.teched[u] < a else a
                b.teched[u] = t - used[u] if t > used[u] else 0
            b.alive[side][u] -= used[u]        # they cannot be hit (LHTR-O-41)
            b.strike[side][u] += used[u]
    b.plan = plan
    b.hits = "named"
    if plan:
        b._emit((ev.E_KAMIKAZE, len(plan), tuple(t[2] for t in plan)))


def _plain(b, side):
    """How many of `side`'s subs are of an allied power without Super Submarines (LHTR-T-06,
    LHTR-T-09): numbered first (0, 1, ...), a kamikaze may name them."""
    p = b.plain_subs(side)
    return p[1] if p is not None else 0


def _hit_value(b, side, s):
    if b.units[s][uu.U_KIND] == uu.AIR:
        if side == DEFENDER and carries(b, side, s):
            return 5                            # LHTR-A-32: 5 on defense with (Japan's) Jets
        return 4
    if side == ATTACKER and carries(b, side, s):
        return 4                                # kaiten attacking with Super Submarines
    return 3


def fire(b, dice):
    """First-cycle opening fire of the named strikes, one die each in the named order."""
    # advantages.fire has checked there is a plan not yet fired
    plan = b.plan
    side = plan[0][0]
    info = tuple((_hit_value(b, side, t[1]), 1) for t in plan)
    if dice is None and b._typed is None:
        b._set_prompt(Prompt(P_DICE, side, ("dice", "hits"), None, (S_KAMIKAZE, info)))
        return False
    typed = b._typed
    b._typed = None
    if typed is not None and typed[0] == "hits":
        vals = tuple(1 if h else 6 for h in typed[1])
        shown = ()
    else:
        vals = tuple(typed[1]) if typed is not None else tuple(dice.roll(len(plan)))
        shown = vals
    i = 0
    while i < len(plan):                     # one roll event per run of equal hit values
        j = i
        while j < len(plan) and info[j][0] == info[i][0]:
            j += 1
        b._emit((ev.E_ROLL, side, S_KAMIKAZE, info[i][0], tuple(shown[i:j])))
        i = j
    other = 1 - side
    keys = []
    tally = []
    total = 0
    for i in range(len(plan)):
        if vals[i] <= info[i][0]:
            key = (plan[i][2], plan[i][3])
            total += 1
            if key in keys:
                tally[keys.index(key)] += 1
            else:
                keys.append(key)
                tally.append(1)
    plain = _plain(b, other)
    for j in range(len(keys)):
        u, k = keys[j]
        h = tally[j]
        if plain and b.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE and k >= plain:
            b.tcas[u] += 1                     # a sub of the power with Super Submarines
        damaged = k < b.dmg[other][u]
        if b.units[u][uu.U_HITS] < 2 or damaged or h >= 2:
            if damaged:
                b.dmg[other][u] -= 1
            b._emit((ev.E_CASUALTY, other, u, 1))
            b.cas[other][u] += 1               # removed in step 3: they cannot hit back
            b.na_cas[other][u] += 1
        else:
            b.dmg[other][u] += 1
            b._emit((ev.E_DAMAGE, other, u, 1))
    b._emit((ev.E_HITS, side, S_KAMIKAZE, total))
    b.plan = []
    b.hits = "struck"
    return True

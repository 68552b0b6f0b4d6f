"""Monte Carlo cross-check of engine_core/odds/exact.py: the real battle engine (engine_core.battle.steps),
the engine's dice (engine_core.dice.Dice), its default answers unless the policy says
otherwise. Kept apart from the exact solver so the device loads it only when asked for.
"""

from engine_core.editions import family
from engine_core.errors import InputError
from engine_core.units import U_NAME, U_COST, U_KIND, U_ABILITIES, LAND, AIR, AB_AA, CF_AAA_THREE_SHOTS
from engine_core.odds.base import (
    KINDS, O_ATTACKER, O_DEFENDER, O_DRAW, O_RETREAT, tables, counts, split_tech, teched_of, policy_of,
    bombard_counts, check_kinds, choose_keep, advantage_bits,
)


def monte_carlo(board, kind, attacker, defender, policy=None, runs=2000, seed=1,
                bombard=None, tech=None, advantages=None, space=None):
    """The same numbers as `odds`, estimated by running engine_core.battle.steps `runs` times
    with engine_core.dice.Dice(seed); prompts are answered as the policy says (the battle
    engine's defaults otherwise). Adds "<key>_se" standard errors and "runs"."""
    from engine_core.battle import steps as _bt
    from engine_core.battle import base as _bb
    from engine_core.dice import Dice
    edition, units, aliases, flags = tables(board)
    fam = family(edition)
    if kind not in KINDS:
        raise InputError("kind is land, sea or amphibious")
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise InputError("runs is a whole number >= 1")
    a_counts = counts(units, aliases, attacker, "attacker")
    d_counts = counts(units, aliases, defender, "defender")
    a_tech, d_tech = split_tech(tech)
    pol = policy_of(units, aliases, policy, kind, flags, fam)
    if pol["retreat_below"] is not None:
        raise InputError("retreat_below needs the exact method")
    nas = advantage_bits(flags, advantages, space)
    bombard_counts(units, aliases, bombard, kind, flags, fam, a_tech, a_counts, 0)
    check_kinds(units, flags, fam, kind, a_counts, d_counts)
    n = len(units)
    a_spec = tuple((u, a_counts[u]) for u in range(n) if a_counts[u])
    d_spec = tuple((u, d_counts[u]) for u in range(n) if d_counts[u])
    options = {"attacker_tech": tuple(a_tech), "defender_tech": tuple(d_tech)}
    d_teched = teched_of(units, aliases, tech, fam, d_counts, nas[0][1] if nas else 0)
    if d_teched is not None:
        options["defender_teched"] = tuple((u, d_teched[u]) for u in range(n) if d_teched[u])
    if nas is not None:
        options["attacker_na"] = nas[0][0]
        options["defender_na"] = nas[0][1]
        options["space"] = nas[1]
    wants_retreat = pol["retreat_after_round"] or pol["retreat_at_units"] >= 0
    options["retreat"] = ("retreat",) if (wants_retreat or pol["submerge"]) else ()
    if pol["submerge"]:
        options["sub_withdraw"] = True
    if bombard:
        bc = counts(units, aliases, bombard, "bombard")
        options["bombard"] = tuple((u, bc[u]) for u in range(n) if bc[u])
        options["seaborne"] = tuple((u, a_counts[u]) for u in range(n)
                                    if a_counts[u] and units[u][U_KIND] == LAND)
    elif kind == "amphibious":
        options["seaborne"] = tuple((u, a_counts[u]) for u in range(n)
                                    if a_counts[u] and units[u][U_KIND] == LAND)
    dice = Dice(seed)
    tally = [0, 0, 0, 0]
    captures = 0
    rounds = 0
    a_ipc = 0
    d_ipc = 0
    a_ipc2 = 0
    d_ipc2 = 0
    a_surv = [0] * n
    d_surv = [0] * n
    for _ in range(runs):
        b = _bt.Battle(board, kind, a_spec, d_spec, options)
        while True:
            p = b.run_until_prompt(dice)
            if p is None:
                break
            b.answer(_mc_answer(b, p, pol, units, flags))
        r = b.result
        o = r["outcome"]
        if o == _bb.O_ATTACKER_WON:
            tally[O_ATTACKER] += 1
        elif o == _bb.O_DEFENDER_WON:
            tally[O_DEFENDER] += 1
        elif o == _bb.O_RETREAT:
            tally[O_RETREAT] += 1
        else:
            tally[O_DRAW] += 1
        captures += r["captured"]
        rounds += r["rounds"]
        # IPC lost = what went in minus what came out (retreated and submerged units count
        # as survivors), as the exact method counts it
        x = 0
        y = 0
        for u in range(n):
            x += (a_counts[u] - r["survivors"][0][u]) * units[u][U_COST]
            if flags & CF_AAA_THREE_SHOTS or not units[u][U_ABILITIES] & AB_AA:
                y += (d_counts[u] - r["survivors"][1][u]) * units[u][U_COST]
        a_ipc += x
        d_ipc += y
        a_ipc2 += x * x
        d_ipc2 += y * y
        for u in range(n):
            a_surv[u] += r["survivors"][0][u]
            d_surv[u] += r["survivors"][1][u]
    N = float(runs)

    def mean_se(k):
        pr = k / N
        return pr, (pr * (1.0 - pr) / N) ** 0.5

    def mean_se2(s, s2):
        m = s / N
        var = s2 / N - m * m
        if var < 0:
            var = 0.0
        return m, (var / N) ** 0.5

    out = {"method": "monte_carlo", "runs": runs}
    names = ("attacker_wins", "defender_wins", "draw", "attacker_retreats")
    for o in range(4):
        m, se = mean_se(tally[o])
        out[names[o]] = m
        out[names[o] + "_se"] = se
    m, se = mean_se(captures)
    out["attacker_captures"] = m
    out["attacker_captures_se"] = se
    out["expected_rounds"] = rounds / N
    m, se = mean_se2(a_ipc, a_ipc2)
    out["attacker_ipc_lost"] = m
    out["attacker_ipc_lost_se"] = se
    m, se = mean_se2(d_ipc, d_ipc2)
    out["defender_ipc_lost"] = m
    out["defender_ipc_lost_se"] = se
    out["ipc_swing"] = out["defender_ipc_lost"] - out["attacker_ipc_lost"]
    sa = {}
    sd = {}
    for u in range(n):
        if a_counts[u]:
            sa[units[u][U_NAME]] = a_surv[u] / N
        if d_counts[u] and (flags & CF_AAA_THREE_SHOTS or not units[u][U_ABILITIES] & AB_AA):
            sd[units[u][U_NAME]] = d_surv[u] / N
    out["attacker_survivors"] = sa
    out["defender_survivors"] = sd
    return out


def _mc_answer(b, p, pol, units, flags):
    """An answer to a battle prompt as the policy says (None = the engine's default)."""
    from engine_core.battle import base as _bb
    k = p.kind
    if k == _bb.P_CASUALTIES:
        side = p.side
        order = pol["attacker_order"] if side == 0 else pol["defender_order"]
        keep = pol["keep_land"] if side == 0 else 0
        if order is None and keep <= 0:
            return None
        counts, hits, rule = p.info
        lost, dmg = choose_keep(units, counts, b.dmg[side], hits, side == 0, flags, order, keep,
                                b.plain_subs(side, counts))
        return {"lost": tuple((u, lost[u]) for u in range(len(units)) if lost[u]),
                "damaged": tuple((u, dmg[u]) for u in range(len(units)) if dmg[u])}
    if k == _bb.P_RETREAT:
        lim = pol["retreat_after_round"]
        if lim and b.round >= lim:
            return "retreat"
        n = pol["retreat_at_units"]
        if n >= 0 and b._count(0) <= n:
            return "retreat"
        return "press"
    if k == _bb.P_SUBMERGE:
        if not pol["submerge"]:
            return 0
        side = p.side
        tv = b.targets(1 - side)
        for u in range(len(units)):
            if tv[u] and units[u][U_KIND] != AIR:
                return 0
        return p.options[-1]
    return None

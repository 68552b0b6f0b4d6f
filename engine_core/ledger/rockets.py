"""A rocket attack, checked and applied for the ledger (engine_core/ledger/game.py loads this
module only when a rocket is fired: the checks cost heap every game would otherwise carry)."""
from engine_core.ledger import economy as E
from engine_core.ledger import journal as J
from engine_core.errors import RuleError
from engine_core.editions import FAM_LHTR, FAM_CLASSIC
from engine_core.ledger.state import NO_OWNER


def fire(board, state, p, a):
    """A rocket attack (CL-T-07, LHTR-T-08, P40-R-12): the power has Rockets; the launcher
    is its own territory (its AA guns; 1940: an operative air base) within range of an
    enemy facility; the per-turn limits of the edition; one die of damage, capped as a
    raid's (LHTR: together with this turn's raids, LHTR-C-52)."""
    from engine_core import techs
    b = board
    s = state
    rule = E.rid(b, "CL-T-07", "LHTR-T-08", "P40-R-12")
    if not s.techs[p] & techs.ROCKETS:
        raise RuleError(rule, "only a power with the Rockets technology fires rockets")
    from engine_core.ledger import research
    if not research.has_tech(b, s, p, techs.ROCKETS):
        raise RuleError("LHTR-T-05", "a development gained this turn works from its Mobilize phase")
    die = a["die"]
    if die < 1 or die > 6:
        raise RuleError(rule, "a rocket rolls one die: 1 to 6")
    t = a["territory"]
    src = a["launcher"]
    kind = a["facility"]
    y1940 = E.is_1940(b)
    if b.is_sea(src) or s.owner[src] != p:
        raise RuleError(rule, "a rocket is launched from a territory you control")
    if y1940 and not (s.facilities[src] & E.FAC_AIR_BASE and E.get_damage(s, src, E.DMG_AIR) < 3):
        raise RuleError(rule, "rockets are launched from an operative air base")
    if s.owner[t] == NO_OWNER or not s.is_at_war(p, s.owner[t]):
        raise RuleError(rule, "a rocket strikes a facility of a power you are at war with")
    if b.is_sea(t) or not s.facilities[t] & E.FACILITY_BIT[kind] or (kind and not y1940):
        raise RuleError(rule, "a rocket strikes an industrial complex" +
                        (", air base or naval base" if y1940 else ""))
    from engine_core.battle import rocket_range as rr
    if not rr.rocket_in_range(b, src, t, rr.neutral_now(b, s)):
        raise RuleError(rule, "the target is more than %d spaces away" % rr.rocket_range(b))
    for e in J.this_phase(s, J.ROCKET, True):
        if b.family == FAM_CLASSIC:
            raise RuleError("CL-T-07", "one free rocket attack per turn")   # CL-A-21
        if e[2] == src:
            raise RuleError(rule, "one rocket per launcher each turn")     # LHTR-A-20
        if e[1] == t and b.edition == "revised_lhtr":
            raise RuleError("LHTR-T-08", "each industrial complex may be hit by one rocket a turn")
    earlier = ()
    if b.rules.get("bombing_turn_cap"):
        earlier = (J.damage_this_turn(s, t),)   # LHTR-C-52, with the raids
    elif b.family == FAM_LHTR and die > b.ipc(t):
        die = b.ipc(t)   # Revised: each rocket capped at the territory's value (LHTR-M-08)
    return E.bombing(b, s, t, die, kind, earlier)

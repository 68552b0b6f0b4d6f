"""The odds' leaf: what a battle to be computed is (kinds, outcome codes, unit counts, the
technologies and national advantages that change dice, the order-of-loss policy, bombardment)
and the public helpers both the exact solver (engine_core/odds/exact.py) and the Monte Carlo
cross-check (engine_core/odds/montecarlo.py) use. Imports only the foundation and the battle's
leaf, so loading it never loads a solver.
"""

from engine_core.errors import RuleError, InputError
from engine_core.editions import unit_tables
from engine_core import techs
from engine_core.battle.advantage_bits import NA_BATTLESHIPS
from engine_core.battle import casualties as _cas
from engine_core.units import (
    U_NAME, U_ATTACK, U_KIND, U_ABILITIES, LAND, AIR, SEA, FACILITY,
    AB_CAPTURES, AB_AA, AB_DESTROYER, AB_BOMBARD, AB_CARRIER, AB_CARRIER_AIR,
    CF_SUB_OPENING_FIRE, CF_TRANSPORT_DEFENSELESS, CF_BOMBARD_PER_LAND_UNIT,
    CF_SCRAMBLE,
)


KINDS = ("land", "sea", "amphibious")
MAX_ROUNDS = 1000       # policy rounds and units (the work grows with them)

# outcomes
O_ATTACKER = 0
O_DEFENDER = 1
O_DRAW = 2
O_RETREAT = 3


def family_rule(fam, classic, lhtr, y1940):
    """The rule id of the edition's family (engine_core.editions FAM_*)."""
    return (classic, lhtr, y1940)[fam]


def tables(board):
    """(edition, units, aliases or a name resolver, combat flags) of a board or an edition's
    name: a name loads only the edition's unit tables, not its map (device RAM)."""
    if isinstance(board, str):
        um = unit_tables(board)
        return board, um.UNITS, um.ALIASES, um.COMBAT_FLAGS
    # a loaded board resolves names and aliases itself (board.unit_id)
    return board.edition, board.units, board.unit_id, board.combat_flags


def unit_id(units, aliases, name):
    from engine_core.units import find
    if isinstance(name, int):
        if 0 <= name < len(units):
            return name
        raise InputError("no unit id " + str(name))
    if not isinstance(name, str):
        raise InputError("a unit is named by a string")
    if callable(aliases):
        return aliases(name)
    u = find(units, aliases, name)
    if u < 0:
        raise InputError("this edition has no unit called '" + name + "'")
    return u


def counts(units, aliases, side, what):
    out = [0] * len(units)
    if side is None:
        return out
    if isinstance(side, dict):
        pairs = [(k, side[k]) for k in side]
    elif isinstance(side, (list, tuple)):
        pairs = side
    else:
        raise InputError(what + ": expected {unit: count}")
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise InputError(what + ": expected (unit, count) pairs")
        u = unit_id(units, aliases, pair[0])
        c = pair[1]
        if isinstance(c, bool) or not isinstance(c, int):
            raise InputError(what + ": the count of " + units[u][U_NAME] + " is not a whole number")
        if c < 0:
            raise InputError(what + ": negative count of " + units[u][U_NAME])
        if c > 250:
            raise InputError(what + ": at most 250 " + units[u][U_NAME])
        out[u] += c
    return out


def tech_set(tech):
    """The canonical names (engine_core.techs) of a list of technologies that change a battle."""
    return techs.names(techs.bits(tech, techs.BATTLE, "battle"))


def split_tech(tech):
    """tech: None, a list (the attacker's) or {"attacker": [...], "defender": [...]} and
    optionally "defender_teched" (teched_of)."""
    if isinstance(tech, dict):
        for k in tech:
            if k not in ("attacker", "defender", "defender_teched"):
                raise InputError("tech: keys are 'attacker', 'defender' and 'defender_teched'")
        return tech_set(tech.get("attacker")), tech_set(tech.get("defender"))
    return tech_set(tech), []


def teched_of(units, aliases, tech, fam, d_counts, na=0):
    """A defending side of several powers (the battle's defender_teched, CL-T-05, LHTR-T-06,
    LHTR-O-02): tech["defender_teched"] = {unit: count} of the defenders of a type a defending
    technology changes (techs.defense_bit) that belong to a power with it, or a defending
    national advantage of the side, bits `na`, changes (advantage_bits.defense_na) that belong
    to the power holding it; None when not given (all)."""
    if not isinstance(tech, dict) or tech.get("defender_teched") is None:
        return None
    out = counts(units, aliases, tech["defender_teched"], "defender_teched")
    techs.check_teched(units, out, d_counts, fam, na)
    return out


def advantage_bits(flags, advantages, space):
    """[attacker bits, defender bits], space bits of the LHTR national advantages in play
    (engine_core/battle/advantages.py names), or None."""
    if not advantages and not space:
        return None
    if not flags & CF_SUB_OPENING_FIRE:
        raise RuleError("LHTR-O-02", "national advantages are a Revised / LHTR option")
    from engine_core.battle import advantage_bits as _ab
    if advantages is None:
        advantages = {}
    if not isinstance(advantages, dict):
        raise InputError("advantages: {'attacker': [...], 'defender': [...]}")
    for k in advantages:
        if k not in ("attacker", "defender"):
            raise InputError("advantages: keys are 'attacker' and 'defender'")
    na = [_ab.name_bits(advantages.get("attacker"), _ab.NA_NAMES, "national advantage"),
          _ab.name_bits(advantages.get("defender"), _ab.NA_NAMES, "national advantage")]
    return na, _ab.name_bits(space, _ab.SPACE_NAMES, "space fact")


def policy_of(units, aliases, policy, kind, flags, fam):
    pol = {"attacker_order": None, "defender_order": None, "keep_land": 0,
           "retreat_after_round": 0, "retreat_at_units": -1, "retreat_below": None,
           "submerge": False}
    if policy is None:
        return pol
    if not isinstance(policy, dict):
        raise InputError("policy is a dict")
    for key in policy:
        if key not in pol:
            raise InputError("unknown policy key '" + str(key) + "'")
        v = policy[key]
        if key in ("attacker_order", "defender_order"):
            if v is None:
                continue
            if isinstance(v, str):
                v = (v,)
            if not isinstance(v, (list, tuple)):
                raise InputError(key + " is a list of unit names")
            pol[key] = tuple(unit_id(units, aliases, n) for n in v)
        elif key == "submerge":
            pol[key] = bool(v)
        elif key == "retreat_below":
            if v is not None:
                if isinstance(v, bool) or not isinstance(v, (int, float)) and not hasattr(v, "denominator"):
                    raise InputError("retreat_below is a probability")
                if v < 0 or v > 1:
                    raise InputError("retreat_below is a probability between 0 and 1")
                pol[key] = v
        else:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > MAX_ROUNDS:
                raise InputError(key + " is a whole number 0 to 1000")
            pol[key] = v
    retreat = pol["retreat_after_round"] or pol["retreat_at_units"] >= 0 or pol["retreat_below"] is not None
    if retreat and kind == "amphibious":
        # Land units landed from transports never retreat (CL-C-43, LHTR-C-34, P40-C-64)
        raise RuleError(family_rule(fam, "CL-C-43", "LHTR-C-34", "P40-C-64"),
                        "units landed from transports cannot retreat")
    return pol


def check_kinds(units, flags, fam, kind, a, d):
    if kind == "sea" and flags & CF_TRANSPORT_DEFENSELESS:
        armed = False
        some = False
        for u in range(len(units)):
            if a[u]:
                some = True
                if units[u][U_ATTACK] > 0:
                    armed = True
        if some and not armed:
            raise RuleError("P40-U-58", "carriers and transports attack only together with a unit "
                            "that has an attack value")
    if kind == "sea":
        # CL-U-30 / CL-U-60, LHTR-U-33, P40-U-54: at sea a plane defends only from a carrier,
        # 2 per carrier (1940: scrambled planes come among the defenders: no deck count)
        decks = 0
        planes = 0
        for u in range(len(units)):
            if units[u][U_ABILITIES] & AB_CARRIER:
                decks += 2 * d[u]
            if d[u] and units[u][U_KIND] == AIR:
                if not units[u][U_ABILITIES] & AB_CARRIER_AIR:
                    raise RuleError(family_rule(fam, "CL-U-30", "LHTR-U-33", "P40-U-54"),
                                    "at sea a plane defends only from a carrier")
                planes += d[u]
        if planes > decks and decks == 0 and not flags & CF_SCRAMBLE:
            raise RuleError(family_rule(fam, "CL-U-30", "LHTR-U-33", "P40-U-54"),
                            "at sea a plane defends only from a carrier")
        if planes > decks and not flags & CF_SCRAMBLE:
            raise RuleError(family_rule(fam, "CL-U-60", "LHTR-U-33", "P40-U-54"),
                            "a carrier holds at most 2 fighters")
    for u in range(len(units)):
        if not (a[u] or d[u]):
            continue
        k = units[u][U_KIND]
        if k == FACILITY:
            raise InputError(units[u][U_NAME] + " never fights on the battle board")
        if kind == "sea" and k == LAND:
            raise RuleError(family_rule(fam, "CL-U-01", "LHTR-U-00", "P40-U-20"),
                            "land units fight only in territories (cargo is not on the board)")
        if kind != "sea" and k == SEA:
            raise RuleError(family_rule(fam, "CL-U-50", "LHTR-U-49", "P40-U-23"),
                            "sea units fight only in sea zones (use 'bombard' for shore bombardment)")
        if kind != "sea" and a[u] and units[u][U_ABILITIES] & AB_AA:
            raise RuleError(family_rule(fam, "CL-U-10", "LHTR-U-10", "P40-U-35"),
                            "antiaircraft guns never attack")


def bombard_counts(units, aliases, bombard, kind, flags, fam, tech, a_counts, rounds_done, na=0):
    if not bombard:
        return None
    if kind != "amphibious":
        raise RuleError(family_rule(fam, "CL-U-51", "LHTR-C-23", "P40-C-60"),
                        "bombardment supports an amphibious assault only")
    c = counts(units, aliases, bombard, "bombard")
    out = []
    ships = 0
    for u in range(len(units)):
        if not c[u]:
            continue
        r = units[u]
        ok = r[U_ABILITIES] & AB_BOMBARD
        if r[U_ABILITIES] & AB_DESTROYER and "combined_bombardment" in tech:
            ok = True  # LHTR-T-12
        if not ok:
            raise RuleError(family_rule(fam, "CL-U-51", "LHTR-C-23", "P40-U-51"),
                            r[U_NAME] + " cannot bombard")
        v = r[U_ATTACK]
        if na & NA_BATTLESHIPS and r[U_NAME] == "battleship":
            v = 5  # LHTR-O-43: battleships bombard at 5
        out.append((v, c[u]))
        ships += c[u]
    if flags & CF_BOMBARD_PER_LAND_UNIT:
        land = 0
        for u in range(len(units)):
            if units[u][U_KIND] == LAND:
                land += a_counts[u]
        if ships > land:
            raise RuleError(family_rule(fam, "CL-U-51", "LHTR-C-44", "P40-C-61"),
                            "no more bombarding ships than land units landed")
    if rounds_done > 0:
        return None  # first round only
    out.sort()
    return tuple(out)


def choose_keep(units, counts, damaged, hits, attacking, flags, order, keep, plain=None):
    """engine_core.battle.casualties.choose, plus the policy "keep `keep` capturing land units":
    the last `keep` of them in the order of loss take hits only when nothing else can (the
    attacker's: `plain`, the defender's subs without Super Submarines, goes to choose only when
    none are kept). Returns (lost, damage) as casualties.choose does."""
    if keep <= 0 or hits[0] <= 0:
        return _cas.choose(units, counts, damaged, hits, attacking, flags, order, plain)
    n = len(units)
    seq = []
    if order is not None:
        for u in order:
            if u not in seq:
                seq.append(u)
    for u in _cas.loss_order(units, attacking, flags):
        if u not in seq:
            seq.append(u)
    held = [0] * n
    left = keep
    for pos in range(len(seq) - 1, -1, -1):
        u = seq[pos]
        if left <= 0:
            break
        if units[u][U_ABILITIES] & AB_CAPTURES and counts[u] > 0:
            h = counts[u] if counts[u] < left else left
            held[u] = h
            left -= h
    c1 = [counts[u] - held[u] for u in range(n)]
    lost, dmg = _cas.choose(units, c1, damaged, hits, attacking, flags, order)
    took = _cas.hits_absorbed(units, lost, dmg, damaged)
    rest = hits[0] + hits[1] + hits[2] + hits[3] - took
    if rest <= 0:
        return lost, dmg
    # the held units take what is left (land battles: plain hits)
    c2 = [0] * n
    for u in range(n):
        c2[u] = held[u]
    lost2, _dmg2 = _cas.choose(units, c2, None, (rest, 0, 0, 0), attacking, flags, order)
    for u in range(n):
        lost[u] += lost2[u]
    return lost, dmg

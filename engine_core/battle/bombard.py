"""Shore bombardment: attacking ships fire once at the start of an amphibious assault's land
battle (CL-C-41, LHTR-C-20, P40-C-56..62).

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle/steps.py.Battle; loaded only when a battle needs it (device heap).
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_LHTR, FAM_1940
from engine_core.techs import COMBINED_BOMBARDMENT
from engine_core.battle.base import (ATTACKER, DEFENDER, H_ANY, K_AMPHIBIOUS, P_BOMBARD, Prompt,
    S_BOMBARD, zeros)


def step(self, dice):
    if not (self.kind == K_AMPHIBIOUS and self.part == 1):
        return True
    if self.family == FAM_LHTR and self.round != 1:
        return True
    if self.sea_combat or self.struck:
        return True                       # CL-C-42, LHTR-C-44, P40-C-60, P40-C-37
    if isinstance(self.hits, tuple) and self.hits[0] == S_BOMBARD:
        if len(self.hits) == 1:
            self.hits = None
            return True
        ships = self.hits[1]
        return _fire(self, ships, dice)
    avail = zeros(self.n)
    count = 0
    for u in range(self.n):
        ab = self.units[u][uu.U_ABILITIES]
        ok = ab & uu.AB_BOMBARD
        if ab & uu.AB_DESTROYER and self.tech[ATTACKER] & COMBINED_BOMBARDMENT and self.family == FAM_LHTR:
            ok = True                     # LHTR-T-12
        if ok and self.bombard[u]:
            avail[u] = self.bombard[u]
            count += self.bombard[u]
    if count == 0 or self._count(DEFENDER) == 0:
        return True
    limit = count
    if self.flags & uu.CF_BOMBARD_PER_LAND_UNIT:
        land = sum(self.seaborne)
        limit = count if count < land else land   # LHTR-U-51 / P40-C-61
    if limit <= 0:
        return True
    # default: the strongest ships up to the limit
    order = [u for u in range(self.n) if avail[u]]
    order.sort(key=lambda u: (-_value(self, u), u))
    default = {}
    left = limit
    for u in order:
        k = avail[u] if avail[u] < left else left
        if k:
            default[u] = k
            left -= k
    self._set_prompt(Prompt(P_BOMBARD, ATTACKER, tuple(order), default, (limit, avail)))
    return False


def _value(self, u):
    r = self.units[u]
    if r[uu.U_ABILITIES] & uu.AB_DESTROYER and not r[uu.U_ABILITIES] & uu.AB_BOMBARD:
        return 3
    if self.na:
        from engine_core.battle import advantages
        return advantages.bombard_value(self, u, r[uu.U_ATTACK])
    return r[uu.U_ATTACK]


def answer(self, p, choice):
    limit, avail = p.info
    if choice is None or choice == "default":
        v = self._vec(p.default)
    elif isinstance(choice, (int, str)):
        u = choice if isinstance(choice, int) else self.board.unit_id(choice)
        if not (0 <= u < self.n):
            raise InputError("unit id out of range")
        v = zeros(self.n)
        v[u] = avail[u] if avail[u] < limit else limit
    else:
        v = self._vec(choice)
    t = 0
    for u in range(self.n):
        if v[u] > avail[u]:
            raise RuleError("P40-C-60" if self.family == FAM_1940 else "LHTR-U-51",
                            "only ships with the assault that fought no sea battle may bombard")
        t += v[u]
    if t > limit:
        raise RuleError("P40-C-61" if self.family == FAM_1940 else "LHTR-U-51",
                        "at most one bombarding ship per land unit offloaded")
    self.prompt = None
    self.hits = (S_BOMBARD, tuple((u, v[u]) for u in range(self.n) if v[u]))


def _fire(self, ships, dice):
    groups = []
    for u, k in ships:
        groups.append([_value(self, u), k, 1, H_ANY, k])
        self._emit((ev.E_BOMBARD, u, k))
    groups.sort(key=lambda g: (g[0], g[3]))
    hits = self._roll(ATTACKER, S_BOMBARD, groups, dice, DEFENDER)
    if hits is None:
        return False
    self.hits = (S_BOMBARD,)
    if sum(hits):
        rule = "P40-C-62" if self.family == FAM_1940 else ("LHTR-C-44" if self.family == FAM_LHTR
                                                         else "CL-C-41")
        counts = None
        if self.na:
            from engine_core.battle import advantages
            counts = advantages.bombard_targets(self)
        if self._ask_casualties(DEFENDER, hits, rule, S_BOMBARD, counts):
            return False
    return True

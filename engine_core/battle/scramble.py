"""Scramble (1940): defending fighters and tactical bombers join a sea battle from an
air base on an island or a coastal territory (P40-C-20..23).

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle/steps.py.Battle; loaded only when a battle needs it (device heap).
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.errors import RuleError, InputError
from engine_core.battle.base import (DEFENDER, K_LAND, P_SCRAMBLE, Prompt, zeros)


def step(self, dice):
    if self.kind == K_LAND or not self.flags & uu.CF_SCRAMBLE or sum(self.scramble) == 0 \
            or self.part == 1:
        return True
    if self.hits == "scrambled":
        self.hits = None
        return True
    limit = 3 * self.air_bases
    self._set_prompt(Prompt(P_SCRAMBLE, DEFENDER, tuple(u for u in range(self.n) if self.scramble[u]),
                            {}, (limit,)))
    return False


def answer(self, p, choice):
    if isinstance(choice, (int, str)) and choice != "default":
        # one unit type named: as many of it as may scramble
        u = choice if isinstance(choice, int) else self.board.unit_id(choice)
        if not (0 <= u < self.n):
            raise InputError("unit id out of range")
        k = self.scramble[u] if self.scramble[u] < p.info[0] else p.info[0]
        choice = ((u, k),)
    v = self._vec(choice if isinstance(choice, (dict, list, tuple)) else None)
    total = 0
    for u in range(self.n):
        if v[u] > self.scramble[u]:
            raise RuleError("P40-C-20", "only the air units at the air base may scramble")
        r = self.units[u]
        if v[u] and not r[uu.U_ABILITIES] & uu.AB_CARRIER_AIR:
            raise RuleError("P40-C-20", "only fighters and tactical bombers scramble")
        total += v[u]
    if total > p.info[0]:
        raise RuleError("P40-C-20", "at most 3 air units scramble from each air base")
    self.prompt = None
    for u in range(self.n):
        if v[u]:
            self.alive[DEFENDER][u] += v[u]
            self._emit((ev.E_SCRAMBLE, u, v[u]))
    self.scramble = zeros(self.n)
    self.hits = "scrambled"


def may_scramble_from(board, t, islands_and_coastal=False):
    """May air units in territory `t` (with an operative air base, which the players check)
    scramble into an adjacent sea zone? P40-X-10: the 003 FAQ (default) allows islands only;
    `islands_and_coastal` is the rulebook's reading (island or coastal territories)."""
    if board.is_sea(t):
        return False
    if board.is_island(t):
        return True
    return bool(islands_and_coastal and board.is_coastal(t))

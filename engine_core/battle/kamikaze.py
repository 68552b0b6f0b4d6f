"""Kamikaze strikes (1940): Japan's tokens strike ships in a kamikaze zone before a sea
battle (P40-C-30..36).

Each function takes the Battle as `self` and is called from a small method of
engine_core/battle/steps.py.Battle; loaded only when a battle needs it (device heap).
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.errors import RuleError, InputError
from engine_core.battle.base import (ATTACKER, DEFENDER, K_LAND, P_DICE, P_KAMIKAZE, Prompt,
    S_KAMIKAZE, is_whole)


def step(self, dice):
    if not self.flags & uu.CF_KAMIKAZE or self.kamikaze <= 0 or self.kind == K_LAND:
        return True
    if self.part == 1 and self.sea_combat:
        return True                       # struck in the sea part already
    if isinstance(self.hits, tuple) and self.hits[0] == "kamikaze":
        targets = self.hits[1]
        if dice is None and self._typed is None:
            # one column per strike, in the declared order, so hit counts name the target
            self._set_prompt(Prompt(P_DICE, DEFENDER, ("dice", "hits"), None,
                                    (S_KAMIKAZE, tuple((2, 1) for _ in targets))))
            return False
        typed = self._typed
        self._typed = None
        if typed is not None and typed[0] == "hits":
            vals = tuple(1 if h else 6 for h in typed[1])   # a hit stands for a die of 1
        else:
            vals = tuple(typed[1]) if typed is not None else tuple(dice.roll(len(targets)))
        shown = () if typed is not None and typed[0] == "hits" else vals
        self._emit((ev.E_ROLL, DEFENDER, S_KAMIKAZE, 2, shown))
        _resolve(self, targets, vals)
        self.hits = None
        self.struck = len(targets)        # the tokens spent (result["kamikaze"], P40-C-30)
        return True
    pool = _pool(self, )
    opts = []
    for u in range(self.n):
        if pool[u] and self.units[u][uu.U_ABILITIES] & uu.AB_SURFACE_WARSHIP:
            opts.append(u)
    if not opts:
        return True
    if self.hits == "kamikaze_none":
        self.hits = None
        return True
    self._set_prompt(Prompt(P_KAMIKAZE, DEFENDER, tuple(opts), (), (self.kamikaze,)))
    return False


def answer(self, p, choice):
    """choice: a list of targets, each a unit name/id or [unit, ship number] (P40-C-34/35)."""
    targets = []
    if choice == "default":
        choice = None
    if isinstance(choice, (int, str)):
        choice = (choice,)
    if choice is not None and not isinstance(choice, (list, tuple)):
        raise InputError("kamikaze targets are a list")
    for t in (choice or ()):
        if isinstance(t, (list, tuple)):
            if len(t) != 2 or not is_whole(t[1]):
                raise InputError("a kamikaze target is a unit or [unit, ship number]")
            u = t[0] if isinstance(t[0], int) else self.board.unit_id(t[0])
            k = t[1]
        else:
            u = t if isinstance(t, int) else self.board.unit_id(t)
            k = 0
        if u not in p.options:
            raise RuleError("P40-C-35", "kamikaze strikes target surface warships of the attacker only")
        if not (0 <= k < _pool(self, )[u]):
            raise RuleError("P40-C-35", "no such ship in the battle")
        targets.append((u, k))
    if len(targets) > p.info[0]:
        raise RuleError("P40-C-30", "not enough kamikaze tokens")
    self.prompt = None
    if not targets:
        self.hits = "kamikaze_none"
        return
    self.hits = ("kamikaze", tuple(targets))
    self._emit((ev.E_KAMIKAZE, len(targets), tuple(t[0] for t in targets)))


def _pool(self):
    # the attacker's ships in the zone: the sea battle's, or (amphibious without a sea
    # battle) the ships offshore supporting the landing
    if self.part == 1:
        return self.bombard
    return self.alive[ATTACKER]


def _resolve(self, targets, vals):
    """P40-C-36: each strike hits on 2 or less, on its chosen ship. Ship numbers: the damaged
    ships of a type come first (ENGINE)."""
    n = self.n
    tally = {}
    keys = []
    for i in range(len(targets)):
        if vals[i] <= 2:
            key = targets[i]
            if key not in tally:
                tally[key] = 0
                keys.append(key)
            tally[key] += 1
    self.kamikaze -= len(targets)
    for key in keys:
        u, k = key
        h = tally[key]
        two = self.units[u][uu.U_HITS] >= 2
        damaged = k < self.dmg[ATTACKER][u]
        if not two or damaged or h >= 2:
            if damaged:
                self.dmg[ATTACKER][u] -= 1
            self._emit((ev.E_CASUALTY, ATTACKER, u, 1))
            if self.part == 1:
                self.bombard[u] -= 1
                self.lost[ATTACKER][u] += 1
            else:
                self._kill(ATTACKER, u, 1)
        elif self.part == 1:
            self._emit((ev.E_DAMAGE, ATTACKER, u, 1))   # a damaged ship still bombards
        else:
            self.dmg[ATTACKER][u] += 1
            self._emit((ev.E_DAMAGE, ATTACKER, u, 1))
    self._emit((ev.E_HITS, DEFENDER, S_KAMIKAZE, sum(tally[k] for k in keys)))

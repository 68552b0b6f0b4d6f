"""What players give a battle instead of the defaults: ships damaged before it, cargo, dice they
rolled themselves, casualties they chose, a retreat, submerging submarines; options that
belong to another kind of battle or to paratroopers (refused); a flyover's units. Each is checked
(a refusal names the rule and changes nothing) and applied here. A battle run on the engine's
dice and the default answers never loads this module (device heap); each function takes the
Battle as `self` and is called from engine_core/battle/steps.py.Battle.
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.battle import casualties as cz
from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_LHTR, FAM_1940
from engine_core.battle.base import (ATTACKER, DEFENDER, K_LAND, K_SEA, K_AMPHIBIOUS, S_END, O_RETREAT,
    is_whole, zeros)


def start_damaged(self, options):
    """Capital ships damaged before this battle (an earlier battle this turn, a kamikaze
    strike: P40-U-50, P40-U-55): they take one more hit. LHTR repairs every battleship at
    the end of each combat (LHTR-U-50) and Classic battleships take one hit: 1940 only."""
    if self.kind != K_SEA:
        raise InputError("damaged ships start a sea battle")
    for side, key in ((ATTACKER, "attacker_damaged"), (DEFENDER, "defender_damaged")):
        v = self._vec(options.get(key))
        for u in range(self.n):
            if not v[u]:
                continue
            if self.family != FAM_1940:
                raise RuleError(("CL-U-50", "LHTR-U-50", "P40-U-50")[self.family],
                                "no ship enters a battle damaged in this edition")
            if self.units[u][uu.U_HITS] < 2:
                raise InputError("only two-hit units can be damaged: " + self.units[u][uu.U_NAME])
            if v[u] > self.alive[side][u]:
                raise InputError("more damaged " + self.units[u][uu.U_NAME] + " than present")
        self.dmg[side] = v


def check_kind_options(self, options):
    """Options that belong to another kind of battle are refused, not ignored: bombardment
    and seaborne units in an assault (CL-U-51, LHTR-C-23, P40-C-60), scrambles and kamikaze
    strikes at sea (P40-C-20, P40-C-31), paratroopers on land beside land units that
    attack with them (P40-R-13), a 1940 research advance."""
    if self.para and self.family != FAM_1940:
        raise InputError("paratroopers are a 1940 research advance")
    kind = self.kind
    if kind != K_AMPHIBIOUS:
        if sum(self.bombard):
            raise RuleError(("CL-U-51", "LHTR-C-23", "P40-C-60")[self.family],
                            "ships bombard in an amphibious assault only")
        if sum(self.seaborne) or options.get("sea_attacker") or options.get("sea_defender"):
            raise InputError("seaborne units and an assault's sea battle: kind amphibious")
    if kind not in (K_SEA, K_AMPHIBIOUS):
        if sum(self.scramble):
            raise RuleError("P40-C-20", "planes scramble into a sea zone under attack (or"
                            " against an assault from it)")
        if self.kamikaze:
            raise RuleError("P40-C-31", "kamikaze strikes are made in sea zones")
    if self.para:
        inf = -1
        land = 0
        for u in range(self.n):
            if self.units[u][uu.U_KIND] == uu.LAND:
                land += self.alive[ATTACKER][u]
                if self.units[u][uu.U_NAME] == "infantry":
                    inf = self.alive[ATTACKER][u]
        if kind not in (K_LAND, K_AMPHIBIOUS):
            raise RuleError("P40-R-13", "paratroopers drop into an enemy territory")
        if self.para > inf:
            raise InputError("more paratroopers than attacking infantry")
        if land <= self.para:
            raise RuleError("P40-R-13", "paratroopers attack only a territory also attacked"
                            " by land units from adjacent territories or by an assault")


def check_flyover(self):
    """AA fire at planes flying over a gun's territory (CL-C-70, LHTR-C-22): only planes fly
    over, only the AA gun fires; the 1940 AAA fires only at an attack (P40-C-11)."""
    if self.family == FAM_1940:
        raise RuleError("P40-C-11", "AAA fires only at air units attacking its own territory")
    for u in range(self.n):
        if self.alive[ATTACKER][u] and self.units[u][uu.U_KIND] != uu.AIR:
            raise InputError("only planes fly over")
        if self.alive[DEFENDER][u] and not self.units[u][uu.U_ABILITIES] & uu.AB_AA:
            raise InputError("only the AA gun fires at planes flying over")


def check_cargo(self):
    """Cargo (options attacker_cargo, defender_cargo) is air units aboard carriers, or land
    units aboard transports in a sea battle; it rides at sea."""
    for side in (ATTACKER, DEFENDER):
        for u in range(self.n):
            k = self.units[u][uu.U_KIND]
            if self.cargo[side][u] and k != uu.AIR and not (k == uu.LAND and self.kind == K_SEA):
                raise InputError("cargo is air units on carriers, or land units on transports "
                                 "in a sea battle")
        if sum(self.cargo[side]) and self.kind not in (K_SEA, K_AMPHIBIOUS):
            raise InputError("carrier cargo rides at sea")


def answer_dice(self, p, choice):
    """The dice the players rolled for the pending P_DICE question, or the hits per column
    they counted: checked, then kept for the step that asked."""
    info = p.info[1]
    if isinstance(choice, dict) and "hits" in choice:
        hs = choice["hits"]
        if not isinstance(hs, (list, tuple)) or len(hs) != len(info):
            raise InputError("give one hit count per column")
        for i in range(len(hs)):
            if not is_whole(hs[i]):
                raise InputError("a hit count is a whole number")
            if not (0 <= hs[i] <= info[i][1]):
                raise RuleError("CL-C-02", "more hits than dice in a column")
        self._typed = ("hits", list(hs))
    else:
        vals = choice["dice"] if isinstance(choice, dict) else choice
        if not isinstance(vals, (list, tuple)):
            raise InputError("give the dice as a list of numbers 1 to 6")
        for v in vals:
            if not is_whole(v):
                raise InputError("a die shows a whole number 1 to 6")
        vals = list(vals)
        need = 0
        for g in info:
            need += g[1]
        if len(vals) != need:
            raise InputError("need %d dice, got %d" % (need, len(vals)))
        for v in vals:
            if not (1 <= v <= 6):
                raise InputError("a die shows 1 to 6")
        self._typed = ("dice", vals)
    self.prompt = None


def chosen_casualties(self, p, choice):
    """The casualties a player chose (an order of unit names, or {name: count}, or
    {"lost": ..., "damaged": ...}, with "teched": {unit: count} for a defending side of several
    powers): checked against the hits (`check_casualties`) and returned as (lost, damaged,
    teched: of the defender's losses those of a power with the technology, or None); the default
    choice never comes here."""
    side = p.side
    counts, hits, rule = p.info
    plain = self.plain_subs(side, counts)
    if isinstance(choice, (str, int)):
        choice = (choice,)
    if isinstance(choice, (list, tuple)) and (not choice or not isinstance(choice[0], (list, tuple))):
        order = tuple(c if isinstance(c, int) else self.board.unit_id(c) for c in choice)
        lost, dmg = cz.choose(self.units, counts, self.dmg[side], hits, side == ATTACKER,
                              self.flags, order, plain)
    elif isinstance(choice, dict) and ("lost" in choice or "damaged" in choice):
        lost = self._vec(choice.get("lost"))
        dmg = self._vec(choice.get("damaged"))
    else:
        lost = self._vec(choice)
        dmg = zeros(self.n)
    tk = None
    if side == DEFENDER and self.split():
        tk = self._teched_losses(lost, choice, rule)
    check_casualties(self, side, counts, hits, lost, dmg, p.default, rule, plain, tk)
    return lost, dmg, tk


def check_casualties(self, side, counts, hits, lost, dmg, default, rule, plain=None, tk=None):
    """Refuses a choice that takes more or fewer hits than the units can absorb, or that gives
    a hit to a unit it cannot strike (Hall's condition); `plain` (Battle.plain_subs) and `tk`
    (the lost with the technology): lost subs without Super Submarines are of class other, the
    ones with them of class sub (LHTR-T-09)."""
    units = self.units
    before = self.dmg[side]
    need = cz.hits_absorbed(units, default[0], default[1], before)
    got = cz.hits_absorbed(units, lost, dmg, before)
    slots = [0] * 8   # by class bit
    for u in range(self.n):
        if lost[u] + (dmg[u] if units[u][uu.U_HITS] >= 2 else 0) > counts[u]:
            raise RuleError(rule, "more %s chosen than are in the battle" % units[u][0])
        if dmg[u] and units[u][uu.U_HITS] < 2:
            raise RuleError(rule, "%s takes one hit only" % units[u][0])
        if dmg[u] > counts[u] - before[u]:
            raise RuleError(rule, "a damaged %s is sunk, not damaged again" % units[u][0])
        if lost[u] or dmg[u]:
            cls = cz.target_class(units[u])
            one = 1
            if units[u][uu.U_HITS] >= 2:
                old = lost[u] if lost[u] < before[u] else before[u]
                one = old + 2 * (lost[u] - old) + dmg[u]
                if lost[u] - old > counts[u] - before[u] - dmg[u]:
                    raise RuleError(rule, "too many %s" % units[u][0])
            else:
                one = lost[u]
            if plain is not None and u == plain[0]:
                sup = tk[u] if tk is not None else lost[u] - plain[1]
                if sup < 0:
                    sup = 0
                slots[cls] += sup            # with Super Submarines: no plane's hit (LHTR-T-09)
                one -= sup
                cls = cz.PLAIN_SUB
            slots[cls] += one
    if got != need:
        raise RuleError(rule, "take exactly %d hit(s): as many as the units can absorb" % need)
    # Hall's condition: every class set must be reachable by the hits (P40-C-83)
    masks = cz.GROUP_MASKS
    for subset in range(1, 8):
        s = 0
        for c in (1, 2, 4):
            if subset & c:
                s += slots[c]
        cap = 0
        for g in range(4):
            if masks[g] & subset:
                cap += hits[g]
        if s > cap:
            if subset == 1:
                raise RuleError(rule, "submarine hits cannot be taken by air units")
            if subset == 2:
                raise RuleError("P40-U-43" if self.family == FAM_1940 else "LHTR-U-80",
                                "these air hits cannot be taken by submarines" if
                                self.family == FAM_1940 else "planes cannot hit Super Submarines"
                                " unless their side has a destroyer in the zone (LHTR-T-09)")
            raise RuleError(rule, "those units cannot take these hits")
    # transports last (P40-C-84): a transport only if nothing else could take the hit
    if self.flags & uu.CF_TRANSPORT_DEFENSELESS:
        tl = 0
        for u in range(self.n):
            if units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
                tl += lost[u]
        dtl = 0
        for u in range(self.n):
            if units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
                dtl += default[0][u]
        if tl > dtl:
            raise RuleError("P40-C-84", "transports are taken only when no other unit can take the hit")


def submerging(self, p, choice):
    """How many of the side's submarines submerge (a number the player gave, or {"submerge": n,
    "teched": {"submarine": m}}: of a defending side of two powers' subs, m of those with the
    technology; each power decides for its own, LHTR-T-06), checked against the subs in the
    battle and an enemy destroyer (P40-U-53, LHTR-U-82). Returns (n, m or None)."""
    side = p.side
    tm = None
    if isinstance(choice, dict):
        want = self._vec(choice.get("teched")) if choice.get("teched") else None
        choice = choice.get("submerge")
        if want is not None:
            for u in range(self.n):
                own = side == DEFENDER and self.split() and self.teched[u] and \
                    self.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE
                if want[u] and not own:
                    raise RuleError(p.info[0], "no " + self.units[u][uu.U_NAME] +
                                    " here submerges with a technology of its own")
                if own:
                    tm = want[u]
    try:
        k = int(choice)
    except (TypeError, ValueError):
        raise InputError("answer with a number of submarines")
    if k < 0 or k > self._subs(side):
        raise RuleError(p.info[0], "only submarines in the battle may submerge")
    if self.family == FAM_1940 and not self._sub_eligible(side) and k:
        raise RuleError("P40-U-53", "an enemy destroyer in the battle stops submerging")
    if self.family == FAM_LHTR and self._has(1 - side, uu.AB_DESTROYER) and k:
        raise RuleError("LHTR-U-82", "an enemy destroyer in the battle stops submerging")
    if tm is not None:
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE and self.teched[u]:
                t, pl = self.teched_free(u)
                if tm > t or tm > k or k - tm > pl:
                    raise RuleError(p.info[0], "%d of the %d submarines submerging can be those "
                                    "with the technology: %d to %d" % (tm, k, k - pl if k > pl else 0,
                                                                       t if t < k else k))
    return k, tm


def retreat(self, p, choice):
    """The attacker retreats (a space named or numbered, or "air" for the planes of an LHTR
    amphibious assault): the units that may retreat leave the battle."""
    air_only = False
    if choice == "air":
        # LHTR-C-34: aircraft leave an amphibious assault all at once (no land unit may)
        if not (self.family == FAM_LHTR and self.kind == K_AMPHIBIOUS):
            raise RuleError(("CL-C-21", "LHTR-C-31", "P40-C-95")[self.family],
                            "the attacking units retreat together")
        air_only = True
        where = 0
    elif isinstance(choice, int):
        where = choice
        if not (0 <= where < len(self.retreat_to)):
            raise RuleError("CL-C-21", "retreat only to a space an attacking unit came from")
    else:
        if choice == "retreat":
            where = 0
        elif choice in self.retreat_to:
            where = self.retreat_to.index(choice)
        else:
            rid = "P40-C-95" if self.family == FAM_1940 else ("LHTR-C-31" if self.family == FAM_LHTR
                                                            else "CL-C-21")
            raise RuleError(rid, "retreat only to one space an attacking unit came from")
    v = p.info[0]
    self.prompt = None
    for u in range(self.n):
        if v[u] and (not air_only or self.units[u][uu.U_KIND] == uu.AIR):
            self.alive[ATTACKER][u] -= v[u]
            self.gone[u] += v[u]
    self._emit((ev.E_RETREAT, ATTACKER, where))
    if self._count(ATTACKER) == 0:
        self.outcome = O_RETREAT
        self._emit((ev.E_STEP, S_END, self.round))
    else:
        self.hits = "pressed"

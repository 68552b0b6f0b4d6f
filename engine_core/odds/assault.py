"""Exact odds of an amphibious assault with a sea battle of its own in the launch zone, as a
whole (issue 18): the sea battle first (CL-C-42, LHTR-C-42, P40-C-57), then the land battle as
a mixture over how the sea battle ends.

    odds(board, attacker, defender, seaborne, sea_attacker, sea_defender, number=float,
         tech=None, advantages=None, space=None, sea_defender_tech=None, sea_defender_na=None,
         sea_defender_teched=None) -> dict
    Solver(same arguments)   # the same report in slices (step / estimate / result, as exact.Solver)

`attacker` is every attacking unit of the land battle (overland, air and seaborne), `seaborne`
the land units among them aboard the transports of `sea_attacker`; `sea_defender` the ships
(and scrambled planes) in the launch zone; `sea_defender_tech` their power's technologies (the
battle's option: CL-T-05, LHTR-T-06, P40-R-06; None: tech's defender in both parts; an ally's
split, tech["defender_teched"], is the land battle's); `sea_defender_na` their power's LHTR
national advantages (LHTR-O-02; None: advantages' defender in both parts; at sea LHTR-O-43's
battleships), `sea_defender_teched` {unit: count} the sea battle's split of defenders of
several powers (the battle's options of the same names). The attacker loses its transports last at sea
(keeping its cargo afloat); everything else in the default order of loss. Each end of the sea battle with t attacking
transports afloat lands the t most valuable loads (engine_core/battle/amphibious.py loads: the
attacker loses the transports with the cheapest loads, as the battle engine does); the cargo of
sunk transports is lost (CL-U-70, LHTR-C-43, P40-U-58). A transport afloat at the end means the
zone is cleared: nothing the defender has left can hit it (its transports, P40-C-63). With no
transport afloat nothing lands; the overland and air units still fight the land battle (LHTR-C-45,
P40-C-65, CL-D-17 ENGINE: to the end, the battle engine's default answer), and when there are
none the territory is not attacked (the defender holds). No bombardment after a sea battle
(CL-C-42, LHTR-C-44, P40-C-60).

The report has exact.odds's keys for the assault as a whole (win, capture, draw, defender
holds; the IPC lost on both sides, sea battle and cargo included; the survivors and the
likeliest remaining units in the territory), plus "sea" (the sea battle's own report) and
"landing" (the chance that seaborne units land). Built on exact.Solver only: one sea battle,
then one land battle per distinct landing.
"""

from engine_core.errors import RuleError, InputError
from engine_core.editions import family
from engine_core.units import U_NAME, U_COST, U_KIND, U_ABILITIES, LAND, AB_TRANSPORT
from engine_core.battle import casualties as _cas
from engine_core.odds import base as _base


def odds(board, attacker, defender, seaborne, sea_attacker, sea_defender, number=float,
         tech=None, advantages=None, space=None, sea_defender_tech=None, sea_defender_na=None,
         sea_defender_teched=None):
    s = Solver(board, attacker, defender, seaborne, sea_attacker, sea_defender, number, tech,
               advantages, space, sea_defender_tech, sea_defender_na, sea_defender_teched)
    while not s.step(1 << 20):
        pass
    return s.result()


class Solver:
    """The assault's odds in slices: the sea battle's exact.Solver, then each land battle's
    (no coarse passes: the estimate is the part of the mixture already solved, its error the
    probability not yet resolved). Bad input raises here, before any slice."""

    def __init__(self, board, attacker, defender, seaborne, sea_attacker, sea_defender,
                 number=float, tech=None, advantages=None, space=None, sea_defender_tech=None,
                 sea_defender_na=None, sea_defender_teched=None):
        from engine_core.odds import exact
        from engine_core.battle import amphibious
        edition, units, aliases, flags = _base.tables(board)
        fam = family(edition)
        n = len(units)
        self.board = board
        self.units = units
        self.number = number
        a = _base.counts(units, aliases, attacker, "attacker")
        sb = _base.counts(units, aliases, seaborne, "seaborne")
        sa = _base.counts(units, aliases, sea_attacker, "sea attacker")
        for u in range(n):
            if sb[u] > a[u]:
                raise InputError("more seaborne " + units[u][U_NAME] + " than attacking")
            if sb[u] and units[u][U_KIND] != LAND:
                raise InputError("only land units come ashore from transports")
        self.loads = amphibious.loads(units, fam, sb)
        holds = 0
        for u in range(n):
            if units[u][U_ABILITIES] & AB_TRANSPORT:
                holds += sa[u]
        if len(self.loads) > holds:
            raise RuleError(_base.family_rule(fam, "CL-U-71", "LHTR-U-71", "P40-U-58"),
                            "the seaborne units need %d transports in the sea battle, not %d"
                            % (len(self.loads), holds))
        self.over = [a[u] - sb[u] for u in range(n)]    # overland and air: they never sail
        # the land battle's checks now (nothing solved yet), as with every load landed
        d = _base.counts(units, aliases, defender, "defender")
        _base.check_kinds(units, flags, fam, "amphibious", a, d)
        self.defender = d
        self.kw = {"number": number, "tech": tech, "advantages": advantages, "space": space,
                   "estimate": False}
        # the attacker keeps its cargo afloat: transports last in its order of loss (CL-C-42
        # "transports can be hit", LHTR-C-43; the 1940 default already, P40-U-58)
        order = [u for u in _cas.loss_order(units, True, flags) if not units[u][U_ABILITIES] & AB_TRANSPORT]
        order += [u for u in range(n) if units[u][U_ABILITIES] & AB_TRANSPORT]
        sea_tech = tech
        if isinstance(tech, dict) and "defender_teched" in tech:
            # an ally's defenders are the land battle's (the battle's Battle.n_teched)
            sea_tech = dict((k, tech[k]) for k in tech if k != "defender_teched")
        if sea_defender_tech is not None:
            # the zone's defenders fight with their own power's technologies (the battle's
            # sea_defender_tech; CL-T-05, LHTR-T-06, P40-R-06)
            if isinstance(tech, dict):
                sea_tech = {"attacker": tech.get("attacker"), "defender": sea_defender_tech}
            else:
                sea_tech = {"attacker": tech, "defender": sea_defender_tech}
        if sea_defender_teched is not None:
            # the zone's defenders of several powers (the battle's sea_defender_teched)
            if isinstance(sea_tech, dict):
                sea_tech = dict(sea_tech)
            else:
                sea_tech = {"attacker": sea_tech}      # a list or None: the attacker's
            sea_tech["defender_teched"] = sea_defender_teched
        sea_adv = advantages
        if sea_defender_na is not None:
            # the zone's power's own national advantages (the battle's sea_defender_na, LHTR-O-02)
            att = advantages.get("attacker") if isinstance(advantages, dict) else None
            sea_adv = {"attacker": att, "defender": sea_defender_na}
        if sea_defender_teched is not None:
            # refused under its own name (the sea Solver would call it defender_teched)
            from engine_core import techs
            nas = _base.advantage_bits(flags, sea_adv, None) if sea_adv else None
            techs.check_teched(units, _base.counts(units, aliases, sea_defender_teched,
                                                   "sea_defender_teched"),
                               _base.counts(units, aliases, sea_defender, "sea defender"), fam,
                               nas[0][1] if nas else 0, "sea_defender_teched")
        self.sea = exact.Solver(board, "sea", sea_attacker, sea_defender,
                                policy={"attacker_order": tuple(order)}, number=number,
                                tech=sea_tech, advantages=sea_adv, estimate=False)
        self.cur = self.sea
        self.sea_r = None
        self.parts = []     # [probability, landed vector, land report or None]
        self.i = 0
        self.done = None
        self.largest = 0
        self.slices = 0

    def step(self, budget=500):
        """Computes for at most about `budget` work units; True once the report is done."""
        if self.done is not None:
            return True
        finished = self.cur.step(budget)
        self.slices += 1
        if self.cur.largest > self.largest:
            self.largest = self.cur.largest
        if not finished:
            return False
        r = self.cur.result()
        self.cur = None
        if self.sea_r is None:
            self.sea_r = r
            self.sea = None
            self.parts = self._landings(r)
        else:
            self.parts[self.i][2] = r
            self.i += 1
        self._next()
        return self.done is not None

    def _next(self):
        """The next land battle to solve (an empty attack needs none), or the report."""
        from engine_core.odds import exact
        while self.i < len(self.parts):
            landed = self.parts[self.i][1]
            att = tuple((u, landed[u]) for u in range(len(landed)) if landed[u])
            if att:
                self.cur = exact.Solver(self.board, "amphibious", att,
                                        tuple((u, c) for u, c in enumerate(self.defender) if c),
                                        **self.kw)
                return
            self.i += 1         # nothing attacks the territory: the defender holds
        self.done = self._report()

    def _landings(self, sea):
        """[probability, attacking units of the land battle, None] per distinct landing, from
        the sea battle's end states (the attacker's remaining units: no retreat is asked)."""
        units = self.units
        zero = self.number(0)
        n = len(units)
        ids = {}
        for u in range(n):
            ids[units[u][U_NAME]] = u
        by = {}
        self.cargo_lost = zero
        for rem, p in sea["attacker_remaining"]:
            t = 0
            for name in rem:
                if units[ids[name]][U_ABILITIES] & AB_TRANSPORT:
                    t += rem[name]
            lost = 0
            for i in range(t, len(self.loads)):
                for u in range(n):
                    lost += self.loads[i][u] * units[u][U_COST]
            self.cargo_lost = self.cargo_lost + p * lost
            k = t if t < len(self.loads) else len(self.loads)
            by[k] = by.get(k, zero) + p
        out = []
        for k in sorted(by):
            landed = list(self.over)
            for i in range(k):
                for u in range(n):
                    landed[u] += self.loads[i][u]
            out.append([by[k], landed, None])
        self.landing = zero
        for part in out:
            if sum(part[1]) > sum(self.over):
                self.landing = self.landing + part[0]
        return out

    def estimate(self):
        """{"attacker_wins", "defender_wins", "draw", "attacker_retreats", "error", "exact"}:
        the land battles solved so far, weighted; "error" the probability not yet resolved."""
        if self.done is not None:
            out = {"exact": True, "error": self.done["pruned"]}
            for key in ("attacker_wins", "defender_wins", "draw", "attacker_retreats"):
                out[key] = self.done[key]
            return out
        zero = self.number(0)
        out = {"exact": False, "attacker_wins": zero, "defender_wins": zero, "draw": zero,
               "attacker_retreats": zero}
        left = self.number(1)
        for p, landed, r in self.parts:
            if r is None and sum(landed):
                continue
            left = left - p
            if r is None:
                out["defender_wins"] = out["defender_wins"] + p
                continue
            for key in ("attacker_wins", "defender_wins", "draw", "attacker_retreats"):
                out[key] = out[key] + p * r[key]
        out["error"] = left
        return out

    def result(self):
        return self.done

    def _report(self):
        zero = self.number(0)
        sea = self.sea_r
        out = {"attacker_wins": zero, "defender_wins": zero, "draw": zero,
               "attacker_retreats": zero, "attacker_captures": zero,
               "expected_rounds": sea["expected_rounds"],
               "attacker_ipc_lost": sea["attacker_ipc_lost"] + self.cargo_lost,
               "defender_ipc_lost": sea["defender_ipc_lost"],
               "pruned": sea["pruned"], "method": "exact", "sea": sea, "landing": self.landing}
        a_surv = {}
        d_surv = {}
        a_rem = {}
        d_rem = {}
        names = [self.units[u][U_NAME] for u in range(len(self.units))]
        home = {}
        for u in range(len(names)):
            if self.defender[u]:
                home[names[u]] = self.defender[u]
                d_surv[names[u]] = zero
            if self.over[u] or sum(ld[u] for _, ld, _ in self.parts):
                a_surv[names[u]] = zero
        for p, landed, r in self.parts:
            if r is None:
                # nothing attacks: the defender holds with all its units, nobody lost
                out["defender_wins"] = out["defender_wins"] + p
                _add(a_rem, {}, p, zero)
                _add(d_rem, home, p, zero)
                for name in home:
                    d_surv[name] = d_surv[name] + p * home[name]
                continue
            for key in ("attacker_wins", "defender_wins", "draw", "attacker_retreats",
                        "attacker_captures", "expected_rounds", "attacker_ipc_lost",
                        "defender_ipc_lost", "pruned"):
                out[key] = out[key] + p * r[key]
            for surv, key in ((a_surv, "attacker_survivors"), (d_surv, "defender_survivors")):
                got = r[key]
                for name in got:
                    surv[name] = surv.get(name, zero) + p * got[name]
            for rem, key in ((a_rem, "attacker_remaining"), (d_rem, "defender_remaining")):
                for units, q in r[key]:
                    _add(rem, units, p * q, zero)
        out["ipc_swing"] = out["defender_ipc_lost"] - out["attacker_ipc_lost"]
        out["attacker_survivors"] = a_surv
        out["defender_survivors"] = d_surv
        out["attacker_remaining"] = _ranked(a_rem)
        out["defender_remaining"] = _ranked(d_rem)
        return out


def _add(rem, units, p, zero):
    key = tuple(sorted((name, units[name]) for name in units if units[name]))
    rem[key] = rem.get(key, zero) + p


def _ranked(rem):
    """(units dict, probability) most likely first, as exact.odds's *_remaining."""
    items = [(rem[k], k) for k in rem]
    items.sort(key=lambda it: (-it[0], it[1]))
    return tuple((dict(it[1]), it[0]) for it in items)

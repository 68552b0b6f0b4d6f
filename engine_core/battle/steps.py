"""The battle: an ordered step table per edition family, prompts, events, result.

    b = Battle(board_or_edition, "land", {"infantry": 1, "armor": 1}, {"infantry": 1, "armor": 1})
    b.run_until_prompt(dice)        # dice: anything with .roll(n) (Dice, FixedDice), or None
    while b.prompt: b.answer(choice); b.run_until_prompt(dice)
    b.result                         # None until the battle is over

Kinds: "land" (a territory), "sea" (a sea zone), "amphibious" (an optional sea battle in the
launch zone, then bombardment, then the land battle; see `options` below), "flyover" (Classic
and LHTR: an AA gun firing at planes flying over its territory, CL-C-70 / LHTR-C-22).

Result (dict, per-unit lists indexed by unit id, [attacker, defender] pairs): outcome (O_*),
captured, liberated, survivors (retreated and submerged units included), damaged, lost (cargo
lost with its transport or carrier included), ipc_lost, retreated, submerged, cargo (carrier
cargo left), rounds, and for "amphibious" sea_survivors.

Dice within a fire step are rolled column by column (1, 2, 3, 4; CL-C-04); a column whose hits
could only land on units already all hit is not rolled (as in the Classic Action 3 example), and
a group that could hit nothing (subs against planes only) never rolls.

Step tables (read from the rulebooks' combat sequences):

  Classic  (CL-C-10..16, CL-C-30..38, CL-C-41): AA fire once (land), battleship support shot
           (amphibious, no naval battle; its casualties fire back); each round: attacking subs'
           first shot (casualties removed at once), attacker fires, defender fires, defender
           removes casualties, end check, sub withdrawal (attacker first), retreat.
  LHTR     (LHTR-C-03, C-20..C-33): each cycle: opening fire (AA and bombardment in the first
           cycle only, subs of both sides every cycle), remove opening-fire casualties (except
           sub victims of a side with a destroyer), attacker fires, defender fires, remove
           casualties, end check, submerge (step 7), retreat.  Revised uses the same table:
           the sources do not give the original Revised wording (LHTR-M-08).
  1940     (P40-C-70..96): kamikaze strikes and scramble before the battle, AAA fire once (land),
           bombardment (amphibious, no sea combat, no kamikaze); each round: submerge decisions
           (attacker first, before any die), attacking surprise strike, defending surprise
           strike, remove surprise-strike casualties, attacker fires, defender fires, remove
           defender casualties, defenseless transports, end check, retreat.

The optional parts live in their own modules of engine_core/battle/, imported only when a
battle needs them (device heap): scramble.py, kamikaze.py, bombard.py, amphibious.py (an
assault's sea battle and hand-over), advantages.py and na_strikes.py (LHTR national advantages),
choices.py (what players give instead of the defaults: their dice, casualties, a retreat,
submerging subs, damaged ships, cargo), serial.py (the state's bytes).

The state (step, round, unit counts per side) serializes with `to_bytes()`; `Battle.from_bytes`
resumes at the same step (events are not kept). An illegal answer raises RuleError naming
the rule and changes nothing.

options (all optional):
  attacker_tech, defender_tech  tuples of: "jet_fighters", "super_submarines", "heavy_bombers",
                                "combined_bombardment", "radar", "advanced_artillery",
                                "improved_mechanized_infantry"
  defender_teched  dict: a defending side of several powers (a UK fighter on a US carrier; CL-T-05,
                 LHTR-T-06: a technology helps only its power). defender_tech is then the union of
                 the powers' technologies, and this names, per unit type a defending technology
                 changes (techs.defense_bit: fighters, LHTR bombers and subs, 1940 AAA), how many
                 of the defenders belong to a power that has it (a type not named: none; LHTR subs
                 without Super Submarines may be hit by planes, LHTR-T-09). The same for a type
                 a defending national advantage of defender_na changes (LHTR-O-02: a power may
                 not share them; advantage_bits.defense_na: infantry, artillery, battleships,
                 the AA gun): how many belong to the power that holds it; without
                 defender_teched, all of the side's units of the type. Whose units are
                 lost is the defenders' choice (CL-C-60, LHTR-C-62, P40-C-82): a casualty answer
                 {"lost": ..., "teched": {unit: count}} names how many of the lost carry it (the
                 question is asked even when one type alone can take the hits); by default the
                 others first. techs.defending builds both from the powers.
  retreat        tuple of spaces the attacker may retreat to (names or ids); default ("retreat",)
                 i.e. one unnamed space; () forbids retreat
  seaborne       dict of attacking land units that came by transport (amphibious; they never retreat)
  sea_attacker, sea_defender   dicts: the sea battle of an amphibious assault (attacking ships and
                 the air assigned to it; defending ships in the launch zone)
  sea_defender_tech  technology names (as defender_tech) of the power whose ships and planes defend
                 the launch zone (CL-T-05, LHTR-T-06, P40-R-06: each power fights with its own):
                 the sea part uses them, the land part defender_tech again; absent: defender_tech
                 in both. defender_teched (and defender_na's split) applies to the land part only
  sea_defender_na  LHTR national advantage names (as defender_na) of the power(s) defending the
                 launch zone (LHTR-O-02: an advantage helps its own power's units only; at sea:
                 LHTR-O-41/42 kamikazes and kaitens, LHTR-O-43 battleships): the sea part uses
                 them, the land part defender_na again; absent: defender_na in both
  sea_defender_teched  dict: defender_teched for the sea part (the launch zone's defenders of
                 several powers, e.g. a UK sub with Super Submarines beside a US sub; CL-T-05,
                 LHTR-T-06, LHTR-O-02), counted among sea_defender; the land part keeps
                 defender_teched. With it, sea_defender_tech (else defender_tech) and
                 sea_defender_na (else defender_na) are the zone's powers' union
  bombard        dict of attacking ships that may bombard (amphibious)
  kamikaze       int, Japan's kamikaze tokens usable in this zone (1940 sea battles)
  scramble       dict of defending fighters / tactical bombers that may scramble (1940)
  air_bases      int, operative air bases they could come from (3 each, P40-C-20); default 1
  sub_withdraw   True if the defending subs have a zone to withdraw to (Classic CL-C-37)
  attacker_cargo, defender_cargo   dicts of air units carried as cargo on the side's carriers
                 (guest fighters on a moving carrier, LHTR-U-61 / P40-C-122; aircraft aboard a
                 damaged carrier, P40-U-55): they never fight or take hits and are lost with their
                 carrier (2 per carrier); in a sea battle also land units aboard the side's
                 transports (CL-U-70, LHTR-U-70, P40-U-58: 2 per transport, lost with it)
  attacker_damaged, defender_damaged   dicts of capital ships damaged before this sea battle
                 (1940: an earlier battle, a kamikaze strike; P40-U-50/55): one more hit sinks them
  liberates      True if the territory originally belonged to an ally of the attacker: a won
                 battle then reports "liberated" (the ledger applies CL-C-82 / LHTR-C-80 /
                 P40-C-103, including the lost-capital exceptions)
  paratroopers   int, attacking infantry that arrived as paratroopers (1940 research; AAA
                 shoots at them as at air units, P40-U-37)
  attacker_na, defender_na, space   LHTR national advantages (engine_core/battle/advantages.py)
  defender_strikers  dict: a sea battle's defending side of several powers where Japan holds
                 Kamikaze Attacks / Kaiten Torpedoes (LHTR-O-41, LHTR-O-42: Japan names "its"
                 fighters / subs): how many of the defending fighters / subs are Japan's (a type
                 not named: all). engine_core/battle/advantages.py
  defender_strikers_teched  dict: of those of Japan's fighters / subs, how many carry its Jet
                 Fighters / Super Submarines (LHTR-T-06, LHTR-A-32; all or none; unstated: all
                 whenever defender_teched leaves room). engine_core/battle/na_strikes.py
  sea_defender_strikers, sea_defender_strikers_teched  dicts: the same for an assault's sea
                 battle (counted among sea_defender, held for the sea part; the landing is never
                 a sea battle and has none). Refused outside an amphibious assault
  bombard_may_hit_air   LHTR-A-05: True (default) lets the defender give bombardment hits to
                 its aircraft; False keeps them on land units (engine_core/battle/advantages.py)
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.battle import casualties as cz
from engine_core.battle.groups import support
from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_CLASSIC, FAM_LHTR, FAM_1940, board_of
from engine_core.battle.base import (ATTACKER, DEFENDER, K_LAND, K_SEA, K_AMPHIBIOUS, K_FLYOVER,
    is_whole, Prompt, zeros, tech_table)
# the step, prompt, outcome and hit codes are read as bb.S_AA, bb.P_DICE, ...: one module global
# instead of thirty (device heap)
from engine_core.battle import base as bb


def _count(options, key, default):
    v = options.get(key, default)
    if not is_whole(v) or v < 0:
        raise InputError(key + " is a whole number >= 0")
    return v


class Battle:
    """One battle; see the module docstring."""

    def __init__(self, board, kind, attacker, defender, options=None, _blank=False):
        self.board = board_of(board)
        self.units = self.board.units
        self.flags = self.board.combat_flags
        self.family = self.board.family
        self.n = len(self.units)
        self.events = []
        self.prompt = None
        self.result = None
        self._typed = None       # typed dice answer waiting for the step that asked
        self.na = None           # national advantages (engine_core/battle/advantages.py)
        self.teched = None       # defender_teched as a vector, None: every defender has the techs
        self.land_tech = None    # an assault's sea part with sea_defender_tech: the land part's defender bits
        self.land_na = None      # ... with sea_defender_na: the land part's defender advantage bits
        self.sea_split = 0       # ... with sea_defender_teched (then in teched; the land part's here:)
        self.land_teched = None
        self.tcas = None         # of the defender's casualties behind the line, those with it
        self.foreign = None      # defender_strikers: per type, the defenders Japan may not name
        self.steched = None      # defender_strikers_teched: per type, Japan's strikers with its technology
        if _blank:
            return
        if isinstance(kind, str):
            if kind not in bb.KIND_NAMES:
                raise InputError("battle kind is land, sea, amphibious or flyover, not " + kind)
            kind = bb.KIND_NAMES.index(kind)
        elif not is_whole(kind) or not 0 <= kind < len(bb.KIND_NAMES):
            raise InputError("battle kind is land, sea, amphibious or flyover")
        options = options or {}
        if not isinstance(options, dict):
            raise InputError("battle options are a dict")
        self.kind = kind
        n = self.n
        self.tech = [0, 0]
        at = options.get("attacker_tech")
        dt = options.get("defender_tech")
        if at or dt:
            T = tech_table()
            self.tech = [T.bits(at, T.BATTLE, "battle"), T.bits(dt, T.BATTLE, "battle")]
        self.alive = [self._vec(attacker), self._vec(defender)]
        if options.get("defender_teched") is not None:
            self.teched = self._vec(options.get("defender_teched"))
            na = 0
            if options.get("defender_na"):
                from engine_core.battle import advantage_bits as ab   # LHTR-O-02: its power's units
                na = ab.name_bits(options.get("defender_na"), ab.NA_NAMES, "national advantage")
            tech_table().check_teched(self.units, self.teched, self.alive[DEFENDER], self.family, na)
            self.tcas = zeros(self.n)
        self.dmg = [zeros(n), zeros(n)]
        self.cas = [zeros(n), zeros(n)]
        self.subm = [zeros(n), zeros(n)]
        self.lost = [zeros(n), zeros(n)]
        self.gone = zeros(n)                 # attacker units that retreated
        self.seaborne = self._vec(options.get("seaborne"))
        self.bombard = self._vec(options.get("bombard"))
        self.scramble = self._vec(options.get("scramble"))
        self.air_bases = _count(options, "air_bases", 1)
        self.kamikaze = _count(options, "kamikaze", 0)
        self.sub_withdraw = 1 if options.get("sub_withdraw") else 0
        self.para = _count(options, "paratroopers", 0)
        self.liberates = 1 if options.get("liberates") else 0
        self.cargo = [self._vec(options.get("attacker_cargo")), self._vec(options.get("defender_cargo"))]
        if sum(self.cargo[0]) or sum(self.cargo[1]):
            from engine_core.battle import choices
            choices.check_cargo(self)
        if self.para or (kind != K_AMPHIBIOUS and (sum(self.bombard) or sum(self.seaborne) or
                                                   options.get("sea_attacker") or options.get("sea_defender"))) \
                or (kind not in (K_SEA, K_AMPHIBIOUS) and (sum(self.scramble) or self.kamikaze)):
            from engine_core.battle import choices
            choices.check_kind_options(self, options)     # refused: options of another kind
        ret = options.get("retreat", ("retreat",))
        if ret is not None and not isinstance(ret, (list, tuple)):
            raise InputError("retreat is a list of spaces")
        self.retreat_to = tuple(ret) if ret is not None else ()
        self.step_i = 0
        self.pre = 1             # 1 while in the pre-battle steps
        self.round = 0
        self.part = 0            # amphibious: 0 sea part (if any), 1 land part
        self.struck = 0          # kamikaze strikes made in the zone (each spent a token)
        self.sea_combat = 0
        self.dd = [0, 0]         # destroyer present at the start of the round, per side
        self.fired = [0, 0]      # subs of the side fired in opening fire / surprise strike this round
        self.hits = None         # what the current step has done so far (a small marker)
        self.decided = [0, 0]    # submerge decisions taken this round (1940)
        self.outcome = 0
        self._land = None
        self.sea_surv = None     # an assault's sea-battle survivors (amphibious.setup)
        self.validate_start()
        if options.get("attacker_damaged") or options.get("defender_damaged"):
            from engine_core.battle import choices
            choices.start_damaged(self, options)
        if kind == K_SEA:
            self._check_decks(self.alive, self.cargo)
        for u in range(n):
            if self.seaborne[u] > self.alive[ATTACKER][u]:
                raise InputError("more seaborne units than attacking units")
        if kind == K_AMPHIBIOUS:
            from engine_core.battle import amphibious
            amphibious.setup(self, options)
            if options.get("sea_defender_tech") is not None:
                amphibious.sea_tech(self, options.get("sea_defender_tech"))
            if options.get("sea_defender_teched") is not None:
                amphibious.sea_teched(self, options)
        else:
            for k in ("sea_defender_tech", "sea_defender_na", "sea_defender_teched",
                      "sea_defender_strikers", "sea_defender_strikers_teched"):
                if options.get(k) is not None:
                    raise InputError(k + ": the sea battle of an amphibious assault")
            self.part = 1 if kind == K_LAND else 0
        if options.get("attacker_na") or options.get("defender_na") or \
                options.get("sea_defender_na") or options.get("bombard_may_hit_air") is False or \
                options.get("defender_strikers") is not None or \
                options.get("defender_strikers_teched") is not None or \
                options.get("sea_defender_strikers") is not None or \
                options.get("sea_defender_strikers_teched") is not None:
            from engine_core.battle import advantages
            advantages.setup(self, options)

    # ----- helpers
    def _vec(self, spec):
        v = zeros(self.n)
        if not spec:
            return v
        items = spec
        if isinstance(spec, dict):
            items = [(k, spec[k]) for k in spec]
        elif not isinstance(spec, (list, tuple)):
            items = (None,)                  # refused below, as a pair that is not one
        for it in items:
            if not isinstance(it, (list, tuple)) or len(it) != 2:
                raise InputError("expected units as {name: count}")
            k, c = it
            u = k if isinstance(k, int) else self.board.unit_id(k)
            if not (0 <= u < self.n):
                raise InputError("unit id out of range: %d" % u)
            if not is_whole(c) or c < 0:
                raise InputError("a unit count is a whole number >= 0")
            v[u] += c
        return v

    def n_teched(self, side, u, c):
        """How many of c units of type u of `side` carry the side's technologies (defender_teched:
        the ones with it are lost last, so min(count given, units left))."""
        if side == ATTACKER or not self.split():
            return c                     # an assault's sea battle: the land battle's allies only
        t = self.teched[u]
        return t if t < c else c

    def split(self):
        """The defending side is of several powers with a technology not all of them have
        (defender_teched), in the part of the battle it applies to (an assault's land battle; its
        sea battle only with sea_defender_teched, then held in teched)."""
        return self.teched is not None and not (self.kind == K_AMPHIBIOUS and self.part == 0 and
                                                not self.sea_split)

    def teched_free(self, u):
        """(with the technology, without it) of the defender's units of type u not yet taken as
        casualties: the ones a casualty choice picks among (CL-T-05: which power's unit is lost)."""
        a = self.alive[DEFENDER][u]
        t = self.teched[u] if self.teched[u] < a else a
        t -= self.tcas[u]
        return t, a - self.cas[DEFENDER][u] - t

    def plain_subs(self, side, counts=None):
        """(unit id, k) for casualties.choose's `plain`, or None: of a defending side of allied
        powers where only some have Super Submarines (LHTR-T-06 "Technology helps only the
        power that researched it"; LHTR-T-09 "they cannot be hit by enemy aircraft unless an
        enemy destroyer is in the zone"; LHTR-U-80), the k subs among `counts` (default: those
        not yet casualties) of a power without them: planes may hit those."""
        if side == ATTACKER or self.family != FAM_LHTR or not self.split() or \
                not self.tech[DEFENDER] & tech_table().SUPER_SUBS:
            return None
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE and self.alive[DEFENDER][u]:
                p = self.teched_free(u)[1]
                if counts is not None and counts[u] < p:
                    p = counts[u]
                return (u, p) if p > 0 else None
        return None

    def _take_teched(self, u, k, chosen, rule):
        """k casualties of type u of the defender: `chosen` of them with the technology (None:
        the ones without it first). Returns how many with it; refuses a choice out of range."""
        t, p = self.teched_free(u)
        least = k - p if k > p else 0
        if chosen is None:
            return least
        if chosen < least or chosen > t or chosen > k:
            raise RuleError(rule, "%d of the %d %s lost can carry the technology: %d to %d" % (
                chosen, k, self.units[u][uu.U_NAME], least, t if t < k else k))
        return chosen

    def is_land_battle(self):
        return self.kind == K_LAND or self.kind == K_FLYOVER or (self.kind == K_AMPHIBIOUS and self.part == 1)

    def validate_start(self):
        if self.kind == K_FLYOVER:
            from engine_core.battle import choices
            choices.check_flyover(self)
            return
        land = self.kind != K_SEA
        for side in (ATTACKER, DEFENDER):
            for u in range(self.n):
                if self.alive[side][u]:
                    k = self.units[u][uu.U_KIND]
                    if k == uu.FACILITY:
                        raise RuleError("P40-U-26" if self.family == FAM_1940 else "CL-U-20",
                                        "facilities never go on the battle board")
                    if land and k == uu.SEA:
                        raise InputError("sea units do not fight in a territory")
                    if not land and k == uu.LAND:
                        raise InputError("land units do not fight at sea (cargo is not a combatant)")
        for u in range(self.n):
            if self.alive[ATTACKER][u] and self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                rid = ("CL-U-10", "LHTR-U-10", "P40-U-35")[self.family]
                raise RuleError(rid, "antiaircraft guns never attack")
            if self.family == FAM_CLASSIC and self.alive[DEFENDER][u] > 1 and \
                    self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                raise RuleError("CL-U-10", "only one AA gun may stand in a territory")
        if self.family == FAM_1940:
            # P40-U-54 / P40-U-58: carriers and transports attack only with a unit with an attack value
            a = self.alive[0]
            if sum(a) > 0:
                armed = False
                for u in range(self.n):
                    if a[u] and self.units[u][uu.U_ATTACK] > 0:
                        armed = True
                if not armed and self.kind == K_SEA:
                    raise RuleError("P40-U-58", "a carrier or transport may attack only together "
                                    "with a unit that has an attack value")

    def _check_decks(self, alive, cargo):
        """At sea a defending plane is on a carrier (scrambled ones aside), and a carrier holds
        2 planes, cargo included (CL-U-30/CL-U-60, LHTR-U-33/LHTR-U-60, P40-U-54); a damaged
        carrier's planes are cargo (P40-U-55). A transport carries 2 land units, at most one of
        them not infantry (LHTR-U-71, P40-U-58; Classic CL-U-71: 1-2 infantry, or one other)."""
        rid = ("CL-U-60", "LHTR-U-33", "P40-U-54")[self.family]
        deckless = (("CL-U-30", "LHTR-U-33", "P40-U-54")[self.family],
                    "at sea a plane defends only from a carrier")
        t_rid = ("CL-U-71", "LHTR-U-71", "P40-U-58")[self.family]
        for side in (ATTACKER, DEFENDER):
            decks = 0
            planes = 0
            holds = 0
            inf = 0
            other = 0
            flying = 0
            crippled = 0
            for u in range(self.n):
                r = self.units[u]
                if r[uu.U_ABILITIES] & uu.AB_TRANSPORT:
                    holds += alive[side][u]
                if r[uu.U_KIND] == uu.LAND and cargo[side][u]:
                    if r[uu.U_NAME] == "infantry":
                        inf += cargo[side][u]
                    else:
                        other += cargo[side][u]
                if r[uu.U_ABILITIES] & uu.AB_CARRIER:
                    decks += 2 * alive[side][u]
                    crippled += 2 * self.dmg[side][u]
                if r[uu.U_KIND] == uu.AIR:
                    if cargo[side][u] and not r[uu.U_ABILITIES] & uu.AB_CARRIER_AIR:
                        raise RuleError(rid, "only carrier planes ride on a carrier")
                    planes += cargo[side][u]
                    if side == DEFENDER and alive[side][u]:
                        if not r[uu.U_ABILITIES] & uu.AB_CARRIER_AIR:
                            raise RuleError(*deckless)
                        planes += alive[side][u]
                        flying += alive[side][u]
            if other > holds or inf + other > 2 * holds or \
                    (self.family == FAM_CLASSIC and inf > 2 * (holds - other)):
                raise RuleError(t_rid, "the land units aboard do not fit on the transports")
            if side == DEFENDER and crippled and flying > decks - crippled:
                raise RuleError("P40-U-55", "the planes aboard a damaged carrier are cargo: they "
                                "cannot defend")
            if planes > decks:
                if side == DEFENDER and decks == 0:
                    raise RuleError(*deckless)
                raise RuleError(rid, "a carrier holds at most 2 planes")

    def _emit(self, e):
        self.events.append(e)

    def _has(self, side, ability, include_cas=False):
        a = self.alive[side]
        c = self.cas[side]
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & ability:
                if (a[u] if include_cas else a[u] - c[u]) > 0:
                    return True
        return False

    def _count(self, side, include_cas=False):
        t = 0
        a = self.alive[side]
        c = self.cas[side]
        for u in range(self.n):
            t += a[u] if include_cas else a[u] - c[u]
        return t

    def targets(self, side):
        """Counts of `side` that can take hits now."""
        v = zeros(self.n)
        for u in range(self.n):
            c = self.alive[side][u] - self.cas[side][u]
            if c > 0:
                # 1940 AAA can be taken as casualties (P40-U-35); Classic/LHTR AA guns leave
                if self.units[u][uu.U_ABILITIES] & uu.AB_AA and self.family != FAM_1940:
                    continue
                v[u] = c
        return v

    # ----- values
    def value(self, side, u, plain=False):
        """Combat value of one unit of type u for `side` (printed value plus technology, none if
        `plain`: an ally's unit without it; support pairs are counted by `groups`)."""
        r = self.units[u]
        t = 0 if plain else self.tech[side]
        ab = r[uu.U_ABILITIES]
        if ab & uu.AB_AA:
            return 0
        if side == ATTACKER:
            v = r[uu.U_ATTACK]
            if ab & uu.AB_SUBMARINE and t and t & tech_table().SUPER_SUBS:
                v = 3                      # CL-T-08, LHTR-T-09, P40-R-21
            if ab & uu.AB_FIGHTER and t and t & tech_table().JETS and self.family == FAM_1940:
                v = 4                      # P40-R-22
            return v
        v = r[uu.U_DEFENSE]
        if ab & uu.AB_FIGHTER and t and t & tech_table().JETS and self.family != FAM_1940:
            v = 5                          # CL-T-06, LHTR-T-07
        if ab & uu.AB_TRANSPORT and not self.flags & uu.CF_TRANSPORT_FIRES:
            v = 0
        return v

    def _air_class(self, side):
        """Hit class of `side`'s air units' hits: may they go on enemy subs?"""
        other = 1 - side
        if self.is_land_battle():
            return bb.H_ANY
        if self.flags & uu.CF_AIR_NEEDS_DESTROYER and not self.dd[side]:
            return bb.H_NO_SUB                # P40-U-43
        if self.tech[other] and self.tech[other] & tech_table().SUPER_SUBS and self.family == FAM_LHTR \
                and not self.dd[side]:
            return bb.H_NO_SUB                # LHTR-U-80, LHTR-T-09
        return bb.H_ANY

    def groups(self, side, which):
        """Firing groups [value, dice, best_of, hit class, units] for `side`.

        which: 0 = the general fire step (subs excluded if they fired in opening fire),
        1 = submarines only (opening fire / surprise strike)."""
        n = self.n
        units = self.units
        a = self.alive[side]
        # count units that fire, by type
        fire = zeros(n)
        for u in range(n):
            c = a[u]
            if c <= 0:
                continue
            ab = units[u][uu.U_ABILITIES]
            is_sub = ab & uu.AB_SUBMARINE
            if which == 1:
                if is_sub:
                    fire[u] = c
            else:
                if is_sub and self.fired[side]:
                    continue
                if self.family == FAM_LHTR and is_sub:
                    continue               # LHTR-C-24: subs fire only in opening fire
                if self.family == FAM_CLASSIC and is_sub and side == ATTACKER:
                    continue               # CL-A-09: attacking subs fire only their first shot
                fire[u] = c
        out = []
        # support pairs (attack only), one for one (P40-U-31): artillery -> infantry, then
        # mechanized infantry; fighters -> tactical bombers; tanks -> mechanized infantry
        # (Improved Mechanized Infantry) or tactical bombers. Each pairing adds 1.
        if side == ATTACKER and which == 0:
            boost = support(units, fire, self.flags, self.tech[side])
        else:
            boost = zeros(n)
        for u in range(n):
            c = fire[u]
            if c <= 0:
                continue
            r = units[u]
            ab = r[uu.U_ABILITIES]
            cls = bb.H_ANY
            if ab & uu.AB_SUBMARINE:
                cls = bb.H_NO_AIR
            elif r[uu.U_KIND] == uu.AIR:
                cls = self._air_class(side)
            cp = c - self.n_teched(side, u, c)
            if cp:
                # an ally's units without the side's technology (CL-T-05, LHTR-T-06)
                c -= cp
                v = self.value(side, u, True)
                if self.na:
                    from engine_core.battle import advantages
                    v = advantages.value(self, side, u, v, False)
                if v > 0:
                    out.append([v, cp, 1, cls, cp])
                if c <= 0:
                    continue
            v = self.value(side, u)
            if self.na:
                from engine_core.battle import advantages
                nv = advantages.value(self, side, u, v)
                if nv != v:
                    v = nv
                    boost[u] = 0           # LHTR-O-52: artillery does not raise it further
            if v <= 0:
                continue
            best = 1
            dice_each = 1
            heavy = self.tech[side] and self.tech[side] & tech_table().HEAVY_BOMBERS
            if side == ATTACKER and ab & uu.AB_STRATEGIC and heavy:
                if self.flags & uu.CF_HEAVY_THREE_DICE:
                    dice_each = 3          # CL-T-11: three dice, each may hit
                else:
                    best = 2               # LHTR-T-11 / P40-R-26: two dice, keep the better
            if side == DEFENDER and ab & uu.AB_STRATEGIC and heavy and self.family == FAM_LHTR:
                best = 2                   # LHTR-T-11: on defense too
            boosted = boost[u]             # P40-U-30, P40-U-41, LHTR-U-02
            if boosted:
                out.append([v + 1, boosted * dice_each * best, best, cls, boosted])
            if c - boosted:
                out.append([v, (c - boosted) * dice_each * best, best, cls, c - boosted])
        # merge equal (value, best, class) groups, columns in order 1..4 (CL-C-04)
        merged = []
        for g in out:
            for m in merged:
                if m[0] == g[0] and m[2] == g[2] and m[3] == g[3]:
                    m[1] += g[1]
                    m[4] += g[4]
                    break
            else:
                merged.append(g)
        merged.sort(key=lambda g: (g[0], g[3], g[2]))
        return merged

    # ----- rolling
    def _roll(self, side, step, groups, dice, target_side):
        """Roll the groups; returns the hit tuple, or None after raising a bb.P_DICE prompt."""
        hits = [0, 0, 0, 0]
        cap_units = self.targets(target_side)
        present = cz.classes_of(self.units, cap_units, self.plain_subs(target_side, cap_units))
        # CL-U-82: a group that could hit nothing (subs against planes only) does not roll
        groups = [g for g in groups if present & cz.GROUP_MASKS[g[3]]]
        if not groups:
            return hits
        if dice is None and self._typed is None:
            info = tuple((g[0], g[1]) for g in groups)
            self._set_prompt(Prompt(bb.P_DICE, side, ("dice", "hits"), None, (step, info)))
            return None
        typed = self._typed
        self._typed = None
        pos = 0
        for gi in range(len(groups)):
            value, nd, best, cls, _ = groups[gi]
            if typed is not None and typed[0] == "hits":
                h = typed[1][gi]
                if h < 0 or h > nd // best:
                    raise RuleError("CL-C-02", "more hits than dice in a column")
                hits[cls] += h
                self._emit((ev.E_ROLL, side, step, value, ()))
                continue
            if typed is not None:
                vals = typed[1][pos:pos + nd]
                pos += nd
            else:
                if self._applicable(target_side, cap_units, hits) >= self._capacity(target_side, cap_units):
                    break                  # every enemy unit is hit: no more dice (CL-C-04 example)
                vals = dice.roll(nd)
            vals = tuple(vals)
            self._emit((ev.E_ROLL, side, step, value, vals))
            i = 0
            while i < nd:
                if best == 1:
                    if vals[i] <= value:
                        hits[cls] += 1
                    i += 1
                else:
                    low = vals[i]
                    for j in range(1, best):
                        if vals[i + j] < low:
                            low = vals[i + j]
                    if low <= value:
                        hits[cls] += 1
                    i += best
        total = hits[0] + hits[1] + hits[2] + hits[3]
        self._emit((ev.E_HITS, side, step, total))
        return hits

    def _capacity(self, side, counts):
        t = 0
        for u in range(self.n):
            if counts[u]:
                if self.units[u][uu.U_HITS] >= 2:
                    t += 2 * counts[u] - self.dmg[side][u]
                else:
                    t += counts[u]
        return t

    def _applicable(self, side, counts, hits):
        if hits[0] + hits[1] + hits[2] + hits[3] == 0:
            return 0
        lost, dmg = cz.choose(self.units, counts, self.dmg[side], tuple(hits),
                              side == ATTACKER, self.flags, None, self.plain_subs(side, counts))
        return cz.hits_absorbed(self.units, lost, dmg, self.dmg[side])

    # ----- prompts and answers
    def _set_prompt(self, p):
        self.prompt = p
        self._emit((ev.E_PROMPT, p.kind))

    def answer(self, choice):
        """Answer the pending prompt. Illegal answers raise RuleError and change nothing."""
        p = self.prompt
        if p is None:
            raise InputError("no question is pending")
        k = p.kind
        if k == bb.P_DICE:
            from engine_core.battle import choices
            choices.answer_dice(self, p, choice)
        elif k == bb.P_CASUALTIES:
            if choice is None or choice == "default":
                lost, dmg = p.default
                tk = None
            else:
                # whose units are lost (defender_teched) is checked with the hits there: planes
                # may hit only the subs without Super Submarines (LHTR-T-09); refused: nothing changed
                from engine_core.battle import choices
                lost, dmg, tk = choices.chosen_casualties(self, p, choice)
            self.prompt = None
            self._apply_casualties(p.side, lost, dmg, tk)
        elif k == bb.P_RETREAT:
            if choice is None or choice == "press" or choice == "default":
                self.prompt = None
                self.hits = "pressed"
            else:
                from engine_core.battle import choices
                choices.retreat(self, p, choice)
        elif k == bb.P_SUBMERGE:
            n = 0
            tm = None
            if not (choice is None or choice == "default"):
                from engine_core.battle import choices
                n, tm = choices.submerging(self, p, choice)
            self.prompt = None
            self._submerge(p.side, n, tm)
            self.decided[p.side] = 1
        elif k == bb.P_KAMIKAZE and self.na:
            from engine_core.battle import na_strikes
            na_strikes.answer(self, p, choice)      # LHTR-O-41/42 kamikaze and kaiten strikes
        elif k == bb.P_KAMIKAZE:
            from engine_core.battle import kamikaze
            kamikaze.answer(self, p, choice)
        elif k == bb.P_SCRAMBLE:
            from engine_core.battle import scramble
            scramble.answer(self, p, choice)
        elif k == bb.P_BOMBARD:
            from engine_core.battle import bombard
            bombard.answer(self, p, choice)
        self._emit((ev.E_ANSWER, k, choice if isinstance(choice, (int, str)) or choice is None else 0))

    def _teched_losses(self, lost, choice, rule):
        """Per unit type, how many of the defender's losses carry the technology: the choice's
        "teched" {unit: count} (CL-T-05, LHTR-T-06: the defenders choose whose unit is lost),
        else the ones without it first."""
        want = choice.get("teched") if isinstance(choice, dict) else None
        want = self._vec(want) if want else None
        out = zeros(self.n)
        for u in range(self.n):
            if want is not None and want[u] and not self.teched[u]:
                raise RuleError(rule, "no " + self.units[u][uu.U_NAME] + " here carries a technology of its own")
            if want is not None and want[u] > lost[u]:
                raise RuleError(rule, "more %s with the technology than %s lost" % (
                    self.units[u][uu.U_NAME], self.units[u][uu.U_NAME]))
            if lost[u] and self.teched[u]:
                out[u] = self._take_teched(u, lost[u], want[u] if want is not None else None, rule)
        return out

    def _apply_casualties(self, side, lost, dmg, teched=None):
        """Record chosen casualties: damage at once; destroyed units go behind the casualty
        line (defender in the general fire) or are removed at once. `teched`: of the defender's
        losses, those with the technology (`_teched_losses`; None: the others first)."""
        step = self.current_step()
        behind = self._goes_behind(side, step)
        if side == DEFENDER and self.split() and teched is None:
            teched = self._teched_losses(lost, None, "")
        for u in range(self.n):
            old = self.dmg[side][u]
            if dmg[u]:
                self.dmg[side][u] += dmg[u]
                self._emit((ev.E_DAMAGE, side, u, dmg[u]))
            if lost[u]:
                k = lost[u]
                if self.units[u][uu.U_HITS] >= 2:
                    # ships damaged before are sunk first; fresh ones sunk outright (two hits)
                    # never count as damaged
                    take = k if k < old else old
                    self.dmg[side][u] -= take
                self._emit((ev.E_CASUALTY, side, u, k))
                tk = teched[u] if teched is not None else None
                if behind:
                    self.cas[side][u] += k
                    if tk:
                        self.tcas[u] += tk
                else:
                    self._kill(side, u, k, tk)

    def _goes_behind(self, side, step):
        if step in (bb.S_ATTACK,) and side == DEFENDER:
            return True                                   # CL-C-12, LHTR-C-26, P40-C-78
        if step == bb.S_BOMBARD and not self.flags & uu.CF_BOMBARD_NO_REPLY:
            return True                                   # CL-C-41, P40-C-62: they fire back
        if step == bb.S_SUB_ATTACK and self.family == FAM_1940:
            return True                                   # P40-C-76: removed after all surprise strikes
        if step == bb.S_SUB_ATTACK and self.family == FAM_LHTR:
            return True                                   # simultaneous opening fire, step 3
        if step == bb.S_SUB_DEFEND and self.family == FAM_LHTR:
            return True
        if step == bb.S_SUB_DEFEND and self.family == FAM_1940:
            return True
        return False

    def _kill(self, side, u, k, tk=None):
        """k units of type u of `side` out of the battle; `tk` of them with the defender's
        technology (None: those without it first; defender_teched)."""
        if side == DEFENDER and self.split() and self.teched[u]:
            if tk is None:
                tk = self._take_teched(u, k, None, "")
            a = self.alive[DEFENDER][u]
            self.teched[u] = (self.teched[u] if self.teched[u] < a else a) - tk
        self.alive[side][u] -= k
        self.lost[side][u] += k
        if side == ATTACKER and self.para and self.current_step() == bb.S_AA and u == self._para_unit():
            self.para -= k if k < self.para else self.para
        if side == ATTACKER and self.units[u][uu.U_KIND] == uu.LAND and self.seaborne[u]:
            s = k if k < self.seaborne[u] else self.seaborne[u]
            self.seaborne[u] -= s                         # ENGINE: seaborne units are lost first

    def _remove_cas(self, side):
        any_ = False
        for u in range(self.n):
            k = self.cas[side][u]
            if k:
                self.cas[side][u] = 0
                tk = None
                if side == DEFENDER and self.split():
                    tk = self.tcas[u]
                    self.tcas[u] = 0
                self._kill(side, u, k, tk)
                any_ = True
        if any_:
            self._emit((ev.E_REMOVED, side, self.current_step()))

    def _ask_casualties(self, side, hits, rule, step, counts=None):
        """Stop for the casualty choice of `side` unless the choice is forced."""
        if counts is None:
            counts = self.targets(side)
        hits = tuple(hits)
        plain = self.plain_subs(side, counts)
        lost, dmg = cz.choose(self.units, counts, self.dmg[side], hits, side == ATTACKER, self.flags,
                              None, plain)
        absorbed = cz.hits_absorbed(self.units, lost, dmg, self.dmg[side])
        if absorbed == 0:
            return False
        reach = 0
        for g in range(4):
            if hits[g]:
                reach |= cz.GROUP_MASKS[g]
        types = 0
        two = False
        elig = zeros(self.n)
        for u in range(self.n):
            cls = cz.target_class(self.units[u])
            c = counts[u]
            if plain is not None and u == plain[0]:
                if not cls & reach:
                    c = plain[1]                  # only those may take planes' hits (LHTR-T-09)
                cls |= cz.PLAIN_SUB
            if c and cls & reach:
                elig[u] = c
                types += 1
                if self.units[u][uu.U_HITS] >= 2:
                    two = True
        forced = absorbed >= self._capacity(side, elig) or (types <= 1 and (not two or sum(elig) == 1))
        if forced and side == DEFENDER and self.split():
            for u in range(self.n):
                if lost[u] and self.teched[u]:
                    t, p = self.teched_free(u)
                    if plain is not None and u == plain[0] and not hits[bb.H_ANY] + hits[bb.H_NO_AIR]:
                        continue                # only planes' hits: never a super sub's (LHTR-T-09)
                    if t and p and lost[u] < t + p:
                        forced = False          # whose units are lost is the defenders' choice (CL-T-05)
        if forced:
            self._apply_casualties(side, lost, dmg)
            return False
        opts = tuple(u for u in range(self.n) if counts[u])
        self._set_prompt(Prompt(bb.P_CASUALTIES, side, opts, (lost, dmg), (counts, hits, rule)))
        return True

    # ----- the step machine
    def _table(self):
        if self.kind == K_FLYOVER:
            return bb.FLYOVER_STEPS
        return bb.PRE_STEPS[self.family] if self.pre else bb.ROUND_STEPS[self.family]

    def current_step(self):
        table = self._table()
        if self.step_i >= len(table):
            return bb.S_END
        return table[self.step_i]

    def _advance(self):
        self.step_i += 1
        table = self._table()
        if self.kind == K_FLYOVER and self.step_i >= len(table):
            self.outcome = bb.O_ATTACKER_WON      # the surviving planes fly on
            self._emit((ev.E_STEP, bb.S_END, self.round))
            return
        if self.step_i >= len(table):
            if self.pre:
                self.pre = 0
            self.step_i = 0
            if self.outcome:
                return
            self.round += 1
            self.fired = [0, 0]
            self.decided = [0, 0]
            self._emit((ev.E_ROUND, self.round))

    def run_until_prompt(self, dice=None):
        """Step until a prompt is pending or the battle is over; returns the prompt or None."""
        guard = 0
        while self.prompt is None and self.result is None:
            self.step(dice)
            guard += 1
            if guard > 100000:
                raise InputError("battle does not end")
        return self.prompt

    def step(self, dice=None):
        """Run one step (or resume the step that asked a question)."""
        if self.prompt is not None:
            raise InputError("answer the pending prompt first")
        if self.result is not None:
            return
        if self.outcome:
            self._finish_part()
            return
        s = self.current_step()
        done = getattr(self, "_s_" + bb.STEP_NAMES[s])(dice)
        if done and s == bb.S_AA and self.prompt is None:
            self._aa_alone_end()
        if done and self.prompt is None:
            if self.outcome:
                self._finish_part()
            else:
                self._advance()

    # each _s_* returns True when the step is complete

    def _s_start(self, dice):
        if self.na:
            from engine_core.battle import advantages
            if self.hits == "named":
                self.hits = None              # LHTR-O-41/42: strikes named
            elif not advantages.ask(self):
                return False
        self._emit((ev.E_STEP, bb.S_START, self.round))
        if self.is_land_battle() and self._count(ATTACKER) > 0 and self.kind != K_FLYOVER:
            # P40-C-53, CL-A-23: a territory held only by AA guns (and facilities) has no battle
            only_aa = True
            for u in range(self.n):
                if self.alive[DEFENDER][u] and not self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                    only_aa = False
            # CL-C-11, LHTR-C-21: a Classic / Revised AA gun alone still fires at attacking
            # planes first (the 1940 AAA alone has no combat, P40-C-53)
            if only_aa and not self._lone_aa_fires():
                self.outcome = bb.O_ATTACKER_WON
                self._emit((ev.E_STEP, bb.S_END, self.round))
        return True

    def _lone_aa_fires(self):
        """A Classic / Revised AA gun alone in a land battle fires at attacking planes before
        the battle ends (CL-C-11, LHTR-C-21); the 1940 AAA alone has no combat (P40-C-53)."""
        if self.family == FAM_1940 or self.kind == K_FLYOVER or not self.is_land_battle() \
                or self.round > 1:
            return False
        aa = False
        for u in range(self.n):
            if self.alive[DEFENDER][u]:
                if not self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                    return False
                aa = True
        if not aa:
            return False
        for u in range(self.n):
            if self.units[u][uu.U_KIND] == uu.AIR and self.alive[ATTACKER][u]:
                return True
        return False

    def _aa_alone_end(self):
        """After a lone AA gun fired (CL-C-11, LHTR-C-21): nothing is left to fight."""
        if self.kind == K_FLYOVER or self.family == FAM_1940 or not self.is_land_battle():
            return
        for u in range(self.n):
            if self.alive[DEFENDER][u] and not self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                return
        self._check_end()
        self._emit((ev.E_STEP, bb.S_END, self.round))

    def _s_scramble(self, dice):
        if self.hits == "scrambled":
            self.hits = None
            return True
        if self.kind == K_LAND or not self.flags & uu.CF_SCRAMBLE or sum(self.scramble) == 0 \
                or self.part == 1:
            return True
        from engine_core.battle import scramble
        return scramble.step(self, dice)


    def _s_kamikaze(self, dice):
        if not self.flags & uu.CF_KAMIKAZE or self.kamikaze <= 0 or self.kind == K_LAND:
            return True
        from engine_core.battle import kamikaze
        return kamikaze.step(self, dice)


    def _s_aa(self, dice):
        if not self.is_land_battle():
            if self.na and self.round == 1:
                from engine_core.battle import advantages
                return advantages.fire(self, dice)     # LHTR-O-41/42 opening fire
            return True
        if self.family == FAM_LHTR and self.round != 1 and self.kind != K_FLYOVER:
            return True                       # LHTR-C-21: first cycle only
        if isinstance(self.hits, tuple) and self.hits[0] == bb.S_AA:
            self.hits = None
            return True                       # casualties answered
        d = self.alive[DEFENDER]
        aa = 0
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                aa += d[u]
        if aa <= 0:
            return True
        a = self.alive[ATTACKER]
        jets = self.tech[ATTACKER] and self.tech[ATTACKER] & tech_table().JETS and self.family == FAM_LHTR
        groups = []
        if self.flags & uu.CF_AA_BY_TYPE:
            # LHTR-C-21: dice at fighters first, then at bombers; hits stay within the type
            for u in range(self.n):
                r = self.units[u]
                if r[uu.U_KIND] == uu.AIR and a[u] and not (jets and r[uu.U_ABILITIES] & uu.AB_FIGHTER):
                    groups.append((u, a[u]))
        else:
            air = 0
            for u in range(self.n):
                if self.units[u][uu.U_KIND] == uu.AIR:
                    air += a[u]
            air += self._para()               # P40-U-37: paratroopers are shot at like air
            if self.flags & uu.CF_AAA_THREE_SHOTS:
                shots = 3 * aa                # P40-U-36
                air = air if air < shots else shots
            if air:
                groups.append((-1, air))
        if not groups:
            return True
        radar = self.tech[DEFENDER] and self.tech[DEFENDER] & tech_table().RADAR
        hit_value = 2 if (radar and self.family == FAM_1940) else 1
        hv = [hit_value] * len(groups)
        if hit_value == 2 and self.teched is not None:
            # P40-R-24 helps only the AAA of the power with Radar (P40-R-06: never shared): its
            # shots first (3 each, P40-U-36), the others' on the planes left
            ar = 0
            for u in range(self.n):
                if self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                    ar += self.n_teched(DEFENDER, u, d[u])
            air = groups[0][1]
            nr = 3 * ar if 3 * ar < air else air
            groups = [(-1, nr), (-1, air - nr)]
            hv = [2, 1]
            if not nr:
                groups, hv = groups[1:], hv[1:]
            elif nr == air:
                groups, hv = groups[:1], hv[:1]
        per = [1] * len(groups)            # dice per plane
        if self.na:
            from engine_core.battle import advantages
            advantages.aa_mods(self, groups, hv, per)   # LHTR-O-30 radar, LHTR-O-55
            keep = [gi for gi in range(len(groups)) if per[gi]]   # not fired on (CHG-NA-05)
            groups = [groups[gi] for gi in keep]
            hv = [hv[gi] for gi in keep]
            per = [per[gi] for gi in keep]
            if not groups:
                return True
        nd = 0
        for gi in range(len(groups)):
            nd += groups[gi][1] * per[gi]
        if dice is None and self._typed is None:
            self._set_prompt(Prompt(bb.P_DICE, DEFENDER, ("dice", "hits"), None,
                                    (bb.S_AA, tuple((hv[gi], groups[gi][1] * per[gi])
                                                 for gi in range(len(groups))))))
            return False
        typed = self._typed
        self._typed = None
        self._emit((ev.E_AA, DEFENDER, nd))
        total = [0, 0, 0, 0]
        pos = 0
        for gi in range(len(groups)):
            u, k = groups[gi]
            k *= per[gi]
            if typed is not None and typed[0] == "hits":
                h = typed[1][gi]
                self._emit((ev.E_ROLL, DEFENDER, bb.S_AA, hv[gi], ()))
            else:
                if typed is not None:
                    vals = tuple(typed[1][pos:pos + k])
                    pos += k
                else:
                    vals = tuple(dice.roll(k))
                self._emit((ev.E_ROLL, DEFENDER, bb.S_AA, hv[gi], vals))
                h = 0
                if per[gi] == 2:
                    for i in range(0, k, 2):
                        if vals[i] + vals[i + 1] <= hv[gi]:
                            h += 1         # LHTR-O-55: two dice totalling 3 or less
                else:
                    for x in vals:
                        if x <= hv[gi]:
                            h += 1
            if u >= 0:
                h = h if h < a[u] else a[u]
                if h:
                    self._emit((ev.E_CASUALTY, ATTACKER, u, h))
                    self._kill(ATTACKER, u, h)
            else:
                total[bb.H_AIR_ONLY] += h
        self._emit((ev.E_HITS, DEFENDER, bb.S_AA, total[bb.H_AIR_ONLY]))
        self.hits = (bb.S_AA,)
        if total[bb.H_AIR_ONLY]:
            rule = "P40-U-36" if self.family == FAM_1940 else "CL-C-11"
            counts = None
            if self._para():
                counts = self._aa_targets()
                total = [total[bb.H_AIR_ONLY], 0, 0, 0]
            if self._ask_casualties(ATTACKER, total, rule, bb.S_AA, counts):
                return False
        return True

    def _para(self):
        inf = self._para_unit()
        if inf < 0 or not self.para:
            return 0
        a = self.alive[ATTACKER][inf]
        return self.para if self.para < a else a

    def _para_unit(self):
        for u in range(self.n):
            if self.units[u][uu.U_NAME] == "infantry":
                return u
        return -1

    def _aa_targets(self):
        """What AA hits may take: air units, and paratroopers (P40-U-37)."""
        v = zeros(self.n)
        for u in range(self.n):
            if self.units[u][uu.U_KIND] == uu.AIR:
                v[u] = self.alive[ATTACKER][u]
        if self._para():
            v[self._para_unit()] = self._para()
        return v

    def _s_bombard(self, dice):
        if not (self.kind == K_AMPHIBIOUS and self.part == 1):
            return True
        from engine_core.battle import bombard
        return bombard.step(self, dice)



    def _s_round(self, dice):
        # P40-C-72: combined arms and destroyers are checked at the start of each round
        self.dd = [1 if self._has(0, uu.AB_DESTROYER) else 0, 1 if self._has(1, uu.AB_DESTROYER) else 0]
        self._emit((ev.E_STEP, bb.S_ROUND, self.round))
        if self.na:
            from engine_core.battle import advantages
            advantages.start_cycle(self)
        if not self._lone_aa_fires():
            self._check_end()
        return True

    def _sub_eligible(self, side):
        """Subs of `side` with a special first strike this round."""
        if self.is_land_battle():
            return False
        if self.family == FAM_CLASSIC:
            return side == ATTACKER           # CL-C-31
        if self.family == FAM_LHTR:
            return True                       # LHTR-C-24 (destroyers do not stop the roll)
        return not self.dd[1 - side]          # P40-C-74

    def _subs(self, side, include_cas=False):
        t = 0
        for u in range(self.n):
            if self.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE:
                t += self.alive[side][u] - (0 if include_cas else self.cas[side][u])
        return t

    def _s_submerge_decide(self, dice):
        # P40-C-74: attacker decides first, then defender, before any die is rolled
        for side in (ATTACKER, DEFENDER):
            if self.decided[side]:
                continue
            if self._sub_eligible(side) and self._subs(side) > 0:
                self._set_prompt(Prompt(bb.P_SUBMERGE, side, tuple(range(self._subs(side) + 1)), 0,
                                        ("P40-C-75",)))
                return False
            self.decided[side] = 1
        return True

    def _submerge(self, side, k, tm=None):
        """k of the side's subs submerge; `tm` of them of a power with Super Submarines (a
        defending side of two powers' subs, LHTR-T-06; None: the others first)."""
        if k <= 0:
            return
        left = k
        for u in cz.loss_order(self.units, side == ATTACKER, self.flags):
            if left and self.units[u][uu.U_ABILITIES] & uu.AB_SUBMARINE:
                free = self.alive[side][u] - self.cas[side][u]
                m = free if free < left else left
                if m > 0 and side == DEFENDER and self.split() and self.teched[u]:
                    t, p = self.teched_free(u)
                    least = m - p if m > p else 0
                    self.teched[u] = t + self.tcas[u] - (least if tm is None else tm)
                if m > 0:
                    # a submerged sub leaves the battle (P40-C-75, LHTR-U-82, CL-C-37)
                    self.alive[side][u] -= m
                    self.subm[side][u] += m
                    left -= m
        self._emit((ev.E_SUBMERGE, side, k - left))

    def _s_sub_attack(self, dice):
        return self._sub_fire(ATTACKER, dice)

    def _s_sub_defend(self, dice):
        return self._sub_fire(DEFENDER, dice)

    def _sub_fire(self, side, dice):
        if isinstance(self.hits, tuple) and self.hits[0] == "subdone%d" % side:
            self.hits = None
            return True
        if self.is_land_battle():
            return True
        if not self._sub_eligible(side) or self._subs(side, True) == 0:
            return True
        # P40-C-76: attacking subs at their attack, defending subs at their defense (1)
        groups = self.groups(side, 1)
        step = bb.S_SUB_ATTACK if side == ATTACKER else bb.S_SUB_DEFEND
        hits = self._roll(side, step, groups, dice, 1 - side)
        if hits is None:
            return False
        self.fired[side] = 1
        self.hits = ("subdone%d" % side,)
        if sum(hits):
            rule = {FAM_CLASSIC: "CL-C-31", FAM_LHTR: "LHTR-C-24", FAM_1940: "P40-C-76"}[self.family]
            if self._ask_casualties(1 - side, hits, rule, step):
                return False
        self.hits = None
        return True

    def _s_sub_remove(self, dice):
        # LHTR-C-25 / P40-C-76 / CL-C-32: opening-fire casualties leave before the general fire,
        # except (LHTR) sub victims of a side that has a destroyer in the battle
        if self.is_land_battle():
            return True
        if self.na:
            from engine_core.battle import advantages
            advantages.remove_victims(self)
        for side in (ATTACKER, DEFENDER):
            if self.family == FAM_LHTR and self.dd[side]:
                continue
            self._remove_cas(side)
        return True

    def _s_attack(self, dice):
        if isinstance(self.hits, tuple) and self.hits[0] == "attdone":
            self.hits = None
            return True
        groups = self.groups(ATTACKER, 0)
        hits = self._roll(ATTACKER, bb.S_ATTACK, groups, dice, DEFENDER)
        if hits is None:
            return False
        self.hits = ("attdone",)
        if sum(hits):
            rule = {FAM_CLASSIC: "CL-C-12", FAM_LHTR: "LHTR-C-26", FAM_1940: "P40-C-83"}[self.family]
            if self._ask_casualties(DEFENDER, hits, rule, bb.S_ATTACK):
                return False
        self.hits = None
        return True

    def _s_defend(self, dice):
        if isinstance(self.hits, tuple) and self.hits[0] == "defdone":
            self.hits = None
            return True
        groups = self.groups(DEFENDER, 0)
        if self.family == FAM_CLASSIC:
            pass                              # CL-C-34: defending subs fire here (no_air hits)
        hits = self._roll(DEFENDER, bb.S_DEFEND, groups, dice, ATTACKER)
        if hits is None:
            return False
        self.hits = ("defdone",)
        if sum(hits):
            rule = {FAM_CLASSIC: "CL-C-13", FAM_LHTR: "LHTR-C-27", FAM_1940: "P40-C-83"}[self.family]
            if self._ask_casualties(ATTACKER, hits, rule, bb.S_DEFEND):
                return False
        self.hits = None
        return True

    def _s_remove(self, dice):
        self._remove_cas(DEFENDER)
        self._remove_cas(ATTACKER)
        if self.na and self.round == 1:
            from engine_core.battle import advantages
            advantages.strikers_die(self)         # LHTR-O-41/42: lost after cycle 1
        return True

    def _can_hit(self, side, combat_only=False):
        """Can some unit of `side` score a hit that some enemy unit could take?
        combat_only: ignore enemy transports as targets (P40-C-91)."""
        other = 1 - side
        tv = self.targets(other)
        if combat_only:
            for u in range(self.n):
                if self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT:
                    tv[u] = 0
        m = cz.classes_of(self.units, tv, self.plain_subs(other, tv))  # LHTR-T-09: planes hit those
        has_air = m & 1
        has_sub = m & 2
        has_other = m & 4
        if not (has_air or has_sub or has_other):
            return False
        saved = self.dd
        self.dd = [1 if self._has(0, uu.AB_DESTROYER) else 0, 1 if self._has(1, uu.AB_DESTROYER) else 0]
        fired = self.fired[side]
        self.fired[side] = 0
        try:
            gs = self.groups(side, 0)
            if self.family != FAM_1940:
                gs = gs + self.groups(side, 1)
        finally:
            self.dd = saved
            self.fired[side] = fired
        for g in gs:
            cls = g[3]
            if cls == bb.H_ANY and (has_air or has_sub or has_other):
                return True
            if cls == bb.H_NO_AIR and (has_sub or has_other):
                return True
            if cls == bb.H_NO_SUB and (has_air or has_other):
                return True
        return False

    def _only(self, side, ability):
        tv = self.targets(side)
        found = False
        for u in range(self.n):
            if tv[u]:
                if not self.units[u][uu.U_ABILITIES] & ability:
                    return False
                found = True
        return found

    def _check_end(self, start=False):
        # casualties behind the line still count: they fire before they are removed
        a = self._count(ATTACKER, True)
        d = self._count(DEFENDER, True)
        if self.is_land_battle():
            # AA guns alone do not hold a territory (P40-C-53, CL-U-12): they go with it
            dd = 0
            for u in range(self.n):
                if self.alive[DEFENDER][u] > 0 and not self.units[u][uu.U_ABILITIES] & uu.AB_AA:
                    dd += self.alive[DEFENDER][u]
            d = dd
        if self.na:
            a += sum(self.strike[0])
            d += sum(self.strike[1])
        if a == 0 and d == 0:
            self.outcome = bb.O_BOTH_DESTROYED
        elif a == 0:
            gone = sum(self.gone) + sum(self.subm[ATTACKER])
            self.outcome = bb.O_RETREAT if gone else bb.O_DEFENDER_WON
        elif d == 0:
            self.outcome = bb.O_ATTACKER_WON
        elif start:
            return
        elif self.na and sum(self.strike[0]) + sum(self.strike[1]) > 0:
            pass                             # the named strikes have yet to fire
        elif self.flags & uu.CF_TRANSPORT_DEFENSELESS and not self.is_land_battle():
            # P40-C-91: defenseless transports
            if self._only(DEFENDER, uu.AB_TRANSPORT) and self._can_attack_any(ATTACKER) or \
                    (not self._can_hit(DEFENDER, True) and not self._can_hit(ATTACKER, True)
                     and self._has(DEFENDER, uu.AB_TRANSPORT) and self._can_attack_any(ATTACKER)):
                k = 0
                for u in range(self.n):
                    if self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT and self.alive[DEFENDER][u]:
                        c = self.alive[DEFENDER][u]
                        k += c
                        self._emit((ev.E_CASUALTY, DEFENDER, u, c))
                        self._kill(DEFENDER, u, c)
                self._emit((ev.E_TRANSPORTS_LOST, DEFENDER, k))
                self._check_end()
                return
            # attacking transports are defenseless only when they cannot retreat (P40-C-91)
            if not self.retreat_to and self._has(ATTACKER, uu.AB_TRANSPORT) and \
                    self._can_attack_any(DEFENDER) and \
                    (self._only(ATTACKER, uu.AB_TRANSPORT) or
                     (not self._can_hit(DEFENDER, True) and not self._can_hit(ATTACKER, True))):
                k = 0
                for u in range(self.n):
                    if self.units[u][uu.U_ABILITIES] & uu.AB_TRANSPORT and self.alive[ATTACKER][u]:
                        c = self.alive[ATTACKER][u]
                        k += c
                        self._emit((ev.E_CASUALTY, ATTACKER, u, c))
                        self._kill(ATTACKER, u, c)
                self._emit((ev.E_TRANSPORTS_LOST, ATTACKER, k))
                self._check_end()
                return
            if not self._can_hit(ATTACKER) and not self._can_hit(DEFENDER):
                self.outcome = bb.O_STALEMATE   # P40-C-93
        elif not self._can_hit(ATTACKER) and not self._can_hit(DEFENDER):
            self.outcome = bb.O_STALEMATE
        if self.outcome:
            self._emit((ev.E_STEP, bb.S_END, self.round))

    def _can_attack_any(self, side):
        for u in range(self.n):
            if self.alive[side][u] - self.cas[side][u] > 0 and self.value(side, u) > 0:
                return True
        return False

    def _s_check(self, dice):
        self._check_end()
        return True

    def _s_withdraw(self, dice):
        if self.is_land_battle():
            return True
        if self.family == FAM_CLASSIC:
            rule = "CL-C-37"
        elif self.family == FAM_LHTR:
            rule = "LHTR-C-33"
        else:
            return True
        for side in (ATTACKER, DEFENDER):
            if self.decided[side]:
                continue
            ok = self._subs(side) > 0
            if self.family == FAM_LHTR and self._has(1 - side, uu.AB_DESTROYER):
                ok = False                    # LHTR-U-82: not while an enemy destroyer is there
            if self.family == FAM_CLASSIC and side == ATTACKER and not self.retreat_to:
                ok = False
            if self.family == FAM_CLASSIC and side == DEFENDER and not self.sub_withdraw:
                ok = False
            if ok:
                self._set_prompt(Prompt(bb.P_SUBMERGE, side, tuple(range(self._subs(side) + 1)), 0, (rule,)))
                return False
            self.decided[side] = 1
        self._check_end()
        return True

    def _retreatable(self):
        """Attacking units that may retreat now (a count per unit id)."""
        v = zeros(self.n)
        amph = self.kind == K_AMPHIBIOUS and self.part == 1
        if amph and self.family == FAM_CLASSIC and sum(self.seaborne) > 0:
            return v                          # CL-A-08: no retreat while a landed unit survives
        for u in range(self.n):
            c = self.alive[ATTACKER][u] - self.cas[ATTACKER][u]
            if c <= 0:
                continue
            k = self.units[u][uu.U_KIND]
            if amph and k == uu.LAND:
                if self.family == FAM_LHTR:
                    continue                  # LHTR-C-34: no land unit retreats
                c -= self.seaborne[u]         # CL-C-43, P40-C-64: seaborne units never retreat
                if c <= 0:
                    continue
            v[u] = c
        return v

    def _s_retreat(self, dice):
        if not self.retreat_to:
            return True
        if self.hits == "pressed":
            self.hits = None
            return True
        v = self._retreatable()
        if sum(v) == 0:
            return True
        opts = ("press",) + tuple(self.retreat_to)
        self._set_prompt(Prompt(bb.P_RETREAT, ATTACKER, opts, "press", (v,)))
        return False

    def _s_end(self, dice):
        return True

    # ----- the end
    def _finish_part(self):
        if self.kind == K_AMPHIBIOUS and self.part == 0:
            from engine_core.battle import amphibious
            amphibious.to_land_part(self)
            return
        self._finish()

    def _finish(self):
        if self.na:
            from engine_core.battle import advantages
            advantages.strikers_die(self)
        land = self.is_land_battle()
        if not land:
            now = [list(self.alive[0]), list(self.alive[1])]
            for u in range(self.n):
                now[0][u] += self.gone[u]
            if sum(self.cargo[0]) or sum(self.cargo[1]):
                from engine_core.battle import amphibious
                amphibious.settle_cargo(self, now)
        captured = 0
        if self.outcome == bb.O_ATTACKER_WON and land:
            for u in range(self.n):
                if self.alive[ATTACKER][u] and self.units[u][uu.U_ABILITIES] & uu.AB_CAPTURES:
                    captured = 1          # CL-C-16, LHTR-C-36, P40-C-100
        if self.flags & uu.CF_REPAIR_AFTER_BATTLE:
            self.dmg = [zeros(self.n), zeros(self.n)]   # LHTR-U-50
        ipc = [0, 0]
        for side in (ATTACKER, DEFENDER):
            for u in range(self.n):
                ipc[side] += self.lost[side][u] * self.units[u][uu.U_COST]
        survivors = [list(self.alive[0]), list(self.alive[1])]
        for side in (ATTACKER, DEFENDER):
            for u in range(self.n):
                survivors[side][u] += self.subm[side][u]
        survivors[0] = [survivors[0][u] + self.gone[u] for u in range(self.n)]
        self.result = {
            "outcome": self.outcome,
            "captured": captured,
            "survivors": survivors,
            "damaged": [list(self.dmg[0]), list(self.dmg[1])],
            "lost": [list(self.lost[0]), list(self.lost[1])],
            "ipc_lost": ipc,
            "retreated": list(self.gone),
            "submerged": [list(self.subm[0]), list(self.subm[1])],
            "rounds": self.round,
            "cargo": [list(self.cargo[0]), list(self.cargo[1])],
            "liberated": captured if self.liberates else 0,
        }
        if self.kind == K_AMPHIBIOUS:
            self.result["sea_survivors"] = [list(self.sea_surv[0]), list(self.sea_surv[1])]
        if self.struck:
            self.result["kamikaze"] = self.struck   # tokens spent: the ledger's (P40-C-30)
        if self.na:
            advantages.finish(self, self.result)
        self._emit((ev.E_RESULT, self.outcome, captured))

    # ----- serialization
    def to_bytes(self):
        """The whole battle state as bytes (a few hundred): resume with Battle.from_bytes."""
        from engine_core.battle import serial
        return serial.to_bytes(self)

    @classmethod
    def from_bytes(cls, board, data):
        """Resume a battle saved with to_bytes (prompts are asked again)."""
        from engine_core.battle import serial
        return serial.from_bytes(cls, board, data)

"""Battle screens: set-up with live exact odds, the rounds, decisions, the result.

Set-up: unit counts per side with +/- (left/right), select flips between
attacker and defender, roll starts the battle; the exact odds of the
engine's calculator are shown on top and recomputed only when a count
changes. Rounds: roll steps the battle to its next roll or decision; each
firing group's dice appear on screen ("A 3@1: 1 4 1 =2") and on the tower.
Decisions (casualties, submerge, retreat...) are the engine's prompts with
the default preselected: one press (select) takes the default.
"""

from firmware import ui
from firmware import tower as tower_mod
from firmware.screens.text import percent, odds_value
from firmware.screens.base import Screen, Counter, wrap
from firmware.screens.text import option_text, phase_title
from engine_core.editions import FAM_1940

KINDS = ("land", "sea", "amphibious")
# The set-up's option rows per unit (the battle's option names) and the words that name them
EXTRA_ROWS = ("bombard", "seaborne", "sea_attacker", "sea_defender", "scramble", "attacker_damaged",
              "defender_damaged", "attacker_cargo", "defender_cargo", "ally", "sea_ally")
ROW_WORDS = ("Bombard", "Seaborne", "Sea", "Sea", "Scramble", "Damaged", "Damaged", "Aboard", "Aboard",
             "Ally", "Sea ally")


def side_units(board, ids, counts):
    out = {}
    for i in range(len(ids)):
        if counts[i]:
            out[board.unit_name(ids[i])] = counts[i]
    return out


class BattleSetup(Counter):
    """Units per side, the battle's kind and its options; the odds line follows every change.

    Rows: "Kind" (left/right: land, amphibious in a territory; sea in a sea zone; all three on
    the free battle board), then the side's units (left/right -1/+1), then the options the kind
    has: an amphibious assault's bombarding ships and seaborne units (attacker), a 1940 sea
    battle's scrambled aircraft and kamikaze tokens (defender). The game's own options
    (technologies, national advantages, liberation) come from `session.battle_options`. Every
    change is checked at once (`session.check_battle`): a refusal (rule id + words) is shown
    and Start is refused until it is fixed, never first at fight time.

    `plan=True` (Combat move, a pending battle: firmware/pending.py): Start saves the
    battle in the pending list instead of fighting it."""

    footer = "A:side Start:fight"

    def __init__(self, app, kind="land", attacker=None, defender=None, territory=-1, plan=False,
                 options=None):
        board = app.session.board
        self.territory = territory
        self.ids = setup_order(board, kind if kind == "sea" or territory < 0 else
                               ("sea" if board.is_sea(territory) else "land"))
        ids = self.ids
        self.unit_names = [unit_label(board, u) for u in self.ids]
        self.sides = [[0] * len(ids), [0] * len(ids)]
        for s, given in ((0, attacker), (1, defender)):
            if given:
                for i in range(len(ids)):
                    self.sides[s][i] = given.get(board.unit_name(ids[i]), 0)
        # options as counts per unit row, named as the battle's options (engine_core/battle/steps.py)
        self.extra = {}
        for k in EXTRA_ROWS:  # a pending battle's saved choices (firmware/pending.py)
            if k not in ("ally", "sea_ally"):   # the allies' counts are per power: self.allies
                self.extra[k] = self.counts_of((options or {}).get(k), board)
        self.kamikaze = (options or {}).get("kamikaze", 0)
        self.air_bases = (options or {}).get("air_bases", 1)   # free battle board only (a game's are its own)
        # an amphibious assault's launch zone: the sea zones beside the territory (P40-C-55, CL-C-40)
        self.zones = launch_zones(board, territory)
        launch = (options or {}).get("launch", -1)
        self.launch = self.zones.index(launch) if launch in self.zones else 0
        self.kinds = kinds_for(board, territory)
        # a game's sea battle names its defending power (on land the owner defends): its
        # technologies and advantages, and the at-war check (P40-P-06)
        self.defenders = sea_defenders(app.session, territory)
        self.defender = default_defender(app.session, self.defenders, (options or {}).get("defender_power", -1))
        # an assault's launch zone: the power whose ships defend it ("Sea defender" row; its own
        # technologies in the sea battle, CL-T-05, LHTR-T-06, P40-R-06), by default the owner's
        self.sea_powers = sea_defenders(app.session, self.zones[0]) if self.zones else ()
        self.sea_power = sea_default(app.session, self.sea_powers, territory,
                                     (options or {}).get("sea_defender_power", -1))
        self.ally = 0           # index on ally_list(): the power whose units the "Ally" rows show
        self.sea_ally = 0       # index on sea_ally_list(): the power of the "Sea ally" rows' units
        self.sea_ally_given = (options or {}).get("sea_ally_power", -1)
        self.ally_given = (options or {}).get("ally_power", -1)
        # each ally's units among the defenders, {power: counts per unit row}: an ally keeps its
        # own while the "Ally" row shows another's (a saved battle's one ally, "ally" and
        # "ally_power", or several, "allies" [[power, units], ...])
        self.allies = {}
        self.ally_given = self.allies_of(board, self.allies, options, "ally", self.ally_given)
        # ... and of an assault's launch zone's allies ("sea_ally" / "sea_ally_power", "sea_allies")
        self.sea_allies = {}
        self.sea_ally_given = self.allies_of(board, self.sea_allies, options, "sea_ally", self.sea_ally_given)
        self.side = 0
        self.kind = kind if kind in self.kinds else self.kinds[0]
        self.odds_text = ""
        self.more_text = ""     # the expected IPC swing and the likeliest survivors
        self.land_text = ""     # the odds line of the battle itself
        self.sea_text = ""      # an assault's sea battle's win chance before it ('Sea 75.0% ')
        self.sea = None         # "?" while its attacking ships are not entered (BattleSetup.sea_args)
        self.refusal = None
        self.stale = True
        self.plan = plan
        self.rows = []
        Counter.__init__(self, app, "Attacker", [], [])
        self.build()
        self.cursor = self.first_unit()
        if plan:
            self.footer = "A:side Start:save"
            self.title = "Pending: attacker"

    def allies_of(self, board, into, options, key, given):
        """A saved battle's allies into `into` {power: counts per unit row}: one (`key`, `key`
        + "_power") or several (`key` + "ies" [[power, units], ...]); the power the row shows
        (`given`, else the first named)."""
        options = options or {}
        if options.get(key) and given >= 0:
            into[given] = self.counts_of(options[key], board)
        for p, units in options.get(key[:-1] + "ies") or ():
            into[p] = self.counts_of(units, board)
            if given < 0:
                given = p
        return given

    def counts_of(self, given, board):
        """Counts per unit row of {unit name: count} (None: none)."""
        given = given or {}
        return [given.get(board.unit_name(u), 0) for u in self.ids]

    # -- rows ---------------------------------------------------------------
    def build(self):
        """The rows of the side shown: (what, index) with what in kind/launch/unit/air_bases/
        kamikaze or one of EXTRA_ROWS; names and counts for the Counter's drawing."""
        from engine_core import units
        board = self.app.session.board
        rows = [("kind", 0)]
        if self.side == 1 and self.kind == "sea" and self.defenders:
            rows.append(("defender", 0))
        amph = self.kind == "amphibious"
        if amph and self.zones:
            rows.append(("launch", 0))
        for i in range(len(self.ids)):
            rows.append(("unit", i))
        y1940 = board.family == FAM_1940
        for i in range(len(self.ids)):
            rec = board.units[self.ids[i]]
            kind, abil = rec[units.U_KIND], rec[units.U_ABILITIES]
            if self.side == 0 and amph and abil & units.AB_BOMBARD:
                rows.append(("bombard", i))
            if self.side == 0 and amph and kind == units.LAND and self.sides[0][i]:
                rows.append(("seaborne", i))
        if amph:  # the sea battle in the launch zone, fought first (CL-C-42, LHTR-C-42, P40-C-57)
            for i in range(len(self.ids)):
                rec = board.units[self.ids[i]]
                kind, abil = rec[units.U_KIND], rec[units.U_ABILITIES]
                if kind == units.SEA or (kind == units.AIR and (self.side == 0 or abil & units.AB_CARRIER_AIR)):
                    rows.append(("sea_attacker" if self.side == 0 else "sea_defender", i))
        for i in range(len(self.ids)):
            rec = board.units[self.ids[i]]
            abil = rec[units.U_ABILITIES]
            if self.side == 1 and self.kind in ("sea", "amphibious") and board.combat_flags & units.CF_SCRAMBLE \
                    and abil & (units.AB_FIGHTER | units.AB_TAC_BOMBER):
                rows.append(("scramble", i))
            # P40-U-50: a capital ship damaged before this battle takes one more hit
            if self.kind == "sea" and y1940 and rec[units.U_HITS] >= 2 and self.sides[self.side][i]:
                rows.append(("attacker_damaged" if self.side == 0 else "defender_damaged", i))
        if self.side == 1 and self.kind in ("sea", "amphibious") and board.combat_flags & units.CF_SCRAMBLE \
                and self.free_board():
            rows.append(("air_bases", 0))
        if self.kind == "sea":
            for i in range(len(self.ids)):
                if self.carried(self.side, i):
                    rows.append(("attacker_cargo" if self.side == 0 else "defender_cargo", i))
        if self.side == 1 and self.kamikaze_allowed():
            rows.append(("kamikaze", 0))
        if self.side == 1 and amph and self.sea_powers and sum(self.extra["sea_defender"]):
            rows.append(("sea_power", 0))     # whose ships defend the launch zone
            self.sea_ally_rows(rows)
        # defenders of the allies, each with its own technologies (CL-T-05, LHTR-T-06, P40-R-06)
        # and national advantages (LHTR-O-02); "Ally </>" picks whose counts the rows below show
        # (each ally keeps its own): the unit types a defending technology changes (jets,
        # LHTR heavy bombers and super subs, 1940 radar) or a defending advantage does (Russian
        # Winter...; at sea Japan's kamikaze fighters and kaiten subs, LHTR-O-41/42: Japan names
        # only its own) that a power of the defending side has (else whose they are changes nothing)
        if self.side == 1 and self.ally_list():
            per = split_types(board, self.ids, self.sides[1], self.side_techs(),
                              self.side_advantages(), self.kind == "sea")
            if per:
                rows.append(("ally_power", 0))
                for i in per:
                    rows.append(("ally", i))
        self.rows = rows
        self.names = [self.row_name(r) for r in rows]
        self.counts = [self.row_count(r) for r in rows]
        if self.cursor >= len(rows):
            self.cursor = len(rows) - 1

    def first_unit(self):
        for r in range(len(self.rows)):
            if self.rows[r][0] == "unit":
                return r
        return 0

    def free_board(self):
        """No game behind this battle: what the game would know is entered on screen."""
        return self.territory < 0 or self.app.session.game is None

    def carried(self, side, i):
        """Unit row i may ride as cargo on the side's ships in a sea battle (never fights, lost
        with its ship): land units aboard its transports (CL-U-70, LHTR-U-70, P40-U-58), planes
        aboard its damaged carriers (1940, P40-U-55)."""
        from engine_core import units
        board = self.app.session.board
        rec = board.units[self.ids[i]]
        if rec[units.U_KIND] == units.LAND:
            want, counts = units.AB_TRANSPORT, self.sides[side]
        elif rec[units.U_ABILITIES] & units.AB_CARRIER_AIR and board.family == FAM_1940:
            want, counts = units.AB_CARRIER, self.extra["attacker_damaged" if side == 0 else "defender_damaged"]
        else:
            return False
        for j in range(len(self.ids)):
            if counts[j] and board.units[self.ids[j]][units.U_ABILITIES] & want:
                return True
        return False

    def sea_zone(self):
        """The sea zone of this battle's sea part: the zone itself, an assault's launch zone, or -1."""
        if self.kind == "sea" and self.territory >= 0:
            return self.territory
        if self.kind == "amphibious" and self.zones:
            return self.zones[self.launch]
        return -1

    def kamikaze_allowed(self):
        """Kamikaze tokens in a kamikaze zone (P40-C-31): a sea battle's, or the zone an assault
        is launched from (a strike there also forbids bombardment, P40-C-60)."""
        s = self.app.session
        t = self.sea_zone()
        return (t >= 0 and s.game is not None and bool(s.board.rules.get("kamikaze"))
                and s.board.is_sea(t) and s.board.is_kamikaze_zone(t))

    def row_name(self, row):
        what, i = row
        if what == "kind":
            return "Kind"
        if what == "launch":
            return "From"
        if what == "defender":
            return "Defender"
        if what == "ally_power":
            return "Ally"
        if what == "sea_power":
            return "Sea defender"
        if what == "sea_ally_power":
            return "Sea ally"
        if what == "unit":
            return self.unit_names[i]
        if what == "kamikaze":
            return "Kamikaze tokens"
        if what == "air_bases":
            return "Air bases"
        return ROW_WORDS[EXTRA_ROWS.index(what)] + " " + self.unit_names[i]

    def row_count(self, row):
        what, i = row
        if what in ("kind", "launch", "defender", "ally_power", "sea_power", "sea_ally_power"):
            return 1
        if what == "unit":
            return self.sides[self.side][i]
        if what == "kamikaze":
            return self.kamikaze
        if what == "air_bases":
            return self.air_bases
        if what in ("ally", "sea_ally"):
            return self.ally_counts(what == "sea_ally")[i]
        return self.extra[what][i]

    def row_text(self, i, cols):
        what = self.rows[i][0]
        if what == "kind":
            return ui.pad("Kind </>", self.kind, cols)
        if what == "launch":
            return ui.pad("From </>", self.app.session.board.territory_name(self.zones[self.launch]), cols)
        if what == "defender":
            return ui.pad("Defender </>", self.app.session.board.power_name(self.defender_power()), cols)
        if what == "ally_power":
            return ui.pad("Ally </>", self.app.session.board.power_name(self.ally_power()), cols)
        if what == "sea_power":
            return ui.pad("Sea def </>", self.app.session.board.power_name(self.sea_powers[self.sea_power]), cols)
        if what == "sea_ally_power":
            return ui.pad("Sea ally </>", self.app.session.board.power_name(self.sea_ally_power()), cols)
        return Counter.row_text(self, i, cols)

    def key(self, name, now):
        if name in ("left", "right") and self.rows:
            what, i = self.rows[self.cursor]
            step = 1 if name == "right" else -1
            if what == "kind":
                n = len(self.kinds)
                self.kind = self.kinds[(self.kinds.index(self.kind) + step) % n]
            elif what == "launch":
                self.launch = (self.launch + step) % len(self.zones)
            elif what == "defender":
                self.defender = (self.defender + step) % len(self.defenders)
                self.app.session.sea_defender = self.defender_power()
            elif what == "ally_power":
                self.ally = (self.ally_index() + step) % len(self.ally_list())
                self.ally_given = -1
            elif what == "sea_power":
                self.sea_power = (self.sea_power + step) % len(self.sea_powers)
            elif what == "sea_ally_power":
                self.sea_ally = (self.sea_ally_index() + step) % len(self.sea_ally_list())
                self.sea_ally_given = -1
            elif what == "unit":
                self.sides[self.side][i] = max(0, min(99, self.sides[self.side][i] + step))
                for k in ("seaborne", "attacker_damaged") if self.side == 0 else ("defender_damaged",):
                    if self.extra[k][i] > self.sides[self.side][i]:
                        self.extra[k][i] = self.sides[self.side][i]
                if self.side == 1:
                    self.fit_allies(i)
            elif what in ("ally", "sea_ally"):
                sea = what == "sea_ally"
                counts = self.ally_counts(sea)
                if step > 0 and counts[i] + self.others_allied(i, sea) >= self.defending(sea)[i]:
                    self.refuse_allies(i, sea)
                    return
                counts[i] = max(0, counts[i] + step)
            elif what == "kamikaze":
                self.kamikaze = max(0, min(6, self.kamikaze + step))  # P40-C-30: 6 tokens a game
            elif what == "air_bases":
                self.air_bases = max(0, min(9, self.air_bases + step))
            else:
                top = 99 if what.startswith("sea_") else 9
                if what in ("seaborne", "attacker_damaged", "defender_damaged"):
                    top = self.sides[self.side][i]   # of the units entered above
                self.extra[what][i] = max(0, min(top, self.extra[what][i] + step))
                if what == "sea_defender":
                    self.fit_allies(i, True)
            self.message = ""
            self.build()
            self.changed()
            return
        Counter.key(self, name, now)

    # -- the battle ---------------------------------------------------------
    def defender_power(self):
        """The power named on the "Defender" row (a game's sea battle), else -1."""
        return self.defenders[self.defender] if self.kind == "sea" and self.defenders else -1

    def defending_power(self):
        """The defending power of a game's battle: the territory's owner, at sea the "Defender"
        row's; -1 on the free board or with none."""
        s = self.app.session
        if self.free_board():
            return -1
        if s.board.is_sea(self.territory):
            return self.defender_power()
        dp = s.game.state.owner[self.territory]
        return -1 if dp == 255 else dp

    def ally_list(self):
        """The powers whose units may defend beside the defending power's (its side's, in power
        order): a game's battle only (the free board has no technologies)."""
        from firmware.session import ally_powers
        return ally_powers(self.app.session.board, self.defending_power())

    def side_techs(self):
        """The technology bits in effect of any power of the defending side."""
        from firmware.session import side_tech_bits
        s = self.app.session
        return side_tech_bits(s.board, s.game.state, self.defending_power())

    def side_advantages(self):
        """The defending national advantages any power of the defending side holds (bits)."""
        from firmware.session import side_advantage_bits
        s = self.app.session
        return side_advantage_bits(s.board, s.game, self.defending_power())

    # The allies' helpers serve both: the land / sea battle's "Ally" rows (sea=False: self.allies,
    # among the defenders) and an assault's launch zone's "Sea ally" rows (sea=True:
    # self.sea_allies, among extra["sea_defender"]).
    def allied_of(self, sea):
        """(the allies' counts {power: counts per unit row}, the powers they may be, the power
        the row shows) of the "Ally" rows or, `sea`, the "Sea ally" rows."""
        if sea:
            return self.sea_allies, self.sea_ally_list(), self.sea_ally_power()
        return self.allies, self.ally_list(), self.ally_power()

    def defending(self, sea):
        """The counts per unit row the allies' are among: the defenders', `sea` the launch zone's."""
        return self.extra["sea_defender"] if sea else self.sides[1]

    def ally_counts(self, sea=False):
        """The counts per unit row of the ally the "Ally" (`sea`: "Sea ally") row shows (its own,
        kept while another's are shown)."""
        allies, _, p = self.allied_of(sea)
        if p not in allies:
            allies[p] = [0] * len(self.ids)
        return allies[p]

    def others_allied(self, i, sea=False):
        """Unit row i's units of the allies other than the one shown (of the defending side's)."""
        allies, powers, shown = self.allied_of(sea)
        n = 0
        for p in powers:
            if p != shown and p in allies:
                n += allies[p][i]
        return n

    def refuse_allies(self, i, sea=False):
        """More of unit row i named the allies' than defend: refused, nothing changes (the
        allies' units are among the defenders; each fights with its own power's technologies)."""
        from engine_core.ledger.economy import rid
        board = self.app.session.board
        self.say("%s the %sallies' %s: no more than the %d defending%s" % (
            rid(board, "CL-T-05", "LHTR-T-06", "P40-R-06"), "sea " if sea else "", self.unit_names[i],
            self.defending(sea)[i], " the launch zone" if sea else ""))

    def fit_allies(self, i, sea=False):
        """Fewer defenders of unit row i than the allies' together: the shown ally's first, then
        the others' in power order, down to what defends."""
        allies, powers, shown = self.allied_of(sea)
        if not powers:
            return
        over = self.ally_counts(sea)[i] + self.others_allied(i, sea) - self.defending(sea)[i]
        for p in (shown,) + tuple(powers):
            if over <= 0:
                return
            c = allies.get(p)
            if c and c[i]:
                cut = min(c[i], over)
                c[i] -= cut
                over -= cut

    def named_allies(self, sea=False):
        """[power, {unit: count}] of each ally with units, in power order (no more than defend)."""
        allies, powers, _ = self.allied_of(sea)
        board = self.app.session.board
        named = []
        left = list(self.defending(sea))
        for p in powers:
            c = allies.get(p)
            if not c:
                continue
            mine = [min(c[i], left[i]) for i in range(len(self.ids))]
            for i in range(len(self.ids)):
                left[i] -= mine[i]
            d = side_units(board, self.ids, mine)
            if d:
                named.append([p, d])
        return named

    def ally_index(self):
        return picked(self.ally_list(), self.ally_given, self.ally)

    def ally_power(self):
        """The power named on the "Ally" row, else -1."""
        allies = self.ally_list()
        return allies[self.ally_index()] if allies else -1

    def sea_ally_rows(self, rows):
        """The "Sea ally" rows of an assault's sea battle (after "Sea defender"): the sea
        defenders of other powers of the sea defender's side ("Sea ally </>" picks whose counts
        the rows show, each ally keeps its own: self.sea_allies), with their own technologies
        (CL-T-05, LHTR-T-06, P40-R-06) and LHTR national advantages (LHTR-O-02), per sea
        defender type a technology or advantage of a power of that side changes (else whose
        they are changes nothing: no rows)."""
        if not self.sea_ally_list():
            return
        from firmware.session import side_tech_bits, side_advantage_bits
        s = self.app.session
        sp = self.sea_powers[self.sea_power]
        # (Japan names its own kamikazes / kaitens in an assault's sea battle too, LHTR-O-41/42)
        per = split_types(s.board, self.ids, self.extra["sea_defender"],
                          side_tech_bits(s.board, s.game.state, sp), side_advantage_bits(s.board, s.game, sp),
                          True)
        if per:
            rows.append(("sea_ally_power", 0))
            for i in per:
                rows.append(("sea_ally", i))

    def sea_ally_list(self):
        """The powers whose ships may defend the launch zone beside the "Sea defender" row's:
        a game's assault only."""
        if self.free_board() or not self.sea_powers:
            return ()
        from firmware.session import ally_powers
        return ally_powers(self.app.session.board, self.sea_powers[self.sea_power])

    def sea_ally_index(self):
        return picked(self.sea_ally_list(), self.sea_ally_given, self.sea_ally)

    def sea_ally_power(self):
        """The power named on the "Sea ally" row, else -1."""
        allies = self.sea_ally_list()
        return allies[self.sea_ally_index()] if allies else -1

    def sides_now(self):
        board = self.app.session.board
        return side_units(board, self.ids, self.sides[0]), side_units(board, self.ids, self.sides[1])

    def chosen_options(self):
        """What this screen chose: the kind's options only (a kind switched away drops them)."""
        board = self.app.session.board
        out = {}
        keys = ()
        if self.kind == "amphibious":
            keys = ("bombard", "seaborne", "sea_attacker", "sea_defender", "scramble")
            if self.zones:
                out["launch"] = self.zones[self.launch]
            if self.sea_powers and sum(self.extra["sea_defender"]):
                out["sea_defender_power"] = self.sea_powers[self.sea_power]
                named = self.named_allies(True)
                if len(named) == 1:   # one sea ally: the keys a battle was saved with before several
                    out["sea_ally"] = named[0][1]
                    out["sea_ally_power"] = named[0][0]
                elif named:
                    out["sea_allies"] = named
        if self.kind == "sea":
            keys = ("scramble", "attacker_damaged", "defender_damaged", "attacker_cargo", "defender_cargo")
            if self.defenders:
                out["defender_power"] = self.defender_power()
        if self.kamikaze and self.kamikaze_allowed():
            out["kamikaze"] = self.kamikaze
        for k in keys:
            counts = self.extra[k]
            if k.endswith("_cargo"):   # only what the side's ships entered can carry
                side = 0 if k[0] == "a" else 1
                counts = [counts[i] if self.carried(side, i) else 0 for i in range(len(counts))]
            d = side_units(board, self.ids, counts)
            if d:
                out[k] = d
        if "scramble" in out and self.free_board():
            out["air_bases"] = self.air_bases
        named = self.named_allies()   # [power, units] of each ally with units, in power order
        if len(named) == 1:   # one ally: the keys a battle was saved with before several allies
            out["ally"] = named[0][1]
            out["ally_power"] = named[0][0]
        elif named:
            out["allies"] = named
        return out

    def options(self):
        """The battle's options (the game's and this screen's); RuleError/InputError refuse them."""
        return self.app.session.battle_options(self.kind, self.territory, self.chosen_options(),
                                               defender=self.sides_now()[1])

    def changed(self):
        self.stale = True

    def tick(self, now):
        # recompute at most once per change, in the loop (not inside the key handler)
        if not self.stale:
            return False
        self.stale = False
        att, dfd = self.sides_now()
        self.refusal = None
        self.more_text = ""
        try:
            opts = self.options()
            if att:
                self.app.session.check_battle(self.kind, att, dfd, opts)
        except ValueError as err:
            self.refusal = err
            self.refuse(err)
            self.odds_text = "Odds: fix the set-up"
            return True
        if self.message and not att:
            self.message = ""
        if not att or not dfd:
            self.odds_text = "Odds: add both sides"
            return True
        try:
            # in slices between key presses (firmware/odds_task.py): an estimate at once; an
            # assault with its own sea battle as a whole (session.odds_solver)
            s = self.app.session
            kind = self.kind
            self.sea = self.sea_args(opts)
            self.sea_text = "Sea ? " if self.sea == "?" else ""
            self.odds_text = self.sea_text + "Odds: working"
            note = ""
            if opts.get("attacker_damaged") or opts.get("defender_damaged"):
                from firmware import setup_checks
                note = setup_checks.repair_note(s, self.kind, self.territory, opts)
            if note:
                self.say(note, ui.DIM)   # a note in words, wrapped (not a refusal)
            self.app.start_odds(self, lambda: s.odds_solver(kind, att, dfd, opts),
                                lambda r, exact: self.shown(kind, att, dfd, r, exact))
        except ImportError:
            self.odds_text = "Odds: not available"
        except ValueError as err:
            self.odds_text = "Odds: not available"
            self.refuse(err)
        return True

    def sea_args(self, opts):
        """An assault's sea battle in the launch zone: "?" before the attacking ships are
        entered, None when there is none (session.assault_sea: its odds come with the
        assault's, engine_core/odds/assault.py)."""
        if self.kind != "amphibious" or not (opts.get("sea_defender") or opts.get("scramble")):
            return None
        return "?" if not opts.get("sea_attacker") else True

    def shown(self, kind, att, dfd, r, exact):
        """The odds task's figure (firmware/odds_task.py); True when the text changed. An
        assault with its own sea battle has the assault's odds as a whole (win, capture, IPC:
        only what its transports carry ashore lands), its sea battle's win chance first
        ('Sea 75.0% Win 50.8%')."""
        from firmware.odds_task import estimate_line
        before = (self.odds_text, self.more_text)
        if r is None:
            self.odds_text = self.sea_text + "Odds: not available"
        elif exact:
            s = self.app.session
            s.keep_odds(kind, att, dfd, r)
            sea = odds_value(r, "sea")
            if sea:
                self.sea_text = "Sea " + percent(odds_value(sea, "attacker_wins")) + " "
            self.land_text = odds_line(r)
            self.odds_text = self.sea_text + self.land_text
            self.more_text = odds_more(s.board, r)
        else:
            self.odds_text = self.sea_text + estimate_line(r)
        return (self.odds_text, self.more_text) != before

    def tail(self, cols):
        return [(fit_words(self.more_text, cols), ui.DIM)] if self.more_text else []

    def head(self, cols):
        where = self.app.session.board.territory_name(self.territory) if self.territory >= 0 else self.kind
        att, dfd = self.sides_now()
        n = 0
        for k in (att if self.side == 0 else dfd):
            n += (att if self.side == 0 else dfd)[k]
        title = ("A " if self.side == 0 else "D ") + str(n) + " " + where
        return [(ui.fit(self.odds_text, cols), ui.GOOD), (ui.fit(title, cols), ui.DIM)]

    def other(self, name, now):
        if name == "select":
            self.side = 1 - self.side
            self.title = "Defender" if self.side else "Attacker"
            if self.plan:
                self.title = "Pending: " + self.title.lower()
            self.build()
            self.cursor = self.first_unit()  # the other side starts from its first unit, as this one did
        elif name == "long_select":
            self.kind = self.kinds[(self.kinds.index(self.kind) + 1) % len(self.kinds)]
            self.build()
            self.stale = True
        elif name == "roll":
            att, dfd = self.sides_now()
            if self.plan:
                self.save_plan(att, dfd)
                return
            try:
                opts = self.options()
                self.app.session.check_battle(self.kind, att, dfd, opts)
                if self.treaty_first():
                    return
                s = self.app.session
                if self.defender_power() >= 0:
                    s.sea_defender = self.defender_power()
                s.start_battle(self.kind, att, dfd, self.territory, opts, self.defender_power())
            except ValueError as err:
                self.refuse(err)
                return
            self.app.replace(BattleRun(self.app))

    def treaty_first(self):
        """LHTR-O-11: a Japanese attack on a red territory the game has not heard of (not a
        battle announced in Combat move) is entered now; when that asks the USSR where its 4
        free infantry go, the question comes before this battle, and the infantry join its
        defenders here if it chooses this territory. True while the question is open."""
        app = self.app
        g = app.session.game
        board = app.session.board
        if g is None or self.territory < 0 or not g.options.get("national_advantages"):
            return False
        from engine_core.editions import FAM_LHTR
        if board.family != FAM_LHTR or g.power != board.power_id("Japan"):
            return False
        from engine_core.ledger import treaty
        if not treaty.in_play(g.options, g.state) or not treaty.is_red(board, g.state, self.territory):
            return False
        app.act({"type": "enter", "territory": self.territory, "attack": 1})
        prompt = app.session.prompt()
        if prompt is None:
            return False

        def answer(value):
            app.act({"type": "answer", "value": value})
            for ev in g.events:
                if ev[0] == "free_units" and ev[2] == self.territory and ev[3] in self.ids:
                    i = self.ids.index(ev[3])
                    self.sides[1][i] += ev[4]
                    self.stale = True

        from firmware.screens.nav import screen
        app.push(screen("PromptMenu")(app, prompt, answer))
        return True

    def save_plan(self, att, dfd):
        """A pending battle (Combat move): into the list, back to where it was added from."""
        from firmware import pending
        app = self.app
        if not att:
            self.say("Add the attacker's units")
            return
        if self.refusal is not None:
            self.refuse(self.refusal)
            return
        try:
            pending.of(app.session).put(app.session.game, self.territory, self.kind, att, dfd,
                                        self.chosen_options())
        except ValueError as err:
            self.refuse(err)
            return
        app.pop()
        if app.session.battle is None:  # the odds' modules are not needed until a battle
            from firmware.session import unload, BATTLE_MODULES
            unload(BATTLE_MODULES)


# The set-up's rows, the units a table adds most first (a battle of three types is three
# presses apart, not five): land and air for a battle on land, ships and air at sea.
_COMMON = ("infantry", "artillery", "tank", "armor", "fighter", "mechanized_infantry", "tactical_bomber",
           "strategic_bomber", "bomber", "aaa", "antiaircraft_gun")
_SHIPS = ("battleship", "aircraft_carrier", "cruiser", "destroyer", "submarine", "transport")


def setup_order(board, kind):
    """Unit ids (no facilities) in the set-up's order for a battle of `kind`."""
    from engine_core import units
    first = _SHIPS + _COMMON if kind == "sea" else _COMMON + _SHIPS
    out = []
    for name in first:
        for u in range(board.unit_count):
            if board.unit_name(u) == name and u not in out:
                out.append(u)
    for u in range(board.unit_count):  # any unit the tables above do not name, in board order
        if u not in out and board.units[u][units.U_KIND] != units.FACILITY:
            out.append(u)
    return tuple(out)


def sea_defenders(session, territory):
    """The powers that may defend a game's sea battle in `territory`: those of the side opposed to
    the power on turn (a sea zone's units defend together, of whichever of them are there:
    CL-C-60, LHTR multinational defense, P40-C-120), China left out (its units never go to sea,
    P40-E-83), in power order; () on land, on the free battle board."""
    g = session.game
    if g is None or territory < 0 or not session.board.is_sea(territory):
        return ()
    board = session.board
    me = board.power_id(g.summary()["power"])
    return tuple(p for p in range(board.power_count)
                 if board.side(p) != board.side(me) and board.power_name(p) != "China")


def default_defender(session, defenders, given=-1):
    """The index on `defenders` a set-up starts at: a pending battle's saved choice, else the
    defender chosen last, else the first power at war with the attacker (else the first)."""
    for want in (given, session.sea_defender):
        if want in defenders:
            return defenders.index(want)
    if defenders:
        state = session.game.state
        me = session.board.power_id(session.game.summary()["power"])
        for i in range(len(defenders)):
            if state.is_at_war(me, defenders[i]):
                return i
    return 0


def sea_default(session, powers, territory, given=-1):
    """The index on `powers` (sea_defenders of the launch zone) an assault's "Sea defender" row
    starts at: a pending battle's saved choice, else the territory's owner (its technologies
    were the sea battle's before the row), else the first."""
    if given in powers:
        return powers.index(given)
    g = session.game
    if g is not None and territory >= 0 and g.state.owner[territory] in powers:
        return powers.index(g.state.owner[territory])
    return 0


def launch_zones(board, territory):
    """The sea zones an amphibious assault on `territory` may come from (its coast), in id
    order; () for a sea zone, a landlocked territory or the free battle board."""
    if territory < 0 or board.is_sea(territory):
        return ()
    return tuple(sorted((t for t in board.adjacent(territory) if board.is_sea(t)), key=board.sea_zone_number))


def kinds_for(board, territory):
    """The battle kinds a space has: a sea zone's sea battle; a territory's land battle or
    amphibious assault; the free battle board (no space) all three."""
    if territory < 0:
        return KINDS
    if board.is_sea(territory):
        return ("sea",)
    if not launch_zones(board, territory):
        return ("land",)   # no coast: no amphibious assault (CL-C-40, P40-C-55)
    return ("land", "amphibious")


# Names players use on the table where the rulebook's are long (never cut mid-word).
_UNIT_SHORT = (
    ("aircraft_carrier", "carrier"), ("aaa", "AAA"), ("antiaircraft_gun", "AA gun"),
    ("mechanized_infantry", "mech inf"), ("tactical_bomber", "tac bomber"),
    ("strategic_bomber", "bomber"), ("industrial_complex", "complex"),
)


def unit_label(board, u):
    name = board.unit_name(u)
    for long_name, short_name in _UNIT_SHORT:
        if long_name == name:
            return short_name
    return name.replace("_", " ")


def odds_line(r):
    """'Win 94.4% Take 94.4%': win (attacker alone left) and capture (P40-C-100: a land unit
    left to take the territory)."""
    text = "Win " + percent(odds_value(r, "attacker_wins"))
    take = odds_value(r, "attacker_captures")
    if take and abs(take - odds_value(r, "attacker_wins")) > 1e-9:
        text += " Take " + percent(take)
    return text


def outcome_side(outcome):
    """The tower colour for a battle outcome (engine O_* codes)."""
    from engine_core.battle import base as bmod
    if outcome == bmod.O_ATTACKER_WON:
        return tower_mod.ATTACKER
    if outcome == bmod.O_DEFENDER_WON:
        return tower_mod.DEFENDER
    return tower_mod.DRAW


def outcome_text(outcome):
    from engine_core.battle import base as bmod
    return ("", "Attacker won", "Defender won", "Both destroyed", "Retreated", "Stalemate")[outcome] \
        if 0 < outcome <= bmod.O_STALEMATE else "?"


def counts_text(board, vec, cols):
    """'2 infantry, 1 artillery' for a count vector: whole names, the table's abbreviations
    ('2inf 1art') when they do not fit, cut only between units ('...')."""
    parts = []
    short = []
    for u in range(len(vec)):
        if vec[u]:
            parts.append(str(vec[u]) + " " + unit_label(board, u))
            short.append(str(vec[u]) + unit_abbr(board, u))
    if not parts:
        return "none"
    text = ", ".join(parts)
    if len(text) > cols:
        text = " ".join(short)
    return fit_words(text, cols)


# Abbreviations players write on the table (the battle board's narrow rows), never a word cut.
_UNIT_ABBR = (
    ("infantry", "inf"), ("artillery", "art"), ("mechanized_infantry", "mech"), ("tank", "tank"),
    ("armor", "arm"), ("aaa", "AAA"), ("antiaircraft_gun", "AA"), ("fighter", "ftr"),
    ("tactical_bomber", "tac"), ("strategic_bomber", "bmr"), ("bomber", "bmr"), ("battleship", "BB"),
    ("aircraft_carrier", "CV"), ("cruiser", "CA"), ("destroyer", "DD"), ("submarine", "sub"),
    ("transport", "tpt"),
)


def unit_abbr(board, u):
    name = board.unit_name(u)
    for long_name, abbr in _UNIT_ABBR:
        if long_name == name:
            return abbr
    return unit_label(board, u)


def columns(b, side):
    """The side's units now, by the number they hit on, like the printed battle board's columns:
    [(value, [(unit, count)])], lowest first; value 0 for units that do not roll (AA guns,
    defenseless transports). Attacking infantry / mech with artillery (and tactical bombers with
    a partner) stand in the column one higher (P40-U-30, P40-U-41, LHTR-U-02, engine_core/battle/groups.py).
    Casualties taken this round leave their column at once (P40-C-78: they wait behind the casualty
    strip and still fire back this round; the log says so)."""
    from engine_core.battle.groups import support
    n = b.n
    cas = b.cas[side]
    alive = [b.alive[side][u] - cas[u] for u in range(n)]
    boost = [0] * n
    if side == 0:
        boost = support(b.units, alive, b.flags, b.tech[side])
    cols = {}
    for u in range(n):
        c = alive[u]
        if c <= 0:
            continue
        v = b.value(side, u)
        parts = ((v + 1, boost[u]), (v, c - boost[u])) if v > 0 else ((0, c),)
        cp = c - b.n_teched(side, u, c)
        split_na = side == 1 and b.na and v > 0 and b.split()
        if split_na:  # defenders of several powers: the national advantage of its own power's
            from engine_core.battle import advantages   # units (LHTR-O-02)
            v = advantages.value(b, side, u, v)
            parts = ((v, c),)
        if cp:  # an ally's units without the side's technology (CL-T-05): their own column
            vp = b.value(side, u, True)
            if split_na:
                vp = advantages.value(b, side, u, vp, False)
            parts = ((vp, cp), (v, c - cp)) if v > 0 else ((0, c),)
        for value, k in parts:
            if k > 0:
                cols.setdefault(value, []).append((u, k))
    out = []
    for value in range(0, 13):  # in column order, never from the dict's own order
        if value in cols:
            out.append((value, cols[value]))
    return out


def board_lines(board, b, side, cols, names):
    """A side of the battle board as text lines of at most `cols`: 'A 1:3 inf 2:1 art' (small
    screens: abbreviations, wrapped between columns) or one line per column ('  @2 1 artillery')."""
    who = "A" if side == 0 else "D"
    groups = columns(b, side)
    if not groups:
        return [who + " none"]
    if names:
        out = [("Attacker" if side == 0 else "Defender")]
        for value, units in groups:
            text = "  " + (str(value) if value else "-") + ": "
            text += ", ".join([str(k) + " " + unit_label(board, u) for u, k in units])
            out.append(ui.fit(text, cols))
        return out
    words = []
    for value, units in groups:
        words.append((str(value) if value else "-") + ":" + " ".join([str(k) + unit_abbr(board, u) for u, k in units]))
    out = []
    line = who
    for w in words:
        if len(line) + 1 + len(w) <= cols:
            line += " " + w
        else:
            out.append(line)
            line = "  " + w
    out.append(ui.fit(line, cols))
    return out


def fit_words(text, cols):
    """`text` cut at the last whole word that fits (never mid-word; '...' marks the cut)."""
    if len(text) <= cols:
        return text
    out = ""
    for w in text.split(" "):
        if len(out) + len(w) + (1 if out else 0) > cols - 4:
            return out + " ..."
        out = (out + " " + w) if out else w
    return out


def odds_more(board, r):
    """'IPC +1.8 A left 2inf 1tank': the expected IPC swing (defender's loss minus attacker's)
    and the attacker's likeliest survivors (odds' attacker_remaining, most likely first)."""
    text = "IPC " + swing_text(r)
    left = likeliest_left(board, r, False)
    if left is not None:
        text += " left " + (" ".join(left) if left else "none")
    return text


def likeliest_left(board, r, names):
    """The attacker's likeliest survivors as ['2inf', '1tank'] (or ['2 infantry', ...] with
    `names`), in board order; None when the odds do not say (no attacker_remaining)."""
    rem = odds_value(r, "attacker_remaining")
    if not rem:
        return None
    units = rem[0][0]
    left = []
    for u in range(board.unit_count):  # board order, never the dict's
        n = units.get(board.unit_name(u), 0)
        if n:
            left.append(str(n) + (" " + unit_label(board, u) if names else unit_abbr(board, u)))
    return left


def swing_text(r):
    """'+3.1' / '-0.4': the expected IPC swing (defender's loss minus attacker's), one decimal."""
    from engine_core.numfmt import half_up
    v = odds_value(r, "ipc_swing") * 10
    x = half_up(-v if v < 0 else v)
    return ("-" if v < 0 and x else "+") + str(x // 10) + "." + str(x % 10)


def is_estimate(r):
    """True for a first estimate of odds computed in slices (its "error" bounds each figure)."""
    return isinstance(r, dict) and r.get("exact") is False


def odds_key(r):
    """What the screens show of a figure (its text changes only when this does)."""
    return (win_text(r), percent(odds_value(r, "error")), percent(odds_value(r, "draw")))


def win_text(r):
    """'Win 77.6%', or 'Win ~77.6%' while the figure is an estimate being refined."""
    return "Win " + ("~" if is_estimate(r) else "") + percent(odds_value(r, "attacker_wins"))


def odds_parts(board, r, names=False):
    """What a player acts on beside the win chance, most useful first: an estimate's error
    bound, draw, the expected IPC swing, capture when it differs from a win (P40-C-100), the
    attacker's likeliest survivors (abbreviated, or whole names with `names`)."""
    parts = []
    if is_estimate(r):
        parts.append("+-" + percent(odds_value(r, "error")))
    parts.append("Draw " + percent(odds_value(r, "draw")))
    if isinstance(r, dict) and "ipc_swing" in r or not isinstance(r, dict) and hasattr(r, "ipc_swing"):
        parts.append("IPC " + swing_text(r))
    take = odds_value(r, "attacker_captures")
    if take and abs(take - odds_value(r, "attacker_wins")) > 1e-9:
        parts.append("Take " + percent(take))
    left = likeliest_left(board, r, names)
    if left is not None:
        parts.append("A left " + (", ".join(left) if names else " ".join(left)) if left else "A left none")
    return parts


def pack(parts, cols, most):
    """`parts` on at most `most` lines of `cols`, whole parts only, in order (a part that does not
    fit where it would come is left out with all after it)."""
    lines = []
    line = ""
    for p in parts:
        if len(p) > cols:
            break
        if not line:
            line = p
        elif len(line) + 2 + len(p) <= cols:
            line += "  " + p
        elif len(lines) + 1 < most:
            lines.append(line)
            line = p
        else:
            break
    if line:
        lines.append(line)
    return lines


def odds_detail(board, r, cols, most=1):
    """The odds lines under the title (which holds the win chance): draw and IPC swing on every
    profile, capture and the likeliest survivors where they fit."""
    return pack(odds_parts(board, r, cols >= 36), cols, most)


def event_lines(board, events, start, with_dice=False):
    """Text lines and tower rolls for events[start:] (the engine's small tuples). `with_dice`:
    a roll's line is (text, style, (prefix, side, faces, hits, suffix)), text = prefix + the
    numbers + suffix ('A 4@2: ' '3 5 4 1 ' '=1'), for the battle board to draw the dice, and a
    hits total after listed dice is (text, style, None): a summary small screens leave out."""
    from engine_core import events as ev
    from engine_core.battle import base as bmod
    causes = ((bmod.S_AA, "AA"), (bmod.S_BOMBARD, "Bombard"), (bmod.S_KAMIKAZE, "Kamikaze"),
              (bmod.S_SUB_ATTACK, "Surprise"), (bmod.S_SUB_DEFEND, "Surprise"))
    lines = []
    rolls = []
    result = None
    last = ["", ""]  # the cause of each side's latest roll ("" for the ordinary fire)
    rolled = [False, False]  # a side's dice listed since its last hits total
    for i in range(start, len(events)):
        e = events[i]
        k = e[0]
        if k == ev.E_ROUND:
            lines.append(("Round " + str(e[1]), ui.TITLE))
        elif k == ev.E_ROLL:
            side, value, dice = e[1], e[3], e[4]
            hits = [d <= value for d in dice]
            if not dice:
                continue  # typed hit counts: the E_HITS line says it
            n = 0
            for h in hits:
                if h:
                    n += 1
            who = "A" if side == ev.ATTACKER else "D"
            last[side] = ""
            for step, word in causes:
                if e[2] == step:
                    last[side] = word
            prefix = who + (" " + last[side] if last[side] else "") + " " + str(len(dice)) + "@" + str(value) + ": "
            text = prefix + ui.dice_text(dice) + "=" + str(n)
            if with_dice:
                lines.append((text, ui.NORMAL, (prefix, side, tuple(dice), tuple(hits), "=" + str(n))))
            else:
                lines.append((text, ui.NORMAL))
            rolls.append((side, tuple(dice), tuple(hits)))
            rolled[side] = True
        elif k == ev.E_HITS:
            who = "A" if e[1] == ev.ATTACKER else "D"
            last[e[1]] = ""
            for step, word in causes:
                if e[2] == step:
                    last[e[1]] = word
            text = who + (" " + last[e[1]] if last[e[1]] else "") + " hits: " + str(e[3])
            if with_dice and rolled[e[1]]:
                lines.append((text, ui.NORMAL, None))  # a total of rolls shown with their hits
            else:
                lines.append((text, ui.NORMAL))
            rolled[e[1]] = False
        elif k == ev.E_CASUALTY:
            who = "A" if e[1] == ev.ATTACKER else "D"
            why = last[1 - e[1]]
            lines.append((who + " lost " + str(e[3]) + " " + unit_label(board, e[2]) + (" (" + why + ")" if why else ""),
                          ui.BAD))
        elif k == ev.E_DAMAGE:
            who = "A" if e[1] == ev.ATTACKER else "D"
            why = last[1 - e[1]]
            lines.append((who + " damaged " + unit_label(board, e[2]) + (" (" + why + ")" if why else ""), ui.BAD))
        elif k == ev.E_SUBMERGE:
            lines.append(("Subs submerged: " + str(e[2]), ui.NORMAL))
        elif k == ev.E_RETREAT:
            lines.append(("Attacker retreats", ui.NORMAL))
        elif k == ev.E_RESULT:
            result = e
    return lines, rolls, result


# The battle board's panels: both sides side by side once two panels of PANEL_MIN columns fit
# ('2: 2inf 1art 1tank' and the like); below that the sides stack, abbreviated.
PANEL_MIN = 19


def board_layout(cols, rows):
    """How the battle board uses a body of `cols` x `rows`: (panels, odds rows, log rows kept).
    Panels: both sides side by side (whole names where they fit); else stacked, abbreviated."""
    panels = cols >= 2 * PANEL_MIN + 1
    odds_rows = 2 if rows >= 14 else 1
    keep = rows // 2 if rows >= 14 else (3 if rows > 6 else 2)
    return panels, odds_rows, keep


def side_panel(board, b, side, width, names):
    """A side of the battle board in a panel `width` wide: its name, then a line per column of
    the printed board ('2: 1 infantry, 1 artillery' or '2: 1inf 1art'), wrapped between units."""
    out = ["Attacker" if side == 0 else "Defender"]
    groups = columns(b, side)
    if not groups:
        out.append("none")
    for value, units in groups:
        head = (str(value) if value else "-") + ": "
        line = head
        for i in range(len(units)):
            u, k = units[i]
            piece = (str(k) + " " + unit_label(board, u)) if names else (str(k) + unit_abbr(board, u))
            if names and i < len(units) - 1:
                piece += ","
            if line == head:
                line += piece
            elif len(line) + 1 + len(piece) <= width:
                line += " " + piece
            else:
                out.append(line)
                line = " " * len(head) + piece
        out.append(line)
    return out


def side_by_side(left, right, cols):
    """Two panels on rows of `cols`: left, a bar, right."""
    w = (cols - 1) // 2
    out = []
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        out.append(a + " " * (w - len(a)) + "|" + b)
    return out


def both_sides(board, b, cols, room):
    """The battle board's two sides in at most `room` rows: panels with whole names, panels
    abbreviated, or (narrow screens) stacked abbreviated lines."""
    if cols >= 2 * PANEL_MIN + 1:
        w = (cols - 1) // 2
        for names in (True, False):
            left = side_panel(board, b, 0, w, names)
            right = side_panel(board, b, 1, w, names)
            ok = True
            for line in left + right:
                if len(line) > w:
                    ok = False
            if ok and (max(len(left), len(right)) <= room or not names):
                return side_by_side(left, right, cols)
    return board_lines(board, b, 0, cols, False) + board_lines(board, b, 1, cols, False)


def log_rows(log, cols, summaries=True):
    """The log's entries as rows of `cols`: [(text, style, dice)] with dice (prefix, side, faces,
    hits, suffix) for a roll, wrapped between dice when they do not fit one row; other lines
    wrapped between words. `summaries` False leaves out the hits totals of listed dice (room
    for both sides' rolls on a small screen)."""
    out = []
    for entry in log:
        if len(entry) < 3:
            # 'A damaged battleship (Bombard)': on more rows, between words, never cut
            lines = wrap(entry[0], cols)
            for i in range(len(lines)):
                line = lines[i] if i == 0 or len(lines[i]) + 2 > cols else "  " + lines[i]
                out.append((line, entry[1], None))
            continue
        text, style, roll = entry
        if roll is None:  # a hits total: each roll above already says its hits
            if summaries:
                out.append((text, style, None))
            continue
        prefix, side, faces, hits, suffix = roll
        pre = prefix
        i = 0
        n = len(faces)
        while True:
            room = (cols - len(pre)) // 2
            if (n - i) * 2 + len(suffix) <= cols - len(pre):
                out.append(("", style, (pre, side, faces[i:], hits[i:], suffix)))
                break
            if room < 1:
                out.append((ui.fit(text, cols), style, None))  # no room for dice: the text
                break
            out.append(("", style, (pre, side, faces[i:i + room], hits[i:i + room], "")))
            i += room
            pre = " " * len(prefix)
    return out


def add_log(v, log, cols, room, summaries=True):
    """The log's last `room` rows (log_rows) into the View `v`, each roll drawn as dice."""
    shown = log_rows(log, cols, summaries)
    for text, style, dice in (shown[-room:] if room > 0 else ()):
        if dice is None:
            v.add(text, style)
        else:
            prefix, side, faces, hits, suffix = dice
            v.add_dice(prefix, side, faces, hits, suffix, style)


class BattleRun(Screen):
    """The battle's rounds: roll (or select) steps to the next roll or decision."""

    footer = "Start:roll B:menu"
    dense = True  # a large display shows more of the board, the odds and the log

    def __init__(self, app):
        Screen.__init__(self, app)
        self.seen = 0
        self.log = []
        self.queue = []
        self.result = None
        self.odds = None   # the latest live odds (kept through a round's decisions)
        self.stale = True
        self.odds_due = False
        self.catch_up()

    def catch_up(self):
        b = self.app.session.battle
        lines, rolls, result = event_lines(self.app.session.board, b.events, self.seen, True)
        self.seen = len(b.events)
        self.log.extend(lines)
        self.log = self.log[-16:]
        self.queue.extend(rolls)
        if lines:
            self.stale = True
        if result is not None:
            self.result = result

    @property
    def odds_text(self):
        return win_text(self.odds) if self.odds is not None else ""

    def live_odds(self):
        """Exact odds of the survivors actually left (odds.live), between rounds only; False
        mid-round (casualties pending: the last odds stay). Computed in slices by the app
        (firmware/odds_task.py): None now, `shown` gets the estimate and then the exact figure."""
        b = self.app.session.battle
        if b.result is not None:
            return None
        s = self.app.session
        if b.prompt is not None and b.prompt.kind != _P_RETREAT:
            if self.odds is not None:
                return False
            # nothing shown yet (a tournament battle opens at its first decision): the round's
            # end as the preselected casualties leave it, when that is the only thing pending
            rb = round_taken(b)
            if rb is False or rb is None:
                return False
            self.odds_due = self.app.start_odds(self, lambda: s.live_solver(rb), self.shown)
            return None
        self.odds_due = self.app.start_odds(self, s.live_solver, self.shown)
        return None

    def shown(self, r, exact):
        """The odds task's figure (an estimate, then the exact one); True when it shows."""
        if r is None:
            return False
        if exact:
            self.odds_due = False
        changed = self.odds is None or odds_key(self.odds) != odds_key(r)
        self.odds = r
        return changed

    def enter(self):
        if self.odds_due:  # a decision came on top before the exact figure: again
            self.stale = True

    def tick(self, now):
        t = self.app.tower
        if self.stale:
            self.stale = False
            try:
                r = self.live_odds()
                if r is not False:
                    self.odds = r
            except (ValueError, AttributeError, TypeError, ImportError):
                self.odds = None
            return True
        if self.queue and not t.is_busy(now):
            side, dice, hits = self.queue.pop(0)
            t.roll(side, dice, hits, now)
            return False
        if not self.queue and self.result is not None and not t.is_busy(now) and t.mode != tower_mod._MODE_OUTCOME:
            t.outcome(outcome_side(self.result[1]), now)
        return False

    def advance(self):
        """Step until something to show: a new roll, a decision or the end."""
        app = self.app
        b = app.session.battle
        if b.prompt is not None:
            app.push(decision(app, self))
            return
        if b.result is not None:
            app.replace(BattleResult(app))
            return
        dice = app.dice_source()  # None: the players roll (P_DICE prompts)
        before = len(b.events)
        try:
            b.run_until_prompt(dice)
        except ValueError as err:
            self.refuse(err)
            return
        app.battle_changed()
        self.catch_up()
        if b.prompt is not None and len(b.events) == before:
            app.push(decision(app, self))
        elif b.prompt is not None and b.prompt.kind == _P_DICE:
            app.push(HitsEntry(app, self))

    def key(self, name, now):
        if name in ("roll", "select"):
            self.advance()
        elif name == "back":
            self.app.open_home()

    def view(self, cols, rows):
        """The battle board: both sides' units now by the number they hit on (side by side where
        two panels fit: board_layout), the odds (win in the title; draw and IPC swing below on
        every profile, more where it fits), then the last rolls drawn as dice, each loss with
        its cause. A large display gets the scale-1 grid (dense): more, not the same bigger."""
        b = self.app.session.battle
        board = self.app.session.board
        v = ui.View(ui.pad("Battle R" + str(b.round), self.odds_text, cols), [], self.footer)
        if self.result is not None:
            v.footer = "A:result"
        elif b.prompt is not None:
            v.footer = "A:decide"
        _panels, n_odds, keep = board_layout(cols, rows)
        room = rows - (1 if self.message else 0)
        odds = odds_detail(board, self.odds, cols, n_odds) if self.odds is not None else []
        top = both_sides(board, b, cols, room - len(odds) - keep)
        top = top[:max(0, room - len(odds) - keep)]
        for text in top:
            v.add(ui.fit(text, cols), ui.DIM)
        for text in odds[:max(0, room - len(top) - 1)]:
            v.add(text, ui.GOOD)
        room = room - len(top) - len(odds)
        if not self.log and room > 0:
            v.add(ui.fit("Start: roll the dice", cols), ui.DIM)
            room -= 1
        add_log(v, self.log, cols, room, rows >= 14)
        if self.message:
            v.add(ui.fit(self.message, cols), self.message_style)
        return v


_P_RETREAT = 2  # engine_core.battle.steps.P_RETREAT
_P_DICE = 7  # engine_core.battle.steps.P_DICE (checked in the tests)
_P_CASUALTIES = 1  # engine_core.battle.base.P_CASUALTIES
_S_DEFEND = 12  # engine_core.battle.base.S_DEFEND: the defender's general fire


def picked(powers, given, index):
    """The index on `powers` a power row shows: a pending battle's saved choice `given`, else the
    row's own `index` (wrapped)."""
    if given in powers:
        return powers.index(given)
    return index % len(powers) if powers else 0


def split_types(board, ids, counts, held, na, strikes):
    """The slots (indexes on `ids`) of the units entered (`counts`) whose owner matters on a side
    of several powers: a defending technology of the side (`held` bits, CL-T-05, LHTR-T-06,
    P40-R-06) or a defending LHTR advantage (`na` bits, LHTR-O-02) changes their type or, with
    `strikes`, Japan names them as kamikazes / kaitens (LHTR-O-41/42: its own only)."""
    from engine_core import techs, units
    if na:
        from engine_core.battle.advantage_bits import defense_na, strike_na
    out = []
    for i in range(len(ids)):
        if not counts[i]:
            continue
        r = board.units[ids[i]]
        if held & techs.defense_bit(r[units.U_ABILITIES], board.family) or na and (
                na & defense_na(r[units.U_NAME]) or strikes and na & strike_na(r[units.U_NAME])):
            out.append(i)
    return out


class _Reading:
    """A running battle as the odds see it with other survivors (`alive`) and damage (`dmg`);
    `gone`: per unit type, how many of the defenders out of this reading carry their power's
    technology (the others out are those without it; None: no defender is out). Every other
    attribute is the battle's."""

    def __init__(self, b, alive, dmg, gone=None):
        self._b = b
        self.alive = alive
        self.dmg = dmg
        self.gone = gone

    def __getattr__(self, name):
        return getattr(self._b, name)

    def teched_free(self, u):
        """Battle.teched_free of the defenders left in this reading (the battle's own method
        counts the battle's survivors)."""
        t, p = self._b.teched_free(u)
        if self.gone is None:
            return t, p
        g = self.gone[u]
        return t - g, p - (self._b.alive[1][u] - self.alive[1][u] - g)


def _reading(b, alive, dmg, gone=None):
    """The reading, or None when a side is left with nothing (the battle would be over)."""
    for s in (0, 1):
        left = 0
        for u in range(b.n):
            left += alive[s][u] - b.cas[s][u]
        if left <= 0:
            return None
    return _Reading(b, alive, dmg, gone)


def sub_split(b, side):
    """(unit id, with the technology, without it) of `side`'s submarines when they are of two
    powers, only one with Super Submarines, and both have subs left (defender_teched; LHTR-T-06
    "Technology helps only the power that researched it"): each power decides for its own
    whether they submerge. None otherwise (the submerge question is then a number)."""
    if side != 1 or not b.split():
        return None
    from engine_core import units as umod
    for u in range(b.n):
        if b.units[u][umod.U_ABILITIES] & umod.AB_SUBMARINE and b.teched[u]:
            t, p = b.teched_free(u)
            if t > 0 and p > 0:
                return u, t, p
    return None


def submerged(b, side, k, tm=None):
    """The battle as the odds see it with `k` of `side`'s submarines submerged (P40-C-75,
    LHTR-U-82: they leave the battle), `tm` of them those of a power with Super Submarines (of a
    defending side of two powers' subs; None: as the engine, the others first), or None when
    that ends the battle (a side left with nothing)."""
    from engine_core import units as umod
    alive = [list(b.alive[0]), list(b.alive[1])]
    gone = None
    for u in range(b.n):
        if k > 0 and b.units[u][umod.U_ABILITIES] & umod.AB_SUBMARINE:
            n = min(k, alive[side][u] - b.cas[side][u])
            if n > 0 and side == 1 and b.split() and b.teched[u]:
                p = b.teched_free(u)[1]
                gone = [0] * b.n
                gone[u] = tm if tm is not None else (n - p if n > p else 0)
            alive[side][u] -= n
            k -= n
    return _reading(b, alive, b.dmg, gone)


def round_taken(b):
    """The battle at the end of its round when the pending choice is the attacker's casualties
    from the defender's fire (the round's last choice, P40-C-78/LHTR-C-26: the defender's
    casualties are behind the strip already) taken as preselected: what the odds of the state
    a battle opens in are (a tournament battle is rolled to its first decision). False for
    any other pending choice (its figure needs dice not rolled yet); None when the preselected
    loss ends the battle."""
    p = b.prompt
    if p is None or p.kind != _P_CASUALTIES or p.side != 0 or b.current_step() != _S_DEFEND:
        return False
    from engine_core import units as umod
    lost, dmg = p.default
    alive = [list(b.alive[0]), list(b.alive[1])]
    hurt = [list(b.dmg[0]), list(b.dmg[1])]
    for u in range(b.n):
        hurt[0][u] += dmg[u]
        if lost[u]:
            alive[0][u] -= lost[u]
            if b.units[u][umod.U_HITS] >= 2:  # ships damaged before sink first (as the engine)
                hurt[0][u] -= min(lost[u], b.dmg[0][u])
    return _reading(b, alive, hurt)


class BattlePrompt(Screen):
    """Submerge, retreat...: the engine's options, default preselected; beside press-on and
    beside each submerge choice the odds of fighting on that way."""

    dense = True

    def __init__(self, app, run):
        Screen.__init__(self, app)
        from engine_core.battle import base as bmod
        self.run = run
        b = app.session.battle
        p = b.prompt
        self.prompt = p
        board = app.session.board
        self.items = []   # (label, answer)
        self.odds = {}    # answer -> odds of fighting on that way (None: the battle ends)
        self.jobs = []    # (answer, battle) whose odds are still to come, in slices
        self.running = None  # the job being computed
        kind = p.kind
        self.title = ("Attacker " if p.side == 0 else "Defender ") + bmod.PROMPT_NAMES[kind]
        if kind == bmod.P_CASUALTIES:
            lost, dmg = p.default
            self.items.append(("Default: " + counts_text(board, lost, 40), "default"))
            if sum(dmg):
                self.items.append(("Damaged: " + counts_text(board, dmg, 40), "default"))
            opts = list(p.options)
            for u in opts:
                order = [u] + [o for o in opts if o != u]
                self.items.append(("Lose " + unit_label(board, u) + " first", order))
        elif kind == bmod.P_SUBMERGE:
            # subs of two powers, one with Super Submarines: a choice per count of theirs that
            # submerge ("Submerge 1 (1 super)", answered as (k, m): _answer)
            split = sub_split(b, p.side)
            if split is not None:
                self.sub_name = board.unit_name(split[0])
                self.sub_tag = tech_tag(board, split[0], b)[1:]    # "super)"
            for k in p.options:
                lo, hi = 0, 0
                if split is not None and k:
                    lo = k - split[2] if k > split[2] else 0
                    hi = split[1] if split[1] < k else k
                for m in range(lo, hi + 1):
                    if split is None or not k:
                        key, label = k, ("Submerge " + str(k)) if k else "Stay and fire"
                    else:
                        key = (k, m)
                        label = "Submerge " + self.sub_label(key)
                    self.items.append((label, key))
                    sb = submerged(b, p.side, k, m if split is not None else None)
                    if sb is None:
                        self.odds[key] = None
                    else:
                        self.jobs.append((key, sb))  # in slices from the first tick
        elif kind == bmod.P_RETREAT:
            # beside press-on, the odds of pressing on from the units left (exact, odds.live),
            # in slices from the first tick (firmware/odds_task.py)
            self.jobs.append(("press", None))
            for o in p.options:
                if o == "press":
                    label = "Press on"
                elif o == "air":
                    label = "Retreat air only"
                elif o == "retreat":
                    label = "Retreat"
                elif isinstance(o, int):
                    label = "Retreat to " + str(o)
                else:
                    label = option_text(o)
                self.items.append((label, o))
        else:
            for o in p.options:
                self.items.append((option_text(o), o))
            if not self.items:
                self.items.append(("Default", "default"))
        self.cursor = 0
        for i in range(len(self.items)):
            if self.items[i][1] == p.default or (self.items[i][1] == "default"):
                self.cursor = i
                break

    def key(self, name, now):
        n = len(self.items)
        if name == "up" and n:
            self.cursor = (self.cursor - 1) % n
        elif name == "down" and n:
            self.cursor = (self.cursor + 1) % n
        elif name in ("select", "roll") and n:
            app = self.app
            try:
                app.session.battle.answer(self._answer(self.items[self.cursor][1]))
            except ValueError as err:
                self.refuse(err)
                return
            app.battle_changed()
            self.run.catch_up()
            app.pop()
            if name == "roll":
                self.run.advance()  # roll: take the highlighted choice and keep rolling
        elif name == "back":
            self.app.pop()

    def sub_label(self, key):
        """'1 (1 super)': of a split side's subs (sub_split), key[0] submerge, key[1] of them
        with Super Submarines."""
        return str(key[0]) + " (" + str(key[1]) + " " + self.sub_tag

    def _answer(self, key):
        """The engine's answer for a choice: (k, m), k subs submerging, m of them those with
        Super Submarines, as {"submerge": k, "teched": {"submarine": m}} (engine_core/battle/
        choices.py submerging); any other choice as it is."""
        if isinstance(key, tuple):
            return {"submerge": key[0], "teched": {self.sub_name: key[1]}}
        return key

    def beside(self, answer):
        """The odds shown at the right of a choice's row, or '': the attacker's win chance as
        everywhere on the board ('win 54.3%' on the attacker's question, 'A win 54.3%' on the
        defender's), 'ends battle' when the choice leaves a side with nothing."""
        if answer not in self.odds:
            return ""
        r = self.odds[answer]
        if r is None:
            return "ends battle"
        return ("" if self.prompt.side == 0 else "A ") + win_text(r).lower()

    def tick(self, now):
        """The choices' odds one after another, each in slices (firmware/odds_task.py)."""
        app = self.app
        while self.jobs and self.running is None:
            job = self.jobs.pop(0)
            self.running = job
            try:
                if app.start_odds(self, lambda: app.session.live_solver(job[1]),
                                  lambda r, exact: self.shown(job[0], r, exact)):
                    break
                self.odds[job[0]] = None  # a side has nothing left: fighting on ends the battle
            except (ValueError, ImportError, AttributeError, TypeError, MemoryError):
                pass
            self.running = None
        return False

    def shown(self, answer, r, exact):
        """A choice's odds as they come; True when what is shown changed."""
        if exact or r is None:
            self.running = None
        if r is None:
            return False
        old = self.odds.get(answer)
        self.odds[answer] = r
        return old is None or odds_key(old) != odds_key(r)

    def enter(self):
        if self.running is not None:  # dropped while covered: again
            self.jobs.insert(0, self.running)
            self.running = None

    def view(self, cols, rows):
        """The choices, the odds of each beside it; under them the highlighted choice's draw
        and IPC swing (every profile), and on a large display both sides' units."""
        v = ui.View(ui.fit(self.title, cols), [], "A:ok B:back")
        board = self.app.session.board
        r = self.odds.get(self.items[self.cursor][1]) if self.items else None
        detail = odds_detail(board, r, cols, 2 if rows >= 14 else 1) if r is not None else []
        room = rows - (1 if self.message else 0) - len(detail)
        if room < 2:
            detail = []
            room = rows - (1 if self.message else 0)
        first = ui.window(len(self.items), self.cursor, room)
        shown = 0
        for i in range(first, min(len(self.items), first + room)):
            text = self.items[i][0]
            side = self.beside(self.items[i][1])
            if isinstance(self.items[i][1], tuple) and len(text) + 13 > cols:
                # a split side's subs on a narrow screen: the odds beside ('A win 100.0%' at most)
                # before the word Submerge (the title says it)
                text = self.sub_label(self.items[i][1])
            if side and len(text) + 1 + len(side) <= cols:
                text = ui.pad(text, side, cols)
            v.add(fit_words(text, cols), ui.SELECTED if i == self.cursor else ui.NORMAL)
            shown += 1
        for text in detail:
            v.add(text, ui.GOOD)
        left = rows - shown - len(detail) - (1 if self.message else 0)
        b = self.app.session.battle
        if left >= 4 and cols >= 2 * PANEL_MIN + 1 and b is not None:
            sides = both_sides(board, b, cols, left - 1)
            if len(sides) <= left - 1:
                v.add("", ui.NORMAL)
                for text in sides:
                    v.add(text, ui.DIM)
        if self.message:
            v.add(ui.fit(self.message, cols), self.message_style)
        return v


def sides_below(app, cols, rows, used):
    """Under a battle question's counters on a large display (14 rows or more: the dense grid
    of a 320x240 screen): both sides' units now, as on the battle board, in the rows left."""
    room = rows - used - 1
    if rows < 14 or room < 2:
        return []
    s = app.session
    lines = both_sides(s.board, s.battle, cols, room)
    return [("", ui.NORMAL)] + [(ui.fit(t, cols), ui.DIM) for t in lines[:room]]


class _PromptCounter(Counter):
    """A battle question answered with counters (answer()), both sides shown under them; Select
    or Roll sends the answer once ready() (a refusal shows the engine's rule id and changes
    nothing), then answered(key): by default the board catches up, this screen closes and Roll
    goes on rolling."""

    head_rows = 0  # rows head() draws above the counters

    def view(self, cols, rows):
        self.body = rows
        return Counter.view(self, cols, rows)

    def tail(self, cols):
        return sides_below(self.app, cols, getattr(self, "body", 0), self.head_rows + len(self.names))

    def ready(self):
        return True

    def other(self, name, now):
        if name not in ("select", "roll") or not self.ready():
            return
        app = self.app
        try:
            app.session.battle.answer(self.answer())
        except ValueError as err:
            self.refuse(err)
            return
        app.battle_changed()
        self.answered(name)

    def answered(self, name):
        self.run.catch_up()
        self.app.pop()
        if name == "roll":
            self.run.advance()


class Casualties(_PromptCounter):
    """Casualties chosen per unit type: a counter per type present ("lose"), one per two-hit unit
    that can still take damage ("damage"), preset to the default order of loss; the header keeps
    the hits taken against the hits to take. Select (or Start) answers; the battle engine checks
    the choice (its rule id shown) and nothing changes when it refuses."""

    footer = "</>:-+ A:ok"
    dense = True  # a large display shows both sides under the counters
    head_rows = 1

    def __init__(self, app, run):
        from engine_core import units as umod
        self.run = run
        b = app.session.battle
        p = b.prompt
        self.prompt = p
        board = app.session.board
        counts, hits, rule = p.info
        lost, dmg = p.default
        # the hits to take: as many as the units can absorb (the engine's check), fewer than
        # rolled when some cannot be taken (planes against super subs, LHTR-A-10)
        from engine_core.battle import casualties as cz
        self.hits = cz.hits_absorbed(board.units, lost, dmg, b.dmg[p.side])
        self.rows = []    # (what, unit id)
        names = []
        values = []
        limits = []
        split = p.side == 1 and b.split()
        for u in p.options:
            t, plain = b.teched_free(u) if split and b.teched[u] else (0, 0)
            if t and plain:
                # a type of two owners, one with a technology: whose are lost is the defenders'
                # choice (CL-C-60, LHTR-C-62, P40-C-82), one row each, the weaker first
                first = lost[u] if lost[u] < plain else plain
                self.rows.append(("lost", u))
                names.append("Lose " + unit_label(board, u))
                values.append(first)
                limits.append(plain)
                self.rows.append(("teched", u))
                names.append("Lose " + unit_label(board, u) + " " + tech_tag(board, u, b))
                values.append(lost[u] - first)
                limits.append(t)
                continue
            self.rows.append(("lost", u))
            names.append("Lose " + unit_label(board, u))
            values.append(lost[u])
            limits.append(counts[u])
        for u in p.options:
            if board.units[u][umod.U_HITS] >= 2:
                fresh = counts[u] - b.dmg[p.side][u]
                if fresh > 0:
                    self.rows.append(("damaged", u))
                    names.append("Damage " + unit_label(board, u))
                    values.append(dmg[u])
                    limits.append(fresh)
        Counter.__init__(self, app, ("Attacker" if p.side == 0 else "Defender") + " casualties", names, values, limits)

    def answer(self):
        board = self.app.session.board
        out = {"lost": {}, "damaged": {}}
        for i in range(len(self.rows)):
            what, u = self.rows[i]
            name = board.unit_name(u)
            if what == "teched":       # lost, and which of them carry the technology
                out.setdefault("teched", {})[name] = self.counts[i]
                what = "lost"
            if self.counts[i]:
                out[what][name] = out[what].get(name, 0) + self.counts[i]
        return out

    def taken(self):
        from engine_core.battle import casualties as cz
        b = self.app.session.battle
        n = b.n
        lost = [0] * n
        dmg = [0] * n
        for i in range(len(self.rows)):
            what, u = self.rows[i]
            (dmg if what == "damaged" else lost)[u] += self.counts[i]
        return cz.hits_absorbed(self.app.session.board.units, lost, dmg, b.dmg[self.prompt.side])

    def head(self, cols):
        got = self.taken()
        style = ui.GOOD if got == self.hits else ui.BAD
        return [(ui.pad("Hits " + str(self.hits), "taken " + str(got), cols), style)]

    def ready(self):
        if self.taken() != self.hits:
            self.say("Take exactly " + str(self.hits) + " hits")
            return False
        return True


# short tags of the defending national advantages that set a unit type apart (LHTR-O-02)
_NA_TAGS = (("russian_winter", "winter"), ("atlantic_wall", "wall"), ("dug_in", "dug-in"),
            ("fortress_europe", "fortress"), ("radar", "radar"), ("powerful_battleships", "at 5"))


def tech_tag(board, u, b=None):
    """The technology that sets a defending unit type apart, as a short tag: "(jet)", "(heavy)",
    "(radar)" (engine_core/techs.py defense_bit); else the national advantage of battle b's
    defending side that does (advantage_bits.defense_na): "(winter)", "(fortress)"..."""
    from engine_core import techs
    from engine_core import units as umod
    bit = techs.defense_bit(board.units[u][umod.U_ABILITIES], board.family)
    if bit:
        return "(" + techs.names(bit)[0].split("_")[0] + ")"
    if b is not None and b.na:
        from engine_core.battle import advantage_bits as ab
        na = b.na[1] & ab.defense_na(board.units[u][umod.U_NAME])
        for name, tag in _NA_TAGS:
            if na & (1 << ab.NA_NAMES.index(name)):
                return "(" + tag + ")"
    return "(own)"


def decision(app, run):
    """The screen for the battle's question: casualties per unit type, LHTR kamikazes and
    kaitens named per target, or the choices menu."""
    from engine_core.battle import base as bmod
    b = app.session.battle
    p = b.prompt
    if p is not None and p.kind == bmod.P_CASUALTIES:
        return Casualties(app, run)
    if p is not None and p.kind == bmod.P_KAMIKAZE and b.na:
        return Strikes(app, run)
    return BattlePrompt(app, run)


class Strikes(_PromptCounter):
    """LHTR Kamikaze Attacks / Kaiten Torpedoes (LHTR-O-41, LHTR-O-42): Japan names, at the
    start of a sea battle, any number of its fighters / subs, each at an enemy ship (LHTR-A-28):
    a counter per striker type and target ship type ("fighter at battleship"), each up to the
    strikers Japan may name (of a defending side of several powers, its own only: the battle's
    defender_strikers); all at 0 names none. Several at one type strike its first ship (the
    damaged ones first). The engine checks the whole answer (its rule id shown, nothing changed)."""

    footer = "</>:-+ A:ok"
    dense = True

    def __init__(self, app, run):
        from engine_core import units as umod
        from engine_core.battle import na_strikes
        self.run = run
        b = app.session.battle
        p = b.prompt
        board = app.session.board
        other = 1 - p.side
        self.pairs = []   # (striker unit id, target unit id)
        names = []
        limits = []
        for s in p.options:
            k = na_strikes.own(b, p.side, s)
            for g in range(b.n):
                if b.alive[other][g] and board.units[g][umod.U_KIND] == umod.SEA:
                    self.pairs.append((s, g))
                    names.append(unit_label(board, s) + " at " + unit_label(board, g))
                    limits.append(k)
        Counter.__init__(self, app, ("Attacker" if p.side == 0 else "Defender") + " "
                         + ("kamikaze" if p.info[0] == "LHTR-O-41" else "kaiten"),
                         names, [0] * len(names), limits)

    def answer(self):
        out = []
        for i in range(len(self.pairs)):
            for _ in range(self.counts[i]):
                out.append(self.pairs[i])
        return out


class HitsEntry(_PromptCounter):
    """Physical dice: the players roll each battle-board column and enter its hits."""

    footer = "</>:hits A:done"
    dense = True  # a large display shows both sides under the counters

    def __init__(self, app, run):
        p = app.session.battle.prompt
        self.run = run
        step, info = p.info
        names = []
        limits = []
        for value, nd in info:
            names.append(str(nd) + " dice at " + str(value))
            limits.append(nd)
        Counter.__init__(self, app, ("Attacker" if p.side == 0 else "Defender") + " rolls",
                         names, [0] * len(names), limits)

    def row_text(self, i, cols):
        return ui.pad(self.names[i], "hits " + str(self.counts[i]), cols)

    def answer(self):
        return {"hits": list(self.counts)}

    def answered(self, name):
        self.app.pop()
        self.run.advance()


def unit_rows(board, label, vec, width):
    """'Left: 2 infantry, 1 artillery' in rows of `width`, wrapped between units (whole names;
    the table's abbreviations for a name wider than the row)."""
    pieces = []
    for u in range(len(vec)):
        if vec[u]:
            pieces.append(str(vec[u]) + " " + unit_label(board, u))
    if not pieces:
        pieces = ["none"]
    out = []
    line = label + ":"
    for i in range(len(pieces)):
        p = pieces[i] + ("," if i < len(pieces) - 1 else "")
        if len(line) + 1 + len(p) <= width:
            line += " " + p
        else:
            out.append(line)
            line = "  " + p if len(p) + 2 <= width else ui.fit("  " + p, width)
    out.append(line)
    return out


def result_panel(board, side, ipc, left, lost, width):
    """A side of the result: its name and IPCs lost, what is left, what it lost."""
    out = [ui.pad("Attacker" if side == 0 else "Defender", "-" + str(ipc) + " IPC", width)]
    return out + unit_rows(board, "Left", left, width) + unit_rows(board, "Lost", lost, width)


def signed(x):
    """'+3.1' / '-0.4' for a number of IPCs, one decimal (as swing_text)."""
    return swing_text({"ipc_swing": x})


def battle_rating(session):
    """(attacker's win chance, expected IPC swing, luck) of the battle just finished, as the luck
    ledger rates it: a tournament's own record (written when the battle ended), or in a normal
    game the set-up's exact figure for these sides (recorded when the result is closed; luck
    None for a retreat, rated by the ledger under its own policy). None when there is none."""
    b = session.battle
    if b is None or b.result is None:
        return None
    t = session.tour
    if t is not None:
        from engine_core.trust import luck
        led = t.luck
        info = t.battle_info
        if led is None or not led.battles or info is None:
            return None
        rec = led.battles[-1]
        if rec[luck.R_TERRITORY] != info["territory"] or rec[luck.R_EXPECTED] is None:
            return None
        return rec[luck.R_WIN_CHANCE], rec[luck.R_EXPECTED], rec[luck.R_LUCK]
    info = session.battle_info
    if info is None:
        return None
    o = session.recent_odds(info[0], info[1], info[2])
    if o is None:
        return None
    ipc = b.result["ipc_lost"]
    luck_ = None if b.result["outcome"] == _O_RETREAT else (ipc[1] - ipc[0]) - o[1]
    return o[0], o[1], luck_


_O_RETREAT = 4  # engine_core.battle.base.O_RETREAT (checked in the tests)


class BattleResult(Screen):
    """Who won, whether the territory was captured, what each side lost; where two panels fit
    (the dense grid of a large display) each side's survivors and losses with whole names, and
    on every profile where rows are left the odds the battle had and the luck of it."""

    footer = "A:done"
    dense = True

    def view(self, cols, rows):
        b = self.app.session.battle
        r = b.result
        board = self.app.session.board
        v = ui.View("Battle result", [], self.footer)
        if r is None:
            v.add("No result yet")
            return v
        head = outcome_text(r["outcome"])
        rounds = str(r.get("rounds", 0)) + (" round" if r.get("rounds", 0) == 1 else " rounds")
        tail = []
        if len(head) + 3 + len(rounds) <= cols:
            v.add(head + " in " + rounds)
        else:
            v.add(ui.fit(head, cols))
            tail.append((ui.pad("Rounds", str(r.get("rounds", 0)), cols), ui.DIM))
        if r.get("captured"):
            t = self.app.session.territory
            if t >= 0:  # P40-G-06: the captor's production rises by the territory's value
                v.add(ui.fit("Captured: +" + str(board.ipc(t)) + " production", cols), ui.GOOD)
            else:
                v.add(ui.fit("Territory captured", cols), ui.GOOD)
        ipc = r.get("ipc_lost", (0, 0))
        surv = r.get("survivors", ([], []))
        lost = r.get("lost")
        rating = battle_rating(self.app.session)
        if rating is not None:
            win, exp, luck = rating
            parts = ["Odds: win " + percent(win), "IPC " + signed(exp)]
            if luck is not None:
                parts.append("Luck " + signed(luck) + " IPC (attacker)")
            tail = [(text, ui.GOOD) for text in pack(parts, cols, 2)] + tail  # whole parts only
        room = rows - len(v.rows) - (1 if self.message else 0)
        panels = None
        if cols >= 2 * PANEL_MIN + 1 and lost is not None:
            w = (cols - 1) // 2
            panels = side_by_side(result_panel(board, 0, ipc[0], surv[0], lost[0], w),
                                  result_panel(board, 1, ipc[1], surv[1], lost[1], w), cols)
            if len(panels) + len(tail) > room:
                panels = None
        if panels is not None:
            for text in panels:
                v.add(text)
        else:
            v.add(ui.pad("Attacker lost", str(ipc[0]) + " IPC", cols), ui.BAD)
            v.add(ui.pad("Defender lost", str(ipc[1]) + " IPC", cols), ui.BAD)
            v.add("A: " + counts_text(board, surv[0], cols - 3))
            v.add("D: " + counts_text(board, surv[1], cols - 3))
        for row in tail[:max(0, rows - len(v.rows) - (1 if self.message else 0))]:
            v.rows.append(row)
        if self.message:
            v.add(ui.fit(self.message, cols), self.message_style)
        return v

    def key(self, name, now):
        if name not in ("select", "back", "roll"):
            return
        app = self.app
        b = app.session.battle
        if name == "select" and app.session.game is not None and app.session.territory >= 0:
            r = b.result
            t = app.session.territory
            try:
                app.act({"type": "battle", "territory": t, "captured": bool(r["captured"]),
                         "attacker_ipc": r["ipc_lost"][0], "defender_ipc": r["ipc_lost"][1],
                         "kamikaze": r.get("kamikaze", 0)})   # tokens spent (P40-C-30)
            except ValueError as err:
                self.refuse(err)
                return
            from firmware import pending
            pending.of(app.session).remove(app.session.game, t, app.decisions)  # fought and recorded
        app.session.end_battle()
        app.tower.idle(now)
        if app.session.game is not None and not app.kiosk:
            app.home_game()
        else:
            app.open_home()

"""The game ledger: a GameState driven by journaled actions.

    g = Game.new("pacific_1940", seed=7, options={"rd": False})
    g.apply({"type": "purchase", "units": {"infantry": 2}})   # RuleError: nothing changes
    g.apply({"type": "end_phase"})
    g.undo()                                                   # replay of the journal minus one
    g.summary()  # {"round", "power", "phase", "treasury", "production", "at_war", "victory",
                 #  "individual": the individual winner once won (CL-P-13, LHTR-P-10) or None}

Every action is checked and applied atomically (on any error the state is restored), then
its journal entry (journal.py) is appended. The state is always the replay of its journal
from `Game.new(edition, seed, options)`, so `undo` rebuilds it without the last entry, and
a save (save.py) holds only the header and the journal.

Action types (dict "type"; names or ids accepted):
  purchase {units, power?}            PURCHASE phase (CL-E-01, LHTR-E-01, P40-E-03)
  repair {territory, count, facility?, power?}   PURCHASE phase, 1940 (P40-E-03, P40-U-68)
  upgrade {territory, power?}         PURCHASE phase, 1940 minor -> major (P40-T-12)
  research {dice, rolls?}             RESEARCH phase (research.py)
  declare_war {target}                politics.py (P40-P-02)
  capture {territory, by?, aa?}       a territory taken (battle won or moved in)
  battle {territory, by?, result | captured, attacker_ipc, defender_ipc, kamikaze?}
                                      a battle's result (Battle.result) without re-running it
  violate_neutral {territory}         Classic neutrality fee (CL-C-92)
  bombing {territory, damage, facility?}   COMBAT phase: a raid's result from raids.py
  rocket {territory, launcher, die, facility?}   COMBAT phase: a rocket attack (Rockets
                                      technology) on t from `launcher`, the die rolled
  enter {territory, by?, attack}      units entered a territory without taking it (an
                                      attack that failed, a move politics must know about)
  place {territory, units, sea_zone?, power?}   MOBILIZE phase
  end_phase                           next phase (Collect Income: collects, ends the turn)
  collect_income {answers?, convoy?}  INCOME phase: collect and end the turn
  answer {value}                      answer the pending prompt: 1/0 to a yes/no question;
                                      a territory (or "none") to the Nonaggression Treaty's
                                      (LHTR-O-11, ledger/treaty.py)
  advantage {name, territory?}        a Revised/LHTR national advantage the ledger keeps
                                      (advantages.py: LHTR-O-10/13/31/32/34/35/51)
"""

import gc

from engine_core import board as _board
from engine_core.ledger import economy as E
from engine_core.ledger import journal as J
from engine_core.ledger import phases as PH
from engine_core.ledger import victory as V
from engine_core.dice import seed_state, roll_one
from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_LHTR, FAM_CLASSIC
from engine_core.ledger.state import GameState, NO_OWNER, set_since

EV_PHASE = 20      # (EV_PHASE, power, phase constant)
EV_TURN = 21       # (EV_TURN, round, power)
EV_VICTORY = 22    # (EV_VICTORY, side)
EV_BATTLE = 23     # (EV_BATTLE, territory, attacker, attacker_ipc, defender_ipc)
EV_WAR = 24        # (EV_WAR, a, b)
EV_RESEARCH = 25   # (EV_RESEARCH, power, rolls, tech bits gained)
EV_CONVOY = 26     # (EV_CONVOY, power, loss, per_zone)
EV_NEUTRAL_ARMY = 27   # (EV_NEUTRAL_ARMY, territory, side defending, unit, count): an attacked
                       # neutral's standing army appears, on the side opposed to the attacker
                       # (P40-C-130)

_STRIKE_ROUND = 1 << 23   # advantages.STRIKE_ROUND (Revised/LHTR Joint Strike round, LHTR-O-31)

# pending prompt: ("income", power, question index) -- a yes/no question for the players
P_INCOME = "income"


def _politics():
    try:
        from engine_core.ledger import politics as politics
        return politics
    except ImportError:
        return None


def _module(name):
    try:
        if name == "objectives":
            from engine_core.ledger import objectives as m
        elif name == "convoy":
            from engine_core.ledger import convoy as m
        elif name == "research":
            from engine_core.ledger import research as m
        else:
            return None
        return m
    except ImportError:
        return None


def clone_state(s):
    """A copy of a GameState for putting it back after a refused action. The journal is
    shared, not copied: actions never change it (apply_entry appends after success)."""
    c = GameState(s.edition, 0, 0)
    for k in _STATE_FIELDS:
        v = getattr(s, k)
        if isinstance(v, bytearray):
            v = bytearray(v)
        elif isinstance(v, list) and k != "journal":
            v = [list(x) if isinstance(x, list) else x for x in v]
        setattr(c, k, v)
    return c


# Noncombat Move enters friendly spaces only (CL-MV-24, LHTR-MV-13, P40-T-41), by family
_NO_ATTACK_RULE = ("CL-MV-24", "LHTR-MV-13", "P40-T-41")

# entries the Nonaggression Treaty's question concerns (ledger/treaty.py, LHTR-O-11)
_TREATY = (J.ANSWER, J.END_PHASE, J.ENTER, J.BATTLE, J.CAPTURE)

# journal entries that record a combat movement (units entering or taking a space)
_MOVES = (J.ENTER, J.CAPTURE, J.BATTLE, J.NEUTRAL)

_STATE_FIELDS = ("edition", "round", "turn", "phase", "treasury", "owner", "damage", "at_war",
                 "history", "kamikaze", "techs", "research", "dice", "pending", "journal",
                 "facilities", "base_damage", "captured", "since", "game_turn", "turns_taken",
                 "pool", "placed", "frozen", "victory", "hold", "income_log",
                 "phase_start", "turn_start")


class _Dice:
    """Dice typed in by the players first, then the state's own generator (replays match)."""

    def __init__(self, state, typed):
        self.state = state
        self.typed = list(typed or ())

    def roll(self, count):
        out = []
        st = self.state.dice
        for _ in range(count):
            if self.typed:
                out.append(self.typed.pop(0))
            else:
                st, v = roll_one(st)
                out.append(v)
        self.state.dice = st
        return out


class Game:
    def __init__(self, board, seed, options):
        self.board = board
        self.seed = seed
        self.options = options
        self.events = []
        table = board.rules["phases"]
        if board.rules.get("research_optional") and not options.get("rd"):
            table = tuple([p for p in table if p != PH.RESEARCH])
        self.phase_table = table
        self._backup = None
        self.state = self._fresh()

    @classmethod
    def new(cls, edition, seed=1, options=None):
        gc.collect()   # the board tables are the largest allocation of a game
        b = _board.load(edition)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError("a game's seed is a whole number")
        if options is not None and not isinstance(options, dict):
            raise InputError("a game's options are a dict")
        return cls(b, seed, dict(options or {}))

    # ------------------------------------------------------------------ setup
    def _fresh(self):
        b = self.board
        s = GameState(b.edition, b.power_count, b.territory_count)
        for p in range(b.power_count):
            s.treasury[p] = b.starting_treasury(p)
        for t in range(b.territory_count):
            o = b.owner_at_start(t)
            s.owner[t] = o if o >= 0 else NO_OWNER
            s.facilities[t] = b.facilities_at_start(t)
        pol = _politics()
        if pol is not None:
            s.at_war = list(pol.initial_at_war(b))
            pol.initial_facilities(b, s)   # G40-U-03: the variant's India starts minor
        s.kamikaze = b.rules.get("kamikaze", 0)
        if self.options.get("head_start_weapons"):          # CL-O-03
            res = _module("research")
            for p in range(b.power_count):
                s.techs[p] = res.starting_techs(b, p, self.options)
        s.dice = seed_state(self.seed)
        self._begin_turn(s, [], 0)
        return s

    # ------------------------------------------------------------------ reading
    @property
    def power(self):
        return self.board.turn_order[self.state.turn]

    def phase_constant(self, state=None):
        s = state or self.state
        return self.phase_table[s.phase]

    @property
    def prompt(self):
        """None, or the pending question: {"kind", "power", "question", "options", "default"}."""
        pend = self.state.pending
        if pend is None:
            return None
        if pend[0] == P_INCOME:
            qs = self.board.questions
            key, text = qs[pend[2]][0], qs[pend[2]][1]
            return {"kind": "yes_no", "power": pend[1], "key": key, "question": text,
                    "options": (1, 0), "default": 0}
        from engine_core.ledger import treaty   # the only other question (LHTR-O-11)
        return treaty.prompt(self.board, pend)

    def production(self, p):
        return E.production(self.board, self.state, p)

    def summary(self):
        b = self.board
        s = self.state
        treasury = {}
        production = {}
        for p in range(b.power_count):
            treasury[b.power_name(p)] = s.treasury[p]
            production[b.power_name(p)] = E.production(b, s, p)
        wars = []
        for a in range(b.power_count):
            for c in range(a + 1, b.power_count):
                if s.at_war[a] & (1 << c):
                    wars.append([b.power_name(a), b.power_name(c)])
        vic = None
        if s.victory == 0:
            vic = "Axis"
        elif s.victory == 1:
            vic = "Allies"
        ind = V.individual_winner(b, s)      # CL-P-13, LHTR-P-10
        if ind is not None:
            ind = {"winners": [b.power_name(p) for p in ind[0]], "score": ind[1], "by": ind[2]}
        return {"round": s.round, "power": b.power_name(self.power),
                "phase": PH.name(self.phase_constant()), "treasury": treasury,
                "production": production, "at_war": wars, "victory": vic, "individual": ind}

    # ------------------------------------------------------------------ actions
    def apply(self, action):
        """Check and apply one action; returns its events. RuleError/InputError: nothing changed."""
        entry = J.encode(self.board, self.state, action)
        return self.apply_entry(entry)

    def apply_entry(self, entry):
        """Apply one journal entry; on any error the state before it is put back."""
        self._keep_backup()
        try:
            events = self._do(entry)
        except Exception:
            self.state, self._backup = self._backup, self.state
            raise
        self.state.journal.append(entry if type(entry) is tuple else tuple(entry))
        self.events = events
        return events

    def _keep_backup(self):
        """Copy the state into the backup buffers in place (no allocation per action once
        the buffers exist: the device's heap stays unfragmented)."""
        s = self.state
        bk = self._backup
        if bk is None or len(bk.owner) != len(s.owner):
            self._backup = clone_state(s)
            return
        for k in _STATE_FIELDS:
            v = getattr(s, k)
            if k == "journal":
                bk.journal = v
            elif isinstance(v, bytearray):
                getattr(bk, k)[:] = v
            elif isinstance(v, list):
                if k == "pool" or k == "hold":
                    setattr(bk, k, [list(x) if isinstance(x, list) else x for x in v])
                else:
                    getattr(bk, k)[:] = v
            else:
                setattr(bk, k, v)

    def undo(self):
        """Remove the last journal entry: the state becomes the replay of the rest."""
        journal = self.state.journal
        if not journal:
            raise RuleError("LEDGER-UNDO", "nothing to undo")
        self.replay(journal[:-1])

    def replay(self, entries):
        """Rebuild the state from setup and the given journal entries."""
        self.state = None
        gc.collect()
        self.state = self._fresh()
        journal = self.state.journal
        for e in entries:
            # entries of a journal were legal when recorded: no copy of the state to put
            # back (a bad save raises, and save.loads discards the half-built game)
            self._do(e)
            journal.append(e if type(e) is tuple else tuple(e))

    def _do(self, e):
        tr = None
        if e[0] in _TREATY and self.board.family == FAM_LHTR and self.options.get("national_advantages"):
            from engine_core.ledger import treaty as tr   # LHTR-O-11: only in a game with advantages
            done = tr.before(self, e)
            if done is not None:
                return done
        events = self._act(e)
        if tr is not None:
            tr.after(self, e)
        return events

    def _act(self, e):
        b = self.board
        s = self.state
        code = e[0]
        a = J.decode(e)
        if s.victory >= 0:
            raise RuleError("LEDGER-OVER", "the game is over")
        if s.pending is not None and code != J.ANSWER:
            raise RuleError("LEDGER-PROMPT", "answer the pending question first")
        ph = self.phase_constant()
        p = self.power
        if code == J.PURCHASE or code == J.REPAIR or code == J.UPGRADE:
            me = self._actor(a["power"])
            self._need_phase(ph, PH.PURCHASE, "purchase")
            if code == J.PURCHASE:
                return E.purchase(b, s, me, a["units"], self.options)
            if code == J.REPAIR:
                return E.repair(b, s, me, a["territory"], a["count"], a["facility"])
            return E.upgrade(b, s, me, a["territory"])
        if code == J.PLACE:
            me = self._actor(a["power"])
            self._need_phase(ph, PH.MOBILIZE, "place")
            earlier = ()
            if b.rules.get("aa_per_territory"):
                earlier = [J.decode(x)["units"] for x in J.this_phase(s, J.PLACE)
                           if x[2] == a["territory"]]
            return E.place(b, s, me, a["territory"], a["units"], a["sea_zone"], a["hostile"],
                           self.options, earlier)
        if code == J.CAPTURE or code == J.BATTLE:
            if ph not in (PH.COMBAT_MOVE, PH.COMBAT, PH.NONCOMBAT):
                raise RuleError(E.rid(b, "CL-C-80", "LHTR-C-70", "P40-C-100"),
                                "territories change hands in the movement and combat phases")
            if ph == PH.NONCOMBAT and (code == J.BATTLE or s.owner[a["territory"]] != NO_OWNER):
                # only unheld spaces change hands now (Dutch guardianship, friendly neutrals)
                raise RuleError(_NO_ATTACK_RULE[b.family], "no battle and no enemy territory"
                                " taken in Noncombat Move: land units enter friendly spaces only")
            captor = a["by"]
            if captor == p and b.turn_partner(p) >= 0:
                captor = self._economy_for(p, a["territory"])
            if captor != p and captor != b.turn_partner(p):
                raise RuleError(E.rid(b, "CL-P-15", "LHTR-P-12", "P40-C-120"),
                                "only the power whose turn it is captures")
            events = []
            if code == J.BATTLE:
                k = a["kamikaze"]
                if k:
                    if not b.rules.get("kamikaze") or k > s.kamikaze:
                        raise RuleError("P40-C-30", "Japan has %d kamikaze tokens left" % s.kamikaze)
                    if ph != PH.COMBAT or b.side(captor) == 0:
                        raise RuleError("P40-C-33", "kamikaze strikes come in an Allied power's Conduct Combat")
                    if not _kamikaze_near(b, a["territory"]):
                        raise RuleError("P40-C-31", "kamikaze strikes only in a sea zone with the kamikaze symbol")
                    if not s.is_at_war(b.power_id("Japan"), captor):
                        raise RuleError("P40-C-32", "Japan strikes only a power it is at war with")
                    s.kamikaze -= k
                o = s.owner[a["territory"]]   # sea zones and neutrals: no owner to check
                if o != NO_OWNER and not s.is_at_war(captor, o):
                    # never the own side's nor a power's not at war (a refusal restores tokens)
                    raise RuleError(E.rid(b, "CL-P-15", "LHTR-P-12", "P40-P-06", "G40-P-02"),
                                    "a battle is fought only against a power at war with you")
                events.append((EV_BATTLE, a["territory"], captor, a["attacker_ipc"], a["defender_ipc"]))
                if not a["captured"]:
                    pol = _politics()
                    if pol is not None and not b.is_sea(a["territory"]):
                        # an attack that failed is an attack (P40-C-133 "whether successful or
                        # not", P40-P-22, LHTR-O-11): its political checks and facts, as `enter`'s
                        events += self._apply_politics(pol.enter(b, s, captor, a["territory"], True,
                                                                 self.options))
                    return events
            events += self._capture(captor, a["territory"], a.get("aa", 0))
            return events
        if code == J.ENTER:
            if ph not in (PH.COMBAT_MOVE, PH.COMBAT, PH.NONCOMBAT):
                raise RuleError(E.rid(b, "CL-S-04", "LHTR-S-03", "P40-T-21"), "units move in the movement phases")
            if ph == PH.NONCOMBAT and a["attack"]:
                raise RuleError(_NO_ATTACK_RULE[b.family], "no attack in Noncombat Move")
            pol = _politics()
            if pol is None:
                return []
            t = a["territory"]
            neutral = s.owner[t] == NO_OWNER and pol.neutral_status(b, s, t) != pol.NOT_NEUTRAL
            events = self._apply_politics(pol.enter(b, s, a["by"], t, bool(a["attack"]), self.options))
            if a["attack"] and neutral:
                for u, n in b.garrison(t):
                    events.append((EV_NEUTRAL_ARMY, t, 1 - b.side(a["by"]), u, n))
            return events
        if code == J.NEUTRAL:
            self._need_phase(ph, PH.COMBAT_MOVE, "violate_neutral")
            return E.violate_neutral(b, s, p, a["territory"])
        if code == J.BOMBING:
            self._need_phase(ph, PH.COMBAT, "bombing")
            t = a["territory"]
            if s.owner[t] == NO_OWNER or not s.is_at_war(p, s.owner[t]):
                raise RuleError(E.rid(b, "CL-C-50", "LHTR-C-50", "P40-C-40"),
                                "raids strike facilities of a power you are at war with")
            earlier = ()
            if b.rules.get("bombing_turn_cap"):
                earlier = (J.damage_this_turn(s, t),)   # raids and rockets (LHTR-C-52)
            return E.bombing(b, s, t, a["damage"], a["facility"], earlier)
        if code == J.ROCKET:
            self._need_phase(ph, PH.COMBAT, "rocket")
            from engine_core.ledger import rockets   # loaded only for a rocket (heap)
            return rockets.fire(self.board, self.state, p, a)
        if code == J.DECLARE_WAR:
            return self._declare_war(p, a["target"])
        if code == J.RESEARCH:
            self._need_phase(ph, PH.RESEARCH, "research")
            return self._research(p, a)
        if code == J.END_PHASE:
            if ph == PH.INCOME:
                return self._income(p, [], [], [], 0)
            return self._next_phase()
        if code == J.INCOME:
            self._need_phase(ph, PH.INCOME, "collect_income")
            return self._income(p, a["answers"], a["convoy"], a["dice"], a["german_subs"])
        if code == J.ADVANTAGE:
            from engine_core.ledger import advantages as advantages
            return advantages.use(b, s, p, ph, a["name"], a["territory"], self.options,
                                  J.in_this_phase(s, e))
        if code == J.ANSWER:
            if s.pending is None:
                raise RuleError("LEDGER-PROMPT", "no question is pending")
            pend = s.pending
            s.pending = None
            answers = list(pend[3]) + [a["value"]]
            return self._income(pend[1], answers, list(pend[4]), list(pend[5]), pend[6])
        raise InputError("unknown action")

    def _actor(self, who):
        p = self.power
        if who != p and who != self.board.turn_partner(p):
            raise RuleError(E.rid(self.board, "CL-E-09", "LHTR-E-10", "P40-E-02", "G40-E-04"),
                            "only the power whose turn it is spends its IPCs")
        return who

    def _economy_for(self, p, t):
        """Global 1940: a UK capture goes to the economy of the map it is on (G40-E-02),
        so a captured capital's IPCs go to UK Europe from Berlin or Rome and to UK Pacific
        from Tokyo (G40-C-05)."""
        b = self.board
        pac = b.is_pacific_map(t)
        for x in (p, b.turn_partner(p)):
            c = b.capital(x)
            if c >= 0 and b.is_pacific_map(c) == pac:
                return x
        return p

    def _need_phase(self, ph, want, what):
        if ph != want:
            b = self.board
            raise RuleError(E.rid(b, "CL-S-01", "LHTR-S-01", "P40-T-01", "G40-T-01"),
                            "%s belongs to the %s phase, not %s" % (what, PH.name(want), PH.name(ph)))

    # ------------------------------------------------------------------ pieces
    def _capture(self, captor, t, aa):
        b = self.board
        s = self.state
        pol = _politics()
        events = []
        attack = self.phase_constant() != PH.NONCOMBAT
        if b.rules.get("neutral_fee") and s.owner[t] == NO_OWNER and b.original_owner(t) < 0:
            return E.violate_neutral(b, s, captor, t)   # CL-C-91/92: entering a neutral takes it
        if pol is not None:
            events += self._apply_politics(pol.enter(b, s, captor, t, attack, self.options))
            if s.owner[t] == NO_OWNER and b.neutral_kind(t) == _board.NK_DUTCH:
                fn = getattr(pol, "can_take_dutch", None)
                if fn is not None:
                    fn(b, s, captor, t)
            elif not attack and s.owner[t] == NO_OWNER and pol.neutral_status(b, s, t) != pol.NOT_NEUTRAL:
                pol.convert_neutral(b, s, captor, t)          # P40-E-76: checks, sets the owner
                s.owner[t] = NO_OWNER                        # the ledger records the change below
                return events + E.capture(b, s, t, captor, aa, True)
        events += E.capture(b, s, t, captor, aa)
        if pol is not None:
            fn = getattr(pol, "capture_facts", None)
            if fn is not None:
                events += self._apply_politics(fn(b, s, captor, t))
        return events

    def _declare_war(self, p, target):
        b = self.board
        s = self.state
        pol = _politics()
        if pol is None:
            raise RuleError("P40-P-02", "declarations of war are not available in this build")
        if self.phase_constant() == PH.COMBAT_MOVE:
            pol.can_declare_war(b, s, p, target, self.options)
            for e in J.this_phase(s):
                if e[0] in _MOVES:
                    # P40-P-02 / G40-P-02: "before any combat movements are made"
                    raise RuleError(E.rid(b, "CL-P-01", "LHTR-P-12", "P40-P-02", "G40-P-02"),
                                    "war is declared at the beginning of the Combat Move phase,"
                                    " before any combat movement")
        return self._apply_politics(pol.declare_war(b, s, p, target, self.options))

    def _apply_politics(self, events):
        """Apply the consequences politics.py leaves to the ledger: complexes upgraded
        (G40-U-02/03); neutrals converted by the Soviet-Mongolian pact (G40-P-38: politics set
        the owner; the ledger records the change of side and the standing army joining)."""
        out = []
        pol = _politics()
        s = self.state
        for ev in events or ():
            out.append(ev)
            if pol is None:
                continue
            if ev[0] == pol.EV_IC_UPGRADE:
                t = ev[1]
                f = s.facilities[t]
                s.facilities[t] = (f & ~E.FAC_MINOR) | E.FAC_MAJOR
            elif ev[0] == pol.EV_CONVERTED:
                p, t = ev[1], ev[2]
                s.captured[t] = 1
                set_since(s, t, s.game_turn)
                out.append((E.EV_CONTROL, t, -1, p))
                for u, n in self.board.garrison(t):
                    out.append((E.EV_GARRISON, t, p, u, n))
        return out

    def _research(self, p, a):
        m = _module("research")
        if m is None:
            raise RuleError(E.rid(self.board, "CL-T-01", "LHTR-T-01", "P40-R-01"), "research is not available in this build")
        dice = _Dice(self.state, a["rolls"])
        cost, rolls, gained = m.research(self.board, self.state, p, a["dice"], dice,
                                         tech=a["tech"] or None, chart=a["chart"] or None,
                                         enabled=bool(self.options.get("rd", True)))
        return [(E.EV_PAY, p, cost), (EV_RESEARCH, p, tuple(rolls), tuple(gained))]

    def roll(self, count):
        """Dice from the state's generator (replays roll the same dice)."""
        out = []
        st = self.state.dice
        for _ in range(count):
            st, v = roll_one(st)
            out.append(v)
        self.state.dice = st
        return out

    # ------------------------------------------------------------------ income
    def _economies(self, p):
        partner = self.board.turn_partner(p)
        return (p,) if partner < 0 else (p, partner)

    def _income(self, p, answers, convoy, typed, german_subs):
        """Collect income for the power (and its turn partner), then end the turn (P40-T-60,
        CL-E-07/08, LHTR-E-10). Questions the device cannot answer come as prompts."""
        b = self.board
        s = self.state
        events = []
        amounts = []
        used = 0
        for me in self._economies(p):
            if E.capital_lost(b, s, me):
                amounts.append((me, 0))
                continue
            prod = E.production(b, s, me)
            bonus = 0
            if b.rules.get("objectives"):
                r = self._objectives(me, answers[used:])
                if r[2] >= 0:
                    s.pending = (P_INCOME, p, r[2], tuple(answers), tuple(convoy), tuple(typed), german_subs)
                    return []  # a question is pending
                bonus, n_used = r[0], r[1]
                used += n_used
                s.history |= r[3]
            loss = 0
            dice = _Dice(s, typed)
            if b.rules.get("convoy") and convoy:
                mine = [c for c in convoy if _convoy_victim(b, s, me, c)]
                if mine:
                    m = _module("convoy")
                    loss, per_zone = m.disruption(b, s, me, mine, dice)
                    events.append((EV_CONVOY, me, loss, per_zone))
            if s.techs[me] and E.is_1940(b):
                bonus += _module("research").war_bonds(b, s, me, dice)   # P40-R-15
            typed = dice.typed
            if german_subs and self.options.get("national_advantages"):
                loss += _module("convoy").uboat_interdiction(b, s, me, german_subs, prod + bonus - loss, self.options)
            amount = prod + bonus - loss
            if amount < 0:
                amount = 0
            amounts.append((me, amount))
        for me, amount in amounts:
            s.treasury[me] += amount
            s.income_log[me] = amount
            events.append((E.EV_INCOME, me, amount))
        return events + self._end_turn()

    def _objectives(self, me, answers):
        """(bonus, answers used, pending question index or -1, history bits to set)."""
        m = _module("objectives")
        if m is None:
            return (0, 0, -1, 0)
        return m.collect(self.board, self.state, me, answers, self.options)


    # ------------------------------------------------------------------ turn flow
    def _playable(self, ph, p):
        lost = True
        for me in self._economies(p):
            if not E.capital_lost(self.board, self.state, me):
                lost = False
        if lost:
            return ph in PH.CAPITAL_LOST_PLAYS
        if self.state.history & _STRIKE_ROUND and self.board.family == FAM_LHTR:
            from engine_core.ledger import advantages as advantages  # LHTR-O-31: a Joint Strike round
            return not advantages.uk_skips(self.board, self.state, p, ph)
        return True

    def _next_phase(self):
        b = self.board
        s = self.state
        p = self.power
        ph = self.phase_constant()
        events = []
        if ph == PH.MOBILIZE:
            for me in self._economies(p):
                events += E.end_mobilize(b, s, me)
        elif ph == PH.COMBAT:
            pol = _politics()
            fn = getattr(pol, "end_of_combat", None) if pol is not None else None
            if fn is not None:
                events += self._apply_politics(fn(b, s))
        i = s.phase + 1
        while i < len(self.phase_table) and not self._playable(self.phase_table[i], p):
            i += 1
        if i >= len(self.phase_table):
            return events + self._end_turn()
        s.phase = i
        s.phase_start = len(s.journal) + 1   # after the entry being applied (appended next)
        if self.phase_table[i] == PH.MOBILIZE and s.research[p] and b.family == FAM_LHTR:
            _module("research").start_mobilize(b, s, p)   # LHTR-T-05: new tech works from here
        events.append((EV_PHASE, p, self.phase_table[i]))
        return events

    def _end_turn(self):
        b = self.board
        s = self.state
        events = []
        if s.pool:
            for me in self._economies(self.power):
                events += E.end_mobilize(b, s, me)
        V.turn_end(b, s, self.options)
        last = s.turn == len(b.turn_order) - 1
        if last and s.victory < 0:
            V.round_end(b, s, self.options)
        if s.victory >= 0:
            events.append((EV_VICTORY, s.victory))
            return events
        s.turn += 1
        if s.turn >= len(b.turn_order):
            s.turn = 0
            s.round += 1
        s.game_turn += 1
        self._begin_turn(s, events, len(s.journal) + 1)   # after the entry ending the turn
        return events

    def _begin_turn(self, s, events, start):
        b = self.board
        s.turn_start = s.phase_start = start
        p = b.turn_order[s.turn]
        s.turns_taken[p] += 1
        partner = b.turn_partner(p)
        if partner >= 0:
            s.turns_taken[partner] += 1
        cap = s.captured
        placed = s.placed
        for t in range(b.territory_count):
            cap[t] = 0
            placed[t] = 0
        s.pool = []
        s.phase = 0
        if self.options.get("national_advantages") and b.family == FAM_LHTR:
            from engine_core.ledger import advantages as advantages
            advantages.turn_begins(b, s, p)
        while s.phase < len(self.phase_table) - 1 and not self._playable_in(s, self.phase_table[s.phase], p):
            s.phase += 1
        events.append((EV_TURN, s.round, p))
        V.turn_start(b, s, self.options)
        if s.victory >= 0:
            events.append((EV_VICTORY, s.victory))

    def _playable_in(self, s, ph, p):
        old = getattr(self, "state", None)
        self.state = s
        try:
            return self._playable(ph, p)
        finally:
            if old is not None:
                self.state = old


def _kamikaze_near(b, t):
    """P40-C-31: a kamikaze zone, or a territory assaulted from one ("declares an amphibious
    assault from one of these sea zones": the strikes are recorded with its battle)."""
    if b.is_sea(t):
        return b.is_kamikaze_zone(t)
    for z in b.adjacent(t):
        if b.is_sea(z) and b.is_kamikaze_zone(z):
            return True
    return False


def _convoy_victim(board, state, me, rec):
    """A convoy record (zone, owner, unit, count) concerns `me` if its owner is at war with it."""
    return bool(state.at_war[me] & (1 << rec[1]))

"""Tournament mode: a `Game` (and its battles) whose every roll, decision and bank entry
goes into the chained audit log of engine_core/trust/audit.py (issue 9).

    t = Tournament("pacific_1940", seed=secret, options={"rd": False})
    t.commitment                      # shown before the game: hash of the secret seed
    t.apply({"type": "purchase", "units": {"infantry": 2}})
    b = t.start_battle("land", {"infantry": 3}, {"infantry": 2}, attacker_power="Japan",
                       defender_power="China", territory="Yunnan")
    while b.prompt: t.answer(None)    # decisions are logged, then the battle rolls on
    t.apply({"type": "battle", "territory": "Yunnan", "captured": 1, ...})
    lines = t.finish()                # the log with the revealed seed as its footer

It is a wrapper: it never edits the Game. It logs what the Game does by diffing around each
applied action (treasuries -> `bank` entries; the state's dice generator -> `game_dice`).

Two dice streams come from the one committed seed: battles roll `audit.dice_for(seed)` (the
`roll` entries audit.verify_log checks die by die); the Game's own generator (research,
convoy, war bonds) is seeded with `game_seed(seed)`, a hash of it, so the two streams never
repeat each other. Both are fixed by the seed, so a replay rolls the same dice. Tournaments
use a hex seed from `audit.new_seed(os.urandom(16))`: an int seed below 2**30 could be found
from its commitment by trying them all.

Entries (kind: body):
  game:      {"options": {...}}                    the game's options (entry 1)
  action:    <type>:<journal entry ints>          an applied action (journal.py encoding)
  action:    undo                                  the last action taken back
  game_dice: <dice>                                dice the Game's generator gave the action
  bank:      <power id> <delta> <treasury> <reasons>   a treasury change and why
  battle:    start {...} / end {...}               a battle's sides and options / its result
  roll:      <dice>                                battle dice (audit.dice_for(seed))
  decision:  <prompt name> <choice>                an answer to a battle prompt

  mix:       <number>                              the players' number (entry 2, optional)
  raid:      start {...} / answer <prompt> <choice> / end {...}
                                                   a bombing raid's set-up, decisions, result

Bombing raids (engine_core/battle/raids.py) roll from the battles' stream (`roll` entries,
checked die by die like a battle's). `start_raid` logs the set-up; the device steps the raid
(`raid_step`, one rolling step a press: the tower shows it), a replay runs it to its next
question after each input -- the same dice in the same order. Its result is owed to the game:
the `bombing` actions it gives (one per damaged facility, 1940; the IPC damage, Classic /
Revised) must be recorded next, exactly, before any other action (TOURNAMENT-BATTLE), and a
`bombing` action without a logged raid is refused. One raid per territory per turn (a raid
that did nothing is not rolled again). Undo as for battles (TOURNAMENT-UNDO).
Logs without raid entries read as before (the entry kind is new, the format the same).

Rockets (the `rocket` action) roll the battles' stream too: `apply` fills in the stream's next
die (a die typed into the action is refused, TOURNAMENT-DICE); once the game has taken the
rocket its die is drawn and logged as the `roll` entry after the `action` entry (a refused
rocket draws nothing). A replay applies the logged action, whose die must be the stream's
next (TOURNAMENT-DICE names the entry that says otherwise). Undo stops there (its die was shown).

`replay(lines)` re-runs the whole game from the log's inputs (game, mix, action, battle start,
decision entries) with the revealed seed and compares every entry it produces with the
log, naming the first that differs (verify_cli prints it).

Dice that cannot be chosen (issue 15). The commitment binds the edition and the game entry
(format 2, engine_core/trust/audit.py). `mix(number)`, before the first action: the players'
number (typed after they saw the commitment) is mixed into the seed, so neither the device
alone nor the players alone fix the dice. Typed dice are refused (research, income). Undo
never takes back an action once a die was shown after it or by it (`shown`: the journal
length at the last die shown -- a battle's, or the game's own research/convoy/bond dice). A
battle of a territory must end in the game: until its result is recorded by the `battle`
action (territory, captured, IPCs lost exactly as the logged result) no other action and no
other battle is taken; one battle per territory per turn; a capture without a battle is
refused where a battle was fought this turn; a `battle` action without a logged battle is
refused. A replay applies the same rules, so `verify` names the entry that breaks one.
Parsing is bounded: a log line over audit.MAX_LINE characters, JSON nested deeper than
_MAX_DEPTH, options that are not an object, or a side of more than MAX_SIDE units is refused.

The log is the game's record: after a power cut `resume(edition, seed, lines, sink=...)`
rebuilds the tournament from the lines on flash (a line cut short is dropped; entries the
log lacks at its end are produced again into `sink`) and `inputs_in(lines)` says how many
inputs it already holds. The seed itself is kept by the device (never in the log).

Memory: the map, the ledger and the battle engine together need more than a 192 KB heap
when loaded from .mpy files; on a device they are frozen into flash. `luck=False` leaves
the odds engine unloaded (the ledger can be rebuilt later by `replay(lines, luck=True)`).
`luck` may also be a ledger object to use (the device passes one that already knows the
expectations of the battles it rated before a power cut, so a resume does not recompute them).
"""

import json

from engine_core.trust import audit as audit
from engine_core.dice import roll_one
from engine_core.errors import RuleError, InputError

# reasons for a treasury change, from the events of the action (economy.EV_*, game.EV_*)
_EV_PAY = 1
_EV_INCOME = 2
_EV_PLUNDER = 3
_EV_REFUND = 6
_EV_POLITICS_IPC = "ipc"

_PAY_REASON = ("", "purchase", "place", "repair", "upgrade", "capture", "battle", "neutral_fee",
               "declare_war", "research", "end_phase", "income", "answer", "bombing", "enter")

_MAX_GAME_DICE = 2000   # dice one action may draw from the Game's generator
MAX_SIDE = 255          # units on one side of a tournament battle (no box holds more)
_MAX_DEPTH = 6          # nesting of a logged JSON body (a battle start uses 3)

# journal codes the tournament's rules look at (engine_core/ledger/journal.py)
_J_CAPTURE = 5
_J_BATTLE = 6
_J_RESEARCH = 9
_J_INCOME = 11
_J_BOMBING = 13
_J_ROCKET = 16


def game_seed(seed):
    """The Game's generator seed, derived from the committed seed: 60 bits, which
    dice.seed_state spreads over both halves of the generator's state, so the game dice seen
    during play cannot be searched back to their seed (a 30-bit seed could be, in minutes)."""
    h = audit.commitment_of("adjutant-game/1:" + audit.seed_text(seed))
    return int(h[:15], 16)


# ------------------------------------------------------------------ canonical encoding

def enc(value):
    """Canonical JSON text of plain values: dict keys sorted, no spaces; the same text on
    CPython and MicroPython (json.dumps key order and spacing differ between them)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        for ch in value:
            if ch in '"\\|\n\r':
                raise InputError("a logged name may not contain quotes, '|' or newlines")
        return '"' + value + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ",".join([enc(v) for v in value]) + "]"
    if isinstance(value, dict):
        keys = sorted([k for k in value])
        parts = []
        for k in keys:
            if not isinstance(k, str):
                raise InputError("logged dict keys are strings")
            parts.append(enc(k) + ":" + enc(value[k]))
        return "{" + ",".join(parts) + "}"
    raise InputError("cannot log a value of type " + type(value).__name__)


def loads(body):
    """json.loads of a logged body, bounded: its length and its nesting depth (a hostile log
    cannot exhaust the device's stack or heap)."""
    if len(body) > audit.MAX_LINE:
        raise InputError("a log entry is longer than a log line may be")
    depth = 0
    for ch in body:
        if ch == "[" or ch == "{":
            depth += 1
            if depth > _MAX_DEPTH:
                raise InputError("a log entry is nested too deeply")
        elif ch == "]" or ch == "}":
            depth -= 1
    return json.loads(body)


def _options_of(body):
    """The options of a game entry's body; InputError when they are not an object."""
    setup = loads(body)
    options = setup.get("options") if isinstance(setup, dict) else None
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InputError("the game entry's options are not an object")
    return options


def commitment_for(seed, edition, options, version=audit.LOG_VERSION):
    """The commitment a tournament of this seed, edition (the board's name) and options shows."""
    if version == "1":
        return audit.commitment(seed)
    return audit.commitment(seed, edition, enc({"options": dict(options or {})}))


def _ints(values):
    return ",".join([str(v) for v in values])


def dice_between(before, after, limit=_MAX_GAME_DICE):
    """The dice the generator gave going from state `before` to state `after`, or None
    when `after` is not reachable within `limit` dice."""
    out = []
    st = tuple(before)
    after = tuple(after)
    while st != after:
        if len(out) >= limit:
            return None
        st, v = roll_one(st)
        out.append(v)
    return out


class Mismatch(Exception):
    """Replay: entry `n` of the log is not what the game produces."""

    def __init__(self, n, message):
        super().__init__("entry %d: %s" % (n, message))
        self.n = n
        self.message = message


class _CheckLog:
    """An AuditLog stand-in for replays: each record is compared with the next log entry."""

    def __init__(self, entries, then=None):
        self.entries = entries   # [(n, kind, body)]
        self.count = 0
        self.then = then         # resume: the live log that takes over where the entries end

    def peek(self):
        """The next log entry an input must come from (outputs are consumed by record)."""
        if self.count < len(self.entries):
            return self.entries[self.count]
        return None

    def record(self, kind, body):
        self.count += 1
        if self.count > len(self.entries) and self.then is not None:
            return self.then.record(kind, body)
        if self.count > len(self.entries):
            raise Mismatch(self.count, "the log ends here but the game goes on with %s %s" % (kind, body))
        n, k, b = self.entries[self.count - 1]
        if k != kind or b != body:
            raise Mismatch(n, "the log says '%s %s' where the replayed game gives '%s %s'" % (
                k, b, kind, body))
        return None

    def reveal(self, seed):
        pass


class Tournament:
    """A game in tournament mode; see the module docstring."""

    def __init__(self, edition, seed, options=None, sink=None, luck=True, number=float, _log=None,
                 version=audit.LOG_VERSION):
        from engine_core.ledger.game import Game
        if options is not None and not isinstance(options, dict):
            raise InputError("the game's options are an object")
        self.seed = seed if isinstance(seed, str) else int(seed)
        self.options = dict(options or {})
        self.version = version
        self.game = Game.new(edition, seed=game_seed(self.seed), options=self.options)
        self.board = self.game.board
        self.edition = self.board.edition
        self.commitment = commitment_for(self.seed, self.edition, self.options, version)
        if _log is None:
            self.log = audit.AuditLog(self.edition, self.commitment, sink, version=version)
        else:
            self.log = _log
        self.dice = audit.AuditedDice(audit.dice_for(self.seed), self.log)
        self.mixed = None           # the players' number, once mixed in
        self.moved = False          # an action or a battle was taken (no number after that)
        self.turn_end = None        # checkpoint() after the last action that ended a turn
        self.shown = 0              # journal length when the last die was shown (undo stops there)
        self.unrecorded = None      # (territory, captured, attacker IPCs, defender IPCs) to record
        self.fought = []            # territories battled this turn
        self.fought_turn = None     # (round, turn) of `fought`
        self.battle = None
        self.battle_info = None
        self.raid = None            # the running (or last) bombing raid
        self.raid_t = -1            # its territory
        self.raid_owed = []         # journal entries (bombing) its result still owes the game
        self.raided = []            # territories raided this turn (one raid each: its dice stand)
        self.luck = None
        if luck is True:
            from engine_core.trust.luck import LuckLedger
            self.luck = LuckLedger(self.board, number)
        elif luck:
            self.luck = luck
        self.log.record("game", enc({"options": self.options}))

    # -------------------------------------------------------------- the players' number
    def mix(self, number):
        """Mix the players' number into the seed (before the first action, once): the dice
        (battle and game) come from audit.mixed_seed(seed, number) from here on."""
        from engine_core.ledger.game import Game
        if isinstance(number, str):
            number = audit.parse_mix(number)
        if not isinstance(number, int) or number < 0 or number >= 10 ** audit.MAX_MIX_DIGITS:
            raise InputError("the players' number is 0 to %d digits" % audit.MAX_MIX_DIGITS)
        if self.version == "1":
            raise InputError("a format 1 log has no players' number")
        if self.mixed is not None or self.moved:
            raise RuleError("TOURNAMENT-MIX", "the players' number comes before the first action, once")
        m = audit.mixed_seed(self.seed, number)
        self.game = Game.new(self.edition, seed=game_seed(m), options=self.options)
        self.dice = audit.AuditedDice(audit.dice_for(m), self.log)
        self.mixed = number
        self.log.record("mix", "%d" % number)

    def checkpoint(self):
        """(entry number, code) of the log as it stands: shown at the end of a player's turn."""
        n, head = _position(self.log)
        return n, audit.checkpoint_code(head) if head else ""

    # -------------------------------------------------------------- the ledger
    def apply(self, action):
        """Apply one action to the Game; refused actions raise and log nothing."""
        from engine_core.ledger import journal as J
        entry = J.encode(self.board, self.game.state, action)
        if entry[0] == _J_ROCKET and self.version != "1":
            if entry[3]:
                raise RuleError("TOURNAMENT-DICE", "typed dice are refused in a tournament: the device "
                                "rolls the rocket's die")
            entry = entry[:3] + (self._next_die(),) + entry[4:]
        return self.apply_entry(entry)

    def _next_die(self):
        """The battle stream's next die, not yet drawn: a rocket's, drawn (and logged as its
        `roll` entry) only once the game has taken the rocket, so a refusal uses no die."""
        return roll_one(self.dice.dice.state)[1]

    def apply_entry(self, entry):
        from engine_core.ledger import journal as J
        entry = tuple(entry)
        self._check_entry(entry)
        s = self.game.state
        turn = (s.round, s.turn)
        before_t = list(s.treasury)
        before_d = tuple(s.dice)
        events = self.game.apply_entry(entry)
        self.moved = True
        s = self.game.state
        if entry[0] == _J_BATTLE:
            self.unrecorded = None
            self.shown = len(s.journal)        # recorded: its dice were shown before it
        if self.raid_owed and entry[0] == _J_BOMBING:
            self.raid_owed.pop(0)
            self.shown = len(s.journal)        # a raid's result: its dice were shown before it
        e = s.journal[-1]
        code = e[0]
        name = J.TYPES[code] if 0 < code < len(J.TYPES) else "?"
        self.log.record("action", name + ":" + _ints(e))
        if code == _J_ROCKET and self.version != "1":
            self.dice.roll(1)                  # the rocket's die (_check_entry: the stream's next)
            self.shown = len(s.journal)        # on the screen: no undo past it
        rolled = dice_between(before_d, s.dice)
        if rolled is None:
            raise InputError("the game's dice moved in a way the log cannot follow")
        if rolled:
            self.shown = len(s.journal)        # its dice are on the screen: no undo past it
            self.log.record("game_dice", _ints(rolled))
        self._bank(before_t, events, code)
        if (s.round, s.turn) != turn:
            self.turn_end = self.checkpoint()   # the code the device shows for the turn just over
        return events

    def _turn(self):
        s = self.game.state
        key = (s.round, s.turn)
        if key != self.fought_turn:
            self.fought_turn = key
            self.fought = []
            self.raided = []
        return key

    def _check_entry(self, entry):
        """The tournament's own rules for an action (see the module docstring); RuleError
        names the rule, nothing changes."""
        if self.version == "1":
            return                  # a format 1 log (before issue 15) was played without these rules
        code = entry[0] if entry else 0
        b = self.battle
        if b is not None and b.result is None and self.battle_info["territory"] >= 0:
            raise RuleError("TOURNAMENT-BATTLE", "finish the running battle first")
        if self._check_raid_entry(entry):
            return
        if code == _J_RESEARCH and len(entry) > 4 and entry[4]:
            raise RuleError("TOURNAMENT-DICE", "typed dice are refused in a tournament: the device rolls")
        if code == _J_INCOME and _income_typed(entry):
            raise RuleError("TOURNAMENT-DICE", "typed dice are refused in a tournament: the device rolls")
        if code == _J_ROCKET and len(entry) > 3 and entry[3] != self._next_die():
            # its die is the battle stream's next (apply fills it in; a replay finds it there)
            raise RuleError("TOURNAMENT-DICE", "the tournament's dice give this rocket a %d, not %d" % (
                self._next_die(), entry[3]))
        u = self.unrecorded
        if u is not None:
            name = self.board.territory_name(u[0])
            if code != _J_BATTLE or entry[1] != u[0]:
                raise RuleError("TOURNAMENT-BATTLE", "record the battle in %s first" % name)
            if (entry[3], entry[4], entry[5]) != (u[1], u[2], u[3]):
                raise RuleError("TOURNAMENT-BATTLE", (
                    "the battle in %s ended captured %d, IPCs lost %d/%d: the record says captured %d, "
                    "%d/%d" % (name, u[1], u[2], u[3], entry[3], entry[4], entry[5])))
            return
        if code == _J_BOMBING:
            raise RuleError("TOURNAMENT-BATTLE", "no raid was rolled on %s: in a tournament the device "
                            "rolls every raid" % self.board.territory_name(entry[1]))
        if code == _J_BATTLE:
            raise RuleError("TOURNAMENT-BATTLE", "no battle was rolled for %s: in a tournament the device "
                            "rolls every battle" % self.board.territory_name(entry[1]))
        if code == _J_CAPTURE:
            self._turn()
            if entry[1] in self.fought:
                raise RuleError("TOURNAMENT-BATTLE", "%s had a battle this turn: its result stands, not a "
                                "capture without one" % self.board.territory_name(entry[1]))

    def undo(self):
        b = self.battle
        if self.version == "1":
            pass                    # format 1: undo as it was then
        elif self.unrecorded is not None or (b is not None and b.result is None):
            raise RuleError("TOURNAMENT-UNDO", "a battle is on: record it before any undo")
        elif self.raid_open():
            raise RuleError("TOURNAMENT-UNDO", "a raid is on: record it before any undo")
        elif len(self.game.state.journal) <= self.shown:
            raise RuleError("TOURNAMENT-UNDO", "dice were shown by or after the last action: in a "
                            "tournament undo stops there")
        before_t = list(self.game.state.treasury)
        self.game.undo()
        self.moved = True
        self.log.record("action", "undo")
        self._bank(before_t, (), 0, "undo")

    def _bank(self, before, events, code, reason=None):
        s = self.game.state
        for p in range(self.board.power_count):
            d = s.treasury[p] - before[p]
            if d:
                if reason is not None:
                    why = reason
                else:
                    why = _reasons(events, p, code)
                    rest = d - _accounted(self.board, s, events, p)
                    if rest:
                        why = why + ",unaccounted%s%d" % ("+" if rest > 0 else "", rest)
                self.log.record("bank", "%d %s%d %d %s" % (p, "+" if d > 0 else "", d, s.treasury[p], why))

    # -------------------------------------------------------------- battles
    def start_battle(self, kind, attacker, defender, attacker_power=-1, defender_power=-1,
                     territory=-1, options=None):
        """Start a battle rolled from the tournament dice; runs to the first prompt."""
        if self.battle is not None and self.battle.result is None:
            raise RuleError("LEDGER-PROMPT", "finish the running battle first")
        if self.unrecorded is not None and self.version != "1":
            raise RuleError("TOURNAMENT-BATTLE", "record the battle in %s first" % (
                self.board.territory_name(self.unrecorded[0])))
        if self.raid_open() and self.version != "1":
            raise RuleError("TOURNAMENT-BATTLE", "finish and record the raid on %s first" % (
                self.board.territory_name(self.raid_t)))
        if options is not None and not isinstance(options, dict):
            raise InputError("a battle's options are an object")
        t = territory
        if isinstance(t, str):
            t = self.board.territory_id(t)
        t = int(t)
        if t >= 0 and self.version != "1":
            self._turn()
            if t in self.fought:
                raise RuleError("TOURNAMENT-BATTLE", "%s had its battle this turn" % self.board.territory_name(t))
        import gc
        self.battle = None
        gc.collect()
        from engine_core.battle.steps import Battle
        ap = self._power(attacker_power)
        dp = self._power(defender_power)
        info = {"kind": kind, "attacker": _spec(self.board, attacker),
                "defender": _spec(self.board, defender), "attacker_power": ap,
                "defender_power": dp, "territory": int(t), "options": options or {}}
        body = "start " + enc(info)
        b = Battle(self.board, kind, info["attacker"], info["defender"], _options_in(info["options"]))
        self.battle = b
        self.battle_info = info
        if t >= 0:
            self.fought.append(t)
        self.moved = True
        self.log.record("battle", body)
        self.shown = len(self.game.state.journal)     # its dice are rolled now: no undo before it
        self._run()
        return b

    def answer(self, choice):
        """Answer the battle's prompt (illegal answers raise and log nothing)."""
        b = self.battle
        if b is None or b.prompt is None:
            raise InputError("no battle question is pending")
        body = b.prompt.name() + " " + enc(choice)     # an unloggable choice is refused first
        b.answer(_choice_in(choice))
        self.log.record("decision", body)
        self._run()
        return b

    def _run(self):
        b = self.battle
        b.run_until_prompt(self.dice)
        if b.result is not None:
            r = b.result
            out = {"outcome": r["outcome"], "captured": r["captured"], "ipc_lost": r["ipc_lost"],
                   "rounds": r["rounds"], "survivors": r["survivors"], "lost": r["lost"]}
            self.log.record("battle", "end " + enc(out))
            t = self.battle_info["territory"]
            if t >= 0:
                self.unrecorded = (t, 1 if r["captured"] else 0, r["ipc_lost"][0], r["ipc_lost"][1])
            if self.luck is not None:
                info = self.battle_info
                self.luck.record(info["kind"], info["attacker"], info["defender"], r,
                                 info["attacker_power"], info["defender_power"], info["territory"])

    # -------------------------------------------------------------- bombing raids
    def raid_open(self):
        """True while a raid runs or its result is not all recorded in the game."""
        r = self.raid
        return r is not None and (not r.done or len(self.raid_owed) > 0)

    def _check_raid_entry(self, entry):
        """An action while a raid is on: only the bombing records its result owes, in order.
        True when `entry` is the next one owed (RuleError for any other)."""
        if not self.raid_open():
            return False
        name = self.board.territory_name(self.raid_t)
        if not self.raid.done:
            raise RuleError("TOURNAMENT-BATTLE", "finish the raid on %s first" % name)
        want = self.raid_owed[0]
        if tuple(entry) == want:
            return True
        if entry and entry[0] == _J_BOMBING:
            raise RuleError("TOURNAMENT-BATTLE", "the raid on %s did %d damage there: the record says %d" % (
                name, want[2], entry[2] if len(entry) > 2 else 0))
        raise RuleError("TOURNAMENT-BATTLE", "record the raid on %s first (%d damage)" % (name, want[2]))

    def start_raid(self, territory, attacker, setup=None):
        """A bombing raid on `territory`, its dice from the tournament's stream: `attacker`
        {unit: count}, `setup` the Raid's other arguments (targets, interceptors, aa, treasury,
        territory_value, damage_this_turn, attacker_tech, defender_tech, options, plan,
        defender_teched: interceptors of several powers). Logged; no
        step is run (raid_step). A refused set-up raises and logs nothing."""
        from engine_core.battle.raids import Raid
        if self.battle is not None and self.battle.result is None:
            raise RuleError("TOURNAMENT-BATTLE", "finish the running battle first")
        if self.unrecorded is not None:
            raise RuleError("TOURNAMENT-BATTLE", "record the battle in %s first" % (
                self.board.territory_name(self.unrecorded[0])))
        if self.raid_open():
            raise RuleError("TOURNAMENT-BATTLE", "finish and record the raid on %s first" % (
                self.board.territory_name(self.raid_t)))
        if setup is not None and not isinstance(setup, dict):
            raise InputError("a raid's set-up is an object")
        t = territory
        if isinstance(t, str):
            t = self.board.territory_id(t)
        t = int(t)
        if t < 0 or t >= self.board.territory_count:
            raise InputError("a raid's territory is a territory of the board")
        self._turn()
        if t in self.raided:
            raise RuleError("TOURNAMENT-BATTLE", "%s was raided this turn: its dice stand, not a raid "
                            "again" % self.board.territory_name(t))
        kw = {}
        for k in setup or {}:
            if k not in _RAID_KEYS:
                raise InputError("a raid's set-up has no '%s'" % k)
            kw[k] = _tuples(setup[k])
        self._check_raid_setup(t, kw)
        info = {"territory": t, "attacker": _spec(self.board, attacker), "setup": setup or {}}
        body = "start " + enc(info)
        raid = Raid(self.board, info["attacker"], **kw)     # refused set-ups raise here
        self.raid = raid
        self.raid_t = t
        self.raid_owed = []
        self.raided.append(t)
        self.moved = True
        self.log.record("raid", body)
        self.shown = len(self.game.state.journal)      # its dice are rolled now: no undo before it
        return raid

    def _check_raid_setup(self, t, kw):
        """What the game knows of the target must be the raid's: the owner's treasury, the
        territory's value, the 1940 facilities and their damage, LHTR's damage this turn
        (TOURNAMENT-BATTLE: a log cannot change what the dice hit)."""
        from engine_core.ledger import economy
        from engine_core.ledger import journal as J
        from engine_core.battle.raids import targets_from_facilities
        s = self.game.state
        name = self.board.territory_name(t)
        owner = s.owner[t]
        game = {}
        if 0 <= owner < self.board.power_count:
            game["treasury"] = s.treasury[owner]
        game["territory_value"] = self.board.ipc(t)
        dmg = {}
        for fac in _FAC_1940:
            dmg[fac] = economy.get_damage(s, t, economy.facility_kind(fac))
        game["targets"] = _tuples(targets_from_facilities(s.facilities[t], dmg))
        done = 0
        if self.board.rules.get("bombing_turn_cap"):
            done = J.damage_this_turn(s, t)    # this turn's raids and rockets (LHTR-C-52)
        game["damage_this_turn"] = done
        for k in ("treasury", "territory_value", "targets", "damage_this_turn"):
            if k in kw and kw[k] != game.get(k):
                raise RuleError("TOURNAMENT-BATTLE", "the raid on %s gives %s %s: the game has %s" % (
                    name, k.replace("_", " "), enc(kw[k]), enc(game.get(k))))

    def raid_step(self):
        """One step of the running raid with the tournament's dice; at its end the result is
        logged and owed to the game."""
        r = self.raid
        if r is None or r.done:
            raise InputError("no raid is running")
        if r.prompt is not None:
            raise InputError("the raid asks a question first")
        r.step(self.dice)
        if r.done:
            self._raid_end()
        return r

    def _run_raid(self):
        r = self.raid
        while not r.done and r.prompt is None:
            self.raid_step()

    def raid_answer(self, choice):
        """Answer the raid's question (illegal answers raise and log nothing). Typed dice are
        refused: the device rolls."""
        from engine_core.battle.base import P_RAID_DICE
        r = self.raid
        if r is None or r.prompt is None:
            raise InputError("no raid question is pending")
        p = r.prompt
        if p.kind == P_RAID_DICE:
            raise RuleError("TOURNAMENT-DICE", "typed dice are refused in a tournament: the device rolls")
        body = "answer " + p.name() + " " + enc(choice)
        r.answer(_tuples(choice))
        self.log.record("raid", body)
        return r

    def _raid_end(self):
        from engine_core.ledger import journal as J
        res = self.raid.result
        out = {"damage": res["damage"], "ipcs_lost": res["ipcs_lost"], "rolled": res["rolled"],
               "facilities": res["facilities"], "attacker_lost": res["attacker_lost"],
               "defender_lost": res["defender_lost"]}
        if "defender_lost_teched" in res:
            out["defender_lost_teched"] = res["defender_lost_teched"]   # whose interceptors (P40-R-06)
        self.log.record("raid", "end " + enc(out))
        owed = []
        for act in raid_actions(self.raid, self.raid_t):
            owed.append(tuple(J.encode(self.board, self.game.state, act)))
        self.raid_owed = owed

    def _power(self, p):
        if isinstance(p, str):
            return self.board.power_id(p)
        return int(p)

    # -------------------------------------------------------------- the end
    def finish(self):
        """Reveal the seed (the log's footer); returns the log lines kept in memory."""
        self.log.reveal(self.seed)
        return self.log.lines


_RAID_KEYS = ("targets", "interceptors", "aa", "treasury", "territory_value", "damage_this_turn",
              "attacker_tech", "defender_tech", "options", "plan", "defender_teched")
_FAC_1940 = ("major_industrial_complex", "minor_industrial_complex", "air_base", "naval_base")


def raid_actions(raid, territory):
    """The `bombing` actions a finished raid's result gives the game: one per damaged facility
    (1940 games, P40-C-47), or the IPC damage (Classic / Revised / LHTR: the ledger takes it
    from the treasury). [] when nothing was damaged."""
    from engine_core.battle.raids import Y1940
    r = raid.result
    acts = []
    if raid.style == Y1940:
        for name, _before, added, _after in r["facilities"]:
            if added:
                acts.append({"type": "bombing", "territory": territory, "damage": added, "facility": name})
    elif r["damage"]:
        acts.append({"type": "bombing", "territory": territory, "damage": r["damage"]})
    return acts


def _tuples(v):
    """A logged value back as the raid takes it: lists as tuples, all the way down."""
    if isinstance(v, list):
        return tuple([_tuples(x) for x in v])
    return v


def _income_typed(entry):
    """True when a collect-income entry carries typed dice (journal.py INCOME layout)."""
    try:
        at = 2 + entry[1]
        at += 1 + 4 * entry[at]
        return entry[at] > 0
    except IndexError:
        return False


def _reasons(events, p, code):
    """Why power p's treasury changed: the events of the action that touch it."""
    out = []
    for ev in events or ():
        k = ev[0]
        if k == _EV_PAY and ev[1] == p:
            r = _PAY_REASON[code] if 0 < code < len(_PAY_REASON) else "pay"
            out.append("%s-%d" % (r, ev[2]))
        elif k == _EV_INCOME and ev[1] == p:
            out.append("income+%d" % ev[2])
        elif k == _EV_PLUNDER and (ev[1] == p or ev[2] == p):
            out.append("plunder%s%d" % ("-" if ev[1] == p else "+", ev[3]))
        elif k == _EV_REFUND and ev[1] == p:
            out.append("refund:%d*%d" % (ev[2], ev[3]))
        elif k == _EV_POLITICS_IPC and ev[1] == p:
            out.append("politics%s%d" % ("+" if ev[2] >= 0 else "", ev[2]))
    if not out:
        return "none"
    return ",".join(out)


def _accounted(board, state, events, p):
    """The change of p's treasury the events account for (refunds at the unit's cost)."""
    total = 0
    for ev in events or ():
        k = ev[0]
        if k == _EV_PAY and ev[1] == p:
            total -= ev[2]
        elif k == _EV_INCOME and ev[1] == p:
            total += ev[2]
        elif k == _EV_PLUNDER:
            if ev[1] == p:
                total -= ev[3]
            if ev[2] == p:
                total += ev[3]
        elif k == _EV_REFUND and ev[1] == p:
            from engine_core.ledger.economy import unit_price
            total += unit_price(board, state, p, ev[2]) * ev[3]
        elif k == _EV_POLITICS_IPC and ev[1] == p:
            total += ev[2]
    return total


def _spec(board, side):
    """A side as {unit name: count} in canonical names (aliases resolved)."""
    out = {}
    if isinstance(side, dict):
        items = [(k, side[k]) for k in side]
    else:
        items = list(side or ())
    total = 0
    for k, n in items:
        u = k if isinstance(k, int) else board.unit_id(k)
        name = board.unit_name(u)
        if not isinstance(n, int):
            raise InputError("a unit count is a whole number")
        if n < 0:
            raise InputError("negative unit count")
        total += n
        if total > MAX_SIDE:
            raise InputError("more than %d units on one side" % MAX_SIDE)
        if n:
            out[name] = out.get(name, 0) + n
    return out


def _options_in(opts):
    """Battle options back from their logged form (lists where the battle wants tuples)."""
    out = {}
    for k in opts:
        v = opts[k]
        if isinstance(v, list):
            v = tuple(v)
        out[k] = v
    return out


def _choice_in(choice):
    return choice


# ------------------------------------------------------------------ replay (verify)

def _entries(lines):
    """[(n, kind, body)] of a log's entries (header and footer left out)."""
    out = []
    for line in lines[1:-1]:
        parts = line.split("|")
        if len(parts) != 4:
            out.append((len(out) + 1, "?", line))
            continue
        try:
            n = int(parts[0])
        except ValueError:
            n = len(out) + 1
        out.append((n, parts[1], parts[2]))
    return out


def replay(lines, luck=True, number=float):
    """Re-run the game a log records, from its inputs and its revealed seed.

    Returns (ok, entry number or None, message, tournament). The tournament holds the
    replayed game (and its luck ledger, in the `number` type). Run audit.verify_log first: this checks what the
    game produces, verify_log checks the chain, the commitment and the battle dice."""
    lines = [l.strip() for l in lines if l.strip()]
    if len(lines) < 2:
        return False, 0, "empty log", None
    head = lines[0].split("|")
    foot = lines[-1].split("|")
    if len(head) != 5 or len(foot) != 3 or foot[0] != "SEED":
        return False, 0, "not a finished Adjutant log", None
    edition = head[2]
    version = head[1]
    if version not in audit.READ_VERSIONS:
        return False, 0, "log format version %s is not supported" % version, None
    try:
        seed = audit.parse_seed(foot[1])
    except ValueError:
        return False, -1, "the revealed seed is not a number or a hex seed", None
    entries = _entries(lines)
    if not entries or entries[0][1] != "game" or entries[0][0] != 1:
        return False, 1, "the first entry does not set up the game", None
    try:
        options = _options_of(entries[0][2])
    except (ValueError, AttributeError, TypeError):
        return False, 1, "the game entry is not readable", None
    check = _CheckLog(entries)
    t = None
    try:
        t = Tournament(edition, seed, options, luck=luck, number=number, _log=check, version=version)
        while True:
            nxt = check.peek()
            if nxt is None:
                break
            n, kind, body = nxt
            _replay_input(t, n, kind, body)
    except Mismatch as m:
        return False, m.n, m.message, t
    except (RuleError, InputError, ValueError, KeyError, IndexError, TypeError, AttributeError,
            RuntimeError) as e:
        nxt = check.peek()
        n = nxt[0] if nxt is not None else check.count
        return False, n, "entry %d cannot be replayed: %s" % (n, e), t
    return True, None, "%d entries replayed: every roll and every number matches" % len(entries), t


def resume(edition, seed, lines, options=None, sink=None, luck=True, number=float):
    """After a power cut: the tournament as its log on flash leaves it, going on with `sink`.

    `lines` are the complete lines read back (a line cut short by the power cut is left out
    by the caller, or dropped here when its hash does not match), any iterable: they are read
    one at a time, each checked in the chain and replayed as it comes, so a device can pass
    a generator over the file and never hold the whole log (empty lines are skipped). Entries
    the log lacks at the end (an action whose bank entries were not yet written) are produced
    again and go to `sink`. Returns (tournament, lines dropped). InputError when the log is not
    this seed's, is finished, or is damaged before its last line."""
    it = iter(lines)
    header = _next_line(it)
    if header is None:
        return Tournament(edition, seed, options, sink, luck, number), 0
    head = header.split("|")
    if len(head) != 5 or head[0] != "ADJUTANT-LOG" or head[1] not in audit.READ_VERSIONS \
            or head[2] != edition or head[4] != audit.chain_start(edition, head[3], head[1]):
        raise InputError("the log on flash is not this game's")
    version = head[1]
    commit = head[3]
    log = _ResumeLog(it, edition, commit, head[4], sink, header if sink is None else None, version)
    first = log.peek()
    if first is not None and first[1] == "game":
        options = _options_of(first[2])
    t = Tournament(edition, seed, options, luck=luck, number=number, _log=log, version=version)
    if t.commitment != commit:
        raise InputError("the log on flash is not this game's")
    while log.peek() is not None:
        n, kind, body = log.peek()
        _replay_input(t, n, kind, body)
    live = log.live()
    t.log = live
    t.dice.log = live
    return t, log.dropped


def _position(log):
    """(entries, chain hash) of what a log holds so far (a resume: the entries replayed)."""
    live = getattr(log, "_live", None)
    if live is not None:
        return live.count, live.head
    done = getattr(log, "done", None)
    if done is not None:
        return done
    return getattr(log, "count", 0), getattr(log, "head", None)


def _next_line(it):
    for line in it:
        line = line.strip()
        if line:
            return line
    return None


class _ResumeLog:
    """resume(): the log's entries read one at a time, each checked in the chain, then
    compared with what the replayed game records; when they run out the live log (going on
    in `sink`) takes over."""

    def __init__(self, it, edition, commit, start, sink, header, version=audit.LOG_VERSION):
        self.it = it
        self.version = version
        self.edition = edition
        self.commit = commit
        self.prev = start
        self.n = 0                  # entries read and checked
        self.sink = sink
        self.kept = [header] if header is not None else None   # no sink: the live log keeps lines
        self.dropped = 0
        self.nxt = None             # the next entry (n, kind, body), read ahead
        self._live = None
        self.done = (0, start)      # (number, hash) of the last entry replayed
        self._advance()

    def _advance(self):
        self.nxt = None
        line = _next_line(self.it)
        if line is None:
            return
        parts = line.split("|")
        ok = len(line) <= audit.MAX_LINE and len(parts) == 4 and parts[0] == str(self.n + 1)
        if ok:
            ok = audit.chain_next(self.prev, "%s|%s|%s" % (parts[0], parts[1], parts[2])) == parts[3]
        if not ok:
            if _next_line(self.it) is None:          # the last line: cut short, dropped
                if line.startswith("SEED|"):
                    raise InputError("the game in this log is finished")
                self.dropped = 1
                return
            raise InputError("the log on flash is damaged at entry %d" % (self.n + 1))
        self.prev = parts[3]
        self.n += 1
        if self.kept is not None:
            self.kept.append(line)
        self.nxt = (self.n, parts[1], parts[2])

    def peek(self):
        return self.nxt

    def live(self):
        if self._live is None:
            self._live = audit.AuditLog.resume(self.edition, self.commit, self.prev, self.n, self.sink,
                                               self.kept, self.version)
        return self._live

    def record(self, kind, body):
        if self.nxt is None:
            return self.live().record(kind, body)
        n, k, b = self.nxt
        if k != kind or b != body:
            raise Mismatch(n, "the log says '%s %s' where the replayed game gives '%s %s'" % (
                k, b, kind, body))
        self.done = (n, self.prev)
        self._advance()
        return None

    def reveal(self, seed):
        pass


def inputs_in(lines):
    """How many inputs (actions, undos, battle starts, decisions) a log holds."""
    k = 0
    for line in lines[1:]:
        parts = line.split("|")
        if len(parts) == 4 and (parts[1] in ("action", "decision") or
                                (parts[1] == "battle" and parts[2].startswith("start ")) or
                                (parts[1] == "raid" and not parts[2].startswith("end "))):
            k += 1
    return k


def _replay_input(t, n, kind, body):
    if kind == "action":
        if body == "undo":
            t.undo()
            return
        k = body.find(":")
        if k < 0:
            raise Mismatch(n, "an action entry without its journal entry")
        entry = tuple([int(x) for x in body[k + 1:].split(",")])
        t.apply_entry(entry)
        return
    if kind == "battle" and body.startswith("start "):
        info = loads(body[6:])
        if not isinstance(info, dict):
            raise Mismatch(n, "a battle start that is not an object")
        t.start_battle(info["kind"], info["attacker"], info["defender"], info["attacker_power"],
                       info["defender_power"], info["territory"], info["options"])
        return
    if kind == "mix":
        t.mix(audit.parse_mix(body))
        return
    if kind == "raid" and body.startswith("start "):
        info = loads(body[6:])
        if not isinstance(info, dict):
            raise Mismatch(n, "a raid start that is not an object")
        t.start_raid(info["territory"], info["attacker"], info["setup"])
        t._run_raid()
        return
    if kind == "raid" and body.startswith("answer "):
        rest = body[7:]
        sp = rest.find(" ")
        if sp < 0:
            raise Mismatch(n, "a raid answer without its choice")
        want = rest[:sp]
        r = t.raid
        if r is None or r.prompt is None or r.prompt.name() != want:
            raise Mismatch(n, "the log answers a raid's %s question the replayed raid does not ask" % want)
        t.raid_answer(loads(rest[sp + 1:]))
        t._run_raid()
        return
    if kind == "decision":
        sp = body.find(" ")
        if sp < 0:
            raise Mismatch(n, "a decision without its choice")
        want = body[:sp]
        if t.battle is None or t.battle.prompt is None or t.battle.prompt.name() != want:
            raise Mismatch(n, "the log answers a %s question the replayed battle does not ask" % want)
        t.answer(loads(body[sp + 1:]))
        return
    raise Mismatch(n, "the log has '%s %s' where the replayed game produces nothing more" % (kind, body))

"""Dice you can audit: a seed commitment and a hash chain over the game.

Tournament mode (STYLE habit 7, issue 9): before the game the device shows
`commitment(seed)`; every roll, decision and bank entry is appended to a log
whose lines are chained by SHA-256; at the end the seed is revealed in the
footer. `verify_log` (and `python -m engine_core verify LOG`) checks the
commitment, the chain and that every device roll is exactly what the seeded
generator gives, and names the first entry that does not match.

Log lines (text, one per entry, no dict order involved):
    ADJUTANT-LOG|2|<edition>|<commitment hex>|<chain start hex>
    <n>|<kind>|<body>|<hash hex>          kind: roll, typed, action, bank, decision, battle,
                                          game, game_dice, mix, raid (engine_core/trust/tournament.py)
    SEED|<seed>|<final hash hex>          seed: decimal int, or hex digits (new_seed)
A `roll` body is the dice values "3,1,6" drawn from the device generator; a
`typed` body is physical dice typed in by players (chained, not re-rolled); a `mix` body is
the number the players entered after seeing the commitment (entry 2 when there is one): from
there on the dice come from `mixed_seed(seed, number)`.

Format 2 (issue 15): the commitment binds the edition and the game entry (its options) as
well as the seed -- `commitment(seed, edition, game_body)` -- so neither can be changed after
the commitment is shown. Format 1 logs (the commitment binds the seed only) are still read;
`verify_log` says so in its message. `checkpoint_code(head)` is the short code the device
shows at the end of every player turn (the first characters of the chain's hash there).
"""
try:
    from hashlib import sha256 as _sha256

    def _digest(data):
        return _sha256(data).digest()
except ImportError:  # CircuitPython builds without hashlib
    from engine_core.trust.sha256 import digest as _digest

from engine_core.dice import Dice, roll_one, seed_state

LOG_VERSION = "2"              # written: the commitment binds edition and options too
READ_VERSIONS = ("1", "2")      # read: 1 is the format before issue 15 (seed only)
_HEX = "0123456789abcdef"
KINDS = ("roll", "typed", "action", "bank", "decision", "battle", "game", "game_dice", "mix", "raid")
CHECKPOINT_CHARS = 8            # hex digits of a checkpoint code (32 bits)
MAX_LINE = 4096                 # characters of one log line a reader takes (bounded parsing)
MAX_MIX_DIGITS = 9              # the players' number: up to 9 decimal digits (below 2**30)


def to_hex(data):
    out = []
    for b in data:
        out.append(_HEX[b >> 4])
        out.append(_HEX[b & 15])
    return "".join(out)


_HEXSET = "0123456789abcdef"


def new_seed(random_bytes):
    """A tournament seed from the device's random source (`os.urandom(16)`): 32 hex digits.
    A seed this long cannot be found from its commitment by trying seeds one by one, which
    a small int seed (below 2**30) can: use it for tournaments."""
    if len(random_bytes) < 16:
        raise ValueError("a tournament seed takes at least 16 random bytes")
    return to_hex(random_bytes)


def seed_text(seed):
    """The canonical text of a seed: an int in decimal, or a hex seed (new_seed) as given."""
    if isinstance(seed, str):
        if len(seed) < 16 or len(seed) > 128:
            raise ValueError("a hex seed has 16 to 128 hex digits")
        for ch in seed:
            if ch not in _HEXSET:
                raise ValueError("a hex seed is lower-case hex digits")
        return seed
    return "%d" % int(seed)


def parse_seed(text):
    """A revealed seed back from its text (ValueError if it is neither form)."""
    if text.isdigit():
        return int(text)
    return seed_text(text)


def dice_state(seed):
    """The battle dice generator's state for a seed: engine_core.dice.seed_state for an int;
    for a hex seed, two numbers below 2**28 from a hash of it (2**56 states)."""
    if not isinstance(seed, str):
        return seed_state(seed)
    h = commitment_of("adjutant-dice/1:" + seed_text(seed))
    return (1 + int(h[0:7], 16), 1 + int(h[7:14], 16))


def dice_for(seed):
    return Dice(state=dice_state(seed))


def commitment(seed, edition=None, game_body=None):
    """What the device shows before the game: the hash of the secret seed, and (format 2)
    of the edition and the game entry's body (the options) with it. Without an edition:
    format 1's commitment (the seed alone)."""
    if edition is None:
        return commitment_of("adjutant-seed/1:" + seed_text(seed))
    return commitment_of("adjutant-seed/2:%s|%s|%s" % (edition, game_body, seed_text(seed)))


def parse_mix(text):
    """The players' number from its text (decimal digits, at most MAX_MIX_DIGITS)."""
    text = text.strip()
    if not text or len(text) > MAX_MIX_DIGITS or not text.isdigit():
        raise ValueError("the players' number is 1 to %d decimal digits" % MAX_MIX_DIGITS)
    return int(text)


def mixed_seed(seed, number):
    """The seed the dice come from once the players' number is mixed in (64 hex digits):
    neither the device's seed alone nor the players' number alone fixes it."""
    return commitment_of("adjutant-mix/1:%s|%d" % (seed_text(seed), number))


def checkpoint_code(head_hex, chars=CHECKPOINT_CHARS):
    """The short code of a chain hash shown at the end of a player's turn (players note it;
    `verify --checkpoint N=CODE` checks it)."""
    return head_hex[:chars]


def commitment_of(text):
    """SHA-256 of a text, in hex."""
    return to_hex(_digest(text.encode()))


def chain_start(edition, commit_hex, version=LOG_VERSION):
    return to_hex(_digest(("adjutant-log/%s|%s|%s" % (version, edition, commit_hex)).encode()))


def chain_next(prev_hex, entry_text):
    return to_hex(_digest((prev_hex + "|" + entry_text).encode()))


class AuditLog:
    """Appends chained entries; `sink(line)` stores each line (a flash file on
    the device); without a sink the lines are kept in `lines`."""

    def __init__(self, edition, commit_hex, sink=None, _resume=None, version=LOG_VERSION):
        self.edition = edition
        self.commitment = commit_hex
        self.version = version
        self.head = chain_start(edition, commit_hex, version)
        self.count = 0
        self.sink = sink
        self.lines = []
        if _resume is not None:
            self.head, self.count, lines = _resume
            self.lines = list(lines or ())
            return
        self._emit("ADJUTANT-LOG|%s|%s|%s|%s" % (version, edition, commit_hex, self.head))

    @classmethod
    def resume(cls, edition, commit_hex, head, count, sink=None, lines=None, version=LOG_VERSION):
        """Go on with a log whose entries up to `count` (chain head `head`) are on flash."""
        return cls(edition, commit_hex, sink, _resume=(head, count, lines), version=version)

    def _emit(self, line):
        if self.sink is None:
            self.lines.append(line)
        else:
            self.sink(line)

    def record(self, kind, body):
        if kind not in KINDS:
            raise ValueError("unknown log entry kind " + kind)
        if "|" in body or "\n" in body:
            raise ValueError("a log body may not contain '|' or a newline")
        self.count += 1
        text = "%d|%s|%s" % (self.count, kind, body)
        self.head = chain_next(self.head, text)
        self._emit(text + "|" + self.head)
        return self.head

    def reveal(self, seed):
        """The footer written at the end of the game."""
        self._emit("SEED|%s|%s" % (seed_text(seed), self.head))


class AuditedDice:
    """A dice source that logs every roll it hands out."""

    def __init__(self, dice, log, kind="roll"):
        self.dice = dice
        self.log = log
        self.kind = kind

    def roll(self, count):
        values = self.dice.roll(count)
        self.log.record(self.kind, ",".join([str(v) for v in values]))
        return values


def verify_log(lines, check_entry=None):
    """Check a whole log. Returns (ok, entry_number, message): entry_number is
    the first entry that fails (0 for the header, -1 for the footer) or None.

    `check_entry(n, kind, body)` may replay non-dice entries (the game's bank
    entries) and return an error message or None.
    """
    lines = [l.strip() for l in lines if l.strip()]
    if not lines:
        return False, 0, "empty log"
    head = lines[0].split("|")
    if len(head) != 5 or head[0] != "ADJUTANT-LOG":
        return False, 0, "not an Adjutant log header"
    version = head[1]
    if version not in READ_VERSIONS:
        return False, 0, "log format version %s is not supported (this build reads %s)" % (
            version, ", ".join(READ_VERSIONS))
    edition, commit_hex, start = head[2], head[3], head[4]
    if chain_start(edition, commit_hex, version) != start:
        return False, 0, "the header's chain start does not match its edition and commitment"
    footer = lines[-1].split("|")
    if len(footer) != 3 or footer[0] != "SEED":
        return False, -1, "no revealed seed at the end of the log (game not finished?)"
    try:
        seed = parse_seed(footer[1])
    except ValueError:
        return False, -1, "the revealed seed is not a number or a hex seed"
    if version == "1":
        if commitment(seed) != commit_hex:
            return False, -1, "the revealed seed does not match the commitment shown before the game"
    else:
        first = lines[1].split("|") if len(lines) > 2 else []
        if len(first) != 4 or first[0] != "1" or first[1] != "game":
            return False, 1, "entry 1 is not the game entry (the edition's options, bound by the commitment)"
        if commitment(seed, edition, first[2]) != commit_hex:
            return False, 0, ("the commitment shown before the game does not match the revealed seed with "
                              "this edition (%s) and these options (entry 1)" % edition)
    state = dice_state(seed)
    prev = start
    expected_n = 0
    for line in lines[1:-1]:
        parts = line.split("|")
        expected_n += 1
        if len(line) > MAX_LINE:
            return False, expected_n, "entry %d is longer than a log line may be" % expected_n
        if len(parts) != 4:
            return False, expected_n, "entry %d is malformed" % expected_n
        n_text, kind, body, digest_hex = parts
        if n_text != str(expected_n):
            return False, expected_n, "entry %d is missing or out of order (found %s)" % (expected_n, n_text)
        text = "%s|%s|%s" % (n_text, kind, body)
        if chain_next(prev, text) != digest_hex:
            return False, expected_n, "entry %d does not match the hash chain (altered)" % expected_n
        prev = digest_hex
        if kind == "mix":
            if expected_n != 2 or version == "1":
                return False, expected_n, "entry %d: the players' number comes right after the game entry" % (
                    expected_n)
            try:
                state = dice_state(mixed_seed(seed, parse_mix(body)))
            except ValueError as e:
                return False, expected_n, "entry %d: %s" % (expected_n, e)
        elif kind == "roll":
            try:
                values = [int(v) for v in body.split(",")]
            except ValueError:
                return False, expected_n, "entry %d: dice are not numbers" % expected_n
            for v in values:
                state, want = roll_one(state)
                if v != want:
                    return False, expected_n, "entry %d: a die shows %d where the seeded dice give %d" % (
                        expected_n, v, want)
        elif check_entry is not None:
            err = check_entry(expected_n, kind, body)
            if err:
                return False, expected_n, "entry %d: %s" % (expected_n, err)
    if footer[2] != prev:
        return False, -1, "the footer's final hash does not match the chain"
    if version == "1":
        return True, None, ("%d entries verified (log format 1: its commitment binds the seed, not the "
                            "edition and options)" % expected_n)
    return True, None, "%d entries verified" % expected_n


def new_tournament_dice(seed, edition, sink=None):
    """Dice alone, no game (format 1 log: tests of the chain and the dice check): (audited
    dice, log). A tournament game is engine_core.trust.tournament.Tournament."""
    log = AuditLog(edition, commitment(seed), sink, version="1")
    return AuditedDice(dice_for(seed), log), log

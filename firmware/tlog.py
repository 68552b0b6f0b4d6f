"""Tournament mode on flash: the seed record, the audit log file, the random source.

Three things a tournament keeps on the device (engine_core/trust/tournament.py is the game):

* the **seed record** -- `Slots(seed_store(store), "tourney")`, two power-cut-proof slot files
  (firmware/saves.py) holding the secret seed, the edition, the players and the game's
  options. Where the board has `microcontroller.nvm` the files are masked (`MaskedStore`)
  with a random key kept in nvm and written there once, so a computer reading the CIRCUITPY
  drive finds no seed: nvm is a single erase block on these boards (SAMD51: 8 KB, RP2040:
  4 KB), and a power cut while rewriting it may wipe all of it, so it cannot hold two slots
  that survive each other's writes; the key, written once before any record, never is.
  Without nvm (the Raspberry Pi) the slot files are plain. The seed is never written into the log until `finish()` reveals it.
  `game_seq` is the game slots' sequence number when the tournament began: a normal game
  saved later has a higher one and wins at start-up (one commit point each way).
* the **log** -- one line per entry as `engine_core.trust.audit.AuditLog` makes them. The
  lines of one engine call (an action and its bank entries, a battle decision and the rolls
  it leads to) are buffered while the call runs and appended as one group before it
  returns, followed by an empty line (the group's mark). On flash the log is kept twice,
  `tlog.0/r` and `tlog.1/r` (saves.LAYOUT: each copy a directory of its own behind padding,
  its region preallocated before the first record of any kind), from byte saves.SECTOR of
  each file; the tail record (`Slots(store, "ttail")`) holds the committed length and the
  CRC-32 of those bytes. An append writes the group in place into copy 0, then copy 1, then
  the tail record: the record is the commit point, and whatever a cut wipes (a copy's 4 KB
  erase sector, its directory entry) is in one copy only, so the other still holds what the
  record names. No cluster is allocated and no entry of the save directory is rewritten
  while the log fits its region (LogFile). At power-on a copy failing the record's CRC is
  written again from the other. The bytes of a group past the committed length (a cut
  before the record) are not the log. `verify` and `tournament.resume` skip empty lines.
  At the end the footer (`SEED|<seed>|<hash>`) is appended the same way, then the export
  is written: `out/tournament.log` in the save directory (saves.PLAIN, made with the layout),
  the committed log and empty lines to the file's end. An older
  firmware's log (`tournament.log` appended in place, its tail record the last 4 KB) is
  read and copied into the two copies at power-on.
* the **luck cache** -- `Slots(store, "tluck")`: the luck ledger's expectation (win chance,
  expected IPC swing) of every battle rated so far, bound to the tournament by its commitment.
  Rating a battle takes the odds engine seconds on a microcontroller; after a power cut the
  rebuilt game takes the expectations from here instead of computing every battle again
  (a battle missing from it, cut before its write, is rated again).
* a normal game's **luck ledger** -- `Slots(store, "luck")`, its battles' records, bound to
  the game by edition and seed (not a tournament: its ledger is rebuilt from its log).
* the **random source** -- `random_bytes(n)`: `os.urandom` (the board's hardware random
  generator; the host simulator emulates it with a fixed sequence per boot, so scripted runs
  and golden screenshots repeat); tests inject their own.
"""

import struct

from firmware import saves

LOG_NAME = "tournament.log"
EXPORT = "out/" + LOG_NAME   # the director's copy of a finished log (saves.PLAIN), in the save directory
NEW_NAME = "tournament.new"
TAIL_NAME = "ttail"  # the tail record: the log's committed length and CRC (an older firmware: its last 4 KB)
LOG_KIND = "tlog"    # the log's two copies, tlog.0 and tlog.1 (saves.LAYOUT)
SLOTS_NAME = "tourney"

_VERSION = 1
# version, game_seq, closed battles, len(seed), len(edition), len(options), len(players)
_HEADER = "<BIIBBHB"
_HSIZE = 14

_CHUNK = 512        # bytes read from the log at a time
_BLANK = b"\n" * _CHUNK

FINISHING = 1 << 31  # in the record's `closed`: Finish tournament confirmed (session.finish)

NVM_REGION = 512   # bytes of microcontroller.nvm a tester clears (the key lives at its start)
_KEY_MAGIC = b"ADJK"
_KEY_SIZE = 16


def seed_store(files, entropy=None):
    """Where the seed record lives: the save files, masked with the key in microcontroller.nvm
    where the board has one (out of sight of a computer reading the CIRCUITPY drive)."""
    try:
        import microcontroller
        nvm = microcontroller.nvm
    except (ImportError, AttributeError):
        nvm = None
    if nvm is None or len(nvm) < len(_KEY_MAGIC) + _KEY_SIZE + 4:
        return files
    return MaskedStore(files, nvm, entropy or random_bytes)


def nvm_key(nvm, entropy=None):
    """The masking key at the start of nvm; with `entropy`, made (and written, once) when there
    is none; else None."""
    n = len(_KEY_MAGIC) + _KEY_SIZE + 4
    raw = bytes(nvm[0:n])
    key = raw[4:4 + _KEY_SIZE]
    if raw[:4] == _KEY_MAGIC and struct.unpack("<I", raw[-4:])[0] == saves.crc32(key):
        return key
    if entropy is None:
        return None
    key = bytes(entropy(_KEY_SIZE))
    nvm[0:n] = _KEY_MAGIC + key + struct.pack("<I", saves.crc32(key))
    return key


try:
    from hashlib import sha256 as _sha256

    def _hash(data):
        return _sha256(data).digest()
except ImportError:  # CircuitPython builds without hashlib
    from engine_core.trust.sha256 import digest as _hash


def mask(key, seq, data):
    """`data` XOR a keystream of SHA-256(key | seq | block): its own inverse."""
    out = bytearray(data)
    block = b""
    for i in range(len(out)):
        if i % 32 == 0:
            block = _hash(key + struct.pack("<II", seq, i // 32))
        out[i] ^= block[i % 32]
    return bytes(out)


class MaskedStore:
    """Slot records in `files` with their payload masked (the header stays clear, so a record's
    length and checksum are read without the key; firmware/saves.py places the record)."""

    def __init__(self, files, nvm, entropy):
        self.files = files
        self.nvm = nvm
        self.entropy = entropy

    def write_slot(self, name, record):
        key = nvm_key(self.nvm, self.entropy)   # made at the first record, before it
        rec = saves.unpack(record)
        if rec is not None:                      # a "cleared" record has nothing to mask
            record = saves.pack(rec[0], mask(key, rec[0], rec[1]))
        getattr(self.files, "write_slot", self.files.write)(name, record)

    def read_slot(self, name):
        key = nvm_key(self.nvm)
        raw = getattr(self.files, "read_slot", self.files.read)(name)
        rec = saves.unpack(raw)
        if rec is None or key is None:
            return raw if saves.cleared(raw) is not None else None
        return saves.pack(rec[0], mask(key, rec[0], rec[1]))

    def make_slots(self, names, n):
        make = getattr(self.files, "make_slots", None)
        if make is not None:
            make(names, n)

    write = write_slot
    read = read_slot

    def remove(self, name):
        self.files.remove(name)


def random_bytes(n):
    """n bytes from the board's random source (the host simulator emulates it)."""
    import os
    return os.urandom(n)


# ------------------------------------------------------------------ the seed record

def pack_record(seed, edition, options_text, players, game_seq, closed=0):
    """The seed record. `closed`: how many battles of the log were closed without a game
    action after them (a free battle): they do not come back; its bit FINISHING: the game
    is being finished (its footer is written at the next start if a cut came first)."""
    s = seed.encode()
    e = edition.encode()
    o = options_text.encode()
    pl = bytes(players)
    return struct.pack(_HEADER, _VERSION, game_seq, closed, len(s), len(e), len(o), len(pl)) + s + e + o + pl


def unpack_record(data):
    """(seed, edition, options_text, players, game_seq, closed) or None for a foreign record."""
    if data is None or len(data) < _HSIZE:
        return None
    version, game_seq, closed, ns, ne, no, npl = struct.unpack(_HEADER, data[:_HSIZE])
    if version != _VERSION or len(data) != _HSIZE + ns + ne + no + npl:
        return None
    at = _HSIZE
    seed = bytes(data[at:at + ns]).decode()
    at += ns
    edition = bytes(data[at:at + ne]).decode()
    at += ne
    options_text = bytes(data[at:at + no]).decode()
    at += no
    players = bytes(data[at:at + npl])
    return seed, edition, options_text, players, game_seq, closed


# ------------------------------------------------------------------ the luck cache

LUCK_NAME = "tluck"
_NAN = float("nan")


def pack_luck(commit, expectations):
    """commitment[:16] | count (u16) | (win chance, expected swing) as two doubles per battle
    (the float the device computed comes back exactly; NaN: a battle the odds engine could
    not rate)."""
    out = bytearray(commit[:16].encode())
    out.extend(struct.pack("<H", len(expectations)))
    for win, exp in expectations:
        if win is None or exp is None:
            win = exp = _NAN
        out.extend(struct.pack("<dd", win, exp))
    return bytes(out)


def unpack_luck(data, commit):
    """[(win, expected) or (None, None)] of this tournament's cache; [] for another's or none."""
    if data is None or len(data) < 18 or bytes(data[:16]) != commit[:16].encode():
        return []
    n = struct.unpack("<H", data[16:18])[0]
    if len(data) != 18 + 16 * n:
        return []
    out = []
    for i in range(n):
        win, exp = struct.unpack("<dd", data[18 + 16 * i:34 + 16 * i])
        if win != win or exp != exp:
            out.append((None, None))
        else:
            out.append((win, exp))
    return out


def cached_ledger(board, cache, recent=None):
    """A LuckLedger that rates a battle without running the odds engine when it can: its
    first len(cache) battles from the luck cache, a battle fought with the sides whose odds
    the set-up screen just computed from `recent(kind, attacker, defender)` ((win chance,
    expected swing) or None; not for a retreat, rated under its own policy)."""
    from engine_core.trust.luck import LuckLedger
    ledger = LuckLedger(board)
    rate = ledger.expected

    def expected(kind, attacker, defender, result):
        i = len(ledger.battles)
        if i < len(cache):
            return cache[i]
        if recent is not None and result["outcome"] != _O_RETREAT:
            known = recent(kind, attacker, defender)
            if known is not None:
                return known
        return rate(kind, attacker, defender, result)

    ledger.expected = expected
    return ledger


_O_RETREAT = 4      # engine_core.battle.steps.O_RETREAT (engine_core.trust.luck rates it "retreat after round N")


# ------------------------------------------------------------------ a normal game's ledger

LEDGER_NAME = "luck"
_ROW = "<bbhbbddh"      # attacker, defender, territory, kind, outcome, win chance, expected, actual
_ROW_SIZE = 24          # doubles: the float the device computed comes back exactly
_KINDS = ("land", "sea", "amphibious")


def pack_ledger(edition, game_seed, battles):
    """A normal game's luck ledger (engine_core.trust.luck records), bound to its game by the
    edition and the game's seed: key, count (u16), 24 bytes per battle."""
    key = ("%s:%d" % (edition, game_seed)).encode()
    out = bytearray(struct.pack("<B", len(key)))
    out.extend(key)
    out.extend(struct.pack("<H", len(battles)))
    for r in battles:
        win, exp = r[4], r[5]
        if win is None or exp is None:
            win = exp = _NAN
        kind = _KINDS.index(r[3]) if r[3] in _KINDS else 0
        out.extend(struct.pack(_ROW, r[0], r[1], r[2], kind, r[8], win, exp, r[6]))
    return bytes(out)


def unpack_ledger(data, edition, game_seed):
    """The records of this game's ledger (luck = actual - expected again), [] for another's."""
    key = ("%s:%d" % (edition, game_seed)).encode()
    if data is None or len(data) < 3 + len(key) or data[0] != len(key) or bytes(data[1:1 + len(key)]) != key:
        return []
    at = 1 + len(key)
    n = struct.unpack("<H", data[at:at + 2])[0]
    at += 2
    if len(data) != at + _ROW_SIZE * n:
        return []
    out = []
    for i in range(n):
        a, d, t, kind, outcome, win, exp, actual = struct.unpack(_ROW, data[at:at + _ROW_SIZE])
        at += _ROW_SIZE
        if win != win or exp != exp:
            win = exp = luck = None
        else:
            luck = actual - exp
        out.append((a, d, t, _KINDS[kind], win, exp, actual, luck, outcome))
    return out


# ------------------------------------------------------------------ the log file

COPIES = (LOG_KIND + ".0", LOG_KIND + ".1")
_COMMIT = b"LOG2"   # the tail record of this layout: magic, committed length, CRC-32 of those bytes


def pack_commit(length, crc):
    return _COMMIT + struct.pack("<II", length, crc)


def unpack_commit(data):
    """(committed length, crc) of this layout's tail record; None for an older firmware's
    (its length and last 4 KB) or none."""
    if data is None or len(data) != 12 or bytes(data[:4]) != _COMMIT:
        return None
    return struct.unpack("<II", data[4:12])


class LogFile:
    """The tournament log in a store: `saves.FileStore` on the device (tests pass the same store
    on the simulator's flash). Every file access is one of the store's methods.

    Two copies, `tlog.0/r` and `tlog.1/r` (saves.LAYOUT: each in a directory of its own behind
    padding, its region preallocated before the first record), each holding the log's bytes
    from offset saves.SECTOR; the committed length and the CRC-32 of those bytes in the tail
    record (`Slots(store, "ttail")`). An append writes the group into copy 0 in place, then into
    copy 1, then the tail record: a cut in copy 0's write (its data sector, its directory entry)
    leaves copy 1 as the tail record names it, a cut in copy 1's leaves copy 0, a cut in the tail
    record's write leaves the older record, which both copies match. No cluster is allocated and
    no entry of the save directory is written while the log fits its region. At power-on a copy
    that fails the record's CRC (a sector wiped, its entry lost) is written again from the other
    (remade first when a cut took its file: FAT writes, after that cut).

    The export for the tournament director is `out/tournament.log` in the save directory
    (saves.PLAIN: a file made with the layout in a directory of its own, written in place, so
    writing it allocates nothing and rewrites no entry of the save directory): the committed
    bytes and empty lines to the file's end (verify skips them), written after the footer
    (Finish tournament), written again at the next start when a cut stopped it. A log an older firmware wrote (`tournament.log` appended in
    place, its tail record the last 4 KB) is read and copied into the two copies at power-on."""

    def __init__(self, store, name=LOG_NAME, new_name=NEW_NAME):
        self.store = store
        self.name = name            # the export (and an older firmware's log)
        self.new_name = new_name
        self.pending = []      # lines of the engine call in progress
        self.written = 0       # lines appended this session
        self.length = None     # committed bytes (None: not read yet / no log)
        self.crc = 0
        self.good = None       # the copy that matched the tail record at power-on
        self.plain = False     # an older firmware's log read where it is (a read-only drive)

    # -- store access ----------------------------------------------------
    def _path(self, name):
        return saves._join(getattr(self.store, "directory", ""), name)

    def _tail(self):
        return saves.Slots(self.store, TAIL_NAME)

    def _commit(self, length, crc):
        self._tail().save(pack_commit(length, crc))
        self.length = length
        self.crc = crc

    def _layout(self):
        make = getattr(self.store, "make_slots", None)
        if make is not None:
            make((), 0)         # the copies are in saves.LAYOUT: made with it, or now if missing

    def _append(self, data):
        if self.length is None or self.plain:
            self.recover()
            if self.plain:
                raise OSError("the log cannot be copied in (read-only drive)")
            if self.length is None:       # no log yet: the copies start empty
                self._layout()
                self.length = 0
                self.crc = 0
        at = saves.SECTOR + self.length
        for name in COPIES:
            self.store.write_slot_at(name, at, data)
        self._commit(self.length + len(data), saves.crc32(data, self.crc))

    def _copy_pieces(self, name, length):
        return self.store.slot_pieces(name, saves.SECTOR, saves.SECTOR + length, _CHUNK)

    def _crc_of(self, name, length):
        """CRC-32 of the first `length` bytes of a copy; None when it is missing, short or
        cannot be read."""
        crc = 0
        n = 0
        try:
            for b in self._copy_pieces(name, length):
                crc = saves.crc32(b, crc)
                n += len(b)
        except OSError:
            return None
        return crc if n == length else None

    def path(self):
        """The export's path on the device (what a tournament director copies)."""
        return self._path(EXPORT)

    # -- writing ---------------------------------------------------------
    def sink(self, line):
        """AuditLog's sink: the line waits until the engine call is over (`flush`)."""
        self.pending.append(line)

    def flush(self):
        """Append the pending lines and their commit mark (into both copies, then the tail
        record); on OSError they stay pending."""
        if not self.pending:
            return 0
        data = _group(self.pending)
        self._append(data)
        n = len(self.pending)
        self.pending = []
        self.written += n
        return n

    def start(self):
        """A new tournament: the pending lines (header...) start the log, from the copies'
        first byte (the committed length says where it ends; the previous export stays until
        the next Finish writes over it)."""
        self.replace(_group(self.pending) if self.pending else b"")
        self.written += len(self.pending)
        self.pending = []

    def replace(self, data):
        """The whole log is `data` (a new tournament's first group; a tester's copy): both
        copies from their first byte, then the tail record."""
        self._layout()
        for name in COPIES:
            self.store.write_slot_at(name, saves.SECTOR, data)
        self._commit(len(data), saves.crc32(data))
        self.good = COPIES[0]

    def pieces(self):
        """The committed log's bytes, a piece at a time (None: no log)."""
        if self.length is None:
            self.recover()
        return None if self.length is None else self._chunks()

    def remove(self):
        """No log from now on (the tail record cleared: the copies are left, no file removed)."""
        self._tail().erase()
        self.length = None

    def export(self):
        """The committed log as the director's file (EXPORT, saves.PLAIN: made with the layout,
        written in place), followed by empty lines to the file's end (verify skips them); skipped
        when the file already holds exactly that. A log longer than the file grows it (FAT
        writes, once, after the footer)."""
        if self.length is None:
            self.recover()
        if self.length is None or self.plain:
            return
        size = self.store.size(EXPORT)
        if size is None:
            self._layout()
            size = self.store.size(EXPORT)
            if size is None:
                raise OSError("no room for the tournament log's export")
        if self._exported(size):
            return
        # in one opening: the log, then empty lines over whatever the file held after it
        self.store.write_pieces_at(EXPORT, 0, _then(self._copy_pieces(self.good or COPIES[0], self.length),
                                                    _blanks(size - self.length)))

    def _exported(self, size):
        """The export holds the committed log (its CRC) and empty lines after it."""
        if size < self.length:
            return False
        crc = 0
        at = 0
        for b in self.store.pieces(EXPORT, _CHUNK):
            if at < self.length:
                k = min(len(b), self.length - at)
                crc = saves.crc32(b[:k], crc)
                b = b[k:]
                at += k
            if b and b != _BLANK[:len(b)]:
                return False
        return crc == self.crc

    # -- reading ---------------------------------------------------------
    def recover(self):
        """At power-on: the copy the tail record names (a copy a cut damaged written again from
        the other); an older firmware's log copied in. Sets `length` (None: no log); ValueError
        when neither copy holds the committed log (not what a power cut does). On a read-only
        drive the log is read where it is, nothing written."""
        self.plain = False
        rec = self._tail().load()
        got = unpack_commit(rec)
        if got is None:
            self._upgrade(rec)
            return
        length, crc = got
        good = [name for name in COPIES if self._crc_of(name, length) == crc]
        if not good:
            self.length = None
            raise ValueError("neither copy of the tournament log on flash holds its committed bytes")
        self.length = length
        self.crc = crc
        self.good = good[0]
        for name in COPIES:
            if name not in good:
                try:
                    self._repair(name, good[0], length)
                except OSError:
                    pass        # a read-only drive (back held at boot): read from the good copy

    def _repair(self, name, good, length):
        """Copy `name` made equal to `good` over the committed bytes: the pieces that differ
        written in place; a copy a cut took (its entry wiped) made again first."""
        if self.store.slot_size(name) is None:
            self._layout()
        at = 0
        for b in self._copy_pieces(good, length):
            try:
                now = self.store.read_slot_at(name, saves.SECTOR + at, len(b))
            except OSError:
                now = None
            if now != b:
                self.store.write_slot_at(name, saves.SECTOR + at, b)
            at += len(b)

    def _upgrade(self, rec):
        """A log an older firmware wrote: `tournament.log` appended in place, its tail record the
        log's length and last 4 KB. Finished as that firmware did (a repair a cut interrupted,
        wiped bytes written back), then its committed groups copied into both copies and the
        tail record written (the commit point: a cut before it does this again). The file
        stays (a finished game's export)."""
        if self._exists(self.new_name):
            if not self._exists(self.name):
                self.store.rename(self.new_name, self.name)   # the new file was complete
            else:
                self.store.remove(self.new_name)         # maybe half-written: the log still holds
        if not self._exists(self.name):
            self.length = None
            return
        try:
            if rec is not None:
                self._restore_tail(rec)
            end = self._plain_end()
            self._layout()
            crc = 0
            at = 0
            for b in _first(self.store.pieces(self.name, _CHUNK), end):
                for name in COPIES:
                    self.store.write_slot_at(name, saves.SECTOR + at, b)
                crc = saves.crc32(b, crc)
                at += len(b)
            self._commit(end, crc)
            self.good = COPIES[0]
        except OSError:
            # a read-only drive (back held at boot): the older file is read as it is
            self.length = self._plain_end()
            self.good = None
            self.plain = True

    def _plain_end(self):
        """The committed end of an older firmware's log file (after its last empty line)."""
        return _group_end(self.store.pieces(self.name, _CHUNK))[0]

    def _restore_tail(self, rec):
        """An older firmware's tail record (the log's length and last 4 KB): where the log's
        bytes read erased (a sector a cut wiped during the next append) they are written back."""
        size_now = self.store.size(self.name)
        if size_now is None or len(rec) < 4:
            return
        size = struct.unpack("<I", rec[:4])[0]
        data = rec[4:]
        start = size - len(data)
        if size_now < size or start < 0:
            return          # not this log's record
        now = self.store.read_at(self.name, start, len(data))
        if now != data and _wiped(now, data):
            self.store.write_at(self.name, start, data)

    def _exists(self, name):
        return self.store.size(name) is not None

    def _chunks(self):
        """The committed log's bytes, a piece at a time (the device never holds the whole log)."""
        if self.plain:
            return _first(self.store.pieces(self.name, _CHUNK), self.length)
        return self._copy_pieces(self.good or COPIES[0], self.length)

    def scan(self):
        """(bytes of the committed groups, committed bytes); None when there is no log."""
        self.recover()
        if self.length is None:
            return None
        return _group_end(self._chunks())

    def lines(self, end):
        """The lines of the first `end` bytes (the committed groups), one at a time; ValueError
        for a line longer than a log line may be (bounded: a hostile file cannot fill the heap)."""
        from engine_core.trust.audit import MAX_LINE
        at = 0
        rest = b""
        for b in self._chunks():
            if at >= end:
                continue        # read on to the end: the file is closed when the pieces run out
            if at + len(b) > end:
                b = b[:end - at]
            at += len(b)
            parts = (rest + b).split(b"\n")
            rest = parts.pop()
            if len(rest) > MAX_LINE:
                raise ValueError("a line of the log on flash is longer than a log line may be")
            for line in parts:
                if len(line) > MAX_LINE:
                    raise ValueError("a line of the log on flash is longer than a log line may be")
                if line:
                    yield line.decode()
        if rest:
            yield rest.decode()

    def truncate(self, end):
        """Keep the first `end` bytes (drop a group without its mark): the tail record says so."""
        crc = 0
        for b in _first(self._chunks(), end):
            crc = saves.crc32(b, crc)
        self._commit(end, crc)


def _wiped(now, data):
    """True when `now` differs from `data` only where it reads 0xFF (an erased sector: a log's
    text never holds that byte); any other difference is not a power cut's, and stays for the
    log's checks to report."""
    for i in range(len(data)):
        if now[i] != data[i] and now[i] != 0xFF:
            return False
    return True



def _then(first, second):
    """The pieces of `first`, then those of `second`."""
    yield from first
    yield from second


def _blanks(n):
    """`n` bytes of empty lines, a piece at a time."""
    while n > 0:
        k = min(n, _CHUNK)
        yield _BLANK[:k]
        n -= k


def _group_end(pieces):
    """(bytes up to the last commit mark -- an empty line --, bytes read) of a log read a piece
    at a time."""
    end = 0
    size = 0
    nl = False          # the previous piece ended with a newline
    for b in pieces:
        i = b.rfind(b"\n\n")
        if i >= 0:
            end = size + i + 2
        elif nl and b[:1] == b"\n":
            end = size + 1
        size += len(b)
        nl = b[-1:] == b"\n"
    return end, size

def _first(pieces, end):
    """The first `end` bytes of `pieces`, piece by piece (all of them are read: the file closes)."""
    at = 0
    for b in pieces:
        if at < end:
            yield b[:end - at]
        at += len(b)


def _group(lines):
    """Lines as one committed group: each with its newline, then the empty line."""
    return ("\n".join(lines) + "\n\n").encode()

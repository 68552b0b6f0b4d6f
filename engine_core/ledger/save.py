"""Saves: the journal plus a checksum, compact enough for a microcontroller's flash.

    data = save.dumps(game)      # bytes
    game = save.loads(data)      # replays the journal; InputError on a corrupt/truncated save

Layout (all integers unsigned LEB128 varints unless noted):

    b"AJ" version(1 byte) | edition index | zigzag(seed) | option count |
        per option: name length, name bytes, kind (0 int, 1 str, 2 list of str), zigzag(int)
        or length + bytes or count + (length + bytes)... |
    entry count | per entry: item count, items... | CRC-32 of everything before (4 bytes, big end)

A save is refused, and nothing is loaded, when the magic, the version, the length or the
checksum is wrong, or when the journal no longer replays. Keeping the previous good save
while a new one is written is the firmware's two-slot store (firmware/saves.py); the
device hands it these bytes.
"""

from engine_core.errors import InputError, RuleError

MAGIC = b"AJ"
VERSION = 1


def crc32_bytes(data):
    """CRC-32 (IEEE 802.3, as zlib) as 4 bytes, big end first. Computed on two 16-bit halves
    so every intermediate stays a small int on 32-bit boards (no long ints); bit by bit, no
    table in RAM."""
    hi = 0xFFFF
    lo = 0xFFFF
    for b in data:
        lo ^= b
        for _ in range(8):
            if lo & 1:
                lo = ((lo >> 1) | ((hi & 1) << 15)) ^ 0x8320
                hi = (hi >> 1) ^ 0xEDB8
            else:
                lo = (lo >> 1) | ((hi & 1) << 15)
                hi >>= 1
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    return bytes((hi >> 8, hi & 255, lo >> 8, lo & 255))


def crc32(data):
    """CRC-32 as an int (host convenience; the device compares crc32_bytes)."""
    c = crc32_bytes(data)
    return (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]


def _varint(out, n):
    if n < 0:
        raise InputError("negative value in a save")
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def _zig(n):
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzig(n):
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


class _Reader:
    def __init__(self, data, end):
        self.data = data
        self.i = 0
        self.end = end

    def byte(self):
        if self.i >= self.end:
            raise InputError("the save is truncated")
        b = self.data[self.i]
        self.i += 1
        return b

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 35:
                raise InputError("the save is corrupt (bad number)")

    def raw(self, n):
        if self.i + n > self.end:
            raise InputError("the save is truncated")
        out = bytes(self.data[self.i:self.i + n])
        self.i += n
        return out


def dumps(game):
    """The game's save: header, options, journal and checksum."""
    from engine_core.board import EDITIONS
    out = bytearray(MAGIC)
    out.append(VERSION)
    _varint(out, EDITIONS.index(game.board.edition))
    _varint(out, _zig(int(game.seed)))
    opts = game.options
    keys = sorted([k for k in opts])
    _varint(out, len(keys))
    for k in keys:
        kb = k.encode()
        _varint(out, len(kb))
        out.extend(kb)
        v = opts[k]
        if isinstance(v, (list, tuple)):
            out.append(2)
            _varint(out, len(v))
            for x in v:
                xb = str(x).encode()
                _varint(out, len(xb))
                out.extend(xb)
        elif isinstance(v, str):
            out.append(1)
            vb = v.encode()
            _varint(out, len(vb))
            out.extend(vb)
        else:
            out.append(0)
            _varint(out, _zig(int(v)))
    journal = game.state.journal
    _varint(out, len(journal))
    for e in journal:
        _varint(out, len(e))
        for x in e:
            _varint(out, x)
    out.extend(crc32_bytes(out))
    return bytes(out)


def header(data):
    """(edition, seed, options, entries) of a save after checking it; InputError if bad."""
    from engine_core.board import EDITIONS
    if data is None or len(data) < 8:
        raise InputError("the save is truncated or empty")
    if bytes(data[:2]) != MAGIC:
        raise InputError("not an Adjutant save")
    if crc32_bytes(data[:-4]) != bytes(data[-4:]):
        raise InputError("the save is corrupt or truncated (checksum mismatch)")
    if data[2] != VERSION:
        raise InputError("save version %d is not supported" % data[2])
    r = _Reader(data, len(data) - 4)
    r.i = 3
    ed = r.varint()
    if ed >= len(EDITIONS):
        raise InputError("the save names an unknown edition")
    seed = _unzig(r.varint())
    options = {}
    for _ in range(r.varint()):
        k = r.raw(r.varint()).decode()
        kind = r.byte()
        if kind == 2:
            options[k] = [r.raw(r.varint()).decode() for _ in range(r.varint())]
        elif kind == 1:
            options[k] = r.raw(r.varint()).decode()
        else:
            v = _unzig(r.varint())
            options[k] = v
    from engine_core.ledger.journal import END_PHASE_ENTRY
    entries = []
    for _ in range(r.varint()):
        n = r.varint()
        e = tuple([r.varint() for _ in range(n)])
        entries.append(END_PHASE_ENTRY if e == END_PHASE_ENTRY else e)   # shared (RAM)
    if r.i != r.end:
        raise InputError("the save is corrupt (trailing bytes)")
    return EDITIONS[ed], seed, options, entries


def loads(data):
    """The game a save holds, replayed from its journal. InputError if the save is bad."""
    from engine_core.ledger.game import Game
    edition, seed, options, entries = header(data)
    g = Game.new(edition, seed=seed, options=options)
    try:
        g.replay(entries)
    except (RuleError, InputError, IndexError) as e:
        raise InputError("the save does not replay: " + str(e))
    return g

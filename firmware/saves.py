"""Power-cut-proof saves: two slots, each with a sequence number and a checksum.

Every save goes to the slot that does NOT hold the last good record, so
the last completed save is never touched while a new one is written. A
record is

    magic b"ADJ2" | seq (u32) | length (u32) | crc32 (u32) | payload

with the checksum over seq, length and payload (a flipped bit in the sequence
number fails it: it cannot make an older record the newest). Records of the
first format (b"ADJ1", the checksum over the payload only) are still read, so
a save written by an older firmware comes back; every new record is ADJ2.
A slot counts only if its magic, length and checksum all hold, and a record
over `MAX_RECORD` bytes is not read at all (bounded: a hostile file on the
drive cannot fill the heap).

`load()` returns the good record with the highest sequence number;
`records()` all good ones, newest first, so the caller can fall back to the
older one when the newest does not restore (a good checksum over a payload
this firmware cannot use) and then `keep(slot)`: the next save goes to the
other slot (the one that failed), never over the record that loaded, and
its sequence number is above every record seen. A power cut at any instant
-- before the write, with half a record on flash, before the flush -- leaves
either the new record complete or the previous one intact.

Storage is injected (`FileStore` on CircuitPython/Blinka; tests pass their
own with the same three methods), so the logic runs on a PC.

Placement on flash: a board rewrites a whole 4 KB erase sector at a time, and a
power cut during that may wipe every byte in the sector -- bytes of other files
too, wherever the filesystem put them. So a slot file holds its record twice
(`FileStore.write_slot`): at offset 0 and again `spread(n)` bytes further on,
at least n + 4096 bytes apart, so no 4 KB sector holds bytes of both copies
(the file's clusters run on contiguously, as FatFs allocates them). One cut
wipes at most one sector: of the last good record at least one copy survives
it, whatever was being written (`read_slot` returns the first copy that checks).
"""

import struct

MAGIC = b"ADJ2"           # written: the checksum covers seq, length and payload
MAGIC_V1 = b"ADJ1"        # read only: the checksum covers the payload alone
_HEADER = "<4sIII"
HEADER_SIZE = 16
MAX_RECORD = 65536        # bytes: a longer record is refused unread (a Global 1940 save is ~3 KB)

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - ports without binascii.crc32
    _crc32 = None


def crc32(data):
    """CRC-32 (IEEE, as zlib), from binascii when the port has it."""
    if _crc32 is not None:
        return _crc32(data) & 0xFFFFFFFF
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0xEDB88320
            else:
                crc >>= 1
    return crc ^ 0xFFFFFFFF


def _check(seq, length, payload):
    """ADJ2's checksum: seq and length (little-endian u32) then the payload."""
    return crc32(struct.pack("<II", seq, length) + payload)


def pack(seq, payload):
    payload = bytes(payload)
    seq &= 0xFFFFFFFF
    return struct.pack(_HEADER, MAGIC, seq, len(payload), _check(seq, len(payload), payload)) + payload


def pack_v1(seq, payload):
    """A record of the first format (what older firmware wrote; tests of the upgrade path)."""
    return struct.pack(_HEADER, MAGIC_V1, seq, len(payload), crc32(payload)) + payload


def unpack(data):
    """(seq, payload) of a good record, or None for a torn/blank/foreign/oversized one."""
    if data is None or len(data) < HEADER_SIZE or len(data) > HEADER_SIZE + MAX_RECORD:
        return None
    magic, seq, length, crc = struct.unpack(_HEADER, data[:HEADER_SIZE])
    if len(data) != HEADER_SIZE + length:
        return None
    payload = bytes(data[HEADER_SIZE:])
    if magic == MAGIC:
        if _check(seq, length, payload) != crc:
            return None
    elif magic == MAGIC_V1:
        if crc32(payload) != crc:
            return None
    else:
        return None
    return seq, payload


def _join(directory, name):
    if not directory or directory == ".":
        return name
    if directory.endswith("/"):
        return directory + name
    return directory + "/" + name


class FileStore:
    """Files in one directory. write() flushes and syncs before returning."""

    def __init__(self, directory):
        self.directory = directory
        try:
            import os
            self._os = os
        except ImportError:  # pragma: no cover
            self._os = None
        if self._os is not None and directory and directory != ".":
            try:
                self._os.mkdir(directory)
            except OSError:
                pass

    def read(self, name, limit=HEADER_SIZE + MAX_RECORD):
        """The file's bytes; None when it is missing or longer than `limit` (not read whole)."""
        try:
            with open(_join(self.directory, name), "rb") as f:
                data = f.read(limit + 1)
        except OSError:
            return None
        if len(data) > limit:
            return None
        return data

    def write(self, name, data):
        with open(_join(self.directory, name), "wb") as f:
            f.write(data)
            f.flush()
        sync = getattr(self._os, "sync", None)
        if sync is not None:
            sync()

    def remove(self, name):
        try:
            self._os.remove(_join(self.directory, name))
        except (OSError, AttributeError):
            pass

    def write_slot(self, name, record):
        """A slot's record twice, `spread(len)` bytes apart (see the module docstring)."""
        gap = spread(len(record))
        self.write(name, record + b"\xff" * (gap - len(record)) + record)

    def read_slot(self, name):
        """The first copy of a slot's record that checks, or None.
        A file cut short (its second copy missing) is a save the power stopped: not read, so a
        save counts once it is whole, as with one copy. A file of one record alone (written
        by an older firmware) is read. Reads one copy at a time (the heap is small)."""
        try:
            f = open(_join(self.directory, name), "rb")
        except OSError:
            return None
        try:
            size = f.seek(0, 2)
            first = _copy_at(f, 0)
            n = len(first)
            if unpack(first) is not None and (size == n or size == spread(n) + n):
                return first
            k = SECTOR
            while k + HEADER_SIZE <= size:   # the second copy starts on a sector multiple
                second = _copy_at(f, k)
                if len(second) == size - k and spread(len(second)) == k and unpack(second) is not None:
                    return second
                k += SECTOR
            return None
        finally:
            f.close()


SECTOR = 4096    # bytes per erase sector of a board's flash


def spread(n):
    """Where the second copy of an n-byte record starts: a sector multiple >= n + SECTOR."""
    return (n + 2 * SECTOR - 1) // SECTOR * SECTOR


def _copy_at(f, offset):
    """The record starting at `offset` of file `f`, by the length in its header (bounded)."""
    f.seek(offset)
    head = f.read(HEADER_SIZE)
    if len(head) < HEADER_SIZE:
        return head
    length = struct.unpack("<I", head[8:12])[0]
    if length > MAX_RECORD:
        return head
    return head + f.read(length)


class NVMStore:
    """Records in fixed regions of a byte array (`microcontroller.nvm`): `regions` maps a slot
    name to (offset, size). Not a file, so the CIRCUITPY drive a computer mounts never shows
    it (the tournament's secret seed). A region holds one record of this module; a write
    torn by a power cut fails its checksum and the other slot still holds the last one."""

    def __init__(self, nvm, regions):
        self.nvm = nvm
        self.regions = regions

    def read(self, name):
        off, size = self.regions[name]
        raw = bytes(self.nvm[off:off + size])
        if raw[:4] != MAGIC and raw[:4] != MAGIC_V1:
            return None
        length = struct.unpack("<I", raw[8:12])[0]
        if length > size - HEADER_SIZE:
            return None
        return raw[:HEADER_SIZE + length]

    def write(self, name, data):
        off, size = self.regions[name]
        if len(data) > size:
            raise OSError("record of %d bytes over its %d-byte nvm region" % (len(data), size))
        self.nvm[off:off + len(data)] = data

    def remove(self, name):
        off, _size = self.regions[name]
        self.nvm[off:off + 4] = b"\xff\xff\xff\xff"


class Slots:
    """Two alternating slots `<name>.0` and `<name>.1` in a store.

    `seq` is the highest sequence number of any good record seen (the next save is newer than
    all of them); `slot` is where the record to keep lives (the newest good one, or the one
    `keep()` named after the newest did not restore): the next save goes to the other slot."""

    def __init__(self, store, name):
        self.store = store
        self.names = (name + ".0", name + ".1")
        self.seq = 0      # highest sequence number of a good record (0: none)
        self.slot = -1    # the slot holding the record to keep (-1: none)
        self._scan()

    def _read(self):
        """[(seq, slot, payload)] of the good records, newest first."""
        out = []
        for i in range(2):
            rec = unpack(getattr(self.store, "read_slot", self.store.read)(self.names[i]))
            if rec is not None:
                out.append((rec[0], i, rec[1]))
        if len(out) == 2 and out[1][0] > out[0][0]:
            out = [out[1], out[0]]
        return out

    def _scan(self):
        recs = self._read()
        self.seq = recs[0][0] if recs else 0
        self.slot = recs[0][1] if recs else -1
        return recs

    def load(self):
        """The newest good payload (bytes), or None when there is none."""
        recs = self._scan()
        return recs[0][2] if recs else None

    def records(self):
        """The good records as (seq, slot, payload), newest first (at most two)."""
        return self._scan()

    def keep(self, slot):
        """The record in `slot` is the one that loaded: the next save goes to the other slot
        (over the newer record that did not restore), never over this one."""
        self.slot = slot

    def save(self, payload):
        """Write `payload` as the next record; returns its sequence number."""
        seq = self.seq + 1
        target = 1 - self.slot if self.slot >= 0 else 0
        getattr(self.store, "write_slot", self.store.write)(self.names[target], pack(seq, payload))
        self.seq = seq
        self.slot = target
        return seq

    def erase(self):
        for n in self.names:
            self.store.remove(n)
        self.seq = 0
        self.slot = -1

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
too, wherever the filesystem put them. So a slot file (`FileStore.write_slot`)
is one sector of padding, the record's region (`capacity(n)` bytes), one sector
of padding; while the record fits, it is rewritten in place ("r+b": the file
keeps its clusters). Whatever the file's offset in its sectors, every sector
holding a byte of the region lies wholly inside the file (the padding sectors
take the sectors shared with its neighbours; FatFs allocates a new file's
clusters contiguously), so no other file's write can wipe a record, and a slot's
own write only ever wipes its own, older record. A record that outgrows its
region is written to a new file of the same shape ("wb").
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

    def _sync(self):
        sync = getattr(self._os, "sync", None)
        if sync is not None:
            sync()

    def size(self, name):
        """The file's length in bytes, or None when it is missing."""
        try:
            return self._os.stat(_join(self.directory, name))[6]
        except (OSError, AttributeError):
            return None

    def append(self, name, data):
        with open(_join(self.directory, name), "ab") as f:
            f.write(data)
            f.flush()
        self._sync()

    def read_at(self, name, offset, n):
        with open(_join(self.directory, name), "rb") as f:
            f.seek(offset)
            return f.read(n)

    def write_at(self, name, offset, data):
        """`data` over the file's bytes from `offset` (in place: the file keeps its clusters)."""
        with open(_join(self.directory, name), "r+b") as f:
            f.seek(offset)
            f.write(data)
            f.flush()
        self._sync()

    def pieces(self, name, n):
        """The file's bytes, `n` at a time (nothing when it is missing); the file is closed when
        the pieces run out."""
        try:
            f = open(_join(self.directory, name), "rb")
        except OSError:
            return
        try:
            while True:
                b = f.read(n)
                if not b:
                    break
                yield b
        finally:
            f.close()

    def write_pieces(self, name, pieces):
        """A new file of `pieces` (bytes), written one at a time."""
        with open(_join(self.directory, name), "wb") as f:
            for b in pieces:
                f.write(b)
            f.flush()
        self._sync()

    def rename(self, old, new):
        self._os.rename(_join(self.directory, old), _join(self.directory, new))
        self._sync()

    def write_slot(self, name, record):
        """A slot's record between two sectors of padding, in place (see the module docstring);
        a file that is missing or too small is made anew (`_new_slot`)."""
        if not self._write_in_place(name, record):
            self._new_slot(name, record)

    def _new_slot(self, name, record):
        """A new slot file, its first sector of padding never written: FatFs allocates a file's
        first cluster right after the last one it allocated, so that sector may hold another
        file's last bytes, and writing it would put them at risk. The file is sized first (its
        last byte, in padding of its own), then the record goes in: the last byte written is
        the record's last, so the record checks exactly when the file is whole."""
        size = 2 * SECTOR + capacity(len(record))
        with open(_join(self.directory, name), "wb") as f:
            f.seek(size - 1)
            f.write(b"\xff")
            f.seek(SECTOR)
            f.write(record)
            f.flush()
        self._sync()

    def _write_in_place(self, name, record):
        try:
            f = open(_join(self.directory, name), "r+b")
        except OSError:
            return False
        try:
            size = f.seek(0, 2)
            if size < 2 * SECTOR or len(record) > size - 2 * SECTOR:
                return False
            f.seek(SECTOR)
            f.write(record)
            f.flush()
        finally:
            f.close()
        sync = getattr(self._os, "sync", None)
        if sync is not None:
            sync()
        return True

    def read_slot(self, name):
        """The slot's record (it may fail its check: Slots tells), or None. A file of one record
        alone (written by an older firmware, or a tester) is read too."""
        try:
            f = open(_join(self.directory, name), "rb")
        except OSError:
            return None
        try:
            size = f.seek(0, 2)
            if size >= 2 * SECTOR + HEADER_SIZE:
                rec = _copy_at(f, SECTOR)
                if len(rec) <= size - 2 * SECTOR:
                    return rec
                return None
            rec = _copy_at(f, 0)
            return rec if len(rec) == size else None
        finally:
            f.close()


SECTOR = 4096    # bytes per erase sector of a board's flash


def capacity(n):
    """The record region of a new slot file: n and a quarter more, in 1 KB steps."""
    return (n + n // 4 + 1023) // 1024 * 1024


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

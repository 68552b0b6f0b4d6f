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
own write only ever wipes its own, older record.

FatFs' own sectors: every write to a file, even in place, rewrites its directory
entry when the file is closed (size, time), and a cut there wipes every entry in
that erase sector; any allocation or removal rewrites the FAT, and a wiped FAT
sector cuts the chain of every file with a link in it. So each slot is a
directory of its own, `<kind>.0/r` and `<kind>.1/r`, behind a sector of padding
(`<kind>.0p`): the directory's one cluster shares its erase sector only with that
padding and its own file's padding, so a cut at a save's entry write takes that
slot alone -- the other one, whose entry lives in another erase sector, holds the
previous record. Every kind's pair (LAYOUT) is made together before the first
record of any (`make_slots`, with room made first in the save directory so that
it never grows a cluster in the middle of the layout), so no later save allocates
or frees a cluster: an erase writes a "cleared" record instead of removing files.
The tournament log's two copies are a LAYOUT pair too (`tlog.0/r`, `tlog.1/r`: each
region preallocated, written in place; firmware/tlog.py). What still writes the FAT
after the first record: a record outgrowing its region (written to a new file), a
log outgrowing its copies' region (the files grow), remaking a slot or a log copy a
cut took (after that cut), the one-time move of an older firmware's plain slot files
(`upgrade`) or log (firmware/tlog.py). The export Finish tournament writes is a PLAIN
file (`out/tournament.log`), made with the layout and written in place: no FAT write.
"""

import struct

MAGIC = b"ADJ2"           # written: the checksum covers seq, length and payload
MAGIC_V1 = b"ADJ1"        # read only: the checksum covers the payload alone
MAGIC_CLEARED = b"ADJE"   # a slot's "nothing here" (Slots.erase): seq, no payload, ADJ2's checksum
_HEADER = "<4sIII"
HEADER_SIZE = 16
MAX_RECORD = 65536        # bytes: a longer record is refused unread (a Global 1940 save is ~3 KB)

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - ports without binascii.crc32
    _crc32 = None


def crc32(data, crc=0):
    """CRC-32 (IEEE, as zlib), from binascii when the port has it; `crc`: the CRC of the bytes
    before `data` (a long file's CRC a piece at a time)."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    crc ^= 0xFFFFFFFF
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


def pack_cleared(seq):
    """The record that says the kind holds nothing since `seq` (Slots.erase): written over the
    older slot like a save, so erasing removes no file (a removal writes the FAT)."""
    seq &= 0xFFFFFFFF
    return struct.pack(_HEADER, MAGIC_CLEARED, seq, 0, _check(seq, 0, b""))


def cleared(data):
    """The sequence number of a good "cleared" record, else None."""
    if data is None or len(data) != HEADER_SIZE:
        return None
    magic, seq, length, crc = struct.unpack(_HEADER, data)
    if magic != MAGIC_CLEARED or length != 0 or _check(seq, 0, b"") != crc:
        return None
    return seq


def _seq_of(data):
    """A raw slot record's sequence number (a cleared one's too); -1 for none or a bad one."""
    rec = unpack(data)
    if rec is not None:
        return rec[0]
    seq = cleared(data)
    return -1 if seq is None else seq


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

    def __init__(self, directory, log_bytes=None):
        self.directory = directory
        # the tournament log's room (its two copies and the export, LAYOUT's tlog and PLAIN):
        # a hardware profile's LOG_BYTES where its drive has room for a whole Global game
        self.log_bytes = log_bytes or LOG_BYTES
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
        """Remove a file, or a slot with its directory and padding (a slot of the old layout is
        a plain file)."""
        path = _join(self.directory, name)
        try:
            if self._slot(name) != path:
                self._os.remove(path + "/" + SLOT_FILE)
                self._os.rmdir(path)
                self._os.remove(path + PAD)
            else:
                self._os.remove(path)
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

    def _slot(self, name):
        """The path of a slot's file: `<name>/r`, in a directory of its own (the layout), or the
        plain file `<name>` an older firmware wrote (read and rewritten in place until
        `upgrade()` moves it)."""
        d = _join(self.directory, name)
        try:
            mode = self._os.stat(d)[0]
        except (OSError, AttributeError):
            return d + "/" + SLOT_FILE
        return d + "/" + SLOT_FILE if mode & 0x4000 else d

    def _exists(self, path):
        try:
            self._os.stat(path)
            return True
        except (OSError, AttributeError):
            return False

    def make_slots(self, names, n):
        """Every kind's pair of slots (LAYOUT, and `names` with a region for `n` bytes), made
        before the first record of any: each one's FAT and directory writes come while there is
        no record to lose (a torn FAT sector cuts every file's chain), and no later save needs
        one (see the module docstring)."""
        pairs = [((kind + ".0", kind + ".1"), size) for kind, size in self.layout()] + [(tuple(names), n)]
        missing = [p for p in pairs if [name for name in p[0] if not self._made(name)]]
        plain = [p for p in self.plain() if not self._exists(_join(self.directory, p[0] + "/" + p[1]))]
        if not missing and not plain:
            return
        self._room(4 * len(missing) + 2 * len(plain))
        for pair, size in missing:
            self._make_pair(pair, size)
        for folder, name, size in plain:
            self._make_plain(folder, name, size)

    def layout(self):
        """LAYOUT with this store's room for the tournament log."""
        return [(k, self.log_bytes if n == LOG_BYTES else n) for k, n in LAYOUT]

    def plain(self):
        """PLAIN with this store's room for the tournament log."""
        return [(d, k, self.log_bytes if n == LOG_BYTES else n) for d, k, n in PLAIN]

    def _make_plain(self, folder, name, size):
        """A plain file of `size` bytes in a directory of its own behind a sector of padding (as
        a slot's): rewritten in place later, it allocates nothing, and its own writes (its
        directory entry, its sectors) can wipe nothing but itself. Its bytes are what the first
        writer puts there (PLAIN's user fills it)."""
        path = _join(self.directory, folder)
        if not self._exists(path):
            with open(path + PAD, "wb") as f:
                f.seek(SECTOR - 1)
                f.write(b"\xff")
            self._os.mkdir(path)
        with open(path + "/" + name, "wb") as f:
            f.seek(capacity(size) - 1)
            f.write(b"\n")
            f.flush()
        self._sync()

    def write_pieces_at(self, name, offset, pieces):
        """`pieces` (bytes) over the file's bytes from `offset`, in one opening (in place while
        they fit: the file keeps its clusters)."""
        with open(_join(self.directory, name), "r+b") as f:
            f.seek(offset)
            for b in pieces:
                f.write(b)
            f.flush()
        self._sync()

    def _made(self, name):
        """The slot is in the layout, or a plain file of the old layout (upgrade() moves it)."""
        path = _join(self.directory, name)
        return self._exists(path + "/" + SLOT_FILE) or (self._exists(path) and self._slot(name) == path)

    def _room(self, n):
        """Room for `n` more names in the save directory, made before the layout: FatFs grows a
        directory by a cluster when a new name finds no free entry, allocated after the last
        cluster allocated -- in the middle of the layout, that cluster could share an erase
        sector with a slot's directory, and each save of that slot (its entry rewritten) could
        wipe the names of others. Empty files (no cluster) take the entries, then go: the
        directory keeps its clusters, all of them before the layout."""
        made = []
        try:
            for i in range(n):
                name = "room%d.tmp" % i
                if self._exists(_join(self.directory, name)):
                    continue
                with open(_join(self.directory, name), "wb"):
                    pass
                made.append(name)
        finally:
            for name in made:
                self._os.remove(_join(self.directory, name))

    def _make_pair(self, names, n):
        """Both slots of a kind, each: a sector of padding (`<name>p`: so the directory's
        cluster shares its erase sector with nothing that is ever written again), the
        directory `<name>`, its slot file `r` (padding, a region for `n` bytes, padding)."""
        for name in names:
            path = _join(self.directory, name)
            if self._made(name):
                continue
            if not self._exists(path):
                with open(path + PAD, "wb") as f:
                    f.seek(SECTOR - 1)
                    f.write(b"\xff")
                self._os.mkdir(path)
            self._new_slot_at(path + "/" + SLOT_FILE, b"", capacity(n))

    def upgrade(self):
        """A drive written by an older firmware (each slot a plain file `<kind>.0`/`.1` in the
        save directory) moved to the layout, at power-on, once: the layout made, then each
        plain slot moved into its directory, the older one first. The newest record is never
        the only copy while its file is removed: before that it is written into the other
        slot (already moved); the older record, kept in RAM, goes where the newest was (a cut
        there may cost the older copy, never the newest). The FAT writes of this move are the
        layout's, once (see the module docstring)."""
        moved = False
        for kind, size in self.layout():
            names = (kind + ".0", kind + ".1")
            plain = [n for n in names if self._exists(_join(self.directory, n)) and
                     self._slot(n) == _join(self.directory, n)]
            if not plain:
                continue
            if not moved:
                self.make_slots((), 0)
                moved = True
            raw = dict((n, self.read_slot(n)) for n in names)
            big = max([size] + [len(r) for r in raw.values() if r is not None])
            for p in sorted(names, key=lambda n: _seq_of(raw[n])):   # the older first
                if p not in plain:
                    continue
                q = names[1 - names.index(p)]
                rec, other = raw[p], raw[q]
                if _seq_of(rec) >= 0 and _seq_of(rec) >= _seq_of(other) and self._slot(q) != _join(self.directory, q):
                    self.write_slot(q, rec)       # the newest in the other slot first
                    rec, raw[q] = other, rec
                self.remove(p)
                self._make_pair((p,), big)
                if _seq_of(rec) >= 0:
                    self.write_slot(p, rec)
                raw[p] = rec
        if moved or [k for k, _n in LAYOUT if self._exists(_join(self.directory, k + ".0")) or
                     self._exists(_join(self.directory, k + ".1"))]:
            self.make_slots((), 0)     # a move or a layout a cut left half-made: finished now

    def write_slot(self, name, record):
        """A slot's record between two sectors of padding, in place (see the module docstring);
        a file that is missing or too small is made anew (`_new_slot_at`)."""
        if not self._write_in_place(name, record):
            path = self._slot(name)
            if path.endswith("/" + SLOT_FILE) and not self._exists(path[:-len(SLOT_FILE) - 1]):
                self._make_pair((name,), len(record))
            self._new_slot_at(path, record, capacity(len(record)))

    def _new_slot_at(self, path, record, region):
        """A new slot file, its first sector of padding never written: FatFs allocates a file's
        first cluster right after the last one it allocated, so that sector may hold another
        file's last bytes, and writing it would put them at risk. The file is sized first (its
        last byte, in padding of its own), then the record goes in: the last byte written is
        the record's last, so the record checks exactly when the file is whole."""
        size = 2 * SECTOR + region
        with open(path, "wb") as f:
            f.seek(size - 1)
            f.write(b"\xff")
            if record:
                f.seek(SECTOR)
                f.write(record)
            f.flush()
        self._sync()

    def _write_in_place(self, name, record):
        try:
            f = open(self._slot(name), "r+b")
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

    def slot_size(self, name):
        """The length of a slot's file (padding included), or None when it is missing."""
        try:
            return self._os.stat(self._slot(name))[6]
        except (OSError, AttributeError):
            return None

    def read_slot_at(self, name, offset, n):
        """`n` bytes of a slot's file from `offset` (fewer at its end); OSError when it cannot be
        read (missing, or its FAT chain cut)."""
        with open(self._slot(name), "rb") as f:
            f.seek(offset)
            return f.read(n)

    def slot_pieces(self, name, start, end, n):
        """Bytes [start, end) of a slot's file, `n` at a time (fewer if the file ends before);
        OSError when it cannot be read. The file is closed when the pieces run out."""
        f = open(self._slot(name), "rb")
        try:
            f.seek(start)
            while start < end:
                b = f.read(min(n, end - start))
                if not b:
                    break
                start += len(b)
                yield b
        finally:
            f.close()

    def write_slot_at(self, name, offset, data):
        """`data` over a slot's file from `offset`, in place ("r+b": no cluster allocated while it
        stays inside the file; its directory entry rewritten, in the slot's own directory)."""
        with open(self._slot(name), "r+b") as f:
            f.seek(offset)
            f.write(data)
            f.flush()
        self._sync()

    def read_slot(self, name):
        """The slot's record (it may fail its check: Slots tells), or None. A file of one record
        alone (written by an older firmware, or a tester) is read too."""
        try:
            f = open(self._slot(name), "rb")
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
SLOT_FILE = "r"  # a slot's file in its directory
PAD = "p"        # `<name>p`: the sector of padding made before a slot's directory (an 8.3
                 # name: one directory entry)
# Every kind's pair of slots, made together at the first record of any (FileStore.make_slots),
# with a region for records this long (a record that outgrows its region is written to a new
# file: FAT writes, see the module docstring). Measured: a Global 1940 save < 4 KB
# (test_game_save_size), the tail record 4 KB + 20 (an older firmware's; now 12 bytes), a raid
# ~1 KB. `tlog`: the tournament log's two copies (firmware/tlog.py), not records: each region
# (capacity(LOG_BYTES), 120 KB; a profile's LOG_BYTES where its drive has room, FileStore) holds
# the log from its start, its committed length in the tail
# record; a log passing it grows its file (FAT writes).
LOG_BYTES = 98304
LAYOUT = (("settings", 200), ("game", 8000), ("pending", 1500), ("raid", 1500), ("luck", 3000),
          ("tluck", 3000), ("ttail", 4200), ("tlog", LOG_BYTES), ("tourney", 400))
# Plain files made with the layout, each (directory, name, bytes) in a directory of its own: the
# tournament director's copy of a finished log (firmware/tlog.py EXPORT), written in place at
# Finish tournament, so that writing it allocates nothing and rewrites no entry of the save
# directory (a cut there could take every slot's name).
PLAIN = (("out", "tournament.log", LOG_BYTES),)


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
        """[(seq, slot, payload)] of the good records newer than any "cleared" record, newest
        first; sets `seq` and `slot` (a cleared record counts as the newest when it is)."""
        out = []
        top = (0, -1)
        marks = 0
        for i in range(2):
            raw = getattr(self.store, "read_slot", self.store.read)(self.names[i])
            rec = unpack(raw)
            if rec is not None:
                out.append((rec[0], i, rec[1]))
                seq = rec[0]
            else:
                seq = cleared(raw)
                if seq is None:
                    continue
                marks = max(marks, seq)
            if seq > top[0] or top[1] < 0:
                top = (seq, i)
        if len(out) == 2 and out[1][0] > out[0][0]:
            out = [out[1], out[0]]
        self.seq, self.slot = top
        return [r for r in out if r[0] > marks]

    def _scan(self):
        return self._read()

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
        make = getattr(self.store, "make_slots", None)
        if make is not None and self.slot < 0:
            make(self.names, len(payload) + HEADER_SIZE)
        getattr(self.store, "write_slot", self.store.write)(self.names[target], pack(seq, payload))
        self.seq = seq
        self.slot = target
        return seq

    def erase(self):
        """The kind holds nothing from now on: a "cleared" record over the older slot (the
        newest stays until it is whole; no file is removed, so no FAT write) -- or, in a store
        of plain records (nvm), both removed."""
        write = getattr(self.store, "write_slot", None)
        if write is None:
            for n in self.names:
                self.store.remove(n)
            self.seq = 0
            self.slot = -1
            return
        if self.slot < 0:
            return          # nothing was ever saved
        seq = self.seq + 1
        target = 1 - self.slot
        write(self.names[target], pack_cleared(seq))
        self.seq = seq
        self.slot = target

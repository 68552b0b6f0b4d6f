"""Power-cut-proof saves: two slots, each with a sequence number and a checksum.

Every save goes to the slot that does NOT hold the newest good record, so
the last completed save is never touched while a new one is written. A
record is

    magic b"ADJ1" | seq (u32) | length (u32) | crc32 (u32) | payload

and a slot counts only if its magic, length and checksum all hold. `load()`
returns the good record with the highest sequence number. A power cut at
any instant -- before the write, with half a record on flash, before the
flush -- leaves either the new record complete or the previous one intact.

Storage is injected (`FileStore` on CircuitPython/Blinka; tests pass their
own with the same three methods), so the logic runs on a PC.
"""

import struct

MAGIC = b"ADJ1"
_HEADER = "<4sIII"
HEADER_SIZE = 16

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


def pack(seq, payload):
    return struct.pack(_HEADER, MAGIC, seq, len(payload), crc32(payload)) + payload


def unpack(data):
    """(seq, payload) of a good record, or None for a torn/blank/foreign one."""
    if data is None or len(data) < HEADER_SIZE:
        return None
    magic, seq, length, crc = struct.unpack(_HEADER, data[:HEADER_SIZE])
    if magic != MAGIC or len(data) != HEADER_SIZE + length:
        return None
    payload = bytes(data[HEADER_SIZE:])
    if crc32(payload) != crc:
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

    def read(self, name):
        try:
            with open(_join(self.directory, name), "rb") as f:
                return f.read()
        except OSError:
            return None

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
        if raw[:4] != MAGIC:
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
    """Two alternating slots `<name>.0` and `<name>.1` in a store."""

    def __init__(self, store, name):
        self.store = store
        self.names = (name + ".0", name + ".1")
        self.seq = 0      # sequence number of the newest good record
        self.slot = -1    # where it lives (-1: none)
        self._scan()

    def _scan(self):
        self.seq = 0
        self.slot = -1
        best = None
        for i in range(2):
            rec = unpack(self.store.read(self.names[i]))
            if rec is not None and (best is None or rec[0] > best[0]):
                best = rec
                self.seq = rec[0]
                self.slot = i
        return best

    def load(self):
        """The newest good payload (bytes), or None when there is none."""
        best = self._scan()
        return best[1] if best is not None else None

    def save(self, payload):
        """Write `payload` as the next record; returns its sequence number."""
        seq = self.seq + 1
        target = 1 - self.slot if self.slot >= 0 else 0
        self.store.write(self.names[target], pack(seq, payload))
        self.seq = seq
        self.slot = target
        return seq

    def erase(self):
        for n in self.names:
            self.store.remove(n)
        self.seq = 0
        self.slot = -1

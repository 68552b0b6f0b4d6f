"""Two-slot saves survive a power cut at any instant (fake flash)."""

import random

from firmware import saves
from firmware.saves import Slots


class PowerCut(Exception):
    pass


class Flash:
    """Files as bytes; a write can be cut after `budget` bytes reach flash."""

    def __init__(self):
        self.files = {}
        self.budget = None  # bytes that may still be written before the cut

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        # opening for write truncates at once, like a FAT file opened "wb"
        self.files[name] = b""
        if self.budget is not None and self.budget < len(data):
            self.files[name] = bytes(data[: self.budget])
            self.budget = 0
            raise PowerCut()
        if self.budget is not None:
            self.budget -= len(data)
        self.files[name] = bytes(data)

    def remove(self, name):
        self.files.pop(name, None)


def test_crc32_matches_zlib_reference():
    """P40-T-70: the saved per-power state is checked (CRC-32 of the IEEE/zlib kind)."""
    # reference value of zlib.crc32(b"123456789")
    assert saves.crc32(b"123456789") == 0xCBF43926
    saves_crc = saves._crc32
    try:
        saves._crc32 = None  # the pure-Python fallback gives the same value
        assert saves.crc32(b"123456789") == 0xCBF43926
    finally:
        saves._crc32 = saves_crc


def test_newest_good_record_wins_and_slots_alternate():
    """P40-T-70: the newest saved state is the one resumed."""
    flash = Flash()
    s = Slots(flash, "game")
    assert s.load() is None
    s.save(b"one")
    s.save(b"two")
    s.save(b"three")
    assert Slots(flash, "game").load() == b"three"
    assert sorted(flash.files) == ["game.0", "game.1"]
    assert saves.unpack(flash.files["game.0"])[1] == b"three"
    assert saves.unpack(flash.files["game.1"])[1] == b"two"


def test_corrupt_slot_falls_back_to_the_other():
    """P40-T-70: a damaged newest record is ignored; the previous one is resumed."""
    flash = Flash()
    s = Slots(flash, "game")
    s.save(b"alpha")
    s.save(b"beta")
    data = bytearray(flash.files["game.1"])
    data[-1] ^= 0x01
    flash.files["game.1"] = bytes(data)
    assert Slots(flash, "game").load() == b"alpha"


def test_power_cut_at_200_random_points_loses_no_completed_save():
    """P40-T-70/P40-T-71: cut the power at 250 random byte offsets during 40 saves; the
    last completed save is always what comes back, and saving goes on afterwards."""
    rng = random.Random(8)
    for trial in range(250):
        flash = Flash()
        s = Slots(flash, "game")
        payloads = [("state %d " % i).encode() * rng.randint(1, 30) for i in range(40)]
        total = sum(len(p) + saves.HEADER_SIZE for p in payloads)
        flash.budget = rng.randint(0, total)
        completed = None
        try:
            for p in payloads:
                s.save(p)
                completed = p
        except PowerCut:
            pass
        flash.budget = None
        # restart
        s2 = Slots(flash, "game")
        assert s2.load() == completed, trial
        s2.save(b"after restart")
        assert Slots(flash, "game").load() == b"after restart"
        if completed is not None:
            # the previous good record is still there in the other slot
            other = [saves.unpack(v) for v in flash.files.values()]
            assert (s2.seq - 1, completed) in other


def test_filestore_roundtrip(tmp_path):
    """P40-T-70: the file store writes whole records and reads them back."""
    store = saves.FileStore(str(tmp_path / "saves"))
    s = Slots(store, "game")
    s.save(b"x" * 1000)
    s.save(b"y" * 10)
    assert Slots(saves.FileStore(str(tmp_path / "saves")), "game").load() == b"y" * 10
    s.erase()
    assert Slots(store, "game").load() is None

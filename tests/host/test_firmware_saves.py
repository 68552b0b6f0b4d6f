"""Two-slot saves survive a power cut at any instant (the board's flash model: fw_device.Flash,
host_sim/flash.py's 4 KB erase sectors under the firmware's FileStore)."""

import random

from firmware import saves
from firmware.saves import Slots
from fw_device import Flash, PowerCut


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
    """P40-T-70/P40-T-71: cut the power at 250 random flash units of 40 saves; the
    last completed save is always what comes back, and saving goes on afterwards."""
    rng = random.Random(8)
    for trial in range(250):
        flash = Flash()
        s = Slots(flash, "game")
        payloads = [("state %d " % i).encode() * rng.randint(1, 30) for i in range(40)]
        counter = Flash()
        counter.budget = 10 ** 9
        for p in payloads:
            Slots(counter, "game").save(p)
        total = 10 ** 9 - counter.budget        # flash units of the 40 saves (bytes, opens)
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


def test_a_flipped_bit_in_the_sequence_number_never_makes_an_older_record_the_newest():
    """P40-T-70: the sequence number is inside the checksum (ADJ2): every single-bit flip of
    the older slot's seq leaves the newest record the one loaded (issue 15: 30 of ~450 flips
    rolled the game back with seq outside the checksum)."""
    flash = Flash()
    s = Slots(flash, "game")
    s.save(b"older")
    s.save(b"newest")
    older = flash.files["game.0"]
    assert saves.unpack(older) == (1, b"older")
    for byte in range(4, 8):
        for bit in range(8):
            bad = bytearray(older)
            bad[byte] ^= 1 << bit
            flash.files["game.0"] = bytes(bad)
            assert Slots(flash, "game").load() == b"newest", (byte, bit)
    # the same flips of the first format's record (checksum over the payload only) would pass:
    v1 = bytearray(saves.pack_v1(1, b"older"))
    v1[7] ^= 0x80
    assert saves.unpack(bytes(v1)) == (1 + (0x80 << 24), b"older")


def test_records_of_the_first_format_are_still_read_and_the_next_save_is_adj2():
    """P40-T-70: a save written by the previous firmware (ADJ1) comes back; the next record is
    ADJ2, newer, in the other slot (the ADJ1 record kept until then)."""
    flash = Flash()
    flash.files["game.0"] = saves.pack_v1(7, b"from the old firmware")
    s = Slots(flash, "game")
    assert s.load() == b"from the old firmware" and s.seq == 7
    s.save(b"next")
    assert flash.files["game.1"][:4] == b"ADJ2"
    assert saves.unpack(flash.files["game.1"]) == (8, b"next")
    assert saves.unpack(flash.files["game.0"]) == (7, b"from the old firmware")
    assert Slots(flash, "game").load() == b"next"


def test_newest_record_that_does_not_restore_is_never_written_over_the_older_good_one():
    """P40-T-70: the newest record is checksum-good but does not restore (another firmware's
    payload): the caller falls back to the older record and keeps it; the next save goes over
    the newest (bad) one, with a higher sequence number, and the older good one stays until a
    newer good one is on flash."""
    flash = Flash()
    s = Slots(flash, "game")
    s.save(b"good game")
    s.save(b"unreadable")
    r = Slots(flash, "game")
    recs = r.records()
    assert [(q, i) for q, i, _p in recs] == [(2, 1), (1, 0)]
    assert recs[1][2] == b"good game"
    r.keep(recs[1][1])                    # the older one restored
    assert flash.files["game.0"] == saves.pack(1, b"good game")
    r.save(b"played on")
    assert saves.unpack(flash.files["game.1"]) == (3, b"played on")
    assert saves.unpack(flash.files["game.0"]) == (1, b"good game")
    assert Slots(flash, "game").load() == b"played on"


def test_oversized_or_lying_records_are_refused_unread(tmp_path):
    """P40-T-70: bounded parsing: a file longer than a record may be is not read whole, a
    length field that does not match the bytes is refused."""
    store = saves.FileStore(str(tmp_path / "saves"))
    big = saves.pack(1, b"x" * (saves.MAX_RECORD + 1))
    store.write("game.0", big)
    assert store.read("game.0") is None
    assert Slots(store, "game").load() is None
    rec = bytearray(saves.pack(1, b"abc"))
    rec[8] = 4                             # length says 4, the payload has 3 bytes
    assert saves.unpack(bytes(rec)) is None
    assert saves.unpack(saves.pack(1, b"abc")) == (1, b"abc")


def _old_drive(flash):
    """A drive an older firmware wrote: each slot a plain file in the save directory (a
    tester's copy, never cut)."""
    flash.files["game.0"] = saves.pack(7, b"the newest game")
    flash.files["game.1"] = saves.pack(6, b"the older game")
    flash.files["settings.1"] = saves.pack(3, b"sound=on")


def test_a_drive_of_the_old_layout_is_moved_into_slot_directories_at_power_on():
    """P40-T-70: an older firmware's plain slot files load, and the first start moves them into
    the layout (each slot a directory of its own): both game records kept with their sequence
    numbers, the settings record, no plain slot file left; the next save goes over the older."""
    flash = Flash()
    _old_drive(flash)
    flash.upgrade()
    import os
    for name in ("game.0", "game.1", "settings.0", "settings.1", "pending.0", "ttail.1"):
        assert os.path.isdir(flash.host_dir(name)), name
    assert [(q, p) for q, _i, p in Slots(flash, "game").records()] == [(7, b"the newest game"),
                                                                        (6, b"the older game")]
    assert Slots(flash, "settings").load() == b"sound=on"
    s = Slots(flash, "game")
    s.save(b"played on")
    assert [(q, p) for q, _i, p in Slots(flash, "game").records()] == [(8, b"played on"),
                                                                        (7, b"the newest game")]
    flash.upgrade()                       # once: a second start moves nothing
    assert Slots(flash, "game").load() == b"played on"


def test_a_power_cut_anywhere_in_the_move_to_the_layout_never_loses_the_newest_record():
    """P40-T-70: the move of an old drive cut at every flash unit: after the restart (which
    moves what is left) the newest game record and the settings load, every slot in the layout."""
    import os
    counter = Flash()
    _old_drive(counter)
    counter.sim.reset_counter()
    counter.upgrade()
    units = counter.sim.spent
    assert units > 40
    for u in range(units):
        flash = Flash()
        _old_drive(flash)
        flash.budget = u
        try:
            flash.upgrade()
            raise AssertionError("the cut at unit %d never came" % u)
        except PowerCut:
            pass
        flash.budget = None
        assert Slots(flash, "game").load() == b"the newest game", u
        flash.upgrade()
        assert Slots(flash, "game").load() == b"the newest game", u
        assert Slots(flash, "settings").load() == b"sound=on", u
        assert os.path.isdir(flash.host_dir("game.0")) and os.path.isdir(flash.host_dir("game.1")), u


def test_erasing_writes_a_cleared_record_and_a_cut_leaves_the_record_or_nothing():
    """P40-T-60 P40-T-70: a kind erased (a pending battle fought, a raid over) gets a "cleared"
    record over its older slot -- no file removed, so no FAT write; a cut at every unit of the
    erase leaves either the record or nothing, never the older record; the next save is newer."""
    counter = Flash()
    s = Slots(counter, "pending")
    s.save(b"first battle")
    s.save(b"second battle")
    counter.sim.reset_counter()
    Slots(counter, "pending").erase()
    units = counter.sim.spent
    assert Slots(counter, "pending").load() is None
    assert saves.cleared(counter.files["pending.0"]) == 3     # over the older slot
    assert saves.unpack(counter.files["pending.1"]) == (2, b"second battle")
    for u in range(units):
        flash = Flash()
        s = Slots(flash, "pending")
        s.save(b"first battle")
        s.save(b"second battle")
        flash.budget = u
        try:
            Slots(flash, "pending").erase()
            raise AssertionError("the cut at unit %d never came" % u)
        except PowerCut:
            pass
        flash.budget = None
        assert Slots(flash, "pending").load() in (b"second battle", None), u
    s = Slots(counter, "pending")
    s.save(b"third battle")
    assert Slots(counter, "pending").records()[0][:1] == (4,) and Slots(counter, "pending").load() == b"third battle"

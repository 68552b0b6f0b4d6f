"""The simulated flash fails like a board's: a cut during a write may wipe the whole 4 KB erase sector
being written, every file's bytes in it, and the firmware's records survive that.

Placement is FatFs': 512-byte clusters (a 2 MB CIRCUITPY drive), allocated next-fit after the last
one allocated, the first 3 held by the user's own files (boot_out.txt, code.py, settings.toml); so
cluster c holds flash bytes [512 c, 512 c + 512) and sector s is clusters 8 s .. 8 s + 7.
"""

import os

from host_sim.flash import Flash, PowerCut
from host_sim.hub import NVM


def _flash(tmp_path, **kw):
    return Flash(str(tmp_path / "fs"), "/saves", **kw)


def _write(flash, path, data, mode="wb"):
    with flash:
        with open(path, mode) as f:
            f.write(data)


def _read(flash, path):
    with flash:
        with open(path, "rb") as f:
            return f.read()


def test_clusters_are_allocated_next_fit_after_the_users_files(tmp_path):
    """P40-T-70: two 600-byte files take clusters 3-4 and 5-6 (both in sector 0 with the user's
    files); a rename keeps the clusters; a rewrite ("w") frees them and goes on after the last."""
    flash = _flash(tmp_path)
    with flash:
        os.mkdir("/saves")
    _write(flash, "/saves/a", b"a" * 600)
    _write(flash, "/saves/b", b"b" * 600)
    root = flash.root + "/saves/"
    assert flash.chains[root + "a"] == [3, 4] and flash.chains[root + "b"] == [5, 6]
    with flash:
        os.rename("/saves/b", "/saves/c")
    assert flash.chains[root + "c"] == [5, 6] and root + "b" not in flash.chains
    _write(flash, "/saves/a", b"A" * 100)
    assert flash.chains[root + "a"] == [7]
    assert flash.address(root + "c", 513) == 6 * 512 + 1


def test_a_cut_wipes_the_sector_being_written_and_every_file_in_it(tmp_path):
    """P40-T-70: a cut in the 200th byte of a file written in cluster 11 wipes sector 1 (clusters
    8..15): the bytes a complete file has there read 0xFF, its bytes in sector 0 and another file
    wholly in sector 0 keep theirs; without the model nothing but the cut file changes."""
    for tear in (True, False):
        flash = _flash(tmp_path / str(tear), tear=tear)
        with flash:
            os.mkdir("/saves")
        _write(flash, "/saves/a", b"a" * 600)            # clusters 3, 4
        _write(flash, "/saves/far", b"f" * 3000)         # clusters 5..10: sectors 0 and 1
        flash.arm(1 + 199)                               # the open, then 199 bytes
        try:
            _write(flash, "/saves/b", b"b" * 600)        # clusters 11, 12 (sector 1)
        except PowerCut:
            pass
        root = flash.root + "/saves/"
        assert flash.chains[root + "b"][0] == 11
        a, far, b = _read(flash, "/saves/a"), _read(flash, "/saves/far"), _read(flash, "/saves/b")
        assert len(b) == 199
        if tear:
            assert flash.torn == [1]                     # byte 199 of b is in cluster 11, sector 1
            assert a == b"a" * 600                       # sector 0 untouched
            # far's clusters 8, 9, 10 (file bytes 1536..3000) are in sector 1: wiped
            assert far[:1536] == b"f" * 1536 and far[1536:] == b"\xff" * (3000 - 1536)
            assert b == b"\xff" * 199
        else:
            assert flash.torn == [] and far == b"f" * 3000 and b == b"b" * 199


def test_a_cut_during_an_nvm_write_wipes_its_erase_block(tmp_path):
    """P40-T-70: nvm is one erase block (SAMD51: 8 KB): a cut while one slot is written erases the
    other slot too."""
    flash = _flash(tmp_path)
    nvm = NVM(str(tmp_path / "nvm.bin"), 8192, flash)
    with flash:
        nvm[0:4] = b"keep"
        flash.arm(2)
        try:
            nvm[512:516] = b"new!"
        except PowerCut:
            pass
    assert bytes(nvm[0:4]) == b"\xff\xff\xff\xff" and bytes(nvm[512:516]) == b"\xff\xff\xff\xff"


def _scenario(root, cut_log_at=None, cut_save_at=None):
    """Two game saves and a settings save with an append-only log growing between them (its
    clusters next to theirs); then, with a cut armed, one more log append or one more game save.
    Returns what the game slots load after the cut."""
    from firmware import saves
    flash = Flash(root, "/saves")
    with flash:
        store = saves.FileStore("/saves")
        game = saves.Slots(store, "game")
        for i, p in enumerate((b"first " * 300, b"second " * 250)):
            with open("/saves/log", "ab") as f:
                f.write(b"line %d\n" % i * 60)
            game.save(p)
            saves.Slots(store, "settings").save(b"{}" * 10)
        try:
            if cut_log_at is not None:
                flash.arm(cut_log_at)
                with open("/saves/log", "ab") as f:
                    f.write(b"x" * 700)
            if cut_save_at is not None:
                flash.arm(cut_save_at)
                game.save(b"third " * 280)
        except PowerCut:
            pass
        flash.reboot()
        flash.arm(None)
        return saves.Slots(saves.FileStore("/saves"), "game").load(), flash.torn


def test_slot_records_survive_a_cut_in_any_other_write(tmp_path):
    """P40-T-70: firmware/saves.py's slot files (the record between two sectors of padding, rewritten
    in place): a cut at any byte of an append to an unpadded file next to them, or of the next
    game save, leaves the last good game record (or the new one, once its last byte is on flash)."""
    torn = set()
    for u in range(0, 702, 25):
        loaded, t = _scenario(str(tmp_path / ("l%d" % u)), cut_log_at=u)
        torn.update(t)
        assert loaded == b"second " * 250, u
    for u in range(0, 1700, 41):
        loaded, t = _scenario(str(tmp_path / ("s%d" % u)), cut_save_at=u)
        torn.update(t)
        assert loaded in (b"second " * 250, b"third " * 280), u
    assert torn  # the cuts did wipe sectors


# -- FatFs' own sectors (metadata=True) -------------------------------------------------------

def test_the_drive_is_laid_out_as_fatfs_formats_circuitpy():
    """P40-T-70: f_mkfs(FM_FAT, au=0) on a 2 MB flash, worked by hand from FatFs' rules: 4096
    sectors of 512 bytes, the volume from sector 63 (4033 sectors), 1 reserved sector; 4033
    one-sector clusters is FAT12 (<= 4085): (4033 * 3 + 1) // 2 + 3 = 6053 bytes = 12 sectors of
    FAT; 512 root entries = 32 sectors; 4033 - 1 - 12 - 32 = 3988 clusters. So the FAT is at
    sector 64, the root directory at 76, cluster 2 at 108. A 16 MB drive: 32705 sectors, 7 units
    of 4096 -> 4 sectors a cluster (2 KB), 8176 clusters -> FAT16, 16356 bytes = 32 sectors."""
    from host_sim.flash import geometry
    g = geometry(2 * 1024 * 1024)
    assert g == {"cluster": 512, "sectors_per_cluster": 1, "fat12": True, "fat": 64 * 512,
                 "fat_size": 12 * 512, "root": 76 * 512, "data": 108 * 512, "clusters": 3988}
    g = geometry(16 * 1024 * 1024)
    assert (g["cluster"], g["fat12"], g["fat_size"], g["root"], g["data"]) == (
        2048, False, 32 * 512, 96 * 512, 128 * 512)


def _meta(tmp_path, name="fs"):
    flash = Flash(str(tmp_path / name), "/saves", metadata=True)
    with flash:
        os.mkdir("/saves")          # clusters 2-4 are the user's files: /saves is cluster 5
    return flash


def test_a_cut_while_a_directory_sector_is_written_takes_every_entry_in_it(tmp_path):
    """P40-T-70: rewriting a file in place ("r+b") rewrites its directory entry at the sync (size,
    time): a cut there wipes the directory's erase sector, every file's entry with it. /saves is
    cluster 5, at byte 55296 + 3 * 512 = 56832: sector 13."""
    flash = _meta(tmp_path)
    _write(flash, "/saves/a", b"a" * 100)
    _write(flash, "/saves/b", b"b" * 100)
    flash.arm(1 + 10)                    # the open, 10 bytes; the entry's sector is the next unit
    try:
        _write(flash, "/saves/a", b"A" * 10, "r+b")
        raise AssertionError("no cut")
    except PowerCut:
        pass
    assert flash.torn == [13]
    assert sorted(flash.lost) == ["/saves/a", "/saves/b"]
    flash.reboot()
    with flash:
        assert os.listdir("/saves") == []


def test_a_torn_fat_sector_cuts_every_chain_linked_in_it(tmp_path):
    """P40-T-70: a new file's clusters go into the FAT at its sync; a cut there wipes FAT sector 8
    (clusters 0..2729 on FAT12): every file of more than one cluster reads an I/O error after its
    first cluster's link, a one-cluster file (its entry was end-of-chain anyway) still reads."""
    flash = _meta(tmp_path)
    _write(flash, "/saves/big", b"g" * 1500)      # clusters 6, 7, 8
    _write(flash, "/saves/one", b"o" * 100)       # cluster 9
    flash.arm(2 + 700)                   # the open, its new entry's sector, 700 bytes; then the FAT's
    try:
        with flash:
            with open("/saves/new", "wb") as f:
                f.write(b"n" * 700)
        raise AssertionError("no cut")
    except PowerCut:
        pass
    assert flash.torn == [8]
    flash.reboot()
    try:
        _read(flash, "/saves/big")
        raise AssertionError("read a cut chain")
    except OSError as err:
        assert err.errno == 5
    assert _read(flash, "/saves/one") == b"o" * 100


def test_a_rename_over_a_file_is_two_steps(tmp_path):
    """P40-T-70: MicroPython's rename refuses an existing target, so VfsFat removes it first: a cut
    between the two leaves the old name gone and the new file under its temporary name."""
    flash = _meta(tmp_path)
    _write(flash, "/saves/log", b"old")
    _write(flash, "/saves/log.new", b"new")
    flash.arm(2)                         # the remove, its entry's sector; the rename's unit is cut
    try:
        with flash:
            os.rename("/saves/log.new", "/saves/log")
        raise AssertionError("no cut")
    except PowerCut:
        pass
    flash.reboot()
    with flash:
        assert os.listdir("/saves") == ["log.new"]


def test_after_a_mount_allocation_fills_the_first_hole(tmp_path):
    """P40-T-70: FatFs forgets its last allocation at mount and searches from cluster 2; a chain
    grows into the next cluster when it is free, else into the first free one after the last
    allocated: a file written after a remove and a reboot is split around the files after the
    hole. a = 6-7, b = 8-9, c = 10-11; b removed; d (5 clusters) = 8, 9, then 12, 13, 14."""
    flash = _meta(tmp_path)
    for name in ("a", "b", "c"):
        _write(flash, "/saves/" + name, name.encode() * 1000)
    with flash:
        os.remove("/saves/b")
    flash.reboot()
    _write(flash, "/saves/d", b"d" * 2500)
    assert flash.chains[flash.root + "/saves/d"] == [8, 9, 12, 13, 14]
    assert _read(flash, "/saves/d") == b"d" * 2500

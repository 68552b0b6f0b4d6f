"""Every kind of record the firmware keeps on flash against a power cut at every flash unit of a
scripted session (issue 14 point 6): game saves, settings, pending battles, the luck ledger, the
luck cache, the tournament seed record (slot files, firmware/saves.py) and the tournament log (its
two copies and the tail record, firmware/tlog.py), interleaved as the app writes them, through the firmware's
own FileStore on the simulator's flash (host_sim/flash.py: a cut wipes the 4 KB erase sector
being written).

After each cut the power comes back: every kind must load the record of its last completed save
(or the one whose save the cut interrupted, if it completed on flash), and the log's committed
lines must be those of its last completed append (or with the interrupted group). The expected
values come from the script itself, not from reading the flash.
"""

import os
import random
import shutil
import tempfile

from firmware import saves, tlog
from host_sim.flash import Flash, PowerCut

KINDS = ("settings", "game", "pending", "luck", "tluck", "tourney")


def script(seed, steps, log=True):
    """[(kind, payload)] -- kind "log" appends a group of lines (none with log=False); kind
    "erase" erases a kind (a pending battle fought, a raid over: firmware/saves.Slots.erase)."""
    rng = random.Random(seed)
    out = []
    for i in range(steps):
        kind = rng.choice(KINDS + (("log", "log") if log else ("erase",)))
        if kind == "erase":
            out.append(("erase", rng.choice(KINDS)))
            continue
        if kind == "log":
            out.append(("log", ["%d|action|%s" % (i, "x" * rng.randint(5, 60)) for _ in range(rng.randint(1, 3))]))
        else:
            out.append((kind, ("%s %d " % (kind, i)).encode() * rng.randint(2, 40)))
    return out


def _run(flash, ops):
    """Play `ops`; returns the index of the op in flight when the power went (len(ops): none)."""
    i = 0
    with flash:
        try:
            store = saves.FileStore("/saves")   # its mkdir is a flash unit too
            log = tlog.LogFile(store)
            for i, (kind, payload) in enumerate(ops):
                if kind == "log":
                    for line in payload:
                        log.sink(line)
                    log.flush()
                elif kind == "erase":
                    saves.Slots(store, payload).erase()
                else:
                    saves.Slots(store, kind).save(payload)
        except PowerCut:
            return i
    return len(ops)


def _state(flash):
    """What the firmware reads at power-on: each kind's record, and the log's committed lines."""
    with flash:
        store = saves.FileStore("/saves")
        got = dict((k, saves.Slots(store, k).load()) for k in KINDS)
        log = tlog.LogFile(store)
        scanned = log.scan()
        got["log"] = list(log.lines(scanned[0])) if scanned is not None else []
    return got


def _expected(ops, upto):
    """Each kind's last payload among ops[:upto]; the log's lines of those appends."""
    want = dict((k, None) for k in KINDS)
    want["log"] = []
    for kind, payload in ops[:upto]:
        if kind == "log":
            want["log"] = want["log"] + payload
        elif kind == "erase":
            want[payload] = None
        else:
            want[kind] = payload
    return want


def sweep(seed, steps, stride=1, metadata=False, log=True, every_meta=False):
    """Cut at every `stride`-th flash unit of the script (every_meta: and at every one of FatFs'
    FAT/directory writes, whatever the stride). Returns (units, cuts, failures)."""
    ops = script(seed, steps, log)
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    tmp = tempfile.mkdtemp(prefix="adjutant-kinds-", dir=shm)   # the host's disk is not measured
    try:
        flash = Flash(os.path.join(tmp, "count"), "/saves", metadata=metadata)
        _run(flash, ops)
        units = flash.spent
        points = set(range(0, units, stride))
        if every_meta:
            points |= set(flash.meta_units)
        failures = []
        cuts = 0
        for u in sorted(points):
            root = os.path.join(tmp, "c%d" % u)
            flash = Flash(root, "/saves", metadata=metadata)
            flash.arm(u)
            at = _run(flash, ops)
            assert at < len(ops), "the cut at unit %d never came" % u
            cuts += 1
            flash.reboot()
            flash.arm(None)
            got = _state(flash)
            before, after = _expected(ops, at), _expected(ops, at + 1)
            bad = [k for k in got if got[k] != before[k] and got[k] != after[k]]
            if bad:
                failures.append((u, ops[at][0], bad, flash.torn, flash.lost))
            shutil.rmtree(root, ignore_errors=True)
        return units, cuts, failures
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_every_record_kind_survives_a_cut_at_every_flash_unit():
    """P40-T-70 P40-T-71: 24 interleaved writes of every record kind (slot saves of 6 kinds, log
    appends with their tail record); the power cut at every flash unit (open, byte, rename,
    remove): after the restart every kind holds its last completed record or the interrupted
    one, the log its committed groups -- nothing older, nothing mixed."""
    units, cuts, failures = sweep(14, 24)
    assert cuts == units and units > 3000
    assert failures == [], failures[:5]


def test_slot_records_survive_a_cut_at_every_flash_unit_with_fatfs_own_sectors():
    """P40-T-70 P40-T-60: the slot kinds (game, settings, pending, luck, luck cache, seed record)
    saved and erased interleaved, on the flash with FatFs' FAT and directory sectors written and
    torn too (host_sim/flash.py metadata=True), a cut at every flash unit -- the slot layout made
    before the first record included: every kind holds its last completed record or the
    interrupted one (an erase: nothing). Erases in place of the log's appends (the sweep with the
    log is the next test)."""
    units, cuts, failures = sweep(21, 14, metadata=True, log=False)
    ops = script(21, 14, log=False)
    assert [k for k, _p in ops if k == "erase"] and len(set(k for k, _p in ops)) >= 5
    assert cuts == units and units > 1000
    assert failures == [], failures[:5]


def test_every_record_kind_with_the_log_survives_every_fatfs_write():
    """P40-T-70 P40-T-60 CL-C-02: every kind interleaved with tournament log appends, on the flash
    with FatFs' FAT and directory sectors written and torn (metadata=True): a cut at every one of
    FatFs' own writes and at every 7th flash unit besides (the bytes between them: the data
    sectors' sweep above cuts at every one). Every kind holds its last completed record or the
    interrupted one, the log its committed groups (firmware/tlog.py: two preallocated copies,
    the committed length in the tail record)."""
    units, cuts, failures = sweep(21, 14, stride=7, metadata=True, every_meta=True)
    ops = script(21, 14)
    assert len([k for k, _p in ops if k == "log"]) >= 4 and len(set(k for k, _p in ops)) >= 5
    assert cuts > units // 7 and units > 3000
    assert failures == [], failures[:5]


def _appends(appends, width, volume=None, log_bytes=None):
    """The layout made (a log started, a game saved), then `appends` log entries of `width`
    bytes, each flushed, on the sector model with FatFs' own sectors. Returns (the log's length,
    sectors written by the appends, the FAT's sectors, the save directory's sectors)."""
    tmp = tempfile.mkdtemp(prefix="adjutant-append-")
    try:
        kw = {"volume": volume} if volume else {}
        flash = Flash(os.path.join(tmp, "fs"), "/saves", metadata=True, **kw)
        written = []
        with flash:
            store = saves.FileStore("/saves", log_bytes)
            log = tlog.LogFile(store)
            log.sink("ADJUTANT-LOG|2|x|y|z")
            log.start()
            saves.Slots(store, "game").save(b"game " * 100)
            meta = flash._meta

            def record(sectors):
                written.extend(sectors)
                meta(sectors)
            flash._meta = record
            for i in range(appends):
                log.sink("%d|action|%s" % (i, "x" * width))
                log.flush()
            size = log.length
        geo = flash.geo
        fat = set(range(geo["fat"] // 4096, (geo["fat"] + geo["fat_size"] - 1) // 4096 + 1))
        directory = set()
        for c in flash.chains[flash.root + "/saves"]:
            directory |= set(flash._cluster_sectors(c))
        return size, written, fat, directory
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_a_log_append_writes_no_fat_sector_and_no_entry_of_the_save_directory():
    """P40-T-70: with the layout made, sixty log appends (past several clusters and an erase
    sector of the copies) write none of FatFs' FAT sectors and no sector of the save directory
    (which holds every slot directory's entry): only the copies' and the tail record's own
    directory entries, each in an erase sector of its own (firmware/tlog.py, saves.LAYOUT)."""
    size, written, fat, directory = _appends(60, 90)
    assert size > 6000 and len(written) >= 60 * 3
    assert not set(written) & fat
    assert not set(written) & directory


def test_a_global_game_log_on_the_psram_handheld_writes_no_fat_sector():
    """P40-T-70: on the Pico Plus 2 (16 MB flash) the layout makes room for a whole Global 1940
    tournament log (2-4 KB a turn, 10 powers, 15-odd rounds: up to ~600 KB), so a log past the
    120 KB a small drive gets (here 200 appends of 1 KB: 200 KB) still writes none of FatFs' FAT
    sectors after the first save -- a torn FAT sector would cut every file's chain. On the
    PyBadge's 2 MB drive the same log grows its files (the FAT written: the known limit,
    host_sim/README "Limits")."""
    from firmware.hardware import pico_plus2_lcd, pybadge

    def fat_writes(profile):
        size, written, fat, _directory = _appends(200, 1000, profile.DRIVE_BYTES, profile.LOG_BYTES)
        assert size > 200 * 1000
        return len(set(written) & fat)

    assert pico_plus2_lcd.LOG_BYTES * 5 // 4 >= 600 * 1024 > pybadge.LOG_BYTES * 5 // 4
    assert fat_writes(pico_plus2_lcd) == 0
    assert fat_writes(pybadge) > 0

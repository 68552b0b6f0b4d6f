"""Tournament mode on the device (issue 9): the commitment before the first action, every
action, undo, battle roll, decision and bank entry in the log file on flash, the game rebuilt
from that log after a power cut, "Finish tournament" writing the revealed seed, the luck
ledger on screen, and the exported log verified by `python -m engine_core verify`.

Expectations come from outside the code under test: the commitment is SHA-256 computed here
with hashlib, the luck ledger's expectation of a one-infantry duel is worked by hand, the
exported log is checked by the verify command in a separate process.
"""

import hashlib
import os
import struct
import random
import subprocess
import sys
import tempfile

from fw_device import Device, Flash, PowerCut, FIRST_TWO
from firmware import saves

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RANDOM16 = bytes(range(16, 32))
SEED_HEX = "".join("%02x" % b for b in RANDOM16)


class LogFlash(Flash):
    """The device's flash (fw_device: the simulator's sector model) with a hook that records the
    game's state after every completed flash operation."""

    def __init__(self, metadata=False):
        Flash.__init__(self, metadata=metadata)
        self.device = None
        self.states = []      # state after each completed operation

    def _done(self):
        d = self.device
        if d is not None and getattr(d, "app", None) is not None:
            self.states.append(state(d.app))


def state(app):
    """What must survive a power cut: the game save and the running battle (None: no game)."""
    s = app.session
    if s.game is None and s.battle is None:
        return None
    return bytes(s.payload())


def device(flash=None):
    flash = flash if flash is not None else LogFlash()
    holder = _Holder()
    flash.device = holder
    d = Device(flash=flash)
    holder.app = d.app
    d.app.entropy = lambda n: RANDOM16[:n]
    return d


class _Holder:
    app = None


def log_lines(flash):
    """The log's lines (the empty lines between groups are commit marks, firmware/tlog.py), as the
    firmware reads them from its two copies."""
    return [l for l in flash.log().decode().splitlines() if l]


def new_tournament(d, edition="Pacific 1940"):
    d.select_item("New game")
    d.select_item(edition)
    top = d.app.top()
    d.press("down", top.tour_row - top.cursor)
    d.press("right")                    # Tournament dice: on
    d.press("select")


def _new_game(d, tour):
    """A Pacific 1940 game past its first screen: a tournament (its commitment) or a normal one."""
    if tour:
        new_tournament(d)
    else:
        d.select_item("New game")
        d.select_item("Pacific 1940")
    d.press("select")


def bought_two():
    """A new tournament on fresh fake flash, past its commitment, 2 units bought: (flash, device)."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    start_and_buy_two(d)
    return flash, d


def start_and_buy_two(d):
    """Past the commitment screen, then Purchase: 2 of the first unit row, confirmed."""
    d.press("select")
    d.press("select")
    d.press("right", 2)
    d.press("select")


def turn_with_battle(d, undo=True, attack=(3, 1, 1), defend=4, before_roll=None):
    """Japan: purchase (+ undo and buy again), war on the US, a battle in Anhwe to its result."""
    d.press("select")                   # Purchase
    d.press("right", 2)
    d.press("select")
    if undo:
        d.hold("back", 800)
        d.select_item("Yes")
        d.press("select")
        d.press("right", 2)
        d.press("select")
    d.press("roll")                     # -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United States")
    d.select_item("Yes")
    d.press("roll")                     # -> Combat
    d.press("select")
    d.select_item("Battle")
    d.select_item("Anhwe")
    inf, art, ftr = attack
    _add(d, "infantry", inf)
    _add(d, "artillery", art)
    _add(d, "fighter", ftr)
    d.press("select")                   # defender
    _add(d, "infantry", defend)
    d.wait(100)                         # the set-up screen computes the odds
    if before_roll is not None:
        before_roll()
    d.press("roll")                     # fight: the tournament rolls to the first decision
    n = 0
    while d.screen() != "BattleResult" and n < 40:
        d.press("select")               # take the preselected default
        n += 1
    assert d.screen() == "BattleResult", d.text()
    d.press("select")                   # record the battle in the game


def _add(d, unit, n):
    if not n:
        return
    top = d.app.top()
    names = top.names
    i = names.index(unit)
    steps = i - top.cursor
    d.press("down" if steps > 0 else "up", abs(steps))
    d.press("right", n)


def finish(d):
    d.press("back")                     # dashboard -> home
    d.select_item("Tournament")
    d.select_item("Finish tournament")
    d.select_item("Yes")


def verify_cli(path):
    env = dict(os.environ)
    env["PYTHONPATH"] = REPO
    return subprocess.run([sys.executable, "-m", "engine_core", "verify", path], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)


# ---------------------------------------------------------------------------------------------

def test_commitment_is_shown_before_the_first_action():
    """Issue 9: the device shows the SHA-256 commitment of its secret seed before the game; the
    seed comes from 16 random bytes (audit.new_seed), sits in its own save record, never in the log."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    assert d.screen() == "Commitment"
    lines = log_lines(flash)
    # format 2 (issue 15): the commitment binds the edition and the game entry (its options)
    edition, body = lines[0].split("|")[2], lines[1].split("|")[2]
    assert edition == "pacific_1940" and body.startswith('{"options":')
    want = hashlib.sha256(("adjutant-seed/2:%s|%s|%s" % (edition, body, SEED_HEX)).encode()).hexdigest()
    text = d.text()
    rows = [line.replace(" ", "") for line in d.lines()[1:-1]]
    assert "".join(rows[-4:]) == want, text        # the whole hash, in groups of four
    assert rows[0] + rows[1] == want[:16]          # its first 16 digits drawn big
    assert "Commitment" in d.lines()[0]
    lines = log_lines(flash)
    assert len(lines) == 2 and lines[0].split("|")[3] == want and lines[1].split("|")[1] == "game"
    assert SEED_HEX not in flash.log().decode() and "tournament.log" not in flash.files
    assert any(SEED_HEX.encode() in v for k, v in flash.files.items() if k.startswith("tourney."))
    again = device(flash)                          # a restart before the first action: shown again
    assert again.screen() == "Commitment"
    d.press("select")                              # start the game
    assert d.screen() == "Dashboard" and "Purchase" in d.text()
    d.press("back")
    d.select_item("Tournament")
    d.select_item("Commitment")                    # shown again on demand
    assert "".join([l.replace(" ", "") for l in d.lines()[1:-1]][-4:]) == want


def test_normal_new_game_by_default_and_no_tournament_in_the_store_demo():
    """Issue 9: tournament mode is an option of a new game, off by default; kiosk visitors keep nothing."""
    d = device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    assert "Tournament dice        off" in d.text()
    d.press("select")
    assert d.app.session.tour is None and d.screen() == "Dashboard"
    k = Device(kiosk=True)
    k.press("select")                              # any button: the guided demo
    assert k.app.session.slots is None


def test_tournament_game_logged_finished_and_verified():
    """Issue 9 acceptance: every action (and the undo), battle roll, decision and bank entry is in
    the log on flash as play goes; "Finish tournament" writes the revealed seed; the file verifies
    with `python -m engine_core verify` (P40-T-11 purchase paid at once, P40-T-20 war at Combat move)."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")
    turn_with_battle(d)
    lines = log_lines(flash)
    kinds = [l.split("|")[1] for l in lines[1:]]
    bodies = [l.split("|")[2] for l in lines[1:]]
    assert "action" in kinds and "bank" in kinds and "roll" in kinds and "decision" in kinds
    assert "undo" in bodies
    assert bodies.count("0 -6 20 purchase-6") == 2           # bought twice (undone once)
    assert "0 +6 26 undo" in bodies
    assert any(b.startswith("battle:") for b in bodies)      # the result recorded in the game
    assert d.app.session.tlog.pending == []                  # nothing waits in memory
    finish(d)
    assert d.screen() == "Finished"
    assert SEED_HEX[:4] + " " + SEED_HEX[4:8] in d.text()
    assert "Log: out/tournament.log" in d.text()       # the fake flash has no save directory
    lines = log_lines(flash)
    assert lines[-1].startswith("SEED|" + SEED_HEX + "|")
    final = lines[-1].split("|")[2]
    assert " ".join([final[i:i + 4] for i in range(0, 16, 4)]) in d.text()   # the final hash to note
    assert d.app.session.game is None
    d.press("back")                                          # home: the finish screen again
    d.select_item("Last tournament")
    assert d.screen() == "Finished" and SEED_HEX[:4] in d.text()
    d.press("select")
    assert d.screen() == "Luck" and "JPN" in d.text()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "game.log")
        export = flash.files["out/tournament.log"]  # the export: the committed log, then empty lines
        log = flash.log()
        assert export == log + b"\n" * (len(export) - len(log)) and len(export) >= len(log)
        with open(path, "wb") as f:
            f.write(export)             # as the director copies it: verify skips the empty lines
        r = verify_cli(path)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "verified" in r.stdout and "Japan" in r.stdout
    again = Device(flash=flash)                              # a finished tournament does not come back
    assert again.app.session.game is None and again.app.session.tour is None


def test_finish_offered_first_at_victory():
    """Issue 9: "Finish tournament" from the home menu, first once the game has a winner."""
    d = device()
    new_tournament(d)
    d.press("select")
    s = d.app.session
    real = s.game.summary

    def won():
        out = real()
        out["victory"] = 0
        return out
    s.game.summary = won
    d.app.open_home()
    d.press("up")
    d.press("down")
    assert d.app.top().items[0][0] == "Finish tournament"


def test_luck_ledger_of_a_duel_worked_by_hand():
    """Issue 9 luck ledger: 1 infantry attacks 1 infantry (P40-U-01: attack 1, defence 2, cost 3;
    P40-C-90: rounds go on until one side is gone).
    Per round the attacker hits 1/6, the defender 2/6: attacker wins 1/4 (swing +3), defender
    5/8 (swing -3), both die 1/8 (0); expected swing -9/8 = -1.125 -> -113 hundredths for Japan,
    +113 for China; luck = actual - expected. Shown on the luck screen from the home menu."""
    d = device()
    new_tournament(d)
    d.press("select")
    turn_with_battle(d, undo=False, attack=(1, 0, 0), defend=1)
    s = d.app.session
    rows = s.luck_rows()
    jp = s.board.power_id("Japan")
    cn = s.board.power_id("China")
    by = dict((r[0], r) for r in rows)
    assert sorted(by) == sorted([jp, cn])
    assert by[jp][1] == 1 and by[jp][2] == -113 and by[cn][2] == 113
    actual = by[jp][3]
    assert actual in (300, -300, 0)
    assert abs(by[jp][4] - (actual + 112.5)) <= 1 and by[cn][4] == -by[jp][4]
    d.press("back")
    d.select_item("Tournament")
    d.select_item("Luck ledger")
    text = d.text()
    assert "JPN" in text and "-1.1" in text and "CHN" in text and "+1.1" in text


def test_normal_game_keeps_a_luck_ledger_across_a_restart():
    """Issue 9: a normal game's battles go into a luck ledger too, on the home menu; it has its
    own save slots, so a restart keeps it (P40-U-01 duel: expected swing -9/8 -> -113 / +113
    hundredths); a new game starts an empty one."""
    flash = LogFlash()
    d = device(flash)
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    turn_with_battle(d, undo=False, attack=(1, 0, 0), defend=1)
    assert d.app.session.tour is None
    rows = d.app.session.luck_rows()
    assert sorted([r[2] for r in rows]) == [-113, 113]
    d.press("back")
    d.select_item("Luck ledger")
    assert "Luck ledger" in d.text() and "JPN" in d.text()
    again = device(flash)
    assert again.app.session.luck_rows() == rows
    again.press("back")
    again.select_item("Luck ledger")
    assert "JPN" in again.text()
    again.press("back")
    again.select_item("New game")
    again.select_item("Yes")
    again.select_item("Pacific 1940")
    again.press("select")
    assert again.app.session.luck_rows() == []
    assert device(flash).app.session.luck_rows() == []


def test_resume_rebuilds_the_tournament_from_the_log():
    """Issue 9: after a restart the tournament comes back from its seed record and its log:
    same game, same running battle, and play goes on in the same log."""
    flash, d = bought_two()
    before = state(d.app)
    again = device(flash)
    assert again.app.session.tour is not None
    assert state(again.app) == before
    assert again.screen() == "Dashboard" and "Treasury 20" in again.text()
    n = len(log_lines(flash))
    again.press("roll")                                  # end purchase: logged in the same file
    assert len(log_lines(flash)) > n


def test_battle_in_progress_resumes_at_its_decision():
    """Issue 9: a restart at a battle decision (the casualties a side chooses, P40-C-82, or the
    attacker's retreat, P40-C-95) comes back to that decision with the same survivors and the
    same dice to come (the seed record + log)."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")
    d.press("roll")
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United States")
    d.select_item("Yes")
    d.press("roll")
    d.press("select")
    d.select_item("Battle")
    d.select_item("Anhwe")
    _add(d, "infantry", 3)
    _add(d, "artillery", 1)
    d.press("select")
    _add(d, "infantry", 4)
    d.press("roll")
    assert d.app.session.battle is not None and d.app.session.battle.prompt is not None
    before = state(d.app)
    again = device(flash)
    assert again.screen() == "BattleRun"
    assert state(again.app) == before
    # both devices now play the battle out the same way: same dice, same result
    for dev in (d, again):
        n = 0
        while dev.screen() != "BattleResult" and n < 40:
            dev.press("select")
            n += 1
    assert d.app.session.battle.result == again.app.session.battle.result


def _scripted(d):
    new_tournament(d)
    d.press("select")
    turn_with_battle(d)
    d.press("roll")
    d.press("roll")
    finish(d)


def test_power_cut_at_150_random_points_of_a_tournament():
    """Issue 9 power loss: the power goes at 150 random byte offsets of a scripted tournament's
    flash traffic (log appends, seed record, repairs); after restart the game equals the one after
    the last completed flash operation, and the log on flash finishes into a log that verifies."""
    from engine_core.trust import audit as audit
    from engine_core.trust.tournament import replay
    counter = LogFlash()
    counter.budget = 10 ** 9
    from firmware import tlog as tlog_
    real_export = tlog_.LogFile.export
    export_at = []

    def export(self):
        export_at.append(10 ** 9 - counter.budget)
        return real_export(self)
    tlog_.LogFile.export = export
    try:
        _scripted(device(counter))
    finally:
        tlog_.LogFile.export = real_export
    # the cuts fall in the game's traffic up to the export's first write and its first 2,000
    # units: the export's empty lines (~120 KB, a unit a byte, written after the footer into a
    # file of its own) would otherwise take most of them (its FatFs writes are cut one by one in
    # test_tournament_finish_cut)
    traffic = min(10 ** 9 - counter.budget, export_at[0] + 2000)
    assert traffic > 2000
    rng = random.Random(909)
    resumed = 0
    for trial in range(150):
        flash = LogFlash()
        flash.budget = rng.randint(0, traffic - 1)
        try:
            _scripted(device(flash))
            raise AssertionError("the power cut never came")
        except PowerCut:
            pass
        flash.budget = None
        want = flash.states[-1] if flash.states else None
        flash.device = None
        from firmware import saves, tlog
        rec = tlog.unpack_record(saves.Slots(tlog.seed_store(flash), tlog.SLOTS_NAME).load())
        again = device(flash)
        s = again.app.session
        if rec is not None and rec[5] & tlog.FINISHING:
            # cut after Finish tournament marked the seed record (issue 15): finished at this
            # start, the footer on flash, never the game again with its seed written
            assert state(again.app) is None and s.tour is None, trial
            lines = log_lines(flash)
            assert lines[-1].startswith("SEED|"), trial
            assert audit.verify_log(lines)[0], trial
            continue
        assert state(again.app) == want, trial
        if s.tour is not None:
            resumed += 1
            s.finish()
            lines = log_lines(flash)
            ok, where, msg = audit.verify_log(lines)
            assert ok, (trial, where, msg)
            ok, where, msg, _t = replay(lines, luck=False)
            assert ok, (trial, where, msg)
    assert resumed > 60


def test_a_group_past_the_committed_length_is_dropped():
    """Issue 9 / issue 14 point 6: lines the copies hold past the committed length of the tail
    record (a cut after the copies' writes, before the record's) are not the log: the game comes
    back as it was after the last committed group, and the next append writes over them."""
    from firmware import saves, tlog
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")
    good = flash.log()
    for name in tlog.COPIES:
        flash.tester(flash.store.write_slot_at, name, saves.SECTOR + len(good), b"2|action|purch")
    again = device(flash)
    assert flash.log() == good
    assert again.app.session.tour is not None


def test_a_log_of_the_older_firmware_is_read_and_copied_in():
    """Issue 14 point 6, the upgrade path: an older firmware's `tournament.log` (appended in place,
    its tail record the log's length and last 4 KB; a group a cut left half-written; a repair's
    new file) is read at power-on, its committed groups copied into the two copies and the tail
    record written in this layout: the game comes back as it was."""
    from firmware import saves, tlog
    flash, d = bought_two()
    before = state(d.app)
    good = flash.log()

    def older(extra, new=None):
        flash.files["tournament.log"] = good + extra
        if new is not None:
            flash.files["tournament.new"] = new
        flash.tester(lambda: saves.Slots(flash.store, tlog.TAIL_NAME).save(
            struct.pack("<I", len(good)) + good[-4096:]))
        for name in tlog.COPIES:        # what the older firmware's layout did not have
            flash.tester(flash.store.write_slot_at, name, saves.SECTOR, b"\xff" * len(good))

    older(b"5|action|purch")             # a group cut short
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before
    assert flash.log() == good and tlog.unpack_commit(flash.tester(
        lambda: saves.Slots(flash.store, tlog.TAIL_NAME).load())) == (len(good), saves.crc32(good))
    # the older firmware's repair cut after the old log was removed: the new file is the log
    older(b"")
    flash.files["tournament.new"] = flash.files.pop("tournament.log")
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before
    assert flash.log() == good and "tournament.new" not in flash.files
    # ... cut while the new file was written: the old log holds, the new file goes
    older(b"", new=good[:10])
    again = device(flash)
    assert state(again.app) == before and flash.log() == good and "tournament.new" not in flash.files


def test_read_only_drive_refuses_a_tournament():
    """Issue 9: no tournament without a log on flash (drive read-only: boot.py, back held)."""

    flash = LogFlash()
    flash.sim.writable = False           # CIRCUITPY read-only to code: every write is refused
    d = device(flash)
    new_tournament(d)
    assert d.screen() == "Players" and "Cannot write the log" in d.text()
    assert d.app.session.tour is None


def test_normal_game_saved_after_a_tournament_wins_at_start():
    """Issue 9: one commit point each way -- a normal game started after a tournament is the game
    that comes back after a restart (the seed record is older than its save)."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")
    d.press("back")
    d.select_item("New game")
    d.select_item("Yes")
    d.select_item("Pacific 1940")
    d.press("select")
    assert d.app.session.tour is None
    again = device(flash)
    assert again.app.session.game is not None and again.app.session.tour is None


def test_log_on_real_files_read_in_pieces():
    """Issue 9: on the device the log is read back a piece at a time (never whole): the committed
    groups end at the last empty-line mark wherever the pieces split it, and bytes past the
    committed length are not read; the resumed game equals the one before the restart."""
    from firmware import saves, tlog
    with tempfile.TemporaryDirectory() as tmp:
        store = saves.FileStore(os.path.join(tmp, "saves"))
        old = tlog._CHUNK
        try:
            for chunk in (1, 2, 3, 7, 64, 512):
                tlog._CHUNK = chunk
                log = tlog.LogFile(store)
                for k in range(5):
                    log.sink("%d|x|body %d" % (k, k))
                    if k % 2:
                        log.flush()
                log.flush()
                data = b"".join(log.pieces())
                for name in tlog.COPIES:           # written past the commit: not the log
                    store.write_slot_at(name, saves.SECTOR + len(data), b"9|x|cut sho")
                log = tlog.LogFile(store)
                assert log.scan() == (len(data), len(data)), chunk
                assert list(log.lines(len(data))) == ["%d|x|body %d" % (k, k) for k in range(5)]
                log.truncate(data.rfind(b"\n\n", 0, len(data) - 2) + 2)   # back one group
                assert tlog.LogFile(store).scan()[1] == data.rfind(b"\n\n", 0, len(data) - 2) + 2
                assert _log_files(store) == []     # no file but the copies and the tail record
                log.remove()
                assert tlog.LogFile(store).scan() is None
        finally:
            tlog._CHUNK = old
        # a whole tournament on real files: play, restart, same game
        from fw_device import Profile
        from firmware.app import App
        prof = Profile()
        app = App(prof, clock=lambda: 1000, store=store, entropy=lambda n: RANDOM16[:n])
        app.session.new_tournament("pacific_1940", RANDOM16, None, b"")
        app.act({"type": "purchase", "units": {"infantry": 2}})
        app.act({"type": "end_phase"})
        before = state(app)
        again = App(prof, clock=lambda: 1000, store=store)
        assert again.session.tour is not None and state(again) == before


def test_no_tournament_when_the_seed_record_cannot_be_written():
    """Issue 9: the seed record is the commit point: if it cannot be written (flash full) the
    tournament does not start and nothing of it is left in the session."""

    class NoRecord(LogFlash):
        def write_slot(self, name, record):
            if name.startswith("tourney."):
                raise OSError(28, "no space")
            LogFlash.write_slot(self, name, record)

    d = device(NoRecord())
    new_tournament(d)
    assert d.screen() == "Players" and "Cannot write the log" in d.text()
    s = d.app.session
    assert s.tour is None and s.game is None


def test_resume_takes_battle_expectations_from_the_luck_cache():
    """Issue 9 luck ledger after a power cut: the expectations of battles already rated come from
    the luck cache on flash (the odds engine is not run again for them: seconds per battle on a
    microcontroller); a battle missing from the cache is rated again. The duel of P40-U-01
    infantry: expected swing -9/8 -> -113 hundredths for the attacker either way."""
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    d.press("select")
    turn_with_battle(d, undo=False, attack=(1, 0, 0), defend=1)
    rows = d.app.session.luck_rows()
    assert any(k.startswith("tluck.") for k in flash.files)
    from engine_core.odds import exact as odds
    real = odds.odds

    def refuse(*a, **k):
        raise AssertionError("the odds engine ran during the resume")
    odds.odds = refuse
    try:
        again = device(flash)
    finally:
        odds.odds = real
    assert again.app.session.luck_rows() == rows
    assert [r[2] for r in rows if r[0] == again.app.session.board.power_id("Japan")] == [-113]
    for k in [k for k in flash.files if k.startswith("tluck.")]:
        del flash.files[k]                       # the cache write was cut: rated again
    third = device(flash)
    assert third.app.session.luck_rows() == rows
    assert any(k.startswith("tluck.") for k in flash.files)


def test_a_log_damaged_on_flash_is_reported_not_fatal():
    """Issue 9: a log line changed on flash (not a power cut: a line in the middle fails its
    hash) stops the resume with a message on the home menu; the device still starts, the file
    stays for inspection."""
    flash, d = bought_two()
    d.press("roll")
    data = flash.log()
    flash.set_log(data.replace(b"purchase-6", b"purchase-5"))
    again = device(flash)
    assert again.screen() == "Home" and "Tournament log unreadable" in again.text()
    assert again.app.session.game is None
    assert flash.log() == data.replace(b"purchase-6", b"purchase-5")


def test_a_tournament_turn_in_every_edition_verifies():
    """Issue 9 in every edition (CL-S-01, LHTR-S-01, P40-G-04, G40-T-01: the first power's whole
    turn hands over to the second): a tournament turn -- buy one infantry (3 IPCs in every
    edition), a battle on the battle board, place, collect income -- then a restart in the next
    power's turn, then finish; the log on flash passes the chain/dice check and the full replay."""
    from engine_core.trust import audit as audit
    from engine_core.trust.tournament import replay
    for index in range(6):
        flash = LogFlash()
        d = device(flash)
        d.select_item("New game")
        ed = d.app.top().items[index][1]
        d.press("down", index)
        d.press("select")
        top = d.app.top()
        d.press("down", top.tour_row - top.cursor)
        d.press("right")
        d.press("select")
        d.press("select")                       # past the commitment
        first, second = FIRST_TWO[ed]
        start = d.app.session.summary()["treasury"][first]
        steps = 0
        while d.app.session.summary()["power"] == first and steps < 30:
            steps += 1
            phase = d.app.session.summary()["phase"]
            if phase == "purchase":
                d.press("select")
                d.press("right")
                d.press("select")
                assert d.app.session.summary()["treasury"][first] == start - 3, ed
                d.press("roll")
            elif phase == "combat":
                d.press("back")                 # home: the battle board (a free battle, logged)
                d.select_item("Battle board")
                _add(d, "infantry", 2)
                d.press("select")
                _add(d, "infantry", 2)
                d.press("roll")
                n = 0
                while d.screen() != "BattleResult" and n < 40:
                    d.press("select")
                    n += 1
                d.press("select")               # back to the dashboard
                assert d.screen() == "Dashboard", ed
                d.press("roll")
            elif phase == "mobilize":
                d.press("select")
                d.press("select")
                d.press("right")
                d.press("select")
                d.press("back")
                d.press("roll")
            elif phase == "collect_income":
                d.press("select")
                while d.screen() != "Dashboard":
                    d.press("select")
            else:
                d.press("roll")
        assert d.app.session.summary()["power"] == second, ed
        before = state(d.app)
        again = device(flash)
        assert state(again.app) == before, ed
        again.press("back")
        finish(again)
        assert again.screen() == "Finished", ed
        lines = log_lines(flash)
        assert any(l.split("|")[1] == "roll" for l in lines[1:-1]), ed
        ok, where, msg = audit.verify_log(lines)
        assert ok, (ed, where, msg)
        ok, where, msg, _t = replay(lines, luck=False)
        assert ok, (ed, where, msg)
        assert again.app.errors == [] and again.app.grid.cut == 0, ed


def test_research_dice_of_a_tournament_are_logged_and_replayed():
    """Issue 9: the game's own dice (research here) are `game_dice` entries of the log, drawn
    from the seed's second stream, and the replay rolls them again. P40-R-01 research is phase 1
    with the R&D rule; P40-R-03 two dice cost 10 IPCs (Japan 26 -> 16)."""
    from engine_core.trust import audit as audit
    from engine_core.trust.tournament import replay
    flash = LogFlash()
    d = device(flash)
    d.select_item("New game")
    d.select_item("Pacific 1940")
    top = d.app.top()
    d.press("down", top.rd_row - top.cursor)
    d.press("right")                    # R&D rule on
    d.press("down")
    d.press("right")                    # tournament dice on
    d.press("select")
    d.press("select")                   # past the commitment
    assert d.app.session.summary()["phase"] == "research"
    d.press("select")
    d.press("right", 2)
    d.press("select")
    assert d.app.session.summary()["treasury"]["Japan"] == 16
    lines = log_lines(flash)
    dice = [l.split("|")[2] for l in lines[1:] if l.split("|")[1] == "game_dice"]
    assert len(dice) == 1 and len(dice[0].split(",")) >= 2
    assert lines[1].split("|")[1:3] == ["game", '{"options":{"rd":1}}']
    while d.screen() != "Dashboard":
        d.press("select")
    finish(d)
    lines = log_lines(flash)
    assert audit.verify_log(lines)[0]
    ok, where, msg, _t = replay(lines, luck=False)
    assert ok, (where, msg)


def test_a_changed_last_entry_is_reported_too():
    """Issue 9: the last committed entry changed on flash (its hash fails) is not taken for a
    power cut: the resume reports the log unreadable rather than drop an entry the game had."""
    flash, d = bought_two()
    data = flash.log()
    assert data.endswith(b"purchase-6|" + data.split(b"|")[-1])
    flash.set_log(data.replace(b"purchase-6", b"purchase-7"))
    again = device(flash)
    assert again.screen() == "Home" and "Tournament log unreadable" in again.text()


def test_a_copy_a_cut_damaged_is_written_again_from_the_other():
    """Issue 14 point 6 on real files: one copy of the log with a sector read erased (a cut during
    its write) or its file gone (its directory entry wiped) is found by the tail record's CRC and
    written again from the other at the next start; both copies damaged is reported (ValueError:
    not what one power cut does)."""
    from firmware import saves, tlog
    with tempfile.TemporaryDirectory() as tmp:
        store = saves.FileStore(os.path.join(tmp, "saves"))
        log = tlog.LogFile(store)
        for k in range(40):
            log.sink("%d|x|%s" % (k, "y" * 100))
            log.flush()
        good = b"".join(log.pieces())
        assert len(good) > 4096
        for damage in ("erased", "gone"):
            for bad in tlog.COPIES:
                path = os.path.join(store.directory, bad, saves.SLOT_FILE)
                if damage == "erased":
                    store.write_slot_at(bad, saves.SECTOR + 4000, b"\xff" * 4096)
                else:
                    os.remove(path)
                log = tlog.LogFile(store)
                assert log.scan() == (len(good), len(good)) and b"".join(log.pieces()) == good
                for name in tlog.COPIES:
                    assert store.read_slot_at(name, saves.SECTOR, len(good)) == good, (damage, bad)
        for name in tlog.COPIES:
            store.write_slot_at(name, saves.SECTOR + 10, b"z")
        try:
            tlog.LogFile(store).scan()
            raise AssertionError("both copies damaged: read")
        except ValueError:
            pass


def test_a_battle_is_rated_from_the_odds_its_set_up_showed():
    """Issue 9 luck ledger, cheaply: the battle's expectation is the one the set-up screen already
    computed for the same sides (the odds engine, seconds per big battle on a microcontroller, is
    not run again at the battle's end), in a tournament and in a normal game. P40-U-01 duel:
    -9/8 -> -113 hundredths for the attacker."""
    from engine_core.odds import exact as odds
    real = odds.odds
    calls = []

    def counting(*a, **k):
        calls.append(a[1:4])
        return real(*a, **k)

    for tour in (True, False):
        d = device()
        _new_game(d, tour)
        del calls[:]
        odds.odds = counting
        try:
            turn_with_battle(d, undo=False, attack=(1, 0, 0), defend=1,
                             before_roll=lambda: calls.append("roll"))
        finally:
            odds.odds = real
        at = calls.index("roll")
        rated = [c for c in calls[at + 1:] if c[1] == {"infantry": 1} and c[2] == {"infantry": 1}]
        assert rated == [], (tour, calls[at + 1:])     # live odds of later rounds use other sides
        rows = d.app.session.luck_rows()
        jp = d.app.session.board.power_id("Japan")
        assert [r[2] for r in rows if r[0] == jp] == [-113], tour


def _log_files(store):
    """The log's files in the save directory, without the slots (each a directory with its
    padding: firmware/saves.py LAYOUT, the tail record ttail.0/.1 among them, and PLAIN's
    directories, the export's among them)."""
    plain = [folder + saves.PAD for folder, _name, _n in saves.PLAIN]
    return sorted(n for n in os.listdir(store.directory)
                  if n[-3:] not in (".0" + saves.PAD, ".1" + saves.PAD) and n not in plain
                  and not os.path.isdir(os.path.join(store.directory, n)))


def test_seed_record_masked_by_a_key_in_nvm_not_readable_on_the_drive(monkeypatch):
    """Issue 9 / issue 14 point 6: on a board with microcontroller.nvm the secret seed is in no file
    a computer reading the CIRCUITPY drive can read: the record's slot files are masked with a
    random key written once at the start of nvm (nvm is one erase block, so it cannot hold two
    slots that survive each other's writes); a restart resumes the tournament; a torn write of a
    record leaves the previous slot; without the key nothing is read."""
    import types
    from firmware import saves, tlog
    nvm = bytearray(b"\xff" * 8192)
    fake = types.ModuleType("microcontroller")
    fake.nvm = nvm
    monkeypatch.setitem(sys.modules, "microcontroller", fake)
    flash, d = bought_two()
    assert not any(SEED_HEX.encode() in v for v in flash.files.values())
    assert any(k.startswith("tourney.") for k in flash.files)
    assert SEED_HEX.encode() not in bytes(nvm)
    key = tlog.nvm_key(nvm)
    assert key is not None and bytes(nvm[:4]) == b"ADJK"
    before = state(d.app)
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before
    assert tlog.nvm_key(nvm) == key   # written once: a resume never rewrites nvm
    # the slots alternate; a record torn half-way fails its check, the other one is read
    store = tlog.seed_store(flash)
    slots = saves.Slots(store, tlog.SLOTS_NAME)
    good = slots.load()
    assert SEED_HEX.encode() in good
    target = 1 - slots.slot
    rec = saves.pack(slots.seq + 1, good + b"x")
    flash.files[slots.names[target]] = rec[:len(rec) // 2]
    assert saves.Slots(store, tlog.SLOTS_NAME).load() == good
    nvm[0:4] = b"\xff\xff\xff\xff"   # no key: no record
    assert saves.Slots(tlog.seed_store(flash), tlog.SLOTS_NAME).load() is None


class _Opened(Exception):
    pass


def _open_battle(d, wait=0):
    """turn_with_battle's Anhwe battle (3 infantry, 1 artillery, 1 fighter against 4 infantry)
    fought from its set-up and left at the board it opens on."""
    def roll_and_stop():
        d.wait(wait)
        d.press("roll")
        raise _Opened()

    try:
        turn_with_battle(d, undo=False, attack=(3, 1, 1), defend=4, before_roll=roll_and_stop)
    except _Opened:
        pass


def test_a_tournament_battle_shows_the_odds_of_the_state_it_opens_in():
    """Issue 18 point 4: a tournament battle is rolled to its first decision, here the attacker's
    casualties from the defender's fire (the round's last choice: the defender's casualties are
    behind the strip, P40-C-78). The board shows at once the odds of the round's end with the
    preselected casualties (cheapest first: infantry, then artillery, P40-C-49), not nothing
    until round 1 is over; computed here from the counts by the odds engine itself."""
    from engine_core.odds import exact as odds
    from engine_core.battle import base as bmod
    d = device()
    new_tournament(d)
    d.press("select")
    _open_battle(d)
    s = d.app.session
    b = s.battle
    board = s.board
    assert d.screen() == "BattleRun", d.text()
    assert b.prompt.kind == bmod.P_CASUALTIES and b.prompt.side == 0 and b.round == 1
    inf = board.unit_id("infantry")
    hits = sum(b.prompt.info[1])
    assert 2 <= hits <= 4, hits                       # several types can be lost: a real choice
    att = {"infantry": 3, "artillery": 1, "fighter": 1}
    for name in ("infantry", "artillery", "fighter"):
        take = min(att[name], hits)
        att[name] -= take
        hits -= take
    att = dict((k, n) for k, n in att.items() if n)
    dfd = {"infantry": 4 - b.cas[1][inf]}
    want = odds.odds(board, "land", att, dfd, rounds_done=1)
    run = d.app.top()
    d.wait(3000)
    assert run.odds is not None and run.odds.get("exact") is not False, d.text()
    assert abs(run.odds["attacker_wins"] - want["attacker_wins"]) < 1e-9
    assert run.odds_text in d.text()


def test_battle_result_shows_both_sides_the_odds_it_had_and_its_luck_on_every_profile():
    """Issue 18 point 3 (P40-C-78 casualties, issue 9 luck ledger): the result screen on every
    profile gives the odds the battle had and its luck (actual IPC swing minus the expected one,
    in the attacker's favour), in a tournament (the ledger's record) and in a normal game (the
    set-up's figure); where two panels fit (the dense grid of a large display) each side's
    survivors and losses with whole names, which add up to the army it fought with."""
    import re
    from engine_core.odds import exact as odds
    from firmware import ui
    from firmware.hardware import sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka
    from firmware.screens import battle as bs
    from firmware.screens.text import percent
    from engine_core.battle import base as bmod
    assert bs._O_RETREAT == bmod.O_RETREAT
    start = ({"infantry": 3, "artillery": 1, "fighter": 1}, {"infantry": 4})
    panels_seen = 0
    for base in (sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka):
        for tour in (True, False):
            d = Device(base=base)
            d.app.entropy = lambda n: RANDOM16[:n]
            _new_game(d, tour)
            _open_battle(d, 3000)       # the set-up's exact odds (the normal game's rating)
            n = 0
            while d.screen() != "BattleResult" and n < 40:
                d.press("select")
                n += 1
            assert d.screen() == "BattleResult", d.text()
            board = d.app.session.board
            r = d.app.session.battle.result
            want = odds.odds(board, "land", start[0], start[1])
            v = d.app.view()
            cols, body = d.app.grid.size(v.dense)
            texts = [t for t, _s in v.rows]
            assert ui.slots_used(v) <= body and all(len(t) <= cols for t in texts), (base.NAME, texts)
            flat = " ".join(texts)
            assert "win " + percent(want["attacker_wins"]) in flat, (base.NAME, tour, texts)
            luck = (r["ipc_lost"][1] - r["ipc_lost"][0]) - want["ipc_swing"]
            assert "Luck " + bs.swing_text({"ipc_swing": luck}) + " IPC" in flat, (base.NAME, tour, texts)
            if cols >= 2 * bs.PANEL_MIN + 1:
                panels_seen += 1
                w = (cols - 1) // 2
                rows = [t for t in texts if "|" in t]
                for side in (0, 1):
                    half = " ".join(t[:w] if side == 0 else t[w + 1:] for t in rows)
                    got = {}
                    for k, name in re.findall(r"(\d+) ([a-z_]+)", half):  # whole names only
                        assert name in start[side], (base.NAME, half)
                        got[name] = got.get(name, 0) + int(k)
                    assert got == start[side], (base.NAME, side, half)
                    assert "Left:" in half and "Lost:" in half
            assert d.app.grid.cut == 0 and d.app.errors == [], (base.NAME, d.app.errors)
    assert panels_seen >= 2


def test_a_read_only_boot_reads_the_log_without_writing_it():
    """Issue 14 point 6: booted with the drive read-only (back held at reset), a tournament comes
    back from the copy that matches the tail record when the other one is damaged (the repair
    waits for a writable start), and an older firmware's `tournament.log` is read where it is
    (copied in at the next writable start)."""
    from firmware import saves, tlog
    flash, d = bought_two()
    before = state(d.app)
    good = flash.log()
    flash.tester(flash.store.write_slot_at, tlog.COPIES[0], saves.SECTOR, b"\xff" * 100)
    flash.sim.writable = False
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before
    flash.sim.writable = True
    flash.files["tournament.log"] = good + b"5|action|pu"          # the older firmware's drive
    flash.tester(lambda: saves.Slots(flash.store, tlog.TAIL_NAME).save(
        struct.pack("<I", len(good)) + good[-4096:]))
    for name in tlog.COPIES:
        flash.tester(flash.store.write_slot_at, name, saves.SECTOR, b"\xff" * len(good))
    flash.sim.writable = False
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before
    flash.sim.writable = True
    again = device(flash)
    assert again.app.session.tour is not None and state(again.app) == before and flash.log() == good

"""The restore boundary (issue 15 point 5): whatever the save slots hold, `App(...)` comes up
and `App.tick` never raises; a newest record that does not restore gives way to the older
good one, the screen says so, and nothing writes over the older one until a newer good
record is on flash."""

import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fw_device import Device, Flash  # noqa: E402
from firmware import saves, session as S  # noqa: E402


def _played(flash):
    """A Classic game: new game, end_phase, one infantry bought (three records on flash)."""
    s = S.Session(saves.Slots(flash, "game"))
    s.new_game("classic", 5)
    s.apply({"type": "end_phase"})
    s.apply({"type": "purchase", "units": {"infantry": 1}})
    return s


def _newest(flash):
    slots = saves.Slots(flash, "game")
    return slots.names[slots.slot], slots


def _rewrite(flash, name, payload):
    """Replace a slot's payload keeping its sequence number, checksum recomputed (CRC-valid)."""
    seq, _old = saves.unpack(flash.files[name])
    flash.files[name] = saves.pack(seq, payload)


def test_a_record_saved_with_nothing_going_on_brings_back_nothing():
    """P40-T-70: the newest record says nothing was going on (a free battle left, its payload
    holding no game and no battle): after a restart nothing comes back -- not the older
    record's game, which would undo the last completed action -- and no notice."""
    flash = Flash()
    s = _played(flash)
    s.game = None
    s.save()                                   # the empty state, newest
    assert saves.Slots(flash, "game").seq == 4
    d = Device(flash=flash)
    assert d.app.session.game is None and d.app.session.battle is None
    assert d.app.session.notice is None


def test_newest_record_checksum_good_but_not_loadable_falls_back_with_a_message():
    """P40-T-70: the newest record's checksum holds but its game does not load (a bit flipped
    inside the game save before the checksum was made): the older record's game comes back,
    the dashboard says so, the older slot is untouched at boot, and the next action writes
    over the bad slot (a newer good record), never over the older good one."""
    flash = Flash()
    _played(flash)
    name, slots = _newest(flash)
    older_name = slots.names[1 - slots.slot]
    older = flash.files[older_name]
    seq, payload = saves.unpack(flash.files[name])
    bad = bytearray(payload)
    bad[S._HSIZE + 2] ^= 0x40                    # inside the game save: it no longer loads
    _rewrite(flash, name, bytes(bad))
    d = Device(flash=flash)
    assert d.screen() == "Dashboard"
    assert "did not load" in d.text()
    g = d.app.session.game
    assert len(g.state.journal) == 1             # the end_phase: the older record
    assert flash.files[older_name] == older      # boot wrote nothing over it
    d.app.act({"type": "purchase", "units": {"infantry": 2}})
    assert flash.files[older_name] == older
    assert saves.unpack(flash.files[name])[0] == seq + 1
    again = Device(flash=flash)
    assert len(again.app.session.game.state.journal) == 2
    assert "did not load" not in again.text()


def test_a_record_of_another_firmware_version_falls_back_to_the_older_one():
    """P40-T-70: the newest record is of a session format this build does not read (version
    + 1): the older good record loads, with the message."""
    flash = Flash()
    _played(flash)
    name, _slots = _newest(flash)
    payload = saves.unpack(flash.files[name])[1]
    _rewrite(flash, name, bytes([payload[0] + 1]) + payload[1:])
    d = Device(flash=flash)
    assert d.screen() == "Dashboard" and "did not load" in d.text()
    assert len(d.app.session.game.state.journal) == 1


def test_neither_record_loads_home_with_a_message_and_the_records_stay():
    """P40-T-70: both records are checksum-good and neither restores: the home menu comes up
    with a message; both records are still on flash."""
    flash = Flash()
    _played(flash)
    for name in ("game.0", "game.1"):
        payload = saves.unpack(flash.files[name])[1]
        _rewrite(flash, name, b"\x01" + payload[1:5] + b"\xff" * (len(payload) - 5))
    before = dict(flash.files)
    d = Device(flash=flash)
    assert d.screen() == "Home"
    assert "did not load" in d.text()
    assert d.app.session.game is None
    assert flash.files["game.0"] == before["game.0"] and flash.files["game.1"] == before["game.1"]


def _battle_record(flash, kind_byte=None, count=None):
    """A running land battle saved by the session; its kind (or a unit count) rewritten in a
    CRC-valid record."""
    s = _played(flash)
    s.start_battle("land", {"infantry": 2}, {"infantry": 1}, territory=-1)
    name, _slots = _newest(flash)
    payload = saves.unpack(flash.files[name])[1]
    version, ng, nb, territory, npl, ned = struct.unpack(S._HEADER, payload[:S._HSIZE])
    b = bytearray(payload[S._HSIZE + ng:S._HSIZE + ng + nb])
    # battle bytes: format 2, unit count n, then kind first (engine_core/battle/extra.py)
    assert b[0] == 2 and b[1] < 128 and b[2] == 0
    if kind_byte is not None:
        b[2] = kind_byte
    rest = payload[S._HSIZE + ng + nb:]
    new = struct.pack(S._HEADER, version, ng, len(b), territory, npl, ned) + payload[S._HSIZE:S._HSIZE + ng]
    _rewrite(flash, name, new + bytes(b) + rest)
    return name


def test_a_running_battle_with_an_out_of_range_kind_never_escapes_app_tick():
    """CL-C-02 P40-T-70: a saved running battle whose kind byte is out of range (checksum good)
    used to raise IndexError out of App.tick at every boot: now the record does not restore,
    the older one (the game before the battle) comes back with the message, and ticks run."""
    flash = Flash()
    _battle_record(flash, kind_byte=9)
    d = Device(flash=flash)
    d.wait(2000)
    assert d.app.session.battle is None
    assert d.screen() == "Dashboard" and "did not load" in d.text()
    assert len(d.app.session.game.state.journal) == 2   # end_phase, purchase


def test_a_restored_battle_is_checked_before_the_screens_see_it():
    """CL-C-02: check_restored_battle refuses a kind out of range and a side over MAX_UNITS units, and
    passes the battle as saved."""
    from engine_core.battle import steps
    from engine_core import board
    bd = board.load("classic")
    b = steps.Battle(bd, "land", {"infantry": 2}, {"infantry": 1})
    S.check_restored_battle(steps.Battle.from_bytes(bd, b.to_bytes()))
    b.kind = 7
    try:
        S.check_restored_battle(b)
        raise AssertionError("kind 7 passed")
    except ValueError as err:
        assert "kind 7" in str(err)
    b.kind = 0
    b.alive[0][bd.unit_id("infantry")] = S.MAX_UNITS + 1
    try:
        S.check_restored_battle(b)
        raise AssertionError("a hostile count passed")
    except ValueError as err:
        assert "units on one side" in str(err)


def _hostile_log(body_entries):
    """A tournament started on the device, then its log on flash replaced by a well-chained
    one (the hash chain has no secret) holding `body_entries` after the header."""
    from test_firmware_tournament import LogFlash, device, new_tournament
    from engine_core.trust import audit
    flash = LogFlash()
    d = device(flash)
    new_tournament(d)
    head = flash.log().decode().splitlines()[0]
    prev = head.split("|")[4]
    out = [head]
    for i, (kind, body) in enumerate(body_entries):
        text = "%d|%s|%s" % (i + 1, kind, body)
        prev = audit.chain_next(prev, text)
        out.append(text + "|" + prev)
    flash.set_log(("\n".join(out) + "\n\n").encode())
    return flash, device


def test_a_hostile_but_well_chained_tournament_log_never_bricks_the_device():
    """CL-C-02 P40-T-70: issue 15's hostile logs -- options that are not an object, a battle
    of 10**30 infantry, JSON nested 10,000 deep -- each leave the device starting on the home
    menu with "Tournament log unreadable" (the file kept on flash), ticks running."""
    deep = "[" * 10000 + "]" * 10000
    big = '{"attacker":{"infantry":%d},"attacker_power":0,"defender":{"infantry":1},' \
          '"defender_power":1,"kind":"land","options":{},"territory":-1}' % (10 ** 30)
    cases = (
        [("game", '{"options":5}')],
        [("game", '{"options":{}}'), ("battle", "start " + big)],
        [("game", '{"options":{}}'), ("decision", "retreat " + deep)],
        [("game", deep)],
    )
    for entries in cases:
        flash, device = _hostile_log(entries)
        kept = flash.log()
        d = device(flash)
        d.wait(500)
        assert d.screen() == "Home", entries[-1][0]
        assert "Tournament log unreadable" in d.text()
        assert flash.log() == kept


def test_a_log_line_longer_than_a_log_line_may_be_is_not_read_whole():
    """P40-T-70: a tournament.log holding one endless line (no newline, far over
    audit.MAX_LINE) is refused while it is read a piece at a time: the device starts on the
    home menu with "Tournament log unreadable"."""
    from engine_core.trust.audit import MAX_LINE
    flash, device = _hostile_log([("game", '{"options":{}}')])
    log = flash.log()
    flash.set_log(log.replace(b'{"options":{}}', b"x" * (MAX_LINE * 8)))
    d = device(flash)
    assert d.screen() == "Home" and "Tournament log unreadable" in d.text()
    assert "longer than a log line" in str(d.app.session.resume_error)

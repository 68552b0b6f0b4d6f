"""Fuzz the records the device reads back (issue 15 point 7): saves, a running battle's
bytes, tournament logs. Every mutation is refused with a message on screen or loads a good
state, and nothing raises out of the firmware's boundary (`App(...)`, `App.tick`).

Mutations: bytes flipped, inserted, deleted, the record cut short -- raw (the checksum then
refuses them) and with the checksum recomputed (the payload reaches the parsers), and for
tournament logs with the hash chain recomputed (it has no secret)."""
import os
import struct
import sys

from hypothesis import HealthCheck, given, settings, strategies as st

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fw_device import Device, Flash  # noqa: E402
from firmware import saves, session as S  # noqa: E402

_BASE = {}

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _records():
    """(older record, newest record with a running battle) of a Classic game, made once."""
    if "game" not in _BASE:
        flash = Flash()
        s = S.Session(saves.Slots(flash, "game"))
        s.new_game("classic", 5)
        s.apply({"type": "end_phase"})
        s.apply({"type": "purchase", "units": {"infantry": 2, "armor": 1}})
        s.start_battle("land", {"infantry": 3, "armor": 1}, {"infantry": 2, "fighter": 1}, territory=-1)
        slots = saves.Slots(flash, "game")
        newest = flash.files[slots.names[slots.slot]]
        older = flash.files[slots.names[1 - slots.slot]]
        _BASE["game"] = (older, newest)
    return _BASE["game"]


def mutate(data, ops):
    """Apply (kind, position, value) edits to bytes: 0 flip, 1 insert, 2 delete, 3 cut."""
    b = bytearray(data)
    for kind, pos, val in ops:
        if not b:
            break
        i = pos % len(b)
        if kind == 0:
            b[i] ^= (val % 255) + 1
        elif kind == 1:
            b.insert(i, val % 256)
        elif kind == 2:
            del b[i]
        else:
            del b[i:]
    return bytes(b)


OPS = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10 ** 6), st.integers(0, 255)), min_size=1, max_size=4)


def _boots_to_a_good_state(flash, older_journal=None):
    """Boot, tick, press a few buttons: nothing raises out; a game that loaded round-trips
    through its save (a state the engine accepts), or the screen says the record did not load."""
    d = Device(flash=flash)
    d.wait(300)
    for key in ("select", "roll", "select", "back"):
        d.press(key)
    s = d.app.session
    if s.game is not None:
        from engine_core.ledger import save
        again = save.loads(save.dumps(s.game))
        assert again.state.snapshot() == s.game.state.snapshot()
    return d


@FUZZ
@given(OPS, st.booleans())
def test_mutated_saves_never_escape_and_load_a_good_state_or_say_so(ops, fix_crc):
    """P40-T-70: the newest save record mutated (raw, or its payload mutated with the checksum
    recomputed): the device boots; what it shows is a good state or a message."""
    older, newest = _records()
    flash = Flash()
    flash.files["game.0"] = older
    if fix_crc:
        seq, payload = saves.unpack(newest)
        flash.files["game.1"] = saves.pack(seq, mutate(payload, ops))
    else:
        flash.files["game.1"] = mutate(newest, ops)
    d = _boots_to_a_good_state(flash)
    s = d.app.session
    assert s.game is not None or s.battle is not None or s.notice is not None


@FUZZ
@given(OPS)
def test_mutated_running_battle_bytes_never_escape(ops):
    """CL-C-02 P40-T-70: the running battle's bytes mutated inside a checksum-good record: the
    record restores (a battle the screens can run) or gives way to the older one, with the
    message; stepping the battle never raises out of App.tick."""
    _older, newest = _records()
    seq, payload = saves.unpack(newest)
    version, ng, nb, territory, npl, ned = struct.unpack(S._HEADER, payload[:S._HSIZE])
    b = mutate(payload[S._HSIZE + ng:S._HSIZE + ng + nb], ops)
    new = struct.pack(S._HEADER, version, ng, len(b), territory, npl, ned) + \
        payload[S._HSIZE:S._HSIZE + ng] + b + payload[S._HSIZE + ng + nb:]
    flash = Flash()
    flash.files["game.0"] = _older
    flash.files["game.1"] = saves.pack(seq, new)
    d = _boots_to_a_good_state(flash)
    for _ in range(6):
        d.press("select")
    assert d.app.session.game is not None


def _tournament_base():
    """A Pacific 1940 tournament on the fake flash: a purchase and a battle in Anhwe recorded."""
    if "tour" not in _BASE:
        from test_firmware_tournament import LogFlash, device, new_tournament, turn_with_battle
        flash = LogFlash()
        d = device(flash)
        new_tournament(d)
        d.press("select")
        turn_with_battle(d, undo=False)
        _BASE["tour"] = flash.image()
    return _BASE["tour"]


def _rechain(data):
    """Lines of a log chained again from its header (the forger's recomputation); lines that
    do not split into four fields are kept as they are."""
    from engine_core.trust import audit
    lines = data.decode("utf-8", "replace").split("\n")
    head = lines[0].split("|")
    prev = head[4] if len(head) == 5 else ""
    out = [lines[0]]
    for line in lines[1:]:
        p = line.split("|")
        if len(p) == 4:
            text = "%s|%s|%s" % (p[0], p[1], p[2])
            prev = audit.chain_next(prev, text)
            line = text + "|" + prev
        out.append(line)
    return "\n".join(out).encode("utf-8", "replace")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS, st.booleans(), st.booleans())
def test_mutated_tournament_logs_never_escape(ops, rechain, one_copy):
    """CL-C-02 P40-T-70: the tournament log mutated on flash (raw, or with the hash chain
    recomputed) in both its copies with the tail record naming it: the device boots to the
    rebuilt game or to the home menu saying the log is unreadable; the log stays on flash;
    nothing raises out of App(...) or App.tick. Mutated in one copy only (the tail record
    not rewritten: it fails the record's CRC): the other copy brings the game back unchanged
    and the mutated one is written over (firmware/tlog.py)."""
    from firmware import saves, tlog
    from test_firmware_tournament import LogFlash, device
    base = _tournament_base()
    flash = LogFlash()
    flash.load_image(base)
    good = flash.log()
    log = mutate(good, ops)
    if rechain:
        log = _rechain(log)
    if one_copy:
        flash.tester(flash.store.write_slot_at, tlog.COPIES[0], saves.SECTOR, log)
    else:
        flash.set_log(log)
    d = device(flash)
    d.wait(300)
    if one_copy and log != good:
        assert d.app.session.tour is not None and flash.log() == good
        assert flash.tester(flash.store.read_slot_at, tlog.COPIES[0], saves.SECTOR, len(good)) == good
    for key in ("select", "back", "roll"):
        d.press(key)
    s = d.app.session
    assert s.tour is not None or s.notice is not None or s.game is None
    if s.tour is None and s.notice is not None and "unreadable" in s.notice and not one_copy:
        assert flash.log() == log

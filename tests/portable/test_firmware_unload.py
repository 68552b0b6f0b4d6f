# gate heap: 320K (the session's and the battle's bytecode sit in the unix port's heap; what is
# measured is what stays in use after the battles, not whether the code fits)
# The firmware drops a finished battle whole (issue 13, point 4): its modules are unloaded by
# package prefix (firmware.session.unload(BATTLE_MODULES)), so after five battles -- each
# saved with its state bytes (engine_core/battle/serial.py) while it ran -- the heap in use is
# within 8 KB of the heap before them. Runs under MicroPython in the gate (gc.mem_alloc); on
# CPython the modules' absence from sys.modules is checked.
#
# The five are counted after a first battle of the game: MicroPython interns the names in a
# module's bytecode (qstrs) when it loads and never frees them; on the unix port, whose .mpy
# code is loaded into the heap, the first battle grows the qstr pool by about 17 KB
# (micropython.qstr_info(): 26.9 -> 44.1 KB, measured with this test's battles), and that is
# all it leaves (a frozen build keeps those names in flash). Before the restructuring the
# battle modules themselves stayed: ~7 KB more after every battle, ~50 KB after a saved one.
import gc
import sys

from engine_core.dice import Dice
from firmware.session import Session, BATTLE_MODULES

_LIMIT = 8 * 1024


class _Slots:
    """The session's save slots, kept in RAM (the last record only)."""

    def __init__(self):
        self.record = None
        self.saves = 0

    def save(self, payload):
        self.record = bytes(payload)
        self.saves += 1


def _battle_modules():
    out = []
    for name in sys.modules:
        for p in BATTLE_MODULES:
            if name.startswith(p):
                out.append(name)
    return out


def _fight(session, seed):
    b = session.start_battle("sea", {"destroyer": 2, "submarine": 1, "fighter": 1},
                             {"destroyer": 1, "cruiser": 1})
    dice = Dice(seed)
    b.run_until_prompt(dice)
    while b.prompt is not None:
        b.answer("default")
        session.save()                       # the running battle goes to flash (to_bytes)
        b.run_until_prompt(dice)
    assert b.result is not None
    session.end_battle()


def _in_use():
    gc.collect()
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def test_five_saved_battles_leave_nothing_resident():
    slots = _Slots()
    s = Session(slots)
    s.new_game("pacific_1940", 7, {"rd": False})
    _fight(s, 99)                                    # names interned (see the top)
    before = _in_use()
    saves_before = slots.saves
    for seed in range(1, 6):
        _fight(s, seed)
    after = _in_use()
    assert slots.saves >= saves_before + 10          # every battle was saved while it ran
    assert _battle_modules() == []                   # nothing of a battle stays loaded
    if hasattr(gc, "mem_alloc"):                     # MicroPython: the heap itself
        assert after - before <= _LIMIT, (before, after)

"""Power-cut mode: the sweep catches a save that is not atomic, passes one that is, and the firmware.

Two tiny counter apps (one `select` press = one action: counter + 1, saved at once):
`InPlace` rewrites its one file (truncate, then write) -- a cut in between loses
the count; `Atomic` writes a temporary file and renames it over the old one,
which holds on a flash that keeps whole sectors but not on the board's: its
4 KB erase sector holds the old file's bytes too (`Slotted`, firmware/saves.py's
two slot files, each record between two sectors of padding, holds on both).
The sweep must fail the first, pass the second only without erase sectors,
pass the third; then it runs on the real firmware's Pacific 1940 flow.
"""

import os

from host_sim import powercut
from host_sim.goldens import flow_text

SCRIPT = "press select x6\nwait 200\n"


class _Counter:
    path = "/saves/count"

    def __init__(self, profile):
        self.keys = profile.init_keys()
        self.keymap = dict(profile.KEYMAP)
        try:
            os.mkdir("/saves")
        except OSError:
            pass
        try:
            with open(self.path) as f:
                self.count = int(f.read())
        except (OSError, ValueError):
            self.count = 0

    def tick(self):
        while True:
            ev = self.keys.events.get()
            if ev is None:
                return
            if ev.pressed and self.keymap.get(ev.key_number) == "select":
                self.count += 1
                self.save()


class InPlace(_Counter):
    def save(self):
        with open(self.path, "w") as f:
            f.write("%08d" % self.count)


class Atomic(_Counter):
    def save(self):
        with open(self.path + ".tmp", "w") as f:
            f.write("%08d" % self.count)
        os.rename(self.path + ".tmp", self.path)


class Slotted(_Counter):
    """The count in firmware/saves.py's two slots (FileStore: the record between padding sectors)."""

    def __init__(self, profile):
        from firmware import saves
        self.slots = saves.Slots(saves.FileStore("/saves"), "count")
        _Counter.__init__(self, profile)
        data = self.slots.load()
        self.count = int(data) if data else 0

    def save(self):
        self.slots.save(b"%08d" % self.count)


def _state(app):
    return getattr(app, "count", None)  # None while the app is being built


def test_sweep_catches_a_save_that_is_not_atomic():
    """Cutting inside an in-place rewrite leaves a torn file: the count after restart is lost."""
    results, _frames, units = powercut.sweep("sim", SCRIPT, points=40, seed=3, state_fn=_state,
                                             app_factory=InPlace, flash_share=1.0)
    # mkdir /saves, then 6 saves of (1 open + 8 bytes): 55 flash units; most cuts land inside a write
    assert units == 1 + 6 * 9
    assert any(not ok for _k, _p, ok, _d in results)


def test_sweep_passes_write_then_rename_only_without_erase_sectors():
    """Write-temp-then-rename: after any cut the count is the last completed action's on a flash
    that never loses a sector; on the board's, a cut inside the temp file's write wipes the sector
    it shares with the file it was to replace (both 8 bytes, next to each other), and counts go."""
    results, _frames, units = powercut.sweep("sim", SCRIPT, points=40, seed=3, state_fn=_state,
                                             app_factory=Atomic, tear=False)
    assert units == 1 + 6 * 10  # mkdir, then open + 8 bytes + rename per save
    bad = [r for r in results if not r[2]]
    assert bad == []
    results, _frames, _units = powercut.sweep("sim", SCRIPT, points=40, seed=3, state_fn=_state,
                                              app_factory=Atomic)
    assert any(not ok for _k, _p, ok, _d in results)


def test_sweep_passes_two_padded_slots():
    """P40-T-70: firmware/saves.py's slots (each record between two sectors of padding, rewritten in
    place) keep the last completed count through cuts on the board's 4 KB erase sectors."""
    results, _frames, _units = powercut.sweep("sim", SCRIPT, points=40, seed=3, state_fn=_state,
                                              app_factory=Slotted, flash_share=1.0)
    bad = [r for r in results if not r[2]]
    assert bad == [], bad[:3]


def test_firmware_p40_turn_survives_power_cuts():
    """The firmware's saves through a whole Pacific 1940 turn: 40 random cuts lose nothing.

    P40-T-02 (a turn's phases run in order and end with Collect Income): after each cut the
    device resumes the game (round, power, phase, treasuries, wars, running battle) exactly as
    it was after the last completed action. `python -m host_sim.powercut --points 200` runs the
    full 200-point sweep.
    """
    results, frames, units = powercut.sweep("sim", flow_text("p40_turn"), points=40, seed=11)
    assert frames > 100 and units > 100
    bad = [r for r in results if not r[2]]
    assert bad == [], bad
    assert sum(1 for r in results if r[0] == "flash") >= 20


def test_every_flow_is_sweepable():
    """P40-T-70: every flow of host_sim/flows can be swept (the victory flow's `load` used to
    be cut by the sweep's own armed cut: the script's set-up is not the device's write; the
    kiosk flow runs in kiosk mode and keeps nothing): a few cuts each, none loses anything."""
    import os
    from host_sim.goldens import FLOWS_DIR
    names = sorted(n[:-4] for n in os.listdir(FLOWS_DIR) if n.endswith(".txt"))
    assert "victory" in names and "kiosk" in names
    for name in names:
        if name == "p40_turn":
            continue            # swept above
        results, frames, units = powercut.sweep("sim", flow_text(name), points=3, seed=5)
        bad = [r for r in results if not r[2]]
        assert bad == [], (name, bad)
        assert frames > 10, name

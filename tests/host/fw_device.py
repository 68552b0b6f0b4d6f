"""A fake device for the firmware tests: profile, keys, clock, and the simulator's flash.

Not a test module (no test_ prefix): test_firmware_*.py import it. The real
simulator (host_sim) drives the same `App` with emulated CircuitPython
modules; these fakes drive it without them, but on the same flash model
(host_sim/flash.py), so every test that writes records writes them as a board does.
"""

import os
import struct
import tempfile
from collections.abc import MutableMapping

from firmware import saves, tlog
from firmware.app import App
from firmware.hardware import sim
from host_sim.flash import Flash as SectorFlash, PowerCut  # noqa: F401  (tests import PowerCut here)

SAVE_DIR = "/saves"


_TICKS_MAX = (1 << 29) - 1
_POWER_ON_TICKS = (1 << 29) - 65000  # CircuitPython's supervisor.ticks_ms() at power-on


class Flash:
    """The board's flash for the firmware tests: the simulator's model (host_sim/flash.py: 4 KB
    erase sectors, files in FAT clusters, a cut wipes the sector being written) under the
    firmware's own `saves.FileStore` in `/saves` -- one flash model for every test that writes
    records. `budget`: flash units (a byte written, a file opened for writing, a rename, a
    remove) left before the power goes (None: never); after a cut, setting it to None is the
    power coming back. `files` is the save directory as a test sees it (see `_Files`).

    Every method of the store runs the FileStore's own code with the model installed."""

    def __init__(self, tear=True, metadata=False):
        self._tmp = tempfile.TemporaryDirectory(prefix="fw-flash-")
        self.sim = SectorFlash(os.path.join(self._tmp.name, "fs"), SAVE_DIR, tear=tear, metadata=metadata)
        with self.sim:
            self.store = saves.FileStore(SAVE_DIR)
        self.writes = 0     # writes that reached flash complete

    # -- power ----------------------------------------------------------
    @property
    def budget(self):
        return self.sim.budget

    @budget.setter
    def budget(self, units):
        self.sim.arm(units)
        if units is None:
            self.sim.reboot()   # the power is back

    # -- the store the App uses (firmware/saves.py's FileStore on the model) --
    def _call(self, fn, *args):
        with self.sim:
            return fn(*args)

    def read(self, name):
        return self._call(self.store.read, name)

    def read_slot(self, name):
        return self._call(self.store.read_slot, name)

    def write(self, name, data):
        self._call(self.store.write, name, data)
        self._wrote(name, data)

    def write_slot(self, name, record):
        self._call(self.store.write_slot, name, record)
        self._wrote(name, record)

    def remove(self, name):
        self._call(self.store.remove, name)
        self._done()

    def make_slots(self, names, n):
        self._call(self.store.make_slots, names, n)    # no record yet: not a completed write

    def upgrade(self):
        self._call(self.store.upgrade)

    def append(self, name, data):
        self._call(self.store.append, name, data)
        self._wrote(name, data)

    def write_at(self, name, offset, data):
        self._call(self.store.write_at, name, offset, data)
        self._wrote(name, data)

    def write_pieces(self, name, pieces):
        self._call(lambda: self.store.write_pieces(name, list(pieces)))
        self._done()

    def write_pieces_at(self, name, offset, pieces):
        self._call(lambda: self.store.write_pieces_at(name, offset, list(pieces)))
        self._done()

    def rename(self, old, new):
        self._call(self.store.rename, old, new)
        self._done()

    def size(self, name):
        return self._call(self.store.size, name)

    def read_at(self, name, offset, n):
        return self._call(self.store.read_at, name, offset, n)

    def pieces(self, name, n):
        return iter(self._call(lambda: list(self.store.pieces(name, n))))

    def slot_size(self, name):
        return self._call(self.store.slot_size, name)

    def read_slot_at(self, name, offset, n):
        return self._call(self.store.read_slot_at, name, offset, n)

    def slot_pieces(self, name, start, end, n):
        return iter(self._call(lambda: list(self.store.slot_pieces(name, start, end, n))))

    def write_slot_at(self, name, offset, data):
        """Bytes of a tournament log copy (firmware/tlog.py): not a commit point of its own (the
        tail record's write after it is), so recorders are not told."""
        self._call(self.store.write_slot_at, name, offset, data)
        self.writes += 1

    # -- the tournament log as the firmware keeps it (firmware/tlog.py: two copies, the tail record)
    def log(self):
        """The committed log's bytes as the firmware reads them at power-on (None: no log)."""
        def read():
            got = tlog.LogFile(self.store).pieces()
            return None if got is None else b"".join(got)
        return self.tester(read)

    def set_log(self, data):
        """A tester's (or forger's) log: `data` in both copies, the tail record naming it
        (never cut, not counted)."""
        self.tester(lambda: tlog.LogFile(self.store).replace(bytes(data)))

    def _wrote(self, name, data):
        self.writes += 1
        self.wrote(name, bytes(data))
        self._done()

    def wrote(self, name, data):
        """A write of `data` to `name` reached flash complete (recorders in tests override it)."""

    def _done(self):
        """A flash operation completed (recorders in tests override it)."""

    # -- what a test sees and forges -------------------------------------------
    @property
    def files(self):
        return _Files(self)

    @files.setter
    def files(self, contents):
        view = _Files(self)
        for name in list(view):
            del view[name]
        for name in sorted(contents):
            view[name] = contents[name]

    def image(self):
        """The save directory's files and directories as on the drive (padding and all; a
        directory's data is None), paths relative to it, in the order the firmware made them
        (first cluster first): what `load_image` copies onto a fresh flash."""
        d = self.sim.root + SAVE_DIR
        paths = []
        for dirpath, dirs, files in os.walk(d):
            paths += [os.path.join(dirpath, n) for n in dirs + files]
        paths.sort(key=lambda h: ((self.sim.chains.get(h) or [1 << 30])[0], h))
        out = []
        for host in paths:
            if os.path.isdir(host):
                out.append((host[len(d) + 1:], None))
            else:
                with open(host, "rb") as f:
                    out.append((host[len(d) + 1:], f.read()))
        return out

    def load_image(self, image):
        """A copy of another flash's save directory: each file written whole, in its order, as a
        tester copies files onto the drive (never cut)."""
        for name, data in image:
            parent = name.rpartition("/")[0]
            if parent and not os.path.isdir(self.host_dir(parent)):
                self.tester(lambda p: os.mkdir(p), SAVE_DIR + "/" + parent)   # os.mkdir as installed
            if data is None:
                if not os.path.isdir(self.host_dir(name)):
                    self.tester(lambda p: os.mkdir(p), SAVE_DIR + "/" + name)
            else:
                self.tester(_put, SAVE_DIR + "/" + name, data)

    def host(self, name):
        """The host file holding `name`: a slot's file in its directory (`<name>/r`), else the
        file itself."""
        path = self.sim.root + SAVE_DIR + "/" + name
        if os.path.isdir(path):
            return path + "/" + saves.SLOT_FILE
        return path

    def host_dir(self, name):
        return self.sim.root + SAVE_DIR + "/" + name

    def tester(self, fn, *args):
        """`fn` run on the flash as a tester's write: never cut, not counted."""
        sim = self.sim
        kept = (sim.budget, sim.dead, sim.spent)
        sim.budget, sim.dead = None, False
        try:
            with sim:
                return fn(*args)
        finally:
            sim.budget, sim.dead, sim.spent = kept


def _append(path, data):
    with open(path, "ab") as f:
        f.write(data)
        f.flush()
    os.sync()


def _put(path, data):
    with open(path, "wb") as f:
        f.write(bytes(data))


class _Files(MutableMapping):
    """The save directory by name: a slot (`<kind>.0` / `.1`: the file `r` in a directory of
    that name, padded by saves.FileStore; or a plain file of the old layout) reads as its
    record (the bytes its header's length names, checked or not), any other file as its bytes;
    a slot's padding files are not listed, nor a plain file's (saves.PLAIN, by its path). Setting a name is a tester copying a file onto the
    drive (the bytes alone, never cut; a slot's into its directory); deleting one removes it
    (a slot with its directory and padding)."""

    def __init__(self, flash):
        self.flash = flash

    def __iter__(self):
        d = self.flash.sim.root + SAVE_DIR
        names = sorted(os.listdir(d)) if os.path.isdir(d) else []
        return iter([n for n in names if n in self])

    def __len__(self):
        return len(list(iter(self)))

    def __getitem__(self, name):
        host = self.flash.host(name)
        if not os.path.isfile(host):
            raise KeyError(name)
        with open(host, "rb") as f:
            raw = f.read()
        if name[-2:] in (".0", ".1") and len(raw) >= 2 * saves.SECTOR + saves.HEADER_SIZE:
            region = raw[saves.SECTOR:]
            length = struct.unpack("<I", region[8:12])[0]
            return region[:saves.HEADER_SIZE + length]
        return raw

    def __setitem__(self, name, data):
        host = self.flash.host(name)
        self.flash.tester(_put, SAVE_DIR + "/" + name + host[len(self.flash.host_dir(name)):], data)

    def __delitem__(self, name):
        if name not in self:
            raise KeyError(name)
        self.flash.tester(self.flash.store.remove, name)

    def __contains__(self, name):
        """A file, or a slot that holds something (a slot made before its first record --
        saves.LAYOUT -- holds no bytes yet: not shown)."""
        host = self.flash.host(name)
        if name[-3:] in (".0" + saves.PAD, ".1" + saves.PAD) or not os.path.isfile(host) \
                or name in [p[0] + saves.PAD for p in saves.PLAIN]:
            return False
        if host == self.flash.host_dir(name):
            return True
        with open(host, "rb") as f:
            raw = f.read()
        if len(raw) < 2 * saves.SECTOR + saves.HEADER_SIZE:
            return True            # a record alone (a tester's copy)
        return raw[saves.SECTOR:saves.SECTOR + saves.HEADER_SIZE].strip(b"\x00") != b""


class _Ev:
    def __init__(self, n, pressed):
        self.key_number = n
        self.pressed = pressed


class _Queue:
    def __init__(self):
        self.q = []

    def get(self):
        return self.q.pop(0) if self.q else None


class KeySource:
    """A keypad.Keys stand-in: events pushed by the test, read by firmware.keys."""
    def __init__(self):
        self.events = _Queue()

    def push(self, n, pressed):
        self.events.q.append(_Ev(n, pressed))


# the seven keys every profile maps, in the profiles' order
KEYMAP = ((0, "up"), (1, "down"), (2, "left"), (3, "right"), (4, "select"), (5, "back"), (6, "roll"))


class Strip(list):
    def __init__(self, n):
        list.__init__(self, [(0, 0, 0)] * n)
        self.frames = 0

    def show(self):
        self.frames += 1


class Profile:
    """The sim profile's constants with fake drivers (display None: labels only)."""

    def __init__(self, base=sim):
        for k in ("NAME", "BOARD_IDS", "WIDTH", "HEIGHT", "HEAP_BUDGET", "LED_COUNT", "LED_PIN",
                  "TOWER", "KEYMAP", "KEY_LABELS", "SAVE_DIR", "LOG_BYTES", "DRIVE_BYTES", "MAX_BRIGHTNESS"):
            setattr(self, k, getattr(base, k))
        self.keys = KeySource()
        self.strip = Strip(self.LED_COUNT)

    def init_display(self):
        return None

    def init_pixels(self, brightness):
        return self.strip

    def init_keys(self):
        return self.keys


class Device:
    """An App on a fake profile, with a clock that moves only when told.

    `t` is the milliseconds since power-on; the App reads CircuitPython's `supervisor.ticks_ms()`
    for it (`now()`: 2**29 - 65000 at power-on, wrapping to 0 at t = 65000), so every firmware
    test runs across the clock's first wrap as a board does a minute after power-on.
    """

    def __init__(self, flash=None, base=sim, kiosk=False):
        self.flash = flash if flash is not None else Flash()
        self.profile = Profile(base)
        self.t = 1000
        self.numbers = {}
        for n, name in self.profile.KEYMAP:
            self.numbers.setdefault(name, n)
        self.app = App(self.profile, clock=self.now, kiosk=kiosk, store=self.flash)
        self.presses = 0
        self.app.tick()

    def now(self):
        """The board's ticks at `t` (what the App reads)."""
        return (self.t + _POWER_ON_TICKS) & _TICKS_MAX

    def wait(self, ms, step=50):
        end = self.t + ms
        while self.t < end:
            self.t += step
            self.app.tick()

    def press(self, name, times=1):
        for _ in range(times):
            q = self.profile.keys.events.q
            n = self.numbers[name]
            q.append(_Ev(n, True))
            self.t += 40
            self.app.tick()
            q.append(_Ev(n, False))
            self.t += 40
            self.app.tick()
            self.presses += 1

    def hold(self, name, ms):
        q = self.profile.keys.events.q
        q.append(_Ev(self.numbers[name], True))
        self.app.tick()
        self.wait(ms, 20)
        q.append(_Ev(self.numbers[name], False))
        self.t += 40
        self.app.tick()
        self.presses += 1

    def lines(self):
        return [text for text, _style in self.app.view().lines()]

    def text(self):
        return "\n".join(self.lines())

    def screen(self):
        return type(self.app.top()).__name__

    def select_item(self, label_start):
        """Move the menu cursor to the item starting with `label_start`, then select (in a space
        picker's index, the group holding it is opened first: firmware/picker.py)."""
        top = self.app.top()
        labels = [it[0] for it in top.items]
        p = getattr(top, "picker", None)
        if p is not None and p.at_top() and not any(it[0].startswith(label_start) and not isinstance(it[1], tuple)
                                                    for it in top.items):
            for n in range(len(p.parts)):
                if any(p.name(t) == label_start for t in p.parts[n][1]):
                    self._to_row(top, p.group_row(n))
                    self.press("select")
                    break
            top = self.app.top()
            labels = [it[0] for it in top.items]
        for i in range(len(labels)):
            if labels[i].startswith(label_start):
                break
        else:
            raise AssertionError("no item %r in %r" % (label_start, labels))
        self._to_row(top, i)
        self.press("select")

    def _to_row(self, top, i):
        steps = i - top.cursor
        self.press("down" if steps > 0 else "up", abs(steps))


# edition: (first power, second power) in the rulebook's turn order (CL-S-01, LHTR-S-01,
# P40-G-04, G40-T-01), for the tests that play one whole turn of every edition
FIRST_TWO = {
    "classic": ("Soviet Union", "Germany"),
    "revised": ("Soviet Union", "Germany"),
    "revised_lhtr": ("Soviet Union", "Germany"),
    "pacific_1940": ("Japan", "United States"),
    "global_1940": ("Germany", "Soviet Union"),
    "global_1940_variant": ("Germany", "Soviet Union"),
}

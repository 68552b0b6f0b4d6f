"""The simulated device: boot the unchanged firmware, tick it, press its buttons, look at it.

    sim = Simulator("pybadge", flash_dir)     # a hardware profile of firmware/hardware
    sim.boot()                                 # like plugging it in: App(profile) on a fresh machine
    sim.press("select")                        # a button down, held, up; time moves on
    sim.run(ms=500)                            # the cooperative loop for half a second of fake time
    img = sim.screenshot()                     # PIL image at the profile's resolution
    sim.power_cut(after_units=37)              # the power goes at the 37th flash unit from now
    sim.close()

Time is fake: each frame runs `app.tick()` once, lets displayio redraw what
changed (CircuitPython's background refresh) and then advances the clock by
`frame_ms`. No test ever sleeps.

A firmware exception stops the device (`crashed` holds the traceback, as
CircuitPython prints it and halts); `microcontroller.reset()` and
`supervisor.reload()` reboot it; a `PowerCut` leaves it dead until `boot()`.
"""

import os
import sys
import tempfile
import traceback

from . import hub
from .clock import Clock
from .flash import CLUSTER, Flash, PowerCut

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHIM = os.path.join(HERE, "shim")

# Names the shim directory provides; a foreign copy (Blinka's) must not be used.
SHIM_MODULES = tuple(sorted(
    name[:-3] for name in os.listdir(SHIM) if name.endswith(".py")
))
# Real libraries that bind the shims at import; dropped if they bound foreign ones.
BOUND_LIBRARIES = ("displayio", "busdisplay", "fontio", "terminalio", "vectorio", "bitmaptools",
                   "epaperdisplay", "paralleldisplaybus", "i2cdisplaybus", "neopixel",
                   "adafruit_display_text", "adafruit_ticks")
# Modules that are the device's program: forgotten at every boot (RAM is lost).
DEVICE_PACKAGES = ("firmware", "engine_core", "board_defs")
# Shims whose import depends on the board (audioio fails where the board has none): re-imported per boot.
BOARD_MODULES = ("audioio",)

PRESS_MS = 80     # how long a scripted press holds the button
BOOT_MS = 3000    # the firmware's loop starts this long after power-on, on every profile
                  # (display init sleeps differ per driver; a common start keeps scripted
                  # runs -- and the dice the firmware seeds from its clock -- identical)
GAP_MS = 120      # time after a release before the next press


class Reset(BaseException):
    """microcontroller.reset() / supervisor.reload(): the device restarts."""


class FirmwareCrash(Exception):
    pass


def profile_names():
    return ("pybadge", "pico_st7789", "rpi_blinka", "sim", "pico_plus2_lcd")


def _is_ours(module):
    path = getattr(module, "__file__", None) or ""
    return os.path.abspath(path).startswith(SHIM + os.sep)


def install_paths():
    """Shims first on sys.path, repo next; foreign copies of shimmed modules dropped."""
    for p in (REPO, SHIM):
        while p in sys.path:
            sys.path.remove(p)
    sys.path.insert(0, REPO)
    sys.path.insert(0, SHIM)
    foreign = False
    for name in SHIM_MODULES:
        mod = sys.modules.get(name)
        if mod is not None and not _is_ours(mod):
            del sys.modules[name]
            foreign = True
    if foreign or ("displayio" in sys.modules and not _is_ours(sys.modules.get("fourwire"))):
        old = sys.modules.get("displayio")
        if old is not None and hasattr(old, "_stop_background"):
            old._stop_background()  # pylint: disable=protected-access  # its thread would keep refreshing
        for name in list(sys.modules):
            if name.split(".")[0] in BOUND_LIBRARIES:
                del sys.modules[name]
    import displayio
    displayio._stop_background()  # pylint: disable=protected-access  # we refresh, deterministically


def remove_paths():
    while SHIM in sys.path:
        sys.path.remove(SHIM)


def forget_device_modules():
    for name in list(sys.modules):
        if name.split(".")[0] in DEVICE_PACKAGES:
            del sys.modules[name]


class Simulator:
    def __init__(self, profile="sim", flash_dir=None, kiosk=False, board_id=None,
                 frame_ms=20, start_ms=1000, app_factory=None, settings=None, render=True, faults=(),
                 wrap_after_ms=65000, flash_tear=True, flash_metadata=False):
        # the host's own imports of engine_core/firmware/board_defs (a test's, say) come back on close()
        self._host_modules = dict((n, m) for n, m in sys.modules.items()
                                  if n.split(".")[0] in DEVICE_PACKAGES)
        install_paths()
        self.profile_name = profile
        self.kiosk = kiosk
        self.frame_ms = frame_ms
        self.clock = Clock(start_ms, wrap_after_ms)  # supervisor.ticks_ms wraps as CircuitPython's
        self._own_dir = None
        if flash_dir is None:
            self._own_dir = tempfile.TemporaryDirectory(prefix="adjutant-flash-")
            flash_dir = self._own_dir.name
        self.flash_dir = flash_dir
        os.makedirs(flash_dir, exist_ok=True)
        self.profile = self._load_profile(profile)
        self.board_id = board_id or self.profile.BOARD_IDS[0]
        # flash_tear: a cut may wipe the whole 4 KB erase sector being written (host_sim/flash.py);
        # flash_metadata: FatFs' FAT and directory sectors are written and torn too
        # the drive the profile's board has (a full drive refuses a file as the board's does)
        drive = self.profile.DRIVE_BYTES
        self.flash = Flash(os.path.join(flash_dir, "fs"), self.profile.SAVE_DIR, firmware_dir=REPO, tear=flash_tear,
                           metadata=flash_metadata, volume=drive, capacity=drive // CLUSTER)
        self.nvm_path = os.path.join(flash_dir, "nvm.bin")
        self.app_factory = app_factory
        self.settings = dict(settings or {})
        self.app = None
        self.machine = None
        self.crashed = None      # traceback text of the exception that stopped the firmware
        self.dead = False        # True after a power cut, until boot()
        self.boots = 0
        self.ticks = 0
        self.events = []         # (ms, kind, detail) -- the event log
        self.led_log = []        # (ms, pin, frame) of every LED frame shown
        self.auto_restart = False  # after a power cut, plug back in at the next frame
        self.off_ms = 300        # how long the power stays off before an auto restart
        self.keep_led_log = True
        self.faults = set(faults)  # emulated hardware faults, set on every machine booted
        self.render = render     # False: skip displayio refreshes (logic-only runs, power-cut sweeps)
        self.frame_hooks = []    # callables(sim) after every frame (and after boot)
        self.frames_run = 0
        self.powered_on_ms = 0
        self.boot_ms = 0
        self.hold_at_boot = set()  # logical keys held down while the device powers on (boot.py reads them)

    @staticmethod
    def _load_profile(name):
        forget_device_modules()
        from firmware import hardware
        return hardware.load(name)

    # -- life cycle ----------------------------------------------------------
    def log(self, kind, detail=""):
        self.events.append((self.clock.ms(), kind, detail))

    def boot(self):
        """Power on: a new machine on the same flash/NVM, the firmware built from scratch."""
        import displayio
        forget_device_modules()
        for name in BOARD_MODULES:
            sys.modules.pop(name, None)
        displayio.release_displays()
        self.flash.reboot()
        self.machine = hub.Machine(self.board_id, self.clock, self.flash, self.nvm_path)
        self.machine.faults = set(self.faults)
        hub.machine = self.machine
        linux = self.machine.spec.get("linux", False)
        self.flash.writable = linux  # CIRCUITPY: read-only to code until boot.py remounts it
        self.app = None
        self.crashed = None
        self.dead = False
        self.boots += 1
        self.log("boot", self.profile_name)
        powered_on = self.clock.ms()
        self.powered_on_ms = powered_on
        self.clock.power_on()
        for key in sorted(self.hold_at_boot):
            self.machine.press(self.key_number(key), True)
        if not linux:
            self._run(self._boot_py)
            for key in sorted(self.hold_at_boot):
                self.machine.press(self.key_number(key), False)
            self.machine.scanners = []  # boot.py's scanners are gone when code.py starts
            self.machine.claimed = {}   # and its pins are reset
        self._run(self._build)
        self.boot_ms = self.clock.ms() - powered_on  # device time the boot itself took (display init sleeps)
        if self.clock.ms() > powered_on + BOOT_MS:
            self.log("warning", "boot took %d ms of device time, more than BOOT_MS" % (self.clock.ms() - powered_on))
        self.clock.advance_to(powered_on + BOOT_MS)
        self._after_frame()
        return self.app

    def _boot_py(self):
        """CircuitPython runs boot.py once per power-on, before code.py."""
        path = os.path.join(REPO, "firmware", "boot.py")
        if not os.path.exists(path):
            self.flash.writable = True
            return
        with open(path) as f:
            source = f.read()
        try:
            exec(compile(source, path, "exec"), {"__name__": "__boot__", "__file__": path})  # pylint: disable=exec-used
        except Exception:  # pylint: disable=broad-except  # CircuitPython prints it and goes on to code.py
            self.log("boot.py raised", traceback.format_exc().strip().splitlines()[-1])
        self.log("boot.py", "CIRCUITPY %s for code" % ("writable" if self.flash.writable else "read-only"))

    def _build(self):
        from firmware import hardware
        profile = hardware.select()  # from board.board_id, as on the device
        if profile.NAME != self.profile.NAME:
            raise FirmwareCrash("board %r selected profile %r" % (self.board_id, profile.NAME))
        self.profile = profile
        if self.app_factory is not None:
            self.app = self.app_factory(profile)
        else:
            from firmware.app import App
            self.app = App(profile, kiosk=self.kiosk) if self.kiosk else App(profile)

    def _run(self, fn, *args):
        """Run firmware code with the device's clock and flash in place."""
        if self.dead or self.crashed:
            return None
        hub.machine = self.machine
        self.clock.install()
        self.flash.install()
        env_saved = os.environ.get("ADJUTANT_HARDWARE")
        os.environ.pop("ADJUTANT_HARDWARE", None)
        urandom = os.urandom
        os.urandom = self.machine.urandom  # the board's random generator, emulated
        try:
            return fn(*args)
        except PowerCut:
            self.dead = True
            self.log("power_cut", "flash unit %d" % self.flash.spent)
        except Reset as why:
            self.log("reset", str(why))
            self.flash.uninstall()
            self.clock.uninstall()
            self.boot()
        except Exception:  # pylint: disable=broad-except
            self.crashed = traceback.format_exc()
            self.log("crash", self.crashed.strip().splitlines()[-1])
        finally:
            os.urandom = urandom
            if env_saved is not None:
                os.environ["ADJUTANT_HARDWARE"] = env_saved
            self.flash.uninstall()
            self.clock.uninstall()
        return None

    @property
    def running(self):
        return self.app is not None and not self.dead and not self.crashed

    def _after_frame(self):
        if self.machine is None or self.dead:
            return
        if self.render:
            self.clock.install()
            try:
                self.machine.refresh()
            finally:
                self.clock.uninstall()
        for hook in self.frame_hooks:
            hook(self)
        frames = self.machine.drain_frames()
        if self.keep_led_log:
            self.led_log.extend(frames)

    def frame(self):
        """One pass of the firmware's loop, the display refresh, then frame_ms of time."""
        if self.dead and self.auto_restart:
            self.auto_restart = False
            self.clock.advance(self.off_ms)
            self.boot()
        if self.running:
            self._run(self.app.tick)
            self.ticks += 1
            self._after_frame()
        self.frames_run += 1
        self.clock.advance(self.frame_ms)

    def run(self, ms=None, frames=None):
        if frames is None:
            frames = max(1, int((ms if ms is not None else self.frame_ms) // self.frame_ms))
        for _ in range(frames):
            self.frame()

    # -- input ---------------------------------------------------------------
    def key_number(self, logical):
        from firmware import hardware
        number = hardware.key_for(self.profile, logical)
        if number < 0:
            raise ValueError("profile %s has no %r key" % (self.profile.NAME, logical))
        return number

    def key_down(self, logical):
        self.log("key_down", logical)
        self.machine.press(self.key_number(logical), True)

    def key_up(self, logical):
        self.log("key_up", logical)
        self.machine.press(self.key_number(logical), False)

    def press(self, logical, hold_ms=PRESS_MS, gap_ms=GAP_MS):
        """A button pressed, held `hold_ms`, released, then `gap_ms` of loop."""
        self.key_down(logical)
        self.run(ms=hold_ms)
        self.key_up(logical)
        self.run(ms=gap_ms)

    # -- output --------------------------------------------------------------
    def screenshot(self):
        """What the glass shows now (PIL RGB image, profile WIDTH x HEIGHT)."""
        return self.machine.screenshot() if self.machine is not None else None

    def leds(self):
        """The last frame shown on the profile's LED pin: tuple of (r, g, b)."""
        if self.machine is None:
            return ()
        return self.machine.last_frame.get(self.profile.LED_PIN, ())

    def root_group(self):
        display = self.machine.display() if self.machine is not None else None
        return display.root_group if display is not None else None

    # -- power -----------------------------------------------------------------
    def power_cut(self, after_units=0):
        """The power goes after `after_units` more flash units (0: now, between two frames)."""
        if after_units <= 0:
            self.dead = True
            self.log("power_cut", "between frames")
        else:
            self.flash.arm(after_units)

    def restart(self):
        """Power back on after a cut (or any time): boot on the same flash."""
        return self.boot()

    def close(self):
        import displayio
        displayio.release_displays()
        hub.machine = None
        forget_device_modules()
        sys.modules.update(self._host_modules)
        remove_paths()
        if self._own_dir is not None:
            self._own_dir.cleanup()
            self._own_dir = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

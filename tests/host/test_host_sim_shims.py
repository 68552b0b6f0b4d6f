"""The simulator's emulated hardware, driven by a tiny app of our own (not the firmware).

Each test boots a `Simulator` with `app_factory=TinyApp`: the app uses the
hardware profile exactly as the firmware does (init_display/init_keys/
init_pixels, board, keypad, neopixel, supervisor, microcontroller.nvm, files
on flash), so these tests pin the emulation down independently of the UI.
Expectations are hand-derived: colours after RGB565 (5/6 bits expanded back to
8), brightness arithmetic, byte counts of writes, key numbers from the
profile tables written in firmware/hardware.
"""

import os

from host_sim import textcheck
from host_sim.flash import PowerCut
from host_sim.runtime import Simulator, profile_names

PROFILES = ("pybadge", "pico_st7789", "rpi_blinka", "sim", "pico_plus2_lcd")


class TinyApp:
    """Red 4x3 block at the top-left, green 2x2 at the bottom-right, a label, an LED."""

    def __init__(self, profile):
        import displayio
        import terminalio
        from adafruit_display_text import label
        self.profile = profile
        self.display = profile.init_display()
        self.keys = profile.init_keys()
        self.pixels = profile.init_pixels(0.5)
        self.group = displayio.Group()
        self.group.append(self._block(4, 3, 0xFF0000, 0, 0))
        self.group.append(self._block(2, 2, 0x00FF00, profile.WIDTH - 2, profile.HEIGHT - 2))
        self.label = label.Label(terminalio.FONT, text="hello", color=0xFFFFFF)
        self.label.anchor_point = (0, 0)
        self.label.anchored_position = (20, 30)
        self.group.append(self.label)
        self.display.root_group = self.group
        self.events = []
        self.ticks = []
        self.write = None        # bytes to write to /saves/data.bin at the next tick
        self.crash = False
        self.swallow = False     # wrap the write in `except Exception`
        self.reset = False
        # boots counted on flash, and in NVM byte 0
        data = self._read("/saves/boots")
        self.boots = (int(data) if data else 0) + 1
        try:
            os.mkdir("/saves")
        except OSError:
            pass
        with open("/saves/boots", "w") as f:
            f.write(str(self.boots))
        import microcontroller
        if microcontroller.nvm is not None:
            microcontroller.nvm[0] = self.boots

    @staticmethod
    def _block(w, h, colour, x, y):
        import displayio
        bmp = displayio.Bitmap(w, h, 2)
        for yy in range(h):
            for xx in range(w):
                bmp[xx, yy] = 1
        pal = displayio.Palette(2)
        pal[0] = 0x000000
        pal[1] = colour
        return displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)

    @staticmethod
    def _read(path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def tick(self):
        import supervisor
        import time
        while True:
            ev = self.keys.events.get()
            if ev is None:
                break
            self.events.append((ev.key_number, ev.pressed))
        self.ticks.append((supervisor.ticks_ms(), time.monotonic()))
        self.pixels[0] = (200, 100, 50)
        self.pixels.show()
        if self.crash:
            raise ValueError("tiny app fails")
        if self.reset:
            self.reset = False
            import microcontroller
            microcontroller.reset()
        if self.write is not None:
            data, self.write = self.write, None
            try:
                with open("/saves/data.bin", "wb") as f:
                    f.write(data)
            except Exception:  # pylint: disable=broad-except  # a PowerCut must not be caught here
                if not self.swallow:
                    raise


def _sim(profile, flash_dir=None, **kw):
    sim = Simulator(profile, flash_dir=flash_dir, app_factory=TinyApp, **kw)
    sim.boot()
    sim.run(ms=40)
    return sim


def test_profiles_listed_match_firmware_hardware():
    """Every profile module of firmware/hardware is one the simulator runs."""
    assert set(profile_names()) == set(PROFILES)
    names = sorted(n[:-3] for n in os.listdir(os.path.join(os.path.dirname(__file__), "..", "..",
                                                              "firmware", "hardware"))
                   if n.endswith(".py") and n != "__init__.py")
    assert names == sorted(PROFILES)


def test_screenshot_is_what_was_drawn_on_every_profile():
    """The glass shows the group at the profile's size and orientation (rotation 0/90/270, RAM offsets)."""
    for profile in PROFILES:
        with _sim(profile) as sim:
            img = sim.screenshot()
            w, h = sim.profile.WIDTH, sim.profile.HEIGHT
            assert img.size == (w, h), profile
            px = img.load()
            # 0xFF0000 through RGB565 is (31, 0, 0) -> expanded back to (255, 0, 0)
            for x, y in ((0, 0), (3, 0), (0, 2), (3, 2)):
                assert px[x, y] == (255, 0, 0), (profile, x, y, px[x, y])
            assert px[4, 0] == (0, 0, 0) and px[0, 3] == (0, 0, 0), profile
            for x, y in ((w - 1, h - 1), (w - 2, h - 2)):
                assert px[x, y] == (0, 255, 0), (profile, x, y, px[x, y])
            assert px[w - 3, h - 1] == (0, 0, 0), profile


def test_refresh_is_needed_when_auto_refresh_is_off():
    """With auto_refresh off the panel keeps the old picture until refresh() -- as a real one does."""
    with _sim("sim") as sim:
        display = sim.machine.display()
        display.auto_refresh = False
        sim.app.group[0].x = 50  # move the red block
        sim.run(ms=40)
        assert sim.screenshot().getpixel((0, 0)) == (255, 0, 0)  # stale
        sim.clock.install()
        try:
            display.refresh()
        finally:
            sim.clock.uninstall()
        img = sim.screenshot()
        assert img.getpixel((0, 0)) == (0, 0, 0)
        assert img.getpixel((50, 0)) == (255, 0, 0)


def test_keys_reach_keypad_with_the_profile_key_numbers():
    """A logical press is the key number of the profile's KEYMAP: pressed, then released."""
    expected = {"pybadge": {"up": 6, "select": 1, "back": 0, "roll": 2},
                "pico_st7789": {"up": 0, "select": 4, "back": 6, "roll": 5},
                "pico_plus2_lcd": {"up": 0, "select": 4, "back": 6, "roll": 5},
                "rpi_blinka": {"up": 0, "select": 4, "back": 5, "roll": 6},
                "sim": {"up": 0, "select": 4, "back": 5, "roll": 6}}
    for profile, table in expected.items():
        with _sim(profile) as sim:
            for logical, number in sorted(table.items()):
                sim.app.events = []
                sim.press(logical)
                assert sim.app.events == [(number, True), (number, False)], (profile, logical, sim.app.events)


def test_pygamer_joystick_becomes_dpad_keys():
    """PyGamer: no d-pad; the profile turns the joystick into key events 4..7 (right, down, up, left)."""
    with _sim("pybadge", board_id="pygamer") as sim:
        for logical, number in (("up", 6), ("down", 5), ("left", 7), ("right", 4), ("select", 1)):
            sim.app.events = []
            sim.press(logical)
            assert sim.app.events == [(number, True), (number, False)], (logical, sim.app.events)


def test_led_frames_are_recorded_after_brightness():
    """(200, 100, 50) asked at brightness 0.5, capped by the profile's MAX_BRIGHTNESS, truncated per channel.

    pybadge caps at 0.3 -> (60, 30, 15); pico_st7789 and pico_plus2_lcd at 0.25 -> (50, 25, 12);
    rpi_blinka at 0.4 -> (80, 40, 20); sim allows 0.5 -> (100, 50, 25). Every show() is a frame.
    """
    seen = {"pybadge": (60, 30, 15), "pico_st7789": (50, 25, 12), "rpi_blinka": (80, 40, 20),
            "sim": (100, 50, 25), "pico_plus2_lcd": (50, 25, 12)}
    for profile in PROFILES:
        with _sim(profile) as sim:
            before = len(sim.led_log)
            sim.run(frames=5)
            frames = sim.led_log[before:]
            assert len(frames) == 5, profile
            ms, pin, pixels = frames[-1]
            assert pin == sim.profile.LED_PIN
            assert len(pixels) == sim.profile.LED_COUNT
            assert pixels[0] == seen[profile], profile
            assert pixels[1] == (0, 0, 0)
            assert sim.leds() == pixels


def test_clock_is_fake_and_steps_exactly():
    """ticks_ms and time.monotonic move by frame_ms per frame; nothing really waits."""
    import time
    with _sim("sim") as sim:
        sim.app.ticks = []
        wall = time.monotonic()
        sim.run(ms=10000)  # ten seconds of device time
        assert time.monotonic() - wall < 5.0
        ticks = sim.app.ticks
        assert len(ticks) == 500
        assert ticks[-1][0] - ticks[0][0] == 499 * 20
        assert abs((ticks[-1][1] - ticks[0][1]) - 9.98) < 1e-6


def test_flash_and_nvm_survive_a_power_cut(tmp_path):
    """Files and NVM live in the flash directory: a reboot finds what the last boot wrote."""
    flash = str(tmp_path / "flash")
    with _sim("pybadge", flash) as sim:
        assert sim.app.boots == 1
        sim.power_cut()
        sim.run(ms=100)
        assert sim.dead
        sim.restart()
        assert sim.app.boots == 2
        import microcontroller
        assert microcontroller.nvm[0] == 2
    # a new simulator on the same directory: the device unplugged and carried home
    with _sim("pybadge", flash) as sim:
        assert sim.app.boots == 3
    assert os.path.exists(os.path.join(flash, "fs", "saves", "boots"))


def test_power_cut_during_a_write_leaves_the_first_bytes(tmp_path):
    """Armed at 41 units: 1 for opening the file for writing, then 40 of the 100 bytes reach flash
    (without the erase-sector model, which would wipe them: test_host_sim_flash.py)."""
    with _sim("sim", str(tmp_path), flash_tear=False) as sim:
        sim.app.write = bytes(range(100))
        sim.power_cut(after_units=41)
        sim.run(frames=1)
        assert sim.dead
        assert any(kind == "power_cut" for _ms, kind, _d in sim.events)
        with open(os.path.join(str(tmp_path), "fs", "saves", "data.bin"), "rb") as f:
            assert f.read() == bytes(range(40))
        sim.restart()
        assert sim.running and sim.app.boots == 2


def test_power_cut_is_not_swallowed_by_except_exception(tmp_path):
    """PowerCut is a BaseException: `except Exception` in the firmware cannot hide the power going."""
    assert not issubclass(PowerCut, Exception)
    with _sim("sim", str(tmp_path)) as sim:
        sim.app.swallow = True
        sim.app.write = b"x" * 10
        sim.power_cut(after_units=1)  # the open is granted, the first byte is not
        sim.run(frames=1)
        assert sim.dead and sim.crashed is None


def test_power_cut_auto_restart_continues(tmp_path):
    """auto_restart: the frame after the cut boots again on the same flash (the boot counter's file
    shares the erase sector the cut wipes: kept here without that model)."""
    with _sim("sim", str(tmp_path), flash_tear=False) as sim:
        sim.app.write = b"abc"
        sim.power_cut(after_units=2)
        sim.auto_restart = True
        sim.run(frames=3)
        assert sim.running and sim.boots == 2 and sim.app.boots == 2


def test_firmware_exception_stops_the_device():
    """An exception out of tick() halts the firmware (as CircuitPython does) and is kept."""
    with _sim("sim") as sim:
        sim.app.crash = True
        sim.run(frames=2)
        assert not sim.running
        assert "ValueError: tiny app fails" in sim.crashed


def test_microcontroller_reset_reboots():
    with _sim("sim") as sim:
        sim.app.reset = True
        sim.run(frames=2)
        assert sim.boots == 2 and sim.running


def test_host_time_is_restored_outside_firmware_code():
    """The fake clock and flash routing are only in place while firmware code runs."""
    import builtins
    import time
    real_open = builtins.open
    real_monotonic = time.monotonic
    with _sim("sim") as sim:
        sim.run(ms=100)
        assert builtins.open is real_open
        assert time.monotonic is real_monotonic


def test_text_check_measures_labels_against_the_screen():
    """A label inside the screen passes; moved past the right edge or with a missing glyph it is reported."""
    with _sim("sim") as sim:
        display = sim.machine.display()
        assert textcheck.check(display) == []
        boxes = textcheck.labels(display.root_group)
        text, (x, y, w, h), _label = boxes[0]
        assert text == "hello"
        # terminalio is 6 px per character: 5 characters, anchored at (20, 30)
        assert (x, y, w) == (20, 30, 30)
        # every lit pixel of the label lies inside the measured box
        img = sim.screenshot()
        for yy in range(0, 60):
            for xx in range(10, 70):
                if img.getpixel((xx, yy)) == (255, 255, 255):
                    assert x <= xx < x + w and y <= yy < y + h, (xx, yy)
        sim.app.label.anchored_position = (140, 30)
        problems = textcheck.check(display)
        assert len(problems) == 1 and "cut off" in problems[0] and "'hello'" in problems[0]
        sim.app.label.anchored_position = (20, 30)
        sim.app.label.text = "caf\u00e9\u2603"
        problems = textcheck.check(display)
        assert any("no glyph" in p for p in problems)


def test_text_check_follows_group_scale():
    """A label in a group of scale 2 covers twice the pixels: 5 chars x 6 px x 2 = 60 px wide."""
    with _sim("sim") as sim:
        import displayio
        import terminalio
        from adafruit_display_text import label
        g = displayio.Group(scale=2, x=10, y=5)
        lab = label.Label(terminalio.FONT, text="hello")
        lab.anchor_point = (0, 0)
        lab.anchored_position = (0, 0)
        g.append(lab)
        found = textcheck.labels(g)
        assert found[0][1][0] == 10 and found[0][1][2] == 60
        assert textcheck.check(g, 160, 128) == []
        g.x = 110
        assert textcheck.check(g, 160, 128)


def test_closing_the_simulator_gives_the_host_its_modules_back():
    """The device's fresh imports of engine_core/firmware do not replace the test process's own."""
    import sys
    from engine_core import errors
    before = sys.modules["engine_core.errors"]
    with _sim("sim") as sim:
        sim.run(frames=2)
    assert sys.modules["engine_core.errors"] is before is errors


def test_boots_take_the_same_device_time_every_time():
    """Twenty boots in one process take the same device time: nothing grows from one boot to the next.

    (A display driver once extended its module-level init table on every boot: each boot slept
    40 ms longer, and after a hundred boots the dice of a scripted game changed.)
    """
    took = []
    for _ in range(20):
        with _sim("pybadge") as sim:
            took.append(sim.boot_ms)
            assert not any(kind == "warning" for _ms, kind, _d in sim.events)
    assert len(set(took)) == 1 and took[0] > 0


def test_boot_py_decides_who_writes_circuitpy(tmp_path):
    """firmware/boot.py runs at every power-on of a CircuitPython board; holding back keeps the drive
    read-only to code (writes fail with OSError 30), as storage.remount does on the device. A
    Raspberry Pi (Blinka) has no boot.py and always writes."""
    with _sim("pybadge", str(tmp_path / "a")) as sim:
        assert ("boot.py", "CIRCUITPY writable for code") in [(k, d) for _ms, k, d in sim.events]
        assert sim.flash.writable
    sim = Simulator("pybadge", flash_dir=str(tmp_path / "b"), app_factory=TinyApp)
    try:
        sim.hold_at_boot = {"back"}
        sim.boot()
        assert ("boot.py", "CIRCUITPY read-only for code") in [(k, d) for _ms, k, d in sim.events]
        assert not sim.flash.writable
        assert sim.crashed and "Read-only filesystem" in sim.crashed  # TinyApp writes at start, unguarded
    finally:
        sim.close()
    with _sim("rpi_blinka", str(tmp_path / "c")) as sim:
        assert not any(k == "boot.py" for _ms, k, _d in sim.events)
        assert sim.flash.writable and sim.app.boots == 1
        # every device path lands on the emulated flash, never on the host's own /saves
        assert os.path.exists(os.path.join(str(tmp_path / "c"), "fs", "saves", "boots"))


def test_other_threads_sleeping_never_move_the_device_clock():
    """A background thread that sleeps (as Blinka's displayio refresh thread does, if some other code
    imported displayio first) sleeps in real time; only the firmware's own sleeps advance the clock."""
    import threading
    import time
    stop = threading.Event()

    def spinner():
        while not stop.is_set():
            time.sleep(0.001)

    t = threading.Thread(target=spinner, daemon=True)
    t.start()
    try:
        with _sim("sim") as sim:
            sim.app.ticks = []
            sim.run(ms=2000)
            ticks = sim.app.ticks
            assert ticks[-1][0] - ticks[0][0] == 99 * 20
    finally:
        stop.set()
        t.join()

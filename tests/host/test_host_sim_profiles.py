"""Hardware profiles (firmware/hardware): the contract every profile keeps, and choosing one.

The firmware codes against these names; the simulator runs every profile. Expected values
are the hardware's own: the PyBadge's 160x128 ST7735R and five NeoPixels, the Pico display
pack's 240x135 ST7789, a Raspberry Pi's 320x240 ILI9341, CircuitPython's board ids.
"""

import os
import subprocess
import sys

from firmware import hardware

CONTRACT = ("NAME", "BOARD_IDS", "WIDTH", "HEIGHT", "HEAP_BUDGET", "LED_COUNT", "LED_PIN", "TOWER",
            "KEYMAP", "KEY_LABELS", "SAVE_DIR", "LOG_BYTES", "DRIVE_BYTES", "MAX_BRIGHTNESS", "SPEAKER", "init_display", "init_pixels",
            "init_keys")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_every_profile_keeps_the_contract():
    for name in hardware.PROFILES:
        p = hardware.load(name)
        for attr in CONTRACT:
            assert hasattr(p, attr), (name, attr)
        assert p.NAME == name
        # every logical key has a button, and a printed label for help lines
        assert sorted(set(k for _n, k in p.KEYMAP)) == sorted(hardware.LOGICAL_KEYS), name
        assert sorted(k for k, _label in p.KEY_LABELS) == sorted(hardware.LOGICAL_KEYS), name
        # the tower uses every LED exactly once
        leds = sorted(i for row in p.TOWER for i in row)
        assert leds == list(range(p.LED_COUNT)), name
        assert 0 < p.MAX_BRIGHTNESS <= 1.0
        assert p.SAVE_DIR.startswith("/")
        assert p.HEAP_BUDGET >= 100000


def test_profile_sizes_are_the_hardware():
    assert (hardware.load("pybadge").WIDTH, hardware.load("pybadge").HEIGHT) == (160, 128)
    assert hardware.load("pybadge").LED_COUNT == 5
    assert (hardware.load("pico_st7789").WIDTH, hardware.load("pico_st7789").HEIGHT) == (240, 135)
    assert (hardware.load("rpi_blinka").WIDTH, hardware.load("rpi_blinka").HEIGHT) == (320, 240)
    assert (hardware.load("pico_plus2_lcd").WIDTH, hardware.load("pico_plus2_lcd").HEIGHT) == (240, 135)
    assert hardware.load("pico_plus2_lcd").HEAP_BUDGET > 1000000  # 8 MB PSRAM holds the heap


def test_select_by_board_id_name_and_setting():
    assert hardware.select(board_id="pybadge").NAME == "pybadge"
    assert hardware.select(board_id="pygamer").NAME == "pybadge"
    assert hardware.select(board_id="raspberry_pi_pico").NAME == "pico_st7789"
    assert hardware.select(board_id="RASPBERRY_PI_4B").NAME == "rpi_blinka"
    assert hardware.select(board_id="adjutant_sim").NAME == "sim"
    assert hardware.select(board_id="pimoroni_pico_plus2").NAME == "pico_plus2_lcd"
    assert hardware.select(board_id="pimoroni_pico_plus2w").NAME == "pico_plus2_lcd"
    assert hardware.select(name="rpi_blinka").NAME == "rpi_blinka"
    ids = [b for n in hardware.PROFILES for b in hardware.load(n).BOARD_IDS]
    assert len(ids) == len(set(ids))  # one profile per board id
    try:
        hardware.select(board_id="no_such_board")
    except ValueError:
        pass
    else:
        raise AssertionError("unknown board accepted")
    old = os.environ.get("ADJUTANT_HARDWARE")
    os.environ["ADJUTANT_HARDWARE"] = "pico_st7789"
    try:
        assert hardware.select().NAME == "pico_st7789"  # the setting (settings.toml on CircuitPython)
    finally:
        if old is None:
            del os.environ["ADJUTANT_HARDWARE"]
        else:
            os.environ["ADJUTANT_HARDWARE"] = old


def test_clamp_brightness_and_key_for():
    p = hardware.load("pybadge")
    assert hardware.clamp_brightness(p, 1.0) == 0.3
    assert hardware.clamp_brightness(p, -1) == 0.0
    assert hardware.clamp_brightness(p, 0.2) == 0.2
    assert hardware.key_for(p, "select") == 1  # PyBadge A
    assert hardware.key_for(p, "roll") == 2    # Start (Select also rolls)


def test_profiles_import_under_micropython():
    """The profile constants load on the MicroPython unix port (drivers are imported only in init_*)."""
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    code = ("from firmware import hardware\n"
            "for n in hardware.PROFILES:\n"
            "    p = hardware.load(n)\n"
            "    print(n, p.WIDTH, p.HEIGHT, p.LED_COUNT)\n"
            "print(hardware.select(board_id='raspberry_pi_pico').NAME)\n")
    proc = subprocess.run([mp, "-X", "heapsize=192K", "-c", code], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:6] == ["pybadge 160 128 5", "pico_st7789 240 135 16", "rpi_blinka 320 240 24",
                                           "sim 160 128 12", "pico_plus2_lcd 240 135 16", "pico_st7789"]

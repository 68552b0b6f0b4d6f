"""Hardware profiles: one module per device, chosen from `board.board_id` or a setting.

A profile states everything the firmware needs to know about a device and
nothing else: display size and driver set-up, the mapping of its buttons to
logical keys, the LED pin, count and tower layout, the heap budget and where
saves live. Every profile module has the same names (the contract):

    NAME, BOARD_IDS, WIDTH, HEIGHT, HEAP_BUDGET, LED_COUNT, LED_PIN, TOWER,
    KEYMAP, KEY_LABELS, SAVE_DIR, LOG_BYTES, DRIVE_BYTES, MAX_BRIGHTNESS,
    SPEAKER
    init_display() -> displayio display (.root_group, .width, .height, .auto_refresh, .refresh())
    init_pixels(brightness) -> NeoPixel-like (len, [i] = (r, g, b), fill, show, brightness)
    init_keys() -> keypad-like (.events.get() -> Event(.key_number, .pressed, .released) or None)

TOWER is a tuple of rows from the bottom of the tower to its top; each row is
a tuple of LED indices from left to right (attacker column first where a row
has two LEDs). KEYMAP is a tuple of (key_number, logical key) with logical
keys "up", "down", "left", "right", "select", "back", "roll"; KEY_LABELS maps
each logical key to the name printed on the device's button, for help lines.
SPEAKER says how the board makes sound (firmware/sound.py): ("dac", pin, enable pin)
for an analog output played by audioio, ("pwm", pin, enable pin) for a buzzer on a pin
with a PWM timer, None for no speaker. LOG_BYTES is the room made for the tournament log
(firmware/saves.py FileStore: its two copies and the export, each that plus a quarter),
DRIVE_BYTES the size of the drive the saves are on (the simulator's flash is that big).

Importing a profile costs nothing: drivers are imported inside the init_*
functions, so the constants can be read on any interpreter (and in tests).

Choosing: `select(name="pico_st7789")` by name; else the setting
ADJUTANT_HARDWARE (CircuitPython reads it from settings.toml through
os.getenv); else `board.board_id` (or the `board_id` passed in) matched
against each profile's BOARD_IDS.
"""

PROFILES = ("pybadge", "pico_st7789", "rpi_blinka", "sim", "pico_plus2_lcd")
LOGICAL_KEYS = ("up", "down", "left", "right", "select", "back", "roll")


def load(name):
    """The profile module called `name` (ValueError if there is none)."""
    if name == "pybadge":
        from . import pybadge as profile
    elif name == "pico_st7789":
        from . import pico_st7789 as profile
    elif name == "rpi_blinka":
        from . import rpi_blinka as profile
    elif name == "sim":
        from . import sim as profile
    elif name == "pico_plus2_lcd":
        from . import pico_plus2_lcd as profile
    else:
        raise ValueError("no hardware profile named " + repr(name))
    return profile


def _setting():
    try:
        import os
        getenv = getattr(os, "getenv", None)
        if getenv is None:
            return None
        return getenv("ADJUTANT_HARDWARE")
    except ImportError:
        return None


def select(board_id=None, name=None):
    """The profile module for this device.

    `name` wins, then the ADJUTANT_HARDWARE setting, then `board_id` (default:
    `board.board_id`) looked up in each profile's BOARD_IDS.
    """
    if name is None and board_id is None:
        name = _setting() or None
    if name is not None:
        return load(name)
    if board_id is None:
        import board
        board_id = getattr(board, "board_id", None)
    for candidate in PROFILES:
        profile = load(candidate)
        if board_id in profile.BOARD_IDS:
            return profile
    raise ValueError("no hardware profile for board " + repr(board_id))


def clamp_brightness(profile, brightness):
    """`brightness` limited to 0 .. the profile's MAX_BRIGHTNESS (battery, eyes)."""
    if brightness < 0:
        return 0.0
    if brightness > profile.MAX_BRIGHTNESS:
        return profile.MAX_BRIGHTNESS
    return brightness


def key_for(profile, logical):
    """The first key number mapped to `logical` in the profile's KEYMAP, or -1."""
    for number, name in profile.KEYMAP:
        if name == logical:
            return number
    return -1

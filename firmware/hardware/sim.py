"""The host simulator's own device (`python -m host_sim`, `make demo`).

A device that does not exist in a shop: the smallest screen we support
(160x128, like the PyBadge) so that layouts are always checked at the
tightest size, seven separate buttons (one per logical key, `keypad.Keys`),
and a 12-LED tower of 6 rows of 2 on `board.NEOPIXEL` (serpentine, attacker
left). The simulator's `board` module provides the display as
`board.DISPLAY`, pre-initialised like a CircuitPython handheld's. Heap
budget: the same 150 KB as the PyBadge. Saves: /saves on the emulated flash.
"""

NAME = "sim"
BOARD_IDS = ("adjutant_sim",)
WIDTH = 160
HEIGHT = 128
HEAP_BUDGET = 150000
LED_COUNT = 12
LED_PIN = "NEOPIXEL"
TOWER = ((0, 1), (3, 2), (4, 5), (7, 6), (8, 9), (11, 10))
KEYMAP = (
    (0, "up"),
    (1, "down"),
    (2, "left"),
    (3, "right"),
    (4, "select"),
    (5, "back"),
    (6, "roll"),
)
KEY_LABELS = (
    ("up", "Up"),
    ("down", "Down"),
    ("left", "Left"),
    ("right", "Right"),
    ("select", "Enter"),
    ("back", "Esc"),
    ("roll", "Space"),
)
SAVE_DIR = "/saves"
# room for the tournament log (firmware/saves.py FileStore): its two copies and the export
# take 3 x 120 KB of the drive; a longer log grows its files (FAT writes)
LOG_BYTES = 98304
DRIVE_BYTES = 2 * 1024 * 1024   # CIRCUITPY as on a 2 MB flash
MAX_BRIGHTNESS = 0.5
SPEAKER = None

_KEY_PINS = ("BUTTON_UP", "BUTTON_DOWN", "BUTTON_LEFT", "BUTTON_RIGHT",
             "BUTTON_SELECT", "BUTTON_BACK", "BUTTON_ROLL")


def init_display():
    import board
    return board.DISPLAY


def init_pixels(brightness):
    import board
    import neopixel
    if brightness > MAX_BRIGHTNESS:
        brightness = MAX_BRIGHTNESS
    return neopixel.NeoPixel(board.NEOPIXEL, LED_COUNT, brightness=brightness, auto_write=False)


def init_keys():
    import board
    import keypad
    pins = tuple(getattr(board, name) for name in _KEY_PINS)
    return keypad.Keys(pins, value_when_pressed=False, pull=True)

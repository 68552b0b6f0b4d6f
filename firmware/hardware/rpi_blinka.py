"""Raspberry Pi (Linux, Adafruit Blinka) with a 320x240 SPI display.

Display: a 2.2"-2.8" ILI9341 320x240 TFT on SPI0 (SCLK D11, MOSI D10), CS on
CE0, DC D25, reset D24, driven by adafruit_ili9341 through Blinka's displayio
(landscape, rotation 0). Buttons: `keypad.Keys` on GPIO D5 up, D6 down,
D13 left, D19 right, D26 select, D16 back, D20 roll (to ground, pulled up).
LEDs: a NeoPixel strip of 24 on D18 (PWM0, as rpi_ws281x needs), a tower of
12 rows of 2, serpentine, attacker left. Heap: not a constraint on a Pi; the
budget is kept at 4 MB so a runaway allocation still shows. Saves:
/var/lib/adjutant (the service's state directory).
"""

NAME = "rpi_blinka"
BOARD_IDS = (
    "RASPBERRY_PI_3B", "RASPBERRY_PI_3B_PLUS", "RASPBERRY_PI_4B", "RASPBERRY_PI_400",
    "RASPBERRY_PI_5", "RASPBERRY_PI_ZERO_W", "RASPBERRY_PI_ZERO_2_W",
)
WIDTH = 320
HEIGHT = 240
HEAP_BUDGET = 4000000
LED_COUNT = 24
LED_PIN = "D18"
TOWER = (
    (0, 1), (3, 2), (4, 5), (7, 6), (8, 9), (11, 10),
    (12, 13), (15, 14), (16, 17), (19, 18), (20, 21), (23, 22),
)
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
    ("select", "OK"),
    ("back", "Back"),
    ("roll", "Roll"),
)
SAVE_DIR = "/var/lib/adjutant"
# room for a whole Global 1940 tournament log (firmware/saves.py FileStore; 2-4 KB a turn, 10
# powers, 15-odd rounds: up to ~600 KB): its two copies and the export take 3 x 960 KB of the drive, made
# before the first save, so no log append writes the FAT
LOG_BYTES = 786432
DRIVE_BYTES = 64 * 1024 * 1024   # a directory on the SD card: far more; the simulator gives 64 MB
MAX_BRIGHTNESS = 0.4
SPEAKER = None

_KEY_PINS = ("D5", "D6", "D13", "D19", "D26", "D16", "D20")


def init_display():
    import board
    import displayio
    import adafruit_ili9341
    from fourwire import FourWire
    displayio.release_displays()
    bus = FourWire(board.SPI(), command=board.D25, chip_select=board.CE0, reset=board.D24)
    return adafruit_ili9341.ILI9341(bus, width=WIDTH, height=HEIGHT)


def init_pixels(brightness):
    import board
    import neopixel
    if brightness > MAX_BRIGHTNESS:
        brightness = MAX_BRIGHTNESS
    return neopixel.NeoPixel(getattr(board, LED_PIN), LED_COUNT, brightness=brightness, auto_write=False)


def init_keys():
    import board
    import keypad
    pins = tuple(getattr(board, name) for name in _KEY_PINS)
    return keypad.Keys(pins, value_when_pressed=False, pull=True)

"""Raspberry Pi Pico (RP2040, CircuitPython) with a 240x135 ST7789 display pack.

The pack is the Waveshare Pico-LCD-1.14 (1.14" ST7789, 240x135, joystick and
two keys), plugged straight onto the Pico. Display: SPI1 on GP10 (SCK) and
GP11 (MOSI), CS GP9, DC GP8, reset GP12, backlight GP13; the panel is a
135x240 window of the controller's 240x320 RAM (colstart 53, rowstart 40)
turned to landscape (rotation 90). Buttons: `keypad.Keys` on the joystick
up GP2, down GP18, left GP16, right GP20, press GP3, key A GP15, key B GP17
(active low, pulled up). LEDs: an external NeoPixel strip of 16 on GP22,
wired as a tower of 8 rows of 2 (serpentine: the strip turns at each row),
attacker left, defender right. Heap: 264 KB of RAM leaves about 180 KB.
Saves: /saves on CIRCUITPY.
"""

NAME = "pico_st7789"
BOARD_IDS = ("raspberry_pi_pico", "raspberry_pi_pico_w", "raspberry_pi_pico2", "raspberry_pi_pico2_w")
WIDTH = 240
HEIGHT = 135
HEAP_BUDGET = 180000
LED_COUNT = 16
LED_PIN = "GP22"
TOWER = ((0, 1), (3, 2), (4, 5), (7, 6), (8, 9), (11, 10), (12, 13), (15, 14))
KEYMAP = (
    (0, "up"),
    (1, "down"),
    (2, "left"),
    (3, "right"),
    (4, "select"),
    (5, "roll"),
    (6, "back"),
)
KEY_LABELS = (
    ("up", "Up"),
    ("down", "Down"),
    ("left", "Left"),
    ("right", "Right"),
    ("select", "Press"),
    ("back", "B"),
    ("roll", "A"),
)
SAVE_DIR = "/saves"
# room for the tournament log (firmware/saves.py FileStore): its two copies and the export
# take 3 x 120 KB of its 1 MB drive; a longer log grows its files (FAT writes)
LOG_BYTES = 98304
DRIVE_BYTES = 1024 * 1024   # CIRCUITPY: the RP2040 Pico's 2 MB flash less the firmware's 1 MB
MAX_BRIGHTNESS = 0.25  # 16 pixels from the Pico's 3V3/VBUS: keep the current modest
SPEAKER = None  # the Pico-LCD-1.14 has no buzzer

_KEY_PINS = ("GP2", "GP18", "GP16", "GP20", "GP3", "GP15", "GP17")


def init_display():
    import board
    import busio
    import displayio
    import adafruit_st7789
    try:
        from fourwire import FourWire
    except ImportError:  # CircuitPython 8
        from displayio import FourWire
    displayio.release_displays()
    spi = busio.SPI(clock=board.GP10, MOSI=board.GP11)
    bus = FourWire(spi, command=board.GP8, chip_select=board.GP9, reset=board.GP12)
    return adafruit_st7789.ST7789(
        bus, width=WIDTH, height=HEIGHT, rowstart=40, colstart=53, rotation=90,
        backlight_pin=board.GP13)


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

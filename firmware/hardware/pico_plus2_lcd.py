"""Pimoroni Pico Plus 2 (RP2350B, 8 MB PSRAM) with the Waveshare Pico-LCD-1.14: a handheld that
runs Adjutant on stock CircuitPython from copied files (no custom build).

The Pico Plus 2 (and the Plus 2 W) keeps the Pico's header and GPIO numbers (CircuitPython's
ports/raspberrypi/boards/pimoroni_pico_plus2/pins.c: GP0..GP22, GP26..GP28 on the edge), so the
display pack plugs straight on and everything but the chip is the `pico_st7789` profile's: the
1.14" ST7789 240x135 on SPI1 (GP10 SCK, GP11 MOSI, CS GP9, DC GP8, reset GP12, backlight GP13),
the joystick and keys A/B on `keypad.Keys` (GP2 up, GP18 down, GP16 left, GP20 right, GP3 press,
GP15 A, GP17 B), a NeoPixel strip of 16 on GP22 as a tower of 8 rows of 2. No buzzer on the pack
(RP2350 CircuitPython has no audioio; `pwmio` works on every GPIO should one be wired).

Heap: the 8 MB PSRAM (chip select GPIO47, CIRCUITPY_PSRAM_CHIP_SELECT in the board's
mpconfigboard.h) holds CircuitPython's heap, so the app, the engine and the edition tables load
as copied `.py` or `.mpy` files (the issue's measurement: ~433 KB from `.py` for a Global 1940
round with a battle). HEAP_BUDGET is set at 4 MB, half the PSRAM, as a ceiling the settings
screen shows; it is not a measurement on the board. Saves: /saves on CIRCUITPY.
"""

from firmware.hardware.pico_st7789 import (  # noqa: F401  (the profile contract, re-exported)
    WIDTH, HEIGHT, LED_COUNT, LED_PIN, TOWER, KEYMAP, KEY_LABELS, SAVE_DIR, MAX_BRIGHTNESS, SPEAKER,
    init_display, init_pixels, init_keys)

NAME = "pico_plus2_lcd"
BOARD_IDS = ("pimoroni_pico_plus2", "pimoroni_pico_plus2w")
HEAP_BUDGET = 4000000
# room for a whole Global 1940 tournament log (firmware/saves.py FileStore; 2-4 KB a turn, 10
# powers, 15-odd rounds: up to ~600 KB): its two copies and the export take 3 x 960 KB of its 16 MB flash, made
# before the first save, so no log append writes the FAT
LOG_BYTES = 786432
DRIVE_BYTES = 15 * 1024 * 1024   # CIRCUITPY: the 16 MB flash less the firmware's 1 MB

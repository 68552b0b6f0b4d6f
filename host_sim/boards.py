"""The boards the simulator can be: pins, pre-initialised display, NVM size.

One entry per board_id the hardware profiles name. Pins are only names here
(the emulated `board` module hands out `microcontroller.Pin` objects for
them); `display` describes the display CircuitPython sets up before code.py
runs (`board.DISPLAY`), for boards that have one built in; `joystick` maps
key numbers to analog pins for boards whose d-pad is a joystick (PyGamer); `linux`
marks a Raspberry Pi running Blinka (no boot.py, no read-only CIRCUITPY drive).
"""

def _gp(n):
    return tuple("GP%d" % i for i in range(n))


def _d(n):
    return tuple("D%d" % i for i in range(n))


_PYBADGE_PINS = (
    "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "D2", "D3", "D4", "D5", "D6", "D9",
    "D10", "D11", "D12", "D13", "SCK", "MOSI", "MISO", "SDA", "SCL", "TX", "RX",
    "NEOPIXEL", "BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
    "LIGHT", "ACCELEROMETER_INTERRUPT", "TFT_CS", "TFT_DC", "TFT_RST", "TFT_LITE",
    "TFT_SCK", "TFT_MOSI", "VOLTAGE_MONITOR",
)

# ST7735R 1.8" 160x128 as CircuitPython's pybadge/pygamer board.c sets it up.
_ST7735R_160x128 = {"driver": "st7735r", "width": 160, "height": 128, "rotation": 270,
                    "colstart": 0, "rowstart": 0, "dc": "TFT_DC", "cs": "TFT_CS",
                    "reset": "TFT_RST", "backlight": "TFT_LITE"}

BOARDS = {
    "pybadge": {
        "pins": _PYBADGE_PINS,
        "display": _ST7735R_160x128,
        "nvm": 8192,
        "joystick": None,
    },
    "pygamer": {
        "pins": _PYBADGE_PINS + ("JOYSTICK_X", "JOYSTICK_Y", "SD_CS", "SD_CARD_DETECT"),
        "display": _ST7735R_160x128,
        "nvm": 8192,
        # key number -> (analog pin, value while held); centre 32768
        "joystick": {4: ("JOYSTICK_X", 65535), 5: ("JOYSTICK_Y", 65535),
                     6: ("JOYSTICK_Y", 0), 7: ("JOYSTICK_X", 0)},
    },
    "raspberry_pi_pico": {
        "pins": _gp(29) + ("LED", "A0", "A1", "A2", "A3", "SMPS_MODE", "VBUS_SENSE", "VOLTAGE_MONITOR"),
        "display": None,
        "nvm": 4096,
        "joystick": None,
    },
    "RASPBERRY_PI_4B": {
        "pins": _d(28) + ("SDA", "SCL", "SCK", "SCLK", "MOSI", "MISO", "CE0", "CE1", "TXD", "RXD",
                          "SCK_1", "MOSI_1", "MISO_1"),
        "display": None,
        "nvm": 0,
        "joystick": None,
        "spi": ("SCK", "MOSI", "MISO"),
        "linux": True,  # Blinka on Linux: no boot.py, no CIRCUITPY drive; files are always writable
    },
    "adjutant_sim": {
        "pins": ("NEOPIXEL", "BUTTON_UP", "BUTTON_DOWN", "BUTTON_LEFT", "BUTTON_RIGHT",
                 "BUTTON_SELECT", "BUTTON_BACK", "BUTTON_ROLL", "TFT_CS", "TFT_DC", "TFT_RST",
                 "TFT_LITE", "SCK", "MOSI", "MISO", "SDA", "SCL"),
        "display": {"driver": "st7735r", "width": 160, "height": 128, "rotation": 0,
                    "colstart": 0, "rowstart": 0, "dc": "TFT_DC", "cs": "TFT_CS",
                    "reset": "TFT_RST", "backlight": "TFT_LITE"},
        "nvm": 8192,
        "joystick": None,
    },
}

# Other board ids of the same hardware.
ALIASES = {
    "raspberry_pi_pico_w": "raspberry_pi_pico",
    "raspberry_pi_pico2": "raspberry_pi_pico",
    "raspberry_pi_pico2_w": "raspberry_pi_pico",
    "RASPBERRY_PI_3B": "RASPBERRY_PI_4B",
    "RASPBERRY_PI_3B_PLUS": "RASPBERRY_PI_4B",
    "RASPBERRY_PI_400": "RASPBERRY_PI_4B",
    "RASPBERRY_PI_5": "RASPBERRY_PI_4B",
    "RASPBERRY_PI_ZERO_W": "RASPBERRY_PI_4B",
    "RASPBERRY_PI_ZERO_2_W": "RASPBERRY_PI_4B",
}


def spec(board_id):
    return BOARDS[ALIASES.get(board_id, board_id)]

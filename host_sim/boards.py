"""The boards the simulator can be: pins, pre-initialised display, NVM size.

One entry per board_id the hardware profiles name. Pins are only names here
(the emulated `board` module hands out `microcontroller.Pin` objects for
them); `display` describes the display CircuitPython sets up before code.py
runs (`board.DISPLAY`), for boards that have one built in; `joystick` maps
key numbers to analog pins for boards whose d-pad is a joystick (PyGamer); `linux`
marks a Raspberry Pi running Blinka (no boot.py, no read-only CIRCUITPY drive).

What the pins can do, from each board's own definition (CircuitPython's
ports/<port>/boards/<board>/pins.c and the chip's pin table), so the emulated
`pwmio` and `audioio` refuse what the real board refuses: `pwm` names the pins with
a PWM timer ("all" where every GPIO has one), `dac` the pins `audioio.AudioOut` takes,
`modules_absent` the hardware modules the board's CircuitPython build lacks (an
import fails).
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

# PyBadge/PyGamer (SAMD51J19A: TC0-TC5, TCC0-TCC4; no TC6/TC7): pins whose pad has no usable
# timer in samd-peripherals' samd51 pin table, so PWMOut raises ValueError on them. SPEAKER
# (PA02, also A0) is DAC0 only: the speaker is driven by audioio, never by PWM.
_PYBADGE_NO_TIMER = (
    "A0", "SPEAKER",          # PA02: DAC0, no TC/TCC
    "A6", "VOLTAGE_MONITOR",  # PB01: TC7 only
    "A7", "LIGHT",            # PB04
    "A8", "D2",               # PB03: TC6 only
    "MISO", "MOSI",           # PB22, PB23: TC7 only
    "SPEAKER_ENABLE",         # PA27
    "BUTTON_LATCH",           # PB00: TC7 only
    "TFT_DC",                 # PB05
)
_SAMD51_DAC = ("A0", "SPEAKER", "A1")  # PA02 = DAC0, PA05 = DAC1


def _minus(pins, without):
    return tuple(p for p in pins if p not in without)


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
        "pwm": _minus(_PYBADGE_PINS, _PYBADGE_NO_TIMER + ("TFT_CS",)),  # TFT_CS: PB07, no timer
        "dac": _SAMD51_DAC,
        "modules_absent": (),
    },
    "pygamer": {
        "pins": _PYBADGE_PINS + ("JOYSTICK_X", "JOYSTICK_Y", "SD_CS", "SD_CARD_DETECT"),
        "display": _ST7735R_160x128,
        "nvm": 8192,
        # key number -> (analog pin, value while held); centre 32768
        "joystick": {4: ("JOYSTICK_X", 65535), 5: ("JOYSTICK_Y", 65535),
                     6: ("JOYSTICK_Y", 0), 7: ("JOYSTICK_X", 0)},
        # TFT_CS is PB12 here (TC4/TCC3); the joystick's PB07/PB06 have no timer
        "pwm": _minus(_PYBADGE_PINS + ("SD_CS",), _PYBADGE_NO_TIMER),
        "dac": _SAMD51_DAC,
        "modules_absent": (),
    },
    "raspberry_pi_pico": {
        "pins": _gp(29) + ("LED", "A0", "A1", "A2", "A3", "SMPS_MODE", "VBUS_SENSE", "VOLTAGE_MONITOR"),
        "display": None,
        "nvm": 4096,
        "joystick": None,
        "pwm": "all",                  # RP2040: every GPIO is on a PWM slice
        "dac": (),
        "modules_absent": ("audioio",),  # no DAC (audiopwmio/audiobusio instead)
    },
    # Pimoroni Pico Plus 2 / Plus 2 W (RP2350B, 8 MB PSRAM): pins as their pins.c names them
    "pimoroni_pico_plus2": {
        "pins": _gp(23) + ("GP26", "GP27", "GP28", "GP40", "GP41", "GP42", "A0", "A1", "A2", "A3",
                          "LED", "VBUS_SENSE", "VOLTAGE_MONITOR", "USER_SW", "BUTTON"),
        "display": None,
        "nvm": 4096,
        "joystick": None,
        "pwm": "all",                    # RP2350: every GPIO is on a PWM slice
        "dac": (),
        "modules_absent": ("audioio",),  # CIRCUITPY_AUDIOIO = 0 on the raspberrypi port
    },
    "RASPBERRY_PI_4B": {
        "pins": _d(28) + ("SDA", "SCL", "SCK", "SCLK", "MOSI", "MISO", "CE0", "CE1", "TXD", "RXD",
                          "SCK_1", "MOSI_1", "MISO_1"),
        "display": None,
        "nvm": 0,
        "joystick": None,
        "spi": ("SCK", "MOSI", "MISO"),
        "linux": True,  # Blinka on Linux: no boot.py, no CIRCUITPY drive; files are always writable
        "pwm": ("D12", "D13", "D18", "D19"),  # the Pi's hardware PWM channels (Blinka's pwmio)
        "dac": (),
        "modules_absent": ("audioio",),
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
        "pwm": "all",
        "dac": (),
        "modules_absent": ("audioio",),
    },
}

# Other board ids of the same hardware.
ALIASES = {
    "pimoroni_pico_plus2w": "pimoroni_pico_plus2",
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


def can_pwm(board_id, pin_name):
    pwm = spec(board_id).get("pwm", ())
    return pwm == "all" or pin_name in pwm


def can_dac(board_id, pin_name):
    return pin_name in spec(board_id).get("dac", ())


def has_module(board_id, name):
    return name not in spec(board_id).get("modules_absent", ())

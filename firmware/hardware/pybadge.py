"""Adafruit PyBadge / PyGamer (SAMD51, CircuitPython).

Display: the built-in 1.8" 160x128 ST7735R, already set up by CircuitPython
as `board.DISPLAY` (landscape). Buttons: the built-in shift register read by
`keypad.ShiftRegisterKeys` (B=0, A=1, Start=2, Select=3, and on the PyBadge
the d-pad Right=4, Down=5, Up=6, Left=7). The PyGamer has an analog joystick
instead of the d-pad: `init_keys()` turns it into key events 4..7 with the
same numbers, so one KEYMAP serves both. LEDs: the five built-in NeoPixels
on `board.NEOPIXEL`, a row under the screen, used as a one-row tower.
Heap: the SAMD51J19 has 192 KB of RAM; CircuitPython with the display
leaves about 150 KB for the firmware. Saves: /saves on CIRCUITPY (boot.py
remounts the drive writable for code).
"""

NAME = "pybadge"
BOARD_IDS = ("pybadge", "pygamer")
WIDTH = 160
HEIGHT = 128
HEAP_BUDGET = 150000
LED_COUNT = 5
LED_PIN = "NEOPIXEL"
TOWER = ((0, 1, 2, 3, 4),)
KEYMAP = (
    (6, "up"),
    (5, "down"),
    (7, "left"),
    (4, "right"),
    (1, "select"),
    (0, "back"),
    (2, "roll"),
    (3, "roll"),
)
KEY_LABELS = (
    ("up", "Up"),
    ("down", "Down"),
    ("left", "Left"),
    ("right", "Right"),
    ("select", "A"),
    ("back", "B"),
    ("roll", "Start"),
)
SAVE_DIR = "/saves"
# room for the tournament log (firmware/saves.py FileStore): its two copies and the export
# take 3 x 120 KB of the drive; a longer log grows its files (FAT writes)
LOG_BYTES = 98304
DRIVE_BYTES = 2 * 1024 * 1024   # CIRCUITPY: the 2 MB QSPI flash
MAX_BRIGHTNESS = 0.3  # five pixels next to the player's eyes, on a LiPo
SPEAKER = ("dac", "SPEAKER", "SPEAKER_ENABLE")  # PA02 is DAC0 (no PWM timer): audioio.AudioOut

# Joystick thresholds (16-bit ADC readings, centre about 32768).
_JOY_LOW = 16000
_JOY_HIGH = 49000
_JOY_KEYS = (4, 5, 6, 7)  # right, down, up, left: the PyBadge d-pad numbers


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
    if hasattr(board, "JOYSTICK_X"):
        buttons = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=4, value_when_pressed=True, value_to_latch=True)
        return _JoystickKeys(buttons, board.JOYSTICK_X, board.JOYSTICK_Y)
    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
        key_count=8, value_when_pressed=True, value_to_latch=True)


class _JoystickKeys:
    """PyGamer: shift-register buttons plus the joystick as four keys.

    `.events.get()` first returns button events, then any joystick direction
    that changed since the last poll, as keypad Events numbered like the
    PyBadge d-pad.
    """

    def __init__(self, buttons, pin_x, pin_y):
        import analogio
        self._buttons = buttons
        self._x = analogio.AnalogIn(pin_x)
        self._y = analogio.AnalogIn(pin_y)
        self._held = [False, False, False, False]
        self._pending = []
        self.events = self

    def _directions(self):
        x = self._x.value
        y = self._y.value
        return (x > _JOY_HIGH, y > _JOY_HIGH, y < _JOY_LOW, x < _JOY_LOW)

    def get(self):
        ev = self._buttons.events.get()
        if ev is not None:
            return ev
        if not self._pending:
            import keypad
            now = self._directions()
            for i in range(4):
                if now[i] != self._held[i]:
                    self._held[i] = now[i]
                    self._pending.append(keypad.Event(_JOY_KEYS[i], now[i]))
        if self._pending:
            return self._pending.pop(0)
        return None

    def deinit(self):
        self._buttons.deinit()
        self._x.deinit()
        self._y.deinit()

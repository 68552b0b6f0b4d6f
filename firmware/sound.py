"""Short beeps when sound is on: a tick per die revealed, a chord for the outcome.

Hardware is injected: `Sound(pwm)` takes any PWMOut-like object (duty_cycle,
frequency). `speaker()` builds one from `board.SPEAKER` when the board has a
speaker (PyBadge/PyGamer: also drives SPEAKER_ENABLE high); other boards get
None and stay silent. Like the tower, nothing blocks: `beep()` starts a tone and
`update(now)` ends it.
"""

from firmware.ticks import ticks_since

_ON = 0x8000
_OFF = 0


def speaker():
    """A PWMOut on the board's speaker, or None."""
    try:
        import board
        import pwmio
    except ImportError:
        return None
    pin = getattr(board, "SPEAKER", None)
    if pin is None:
        return None
    enable = getattr(board, "SPEAKER_ENABLE", None)
    if enable is not None:
        import digitalio
        en = digitalio.DigitalInOut(enable)
        en.switch_to_output(value=True)
    return pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)


class Sound:
    def __init__(self, pwm, enabled=False):
        self.pwm = pwm
        self.enabled = enabled
        self.started = -1  # ticks when the tone began (-1: silent)
        self.length = 0
        self.beeps = 0

    def beep(self, now, frequency=880, ms=30):
        if not self.enabled or self.pwm is None:
            return
        self.pwm.frequency = frequency
        self.pwm.duty_cycle = _ON
        self.started = now
        self.length = ms
        self.beeps += 1

    def update(self, now):
        if self.started >= 0 and ticks_since(now, self.started) >= self.length:
            if self.pwm is not None:
                self.pwm.duty_cycle = _OFF
            self.started = -1

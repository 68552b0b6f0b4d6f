"""Short beeps when sound is on: a tick per die revealed.

Each board makes sound its own way, named by its profile's SPEAKER:

    ("dac", PIN, ENABLE)  an analog output (PyBadge/PyGamer: `board.SPEAKER` is the SAMD51's
                          DAC pin, which has no timer for PWM): `audioio.AudioOut` playing a
                          looped `audiocore.RawSample` of one square-wave period
    ("pwm", PIN, ENABLE)  a buzzer on a pin with a PWM timer: `pwmio.PWMOut`
    None                  no speaker: silent

ENABLE (or None) is an amplifier-enable pin driven high first. `speaker(profile)` returns
`(tone, why)`: a tone device, or None and the reason in a few words when the board refuses
(a missing module, a pin without the capability, a pin in use). A failing sound device
never takes the app down: sound stays off and the settings screen shows why.

Hardware is injected: `Sound(tone)` takes any object with `on(frequency)` / `off()`
(`PwmTone`, `DacTone` or a test's fake). Like the tower, nothing blocks: `beep()` starts a
tone and `update(now)` ends it (ticks compared through firmware/ticks.py).
"""

from firmware.ticks import ticks_since

_ON = 0x8000
_OFF = 0
_PERIOD_SAMPLES = 16   # one square-wave period per RawSample; sample rate = frequency * 16
_AMPLITUDE = 0x3000    # around the DAC's mid-scale (quiescent 0x8000): not at full volume


class PwmTone:
    """A tone on a PWMOut-like object (duty_cycle, frequency)."""

    def __init__(self, pwm):
        self.pwm = pwm

    def on(self, frequency):
        self.pwm.frequency = frequency
        self.pwm.duty_cycle = _ON

    def off(self):
        self.pwm.duty_cycle = _OFF


class DacTone:
    """A tone on an AudioOut-like object (play(sample, loop=True), stop()); `sample(frequency)`
    makes the looped RawSample (one per frequency, kept)."""

    def __init__(self, audio, sample):
        self.audio = audio
        self.sample = sample
        self.samples = {}

    def on(self, frequency):
        s = self.samples.get(frequency)
        if s is None:
            s = self.sample(frequency)
            self.samples[frequency] = s
        self.audio.play(s, loop=True)

    def off(self):
        self.audio.stop()


def square_wave(frequency):
    """One period of a square wave as 16-bit unsigned samples, and its sample rate."""
    import array
    half = _PERIOD_SAMPLES // 2
    buf = array.array("H", [0x8000 + _AMPLITUDE] * half + [0x8000 - _AMPLITUDE] * half)
    return buf, frequency * _PERIOD_SAMPLES


def _raw_sample(frequency):
    import audiocore
    buf, rate = square_wave(frequency)
    return audiocore.RawSample(buf, sample_rate=rate)


def speaker(profile):
    """(tone, why): the profile's speaker as a tone device, or (None, reason)."""
    spec = getattr(profile, "SPEAKER", None)
    if spec is None:
        return None, "no speaker"
    kind, pin_name, enable_name = spec
    claimed = []
    try:
        import board
        pin = getattr(board, pin_name)
        if enable_name is not None:
            import digitalio
            en = digitalio.DigitalInOut(getattr(board, enable_name))
            claimed.append(en)
            en.switch_to_output(value=True)
        if kind == "dac":
            import audioio
            return DacTone(audioio.AudioOut(pin), _raw_sample), ""
        if kind == "pwm":
            import pwmio
            return PwmTone(pwmio.PWMOut(pin, duty_cycle=0, frequency=440, variable_frequency=True)), ""
        raise ValueError("speaker kind " + repr(kind))
    except (ImportError, AttributeError, ValueError, RuntimeError, OSError, MemoryError) as err:
        for part in claimed:  # a second try must not find the enable pin "in use"
            try:
                part.deinit()
            except (AttributeError, ValueError, RuntimeError):
                pass
        return None, (type(err).__name__ + ": " + str(err))[:60]


class Sound:
    def __init__(self, tone, enabled=False, why=""):
        self.tone = tone
        self.enabled = enabled and tone is not None
        self.why = why          # why there is no tone device ("" when there is one)
        self.started = -1       # ticks when the tone began (-1: silent)
        self.length = 0
        self.beeps = 0

    def beep(self, now, frequency=880, ms=30):
        if not self.enabled or self.tone is None:
            return
        try:
            self.tone.on(frequency)
        except (ValueError, RuntimeError, OSError, MemoryError) as err:
            self.fail(err)
            return
        self.started = now
        self.length = ms
        self.beeps += 1

    def update(self, now):
        if self.started >= 0 and ticks_since(now, self.started) >= self.length:
            self.started = -1
            if self.tone is not None:
                try:
                    self.tone.off()
                except (ValueError, RuntimeError, OSError) as err:
                    self.fail(err)

    def fail(self, err):
        """The device refused mid-game: sound goes off, and says why."""
        self.tone = None
        self.enabled = False
        self.started = -1
        self.why = (type(err).__name__ + ": " + str(err))[:60]

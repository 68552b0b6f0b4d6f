"""audioio: AudioOut on a DAC pin, only on boards whose CircuitPython has audioio.

A board without it (RP2040, ESP32-S3, the Pi) fails the import, as CircuitPython does; a pin that
is not a DAC output raises ValueError("Invalid pin"); a pin in use ValueError("<pin> in use").
Every play/stop is logged on the machine (`machine.sound_log`: (ms, "play"/"stop", sample rate)).
"""

from host_sim import boards, hub

if hub.machine is not None and not boards.has_module(hub.machine.board_id, "audioio"):
    raise ImportError("no module named 'audioio'")


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        name = getattr(left_channel, "name", str(left_channel))
        if hub.machine is not None:
            if not boards.can_dac(hub.machine.board_id, name):
                raise ValueError("Invalid pin")
            hub.machine.claim(name, self)
        self._name = name
        self.quiescent_value = quiescent_value
        self.playing = False
        self.paused = False
        self.sample = None

    def play(self, sample, *, loop=False):
        self.sample = sample
        self.playing = True
        if hub.machine is not None:
            hub.machine.sound_log.append((hub.machine.clock.ms(), "play", getattr(sample, "sample_rate", 0)))

    def stop(self):
        if self.playing and hub.machine is not None:
            hub.machine.sound_log.append((hub.machine.clock.ms(), "stop", 0))
        self.playing = False

    def pause(self):
        self.paused = True

    def resume(self):
        self.paused = False

    def deinit(self):
        self.stop()
        if hub.machine is not None:
            hub.machine.release(self._name, self)

"""analogio: AnalogIn reading the simulator's value for the pin (centre 32768)."""

from host_sim import hub


class AnalogIn:
    reference_voltage = 3.3

    def __init__(self, pin):
        self.pin = pin

    @property
    def value(self):
        return hub.machine.analog.get(getattr(self.pin, "name", str(self.pin)), 32768)

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

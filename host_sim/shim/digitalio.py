"""digitalio: DigitalInOut on a simulated pin (outputs remembered, inputs read high)."""

from host_sim import hub


class Direction:
    INPUT = "INPUT"
    OUTPUT = "OUTPUT"


class Pull:
    UP = "UP"
    DOWN = "DOWN"


class DriveMode:
    PUSH_PULL = "PUSH_PULL"
    OPEN_DRAIN = "OPEN_DRAIN"


class DigitalInOut:
    def __init__(self, pin):
        if hub.machine is not None:
            hub.machine.claim(getattr(pin, "name", str(pin)), self)
        self.pin = pin
        self._direction = Direction.INPUT
        self._pull = None
        self._value = False
        self.drive_mode = DriveMode.PUSH_PULL

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self._direction = Direction.OUTPUT
        self.drive_mode = drive_mode
        self.value = value

    def switch_to_input(self, pull=None):
        self._direction = Direction.INPUT
        self._pull = pull

    @property
    def direction(self):
        return self._direction

    @direction.setter
    def direction(self, value):
        self._direction = value

    @property
    def pull(self):
        return self._pull

    @pull.setter
    def pull(self, value):
        self._pull = value

    @property
    def value(self):
        if self._direction == Direction.OUTPUT:
            return self._value
        return self._pull != Pull.DOWN

    @value.setter
    def value(self, value):
        self._value = bool(value)
        if hub.machine is not None:
            hub.machine.levels[getattr(self.pin, "name", str(self.pin))] = self._value

    def deinit(self):
        if hub.machine is not None:
            hub.machine.release(getattr(self.pin, "name", str(self.pin)), self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
        return False

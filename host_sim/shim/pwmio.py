"""pwmio: PWMOut on a pin with a PWM timer, as the board's own pin table says (host_sim/boards.py).

A pin without a timer (the PyBadge's SPEAKER, its DAC pin) raises ValueError("Invalid pin"), and a
pin already in use raises ValueError("<pin> in use"), as CircuitPython does; deinit() frees it.
"""

from host_sim import hub


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        name = getattr(pin, "name", str(pin))
        if hub.machine is not None:
            from host_sim import boards
            if not boards.can_pwm(hub.machine.board_id, name):
                raise ValueError("Invalid pin")
            hub.machine.claim(name, self)
        self.pin = pin
        self._name = name
        self.duty_cycle = duty_cycle
        self.frequency = frequency
        self.variable_frequency = variable_frequency

    def deinit(self):
        if hub.machine is not None:
            hub.machine.release(self._name, self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()

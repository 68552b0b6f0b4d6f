"""fourwire: the display bus. Whatever displayio sends lands in an emulated controller's RAM.

Same constructor and private hooks as Blinka's FourWire (displayio's core
calls _begin_transaction/_send/_end_transaction/_free/reset), but instead of
toggling GPIO the bytes go to `host_sim.panel.Panel`.
"""

from host_sim import hub

_DISPLAY_DATA = 1  # displayio._constants.DISPLAY_DATA


class FourWire:
    def __init__(self, spi_bus, *, command, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        self._spi = spi_bus
        self.command_pin = command
        self.chip_select = chip_select
        self.reset_pin = reset
        self.frequency = baudrate
        self._locked = False
        self._panel = hub.machine.attach_panel(self)

    @property
    def panel(self):
        return self._panel

    def reset(self):
        pass

    def send(self, command, data, *, toggle_every_byte=False):
        if not 0 <= command <= 255:
            raise ValueError("Command must be an int between 0 and 255")
        self._panel.receive(False, bytes([command]))
        self._panel.receive(True, data)

    def _send(self, data_type, chip_select, data):
        self._panel.receive(data_type == _DISPLAY_DATA, data)

    def _free(self):
        return not self._locked

    def _begin_transaction(self):
        # Blinka's BusDisplay spins `while begin_transaction(): pass`, relying on
        # the second call failing while the bus is held -- as a real SPI lock does.
        if self._locked:
            return False
        self._locked = True
        return True

    def _end_transaction(self):
        self._locked = False

    def deinit(self):
        pass

    def _release(self):
        pass

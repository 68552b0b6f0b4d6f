"""neopixel_write: the wire to the strip; every frame shown is recorded by the machine."""

from host_sim import hub


def neopixel_write(digitalinout, buf):
    hub.machine.strip_write(digitalinout.pin, buf)

"""microcontroller: Pin, file-backed nvm, cpu, reset()."""

from host_sim import hub
from host_sim.hub import Pin  # noqa: F401  (the Pin class the board's pins are)


class _Cpu:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3
    uid = b"\x41\x44\x4a\x55\x54\x41\x4e\x54"


cpu = _Cpu()
cpus = (cpu,)


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2
    UF2 = 3


class ResetReason:
    POWER_ON = 0
    SOFTWARE = 3
    UNKNOWN = 7


def on_next_reset(run_mode):
    pass


def reset():
    """Hard reset: the simulator reboots the machine on the same flash."""
    from host_sim.runtime import Reset
    raise Reset("microcontroller.reset()")


def delay_us(us):
    import time
    time.sleep(us / 1000000)


def disable_interrupts():
    pass


def enable_interrupts():
    pass


def __getattr__(name):
    if name == "nvm":
        m = hub.machine
        if m is None or not m.nvm.size:
            return None
        return m.nvm
    raise AttributeError(name)


class _PinNamespace:
    def __getattr__(self, name):
        return hub.machine.board_attr(name)


pin = _PinNamespace()

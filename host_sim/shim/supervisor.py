"""supervisor: ticks_ms on the simulator's clock, runtime flags, reload()."""

from host_sim import hub


def ticks_ms():
    return hub.machine.clock.ticks_ms()


class _Runtime:
    usb_connected = True
    serial_connected = False
    serial_bytes_available = 0
    autoreload = False
    run_reason = 0


runtime = _Runtime()


class _StatusBar:
    console = True
    display = True


status_bar = _StatusBar()


def reload():
    from host_sim.runtime import Reset
    raise Reset("supervisor.reload()")


def set_next_code_file(filename, **kwargs):
    pass


def disable_autoreload():
    runtime.autoreload = False


def enable_autoreload():
    runtime.autoreload = True


def get_previous_traceback():
    return None

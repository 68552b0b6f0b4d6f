"""board: the pins, board_id and built-in display of the simulated board."""

from host_sim import hub


def __getattr__(name):
    if hub.machine is None:
        raise AttributeError("no simulated machine is running")
    return hub.machine.board_attr(name)


def __dir__():
    return hub.machine.board_names() if hub.machine is not None else []

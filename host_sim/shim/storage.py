"""storage: remount and friends.

As on CircuitPython, CIRCUITPY is read-only to code until boot.py calls
`storage.remount("/", readonly=False)`; the simulator runs firmware/boot.py
at every power-on, and the flash refuses writes (OSError 30) if it did not.
"""

from host_sim import hub


class _Mount:
    label = "CIRCUITPY"

    @property
    def readonly(self):
        return hub.machine is None or not hub.machine.flash.writable


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    if mount_path != "/":
        raise OSError(2, "No such mount")
    hub.machine.flash.writable = not readonly


def getmount(mount_path):
    return _Mount()


def disable_usb_drive():
    pass


def enable_usb_drive():
    pass


def erase_filesystem():
    raise RuntimeError("erase_filesystem is not emulated")


class VfsFat:
    def __init__(self, block_device):
        self.label = "CIRCUITPY"

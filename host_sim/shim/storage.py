"""storage: remount and friends; the flash is always writable by code in the simulator."""


class _Mount:
    label = "CIRCUITPY"
    readonly = False


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    _Mount.readonly = False


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

"""busio: SPI and I2C that accept everything (the display bus is fourwire's)."""


class SPI:
    def __init__(self, clock, MOSI=None, MISO=None, half_duplex=False):  # noqa: N803
        self.clock = clock
        self.MOSI = MOSI
        self.MISO = MISO
        self.frequency = 250000
        self._locked = False
        self.written = 0

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        self.frequency = baudrate

    def write(self, buf, start=0, end=None):
        self.written += len(buf[start:end])

    def readinto(self, buf, start=0, end=None, write_value=0):
        end = len(buf) if end is None else end
        for i in range(start, end):
            buf[i] = 0

    def write_readinto(self, out_buf, in_buf, out_start=0, out_end=None, in_start=0, in_end=None):
        self.readinto(in_buf, in_start, in_end)

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
        return False


class I2C:
    def __init__(self, scl, sda, frequency=100000, timeout=255):
        self._locked = False

    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def scan(self):
        return []

    def writeto(self, address, buffer, start=0, end=None):
        raise OSError(19, "no device at address")

    def readfrom_into(self, address, buffer, start=0, end=None):
        raise OSError(19, "no device at address")

    def deinit(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
        return False

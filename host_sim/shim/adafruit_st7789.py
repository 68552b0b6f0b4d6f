"""adafruit_st7789 (as in the Adafruit library): ST7789 on a display bus."""

from busdisplay import BusDisplay

_INIT_SEQUENCE = (
    b"\x01\x80\x96"  # _SWRESET and Delay 150ms
    b"\x11\x80\xff"  # _SLPOUT and Delay 500ms
    b"\x3a\x81\x55\x0a"  # _COLMOD and Delay 10ms
    b"\x36\x01\x08"  # _MADCTL
    b"\x21\x80\x0a"  # _INVON Hack and Delay 10ms
    b"\x13\x80\x0a"  # _NORON and Delay 10ms
    b"\x36\x01\xc0"  # _MADCTL
    b"\x29\x80\xff"  # _DISPON and Delay 500ms
)


class ST7789(BusDisplay):
    def __init__(self, bus, **kwargs):
        super().__init__(bus, _INIT_SEQUENCE, **kwargs)

"""adafruit_st7735r (as in the Adafruit library): ST7735R on a display bus."""

from busdisplay import BusDisplay

_INIT_SEQUENCE = bytearray(
    b"\x01\x80\x96"  # SWRESET and Delay 150ms
    b"\x11\x80\xff"  # SLPOUT and Delay
    b"\xb1\x03\x01\x2c\x2d"  # _FRMCTR1
    b"\xb2\x03\x01\x2c\x2d"  # _FRMCTR2
    b"\xb3\x06\x01\x2c\x2d\x01\x2c\x2d"  # _FRMCTR3
    b"\xb4\x01\x07"  # _INVCTR line inversion
    b"\xc0\x03\xa2\x02\x84"  # _PWCTR1 GVDD = 4.7V, 1.0uA
    b"\xc1\x01\xc5"  # _PWCTR2 VGH=14.7V, VGL=-7.35V
    b"\xc2\x02\x0a\x00"  # _PWCTR3 Opamp current small, Boost frequency
    b"\xc3\x02\x8a\x2a"
    b"\xc4\x02\x8a\xee"
    b"\xc5\x01\x0e"  # _VMCTR1 VCOMH = 4V, VOML = -1.1V
    b"\x20\x00"  # _INVOFF
    b"\x36\x01\x18"  # _MADCTL bottom to top refresh
    b"\x3a\x01\x05"  # COLMOD - 16bit color
    b"\x13\x80\x0a"  # _NORON
    b"\x29\x80\x64"  # _DISPON
)


class ST7735R(BusDisplay):
    def __init__(self, bus, *, bgr=False, invert=False, **kwargs):
        init_sequence = bytearray(_INIT_SEQUENCE)  # a copy: += must not grow the module's table
        if bgr:
            init_sequence += b"\x36\x01\xc0"
        else:
            init_sequence += b"\x36\x01\xc8"
        if invert:
            init_sequence += b"\x21\x00"
        super().__init__(bus, init_sequence, **kwargs)

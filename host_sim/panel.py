"""A display controller that remembers what it was sent: MIPI DCS over a FourWire bus.

ST7735R, ST7789 and ILI9341 share the commands that matter here: CASET (0x2A)
and RASET (0x2B) set a window of the controller's RAM, RAMWR (0x2C) streams
RGB565 pixels (big-endian, as CircuitPython's displayio sends them) into that
window row by row. Blinka's displayio draws only what changed, exactly as on
the device, so the RAM holds what the glass would show -- including a stale
picture if the firmware forgets to refresh.

`image(display)` returns the visible window as a PIL image the way a person
sees it: cropped at the display's colstart/rowstart and turned by its
rotation, `display.width` x `display.height`.
"""

from PIL import Image

CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C
SWRESET = 0x01
DISPOFF = 0x28
DISPON = 0x29


class Panel:
    def __init__(self, ram_width=320, ram_height=320):
        self.ram_width = ram_width
        self.ram_height = ram_height
        self.ram = bytearray(ram_width * ram_height * 2)
        self.command = None
        self.params = bytearray()
        self.window = (0, 0, ram_width - 1, ram_height - 1)
        self.cursor = 0  # pixel index inside the window
        self.on = False
        self.commands = 0
        self.pixels_written = 0
        self._pending = b""  # odd byte of a pixel split across two sends

    # -- bus side ----------------------------------------------------------
    def receive(self, is_data, data):
        data = bytes(data)
        if not is_data:
            for byte in data:  # several command bytes in a row: each starts anew
                self._begin(byte)
            return
        if self.command == RAMWR:
            self._pixels(data)
        else:
            self.params += data
            self._params_changed()

    def _begin(self, command):
        self.command = command
        self.params = bytearray()
        self.commands += 1
        self._pending = b""
        if command == RAMWR:
            self.cursor = 0
        elif command == SWRESET:
            self.on = False
        elif command == DISPON:
            self.on = True
        elif command == DISPOFF:
            self.on = False

    def _params_changed(self):
        if self.command in (CASET, RASET) and len(self.params) >= 4:
            lo = (self.params[0] << 8) | self.params[1]
            hi = (self.params[2] << 8) | self.params[3]
            x1, y1, x2, y2 = self.window
            if self.command == CASET:
                self.window = (lo, y1, hi, y2)
            else:
                self.window = (x1, lo, x2, hi)

    def _pixels(self, data):
        if self._pending:
            data = self._pending + data
            self._pending = b""
        if len(data) % 2:
            self._pending = data[-1:]
            data = data[:-1]
        x1, y1, x2, y2 = self.window
        w = x2 - x1 + 1
        h = y2 - y1 + 1
        if w <= 0 or h <= 0:
            return
        total = w * h
        n = len(data) // 2
        self.pixels_written += n
        pos = 0
        ram = self.ram
        rw = self.ram_width
        while pos < n and self.cursor < total:
            row = self.cursor // w
            col = self.cursor % w
            take = min(w - col, n - pos)
            y = y1 + row
            x = x1 + col
            if 0 <= y < self.ram_height and x < rw:
                end_x = min(x + take, rw)
                start = (y * rw + x) * 2
                ram[start:start + (end_x - x) * 2] = data[pos * 2:(pos + end_x - x) * 2]
            pos += take
            self.cursor += take

    # -- the glass -----------------------------------------------------------
    def ram_image(self, x, y, w, h):
        """The RAM rectangle as an RGB image (no rotation)."""
        raw = bytearray(w * h * 2)
        rw = self.ram_width
        for row in range(h):
            src = ((y + row) * rw + x) * 2
            raw[row * w * 2:(row + 1) * w * 2] = self.ram[src:src + w * 2]
        # RGB565 big-endian -> the little-endian word PIL's "BGR;16" decoder reads
        swapped = bytearray(len(raw))
        swapped[0::2] = raw[1::2]
        swapped[1::2] = raw[0::2]
        return Image.frombytes("RGB", (w, h), bytes(swapped), "raw", "BGR;16")

    def image(self, display):
        """What a person sees on `display` (a blinka BusDisplay on this panel)."""
        core = display._core  # pylint: disable=protected-access
        pw = core.area.x2 - core.area.x1
        ph = core.area.y2 - core.area.y1
        img = self.ram_image(core.colstart, core.rowstart, pw, ph)
        return to_logical(img, core.rotation)


def to_logical(img, rotation):
    """Physical RAM picture -> the picture in the display's own orientation.

    displayio rotates in software: logical (x, y) lands at the physical pixel
    given by its transform (mirror, then transpose). Undo that here.
    """
    rotation %= 360
    if rotation == 0:
        return img
    if rotation == 180:
        return img.transpose(Image.Transpose.ROTATE_180)
    if rotation == 90:
        return img.transpose(Image.Transpose.ROTATE_90)
    return img.transpose(Image.Transpose.ROTATE_270)

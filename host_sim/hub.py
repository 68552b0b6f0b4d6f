"""The emulated machine the shim modules talk to.

The modules in `host_sim/shim/` (board, digitalio, busio, keypad, neopixel_write,
microcontroller, supervisor, storage, analogio, pwmio, fourwire, display
drivers) hold no state of their own: they forward to `hub.machine`, the one
`Machine` that is running. A power cut throws the machine away and boots a
new one on the same flash and NVM files, exactly as a device restarts.
"""

import os

from . import boards
from .panel import Panel

machine = None  # the running Machine


class Pin:
    """microcontroller.Pin: a name, compared by identity like the real ones."""

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class NVM:
    """microcontroller.nvm: a fixed-size byte array kept in a file.

    On the board it is one erase block of the internal flash (SAMD51: 8 KB, RP2040: a 4 KB
    sector): every write erases the block and programs it back, so a power cut during a write
    may leave the whole block erased (0xFF) -- every record in it, not just the one written."""

    def __init__(self, path, size, flash, erase_block=None):
        self.path = path
        self.size = size
        self.flash = flash
        self.erase_block = erase_block or size or 1
        from .flash import _real_open as real_open  # the simulator's own files, never the device's
        self._open = real_open
        if size and not os.path.exists(path):
            with real_open(path, "wb") as f:
                f.write(b"\xff" * size)
        self._data = bytearray(size)
        if size:
            with real_open(path, "rb") as f:
                self._data[:] = f.read(size).ljust(size, b"\xff")

    def __len__(self):
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1 or len(value) != stop - start:
                raise ValueError("Slice and value different lengths")
            from .flash import PowerCut
            was_dead = self.flash.dead
            try:
                granted = self.flash.spend(len(value), filesystem=False) if len(value) else 0
            except PowerCut:
                if not was_dead:
                    self._wipe(start)
                raise
            self._data[start:start + granted] = bytes(value)[:granted]
            self._persist()
            if granted < len(value):
                self._wipe(start + granted)
                raise PowerCut("power cut during nvm write")
        else:
            if index < 0:
                index += self.size
            if not 0 <= index < self.size:
                raise IndexError("index out of range")
            from .flash import PowerCut
            was_dead = self.flash.dead
            try:
                self.flash.spend(1, filesystem=False)
            except PowerCut:
                if not was_dead:
                    self._wipe(index)
                raise
            self._data[index] = value
            self._persist()

    def _wipe(self, offset):
        """The cut came while the erase block holding `offset` was being rewritten."""
        if not getattr(self.flash, "tear", False):
            return
        first = offset // self.erase_block * self.erase_block
        end = min(self.size, first + self.erase_block)
        self._data[first:end] = b"\xff" * (end - first)
        self._persist()

    def preset(self, offset, data):
        """The tester's write (a script's `load`), not the firmware's: no flash units, never
        cut by an armed power cut."""
        self._data[offset:offset + len(data)] = bytes(data)
        self._persist()

    def _persist(self):
        with self._open(self.path, "r+b") as f:
            f.write(self._data)


class Machine:
    """One boot of one board: pins, display, keys, LEDs, NVM, flash, clock."""

    def __init__(self, board_id, clock, flash, nvm_path):
        self.board_id = board_id
        self.spec = boards.spec(board_id)
        self.clock = clock
        self.flash = flash
        self.pins = {}
        for name in self.spec["pins"]:
            self.pins[name] = Pin(name)
        self.nvm = NVM(nvm_path, self.spec["nvm"], flash, self.spec.get("nvm_erase"))
        self.scanners = []       # live keypad scanners
        self.analog = {}         # pin name -> 16-bit value
        self.levels = {}         # pin name -> last output level
        self.panels = []         # (bus, Panel) in creation order
        self.frames = []         # LED frames: (ms, pin name, ((r, g, b), ...))
        self.last_frame = {}     # pin name -> last frame shown on that pin
        self.frame_count = 0
        self.held = set()        # key numbers held down
        self.reset_requested = False
        self.faults = set()      # emulated hardware faults ("keys": the key scanner fails)
        self._display = None
        self.random_draws = 0    # os.urandom calls this boot
        self.claimed = {}        # pin name -> the digitalio/pwmio/audioio object using it
        self.sound_log = []      # (ms, "play"/"stop", sample rate) of the emulated audioio

    # -- the hardware random generator -----------------------------------------
    def urandom(self, n):
        """os.urandom for the firmware: a fixed sequence per boot, so scripted runs and golden
        screenshots repeat (a tournament's secret seed comes from here)."""
        import hashlib
        self.random_draws += 1
        out = b""
        k = 0
        while len(out) < n:
            text = "host_sim urandom %d %d" % (self.random_draws, k)
            out += hashlib.sha256(text.encode()).digest()
            k += 1
        return out[:n]

    # -- pins in use ---------------------------------------------------------------
    def claim(self, name, owner):
        """A pin taken by digitalio/pwmio/audioio: a second taker gets ValueError, as on the board."""
        if name in self.claimed and self.claimed[name] is not owner:
            raise ValueError("%s in use" % name)
        self.claimed[name] = owner

    def release(self, name, owner):
        if self.claimed.get(name) is owner:
            del self.claimed[name]

    # -- board -----------------------------------------------------------------
    def board_attr(self, name):
        if name == "board_id":
            return self.board_id
        if name == "DISPLAY":
            if self.spec.get("display") is None:
                raise AttributeError("board has no built-in display")
            return self.builtin_display()
        if name in self.pins:
            return self.pins[name]
        if name == "SPI":
            return self._spi_factory
        if name in ("I2C", "STEMMA_I2C"):
            return self._i2c_factory
        raise AttributeError("board has no pin " + name)

    def board_names(self):
        names = ["board_id"] + list(self.pins)
        if self.spec.get("display") is not None:
            names.append("DISPLAY")
        return names

    def _spi_factory(self):
        import busio
        clock, mosi, miso = self.spec.get("spi", ("SCK", "MOSI", "MISO"))
        return busio.SPI(self.pins[clock], MOSI=self.pins[mosi], MISO=self.pins.get(miso))

    def _i2c_factory(self):
        import busio
        return busio.I2C(self.pins["SCL"], self.pins["SDA"])

    def builtin_display(self):
        if self._display is None:
            import busio
            import displayio
            from fourwire import FourWire
            d = self.spec["display"]
            displayio.release_displays()
            spi = busio.SPI(self.pins.get("TFT_SCK", self.pins.get("SCK")), MOSI=self.pins.get("TFT_MOSI", self.pins.get("MOSI")))
            bus = FourWire(spi, command=self.pins[d["dc"]], chip_select=self.pins[d["cs"]], reset=self.pins[d["reset"]])
            if d["driver"] == "st7735r":
                from adafruit_st7735r import ST7735R as driver
            else:
                from adafruit_st7789 import ST7789 as driver
            self._display = driver(bus, width=d["width"], height=d["height"], rotation=d["rotation"],
                                   colstart=d["colstart"], rowstart=d["rowstart"],
                                   backlight_pin=self.pins[d["backlight"]])
        return self._display

    # -- display -----------------------------------------------------------------
    def attach_panel(self, bus):
        panel = Panel()
        self.panels.append((bus, panel))
        return panel

    def displays(self):
        import displayio
        return list(displayio.displays)

    def display(self):
        """The display the firmware is using (the last one created), or None."""
        shown = self.displays()
        return shown[-1] if shown else None

    def panel_for(self, display):
        bus = display.bus
        for b, panel in self.panels:
            if b is bus:
                return panel
        return None

    def refresh(self):
        """What CircuitPython's background task does: auto-refresh the displays."""
        for display in self.displays():
            if display.auto_refresh:
                display._refresh_display()  # pylint: disable=protected-access

    def screenshot(self):
        display = self.display()
        if display is None:
            return None
        panel = self.panel_for(display)
        return panel.image(display) if panel is not None else None

    # -- keys -----------------------------------------------------------------
    def press(self, key_number, pressed=True):
        """A button goes down (pressed=True) or up."""
        if pressed:
            self.held.add(key_number)
        else:
            self.held.discard(key_number)
        stick = self.spec.get("joystick") or {}
        if key_number in stick:
            pin, value = stick[key_number]
            self.analog[pin] = value if pressed else 32768
            return
        for scanner in list(self.scanners):
            scanner._inject(key_number, pressed)  # pylint: disable=protected-access

    # -- LEDs -----------------------------------------------------------------
    def strip_write(self, pin, buf):
        """neopixel_write: bytes in the strip's wire order (GRB, or GRBW for 4 bpp)."""
        name = getattr(pin, "name", str(pin))
        data = bytes(buf)
        bpp = 4 if self._bpp.get(name) == 4 else 3
        pixels = []
        for i in range(0, len(data) - bpp + 1, bpp):
            g, r, b = data[i], data[i + 1], data[i + 2]
            if bpp == 4:
                w = data[i + 3]
                r, g, b = min(255, r + w), min(255, g + w), min(255, b + w)
            pixels.append((r, g, b))
        frame = tuple(pixels)
        self.frames.append((self.clock.ms(), name, frame))
        self.last_frame[name] = frame
        self.frame_count += 1

    _bpp = {}

    def drain_frames(self):
        out = self.frames
        self.frames = []
        return out

"""An emulated SSD1306 panel on an emulated I2C bus, for the fake board.

The real adafruit_displayio_ssd1306 driver talks to it through
i2cdisplaybus.I2CDisplayBus exactly as to a chip: control byte 0x80 (one
command byte follows), 0x00 (command bytes follow), 0x40 (display data
follows) or 0xC0 (one data byte follows).  It decodes the commands the driver
uses (addressing mode, column and page windows, display on/off, invert,
contrast) and writes data into 1 KiB of display RAM: 8 pages of 128 columns,
each byte 8 vertical pixels, least significant bit on top.

It counts what crosses the bus (bytes_sent, data_bytes, writes), so a test or
benchmark can say how many bytes a button press cost.

Memory: 1 KiB of display RAM; desktop only.
"""

# How many argument bytes each command takes (the rest take none).
_ARGS = {
    0x20: 1,  # memory addressing mode
    0x21: 2,  # column address window
    0x22: 2,  # page address window
    0x81: 1,  # contrast
    0x8D: 1,  # charge pump
    0xA8: 1,  # multiplex ratio
    0xD3: 1,  # display offset
    0xD5: 1,  # clock divide
    0xD9: 1,  # pre-charge
    0xDA: 1,  # COM pins
    0xDB: 1,  # VCOM detect
    0x26: 6,  # scroll setup
    0x27: 6,
    0x29: 5,
    0x2A: 5,
    0xA3: 2,
}

WIDTH = 128
HEIGHT = 64


class PanelBus:
    """The I2C bus with one SSD1306 on it at `address`."""

    def __init__(self, address=0x3C, width=WIDTH, height=HEIGHT):
        self.address = address
        self.width = width
        self.height = height
        self.ram = bytearray(width * height // 8)
        self.on = False
        self.inverted = False
        self.contrast = 0x7F
        self.mode = 2  # page addressing after reset
        self.col_lo, self.col_hi = 0, width - 1
        self.page_lo, self.page_hi = 0, height // 8 - 1
        self.col, self.page = 0, 0
        self._pending = []
        self._locked = False
        self.bytes_sent = 0
        self.data_bytes = 0
        self.writes = 0
        self.frames = 0  # data transfers that touched the RAM

    # -- the I2C bus side -----------------------------------------------------
    def try_lock(self):
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self):
        self._locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        if address != self.address:
            raise OSError(19, "no I2C device at 0x%02x" % address)
        data = bytes(buffer[start:end])
        self.bytes_sent += len(data)
        self.writes += 1
        i = 0
        while i < len(data):
            control = data[i]
            i += 1
            continuation = control & 0x80
            is_data = control & 0x40
            if continuation:
                if i < len(data):
                    (self._data if is_data else self._command)(data[i : i + 1])
                i += 1
            else:
                (self._data if is_data else self._command)(data[i:])
                i = len(data)

    def scan(self):
        return [self.address]

    def deinit(self):
        """displayio.release_displays() releases the bus; the panel keeps its RAM."""
        self._locked = False

    # -- the chip ---------------------------------------------------------------
    def _command(self, chunk):
        for b in chunk:
            self._pending.append(b)
            cmd = self._pending[0]
            if len(self._pending) - 1 < _ARGS.get(cmd, 0):
                continue
            args = self._pending[1:]
            self._pending = []
            self._run(cmd, args)

    def _run(self, cmd, args):
        if cmd == 0xAE:
            self.on = False
        elif cmd == 0xAF:
            self.on = True
        elif cmd == 0xA6:
            self.inverted = False
        elif cmd == 0xA7:
            self.inverted = True
        elif cmd == 0x81:
            self.contrast = args[0]
        elif cmd == 0x20:
            self.mode = args[0] & 3
        elif cmd == 0x21:
            self.col_lo, self.col_hi = args[0], args[1]
            self.col = self.col_lo
        elif cmd == 0x22:
            self.page_lo, self.page_hi = args[0] & 7, args[1] & 7
            self.page = self.page_lo
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7
        elif cmd <= 0x0F:
            self.col = (self.col & 0xF0) | cmd
        elif 0x10 <= cmd <= 0x1F:
            self.col = (self.col & 0x0F) | ((cmd & 0x0F) << 4)

    def _data(self, chunk):
        self.data_bytes += len(chunk)
        self.frames += 1
        for b in chunk:
            if self.col < self.width and self.page < self.height // 8:
                self.ram[self.page * self.width + self.col] = b
            if self.mode == 0:  # horizontal: along the page, then the next page
                if self.col >= self.col_hi:
                    self.col = self.col_lo
                    self.page = self.page_lo if self.page >= self.page_hi else self.page + 1
                else:
                    self.col += 1
            elif self.mode == 1:  # vertical: down the pages, then the next column
                if self.page >= self.page_hi:
                    self.page = self.page_lo
                    self.col = self.col_lo if self.col >= self.col_hi else self.col + 1
                else:
                    self.page += 1
            else:  # page addressing: along the page only
                self.col = min(self.col + 1, self.width)

    # -- what a person would see -------------------------------------------------
    def pixel(self, x, y):
        """1 where the pixel is lit."""
        bit = (self.ram[(y >> 3) * self.width + x] >> (y & 7)) & 1
        return bit ^ self.inverted if self.on else 0

    def rows(self):
        """The lit pixels as a list of rows of 0/1."""
        return [[self.pixel(x, y) for x in range(self.width)] for y in range(self.height)]

    def region(self, x, y, w, h):
        return [[self.pixel(x + i, y + j) for i in range(w)] for j in range(h)]

    def reset_counters(self):
        self.bytes_sent = self.data_bytes = self.writes = self.frames = 0

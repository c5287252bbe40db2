"""The fake board: the desktop twin of hw/circuitpython.py.

The very same displayio screens run on Blinka's displayio, through the real
adafruit_displayio_ssd1306 driver and i2cdisplaybus, into hw/panel.py's
emulated SSD1306, so what a test reads is what the panel would show and what
the bus would carry.  Buttons are scripted (press, release, tap, hold), the
clock moves only when told to, and NVM is 4 KiB of memory, erased to 0xFF as
on an RP2040, or a file (FileNVM).

Desktop only (CPython with Blinka); set BLINKA_OS_AGNOSTIC=1 before importing
displayio, which this module does for you.
"""

import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import displayio  # noqa: E402
import i2cdisplaybus  # noqa: E402
import keypad  # noqa: E402

import adafruit_displayio_ssd1306  # noqa: E402

from hw import buttons as _buttons  # noqa: E402
from hw.panel import PanelBus  # noqa: E402

NVM_SIZE = 4096


class FileNVM:
    """NVM kept in a file, for the desktop player (tools.play --nvm FILE):
    NVM_SIZE bytes that read like microcontroller.nvm (nvm[i] an int,
    nvm[a:b] a new bytearray) and write through to the file on every
    assignment (nvm[a:b] = buf, a step of 1 and a buffer of the same length,
    or nvm[i] = byte), flushed at once, so a killed player keeps every save.

    A missing file is an erased NVM (0xFF), made as a file at the first
    write; a file of any other size is refused with ValueError, since it is
    not an NVM image.  It writes any byte (it does not model flash: see
    tests/rp2040_nvm.py for that).  fsync=True also syncs each write to disk."""

    def __init__(self, path, size=NVM_SIZE, fsync=False):
        self.path = path
        self.fsync = fsync
        try:
            with open(path, "rb") as f:
                data = f.read(size + 1)
        except FileNotFoundError:
            data = None
        if data is not None and len(data) != size:
            raise ValueError("%s is %d bytes, not an NVM image of %d bytes: name another file (or remove it to start afresh)"
                             % (path, os.path.getsize(path), size))
        self.exists = data is not None
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * size)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, key):
        if isinstance(key, slice):
            a, b, step = key.indices(len(self.data))
            if step != 1:
                raise ValueError("NVM slices need a step of 1")
            return bytearray(self.data[a:b])
        return self.data[key]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            a, b, step = key.indices(len(self.data))
            value = bytes(value)
            if step != 1 or len(value) != b - a:
                raise ValueError("NVM slice assignment needs a step of 1 and a buffer of the same length")
        else:
            a = key if key >= 0 else key + len(self.data)
            if not 0 <= a < len(self.data):
                raise IndexError("NVM index out of range")
            b = a + 1
            value = bytes((value,))
        self.data[a:b] = value
        if not self.exists:
            with open(self.path, "wb") as f:
                f.write(self.data)
                self._sync(f)
            self.exists = True
            return
        with open(self.path, "r+b") as f:
            f.seek(a)
            f.write(value)
            self._sync(f)

    def _sync(self, f):
        f.flush()
        if self.fsync:
            os.fsync(f.fileno())


class FakeClock:
    def __init__(self, start=1000):
        self.now = start

    def ticks_ms(self):
        return self.now % (1 << 29)

    def advance(self, ms):
        self.now += ms


class FakeBoard:
    name = "fake board (desktop)"

    def __init__(self, nvm=None, address=0x3C):
        displayio.release_displays()
        self.clock = FakeClock()
        self.panel = PanelBus(address)
        bus = i2cdisplaybus.I2CDisplayBus(self.panel, device_address=address)
        self.display = adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)
        self.queue = keypad.EventQueue(64)
        self.buttons = _buttons.Buttons(self.queue, keypad.Event(), self.ticks_ms)
        self.nvm = nvm if nvm is not None else bytearray(b"\xff" * NVM_SIZE)

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def idle(self):
        """Between two turns of the loop: the fake clock moves only when told."""

    # -- scripting the buttons --------------------------------------------------
    def press(self, key):
        self.queue.keypad_eventqueue_record(_key(key), True)

    def release(self, key):
        self.queue.keypad_eventqueue_record(_key(key), False)


def _key(key):
    if isinstance(key, str):
        return _buttons.KEY_NAMES.index(key.upper())
    return key

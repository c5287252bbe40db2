"""The fake board: the desktop twin of hw/circuitpython.py.

The very same displayio screens run on Blinka's displayio, through the real
adafruit_displayio_ssd1306 driver and i2cdisplaybus, into hw/panel.py's
emulated SSD1306, so what a test reads is what the panel would show and what
the bus would carry.  Buttons are scripted (press, release, tap, hold), the
clock moves only when told to, and NVM is 4 KiB of memory, erased to 0xFF as
on an RP2040.

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

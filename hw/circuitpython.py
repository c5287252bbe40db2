"""A real board running CircuitPython 9 or 10: an SSD1306 OLED on I2C, six
buttons to ground, and microcontroller.nvm for saves.

Pins and bus settings come from CIRCUITPY/settings.toml, with these defaults
for a Raspberry Pi Pico:

    DECKCRAWL_SDA = "GP4"              I2C data
    DECKCRAWL_SCL = "GP5"              I2C clock
    DECKCRAWL_I2C_ADDRESS = 60         0x3C; some panels answer at 61 (0x3D)
    DECKCRAWL_I2C_HZ = 400000          1000000 works on many panels, out of spec
    DECKCRAWL_BUTTONS = "GP10,GP11,GP12,GP13,GP14,GP15"   up down left right A B

Memory: the display, one keypad.Keys and one Event; nothing per frame.
"""

import os
import time

import board
import busio
import displayio
import i2cdisplaybus
import keypad
import microcontroller
import supervisor

import adafruit_displayio_ssd1306

from hw.buttons import Buttons


def _setting(name, default):
    value = os.getenv(name)
    return default if value is None else value


def _pin(name):
    pin = getattr(board, name.strip(), None)
    if pin is None:
        raise ValueError("settings.toml names pin %s, which this board does not have" % name)
    return pin


class Board:
    name = "CircuitPython board"

    def __init__(self):
        displayio.release_displays()
        sda = _setting("DECKCRAWL_SDA", "GP4")
        scl = _setting("DECKCRAWL_SCL", "GP5")
        address = int(_setting("DECKCRAWL_I2C_ADDRESS", 0x3C))
        hz = int(_setting("DECKCRAWL_I2C_HZ", 400000))
        i2c = busio.I2C(_pin(scl), _pin(sda), frequency=hz)
        while not i2c.try_lock():
            pass
        found = i2c.scan()
        i2c.unlock()
        if address not in found:
            raise RuntimeError(
                "no display at I2C 0x%02x on SDA=%s SCL=%s (found: %s): check the wiring and DECKCRAWL_I2C_ADDRESS"
                % (address, sda, scl, ", ".join("0x%02x" % a for a in found) or "nothing")
            )
        bus = i2cdisplaybus.I2CDisplayBus(i2c, device_address=address)
        self.display = adafruit_displayio_ssd1306.SSD1306(bus, width=128, height=64, auto_refresh=False)
        pins = [_pin(p) for p in _setting("DECKCRAWL_BUTTONS", "GP10,GP11,GP12,GP13,GP14,GP15").split(",")]
        if len(pins) != 6:
            raise ValueError("DECKCRAWL_BUTTONS must list 6 pins: up, down, left, right, A, B")
        self.keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
        self.buttons = Buttons(self.keys.events, keypad.Event(), supervisor.ticks_ms)
        self.nvm = microcontroller.nvm

    def ticks_ms(self):
        return supervisor.ticks_ms()

    def idle(self):
        time.sleep(0.005)

"""The two boards keep one interface: hw/circuitpython.py runs here against
stand-ins for the board's own modules (board, busio, keypad, microcontroller,
supervisor), with the real displayio driver stack and the emulated panel, and
is held to the same attributes and behaviour as hw/fake.py."""

import importlib
import sys
import types

import keypad as blinka_keypad
import pytest

from hw import buttons
from hw.fake import FakeBoard
from hw.panel import PanelBus
from ui.app import App
from ui.menus import Title

INTERFACE = ("display", "buttons", "nvm", "ticks_ms", "idle", "name")


class StubI2C:
    made = []

    def __init__(self, scl, sda, frequency=100000):
        self.scl, self.sda, self.frequency = scl, sda, frequency
        self.panel = PanelBus(0x3C)
        self.answers = StubI2C.answers
        StubI2C.made.append(self)

    def try_lock(self):
        return self.panel.try_lock()

    def unlock(self):
        self.panel.unlock()

    def scan(self):
        return list(self.answers)

    def writeto(self, address, buffer, *, start=0, end=None):
        self.panel.writeto(address, buffer, start=start, end=end)

    def deinit(self):
        pass


class StubKeys:
    def __init__(self, pins, value_when_pressed=True, pull=True):
        self.pins = pins
        self.value_when_pressed = value_when_pressed
        self.pull = pull
        self.events = blinka_keypad.EventQueue(64)


@pytest.fixture
def device(monkeypatch):
    """A function that builds hw.circuitpython.Board on the stand-ins."""
    clock = [5000]

    def build(answers=(0x3C,), **settings):
        StubI2C.answers = answers
        StubI2C.made = []
        board = types.ModuleType("board")
        for i in range(29):
            setattr(board, "GP%d" % i, "pin GP%d" % i)
        busio = types.ModuleType("busio")
        busio.I2C = StubI2C
        keypad = types.ModuleType("keypad")
        keypad.Keys = StubKeys
        keypad.Event = blinka_keypad.Event
        micro = types.ModuleType("microcontroller")
        micro.nvm = bytearray(b"\xff" * 4096)
        supervisor = types.ModuleType("supervisor")
        supervisor.ticks_ms = lambda: clock[0]
        for name, mod in (("board", board), ("busio", busio), ("keypad", keypad), ("microcontroller", micro), ("supervisor", supervisor)):
            monkeypatch.setitem(sys.modules, name, mod)
        for key in ("DECKCRAWL_SDA", "DECKCRAWL_SCL", "DECKCRAWL_I2C_ADDRESS", "DECKCRAWL_I2C_HZ", "DECKCRAWL_BUTTONS"):
            monkeypatch.delenv(key, raising=False)
        for key, value in settings.items():
            monkeypatch.setenv(key, str(value))
        monkeypatch.delitem(sys.modules, "hw.circuitpython", raising=False)
        cp = importlib.import_module("hw.circuitpython")
        b = cp.Board()
        b.clock = clock
        return b

    yield build
    sys.modules.pop("hw.circuitpython", None)


def test_both_boards_have_the_same_interface(device):
    real = device()
    fake = FakeBoard()
    for name in INTERFACE:
        assert hasattr(real, name) and hasattr(fake, name), name
        assert callable(getattr(real, name)) == callable(getattr(fake, name)), name
    assert type(real.buttons) is type(fake.buttons) is buttons.Buttons
    assert len(real.nvm) == len(fake.nvm) == 4096
    assert real.display.width == fake.display.width == 128
    assert real.display.height == fake.display.height == 64
    assert real.display.auto_refresh is False and fake.display.auto_refresh is False


def test_device_board_defaults_for_a_pico(device):
    b = device()
    i2c = StubI2C.made[-1]
    assert (i2c.sda, i2c.scl, i2c.frequency) == ("pin GP4", "pin GP5", 400000)
    assert b.keys.pins == ["pin GP%d" % n for n in range(10, 16)]
    assert b.keys.value_when_pressed is False and b.keys.pull is True


def test_device_board_reads_settings_toml(device):
    device(DECKCRAWL_SDA="GP0", DECKCRAWL_SCL="GP1", DECKCRAWL_I2C_HZ=1000000, DECKCRAWL_BUTTONS="GP2,GP3,GP6,GP7,GP8,GP9")
    i2c = StubI2C.made[-1]
    assert (i2c.sda, i2c.scl, i2c.frequency) == ("pin GP0", "pin GP1", 1000000)


def test_missing_display_is_a_clear_message(device):
    with pytest.raises(RuntimeError) as e:
        device(answers=(0x68,))
    assert "no display at I2C 0x3c" in str(e.value) and "0x68" in str(e.value)
    with pytest.raises(RuntimeError, match="found: nothing"):
        device(answers=())


def test_unknown_pin_is_a_clear_message(device):
    with pytest.raises(ValueError, match="GP99"):
        device(DECKCRAWL_SDA="GP99")
    with pytest.raises(ValueError, match="6 pins"):
        device(DECKCRAWL_BUTTONS="GP2,GP3")


def test_the_app_runs_on_the_device_board(device):
    b = device()
    app = App(b)
    app.step()
    panel = StubI2C.made[-1].panel
    assert isinstance(app.screen, Title)
    assert sum(map(sum, panel.region(0, 0, 128, 30))) > 200
    # a press of A through keypad's queue reaches the screen
    b.keys.events.keypad_eventqueue_record(buttons.A, True)
    app.step()
    b.keys.events.keypad_eventqueue_record(buttons.A, False)
    app.step()
    assert type(app.screen).__name__ == "GameList"


# -- the buttons' logic, shared by both ---------------------------------------------
def test_b_tap_on_release_and_hold_once():
    f = FakeBoard()
    f.press("B")
    assert f.buttons.poll() == buttons.NONE  # B waits: tap or hold?
    f.clock.advance(100)
    f.release("B")
    assert f.buttons.poll() == buttons.event(buttons.PRESS, buttons.B)
    f.press("B")
    f.buttons.poll()
    f.clock.advance(buttons.HOLD_TIME)
    assert f.buttons.poll() == buttons.event(buttons.HOLD, buttons.B)
    f.clock.advance(500)
    assert f.buttons.poll() == buttons.NONE  # once
    f.release("B")
    assert f.buttons.poll() == buttons.NONE  # and no tap after a hold


def test_overflowed_queue_forgets_held_keys():
    f = FakeBoard()
    f.press("LEFT")
    f.buttons.poll()
    for _ in range(70):
        f.press("A")
    assert f.queue.overflowed
    f.clock.advance(1000)
    assert f.buttons.poll() == buttons.NONE
    assert not f.buttons.is_down(buttons.LEFT)


def test_ticks_diff_survives_the_clock_wrapping():
    assert buttons.ticks_diff(5, (1 << 29) - 5) == 10
    assert buttons.ticks_diff((1 << 29) - 5, 5) == -10


def test_b_hold_is_seen_while_two_directions_repeat_in_a_slow_loop():
    # two directions held and repeating used to take every poll of a loop of
    # 45 ms or slower, so B's hold never came and its release was a tap
    f = FakeBoard()
    for key in ("LEFT", "UP", "B"):
        f.press(key)
    seen = []
    for _ in range(40):  # 40 turns of a 50 ms loop: 2 s
        ev = f.buttons.poll()
        if ev != buttons.NONE:
            seen.append(ev)
        f.clock.advance(50)
    assert buttons.event(buttons.HOLD, buttons.B) in seen
    f.release("B")
    assert f.buttons.poll() != buttons.event(buttons.PRESS, buttons.B)
    # the directions still repeat, both of them
    assert buttons.event(buttons.REPEAT, buttons.LEFT) in seen and buttons.event(buttons.REPEAT, buttons.UP) in seen


def test_a_stalled_loop_gives_one_repeat_not_the_missed_ones():
    f = FakeBoard()
    f.press("RIGHT")
    assert f.buttons.poll() == buttons.event(buttons.PRESS, buttons.RIGHT)
    f.clock.advance(buttons.REPEAT_DELAY)
    assert f.buttons.poll() == buttons.event(buttons.REPEAT, buttons.RIGHT)
    f.clock.advance(1000)  # the loop stalls a second with RIGHT held
    burst = [f.buttons.poll() for _ in range(12)]
    assert burst[0] == buttons.event(buttons.REPEAT, buttons.RIGHT)
    assert burst[1:] == [buttons.NONE] * 11  # the cursor moves once, it does not jump
    # and the schedule goes on from now
    f.clock.advance(buttons.REPEAT_RATE - 1)
    assert f.buttons.poll() == buttons.NONE
    f.clock.advance(1)
    assert f.buttons.poll() == buttons.event(buttons.REPEAT, buttons.RIGHT)


def test_a_loop_slightly_late_keeps_the_repeat_rate():
    # late by less than a whole repeat: the schedule keeps its step (no drift)
    f = FakeBoard()
    f.press("DOWN")
    f.buttons.poll()
    times = []
    t = 0
    for _ in range(200):
        f.clock.advance(7)
        t += 7
        if f.buttons.poll() == buttons.event(buttons.REPEAT, buttons.DOWN):
            times.append(t)
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert times[0] >= buttons.REPEAT_DELAY and all(buttons.REPEAT_RATE - 7 < g < buttons.REPEAT_RATE + 7 for g in gaps)
    assert abs((times[-1] - times[0]) / len(gaps) - buttons.REPEAT_RATE) < 1


def test_repeats_keep_their_schedule_across_the_clock_wrapping():
    f = FakeBoard()
    f.clock.now = (1 << 29) - 100
    f.press("LEFT")
    f.buttons.poll()
    got = []
    for _ in range(60):
        f.clock.advance(10)
        got.append(f.buttons.poll())
    assert got.count(buttons.event(buttons.REPEAT, buttons.LEFT)) == 4  # at 250, 340, 430, 520 ms

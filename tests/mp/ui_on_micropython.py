"""Run the device's screens under the desktop MicroPython: the whole way from the
title to a finished game and back, by button presses, on a stand-in board.

    micropython tests/mp/ui_on_micropython.py PROJECT_DIR STUBS_DIR [LIB_DIR]

PROJECT_DIR holds engine/, hw/, ui/ and tools/ (as .py); LIB_DIR, if given,
comes first on the path (the MicroPython build's .mpy files).  STUBS_DIR holds
the strict displayio, terminalio and bitmap_label stand-ins.  It catches what
CPython lets pass and MicroPython does not (missing str methods, keyword
arguments, big ints, ...).  Prints one line starting "ok" with figures.
"""

import gc
import sys

sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[1])
if len(sys.argv) > 3:
    sys.path.insert(0, sys.argv[3])

from engine import ctd  # noqa: E402
from engine import crawl_bots, ctd_bots as bots  # noqa: E402
from engine.rng import Rng  # noqa: E402
from hw import buttons  # noqa: E402
from tools import presses  # noqa: E402


class Queue:
    """keypad.EventQueue, as the board's Keys scanner fills it."""

    def __init__(self):
        self.pending = []
        self.overflowed = False

    def get_into(self, ev):
        if not self.pending:
            return False
        ev.key_number, ev.pressed = self.pending.pop(0)
        return True

    def clear(self):
        self.pending = []
        self.overflowed = False


class Event:
    key_number = 0
    pressed = False


class Display:
    def __init__(self):
        self.root_group = None
        self.refreshes = 0

    def refresh(self):
        self.refreshes += 1


class Board:
    name = "MicroPython stand-in"

    def __init__(self):
        self.now = 1000
        self.display = Display()
        self.queue = Queue()
        self.buttons = buttons.Buttons(self.queue, Event(), self.ticks_ms)
        self.nvm = bytearray(4096)

    def ticks_ms(self):
        return self.now

    def idle(self):
        pass


class Driver:
    def __init__(self, board, app):
        self.board = board
        self.app = app

    @property
    def screen(self):
        return self.app.screen

    def step(self, ms=20):
        self.app.step()
        self.board.now += ms

    def tap(self, key, hold=40):
        k = buttons.KEY_NAMES.index(key)
        self.board.queue.pending.append((k, True))
        self.step(hold)
        self.board.queue.pending.append((k, False))
        for _ in range(4):
            self.step()

    def hold(self, key, ms):
        k = buttons.KEY_NAMES.index(key)
        self.board.queue.pending.append((k, True))
        for _ in range(ms // 10):
            self.step(10)
        self.board.queue.pending.append((k, False))
        for _ in range(4):
            self.step()


def kind(screen):
    return type(screen).__name__


def main():
    gc.collect()
    before = gc.mem_alloc()
    from ui.app import App

    board = Board()
    app = App(board)
    d = Driver(board, app)
    d.step()
    gc.collect()
    loaded = gc.mem_alloc() - before
    assert kind(d.screen) == "Title"
    d.tap("A")
    assert kind(d.screen) == "GameList"
    d.tap("A")
    assert kind(d.screen) == "RuleSets"
    d.tap("RIGHT")
    assert kind(d.screen) == "RulesPage"
    for _ in range(3):
        d.tap("DOWN")
    d.tap("B")
    most = 0
    for rules in range(3):
        assert kind(d.screen) == "RuleSets"
        for _ in range(rules - d.screen.chosen):
            d.tap("DOWN")
        d.tap("A")
        play = d.screen
        assert kind(play) == "Play" and play.game.rules == rules
        shadow = ctd.Dungeon(rules).deal(play.deal)
        rng = Rng(rules)
        while shadow.status == 0:
            mv = bots.greedy_bot(shadow, rng)
            presses.play(d, mv)
            shadow.play(mv)
            assert bytes(play.game.hand) == bytes(shadow.hand)
            gc.collect()
            most = max(most, gc.mem_alloc() - before)
        assert play.game.status == shadow.status
        d.tap("A")
        assert kind(d.screen) == "GameOver"
        d.tap("DOWN")
        d.tap("A")  # same deal
        assert kind(d.screen) == "Play" and d.screen.deal == play.deal
        d.hold("B", 1000)
        d.tap("A")  # leave for the menu
    assert kind(d.screen) == "RuleSets"
    # Soltura (score, then survival) and Scoundrel (strict, then equal): one game of each
    d.tap("B")
    games = 3
    for index in (1, 2):
        assert kind(d.screen) == "GameList"
        for _ in range(index - d.screen.chosen):
            d.tap("DOWN")
        d.tap("A")
        for rules in range(2):
            assert kind(d.screen) == "RuleSets"
            for _ in range(rules - d.screen.chosen):
                d.tap("DOWN")
            d.tap("A")
            play = d.screen
            shadow = play.entry.engine(rules).deal(play.deal)
            rng = Rng(rules)
            while shadow.status == 0:
                mv = crawl_bots.greedy_bot(shadow, rng)
                presses.play_crawl(d, mv)
                shadow.play(mv)
                assert bytes(play.game.room) == bytes(shadow.room) and play.game.hp == shadow.hp
                gc.collect()
                most = max(most, gc.mem_alloc() - before)
            for _ in range(2):
                if kind(d.screen) != "GameOver":
                    d.tap("A")  # the score sheet, then the game-over menu
            assert kind(d.screen) == "GameOver"
            d.tap("DOWN")
            d.tap("DOWN")
            d.tap("A")  # the menu
            games += 1
        d.tap("B")
    assert kind(d.screen) == "GameList"
    print("ok screens=%d refreshes=%d ui_heap=%d most_heap=%d" % (games, board.display.refreshes, loaded, most))


main()

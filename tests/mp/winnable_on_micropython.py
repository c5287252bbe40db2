"""Winnable deals under the desktop MicroPython, by button presses on a
stand-in board: a rule set's deals menu, WINNABLE DEALS on, games drawn from
the list (never the same twice in a row), a deal typed by number played as
practice, and what is in sys.modules and the heap meanwhile.

    micropython tests/mp/winnable_on_micropython.py TREE STUBS_DIR LISTED...

TREE is a MicroPython build (tools/build.py) holding a list of winnable deals
for Clear the Dungeon Classic (games/<key>/winnable/ctd_classic.mpy); LISTED its
deals.  STUBS_DIR holds the strict displayio stand-in (tests/mp).  Prints
"ok" and, as JSON, the deals played and gc.mem_free() after a collection on
each screen.
"""

import gc
import json
import sys

sys.path.insert(0, sys.argv[2])
sys.path.insert(0, sys.argv[1])
LISTED = [int(a) for a in sys.argv[3:]]

from hw import buttons  # noqa: E402
from ui.app import App  # noqa: E402
from board import Board  # noqa: E402  (tests/mp/board.py, beside this script)


board = Board(bytearray(b"\xff" * 4096))
app = App(board)
heap = {}
WATCH = ("engine.deals", "games.ctd.winnable.ctd_classic", "ui.deal_entry")


def step(n, ms=20):
    for _ in range(n):
        app.step()
        board.now += ms


def tap(key, down=2):
    while app.screen.held(board.ticks_ms()):  # the end of a game holds: a player reads it
        step(1)
    k = buttons.KEY_NAMES.index(key)
    board.queue.pending.append((k, True))
    step(down)
    board.queue.pending.append((k, False))
    step(4)


def hold_b():
    tap("B", 100)


def kind():
    return type(app.screen).__name__


def point(name):
    gc.collect()
    heap[name] = gc.mem_free()


def watched():
    return [m for m in WATCH if m in sys.modules]


def give_up():
    hold_b()
    for _ in range(3):
        tap("DOWN")
    tap("A")
    tap("A")
    assert kind() == "GameOver", kind()


step(2)
tap("A")
tap("A")
assert kind() == "RuleSets" and app.screen.entry.key == "ctd", kind()
point("rule sets")
assert watched() == [], watched()
tap("LEFT")
assert kind() == "Deals" and watched() == ["ui.deal_entry"], watched()
point("deals menu")
tap("A")  # winnable deals on
assert app.screen.rows[0].text == " Winnable deals: ON"
tap("DOWN")
tap("A")
assert kind() == "DealEntry" and watched() == ["ui.deal_entry"], kind()
point("deal entry")
tap("B")
assert kind() == "Deals" and app.screen.rows[0].text == " Winnable deals: ON", kind()
tap("B")
assert kind() == "RuleSets" and app.screen.rows[0].text.endswith("WIN") and watched() == []
played = []
tap("A")
for _ in range(4):
    assert kind() == "Play" and not app.screen.practice, kind()
    played.append(app.screen.deal)
    assert watched() == [], watched()
    point("play")
    give_up()
    tap("A")  # the first A chooses Play again,
    tap("A")  # the second plays again: from the list
for a, b in zip(played, played[1:]):
    assert a != b, played
for d in played:
    assert d in LISTED, played
give_up()
tap("UP")
tap("A")  # the menu
assert kind() == "RuleSets", kind()
tap("LEFT")
tap("DOWN")
tap("A")
assert kind() == "DealEntry", kind()
start = app.screen.value()
assert start == app.last_deal
tap("LEFT")
tap("UP")  # the tens, up one
tap("A")
typed = app.screen.deal
assert kind() == "Play" and app.screen.practice and typed == start - start % 100 + (start + 10) % 100
assert watched() == [], watched()
hold_b()
assert app.screen.overlay.lines[5].text == "Practice deal %d" % typed
print("ok")
print(json.dumps({"played": played, "typed": typed, "heap_free": heap}))

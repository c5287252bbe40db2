"""The device proxy's heap figures: a run of ui_on_micropython.py (its
--record=FILE) played again through a loop like the board's (App.run), from
the same button events at the same times, so the same games are played; none
of that driver's bots, button drivers, shadow games or frames is in the heap,
only the app and the stand-in board, as on a device.

    micropython tests/mp/heap_replay.py PROJECT_DIR STUBS_DIR LIB_DIR RECORD [PAD]

Prints "ok turns=N" and one line of JSON: gc.mem_free() after gc.collect()
(twice: a word left on the C stack by the first can keep garbage) before the
program (after the stand-ins and the record's file are open), at the record's
named points (title, each game's play screen, ...), and the lowest of every
screen over the run: sampled after every turn that handled a button, and
whenever a displayio object is made (while a screen is being built, named
"a press on" the screen being left).  It fails if a point's screen is not the
one recorded or the NVM at the end differs from the run's: the replay must
play what the run played.

PAD: bytes of heap taken before the program starts (0 if not given), which
moves every object the program makes.  The collector takes any word left on
the C stack for a pointer, so whether such a word keeps a screen the app has
left alive (some 14 KB of Rogue Solitaire) depends on where things lie:
tools/bench.py replays with several pads and reports the spread.
"""

import gc
import sys

_PROJECT, _STUBS, _LIB, _RECORD = sys.argv[1:5]
_PAD = bytearray(int(sys.argv[5]) if len(sys.argv) > 5 else 0)
sys.path.insert(0, _STUBS)
sys.path.insert(0, _PROJECT)
sys.path.insert(0, _LIB)

from board import Board  # noqa: E402  (tests/mp/board.py)


def kind(screen):
    return type(screen).__name__


def where(app):
    """The live screen's name for the figures: its kind and game.  A function
    of its own, so that no frame of the loop holds a screen."""
    screen = app.screen
    entry = getattr(screen, "entry", None)
    return kind(screen) + (" " + entry.key if entry is not None else "")


class Heap:
    def __init__(self):
        self.start = self.free()
        self.where = "start"
        self.points = {}
        self.screens = {}  # where -> the lowest free heap seen there
        self.lowest = self.start
        self.lowest_at = "start"

    def free(self):
        gc.collect()
        gc.collect()
        return gc.mem_free()

    def sample(self):
        free = self.free()
        if self.screens.get(self.where, free + 1) > free:
            self.screens[self.where] = free
        if free < self.lowest:
            self.lowest = free
            self.lowest_at = self.where


def point(app, heap, line):
    """A recorded point: "p NAME KIND" (NAME may have spaces)."""
    name, want = line[2:].rsplit(" ", 1)
    assert kind(app.screen) == want, "at %s the screen is %s, not %s" % (name, kind(app.screen), want)
    heap.points[name] = heap.free()


def turn(app, board, heap, line, NONE):
    """A recorded turn of the loop: "MS" or "MS KEY PRESSED"."""
    parts = line.split()
    if len(parts) == 3:
        board.queue.pending.append((int(parts[1]), parts[2] == "1"))
    heap.where = "a press on " + where(app)
    ev = app.step()
    board.now += int(parts[0])
    heap.where = where(app)
    if ev != NONE:
        heap.sample()


def main():
    import displayio  # the stand-in; built into a board's firmware

    record = open(_RECORD)
    nvm = bytearray(4096)  # a board's NVM is flash, not heap
    heap = Heap()
    displayio.probe = heap.sample
    from hw import buttons
    from ui.app import App

    board = Board(nvm)
    app = App(board)
    turns = 0
    end = None
    while True:
        line = record.readline().rstrip("\n")
        if not line:
            break
        if line[0] == "p":
            point(app, heap, line)
        elif line[0] == "e":
            end = int(line[2:])
        else:
            turn(app, board, heap, line, buttons.NONE)
            turns += 1
    record.close()
    import binascii

    assert end == binascii.crc32(nvm), "the NVM at the end is not the run's: the replay played something else"
    import json

    print("ok turns=%d" % turns)
    print(json.dumps({
        "heap_total": gc.mem_free() + gc.mem_alloc(),
        "start": heap.start,
        "points": heap.points,
        "lowest": heap.lowest,
        "lowest_at": heap.lowest_at,
        "screens": heap.screens,
    }))


main()

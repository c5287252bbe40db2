"""Under MicroPython: what a screen asks the engine on a press allocates
nothing.  Over whole random bot games of every game and rule set, measures
with the collector paused: phase(), options() and only_move() for every place,
each move, and undo() (for the crawl, a restore from its snapshot) followed by
the same move again.  Prints "worst N calls M" (N: the most bytes one batch
allocated).

    micropython tests/mp/no_alloc.py LIBDIR      (LIBDIR holds engine/, as .py or .mpy)
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])

from games.crawl import rules as crawl
from games.ctd import rules as ctd  # noqa: E402
from engine.bots import random_bot  # noqa: E402
from engine.game import MAX_OPTIONS, NO_MOVE, PLAYING  # noqa: E402
from engine.rng import Rng  # noqa: E402

out = bytearray(2 * MAX_OPTIONS)
worst = 0
calls = 0


def note(a):
    global worst, calls
    worst = max(worst, a)
    calls += 1


def ask(g, places):
    """phase, options and only_move for places 0 .. places - 1; the bytes allocated."""
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    g.phase()
    p = 0
    while p < places:
        g.options(p, out)
        g.only_move(p, out)
        p += 1
    a = gc.mem_alloc() - a
    gc.enable()
    return a


def timed(g, mv):
    """The bytes play(mv) (or undo() when mv is NO_MOVE) allocated."""
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    if mv == NO_MOVE:
        g.undo()
    else:
        g.play(mv)
    a = gc.mem_alloc() - a
    gc.enable()
    return a


for cls, places in ((ctd.Dungeon, 4), (crawl.Soltura, 5), (crawl.Scoundrel, 5)):
    for rules in range(len(cls.RULE_NAMES)):
        for seed in range(4):
            g = cls(rules).deal(seed)
            rng = Rng(seed)
            while g.status == PLAYING:
                note(ask(g, places))
                mv = random_bot(g, rng)
                note(timed(g, mv))
                if g.can_undo():
                    note(timed(g, NO_MOVE))
                    note(timed(g, mv))
            note(ask(g, places))
print("worst %d calls %d" % (worst, calls))

"""Under MicroPython: the save store (engine/store.py) allocates nothing per
move record.  Over bot games of every game and rule set, each game in its
slot with the others suspended, measures with the collector paused the bytes
each store.move() allocates (the records that had to compact the sector are
counted apart: a compaction builds the sector's image), then reloads the
sector and resumes every suspended game, which must equal the game played.
Prints "worst N moves M compacting C undos U resumed R heap H" (N: the most
bytes one move record allocated; H: the heap a loaded Store holds).

    micropython tests/mp/store_alloc.py LIBDIR      (LIBDIR holds engine/, as .py or .mpy)
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])

from games.crawl import rules as crawl
from games.crawl import desk_bots as crawl_bots
from games.ctd import rules as ctd
from games.ctd import desk_bots as ctd_bots  # noqa: E402
from engine import store as st  # noqa: E402
from engine.game import PLAYING  # noqa: E402
from engine.rng import Rng  # noqa: E402

nvm = bytearray(b"\xff" * 4096)
store = st.Store(nvm)
worst = 0
moves = 0
compacting = 0
undos = 0
playing = {}


def record(gid, mv):
    global worst, moves, compacting
    c = store.compactions
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    ok = store.move(gid, mv)
    a = gc.mem_alloc() - a
    gc.enable()
    if not ok:
        raise SystemExit("move record refused")
    if store.compactions != c:
        compacting += 1
    else:
        worst = max(worst, a)
        moves += 1


for cls, bots in ((ctd.Dungeon, ctd_bots), (crawl.Soltura, crawl_bots), (crawl.Scoundrel, crawl_bots)):
    for rules in range(len(cls.RULE_NAMES)):
        for seed in range(5):
            keep = seed == 4 and rules == len(cls.RULE_NAMES) - 1  # left suspended, resumed at the end
            g = cls(rules).deal(seed)
            rng = Rng(seed)
            store.checkpoint(g)
            since = 0
            n = 0
            while g.status == PLAYING and n < (6 if keep else 60):
                mv = (bots.greedy_bot if keep else bots.random_bot)(g, rng)
                g.play(mv)
                record(cls.GAME_ID, mv)
                n += 1
                since += 1
                if g.can_undo() and n % 3 == 0:
                    g.undo()
                    record(cls.GAME_ID, st.UNDO)
                    undos += 1
                if since >= st.CHECKPOINT_EVERY and not g.can_undo():
                    store.checkpoint(g)
                    since = 0
            if keep and g.status == PLAYING:
                playing[cls.GAME_ID] = (cls, g)
            else:
                store.result(cls.GAME_ID, rules, g.status == 1, g.score(), False)
                store.maybe_compact()

gc.collect()
a = gc.mem_alloc()
again = st.Store(nvm)
gc.collect()
heap = gc.mem_alloc() - a
resumed = 0
for gid in playing:
    cls, g = playing[gid]
    h = again.resume(gid, cls)
    if h is None or h.state != g.state or h.moves != g.moves or h.log[:h.log_n] != g.log[:g.log_n]:
        raise SystemExit("resume of game %d differs" % gid)
    resumed += 1
print("worst %d moves %d compacting %d undos %d resumed %d heap %d" % (worst, moves, compacting, undos, resumed, heap))

"""Print Rogue Solitaire deals and whole bot games, the same way on CPython and
MicroPython: tests/test_rogue_engine.py runs it under both and compares.

    python tests/mp/rogue_deals.py PROJECT_DIR    or    micropython tests/mp/rogue_deals.py PROJECT_DIR
"""

import sys

sys.path.insert(0, sys.argv[1])

from engine import saves  # noqa: E402
from games.rogue import desk_bots as rogue_bots
from engine.game import PLAYING  # noqa: E402
from engine.rng import Rng  # noqa: E402
from games.rogue.rules import Rogue  # noqa: E402


def hexed(buf):
    return "".join("%02x" % b for b in buf)


for seed in (0, 1, 12345, 2**30 - 1):
    g = Rogue(0).deal(seed)
    print(seed, hexed(g.player), hexed(g.exit), hexed(g.monster), hexed(g.deck[:g.deck_n]))
for rules in range(2):
    for bot in ("greedy", "random"):
        g = Rogue(rules).deal(3 + rules)
        rng = Rng(3)
        moves = bytearray()
        while g.status == PLAYING:
            mv = rogue_bots.BOTS[bot](g, rng)
            moves.append(mv)
            g.play(mv)
        buf = bytearray(256)
        n = saves.save(g, buf)
        print(rules, bot, g.status, g.end, g.floor, g.turn, hexed(moves), hexed(buf[:n]))

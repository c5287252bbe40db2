"""Under MicroPython: Rogue Solitaire in a small heap.  Imports the engine
(engine.game, engine.rng, games.rogue.rules and games.rogue.desk_bots, collecting after
each as tools/fit.py does), plays N bot games of each rule set, and measures
with the collector paused what each move allocates, and what a screen asks on
a press (phase, options, only_move, preview, pending, candidates, legal_moves)
and undo followed by the same move again.  Prints one JSON object.

    micropython -X heapsize=24k tests/mp/rogue_fit.py LIBDIR [GAMES] [BOT]
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])
games = int(sys.argv[2]) if len(sys.argv) > 2 else 5
bot_name = sys.argv[3] if len(sys.argv) > 3 else "greedy"
gc.collect()
base = gc.mem_alloc()
from engine.game import PLAYING, WON  # noqa: E402

gc.collect()
from engine.rng import Rng  # noqa: E402

gc.collect()
from games.rogue.rules import Rogue  # noqa: E402

gc.collect()
from games.rogue.desk_bots import BOTS  # noqa: E402

gc.collect()
engine_heap = gc.mem_alloc() - base


def main():
    # locals, not globals: a new global would grow the module's dict inside a measure
    bot = BOTS[bot_name]
    out = bytearray(12)
    most = total = asked = moves = won = undos = 0
    rng = Rng(1)
    why = a = 0
    game_heap = 0
    for rules in range(2):
        for seed in range(games):
            g = None
            gc.collect()
            a = gc.mem_alloc()
            g = Rogue(rules).deal(seed)
            gc.collect()
            game_heap = max(game_heap, gc.mem_alloc() - a)
            rng.seed(seed)
            while g.status == PLAYING:
                mv = bot(g, rng)
                gc.collect()
                gc.disable()
                a = gc.mem_alloc()
                g.phase()
                for p in range(9):
                    g.options(p, out)
                    g.only_move(p, out)
                    g.preview(p)
                g.pending()
                g.candidates(out)
                g.legal_moves()
                asked = max(asked, gc.mem_alloc() - a)
                a = gc.mem_alloc()
                why = g.play(mv)
                if g.can_undo():
                    g.undo()
                    why = why or g.play(mv)
                    undos += 1
                a = gc.mem_alloc() - a
                gc.enable()
                if why:
                    print("illegal bot move", mv, why)
                    sys.exit(1)
                moves += 1
                total += a
                most = max(most, a)
            won += g.status == WON
    gc.collect()
    return 2 * games, won, moves, undos, game_heap, most, total, asked


figures = main()
gc.collect()
print('{"games": %d, "won": %d, "moves": %d, "undos": %d, "engine_heap": %d, "game_heap": %d, '
      '"alloc_per_move_max": %d, "alloc_total": %d, "alloc_asking_max": %d, "heap_free": %d}'
      % (figures[:4] + (engine_heap,) + figures[4:] + (gc.mem_free(),)))

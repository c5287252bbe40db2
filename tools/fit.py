"""Does the engine fit a small heap?  Run it under MicroPython:

    micropython -X heapsize=24k tools/fit.py [--lib DIR] [--games N]
                [--game KEY] [--rules NAME] [--bot greedy|random]
    micropython -X heapsize=24k -m fit --run KEY GAMES MODULE:CLASS BOTS RULES BOT

--lib DIR is a folder holding engine/ and games/ compiled to .mpy; fit changes
into it and imports from there, the project's own when it is left out.  --game
is a key of engine/registry.py (its first game by default); the game's rules
are its Entry's engine ("module:Class") and its bots the desk_bots module of
its folder (games/<key>/desk_bots.py).  The --run form is tools/bench.py's
run_fit's: every value in its place (RULES a rule set's place in RULE_NAMES,
or - for all of them), the modules
named, and neither tools/fit_args.py nor the registry read, whose names would
otherwise stay interned in the heap measured (some 700 bytes, on the 64-bit
port, that a board running the game never holds).  Plays N bot games (20 by default) of each
rule set of the game, or of the one named (its RULE_NAMES), to the end with the
engine alone, and prints one JSON object: the heap the engine holds once
imported (engine.game, engine.rng, the rules and the bots, with what they
import), the heap a dealt game holds, the heap allocated by each move (the
collector paused around the move) as the most and the total, and the heap left
free at the end, with the last game still held.  The target is 24 KiB for
every game (issue 8).

Run as a script, its folder's full path (MicroPython puts it first on
sys.path), argv and fit.py's source, compiled there, share the heap it
measures, and where the clone is moves the heap a game finds by a few hundred
bytes: enough to pass or fail at 24 KiB.  The figures that count (the tests'
and `python -m tools.bench`'s, from tools/bench.py's fit_tree and run_fit) run
it as a module from a folder of .mpy files, engine/, games/, fit.mpy and
fit_args.mpy:

    cd TREE && MICROPYPATH=.frozen micropython -X heapsize=24k -m fit [...]

where no path enters the heap (sys.path[0] is "", imports are relative, and
MICROPYPATH keeps $HOME out of sys.path): they are the same wherever TREE is.

It imports the shared modules, then the rules, then the bots, collecting after
each import (as the device should when a game is entered): garbage left by one
import would otherwise split the heap under the next.

MicroPython-first: it uses only what MicroPython has, and stays small itself,
for it shares the heap with what it measures.  The command line and the
registry are read, and the report printed, by tools/fit_args.py, dropped and
emptied with the registry before anything is measured (the collector scans
the C stack conservatively: a stale pointer to a module merely forgotten
would keep its code alive, a kilobyte or two that comes and goes with any
edit of the code around it); what stays is main(): the loop.
"""

import gc
import sys


def main():
    a = sys.argv
    if a[1:2] != ["--run"]:  # a person's command line: fit_args makes it the --run form
        __import__("fit_args").read()
        sys.modules.pop("fit_args").__dict__.clear()
    sys.path[0] = ""
    rules_path, class_name = a[4].split(":")
    key, games, bots_path, rules, bot = a[2], int(a[3]), a[5], a[6], a[7]
    a = None
    gc.collect()
    base = gc.mem_alloc()
    # The shared modules first, then the game's rules and its bots, each import
    # followed by a collection, as the device imports a game when it is entered.
    from engine.game import PLAYING, WON

    gc.collect()
    from engine.rng import Rng

    gc.collect()
    Game = getattr(__import__(rules_path, None, None, [class_name]), class_name)
    gc.collect()
    bot = __import__(bots_path, None, None, ["BOTS"]).BOTS[bot]
    gc.collect()
    engine_heap = gc.mem_alloc() - base
    rule_sets = range(len(Game.RULE_NAMES)) if rules == "-" else [int(rules)]
    moves = won = most = total = game_heap = 0
    rng = Rng(1)
    for rules in rule_sets:
        for seed in range(games):
            game = None
            gc.collect()
            a = gc.mem_alloc()
            game = Game(rules).deal(seed)
            gc.collect()
            game_heap = max(game_heap, gc.mem_alloc() - a)
            rng.seed(seed)
            while game.status == PLAYING:
                mv = bot(game, rng)
                gc.collect()
                gc.disable()
                a = gc.mem_alloc()
                why = game.play(mv)
                a = gc.mem_alloc() - a
                gc.enable()
                if why:
                    print("fit.py: illegal bot move, reason %d" % why)
                    sys.exit(1)
                moves += 1
                total += a
                most = max(most, a)
            won += game.status == WON
    gc.collect()
    free = gc.mem_free()
    game = None  # the report is made without it
    gc.collect()
    print(
        '{"game": "%s", "games": %d, "won": %d, "moves": %d, "engine_heap": %d, "game_heap": %d, '
        '"alloc_per_move_max": %d, "alloc_total": %d, "heap_free": %d}'
        % (key, len(rule_sets) * games, won, moves, engine_heap, game_heap, most, total, free)
    )

main()

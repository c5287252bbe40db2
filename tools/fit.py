"""Does the engine fit a small heap?  Run it under MicroPython:

    micropython -X heapsize=24k tools/fit.py [--lib DIR] [--games N]
                [--game ctd|soltura|scoundrel] [--rules NAME] [--bot greedy|random]

--lib puts DIR first on the import path: a folder holding engine/ compiled to
.mpy (`python -m tools.bench` builds one and runs this for you).  Plays N bot
games (20 by default) of each rule set of the game (Clear the Dungeon by
default), or of the one named (ctd: classic, reserve, onestrike; soltura:
score, survival; scoundrel: strict, equal), to the end with the engine alone, and prints one JSON object: the heap the engine holds once
imported, the heap a dealt game holds, and the heap allocated by each move
(the collector paused around the move), as the most and the total.

MicroPython-first: it uses only what MicroPython has, and stays small itself.
"""

import gc
import sys

if sys.implementation.name != "micropython":
    print("tools/fit.py runs under MicroPython: micropython -X heapsize=24k tools/fit.py")
    sys.exit(2)

opts = {"--lib": "", "--games": "20", "--game": "ctd", "--rules": "", "--bot": "greedy"}
args = sys.argv[1:]
for i in range(0, len(args), 2):
    if args[i] not in opts or i + 1 >= len(args):
        print("fit.py: unknown option or missing value: " + args[i])
        sys.exit(2)
    opts[args[i]] = args[i + 1]
here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, opts["--lib"] or here + "/..")

# game: (rules module, its class, its bots module)
GAMES = {"ctd": ("ctd", "Dungeon", "ctd_bots"), "soltura": ("crawl", "Soltura", "crawl_bots"),
         "scoundrel": ("crawl", "Scoundrel", "crawl_bots")}
if opts["--game"] not in GAMES:
    print("fit.py: unknown game: " + opts["--game"] + " (ctd, soltura or scoundrel)")
    sys.exit(2)
rules_module, class_name, bots_module = GAMES[opts["--game"]]

gc.collect()
base = gc.mem_alloc()
engine = __import__("engine." + rules_module)
__import__("engine." + bots_module)
from engine.rng import Rng

gc.collect()
engine_heap = gc.mem_alloc() - base
Game = getattr(getattr(engine, rules_module), class_name)
bots = getattr(engine, bots_module)
names = Game.RULE_NAMES
rule_sets = range(len(names))
if opts["--rules"]:
    if opts["--rules"] not in names:
        print("fit.py: unknown rules: " + opts["--rules"])
        sys.exit(2)
    rule_sets = [names.index(opts["--rules"])]
bot = bots.BOTS.get(opts["--bot"])
if bot is None or not opts["--games"].isdigit():
    print("fit.py: --bot is random or greedy, --games a whole number")
    sys.exit(2)

moves = won = most = total = game_heap = 0
rng = Rng(1)
for rules in rule_sets:
    for seed in range(int(opts["--games"])):
        game = None
        gc.collect()
        a = gc.mem_alloc()
        game = Game(rules).deal(seed)
        game_heap = max(game_heap, gc.mem_alloc() - a)
        rng.seed(seed)
        while game.status == 0:
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
        won += game.status == 1
gc.collect()
print(
    '{"game": "%s", "games": %d, "won": %d, "moves": %d, "engine_heap": %d, "game_heap": %d, '
    '"alloc_per_move_max": %d, "alloc_total": %d, "heap_free": %d}'
    % (opts["--game"], len(rule_sets) * int(opts["--games"]), won, moves, engine_heap, game_heap, most, total, gc.mem_free())
)

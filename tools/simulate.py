"""Let a bot play many deals and report how it fares.

    python -m tools.simulate --game ctd --rules classic --bot greedy --games 1000

Deals are seeds --first .. --first + games - 1, so a run is repeatable.  Prints
the win rate with its 95% Wilson interval, the mean score, and games per
second; --json prints the same as one JSON object.
"""

import argparse
import json
import math
import sys
import time

from engine.game import PLAYING, WON
from engine.rng import Rng
from tools.games import GAMES, RULES_HELP, bot, rules_index


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def run(spec, rules, bot, games, first=0):
    wins = 0
    score = 0
    moves = 0
    t0 = time.perf_counter()
    for seed in range(first, first + games):
        game = spec.deal(rules, seed=seed)
        rng = Rng(seed)
        while game.status == PLAYING:
            game.play(bot(game, rng))
            moves += 1
        wins += game.status == WON
        score += game.score()
    seconds = time.perf_counter() - t0
    lo, hi = wilson(wins, games)
    return {
        "game": spec.key,
        "rules": spec.rules[rules],
        "games": games,
        "won": wins,
        "win_rate": wins / games,
        "win_rate_95": [round(lo, 4), round(hi, 4)],
        "mean_score": score / games,
        "mean_moves": moves / games,
        "games_per_second": games / seconds if seconds > 0 else None,
    }


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--rules", help=RULES_HELP)
    p.add_argument("--bot", required=True, help="random or greedy")
    p.add_argument("--games", type=int, default=1000, help="how many deals (default 1000)")
    p.add_argument("--first", type=int, default=0, help="the first deal's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    spec = GAMES[args.game]
    rules = rules_index(p, spec, args.rules)
    play_bot = bot(p, spec, args.bot)
    if args.games < 1:
        p.error("--games must be at least 1")
    if not 0 <= args.first or args.first + args.games > 2**30:
        p.error("--first and --games must keep seeds within 0 .. 2**30 - 1")
    r = run(spec, rules, play_bot, args.games, args.first)
    r["bot"] = args.bot
    if args.json:
        print(json.dumps(r))
    else:
        lo, hi = r["win_rate_95"]
        print(
            "%s %s, bot %s: %d games, won %d = %.1f%% (95%% interval %.1f%%-%.1f%%), "
            "mean score %.2f, %.0f games/s"
            % (spec.key, r["rules"], args.bot, r["games"], r["won"], 100 * r["win_rate"], 100 * lo, 100 * hi,
               r["mean_score"], r["games_per_second"] or 0)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

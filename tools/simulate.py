"""Let a bot play many deals and report how it fares.

    python -m tools.simulate --game ctd --rules classic --bot greedy --games 1000

Deals are seeds --first .. --first + games - 1, so a run is repeatable.  Prints
the win rate with its 95% Wilson interval, the mean score, and games per
second; --json prints the same as one JSON object.

A run longer than a second shows its progress on stderr when stderr is a
terminal (games done, win rate so far, speed, time left).  Ctrl-C stops it
and prints the summary of the games played so far, marked interrupted (in
JSON: "interrupted": true and "games_asked"), with exit code 130.
"""

import json
import math
import sys
import time

from engine.game import PLAYING, WON
from engine.rng import Rng
from tools import cli
from tools.games import GAMES, bot, rules_help, rules_index

PROGRESS_EVERY = 1.0  # seconds between two progress lines (and before the first)


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def run(spec, rules, bot, games, first=0, progress=None, each=None):
    """Play seeds first .. first + games - 1; the figures as a dict.  progress,
    when given, is called as progress(done, games, wins, seconds) about every
    PROGRESS_EVERY seconds; each, when given, as each(game, moves) at the end
    of every game (tools/bench.py's per-game figures).  Ctrl-C ends the run early: the figures then cover
    the games finished, with "interrupted": True (None when none finished)."""
    wins = 0
    score = 0
    moves = 0
    done = 0
    t0 = time.perf_counter()
    shown = t0 + PROGRESS_EVERY
    interrupted = False
    try:
        for seed in range(first, first + games):
            game = spec.deal(rules, seed=seed)
            rng = Rng(seed)
            n = 0
            while game.status == PLAYING:
                game.play(bot(game, rng))
                n += 1
            moves += n
            if each is not None:
                each(game, n)
            wins += game.status == WON
            score += game.score()
            done += 1
            if progress is not None and time.perf_counter() >= shown:
                progress(done, games, wins, time.perf_counter() - t0)
                shown = time.perf_counter() + PROGRESS_EVERY
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - t0
    if done == 0:
        return None
    lo, hi = wilson(wins, done)
    out = {
        "game": spec.key,
        "rules": spec.rules[rules],
        "games": done,
        "won": wins,
        "win_rate": wins / done,
        "win_rate_95": [round(lo, 4), round(hi, 4)],
        "mean_score": score / done,
        "mean_moves": moves / done,
        "games_per_second": done / seconds if seconds > 0 else None,
    }
    if interrupted:
        out["interrupted"] = True
        out["games_asked"] = games
    return out


def _duration(seconds):
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return "%d %s" % (seconds // size, unit)
    return "%d s" % seconds


class Progress:
    """One line on a terminal, rewritten in place, wiped at the end."""

    def __init__(self, stream):
        self.stream = stream
        self.width = 0

    def __call__(self, done, games, wins, seconds):
        rate = done / seconds if seconds > 0 else 0
        left = (games - done) / rate if rate else 0
        line = "simulate: %d of %d games (%.1f%%), won %.1f%%, %.0f games/s, about %s left" % (
            done, games, 100.0 * done / games, 100.0 * wins / done, rate, _duration(left))
        self._write("\r" + line + " " * max(0, self.width - len(line)))
        self.width = len(line)

    def wipe(self):
        if self.width:
            self._write("\r" + " " * self.width + "\r")
            self.width = 0

    def _write(self, text):
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass


def _is_terminal(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def main(argv=None):
    return cli.guard("simulate", _main, argv)


def _main(argv):
    p = cli.Parser("simulate", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--rules", help=rules_help())
    p.add_argument("--bot", required=True, help="random or greedy")
    p.add_argument("--games", type=cli.ascii_int, default=1000, help="how many deals (default 1000)")
    p.add_argument("--first", type=cli.ascii_int, default=0, help="the first deal's seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    spec = GAMES[args.game]
    rules = rules_index(p, spec, args.rules)
    play_bot = bot(p, spec, args.bot)
    if args.games < 1:
        p.error("--games must be at least 1")
    if not 0 <= args.first or args.first + args.games > 2**30:
        p.error("--first and --games must keep seeds within 0 .. 2**30 - 1")
    progress = Progress(sys.stderr) if _is_terminal(sys.stderr) else None
    try:
        r = run(spec, rules, play_bot, args.games, args.first, progress)
    finally:
        if progress is not None:
            progress.wipe()
    if r is None:
        raise cli.Exit("simulate: interrupted before the first game ended", cli.INTERRUPTED)
    r["bot"] = args.bot
    if args.json:
        cli.out(json.dumps(r))
    else:
        lo, hi = r["win_rate_95"]
        cli.out(
            "%s %s, bot %s: %d games, won %d = %.1f%% (95%% interval %.1f%%-%.1f%%), "
            "mean score %.2f, %.0f games/s%s"
            % (spec.key, r["rules"], args.bot, r["games"], r["won"], 100 * r["win_rate"], 100 * lo, 100 * hi,
               r["mean_score"], r["games_per_second"] or 0,
               " (interrupted after %d of %d games)" % (r["games"], args.games) if r.get("interrupted") else "")
        )
    return cli.INTERRUPTED if r.get("interrupted") else 0


if __name__ == "__main__":
    sys.exit(main())

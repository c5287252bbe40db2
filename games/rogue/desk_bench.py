"""Rogue Solitaire's part of tools/bench.py: "rogue", the greedy and random
bots' win rates with their 95% intervals and games per second, per rule set;
moves per floor and per campaign (greedy); the save's size; the engine's
heap (from fit); the store's writes and erases per run (from store)."""

from engine import saves
from engine.game import WON
from games.rogue import rules as rogue
from tools import bench, powercut
from tools.games import GAMES


def figures(args, done):
    """Rogue Solitaire's own figures (this module's docstring), with the
    engine's heap from the fit part and the store's wear from the store
    part (each measured for this alone when it was not asked for)."""
    games = args.games
    spec = GAMES["rogue"]
    runs = []  # campaign games (greedy): floors entered, moves

    def campaign(game, moves):
        runs.append((11 if game.status == WON else game.floor, moves))
        out["save_bytes"] = max(out.get("save_bytes", 0), saves.save(game))

    out = {}
    for rules, name in enumerate(spec.rules):
        figures = out[name] = {}
        for bot in ("greedy", "random"):
            r = bench.simulated(spec, rules, bot, games, each=campaign if rules == rogue.CAMPAIGN and bot == "greedy" else None)
            figures[bot] = {k: r[k] for k in ("games", "won", "win_rate", "win_rate_95", "mean_moves")}
            figures[bot]["games_per_second"] = round(r["games_per_second"], 1)
    if runs:
        floors = sum(f for f, _ in runs)
        out["campaign_greedy"] = {
            "moves_per_floor": round(sum(m for _, m in runs) / floors, 1),
            "moves_per_campaign": bench._summary([m for _, m in runs]),
            "floors_per_campaign": bench._summary([f for f, _ in runs]),
        }
        out["moves_per_floor_quick_greedy"] = out[spec.rules[rogue.QUICK]]["greedy"]["mean_moves"]
    fit = done.get("fit") or bench.fit_figures(20, ["rogue"])[0]
    if fit and isinstance(fit.get("rogue"), dict):
        out["engine_heap"] = fit["rogue"].get("engine_heap", fit["rogue"].get("error"))
        out["fit_heapsize"] = fit["rogue"].get("heapsize")
    wear = done["store"]["wear"] if "store" in done else powercut.wear(60)
    out["store"] = {k: v for k, v in wear.items() if k.startswith("Rogue/")}
    return out


FIGURES = {"rogue": figures}

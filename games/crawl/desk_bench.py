"""Soltura's and Scoundrel's part of tools/bench.py: "crawl_panel", the bytes
sent to the emulated SSD1306 per button press over bot games played through
their screen by presses (2 x --ui-games, the two games in turn): cursor
moves, and the A presses that open a menu or make a move."""

from engine import registry
from games.crawl.play import Play
from tools import bench
from tools.games import GAMES


def crawl_panel(args, done):
    """Cursor moves, and the A that makes a move."""
    keys = [e.key for e in registry.GAMES if e.home == "games.crawl"]
    costs = {"cursor": [], "act": []}
    for i in range(2 * args.ui_games):
        spec = GAMES[keys[i % 2]]
        shadow = spec.engine(i % 2).deal(100 + i)
        bench._press_costs((Play, spec.entry, i % 2, 100 + i), shadow, spec.bots["greedy"], spec.press,
                           100 + i, lambda key, screen: "act" if key == "A" else "cursor", costs)
    return {"cursor_move_bytes": bench._summary(costs["cursor"]), "a_press_bytes": bench._summary(costs["act"])}


FIGURES = {"crawl_panel": crawl_panel}

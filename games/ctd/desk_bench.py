"""Clear the Dungeon's part of tools/bench.py: "panel", the bytes sent to the
emulated SSD1306 per button press over bot games played through its screen
by presses: cursor moves, picks and placements (median, mean, max); targets:
a cursor move at most 128 bytes, a placement at most 256 (by median)."""

from engine import registry
from games.ctd import desk_bots as bots, desk_presses as presses, rules as ctd
from games.ctd.play import Play
from tools import bench
from tools.sim import Sim


def panel(args, done):
    """Play bot games by button presses (--ui-games of them) and sort what each press cost."""
    games = args.ui_games
    entry = registry.find("ctd")

    def sort(key, screen):
        if key == "A":
            return "place" if screen.carry < 0 else "pick"
        return "cursor" if key in ("UP", "DOWN", "LEFT", "RIGHT") else None

    costs = {"cursor": [], "pick": [], "place": []}
    for i in range(games):
        rules = i % 3
        shadow = ctd.Dungeon(rules).deal(100 + i)
        bench._press_costs((Play, entry, rules, 100 + i), shadow, bots.greedy_bot, presses.play, 100 + i, sort, costs)
    return {
        "cursor_move_bytes": bench._summary(costs["cursor"]),
        "pick_bytes": bench._summary(costs["pick"]),
        "placement_bytes": bench._summary(costs["place"]),
        "first_frame_bytes": Sim().panel.bytes_sent,
        "targets": {"cursor_move_median_max": 128, "placement_median_max": 256},
    }


FIGURES = {"panel": panel}

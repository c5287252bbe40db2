"""Press buttons on the fake board and save what the panel shows as a PNG.

    python -m tools.shot --keys "A A A" --out docs/rules.png
    python -m tools.shot --keys "A A A A RIGHT A" --out docs/play.png --scale 4
    python -m tools.shot --keys "A A A" --text        (block characters instead)

Keys: UP DOWN LEFT RIGHT A B, each a short press; HOLD-B holds B for a second;
WAIT waits two seconds; BOT lets the greedy bot of the game on screen press
the buttons for one move, BOT-END to the end of the game: they need a game in
play with nothing open over it (a card picked up is put back), and anywhere
else they say what they need and exit 2.  The fake clock is deterministic, so
the same keys give the same deal and the same picture.

Errors are one line on stderr with exit code 2, a full disk too; with --text,
a reader that goes away (| head) ends it quietly.
"""

import sys

from tools import cli

from tools.sim import STYLES

from tools.png import write_png

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "HOLD-B", "WAIT", "BOT", "BOT-END")


# What may be open over a play screen, in words (ui/): B closes each.
_OPEN = {"Pause": "the pause menu", "CardMenu": "a card's menu", "Deadly": "the question before a deadly move",
         "Swap": "the swap's choice of a monster", "Peek": "the preview"}
# What a game's own phase shows over its screen, and its press driver answers:
# Rogue Solitaire's floor card (the Buffet, then deeper or save & quit).
_PHASE_CARDS = ("FloorCard",)


def not_ready(screen, key):
    """Why a bot cannot press a move on this screen now (tools/presses.py
    and games/rogue/desk_presses.py press from the play screen with nothing open
    over it: a press taken by the pause menu would move the menu, not the
    card), or None when it can."""
    from engine.game import PLAYING

    if getattr(screen, "game", None) is None or getattr(screen, "entry", None) is None:
        return "BOT and BOT-END need a game on screen (this is the %s screen)" % type(screen).__name__
    if screen.game.status != PLAYING:
        return "%s needs a game in play: this one is over (A goes on)" % key
    overlay = screen.overlay
    name = type(overlay).__name__
    if overlay is not None and name not in _PHASE_CARDS:
        return "%s needs the play screen with nothing open over it; %s is open (B closes it)" % (
            key, _OPEN.get(name, "the %s" % name))
    return None


def bot_moves(driver, until_end):
    from engine.game import PLAYING
    from engine.rng import Rng
    from tools.games import GAMES

    key = "BOT-END" if until_end else "BOT"
    screen = driver.screen
    why = not_ready(screen, key)
    if why:
        raise ValueError(why)
    game = screen.game
    spec = GAMES[screen.entry.key]
    bot = spec.bots["greedy"]
    rng = Rng(screen.deal)
    while game.status == PLAYING:
        spec.press(driver, bot(game, rng))
        if not until_end:
            break
        why = not_ready(screen, key)
        if why and game.status == PLAYING:
            raise ValueError("%s stopped after %d moves: %s" % (key, game.moves, why))


def run_keys(driver, keys):
    for k in keys:
        if k in ("BOT", "BOT-END"):
            bot_moves(driver, k == "BOT-END")
        elif k == "HOLD-B":
            driver.hold("B", 1000)
        elif k == "WAIT":
            for _ in range(100):
                driver.step(20)
        else:
            driver.tap(k)


def main(argv=None):
    return cli.guard("shot", _main, argv)


def _main(argv):
    p = cli.Parser("shot", description=__doc__.split("\n\n")[0])
    p.add_argument("--keys", default="", help="button presses, separated by spaces: " + " ".join(KEYS))
    p.add_argument("--out", help="the PNG file to write")
    p.add_argument("--scale", type=cli.int_in(1, 16), default=4, help="pixels per panel pixel (1-16, default 4)")
    p.add_argument("--text", action="store_true", help="print the panel in block characters")
    p.add_argument("--style", default="half", choices=STYLES, help="the characters --text uses (default half)")
    args = p.parse_args(argv)
    keys = args.keys.upper().split()
    for k in keys:
        if k not in KEYS:
            p.error("unknown key '%s' (known: %s)" % (cli.shown(k), " ".join(KEYS)))
    if not args.out and not args.text:
        p.error("say --out FILE.png, --text, or both")
    from tools.sim import Sim, blocks

    d = Sim()
    try:
        run_keys(d, keys)
    except ValueError as e:
        raise cli.Exit("shot: %s" % e)
    rows = d.panel.rows()
    if args.out:
        try:
            write_png(args.out, rows, args.scale)
        except OSError as e:
            raise cli.Exit("shot: cannot write %s: %s" % (cli.shown(args.out, 80), e.strerror or e))
    if args.text:
        cli.out("\n".join(blocks(rows, args.style)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Press buttons on the fake board and save what the panel shows as a PNG.

    python -m tools.shot --keys "A A A" --out docs/rules.png
    python -m tools.shot --keys "A A A A RIGHT A" --out docs/play.png --scale 4
    python -m tools.shot --keys "A A A" --text        (block characters instead)

Keys: UP DOWN LEFT RIGHT A B, each a short press; HOLD-B holds B for a second;
WAIT waits two seconds; BOT lets the greedy bot of the game on screen press
the buttons for one move, BOT-END to the end of the game (on any other screen
they say so and exit 2).  The fake clock is deterministic, so the same keys give
the same deal and the same picture.

Errors are one line on stderr with exit code 2, a full disk too; with --text,
a reader that goes away (| head) ends it quietly.
"""

import sys

from tools import cli

from tools.sim import STYLES

from tools.png import write_png

KEYS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "HOLD-B", "WAIT", "BOT", "BOT-END")


def bot_moves(driver, until_end):
    from engine.game import PLAYING
    from engine.rng import Rng
    from tools.games import GAMES

    screen = driver.screen
    entry = getattr(screen, "entry", None)
    game = getattr(screen, "game", None)
    if game is None or entry is None:
        raise ValueError("BOT and BOT-END need a game on screen (this is the %s screen)" % type(screen).__name__)
    spec = GAMES[entry.key]
    bot = spec.bots["greedy"]
    rng = Rng(screen.deal)
    while game.status == PLAYING:
        spec.press(driver, bot(game, rng))
        if not until_end:
            break


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
    p.add_argument("--scale", type=int, default=4, help="pixels per panel pixel (1-16, default 4)")
    p.add_argument("--text", action="store_true", help="print the panel in block characters")
    p.add_argument("--style", default="half", choices=STYLES, help="the characters --text uses (default half)")
    args = p.parse_args(argv)
    keys = args.keys.upper().split()
    for k in keys:
        if k not in KEYS:
            p.error("unknown key '%s' (known: %s)" % (cli.shown(k), " ".join(KEYS)))
    if not 1 <= args.scale <= 16:
        p.error("--scale must be from 1 to 16")
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

"""Play on the desktop: the app on the fake board, the emulated 128x64 panel
drawn in a terminal with block characters.  Works over SSH and in tmux; needs
no display server.

    python -m tools.play                  the largest picture the terminal holds
    python -m tools.play --style braille  braille dots: 66 columns, 19 lines
    python -m tools.play --nvm FILE       the board's NVM kept in FILE (default below)

Saves, stats and settings live in the emulated board's NVM, kept in a file so
a game goes on where it was left: $XDG_DATA_HOME/deckcrawl/nvm.bin (by default
~/.local/share/deckcrawl/nvm.bin).  --nvm "" keeps them in memory only.

Styles: half blocks (1x2 pixels a character: needs 130x35), quadrants (2x2:
66x35) and braille dots (2x4: 66x19, any 80x24 terminal).

Keys: arrows = d-pad, Z or A or Enter = A, X or B or Backspace = B,
M or Esc = hold B (the pause menu), Q = quit (a game in progress waits in the
NVM file; with --nvm "" it would be lost, so Q asks again first), Ctrl-C =
quit at once.  Back in the shell, the player says which games wait and in
which file.
A terminal sends no key releases, so a key is a short press; holding an arrow
lets the terminal's own key repeat move the cursor on.

Idle, the app dims the panel and later puts it to sleep, as on a board (the
Settings screen sets when): the picture is then drawn faint, or dark with
"asleep: any key wakes" on it, since a press on a sleeping panel only wakes it.

It needs a POSIX terminal (Linux, macOS, or WSL on Windows).
"""

import argparse
import os
import select
import shutil
import signal
import sys
import time

from engine import registry
from hw.fake import FakeBoard, FileNVM
from tools.sim import STYLES, Sim, blocks

HELP = "arrows move  Z/A: A  X/B: B  M: pause (hold B)  Q: quit"
ASK = "Q again quits and loses this game; any other key plays on"
ASLEEP = "asleep: any key wakes"
DIM = "\x1b[2;90m"  # the panel dimmed: faint, and grey where faint is not drawn
UNDIM = "\x1b[22;39m"
_KEYS = {
    "\x1b[A": "UP", "\x1bOA": "UP", "\x1b[B": "DOWN", "\x1bOB": "DOWN",
    "\x1b[C": "RIGHT", "\x1bOC": "RIGHT", "\x1b[D": "LEFT", "\x1bOD": "LEFT",
    "z": "A", "a": "A", "\r": "A", "\n": "A", " ": "A",
    "x": "B", "b": "B", "\x7f": "B", "\x08": "B",
    "m": "HOLD-B", "\x1b": "HOLD-B",
    "q": "QUIT", "\x03": "QUIT",
}
_TAP_MS = 40
_HOLD_MS = 1000


def default_nvm():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "deckcrawl", "nvm.bin")


def parse_keys(data):
    """Split what the terminal sent into key names (unknown bytes are skipped)."""
    out = []
    i = 0
    while i < len(data):
        for n in (3, 1):
            chunk = data[i : i + n]
            name = _KEYS.get(chunk if n == 3 else chunk.lower())
            if name and (n == 3 or chunk != "\x1b" or i + 1 == len(data)):
                out.append(name)
                i += n
                break
        else:
            i += 1
    return out


class Player:
    """The real-time loop: the fake clock follows the wall clock; a key is
    pressed now and released a little later, as a finger would."""

    def __init__(self, out, style, nvm=None):
        self.sim = Sim(board=FakeBoard(nvm=nvm))
        self.board = self.sim.board
        self.out = out
        self.style = style
        self.t0 = time.monotonic()
        self.releases = []  # (time ms, key)
        self.last = None
        self.asking = False  # Q was pressed during a game: a second Q quits
        self.kept = nvm is not None  # the NVM is in a file: a game in progress waits there
        self.path = getattr(nvm, "path", None)

    def quit(self):
        """Q: True when the player may go.  During a game whose moves are kept
        nowhere (--nvm ""), the first Q only asks."""
        screen = self.sim.screen
        playing = getattr(screen, "game", None) is not None and not screen.over()
        if playing and not self.kept and not self.asking:
            self.asking = True
            self.last = None  # redraw, with the question under the panel
            return False
        return True

    def waiting(self):
        """The titles of the games suspended in the store, in the registry's order."""
        store = self.sim.app.store
        return [e.title for e in registry.GAMES if store.suspended(e.game_id) is not None]

    def farewell(self):
        """The line said once the terminal is back: which games wait, and where."""
        if not self.kept:
            return 'Nothing was kept: with --nvm "" the board\'s NVM lived in memory only.'
        path = os.path.abspath(self.path) if self.path else "the board's NVM"
        games = self.waiting()
        if not games:
            return "Saves, stats and settings are kept in %s." % path
        if len(games) == 1:
            return "Your game of %s waits in %s; run the same command to continue." % (games[0], path)
        names = ", ".join(games[:-1]) + " and " + games[-1]
        return "Your games of %s wait in %s; run the same command to continue." % (names, path)

    def now(self):
        return int((time.monotonic() - self.t0) * 1000)

    def key(self, name):
        if self.asking:
            self.asking = False
            self.last = None
        now = self.now()
        if name == "HOLD-B":
            self.board.press("B")
            self.releases.append((now + _HOLD_MS, "B"))
        else:
            self.board.press(name)
            self.releases.append((now + _TAP_MS, name))

    def tick(self):
        now = self.now()
        for due, name in list(self.releases):
            if due <= now:
                self.board.release(name)
                self.releases.remove((due, name))
        self.board.clock.now = 1000 + now
        self.sim.app.step()
        self.draw()

    def draw(self):
        """The panel as the app leaves it: lit, dimmed (faint) or asleep (dark,
        with a line saying a key wakes it); redrawn only when that changes."""
        app = self.sim.app
        state = (bytes(self.sim.panel.ram), app.dimmed, app.asleep, self.asking)
        if state == self.last:
            return
        self.last = state
        lines = blocks(self.sim.panel.rows(), self.style)
        w = len(lines[0])
        if app.asleep:
            lines = [" " * w for _ in lines]
            lines[len(lines) // 2] = ASLEEP.center(w)[:w]
        elif app.dimmed:
            lines = [DIM + line + UNDIM for line in lines]
        frame = ["\x1b[H+" + "-" * w + "+"]
        frame += ["|" + line + "|" for line in lines]
        frame.append("+" + "-" * w + "+")
        frame.append(((ASK if self.asking else HELP) + " " * (w + 2))[: w + 2])
        self.out.write("\r\n".join(frame))
        self.out.flush()


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.play", description=__doc__.split("\n\n")[0], epilog=HELP)
    p.add_argument("--style", choices=STYLES, help="half, quadrant or braille (default: the largest that fits)")
    p.add_argument("--nvm", default=default_nvm(), help="the file that keeps the board's NVM: saves, stats, "
                   "settings (default %(default)s; \"\" for none)")
    args = p.parse_args(argv)
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("tools.play needs a terminal (for a picture without one: python -m tools.shot)", file=sys.stderr)
        return 2
    nvm = None
    if args.nvm:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(args.nvm)), exist_ok=True)
            nvm = FileNVM(args.nvm)
        except (OSError, ValueError) as e:
            print("play: --nvm: %s" % (e.strerror if isinstance(e, OSError) and e.strerror else e), file=sys.stderr)
            return 2
    try:
        import termios
        import tty
    except ImportError:  # Windows, outside WSL
        print("tools.play needs a POSIX terminal (Linux, macOS, or WSL on Windows); "
              "for a picture without one: python -m tools.shot --text", file=sys.stderr)
        return 2

    cols, rows = shutil.get_terminal_size((80, 24))
    style = args.style or ("half" if cols >= 130 and rows >= 35 else "quadrant" if cols >= 66 and rows >= 35 else "braille")
    need = {"half": (130, 35), "quadrant": (66, 35), "braille": (66, 19)}[style]
    if cols < need[0] or rows < need[1]:
        print("the terminal is %dx%d: the %s style needs %dx%d" % ((cols, rows, style) + need), file=sys.stderr)
        return 2
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
    player = None
    try:
        tty.setraw(fd)
        out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        player = Player(out, style, nvm)
        while True:
            ready, _, _ = select.select([fd], [], [], 0.01)
            if ready:
                data = os.read(fd, 64).decode("utf-8", "ignore")
                for name in parse_keys(data):
                    if name == "QUIT":
                        if player.quit():
                            return 0
                    else:
                        player.key(name)
            player.tick()
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\x1b[?1049l")
        if player is not None:  # after the picture is gone, so the line stays on screen
            out.write(player.farewell() + "\n")
        out.flush()


if __name__ == "__main__":
    sys.exit(main())

"""The desktop simulator: the app on the fake board, pressed by a script or a
person, and the panel drawn in block characters.  The desktop player, the
screenshot tool, the benchmark and the tests all drive the app through here.
"""

from hw.fake import FakeBoard
from ui.app import App


class Sim:
    """patient: each tap first waits while the screen ignores presses (the
    end of a game holds half a second), as a player reading the result
    would; False presses at once (tests of the hold)."""

    def __init__(self, first=None, board=None, patient=True):
        self.patient = patient
        self.board = board or FakeBoard()
        self.app = App(self.board, first)
        self.panel = self.board.panel
        self.step()  # the first turn of the loop draws the first screen

    @property
    def screen(self):
        return self.app.screen

    def step(self, ms=20):
        self.app.step()
        self.board.clock.advance(ms)

    def settle(self):
        for _ in range(4):
            self.step()

    def tap(self, key, hold=40):
        while self.patient and self.app.screen.held(self.board.ticks_ms()):
            self.step(20)
        self.board.press(key)
        self.step(hold)
        self.board.release(key)
        self.settle()

    def wait(self, ms):
        """Let ms go by with no press (an end of game holds half a second)."""
        for _ in range(ms // 20 + 1):
            self.step(20)

    def hold(self, key, ms):
        self.board.press(key)
        t = 0
        while t < ms:
            self.step(10)
            t += 10
        self.board.release(key)
        self.settle()

    def cost(self, fn, *args):
        """Bytes sent to the panel by fn(*args)."""
        self.panel.reset_counters()
        fn(*args)
        return self.panel.bytes_sent


_QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
# Braille dots: bit for (dx, dy) in a 2x4 cell
_BRAILLE = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
STYLES = ("half", "quadrant", "braille")


def blocks(rows, style="half"):
    """The pixels as lines of characters, in one of three styles:
    half      half blocks, 1x2 pixels a character: 128 columns, 32 lines
    quadrant  quadrant blocks, 2x2: 64 columns, 32 lines
    braille   braille dots, 2x4: 64 columns, 16 lines (fits an 80x24 terminal)"""
    out = []
    h = len(rows)
    w = len(rows[0])
    if style == "braille":
        for y in range(0, h, 4):
            line = []
            for x in range(0, w, 2):
                v = 0
                for dy in range(4):
                    for dx in range(2):
                        if rows[y + dy][x + dx]:
                            v |= _BRAILLE[dy][dx]
                line.append(chr(0x2800 + v))
            out.append("".join(line))
    elif style == "quadrant":
        for y in range(0, h, 2):
            line = []
            for x in range(0, w, 2):
                v = rows[y][x] | rows[y][x + 1] << 1 | rows[y + 1][x] << 2 | rows[y + 1][x + 1] << 3
                line.append(_QUADRANTS[v])
            out.append("".join(line))
    else:
        for y in range(0, h, 2):
            out.append("".join(" ▀▄█"[rows[y][x] | rows[y + 1][x] << 1] for x in range(w)))
    return out

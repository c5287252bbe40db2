"""Drive the app on the fake board with button presses, and read the panel."""

from engine import ctd
from hw.fake import FakeBoard
from ui import font, sprites
from ui.app import App
from ui.ctd_play import Play


class Driver:
    def __init__(self, first=None):
        self.board = FakeBoard()
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
        self.board.press(key)
        self.step(hold)
        self.board.release(key)
        self.settle()

    def hold(self, key, ms):
        self.board.press(key)
        t = 0
        while t < ms:
            self.step(10)
            t += 10
        self.board.release(key)
        self.settle()

    def keys(self, text):
        for k in text.split():
            self.tap(k)

    def cost(self, fn, *args):
        """Bytes sent to the panel by fn(*args)."""
        self.panel.reset_counters()
        fn(*args)
        return self.panel.bytes_sent

    # -- playing Clear the Dungeon by buttons -------------------------------------
    def pick(self, source):
        s = self.screen
        n = s.columns
        for _ in range(12):
            if s.cursor >= n:
                break
            self.tap("RIGHT")
        want = n + (3 if source == ctd.FROM_RESERVE else source)
        for _ in range(8):
            if s.cursor == want:
                break
            self.tap("DOWN")
        assert s.cursor == want, (s.cursor, want)
        self.tap("A")
        assert s.carry == source

    def aim(self, target):
        s = self.screen
        n = s.columns
        want = n + 3 if target == ctd.TO_PILE else target
        if target == ctd.TO_PILE:
            self.tap("DOWN")
        for _ in range(12):
            if s.cursor == want:
                break
            self.tap("RIGHT")
        assert s.cursor == want, (s.cursor, want)

    def play(self, move):
        self.pick(move >> 4)
        self.aim(move & 15)
        self.tap("A")


def play_screen(rules=ctd.CLASSIC, deal=7, game=None):
    return Driver((Play, 0, rules, deal, game))


def tile_pixels(tile, inverted=False):
    """The pixels of a card sheet tile, as the panel would show them."""
    bm = sprites.cards()
    x0 = (tile % 8) * sprites.CARD_W
    y0 = (tile // 8) * sprites.CARD_H
    return [[bm[x0 + i, y0 + j] ^ inverted for i in range(sprites.CARD_W)] for j in range(sprites.CARD_H)]


def text_pixels(text):
    """The pixels of text in the 5x7 font, from the font bytes directly."""
    rows = [[] for _ in range(8)]
    for ch in text.upper():
        i = font.CHARS.index(ch)
        for j in range(8):
            v = font.FONT[7 * i + j] if j < 7 else 0
            rows[j] += [(v >> (4 - b)) & 1 if b < 5 else 0 for b in range(6)]
    return rows


def lit(rows):
    return sum(map(sum, rows))

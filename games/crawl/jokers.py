"""Soltura's Joker powers that take the screen for a while, imported when one
opens and let go when it closes (GameScreen.open_from in ui/parts.py): the
black Joker's Swap, which asks for the room monster to trade, and the red
Joker's Preview, which shows the deck's top cards.  games/crawl/play.py opens
them; their layout is its (Play.peek_places, its lines and cursor).

Memory: the Preview's card TileGrids while they show.
"""

from games.crawl import rules as crawl
from hw import buttons
from ui.parts import CardTiles, Overlay, ring


class Swap(Overlay):
    """The black Joker's swap: left/right choose the room monster to trade for
    the deck's top card, A trades it, B goes back."""

    def __init__(self, screen, joker):
        super().__init__(screen)
        self.joker = joker

    def open(self):
        s = self.screen
        s.cursor = ring(self.joker, 1, 4, s._has_monster)
        s.lines[0].set("SWAP WHICH MONSTER?")
        s.message.say("", 0)
        s.lines[2].set("")
        s.lines[3].set("A:PICK B:BACK")

    def close(self):
        self.screen.cursor = self.joker

    def button(self, key, kind):
        s = self.screen
        if key == buttons.LEFT or key == buttons.RIGHT:
            s.cursor = ring(s.cursor, 1 if key == buttons.RIGHT else -1, 4, s._has_monster)
            s.sync()
            return True
        if kind != buttons.PRESS:
            return False
        if key == buttons.B:
            s.shut()
            return True
        if key == buttons.A:
            target = s.cursor
            s.shut()
            s.make(crawl.move(crawl.A_SWAP, self.joker, target))
            s.sync()
            return True
        return False


class Peek(Overlay):
    """The Preview's cards, top first, over the lines, until A or B; the
    room's cursor is not lit meanwhile (LIT: Play.sync reads it)."""

    LIT = False

    def __init__(self, screen, n):
        super().__init__(screen)
        self.n = n

    def open(self):
        s = self.screen
        for i in range(4):
            s.lines[i].set("")
            s.lines[i].invert(False)
        s.lines[0].set("NEXT %d, TOP FIRST:" % self.n)
        s.lines[3].set("A OR B: BACK")
        self.tiles = CardTiles(s.group, s.peek_places(self.n))
        for i in range(self.n):
            self.tiles.card(i, s.game.top(i))

    def close(self):
        self.tiles.remove(self.screen.group)
        self.tiles = None

    def button(self, key, kind):
        if kind == buttons.PRESS and (key == buttons.A or key == buttons.B):
            self.screen.shut()
            return True
        return False

"""Rogue Solitaire's rarely shown parts, imported when they show and let go
after (what is not on screen is not in the heap): the floor card, between
floors, and the lines of the game-over screen.  games/rogue/play.py's Play
asks for them (floor_card(), over_lines()).

The floor card: a floor escaped, over the whole panel; it reuses the play
screen's parts where they lie: the candidates go to the two grids' lower
rows (six a row, the gap between), two lines cover the top row, the hand
and status lines say the rest, so it costs about one frame on the bus.

Memory: the card's two Text lines and 12 bytes of cards while it shows.
"""

from engine import lease
from games.rogue import rules as rogue
from hw import buttons
from ui import sprites
from ui.parts import Overlay
from ui.text import COLUMNS, ROW, Text, count, short

_TOP_ROW = (0, 1, 2, 9, 10, 11)  # the tiles of both grids' top rows
_GAUNTLET = 11


class FloorCard(Overlay):
    """A floor escaped: feed the Buffet (the candidates as tiles, the d-pad
    chooses, A feeds), then "A deeper, B save & quit" with the Buffet shown.
    Holding B pauses."""

    def __init__(self, screen):
        super().__init__(screen)
        self.cards = bytearray(12)
        self.n = 0
        self.choice = 0
        self.lines = []

    def open(self):
        s = self.screen
        for i in _TOP_ROW:
            s.tiles.grids[i].hidden = True
        for t in s.dots + s.unders:
            t.hidden = True
        s.arrow.hidden = True
        s.hand_mark.grid.hidden = True
        s.carded = True
        self.lines = [Text(COLUMNS, 0, 0), Text(COLUMNS, 0, ROW)]
        for t in self.lines:
            s.board.append(t.grid)
        self.lines[0].invert()
        self.draw()

    def draw(self):
        s = self.screen
        g = s.game
        buffet = g.phase() == rogue.PHASE_BUFFET
        if buffet:
            self.n = g.candidates(self.cards)
        else:
            self.n = g.buffet_n
            self.cards[: self.n] = g.buffet[: self.n]
        self.lines[0].set("FLOOR %d ESCAPED" % g.floor)
        self.lines[1].set("Feed the Buffet:" if buffet else "The Buffet (%d):" % g.buffet_n)
        for k in range(12):
            col = k % 6
            tile = (col // 3) * 9 + (1 + k // 6) * 3 + col % 3  # rows 2 and 3 of both grids
            s.tiles.card(tile, self.cards[k] if k < self.n else 0, buffet and k == self.choice, sprites.EMPTY)
        if buffet:
            s.hand_line.set(short(self.cards[self.choice]) + " TO THE BUFFET")
            s.message.say("<>:CHOOSE  A:FEED", 0)
        else:
            s.hand_line.set("Next: the gauntlet" if g.buffet_n >= 10 else "Next: floor %d" % (g.floor + 1))
            s.message.say("A:DEEPER B:SAVE&QUIT", 0)

    def close(self):
        s = self.screen
        s.carded = False
        for t in self.lines:
            s.board.remove(t.grid)
        self.lines = []
        for i in _TOP_ROW:
            s.tiles.grids[i].hidden = False
        s.arrow.hidden = False
        for i in range(9):
            s.dotted[i] = 0  # hidden now: the next sync shows those that match
        s.under_at[0] = s.under_at[1] = 0xFF
        s._hand_key = None
        s.message.say("")

    def button(self, key, kind):
        s = self.screen
        g = s.game
        buffet = g.phase() == rogue.PHASE_BUFFET
        if key == buttons.B and kind == buttons.HOLD:
            s.overlay = None
            self.close()  # the pause's resume opens the card again (Play.shut)
            s.pause()
            return True
        if buffet and key <= buttons.RIGHT:
            by = (-6, 6, -1, 1)[key]
            to = self.choice + by
            if 0 <= to < self.n:
                self.choice = to
                self.draw()
                return True
            return False
        if kind != buttons.PRESS:
            return False
        if key == buttons.A:
            s.make(self.choice if buffet else rogue.NEXT)
            if g.phase() == rogue.PHASE_BETWEEN:
                self.choice = 0
                self.draw()
            elif s.overlay is self:
                s.shut()
            return True
        if key == buttons.B and not buffet:
            s.app.rule_sets(s.entry, g.rules)  # save & quit: the run waits in the store
            return False
        return False


def over_lines(screen):
    """Up to four lines for the game-over screen: how the run ended, turns
    and the Buffet, the achievements it earned for the first time."""
    g = screen.game
    where = "the gauntlet" if g.floor == _GAUNTLET else "floor %d" % g.floor
    if g.end == rogue.ESCAPED:
        first = "Escaped in " + count(g.turn, "turn") if g.rules == rogue.QUICK else "The campaign is won!"
    elif g.end == rogue.STARVED:
        first = "Starved on gauntlet"
    elif g.end == rogue.SLAIN:
        first = "Slain on " + where
    else:
        first = "Gave up on " + where[4:] if g.floor == _GAUNTLET else "Gave up on " + where
    lines = [first]
    if g.rules == rogue.CAMPAIGN:
        lines.append("Turns %d  Buffet %d" % (g.turn, g.buffet_n))
    elif g.end != rogue.ESCAPED:
        lines.append("Turns %d" % g.turn)
    names = achievement_names(screen.earned)
    if g.rules == rogue.CAMPAIGN and g.buffet_n and len(names) + len(lines) < 4:
        text = ""
        for i in range(g.buffet_n):
            text += short(g.buffet[i])
        lines.append(text if len(text) <= COLUMNS else "%d in the Buffet" % g.buffet_n)
    for name in names:
        lines.append("* " + name)
    if len(lines) > 4:
        lines = lines[:3] + ["and %d more earned" % (len(lines) - 3)]
    return lines


def achievement_names(bits):
    """The names of the achievements in bits (bit 0 = AC1), from the words module."""
    if not bits:
        return []
    names = lease.read("games.rogue.words:ACHIEVEMENTS")
    return [names[i][0] for i in range(len(names)) if bits >> i & 1]

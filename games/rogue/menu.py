"""Rogue Solitaire's card menu: A on one of your cards opens it, a 2x2 over
the play screen's two text lines (games/rogue/play.py).  Imported the first
time a menu opens (the play screen's import stays small), released when a
floor's card opens (between floors) and with the game.

Memory: four Text items of 10 cells while it is open.
"""

from micropython import const

from hw import buttons
from ui.parts import MESSAGE_MS, Choices
from games.rogue.play import reason_text
from ui.text import ROW, Text

MENU_WORDS = ("ATTACK", "MOVE", "TO HAND", "FLIP")  # the engine's order of options()
_MENU_X = const(66)  # the second column, over your grid
_HAND_Y = const(48)


class CardMenu(Choices):
    """Your card's menu, a 2x2 over the two lines: ATTACK MOVE / TO HAND FLIP,
    in the engine's order; the chosen item inverted (ATTACK first, else the
    first legal one), a refused one in small letters, saying why on the
    status line for a while when taken.  The cursor's tile stays lit under it."""

    CURSOR = True

    def __init__(self, screen, p):
        super().__init__(screen, 4)
        self.p = p
        self.items = []
        self.until = -1  # while a refusal shows
        opts = screen.options
        self.choice = 0
        for i in range(4):
            if opts[2 * i + 1] == 0:
                self.choice = i
                break

    def open(self):
        s = self.screen
        for i in range(4):
            t = Text(10, (i & 1) * _MENU_X, _HAND_Y + (i >> 1) * ROW)
            self.items.append(t)
            s.board.append(t.grid)
        s.hand_line.grid.hidden = True
        s.message.line.grid.hidden = True
        self.draw()

    def draw(self):
        opts = self.screen.options
        for i in range(4):
            word = MENU_WORDS[i]
            self.items[i].set(" " + (word if opts[2 * i + 1] == 0 else word.lower()))
            self.items[i].invert(i == self.choice)
            self.items[i].grid.hidden = False

    def close(self):
        s = self.screen
        for t in self.items:
            s.board.remove(t.grid)
        self.items = []
        s.hand_line.grid.hidden = False
        s.message.line.grid.hidden = False

    def button(self, key, kind):
        if key <= buttons.RIGHT:
            if key == buttons.LEFT or key == buttons.RIGHT:
                self.choice ^= 1
            else:
                self.choice ^= 2
            self.until = -1
            self.screen.message.line.grid.hidden = True
            self.draw()
            return True
        if key == buttons.B and kind == buttons.HOLD:  # the pause, as from the table
            s = self.screen
            s.shut()
            s.pause()
            return True
        return super().button(key, kind)

    def take(self):
        s = self.screen
        g = s.game
        i = self.choice
        mv = s.options[2 * i]
        why = s.options[2 * i + 1]
        if why:
            for k in (2, 3):  # the reason over the bottom row for a while
                self.items[k].grid.hidden = True
            s.message.line.grid.hidden = False
            s.message.say(reason_text(g, why))
            self.until = buttons.ticks_add(s.app.board.ticks_ms(), MESSAGE_MS)
            return
        s.shut()
        if i == 1:
            s.carry_place(self.p, mv % 9)
        else:
            s.make(mv)
        s.sync()

    def tick(self, now):
        if self.until >= 0 and buttons.ticks_diff(now, self.until) >= 0:
            self.until = -1
            self.screen.message.line.grid.hidden = True
            self.screen.message.say("")
            self.draw()
            return True
        return False

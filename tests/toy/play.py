"""Pairs on 128x64: the play screen, built from ui/parts.py's pieces.

Layout (pixels): the slots at y 16, 24 apart from x 4; the deck at x 100,
y 16 (a card back while it holds cards), how many are left under it; the
message line at y 56.

Play: left and right move the cursor over the slots.  A on an empty slot
draws into it; A on a card picks it (the message line names it), A on
another card matches the two, A on the picked card puts it back.  B puts a
picked card back, or undoes the last match.

Memory: 4 card TileGrids, the cursor's frame, 2 Text grids.
"""

from micropython import const

from engine.game import NO_MOVE, WON
from hw import buttons
from tests.toy import rules as toy
from ui import sprites
from ui.parts import CardTiles, GameScreen, Message
from ui.text import Text, short

REFUSED = ("", "GAME IS OVER", "NO SUCH SLOT", "DECK IS EMPTY", "SLOT IS FULL", "NO CARD THERE", "NOT A PAIR")
_SLOT_X = const(24)
_DECK = const(3)  # the deck's tile, after the three slots'
_NONE = const(-1)


class Play(GameScreen):
    def __init__(self, app, entry, rules, deal, game=None, practice=False, resumed=False):
        super().__init__(app, entry, rules, deal, game, practice, resumed)
        g = self.group
        self.tiles = CardTiles(g, [(4 + i * _SLOT_X, 16) for i in range(3)] + [(100, 16)])
        self.left = Text(3, 104, 40)
        g.append(self.left.grid)
        self.message = Message(g, 21, 0, 56, app.board.ticks_ms)
        self.cursor = 0
        self.picked = _NONE
        self.message.say("PRACTICE DEAL" if practice else entry.rule_titles[self.game.rules].upper())
        self.sync()

    def sync(self):
        g = self.game
        over = self.over()
        for i in range(3):
            if i < g.slots:
                self.tiles.card(i, g.row[i], not over and i == self.cursor)
            else:
                self.tiles.card(i, 0, False, sprites.EMPTY)
        self.tiles.show(_DECK, sprites.BACK if g.top < toy.CARDS else sprites.SLOT)
        self.left.number(toy.CARDS - g.top, "%d", True)

    def play_button(self, key, kind):
        if kind != buttons.PRESS and key in (buttons.A, buttons.B):
            return False
        if key == buttons.LEFT or key == buttons.RIGHT:
            self.cursor = (self.cursor + (1 if key == buttons.RIGHT else -1)) % self.game.slots
        elif key == buttons.A:
            self._act()
        elif key == buttons.B:
            if self.picked != _NONE:
                self.picked = _NONE
                self.message.say("")
            elif self.take_back() == NO_MOVE:
                self.message.say("NO UNDO NOW")
            else:
                self.message.say("UNDONE")
        else:
            return False
        self.sync()
        return True

    def _act(self):
        g = self.game
        c = self.cursor
        if g.row[c] == 0:
            mv = c
        elif self.picked == _NONE:
            self.picked = c
            self.message.say(short(g.row[c]) + " PICKED", 0)
            return
        elif self.picked == c:
            self.picked = _NONE
            self.message.say("")
            return
        else:
            a, b = min(c, self.picked), max(c, self.picked)
            mv = toy.MATCH + (0 if b == 1 else (1 if a == 0 else 2))
        self.picked = _NONE
        self.message.say("")
        why = self.move(mv)
        if why:
            self.message.say(REFUSED[why])
        elif self.over():
            self.message.say("WON! PRESS A" if g.status == WON else "STUCK. PRESS A", 0)

    def over_lines(self):
        g = self.game
        return ("%d of 3 pairs matched" % g.score(), self.entry.rule_titles[g.rules])

    def final_score(self):
        return self.game.score()

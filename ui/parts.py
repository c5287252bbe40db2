"""The parts every play screen is built from, so that a game's screen holds
only what is its own:

    CardTiles   one-card TileGrids over the card sheet, with shadows of what
                each shows, so a change sets one tile or one palette and only
                that card's area goes to the panel
    Message     a line of text that clears itself after a while
    ring        cursor stepping around a ring of places
    GameScreen  a play screen's lifecycle: the game and deal it plays, one
                overlay at a time over it (a card's menu, the "leave?"
                question), and going on once the game is over
    Leave       the "leave for the menu?" overlay every play screen has

An overlay (Overlay) is opened over the play screen and takes every button
and tick while it is open.

Memory: the grids, two shadow bytes a card, a Text a message line.
"""

from micropython import const

from engine import registry
from engine.game import PLAYING, WON
from hw import buttons
from ui import sprites
from ui.screen import Screen
from ui.text import Text

MESSAGE_MS = const(1800)
_RESTING = const(-1)  # the message line shows its resting text
_HELD = const(-2)  # it shows a message until the next one


class CardTiles:
    def __init__(self, group, places):
        """places: (x, y) of each card, in the order the screen numbers them."""
        self.grids = []
        for x, y in places:
            g = sprites.card_grid(x, y)
            self.grids.append(g)
            group.append(g)
        self.shown = bytearray(len(self.grids))
        self.lit = bytearray(len(self.grids))

    def show(self, i, tile, lit=False):
        """Make card i show tile, inverted if lit; only what differs is set."""
        if self.shown[i] != tile:
            self.grids[i][0] = tile
            self.shown[i] = tile
        if self.lit[i] != lit:
            self.grids[i].pixel_shader = sprites.INVERTED if lit else sprites.NORMAL
            self.lit[i] = lit

    def card(self, i, c, lit=False, empty=sprites.SLOT):
        """Show card byte c in place i, or `empty` where there is no card."""
        self.show(i, sprites.card_tile(c) if c else empty, lit)


class Message:
    """A message line: say() shows text for a while (or until replaced); when
    nothing is being said it shows its resting text (the buttons, while the
    player is learning them), set with rest()."""

    def __init__(self, group, width, x, y, clock):
        self.line = Text(width, x, y)
        group.append(self.line.grid)
        self.clock = clock
        self.until = _RESTING  # or when the message gives way (ms), or _HELD
        self.resting = ""

    def say(self, text, ms=MESSAGE_MS):
        """Show text; it gives way to the resting text after ms (0: it stays
        until replaced).  say("") shows the resting text at once."""
        self.line.set(text or self.resting)
        if not text:
            self.until = _RESTING
        else:
            self.until = buttons.ticks_add(self.clock(), ms) if ms else _HELD

    def rest(self, text):
        """The text to show when nothing is being said."""
        self.resting = text
        if self.until == _RESTING:
            self.line.set(text)

    def showing(self):
        return self.until != _RESTING

    def tick(self, now):
        """True when the message just gave way to the resting text."""
        if self.until >= 0 and buttons.ticks_diff(now, self.until) >= 0:
            self.until = -1
            self.line.set(self.resting)
            return True
        return False


def ring(i, by, n, ok):
    """The next place from i, by +1 or -1 around a ring of n places, for which
    ok(place) holds; i itself if no other does."""
    j = i
    for _ in range(n):
        j = (j + by) % n
        if ok(j):
            return j
    return i


class GameScreen(Screen):
    """What every game's play screen shares.  A subclass builds its picture,
    sets self.message (a Message) and implements play_button(key, kind) and
    sync() (show the game's state).  The game over, A goes on to the game-over
    screen with over_lines() (up to four lines of score)."""

    def __init__(self, app, entry, rules, deal, game=None):
        """Play deal number `deal` of the entry's game; or `game`, one already
        dealt (tests)."""
        super().__init__(app)
        self.entry = entry
        self.deal = deal
        self.game = game if game is not None else registry.engine_class(entry)(rules).deal(deal)
        self.overlay = None

    def over(self):
        return self.game.status != PLAYING

    def open(self, overlay):
        self.overlay = overlay
        overlay.open()
        self.sync()

    def shut(self):
        """Close the open overlay and show the game again."""
        overlay = self.overlay
        self.overlay = None
        overlay.close()
        self.sync()

    def button(self, key, kind):
        if self.overlay is not None:
            return self.overlay.button(key, kind)
        if self.over():
            if key == buttons.A and kind == buttons.PRESS:
                self.app.game_over(self.entry, self.game, self.deal, self.over_title(), self.over_lines())
            return False
        if key == buttons.B and kind == buttons.HOLD:
            self.open(Leave(self))
            return True
        return self.play_button(key, kind)

    def tick(self, now):
        if self.overlay is not None:
            return self.overlay.tick(now)
        return self.message.tick(now)

    def over_title(self):
        return "CLEARED!" if self.game.status == WON else "DEFEATED"

    def close(self):
        self.overlay = None
        self.game = None
        super().close()


class Overlay:
    """What opens over a play screen: a card's menu, a question.  open()
    draws it, close() clears it (the screen then syncs), button() and tick()
    return True when they changed the screen."""

    def __init__(self, screen):
        self.screen = screen

    def open(self):
        pass

    def close(self):
        pass

    def button(self, key, kind):
        return False

    def tick(self, now):
        return False


class Leave(Overlay):
    """Leave for the game's menu?  A leaves, B plays on."""

    def open(self):
        m = self.screen.message
        m.say("LEAVE? A=YES B=NO" if m.line.width >= 17 else "MENU? A=Y B=N", 0)

    def close(self):
        self.screen.message.say("", 0)

    def button(self, key, kind):
        if kind != buttons.PRESS:
            return False
        if key == buttons.A:
            s = self.screen
            s.app.rule_sets(s.entry, s.game.rules)
            return False
        if key == buttons.B:
            self.screen.shut()
            return True
        return False

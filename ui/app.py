"""The application: which screen is alive, and the loop that feeds it.

One screen is alive at a time.  A screen is made from its factory when shown
and dropped when another is shown, so its displayio objects are freed; what
must survive a switch (the menu position, the deal) is passed to the next
screen's factory.  The loop polls one button event, hands it to the screen,
lets the screen's timers run, and refreshes the display only when something
changed (auto_refresh is off on every board).

Memory: the live screen's Group, plus a few ints here.
"""

import gc

import displayio
from micropython import const

from hw import buttons


DEAL_NUMBERS = const(100000)  # deals the device picks are numbered 0..99999


class Screen:
    """The base of a screen: a Group, and handlers that return True when they
    changed something on it."""

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def button(self, key, kind):
        return False

    def tick(self, now):
        return False


# The modes every play screen has; a screen numbers its own from MODES on.
PLAYING = const(0)
ASKING = const(1)  # "leave for the menu?": A yes, B no
ENDED = const(2)  # the game is over: A goes on to what comes next
MODES = const(3)


class GameScreen(Screen):
    """What every game's play screen shares: the game and deal it plays,
    asking before leaving, and going on when the game is over.  A subclass
    has self.game and implements stay() (B said no to leaving) and
    game_over() (A once the game is over)."""

    def __init__(self, app, game_index, deal):
        super().__init__(app)
        self.game_index = game_index
        self.deal = deal
        self.mode = PLAYING

    def ending_button(self, key, kind):
        """A button while asking or once the game is over: whether the screen
        changed.  None while playing: the subclass handles the button."""
        if self.mode == ASKING:
            if kind == buttons.PRESS:
                if key == buttons.A:
                    self.leave()
                elif key == buttons.B:
                    self.mode = PLAYING
                    self.stay()
                    return True
            return False
        if self.mode == ENDED:
            if key == buttons.A and kind == buttons.PRESS:
                self.game_over()
            return False
        return None

    def leave(self):
        """Back to the game's rule sets."""
        from ui.menus import RuleSets

        self.app.show(RuleSets, self.game_index, self.game.rules)


class App:
    def __init__(self, board, first=None):
        self.board = board
        self.screen = None
        self.changed = False
        self._deals = 0
        if first is None:
            from ui.menus import Title

            first = (Title,)
        self.show(*first)

    def show(self, factory, *args):
        """Drop the live screen and show a new one made by factory(app, *args)."""
        self.screen = None
        gc.collect()
        self.screen = factory(self, *args)
        self.board.display.root_group = self.screen.group
        self.changed = True

    def step(self):
        """One turn of the loop; returns the button event handled, or NONE."""
        ev = self.board.buttons.poll()
        screen = self.screen
        changed = False
        if ev != buttons.NONE:
            changed = screen.button(ev & 7, ev >> 3)
        if self.screen is screen and screen.tick(self.board.ticks_ms()):
            changed = True
        if changed or self.changed:
            self.changed = False
            self.board.display.refresh()
        return ev

    def run(self):
        while True:
            self.step()
            self.board.idle()

    def new_deal(self):
        """A deal number for a new game, from the clock and a counter."""
        self._deals += 1
        return (self.board.ticks_ms() * 31 + self._deals * 7919) % DEAL_NUMBERS

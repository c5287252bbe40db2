"""The application: which screen is alive, the way between screens, and the
loop that feeds the live one.

Screens never import each other: each asks the app for the next one (title,
game list, a game's rule sets, its rules page, play, game over), and the app
makes it.  What is not on screen is not in the heap:
- a game's modules (its rules, its play screen) are imported when the player
  enters the game from the game list and released when they leave it;
- the menus (ui/menus.py) are imported when one shows and released while a
  game is being played.
Released means dropped from sys.modules and collected (registry.release).  The
app releases only what it imported itself: a module something else loaded
first (a test, a tool) stays.

The loop polls one button event, hands it to the screen, lets the screen's
timers run, and refreshes the display only when something changed
(auto_refresh is off on every board).

Memory: the live screen, and the names of the modules loaded before the game
being played was entered.
"""

import gc
import sys

from micropython import const

from engine import registry
from hw import buttons

_MENUS = "ui.menus"

DEAL_NUMBERS = const(100000)  # deals the device picks are numbered 0..99999


class App:
    def __init__(self, board, first=None):
        """first: (factory, *args) of the first screen; the title if None."""
        self.board = board
        self.screen = None
        self.changed = False
        self.entry = None  # the game entered, or None
        self._before = None  # the modules loaded before it was entered
        self._deals = 0
        self._next = None  # the screen to show once the live one's handler returns
        self._own_menus = _MENUS not in sys.modules  # else something else holds them
        if first is None:
            first = (self._menu("Title"),)
        self.show(*first)

    def show(self, factory, *args):
        """Show a new screen made by factory(app, *args): at once when none is
        alive, else as soon as the live screen's handler has returned, so the
        old screen is closed and freed before the new one is built."""
        self._next = (factory, args)
        if self.screen is None:
            self._switch()

    def _switch(self):
        factory, args = self._next
        self._next = None
        old = self.screen
        self.screen = None
        self.board.display.root_group = None
        if old is not None:
            old.close()
        old = None
        gc.collect()
        self.screen = factory(self, *args)
        self.board.display.root_group = self.screen.group
        self.changed = True

    # -- the way between screens ----------------------------------------------------
    def title(self):
        self.leave()
        self.show(self._menu("Title"))

    def game_list(self, entry=None):
        """The game list, with entry (the game just left) chosen."""
        self.leave()
        chosen = 0
        for i in range(len(registry.GAMES)):
            if registry.GAMES[i] is entry:
                chosen = i
        self.show(self._menu("GameList"), chosen)

    def rule_sets(self, entry, rules=0):
        self.enter(entry)
        self.show(self._menu("RuleSets"), entry, rules)

    def rules_page(self, entry, rules):
        self.show(self._menu("RulesPage"), entry, rules)

    def play(self, entry, rules, deal):
        self.enter(entry)
        if self._own_menus:
            registry.release((_MENUS,))
        self.show(registry.module(entry.screen).Play, entry, rules, deal)

    def _menu(self, name):
        """A menu screen's class (importing the menus if they were released)."""
        return getattr(registry.module(_MENUS), name)

    def game_over(self, entry, game, deal, title, lines):
        self.show(self._menu("GameOver"), entry, game.rules, deal, title, lines)

    # -- a game's modules ---------------------------------------------------------------
    def enter(self, entry):
        """The player enters a game: what is imported from now on is its."""
        if self.entry is entry:
            return
        self.leave()
        self.entry = entry
        self._before = list(sys.modules)

    def leave(self):
        """The player leaves the game: release every module it brought in."""
        if self.entry is None:
            return
        before = self._before
        self.entry = None
        self._before = None
        registry.release([name for name in sys.modules if name not in before])
        gc.collect()

    # -- the loop -------------------------------------------------------------------------
    def step(self):
        """One turn of the loop; returns the button event handled, or NONE."""
        ev = self.board.buttons.poll()
        screen = self.screen
        changed = False
        if ev != buttons.NONE:
            changed = screen.button(ev & 7, ev >> 3)
        if self._next is not None:
            screen = None
            self._switch()
        elif screen.tick(self.board.ticks_ms()):
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
        return (self.board.ticks_ms() % DEAL_NUMBERS * 31 + self._deals * 7919) % DEAL_NUMBERS

"""The application: which screen is alive, the way between screens, and the
loop that feeds the live one.

Screens never import each other: each asks the app for the next one (title,
game list, a game's rule sets, its rules page, play, game over), and the app
makes it.  What is not on screen is not in the heap:
- a game's modules (its rules, its play screen) are imported when the player
  enters the game from the game list and released when they leave it;
- the menus (ui/menus.py) are imported when one shows and released while a
  game is being played.
- a rule set's list of winnable deals (games/<key>/winnable/, read by
  engine/deals.py) is imported only to draw a deal, and released at once.
Each is held by a lease (engine/lease.py) the app takes and lets go, so it
releases only what it imported itself: a module something else loaded first
(a test, a tool) stays.

A rule set's WINNABLE DEALS choice is kept in the store's settings: for the
i-th rule set in the registry's order, bit i + 1 of SET_FLAGS (i 0-6), then
bit i - 7 of SET_DEALS2 (i 7-14).

The loop polls one button event, hands it to the screen, lets the screen's
timers run, and refreshes the display only when something changed
(auto_refresh is off on every board).

Memory: the live screen, and its leases: the game entered, the menus, a
rarely shown screen (each a tuple of the names loaded when it was taken).
"""

import gc

from micropython import const

from engine import lease, registry, store as records
from engine.lease import Lease
from engine.store import Store
from hw import buttons

_MENUS = "ui.menus"

DEAL_NUMBERS = const(100000)  # deals the device picks are numbered 0..99999
BRIGHTNESS = (0.1, 0.35, 0.65, 1.0)  # the panel's contrast by the setting's level
_INVERT = const(0xA7)  # SSD1306 commands: the whole panel inverted, and back
_NORMAL = const(0xA6)
_FLASH_MS = const(250)
_DIMMED = 0.02
_FLAGS_RULE_SETS = const(7)  # SET_FLAGS bits 1-7 (bit 0: hints learned); then SET_DEALS2's 8 bits
_DEALS = "engine.deals"


class App:
    def __init__(self, board, first=None):
        """first: (factory, *args) of the first screen; the title if None."""
        self.board = board
        self.screen = None
        self.changed = False
        self.entry = None  # the game entered, or None
        self._game = None  # the lease on its modules
        self._deals = 0
        self.last_deal = -1  # the deal last played, never drawn twice in a row
        self._next = None  # the screen to show once the live one's handler returns
        self._menus = None  # the lease on the menus' module, while one shows or is about to
        self._transient = None  # (module, lease) of a rarely used screen, let go when it is left
        self._transient_next = None
        self.store = Store(board.nvm)
        rule_sets = bytearray(16)  # by game id: how many rule sets it has here
        for e in registry.GAMES:
            rule_sets[e.game_id] = len(e.rule_titles)
        self.store.forget_unknown(rule_sets)
        self.reset_said = False
        self._idle_from = board.ticks_ms()
        self.dimmed = False
        self.asleep = False
        self._flash_until = -1
        self.apply_settings()
        if first is None:
            first = (self._menu("Title"),)
        self.show(*first)

    def show(self, factory, *args):
        """Show a new screen made by factory(app, *args): at once when none is
        alive, else as soon as the live screen's handler has returned, so the
        old screen is closed and freed before the new one is built.  factory
        may be "module:Name", imported only then (so a game's last screen and
        the menus' module, say, are never in the heap together)."""
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
        if self._transient is not None and self._transient[0] != self._transient_next:
            self._transient[1].let_go()
            self._transient = None
        gc.collect()
        if type(factory) is str:
            path, name = factory.split(":")
            if path == self._transient_next and self._transient is None:
                self._transient = (path, Lease())
            elif path == _MENUS and self._menus is None:
                self._menus = Lease()
            factory = getattr(lease.module(path), name)
        self._transient_next = None
        self.screen = factory(self, *args)
        self.board.display.root_group = self.screen.group
        self.changed = True

    # -- the way between screens ----------------------------------------------------
    def title(self):
        self.leave()
        self.show(self._menu("Title"))

    def game_list(self, at=None):
        """The game list with a row chosen: at is a game's entry (the game just
        left), a row's number (Stats, Settings), or None: the game last played.
        What the store lost and has not said yet is said first (the Notice);
        damage it mended is written away here, after a press."""
        self.leave()
        if self.store.damaged:
            self.transient("ui.notice", "Notice")
            return
        if self.store.stale:
            self.store.settle()
        if at is None:
            at = self.last_game()
        chosen = at if type(at) is int else 0
        for i in range(len(registry.GAMES)):
            if registry.GAMES[i] is at:
                chosen = i
        self.show(self._menu("GameList"), chosen)

    def rule_sets(self, entry, rules=-1):
        """A game's rule sets with rules chosen (-1: the one last played of it,
        the first if that rule set is not one of the game's)."""
        if rules < 0:
            last = self.store.settings[records.SET_LAST_GAME]
            rules = last & 0x0F if last >> 4 == entry.game_id else 0
            if rules >= len(entry.rule_titles):  # a byte from another firmware
                rules = 0
        self.enter(entry)
        self.show(self._menu("RuleSets"), entry, rules)

    def last_game(self):
        """The entry of the game last played (the settings keep it), or None."""
        game_id = self.store.settings[records.SET_LAST_GAME] >> 4
        for e in registry.GAMES:
            if e.game_id == game_id:
                return e
        return None

    def _remember(self, entry, rules):
        """Keep the game being played in the settings: the game list opens
        there next time (a record only when it changed)."""
        self.store.settings[records.SET_LAST_GAME] = (entry.game_id << 4) | rules
        self.store.save_settings()

    def rules_page(self, entry, rules, resume=False):
        """A rules page; B goes back to the rule sets, or to the game paused
        (resume=True), which waits in the store meanwhile."""
        self.show(self._menu("RulesPage"), entry, rules, resume)

    def play(self, entry, rules, deal, practice=False):
        """A new game: deal number deal (practice: a deal chosen or replayed)."""
        self._to_play(entry)
        self.last_deal = deal
        self._remember(entry, rules)
        self.show(entry.screen + ":Play", entry, rules, deal, None, practice)

    def resume(self, entry):
        """The game suspended in the store for this entry, where it was left."""
        self._to_play(entry)
        info = self.store.suspended(entry.game_id)
        game = self.store.resume(entry.game_id, registry.engine_class(entry)) if info is not None else None
        if game is None:
            self.rule_sets(entry)  # the store said why, if anything was lost
            return
        rules, seed, moves, practice = info
        self._remember(entry, rules)
        self.show(entry.screen + ":Play", entry, rules, seed, game, practice, True)

    def guide(self, entry):
        """HOW TO PLAY: entry's guided first game (ui/guide.py), which with its
        script is loaded only while it runs; the menus are let go meanwhile."""
        self._to_play(entry)
        self.transient("ui.guide", "Guide", entry)

    def give_up_saved(self, entry):
        """The game suspended for entry is given up for a new one: a loss."""
        saved = self.store.suspended(entry.game_id)
        if saved is not None:
            self.store.result(entry.game_id, saved[0], False, None, saved[3])

    def _to_play(self, entry):
        self.enter(entry)
        if self._menus is not None:
            self._menus.let_go()
            self._menus = None

    def transient(self, path, name, *args):
        """Show a screen from a module loaded only while it shows (stats, settings)."""
        # its module is held while a screen from it shows (a lease of its own)
        self._transient_next = path
        self.show(path + ":" + name, *args)

    def _menu(self, name):
        """A menu screen, as show() takes it: imported (again, if the menus
        were released) once the screen before it is gone."""
        return _MENUS + ":" + name

    def game_over(self, entry, game, deal, title, lines, practice=False):
        self.show(self._menu("GameOver"), entry, game.rules, deal, title, lines, practice)
        self.store.maybe_compact()  # a stall here costs nothing

    # -- a game's modules ---------------------------------------------------------------
    def enter(self, entry):
        """The player enters a game: what is imported from now on is its."""
        if self.entry is entry:
            return
        self.leave()
        self.entry = entry
        self._game = Lease()

    def load(self, path):
        """Import module path as the entered game's: it is let go with the
        game, whatever shows meanwhile."""
        if self._game is None:
            return lease.module(path)
        return self._game.load(path)

    def leave(self):
        """The player leaves the game: release every module it brought in."""
        if self.entry is None:
            return
        self.entry = None
        self._game.let_go()
        self._game = None
        gc.collect()

    # -- the loop -------------------------------------------------------------------------
    def step(self):
        """One turn of the loop; returns the button event handled, or NONE."""
        ev = self.board.buttons.poll()
        screen = self.screen
        changed = False
        now = self.board.ticks_ms()
        if ev != buttons.NONE:
            self._idle_from = now
            if self.asleep:  # the first press only wakes the panel
                self.wake()
                return buttons.NONE
            if self.dimmed:
                self.wake()
            changed = screen.button(ev & 7, ev >> 3)
        else:
            self._idle(now)
        if self._flash_until >= 0 and buttons.ticks_diff(now, self._flash_until) >= 0:
            self._flash_until = -1
            self.board.display.bus.send(_NORMAL, b"")
        if self._next is not None:
            screen = None
            self._switch()
        elif screen.tick(now):
            changed = True
        if changed or self.changed:
            self.changed = False
            self.board.display.refresh()
        return ev

    # -- settings, dimming and sleep --------------------------------------------------
    def apply_settings(self):
        """Contrast and button repeat from the store's settings."""
        s = self.store.settings
        self.board.display.brightness = BRIGHTNESS[s[records.SET_CONTRAST]]
        self.board.buttons.set_repeat(s[records.SET_REPEAT])

    def _idle(self, now):
        s = self.store.settings
        idle = buttons.ticks_diff(now, self._idle_from)
        dim = records.DIM_SECONDS[s[records.SET_DIM]] * 1000
        sleep = records.SLEEP_MINUTES[s[records.SET_SLEEP]] * 60000
        if sleep and not self.asleep and idle >= sleep:
            self.asleep = True
            self.board.display.sleep()
        elif dim and not self.dimmed and not self.asleep and idle >= dim:
            self.dimmed = True
            self.board.display.brightness = _DIMMED

    def flash(self):
        """A win or a new best: the panel inverted for a moment, by one SSD1306
        command each way (no frame is sent)."""
        self.board.display.bus.send(_INVERT, b"")
        self._flash_until = buttons.ticks_add(self.board.ticks_ms(), _FLASH_MS)

    def wake(self):
        if self.asleep:
            self.board.display.wake()
        self.asleep = False
        self.dimmed = False
        self.board.display.brightness = BRIGHTNESS[self.store.settings[records.SET_CONTRAST]]

    def run(self):
        while True:
            self.step()
            self.board.idle()

    def new_deal(self, entry=None, rules=0):
        """A deal number for a new game of entry's rule set: from its list of
        winnable deals when that is chosen and there is one, else from the
        clock and a counter."""
        self._deals += 1
        fresh = (self.board.ticks_ms() % DEAL_NUMBERS * 31 + self._deals * 7919) % DEAL_NUMBERS
        if entry is not None and self.winnable(entry, rules):
            deal = self.from_list(entry, rules, fresh)
            if deal >= 0:
                return deal
        return fresh

    # -- winnable deals ---------------------------------------------------------------
    def _rule_set_index(self, entry, rules):
        i = 0
        for e in registry.GAMES:
            if e is entry:
                return i + rules
            i += len(e.rule_titles)
        return -1

    def _winnable_bit(self, entry, rules):
        """Where entry's rule set keeps its WINNABLE DEALS choice in the
        settings: (byte, mask)."""
        i = self._rule_set_index(entry, rules)
        if i < _FLAGS_RULE_SETS:
            return records.SET_FLAGS, 2 << i
        return records.SET_DEALS2, 1 << (i - _FLAGS_RULE_SETS)

    def winnable(self, entry, rules):
        """True when entry's rule set deals from its list of winnable deals."""
        byte, mask = self._winnable_bit(entry, rules)
        return bool(self.store.settings[byte] & mask)

    def set_winnable(self, entry, rules, on):
        """Choose whether entry's rule set deals from its list (kept in the store)."""
        byte, mask = self._winnable_bit(entry, rules)
        s = self.store.settings
        s[byte] = (s[byte] | mask) if on else (s[byte] & ~mask)
        self.store.save_settings()

    def from_list(self, entry, rules, seed=-1):
        """The count of the list of winnable deals of entry's rule set (seed < 0),
        or a deal drawn from it by an Rng seeded with seed, never the deal just
        played; -1 when it has no sound list.  The list (games/<key>/winnable/) and
        its reader (engine/deals.py) are imported for this and released before
        it returns."""
        self.load(entry.engine.split(":")[0])  # the game's rules stay: play needs them
        out = lease.call(_DEALS, "from_list", entry, rules, seed, self.last_deal)
        gc.collect()
        return out

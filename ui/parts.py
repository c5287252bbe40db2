"""The parts every play screen is built from, so that a game's screen holds
only what is its own:

    CardTiles   one-card TileGrids over the card sheet, with shadows of what
                each shows, so a change sets one tile and only that card's
                area goes to the panel; and the cursor, a frame laid over
                the card it is on (the card's own pixels stay readable)
    Message     a line of text that clears itself after a while
    ring        cursor stepping around a ring of places
    GameScreen  a play screen's lifecycle: the game and deal it plays, its
                moves recorded in the store, one overlay at a time over it (a
                card's menu, the pause menu), and going on once the game is over
    Choices     an overlay of choices (a card's menu, the pause menu of
                ui/pause.py, which is imported when B is held and let go
                when it closes)
    Deadly      the question before a move that loses the game at once

An overlay (Overlay) is opened over the play screen and takes every button
and tick while it is open.

Memory: the grids, a shadow byte a card and the cursor's frame grid, a Text a
message line.
"""

from micropython import const

from engine import lease, registry
from engine.lease import Lease
from engine.game import NO_MOVE, PLAYING, WON
from engine.store import UNDO
from hw import buttons
from ui import sprites
from ui.screen import Screen
from ui.text import Text

MESSAGE_MS = const(1800)
_PAUSE = "ui.pause"
_RESTING = const(-1)  # the message line shows its resting text
_HELD = const(-2)  # it shows a message until the next one
_CHECKPOINT_MOVES = const(32)  # moves recorded before a fresh checkpoint, at the next barrier
_AWAY = const(-64)  # where the cursor's frame waits, off the panel
_END_HOLD_MS = const(500)  # the end of a game holds: A leaves it only after this


class CardTiles:
    def __init__(self, group, places):
        """places: (x, y) of each card, in the order the screen numbers them;
        the cursor's frame goes over them all."""
        self.grids = []
        for x, y in places:
            g = sprites.card_grid(x, y)
            self.grids.append(g)
            group.append(g)
        self.shown = bytearray(len(self.grids))
        self.frame = sprites.frame_grid()
        group.append(self.frame)
        self.lit = -1  # the card the frame is on, or -1

    def remove(self, group):
        """Take the cards' grids and the frame off group (cards shown for a while)."""
        for g in self.grids:
            group.remove(g)
        group.remove(self.frame)

    def show(self, i, tile, lit=False):
        """Make card i show tile, framed by the cursor if lit (the frame
        leaves any card it was on); only what differs is set."""
        if self.shown[i] != tile:
            self.grids[i][0] = tile
            self.shown[i] = tile
        if lit:
            if self.lit != i:
                f = self.frame
                f.x = self.grids[i].x
                f.y = self.grids[i].y + sprites.FRAME_Y
                f.hidden = False
                self.lit = i
        elif self.lit == i:
            self.no_cursor()

    def no_cursor(self):
        """Take the cursor's frame off whatever card it is on: off the panel,
        not hidden, so that showing it again sends only where it goes (a
        hidden grid shown again sends where it was before it hid, too)."""
        if self.lit >= 0:
            self.frame.x = _AWAY
            self.frame.y = _AWAY
            self.lit = -1

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
    sets self.message (a Message) and implements play_button(key, kind),
    sync() (show the game's state), over_lines() (up to four lines for the
    game-over screen) and final_score() (the score for the stats, or None).

    Every move and undo goes through move() and take_back(), which record it
    in the store (engine/store.py) after the engine made it and before the
    screen shows what it revealed, so a game survives a power cut and a
    revealed card can never be taken back by one.  The result is recorded the
    moment the game ends.  Holding B pauses: resume, rules, suspend, give up."""

    def __init__(self, app, entry, rules, deal, game=None, practice=False, resumed=False):
        """Play deal number `deal` of the entry's game; or `game`, one already
        dealt (tests) or resumed from the store (resumed=True).  A practice
        game (a deal chosen or replayed) records no stats."""
        super().__init__(app)
        self.entry = entry
        self.deal = deal
        self.game = game if game is not None else registry.engine_class(entry)(rules).deal(deal)
        self.practice = practice
        self.new_best = False
        self.ended_at = app.board.ticks_ms()  # when the game ended (a resumed one: now)
        self.overlay = None
        self._overlay_lease = None  # the lease on the open overlay's module (open_from)
        if resumed:
            self._since = app.store.since_checkpoint(self.game.GAME_ID)  # moves recorded since the checkpoint
            if self.over():  # it ended just before the power went: record it now
                self.finish(self.game.status == WON)
        else:
            self._since = 0
            app.store.checkpoint(self.game, practice)

    def over(self):
        return self.game.status != PLAYING

    # -- moves, through the store ---------------------------------------------------
    def move(self, mv):
        """Make a move; 0, or the reason it was refused (nothing changed)."""
        g = self.game
        why = g.play(mv)
        if why:
            return why
        store = self.app.store
        store.move(g.GAME_ID, mv)
        self._since += 1
        if g.status != PLAYING:
            self.ended_at = self.app.board.ticks_ms()
            self.finish(g.status == WON)
        elif self._since >= _CHECKPOINT_MOVES and not g.can_undo():
            store.checkpoint(g, self.practice)  # at a barrier: the replay at resume stays short
            self._since = 0
        return 0

    def take_back(self):
        """Undo the last move of the hand or room: its move byte, or NO_MOVE."""
        mv = self.game.undo()
        if mv != NO_MOVE:
            self.app.store.move(self.game.GAME_ID, UNDO)
            self._since += 1
        return mv

    def finish(self, won, scored=True):
        """The game ended (or was given up, scored=False: no score): record it, once."""
        g = self.game
        store = self.app.store
        had_best = store.stats(g.GAME_ID, g.rules).best is not None  # the first score beats nothing
        score = self.final_score() if scored else None
        self.new_best = store.result(g.GAME_ID, g.rules, won, score, self.practice) and had_best
        if scored and (won or self.new_best):
            self.app.flash()

    def final_score(self):
        return None

    # -- overlays -----------------------------------------------------------------
    def open(self, overlay):
        self.overlay = overlay
        overlay.open()
        self.sync()

    def shut(self):
        """Close the open overlay and show the game again."""
        overlay = self.overlay
        self.overlay = None
        overlay.close()
        self._let_go()
        self.sync()

    def open_from(self, path, name, *args):
        """Open an overlay that is rarely shown, class name of module path (the
        pause menu, say): the module is imported for it and let go when it
        closes, or when the screen is left from it, unless something else had
        imported it (a lease, engine/lease.py)."""
        self._let_go()
        self._overlay_lease = Lease()
        overlay = getattr(lease.module(path), name)(self, *args)
        self.open(overlay)

    def _let_go(self):
        if self._overlay_lease is not None:
            self._overlay_lease.let_go()
            self._overlay_lease = None

    def pause(self):
        """Open the pause menu (ui/pause.py)."""
        self.open_from(_PAUSE, "Pause")

    def button(self, key, kind):
        if self.overlay is not None:
            return self.overlay.button(key, kind)
        if self.over():  # the end holds a moment: a press made for the last move does not leave it
            if key == buttons.A and kind == buttons.PRESS and not self.held(self.app.board.ticks_ms()):
                self.end(self.over_title())
            return False
        if key == buttons.B and kind == buttons.HOLD:
            self.pause()
            return True
        return self.play_button(key, kind)

    def held(self, now):
        return self.overlay is None and self.over() and buttons.ticks_diff(now, self.ended_at) < _END_HOLD_MS

    def tick(self, now):
        if self.overlay is not None:
            return self.overlay.tick(now)
        return self.message.tick(now)

    def over_title(self):
        return "CLEARED!" if self.game.status == WON else "DEFEATED"

    def end(self, title, lines=None):
        """On to the game-over screen: the game's lines, the last one giving
        way to NEW BEST or to the practice note."""
        lines = self.over_lines() if lines is None else lines
        note = "NEW BEST!" if self.new_best else ("Practice: no stats" if self.practice else "")
        if note and title != "GAVE UP":
            lines = tuple(lines[:3]) + (note,)
        self.app.game_over(self.entry, self.game, self.deal, title, lines, self.practice)

    def close(self):
        self._let_go()  # left from an overlay (the pause menu's rules, suspend, give up)
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


class Choices(Overlay):
    """An overlay of n choices, one chosen: up/down move it (round the ends),
    A takes it, B closes.  A subclass draws and implements take(); `sure`
    is for a choice that asks twice, and goes when the choice moves."""

    def __init__(self, screen, n):
        super().__init__(screen)
        self.n = n
        self.choice = 0
        self.sure = False

    def button(self, key, kind):
        if key == buttons.UP or key == buttons.DOWN:
            self.choice = (self.choice + (1 if key == buttons.DOWN else -1)) % self.n
            self.sure = False
            self.draw()
            return True
        if kind != buttons.PRESS:
            return False
        if key == buttons.B:
            self.screen.shut()
            return True
        if key == buttons.A:
            self.take()
            return True
        return False

    def draw(self):
        pass

    def take(self):
        pass


class Deadly(Overlay):
    """A move the engine says loses the game at once (deadly): the screen says
    so and asks; A makes it (the screen's confirmed(mv)), B does not."""

    def __init__(self, screen, mv):
        super().__init__(screen)
        self.mv = mv

    def open(self):
        m = self.screen.message
        m.say("YOU DIE! A=GO B=NO" if m.line.width >= 18 else "LOSES! A=Y B=N", 0)

    def close(self):
        self.screen.message.say("")

    def button(self, key, kind):
        if kind != buttons.PRESS or (key != buttons.A and key != buttons.B):
            return False
        s = self.screen
        s.shut()
        if key == buttons.A:
            s.confirmed(self.mv)
            s.sync()
        return True

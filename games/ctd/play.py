"""Clear the Dungeon on 128x64: the play screen.

Layout (pixels):

    x 0-83    the monster columns, 21 apart: the monster at y 0, its power
              pair at y 16 and 32 (a trigger kills at once, so no more stay);
              at y 48 "+n", the monsters still face down under it
    x 87      the hand at y 0, 16, 32; at y 48 the damage pile's top card, or
              the reserve's top card (which can be played)
    x 108     counters: a card back over the deck left (y 0, 8), a skull over the monsters slain (y 16, 24),
              DMG damage n/7 or RSV reserve size (y 48, 56); at y 40 the
              "+n" of the column a card hovers over when the card hides it
    y 56      the message line, 14 characters (x 0-83)

A card picked up hovers where it would go: over a column's pair place, or
at y 40 for its trigger, over the lower half of the pair it would trigger
and the "+n", so that it never covers the message line (it did at y 48).

Play: the cursor (a frame over a card, ui/parts.py) moves with the d-pad.  A
on a card of the hand (or the reserve's top) picks it up; the card then
hovers, framed, where it would go: left/right choose a column, down the pile,
A places it, B puts it back.  A refused placement says why on the message line
and changes nothing.  What the line says goes at the next pick, placement or
hand (each says its own, if anything).  B undoes the last move of the hand; holding B asks to
leave to the menu (ui/parts.py).

Places the cursor can be on ("spots"): a column 0..columns-1, or columns +
a panel spot (0-2 the hand, _PILE the pile).

Memory: 17 card TileGrids, the cursor's frame, the hovering card's 20x16
bitmap (64 B), 10 Text grids, shadow bytes; the game ~0.4 KB.
"""

import displayio
from micropython import const

from engine import cards
from games.ctd import rules as ctd
from engine.game import NO_MOVE, WON
from hw import buttons
from ui import sprites
from ui.parts import CardTiles, Deadly, GameScreen, Message, ring
from ui.text import SUIT_CHARS, Text, count, short


# Why a placement was refused, by the engine's reason code, in 14 characters.
REFUSED = (
    "",
    "GAME IS OVER",
    "NO CARD THERE",
    "COLUMN CLEARED",
    "TOO WEAK",
    "PAIR TOO LOW",
    "WRONG SUIT",
    "1 MONSTER/HAND",
    "TOO FEW CARDS",
    "IN RESERVE",
    "NOT THERE",
)
LOSSES = ("", "7 cards of damage", "The deck ran out", "No legal move left")

_COL_X = const(21)
_HAND_X = const(87)
_COUNT_X = const(108)
_ROW = const(16)
_HIDDEN_Y = const(40)
_TRIGGER_Y = const(40)  # a card hovering at a trigger place: its bar ends just above the message line
_PILE = const(3)  # the panel spot of the pile, after the three hand slots
_NOT_CARRIED = const(-1)
_LEARNED = const(4)  # placements after which the buttons are no longer shown
_NAME_MS = const(2500)  # how long the rule set's name shows at the start
_SOURCE = const(4)  # a move is source << 4 | target (games/ctd/rules.py)
_TARGET = const(0x0F)


class Play(GameScreen):
    def __init__(self, app, entry, rules, deal, game=None, practice=False, resumed=False):
        super().__init__(app, entry, rules, deal, game, practice, resumed)
        g = self.group
        n = self.columns = self.game.columns
        # card tiles: monsters, attacks (2 per column), hand, pile; then the hovering card
        places = [(c * _COL_X, 0) for c in range(n)]
        for c in range(n):
            places.append((c * _COL_X, _ROW))
            places.append((c * _COL_X, 2 * _ROW))
        for i in range(4):
            places.append((_HAND_X, i * _ROW))
        self.tiles = CardTiles(g, places)
        self._hand0 = 3 * n
        self.below = []
        for c in range(n):
            t = Text(2, c * _COL_X + 5, 3 * _ROW)
            self.below.append(t)
            g.append(t.grid)
        pile_name = "RSV" if self.game.rules == ctd.RESERVE else "DMG"
        self.pile_form = "%d" if self.game.rules == ctd.RESERVE else "%%d/%d" % ctd.DAMAGE_LIMIT
        self.deck_n = Text(3, _COUNT_X, 8)
        self.kills_n = Text(3, _COUNT_X, _ROW + 8)
        self.pile_n = Text(3, _COUNT_X, 3 * _ROW + 8)
        for t in (Text(3, _COUNT_X, 0, "\x07"), Text(3, _COUNT_X, _ROW, "\x08"), Text(3, _COUNT_X, 3 * _ROW, pile_name),
                  self.deck_n, self.kills_n, self.pile_n):
            g.append(t.grid)
        self.hidden_below = Text(3, _COUNT_X, _HIDDEN_Y)  # the "+n" the hovering card covers
        g.append(self.hidden_below.grid)
        self.message = Message(g, 14, 0, 56, app.board.ticks_ms)
        self.hover = displayio.Bitmap(sprites.CARD_W, sprites.CARD_H + 1, 2)  # the card picked up, framed
        self.hovering = 0  # the card drawn in it
        self.ghost = displayio.TileGrid(self.hover, pixel_shader=sprites.NORMAL)  # hovering where it would go
        self.ghost.hidden = True
        g.append(self.ghost)
        self.options = bytearray(2 * (ctd.TO_PILE + 1))
        self.carry = _NOT_CARRIED  # the source picked up: hand slot 0-2 or FROM_RESERVE
        self.cursor = n  # a spot
        self.panel = 0  # the last panel spot the cursor was on
        self.last_column = 0  # the last column targeted before going down to the pile
        self.placed = 0  # cards placed on this screen: the buttons are known after a few
        self._to_source()
        self._hints()
        self.message.say("PRACTICE DEAL" if practice else entry.rule_titles[self.game.rules].upper(), _NAME_MS)
        self.sync()

    # -- where things are -------------------------------------------------------
    def _spot_tile(self, spot):
        """The tile index (in self.tiles) that shows a spot."""
        if spot < self.columns:
            return spot
        return self._hand0 + spot - self.columns

    def _source_of(self, spot):
        p = spot - self.columns
        if p < 0:
            return -1
        return ctd.FROM_RESERVE if p == _PILE else p

    def _panel_has_card(self, p):
        return self._has_card(self.columns + p)

    def _has_card(self, spot):
        s = self._source_of(spot)
        return s >= 0 and self.game.source_card(s) != 0

    def _to_source(self):
        """Put the cursor on a card to pick: the last slot used, else the first with a card."""
        base = self.columns
        if not self._has_card(base + self.panel):
            for p in range(4):
                if self._has_card(base + p):
                    self.panel = p
                    break
        self.cursor = base + self.panel

    # -- drawing ------------------------------------------------------------------
    def sync(self):
        """Show the game's state: only tiles and numbers that differ change."""
        g = self.game
        tiles = self.tiles
        lit = -1 if self.carry >= 0 or self.over() else self._spot_tile(self.cursor)
        for c in range(self.columns):
            f = g.front(c)
            tiles.card(c, g.monsters[f] if f >= 0 else 0, lit == c, sprites.EMPTY)
            for r in range(2):
                tiles.card(self.columns + 2 * c + r, g.attacks[c * 3 + r], False, sprites.EMPTY)
            n = g.below(c)
            if n:
                self.below[c].number(n, "+%d")
            else:
                self.below[c].set("")
        for s in range(3):
            i = self._hand0 + s
            tiles.card(i, 0 if self.carry == s else g.hand[s], lit == i)
        top = g.pile[g.pile_n - 1] if g.pile_n else 0
        if self.carry == ctd.FROM_RESERVE:
            top = g.pile[g.pile_n - 2] if g.pile_n > 1 else 0
        i = self._hand0 + _PILE
        tiles.card(i, top, lit == i)
        self.deck_n.number(ctd.POWER_CARDS - g.top, "%d", True)
        self.kills_n.number(g.kills, "%d", True)
        self.pile_n.number(g.pile_n, self.pile_form, True)
        ghost = self.ghost
        covered = 0  # the monsters below that the hovering card hides
        if self.carry >= 0:
            if self.cursor < self.columns:
                x, y = self.cursor * _COL_X, (g.role(self.cursor) + 1) * _ROW
                if y == 3 * _ROW:
                    y = _TRIGGER_Y
                    covered = g.below(self.cursor)
            else:
                x, y = _HAND_X, 3 * _ROW
            c = g.source_card(self.carry)
            if self.hovering != c:
                sprites.framed_card(self.hover, sprites.card_tile(c))
                self.hovering = c
            if ghost.x != x or ghost.y != y:
                ghost.x = x
                ghost.y = y
            if ghost.hidden:
                ghost.hidden = False
        elif not ghost.hidden:
            ghost.hidden = True
        if covered:
            self.hidden_below.number(covered, "+%d", True)
        else:
            self.hidden_below.set("")

    # -- buttons ----------------------------------------------------------------
    def play_button(self, key, kind):
        if key == buttons.B:
            return kind == buttons.PRESS and self._back()
        if key == buttons.A:
            return kind == buttons.PRESS and self._act()
        if self.carry >= 0:
            self._aim(key)
        elif not self._move(key):
            return False
        self.sync()
        return True

    def _standing(self, c):
        return self.game.front(c) >= 0

    def _aim(self, key):
        """With a card picked up: the columns still standing, and the pile below them."""
        n = self.columns
        from_reserve = self.carry == ctd.FROM_RESERVE
        if key == buttons.DOWN:
            if self.cursor < n and not from_reserve:
                self.last_column = self.cursor
                self.cursor = n + _PILE
        elif key == buttons.UP:
            if self.cursor >= n:
                self.cursor = self.last_column
        else:  # left and right go round the columns standing; the pile is below them
            start = self.cursor if self.cursor < n else self.last_column
            self.cursor = self.last_column = ring(start, 1 if key == buttons.RIGHT else -1, n, self._standing)

    def _move(self, key):
        """No card picked up: the columns (to read a monster), then the hand and pile."""
        n = self.columns
        if key == buttons.UP or key == buttons.DOWN:
            if self.cursor < n:
                return False
            p = ring(self.cursor - n, 1 if key == buttons.DOWN else -1, 4, self._panel_has_card)
            self.cursor = n + p
            self.panel = p
        else:
            i = (min(self.cursor, n) + (1 if key == buttons.RIGHT else -1)) % (n + 1)
            if i == n:
                self._to_source()
            else:
                self.cursor = i
        return True

    def _act(self):
        g = self.game
        n = self.columns
        if self.carry < 0:
            if self.cursor < n:
                self._describe(self.cursor)
                return True
            source = self._source_of(self.cursor)
            if g.source_card(source) == 0:
                return False
            self.carry = source
            self.cursor = self._aim_first(source)
            self._hints()
            if self.cursor < 0:
                self.message.say("NOWHERE TO GO")
                standing = ring(n - 1, 1, n, self._standing)
                self.cursor = standing if source == ctd.FROM_RESERVE else n + _PILE
            else:
                self.message.say("")  # what was said before this pick is stale now
            self.last_column = self.cursor if self.cursor < n else ring(n - 1, 1, n, self._standing)
            self.sync()
            return True
        mv = (self.carry << _SOURCE) | (self.cursor if self.cursor < n else ctd.TO_PILE)
        if g.deadly(mv):
            self.open(Deadly(self, mv))  # no loss by one unread press
        else:
            self.confirmed(mv)
        return True

    def confirmed(self, mv):
        """Place the card picked up (a refusal says why and changes nothing)."""
        g = self.game
        pile = g.pile_n
        why = self.move(mv)
        if why:
            self.message.say(REFUSED[why])
            return
        self.carry = _NOT_CARRIED
        self.placed += 1
        self._hints()
        self._after_move(pile)

    def _aim_first(self, source):
        """Where a card picked up hovers first: a column where it kills, else
        one where it completes a pair, else the first it may go to; -1 if it
        may go to none."""
        g = self.game
        best = -1
        best_role = -1
        for i in range(g.options(source, self.options)):
            target = self.options[2 * i] & _TARGET
            if self.options[2 * i + 1] == 0 and target < self.columns and g.role(target) > best_role:
                best = target
                best_role = g.role(target)
        return best

    def _hints(self):
        """The buttons on the message line, until the player has placed a few cards."""
        if self.placed >= _LEARNED:
            self.message.rest("")
        else:
            self.message.rest("A:PUT B:BACK" if self.carry >= 0 else "A:PICK B:UNDO")

    def _back(self):
        if self.carry >= 0:
            source = self.carry
            self.carry = _NOT_CARRIED
            self.cursor = self.columns + (_PILE if source == ctd.FROM_RESERVE else source)
            self._hints()
            self.message.say("")  # what was said about that card is stale now
            self.sync()
            return True
        mv = self.take_back()
        if mv == NO_MOVE:
            self.message.say("NO UNDO NOW")
        else:
            self.message.say("UNDONE")
            source = mv >> _SOURCE
            self.panel = _PILE if source == ctd.FROM_RESERVE else source
            self.cursor = self.columns + self.panel
        self.sync()
        return True

    def _after_move(self, pile):
        """Say what the move did; pile: the pile's size before it."""
        g = self.game
        self._to_source()
        if self.over():
            self.message.say(("WON! PRESS A" if g.status == WON else "LOST. PRESS A"), 0)
            self.message.rest("")
        else:
            self.message.say("")  # what was said about the card placed (NOWHERE TO GO) goes with it
            for i in range(g.n_events):
                kind = g.events[3 * i]
                if kind == ctd.EV_KILL:
                    self.message.say("SLAIN " + short(g.events[3 * i + 1]) + "!")
                elif kind == ctd.EV_FAILED:  # the whole hand's damage, said once
                    self.message.say("MISS: +%d DMG" % (g.pile_n - pile))
        self.sync()

    def _describe(self, col):
        g = self.game
        f = g.front(col)
        if f < 0:
            self.message.say("COLUMN CLEARED")
            return
        m = g.monsters[f]
        a = col * 3
        if g.attacks[a] == 0:
            self.message.say(short(m) + " POWER %d" % cards.rank(m))
        elif g.attacks[a + 1] == 0:
            self.message.say(short(m) + " %d+? >=%d" % (ctd.value(g.attacks[a]), cards.rank(m)))
        else:
            self.message.say(short(m) + " NEEDS " + SUIT_CHARS[cards.suit(m)])

    # -- the end --------------------------------------------------------------------
    def over_lines(self):
        g = self.game
        rules = self.entry.rule_titles[g.rules]
        if g.rules == ctd.RESERVE:
            pile = "Reserve: " + count(g.pile_n, "card")
        else:
            pile = "Damage: %d of %d" % (g.pile_n, ctd.DAMAGE_LIMIT)
        if g.status == WON:
            return ("All %d monsters slain" % ctd.MONSTERS, "Score %d = cards left" % g.score(), pile, rules)
        return ("%d of %d slain" % (g.kills, ctd.MONSTERS), LOSSES[g.loss], rules)

    def final_score(self):
        """The score for the stats: the cards left in the deck, of a win."""
        return self.game.score() if self.game.status == WON else None

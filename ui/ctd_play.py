"""Clear the Dungeon on 128x64: the play screen, and the game's entry in the
catalog (title, rule sets, rules pages).

Layout (pixels):

    x 0-83    the monster columns, 21 apart: the monster at y 0, its power
              pair at y 16 and 32 (a trigger kills at once, so no more stay);
              at y 48 "+n", the monsters still face down under it
    x 87      the hand at y 0, 16, 32; at y 48 the damage pile's top card, or
              the reserve's top card (which can be played)
    x 108     counters: DK deck left (y 0, 8), SL monsters slain (y 16, 24),
              DMG damage n/7 or RSV reserve size (y 48, 56)
    y 56      the message line, 14 characters (x 0-83)

Play: the cursor (a card shown inverted) moves with the d-pad.  A on a card
of the hand (or the reserve's top) picks it up; the card then hovers,
inverted, where it would go: left/right choose a column, down the pile, A
places it, B puts it back.  A refused placement says why on the message line
and changes nothing.  B undoes the last move of the hand; holding B asks to
leave to the menu.

Every tile is a one-card TileGrid over the card sheet; a change sets one tile
index or one palette, so a cursor move sends two small areas to the panel.

Memory: 17 card TileGrids, 9 Text grids, shadow bytes; the game ~0.4 KB.
"""

from micropython import const

from engine import cards, ctd
from hw import buttons
from ui import sprites
from ui.app import ASKING, ENDED, GameScreen
from ui.text import SUIT_CHARS, Text, short


TITLE = "Clear the Dungeon"
RULE_TITLES = ("Classic", "Reserve", "One Strike")
RULES_TEXT = (
    # Classic
    "Kill all 12 monsters (J 11, Q 12, K 13) in 4 columns of 3, top card up.\n"
    "Each hand is 3 power cards (A-10, Jokers).\n"
    "On a monster: cards 1 and 2 must add up to its power; card 3 must match its suit and kills it.\n"
    "Joker: worth 10, any suit.\n"
    "Attacks stay on a monster across hands. A hand may hit several monsters.\n"
    "A card you do not place goes to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck (best 6).\n"
    "A card that can no longer lead to a kill is refused.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
    # Reserve
    "Kill all 12 monsters (J 11, Q 12, K 13) in 3 columns of 4, top card up.\n"
    "Each hand is 3 power cards (A-10, Jokers).\n"
    "On a monster: cards 1 and 2 must add up to its power; card 3 must match its suit and kills it.\n"
    "Joker: worth 10, any suit.\n"
    "Attacks stay across hands.\n"
    "Cards you do not place go to the reserve pile, with no limit. Its top card can be played as if in your hand.\n"
    "You lose when deck, hand and reserve have no legal play left.\n"
    "Score: cards left in the deck.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
    # One Strike
    "Kill all 12 monsters (J 11, Q 12, K 13) in 4 columns of 3, top card up.\n"
    "Each hand of 3 power cards strikes one monster only: pair (adds up to its power), then a trigger of its suit.\n"
    "Joker: worth 10, any suit.\n"
    "A hand that kills nothing goes wholly to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck.\n"
    "A start the hand cannot finish is refused.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
)

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
LOSSES = ("", "7 damage", "deck out", "stuck")

_COL_X = const(21)
_HAND_X = const(87)
_COUNT_X = const(108)
_ROW = const(16)
_PILE = const(3)  # the panel spot of the pile, after the three hand slots
_MESSAGE_MS = const(1800)



class Play(GameScreen):
    def __init__(self, app, game_index, rules, deal, game=None):
        """Play deal number `deal`; or `game`, a Dungeon already dealt (tests)."""
        super().__init__(app, game_index, deal)
        self.game = game if game is not None else ctd.Dungeon(rules).deal(deal)
        self.columns = self.game.columns
        g = self.group
        # card tiles: monsters, attacks (2 per column), hand, pile; then the hovering card
        self.tiles = []
        for c in range(self.columns):
            self.tiles.append(sprites.card_grid(c * _COL_X, 0))
        for c in range(self.columns):
            for r in range(2):
                self.tiles.append(sprites.card_grid(c * _COL_X, (r + 1) * _ROW))
        for i in range(3):
            self.tiles.append(sprites.card_grid(_HAND_X, i * _ROW))
        self.tiles.append(sprites.card_grid(_HAND_X, 3 * _ROW))
        self._hand0 = 3 * self.columns
        self.shown = bytearray(len(self.tiles))
        self.lit = bytearray(len(self.tiles))
        self.below = [Text(2, c * _COL_X + 5, 3 * _ROW) for c in range(self.columns)]
        labels = (Text(3, _COUNT_X, 0, "DK"), Text(3, _COUNT_X, _ROW, "SL"))
        pile_label = Text(3, _COUNT_X, 3 * _ROW, "RSV" if rules == ctd.RESERVE else "DMG")
        self.deck_n = Text(3, _COUNT_X, 8)
        self.kills_n = Text(3, _COUNT_X, _ROW + 8)
        self.pile_n = Text(3, _COUNT_X, 3 * _ROW + 8)
        self.message = Text(14, 0, 56)
        for t in self.tiles:
            g.append(t)
        for t in self.below + [labels[0], labels[1], pile_label, self.deck_n, self.kills_n, self.pile_n, self.message]:
            g.append(t.grid)
        self.ghost = sprites.card_grid(0, 0)
        self.ghost.pixel_shader = sprites.INVERTED
        self.ghost.hidden = True
        g.append(self.ghost)
        self.carry = -1  # the source picked up: hand slot 0-2 or FROM_RESERVE
        self.cursor = self.columns  # a spot: a column, or columns + panel spot
        self.panel = 0  # the last panel spot the cursor was on
        self.last_column = 0  # the last column targeted before going down to the pile
        self.message_until = -1
        self._to_source()
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

    def _has_card(self, spot):
        s = self._source_of(spot)
        return s >= 0 and self.game.source_card(s) != 0

    def _to_source(self):
        """Put the cursor on a card to pick: the last slot used, else the first with a card."""
        base = self.columns
        if self._has_card(base + self.panel):
            self.cursor = base + self.panel
            return
        for p in range(4):
            if self._has_card(base + p):
                self.cursor = base + p
                self.panel = p
                return
        self.cursor = base + self.panel

    # -- drawing ------------------------------------------------------------------
    def _tile(self, i, tile, lit):
        sprites.show(self.tiles, self.shown, self.lit, i, tile, lit)

    def sync(self):
        """Show the game's state: only tiles and numbers that differ change."""
        g = self.game
        lit = -1 if self.carry >= 0 or self.mode == ENDED else self._spot_tile(self.cursor)
        for c in range(self.columns):
            f = g.front(c)
            self._tile(c, sprites.card_tile(g.monsters[f]) if f >= 0 else sprites.EMPTY, lit == c)
            for r in range(2):
                i = self.columns + 2 * c + r
                self._tile(i, sprites.card_tile(g.attacks[c * 3 + r]), 0)
            n = g.below(c)
            self.below[c].set("+%d" % n if n else "")
        for s in range(3):
            c = 0 if self.carry == s else g.hand[s]
            i = self._hand0 + s
            self._tile(i, sprites.card_tile(c) if c else sprites.SLOT, lit == i)
        top = g.pile[g.pile_n - 1] if g.pile_n else 0
        if self.carry == ctd.FROM_RESERVE:
            top = g.pile[g.pile_n - 2] if g.pile_n > 1 else 0
        i = self._hand0 + _PILE
        self._tile(i, sprites.card_tile(top) if top else sprites.SLOT, lit == i)
        self.deck_n.set(str(ctd.POWER_CARDS - g.top), True)
        self.kills_n.set(str(g.kills), True)
        self.pile_n.set(str(g.pile_n) if g.rules == ctd.RESERVE else "%d/7" % g.pile_n, True)
        if self.carry >= 0:
            target = self.cursor if self.cursor < self.columns else ctd.TO_PILE
            if target == ctd.TO_PILE:
                x, y = _HAND_X, 3 * _ROW
            else:
                x, y = target * _COL_X, (g.role(target) + 1) * _ROW
            card = g.source_card(self.carry)
            if self.ghost.x != x or self.ghost.y != y:
                self.ghost.x = x
                self.ghost.y = y
            if self.ghost[0] != sprites.card_tile(card):
                self.ghost[0] = sprites.card_tile(card)
            if self.ghost.hidden:
                self.ghost.hidden = False
        elif not self.ghost.hidden:
            self.ghost.hidden = True

    def say(self, text, ms=_MESSAGE_MS):
        self.message.set(text)
        self.message_until = self.app.board.ticks_ms() + ms if ms else -1

    def tick(self, now):
        if self.message_until >= 0 and buttons.ticks_diff(now, self.message_until) >= 0:
            self.message_until = -1
            self.message.set("")
            return True
        return False

    # -- buttons ----------------------------------------------------------------
    def button(self, key, kind):
        ended = self.ending_button(key, kind)
        if ended is not None:
            return ended
        if key == buttons.B:
            if kind == buttons.HOLD:
                if self.carry >= 0:
                    self.carry = -1
                    self.sync()
                self.mode = ASKING
                self.say("MENU? A=Y B=N", 0)
                return True
            return self._back()
        if key == buttons.A:
            return kind == buttons.PRESS and self._act()
        return self._move(key)

    def _move(self, key):
        n = self.columns
        if self.carry >= 0:
            # targets: the columns still standing, and the pile
            if key == buttons.DOWN:
                if self.cursor < n and self.carry != ctd.FROM_RESERVE:
                    self.last_column = self.cursor
                    self.cursor = n + _PILE
            elif key == buttons.UP:
                if self.cursor >= n:
                    self.cursor = self.last_column
            else:
                step = 1 if key == buttons.RIGHT else -1
                spots = n + (0 if self.carry == ctd.FROM_RESERVE else 1)
                i = self.cursor if self.cursor < n else n
                for _ in range(spots):
                    i = (i + step) % spots
                    if i == n or self.game.front(i) >= 0:
                        break
                self.cursor = i if i < n else n + _PILE
        else:
            if key in (buttons.UP, buttons.DOWN):
                if self.cursor < n:
                    return False
                step = 1 if key == buttons.DOWN else -1
                p = self.cursor - n
                for _ in range(4):
                    p = (p + step) % 4
                    if self._has_card(n + p):
                        break
                self.cursor = n + p
                self.panel = p
            else:
                step = 1 if key == buttons.RIGHT else -1
                i = self.cursor if self.cursor < n else n
                i = (i + step) % (n + 1)
                if i == n:
                    self._to_source()
                else:
                    self.cursor = i
        self.sync()
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
            self.cursor = n + _PILE
            for c in range(n):
                if g.check((source << 4) | c) == 0:
                    self.cursor = c
                    break
            if self.cursor >= n:
                self.say("NOWHERE TO GO")
                if source == ctd.FROM_RESERVE:
                    self.cursor = max(0, self._first_standing())
            self.sync()
            return True
        target = self.cursor if self.cursor < n else ctd.TO_PILE
        why = g.play((self.carry << 4) | target)
        if why:
            self.say(REFUSED[why])
            return True
        self.carry = -1
        self._after_move()
        return True

    def _first_standing(self):
        for c in range(self.columns):
            if self.game.front(c) >= 0:
                return c
        return -1

    def _back(self):
        if self.carry >= 0:
            source = self.carry
            self.carry = -1
            self.cursor = self.columns + (_PILE if source == ctd.FROM_RESERVE else source)
            self.sync()
            return True
        g = self.game
        if g.undo():
            self.say("UNDONE")
            source = g.log[g.log_n] >> 4  # the move just taken back
            self.panel = _PILE if source == ctd.FROM_RESERVE else source
            self.cursor = self.columns + self.panel
        else:
            self.say("NO UNDO NOW")
        self.sync()
        return True

    def _after_move(self):
        g = self.game
        self._to_source()
        if g.status != 0:
            self.mode = ENDED
            self.say(("WON! PRESS A" if g.status == 1 else "LOST. PRESS A"), 0)
        else:
            for i in range(g.n_events):
                kind = g.events[3 * i]
                if kind == ctd.EV_KILL:
                    self.say("SLAIN " + short(g.events[3 * i + 1]) + "!")
                elif kind == ctd.EV_FAILED:
                    self.say("MISS: +%d DMG" % g.events[3 * i + 2])
        self.sync()

    def _describe(self, col):
        g = self.game
        f = g.front(col)
        if f < 0:
            self.say("COLUMN CLEARED")
            return
        m = g.monsters[f]
        a = col * 3
        if g.attacks[a] == 0:
            self.say(short(m) + " POWER %d" % (m & 0x0F))
        elif g.attacks[a + 1] == 0:
            self.say(short(m) + " %d+? >=%d" % (ctd.value(g.attacks[a]), m & 0x0F))
        else:
            self.say(short(m) + " NEEDS " + SUIT_CHARS[(m >> 4) & 3])

    # -- leaving ------------------------------------------------------------------
    def stay(self):
        self.say("", 0)

    def game_over(self):
        from ui.menus import GameOver

        g = self.game
        won = g.status == 1
        if won:
            line = "Score %d  %s" % (g.score(), RULE_TITLES[g.rules])
        else:
            line = "%d/12 slain, %s" % (g.kills, LOSSES[g.loss])
        self.app.show(GameOver, self.game_index, g.rules, self.deal, "CLEARED!" if won else "DEFEATED", line)


play_screen = Play

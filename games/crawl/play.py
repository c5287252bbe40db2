"""Soltura and Scoundrel on 128x64: the play screen of both crawls.

Layout (pixels):

    y 0     the room: four cards at x 0, 22, 44, 66
    y 16    the weapon (x 0) and the last monster it slew (x 22); at x 44
            its power (y 16) and the monsters it may strike next (y 24)
    x 98    HP (y 0, 8), cards left in the deck (y 16, 24)
    y 32    what the card under the cursor would do (damage, heal, ...)
    y 40    the message line: what a move did, or why it was refused; at
            the start the rule set
    y 48    Soltura Score: the chain's length and the points banked;
            Scoundrel: the avoid line (up, then A, avoids the room)
    y 56    the buttons
    Overlays (ui/parts.py) over the four lines from y 32: a card's menu
    (a monster's weapon or bare hands, a Joker's actions, each refused one
    saying why when chosen), the monster to swap, the preview's three cards
    (those two in games/crawl/jokers.py, loaded while they show).

Play: left/right choose a room card, A resolves it: a card with one legal
move makes it at once, one with more opens its menu.  B undoes within the
room, holding B asks before leaving.  What a card allows, and why not, comes
from the engine (Crawl.options); the screen decides no rule.

Memory: 6 card TileGrids (3 more while the Preview shows), 10 Text grids,
the options buffer; the game about 0.7 KB.
"""

from micropython import const

from games.crawl import rules as crawl
from engine.game import LOST, NO_MOVE, WON
from hw import buttons
from hw.buttons import ticks_add, ticks_diff
from ui import sprites
from ui.parts import MESSAGE_MS, CardTiles, Choices, Deadly, GameScreen, Message, ring
from ui.text import Text, count, short


# Why a move was refused, by the engine's reason code, in 21 characters.
REFUSED = (
    "",
    "GAME IS OVER",
    "NO CARD THERE",
    "NOT A MONSTER",
    "NOT A POTION/WEAPON",
    "NO WEAPON",
    "CHAIN: TOO STRONG",
    "NOT A JOKER",
    "OTHER JOKER'S ACTION",
    "HP IS FULL",
    "THE DECK IS EMPTY",
    "NO MONSTER TO SWAP",
    "ROOM ALREADY TOUCHED",
    "AVOIDED LAST ROOM",
    "NOT IN THIS GAME",
)

# What a Joker's action says in its menu, by action number from A_BUFF on
_JOKER_WORDS = ("BUFF WEAPON +1", "HEAL +3 HP", "PREVIEW TOP 3", "FLEE: -1 HP", "BLIND BET", "SWAP A MONSTER")

_ROOM_X = const(22)
_ROW = const(16)
_SIDE_X = const(98)  # 5 characters to the edge, a gap after the weapon's 8
_INFO_Y = const(32)
_LINE = const(8)
_AVOID = const(4)  # the cursor on the avoid line: the place crawl.ROOM
_JOKERS = "games.crawl.jokers"  # the Swap and the Preview's cards: imported while one shows
_NAME_MS = const(2500)  # how long the rule set shows at the start
_ACTION = const(4)  # a move is action << 4 | slot << 2 | target (games/crawl/rules.py)


class Play(GameScreen):
    def __init__(self, app, entry, rules, deal, game=None, practice=False, resumed=False):
        super().__init__(app, entry, rules, deal, game, practice, resumed)
        g = self.group
        places = [(i * _ROOM_X, 0) for i in range(4)]
        places.append((0, _ROW))  # the weapon
        places.append((_ROOM_X, _ROW))  # its last monster
        self.tiles = CardTiles(g, places)
        self.power = Text(8, 44, _ROW)
        self.chain = Text(8, 44, _ROW + 8)
        self.hp_n = Text(5, _SIDE_X, 8)
        self.deck = Text(5, _SIDE_X, 24)
        for t in (self.power, self.chain, Text(5, _SIDE_X, 0, "HP"), self.hp_n, Text(5, _SIDE_X, 16, "DECK"), self.deck):
            g.append(t.grid)
        self.lines = [Text(21, 0, _INFO_Y)]
        self.message = Message(g, 21, 0, _INFO_Y + _LINE, app.board.ticks_ms)
        self.lines.append(self.message.line)
        for i in (2, 3):
            self.lines.append(Text(21, 0, _INFO_Y + i * _LINE))
        for i in (0, 2, 3):
            g.append(self.lines[i].grid)
        self.hp_form = "%%d/%d" % self.game.MAX_HP
        self.turns = 0  # moves made and undone on this screen: what the lines said may be stale
        self.death = ""  # how the player died
        self._room = bytearray(4)  # the room before the last move
        self._lines_key = -1
        self.options = bytearray(8)  # a card's moves and why each is refused (engine Crawl.options)
        self.cursor = 0
        self._first_card()
        self.message.say("PRACTICE: NO STATS" if practice else "RULES: " + entry.rule_titles[self.game.rules].upper(),
                         _NAME_MS)
        self.sync()

    def peek_places(self, n):
        """Where the Preview's n cards show: over the lines, in the room's columns."""
        return [(i * _ROOM_X, _INFO_Y + _LINE) for i in range(n)]

    # -- drawing ------------------------------------------------------------------
    def sync(self):
        """Show the game's state: only the tiles and text that differ change."""
        g = self.game
        overlay = self.overlay
        lit = self.cursor if not self.over() and (overlay is None or getattr(overlay, "LIT", True)) else -1
        for i in range(4):
            self.tiles.card(i, g.room[i], lit == i)
        self.tiles.card(4, g.weapon)
        self.tiles.card(5, g.chain[g.chain_n - 1] if g.chain_n else 0, False, sprites.EMPTY)
        if g.weapon:
            self.power.number(g.power(), "POWER+%d" if g.buff else "POWER %d")
            limit = g.last_slain()
            if limit:
                self.chain.number(limit, "HITS<%d" if g.strict() else "HITS<=%d")
            else:
                self.chain.set("HITS ANY")
        else:
            self.power.set("BARE")
            self.chain.set("HANDS")
        self.hp_n.number(g.hp, self.hp_form)
        self.deck.number(g.deck_n)
        if overlay is None:
            self._play_lines()

    def _play_lines(self):
        g = self.game
        lines = self.lines
        key = (self.turns << 4) | (self.cursor << 1) | (self.overlay is None)
        if key == self._lines_key:
            return  # nothing they say has changed
        self._lines_key = key
        if self.over():
            lines[0].set("WON! PRESS A" if g.status == WON else "DEFEATED. PRESS A")
        elif self.cursor == _AVOID:
            lines[0].set("AVOID: ROOM TO DECK")
        else:
            lines[0].set(self._describe(self.cursor))
        if g.CAN_AVOID:
            if g.avoided:
                lines[2].set("LAST ROOM AVOIDED")
            elif g.check(crawl.AVOID) == 0:
                lines[2].set("UP: AVOID THIS ROOM")
            else:
                lines[2].set("")
        elif g.scores_chains():
            lines[2].set("CHAIN %d  POINTS %d" % (g.chain_n, g.score()))
        lines[3].set("" if self.over() or self.overlay is not None else "A:GO B:UNDO")
        for i in range(4):
            lines[i].invert(i == 2 and self.cursor == _AVOID)

    def _describe(self, slot):
        """What resolving the card in a slot would do, in 21 characters."""
        g = self.game
        c = g.room[slot]
        if c == 0:
            return ""
        k = crawl.kind(c)
        if k == crawl.JOKER:
            return ("RED" if c == crawl.BENEVOLENT else "BLACK") + " JOKER: A=MENU"
        name = short(c)
        if k == crawl.POTION:
            heal = g.potion_heals(c)
            return name + (" HEAL +%d" % heal if not g.potions else " NO HEAL:1/ROOM")
        if k == crawl.WEAPON:
            return name + " EQUIP, POWER %d" % crawl.value(c)
        bare = g.damage(c, False)
        if g.can_strike(c) == 0:
            return name + " W:%d B:%d DMG" % (g.damage(c, True), bare)
        if g.deadly(crawl.move(crawl.A_BARE, slot)):
            return name + " BARE: %d, DIES" % bare
        return name + " BARE: %d DMG" % bare

    def option_text(self, slot, mv):
        """A line of a card's menu: what the move does."""
        g = self.game
        act = mv >> _ACTION
        c = g.room[slot]
        if act == crawl.A_WEAPON:
            return ("WEAPON: DIES (%d)" if g.deadly(mv) else "WEAPON: %d DAMAGE") % g.damage(c, True)
        if act == crawl.A_BARE:
            return ("BARE HANDS: DIES (%d)" if g.deadly(mv) else "BARE HANDS: %d DAMAGE") % g.damage(c, False)
        if g.deadly(mv):
            return "FLEE: YOU DIE (1 HP)"
        if act == crawl.A_ESCORT:
            return "ESCORT (+14 AT END)" if g.scores_chains() else "ESCORT"
        if act >= crawl.A_BUFF and act <= crawl.A_SWAP:
            return _JOKER_WORDS[act - crawl.A_BUFF]
        return ""

    # -- the cursor ---------------------------------------------------------------------
    def _first_card(self):
        """The cursor stays where it is, or goes to the nearest card still
        in the room (to the right first), so counted presses stay true."""
        i = self.cursor if self.cursor < 4 else 0
        for d in (0, 1, -1, 2, -2, 3, -3):
            if 0 <= i + d < 4 and self.game.room[i + d]:
                self.cursor = i + d
                return
        self.cursor = i

    def _has_card(self, i):
        return self.game.room[i] != 0

    def _has_monster(self, i):
        c = self.game.room[i]
        return c != 0 and crawl.kind(c) == crawl.MONSTER

    # -- buttons ------------------------------------------------------------------------
    def play_button(self, key, kind):
        if key == buttons.LEFT or key == buttons.RIGHT:
            self.cursor = ring(self.cursor if self.cursor < 4 else 0, 1 if key == buttons.RIGHT else -1, 4, self._has_card)
        elif key == buttons.UP:
            if self.game.check(crawl.AVOID) != 0:
                return False
            self.cursor = _AVOID
        elif key == buttons.DOWN:
            if self.cursor != _AVOID:
                return False
            self.cursor = 0
            self._first_card()
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.A:
            self._act()
        elif key == buttons.B:
            self._undo()
        self.sync()
        return True

    def _act(self):
        g = self.game
        place = crawl.ROOM if self.cursor == _AVOID else self.cursor
        mv = g.only_move(place, self.options)
        if mv >= 0:
            if g.deadly(mv):
                self.open(Deadly(self, mv))  # no loss by one unread press
            else:
                self.make(mv)
            return
        n = g.options(place, self.options)
        for i in range(n):
            if self.options[2 * i + 1] == 0:
                self.open(CardMenu(self, self.cursor, n))
                return
        if n:
            self.message.say(REFUSED[self.options[1]])

    def make(self, mv):
        """Play a move and say what it did."""
        g = self.game
        slot = (mv >> 2) & 3
        foe = g.room[slot]  # what the player fights, unless a Blind Bet draws it
        self._room[:] = g.room  # to tell the cards a refill deals from those that stay
        why = self.move(mv)
        if why:
            self.message.say(REFUSED[why])
            return
        self.turns += 1
        text = ""
        peek = 0
        dealt = False
        for i in range(g.n_events):
            kind = g.events[3 * i]
            a = g.events[3 * i + 1]
            if kind == crawl.EV_SLAY:
                text = "SLAIN " + short(a) + "!"
            elif kind == crawl.EV_HURT and a:
                text += (" -%d HP" if text else "-%d HP") % a
            elif kind == crawl.EV_DEAL:
                dealt = True
            elif kind == crawl.EV_HEAL:
                text = "HEALED +%d" % a
            elif kind == crawl.EV_DISCARD:
                text = "NO HEAL: 1 A ROOM"
            elif kind == crawl.EV_EQUIP:
                text = "EQUIPPED " + short(a)
            elif kind == crawl.EV_MILESTONE:
                text = "CHAIN %d! +%d PTS" % (g.events[3 * i + 2], a)
            elif kind == crawl.EV_BUFF:
                text = "WEAPON POWER %d" % a
            elif kind == crawl.EV_ESCORT:
                text = "JOKER ESCORTED"
            elif kind == crawl.EV_FLEE:
                text = "FLED! -1 HP"
            elif kind == crawl.EV_BET:
                text = "BET DREW " + short(a)
                foe = a
            elif kind == crawl.EV_SWAP:
                text = short(a) + " SWAPPED"
            elif kind == crawl.EV_AVOID:
                text = "ROOM AVOIDED"
            elif kind == crawl.EV_PREVIEW:
                peek = a
        if g.status == LOST:
            self.death = "Killed by " + short(foe) if crawl.kind(foe) == crawl.MONSTER else "Died fleeing"
            text = self.death.upper()
        if text:
            self.message.say(text, 0 if self.over() else MESSAGE_MS)
        if dealt:  # never onto a card just dealt: onto the one that stayed, if any
            for i in range(4):
                if g.room[i] and g.room[i] == self._room[i]:
                    self.cursor = i
        self._first_card()
        if peek:
            self.open_from(_JOKERS, "Peek", peek)

    def confirmed(self, mv):
        self.make(mv)

    def shut(self):
        self._lines_key = -1  # the overlay wrote over the lines
        super().shut()

    def _undo(self):
        self.turns += 1
        g = self.game
        if self.take_back() == NO_MOVE:
            if g.moves == 0:
                self.message.say("NOTHING TO UNDO")
            elif g.touched:
                self.message.say("NO UNDO PAST A REVEAL")
            else:
                self.message.say("NO UNDO PAST A REFILL")
        else:
            self.message.say("UNDONE")
            self._first_card()

    # -- the end ------------------------------------------------------------------------
    def over_lines(self):
        g = self.game
        if g.CAN_AVOID:  # Scoundrel
            if g.status != WON:
                return ("Monsters left -%d" % g.monsters_left(), "Total %d" % g.score())
            if g.hp == g.MAX_HP and g.last_potion:
                return ("HP %d + potion %d" % (g.hp, g.last_potion), "Total %d" % g.score())
            return ("HP %d" % g.hp, "Total %d" % g.score())
        if not g.scores_chains():  # Soltura, Pure Survival
            if g.status == WON:
                return ("Survived with %d HP" % g.hp, "all %d cards cleared" % len(g.every_card()))
            left = g.deck_n + g.room_size()
            return (self.death, count(left, "card") + (" was left" if left == 1 else " were left"))
        hp, bare, chains, loot, escort, penalty = g.parts()
        if g.status == WON:
            return ("HP %d  Barehanded %d" % (hp, bare), "Chains %d  Loot %d" % (chains, loot),
                    "Escort %d  Total %d" % (escort, g.score()))
        return ("Barehanded %d" % bare, "Chains %d  Left -%d" % (chains, penalty), "Total %d" % g.score())

    def final_score(self):
        """The score for the stats: none in Pure Survival."""
        g = self.game
        return g.score() if g.CAN_AVOID or g.scores_chains() else None


class CardMenu(Choices):
    """A card's moves, one a line, the chosen one inverted; A makes it (a
    refused one says why on its line for a while instead; a deadly one asks
    again), B closes the menu."""

    def __init__(self, screen, slot, n):
        super().__init__(screen, n)
        self.slot = slot
        self.until = -1  # while a refusal is shown

    def move(self):
        return self.screen.options[2 * self.choice]

    def open(self):
        self.draw()  # over the message line too

    def draw(self):
        s = self.screen
        self.until = -1
        for i in range(4):
            s.lines[i].set(s.option_text(self.slot, s.options[2 * i]) if i < self.n else "")
            s.lines[i].invert(i == self.choice)
        if self.n < 4:
            s.lines[3].set("A:CHOOSE B:BACK")

    def close(self):
        for line in self.screen.lines:
            line.invert(False)
        self.screen.message.say("", 0)

    def take(self):
        s = self.screen
        mv = self.move()
        why = s.options[2 * self.choice + 1]
        if why:
            s.lines[self.choice].set(REFUSED[why])
            s.lines[self.choice].invert(False)
            self.until = ticks_add(s.app.board.ticks_ms(), MESSAGE_MS)
            return
        if s.game.deadly(mv) and not self.sure:
            self.sure = True  # a deadly choice asks once more
            s.lines[self.choice].set("A AGAIN: YOU DIE")
            return
        s.shut()
        if mv >> _ACTION == crawl.A_SWAP:
            s.open_from(_JOKERS, "Swap", self.slot)
        else:
            s.make(mv)
            s.sync()

    def tick(self, now):
        if self.until >= 0 and ticks_diff(now, self.until) >= 0:
            self.draw()
            return True
        return False

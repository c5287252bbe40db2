"""Soltura and Scoundrel on 128x64: the play screen, and both games' entries
in the catalog (title, rule sets, rules pages).

Layout (pixels):

    y 0     the room: four cards at x 0, 22, 44, 66
    y 16    the weapon (x 0) and the last monster it slew (x 22); at x 44
            its power (y 16) and its chain: length and the highest monster
            it may strike next (y 24)
    x 92    HP (y 0, 8), cards left in the deck (y 16), potions drunk this
            room (y 24)
    y 32    what the card under the cursor would do (damage, heal, ...)
    y 40    the message line: what a move did, or why it was refused
    y 48    Soltura: escorted Jokers and the points banked; Scoundrel: the
            avoid line (up, then A, avoids the room)
    y 56    the keys
    A menu (a monster's weapon or bare hands, a Joker's actions) takes the
    four lines from y 32, its choice inverted; a refused choice shows why
    in its own line.  Preview shows the deck's top three cards at y 32.

Play: left/right choose a room card, A resolves it (a monster the weapon may
strike, or a Joker, opens a menu first), B undoes within the room, holding B
asks before leaving.

Memory: 7 card TileGrids, 12 Text grids; the game about 0.7 KB.
"""

from micropython import const

from engine import cards, crawl
from hw import buttons
from ui import sprites
from ui.app import ASKING, ENDED, PLAYING, GameScreen
from ui.text import Text, short


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

# A Joker's menu: its three actions, then escort
_BENEVOLENT = ((crawl.A_BUFF, "BUFF WEAPON +1"), (crawl.A_HEAL, "HEAL +3 HP"), (crawl.A_PREVIEW, "PREVIEW TOP 3"))
_MISCHIEVOUS = ((crawl.A_FLEE, "FLEE: -1 HP"), (crawl.A_BET, "BLIND BET"), (crawl.A_SWAP, "SWAP A MONSTER"))
_JOKER_ACTIONS = _BENEVOLENT + _MISCHIEVOUS

_ROOM_X = const(22)
_ROW = const(16)
_SIDE_X = const(92)
_INFO_Y = const(32)
_LINE = const(8)
_MESSAGE_MS = const(1800)
_AVOID = const(4)  # the cursor on the avoid line

# modes, after the ones every play screen has (ui/app.py)
MENU = const(3)  # choosing an action for the card under the cursor
SWAP = const(4)  # choosing the monster to swap
PEEK = const(5)  # the preview's three cards


class Play(GameScreen):
    def __init__(self, app, game_index, rules, deal, game=None):
        """Play deal number `deal` of the game at game_index; or `game`, one
        already dealt (tests)."""
        super().__init__(app, game_index, deal)
        self.entry = _entry(game_index)
        self.game = game if game is not None else self.entry.engine(rules).deal(deal)
        g = self.group
        self.tiles = [sprites.card_grid(i * _ROOM_X, 0) for i in range(4)]
        self.tiles.append(sprites.card_grid(0, _ROW))  # the weapon
        self.tiles.append(sprites.card_grid(_ROOM_X, _ROW))  # its last monster
        self.peek = [sprites.card_grid(i * _ROOM_X, _INFO_Y + 8) for i in range(3)]
        self.shown = bytearray(len(self.tiles))
        self.lit = bytearray(len(self.tiles))
        self.power = Text(8, 44, _ROW)
        self.chain = Text(8, 44, _ROW + 8)
        self.hp = Text(6, _SIDE_X, 0)
        self.hp_n = Text(6, _SIDE_X, 8)
        self.deck = Text(6, _SIDE_X, 16)
        self.potions = Text(6, _SIDE_X, 24)
        self.lines = [Text(21, 0, _INFO_Y + i * _LINE) for i in range(4)]
        for t in self.tiles:
            g.append(t)
        for t in (self.power, self.chain, self.hp, self.hp_n, self.deck, self.potions):
            g.append(t.grid)
        for t in self.lines:
            g.append(t.grid)
        for t in self.peek:  # over the lines
            g.append(t)
        self.hp.set("HP")
        for t in self.peek:
            t.hidden = True
        self.cursor = 0
        self.choice = 0
        self.options = bytearray(4)  # the menu's actions
        self.n_options = 0
        self.message_until = -1
        self.refused_line = -1
        self.n_peek = 0
        self.joker = 0  # the Joker's slot while choosing the monster to swap
        self._first_card()
        self.sync()

    # -- drawing ------------------------------------------------------------------
    def _tile(self, i, tile, lit):
        sprites.show(self.tiles, self.shown, self.lit, i, tile, lit)

    def sync(self):
        """Show the game's state: only the tiles and text that differ change."""
        g = self.game
        lit = self.cursor if self.mode in (PLAYING, MENU, SWAP) else -1
        for i in range(4):
            c = g.room[i]
            self._tile(i, sprites.card_tile(c) if c else sprites.SLOT, lit == i)
        self._tile(4, sprites.card_tile(g.weapon) if g.weapon else sprites.SLOT, 0)
        last = g.chain[g.chain_n - 1] if g.chain_n else 0
        self._tile(5, sprites.card_tile(last) if last else sprites.EMPTY, 0)
        if g.weapon:
            self.power.set("POW %d" % g.power() + ("+" if g.buff else ""))
            limit = g.last_slain()
            if limit:
                self.chain.set("X%d %s%d" % (g.chain_n, "<" if g.strict() else "<=", limit))
            else:
                self.chain.set("X0 ANY")
        else:
            self.power.set("BARE")
            self.chain.set("HANDS")
        self.hp_n.set("%d/%d" % (g.hp, g.MAX_HP))
        self.deck.set("DK %d" % g.deck_n)
        self.potions.set("POT %d" % (1 if g.potions else 0))
        if self.mode == PLAYING or self.mode == SWAP or self.mode == ENDED:
            self._play_lines()
        elif self.mode == MENU:
            self._menu_lines()
        for i in range(3):
            want = self.mode != PEEK or i >= self.n_peek
            if self.peek[i].hidden != want:
                self.peek[i].hidden = want

    def _play_lines(self):
        g = self.game
        if self.mode == SWAP:
            self._line(0, "SWAP WHICH MONSTER?")
        elif self.mode == ENDED:
            self._line(0, "WON! PRESS A" if g.status == crawl.WON else "DEFEATED. PRESS A")
        elif self.cursor == _AVOID:
            self._line(0, "AVOID: ROOM UNDER DECK")
        else:
            self._line(0, self._describe(self.cursor))
        if self.entry.engine is crawl.Scoundrel:
            if g.avoided:
                self._line(2, "LAST ROOM AVOIDED")
            elif g.check(crawl.AVOID) == 0:
                self._line(2, "UP: AVOID THIS ROOM")
            else:
                self._line(2, "")
            if self.cursor == _AVOID:
                self._invert(2)
        else:
            text = "ESCORT %d" % g.escorted()
            if g.rules == crawl.SCORE:
                text += "  PTS %d" % g.score()
            self._line(2, text)
        self._line(3, "A:GO B:UNDO" if self.mode == PLAYING else ("A:PICK B:BACK" if self.mode == SWAP else ""))

    def _menu_lines(self):
        g = self.game
        c = g.room[self.cursor]
        for i in range(4):
            if i < self.n_options:
                self._line(i, self._option_text(c, self.options[i]))
                self._invert(i, i == self.choice)
            else:
                self._line(i, "")
                self._invert(i, False)

    def _option_text(self, c, act):
        g = self.game
        if act == crawl.A_WEAPON:
            return "WEAPON: %d DAMAGE" % g.damage(c, True)
        if act == crawl.A_BARE:
            return "BARE HANDS: %d DAMAGE" % g.damage(c, False)
        if act == crawl.A_ESCORT:
            return "ESCORT (+14 AT END)" if g.rules == crawl.SCORE else "ESCORT"
        for a, text in _JOKER_ACTIONS:
            if a == act:
                return text
        return ""

    def _line(self, i, text):
        if self.refused_line == i and self.message_until >= 0:
            return  # a refusal is shown there for now
        self.lines[i].set(text)
        if self.mode != MENU:
            self._invert(i, False)

    def _invert(self, i, on=True):
        shader = sprites.INVERTED if on else sprites.NORMAL
        if self.lines[i].grid.pixel_shader is not shader:
            self.lines[i].grid.pixel_shader = shader

    def _describe(self, slot):
        """What resolving the card in a slot would do, in 21 characters."""
        g = self.game
        c = g.room[slot]
        if c == 0:
            return ""
        k = crawl.kind(c)
        name = short(c) if k != crawl.JOKER else ("RED JOKER" if c == crawl.BENEVOLENT else "BLACK JOKER")
        if k == crawl.POTION:
            heal = g.potion_heals(c)
            return name + (" HEAL +%d" % heal if not g.potions else " NO HEAL:1/ROOM")
        if k == crawl.WEAPON:
            return name + " EQUIP, POWER %d" % crawl.value(c)
        if k == crawl.JOKER:
            return name + ": A=ACTIONS"
        bare = g.damage(c, False)
        if g.can_strike(c) == 0:
            return name + " W:%d B:%d DMG" % (g.damage(c, True), bare)
        return name + " BARE: %d DMG" % bare

    def say(self, text, line=1):
        self.refused_line = -1
        self.lines[line].set(text)
        self._invert(line, False)
        self.refused_line = line
        self.message_until = self.app.board.ticks_ms() + _MESSAGE_MS

    def tick(self, now):
        if self.message_until >= 0 and buttons.ticks_diff(now, self.message_until) >= 0:
            self.message_until = -1
            line = self.refused_line
            self.refused_line = -1
            if line == 1:
                self.lines[1].set("")
            self.sync()
            return True
        return False

    # -- the cursor ---------------------------------------------------------------------
    def _first_card(self):
        g = self.game
        if self.cursor < 4 and g.room[self.cursor]:
            return
        for i in range(4):
            if g.room[i]:
                self.cursor = i
                return

    def _step(self, step, monsters_only=False):
        g = self.game
        i = self.cursor if self.cursor < 4 else 0
        for _ in range(4):
            i = (i + step) % 4
            c = g.room[i]
            if c and (not monsters_only or crawl.kind(c) == crawl.MONSTER):
                self.cursor = i
                return

    # -- buttons ------------------------------------------------------------------------
    def button(self, key, kind):
        ended = self.ending_button(key, kind)
        if ended is not None:
            return ended
        mode = self.mode
        if mode == PEEK:
            if kind == buttons.PRESS and (key == buttons.A or key == buttons.B):
                self.mode = PLAYING
                self.sync()
                return True
            return False
        if key == buttons.B and kind == buttons.HOLD:
            self.mode = ASKING
            self.lines[1].set("LEAVE? A=YES B=NO")
            self.sync()
            return True
        if mode == MENU:
            return self._menu_button(key, kind)
        if mode == SWAP:
            return self._swap_button(key, kind)
        if key == buttons.LEFT or key == buttons.RIGHT:
            self._step(1 if key == buttons.RIGHT else -1)
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
        if self.cursor == _AVOID:
            self._play(crawl.AVOID)
            return
        c = g.room[self.cursor]
        k = crawl.kind(c)
        if k == crawl.POTION or k == crawl.WEAPON:
            self._play(crawl.move(crawl.A_USE, self.cursor))
        elif k == crawl.MONSTER and g.can_strike(c) != 0:
            self._play(crawl.move(crawl.A_BARE, self.cursor))
        else:
            n = 0
            if k == crawl.MONSTER:
                self.options[0] = crawl.A_WEAPON
                self.options[1] = crawl.A_BARE
                n = 2
            else:
                for act, _ in _BENEVOLENT if c == crawl.BENEVOLENT else _MISCHIEVOUS:
                    self.options[n] = act
                    n += 1
                self.options[n] = crawl.A_ESCORT
                n += 1
            self.n_options = n
            self.choice = 0
            self.mode = MENU
            self.message_until = -1  # the menu takes the message line too
            self.refused_line = -1

    def _menu_button(self, key, kind):
        if key == buttons.UP or key == buttons.DOWN:
            self.choice = (self.choice + (1 if key == buttons.DOWN else -1)) % self.n_options
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.B:
            self.mode = PLAYING
        elif key == buttons.A:
            act = self.options[self.choice]
            target = self._any_monster() if act == crawl.A_SWAP else self.cursor
            why = self.game.check(crawl.move(act, self.cursor, target))
            if why:
                self.say(REFUSED[why], self.choice)
                return True
            if act == crawl.A_SWAP:  # then choose the monster
                self.joker = self.cursor
                self.mode = SWAP
                self._step(1, True)
            else:
                self.mode = PLAYING
                self._play(crawl.move(act, self.cursor))
        else:
            return False
        self.sync()
        return True

    def _any_monster(self):
        for i in range(4):
            c = self.game.room[i]
            if c and crawl.kind(c) == crawl.MONSTER:
                return i
        return self.cursor

    def _swap_button(self, key, kind):
        if key == buttons.LEFT or key == buttons.RIGHT:
            self._step(1 if key == buttons.RIGHT else -1, True)
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.B:
            self.cursor = self.joker
            self.mode = PLAYING
        elif key == buttons.A:
            self.mode = PLAYING
            target = self.cursor
            self.cursor = self.joker
            self._play(crawl.move(crawl.A_SWAP, self.joker, target))
        else:
            return False
        self.sync()
        return True

    def _play(self, mv):
        g = self.game
        why = g.play(mv)
        if why:
            self.say(REFUSED[why])
            return
        text = ""
        self.n_peek = 0
        for i in range(g.n_events):
            kind = g.events[3 * i]
            a = g.events[3 * i + 1]
            if kind == crawl.EV_SLAY:
                text = "SLAIN " + short(a) + "!"
            elif kind == crawl.EV_HURT and a:
                text += " -%d HP" % a
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
            elif kind == crawl.EV_SWAP:
                text = short(a) + " SWAPPED"
            elif kind == crawl.EV_AVOID:
                text = "ROOM AVOIDED"
            elif kind == crawl.EV_PREVIEW:
                self._show_peek(a)
        if g.status != crawl.PLAYING:
            self.mode = ENDED
        if text:
            self.say(text)
        self._first_card()

    def _show_peek(self, n):
        g = self.game
        self.mode = PEEK
        self.n_peek = n
        for i in range(n):
            self.peek[i][0] = sprites.card_tile(g.top(i))
        for i in range(4):
            self._invert(i, False)
            self.lines[i].set("")
        self.lines[0].set("NEXT %d, TOP FIRST:" % n)
        self.lines[1].set("")
        self.lines[3].set("")

    def _undo(self):
        if self.game.undo():
            self.say("UNDONE")
            self._first_card()
        else:
            self.say("NO UNDO PAST A REFILL")

    # -- leaving ------------------------------------------------------------------------
    def stay(self):
        self.lines[1].set("")
        self.sync()

    def game_over(self):
        from ui.menus import GameOver, ScoreSheet

        g = self.game
        won = g.status == crawl.WON
        title = "CLEARED!" if won else "DEFEATED"
        lines = self.entry.score_lines(g)
        total = "Score %d" % g.score() if lines else ("Survived with %d HP" % g.hp if won else "Slain")
        over = (GameOver, self.game_index, g.rules, self.deal, title, total)
        if lines:
            self.app.show(ScoreSheet, "%s  Deal %d" % (title, self.deal), lines, over)
        else:
            self.app.show(*over)


def _soltura_lines(g):
    """The score's parts, for the score sheet (none in Pure Survival)."""
    if g.rules == crawl.SURVIVAL:
        return ()
    hp, bare, chains, loot, escort, penalty = g.parts()
    if g.status == crawl.WON:
        return ("HP %d  Barehanded %d" % (hp, bare), "Chains %d  Loot %d" % (chains, loot),
                "Escort %d" % escort, "Total %d" % g.score())
    return ("Barehanded %d" % bare, "Chains %d" % chains, "Monsters left -%d" % penalty, "Total %d" % g.score())


def _scoundrel_lines(g):
    if g.status == crawl.WON:
        if g.hp == g.MAX_HP and g.last_potion:
            return ("HP %d" % g.hp, "Last potion +%d" % g.last_potion, "", "Total %d" % g.score())
        return ("HP %d" % g.hp, "", "", "Total %d" % g.score())
    return ("Monsters left -%d" % g.monsters_left(), "", "", "Total %d" % g.score())


class Entry:
    """One game in the catalog: what the menus show and what plays it."""

    def __init__(self, title, engine, rule_titles, rules_text, score_lines):
        self.TITLE = title
        self.engine = engine
        self.RULE_TITLES = rule_titles
        self.RULES_TEXT = rules_text
        self.score_lines = score_lines

    def play_screen(self, app, game_index, rules, deal):
        return Play(app, game_index, rules, deal)


_SHARED = (
    "Each move resolves one card of the room of 4. When 1 is left, 3 more are dealt beside it.\n"
    "Clubs and spades are monsters: 2-10, J 11, Q 12, K 13, A 14. Barehanded, a monster does its value in damage.\n"
    "Diamonds are weapons: equipping one drops the old one and its monsters. A weapon takes its power off the damage.\n"
    "Hearts are potions: only the first of a room heals; a second is discarded.\n"
)

SOLTURA_TEXT = (
    "Clear all 46 cards with 21 HP (never more).\n" + _SHARED
    + "A weapon may strike a monster equal to or lower than the last it slew; a fresh one any. "
    "You may always fight barehanded.\n"
    "Red Joker: buff weapon +1, heal 3 (beside the potion limit), or preview the top 3.\n"
    "Black Joker: flee (room back into the deck, shuffled, -1 HP), blind bet (the top card is drawn and resolved), "
    "or swap a room monster with the top card.\n"
    "Or escort a Joker: +14 at victory.\n"
    "Undo (B) works within a room, never past a refill or a card revealed.\n",
)
SOLTURA_RULES = (
    SOLTURA_TEXT[0]
    + "Score at victory: HP + monsters slain barehanded + chain bonuses (5, 10, 15, 20, 26 monsters on one weapon: "
    "+5 +15 +35 +65 +100) + loot (weapon power, the last card if potion or weapon) + 14 a Joker escorted.\n"
    "Defeat at 0 HP: barehanded + chains, minus every monster left in the room and deck.",
    SOLTURA_TEXT[0] + "Pure Survival: no score, only whether you reach the bottom of the deck alive.",
)

_SCOUNDREL = (
    "The 2011 original: 44 cards, no Jokers, 20 HP (never more).\n" + _SHARED
    + "You may avoid a room before touching any of its cards: all 4 go under the deck. Never two rooms in a row.\n"
)
SCOUNDREL_RULES = (
    _SCOUNDREL + "Strict: a weapon strikes only monsters strictly lower than the last it slew; a fresh one any.\n",
    _SCOUNDREL + "Equal: a weapon strikes monsters equal to or lower than the last it slew; a fresh one any.\n",
)
_SCOUNDREL_END = (
    "You may always fight barehanded.\n"
    "Score alive: your HP, or 20 + the potion's value if HP is 20 and your last card was a potion. "
    "Dead: minus the monsters left.\n"
    "Undo (B) works within a room, never past a refill or an avoid."
)
SCOUNDREL_RULES = (SCOUNDREL_RULES[0] + _SCOUNDREL_END, SCOUNDREL_RULES[1] + _SCOUNDREL_END)

SOLTURA = Entry("Soltura", crawl.Soltura, ("Score", "Pure Survival"), SOLTURA_RULES, _soltura_lines)
SCOUNDREL = Entry("Scoundrel", crawl.Scoundrel, ("Strict", "Equal or lower"), SCOUNDREL_RULES, _scoundrel_lines)


def _entry(game_index):
    from ui import catalog

    return catalog.GAMES[game_index]

"""Rogue Solitaire on 128x64: the play screen (shared/rogue-rules.md 6).

The table is three 3x3 grids, monster | you | exit; two show at a time, each
62x47 (20x15 tiles stepped 21x16), with a 4-px gap between them:

    fight view   monster at x 0-61, you at x 66-127 (the default)
    exit view    you at x 0-61, exit at x 66-127
    x 62-65      an arrow (4x7) pointing at the grid out of sight
    y 48         the hand line: up to 5 cards, "<" and ">" when it scrolls;
                 the card under the cursor inverted (the grids' cursor is a
                 frame over the card, ui/parts.py)
    y 56         the status line: floor (BUF n on the gauntlet), deck, the
                 Buffet, the named monster's power, the step; what A would do
                 when the cursor rests on one of your outer cards (the attack
                 preview, in the fight view); messages for a while after a move

Over the grids lie small marks, each its own TileGrid so a change sends only
its few pixels: a 3x3 dot in the top right corner of each of your tiles
whose card matches the exit card in its place (E1), a pixel clear of the
card's border and suit, and two 20x1 underlines, under the monster tiles the
attack under the cursor would hit and the reply would come from.

Play: the d-pad moves the cursor over your grid, the hand line and the
visible monster or exit grid; off your left or right edge the view slides
(the whole panel is sent, 1 KiB, only then).  A on one of your cards opens
its menu, a 2x2 over the two lines: ATTACK (first, chosen), MOVE, TO HAND,
FLIP; an item the engine refuses is shown in small letters and says why when
taken.  In the attack step A attacks at once.  A on a hand card discards it
(DISCARD), picks it up to place on your grid (PLAY: it hovers, framed,
where it would go; A puts it there), or gives it up (a clubs attack).  A on
a monster or exit card says what it is.  During a heal or steal choice the
cursor starts on the monster places it may name.  Down from the hand in the
PLAY step selects the status line: A there skips the play.  B drops a picked
card or closes the menu, else undoes (U1); holding B pauses (ui/parts.py).
Between floors a card over the whole panel feeds the Buffet and asks
"A deeper, B save & quit".  The card menu (games/rogue/menu.py) and the floor
card with the game-over lines (games/rogue/floor.py) are modules of their own,
imported when first shown (the floor card's released once it closes, the
card menu's when the floor card opens: the heap's highest point in a run was
the floor card built beside both).
What is legal, and why not, is the engine's (options(), check(),
preview(), pending()); the screen decides no rule.

Memory: this module about 8 KB as .mpy (14 KB of MicroPython heap imported
from source); 18 card TileGrids, 11 mark TileGrids (9 dots, 2 underlines) over
two bitmaps of a few bytes, the arrow, 3 Text lines (4 more while the card menu
is open, 2 while the floor card is), shadows of what each shows; the game
0.5 KB.  Per press (bot games by buttons): a cursor move sends about 215
bytes (median), an A about 325; a slide or the floor card about a frame.
"""


import displayio
from micropython import const

from engine import lease
from engine.lease import Lease
from games.rogue import rules as rogue
from engine.game import NO_MOVE, WON
from hw import buttons
from ui import sprites
from ui.parts import MESSAGE_MS, CardTiles, GameScreen, Message
from ui.text import COLUMNS, Text, pad, short

# Why a move was refused, by the engine's reason code (games/rogue/rules.py), in 21 characters.
REFUSED = (
    "",
    "THE GAME IS OVER",
    "NOT IN THIS STEP",
    "NOT NOW",  # R_NOT_NOW: said by step, below
    "NO CARD THERE",
    "SAME PLACE",
    "ALREADY FACE UP",
    "CENTRE DOES NOT HIT",
    "HIT A FACING CARD",
    "NOT A CHOICE HERE",
)
NOT_NOW = {  # R_NOT_NOW by the step
    rogue.PHASE_DISCARD: "DISCARD FIRST",
    rogue.PHASE_ATTACK: "NOW ATTACK",
    rogue.PHASE_HEAL: "PICK AN EMPTY M SPOT",
    rogue.PHASE_STEAL: "PICK A MONSTER CARD",
    rogue.PHASE_CLUB: "PICK A HAND CARD",
}
POWERS = ("WARP", "HEAL", "STEAL", "HIT")  # a named monster's power by suit: S H D C
_POWER_DOES = (": WARPS EXIT", ": HEALS", ": STEALS", ": HITS HAND")
STEPS = {
    rogue.PHASE_PLAY: "PLAY",
    rogue.PHASE_ATTACK: "ATTACK",
    rogue.PHASE_HEAL: "PICK SPOT",
    rogue.PHASE_CLUB: "LOSE A CARD",
    rogue.PHASE_STEAL: "STEAL WHICH",
    rogue.PHASE_BUFFET: "FEED BUFFET",
    rogue.PHASE_BETWEEN: "FLOOR DONE",
}
ENDS = ("", "ESCAPED!", "SLAIN", "STARVED", "GAVE UP")
# What a move did, by the engine's event kind: its kinds are private codes
# (games/rogue/rules.py, "Events", in this order), so the words are looked up by
# number.  Each is the words and what fills each %: a or b the card a or b,
# p place a (1-9), n the number a, s the power of suit a, S the power of
# card a's suit, f floor a by name.  The rest ("") the board shows.
EVENTS = (
    ("", ""),
    ("DISCARDED %s", "a"),
    ("", ""),  # the attack
    ("", ""),  # the reply
    ("YOUR %s BEATS %s", "ab"),
    ("%s BEATS YOUR %s", "ab"),
    ("%s TIES %s", "ab"),
    ("%s NAMED! %s", "aS"),
    ("SPECIAL: %s", "s"),
    ("CRITICAL: %s", "s"),
    ("MONSTER HEALS AT M%d", "p"),
    ("IT TOOK YOUR %s", "a"),
    ("IT STOLE YOUR %s", "b"),
    ("EXIT %d IS NOW %s", "pb"),
    ("THE EXIT MOVED!", ""),
    ("MONSTER DEAD! +%d", "n"),
    ("", ""),  # a new monster: the status line shows it
    ("DISCARDS RESHUFFLED", ""),
    ("%s ESCAPED!", "f"),
)  # then the Buffet fed, a new floor, slain, starved: the floor card and the end say them

_STEP_X = const(21)
_STEP_Y = const(16)
_RIGHT_X = const(66)
_GAP_X = const(62)
_HAND_Y = const(48)
_LINE_Y = const(56)
_HAND_SHOWN = const(5)  # hand cards the line shows
_FIGHT = const(0)  # the view: monster | you
_EXIT = const(1)  # you | exit
# Cursor spots: your places 0-8, the monster's 9-17, the exit's 18-26, hand cards 27.., the status line
_MONSTER = const(9)
_EXIT_AT = const(18)
_HAND = const(27)
_SKIP = const(39)
_NONE = const(15)  # preview(): no place
_GAUNTLET = const(11)
_DOT_X = const(15)  # where the dot sits in a tile: columns 15-17, rows 2-4
_DOT_Y = const(2)
_DOT = const(3)  # its side: a 2x2 dot was too small to see
_FLOOR = "games.rogue.floor"  # the floor card and the game's end: imported when shown
_ACHIEVEMENTS = "games.rogue.achievements"  # imported at the run's end, released with the game
_MENU = "games.rogue.menu"  # a card's menu: imported when first opened, let go between floors
_FOLLOW_MS = const(1200)  # a message with another after it
_NAME_MS = const(2500)


def _lit(w, h):
    """A bitmap of w x h lit pixels (a match dot, an underline), shared by its marks."""
    bm = displayio.Bitmap(w, h, 2)
    bm.fill(1)
    return bm


def _mark(bm, x, y):
    """A hidden TileGrid of bitmap bm at (x, y)."""
    t = displayio.TileGrid(bm, pixel_shader=sprites.NORMAL, x=x, y=y)
    t.hidden = True
    return t


def _arrow_sheet():
    """'<' and '>' in 4x7."""
    bm = displayio.Bitmap(8, 7, 2)
    for y in range(7):
        x = abs(3 - y)  # 3 2 1 0 1 2 3: the point of '<' at the left
        bm[x, y] = 1
        bm[4 + 3 - x, y] = 1
    return bm


def card_name(c):
    """A card face up in 3 characters or fewer; ?? face down."""
    return "??" if c & 0x80 else short(c)


def reason_text(game, why):
    """A refusal in words, 21 characters at most."""
    if rogue.R_ROW < why <= rogue.R_ROW + 3:
        return "ROW %d WOULD BE EMPTY" % (why - rogue.R_ROW)
    if rogue.R_COL < why <= rogue.R_COL + 3:
        return "COL %d WOULD BE EMPTY" % (why - rogue.R_COL)
    if why == rogue.R_NOT_NOW:
        return NOT_NOW.get(game.phase(), REFUSED[why])
    return REFUSED[why] if why < len(REFUSED) else "REFUSED"


class Play(GameScreen):
    def __init__(self, app, entry, rules, deal, game=None, practice=False, resumed=False):
        self.earned = 0  # achievement bits this run earned for the first time (finish())
        super().__init__(app, entry, rules, deal, game, practice, resumed)
        board = self.board = displayio.Group()
        self.group.append(board)
        places = []
        for x0 in (0, _RIGHT_X):
            for i in range(9):
                places.append((x0 + (i % 3) * _STEP_X, (i // 3) * _STEP_Y))
        self.tiles = CardTiles(board, places)
        self.dots = []  # a 3x3 dot on each of your places, shown where the card matches the exit's
        dot = _lit(_DOT, _DOT)
        for i in range(9):
            t = _mark(dot, _RIGHT_X + (i % 3) * _STEP_X + _DOT_X, (i // 3) * _STEP_Y + _DOT_Y)
            self.dots.append(t)
            board.append(t)
        self.dotted = bytearray(9)  # 1 where a dot shows
        under = _lit(sprites.CARD_W, 1)
        self.unders = [_mark(under, 0, sprites.CARD_H), _mark(under, 0, sprites.CARD_H)]
        for t in self.unders:
            board.append(t)  # under the monster tiles the attack would hit and the reply come from
        self.under_at = bytearray(b"\xff\xff")
        self.arrow_shows = -1
        self.arrow = displayio.TileGrid(_arrow_sheet(), pixel_shader=sprites.NORMAL, tile_width=4, tile_height=7,
                                        x=_GAP_X, y=_STEP_Y + 4)
        board.append(self.arrow)
        self.hand_line = Text(COLUMNS, 0, _HAND_Y)
        board.append(self.hand_line.grid)
        self.hand_mark = Text(3, 0, _HAND_Y)  # the hand card under the cursor, inverted
        self.hand_mark.invert()
        board.append(self.hand_mark.grid)
        self.message = Message(board, COLUMNS, 0, _LINE_Y, app.board.ticks_ms)
        self.said = []  # messages waiting their turn on the line
        self.options = bytearray(8)  # the menu of a card (engine options())
        self.view = _FIGHT
        self.cursor = 4  # your centre
        self.last_grid = 4  # the last grid spot the cursor was on
        self.hand_at = 0  # the hand card the cursor goes to
        self.hand_off = 0  # the first hand card the line shows
        self.carry = -1  # a card picked up: your place 0-8, or _HAND + hand index
        self.carded = False  # the floor card is open (games/rogue/floor.py)
        self._menu_lease = None  # the lease on games/rogue/menu.py, while this screen holds it
        self._hand_key = None
        self._place_cursor()
        self.message.say("PRACTICE: NO STATS" if practice else
                         "RULES: " + entry.rule_titles[self.game.rules].upper(), _NAME_MS)
        self.said = ["A:CARD MENU  B:UNDO"]  # then the buttons, once (the rules pages say them all)
        self.sync()
        if self.game.phase() in (rogue.PHASE_BUFFET, rogue.PHASE_BETWEEN):
            self.floor_card()  # resumed between floors

    # -- what shows where -------------------------------------------------------------
    def _grids(self):
        """The parts the left and right grids show in this view."""
        g = self.game
        return (g.monster, g.player) if self.view == _FIGHT else (g.player, g.exit)

    def _tile_of(self, spot):
        """The tile (0-17) showing a grid spot in this view, or -1."""
        if spot >= _HAND:
            return -1
        area = spot // 9
        p = spot % 9
        if area == 0:
            return p + 9 if self.view == _FIGHT else p
        if area == 1:
            return p if self.view == _FIGHT else -1
        return p + 9 if self.view == _EXIT else -1

    def _preview(self):
        """preview() of the place under the cursor when the status line shows
        an attack preview, else -1: in the fight view only, where the monster
        cards it names and underlines are on the panel (in the exit view they
        were not, and its underlines pointed off screen)."""
        g = self.game
        c = self.cursor
        if (self.overlay is not None or self.carry >= 0 or c >= 9 or c == 4 or not g.player[c]
                or self.view != _FIGHT or g.phase() not in (rogue.PHASE_PLAY, rogue.PHASE_ATTACK)):
            return -1
        return g.preview(c)

    def sync(self):
        """Show the game's state: only the tiles, marks and text that differ change."""
        if self.carded:
            return  # the floor card uses the tiles and lines meanwhile
        g = self.game
        left, right = self._grids()
        ov = self.overlay
        lit = self._tile_of(self.cursor) if not self.over() and (ov is None or getattr(ov, "CURSOR", False)) else -1
        carried = 0
        if self.carry >= 0 and self.cursor < 9:
            carried = g.player[self.carry] if self.carry < 9 else g.hand[self.carry - _HAND]
        for i in range(18):
            c = left[i] if i < 9 else right[i - 9]
            if i == lit and carried:
                c = carried
            self.tiles.card(i, c, i == lit)
        pv = self._preview()
        self._sync_marks(pv)
        arrow = 0 if self.view == _EXIT else 1
        if self.arrow_shows != arrow:
            self.arrow_shows = arrow
            self.arrow[0] = arrow
        self._sync_hand()
        self._sync_line(pv)

    def _sync_marks(self, pv):
        """The match dots on your grid, the underlines under the monster's."""
        g = self.game
        x0 = _RIGHT_X if self.view == _FIGHT else 0
        for p in range(9):
            m = p != 4 and g.matches(p)
            t = self.dots[p]
            x = x0 + (p % 3) * _STEP_X + _DOT_X
            if t.x != x:
                t.x = x
            if self.dotted[p] != m:
                t.hidden = not m
                self.dotted[p] = m
        for k in range(2):
            at = (pv >> (4 * k)) & 15 if pv >= 0 else _NONE  # pv: the fight view's only
            if self.under_at[k] != at:
                t = self.unders[k]
                if at == _NONE:
                    t.hidden = True
                else:
                    t.x = (at % 3) * _STEP_X
                    t.y = (at // 3) * _STEP_Y + sprites.CARD_H
                    t.hidden = False
                self.under_at[k] = at

    def _sync_hand(self):
        g = self.game
        n = g.hand_n
        at = self.cursor - _HAND if _HAND <= self.cursor < _SKIP else -1
        if at >= 0:
            if at < self.hand_off:
                self.hand_off = at
            elif at >= self.hand_off + _HAND_SHOWN:
                self.hand_off = at - _HAND_SHOWN + 1
        if self.hand_off > 0 and self.hand_off + _HAND_SHOWN > n:
            self.hand_off = max(0, n - _HAND_SHOWN)
        key = bytes(g.hand[:n]) + bytes((self.hand_off,))
        if key != self._hand_key:
            self._hand_key = key
            if n == 0:
                self.hand_line.set(" (no cards in hand)")
            else:
                text = "<" if self.hand_off else " "
                for k in range(_HAND_SHOWN):
                    j = self.hand_off + k
                    if j < n:
                        text += pad(short(g.hand[j]), 4)
                if self.hand_off + _HAND_SHOWN < n:
                    text = pad(text, COLUMNS - 1) + ">"
                self.hand_line.set(text)
        show = at >= 0 and self.overlay is None and not self.over()
        if self.hand_mark.grid.hidden == show:
            self.hand_mark.grid.hidden = not show
        if show:
            x = (1 + 4 * (at - self.hand_off)) * 6
            if self.hand_mark.grid.x != x:
                self.hand_mark.grid.x = x
            self.hand_mark.set(pad(short(g.hand[at]), 3))

    def _sync_line(self, pv):
        """The status line's resting text: the attack preview, or the status."""
        g = self.game
        m = self.message
        m.line.invert(self.cursor == _SKIP and self.overlay is None)
        if self.over():
            m.rest("")
            return
        if self.cursor == _SKIP:
            m.rest("A: SKIP THE PLAY")
            return
        if self.carry >= 0:
            m.rest("A:PUT  B:BACK")
            return
        if pv >= 0:
            p = self.cursor
            t = pv & 15
            q = (pv >> 4) & 15
            if t == _NONE:
                m.rest(reason_text(g, g.check(rogue.ATTACK + p)))
                return
            # fixed fields, so a move of the cursor changes only the cards' cells
            text = "ATK " + pad(card_name(g.player[p]), 3) + ">" + pad(card_name(g.monster[t]), 3)
            text += (" REPLY " + card_name(g.monster[q])) if q != _NONE else " NO REPLY"
            m.rest(text)
            return
        m.rest(self.status())

    def status(self):
        """F3 D13 B2 HEAL PLAY: floor, deck, Buffet, power, step (21 characters)."""
        g = self.game
        if g.floor == _GAUNTLET:
            text = "BUF %d D%d" % (g.buffet_n, g.deck_n)
        else:
            text = "F%d D%d" % (g.floor, g.deck_n)
            if g.rules == rogue.CAMPAIGN:
                text += " B%d" % g.buffet_n
        ph = g.phase()
        step = "DISCARD %d" % (g.hand_n - 5) if ph == rogue.PHASE_DISCARD else STEPS.get(ph, "")
        named = g.named()
        if named:
            power = POWERS[(named >> 4) & 3]
            if len(text) + len(power) + len(step) + 2 <= COLUMNS:  # a long step takes its room
                text += " " + power
        text += " " + step
        if len(text) > COLUMNS and g.rules == rogue.CAMPAIGN and g.floor != _GAUNTLET:
            text = "F%d D%d %s" % (g.floor, g.deck_n, step)  # the Buffet's count makes room too
        return text[:COLUMNS]

    # -- the cursor ------------------------------------------------------------------------
    def _place_cursor(self):
        """Where the step asks the player to act: the choice's places or cards,
        the hand to discard, else your grid."""
        g = self.game
        ph = g.phase()
        if ph == rogue.PHASE_HEAL or ph == rogue.PHASE_STEAL:
            m = g.pending()
            for p in range(9):
                if m >> p & 1:
                    self._go(_MONSTER + p)
                    return
        if ph == rogue.PHASE_CLUB or ph == rogue.PHASE_DISCARD:
            if g.hand_n:
                self.cursor = _HAND + (self.hand_at if self.hand_at < g.hand_n else 0)
                return
        if self.cursor >= 9:
            self._go(self.last_grid if self.last_grid < 9 else 4)

    def _go(self, spot):
        """Put the cursor on a spot; a grid out of sight slides into view."""
        self.cursor = spot
        if spot < _HAND:
            self.last_grid = spot
            if _MONSTER <= spot < _EXIT_AT:
                self.view = _FIGHT
            elif spot >= _EXIT_AT:
                self.view = _EXIT
        elif spot < _SKIP:
            self.hand_at = spot - _HAND

    def _step(self, key):
        """The spot the d-pad key leads to from the cursor, or -1."""
        g = self.game
        c = self.cursor
        carrying = self.carry >= 0
        if c == _SKIP:
            if key != buttons.UP:
                return -1
            return _HAND + self.hand_at if g.hand_n else 6 + self.last_grid % 3
        if c >= _HAND:
            i = c - _HAND
            if key == buttons.LEFT:
                return c - 1 if i > 0 else -1
            if key == buttons.RIGHT:
                return c + 1 if i + 1 < g.hand_n else -1
            if key == buttons.UP:
                last = self.last_grid
                return last - last % 9 + 6 + last % 3
            return _SKIP if g.phase() == rogue.PHASE_PLAY else -1
        area = c // 9  # 0 you, 1 monster, 2 exit
        p = c % 9
        col = p % 3
        if key == buttons.UP:
            return c - 3 if p >= 3 else -1
        if key == buttons.DOWN:
            if p < 6:
                return c + 3
            if carrying:
                return -1
            if g.hand_n:
                return _HAND + (self.hand_at if self.hand_at < g.hand_n else 0)
            return _SKIP if g.phase() == rogue.PHASE_PLAY else -1
        by = 1 if key == buttons.RIGHT else -1
        if 0 <= col + by <= 2:
            return c + by
        if carrying:
            return -1
        table = (1, 0, 2)[area] + by  # the table's order: monster 0, you 1, exit 2
        if table < 0 or table > 2:
            return -1
        return (_MONSTER, 0, _EXIT_AT)[table] + p - col + (2 if by < 0 else 0)

    # -- buttons ---------------------------------------------------------------------------
    def play_button(self, key, kind):
        if key <= buttons.RIGHT:
            to = self._step(key)
            if to < 0:
                return False
            self._go(to)
            self._hush()
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.A:
            self._act()
        elif key == buttons.B:
            self._back()
        self.sync()
        return True

    def _hush(self):
        """The cursor moved on: what was said gives way to the preview."""
        if self.said or self.message.showing():
            self.said = []
            self.message.say("")

    def _act(self):
        g = self.game
        c = self.cursor
        ph = g.phase()
        if self.carry >= 0:
            if self.carry >= _HAND:  # the engine's move bytes: hand card i to place c, place a to c
                mv = rogue.FROM_HAND + (self.carry - _HAND) * 9 + c
            else:
                mv = self.carry * 9 + c
            why = g.check(mv)
            if why:
                self.say(reason_text(g, why))
                return
            self.carry = -1
            self.make(mv)
        elif c == _SKIP:
            self.make(rogue.SKIP)
        elif c >= _HAND:
            i = c - _HAND
            if ph == rogue.PHASE_PLAY:
                self._pick(i)
            elif ph == rogue.PHASE_DISCARD or ph == rogue.PHASE_CLUB:
                self.make(i)  # a discard, or the card a clubs attack takes
            else:
                self.say(reason_text(g, rogue.R_NOT_NOW))
        elif c >= _EXIT_AT:
            self.say(self._exit_words(c - _EXIT_AT))
        elif c >= _MONSTER:
            if ph == rogue.PHASE_HEAL or ph == rogue.PHASE_STEAL:
                self.make(c - _MONSTER)
            else:
                self.say(self._monster_words(c - _MONSTER))
        else:
            self._card(c)

    def _card(self, p):
        """A on your place p: its menu, or at once the attack of the attack step."""
        g = self.game
        n = g.options(p, self.options)
        legal = 0
        for i in range(n):
            if self.options[2 * i + 1] == 0:
                legal += 1
        if legal == 0:
            self.say(reason_text(g, self.options[1] if g.player[p] else rogue.R_EMPTY))
        elif g.phase() == rogue.PHASE_ATTACK or (legal == 1 and self.options[1] == 0):
            self.make(self.options[0])
        else:
            if self._menu_lease is None:
                self._menu_lease = Lease()
            self.open(lease.module(_MENU).CardMenu(self, p))

    def _pick(self, i):
        """Pick hand card i up: it hovers over the first empty place it may
        go to, else over the place the cursor was last on."""
        g = self.game
        self.carry = _HAND + i
        to = self.last_grid if self.last_grid < 9 else 4
        for b in range(9):
            if not g.player[b] and g.check(rogue.FROM_HAND + i * 9 + b) == 0:
                to = b
                break
        self._go(to)

    def carry_place(self, p, to):
        """MOVE from the menu: your card at p hovers over place `to`."""
        self.carry = p
        self._go(to)

    def _back(self):
        if self.carry >= 0:
            self._go(self.carry)  # back to the card picked up
            self.carry = -1
            return
        if self.take_back() == NO_MOVE:
            ph = self.game.phase()
            if ph == rogue.PHASE_PLAY or ph == rogue.PHASE_DISCARD:
                self.say("NOTHING TO UNDO")
            elif ph == rogue.PHASE_ATTACK:  # the play turned a card up (U1)
                self.say("NO UNDO PAST A REVEAL")
            else:
                self.say("NO UNDO NOW")
        else:
            self._hush()
            self.say("UNDONE")
            self._place_cursor()

    def _monster_words(self, p):
        g = self.game
        c = g.monster[p]
        if not c:
            return "EMPTY PLACE"
        if c & 0x80:
            return "?? FACE DOWN"
        if p == 4 and g.named():
            return short(c) + " NAMED" + _POWER_DOES[(c >> 4) & 3]
        return short(c) + " MONSTER CARD"

    def _exit_words(self, p):
        c = self.game.exit[p]
        if p == 4:
            return "LOCK: KEY IN CENTRE"
        r = short(c)
        return "EXIT %s: %s OR %s" % (r, r[:-1], r[-1])

    # -- moves and what they did ----------------------------------------------------------
    def say(self, text, ms=MESSAGE_MS):
        self.said = []
        self.message.say(text, ms)

    def move(self, mv):
        """GameScreen.move, and a checkpoint on each new floor (a barrier): the
        store's checkpoint then holds the floor Continue names (words.py
        continue_note) without a replay of the moves since."""
        g = self.game
        floor = g.floor
        why = super().move(mv)
        if not why and g.floor != floor and self._since and not self.over():
            self.app.store.checkpoint(g, self.practice)
            self._since = 0
        return why

    def make(self, mv):
        """Play a move (recorded by GameScreen.move) and say what it did."""
        g = self.game
        why = self.move(mv)
        if why:
            self.say(reason_text(g, why))
            return
        said = []
        for i in range(g.n_events):
            text = self._event_words(g.events[3 * i], g.events[3 * i + 1], g.events[3 * i + 2])
            if text:
                said.append(text)
        if self.over():
            said.append(ENDS[g.end] + " PRESS A")
        self.said = said
        self._next_said()
        self._place_cursor()
        if self.overlay is None and g.phase() in (rogue.PHASE_BUFFET, rogue.PHASE_BETWEEN):
            self.floor_card()

    def _next_said(self):
        if not self.said:
            return False
        text = self.said.pop(0)
        held = self.over() and not self.said
        self.message.say(text, 0 if held else (_FOLLOW_MS if self.said else MESSAGE_MS))
        return True

    def _event_words(self, kind, a, b):
        """What event (kind, a, b) did, in words (EVENTS); "" for what the board shows."""
        words, fill = EVENTS[kind] if kind < len(EVENTS) else EVENTS[0]
        args = []
        for f in fill:
            if f == "a" or f == "b":
                args.append(short(a if f == "a" else b))
            elif f == "p" or f == "n":
                args.append(a + 1 if f == "p" else a)
            elif f == "f":
                args.append("FLOOR %d" % a if a < _GAUNTLET else "GAUNTLET")
            else:
                args.append(POWERS[a & 3 if f == "s" else (a >> 4) & 3])
        return words % tuple(args)

    def tick(self, now):
        if self.overlay is not None:
            return self.overlay.tick(now)
        if self.message.tick(now):
            self._next_said()
            return True
        return False

    def shut(self):
        super().shut()
        if self.overlay is None and self.game.phase() in (rogue.PHASE_BUFFET, rogue.PHASE_BETWEEN):
            self.floor_card()  # back from the pause: the floor's card again

    def floor_card(self):
        """Open the floor card (games/rogue/floor.py, imported for it and let go
        once it closes: GameScreen.open_from)."""
        self._let_go_menu()  # no card menu opens before the next floor: the floor card takes its room
        self.tiles.no_cursor()  # the card hides the top row, not a frame over it
        self.open_from(_FLOOR, "FloorCard")

    def close(self):
        self._let_go_menu()  # a screen made again for this game (back from the rules) imports it anew
        super().close()

    def _let_go_menu(self):
        """Release the card menu's module if this screen imported it."""
        if self._menu_lease is not None:
            self._menu_lease.let_go()
            self._menu_lease = None

    # -- the end ---------------------------------------------------------------------------
    def finish(self, won, scored=True):
        """The run ended (or was given up: scored False): achievements first,
        so they go in the same RESULT record, then the stats; a practice run
        records neither (SV4)."""
        g = self.game
        if not scored:
            g.resign()
        store = self.app.store
        if not self.practice:
            stored = (store.achievements >> rogue.ACH_SHIFT) & 0x3F
            self.earned = self.app.load(_ACHIEVEMENTS).achievements(g, stored) & ~stored
            store.earn(self.earned << rogue.ACH_SHIFT)
        had_best = store.stats(g.GAME_ID, g.rules).best is not None
        score = self.final_score() if scored else None
        self.new_best = store.result(g.GAME_ID, g.rules, won, score, self.practice,
                                     g.rules != rogue.QUICK) and had_best  # Quick's: turns, fewer the better
        if scored and (won or self.new_best):
            self.app.flash()

    def final_score(self):
        """Quick: the turns of an escape (none for a loss); Campaign: the deepest floor."""
        g = self.game
        if g.rules == rogue.QUICK and g.status != WON:
            return None
        return g.score()

    def over_title(self):
        return ENDS[self.game.end] or "OVER"

    def over_lines(self):
        """The game-over lines (games/rogue/floor.py, released again unless
        something else had imported it: the lines are plain strings)."""
        return lease.call(_FLOOR, "over_lines", self)

"""The screens around the games: title, game list, a game's rule sets, its
rules pages, game over (a rule set's deals menu and the deal typed by
number are ui/deal_entry.py, what the store lost is ui/notice.py, each
loaded only while it shows).  Every line is a Text in
the 5x7 font on an 8-pixel row (ui/text.py), so moving a menu's choice redraws
two lines and nothing else, and no screen here needs a font library.

Layout: 8 rows of 21 characters; the title on row 0, choices below it shown
inverted when chosen, the buttons on row 7.

These screens know the games only through engine/registry.py entries; they
ask the app (ui/app.py) for the next screen.  A game's rules text is imported
when its page opens and let go at once (lease.read), kept only as the
page's lines.

Memory: one Text a line (about 120 B); a rules page its wrapped lines.
"""

import displayio
from micropython import const

from engine import lease, registry
from hw import buttons
from ui import sprites
from ui.screen import Screen
from ui.text import COLUMNS, ROW, Text, count, pad, wrap

_ROWS = const(8)
HOLD_MS = const(500)  # the end of a game holds this long: presses in it are ignored
_BODY = const(6)  # lines of text a page shows


class Menu(Screen):
    """A title, optional lines under it, choices and a line of buttons;
    up/down choose (round the ends), A takes, B goes back, right asks for
    more (a rules page), left for what is beside it (a rule set's deals).
    More choices than rows scroll: the rows show choices[top:], and rows[k]
    is the row of choice top + k."""

    def __init__(self, app, title, lines, choices, chosen=0, hint=""):
        super().__init__(app)
        self.line(0, title)
        row = 1
        for text in lines:
            self.line(row, text)
            row += 1
        last = _ROWS - (1 if hint else 0)  # the row under the choices
        if row + len(choices) < last:
            row += 1  # a blank row above the choices, where there is room
        self.choices = choices
        self.top = 0  # the first choice shown
        self.rows = []
        for k in range(min(len(choices), last - row)):
            self.rows.append(self.line(row + k, " " + choices[k]))
        if hint:
            self.line(_ROWS - 1, hint)
        self.chosen = -1
        if chosen >= 0:  # -1: none yet (the first up, down or A chooses)
            self.choose(chosen)

    def line(self, row, text):
        t = Text(COLUMNS, 0, row * ROW, text)
        self.group.append(t.grid)
        return t

    def choose(self, i):
        if i == self.chosen:
            return False
        n = len(self.rows)
        top = min(self.top, i) if i < self.top + n else i - n + 1
        if top != self.top:  # scrolled: every row shows another choice
            self.top = top
            for k in range(n):
                self.rows[k].set(" " + self.choices[top + k])
                self.rows[k].invert(top + k == i)
        else:
            if self.chosen >= 0:
                self.rows[self.chosen - top].invert(False)
            self.rows[i - top].invert(True)
        self.chosen = i
        return True

    def button(self, key, kind):
        n = len(self.choices)
        if key == buttons.UP:
            return self.choose((self.chosen - 1) % n if self.chosen >= 0 else n - 1)
        if key == buttons.DOWN:
            return self.choose((self.chosen + 1) % n)
        if kind != buttons.PRESS:
            return False
        if key == buttons.A and self.chosen < 0:
            return self.choose(0)  # shows what A does before it does it
        if key == buttons.A:
            self.take(self.chosen)
        elif key == buttons.B:
            self.back()
        elif key == buttons.RIGHT:
            self.more(self.chosen)
        elif key == buttons.LEFT:
            self.beside(self.chosen)
        return False

    def take(self, i):
        pass

    def back(self):
        pass

    def more(self, i):
        pass

    def beside(self, i):
        pass


class Title(Screen):
    def __init__(self, app):
        super().__init__(app)
        big = displayio.Group(scale=2, x=10, y=2)
        big.append(Text(9, 0, 0, "DECKCRAWL").grid)
        self.group.append(big)
        for i in range(4):  # a fan of the four suits' faces
            g = sprites.card_grid(22 + i * 21, 22)
            g[0] = sprites.card_tile(((i & 3) << 4) | (1, 13, 12, 11)[i])
            self.group.append(g)
        line = " solo dungeon cards"
        press = "      press A"
        store = app.store
        if store.damaged:  # said here, then in words by the Notice that A opens
            press = "  A: what was lost"
            games = store.lost_games
            if store.lost_stats or store.lost_other:
                line = "SAVES WERE DAMAGED" if games or store.lost_other else "STATS WERE DAMAGED"
            else:
                line = "A SAVED GAME WAS LOST" if games & (games - 1) == 0 else "SAVED GAMES WERE LOST"
        elif store.reset and not app.reset_said:
            line = "  saves were reset"  # a blank, foreign or torn store: said once
            app.reset_said = True
        self.group.append(Text(COLUMNS, 1, 41, line).grid)
        self.group.append(Text(COLUMNS, 1, 54, press).grid)

    def button(self, key, kind):
        if key == buttons.A and kind == buttons.PRESS:
            self.app.game_list()
        return False


class GameList(Menu):
    """The games, then the stats and the settings."""

    def __init__(self, app, chosen=0):
        titles = []
        waiting = False
        for e in registry.GAMES:  # a game suspended in the store is marked
            saved = app.store.suspended(e.game_id) is not None
            titles.append(e.title + (" *" if saved else ""))
            waiting = waiting or saved
        titles += ["Stats", "Settings"]
        super().__init__(app, "Choose a game", (), titles, chosen,
                         "*: A GAME IS SAVED" if waiting else "A:PLAY  B:TITLE")

    def take(self, i):
        n = len(registry.GAMES)
        if i < n:
            self.app.rule_sets(registry.GAMES[i])
        else:
            self.app.transient("ui.setup", "Stats" if i == n else "Settings")

    def back(self):
        self.app.title()


class RuleSets(Menu):
    """A game's rule sets, with a line on the chosen one; first, when a game
    of it waits in the store, Continue.  A new game over a suspended one asks
    A again: it gives the suspended one up (a loss).  A rule set that deals
    from its list of winnable deals is marked WIN; left opens its deals menu
    (ui/deal_entry.py: that choice, and a deal typed by number).  Last, when
    the game has a guided first game, How to play (ui/guide.py); until the
    game has been played, the first choice's note points to it."""

    def __init__(self, app, entry, rules=0):
        self.entry = entry
        self.note = None
        self.sure = False
        self.saved = app.store.suspended(entry.game_id)
        choices = []
        for r in range(len(entry.rule_titles)):
            title = entry.rule_titles[r]
            choices.append(pad(title, COLUMNS - 4) + "WIN" if app.winnable(entry, r) else title)
        chosen = rules
        if self.saved is not None:
            choices = ["Continue"] + choices
            chosen = 0
        self.guide_row = -2  # no row
        if entry.guide:
            self.guide_row = len(choices)
            choices.append("How to play")
        self.offer = self.saved is None and entry.guide and not any(
            app.store.stats(entry.game_id, r).played for r in range(len(entry.rule_titles)))
        super().__init__(app, entry.title, (), choices, chosen, "A:PLAY <:DEAL >:RULES")
        self.note = self.line(_ROWS - 2, "")
        self.choose_note()
        bit = 1 << entry.game_id
        if app.store.lost_games & bit:  # Continue found the save damaged: said once, here
            app.store.lost_games &= ~bit
            self.note.set("SAVED GAME WAS LOST")

    def rules_of(self, i):
        """The rule set of choice i (-1: Continue, -2: How to play)."""
        if i == self.guide_row:
            return -2
        return i - 1 if self.saved is not None else i

    def choose(self, i):
        changed = super().choose(i)
        self.sure = False
        self.choose_note()
        return changed

    def choose_note(self):
        if self.note is None:
            return
        r = self.rules_of(self.chosen)
        if r == -2:
            text = "A guided first game"
        elif r < 0:
            text = self.continued
            if text is None:
                text = self.continued = self.continue_note()
        elif self.sure:
            text = "A again: give up save"
        elif self.offer and r == 0:
            text = "New? See How to play"
        else:
            text = self.entry.rule_notes[r]
        self.note.set(text)

    continued = None  # Continue's line, made once

    def continue_note(self):
        """Continue's line: what the game's words module says of the saved
        game (an optional continue_note(store, entry, saved): a campaign's
        floor), else its rule set and the moves made.  The module is
        imported for this and let go at once."""
        rules, seed, moves, practice = self.saved
        path = self.entry.words
        held = lease.Lease()
        try:
            hook = getattr(lease.module(path[:path.find(":")]), "continue_note", None)
            text = hook(self.app.store, self.entry, self.saved) if hook is not None else None
        finally:
            held.let_go()
        if text is None:
            title = self.entry.rule_titles[rules]
            text = title + ", " + count(moves, "move")
            if len(text) > COLUMNS:
                text = "%s %d mv" % (title, moves)
        return text

    def take(self, i):
        r = self.rules_of(i)
        if r == -2:
            self.app.guide(self.entry)
        elif r < 0:
            self.app.resume(self.entry)
        elif self.saved is not None and not self.sure:
            self.sure = True
            self.choose_note()
            self.app.changed = True
        else:
            self.app.give_up_saved(self.entry)
            self.app.play(self.entry, r, self.app.new_deal(self.entry, r))

    def back(self):
        self.app.game_list(self.entry)

    def more(self, i):
        r = self.rules_of(i)
        if r == -2:
            return
        self.app.rules_page(self.entry, r if r >= 0 else self.saved[0])

    def beside(self, i):
        r = self.rules_of(i)
        if r >= 0:
            self.app.transient("ui.deal_entry", "Deals", self.entry, r)


class Pages(Screen):
    """Wrapped text, six lines a page under an inverted title with the page's
    number; down or right turns the page, up or left turns back, A or B
    leave (done())."""

    def __init__(self, app, text, hint, hint_one=None):
        """hint_one: the buttons' line when the text fits one page (else hint)."""
        super().__init__(app)
        self.lines = wrap(text)
        self.pages = (len(self.lines) + _BODY - 1) // _BODY
        self.page = 0
        self.title = Text(COLUMNS, 0, 0)
        self.group.append(self.title.grid)
        self.title.invert()
        self.body = []
        for i in range(_BODY):
            t = Text(COLUMNS, 0, (i + 1) * ROW)
            self.body.append(t)
            self.group.append(t.grid)
        if hint_one is not None and self.pages == 1:
            hint = hint_one
        self.group.append(Text(COLUMNS, 0, (_ROWS - 1) * ROW, hint).grid)
        self._fill()

    def heading(self, mark):
        """The title's words, before mark (the page's number)."""
        return ""

    def _fill(self):
        for i in range(_BODY):
            j = self.page * _BODY + i
            self.body[i].set(self.lines[j] if j < len(self.lines) else "")
        mark = "%d/%d" % (self.page + 1, self.pages)
        name = self.heading(mark)
        self.title.set(pad(name[: COLUMNS - len(mark) - 1], COLUMNS - len(mark)) + mark)

    def button(self, key, kind):
        if key in (buttons.DOWN, buttons.RIGHT) and self.page + 1 < self.pages:
            self.page += 1
        elif key in (buttons.UP, buttons.LEFT) and self.page > 0:
            self.page -= 1
        elif key in (buttons.A, buttons.B) and kind == buttons.PRESS:
            self.done()
            return False
        else:
            return False
        self._fill()
        return True

    def done(self):
        pass


class RulesPage(Pages):
    """A game's rules for one rule set; A or B go back to the rule sets, or
    to the game paused."""

    def __init__(self, app, entry, rules, resume=False):
        self.entry = entry
        self.rules = rules
        self.resume = resume  # back to the game paused, not to the rule sets
        super().__init__(app, lease.read(entry.words)[rules], "<>:PAGE  A/B:BACK")

    def heading(self, mark):
        name = self.entry.rule_titles[self.rules]
        if len(name) + len(" rules") + 1 + len(mark) <= COLUMNS:
            name += " rules"
        return name

    def done(self):
        if self.resume:
            self.app.resume(self.entry)
        else:
            self.app.rule_sets(self.entry, self.rules)


class GameOver(Menu):
    """Won or lost, the deal, up to four lines of score the game writes; then
    play again, the same deal, or the game's menu.  The result holds: presses
    in its first HOLD_MS are ignored, and no choice is made at first (the
    first A only chooses Play again), so presses made for the game just
    ended cannot start another."""

    def __init__(self, app, entry, rules, deal, title, lines, practice=False):
        self.entry = entry
        self.rules = rules
        self.deal = deal
        head = "%s  Deal %d" % (title, deal)
        if len(head) > COLUMNS:  # a deal typed by number has up to 10 digits
            number = " %d" % deal
            head = title[:COLUMNS - len(number)] + number
        super().__init__(app, head, lines, ("Play again", "Same deal", "Menu"), -1)
        self.shown_at = app.board.ticks_ms()

    def held(self, now):
        return buttons.ticks_diff(now, self.shown_at) < HOLD_MS

    def button(self, key, kind):
        if self.held(self.app.board.ticks_ms()):
            return False
        return super().button(key, kind)

    def take(self, i):
        if i == 0:
            self.app.play(self.entry, self.rules, self.app.new_deal(self.entry, self.rules))
        elif i == 1:
            self.app.play(self.entry, self.rules, self.deal, True)  # a deal replayed is practice
        else:
            self.back()

    def back(self):
        self.app.rule_sets(self.entry, self.rules)

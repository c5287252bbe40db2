"""A rule set's deals (left on the rule-set menu), loaded only while one of
these screens shows (ui/app.py transient):

    Deals      WINNABLE DEALS on or off (only for a rule set with a list of
               winnable deals, games/<key>/winnable/; kept in the store's settings,
               ui/app.py) and TYPE A DEAL
    DealEntry  a deal number typed with the d-pad: up/down change the chosen
               digit, left/right choose another, A plays it, B goes back.
               A deal typed is practice: it records no stats.

Memory: a Text a line; the entry its ten digits in a bytearray.
"""

from micropython import const

from hw import buttons
from ui.menus import Menu
from ui.screen import Screen
from ui.text import COLUMNS, ROW, Text, count

_SEED_MAX = const(0x3FFFFFFF)  # engine/rng.py's SEED_MAX: its module is the game's, not this screen's
_DIGITS = const(10)  # _SEED_MAX, 2**30 - 1, has ten
_NUMBER_X = const(36)  # the number's left edge: ten cells from the 7th, mid-panel
_NUMBER_ROW = const(3)
_ROWS = const(8)


def _on_off(on):
    return "Winnable deals: " + ("ON" if on else "OFF")


class Deals(Menu):
    """A rule set's deals: WINNABLE DEALS (when it has a list), TYPE A DEAL."""

    def __init__(self, app, entry, rules):
        self.entry = entry
        self.rules = rules
        n = app.from_list(entry, rules)  # the list is read for this and let go
        self.listed = n > 0
        choices = ["Type a deal"]
        if self.listed:
            won = "Solver won " + count(n, "deal")
            lines = (won if len(won) <= COLUMNS else "Solver won %d" % n, "ON: deal only those")
            choices = [_on_off(app.winnable(entry, rules))] + choices
        else:
            lines = ("No list of winnable", "deals for this one")
            if app.winnable(entry, rules):  # its list is gone (a build without it): the choice goes too
                app.set_winnable(entry, rules, False)
        title = entry.rule_titles[rules] + " deals"
        super().__init__(app, title[:COLUMNS], lines, choices, 0, "A:CHOOSE  B:BACK")

    def take(self, i):
        if self.listed and i == 0:
            on = not self.app.winnable(self.entry, self.rules)
            self.app.set_winnable(self.entry, self.rules, on)
            self.rows[0].set(" " + _on_off(on))
            self.app.changed = True
        else:
            self.app.transient("ui.deal_entry", "DealEntry", self.entry, self.rules)

    def back(self):
        self.app.rule_sets(self.entry, self.rules)


class DealEntry(Screen):
    """A deal number, 0 .. _SEED_MAX, typed digit by digit (leading zeros shown);
    it starts at the deal last played.  A plays it as practice; over a game
    suspended in the store A asks again, as a new game there does."""

    def __init__(self, app, entry, rules):
        super().__init__(app)
        self.entry = entry
        self.rules = rules
        self.sure = False
        self.digits = bytearray(_DIGITS)
        deal = app.last_deal if app.last_deal >= 0 else 0
        for i in range(_DIGITS):
            self.digits[_DIGITS - 1 - i] = deal % 10
            deal //= 10
        self.at = _DIGITS - 1  # the chosen digit: the ones
        self._line(0, "Type a deal")
        self._line(1, entry.rule_titles[rules])
        self.number = Text(_DIGITS, _NUMBER_X, _NUMBER_ROW * ROW)
        self.group.append(self.number.grid)
        self.cursor = Text(1, 0, _NUMBER_ROW * ROW)  # the chosen digit, inverted over the number
        self.cursor.invert()
        self.group.append(self.cursor.grid)
        self.note = self._line(5, "Practice: no stats")
        self._line(6, "Up/down: change digit")
        self._line(_ROWS - 1, "<>:MOVE A:PLAY B:BACK")
        self._show()

    def _line(self, row, text):
        t = Text(COLUMNS, 0, row * ROW, text[:COLUMNS])
        self.group.append(t.grid)
        return t

    def value(self):
        v = 0
        for d in self.digits:
            v = v * 10 + d
        return v

    def _show(self):
        text = ""
        for d in self.digits:
            text += "0123456789"[d]
        self.number.set(text)
        self.cursor.grid.x = _NUMBER_X + self.at * 6
        self.cursor.set(text[self.at])

    def _step(self, by):
        """The chosen digit up or down by one, round 0-9, skipping digits
        that would take the number past _SEED_MAX (0 always fits)."""
        d = self.digits
        for _ in range(10):
            d[self.at] = (d[self.at] + by) % 10
            if self.value() <= _SEED_MAX:
                return

    def button(self, key, kind):
        if key == buttons.UP or key == buttons.DOWN:
            self._step(1 if key == buttons.UP else -1)
        elif key == buttons.LEFT or key == buttons.RIGHT:
            self.at = (self.at + (1 if key == buttons.RIGHT else -1)) % _DIGITS
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.B:
            self.app.transient("ui.deal_entry", "Deals", self.entry, self.rules)
            return False
        elif key == buttons.A:
            return self.play()
        else:
            return False
        if self.sure:
            self.sure = False
            self.note.set("Practice: no stats")
        self._show()
        return True

    def play(self):
        app = self.app
        if app.store.suspended(self.entry.game_id) is not None and not self.sure:
            self.sure = True
            self.note.set("A again: give up save")
            return True
        app.give_up_saved(self.entry)
        app.play(self.entry, self.rules, self.value(), True)  # a deal typed is practice
        return False

"""The screens around a game: title, game list, rule set, rules page, game
over.  They share one Menu: a title line, up to four choices shown inverted
when chosen, text from bitmap_label over terminalio.FONT (6x12).

Layout: the title at y 0; lines of 12 px below it; 21 characters a line.
Memory: one bitmap_label per line (about 10-12 B a character).
"""

import terminalio
from adafruit_display_text import bitmap_label
from micropython import const

from hw import buttons
from ui import catalog
from ui.app import Screen


_LINE = const(12)
_COLUMNS = const(21)
_WHITE = const(0xFFFFFF)
_SHOWN = const(4)  # lines of a rules page


def pad(text, width=_COLUMNS):
    """text cut or padded with spaces to width (CircuitPython's str has no ljust)."""
    return text[:width] + " " * (width - len(text))


def label(text, y, x=0, scale=1):
    return bitmap_label.Label(terminalio.FONT, text=text, color=_WHITE, anchor_point=(0, 0), anchored_position=(x, y), scale=scale)


class Menu(Screen):
    """A title, optional header lines, and choices; up/down choose, A takes,
    B goes back, right asks for more (a rules page)."""

    def __init__(self, app, title, header, choices, chosen=0):
        super().__init__(app)
        self.group.append(label(title, 0))
        y = _LINE + 1
        for line in header:
            self.group.append(label(line, y))
            y += _LINE
        self.first = len(self.group)
        self.choices = choices
        for text in choices:
            self.group.append(label(pad(text), y))
            y += _LINE
        self.chosen = -1
        self.choose(chosen)

    def choose(self, i):
        if i == self.chosen:
            return False
        if self.chosen >= 0:
            old = self.group[self.first + self.chosen]
            old.color = _WHITE
            old.background_color = None
        self.chosen = i
        new = self.group[self.first + i]
        new.color = 0
        new.background_color = _WHITE
        return True

    def button(self, key, kind):
        n = len(self.choices)
        if key == buttons.UP:
            return self.choose((self.chosen - 1) % n)
        if key == buttons.DOWN:
            return self.choose((self.chosen + 1) % n)
        if kind != buttons.PRESS:
            return False
        if key == buttons.A:
            self.take(self.chosen)
        elif key == buttons.B:
            self.back()
        elif key == buttons.RIGHT:
            self.more(self.chosen)
        return False

    def take(self, i):
        pass

    def back(self):
        pass

    def more(self, i):
        pass


class Title(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.group.append(label("DECKCRAWL", 6, x=10, scale=2))
        self.group.append(label("solo dungeon cards", 32, x=10))
        self.group.append(label("press A", 50, x=43))

    def button(self, key, kind):
        if key == buttons.A and kind == buttons.PRESS:
            self.app.show(GameList)
        return False


class GameList(Menu):
    def __init__(self, app, chosen=0):
        super().__init__(app, "Choose a game", (), [g.TITLE for g in catalog.GAMES], chosen)

    def take(self, i):
        self.app.show(RuleSets, i)

    def back(self):
        self.app.show(Title)


class RuleSets(Menu):
    def __init__(self, app, game, chosen=0):
        self.game = game
        spec = catalog.GAMES[game]
        super().__init__(app, spec.TITLE, (), list(spec.RULE_TITLES), chosen)
        self.group.append(label("A play  > rules", 52))

    def take(self, i):
        spec = catalog.GAMES[self.game]
        self.app.show(spec.play_screen, self.game, i, self.app.new_deal())

    def back(self):
        self.app.show(GameList, self.game)

    def more(self, i):
        self.app.show(RulesPage, self.game, i)


def wrap(text, width=_COLUMNS):
    """Lines of at most width characters; a blank line between paragraphs."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = line + " " + word if line else word
        lines.append(line)
    return lines


class RulesPage(Screen):
    """A game's rules for one rule set, four lines a page; down or right turns
    the page, up or left turns back, A or B go back to the rule sets."""

    def __init__(self, app, game, rules):
        super().__init__(app)
        self.game = game
        self.rules = rules
        spec = catalog.GAMES[game]
        self.lines = wrap(spec.RULES_TEXT[rules])
        self.pages = (len(self.lines) + _SHOWN - 1) // _SHOWN
        self.page = 0
        self.title = label(self._title(), 0)
        self.group.append(self.title)
        self.body = []
        for i in range(_SHOWN):
            line = label(pad(""), _LINE + 2 + i * _LINE)
            self.body.append(line)
            self.group.append(line)
        self._fill()

    def _title(self):
        spec = catalog.GAMES[self.game]
        mark = "%d/%d" % (self.page + 1, self.pages)
        name = spec.RULE_TITLES[self.rules] + " rules"
        return pad(name[: _COLUMNS - len(mark) - 1], _COLUMNS - len(mark)) + mark

    def _fill(self):
        for i in range(_SHOWN):
            j = self.page * _SHOWN + i
            self.body[i].text = pad(self.lines[j] if j < len(self.lines) else "")
        self.title.text = self._title()

    def button(self, key, kind):
        if key in (buttons.DOWN, buttons.RIGHT) and self.page + 1 < self.pages:
            self.page += 1
        elif key in (buttons.UP, buttons.LEFT) and self.page > 0:
            self.page -= 1
        elif key in (buttons.A, buttons.B) and kind == buttons.PRESS:
            self.app.show(RuleSets, self.game, self.rules)
            return False
        else:
            return False
        self._fill()
        return True


class ScoreSheet(Screen):
    """A game's score broken into its parts, up to four lines under a title;
    A or B goes on to the screen `then` names: (factory, *args)."""

    def __init__(self, app, title, lines, then):
        super().__init__(app)
        self.then = then
        self.group.append(label(title, 0))
        for i in range(len(lines)):
            self.group.append(label(pad(lines[i]), _LINE + 2 + i * _LINE))

    def button(self, key, kind):
        if kind == buttons.PRESS and key in (buttons.A, buttons.B):
            self.app.show(*self.then)
        return False


class GameOver(Menu):
    """Won or lost, the deal, one line of score the game writes; then play
    again, the same deal, or the menu."""

    def __init__(self, app, game, rules, deal, title, line):
        self.game = game
        self.rules = rules
        self.deal = deal
        super().__init__(app, "%s  Deal %d" % (title, deal), (line,), ["Play again", "Same deal", "Menu"])

    def take(self, i):
        spec = catalog.GAMES[self.game]
        if i == 0:
            self.app.show(spec.play_screen, self.game, self.rules, self.app.new_deal())
        elif i == 1:
            self.app.show(spec.play_screen, self.game, self.rules, self.deal)
        else:
            self.app.show(RuleSets, self.game, self.rules)

    def back(self):
        self.app.show(RuleSets, self.game, self.rules)

"""The stats and settings screens, reached from the game list.  Loaded only
while one of them shows (ui/app.py transient), since they are rarely open.

Stats: a page per game and rule set (played, won and the win rate, the
streak and the best streak, the best score); left/right or up/down turn the
pages, A shows the achievements of the page's game (if it has any: the
hint line says so), B goes back.  A game may say its own words
for a win and its best (engine/registry.py Entry.stats: Rogue Solitaire's
escapes, fewest turns, deepest floor).

Achievements: a game's (Entry.achievements), earned ones marked, the chosen
one's way to earn it on the bottom line; up/down choose, A or B go back to
the stats.

Settings: contrast, dim after, sleep after, button repeat, reset stats (asks
twice).  Up/down choose, left/right change (applied at once), B saves them to
the store and goes back.

Memory: one Text a line.
"""

from micropython import const

from engine import lease, registry
from engine import store as records
from hw import buttons
from ui.screen import Screen
from ui.text import COLUMNS, ROW, Text, pad

_ROWS = const(8)
_STATS = ("Won", "Best score", None)  # the stats words of a game that says none of its own


def _line(screen, row, text=""):
    t = Text(COLUMNS, 0, row * ROW, text)
    screen.group.append(t.grid)
    return t


def _pair(label, value):
    """A label and its value, the value right-aligned on the line."""
    value = str(value)
    return pad(label, COLUMNS - len(value)) + value


def _pages():
    """The stats pages: (entry, rule set), every rule set of every game."""
    return [(e, r) for e in registry.GAMES for r in range(len(e.rule_titles))]


class Stats(Screen):
    def __init__(self, app, page=0):
        super().__init__(app)
        self.pages = _pages()  # (entry, rule set)
        self.page = page
        self.lines = [_line(self, row) for row in range(_ROWS - 1)]
        self.lines[0].invert()
        self.hint = _line(self, _ROWS - 1)
        self._fill()

    def _fill(self):
        entry, rules = self.pages[self.page]
        st = self.app.store.stats(entry.game_id, rules)
        mark = "%d/%d" % (self.page + 1, len(self.pages))
        self.lines[0].set(_pair(entry.title[: COLUMNS - len(mark) - 1], mark))
        self.lines[1].set(entry.rule_titles[rules])
        rate = "%d%%" % (100 * st.won // st.played) if st.played else "-"
        self.hint.set("<>:MORE A:ACHV B:BACK" if entry.achievements else "<>:MORE  B:BACK")
        won, best, how = entry.stats[rules] if entry.stats else _STATS  # the game's own words (engine/registry.py)
        self.lines[2].set(_pair("Played", st.played))
        self.lines[3].set(_pair(won, "%d  %s" % (st.won, rate)))
        self.lines[4].set(_pair("Streak", st.streak))
        self.lines[5].set(_pair("Best streak", st.best_streak))
        if st.best is None:
            value = "-"
        elif how is None:
            value = st.best
        else:
            path, name = how.split(":")
            value = lease.call(entry.part(path), name, st.best)
        self.lines[6].set(_pair(best, value))

    def button(self, key, kind):
        if key in (buttons.RIGHT, buttons.DOWN):
            self.page = (self.page + 1) % len(self.pages)
        elif key in (buttons.LEFT, buttons.UP):
            self.page = (self.page - 1) % len(self.pages)
        elif key == buttons.A and kind == buttons.PRESS:
            if self.pages[self.page][0].achievements:  # the page's game's own, if it has any
                self.app.transient("ui.setup", "Achievements", self.page)
            return False
        elif key == buttons.B and kind == buttons.PRESS:
            self.app.game_list(len(registry.GAMES))
            return False
        else:
            return False
        self._fill()
        return True


class Achievements(Screen):
    """A game's achievements (engine/registry.py Entry.achievements): a line
    each, "*" before the earned ones; the chosen one (up/down) inverted and
    how it is earned below."""

    def __init__(self, app, page=0):
        super().__init__(app)
        self.page = page  # the stats page to go back to
        entry = _pages()[page][0]
        self.names = lease.read(entry.words.split(":")[0] + ":ACHIEVEMENTS")
        shift = lease.read(entry.engine.split(":")[0] + ":ACH_SHIFT")
        self.earned = app.store.achievements >> shift
        n = 0
        for i in range(len(self.names)):
            n += self.earned >> i & 1
        title = _line(self, 0, _pair("Achievements", "%d/%d" % (n, len(self.names))))
        title.invert()
        self.lines = []
        for i in range(len(self.names)):
            self.lines.append(_line(self, 1 + i, ("*" if self.earned >> i & 1 else " ") + self.names[i][0]))
        self.how = _line(self, _ROWS - 1)
        self.choice = -1
        self._choose(0)

    def _choose(self, i):
        if self.choice >= 0:
            self.lines[self.choice].invert(False)
        self.choice = i
        self.lines[i].invert(True)
        self.how.set(self.names[i][1])

    def button(self, key, kind):
        n = len(self.lines)
        if key == buttons.UP or key == buttons.DOWN:
            self._choose((self.choice + (1 if key == buttons.DOWN else -1)) % n)
            return True
        if kind == buttons.PRESS and (key == buttons.A or key == buttons.B):
            self.app.transient("ui.setup", "Stats", self.page)
        return False


_CONTRAST = const(0)
_DIM = const(1)
_SLEEP = const(2)
_REPEAT = const(3)
_RESET = const(4)
_SPEEDS = ("slow", "normal", "fast")
_RESET_WORDS = ("Reset stats", "Reset stats? A again", "Sure? A once more", "Stats were reset")


class Settings(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.choice = 0
        self.asked = 0  # A presses on "reset stats"
        _line(self, 0, "Settings").invert()
        self.lines = [_line(self, row + 2) for row in range(_RESET + 1)]
        _line(self, _ROWS - 1, "<>:CHANGE  B:SAVE")
        self._fill()

    def _fill(self):
        s = self.app.store.settings
        dim = records.DIM_SECONDS[s[records.SET_DIM]]
        sleep = records.SLEEP_MINUTES[s[records.SET_SLEEP]]
        self.lines[_CONTRAST].set(_pair(" Contrast", "%d of 4" % (s[records.SET_CONTRAST] + 1)))
        self.lines[_DIM].set(_pair(" Dim after", "%d s" % dim if dim else "never"))
        self.lines[_SLEEP].set(_pair(" Sleep after", "%d min" % sleep if sleep else "never"))
        self.lines[_REPEAT].set(_pair(" Button repeat", _SPEEDS[s[records.SET_REPEAT]]))
        self.lines[_RESET].set(" " + _RESET_WORDS[self.asked])
        for i in range(len(self.lines)):
            self.lines[i].invert(i == self.choice)

    def _change(self, by):
        s = self.app.store.settings
        if self.choice == _CONTRAST:
            s[records.SET_CONTRAST] = (s[records.SET_CONTRAST] + by) % 4
        elif self.choice == _DIM:
            s[records.SET_DIM] = (s[records.SET_DIM] + by) % len(records.DIM_SECONDS)
        elif self.choice == _SLEEP:
            s[records.SET_SLEEP] = (s[records.SET_SLEEP] + by) % len(records.SLEEP_MINUTES)
        elif self.choice == _REPEAT:
            s[records.SET_REPEAT] = (s[records.SET_REPEAT] + by) % len(_SPEEDS)
        else:
            return False
        self.app.apply_settings()
        return True

    def button(self, key, kind):
        if key == buttons.UP or key == buttons.DOWN:
            self.choice = (self.choice + (1 if key == buttons.DOWN else -1)) % len(self.lines)
            if self.asked < len(_RESET_WORDS) - 1:
                self.asked = 0
        elif key == buttons.LEFT or key == buttons.RIGHT:
            if not self._change(1 if key == buttons.RIGHT else -1):
                return False
        elif kind != buttons.PRESS:
            return False
        elif key == buttons.A and self.choice == _RESET and self.asked < len(_RESET_WORDS) - 1:
            self.asked += 1
            if self.asked == len(_RESET_WORDS) - 1:
                self.app.store.reset_stats()
        elif key == buttons.B:
            self.app.store.save_settings()
            self.app.game_list(len(registry.GAMES) + 1)
            return False
        else:
            return False
        self._fill()
        return True

"""The stats and settings screens, reached from the game list.  Loaded only
while one of them shows (ui/app.py transient), since they are rarely open.

Stats: a page per game and rule set (played, won and the win rate, the
streak and the best streak, the best score); left/right or up/down turn the
pages, B goes back.

Settings: contrast, dim after, sleep after, button repeat, reset stats (asks
twice).  Up/down choose, left/right change (applied at once), B saves them to
the store and goes back.

Memory: one Text a line.
"""

from micropython import const

from engine import registry
from engine import store as records
from hw import buttons
from ui.screen import Screen
from ui.text import COLUMNS, ROW, Text, pad

_ROWS = const(8)


def _line(screen, row, text=""):
    t = Text(COLUMNS, 0, row * ROW, text)
    screen.group.append(t.grid)
    return t


def _pair(label, value):
    """A label and its value, the value right-aligned on the line."""
    value = str(value)
    return pad(label, COLUMNS - len(value)) + value


class Stats(Screen):
    def __init__(self, app):
        super().__init__(app)
        self.pages = []  # (entry, rule set)
        for e in registry.GAMES:
            for r in range(len(e.rule_titles)):
                self.pages.append((e, r))
        self.page = 0
        self.lines = [_line(self, row) for row in range(_ROWS - 1)]
        self.lines[0].invert()
        _line(self, _ROWS - 1, "<>:MORE  B:BACK")
        self._fill()

    def _fill(self):
        entry, rules = self.pages[self.page]
        st = self.app.store.stats(entry.game_id, rules)
        mark = "%d/%d" % (self.page + 1, len(self.pages))
        self.lines[0].set(_pair(entry.title[: COLUMNS - len(mark) - 1], mark))
        self.lines[1].set(entry.rule_titles[rules])
        rate = "%d%%" % (100 * st.won // st.played) if st.played else "-"
        self.lines[2].set(_pair("Played", st.played))
        self.lines[3].set(_pair("Won", "%d  %s" % (st.won, rate)))
        self.lines[4].set(_pair("Streak", st.streak))
        self.lines[5].set(_pair("Best streak", st.best_streak))
        self.lines[6].set(_pair("Best score", "-" if st.best is None else st.best))

    def button(self, key, kind):
        if key in (buttons.RIGHT, buttons.DOWN):
            self.page = (self.page + 1) % len(self.pages)
        elif key in (buttons.LEFT, buttons.UP):
            self.page = (self.page - 1) % len(self.pages)
        elif key in (buttons.A, buttons.B) and kind == buttons.PRESS:
            self.app.game_list(len(registry.GAMES))
            return False
        else:
            return False
        self._fill()
        return True


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

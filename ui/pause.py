"""The pause menu, which holding B opens over a play screen: resume, the
rules, suspend, give up; and under them the deal being played.  Imported when
it opens and let go when it closes (GameScreen.pause in ui/parts.py), so play
does not hold it.

Memory: six Text lines while open.
"""

from micropython import const

from ui.parts import Choices
from ui.text import COLUMNS, ROW, Text

_PAUSE_ROW = const(2)  # the pause menu's first row
_ROWS = const(8)  # text rows on the panel


def deal_line(deal, practice):
    """The deal being played, in 21 characters: "Deal 123", "Practice deal 123"
    (a deal typed or replayed), "Practice 1073741823"; "" for a given deck."""
    if deal < 0:
        return ""
    if not practice:
        return "Deal %d" % deal
    text = "Practice deal %d" % deal
    return text if len(text) <= COLUMNS else "Practice %d" % deal


class Pause(Choices):
    """Holding B in a game: resume, the rules (then back to the game),
    suspend (the game waits in the store; continue it from the rule sets),
    or give up (asks again; counts as a loss).  Lines over the middle of the
    screen, the choice inverted; the bottom one names the deal being played
    (written once as the menu opens, so a press in play costs nothing for it)."""

    CHOICES = ("RESUME", "RULES", "SUSPEND", "GIVE UP: A LOSS")

    def __init__(self, screen):
        super().__init__(screen, len(self.CHOICES))
        self.lines = []

    def open(self):
        group = self.screen.group
        for i in range(_ROWS - _PAUSE_ROW):  # to the bottom: no button line of the game shows under it
            t = Text(COLUMNS, 0, (_PAUSE_ROW + i) * ROW)
            self.lines.append(t)
            group.append(t.grid)
        self.draw()

    def draw(self):
        self.lines[0].set("PAUSED   A:OK B:BACK")
        for i in range(len(self.CHOICES)):
            text = "GIVE UP? A AGAIN" if self.sure and i == 3 else self.CHOICES[i]
            self.lines[i + 1].set(" " + text)
            self.lines[i + 1].invert(i == self.choice)
        self.lines[len(self.CHOICES) + 1].set(deal_line(self.screen.deal, self.screen.practice))

    def close(self):
        for t in self.lines:
            self.screen.group.remove(t.grid)
        self.lines = []

    def take(self):
        s = self.screen
        app = s.app
        if self.choice == 0:
            s.shut()
        elif self.choice == 1:
            app.rules_page(s.entry, s.game.rules, True)
        elif self.choice == 2:
            app.rule_sets(s.entry, s.game.rules)
        elif not self.sure:
            self.sure = True  # giving up asks again
            self.draw()
        else:
            s.finish(False, False)
            s.end("GAVE UP", ("Given up:", "practice, not counted" if s.practice else "it counts as a loss"))

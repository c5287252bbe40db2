"""HOW TO PLAY: a guided first game.  The game's own play screen, on the real
engine and a fixed deal, under a script of steps (the game's guide module,
its entry's `guide`) that says on the panel what to look at, what to press
and why, then lets through only the presses the step waits for, and shows what
they did for a moment before the next page.  A wrong press is explained on
a page and changes nothing.  Holding B leaves.

The game is recorded in a scratch store of its own (a RAM NVM), so the
player's saved game, stats and achievements are never touched.  This module
and the script are loaded only while the guide runs (ui/app.py's transient
lease).

A script (games/<key>/guide*.py) holds:
    RULES      the rule set it teaches
    deal(cls)  a game of engine class cls, dealt from its fixed deck
    STEPS      (text, presses) pairs: the page (six lines of 21 columns at
               most, wrapped), then the presses the player makes on the cards,
               as letters U D L R A B ("" when there is nothing to press).
               The last step is read after the winning move.

Memory: the play screen, the script, a page (8 Text lines and a 2x64
bitmap), the scratch store (1 KB NVM).
"""

import displayio
from micropython import const

from engine import lease, registry
from engine.store import Store
from hw import buttons
from ui import sprites
from ui.screen import Screen
from ui.text import COLUMNS, ROW, Text, pad, wrap

_KEYS = "UDLRAB"  # a press's letter, by button number (hw/buttons.py)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
_BODY = const(6)  # lines of text a page shows
_ROWS = const(8)
_SCRATCH = const(1024)  # the scratch store's NVM: the smallest a store takes
_RESULT_MS = const(1500)  # a step's result shows this long before the next page (a press: at once)
_NONE = const(-1)


def presses_named(presses):
    """The presses a step waits for, in words, four or more of a kind
    counted: "DOWN A x6 RIGHT"."""
    out = ""
    i = 0
    n = len(presses)
    while i < n:
        j = i
        while j < n and presses[j] == presses[i]:
            j += 1
        name = NAMES[_KEYS.index(presses[i])]
        out += (" " if out else "") + (name + " x%d" % (j - i) if j - i >= 4 else " ".join([name] * (j - i)))
        i = j
    return out


def page_text(text, presses):
    """A step's page: its text, then the presses it waits for."""
    return text + "\nPress: " + presses_named(presses) if presses else text


class Guide(Screen):
    def __init__(self, app, entry):
        super().__init__(app)
        self.entry = entry
        script = lease.module(entry.guide)
        self.steps = script.STEPS
        self.rules = script.RULES
        self.real = app.store
        scratch = Store(bytearray(_SCRATCH))
        scratch.settings[:] = self.real.settings
        app.store = scratch  # until close(): the play screen records here
        game = script.deal(registry.engine_class(entry))
        self.play = lease.module(entry.screen).Play(app, entry, self.rules, -1, game, True)
        self.group.append(self.play.group)
        page = self.page = displayio.Group()
        self.lines = []
        for row in range(_ROWS):
            t = Text(COLUMNS, 0, row * ROW)
            self.lines.append(t)
            page.append(t.grid)
        self.lines[0].invert()
        page.append(displayio.TileGrid(displayio.Bitmap(128 - COLUMNS * sprites.CHAR_W, 64, 1),
                                       pixel_shader=sprites.NORMAL, x=COLUMNS * sprites.CHAR_W))
        self.group.append(page)
        self.step = 0
        self.done = 0  # presses of the step already made
        self.next_at = _NONE  # when the next step's page shows (its result being read), or _NONE
        self._show_step()

    # -- pages ----------------------------------------------------------------------
    def _page(self, title, text, hint):
        self.page.hidden = False
        mark = "%d/%d" % (self.step + 1, len(self.steps))
        self.lines[0].set(pad(title[:COLUMNS - len(mark) - 1], COLUMNS - len(mark)) + mark)
        body = wrap(text)
        for i in range(_BODY):
            self.lines[1 + i].set(body[i] if i < len(body) else "")
        self.lines[_ROWS - 1].set(hint)

    def _show_step(self):
        text, presses = self.steps[self.step]
        if self.step + 1 == len(self.steps):
            hint = "A:TO THE MENU"
        else:
            hint = "A:TRY IT" if presses else "A:GO ON  HOLD B:QUIT"
        self._page("HOW TO PLAY", page_text(text, presses), hint)

    def _wrong(self):
        text, presses = self.steps[self.step]
        self._page("NOT THAT BUTTON", "This step waits for:\n" + presses_named(presses[self.done:])
                   + "\n\nNothing happened to the cards.", "A:BACK TO THE CARDS")

    def showing(self):
        """True while a page covers the cards."""
        return not self.page.hidden

    # -- presses --------------------------------------------------------------------
    def button(self, key, kind):
        if key == buttons.B and kind == buttons.HOLD:
            self.app.rule_sets(self.entry, self.rules)
            return False
        if kind != buttons.PRESS:
            return False  # a held direction's repeats are not a step's presses
        text, presses = self.steps[self.step]
        if self.next_at != _NONE:  # the last step's result is showing: on to the page at once
            self._next()
            return True
        if self.showing():
            if key != buttons.A:
                return False
            if self.step + 1 == len(self.steps):
                self.app.rule_sets(self.entry, self.rules)
                return False
            self.page.hidden = True
            if self.done == len(presses):  # a step to read only
                self._next()
            return True
        if _KEYS[key] != presses[self.done]:
            self._wrong()
            return True
        self.play.button(key, kind)
        self.done += 1
        if self.done == len(presses):  # the result shows a moment first
            self.next_at = buttons.ticks_add(self.app.board.ticks_ms(), _RESULT_MS)
        return True

    def _next(self):
        self.next_at = _NONE
        self.step += 1
        self.done = 0
        self._show_step()

    def tick(self, now):
        if self.next_at != _NONE and buttons.ticks_diff(now, self.next_at) >= 0:
            self._next()
            return True
        return self.play.tick(now)

    def close(self):
        self.play.close()
        self.play = None
        self.app.store = self.real
        super().close()

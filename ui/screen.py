"""What every screen is: a Group the display shows, handlers for buttons and
the clock, and close() when it is left.

One screen is alive at a time (ui/app.py).  A screen is made when shown and
closed and dropped when another is shown, so its displayio objects are freed.
A handler returns True when it changed something on the screen, which is what
makes the loop refresh the panel.

Memory: one Group and a reference to the app.
"""

import displayio


class Screen:
    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def button(self, key, kind):
        """A button event (hw/buttons.py): True if the screen changed."""
        return False

    def held(self, now):
        """True while the screen ignores presses (the end of a game holding)."""
        return False

    def tick(self, now):
        """The clock moved on (ms): True if the screen changed (a timed message)."""
        return False

    def close(self):
        """The screen is being left: let go of what it holds."""
        self.group = None

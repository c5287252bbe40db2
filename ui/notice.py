"""What the store lost (engine/store.py's lost_games, lost_stats and
lost_other), said in words after the title said it in a line; loaded only
while it shows.

Memory: a page of wrapped lines.
"""

from engine import registry
from engine import store as records
from ui.menus import Pages


def _titles(mask):
    """The titles of the games in mask (bit: game id), and "one this
    firmware does not know" for a bit no game has."""
    names = []
    for e in registry.GAMES:
        if mask & (1 << e.game_id):
            names.append(e.title)
            mask &= ~(1 << e.game_id)
    if mask:
        names.append("one this firmware does not know")
    return ", ".join(names)


class Notice(Pages):
    """A or B: the store forgets what it lost (settle()) and the game list
    shows."""

    def __init__(self, app):
        store = app.store
        text = ""
        if store.lost_games:
            many = store.lost_games & (store.lost_games - 1)
            text += ("Saved games lost: " if many else "Saved game lost: ") + _titles(store.lost_games) + ".\n"
        if store.lost_stats & ~1:
            text += "Stats damaged, they may miss games: " + _titles(store.lost_stats & ~1) + ".\n"
        elif store.lost_stats:
            text += "Stats damaged: some may miss games.\n"
        if store.lost_other & records.LOST_SETTINGS:
            text += "Settings were damaged: check them.\n"
        if store.lost_other & records.LOST_ACHIEVEMENTS:
            text += "Achievements were damaged.\n"
        if store.lost_other & records.LOST_UNKNOWN:
            text += "Some saved data was damaged.\n"
        if store.lost_other & records.LOST_UNREAD:
            text += "The saves could not be read. They are left as they are, and nothing is kept until a new firmware reads them.\n"
        elif not store.lost_other & records.LOST_UNKNOWN:
            text += "All else is kept."
        super().__init__(app, text, "<>:PAGE  A:OK", "A: OK")

    def heading(self, mark):
        return "What was lost"

    def done(self):
        self.app.store.settle()
        self.app.game_list()

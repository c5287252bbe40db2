"""The games by buttons, as a player would press them: the bot's moves
turned into d-pad and A presses on the play screen.

A driver is anything with tap(key) and screen (tools/sim.py's Sim on CPython,
the MicroPython UI check in tests/mp/).  MicroPython-compatible on purpose.

A move is pressed from the play screen of a game in play, with nothing open
over it: a card picked up is put back first, but an overlay (the pause menu
above all) would take the presses, and the asserts below, which check that
each press did what it is there for, would fail.  tools/shot.py's not_ready()
says so before a bot presses.
"""

from games.crawl import rules as crawl
from games.ctd import rules as ctd


def _cursor_to(driver, key, want, tries):
    """Press key until the play screen's cursor is on want."""
    s = driver.screen
    for _ in range(tries):
        if s.cursor == want:
            break
        driver.tap(key)
    assert s.cursor == want, "cursor %d, wanted %d" % (s.cursor, want)


def pick(driver, source):
    """Move the cursor to a hand slot (or the reserve) and pick its card up."""
    s = driver.screen
    n = s.columns
    for _ in range(12):
        if s.cursor >= n:
            break
        driver.tap("RIGHT")
    _cursor_to(driver, "DOWN", n + (3 if source == ctd.FROM_RESERVE else source), 8)
    driver.tap("A")
    assert s.carry == source, "card %d not picked up (is something open over the play screen?)" % source


def aim(driver, target):
    """With a card picked up, move it over a column or the pile."""
    n = driver.screen.columns
    if target == ctd.TO_PILE:
        driver.tap("DOWN")
    _cursor_to(driver, "RIGHT", n + 3 if target == ctd.TO_PILE else target, 12)


def play(driver, move):
    if driver.screen.carry >= 0:
        driver.tap("B")  # put back the card picked up
    from ui.parts import Deadly

    pick(driver, move >> 4)
    aim(driver, move & 15)
    driver.tap("A")
    if isinstance(driver.screen.overlay, Deadly):
        driver.tap("A")  # the move loses the game: the player confirms


# -- Soltura and Scoundrel (games/crawl/play.py) -------------------------------------------
def play_crawl(driver, mv):
    """Make a crawl move by buttons: the cursor to the card, A, then the
    menu's choice (and the monster to swap); a preview is put away with A."""
    from games.crawl.play import CardMenu
    from ui.parts import Deadly

    s = driver.screen
    while s.overlay is not None:
        driver.tap("B")  # close what is open over the room
    if mv == crawl.AVOID:
        driver.tap("UP")
        driver.tap("A")
        return
    act = mv >> 4
    _cursor_to(driver, "RIGHT", (mv >> 2) & 3, 5)
    driver.tap("A")
    if isinstance(s.overlay, CardMenu):
        menu = s.overlay
        for _ in range(4):
            if menu.move() >> 4 == act:
                break
            driver.tap("DOWN")
        assert menu.move() >> 4 == act
        driver.tap("A")
        if s.overlay is menu and menu.sure:
            driver.tap("A")  # a deadly choice asks again
        if act == crawl.A_SWAP:
            _cursor_to(driver, "RIGHT", mv & 3, 5)
            driver.tap("A")
    if isinstance(s.overlay, Deadly):
        driver.tap("A")  # the card kills: the player confirms
    if type(s.overlay).__name__ == "Peek":  # games/crawl/jokers.py, loaded only while it shows
        driver.tap("A")

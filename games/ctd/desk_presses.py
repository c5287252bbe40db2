"""Clear the Dungeon by buttons (games/ctd/play.py): a move turned into the
d-pad and A presses a player would make, from the play screen with nothing
open over it (tools/presses.py).  MicroPython-compatible on purpose.
"""

from games.ctd import rules as ctd
from tools.presses import cursor_to


def pick(driver, source):
    """Move the cursor to a hand slot (or the reserve) and pick its card up."""
    s = driver.screen
    n = s.columns
    for _ in range(12):
        if s.cursor >= n:
            break
        driver.tap("RIGHT")
    cursor_to(driver, "DOWN", n + (3 if source == ctd.FROM_RESERVE else source), 8)
    driver.tap("A")
    assert s.carry == source, "card %d not picked up (is something open over the play screen?)" % source


def aim(driver, target):
    """With a card picked up, move it over a column or the pile."""
    n = driver.screen.columns
    if target == ctd.TO_PILE:
        driver.tap("DOWN")
    cursor_to(driver, "RIGHT", n + 3 if target == ctd.TO_PILE else target, 12)


def play(driver, move):
    if driver.screen.carry >= 0:
        driver.tap("B")  # put back the card picked up
    from ui.parts import Deadly

    pick(driver, move >> 4)
    aim(driver, move & 15)
    driver.tap("A")
    if isinstance(driver.screen.overlay, Deadly):
        driver.tap("A")  # the move loses the game: the player confirms

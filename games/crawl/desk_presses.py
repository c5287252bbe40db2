"""Soltura and Scoundrel by buttons (games/crawl/play.py): a move turned into
the d-pad and A presses a player would make, from the play screen with
nothing open over it (tools/presses.py).  MicroPython-compatible on purpose.
"""

from games.crawl import rules as crawl
from tools.presses import cursor_to


def play(driver, mv):
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
    cursor_to(driver, "RIGHT", (mv >> 2) & 3, 5)
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
            cursor_to(driver, "RIGHT", mv & 3, 5)
            driver.tap("A")
    if isinstance(s.overlay, Deadly):
        driver.tap("A")  # the card kills: the player confirms
    if type(s.overlay).__name__ == "Peek":  # games/crawl/jokers.py, loaded only while it shows
        driver.tap("A")

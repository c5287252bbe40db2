"""Clear the Dungeon by buttons, as a player would press them: the bot's moves
turned into d-pad and A presses on the play screen.

A driver is anything with tap(key) and screen (tools/sim.py's Sim on CPython,
the MicroPython UI check in tests/mp/).  MicroPython-compatible on purpose.
"""

from engine import ctd


def pick(driver, source):
    """Move the cursor to a hand slot (or the reserve) and pick its card up."""
    s = driver.screen
    n = s.columns
    for _ in range(12):
        if s.cursor >= n:
            break
        driver.tap("RIGHT")
    want = n + (3 if source == ctd.FROM_RESERVE else source)
    for _ in range(8):
        if s.cursor == want:
            break
        driver.tap("DOWN")
    assert s.cursor == want, "cursor %d, wanted %d" % (s.cursor, want)
    driver.tap("A")
    assert s.carry == source


def aim(driver, target):
    """With a card picked up, move it over a column or the pile."""
    s = driver.screen
    n = s.columns
    want = n + 3 if target == ctd.TO_PILE else target
    if target == ctd.TO_PILE:
        driver.tap("DOWN")
    for _ in range(12):
        if s.cursor == want:
            break
        driver.tap("RIGHT")
    assert s.cursor == want, "cursor %d, wanted %d" % (s.cursor, want)


def play(driver, move):
    pick(driver, move >> 4)
    aim(driver, move & 15)
    driver.tap("A")

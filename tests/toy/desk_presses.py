"""Pairs' moves by buttons on its play screen (tests/toy/play.py): the
cursor to a slot and A (a draw), or to one card, A, to the other, A (a
match).  A driver is anything with tap(key) and screen (tools/sim.py's Sim).
"""

from tests.toy import rules as toy


def _to(driver, slot):
    s = driver.screen
    for _ in range(3):
        if s.cursor == slot:
            break
        driver.tap("RIGHT")
    assert s.cursor == slot, "cursor %d, wanted slot %d" % (s.cursor, slot)


def play(driver, mv):
    s = driver.screen
    if s.picked >= 0:
        driver.tap("B")  # put back a card picked
    if mv < toy.MATCH:
        _to(driver, mv)
        driver.tap("A")
        return
    i = 2 * (mv - toy.MATCH)
    _to(driver, toy.PAIRS[i])
    driver.tap("A")
    assert s.picked == toy.PAIRS[i], "slot %d not picked" % toy.PAIRS[i]
    _to(driver, toy.PAIRS[i + 1])
    driver.tap("A")

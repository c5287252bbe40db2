"""What the games' button drivers share: a game's own (its folder's
desk_presses.py, play(driver, move)) turns a bot's move into the d-pad and A
presses a player would make on its play screen.

A driver is anything with tap(key) and screen (tools/sim.py's Sim on CPython,
the MicroPython UI check in tests/mp/).  MicroPython-compatible on purpose.

A move is pressed from the play screen of a game in play, with nothing open
over it: a card picked up is put back first, but an overlay (the pause menu
above all) would take the presses, and the drivers' asserts, which check that
each press did what it is there for, would fail.  tools/shot.py's not_ready()
says so before a bot presses.
"""


def cursor_to(driver, key, want, tries):
    """Press key until the play screen's cursor is on want."""
    s = driver.screen
    for _ in range(tries):
        if s.cursor == want:
            break
        driver.tap(key)
    assert s.cursor == want, "cursor %d, wanted %d" % (s.cursor, want)

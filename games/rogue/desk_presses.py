"""Rogue Solitaire by buttons, as a player would press them: a move of the
engine (games/rogue/rules.py, in the game's current phase) turned into d-pad and A
presses on games/rogue/play.py's screen.  play(driver, move), as every game's
desk_presses.py has it, so the desktop tools and the tests drive the screen by
moves.

A driver is anything with tap(key) and screen (tools/sim.py's Sim on CPython,
the MicroPython UI check in tests/mp/).  MicroPython-compatible on purpose.
As tools/presses.py says, a move is pressed from the play screen with nothing
open over it but a card menu (closed first) or the floor card of the Buffet.

    DISCARD, CLUB   the cursor to the hand card, A
    PLAY            a swap or move: the cursor to your card, A, MOVE, A, the
                    cursor to the place, A; flip / take: the card, A, the
                    item, A; a hand card in: the hand card, A, the place, A;
                    SKIP: down to the status line, A; an attack: the card,
                    A, A (ATTACK is first)
    ATTACK          the card, A (it attacks at once)
    HEAL, STEAL     the cursor to the monster place, A
    BUFFET          the candidate, A;  BETWEEN: A
"""

from games.rogue import rules as rogue

_MONSTER = 9  # the screen's cursor spots (games/rogue/play.py)
_HAND = 27
_SKIP = 39
_MENU = ("ATTACK", "MOVE", "TO HAND", "FLIP")


def _grid_to(driver, spot):
    """The cursor onto a grid spot: across the grids, then up/down, then along."""
    s = driver.screen
    for _ in range(40):
        c = s.cursor
        if c == spot:
            return
        if c >= _HAND:
            driver.tap("UP")
            continue
        area = (1, 0, 2)[c // 9]  # the table's order: monster, you, exit
        want = (1, 0, 2)[spot // 9]
        col = (area * 3 + c % 3) - (want * 3 + spot % 3)
        row = (c % 9) // 3 - (spot % 9) // 3
        if row:
            driver.tap("UP" if row > 0 else "DOWN")
        else:
            driver.tap("LEFT" if col > 0 else "RIGHT")
    assert s.cursor == spot, "cursor %d, wanted %d" % (s.cursor, spot)


def _hand_to(driver, i):
    s = driver.screen
    for _ in range(30):
        c = s.cursor
        if c == _HAND + i:
            return
        if c < _HAND:
            driver.tap("DOWN")
        elif c == _SKIP:
            driver.tap("UP")
        else:
            driver.tap("LEFT" if c > _HAND + i else "RIGHT")
    assert s.cursor == _HAND + i, "cursor %d, wanted hand %d" % (s.cursor, i)


def _menu(driver, item):
    """In the open card menu, choose item (0-3) and take it."""
    s = driver.screen
    menu = s.overlay
    assert type(menu).__name__ == "CardMenu", "no card menu open"
    if (menu.choice ^ item) & 1:
        driver.tap("RIGHT")
    if (menu.choice ^ item) & 2:
        driver.tap("DOWN")
    assert menu.choice == item, "menu item %s not chosen" % _MENU[item]
    driver.tap("A")


def play(driver, move):
    """Make move (a byte of the game's current phase) by buttons."""
    s = driver.screen
    while s.overlay is not None and type(s.overlay).__name__ == "CardMenu":
        driver.tap("B")
    if s.carry >= 0:
        driver.tap("B")  # put back what was picked up
    g = s.game
    ph = g.phase()
    if ph == rogue.PHASE_BUFFET:
        card = s.overlay
        for _ in range(12):
            if card.choice == move:
                break
            driver.tap("RIGHT" if card.choice < move else "LEFT")
        assert card.choice == move
        driver.tap("A")
        return
    if ph == rogue.PHASE_BETWEEN:
        driver.tap("A")
        return
    if ph == rogue.PHASE_DISCARD or ph == rogue.PHASE_CLUB:
        _hand_to(driver, move)
        driver.tap("A")
        return
    if ph == rogue.PHASE_HEAL or ph == rogue.PHASE_STEAL:
        _grid_to(driver, _MONSTER + move)
        driver.tap("A")
        return
    if move >= rogue.ATTACK:
        p = move - rogue.ATTACK
        _grid_to(driver, p)
        driver.tap("A")
        if s.overlay is not None:
            _menu(driver, 0)
        return
    if move == rogue.SKIP:
        for _ in range(20):
            if s.cursor == _SKIP:
                break
            driver.tap("DOWN")
        assert s.cursor == _SKIP, "no way down to the status line"
        driver.tap("A")
        return
    if move >= rogue.FROM_HAND:
        i = (move - rogue.FROM_HAND) // 9
        b = (move - rogue.FROM_HAND) % 9
        _hand_to(driver, i)
        driver.tap("A")
        assert s.carry == _HAND + i, "hand card %d not picked up" % i
        _grid_to(driver, b)
        driver.tap("A")
        return
    if move >= rogue.TAKE:
        p, item = move - rogue.TAKE, 2
    elif move >= rogue.FLIP:
        p, item = move - rogue.FLIP, 3
    else:
        p, item = move // 9, 1
    _grid_to(driver, p)
    driver.tap("A")
    _menu(driver, item)
    if item == 1:
        _grid_to(driver, move % 9)
        driver.tap("A")

"""Rogue Solitaire's given deals, for the desktop: the table laid from an
order of the 54 cards.  A module of its own, importing nothing: the rules
(Rogue.set_up) and the notation (desk_notation.deal, which checks the
order first) both call it, and neither imports the other.
"""


def set_up(game, order, shuffles):
    """Lay a given deal on a new game: the 54 cards as the table lies
    (games/rogue/rules.py's docstring, set_up), taken as they come (deal() checks
    them first).  Shuffles #0 and #1 count as done (shuffles: where the
    state counts them).  Returns the game.  game.set_up(order) comes here: a
    given deal is the desktop's, so the board's engine does not carry it."""
    for i in range(9):
        game.player[i] = order[i] & 0x7F
        game.exit[i] = order[9 + i] & 0x7F
        game.monster[i] = order[18 + i] | 0x80  # face down
    for i in range(27):
        game.deck[26 - i] = order[27 + i] & 0x7F
    game.deck_n = 27
    game.state[shuffles] = 2
    return game

"""Pairs' rules pages (tests/toy/rules.py), one text a rule set, read by the
rules page (ui/menus.py) and let go at once.

Memory: the texts, while imported.
"""

_BUTTONS = ("\nButtons: left and right choose a slot. A on an empty slot draws into it; "
            "A on a card picks it, A on another of its rank matches them. B undoes a match. Hold B for the menu.")

RULES = (
    "Six cards: three pairs (A, 2, 3). Draw the deck's top card into one of 3 slots; "
    "match two cards of one rank and they leave. Match all three pairs to win. "
    "Three slots full and no pair: you lose." + _BUTTONS,
    "As Three Slots, with only 2 slots: two cards of two ranks and you lose." + _BUTTONS,
)

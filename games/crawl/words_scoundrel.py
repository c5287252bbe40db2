"""Scoundrel's rules pages, one text a rule set (Strict, Equal or lower),
each ending with the buttons.  Imported only while a rules page is being made
(ui/menus.py), then released.

Memory: about 2 KB of text while imported.
"""

from games.crawl.words import BUTTONS, BUTTONS_END, SHARED

_SCOUNDREL = (
    "The 2011 original: 44 cards, 20 HP (never more).\n" + SHARED
    + "You may avoid a room before touching any of its cards: all 4 go under the deck. Never two rooms in a row.\n"
)
_RULES = (
    _SCOUNDREL + "Strict: a weapon strikes only monsters strictly lower than the last it slew; a fresh one any.\n",
    _SCOUNDREL + "Equal: a weapon strikes monsters equal to or lower than the last it slew; a fresh one any.\n",
)
_SCOUNDREL_END = (
    "You may always fight barehanded.\n"
    "Score alive: your HP, or 20 + the potion's value if HP is 20 and your last card was a potion. "
    "Dead: minus the monsters left.\n"
    "Undo (B) works within a room, never past a refill or an avoid."
)
_RULES = (_RULES[0] + _SCOUNDREL_END, _RULES[1] + _SCOUNDREL_END)


_AVOID_BUTTON = "\nUp then A avoids the room."

RULES = (_RULES[0] + BUTTONS + BUTTONS_END + _AVOID_BUTTON, _RULES[1] + BUTTONS + BUTTONS_END + _AVOID_BUTTON)

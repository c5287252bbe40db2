"""Soltura's rules pages, one text a rule set (Score, Pure Survival), each
ending with the buttons.  Imported only while a rules page is being made
(ui/menus.py), then released.

Memory: about 2 KB of text while imported.
"""

from games.crawl.words import BUTTONS, BUTTONS_END, SHARED

_TEXT = (
    "Clear all 46 cards with 21 HP (never more).\n" + SHARED
    + "A weapon may strike a monster equal to or lower than the last it slew; a fresh one any. "
    "You may always fight barehanded.\n"
    "Red Joker: buff weapon +1, heal 3 (beside the potion limit), or preview the top 3.\n"
    "Black Joker: flee (room back into the deck, shuffled, -1 HP), blind bet (the top card is drawn and resolved), "
    "or swap a room monster with the top card.\n"
    "Or escort a Joker: +14 at victory.\n"
    "Undo (B) works within a room, never past a refill or a card revealed.\n",
)
_RULES = (
    _TEXT[0]
    + "Score at victory: HP + monsters slain barehanded + chain bonuses (5, 10, 15, 20, 26 monsters on one weapon: "
    "+5 +15 +35 +65 +100) + loot (weapon power, the last card if potion or weapon) + 14 a Joker escorted.\n"
    "Defeat at 0 HP: barehanded + chains, minus every monster left in the room and deck.",
    _TEXT[0] + "Pure Survival: no score, only whether you reach the bottom of the deck alive.",
)


_JOKER_BUTTON = ", a Joker opens its actions"

RULES = (_RULES[0] + BUTTONS + _JOKER_BUTTON + BUTTONS_END, _RULES[1] + BUTTONS + _JOKER_BUTTON + BUTTONS_END)

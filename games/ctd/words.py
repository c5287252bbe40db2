"""Clear the Dungeon's rules pages, one text a rule set, each ending with the
buttons.  Imported only while a rules page is being made (ui/menus.py), then
released.

Memory: the texts, about 2 KB, while imported.
"""

_BUTTONS = (
    "\nButtons: the d-pad moves the cursor. A on a card of your hand (or the reserve's top card) picks it up; "
    "it then hovers where it would go: left and right choose a column, down the pile, A places it, B puts it back.\n"
    "B undoes the last move of the hand. Hold B to leave for the menu. A on a monster tells what it still needs.\n"
    "At the right: the cards left in the deck (under a card back), the monsters slain (under a skull), "
    "then the damage pile (DMG, n/7) or the reserve (RSV)."
)

_TEXTS = (
    # Classic
    "Kill all 12 monsters (J 11, Q 12, K 13) in 4 columns of 3, top card up.\n"
    "Each hand is 3 power cards (A-10, Jokers).\n"
    "On a monster: cards 1 and 2 must add up to its power; card 3 must match its suit and kills it.\n"
    "Joker: worth 10, any suit.\n"
    "Attacks stay on a monster across hands. A hand may hit several monsters.\n"
    "A card you do not place goes to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck (best 6).\n"
    "A card that can no longer lead to a kill is refused.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
    # Reserve
    "Kill all 12 monsters (J 11, Q 12, K 13) in 3 columns of 4, top card up.\n"
    "Each hand is 3 power cards (A-10, Jokers).\n"
    "On a monster: cards 1 and 2 must add up to its power; card 3 must match its suit and kills it.\n"
    "Joker: worth 10, any suit.\n"
    "Attacks stay across hands.\n"
    "Cards you do not place go to the reserve pile, with no limit. Its top card can be played as if in your hand.\n"
    "You lose when deck, hand and reserve have no legal play left.\n"
    "Score: cards left in the deck.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
    # One Strike
    "The hard mode: even knowing the whole deck, only about 1 deal in 9 can be won.\n"
    "Kill all 12 monsters (J 11, Q 12, K 13) in 4 columns of 3, top card up.\n"
    "Each hand of 3 power cards strikes one monster only: pair (adds up to its power), then a trigger of its suit.\n"
    "Joker: worth 10, any suit.\n"
    "A hand that kills nothing goes wholly to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck.\n"
    "A start the hand cannot finish is refused.\n"
    "Undo (B) works within a hand, never past a draw or a kill.",
)
RULES = (_TEXTS[0] + _BUTTONS, _TEXTS[1] + _BUTTONS, _TEXTS[2] + _BUTTONS)

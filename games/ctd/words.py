"""Clear the Dungeon's rules pages, one text a rule set, each ending with the
buttons.  Imported only while a rules page is being made (ui/menus.py), then
released.  Each page says only what its rule set has: the reserve only on
Reserve's, the damage pile only where there is one (tests/test_rules_text.py).

Memory: the texts, about 2 KB, while imported.
"""

_PICK = "\nButtons: the d-pad moves the cursor. A on a card of your hand"
_PICK_RESERVE = " (or the reserve's top card)"
_BUTTONS = (
    " picks it up; "
    "it then hovers where it would go: left and right choose a column, down the pile, A places it, B puts it back.\n"
    "B undoes the last move of the hand. Hold B to leave for the menu. A on a monster tells what it still needs.\n"
    "At the right: the cards left in the deck (under a card back), the monsters slain (under a skull), "
    "then the "
)
_DAMAGE = "damage pile (DMG, n/7)."
_RESERVE = "reserve's size (RSV)."

_KILL = (
    "Kill all 12 monsters (J 11, Q 12, K 13) in %s, top card up.\n"
    "Each hand is 3 power cards (A-10, Jokers).\n"
    "On a monster: cards 1 and 2 together must reach its power (at least it: 8+6 on a K will do); "
    "card 3 must match its suit and kills it.\n"
    "Joker: worth 10, any suit.\n"
)
_UNDO = "Undo (B) works within a hand, never past a draw or a kill."

_TEXTS = (
    # Classic
    _KILL % "4 columns of 3"
    + "Attacks stay on a monster across hands. A hand may hit several monsters.\n"
    "A card you do not place goes to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck (best 6).\n"
    "A card that can no longer lead to a kill is refused.\n" + _UNDO,
    # Reserve
    _KILL % "3 columns of 4"
    + "Attacks stay across hands.\n"
    "Cards you do not place go to the reserve pile, with no limit. Its top card can be played as if in your hand.\n"
    "You lose when deck, hand and reserve have no legal play left.\n"
    "Score: cards left in the deck.\n" + _UNDO,
    # One Strike
    "The hard mode: even knowing the whole deck, only about 1 deal in 9 can be won.\n"
    "Kill all 12 monsters (J 11, Q 12, K 13) in 4 columns of 3, top card up.\n"
    "Each hand of 3 power cards strikes one monster only: a pair that reaches its power (at least it), "
    "then a trigger of its suit.\n"
    "Joker: worth 10, any suit.\n"
    "A hand that kills nothing goes wholly to the damage pile: 7 there and you lose.\n"
    "You also lose when deck and hand run out.\n"
    "Score: cards left in the deck.\n"
    "Refused: a card no later card could bring to a kill, and a start with too few cards left in the hand "
    "to finish it. A start your other cards cannot finish (too low, or none of its suit) is taken: "
    "look before you start.\n" + _UNDO,
)
RULES = (
    _TEXTS[0] + _PICK + _BUTTONS + _DAMAGE,
    _TEXTS[1] + _PICK + _PICK_RESERVE + _BUTTONS + _RESERVE,
    _TEXTS[2] + _PICK + _BUTTONS + _DAMAGE,
)

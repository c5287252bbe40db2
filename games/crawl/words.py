"""What Soltura's and Scoundrel's rules pages share: the crawl's cards and
the buttons.  Imported only with one of games/crawl/words_soltura.py or
games/crawl/words_scoundrel.py while a rules page is being made, then released.

Memory: about 1 KB of text while imported.
"""

SHARED = (
    "Each move resolves one card of the room of 4. When 1 is left, 3 more are dealt beside it.\n"
    "Clubs and spades are monsters: 2-10, J 11, Q 12, K 13, A 14. Barehanded, a monster does its value in damage.\n"
    "Diamonds are weapons: equipping one drops the old one and its monsters. A weapon takes its power off the damage.\n"
    "Hearts are potions: only the first of a room heals; a second is discarded.\n"
)

# The buttons, in two: Soltura's page puts its Jokers' sentence between them,
# Scoundrel's (no Jokers) nothing.
BUTTONS = (
    "\nButtons: left and right choose a room card; the line under the room says what it would do. "
    "A resolves it: a monster the weapon may strike asks weapon or bare hands"
)
BUTTONS_END = ".\nB undoes within the room. Hold B to leave for the menu."

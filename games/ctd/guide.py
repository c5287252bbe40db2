"""HOW TO PLAY Clear the Dungeon: a guided first game of Classic (ui/guide.py
runs it).  The deal is fixed so that every hand teaches one thing: the pair
that reaches a monster's power, the trigger of its suit, a refused card, the
damage pile, an attack kept across hands, the Joker, and a win.  Suits in the
texts are the font's symbols: \x01 spades, \x02 hearts, \x03 diamonds, \x04 clubs.

Memory: the deck (54 B) and the texts, about 2 KB, while the guide runs.
"""

RULES = 0  # Classic

# The monsters column by column, top card first, then the power deck in the order it is drawn.
DECK = bytes.fromhex(
    "0d1c3b2c3d1b0b3c1d2d2b0c1a2307320913143a21050f22260a03382912152a02"
    "373904162833341924251f01271836081735061131")


def deal(cls):
    game = cls(RULES)
    game.set_up(DECK)
    return game


STEPS = (
    ("Kill all 12 monsters: 4 columns at the left, the top card up. J is 11, Q 12, K 13. Hold B to leave "
     "this guide.", ""),
    ("At the right: your hand of 3 power cards (A-10, Jokers). Then the deck left, the monsters slain, "
     "the damage pile.", ""),
    ("A monster dies to 3 cards under it: first a pair that reaches its power together, then a trigger "
     "of its suit.", ""),
    ("Kill the K\x01 (13). The cursor is on your 10\x02: A picks it up, it hovers over a column, A "
     "places it.", "AA"),
    ("Now your 3\x03, the same way. 10 + 3 = 13: the pair reaches the King's power.", "AA"),
    ("The trigger must be a spade: your 7\x01. It kills the King, and the monster under it turns up.",
     "AA"),
    ("A new hand. Try the 2\x04 on the K\x03 in the last column, and read the bottom line.", "DARRRA"),
    ("TOO WEAK: 2 and the best card, 10, cannot reach 13. A card you cannot use goes down to the damage "
     "pile.", "DA"),
    ("7 cards of damage lose the game. Now put 9\x01 and 3\x02 on the Q\x02 (12): 12 reaches 12.", "AAAA"),
    ("A pair stays across hands. Kill the Q\x02 with this hand's 4\x02.", "DAA"),
    ("One hand can attack several monsters: 10\x04 and A\x03 make a pair for the J\x01 (11).", "ARRAAA"),
    ("The 5\x01 kills the J\x01.", "DAA"),
    ("A Joker counts 10 and is of any suit: with the 2\x03 it makes 12 for the Q\x03.", "ARAAA"),
    ("Kill the Q\x03 with the 6\x03, then put 10\x01 and 3\x01 on the K\x04.", "DAAARAAA"),
    ("The 8\x04 kills the K\x04; 9\x03 and 2\x02 go on the J\x02.", "DAAARAAA"),
    ("The 5\x02 kills the J\x02: the column is clear. 10\x03 and 2\x01 go on the Q\x04.", "DAAARAAA"),
    ("The 7\x04 kills the Q\x04; 9\x04 and 4\x01 go on the K\x02.", "DAAARAAA"),
    ("The 6\x02 kills the K\x02; 8\x03 and 3\x04 go on the J\x04.", "DAAAAAA"),
    ("The 4\x04 kills the J\x04; 9\x02 and 4\x03 go on the K\x03.", "DAAAAAA"),
    ("The 5\x03 kills the K\x03; the other Joker and A\x01 make 11 for the J\x03.", "DAAAAAA"),
    ("The 7\x03 kills the J\x03. A pair may pass the power: 8\x02 and 6\x04 make 14 for the Q\x01.",
     "DAAAAAA"),
    ("The last monster: the 8\x01 kills the Q\x01.", "DAA"),
    ("Cleared! The score is the cards left in the deck: 3 here, 6 at best. In a game, B undoes a move "
     "of the hand.", ""),
)

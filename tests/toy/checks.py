"""What a save of Pairs (tests/toy/rules.py) must hold, after the shared
checks of engine/save_checks.py (the header, the CRC, each card once, the
status and the seed): the deck drawn from its top, no card face down, the
matched pile whole pairs, a Two Slots row with its third slot empty, the
status against the row.  Imported only while a save is checked.

Memory: nothing kept.
"""

from engine.game import LOST, PLAYING, WON
from engine.save_checks import bad, prefix


def validate(g):
    bad(g.top <= 6, "deck count out of range")
    for i in range(6):
        bad((g.deck[i] != 0) == (i >= g.top), "deck not drawn from its top")
    for c in g.deck:
        bad(c < 0x80, "a face-down card")
    for c in g.row:
        bad(c < 0x80, "a face-down card")
    bad(g.slots == 3 or g.row[2] == 0, "a card in a slot the rules lack")
    prefix(g.gone, g.gone_n, "matched pile")
    bad(g.gone_n % 2 == 0, "half a pair matched")
    for i in range(0, g.gone_n, 2):
        bad(g.gone[i] & 0x0F == g.gone[i + 1] & 0x0F, "a matched pair of two ranks")
    full = True
    pair = False
    for i in range(g.slots):
        full = full and g.row[i] != 0
        for j in range(i):
            pair = pair or (g.row[i] != 0 and g.row[i] & 0x0F == g.row[j] & 0x0F)
    stuck = full and not pair and g.top < 6
    if g.status == PLAYING:
        bad(not stuck and g.gone_n < 6, "a game in play that is over")
    elif g.status == WON:
        bad(g.gone_n == 6, "a won game with cards left")
    else:
        bad(g.status == LOST and stuck, "a lost game that is not stuck")

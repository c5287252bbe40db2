"""What a save of Rogue Solitaire must hold (engine/save_checks.py calls
validate() after the shared checks: the header, the CRC, each card once, the
status and the seed): the hand, the deck, the pile and the Buffet filled up
to their counts and face up; the exit around the red Joker; the floor, the
Buffet and the gauntlet flags of the run; its phase and its end against the
status; on a floor, a living monster and the turn's step matching the hand.
Imported only while a save is checked (engine/store.py's _log releases it
after).

Memory: nothing kept; a few KB of code while imported.
"""

from engine import const
from engine.game import PLAYING, WON
from engine.save_checks import bad, prefix

_FACE_DOWN = const(0x80)
_JOKER_RANK = const(15)
_RJ = const(0x1F)
_BJ = const(0x0F)
_GAUNTLET = const(11)
_ROGUE_AT = const(167)  # games/rogue/rules.py's _AT, _STAGE, _FLAGS: bytes of its state
_ROGUE_STAGE = const(168)
_ROGUE_FLAGS = const(169)


def _face_card(c):
    return 11 <= c & 0x0F <= 13


def validate(g):
    from games.rogue import rules as rogue

    step = g.step
    prefix(g.hand, g.hand_n, "hand")
    prefix(g.deck, g.deck_n, "deck")
    prefix(g.pile, g.pile_n, "pile")
    prefix(g.buffet, g.buffet_n, "buffet")
    for part in (g.hand, g.deck, g.pile, g.buffet):
        for c in part:
            bad(c < _FACE_DOWN, "a face-down card in the hand, the deck, the pile or the buffet")
    for i in range(g.buffet_n):
        bad(_face_card(g.buffet[i]), "a buffet card that is not a face card")
    bad(g.exit[4] == _RJ, "the exit's centre is not the red Joker")
    for i in range(9):
        e = g.exit[i]
        bad(e < _FACE_DOWN and (e & 0x0F != _JOKER_RANK or i == 4), "a face-down card or a Joker at the exit")
        bad(e or step == rogue.PHASE_BETWEEN, "an empty exit place")
    # the run: its floor, its Buffet, its end, its flags
    campaign = g.rules == rogue.CAMPAIGN
    flags = g.state[_ROGUE_FLAGS]
    bad(campaign or (g.floor == 1 and g.buffet_n == 0 and flags == 0), "a Quick Play run past floor 1")
    bad(1 <= g.floor <= _GAUNTLET and g.turn >= 1, "floor or turn out of range")
    fed = step == rogue.PHASE_BETWEEN
    if g.floor < _GAUNTLET:
        bad(g.buffet_n == g.floor - 1 + fed, "the Buffet does not match the floor")
        bad(flags == 0, "gauntlet flags before the gauntlet")
    at = g.state[_ROGUE_AT]
    bad(flags <= 3 and at <= 8 and at != 4 and g.state[_ROGUE_STAGE] <= 1, "a resolution byte out of range")
    bad(2 <= step <= 9 and (campaign or step < rogue.PHASE_BUFFET), "unknown phase")
    ended = g.end
    if g.status == PLAYING:
        bad(ended == 0, "a run in play with an end")
    elif g.status == WON:
        bad(ended == rogue.ESCAPED and g.player[4] == _BJ and (not campaign or g.floor == _GAUNTLET),
             "a won run that did not escape")
    else:
        bad(rogue.SLAIN <= ended <= rogue.RESIGNED, "a lost run's end out of range")
        bad(ended != rogue.SLAIN or _broken(g.player), "slain with a whole grid")
        bad(ended != rogue.STARVED or (g.floor == _GAUNTLET and g.buffet_n == 0), "starved with food left")
    if step >= rogue.PHASE_BUFFET or ended == rogue.STARVED:
        return
    # on a floor: the monster lives (I3), and the turn's step matches the hand
    m = g.monster[4]
    bad(m >= _FACE_DOWN or _face_card(m), "the monster's centre neither hidden nor named")
    bad(g.floor != _GAUNTLET or m < _FACE_DOWN, "an unnamed monster on the gauntlet")
    if g.status == PLAYING:
        if step == rogue.PHASE_DISCARD:
            bad(g.hand_n > 5, "discarding with 5 cards or fewer")
        elif step <= rogue.PHASE_ATTACK:
            bad(g.hand_n <= 5 + (step == rogue.PHASE_ATTACK), "playing with more than 5 cards")
        else:
            n = g.pending()
            bad(n & (n - 1), "a choice with fewer than two to choose from")
        if step <= rogue.PHASE_ATTACK:
            bad(not _broken(g.player) and not _broken(g.monster), "a broken grid after the death check")


def _broken(grid):
    for k in range(3):
        if not (grid[3 * k] or grid[3 * k + 1] or grid[3 * k + 2]) or not (grid[k] or grid[k + 3] or grid[k + 6]):
            return True
    return False

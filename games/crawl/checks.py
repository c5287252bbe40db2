"""What a save of Soltura or Scoundrel must hold (engine/save_checks.py calls
validate() after the shared checks: the header, the CRC, each card once, the
status and the seed): no card face down; the deck, the chain, the pile and
the slain pile filled up to their counts; a diamond for a weapon and a chain
of ever lower monsters; the escort Jokers; the room's flags, the potions and
the chain bonus in range; HP against the status.  Imported only while a save
is checked (engine/store.py's _log releases it after).

Memory: nothing kept; a few KB of code while imported.
"""

from engine import const
from engine.game import LOST, WON
from engine.save_checks import bad, prefix

_FACE_DOWN = const(0x80)
_JOKER_RANK = const(15)
_HEARTS = const(1)
_DIAMONDS = const(2)


def _kind(c):
    """0 monster, 1 potion, 2 weapon, 3 Joker (as games/crawl/rules.py's kind())."""
    if c & 0x0F == _JOKER_RANK:
        return 3
    s = (c >> 4) & 3
    return 1 if s == _HEARTS else 2 if s == _DIAMONDS else 0


def _value(c):
    r = c & 0x0F
    return 14 if r == 1 else r


def validate(g):
    jokers = g.JOKERS
    for name in g.CARD_PARTS:
        v = getattr(g, name)
        for c in (v,) if isinstance(v, int) else v:
            bad(c < _FACE_DOWN, "a face-down card in the crawl")
    prefix(g.deck, g.deck_n, "deck")
    prefix(g.chain, g.chain_n, "chain")
    prefix(g.pile, g.pile_n, "pile")
    prefix(g.slain, g.slain_n, "slain pile")
    bad(g.weapon == 0 or _kind(g.weapon) == 2, "a weapon that is not a diamond")
    bad(g.buff <= (1 if jokers and g.weapon else 0), "a buff out of range")
    bad(g.weapon or g.chain_n == 0, "a chain with no weapon")
    last = 15
    for i in range(g.chain_n):
        c = g.chain[i]
        v = _value(c)
        bad(_kind(c) == 0 and (v < last if g.strict() else v <= last), "the chain not monsters, each lower")
        last = v
    for i in range(g.slain_n):
        bad(_kind(g.slain[i]) == 0, "not a monster on the slain pile")
    e0 = g.escort[0]
    e1 = g.escort[1]
    bad((e0 == 0 or _kind(e0) == 3) and (e1 == 0 or (e0 and _kind(e1) == 3)), "the escort not Jokers")
    bad(g.touched <= 1 and g.avoided <= (1 if g.CAN_AVOID else 0), "a room flag out of range")
    bad(g.potions <= 4 and (g.potions == 0 or g.touched), "a potion count out of range")
    bad(g.last_potion == 0 or 2 <= g.last_potion <= 10, "the last potion out of range")
    bad(g.bonus % 5 == 0 and (g.bonus == 0 or g.scores_chains()), "a chain bonus out of range")
    room = g.room_size()
    if g.status == LOST:
        bad(g.hp == 0, "a lost game with HP left")
    else:
        bad(1 <= g.hp <= g.MAX_HP, "HP out of range")
        if g.status == WON:
            bad(g.deck_n == 0 and room <= 1, "a won game with cards left")
        else:
            bad(room >= 1, "a game in play with an empty room")

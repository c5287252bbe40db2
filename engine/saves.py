"""Saving a game's whole state into at most 256 bytes, and loading it back.

Any game that keeps its parts in game.state, names its other saved ints
(SAVED) and where its cards lie (CARD_PARTS: parts, or ints holding one card)
saves through here, so the format is written once:

    0      format version (2)
    1      game id (1 Clear the Dungeon, 2 Soltura, 3 Scoundrel)
    2      rule set
    3      status
    4..7   seed, little-endian, below 2**30 (FF FF FF FF: NO_SEED, dealt from a given deck)
    8..9   moves made, little-endian
    10..   the state (engine/game.py): the parts in order, then each SAVED int as one byte
    last 2 Fletcher-16 checksum of everything before it

A load checks the checksum, the header and that every card of the game lies in
exactly one place, before it hands back a game; a bad save raises SaveError
with the reason and changes nothing.  The undo log is not saved: a loaded game
starts at a barrier.  Version 1 (each SAVED attribute in turn) is not read.

Memory: the 256-byte buffer the caller passes, or one made here.
"""

from engine import const
from engine.game import LOST, NO_SEED

VERSION = const(2)
SIZE = const(256)
_HEADER = const(10)


class SaveError(ValueError):
    """A save that cannot be loaded: the message says why."""


def fletcher16(buf, n):
    a = 0
    b = 0
    for i in range(n):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


def save(game, buf=None):
    """The game's state in buf (256 bytes made if None); returns the bytes used."""
    if buf is None:
        buf = bytearray(SIZE)
    buf[0] = VERSION
    buf[1] = game.GAME_ID
    buf[2] = game.rules
    buf[3] = game.status
    for i in range(4):
        buf[4 + i] = (game.seed >> (8 * i)) & 0xFF
    buf[8] = game.moves & 0xFF
    buf[9] = (game.moves >> 8) & 0xFF
    at = _HEADER + len(game.state)
    game.snapshot(memoryview(buf)[_HEADER:at])
    c = fletcher16(buf, at)
    buf[at] = c & 0xFF
    buf[at + 1] = c >> 8
    return at + 2


def load(game_class, buf, rule_sets):
    """A new game of game_class from a save; SaveError saying why if unsound.
    rule_sets is how many rule sets the game has."""
    if len(buf) < _HEADER + 2:
        raise SaveError("save is too short")
    if buf[0] != VERSION:
        raise SaveError("save has an unknown format version")
    if buf[1] != game_class.GAME_ID:
        raise SaveError("save is of another game")
    if buf[2] >= rule_sets:
        raise SaveError("save has an unknown rule set")
    game = game_class(buf[2])
    n = _HEADER + len(game.state)
    if len(buf) < n + 2:
        raise SaveError("save is too short")
    if fletcher16(buf, n) != buf[n] | (buf[n + 1] << 8):
        raise SaveError("save is corrupt (checksum)")
    if buf[3] > LOST:
        raise SaveError("save has an unknown status")
    game.status = buf[3]
    game.seed = _seed(buf)
    game.moves = buf[8] | (buf[9] << 8)
    game.restore(memoryview(buf)[_HEADER:n])
    check_cards(game)
    return game


def _seed(buf):
    """The seed in bytes 4..7: NO_SEED for FF FF FF FF, else below 2**30, so
    that it stays a small int on a 32-bit board."""
    if (buf[4] & buf[5] & buf[6] & buf[7]) == 0xFF:
        return NO_SEED
    if buf[7] > 0x3F:
        raise SaveError("save has a seed of 2**30 or more")
    return buf[4] | (buf[5] << 8) | (buf[6] << 16) | (buf[7] << 24)


def census(game):
    """Every card of the game wherever it lies now, face-down flags cleared."""
    out = bytearray()
    for name in game.CARD_PARTS:
        v = getattr(game, name)
        for c in (v,) if isinstance(v, int) else v:
            if c:
                out.append(c & 0x7F)
    return out


def check_cards(game):
    """SaveError unless each card the game is dealt from lies in exactly one place."""
    deck = game.every_card()
    seen = bytearray(128)
    every = census(game)
    for c in every:
        seen[c] += 1
    for c in deck:
        if seen[c] != 1:
            raise SaveError("save does not hold each card once (card byte %d seen %d times)" % (c, seen[c]))
    if len(every) != len(deck):
        raise SaveError("save holds %d cards, not %d" % (len(every), len(deck)))

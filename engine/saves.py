"""Saving a game's whole state into at most 256 bytes, and loading it back.

Any game that keeps its parts in game.state, names its other saved ints
(SAVED) and where its cards lie (CARD_PARTS: parts, or ints holding one card)
saves through here, so the format is written once:

    0      format version (3)
    1      game id (1 Clear the Dungeon, 2 Soltura, 3 Scoundrel, 4 Rogue Solitaire)
    2      rule set
    3      status
    4..7   seed, little-endian, below 2**30 (FF FF FF FF: NO_SEED, dealt from a given deck)
    8..9   moves made, little-endian
    10..   the state (engine/game.py): the parts in order, then each SAVED int as one byte
    last 2 CRC-16/CCITT of everything before it, little-endian

Loading a save, and the checks it must pass, are engine/save_checks.py's:
a game is loaded only when one is resumed, so play does not hold that code.
The undo log is not saved: a loaded game starts at a barrier.  Versions 1
(each SAVED attribute in turn) and 2 (a Fletcher-16, blind to a byte 0x00
turned 0xFF, as erased flash reads) are not read.

Memory: the 256-byte buffer the caller passes, or one made here.
"""

from engine import const

VERSION = const(3)
SIZE = const(256)
HEADER = const(10)  # bytes before the state


class SaveError(ValueError):
    """A save that cannot be loaded: the message says why."""


def crc16(buf, start, stop):
    """CRC-16/CCITT (poly 0x1021, init 0xFFFF) of buf[start:stop], without a
    table; engine/store.py's records use it too."""
    crc = 0xFFFF
    for i in range(start, stop):
        x = ((crc >> 8) ^ buf[i]) & 0xFF
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


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
    at = HEADER + len(game.state)
    game.snapshot(memoryview(buf)[HEADER:at])
    c = crc16(buf, 0, at)
    buf[at] = c & 0xFF
    buf[at + 1] = c >> 8
    return at + 2

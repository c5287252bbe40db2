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

A load checks the CRC, the header, that every card of the game lies in exactly
one place, and validate(): every counter against its part, the kind of card in
each place, the face-down flags, the status against the state.  A bad save
raises SaveError with the reason and changes nothing.  The undo log is not
saved: a loaded game starts at a barrier.  Versions 1 (each SAVED attribute in
turn) and 2 (a Fletcher-16, blind to a byte 0x00 turned 0xFF, as erased flash
reads) are not read.

validate() lives here, not in the games: it holds each game's checks (by
GAME_ID), so a game played from a deal does not load them (tools/fit.py).

Memory: the 256-byte buffer the caller passes, or one made here.
"""

import sys

from engine import const
from engine.game import LOST, NO_SEED

VERSION = const(3)
SIZE = const(256)
_HEADER = const(10)


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
    at = _HEADER + len(game.state)
    game.snapshot(memoryview(buf)[_HEADER:at])
    c = crc16(buf, 0, at)
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
    if crc16(buf, 0, n) != buf[n] | (buf[n + 1] << 8):
        raise SaveError("save is corrupt (checksum)")
    if buf[3] > LOST:
        raise SaveError("save has an unknown status")
    game.status = buf[3]
    game.seed = _seed(buf)
    game.moves = buf[8] | (buf[9] << 8)
    game.restore(memoryview(buf)[_HEADER:n])
    check(game)
    return game


_CHECKS = "engine.save_checks"


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


def check(game):
    """SaveError unless the game's state is possible: each card once
    (check_cards) and each game's counters, card kinds, face-down flags and
    status (validate).  Those checks are a large module, engine/save_checks.py,
    so it is imported for a load and released after it: the device holds it
    only while a save is loaded."""
    from engine import registry

    loaded = _CHECKS in sys.modules
    try:
        checks = registry.module(_CHECKS)
        checks.check_cards(game)
        checks.validate(game)
    finally:
        if not loaded:
            registry.release((_CHECKS,))


def check_cards(game):
    """SaveError unless each card the game is dealt from lies in exactly one place."""
    from engine import save_checks

    save_checks.check_cards(game)


def validate(game):
    """SaveError unless the game's state is possible (engine/save_checks.py)."""
    from engine import save_checks

    save_checks.validate(game)

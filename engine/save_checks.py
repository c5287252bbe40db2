"""Loading a save (engine/saves.py's format) and the checks it must pass
before a game is handed back: the CRC, the header, each card of the game in
exactly one place (check_cards), the status and the seed in range, then the
game's own checks (validate): games/<home>/checks.py's validate(game), the
folder found through the registry by the game's GAME_ID (every counter
against its array, card kinds per place, face-down flags, status against the
state).  A game of the registry without a checks.py gets the shared checks
only; a GAME_ID the registry lacks is refused.  A bad save raises SaveError
with the reason and changes nothing.  bad() and prefix() are the helpers the
games' checks share.

A module of its own, apart from the games' rules, because it is used only
when a game is resumed: the store imports it with its log work
(engine/store.py's _log) and releases it, and the game's checks module it
imports, after; so play never holds them, nor does a game played from a
deal (tools/fit.py).

Memory: nothing kept; about 3 KB of code while imported (64-bit), and the
game's checks module while it runs.
"""

from engine import lease, registry
from engine.game import LOST, NO_SEED, PLAYING, WON
from engine.saves import HEADER, VERSION, SaveError, crc16


def load(game_class, buf, rule_sets):
    """A new game of game_class from a save; SaveError saying why if unsound.
    rule_sets is how many rule sets the game has."""
    if len(buf) < HEADER + 2:
        raise SaveError("save is too short")
    if buf[0] != VERSION:
        raise SaveError("save has an unknown format version")
    if buf[1] != game_class.GAME_ID:
        raise SaveError("save is of another game")
    if buf[2] >= rule_sets:
        raise SaveError("save has an unknown rule set")
    game = game_class(buf[2])
    n = HEADER + len(game.state)
    if len(buf) < n + 2:
        raise SaveError("save is too short")
    if crc16(buf, 0, n) != buf[n] | (buf[n + 1] << 8):
        raise SaveError("save is corrupt (checksum)")
    if buf[3] > LOST:
        raise SaveError("save has an unknown status")
    game.status = buf[3]
    game.seed = _seed(buf)
    game.moves = buf[8] | (buf[9] << 8)
    game.restore(memoryview(buf)[HEADER:n])
    check(game)
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


def check(game):
    """SaveError unless the game's state is possible: each card once and each
    game's counters, card kinds, face-down flags and status."""
    check_cards(game)
    validate(game)


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


# -- validate: the shared checks, then the game's own ------------------------


def bad(ok, why):
    """SaveError "save is impossible: why" unless ok."""
    if not ok:
        raise SaveError("save is impossible: " + why)


def prefix(part, n, what):
    """SaveError unless part[:n] are all cards and part[n:] all empty."""
    bad(0 <= n <= len(part), what + " count out of range")
    for i in range(len(part)):
        bad((part[i] != 0) == (i < n), what + " not filled up to its count")


def validate(game):
    """SaveError unless the game's state is one its rules can reach: the
    status and the seed here, then the checks of the game's folder
    (games/<home>/checks.py's validate(game)).  A game of the registry whose
    folder has no checks.py gets these shared checks only (and check()'s
    each card once); a game the registry does not list is refused."""
    bad(game.status == PLAYING or game.status == WON or game.status == LOST, "unknown status")
    bad(game.seed == NO_SEED or 0 <= game.seed <= 0x3FFFFFFF, "seed out of range")
    for entry in registry.GAMES:
        if entry.game_id == game.GAME_ID:
            path = entry.part("checks")
            try:
                checks = lease.module(path)
            except ImportError as e:
                if path not in str(e):  # the checks module is there, and what it imports is not: a bug
                    raise
                return  # no checks.py: the shared checks only
            checks.validate(game)
            return
    raise SaveError("save is of game %d, which has no checks here" % game.GAME_ID)

"""What every game's rules share: status, the event buffer, the undo log and
the save format.

A game reports each change of a move as an event (kind, a, b) in a fixed
bytearray, so the screen redraws what changed and nothing allocates.  The undo
log holds the moves made since the last barrier (a draw, or anything that
reveals a card); undo pops them one at a time, never past a barrier.

A save is at most 256 bytes:

    0      format version (1)
    1      game id (1 Clear the Dungeon)
    2      rule set
    3      status
    4..7   seed, little-endian (0xFFFFFFFF: dealt from a given deck)
    8..9   moves made, little-endian
    10..   the game's own body
    last 2 Fletcher-16 checksum of everything before it

Memory: per game, events 8 x 3 B, undo log 64 B, a few small ints.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


PLAYING = const(0)
WON = const(1)
LOST = const(2)
STATUS_NAMES = ("playing", "won", "lost")

MAX_EVENTS = const(8)
_LOG_SIZE = const(64)
SAVE_VERSION = const(1)
SAVE_SIZE = const(256)
HEADER = const(10)
NO_SEED = const(0xFFFFFFFF)


class SaveError(ValueError):
    """A save that cannot be loaded: the message says why."""


def fletcher16(buf, n):
    a = 0
    b = 0
    for i in range(n):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


class Game:
    """The base of every game's rules.  Subclasses set GAME_ID and implement
    _apply(move), _unapply(move), _save_body(buf, at) and _load_body(buf, at)."""

    GAME_ID = 0

    def __init__(self):
        self.events = bytearray(MAX_EVENTS * 3)
        self.n_events = 0
        self.log = bytearray(_LOG_SIZE)
        self.log_n = 0
        self.status = PLAYING
        self.moves = 0
        self.seed = NO_SEED
        self.rules = 0

    # -- events ----------------------------------------------------------
    def event(self, kind, a, b):
        i = self.n_events
        if i < MAX_EVENTS:
            i *= 3
            self.events[i] = kind
            self.events[i + 1] = a
            self.events[i + 2] = b
            self.n_events += 1

    # -- undo ------------------------------------------------------------
    def barrier(self):
        """Forget the undo log: what came before can no longer be undone."""
        self.log_n = 0

    def can_undo(self):
        return self.status == PLAYING and self.log_n > 0

    def undo(self):
        """Take back the last move since the barrier; False if there is none."""
        self.n_events = 0
        if not self.can_undo():
            return False
        self.log_n -= 1
        self._unapply(self.log[self.log_n])
        self.moves -= 1
        return True

    def play(self, move):
        """Check and apply a move.  Returns 0, or a reason code (nothing changed)."""
        self.n_events = 0
        why = self.check(move)
        if why:
            return why
        if self.log_n < _LOG_SIZE:
            self.log[self.log_n] = move
            self.log_n += 1
        else:
            self.log_n = 0
        self.moves += 1
        self._apply(move)
        return 0

    # -- saves -----------------------------------------------------------
    def save(self, buf=None):
        """The whole state in at most 256 bytes; returns the bytes used."""
        if buf is None:
            buf = bytearray(SAVE_SIZE)
        buf[0] = SAVE_VERSION
        buf[1] = self.GAME_ID
        buf[2] = self.rules
        buf[3] = self.status
        s = self.seed
        for i in range(4):
            buf[4 + i] = (s >> (8 * i)) & 0xFF
        buf[8] = self.moves & 0xFF
        buf[9] = (self.moves >> 8) & 0xFF
        n = self._save_body(buf, HEADER)
        c = fletcher16(buf, n)
        buf[n] = c & 0xFF
        buf[n + 1] = c >> 8
        return n + 2

    def load(self, buf):
        """Restore a state saved by save(); SaveError if it is not a sound save.
        Load into a fresh game: a refused save can leave this one half-set."""
        n = HEADER + self.BODY_SIZE
        if len(buf) < n + 2:
            raise SaveError("save is too short")
        if fletcher16(buf, n) != buf[n] | (buf[n + 1] << 8):
            raise SaveError("save is corrupt (checksum)")
        if buf[0] != SAVE_VERSION:
            raise SaveError("save has an unknown format version")
        if buf[1] != self.GAME_ID:
            raise SaveError("save is of another game")
        if buf[3] > LOST:
            raise SaveError("save has an unknown status")
        self.rules = buf[2]
        self.status = buf[3]
        s = 0
        for i in range(4):
            s |= buf[4 + i] << (8 * i)
        self.seed = s
        self.moves = buf[8] | (buf[9] << 8)
        self._load_body(buf, HEADER)
        self.log_n = 0
        self.n_events = 0
        return n + 2

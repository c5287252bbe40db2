"""What every game's rules share: status, the event buffer and the undo log.

A game reports each change of a move as an event (kind, a, b) in a fixed
bytearray, so the screen redraws what changed and nothing allocates.  The undo
log holds the moves made since the last barrier (a draw, or anything that
reveals a card); undo pops them one at a time, never past a barrier.  Saves
are in engine/saves.py.

Memory: per game, events 8 x 3 B, undo log 64 B, a few small ints.
"""

from engine import const
from engine.cards import standard_deck


PLAYING = const(0)
WON = const(1)
LOST = const(2)

_MAX_EVENTS = const(8)
_LOG_SIZE = const(64)
NO_SEED = const(0xFFFFFFFF)


class Game:
    """The base of every game's rules.  Subclasses set GAME_ID, SAVED (the
    attributes a save holds: bytearrays and byte-sized ints) and CARD_PARTS
    (the bytearrays where the cards lie, 0 for an empty slot), and implement
    check(move), _apply(move) and _unapply(move)."""

    GAME_ID = 0
    SAVED = ()
    CARD_PARTS = ()

    @staticmethod
    def every_card():
        """Every card the game is dealt from (the 54-card deck; a game with
        another deck says so)."""
        return standard_deck()

    def __init__(self):
        self.events = bytearray(_MAX_EVENTS * 3)
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
        if i < _MAX_EVENTS:
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

    # -- snapshots (for games whose moves are easier restored than reversed) --
    def state_size(self):
        """Bytes the SAVED attributes take: a bytearray its length, an int one byte."""
        n = 0
        for name in self.SAVED:
            v = getattr(self, name)
            n += 1 if isinstance(v, int) else len(v)
        return n

    def snapshot(self, buf, at):
        """Copy the SAVED attributes into buf from index at, without allocating."""
        for name in self.SAVED:
            v = getattr(self, name)
            if isinstance(v, int):
                buf[at] = v
                at += 1
            else:
                for i in range(len(v)):
                    buf[at + i] = v[i]
                at += len(v)

    def restore(self, buf, at):
        """Put back the SAVED attributes that snapshot(buf, at) copied."""
        for name in self.SAVED:
            v = getattr(self, name)
            if isinstance(v, int):
                setattr(self, name, buf[at])
                at += 1
            else:
                for i in range(len(v)):
                    v[i] = buf[at + i]
                at += len(v)

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

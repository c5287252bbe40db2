"""What every game's rules share: status and phase, the event buffer, the undo
log, the options of a card, and the state as views into one bytearray.

A game reports each change of a move as an event (kind, a, b) in a fixed
bytearray, so the screen redraws what changed and nothing allocates.  The undo
log holds the moves made since the last barrier (a draw, or anything that
reveals a card); undo pops them one at a time, never past a barrier.  Saves
are in engine/saves.py.

The state: each part of a game that holds cards (its deck, its room...) is a
memoryview into one bytearray, game.state, made once by new_state(); after the
parts, the state keeps one byte for each SAVED int.  A snapshot is then one
slice copy into a bytearray of the same size, and a restore one copy back:
neither allocates.

Memory: per game, events 8 x 3 B, undo log 64 B, the state, a few small ints.
"""

from engine import const


PLAYING = const(0)
WON = const(1)
LOST = const(2)

# What the game asks the player now (phase()): legal_moves() lists this phase's moves.
PHASE_MOVE = const(0)  # a move, while PLAYING
PHASE_OVER = const(1)  # nothing: the game is won or lost

NO_MOVE = const(-1)  # undo() and only_move() when there is no move (0 is a move)
NO_SEED = const(-1)  # the seed of a game dealt from a given deck
MAX_OPTIONS = const(5)  # a bytearray(2 * MAX_OPTIONS) holds the options of any place

_MAX_EVENTS = const(8)
_LOG_SIZE = const(64)


class Game:
    """The base of every game's rules.  Subclasses set GAME_ID, RULE_NAMES
    (a game is made for a rule set, by number: Game(rules) refuses any other
    with ValueError), SAVED (the byte-sized int attributes a save holds
    besides the state's parts) and CARD_PARTS (the parts and ints where the
    cards lie, 0 for none), make their parts with new_state(), and implement
    check(move), legal_moves(), options(place, out), _apply(move) and
    _unapply(move).  (Game itself sets none of these: it is never made, and a
    class attribute costs the board heap.)"""

    @staticmethod
    def every_card():
        """Every card the game is dealt from (the 54-card deck; a game with
        another deck says so).  Only saves and notation ask, so engine/cards.py
        is imported when they do, not with every game."""
        from engine.cards import standard_deck

        return standard_deck()

    def __init__(self, rules=0, max_events=_MAX_EVENTS):
        """max_events: how many events a move may report (more are dropped);
        a game whose moves say more (Rogue Solitaire) asks for more."""
        if rules < 0 or rules >= len(self.RULE_NAMES):
            raise ValueError("unknown rule set")
        self.events = bytearray(max_events * 3)
        self.n_events = 0
        self.log = bytearray(_LOG_SIZE)
        self.log_n = 0
        self.status = PLAYING
        self.moves = 0
        self.seed = NO_SEED
        self.rules = rules

    def new_state(self, *sizes):
        """Make the state: one bytearray for parts of these sizes, then a byte
        for each SAVED int.  Returns a memoryview onto each part, in order."""
        self.state = bytearray(sum(sizes) + len(self.SAVED))
        view = memoryview(self.state)
        parts = []
        n = 0
        for size in sizes:
            parts.append(view[n:n + size])
            n += size
        return parts

    # -- phase and options ---------------------------------------------------
    def phase(self):
        """What the game asks the player now: PHASE_MOVE while it is playing,
        PHASE_OVER once it is won or lost.  legal_moves() lists the moves of
        the current phase (a game may add phases, such as Rogue Solitaire's
        monster turn)."""
        return PHASE_MOVE if self.status == PLAYING else PHASE_OVER

    # options(place, out), in each game: fill out with the moves the card or
    # place `place` could make, in the order a menu shows them: out[2*i] a
    # move byte, out[2*i + 1] the reason it is refused now (0: legal).  Returns
    # how many; allocates nothing.  What a place is depends on the game.

    def only_move(self, place, out):
        """The one legal option of a place, when every other is refused (a
        potion, a weapon, a monster the weapon may not strike): the screen
        plays it at once.  NO_MOVE when none or several are legal.  Uses out
        as options() does."""
        found = NO_MOVE
        for i in range(self.options(place, out)):
            if out[2 * i + 1] == 0:
                if found != NO_MOVE:
                    return NO_MOVE
                found = out[2 * i]
        return found

    def _option(self, out, n, mv):
        """Put move mv and its reason as option n in out; returns n + 1."""
        out[2 * n] = mv
        out[2 * n + 1] = self.check(mv)
        return n + 1

    # -- events ----------------------------------------------------------
    def event(self, kind, a, b):
        n = self.n_events
        events = self.events
        if 3 * n < len(events):
            self.n_events = n + 1
            n *= 3
            events[n] = kind
            events[n + 1] = a
            events[n + 2] = b

    # -- undo ------------------------------------------------------------
    def barrier(self):
        """Forget the undo log: what came before can no longer be undone."""
        self.log_n = 0

    def can_undo(self):
        return self.status == PLAYING and self.log_n > 0

    def undo(self):
        """Take back the last move since the barrier and return its move
        byte; NO_MOVE if there is none."""
        self.n_events = 0
        if not self.can_undo():
            return NO_MOVE
        self.log_n -= 1
        mv = self.log[self.log_n]
        self._unapply(mv)
        self.moves -= 1
        return mv

    # -- snapshots (for saves, and games whose moves are easier restored than reversed) --
    def snapshot(self, into):
        """Copy the state, with the SAVED ints in its last bytes, into `into`
        (a bytearray or memoryview of len(state) bytes).  Allocates nothing."""
        state = self.state
        at = len(state) - len(self.SAVED)
        for name in self.SAVED:
            if name:
                state[at] = getattr(self, name)
            at += 1
        into[:] = state

    def restore(self, snap):
        """Put back a state that snapshot() copied into snap.  Allocates nothing."""
        self.state[:] = snap
        at = len(self.state) - len(self.SAVED)
        for name in self.SAVED:
            if name:
                setattr(self, name, self.state[at])
            at += 1

    def play(self, move):
        """Check and apply a move.  Returns 0, or a reason code (nothing changed)."""
        self.n_events = 0
        why = self.check(move)
        if why:
            return why
        n = self.log_n
        if n < _LOG_SIZE:
            self.log[n] = move
            self.log_n = n + 1
        else:
            self.log_n = 0
        self.moves += 1
        self._apply(move)
        return 0

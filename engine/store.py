"""The save store: settings, stats per game and rule set, achievements and one
suspended game per game, kept in the board's NVM sector as an append-only log
(docs/design.md, "The saves").  Pure and portable: it works over any
buffer with len() and slices (microcontroller.nvm on the board, a bytearray
or hw/fake.py's file-backed NVM on the desktop).

Why a log: on an RP2040 writing onto erased (0xFF) bytes only programs them,
anything else erases and rewrites the whole 4 KiB sector, and a power cut
then can lose all of it.  So every save but a compaction programs erased
bytes only, and a power cut costs at most the record being written.

The sector (little-endian):

    0..15   header: "DKCR", format 1, 0, generation u32, 0 0 0 0, CRC-16 of bytes 0..13
    16..    records, each on an 8-byte boundary; erased bytes (0xFF) after the last

    a record:  tag (kind << 4 | slot), len (0..240), seq u16, payload, CRC-16 of all
               before it, commit byte 0x00 (written by a second nvm assignment:
               any value but 0xFF says the body is whole), 0xFF padding up
               to a multiple of 8 (a move record is 8 bytes)

    kind            payload                                   when loading
    1 SETTINGS      7 B (SET_* below; 6 B before SET_DEALS2)  the last one wins: its first
                                                              7 B, any it lacks at their defaults
    2 ACHIEVEMENTS  4 B bit mask (bits 0-29)                  the last one wins
    3 STATS         10 B entry, its key byte first            the last one per key wins
    4 CHECKPOINT    flags (bit 0 practice), saves.py image    restarts the slot's stream
    5 MOVE          1 B move (UNDO: undo())                   appended to the slot's stream
    6 RESULT        [10 B stats entry] [4 B achievements]     closes the slot's stream
                    (0 B: dropped; 4 B: practice/dropped with achievements)

    a stats entry: key (game_id << 4 | rules), played u16, won u16, best s16,
                   streak u8, best streak u8, flags (bit 0 lower is better, bit 1 has a best)

A record counts when its CRC matches, its commit byte is not 0xFF and its
seq follows the last counted one; anything else (a torn record, garbage) is
stepped over 8 bytes at a time.  The next record goes after the last byte that
is not 0xFF (and after any torn record's whole length), with the seq a torn
record had, so counted records follow each other without gaps: a gap means a
committed record was damaged, and the suspended games open across it are
dropped.  So is a committed record whose CRC fails, unless one flipped bit
explains it (engine/store_log.py's records() mends it).

What a player would miss is written twice: SETTINGS, ACHIEVEMENTS, STATS and
RESULT records are twins, two copies with the same seq one after the other
(in a compaction too).  The second counts only when the first did not (an
older firmware steps over it as a stale seq), so any one damaged record loses
no stats, achievement or setting.  Moves and checkpoints are written once: a
damaged one is mended when one flipped bit explains it, else its game is
lost.  Whatever a load drops is told: lost_games, lost_stats and lost_other
say what, and settle() forgets it once the player has been told (the title,
then ui/notice.py).

Loading (Store(nvm)) reads only, never writes: a blank sector is a first boot;
a foreign or torn one loads empty with self.reset True (the app says "saves
were reset").  A damaged header over sound records (a bit rotted in it, or a
compaction cut while its header was programmed) loads those records, and the
first save writes the sector anew.  The first save claims the sector with a
compaction, which on a blank sector only programs (no erase).

A compaction rewrites the live records, renumbered from seq 0: the whole
sector with its header left erased (one erase), then the 16-byte header alone,
which is its commit point.  A power cut inside a compaction leaves no valid
header, so the store loads empty and says so; never a partial state.  It
happens when a record does not fit, or when the app calls maybe_compact() (at
game over, in menus) with less than KEEP_FREE bytes free.

What the app must do (write-ahead, barriers):
  * checkpoint(game) when a game starts, and again only at a barrier (a hand
    drawn, a room refilled: game.can_undo() is False) once CHECKPOINT_EVERY or
    more moves have piled up: a checkpoint forgets the undo log, as a loaded
    save starts at a barrier;
  * move(game_id, mv) after the engine applied mv and before its result is
    shown (UNDO after game.undo()): a power cut then can never take back a
    card that was seen;
  * result(...) once a game is over; drop(game_id) to forget one unscored;
  * forget_unknown(rule_sets) once loaded: a checkpoint the firmware's games
    cannot hold (an unknown game or rule set) is not a suspended game;
  * settle() once the player was told what was lost.

Memory: one 264-byte record buffer (every save is built in it; a move record is
written through preallocated memoryviews, so it allocates nothing), the
settings, a 10-byte entry per stats key, four small lists of 16 ints, and
9 bytes a slot of its checkpoint's head (what suspended() tells).
Loading and walking the log read the sector 256 bytes at a time into a
512-byte window; a compaction holds the new sector image (len(nvm) bytes)
until it is written.  Without an NVM of at least MIN_SECTOR bytes the store
works the same in memory (self.persistent False), and keeps nothing.
"""

from engine import const, saves
from engine.saves import crc16  # one CRC-16/CCITT for saves and records

# Record kinds (the high nibble of a record's tag), shared with engine/store_log.py.
REC_SETTINGS = const(1)
REC_ACHIEVEMENTS = const(2)
REC_STATS = const(3)
REC_CHECKPOINT = const(4)
REC_MOVE = const(5)
REC_RESULT = const(6)

UNDO = const(0xFF)  # the move byte of "undo()": no game uses 0xFF as a move

# The settings: store.settings[SET_*].
SETTINGS_SIZE = const(7)
SET_CONTRAST = const(0)  # 0-3
SET_DIM = const(1)  # an index into DIM_SECONDS
SET_SLEEP = const(2)  # an index into SLEEP_MINUTES
SET_REPEAT = const(3)  # 0 slow, 1 normal, 2 fast
SET_LAST_GAME = const(4)  # game_id << 4 | rules of the game last played (0: none yet)
SET_FLAGS = const(5)  # bit 0: hints learned; bits 1-7: WINNABLE DEALS of rule sets 0-6 in registry order (ui/app.py)
SET_DEALS2 = const(6)  # bits 0-7: WINNABLE DEALS of rule sets 7-14
FLAG_HINTS_LEARNED = const(1)
DIM_SECONDS = (0, 15, 30, 60, 120)  # 0: never
SLEEP_MINUTES = (0, 1, 2, 5, 10)  # 0: never
_DEFAULTS = b"\x02\x02\x02\x01\x00\x00\x00"  # contrast 2, dim 30 s, sleep 2 min, repeat normal

HEADER_SIZE = const(16)
MAX_PAYLOAD = const(240)
MIN_SECTOR = const(1024)  # a smaller NVM (a SAMD21's 256 B) holds no store
KEEP_FREE = const(1024)  # maybe_compact() compacts when less is free
LOST_SETTINGS = const(1)  # lost_other's bits: a settings record was lost,
LOST_ACHIEVEMENTS = const(2)  # an achievements one,
LOST_UNKNOWN = const(4)  # or damaged bytes no record could be told in,
LOST_UNREAD = const(8)  # or the sector could not be read at all: kept in memory only, the NVM left as it is
CHECKPOINT_EVERY = const(32)  # moves in a stream before the app writes a new checkpoint

_MEM_SIZE = const(4096)  # the log in memory when there is no NVM
_REC_SIZE = const(264)  # 5 + a 256-byte save image (saves.SIZE) + 3
ENTRY_SIZE = const(10)  # a stats entry
CP_HEAD = const(9)  # a checkpoint's flags, then its save's version, game, rule set, status and seed
_ACH_MASK = const(0x3FFFFFFF)  # achievements stay small ints on a 32-bit board
_PRACTICE = const(1)
_LOWER = const(1)  # stats entry flags
_HAS_BEST = const(2)


def _span(n):
    """The bytes a record of payload length n takes: n + 7, up to a multiple of 8."""
    return (n + 14) & 0x1F8


class Stats:
    """One game and rule set's stats: played, won, best (None before a
    scored game), streak, best_streak, lower_is_better."""

    def __init__(self, entry=None, at=0):
        if entry is None:
            self.played = self.won = self.streak = self.best_streak = 0
            self.best = None
            self.lower_is_better = False
            return
        self.played = entry[at + 1] | (entry[at + 2] << 8)
        self.won = entry[at + 3] | (entry[at + 4] << 8)
        best = entry[at + 5] | (entry[at + 6] << 8)
        self.best = (best - 0x10000 if best & 0x8000 else best) if entry[at + 9] & _HAS_BEST else None
        self.streak = entry[at + 7]
        self.best_streak = entry[at + 8]
        self.lower_is_better = bool(entry[at + 9] & _LOWER)


class Store:
    """The store over an NVM buffer (None, or one below MIN_SECTOR bytes:
    in memory only).  Loading reads and never writes.  What the app reads:

        persistent   False when there is no NVM to keep anything in
        reset        the sector held foreign or torn data (or a compaction was
                     cut): it loaded empty; say "saves were reset"
        blank        the sector was erased (a first boot, or a cut right after
                     a compaction's erase, which no byte can tell apart)
        lost_games   bit g: the game suspended in slot g was dropped (a damaged
                     record, a checkpoint that failed its load or its game's
                     checks, or no room left in the sector for it)
        lost_stats   bit g: a stats record of game g was lost (bit 0: of a game
                     the damage does not tell)
        lost_other   LOST_SETTINGS, LOST_ACHIEVEMENTS, LOST_UNKNOWN, LOST_UNREAD bits
        damaged      any of those three: something was lost; say what
        repaired     damaged records a twin stood in for or that were mended, or
                     a damaged header over sound records: nothing was lost
        stale        the sector still holds damage (lost or repaired) or a
                     forgotten game: settle() after a press writes it away
        settings     SETTINGS_SIZE bytes (SET_*); save_settings() keeps them
        achievements the bit mask earned (earn())"""

    def __init__(self, nvm):
        size = 0 if nvm is None else len(nvm)
        self.persistent = size >= MIN_SECTOR and size % 8 == 0
        if not self.persistent:
            nvm = None
            size = _MEM_SIZE
        self.nvm = nvm  # in memory: None until the first save makes the log
        self.size = size
        self.reset = False  # the sector held foreign or torn data: loaded empty
        self.blank = True  # the sector was erased: a first boot
        self.lost_games = 0  # what was lost, as Store's docstring says
        self.lost_stats = 0
        self.lost_other = 0
        self.repaired = 0
        self.stale = False  # the sector still holds what was lost or repaired: settle() writes it away
        self.claimed = False  # the sector has our valid header
        self.compacting = False  # True while a compaction writes (a power cut there loses all)
        self.generation = 0
        self.end = HEADER_SIZE  # where the next record goes
        self.seq = 0  # the next record's seq
        self.writes = 0  # nvm assignments made
        self.compactions = 0
        self.settings = bytearray(_DEFAULTS)
        self._saved = bytearray(_DEFAULTS)  # the settings as stored
        self.achievements = 0
        self._saved_ach = 0
        self._stats = {}  # key -> the 10-byte entry as stored
        self._cp = [0] * 16  # per slot (game id): its checkpoint's offset, 0 when none
        self._cp_len = [0] * 16  # its payload length
        self._moves = [0] * 16  # MOVE records after it
        self._net = [0] * 16  # the game's moves: the checkpoint's, plus moves, minus undos
        self._head = bytearray(16 * CP_HEAD)  # per slot: its checkpoint's first bytes, as loaded
        self._rec = bytearray(_REC_SIZE)
        self._view = memoryview(self._rec)
        self._move_body = self._view[0:7]
        self._win = None
        self._top = 0
        self._hurt = -1  # store_log.records()'s findings
        self._mended = 0
        if self.persistent:
            try:
                _log("load", self)
            except Exception:  # a fault of this firmware's reading: keep the sector for one that reads it
                self.__init__(None)
                self.lost_other = LOST_UNREAD

    @property
    def damaged(self):
        """Something was lost: lost_games, lost_stats or lost_other say what."""
        return bool(self.lost_games or self.lost_stats or self.lost_other)

    # -- what the screens ask ------------------------------------------------
    def save_settings(self):
        """Append a SETTINGS record if the settings changed since the last
        save; True when one was written."""
        if self.settings == self._saved:
            return False
        self._rec[4:4 + SETTINGS_SIZE] = self.settings
        if not self._append(REC_SETTINGS << 4, SETTINGS_SIZE, 0, True):
            return False
        self._saved[:] = self.settings
        return True

    def stats(self, game_id, rules):
        """The Stats of a game and rule set (all 0, best None, before any)."""
        return Stats(self._stats.get((game_id << 4) | rules))

    def earn(self, bits, at_once=False):
        """OR achievement bits (0-29) in; they are written with the next
        RESULT (or drop), or now with at_once."""
        self.achievements |= bits & _ACH_MASK
        if at_once:
            self.save_achievements()

    def save_achievements(self):
        """Append an ACHIEVEMENTS record if earn() added bits since the last write."""
        if self.achievements == self._saved_ach:
            return False
        self._put_ach(0)
        if not self._append(REC_ACHIEVEMENTS << 4, 4, 0, True):
            return False
        self._saved_ach = self.achievements
        return True

    def result(self, game_id, rules, won, score, practice, higher_is_better=True):
        """A game of that slot is over: one RESULT record closes the slot's
        stream and, unless practice, updates the stats of (game_id, rules):
        played, won, streaks, and best when score is not None.  Achievements
        earned since the last write go in the same record.  Returns True when
        score is a new best (False for practice)."""
        rec = self._rec
        n = 0
        new_best = False
        key = (game_id << 4) | rules
        if not practice:
            old = self._stats.get(key)
            if old is None:
                for i in range(ENTRY_SIZE):
                    rec[4 + i] = 0
            else:
                rec[4:4 + ENTRY_SIZE] = old
            rec[4] = key
            _bump(rec, 5)
            if won:
                _bump(rec, 7)
                if rec[11] < 255:
                    rec[11] += 1
                if rec[11] > rec[12]:
                    rec[12] = rec[11]
            else:
                rec[11] = 0
            flags = rec[13] & ~_LOWER
            if not higher_is_better:
                flags |= _LOWER
            if score is not None:
                score = -0x8000 if score < -0x8000 else (0x7FFF if score > 0x7FFF else score)
                best = rec[9] | (rec[10] << 8)
                if best & 0x8000:
                    best -= 0x10000
                if not flags & _HAS_BEST or (score > best if higher_is_better else score < best):
                    new_best = True
                    rec[9] = score & 0xFF
                    rec[10] = (score >> 8) & 0xFF
                    flags |= _HAS_BEST
            rec[13] = flags
            n = ENTRY_SIZE
        if self.achievements != self._saved_ach:
            n = self._put_ach(n)
        if n == 0 and not self._cp[game_id]:
            return False
        if not self._append((REC_RESULT << 4) | game_id, n, 0, True):
            return False
        self._cp[game_id] = 0
        if not practice:
            self._stats[key] = bytearray(rec[4:4 + ENTRY_SIZE])
        self._saved_ach = self.achievements
        return new_best

    def checkpoint(self, game, practice=False):
        """A CHECKPOINT record of game (engine/saves.py's image) in its slot
        (game.GAME_ID): the slot's stream starts again from it.  Write one
        only at a barrier (game.can_undo() False): the undo log is not kept.
        True when written."""
        slot = game.GAME_ID
        self._rec[4] = _PRACTICE if practice else 0
        n = saves.save(game, self._view[5:5 + saves.SIZE]) + 1
        if n > MAX_PAYLOAD:
            raise ValueError("a save of more than %d bytes does not fit a record" % (MAX_PAYLOAD - 1))
        p = self._append((REC_CHECKPOINT << 4) | slot, n, 0)
        if not p:
            return False
        self._cp[slot] = p
        self._cp_len[slot] = n
        self._head[slot * CP_HEAD:(slot + 1) * CP_HEAD] = self._view[4:4 + CP_HEAD]
        self._moves[slot] = 0
        self._net[slot] = game.moves
        return True

    def move(self, game_id, move):
        """A MOVE record (move 0..254, or UNDO) in the slot's stream, written
        after the engine applied it and before the screen shows its result.
        False (nothing written) when the slot has no checkpoint.  Allocates
        nothing unless the sector is full and must be compacted."""
        if not self._cp[game_id]:
            return False
        self._rec[4] = move
        if not self._append((REC_MOVE << 4) | game_id, 1, game_id):
            return False
        self._moves[game_id] += 1
        self._net[game_id] += -1 if move == UNDO else 1
        return True

    def suspended(self, game_id):
        """None, or (rules, seed, moves, practice) of the game suspended in
        that slot: moves is the game's move count (the checkpoint's, plus the
        moves since, minus the undos); seed -1 for a deal from a given deck."""
        p = self._cp[game_id]
        if not p:
            return None
        head = self._head
        h = game_id * CP_HEAD
        if head[h + 5] & head[h + 6] & head[h + 7] & head[h + 8] == 0xFF:
            seed = -1
        else:
            seed = head[h + 5] | (head[h + 6] << 8) | (head[h + 7] << 16) | ((head[h + 8] & 0x3F) << 24)
        return (head[h + 3], seed, self._net[game_id], bool(head[h] & _PRACTICE))

    def saved_byte(self, game_id, i):
        """Byte i of the state (engine/game.py: its parts, then a byte each
        SAVED int) in the checkpoint of the game suspended in that slot, as
        the log holds it: a few words of a Continue line need no resume (the
        game's floor, say).  -1 when there is none, or i lies beyond it."""
        p = self._cp[game_id]
        if not p or i < 0 or saves.HEADER + i + 3 >= self._cp_len[game_id]:  # the payload: flags, image, CRC
            return -1
        return self.nvm[p + 5 + saves.HEADER + i]

    def since_checkpoint(self, game_id):
        """The move records in the slot's stream since its checkpoint (what
        the app counts towards CHECKPOINT_EVERY, carried over a resume)."""
        return self._moves[game_id] if self._cp[game_id] else 0

    def practice(self, game_id):
        """True when the game suspended in that slot is practice."""
        s = self.suspended(game_id)
        return bool(s and s[3])

    def resume(self, game_id, game_class):
        """The game suspended in that slot: save_checks.load() of its checkpoint,
        then its moves replayed (UNDO: game.undo(); any other move must play),
        stopping at the first that fails; the undo log is as it was.  None,
        and the slot dropped, when the checkpoint cannot be loaded.  When the
        replay stopped early, a new checkpoint of the game as resumed is
        written.  The game may already be over (a power cut between its last
        move and its result): the app then shows game over and records it."""
        if not self._cp[game_id]:
            return None
        return _log("resume", self, game_id, game_class)

    def drop(self, game_id):
        """Forget the game suspended in that slot without counting it."""
        n = self._put_ach(0) if self.achievements != self._saved_ach else 0
        if n == 0 and not self._cp[game_id]:
            return False
        if not self._append((REC_RESULT << 4) | game_id, n, 0, True):
            return False
        self._cp[game_id] = 0
        self._saved_ach = self.achievements
        return True

    def forget_unknown(self, rule_sets):
        """rule_sets[g]: how many rule sets game g has (0 or beyond its end:
        no such game).  A checkpoint of an unknown game, of a rule set its
        game lacks, or in another game's slot is not a suspended game: it is
        forgotten (settle() writes that) and counted in lost_games.  Call it
        once the store is loaded, before any screen asks suspended()."""
        _log("forget_unknown", self, rule_sets)

    def settle(self):
        """The player was told what was lost: forget it, and write the sector
        anew (a compaction) if it still holds the damage or a forgotten game,
        so that the next boot does not tell it again.  Call it after a press,
        never at start-up."""
        _log("settle", self)

    def free(self):
        """Bytes left for records before a compaction."""
        return self.size - self.end

    def maybe_compact(self):
        """Compact when less than KEEP_FREE bytes are free and compacting
        frees at least half a KiB: call it where a stall of up to half a
        second with the keys and display frozen costs nothing (game over,
        menus), never in play.  True when it compacted."""
        if not self.claimed or self.size - self.end >= KEEP_FREE:
            return False
        return _log("maybe_compact", self)

    def reset_stats(self):
        """Forget every stats entry and achievement (settings and suspended
        games are kept): a compaction."""
        self._stats = {}
        self.achievements = 0
        self._saved_ach = 0
        if self.claimed:
            _log("compact", self, 0)

    # -- the log -------------------------------------------------------------
    def _put_ach(self, n):
        """The achievements after the first n bytes of the record buffer's
        payload; returns the payload's length then."""
        a = self.achievements
        for i in range(4):
            self._rec[4 + n + i] = (a >> (8 * i)) & 0xFF
        return n + 4

    def _append(self, tag, n, slot, twin=False):
        """Write the record whose payload (n bytes) is in the record buffer:
        its body, then its commit byte; with twin, then again just after it
        with the same seq.  Compacts first if it does not fit; slot: a slot
        that must still be open then.  Its offset, 0 if not written."""
        span = _span(n)
        need = span + span if twin else span
        if not self.claimed or self.end + need > self.size:
            _log("compact", self, need, tag & 0x0F if tag >> 4 >= REC_CHECKPOINT else 0)
            if self.end + need > self.size or (slot and not self._cp[slot]):
                return 0
        rec = self._rec
        s = self.seq
        rec[0] = tag
        rec[1] = n
        rec[2] = s & 0xFF
        rec[3] = s >> 8
        c = crc16(rec, 0, n + 4)
        rec[n + 4] = c & 0xFF
        rec[n + 5] = c >> 8
        p = self.end
        nvm = self.nvm
        if n == 1:
            nvm[p:p + 7] = self._move_body
        else:
            nvm[p:p + n + 6] = self._view[0:n + 6]
        nvm[p + n + 6:p + n + 7] = b"\x00"
        self.writes += 2
        if twin:
            q = p + span
            nvm[q:q + n + 6] = self._view[0:n + 6]
            nvm[q + n + 6:q + n + 7] = b"\x00"
            self.writes += 2
        self.end = p + need
        self.seq = (s + 1) & 0xFFFF
        return p

    def _read(self, p, n):
        """A copy of n bytes of the log at p."""
        return bytearray(self.nvm[p:p + n])


def _bump(buf, i):
    """Add 1 to the u16 at buf[i], up to 65535."""
    v = buf[i] | (buf[i + 1] << 8)
    if v < 0xFFFF:
        v += 1
    buf[i] = v & 0xFF
    buf[i + 1] = v >> 8


def _log(name, *args):
    """Call engine/store_log.py's function name: the module, and what it
    imports (engine/save_checks.py, to load a game), are imported for the
    call and let go after (a lease), so play never holds them."""
    from engine import lease

    return lease.call("engine.store_log", name, *args)

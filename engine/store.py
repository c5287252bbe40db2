"""The save store: settings, stats per game and rule set, achievements and one
suspended game per game, kept in the board's NVM sector as an append-only log
(../shared/persistence.md section 4).  Pure and portable: it works over any
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
               before it, commit byte 0x00 (written by a second nvm assignment),
               0xFF padding up to a multiple of 8 (a move record is 8 bytes)

    kind            payload                                   when loading
    1 SETTINGS      6 B (SET_* below)                         the last one wins
    2 ACHIEVEMENTS  4 B bit mask (bits 0-29)                  the last one wins
    3 STATS         10 B entry, its key byte first            the last one per key wins
    4 CHECKPOINT    flags (bit 0 practice), saves.py image    restarts the slot's stream
    5 MOVE          1 B move (UNDO: undo())                   appended to the slot's stream
    6 RESULT        [10 B stats entry] [4 B achievements]     closes the slot's stream
                    (0 B: dropped; 4 B: practice/dropped with achievements)

    a stats entry: key (game_id << 4 | rules), played u16, won u16, best s16,
                   streak u8, best streak u8, flags (bit 0 lower is better, bit 1 has a best)

A record counts when its CRC matches, its commit byte reads 0x00 and its seq
follows the last counted one; anything else (a torn record, garbage) is
stepped over 8 bytes at a time.  The next record goes after the last byte that
is not 0xFF (and after any torn record's whole length), with the seq a torn
record had, so counted records follow each other without gaps: a gap means a
committed record was damaged, and the suspended games open across it are
dropped (self.damaged).

Loading (Store(nvm)) reads only, never writes: a blank sector is a first boot;
a foreign or torn one loads empty with self.reset True (the app says "saves
were reset").  The first save claims the sector with a compaction, which on a
blank sector only programs (no erase).

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
  * result(...) once a game is over; drop(game_id) to forget one unscored.

Memory: one 264-byte record buffer (every save is built in it; a move record is
written through preallocated memoryviews, so it allocates nothing), the
settings, a 10-byte entry per stats key, and four small lists of 16 ints.
Loading and walking the log read the sector 256 bytes at a time into a
512-byte window; a compaction holds the new sector image (len(nvm) bytes)
until it is written.  Without an NVM of at least MIN_SECTOR bytes the store
works the same in memory (self.persistent False), and keeps nothing.
"""

from engine import const, saves
from engine.saves import crc16  # one CRC-16/CCITT for saves and records

# Record kinds (the high nibble of a record's tag).
_SETTINGS = const(1)
_ACHIEVEMENTS = const(2)
_STATS = const(3)
_CHECKPOINT = const(4)
_MOVE = const(5)
_RESULT = const(6)

UNDO = const(0xFF)  # the move byte of "undo()": no game uses 0xFF as a move

# The settings: store.settings[SET_*].
SETTINGS_SIZE = const(6)
SET_CONTRAST = const(0)  # 0-3
SET_DIM = const(1)  # an index into DIM_SECONDS
SET_SLEEP = const(2)  # an index into SLEEP_MINUTES
SET_REPEAT = const(3)  # 0 slow, 1 normal, 2 fast
SET_LAST_GAME = const(4)  # the app's to use (game_id << 4 | rules, say)
SET_FLAGS = const(5)  # bit 0: hints learned
FLAG_HINTS_LEARNED = const(1)
DIM_SECONDS = (0, 15, 30, 60, 120)  # 0: never
SLEEP_MINUTES = (0, 1, 2, 5, 10)  # 0: never
_DEFAULTS = b"\x02\x02\x02\x01\x00\x00"  # contrast 2, dim 30 s, sleep 2 min, repeat normal
_LIMITS = b"\x04\x05\x05\x03"  # each of the first four settings is below this

HEADER_SIZE = const(16)
MAX_PAYLOAD = const(240)
MIN_SECTOR = const(1024)  # a smaller NVM (a SAMD21's 256 B) holds no store
KEEP_FREE = const(1024)  # maybe_compact() compacts when less is free
CHECKPOINT_EVERY = const(32)  # moves in a stream before the app writes a new checkpoint

_FORMAT = const(1)
_MEM_SIZE = const(4096)  # the log in memory when there is no NVM
_MIN_GAIN = const(512)  # maybe_compact() erases only when that frees this much
_REC_SIZE = const(264)  # 5 + a 256-byte save image (saves.SIZE) + 3
_ENTRY = const(10)  # a stats entry
_ACH_MASK = const(0x3FFFFFFF)  # achievements stay small ints on a 32-bit board
_GEN_MASK = const(0x3FFFFFFF)  # and so does the generation
_PRACTICE = const(1)
_LOWER = const(1)  # stats entry flags
_HAS_BEST = const(2)
_NO_LAST = const(-1)  # _records(): accept the first record whatever its seq


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
        damaged      suspended games were dropped: a committed record was
                     damaged, or the sector had no room left for them
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
        self.damaged = False  # a committed record was damaged: suspended games across it dropped
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
        self._rec = bytearray(_REC_SIZE)
        self._view = memoryview(self._rec)
        self._move_body = self._view[0:7]
        self._win = None
        self._top = 0
        if self.persistent:
            self._load()

    # -- what the screens ask ------------------------------------------------
    def save_settings(self):
        """Append a SETTINGS record if the settings changed since the last
        save; True when one was written."""
        if self.settings == self._saved:
            return False
        self._rec[4:4 + SETTINGS_SIZE] = self.settings
        if not self._append(_SETTINGS << 4, SETTINGS_SIZE, 0):
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
        if not self._append(_ACHIEVEMENTS << 4, 4, 0):
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
                for i in range(_ENTRY):
                    rec[4 + i] = 0
            else:
                rec[4:4 + _ENTRY] = old
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
            n = _ENTRY
        if self.achievements != self._saved_ach:
            n = self._put_ach(n)
        if n == 0 and not self._cp[game_id]:
            return False
        if not self._append((_RESULT << 4) | game_id, n, 0):
            return False
        self._cp[game_id] = 0
        if not practice:
            self._stats[key] = bytearray(rec[4:4 + _ENTRY])
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
        p = self._append((_CHECKPOINT << 4) | slot, n, 0)
        if not p:
            return False
        self._cp[slot] = p
        self._cp_len[slot] = n
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
        if not self._append((_MOVE << 4) | game_id, 1, game_id):
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
        head = self._read(p + 4, 11)  # flags, then the save's first 10 bytes
        if head[5] & head[6] & head[7] & head[8] == 0xFF:
            seed = -1
        else:
            seed = head[5] | (head[6] << 8) | (head[7] << 16) | ((head[8] & 0x3F) << 24)
        return (head[3], seed, self._net[game_id], bool(head[0] & _PRACTICE))

    def since_checkpoint(self, game_id):
        """The move records in the slot's stream since its checkpoint (what
        the app counts towards CHECKPOINT_EVERY, carried over a resume)."""
        return self._moves[game_id] if self._cp[game_id] else 0

    def practice(self, game_id):
        """True when the game suspended in that slot is practice."""
        s = self.suspended(game_id)
        return bool(s and s[3])

    def resume(self, game_id, game_class):
        """The game suspended in that slot: saves.load() of its checkpoint,
        then its moves replayed (UNDO: game.undo(); any other move must play),
        stopping at the first that fails; the undo log is as it was.  None,
        and the slot dropped, when the checkpoint cannot be loaded.  When the
        replay stopped early, a new checkpoint of the game as resumed is
        written.  The game may already be over (a power cut between its last
        move and its result): the app then shows game over and records it."""
        p = self._cp[game_id]
        if not p:
            return None
        image = self._read(p + 5, self._cp_len[game_id] - 1)
        try:
            game = saves.load(game_class, image, len(game_class.RULE_NAMES))
        except (ValueError, IndexError):
            self.drop(game_id)
            return None
        image = None
        whole = True
        tag = (_MOVE << 4) | game_id
        for q, i, t, n, gap in self._records(p, _NO_LAST, self.end):
            if q == p:
                continue
            if gap or (t & 0x0F == game_id and t != tag):
                whole = False
                break
            if t == tag:
                mv = self._win[i + 4]
                if (game.undo() < 0) if mv == UNDO else game.play(mv):
                    whole = False
                    break
        self._win = None
        if not whole:
            self.checkpoint(game, self.practice(game_id))
        return game

    def drop(self, game_id):
        """Forget the game suspended in that slot without counting it."""
        n = self._put_ach(0) if self.achievements != self._saved_ach else 0
        if n == 0 and not self._cp[game_id]:
            return False
        if not self._append((_RESULT << 4) | game_id, n, 0):
            return False
        self._cp[game_id] = 0
        self._saved_ach = self.achievements
        return True

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
        if self.end - self._live() < _MIN_GAIN:
            return False
        self._compact(0)
        return True

    def reset_stats(self):
        """Forget every stats entry and achievement (settings and suspended
        games are kept): a compaction."""
        self._stats = {}
        self.achievements = 0
        self._saved_ach = 0
        if self.claimed:
            self._compact(0)

    # -- the log -------------------------------------------------------------
    def _put_ach(self, n):
        """The achievements after the first n bytes of the record buffer's
        payload; returns the payload's length then."""
        a = self.achievements
        for i in range(4):
            self._rec[4 + n + i] = (a >> (8 * i)) & 0xFF
        return n + 4

    def _append(self, tag, n, slot):
        """Write the record whose payload (n bytes) is in the record buffer:
        its body, then its commit byte.  Compacts first if it does not fit;
        slot: a slot that must still be open then.  Its offset, 0 if not written."""
        span = _span(n)
        if not self.claimed or self.end + span > self.size:
            self._compact(span, tag & 0x0F if tag >> 4 >= _CHECKPOINT else 0)
            if self.end + span > self.size or (slot and not self._cp[slot]):
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
        self.end = p + span
        self.seq = (s + 1) & 0xFFFF
        return p

    def _read(self, p, n):
        """A copy of n bytes of the log at p."""
        return bytearray(self.nvm[p:p + n])

    def _fill(self, w):
        """The window: the log's bytes w .. w + 512, read 256 at a time."""
        win = self._win
        for half in (0, 256):
            a = w + half
            b = a + 256 if a + 256 < self.size else self.size
            if a < b:
                win[half:half + b - a] = self.nvm[a:b]

    def _records(self, p, last, stop):
        """Each counted record from p to stop, as (offset, index in
        self._win, tag, payload length, gap); last: the seq before p's
        (_NO_LAST: take p's whatever it is).  Sets self._top: the end of the
        last byte not 0xFF or torn record's length seen, up to a multiple of 8."""
        self._win = win = bytearray(512)
        w = -1024
        top = p
        while p + 8 <= stop:
            if p < w or p + 8 > w + 512:
                w = p & -256
                self._fill(w)
            i = p - w
            tag = win[i]
            kind = tag >> 4
            if tag != 0xFF and _SETTINGS <= kind <= _RESULT and win[i + 1] <= MAX_PAYLOAD:
                n = win[i + 1]
                span = _span(n)
                if p + span <= stop:
                    if p + span > top:
                        top = p + span  # a torn record keeps its whole length
                    if p + span > w + 512:
                        w = p & -256
                        self._fill(w)
                        i = p - w
                    seq = win[i + 2] | (win[i + 3] << 8)
                    d = 1 if last == _NO_LAST else (seq - last) & 0xFFFF
                    if (0 < d < 0x8000 and win[i + n + 6] == 0
                            and crc16(win, i, i + n + 4) == win[i + n + 4] | (win[i + n + 5] << 8)):
                        yield p, i, tag, n, d != 1
                        last = seq
                        p += span
                        continue
            if p + 8 > top:
                for j in range(i, i + 8):
                    if win[j] != 0xFF:
                        top = p + 8
                        break
            p += 8
        self._top = top

    def _load(self):
        nvm = self.nvm
        head = nvm[0:HEADER_SIZE]
        if (head[0:4] == b"DKCR" and head[4] == _FORMAT and head[5] == 0
                and crc16(head, 0, 14) == head[14] | (head[15] << 8)):
            self.claimed = True
            self.blank = False
            self.generation = head[6] | (head[7] << 8) | (head[8] << 16) | ((head[9] & 0x3F) << 24)
        else:
            for b in head:
                if b != 0xFF:
                    self.blank = False
            a = HEADER_SIZE
            while self.blank and a < self.size:
                for b in nvm[a:a + 256]:
                    if b != 0xFF:
                        self.blank = False
                        break
                a += 256
            self.reset = not self.blank
            return
        last = 0xFFFF  # the first record has seq 0
        for p, i, tag, n, gap in self._records(HEADER_SIZE, last, self.size):
            if gap:
                self.damaged = self.damaged or any(self._cp)
                for s in range(16):
                    self._cp[s] = 0
            self._apply(p, i, tag, n)
            last = self._win[i + 2] | (self._win[i + 3] << 8)
        self.seq = (last + 1) & 0xFFFF
        self.end = self._top if self._top > HEADER_SIZE else HEADER_SIZE
        self._win = None

    def _apply(self, p, i, tag, n):
        """A counted record, at load."""
        win = self._win
        kind = tag >> 4
        slot = tag & 0x0F
        i += 4
        if kind == _SETTINGS and n == SETTINGS_SIZE:
            for k in range(SETTINGS_SIZE):
                v = win[i + k]
                self._saved[k] = v if k >= 4 or v < _LIMITS[k] else _DEFAULTS[k]
            self.settings[:] = self._saved
        elif kind == _ACHIEVEMENTS and n == 4:
            self._load_ach(win, i)
        elif kind == _STATS and n == _ENTRY:
            self._stats[win[i]] = bytearray(win[i:i + _ENTRY])
        elif kind == _CHECKPOINT and n > 10:
            self._cp[slot] = p
            self._cp_len[slot] = n
            self._moves[slot] = 0
            self._net[slot] = win[i + 9] | (win[i + 10] << 8)
        elif kind == _MOVE and n == 1:
            if self._cp[slot]:
                self._moves[slot] += 1
                self._net[slot] += -1 if win[i] == UNDO else 1
        elif kind == _RESULT:
            self._cp[slot] = 0
            if n >= _ENTRY:
                self._stats[win[i]] = bytearray(win[i:i + _ENTRY])
            if n == 4 or n == _ENTRY + 4:
                self._load_ach(win, i + n - 4)

    def _load_ach(self, buf, i):
        a = buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | ((buf[i + 3] & 0x3F) << 24)
        self.achievements = self._saved_ach = a

    def _live(self):
        """The bytes a compaction would write."""
        n = HEADER_SIZE + _span(_ENTRY) * len(self._stats)
        if self._saved != _DEFAULTS:
            n += _span(SETTINGS_SIZE)
        if self._saved_ach:
            n += _span(4)
        for s in range(16):
            if self._cp[s]:
                n += _span(self._cp_len[s]) + 8 * self._moves[s]
        return n

    def _compact(self, need, keep=0):
        """Rewrite the log with only what is live, renumbered from seq 0: the
        whole sector with the header erased, then the header (the commit
        point).  need: bytes the next record needs.  When the live records
        and it do not fit, suspended games are dropped (self.damaged) until
        they do: the longest first, the game of slot keep (the one being
        written) last."""
        size = self.size
        while self._live() + need > size:
            longest = 0
            for s in range(16):
                if self._cp[s] and (not longest or longest == keep or (s != keep and self._cp_len[s] + 8 * self._moves[s]
                                    > self._cp_len[longest] + 8 * self._moves[longest])):
                    longest = s
            if not longest:
                break
            self._cp[longest] = 0
            self.damaged = True
        image = bytearray(size)
        ff = b"\xff" * 256
        view = memoryview(image)
        for a in range(0, size, 256):
            b = a + 256 if a + 256 < size else size
            view[a:b] = ff[0:b - a]
        ff = None
        q = HEADER_SIZE
        seq = 0
        if self._saved != _DEFAULTS:
            image[q + 4:q + 4 + SETTINGS_SIZE] = self._saved
            q = _emit(image, q, seq, _SETTINGS << 4, SETTINGS_SIZE)
            seq += 1
        if self._saved_ach:
            a = self._saved_ach
            for i in range(4):
                image[q + 4 + i] = (a >> (8 * i)) & 0xFF
            q = _emit(image, q, seq, _ACHIEVEMENTS << 4, 4)
            seq += 1
        for key in sorted(self._stats):
            image[q + 4:q + 4 + _ENTRY] = self._stats[key]
            q = _emit(image, q, seq, _STATS << 4, _ENTRY)
            seq += 1
        cps = [0] * 16
        for s in range(16):
            p = self._cp[s]
            if not p:
                continue
            cps[s] = q
            moves = 0
            tag = (_MOVE << 4) | s
            for r, i, t, n, gap in self._records(p, _NO_LAST, self.end):
                if r != p:
                    if gap or (t & 0x0F == s and t != tag):
                        break
                    if t != tag:
                        continue
                    moves += 1
                view[q + 4:q + 4 + n] = memoryview(self._win)[i + 4:i + 4 + n]
                q = _emit(image, q, seq, t, n)
                seq += 1
            self._moves[s] = moves
        self._win = None
        header = bytearray(HEADER_SIZE)
        header[0:4] = b"DKCR"
        header[4] = _FORMAT
        g = (self.generation + 1) & _GEN_MASK
        for i in range(4):
            header[6 + i] = (g >> (8 * i)) & 0xFF
        c = crc16(header, 0, 14)
        header[14] = c & 0xFF
        header[15] = c >> 8
        self.compacting = True
        if self.persistent:
            self.nvm[0:size] = image  # the erase (unless the sector is blank), header left erased
            self.nvm[0:HEADER_SIZE] = header  # the commit point
            self.writes += 2
        else:
            image[0:HEADER_SIZE] = header
            self.nvm = image
        self.compacting = False
        self.compactions += 1
        self.claimed = True
        self.generation = g
        self.end = q
        self.seq = seq
        for s in range(16):
            self._cp[s] = cps[s]


def _emit(image, q, seq, tag, n):
    """Finish the record at q of image whose payload is in place; returns the
    offset after it."""
    image[q] = tag
    image[q + 1] = n
    image[q + 2] = seq & 0xFF
    image[q + 3] = seq >> 8
    c = crc16(image, q, q + n + 4)
    image[q + n + 4] = c & 0xFF
    image[q + n + 5] = c >> 8
    image[q + n + 6] = 0
    return q + _span(n)


def _bump(buf, i):
    """Add 1 to the u16 at buf[i], up to 65535."""
    v = buf[i] | (buf[i + 1] << 8)
    if v < 0xFFFF:
        v += 1
    buf[i] = v & 0xFF
    buf[i + 1] = v >> 8

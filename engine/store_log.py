"""The save store's log work that play never needs: loading the sector,
walking its records, replaying a suspended game's stream (resume) and
compacting.  engine/store.py imports this module for one of those and
releases it at once, so it is not in the heap during play (a compaction in
play, when the sector is full, loads it for that moment).  Each function
takes the Store (engine/store.py has the format and the reasons).

Memory: code only; a walk holds a 512-byte window, a compaction the new
sector image (len(nvm) bytes), both freed when it returns.
"""

from engine import const
from engine.saves import VERSION, crc16
from engine.store import (
    _DEFAULTS, CP_HEAD, ENTRY_SIZE, HEADER_SIZE, LOST_ACHIEVEMENTS, LOST_SETTINGS, LOST_UNKNOWN, MAX_PAYLOAD,
    REC_ACHIEVEMENTS, REC_CHECKPOINT, REC_MOVE, REC_RESULT, REC_SETTINGS, REC_STATS, SETTINGS_SIZE, UNDO, _span,
)

_MIN_GAIN = const(512)  # maybe_compact() erases only when that frees this much
_GEN_MASK = const(0x3FFFFFFF)  # the generation stays a small int on a 32-bit board
_NO_LAST = const(-1)  # records(): accept the first record whatever its seq
_LIMITS = b"\x04\x05\x05\x03"  # each of the first four settings is below this
_OLD_SETTINGS_SIZE = const(6)  # a SETTINGS record written before SET_DEALS2
_MAGIC = b"DKCR\x01\x00"  # a header's first bytes: the magic, format 1, 0
_NONE = const(-1)  # self._hurt: no damaged record since the last counted one


def forget_unknown(self, rule_sets):
    """Store.forget_unknown()'s work."""
    head = self._head
    for s in range(16):
        h = s * CP_HEAD + 1  # the save's version, game and rule set
        if self._cp[s]:
            if (head[h] != VERSION or head[h + 1] != s or s >= len(rule_sets)
                    or head[h + 2] >= rule_sets[s]):
                self._cp[s] = 0
                self.lost_games |= 1 << s
                self.stale = True


def settle(self):
    """Store.settle()'s work."""
    if self.stale:
        self.stale = False
        compact(self, 0)
    self.lost_games = self.lost_stats = self.lost_other = 0
    self.repaired = 0


def maybe_compact(self):
    """Store.maybe_compact()'s second half: compact when that frees _MIN_GAIN."""
    if self.end - live(self) < _MIN_GAIN:
        return False
    compact(self, 0)
    return True


def resume(self, game_id, game_class):
    """Store.resume()'s work (its docstring says what it does)."""
    p = self._cp[game_id]
    if not p:
        return None
    game = None
    whole = True
    tag = (REC_MOVE << 4) | game_id
    for q, i, t, n, gap in records(self, p, _NO_LAST, self.end):
        if game is None:  # the checkpoint, as the walk read it (mended, if it had to be)
            if q == p:
                game = _load(game_class, self._win[i + 5:i + 4 + n])
            if game is None:
                break
            continue
        if t & 0x0F == game_id and t != tag:  # a gap is no break: load dropped what one could break
            whole = False
            break
        if t == tag:
            mv = self._win[i + 4]
            if (game.undo() < 0) if mv == UNDO else game.play(mv):
                whole = False
                break
    self._win = None
    if game is None:
        self.drop(game_id)
        self.lost_games |= 1 << game_id
        return None
    if not whole:
        self.checkpoint(game, self.practice(game_id))
    return game


def _load(game_class, image):
    """save_checks.load() of a checkpoint's image; None when it fails."""
    try:
        from engine import save_checks  # a large module: only a resume loads it (released with this one)

        return save_checks.load(game_class, image, len(game_class.RULE_NAMES))
    except (ValueError, IndexError):  # SaveError is a ValueError
        return None


def fill(self, w):
    """The window: the log's bytes w .. w + 512, read 256 at a time."""
    win = self._win
    for half in (0, 256):
        a = w + half
        b = a + 256 if a + 256 < self.size else self.size
        if a < b:
            win[half:half + b - a] = self.nvm[a:b]


def records(self, p, last, stop):
    """Each counted record from p to stop, as (offset, index in
    self._win, tag, payload length, gap: 0, or how many seqs were skipped);
    last: the seq before p's (_NO_LAST: take p's whatever it is).

    A record counts when its CRC is right and its commit byte is not 0xFF
    (the commit is written after the rest, so a body is whole once any bit
    of it went down).  A twin (the same seq as the last counted record) is
    passed over.  Where the writer put the next record (just after the last
    counted one, or after a torn one there) a record that does not count
    is one of these, told apart by what a cut cannot leave:
      * a twin one or a few bits off the record before: as good as whole;
      * mended by _mend() when one flipped bit explains it (a move or a
        checkpoint), or its tag and length bytes were what was hurt;
      * torn: its tag and length sound, its commit byte at that length 0xFF
        (only a flipped bit of its length can mend that);
      * else damaged when committed: self._hurt says what hint() made of it
        while the next record is yielded and once the walk ends (_NONE:
        nothing damaged since the record before).
    self._mended counts the twins and records put right.  Sets self._top:
    the end of the last byte not 0xFF or torn record's length seen, up to a
    multiple of 8."""
    self._win = win = bytearray(512)
    self._hurt = _NONE
    w = -1024
    top = p
    expect = p  # where the writer put the next record
    twin = 0  # the span of the last counted record while its twin is due there, else 0
    while p + 8 <= stop:
        if p < w or p + 8 > w + 512:
            w = p & -256
            fill(self, w)
        i = p - w
        tag = win[i]
        kind = tag >> 4
        n = win[i + 1]
        span = _span(n)
        sound = tag != 0xFF and REC_SETTINGS <= kind <= REC_RESULT and n <= MAX_PAYLOAD and p + span <= stop
        committed = False
        if sound:
            if p + span > top:
                top = p + span  # a torn record keeps its whole length
            if p + span > w + 512:
                w = p & -256
                fill(self, w)
                i = p - w
            seq = win[i + 2] | (win[i + 3] << 8)
            d = 1 if last == _NO_LAST else (seq - last) & 0xFFFF
            committed = win[i + n + 6] != 0xFF
            if committed and crc16(win, i, i + n + 4) == win[i + n + 4] | (win[i + n + 5] << 8):
                if d < 0x8000:
                    if d:
                        yield p, i, tag, n, d - 1
                        self._hurt = _NONE
                        last = seq
                        twin = span if REC_SETTINGS <= kind <= REC_STATS or kind == REC_RESULT else 0
                    else:  # the twin of the last one
                        twin = 0
                    p += span
                    expect = p
                    continue
        if p == expect and tag != 0xFF:
            if twin:
                if p - twin < w or p + twin > w + 512:
                    w = (p - twin) & -256
                    fill(self, w)
                    i = p - w
                if _near(win, i - twin, i, twin):  # the twin, a bit or three off
                    self._mended += 1
                    p += twin
                    expect = p
                    twin = 0
                    continue
                twin = 0
            if p + 256 > w + 512:
                w = p & -256
                fill(self, w)
                i = p - w
            if _mend(win, i, p, stop, last, sound and not committed):
                self._mended += 1
                continue  # counts now
            if not sound or committed:  # not torn
                if sound:
                    if self._hurt == _NONE:
                        self._hurt = hint(win, i, tag, n)
                elif n <= MAX_PAYLOAD and p + span <= stop and win[i + n + 6] == 0 and _erased(win[i + n + 7:i + span]):
                    if self._hurt == _NONE:  # committed at the length it says, but its tag hurt
                        self._hurt = _STREAM if n == 1 else 0
                else:
                    sound = False
                    span = 0
            if sound or span:
                expect = p + span  # torn or damaged: the next one follows it
        if p + 8 > top:
            for j in range(i, i + 8):
                if win[j] != 0xFF:
                    top = p + 8
                    break
        p += 8
    self._top = top


def _near(win, a, b, n):
    """win[b:b + n] is within three bits of win[a:a + n]."""
    bits = 0
    for k in range(n):
        x = win[a + k] ^ win[b + k]
        while x:
            bits += 1
            x &= x - 1
        if bits > 3:
            return False
    return True


def _mend(win, i, p, stop, last, torn):
    """Put right the record at win[i] (offset p) when exactly one flipped
    bit makes it a sound, committed move or checkpoint with the seq after
    last, or (unless it looks torn: torn True) its tag and length bytes
    were what was hurt: flip it back in win and return True.  CRC-16/CCITT
    tells every single-bit error in a record apart; a checkpoint carries
    the save's own CRC besides, and a move must still play at resume.  The
    other kinds are written twice instead.  A torn record keeps its kind
    and length, and no flipped bit of its length makes a move or, past two
    CRCs, a checkpoint of it."""
    found = -1
    n0 = win[i + 1]
    for f in range(8 if torn else 9):  # the length with bit f flipped, or as read (f 8)
        n = n0 if f == 8 else n0 ^ (1 << f)
        if n > MAX_PAYLOAD or p + _span(n) > stop or win[i + n + 6] == 0xFF:
            continue  # too long, or never committed at that length: torn, not damaged
        win[i + 1] = n
        syn = crc16(win, i, i + n + 4) ^ (win[i + n + 4] | (win[i + n + 5] << 8))
        win[i + 1] = n0
        if f < 8:
            at = ((i + 1) << 3) | f if syn == 0 else -1
        elif syn == 0 or syn & (syn - 1) == 0:
            at = -2 if syn else -1  # a bit of the stored CRC itself (or no error: not ours)
        else:
            at = -1
            e = 0x1021  # what flipping the message's last bit does to its CRC; each bit before: times x
            for j in range(((i + n + 4) << 3) - 1, (i << 3) - 1, -1):
                if e == syn:
                    at = (j & -8) | (7 - (j & 7))
                    break
                e = ((e << 1) ^ 0x1021) & 0xFFFF if e & 0x8000 else e << 1
        if at == -1:
            continue
        if at >= 0:
            win[at >> 3] ^= 1 << (at & 7)
        ok = _fits(win, i, last, n)
        if at >= 0:
            win[at >> 3] ^= 1 << (at & 7)
        if ok:
            if found != -1:
                return False  # two ways to mend it: neither is sure
            found = (f, at, n)
    if found == -1:
        return False if torn else _mend_head(win, i, p, stop, last)
    f, at, n = found
    if at >= 0:
        win[at >> 3] ^= 1 << (at & 7)
    else:  # a bit of the stored CRC: write it right
        c = crc16(win, i, i + n + 4)
        win[i + n + 4] = c & 0xFF
        win[i + n + 5] = c >> 8
    return True


def _mend_head(win, i, p, stop, last):
    """Put right the record at win[i] when its tag and length bytes are what
    is hurt (then nothing tells its end, and it may look torn): the one
    length whose commit byte reads 0x00 with erased padding after it, and
    the one tag of a move or checkpoint, that make it sound.  A checkpoint's
    save must pass its own CRC too.  True when mended in win."""
    found = 0
    tag0 = win[i]
    n0 = win[i + 1]
    for n in range(1, MAX_PAYLOAD + 1):
        span = _span(n)
        if (n > 1 and n < 11) or p + span > stop or win[i + n + 6] != 0:
            continue
        j = i + n + 7
        while j < i + span and win[j] == 0xFF:
            j += 1
        if j < i + span:
            continue
        slots = range(16) if n == 1 else (win[i + 6],)  # a checkpoint's slot is its save's game
        for slot in slots:
            if slot > 15:
                continue
            win[i] = ((REC_MOVE if n == 1 else REC_CHECKPOINT) << 4) | slot
            win[i + 1] = n
            if crc16(win, i, i + n + 4) == win[i + n + 4] | (win[i + n + 5] << 8) and _fits(win, i, last, n):
                if found:
                    found = -1  # two ways: neither is sure
                else:
                    found = (win[i] << 8) | n
    if found > 0:
        win[i] = found >> 8
        win[i + 1] = found & 0xFF
        return True
    win[i] = tag0
    win[i + 1] = n0
    return False


def _fits(win, i, last, n):
    """The record at win[i], as mended, is a move or a checkpoint (whose
    save's own CRC holds) of the length n, with the seq after last."""
    kind = win[i] >> 4
    seq = win[i + 2] | (win[i + 3] << 8)
    if last != _NO_LAST and (seq - last) & 0xFFFF != 1:
        return False
    if kind == REC_MOVE:
        return n == 1
    return kind == REC_CHECKPOINT and n > 10 and crc16(win, i + 5, i + n + 2) == win[i + n + 2] | (win[i + n + 3] << 8)


def load(self):
    nvm = self.nvm
    head = nvm[0:HEADER_SIZE]
    self.blank = False
    if head[0:6] == _MAGIC and crc16(head, 0, 14) == head[14] | (head[15] << 8):
        self.claimed = True
        self.generation = head[6] | (head[7] << 8) | (head[8] << 16) | ((head[9] & 0x3F) << 24)
    elif (_erased(head) or crc16(head, 0, 14) == head[14] | (head[15] << 8) or not _ours(head)
          or not _sound_after(self)):
        # erased (the sector, or a compaction cut before its commit): a first
        # boot if every byte is; else foreign data (another format's header,
        # a header wiped on purpose), or a damaged header over no sound
        # record: empty
        self.blank = _erased(head)
        a = HEADER_SIZE
        while self.blank and a < self.size:
            self.blank = _erased(nvm[a:a + 256])
            a += 256
        self.reset = not self.blank
        return
    else:  # a header damaged, or cut while it was programmed, over a sound log
        self.repaired += 1
        self.stale = True  # claimed stays False: the first save writes the sector anew
    last = 0xFFFF  # the first record has seq 0
    self._mended = 0
    broken = 0  # slots whose stream lost a record, unless one restarts or closes it
    for p, i, tag, n, gap in records(self, HEADER_SIZE, last, self.size):
        hurt = self._hurt
        if gap or hurt != _NONE:
            self.stale = True
            if gap:
                broken |= _lose(self, hurt if gap == 1 else _NONE)
            else:
                self.repaired += 1  # its twin stands in
        kind = tag >> 4
        slot = tag & 0x0F
        if kind == REC_CHECKPOINT or kind == REC_RESULT:
            broken &= ~(1 << slot)
        elif kind == REC_MOVE and not self._cp[slot]:
            broken |= 1 << slot  # a move of a game whose checkpoint is gone
        apply(self, p, i, tag, n)
        last = self._win[i + 2] | (self._win[i + 3] << 8)
    if self._hurt != _NONE:  # a damaged record last: as a gap after it
        self.stale = True
        broken |= _lose(self, self._hurt)
    if self._mended:
        self.stale = True
        self.repaired += self._mended
    self.lost_games |= broken
    self.seq = (last + 1) & 0xFFFF
    self.end = self._top if self._top > HEADER_SIZE else HEADER_SIZE
    self._win = None


def _erased(buf):
    for b in buf:
        if b != 0xFF:
            return False
    return True


def _ours(head):
    """The header starts as ours would but for a bit or two rotted, or a
    program of it cut short (some of its 0 bits still 1)."""
    flips = 0
    torn = True
    for k in range(6):
        want = _MAGIC[k]
        x = head[k] ^ want
        while x:
            flips += 1
            x &= x - 1
        torn = torn and head[k] & want == want
    return torn or flips <= 2


def _sound_after(self):
    """True when the header's place is followed by a record that counts as
    a compaction writes the first one (seq 0): the header is what was hurt."""
    for p, i, tag, n, gap in records(self, HEADER_SIZE, 0xFFFF, HEADER_SIZE + 8 + _span(MAX_PAYLOAD)):
        self._win = None
        return p == HEADER_SIZE and not gap
    self._win = None
    return False


_STREAM = const(0x40)  # hint(): a record of a game's stream, slot not sure
_CHECKPOINT = const(0x80)  # a checkpoint, of the slot in bits 0-3
_RESULT = const(0x100)  # a result, of the slot in bits 0-3
_SETTINGS = const(0x10)
_ACHIEVEMENTS = const(0x20)
_STATS = const(0x200)  # << game: a stats entry of that game


def hint(win, i, tag, n):
    """What a damaged record at win[i] seems to have been, as bits (_STREAM
    ...): only what two of its fields agree on is believed (its kind and
    length, a checkpoint's slot and its save's game, a result's slot and
    its entry's), so that a bit rotted in one field cannot name the wrong
    thing; 0 when they agree on nothing."""
    kind = tag >> 4
    slot = tag & 0x0F
    i += 4
    if kind == REC_CHECKPOINT and n > 10:
        return (_CHECKPOINT | slot) if win[i + 2] == slot else _STREAM  # flags, version, game
    if kind == REC_MOVE and n == 1:
        return _STREAM
    if kind == REC_STATS and n == ENTRY_SIZE and slot == 0:
        return _STATS << (win[i] >> 4)
    if kind == REC_RESULT and n in (ENTRY_SIZE, ENTRY_SIZE + 4) and win[i] >> 4 == slot:
        return _RESULT | slot | (_STATS << slot) | (_ACHIEVEMENTS if n > ENTRY_SIZE else 0)
    if kind == REC_SETTINGS and slot == 0 and (n == SETTINGS_SIZE or n == _OLD_SETTINGS_SIZE):
        return _SETTINGS
    if kind == REC_ACHIEVEMENTS and slot == 0 and n == 4:
        return _ACHIEVEMENTS
    return 0


def _lose(self, hurt):
    """One committed record was lost (hurt: what hint() made of it), or
    more (hurt _NONE): drop the games it broke and count what it held.
    Unless it was surely a checkpoint or a record of no game's stream,
    every game open across it is dropped.  Returns the slots dropped."""
    slot = hurt & 0x0F
    if hurt == _NONE or hurt == 0 or hurt & _STREAM:
        broken = 0
        for s in range(16):
            if self._cp[s]:
                self._cp[s] = 0
                broken |= 1 << s
        if hurt == _NONE or hurt == 0:
            self.lost_other |= LOST_UNKNOWN  # nothing tells what it held
        return broken
    if hurt & _SETTINGS:
        self.lost_other |= LOST_SETTINGS
    if hurt & _ACHIEVEMENTS:
        self.lost_other |= LOST_ACHIEVEMENTS
    self.lost_stats |= (hurt >> 9) & 0xFFFF
    if hurt & _RESULT:
        self._cp[slot] = 0  # the game it closed is over, not lost
        return 0
    if hurt & _CHECKPOINT:
        self._cp[slot] = 0  # a checkpoint restarts the stream: the moves after it are the lost game's
        return 1 << slot
    return 0


def apply(self, p, i, tag, n):
    """A counted record, at load."""
    win = self._win
    kind = tag >> 4
    slot = tag & 0x0F
    i += 4
    if kind == REC_SETTINGS and n >= _OLD_SETTINGS_SIZE:
        # an older, shorter record: the bytes it lacks at their defaults; a
        # newer, longer one (a firmware put back): the bytes this one knows
        for k in range(SETTINGS_SIZE):
            v = win[i + k] if k < n else _DEFAULTS[k]
            self._saved[k] = v if k >= 4 or v < _LIMITS[k] else _DEFAULTS[k]
        self.settings[:] = self._saved
    elif kind == REC_ACHIEVEMENTS and n == 4:
        load_ach(self, win, i)
    elif kind == REC_STATS and n == ENTRY_SIZE:
        self._stats[win[i]] = bytearray(win[i:i + ENTRY_SIZE])
    elif kind == REC_CHECKPOINT and n > 10:
        self._cp[slot] = p
        self._cp_len[slot] = n
        self._head[slot * CP_HEAD:(slot + 1) * CP_HEAD] = win[i:i + CP_HEAD]
        self._moves[slot] = 0
        self._net[slot] = win[i + 9] | (win[i + 10] << 8)
    elif kind == REC_MOVE and n == 1:
        if self._cp[slot]:
            self._moves[slot] += 1
            self._net[slot] += -1 if win[i] == UNDO else 1
    elif kind == REC_RESULT:
        self._cp[slot] = 0
        if n >= ENTRY_SIZE:
            self._stats[win[i]] = bytearray(win[i:i + ENTRY_SIZE])
        if n == 4 or n == ENTRY_SIZE + 4:
            load_ach(self, win, i + n - 4)


def load_ach(self, buf, i):
    a = buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | ((buf[i + 3] & 0x3F) << 24)
    self.achievements = self._saved_ach = a


def live(self):
    """The bytes a compaction would write (what a player would miss twice)."""
    n = HEADER_SIZE + 2 * _span(ENTRY_SIZE) * len(self._stats)
    if self._saved != _DEFAULTS:
        n += 2 * _span(SETTINGS_SIZE)
    if self._saved_ach:
        n += 2 * _span(4)
    for s in range(16):
        if self._cp[s]:
            n += _span(self._cp_len[s]) + 8 * self._moves[s]
    return n


def compact(self, need, keep=0):
    """Rewrite the log with only what is live, renumbered from seq 0: the
    whole sector with the header erased, then the header (the commit
    point).  need: bytes the next record needs.  When the live records
    and it do not fit, suspended games are dropped (lost_games) until
    they do: the longest first, the game of slot keep (the one being
    written) last."""
    size = self.size
    while live(self) + need > size:
        longest = 0
        for s in range(16):
            if self._cp[s] and (not longest or longest == keep or (s != keep and self._cp_len[s] + 8 * self._moves[s]
                                > self._cp_len[longest] + 8 * self._moves[longest])):
                longest = s
        if not longest:
            break
        self._cp[longest] = 0
        self.lost_games |= 1 << longest
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
        q = _emit(image, q, seq, REC_SETTINGS << 4, SETTINGS_SIZE, True)
        seq += 1
    if self._saved_ach:
        a = self._saved_ach
        for i in range(4):
            image[q + 4 + i] = (a >> (8 * i)) & 0xFF
        q = _emit(image, q, seq, REC_ACHIEVEMENTS << 4, 4, True)
        seq += 1
    for key in sorted(self._stats):
        image[q + 4:q + 4 + ENTRY_SIZE] = self._stats[key]
        q = _emit(image, q, seq, REC_STATS << 4, ENTRY_SIZE, True)
        seq += 1
    cps = [0] * 16
    for s in range(16):
        p = self._cp[s]
        if not p:
            continue
        cps[s] = q
        moves = 0
        tag = (REC_MOVE << 4) | s
        for r, i, t, n, gap in records(self, p, _NO_LAST, self.end):
            if r != p:
                if t & 0x0F == s and t != tag:  # past a gap too, as resume() goes
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
    header[0:6] = _MAGIC
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


def _emit(image, q, seq, tag, n, twin=False):
    """Finish the record at q of image whose payload is in place, and with
    twin its copy after it; returns the offset after them."""
    image[q] = tag
    image[q + 1] = n
    image[q + 2] = seq & 0xFF
    image[q + 3] = seq >> 8
    c = crc16(image, q, q + n + 4)
    image[q + n + 4] = c & 0xFF
    image[q + n + 5] = c >> 8
    image[q + n + 6] = 0
    span = _span(n)
    if twin:
        image[q + span:q + span + n + 7] = image[q:q + n + 7]
        return q + span + span
    return q + span

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
from engine.saves import crc16
from engine.store import (
    _DEFAULTS, ENTRY_SIZE, HEADER_SIZE, MAX_PAYLOAD, REC_ACHIEVEMENTS, REC_CHECKPOINT, REC_MOVE, REC_RESULT,
    REC_SETTINGS, REC_STATS, SETTINGS_SIZE, UNDO, _span,
)

_FORMAT = const(1)
_MIN_GAIN = const(512)  # maybe_compact() erases only when that frees this much
_GEN_MASK = const(0x3FFFFFFF)  # the generation stays a small int on a 32-bit board
_NO_LAST = const(-1)  # records(): accept the first record whatever its seq
_LIMITS = b"\x04\x05\x05\x03"  # each of the first four settings is below this
_OLD_SETTINGS_SIZE = const(6)  # a SETTINGS record written before SET_DEALS2


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
    image = self._read(p + 5, self._cp_len[game_id] - 1)
    try:
        from engine import save_checks  # a large module: only a resume loads it (released with this one)

        game = save_checks.load(game_class, image, len(game_class.RULE_NAMES))
    except (ValueError, IndexError):
        self.drop(game_id)
        return None
    image = None
    whole = True
    tag = (REC_MOVE << 4) | game_id
    for q, i, t, n, gap in records(self, p, _NO_LAST, self.end):
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
    self._win, tag, payload length, gap); last: the seq before p's
    (_NO_LAST: take p's whatever it is).  Sets self._top: the end of the
    last byte not 0xFF or torn record's length seen, up to a multiple of 8."""
    self._win = win = bytearray(512)
    w = -1024
    top = p
    while p + 8 <= stop:
        if p < w or p + 8 > w + 512:
            w = p & -256
            fill(self, w)
        i = p - w
        tag = win[i]
        kind = tag >> 4
        if tag != 0xFF and REC_SETTINGS <= kind <= REC_RESULT and win[i + 1] <= MAX_PAYLOAD:
            n = win[i + 1]
            span = _span(n)
            if p + span <= stop:
                if p + span > top:
                    top = p + span  # a torn record keeps its whole length
                if p + span > w + 512:
                    w = p & -256
                    fill(self, w)
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

def load(self):
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
    for p, i, tag, n, gap in records(self, HEADER_SIZE, last, self.size):
        if gap:
            self.damaged = self.damaged or any(self._cp)
            for s in range(16):
                self._cp[s] = 0
        apply(self, p, i, tag, n)
        last = self._win[i + 2] | (self._win[i + 3] << 8)
    self.seq = (last + 1) & 0xFFFF
    self.end = self._top if self._top > HEADER_SIZE else HEADER_SIZE
    self._win = None

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
    """The bytes a compaction would write."""
    n = HEADER_SIZE + _span(ENTRY_SIZE) * len(self._stats)
    if self._saved != _DEFAULTS:
        n += _span(SETTINGS_SIZE)
    if self._saved_ach:
        n += _span(4)
    for s in range(16):
        if self._cp[s]:
            n += _span(self._cp_len[s]) + 8 * self._moves[s]
    return n

def compact(self, need, keep=0):
    """Rewrite the log with only what is live, renumbered from seq 0: the
    whole sector with the header erased, then the header (the commit
    point).  need: bytes the next record needs.  When the live records
    and it do not fit, suspended games are dropped (self.damaged) until
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
        q = _emit(image, q, seq, REC_SETTINGS << 4, SETTINGS_SIZE)
        seq += 1
    if self._saved_ach:
        a = self._saved_ach
        for i in range(4):
            image[q + 4 + i] = (a >> (8 * i)) & 0xFF
        q = _emit(image, q, seq, REC_ACHIEVEMENTS << 4, 4)
        seq += 1
    for key in sorted(self._stats):
        image[q + 4:q + 4 + ENTRY_SIZE] = self._stats[key]
        q = _emit(image, q, seq, REC_STATS << 4, ENTRY_SIZE)
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

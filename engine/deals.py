"""A rule set's list of winnable deals, packed, and the k-th deal of it read
straight from the packed bytes (never unpacked into a list).

tools/pack_deals.py writes a list as one module of games/<key>/winnable/ holding
DEALS, the bytes below; from_list() reads it (lease.read) only to count it
or draw a deal, and lets it go at once; the app imports this module for that
call only.

The bytes (little-endian):

    0..1    b"DL"
    2       the form: 1 a bitmap, 2 Rice-coded gaps
    3       the Rice parameter k (0 for a bitmap)
    4..7    count: deals in the list (1 or more)
    8..11   first: the lowest deal number (0 .. SEED_MAX)
    12..15  last: the highest
    16..    bitmap: bit i (byte i >> 3, bit i & 7) is set when deal first + i
            is in the list, for i = 0 .. last - first; Rice: for each deal
            after the first, its gap to the one before minus 1, as q = gap >> k
            one-bits then a zero-bit, then the k low bits of gap, the lowest
            first; bits are read from each byte's bit 0 up

The packer keeps whichever form is smaller: a bitmap costs a bit a deal number
in the range, Rice about k + 2 bits a deal, so a dense list is a bitmap and a
sparse one Rice.

Memory: nothing beyond the bytes handed in; reading, checking or drawing a
deal allocates no object.
"""

from engine import const, lease, registry
from engine.rng import Rng

MAGIC = b"DL"
HEAD = const(16)
BITMAP = const(1)
RICE = const(2)
_MAX_K = const(24)
_WIDE = const(16384)  # two draws of Rng.below(16384) make 28 bits


def _u32(buf, i):
    # the top byte is at most 0x3F in a valid list, so the value is a small int
    return buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | ((buf[i + 3] & 0x3F) << 24)


def count(buf):
    """The number of deals in the list."""
    return _u32(buf, 4)


def first(buf):
    return _u32(buf, 8)


def last(buf):
    return _u32(buf, 12)


def _ones(x):
    """The set bits of a byte."""
    x = x - ((x >> 1) & 0x55)
    x = (x & 0x33) + ((x >> 2) & 0x33)
    return (x + (x >> 4)) & 0x0F


def nth(buf, k):
    """The k-th deal of the list (0 .. count - 1), lowest first."""
    if k < 0 or k >= _u32(buf, 4):
        raise IndexError("no such deal in the list")
    d = _u32(buf, 8)
    if buf[2] == BITMAP:
        i = HEAD
        while True:
            b = buf[i]
            c = _ones(b)
            if k < c:
                bit = 0
                while True:
                    if b & 1:
                        if k == 0:
                            return d + bit
                        k -= 1
                    b >>= 1
                    bit += 1
            k -= c
            d += 8
            i += 1
    rice = buf[3]
    pos = 0
    while k > 0:
        q = 0
        while (buf[HEAD + (pos >> 3)] >> (pos & 7)) & 1:
            q += 1
            pos += 1
        d += (q << rice) + _bits(buf, pos + 1, rice) + 1
        pos += 1 + rice
        k -= 1
    return d


def _bits(buf, pos, n):
    """The n-bit number at bit pos of the packed part, its lowest bit first."""
    v = 0
    for b in range(n):
        v |= ((buf[HEAD + ((pos + b) >> 3)] >> ((pos + b) & 7)) & 1) << b
    return v


def check(buf, seed_max=0x3FFFFFFF):
    """The list's count when buf is a whole, sound list; else ValueError
    saying what is wrong.  It walks the whole list once."""
    n = len(buf)
    if n < HEAD or buf[0] != MAGIC[0] or buf[1] != MAGIC[1]:
        raise ValueError("not a list of deals")
    form = buf[2]
    rice = buf[3]
    total = _u32(buf, 4)
    lo = _u32(buf, 8)
    hi = _u32(buf, 12)
    if buf[7] > 0x3F or buf[11] > 0x3F or buf[15] > 0x3F or total < 1 or lo > hi or hi > seed_max:
        raise ValueError("a bad header")
    span = hi - lo + 1
    if total > span:
        raise ValueError("more deals than deal numbers")
    if form == BITMAP:
        if rice or n != HEAD + (span + 7) // 8:
            raise ValueError("a bitmap of the wrong length")
        seen = 0
        for i in range(HEAD, n):
            seen += _ones(buf[i])
        tail = span & 7
        if seen != total or not buf[HEAD] & 1 or not (buf[n - 1] >> ((span - 1) & 7)) & 1 or (
                tail and buf[n - 1] >> tail):
            raise ValueError("the bitmap does not match its header")
        return total
    if form != RICE or rice > _MAX_K:
        raise ValueError("an unknown form")
    bits = (n - HEAD) * 8
    pos = 0
    d = lo
    for _ in range(total - 1):
        q = 0
        while pos < bits and (buf[HEAD + (pos >> 3)] >> (pos & 7)) & 1:
            q += 1
            pos += 1
        if pos + 1 + rice > bits:
            raise ValueError("the list ends early")
        d += (q << rice) + _bits(buf, pos + 1, rice) + 1
        pos += 1 + rice
        if d > hi:
            raise ValueError("a deal past the last")
    if d != hi or (pos + 7) // 8 != n - HEAD:
        raise ValueError("the list does not match its header")
    return total


def _below(rng, n):
    """A draw 0 .. n-1 for any n up to 2**28 (Rng.below goes to 30269)."""
    if n <= 30269:
        return rng.below(n)
    limit = _WIDE * _WIDE - (_WIDE * _WIDE) % n
    while True:
        v = rng.below(_WIDE) * _WIDE + rng.below(_WIDE)
        if v < limit:
            return v % n


def draw(buf, rng, avoid=-1):
    """A deal of the list drawn by rng (engine/rng.py's Rng), never avoid
    (the deal just played) when the list has another."""
    n = _u32(buf, 4)
    k = _below(rng, n)
    d = nth(buf, k)
    if d == avoid and n > 1:
        d = nth(buf, (k + 1) % n)
    return d


def from_list(entry, rules, seed=-1, avoid=-1):
    """The count of the list of entry's rule set (a registry Entry) when
    seed < 0, else a deal drawn from it by Rng(seed), never avoid when it has
    another; -1 when the rule set has no list or a damaged one.  The list's
    module is read and let go at once (lease.read)."""
    name = registry.engine_class(entry).RULE_NAMES[rules]
    try:
        buf = lease.read("%s.winnable.%s_%s:DEALS" % (entry.home, entry.key, name))
        n = check(buf)
    except (ImportError, ValueError):
        return -1
    return n if seed < 0 else draw(buf, Rng(seed), avoid)

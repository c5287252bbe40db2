"""A seeded random number generator and shuffle that give the same deal for a
seed on CPython, MicroPython and CircuitPython.

The generator is Wichmann and Hill's (1982): three small multiplicative
congruential generators whose outputs are summed.  Every intermediate value
stays below 2**23, far under MicroPython's small-int limit of 2**30, so a draw
never allocates.  Period about 7 * 10**12.  A seed is any integer from 0 to
SEED_MAX (2**30 - 1), a small int on every board; it is scrambled into the
three states by a 16-bit bijective mixer so that neighbouring seeds give
unrelated deals.

Memory: one object with three small ints.
"""

from engine import const


_M1 = const(30269)
_M2 = const(30307)
_M3 = const(30323)
_STEP4_A = const(27638)  # 171**4 % _M1
_STEP4_B = const(7510)  # 172**4 % _M2
_STEP4_C = const(23611)  # 170**4 % _M3
SEED_MAX = const(0x3FFFFFFF)  # 2**30 - 1: a literal of 2**30 would be a heap int on a 32-bit board


def _mix16(x):
    # x ^= x >> s and x *= odd (mod 2**16) are both bijections on 16 bits;
    # the multipliers are below 2**14 so the products stay below 2**30.
    x = ((x ^ (x >> 8)) * 14941) & 0xFFFF
    x = ((x ^ (x >> 7)) * 11291) & 0xFFFF
    return x ^ (x >> 8)


class Rng:
    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if seed < 0 or seed > SEED_MAX:
            raise ValueError("seed must be from 0 to 2**30 - 1")
        lo = seed & 0x7FFF
        hi = seed >> 15
        # Then four steps of the generator at once: a step multiplies by 171
        # (172, 170), four by 171**4 % _M1 (...), each product below 2**30.
        self.a = (1 + _mix16(lo ^ _mix16(hi)) % (_M1 - 1)) * _STEP4_A % _M1
        self.b = (1 + _mix16(hi ^ _mix16(lo ^ 0x5A5A)) % (_M2 - 1)) * _STEP4_B % _M2
        self.c = (1 + _mix16(_mix16(lo + 0x1234) ^ hi ^ 0xA5A5) % (_M3 - 1)) * _STEP4_C % _M3

    def below(self, n):
        """A value 0 .. n-1 (n from 1 to 30269), without modulo bias: the
        generator steps until its value (0 .. 30268) is below the largest
        multiple of n it can reach."""
        limit = _M1 - _M1 % n
        while True:
            self.a = (171 * self.a) % _M1
            self.b = (172 * self.b) % _M2
            self.c = (170 * self.c) % _M3
            v = (self.a + self.b + self.c) % _M1
            if v < limit:
                return v % n

    def shuffle(self, cards, start=0, end=-1):
        """Fisher-Yates shuffle of cards[start:end] in place: for each i from
        the end down, cards[i] trades places with cards[start + below(i - start
        + 1)].  below() is written out here, on local copies of the state: a
        deal is some 45 draws, the most of its time."""
        if end < 0:
            end = len(cards)
        a = self.a
        b = self.b
        c = self.c
        sure = _M1 - (end - start)  # a value up to this is below every draw's limit
        for i in range(end - 1, start, -1):
            while True:
                a = (171 * a) % _M1
                b = (172 * b) % _M2
                c = (170 * c) % _M3
                v = (a + b + c) % _M1
                if v <= sure or v < _M1 - _M1 % (i - start + 1):
                    break
            j = start + v % (i - start + 1)
            cards[i], cards[j] = cards[j], cards[i]
        self.a = a
        self.b = b
        self.c = c

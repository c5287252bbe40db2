"""A fake microcontroller.nvm that writes the way CircuitPython's RP2040 port
does (ports/raspberrypi/common-hal/nvm/ByteArray.c, ../shared/persistence.md
section 1.2), and can cut the power at any byte programmed or at the erase.

    nvm[a:b] = buf
      every target byte 0xFF:  program only: each 256-byte page the range
                               touches is programmed (NOR: bits only fall);
                               nothing else in the sector changes
      otherwise:               copy the sector, erase it, program all of its
                               pages back with the new bytes laid over

A step is one byte whose value a program changes, or one erase; steps count
from 0 over the NVM's life.  With cut_at=k the power goes off at step k:
PowerCut is raised and the flash keeps what a cut there leaves, by `tear`:

    "random"  the byte being programmed is old & (new | random mask): some of
              its zero bits not yet down; an erase leaves each byte old | a
              random mask (partly erased)
    "none"    the step had not begun (the byte or the sector unchanged)
    "full"    the step had just finished (then the power went)

and `order` is the order a page's bytes are programmed in: "address", or
"random" (a seeded shuffle per page program: the chip may program a page's
cells in any order).  The order between two assignments is always strict.

Reading: nvm[i] an int, nvm[a:b] a new bytearray, as on the board.  Counters:
writes (assignments), erases, pages (page programs), steps.  Desktop only.
"""

import random

PAGE = 256


class PowerCut(Exception):
    """The power went off in an NVM write."""


class RP2040NVM:
    def __init__(self, size=4096, image=None, cut_at=None, order="address", tear="random", seed=0):
        self.flash = bytearray(image) if image is not None else bytearray(b"\xff" * size)
        if len(self.flash) % PAGE:
            raise ValueError("the sector must be whole 256-byte pages")
        self.cut_at = cut_at
        self.order = order
        self.tear = tear
        self.rng = random.Random(seed)
        self.steps = 0
        self.writes = 0
        self.erases = 0
        self.pages = 0
        self.cut = None  # "program" or "erase" once the power went

    def __len__(self):
        return len(self.flash)

    def __getitem__(self, key):
        if isinstance(key, slice):
            a, b, step = key.indices(len(self.flash))
            if step != 1:
                raise ValueError("nvm slices need a step of 1")
            return bytearray(self.flash[a:b])
        return self.flash[key]

    def __setitem__(self, key, buf):
        if self.cut is not None:
            raise PowerCut("the power is off")
        if isinstance(key, int):
            key = slice(key, key + 1)
            buf = bytes((buf,))
        a, b, step = key.indices(len(self.flash))
        data = bytes(buf)
        if step != 1 or len(data) != b - a:
            raise ValueError("nvm slice assignment needs a step of 1 and a buffer of the same length")
        self.writes += 1
        if self.flash[a:b].count(0xFF) == b - a:
            for page in range(a // PAGE, (b - 1) // PAGE + 1):
                self._program(page, a, data)
        else:
            new = bytearray(self.flash)
            new[a:b] = data
            self._erase()
            for page in range(len(self.flash) // PAGE):
                self._program(page, 0, new)

    def _erase(self):
        if self.cut_at is not None and self.steps == self.cut_at:
            if self.tear == "random":
                for j in range(len(self.flash)):
                    self.flash[j] |= self.rng.randrange(256)
            elif self.tear == "full":
                self.flash[:] = b"\xff" * len(self.flash)
            self.cut = "erase"
            raise PowerCut("cut at the erase (step %d)" % self.steps)
        self.flash[:] = b"\xff" * len(self.flash)
        self.erases += 1
        self.steps += 1

    def _program(self, page, a, data):
        """Program the bytes of data (which starts at offset a) that fall in page."""
        lo = max(page * PAGE, a)
        hi = min(page * PAGE + PAGE, a + len(data))
        self.pages += 1
        flash = self.flash
        old = int.from_bytes(flash[lo:hi], "little")
        new = old & int.from_bytes(data[lo - a:hi - a], "little")
        changes = sum(1 for x, y in zip(flash[lo:hi], new.to_bytes(hi - lo, "little")) if x != y)
        if self.cut_at is None or self.steps + changes <= self.cut_at:
            flash[lo:hi] = new.to_bytes(hi - lo, "little")
            self.steps += changes
            return
        where = list(range(lo, hi))
        if self.order == "random":
            self.rng.shuffle(where)
        for j in where:
            v = flash[j] & data[j - a]
            if v == flash[j]:
                continue
            if self.steps == self.cut_at:
                if self.tear == "random":
                    flash[j] &= data[j - a] | self.rng.randrange(256)
                elif self.tear == "full":
                    flash[j] = v
                self.cut = "program"
                raise PowerCut("cut programming byte %d (step %d)" % (j, self.steps))
            flash[j] = v
            self.steps += 1

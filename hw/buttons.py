"""Button events with auto-repeat and hold, from a keypad-style event queue.

Both boards feed the same logic: the real board a keypad.Keys scanner, the
fake one a scripted queue.  poll() turns raw presses and releases into what
the screens act on, one event a call:

    PRESS   a key went down (B: it came up again before the hold time)
    REPEAT  a direction is still held: after REPEAT_DELAY, every REPEAT_RATE
    HOLD    B has been held for HOLD_TIME (and gives no PRESS on release)

B's hold is checked before the repeats, so directions held and repeating can
never hide it, however slow the loop.  A repeat that fell a whole REPEAT_RATE
behind (the loop stalled) resumes from now: one REPEAT, then the schedule goes
on from there, rather than the missed ones back to back.

An event is ``kind << 3 | key``; NONE (-1) when nothing happened.  Keys are
numbered as the pins are listed: UP DOWN LEFT RIGHT A B.

Memory: six-slot lists of small ints, allocated once; poll() allocates nothing.
"""

from micropython import const


UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
KEY_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")

PRESS = const(0)
REPEAT = const(1)
HOLD = const(2)
NONE = const(-1)

REPEAT_DELAY = const(250)
REPEAT_RATE = const(90)
REPEAT_SPEEDS = ((400, 150), (REPEAT_DELAY, REPEAT_RATE), (180, 60))  # (delay, rate) in ms: slow, normal, fast
HOLD_TIME = const(800)

_WRAP = const(1 << 29)  # supervisor.ticks_ms() wraps at 2**29
_HALF = const(1 << 28)


def ticks_diff(a, b):
    """a - b in milliseconds for a clock that wraps at 2**29."""
    return ((a - b + _HALF) & (_WRAP - 1)) - _HALF


def ticks_add(a, ms):
    """The clock's reading ms after a (it wraps at 2**29)."""
    return (a + ms) & (_WRAP - 1)


def event(kind, key):
    return (kind << 3) | key


class Buttons:
    def __init__(self, queue, scratch_event, ticks_ms):
        """queue: an object with get_into(event), overflowed and clear() (a
        keypad EventQueue); scratch_event: a keypad.Event to reuse;
        ticks_ms: the board's millisecond clock."""
        self.queue = queue
        self._ev = scratch_event
        self._ticks = ticks_ms
        self._down = [False] * 6
        self._since = [0] * 6
        self._next = [0] * 6
        self._held = False
        self.repeat_delay = REPEAT_DELAY  # the settings screen changes these (REPEAT_SPEEDS)
        self.repeat_rate = REPEAT_RATE

    def set_repeat(self, speed):
        """0 slow, 1 normal, 2 fast."""
        self.repeat_delay, self.repeat_rate = REPEAT_SPEEDS[speed]

    def is_down(self, key):
        return self._down[key]

    def poll(self):
        now = self._ticks()
        if self.queue.overflowed:
            # events were lost: forget what we thought was held, never a stuck key
            self.queue.clear()
            for k in range(6):
                self._down[k] = False
            self._held = False
        while self.queue.get_into(self._ev):
            k = self._ev.key_number
            if k > B:
                continue
            if self._ev.pressed:
                self._down[k] = True
                self._since[k] = now
                self._next[k] = ticks_add(now, self.repeat_delay)
                if k == B:
                    self._held = False
                else:
                    return event(PRESS, k)
            elif self._down[k]:
                self._down[k] = False
                if k == B and not self._held:
                    return event(PRESS, B)
        if self._down[B] and not self._held and ticks_diff(now, self._since[B]) >= HOLD_TIME:
            self._held = True
            return event(HOLD, B)
        for k in range(4):
            if self._down[k] and ticks_diff(now, self._next[k]) >= 0:
                nxt = ticks_add(self._next[k], self.repeat_rate)
                if ticks_diff(now, nxt) >= 0:
                    nxt = ticks_add(now, self.repeat_rate)  # a whole repeat behind: resume from now
                self._next[k] = nxt
                return event(REPEAT, k)
        return NONE

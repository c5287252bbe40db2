"""The rules of every game, pure and portable: CPython, MicroPython and
CircuitPython run the same code and deal the same cards for a seed.

No module here imports hw, ui, displayio, random or time.  `const` is
MicroPython's compile-time constant (a name with a leading underscore takes no
RAM); on a CPython without it, it is the identity.
"""

try:
    from micropython import const
except ImportError:  # CPython without Blinka

    def const(x):
        return x

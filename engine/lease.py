"""Modules held for a while, then let go: the one way the device keeps what is
not on screen out of the heap.

A Lease notes the modules loaded when it is taken; the modules imported
while it is the youngest lease held are its own, and let_go() drops them
from sys.modules and from their package, so the collector can free them (the
next import loads them anew).  Leases nest and may be let go in any order: a
module belongs to the youngest lease held when it was imported, and a module
that was loaded before a lease was taken (by a test, a tool, an older lease)
is never that lease's.

    game = Lease()        # the app, when the player enters a game
    ...                   # its rules and screen are imported
    game.let_go()         # they leave the heap with the player

    lease.read("games.ctd.winnable.ctd_classic:DEALS")   # for a moment

A module that a longer-lived one imports must come in under the longer
lease (Lease.load), or the younger one would let it go while the other
still uses it, and the next import would load a second copy.

read() and call() take a lease for one value or one call.  Who holds a lease:
the app (the game entered, the menus, a screen shown rarely), a play screen
(its overlay: the pause menu, a card menu), the store (its log's rare work),
the sprites (the font while the sheets are drawn).

Memory: a lease holds a tuple of the names loaded when it was taken (one
pointer a module); the leases held are a short list.
"""

import sys

_held = []  # the leases held, oldest first


def module(path):
    """Import a module by its dotted path and return it (not its package).
    It is read from sys.modules, not through the packages' attributes: a
    package let go and loaded anew may still be an older package's attribute."""
    __import__(path)
    return sys.modules[path]


def release(names):
    """Forget the modules named: drop them from sys.modules and from their
    package (the next import loads them anew)."""
    for name in names:
        sys.modules.pop(name, None)
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None:
            try:
                delattr(parent, name[dot + 1 :])
            except (AttributeError, KeyError):  # MicroPython says KeyError when it is not there
                pass


class Lease:
    """The modules imported from now on, while this is the youngest lease held."""

    def __init__(self):
        self.before = tuple(sys.modules)
        _held.append(self)

    def load(self, path):
        """Import module path as this lease's, though a younger one is held
        (the app: a game's rules, imported while a menu of its own shows)."""
        before = tuple(sys.modules)
        m = module(path)
        if self in _held:
            new = tuple(name for name in sys.modules if name not in before)
            for younger in _held[_held.index(self) + 1 :]:
                younger.before += new
        return m

    def let_go(self):
        """Release this lease's modules (a second call does nothing)."""
        if self not in _held:
            return
        i = _held.index(self)
        # What was loaded until the next younger lease was taken is this one's.
        until = _held[i + 1].before if i + 1 < len(_held) else tuple(sys.modules)
        del _held[i]
        before = self.before
        self.before = ()
        release([name for name in until if name not in before and name in sys.modules])


def read(path):
    """The value "module:NAME" names, with the module and whatever it
    imported let go again (for what is read once, such as a rules page)."""
    module_path, name = path.split(":")
    held = Lease()
    try:
        return getattr(module(module_path), name)
    finally:
        held.let_go()


def call(path, name, *args):
    """Call function name of module path, the module and whatever it imported
    let go after (for work done now and then: the store's log work, drawing a
    deal from a list)."""
    held = Lease()
    try:
        return getattr(module(path), name)(*args)
    finally:
        held.let_go()

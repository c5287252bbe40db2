"""engine/lease.py: a lease lets go what was imported while it was the
youngest held, nothing loaded before it, in whatever order leases end."""

import sys

import pytest

from engine import lease
from engine.lease import Lease


@pytest.fixture
def modules(tmp_path, monkeypatch):
    """A package leasepkg with modules a, b, c, d (d imports c), and a
    function telling which of them are loaded."""
    pkg = tmp_path / "leasepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name in "abc":
        (pkg / (name + ".py")).write_text("VALUE = %r\n" % name)
    (pkg / "d.py").write_text("from leasepkg import c\nVALUE = 'd' + c.VALUE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield lambda: sorted(n[9:] for n in sys.modules if n.startswith("leasepkg."))
    for name in [n for n in sys.modules if n.startswith("leasepkg")]:
        del sys.modules[name]


def test_a_lease_lets_go_what_came_while_it_was_held_and_nothing_older(modules):
    lease.module("leasepkg.a")  # loaded before: someone else's
    held = Lease()
    assert lease.module("leasepkg.b").VALUE == "b"
    lease.module("leasepkg.d")  # and what it imports
    assert modules() == ["a", "b", "c", "d"]
    held.let_go()
    assert modules() == ["a"]
    assert not hasattr(sys.modules["leasepkg"], "b")  # gone from its package too
    held.let_go()  # a second time: nothing
    assert modules() == ["a"]


def test_the_youngest_lease_owns_an_import_and_leases_end_in_any_order(modules):
    outer = Lease()
    lease.module("leasepkg.a")
    inner = Lease()
    lease.module("leasepkg.b")
    outer.let_go()  # the older first: only its own
    assert modules() == ["b"]
    lease.module("leasepkg.c")  # the inner one is the youngest now
    inner.let_go()
    assert modules() == []


def test_load_gives_an_import_to_an_older_lease(modules):
    game = Lease()
    menu = Lease()
    lease.module("leasepkg.a")  # the menu's
    assert game.load("leasepkg.d").VALUE == "dc"  # the game's, with what it imports
    menu.let_go()
    assert modules() == ["c", "d"]
    game.let_go()
    assert modules() == []


def test_read_and_call_keep_nothing(modules):
    held = Lease()
    assert lease.read("leasepkg.a:VALUE") == "a"
    assert modules() == []
    assert lease.call("builtins", "len", "abc") == 3
    lease.module("leasepkg.b")  # the outer lease's still
    held.let_go()
    assert modules() == [] and held not in lease._held


def test_module_is_the_one_imported_even_when_a_package_attribute_is_stale(modules):
    lease.module("leasepkg.a")
    pkg = sys.modules["leasepkg"]
    del sys.modules["leasepkg"]  # the package let go and loaded anew: the old one lingers
    assert lease.module("leasepkg.b").VALUE == "b"
    assert sys.modules["leasepkg"] is not pkg and lease.module("leasepkg.b") is sys.modules["leasepkg.b"]

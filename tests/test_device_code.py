"""Device code is CircuitPython, not CPython: its imports stay within what
CircuitPython has, the engine stays pure, no int constant leaves the small
ints of a 32-bit board, and every file compiles with mpy-cross for both
targets."""

import ast
import glob
import operator
import os

import pytest

from tools import make_font, mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEVICE_FILES = sorted(
    ["code.py", "hw/__init__.py", "hw/buttons.py", "hw/circuitpython.py"]
    + [os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "engine", "*.py"))]
    + [os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "ui", "*.py"))]
    # each game's folder but its desktop side (desk_*.py)
    + [os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "games", "**", "*.py"), recursive=True)
       if not os.path.basename(p).startswith("desk")]
)
# The engine and what of a game is as pure as it: its rules, achievements, save checks, lists.
PURE_FILES = [p for p in DEVICE_FILES if p.startswith("engine")
              or (p.startswith("games") and os.path.basename(p) in ("rules.py", "achievements.py", "checks.py"))
              or "/winnable/" in p]

# Modules a CircuitPython 9/10 board has (built in, or shipped in CIRCUITPY/lib by the build).
CIRCUITPYTHON = {
    "gc", "sys", "os", "time", "math", "struct", "micropython", "board", "busio", "displayio",
    "i2cdisplaybus", "keypad", "microcontroller", "supervisor", "terminalio", "bitmaptools",
    "fontio", "adafruit_displayio_ssd1306", "adafruit_display_text", "adafruit_ticks",
}
PROJECT = {"engine", "games", "hw", "ui"}
NEVER_ON_DEVICE = {"dataclasses", "enum", "typing", "abc", "functools"}
NOT_IN_ENGINE = {"hw", "ui", "displayio", "random", "time"}
# str methods CPython has and CircuitPython's str lacks
MISSING_STR_METHODS = {"ljust", "rjust", "capitalize", "zfill", "casefold", "swapcase", "expandtabs", "format_map"}


def imports(path, root=ROOT):
    tree = ast.parse(open(os.path.join(root, path), encoding="utf-8").read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_device_imports_are_circuitpython_modules(path):
    for name in imports(path):
        assert name not in NEVER_ON_DEVICE, "%s imports %s" % (path, name)
        assert name in CIRCUITPYTHON | PROJECT, "%s imports %s, which CircuitPython does not have" % (path, name)


@pytest.mark.parametrize("path", PURE_FILES)
def test_engine_is_pure(path):
    for name in imports(path):
        assert name not in NOT_IN_ENGINE, "%s imports %s" % (path, name)


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_no_cpython_only_str_methods(path):
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in MISSING_STR_METHODS, "%s:%d uses .%s" % (path, node.lineno, node.attr)
        assert not isinstance(node, (ast.AsyncFunctionDef, ast.Await)), "%s uses async" % path


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_no_underscore_const_in_a_class_body(path):
    # MicroPython folds `_NAME = const(...)` away, so in a class body the
    # attribute is missing at run time (self._NAME raises AttributeError).
    tree = ast.parse(open(os.path.join(ROOT, path), encoding="utf-8").read(), path)
    for cls in [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]:
        for node in cls.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "const":
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
                assert not any(n.startswith("_") for n in names), "%s:%d: %s in class %s" % (path, node.lineno, names, cls.name)


# On a 32-bit board a small int is 31 bits signed: an int of 2**30 or more is a heap
# object, and arithmetic with it allocates (the 64-bit unix port cannot show it).
SMALL_INT_LIMIT = 2**30
_FOLD = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
         ast.Mod: operator.mod, ast.Pow: operator.pow, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
         ast.BitOr: operator.or_, ast.BitAnd: operator.and_, ast.BitXor: operator.xor, ast.USub: operator.neg,
         ast.UAdd: operator.pos, ast.Invert: operator.invert}


def _folded(node):
    """The int a constant expression (ints and arithmetic on them) comes to, or None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _FOLD:
        v = _folded(node.operand)
        return None if v is None else _FOLD[type(node.op)](v)
    if not (isinstance(node, ast.BinOp) and type(node.op) in _FOLD):
        return None
    a, b = _folded(node.left), _folded(node.right)
    if a is None or b is None:
        return None
    if isinstance(node.op, (ast.Pow, ast.LShift)) and not 0 <= b <= 64:
        return None
    if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0:
        return None
    return _FOLD[type(node.op)](a, b)


def big_ints(path, root=ROOT):
    """(line, value) of each int constant, or constant expression or part of one,
    whose value is 2**30 or more (or -2**30 or less)."""
    tree = ast.parse(open(os.path.join(root, path), encoding="utf-8").read(), path)
    out = []
    for node in ast.walk(tree):
        v = _folded(node)
        if v is not None and abs(v) >= SMALL_INT_LIMIT:
            out.append((node.lineno, v))
    return out


@pytest.mark.parametrize("path", DEVICE_FILES)
def test_no_int_constant_of_2_to_the_30_or_more(path):
    assert big_ints(path) == [], "%s: ints of 2**30 or more are heap objects on a 32-bit board (%s)" % (
        path, ", ".join("line %d: %d" % lv for lv in big_ints(path)))


def test_big_int_check_catches_literals_and_folded_expressions(tmp_path):
    bad = tmp_path / "bad.py"
    # the first two lines are engine/rng.py's and engine/game.py's before the fix
    bad.write_text("SEED_LIMIT = const(0x40000000)\nNO_SEED = const(0xFFFFFFFF)\nC = -(2 ** 30)\nD = 1 << 31\n"
                   "SEED_MAX = const(0x3FFFFFFF)\nE = -1\nF = x % 7\nG = (1 << 29) + 5\n")
    found = big_ints("bad.py", str(tmp_path))
    assert (1, 2**30) in found and (2, 0xFFFFFFFF) in found and (3, -(2**30)) in found and (4, 2**31) in found
    assert not [line for line, _ in found if line > 4]


def test_allowlist_check_catches_a_bad_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import dataclasses\nfrom typing import List\nimport games.ctd.rules\n")
    assert set(imports("bad.py", str(tmp_path))) == {"dataclasses", "typing", "games"}


@pytest.mark.parametrize("target", mpy.TARGETS)
def test_device_code_compiles_with_mpy_cross(tmp_path, target):
    for path in DEVICE_FILES:
        out = tmp_path / (path[:-3] + ".mpy")
        mpy.compile_file(os.path.join(ROOT, path), str(out), target)
        head = out.read_bytes()[:2]
        assert head == (b"C\x06" if target == "circuitpython" else b"M\x06")


def test_async_code_is_refused_for_circuitpython(tmp_path):
    src = tmp_path / "a.py"
    src.write_text("async def f():\n    await g()\n")
    with pytest.raises(mpy.BuildError, match="async"):
        mpy.compile_file(str(src), str(tmp_path / "a.mpy"), "circuitpython")
    mpy.compile_file(str(src), str(tmp_path / "a.mpy"), "micropython")


def test_font_module_matches_its_pixel_art():
    assert make_font.main(["--check"]) == 0


def test_make_font_help_and_a_wrong_argument_write_nothing(monkeypatch, capsys):
    written = []
    monkeypatch.setattr(make_font, "render", lambda: written.append(1) or "")
    assert make_font.main(["--help"]) == 0 and "--check" in capsys.readouterr().out
    assert make_font.main(["--bogus"]) == 2 and "unrecognized arguments" in capsys.readouterr().err
    assert written == []  # ui/font.py was neither rendered nor rewritten

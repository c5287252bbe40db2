"""Device code is CircuitPython, not CPython: its imports stay within what
CircuitPython has, the engine stays pure, and every file compiles with
mpy-cross for both targets."""

import ast
import glob
import os

import pytest

from tools import make_font, mpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEVICE_FILES = sorted(
    ["code.py", "hw/__init__.py", "hw/buttons.py", "hw/circuitpython.py"]
    + [os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "engine", "*.py"))]
    + [os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "ui", "*.py"))]
)

# Modules a CircuitPython 9/10 board has (built in, or shipped in CIRCUITPY/lib by the build).
CIRCUITPYTHON = {
    "gc", "sys", "os", "time", "math", "struct", "micropython", "board", "busio", "displayio",
    "i2cdisplaybus", "keypad", "microcontroller", "supervisor", "terminalio", "bitmaptools",
    "fontio", "adafruit_displayio_ssd1306", "adafruit_display_text", "adafruit_ticks",
}
PROJECT = {"engine", "hw", "ui"}
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


@pytest.mark.parametrize("path", [p for p in DEVICE_FILES if p.startswith("engine")])
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


def test_allowlist_check_catches_a_bad_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import dataclasses\nfrom typing import List\nimport engine.ctd\n")
    assert set(imports("bad.py", str(tmp_path))) == {"dataclasses", "typing", "engine"}


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

"""The house: a game is one folder and the shared code names none.

Shared code is engine/, ui/, hw/, tools/ and code.py, engine/registry.py
apart (the one list of the games).  Naming a game is a game's key, its
folder or a module of it, or its title, in an identifier, an attribute or a
string of the code (docstrings and comments may name them: they explain).
And no module imports itself back through others, anywhere in the project.
"""

import ast
import os

import pytest

from engine import registry

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = ("engine", "ui", "hw", "tools")
PACKAGES = SHARED + ("games",)


def _files(folders):
    out = []
    for folder in folders:
        for d, dirs, fs in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [x for x in dirs if x != "__pycache__"]
            out += [os.path.relpath(os.path.join(d, f), ROOT) for f in fs if f.endswith(".py")]
    return sorted(out)


def shared_files():
    return [f for f in _files(SHARED) + ["code.py"] if f != os.path.join("engine", "registry.py")]


def game_names():
    """What names a game: its key, its folder's last name and its modules'
    dotted paths, its title."""
    names = set()
    for e in registry.GAMES:
        names |= {e.key, e.home, e.home.rsplit(".", 1)[-1], e.title, e.engine.split(":")[0], e.screen}
    return names


def _docstrings(tree):
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def named_games(source, names):
    """(line, what) for each place the source names one of names: an
    identifier, an attribute, an imported name, or a string that is one of
    them, holds one as a word of a dotted or slashed path, or is a key
    followed by a separator (games.ctd.rules, "ctd", "rogue/")."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.alias):
            words = node.name.split(".") + [node.name]
        elif isinstance(node, ast.ImportFrom) and node.module:
            words = node.module.split(".") + [node.module]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            words = [text] + text.replace("/", ".").replace(":", ".").split(".")
        for w in words:
            if w in names:
                found.append((getattr(node, "lineno", 0), w))
    return found


def test_the_check_finds_a_game_named_and_lets_a_docstring_be():
    names = game_names()
    key, title = registry.GAMES[0].key, registry.GAMES[0].title
    src = ('"""Plays %s."""\n\nfrom games.%s import rules\nx = "%s"\ny = %r\nz = "no game"\n'
           % (title, key, key, title))
    found = {w for _, w in named_games(src, names)}
    assert {key, title} <= found and "games.%s" % key in found
    assert named_games('"""%s and %s."""\nx = 1\n# %s\n' % (key, title, key), names) == []


@pytest.mark.parametrize("path", shared_files())
def test_shared_code_names_no_game(path):
    with open(os.path.join(ROOT, path)) as f:
        found = named_games(f.read(), game_names())
    assert not found, "%s names a game (only engine/registry.py may): %s" % (
        path, ", ".join("line %d: %r" % lw for lw in found))


def _module(path):
    return path[:-3].replace(os.sep, ".").replace(".__init__", "")


def _imports(path, modules):
    """The project's modules a file imports (at any depth of its code)."""
    with open(os.path.join(ROOT, path)) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = node.module + "." + a.name
                out.add(sub if sub in modules else node.module)
    return {m for m in out if m in modules}


def _circles(graph):
    """The import circles of a graph {module: imported modules}."""
    circles, state = [], {}

    def visit(m, path):
        state[m] = 1
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                circles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    return circles


def test_the_circle_check_finds_one():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_anywhere():
    files = _files(PACKAGES) + ["code.py"]
    modules = {_module(f) for f in files}
    graph = {_module(f): _imports(f, modules) - {_module(f)} for f in files}
    assert _circles(graph) == []

"""The command line of tools/fit.py, read and checked against
engine/registry.py, and its report.  It is a module of its own so that fit.py
can drop it, code and all, with the registry, before it measures anything:
what is left of the harness in the heap is fit.py's loop.

Runs under MicroPython, like fit.py; uses only what MicroPython has.
"""

import os
import sys


def read():
    """Turn sys.argv into tools/fit.py's --run form (KEY GAMES MODULE:CLASS
    BOTS RULES BOT, RULES a rule set's place or -) from the options and the registry, with the current
    directory moved to --lib (or, run as a script, the project's root, for
    its own engine/ and games/; run as a module, -m fit, it stays) and put
    first on sys.path; or exit saying what is wrong."""
    why = _read()
    if why:
        fail(why)


def _read():
    """The work of read(): None, or the text of what is wrong."""
    if sys.implementation.name != "micropython":
        return "it runs under MicroPython: micropython -X heapsize=24k tools/fit.py"
    # The options' names are split out of one long string rather than written
    # as literals: a short literal is interned for good, heap the games never
    # get back.
    lib, games, game, rules, bot = "--lib --games --game --rules --bot".split()
    opts = {lib: "", games: "20", game: "", rules: "", bot: "greedy over random".split()[0]}
    args = sys.argv[1:]
    for i in range(0, len(args), 2):
        if args[i] not in opts or i + 1 >= len(args):
            return "unknown option or missing value: " + args[i]
        opts[args[i]] = args[i + 1]
    if not opts[games].isdigit():
        return "--games is a whole number"
    if opts[bot] not in "random greedy".split():
        return "--bot is random or greedy"
    # Import from the current directory, moved to DIR: a module's file name is
    # interned for good, so a long DIR would cost the heap bytes a board (where
    # engine/ sits at the root) never pays, and vary with where DIR is.
    if opts[lib]:
        os.chdir(opts[lib])
    elif sys.argv[0].endswith(".py"):  # run as a script: the project's engine/, beside tools/
        tools = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
        os.chdir(tools + "/..")
        sys.path.append(tools)  # for fit_args again, at the report (a path measured; so run_fit runs -m fit)
    # else run as a module (-m fit): engine/ is beside fit, in the current directory.
    # The script's folder, first on sys.path, gives its place to the current one.
    sys.path[0] = ""
    from engine import registry
    from engine.lease import release

    entry = registry.find(opts[game]) if opts[game] else registry.GAMES[0]
    if entry is None:
        return "unknown game: %s (%s)" % (opts[game], ", ".join([e.key for e in registry.GAMES]))
    rule_set = "-"
    if opts[rules]:  # by its place among the engine's RULE_NAMES, in any case (Rogue's are Quick, Campaign)
        names = [n.lower() for n in registry.engine_class(entry).RULE_NAMES]
        release([name for name in sys.modules if name.startswith(entry.home)])
        if opts[rules].lower() not in names:
            return "unknown rules: %s (%s)" % (opts[rules], ", ".join(names))
        rule_set = str(names.index(opts[rules].lower()))
    sys.argv[1:] = ["--run", entry.key, opts[games], entry.engine, entry.part("desk_bots"), rule_set, opts[bot]]
    # Forget the registry and empty it (as fit.py does this module): a stale
    # pointer to it on the C stack would keep its code alive while fit measures.
    release(["engine.registry"])
    registry.__dict__.clear()
    return None


def fail(why):
    print("fit.py: " + why)
    sys.exit(2)


def report(r):
    """Print the figures: r is (key, games, won, moves, engine_heap,
    game_heap, most, total, free)."""
    print(
        '{"game": "%s", "games": %d, "won": %d, "moves": %d, "engine_heap": %d, "game_heap": %d, '
        '"alloc_per_move_max": %d, "alloc_total": %d, "heap_free": %d}' % r
    )

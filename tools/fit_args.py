"""The command line of tools/fit.py, read and checked against
engine/registry.py.  It is a module of its own so that fit.py can drop it,
code and all, with the registry, before it measures anything: what is left
of the harness in the heap is fit.py's loop and its report.

Runs under MicroPython, like fit.py; uses only what MicroPython has.
"""

import os
import sys


def read():
    """(key, games, rules module, class name, rule set name or "", bot name)
    from sys.argv and the registry, with the current directory moved to --lib
    (or, run as a script, the project's root, for its own engine/; run as a
    module, -m fit, it stays) and put first on sys.path; or the text of what
    is wrong."""
    if sys.implementation.name != "micropython":
        return "it runs under MicroPython: micropython -X heapsize=24k tools/fit.py"
    opts = {"--lib": "", "--games": "20", "--game": "ctd", "--rules": "", "--bot": "greedy"}
    args = sys.argv[1:]
    for i in range(0, len(args), 2):
        if args[i] not in opts or i + 1 >= len(args):
            return "unknown option or missing value: " + args[i]
        opts[args[i]] = args[i + 1]
    if not opts["--games"].isdigit():
        return "--games is a whole number"
    if opts["--bot"] not in ("random", "greedy"):
        return "--bot is random or greedy"
    # Import from the current directory, moved to DIR: a module's file name is
    # interned for good, so a long DIR would cost the heap bytes a board (where
    # engine/ sits at the root) never pays, and vary with where DIR is.
    if opts["--lib"]:
        os.chdir(opts["--lib"])
    elif sys.argv[0].endswith(".py"):  # run as a script: the project's engine/, beside tools/
        os.chdir((sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".") + "/..")
    # else run as a module (-m fit): engine/ is beside fit, in the current directory.
    # The script's folder, first on sys.path, gives its place to the current one.
    sys.path[0] = ""
    from engine import registry

    entry = registry.find(opts["--game"])
    registry.release(["engine.registry"])
    if entry is None:
        return "unknown game: %s (%s)" % (opts["--game"], ", ".join([e.key for e in registry.GAMES]))
    rules_path, class_name = entry.engine.split(":")
    return opts["--game"], int(opts["--games"]), rules_path, class_name, opts["--rules"], opts["--bot"]

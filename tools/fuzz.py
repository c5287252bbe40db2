"""Attack the command line, the deploy and the buttons for a given time, and
count what held.

    python -m tools.fuzz --seconds 60                  every part, the time shared
    python -m tools.fuzz --seconds 60 --part deploy    one part
    python -m tools.fuzz --seconds 5 --seed 3          the same inputs again

Prints one JSON object: for each part (and in "total") how many inputs were
tried, and of them how many were refused (a clean one-line refusal),
accepted_consistent, accepted_inconsistent (accepted, but wrongly: outside
the documented notation, a state that does not add up, a deploy that said
done on a drive that does not hold the build), crashes (a traceback), plus
files_lost (a user's file gone or changed) and bad_errors (a refusal that is
not one short printable line).  Up to five examples of each failure are
listed.  Exit code 0 when nothing failed, 1 otherwise.

The parts, one function each in PARTS:

cli       replay, simulate, shot, solve, powercut and expert, every game
          (Rogue Solitaire too), in this process, on valid input mutated
          (non-ASCII digits and letters that case-map into ASCII, confusables,
          control characters, values of up to a million characters, numbers
          out of range), files that are not regular files (/dev/zero,
          /dev/full, a folder, a FIFO), --jobs far above the work, and
          random input; some runs write into a stdout that breaks (a reader
          gone, a full disk) after a few writes.  Each run must end within
          RUN_SECONDS with exit 0 or 2 and never exit 0 having done nothing
          (a deal solved, cut points tried, games played); a valid command
          line that would run long is not run.
deploy    a stand-in CIRCUITPY drive with the user's files (their code.py,
          settings.toml, a library, notes, files outside the drive) and a
          hostile or earlier manifest; an error injected into the n-th open,
          write, rename, replace, remove, fsync or mkdir, a kill, or the drive
          unplugged between two files; then a deploy without faults must
          leave exactly the build and every file of the user's.
buttons   random press, release, stall and poll scripts on the fake board's
          clock (across its wrap), two or three keys at once, floods that
          overflow the queue: the hold of B is never hidden, a held key
          never bursts its repeats, a hold never ends in a tap.

saves and moves (the engine's: every byte of a save, random moves with the
invariants) are added to PARTS by the engine's side, as functions of the
same form: part(rng, deadline, counts).
"""

import contextlib
import errno
import hashlib
import io
import json
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import threading
import time

from engine import registry
from tools import cli

RUN_SECONDS = 20  # a command line that runs longer has hung (the fuzz runs only short ones)
KEYS = ("tried", "refused", "accepted_consistent", "accepted_inconsistent", "crashes", "files_lost", "bad_errors")
EXAMPLES = 5


class Counts:
    """The figures of one part, and a few examples of each failure."""

    def __init__(self):
        for k in KEYS:
            setattr(self, k, 0)
        self.examples = {}

    def failed(self, kind, example):
        setattr(self, kind, getattr(self, kind) + 1)
        shown = self.examples.setdefault(kind, [])
        if len(shown) < EXAMPLES:
            shown.append(cli.shown(example, 300))

    def as_dict(self):
        out = {k: getattr(self, k) for k in KEYS}
        if self.examples:
            out["examples"] = self.examples
        return out


# -- inputs -------------------------------------------------------------------------------
# characters that int(), isdigit(), upper() or lower() read as ASCII, look like it, or hide
TRICKY = (
    "\uff17", "\u0667", "\u0661", "\u06f3", "\u0966", "\u00b2", "\u2167",  # digits of other scripts
    "\u017f", "\u0131", "\u212a", "\u0130", "\ufb00", "\u00df",  # case-map into ASCII
    "\u0430", "\u0410", "\u0421", "\u041d", "\u0415",  # Cyrillic a A C H E
    "\u200b", "\u00a0", "\u3000", "\u2003", "\ufeff",  # spaces, seen and unseen
    "\x1b", "\x7f", "\r", "\n", "\t", "\x08", "\u202e",  # control, bidi
    ">", ",", "-", "_", "+", "0", "'", '"', "\\",
)


def mutate(rng, text):
    """A variant of a valid value: a character changed, added or removed, the
    case flipped, a tricky character in, a huge copy, or something else."""
    r = rng.random()
    if not text or r < 0.1:
        return rng.choice(["", " ", "0", "-1", "00", str(2**30), str(2**30 - 1), str(10**20), "1e3", "0x10", "NaN",
                           "".join(rng.choice(TRICKY) for _ in range(rng.randint(1, 4)))])
    i = rng.randrange(len(text) + 1)
    if r < 0.35:
        return text[:i] + rng.choice(TRICKY) + text[i + 1:]
    if r < 0.5:
        return text[:i] + rng.choice(TRICKY) + text[i:]
    if r < 0.6:
        return text[:i] + text[i + 1:]
    if r < 0.7:
        return text.swapcase()
    if r < 0.75:  # one huge word (up to a million characters), or a list repeated
        word = (cli.words(text) or [text])[0]
        if rng.random() < 0.7:
            return word * max(1, rng.choice((1000, 20000, 200000)) * 5 // len(word))
        return text * min(50, max(1, 5000 // len(text)))
    if r < 0.85:
        return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randint(1, 12)))
    return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randint(1, 8)))


# The documented notation (README, replay --help), as the fuzz's own reference:
# accepted input must match it.
_CARD = r"(?:(?:10|[2-9AJQK])[SHDC]|RJ|BJ)"
CARD = re.compile(r"(?ai)%s\Z" % _CARD)
NUMBER = re.compile(r"-?[0-9]+\Z")


def _norm(word):
    """A move's canonical text, to compare with the state's legal list."""
    return re.sub(r">0+(?=[1-9])", ">", word.upper())


def _flag(argv, name):
    """The value after the last `name` in argv (None if absent)."""
    value = None
    for i, a in enumerate(argv[:-1]):
        if a == name:
            value = argv[i + 1]
    return value


def _replay_argv(rng):
    from engine.rng import Rng
    from engine.game import PLAYING
    from tools.games import GAMES

    key = rng.choice(sorted(GAMES))
    spec = GAMES[key]
    rules = rng.randrange(len(spec.rules))
    seed = rng.randrange(2**30)
    argv = ["--game", key, "--rules", spec.rules[rules]]
    if rng.random() < 0.15:
        deck = _deck_words(rng, spec, rules)
        if rng.random() < 0.7:
            j = rng.randrange(len(deck))
            deck[j] = mutate(rng, deck[j])
        argv += ["--deck", rng.choice((" ", ",", ", ")).join(deck)]
    else:
        argv += ["--seed", str(seed)]
    if rng.random() < 0.2:
        argv += ["--bot", rng.choice(("greedy", "random", "greedy", "clever"))]
    else:
        game = spec.deal(rules, seed=seed)
        bot = spec.bots["random"]
        r = Rng(seed)
        words = []
        for _ in range(rng.randint(0, 12)):
            if game.status != PLAYING:
                break
            if rng.random() < 0.1 and words:
                words.append("u")
                game.undo()
                continue
            mv = bot(game, r)
            words.append(spec.move_text(game, mv))
            game.play(mv)
        if words and rng.random() < 0.7:
            j = rng.randrange(len(words))
            words[j] = mutate(rng, words[j])
        argv += ["--moves", rng.choice((" ", ",", " , ")).join(words)]
    if rng.random() < 0.3:
        argv.append("--trace")
    if rng.random() < 0.3:  # one value of the command line spoiled
        i = rng.randrange(len(argv))
        argv[i] = mutate(rng, argv[i])
    return argv


def _grammar(key):
    """The move text of a game, as its rules text writes it: its face's
    move_grammar, %s standing for a card."""
    from tools.games import GAMES

    pattern = GAMES[key].move_grammar
    return re.compile(pattern % ((_CARD,) * pattern.count("%s")))


def _deck_words(rng, spec, rules):
    """A valid --deck for the game, shuffled: its face's fuzz_deck(rng, rules)
    when the order matters, else every card of its deal in any order."""
    from engine import notation

    if hasattr(spec, "fuzz_deck"):
        return spec.fuzz_deck(rng, rules)
    every = [notation.name(c) for c in spec.engine(rules).every_card()]
    rng.shuffle(every)
    return every


def _simulate_argv(rng):
    from tools.games import GAMES

    key = rng.choice(sorted(GAMES))
    argv = ["--game", key, "--bot", rng.choice(("greedy", "random")), "--games", str(rng.randint(1, 3))]
    if rng.random() < 0.5:
        argv += ["--rules", rng.choice(GAMES[key].rules)]
    if rng.random() < 0.3:
        argv += ["--first", str(rng.choice((0, 5, 2**30 - 3, 2**30 - 1, 2**30)))]
    if rng.random() < 0.3:
        argv.append("--json")
    if rng.random() < 0.7:
        i = rng.randrange(len(argv))
        argv[i] = mutate(rng, argv[i])
    return argv


def _accepts_run(argv):
    """False when a simulate argv would run long (a huge --games that is valid):
    the fuzz does not run those."""
    games = _flag(argv, "--games")
    if games is None or not NUMBER.match(games) or len(games) > 15:
        return True  # the default, or refused
    return int(games) <= 50


def _shot_argv(rng, out_png):
    keys = [rng.choice(("A", "B", "UP", "DOWN", "LEFT", "RIGHT", "WAIT", "a", "left")) for _ in range(rng.randint(0, 4))]
    r = rng.random()
    if r < 0.1:
        keys += ["A", "A", "A", "BOT"]
    elif r < 0.3:  # a game of the list (Rogue Solitaire is the 4th), with something open or not, then the bot
        keys = ["A"] + ["DOWN"] * rng.randrange(4) + ["A", "A"]
        keys += rng.choice(([], [], ["HOLD-B"], ["A"], ["A", "A"], ["HOLD-B", "B"], ["DOWN", "B", "B", "HOLD-B"]))
        keys += rng.choice((["BOT"], ["BOT", "BOT"], ["BOT-END"] if keys[1] != "DOWN" else ["BOT"], ["BOT-END", "BOT"]))
    if keys and rng.random() < 0.5:
        j = rng.randrange(len(keys))
        keys[j] = mutate(rng, keys[j])
    argv = ["--keys", " ".join(keys)]
    argv += rng.choice((["--text"], ["--out", out_png], ["--text", "--style", rng.choice(("half", "braille", "quad", "x"))]))
    if rng.random() < 0.3:
        argv += ["--scale", mutate(rng, str(rng.randint(1, 16)))]
    return argv


# -- solve, powercut, expert --------------------------------------------------------------
# Files a tool may be given to read or write, by what they are; solve runs in
# the fuzz's own folder, so each name is relative to it (a mutated name stays there).
NOT_REGULAR = ("folder", "fifo", "/dev/zero", "/dev/full")


def _solve_files(tmp):
    """The files of the solve runs, in the folder tmp: a sweep file, a corrupt
    one, a folder and (where the system has them) a FIFO."""
    with open(os.path.join(tmp, "done.jsonl"), "w") as f:
        for seed, won in ((0, True), (1, None), (2, False), (3, None)):
            f.write(json.dumps({"seed": seed, "winnable": won, "nodes": 10 + seed, "seconds": 0.01}) + "\n")
    with open(os.path.join(tmp, "corrupt.jsonl"), "w") as f:
        f.write('{"seed": 1, "winnable": true}\n{"seed": \n')
    os.mkdir(os.path.join(tmp, "folder"))
    if hasattr(os, "mkfifo"):
        os.mkfifo(os.path.join(tmp, "fifo"))


def _a_file(rng, tmp, fresh):
    """A file name for solve: the sweep file, a fresh name, or one that is no regular file."""
    names = ["done.jsonl", "corrupt.jsonl", "missing.jsonl", fresh, fresh] + [
        n for n in NOT_REGULAR if os.path.exists(n if n.startswith("/") else os.path.join(tmp, n))]
    return rng.choice(names)


def _solve_argv(rng, tmp, n):
    from tools.games import GAMES

    key = rng.choice(sorted(GAMES))
    spec = GAMES[key]
    rules = rng.randrange(len(spec.rules))
    budget = ["--budget", str(rng.choice((1, 30, 300, 2000)))]
    r = rng.random()
    if r < 0.35:
        argv = ["--game", key, "--rules", spec.rules[rules]] + budget
        if rng.random() < 0.3:
            argv += ["--deck", " ".join(_deck_words(rng, spec, rules))]
        else:
            argv += ["--seed", str(rng.randrange(2**30))]
    elif r < 0.75:
        first = rng.choice((0, 2, rng.randrange(2**30 - 3)))
        out = _a_file(rng, tmp, "sweep%d.jsonl" % n)
        if out == "done.jsonl":  # a copy: a rerun resumes it, and the next run finds it as it was
            shutil.copy(os.path.join(tmp, out), os.path.join(tmp, "resume%d.jsonl" % n))
            out = "resume%d.jsonl" % n
        argv = ["--game", key, "--sweep", "%d-%d" % (first, first + rng.randrange(3)), "--out", out] + budget
        if rng.random() < 0.6:
            argv += ["--jobs", rng.choice(("1", "1", "2", "100000", "0", "-1"))]
        if rng.random() < 0.3:
            argv += ["--undecided-in", _a_file(rng, tmp, "done.jsonl")]
    else:
        argv = ["--summary"] + [_a_file(rng, tmp, "done.jsonl") for _ in range(rng.randint(1, 2))]
        if rng.random() < 0.3:
            argv.append("--json")
    if rng.random() < 0.3:
        argv += ["--seconds", rng.choice(("0.5", "2", "0", "nan", "1e3", "-1"))]
    if rng.random() < 0.3:
        i = rng.randrange(len(argv))
        argv[i] = mutate(rng, argv[i])
    return argv


def _parsed(parser, argv):
    """The tool's own reading of argv, or None when it refuses it (the run is then quick)."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return parser.parse_args(argv)
    except (cli.Exit, SystemExit):
        return None


def _solve_is_short(argv):
    """False when a solve argv would run long (a big budget, many deals) or
    write outside the fuzz's folder: the fuzz does not run those."""
    from tools import solve

    for flag in ("--out", "--undecided-in"):
        value = _flag(argv, flag)
        if value is not None and ("/" in value or "\\" in value) and value not in NOT_REGULAR:
            return False
    a = _parsed(solve.parser(), argv)
    if a is None or a.summary is not None:
        return True
    if a.budget > 5000:
        return False
    if a.sweep is not None:
        try:
            first, last = solve._range(a.sweep)
        except Exception:  # noqa: B902 - refused by the tool
            return True
        return last - first < 4
    return True


def _check_solve(argv, code, out, err):
    if code != 0:
        return None
    if "-h" in argv or "--help" in argv:
        return None if out.startswith("usage:") else "exit 0 with no help"
    if "--summary" in argv:
        return None if out.strip() else "exit 0 and no summary"
    sweep = _flag(argv, "--sweep")
    if sweep is not None:
        first, last = (int(x) for x in sweep.split("-"))
        try:
            with open(_flag(argv, "--out")) as f:
                seeds = {json.loads(line)["seed"] for line in f}
        except (OSError, ValueError) as e:
            return "exit 0, and the sweep's file cannot be read back: %s" % e
        if "--undecided-in" not in argv and not set(range(first, last + 1)) <= seeds:
            return "exit 0, and the sweep's file lacks deals of %s" % sweep
        return None
    try:
        r = json.loads(out)
    except ValueError:
        return "exit 0 and no JSON line"
    if r.get("winnable") not in (True, False, None) or not r.get("nodes"):
        return "exit 0 with no search: %s" % cli.shown(out, 80)
    if r["winnable"] and not r["line"]:
        return "winnable with no line"
    return None


def _powercut_argv(rng):
    r = rng.random()
    if r < 0.7:
        argv = ["--sector", rng.choice(("1024", "1024", "2048", "4096", "8192", "512")),
                "--games", str(rng.randint(1, 3)), "--every", rng.choice(("97", "500", "2000", "0", "-1")),
                "--jobs", rng.choice(("1", "1", "2", "100000", "0"))]
        if rng.random() < 0.3:
            argv += ["--seed", rng.choice(("1", "7", "-1", str(2**40)))]
    elif r < 0.85:
        argv = ["--wear", "--games", rng.choice(("0", "-1", "1000000", "x", "\uff11"))]
        if rng.random() < 0.3:
            argv += ["--every", "5"]
    else:
        argv = rng.choice((["--quick"], [])) + ["--every", rng.choice(("-1", "0", "x", "\u0661"))]
    if rng.random() < 0.4:
        argv += ["--orders", rng.choice(("address", "random", "address,random", "bogus", "address,address", ""))]
    if rng.random() < 0.4:
        argv += ["--tears", rng.choice(("random", "none", "full", "none,full", "bogus", ",", "random,random"))]
    if rng.random() < 0.3:
        argv += ["--double", rng.choice(("0", "3", "-1", "1e3"))]
    if rng.random() < 0.3:
        i = rng.randrange(len(argv))
        argv[i] = mutate(rng, argv[i])
    return argv


def _powercut_is_short(argv):
    """True for a powercut argv that is refused, or one small script with few cut points."""
    from tools import powercut

    a = _parsed(powercut.parser(), argv)
    if a is None:
        return True
    if a.wear or not a.sector or a.quick:
        return False
    return (a.games or 30) <= 3 and (a.every or 1) >= 90 and (a.double or 0) <= 10


def _check_powercut(argv, code, out, err):
    if code != 0 or "-h" in argv or "--help" in argv:
        return None
    try:
        r = json.loads(out)
    except ValueError:
        return "exit 0 and no JSON line"
    if "--wear" in argv:
        return None if r else "exit 0 and no figures"
    if not r.get("cut_points") or r.get("recovered") != r["cut_points"]:
        return "exit 0 with %s cut points tried, %s recovered" % (r.get("cut_points"), r.get("recovered"))
    return None


def _expert_argv(rng):
    from tools.games import GAMES

    key = rng.choice(sorted(GAMES))  # Rogue Solitaire too: the expert does not play it
    argv = ["--game", key, "--games", rng.choice(("1", "1", "2", "0", "-1", "1000000")),
            "--samples", rng.choice(("1", "2", "0", "1001"))]
    if rng.random() < 0.7:
        argv += ["--rules", rng.choice(GAMES[key].rules + ("bogus",))]
    if rng.random() < 0.3:
        argv += ["--seed", rng.choice(("0", "9", "-1", str(2**30 - 1), str(2**30)))]
    if rng.random() < 0.3:
        argv.append("--json")
    if rng.random() < 0.3:
        i = rng.randrange(len(argv))
        argv[i] = mutate(rng, argv[i])
    return argv


def _expert_is_short(argv):
    from tools import expert

    a = _parsed(expert.parser(), argv)
    return a is None or (a.games * (1 if a.rules else 3) <= 2 and a.samples <= 2)


def _check_expert(argv, code, out, err):
    if code != 0 or "-h" in argv or "--help" in argv:
        return None
    lines = out.splitlines()
    if not lines:
        return "exit 0 and nothing printed"
    if "--json" in argv:
        try:
            played = [json.loads(x)["expert"]["games"] for x in lines]
        except (ValueError, KeyError, TypeError):
            return "--json printed something else than JSON lines"
        if not all(played):
            return "exit 0 having played no game"
    return None


FLAGS = ("--game", "--rules", "--seed", "--deck", "--moves", "--bot", "--trace", "--games", "--first", "--json",
         "--keys", "--text", "--style", "--scale", "--out", "-h", "--", "-", "--game=" + registry.GAMES[0].key, "--seed=1",
         "--sector", "--every", "--double", "--orders", "--tears", "--jobs", "--wear", "--quick", "--samples")


# A .py a drive may hold beside the .mpy a build makes of it: the first game's rules.
_STRAY = registry.GAMES[0].home.replace(".", "/") + "/rules.py"
# Words a command line takes: the games' keys, the first game's first rule set, a number, a move, a bot, a key.
_WORDS = tuple(e.key for e in registry.GAMES) + (registry.engine_class(registry.GAMES[0]).RULE_NAMES[0], "7", "AH>1", "greedy", "A")


def _random_argv(rng):
    """Random words: flags (real, cut, doubled), values, tricky characters."""
    argv = []
    for _ in range(rng.randint(0, 8)):
        r = rng.random()
        if r < 0.5:
            argv.append(rng.choice(FLAGS))
        elif r < 0.6:
            argv.append(rng.choice(FLAGS)[: rng.randint(1, 6)])
        else:
            argv.append(mutate(rng, rng.choice(_WORDS)))
    return argv


class BrokenStdout(io.StringIO):
    """A stdout that fails after `after` writes: a reader gone or a full disk."""

    def __init__(self, after, error):
        io.StringIO.__init__(self)
        self.after = after
        self.error = error

    def write(self, text):
        self.after -= 1
        if self.after < 0:
            raise self.error
        return io.StringIO.write(self, text)

    def flush(self):
        if self.after < 0:
            raise self.error


class RanOver(BaseException):
    """A run went on past RUN_SECONDS (a BaseException: no tool's except clause takes it)."""


@contextlib.contextmanager
def _time_limit(seconds):
    """RanOver in this thread once `seconds` have passed (where the system
    has interval timers and this is the main thread; elsewhere no limit)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum, frame):
        raise RanOver()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _run_tool(main, argv, stdout):
    err = io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err), _time_limit(RUN_SECONDS):
        code = main(argv)
    return code, err.getvalue()


# Tools that may say something on stderr before they end (solve's progress, a
# warning about --jobs): each line is "name: ...", and the last is the refusal.
NOTES = ("solve", "powercut")


def _error_is_one_line(name, text):
    if name in NOTES:
        return _notes_are_lines(name, text) and text != ""
    return (text.endswith("\n") and text.count("\n") == 1 and text.startswith(name + ": ")
            and len(text) <= 400 and all(" " <= c <= "~" for c in text[:-1]))


def _notes_are_lines(name, text):
    """True when text is short printable lines, each "name: ..." (or nothing)."""
    return (text == "" or text.endswith("\n")) and all(
        line.startswith(name + ": ") and len(line) <= 400 and all(" " <= c <= "~" for c in line)
        for line in text.splitlines())


def _check_replay(argv, code, out, err):
    """None when the result is consistent, else what is wrong."""
    from tools.games import GAMES

    key = _flag(argv, "--game")
    moves = _flag(argv, "--moves")
    words = cli.words(moves) if moves is not None else []
    if code == 0 and out.startswith("usage:") and ("-h" in argv or "--help" in argv):
        return None  # the help, asked for
    lines = out.splitlines()
    try:
        states = [json.loads(x) for x in lines]
    except ValueError:
        return "stdout is not JSON lines"
    if code == 0:
        if err:
            return "accepted with something on stderr"
        if not states:
            return "accepted with no state"
        seed = _flag(argv, "--seed")
        if seed is not None and not (NUMBER.match(seed) and 0 <= int(seed) < 2**30):
            return "accepted --seed %r" % seed
        deck = _flag(argv, "--deck")
        if deck is not None and not all(CARD.match(w) for w in cli.words(deck)):
            return "accepted a --deck outside the notation"
        grammar = _grammar(key)
        for w in words:
            if not grammar.match(w):
                return "accepted the move %r" % w
        if moves is not None and states[-1]["moves"] != words:
            return "moves in the state differ from those given"
        if "--trace" in argv and len(states) != len(states[-1]["moves"]) + 1:
            return "--trace printed %d states for %d moves" % (len(states), len(states[-1]["moves"]))
        if key not in GAMES or states[-1]["game"] != key:
            return "state of another game"
        return None
    m = re.match(r"replay: move (\d+) \(", err)
    if m and states:
        i = int(m.group(1))
        done = states[-1]["moves"]
        if done != words[: i - 1]:
            return "refused move %d but the state holds %d moves" % (i, len(done))
        w = words[i - 1]
        legal = {_norm(x) for x in states[-1]["legal"]}
        if _grammar(key).match(w) and _norm(w) in legal:
            return "refused the legal move %r" % w
    return None


def _check_output(argv, code, out, err):
    if code == 0 and err:
        return "accepted with something on stderr"
    return None


def _tools():
    """Each tool the cli part runs: its main and the check of what it printed."""
    from tools import expert, powercut, replay, shot, simulate, solve

    return {"replay": (replay.main, _check_replay), "simulate": (simulate.main, _check_output),
            "shot": (shot.main, _check_output), "solve": (solve.main, _check_solve),
            "powercut": (powercut.main, _check_powercut), "expert": (expert.main, _check_expert)}


def try_cli(counts, name, argv, stdout=None, cwd=None):
    """Run one command line in this process (in the folder cwd, when given)
    and count what came of it."""
    main, check = _tools()[name]
    broken = getattr(stdout, "error", None)
    stdout = io.StringIO() if stdout is None else stdout
    counts.tried += 1
    example = "%s %s" % (name, " ".join(cli.shown(a, 60) for a in argv))
    with contextlib.chdir(cwd) if cwd else contextlib.nullcontext():
        _try_cli(counts, name, argv, main, check, stdout, broken, example)


def _try_cli(counts, name, argv, main, check, stdout, broken, example):
    t0 = time.perf_counter()
    try:
        code, err = _run_tool(main, argv, stdout)
    except RanOver:
        counts.failed("crashes", "%s -> still running after %d s" % (example, RUN_SECONDS))
        return
    except BaseException as e:  # noqa: B902 - a crash of any kind is what we count
        if isinstance(e, KeyboardInterrupt):
            raise
        counts.failed("crashes", "%s -> %s: %s" % (example, type(e).__name__, e))
        return
    if time.perf_counter() - t0 > RUN_SECONDS:  # where no timer could stop it
        counts.failed("crashes", "%s -> ran %.0f s" % (example, time.perf_counter() - t0))
        return
    if "Traceback" in err or code not in (0, 2):
        counts.failed("crashes", "%s -> exit %r: %s" % (example, code, err))
        return
    if broken is not None and stdout.after < 0:
        quiet = isinstance(broken, BrokenPipeError)
        said = err == "" or (name in NOTES and _notes_are_lines(name, err) and "cannot write" not in err)
        if quiet and code == 0 and said:
            counts.accepted_consistent += 1
        elif not quiet and code == 2 and _error_is_one_line(name, err) and "cannot write the output" in err:
            counts.refused += 1
        else:
            counts.failed("bad_errors", "%s -> %s, exit %r: %s" % (example, type(broken).__name__, code, err))
        return
    out = stdout.getvalue()
    if code == 2 and not _error_is_one_line(name, err):
        counts.failed("bad_errors", "%s -> %s" % (example, err))
        return
    wrong = check(argv, code, out, err)
    if wrong:
        counts.failed("accepted_inconsistent", "%s -> %s" % (example, wrong))
    elif code == 2:
        counts.refused += 1
    else:
        counts.accepted_consistent += 1


def fuzz_cli(rng, deadline, counts):
    tmp = tempfile.mkdtemp(prefix="deckcrawl-fuzz-")
    png = os.path.join(tmp, "shot.png")
    _solve_files(tmp)
    n = 0
    try:
        while time.perf_counter() < deadline:
            n += 1
            cwd = None
            r = rng.random()
            if r < 0.5:
                name, argv = "replay", _replay_argv(rng)
            elif r < 0.55:
                name, argv = rng.choice(("replay", "powercut", "expert")), _random_argv(rng)
                short = {"powercut": _powercut_is_short, "expert": _expert_is_short}.get(name)
                if short and not short(argv):
                    continue
            elif r < 0.7:
                name, argv = "simulate", _simulate_argv(rng)
                if not _accepts_run(argv):
                    continue
            elif r < 0.8:
                name, argv = "shot", _shot_argv(rng, png)
            elif r < 0.92:
                name, argv, cwd = "solve", _solve_argv(rng, tmp, n), tmp
                if not _solve_is_short(argv):
                    continue
            elif r < 0.97:
                name, argv = "powercut", _powercut_argv(rng)
                if not _powercut_is_short(argv):
                    continue
            else:
                name, argv = "expert", _expert_argv(rng)
                if not _expert_is_short(argv):
                    continue
            stdout = None
            if rng.random() < 0.1:
                broken = rng.choice((BrokenPipeError(errno.EPIPE, "Broken pipe"), OSError(errno.ENOSPC, "No space left on device")))
                stdout = BrokenStdout(rng.randint(0, 3), broken)
            try_cli(counts, name, argv, stdout, cwd)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# -- deploy ---------------------------------------------------------------------------------
BOOT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\nBoard ID:raspberry_pi_pico\n"
FAULT_KINDS = ("open", "write", "rename", "replace", "remove", "fsync", "mkdir", "kill", "unplug")


class Killed(BaseException):
    """The deploy's process killed at this step (nothing of it runs after)."""


class Faults:
    """Stands in for the deploy module's os (and its open): the n-th call of
    one kind on the drive raises (an OSError, or Killed for a kill)."""

    kill_kind = "write"

    def __init__(self, drive, kind=None, nth=0, error=None):
        self.drive = os.path.abspath(drive)
        self.kind = kind
        self.nth = nth
        self.error = error
        self.calls = {}
        self.fired = False
        self.fds = set()  # files opened for writing on the drive

    def _on_drive(self, path, kw):
        if kw.get("dir_fd") is not None or kw.get("src_dir_fd") is not None:
            return True
        return os.path.abspath(os.fsdecode(path)).startswith(self.drive)

    def _hit(self, kind):
        n = self.calls[kind] = self.calls.get(kind, 0) + 1
        want = self.kill_kind if self.kind == "kill" else self.kind
        if not self.fired and kind == want and n == self.nth:
            self.fired = True
            if self.kind == "kill":
                raise Killed()
            raise OSError(self.error, os.strerror(self.error))

    def __getattr__(self, name):  # every other os function, as it is
        return getattr(os, name)

    def open(self, path, flags, *a, **kw):
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writing and self._on_drive(path, kw):
            self._hit("open")
        fd = os.open(path, flags, *a, **kw)
        if writing and self._on_drive(path, kw):
            self.fds.add(fd)
        return fd

    def write(self, fd, data):
        if fd in self.fds:
            self._hit("write")
        return os.write(fd, data)

    def close(self, fd):
        self.fds.discard(fd)
        return os.close(fd)

    def rename(self, a, b, **kw):
        if self._on_drive(a, kw):
            self._hit("rename")
        return os.rename(a, b, **kw)

    def replace(self, a, b, **kw):
        if self._on_drive(a, kw):
            self._hit("replace")
        return os.replace(a, b, **kw)

    def unlink(self, path, **kw):
        if self._on_drive(path, kw):
            self._hit("remove")
        return os.unlink(path, **kw)

    remove = unlink

    def mkdir(self, path, *a, **kw):
        if self._on_drive(path, kw):
            self._hit("mkdir")
        return os.mkdir(path, *a, **kw)

    def fsync(self, fd):
        self._hit("fsync")
        return os.fsync(fd)

    def sync(self):
        pass  # a whole-system sync per run would only slow the fuzz

    def open_file(self, path, mode="r", *a, **k):
        """The builtin open, for the deploy module: writes on the drive fault too."""
        f = open(path, mode, *a, **k)
        if "w" in mode and self._on_drive(path, {}):
            self._hit("open")
            return _FaultyFile(f, self)
        return f


class _FaultyFile:
    def __init__(self, f, faults):
        self.f = f
        self.faults = faults

    def write(self, data):
        self.faults._hit("write")
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def _tree_files(top):
    out = {}
    for d, _, fs in os.walk(top):
        for f in fs:
            p = os.path.join(d, f)
            out[os.path.relpath(p, top).replace(os.sep, "/")] = open(p, "rb").read()
    return out


def _sha(data):
    return hashlib.sha256(data).hexdigest()


def _scene(rng, root, tree, deploy):
    """A drive and the host around it; (drive, the user's files: {abs path: bytes})."""
    host = os.path.join(root, "host")
    drive = os.path.join(root, "CIRCUITPY")
    os.makedirs(host)
    os.makedirs(drive)
    with open(os.path.join(drive, "boot_out.txt"), "w") as f:
        f.write(BOOT)
    mine = {os.path.join(host, "x"): b"host file", os.path.join(host, "deep", "y.mpy"): b"C\x06host"}
    built = _tree_files(tree)
    built.pop(".deckcrawl-build", None)
    if rng.random() < 0.5:  # an earlier deploy, then the user's changes
        with contextlib.redirect_stdout(io.StringIO()):
            deploy.deploy(drive, out=io.StringIO(), build_dir=tree)
    candidates = {
        "code.py": b"print('my own project')\n",
        "settings.toml": b'DECKCRAWL_SDA = "GP0"\n',
        "notes.txt": b"mine",
        "lib/neopixel.mpy": b"C\x06neopixel",
        "lib/adafruit_displayio_ssd1306.mpy": b"C\x06a newer driver",
        "ui/mine.mpy": b"C\x06mine",
        _STRAY: b"# an old copy\n",
        "code.py.before-deckcrawl": b"# an earlier backup\n",
        "lib/pkg/mod.mpy": b"C\x06pkg",
    }
    for rel, data in candidates.items():
        if rng.random() < 0.4:
            mine[os.path.join(drive, rel)] = data
    for path, data in mine.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    # the manifest: none, the earlier deploy's, or hostile
    r = rng.random()
    manifest = os.path.join(drive, deploy.MANIFEST)
    if r < 0.5:
        entries = {}
        if os.path.exists(manifest):
            entries = json.load(open(manifest))["files"]
        hostile = {
            "../host/x": _sha(b"host file"), os.path.join(host, "x"): _sha(b"host file"),
            "../host/deep/y.mpy": _sha(b"C\x06host"), "boot_out.txt": _sha(BOOT.encode()),
            "notes.txt": _sha(b"mine"), "settings.toml": _sha(b'DECKCRAWL_SDA = "GP0"\n'),
            "ui/mine.mpy": "0" * 64, "lib/neopixel.mpy": _sha(b"C\x06other"), "code.py": "0" * 64,
            "ui\\..\\..\\host\\x": _sha(b"host file"), "ui/../../host/x": _sha(b"host file"),
            _STRAY: _sha(b"# an old copy\n"), "lib/pkg/mod.mpy": "nothex",
        }
        for rel in rng.sample(sorted(hostile), rng.randint(1, len(hostile))):
            entries[rel] = hostile[rel]
        data = json.dumps({"files": entries}).encode()
        if rng.random() < 0.1:
            data = b"[" * 50000 + b"]" * 50000
        elif rng.random() < 0.1:
            data = data[: rng.randrange(len(data))]
        with open(manifest, "wb") as f:
            f.write(data)
    return drive, host, mine, built


def _lost(mine):
    """The user's files whose content is found neither where it was nor under
    a .before-deckcrawl name beside it."""
    lost = []
    for path, data in mine.items():
        folder = os.path.dirname(path)
        name = os.path.basename(path)
        try:
            names = os.listdir(folder)
        except OSError:
            names = []
        found = False
        for n in names:
            if n == name or n.startswith(name + ".before-deckcrawl"):
                try:
                    with open(os.path.join(folder, n), "rb") as f:
                        if f.read() == data:
                            found = True
                            break
                except OSError:
                    pass
        if not found:
            lost.append(path)
    return lost


def _drive_holds_build(drive, built, mine):
    have = _tree_files(drive)
    for rel, data in built.items():
        if rel == "settings.toml" and os.path.join(drive, rel) in mine:
            continue
        if have.get(rel) != data:
            return "%s differs from the build" % rel
    leftovers = [r for r in have if r.endswith(".deckcrawl-tmp")]
    if leftovers:
        return "temporary files left: %s" % leftovers[0]
    return None


def try_deploy(rng, counts, tree, root, kind=None, nth=1, error=errno.EIO):
    """One deploy onto a fresh scene in the folder root, with one fault
    (kind: one of FAULT_KINDS, at its nth occasion; None for none), then one
    without; counts what came of it."""
    from tools import deploy

    drive, host, mine, built = _scene(rng, root, tree, deploy)
    faults = Faults(drive, kind, nth, error)
    if kind == "kill":
        faults.kill_kind = rng.choice(FAULT_KINDS[:7])
    unplug_at = nth if kind == "unplug" else 0
    away = os.path.join(root, "unplugged")
    real_write = deploy.write_file
    writes = [0]
    empty_mount = rng.random() < 0.5

    def write_file(src, dst, *a):
        writes[0] += 1
        if writes[0] == unplug_at:  # between two files, or as this one starts
            os.rename(drive, away)
            if empty_mount:
                os.mkdir(drive)  # the mount point stays behind, empty
        return real_write(src, dst, *a)

    counts.tried += 1
    example = "fault %s #%d (%s)" % (kind, nth, os.strerror(error))
    said_done = False
    real_os = deploy.os
    deploy.os, deploy.open, deploy.write_file = faults, faults.open_file, write_file
    try:
        deploy.deploy(drive, out=io.StringIO(), build_dir=tree)
        said_done = True
    except (deploy.DeployError, Killed):
        pass
    except Exception as e:  # noqa: B902
        counts.failed("crashes", "%s: %s: %s" % (example, type(e).__name__, e))
        return
    finally:
        deploy.os, deploy.write_file = real_os, real_write
        del deploy.open
    wrong = None
    if os.path.exists(away):  # the board comes back
        if os.path.isdir(drive):
            on_host = _tree_files(drive)
            if on_host:
                wrong = "wrote %s on the host after the drive was unplugged" % sorted(on_host)[0]
            shutil.rmtree(drive)
        os.rename(away, drive)
        if said_done:
            wrong = wrong or "said done after the drive was unplugged"
    if said_done and not wrong:
        wrong = _drive_holds_build(drive, built, mine)
    lost = _lost(mine)
    # then a deploy with no faults must finish the job
    deploy.os = Faults(drive)
    try:
        deploy.deploy(drive, out=io.StringIO(), build_dir=tree)
        wrong = wrong or _drive_holds_build(drive, built, mine)
    except Exception as e:  # noqa: B902
        wrong = wrong or "the deploy after it failed: %s: %s" % (type(e).__name__, e)
    finally:
        deploy.os = real_os
    lost = lost or _lost(mine)
    if lost:
        counts.files_lost += len(lost)
        shown = counts.examples.setdefault("files_lost", [])
        if len(shown) < EXAMPLES:
            shown.append("%s: %s" % (example, os.path.relpath(lost[0], root)))
    if wrong:
        counts.failed("accepted_inconsistent", "%s: %s" % (example, wrong))
    elif said_done:
        counts.accepted_consistent += 1
    else:
        counts.refused += 1


def fuzz_deploy(rng, deadline, counts):
    from tools import build as builder

    work = tempfile.mkdtemp(prefix="deckcrawl-fuzz-deploy-")
    try:
        tree = os.path.join(work, "tree")
        builder.build(tree, "circuitpython")
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            root = os.path.join(work, "run%d" % n)
            kind = rng.choice(FAULT_KINDS + (None,))
            error = rng.choice((errno.EIO, errno.ENOSPC, errno.EROFS, errno.ENODEV, errno.EACCES))
            try_deploy(rng, counts, tree, root, kind, rng.randint(1, 30), error)
            shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# -- buttons --------------------------------------------------------------------------------
def fuzz_buttons(rng, deadline, counts):
    from hw import buttons as hb
    from hw.fake import FakeBoard

    board = FakeBoard()
    while time.perf_counter() < deadline:
        counts.tried += 1
        board.queue.clear()
        board.clock.now = rng.choice((1000, rng.randrange(1 << 29), (1 << 29) - rng.randint(1, 3000)))
        b = hb.Buttons(board.queue, type(board.buttons._ev)(), board.ticks_ms)
        down = [False] * 6
        b_settled = None  # when the poll that surely took B's press happened
        b_held = False  # a HOLD came for this press of B
        b_released_after_hold = False
        repeats = {}
        overflowed = False
        problem = None
        script = []
        t = 0
        try:
            for _ in range(rng.randint(5, 120)):
                r = rng.random()
                if r < 0.25:
                    k = rng.choice((0, 1, 2, 3, 4, 5, 5, 5))
                    down[k] = not down[k]
                    board.queue.keypad_eventqueue_record(k, down[k])
                    script.append(("press" if down[k] else "release", k))
                    if k == hb.B:
                        b_settled = None
                        if down[k]:
                            b_held = False
                            b_released_after_hold = False
                        else:
                            b_released_after_hold = b_held
                    if down[k] and k < 4:
                        repeats[k] = []
                elif r < 0.253:
                    for _ in range(70):  # a flood: the queue overflows
                        board.queue.keypad_eventqueue_record(4, True)
                        board.queue.keypad_eventqueue_record(4, False)
                    script.append(("flood",))
                elif r < 0.55:
                    ms = rng.choice((0, 1, 5, 10, 20, 45, 50, 90, 120, 300, 1000, 2500))
                    board.clock.advance(ms)
                    t += ms
                    script.append(("advance", ms))
                else:
                    queued = len(board.queue)
                    if board.queue.overflowed:
                        overflowed = True
                    ev = b.poll()
                    script.append(("poll", ev))
                    if overflowed:
                        break  # what was held is forgotten by design: the rest is not checked
                    if ev != hb.NONE and not (0 <= ev >> 3 <= 2 and 0 <= ev & 7 <= 5):
                        problem = "poll returned %r" % ev
                        break
                    kind, key = ev >> 3, ev & 7
                    if down[hb.B] and b_settled is None and len(board.queue) == 0:
                        b_settled = t
                    if ev == hb.event(hb.HOLD, hb.B):
                        b_held = True
                    elif ev == hb.event(hb.PRESS, hb.B) and (b_released_after_hold or (b_held and down[hb.B])):
                        problem = "a hold of B ended in a tap"
                        break
                    elif ev != hb.NONE and kind == hb.REPEAT:
                        times = repeats.setdefault(key, [])
                        times.append(t)
                        if len(times) >= 2 and times[-1] == times[-2]:
                            problem = "%s repeated twice at once (a burst)" % hb.KEY_NAMES[key]
                            break
                    if (ev != hb.event(hb.HOLD, hb.B) and down[hb.B] and not b_held and queued == 0
                            and b_settled is not None and t - b_settled >= hb.HOLD_TIME):
                        problem = "B held %d ms, the queue empty, and no HOLD" % (t - b_settled)
                        break
        except Exception as e:  # noqa: B902
            counts.failed("crashes", "%s: %s after %s" % (type(e).__name__, e, script[-6:]))
            continue
        if problem:
            counts.failed("accepted_inconsistent", "%s after %s" % (problem, script[-8:]))
        elif overflowed:
            counts.refused += 1
        else:
            counts.accepted_consistent += 1


# -- the engine: saves and moves ----------------------------------------------------------
def _engine_games():
    """(game class, rule sets) of every game of the registry."""
    from engine import registry

    classes = [registry.engine_class(e) for e in registry.GAMES]
    return tuple((cls, len(cls.RULE_NAMES)) for cls in classes)


def _image(game):
    """The game's whole save image, as bytes (status, moves, state)."""
    from engine import saves

    buf = bytearray(saves.SIZE)
    return bytes(buf[:saves.save(game, buf)])


def _conserved(game, deck):
    from engine import save_checks

    return sorted(save_checks.census(game)) == deck


def play_out(game, rng, limit=3000):
    """Random legal moves to the end, with the invariants checked at each:
    the cards conserved, validate() passing, an illegal move changing nothing,
    undo restoring the save image byte for byte.  None, or what broke."""
    from engine import save_checks, saves
    from engine.game import PLAYING

    deck = sorted(game.every_card())
    if not _conserved(game, deck):
        return "cards not conserved"
    for _ in range(limit):
        if game.status != PLAYING:
            return None
        n = game.legal_moves()
        if n == 0:
            return "a game in play with no legal move"
        before = _image(game)
        bad = rng.randrange(256)
        if game.check(bad):
            if game.play(bad) == 0:
                return "check refused %#x, play made it" % bad
            if _image(game) != before:
                return "the illegal move %#x changed the state" % bad
        mv = game.legal[rng.randrange(n)]
        if game.play(mv):
            return "the legal move %#x refused" % mv
        if not _conserved(game, deck):
            return "cards not conserved after %#x" % mv
        try:
            save_checks.validate(game)
        except saves.SaveError as e:
            return "after %#x: %s" % (mv, e)
        if game.can_undo() and rng.random() < 0.3:
            after = _image(game)
            if game.undo() != mv or _image(game) != before:
                return "undo of %#x did not restore the state" % mv
            game.play(mv)
            if _image(game) != after:
                return "%#x replayed after undo differs" % mv
    return "no end after %d moves" % limit


def _saved_game(rng):
    """A save image of a random game, rule set and point of play (sometimes over)."""
    from engine.game import PLAYING

    cls, rule_sets = rng.choice(_engine_games())
    rules = rng.randrange(rule_sets)
    game = cls(rules).deal(rng.randrange(1 << 30))
    stop = rng.choice((0, rng.randrange(40), 10000))
    while game.status == PLAYING and stop:
        stop -= 1
        game.play(game.legal[rng.randrange(game.legal_moves())])
    return cls, rule_sets, bytearray(_image(game))


def _reseal(buf):
    from engine import saves

    n = len(buf) - 2
    c = saves.crc16(buf, 0, n)
    buf[n] = c & 0xFF
    buf[n + 1] = c >> 8


def try_save(rng, counts, cls, rule_sets, buf, example):
    """Load one (mutated) save: refused with SaveError, or a game whose
    state holds up to the end of a random play-out; counts which."""
    from engine import save_checks, saves

    counts.tried += 1
    try:
        game = save_checks.load(cls, buf, rule_sets)
    except saves.SaveError:
        counts.refused += 1
        return
    except Exception as e:  # noqa: B902
        counts.failed("crashes", "%s: load: %s: %s" % (example, type(e).__name__, e))
        return
    try:
        save_checks.validate(game)
        problem = play_out(game, rng)
    except saves.SaveError as e:
        problem = str(e)
    except Exception as e:  # noqa: B902
        counts.failed("crashes", "%s: play: %s: %s" % (example, type(e).__name__, e))
        return
    if problem:
        counts.failed("accepted_inconsistent", "%s: %s" % (example, problem))
    else:
        counts.accepted_consistent += 1


def _other_mutant(rng, buf):
    """A random multi-byte, torn, truncated or extended save, resealed or not."""
    m = bytearray(buf)
    r = rng.random()
    if r < 0.4:
        for _ in range(rng.randint(2, 8)):
            m[rng.randrange(len(m))] = rng.choice((0, 0xFF, rng.randrange(256)))
        what = "multi-byte"
    elif r < 0.6:
        at = rng.randrange(len(m))
        m[at:] = bytes([rng.choice((0, 0xFF))]) * (len(m) - at)
        what = "torn at %d" % at
    elif r < 0.8:
        m = m[:rng.randrange(len(m))]
        what = "truncated to %d" % len(m)
    else:
        m += bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
        what = "extended to %d" % len(m)
    if len(m) > 12 and rng.random() < 0.7:
        _reseal(m)
        what += ", resealed"
    return m, what


def fuzz_saves(rng, deadline, counts):
    """Every single-byte value at every byte of a save (the CRC resealed,
    except in the CRC's own bytes), in a random order; then random multi-byte,
    torn, truncated and extended saves; a fresh save of a random game each round."""
    while time.perf_counter() < deadline:
        cls, rule_sets, buf = _saved_game(rng)
        n = len(buf)
        every = list(range(n * 256))
        rng.shuffle(every)
        for k in every:
            if time.perf_counter() >= deadline:
                return
            i, v = k >> 8, k & 0xFF
            if buf[i] == v:
                continue
            m = bytearray(buf)
            m[i] = v
            if i < n - 2:
                _reseal(m)
            try_save(rng, counts, cls, rule_sets, m, "%s rules %d byte %d = %d" % (cls.__name__, buf[2], i, v))
        for _ in range(300):
            if time.perf_counter() >= deadline:
                return
            m, what = _other_mutant(rng, buf)
            try_save(rng, counts, cls, rule_sets, m, "%s rules %d %s" % (cls.__name__, buf[2], what))


def fuzz_moves(rng, deadline, counts):
    """Random games to the end with the invariants (play_out); then a save and
    load of the end, which must give the same image back.  Each game is one try."""
    from engine import save_checks

    while time.perf_counter() < deadline:
        cls, rule_sets = rng.choice(_engine_games())
        seed = rng.randrange(1 << 30)
        example = "%s rules %%d seed %d" % (cls.__name__, seed)
        counts.tried += 1
        try:
            game = cls(rng.randrange(rule_sets)).deal(seed)
            example %= game.rules
            problem = play_out(game, rng)
            if not problem:
                image = _image(game)
                if _image(save_checks.load(cls, image, rule_sets)) != image:
                    problem = "save and load changed the image"
        except Exception as e:  # noqa: B902
            counts.failed("crashes", "%s: %s: %s" % (example, type(e).__name__, e))
            continue
        if problem:
            counts.failed("accepted_inconsistent", "%s: %s" % (example, problem))
        else:
            counts.accepted_consistent += 1


# The parts, by name: each is part(rng, deadline, counts).  The engine's side
# adds "saves" (every single-byte value at every byte of a save of each rule
# set, random multi-byte, torn, truncated and extended saves) and "moves"
# (random moves with the invariants) here.
PARTS = {
    "cli": fuzz_cli,
    "deploy": fuzz_deploy,
    "buttons": fuzz_buttons,
    "saves": fuzz_saves,
    "moves": fuzz_moves,
}


def run(seconds, parts=None, seed=None):
    """Run the parts for `seconds` in all (shared equally); the figures as a dict."""
    parts = list(PARTS) if not parts else parts
    seed = random.randrange(2**31) if seed is None else seed
    out = {"seconds": seconds, "seed": seed, "parts": {}}
    total = Counts()
    share = seconds / len(parts)
    for name in parts:
        counts = Counts()
        rng = random.Random("%d %s" % (seed, name))
        t0 = time.perf_counter()
        PARTS[name](rng, t0 + share, counts)
        d = counts.as_dict()
        d["seconds"] = round(time.perf_counter() - t0, 1)
        out["parts"][name] = d
        for k in KEYS:
            setattr(total, k, getattr(total, k) + getattr(counts, k))
    out["total"] = total.as_dict()
    return out


def failed(result):
    t = result["total"]
    return bool(t["accepted_inconsistent"] or t["crashes"] or t["files_lost"] or t["bad_errors"])


def main(argv=None):
    return cli.guard("fuzz", _main, argv)


def _main(argv):
    p = cli.Parser("fuzz", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=cli.int_in(1, 10**6), default=60, help="how long in all (default 60)")
    p.add_argument("--part", action="append", choices=sorted(PARTS), help="one part (again for more; default all)")
    p.add_argument("--seed", type=cli.ascii_int, help="the inputs' seed (default: a new one, printed)")
    args = p.parse_args(argv)
    result = run(args.seconds, args.part, args.seed)
    cli.out(json.dumps(result, indent=1))
    return 1 if failed(result) else 0


if __name__ == "__main__":
    sys.exit(main())

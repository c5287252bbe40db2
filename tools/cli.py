"""What the command-line tools (replay, simulate, shot, deploy, solve,
powercut, expert, fuzz) share.

- Every error is one line on stderr, ``NAME: what is wrong``, and exit code 2;
  argparse's usage errors too (``Parser``), not its usage block.
- A value the user gave is shown cut to a few dozen characters, with anything
  that is not printable ASCII escaped (``shown``), so a megabyte of bad input
  is a line, and a control character cannot drive the terminal.
- Numbers and notation are the documented ASCII forms only (``ascii_int``,
  ``words``): ``--seed ７`` or ``٧`` is refused, not read as 7.
- A number has its range in its argparse type (``int_in``, ``decimal_in``):
  ``--jobs 0`` or ``--budget -1`` is a usage error, never a run that tries
  nothing or everything.
- A file the tool reads is opened only when it is a regular file
  (``open_regular``): a folder, a FIFO or a device (/dev/zero, /dev/full) is
  refused before a byte is read or written.
- ``--jobs`` is capped at the work there is, with a warning above the cores
  (``jobs``), and the worker pool (``pool``) ends with its parent, even one
  killed with SIGKILL.
- Output goes through ``out()``; ``guard()`` runs a tool's main so that a
  reader who goes away (``| head``) ends the tool quietly with exit 0, a full
  or failing output is one line and exit 2, and Ctrl-C is one line and 130.
"""

import argparse
import multiprocessing
import os
import re
import stat
import sys
import threading
import time

SHOWN = 40  # characters of a user's value echoed in a message
INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)
_NUMBER = re.compile(r"-?[0-9]{1,15}\Z")
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?\Z")
_SEPARATORS = re.compile(r"[ \t\r\n\f\v,]+")


class OutputError(Exception):
    """Writing to stdout failed; .error is the OSError."""

    def __init__(self, error):
        Exception.__init__(self, error)
        self.error = error


class Exit(Exception):
    """A tool's one-line error: guard() prints it and returns the code."""

    def __init__(self, message, code=2):
        Exception.__init__(self, message)
        self.code = code


def printable(text):
    """text with every character outside printable ASCII escaped (\\n, \\xe9, \\uff17)."""
    return "".join(c if " " <= c <= "~" else ascii(c)[1:-1] for c in text)


def shown(value, limit=SHOWN):
    """A user's value as it may appear in a message: printable ASCII, at most
    about `limit` characters, saying how long it was when cut."""
    text = printable(str(value))
    if len(text) <= limit:
        return text
    return "%s... (%d characters)" % (text[:limit], len(str(value)))


_QUOTED = re.compile(r"'([^']*)'|\"([^\"]*)\"")


def clip_message(message, limit=SHOWN):
    """A message that quotes user values (argparse's, notation's), cut to one
    line: each quoted value shown cut, every other long word too."""

    def quoted(m):
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        return "'%s'" % shown(inner, limit)

    message = _QUOTED.sub(quoted, printable(message))
    return " ".join(w if len(w) <= 2 * limit else shown(w, limit) for w in message.split(" "))


def ascii_int(text):
    """An argparse type: a whole number in ASCII digits (int() would also take
    '７', '٧', ' 7', '1_000')."""
    if not _NUMBER.match(text):
        raise argparse.ArgumentTypeError("'%s' is not a whole number in digits 0-9" % shown(text))
    return int(text)


def _bounded(n, low, high):
    if n < low:
        raise argparse.ArgumentTypeError("must be at least %s, not %s" % (low, n))
    if high is not None and n > high:
        raise argparse.ArgumentTypeError("must be at most %s, not %s" % (high, n))
    return n


def int_in(low, high=None):
    """An argparse type: a whole number in ASCII digits from low to high
    (no upper end when high is None)."""

    def whole_number(text):
        return _bounded(ascii_int(text), low, high)

    return whole_number


def decimal_in(low, high):
    """An argparse type: a number in ASCII digits with an optional decimal
    part (float() would also take 'nan', 'inf', '1e999', '\uff17'), from low to high."""

    def number(text):
        if not _DECIMAL.match(text):
            raise argparse.ArgumentTypeError("'%s' is not a number in digits 0-9 (such as 2.5)" % shown(text))
        return _bounded(float(text), low, high)

    return number


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
_MODES = {"rb": os.O_RDONLY, "ab": os.O_WRONLY | os.O_APPEND | os.O_CREAT}


def open_regular(name, path, mode="rb"):
    """The file at path opened in mode ('rb' to read, 'ab' to append, made
    when absent), only when it is a regular file: Exit, with what it is
    instead (a folder, a FIFO, a device such as /dev/zero), before a byte is
    read or written; Exit too when it cannot be opened.  Reading a file that
    does not exist raises FileNotFoundError (a missing file is fine for some)."""
    verb = "read" if mode == "rb" else "write"
    try:
        before = os.stat(path)
    except FileNotFoundError:
        if mode == "rb":
            raise
        before = None
    except OSError as e:
        raise Exit("%s: cannot %s %s: %s" % (name, verb, shown(path, 200), e.strerror or e))
    if before is not None and not stat.S_ISREG(before.st_mode):
        raise Exit("%s: cannot %s %s: it is %s, not a regular file" % (name, verb, shown(path, 200), _kind(before)))
    try:  # non-blocking: a FIFO put there since the stat does not hang the open
        fd = os.open(path, _MODES[mode] | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as e:
        if isinstance(e, FileNotFoundError) and mode == "rb":
            raise
        raise Exit("%s: cannot %s %s: %s" % (name, verb, shown(path, 200), e.strerror or e))
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise Exit("%s: cannot %s %s: it is %s, not a regular file" % (name, verb, shown(path, 200), _kind(st)))
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, mode)


def _kind(st):
    for test, what in _KINDS:
        if test(st.st_mode):
            return what
    return "something else"


def jobs(name, asked, work=None):
    """How many processes to run `work` pieces of work on: asked (None:
    every core), never more than the pieces (when known); a warning line
    when asked is more than the cores."""
    cores = os.cpu_count() or 1
    n = cores if asked is None else asked
    used = max(1, n if work is None else min(n, work))
    if n > cores:
        err("%s: warning: --jobs %d is more than the %d cores of this machine%s"
            % (name, n, cores, "" if work is None else ": running %d processes" % used))
    return used


def pool(processes, context=None):
    """A multiprocessing pool whose workers end when this process ends, even
    killed by SIGKILL (whose pool cannot tell them to): see _die_with_parent."""
    ctx = multiprocessing.get_context(context)
    return ctx.Pool(processes, initializer=_die_with_parent, initargs=(os.getpid(),))


def _die_with_parent(parent):
    """In a pool worker: end when the parent `parent` does.  On Linux the
    kernel sends SIGKILL at once (prctl PR_SET_PDEATHSIG); elsewhere, and
    should that fail, a thread checks every half second that the parent is
    still there (an orphan is given another parent)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent went before the line above
        os._exit(1)

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def words(text):
    """The words of a list separated by ASCII spaces or commas; other
    characters stay in the words, for the caller to refuse."""
    return [w for w in _SEPARATORS.split(text) if w]


def is_notation(word, longest):
    """True when word is printable ASCII without spaces, at most `longest` long."""
    return 0 < len(word) <= longest and all("!" <= c <= "~" for c in word)


class Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors: 'NAME: argument --x: why (--help ...)'."""

    def __init__(self, name, **kw):
        kw.setdefault("prog", "python -m tools." + name)
        kw.setdefault("allow_abbrev", False)  # only the documented names: --gam is not --game
        argparse.ArgumentParser.__init__(self, **kw)
        self.name = name

    def _print_message(self, message, file=None):
        try:
            argparse.ArgumentParser._print_message(self, message, file)
        except OSError as e:
            raise OutputError(e) from e

    def error(self, message):
        # "argument --jobs: must be at least 1, not 0" (int_in's) reads "--jobs must be ..."
        message = re.sub(r"\Aargument ([^ :]+): must ", r"\1 must ", message)
        raise Exit("%s: %s (see --help)" % (self.name, clip_message(message)))


def out(text=""):
    """Print a line to stdout; OutputError when stdout cannot take it."""
    try:
        sys.stdout.write(text + "\n")
    except OSError as e:
        raise OutputError(e) from e


def err(line):
    """One line to stderr; a closed stderr is not an error of its own."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _flush_stdout():
    try:
        sys.stdout.flush()
    except OSError as e:
        raise OutputError(e) from e


def _drop_stdout():
    """Point stdout at the null device, so what is still buffered does not
    fail again (and print a traceback) when the interpreter exits."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def output_failed(name, e):
    """The exit code for an OutputError, after saying why (a reader that went
    away is no error: 0, quietly)."""
    _drop_stdout()
    if isinstance(e.error, BrokenPipeError):
        return 0
    err("%s: cannot write the output: %s" % (name, e.error.strerror or e.error))
    return 2


def guard(name, main, argv=None):
    """Run main(argv) as a command: its exit code, with usage errors,
    Ctrl-C and a closed or failing stdout turned into one line (or none) and
    an exit code, never a traceback."""
    try:
        try:
            code = main(argv)
        except SystemExit as e:  # argparse's --help
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
        _flush_stdout()
        return code
    except Exit as e:
        err(str(e))
        return e.code
    except OutputError as e:
        return output_failed(name, e)
    except KeyboardInterrupt:
        err("%s: interrupted" % name)
        return INTERRUPTED

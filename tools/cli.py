"""What the command-line tools (replay, simulate, shot, deploy) share.

- Every error is one line on stderr, ``NAME: what is wrong``, and exit code 2;
  argparse's usage errors too (``Parser``), not its usage block.
- A value the user gave is shown cut to a few dozen characters, with anything
  that is not printable ASCII escaped (``shown``), so a megabyte of bad input
  is a line, and a control character cannot drive the terminal.
- Numbers and notation are the documented ASCII forms only (``ascii_int``,
  ``words``): ``--seed ７`` or ``٧`` is refused, not read as 7.
- Output goes through ``out()``; ``guard()`` runs a tool's main so that a
  reader who goes away (``| head``) ends the tool quietly with exit 0, a full
  or failing output is one line and exit 2, and Ctrl-C is one line and 130.
"""

import argparse
import os
import re
import sys

SHOWN = 40  # characters of a user's value echoed in a message
INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C (128 + SIGINT)
_NUMBER = re.compile(r"-?[0-9]{1,15}\Z")
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

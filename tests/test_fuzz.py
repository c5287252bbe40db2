"""A short run of tools/fuzz.py for each part it has, and proof that each
part's checks catch the faults they are there for (a fuzz that cannot fail
would prove nothing)."""

import json
import os
import subprocess
import sys

import pytest

from engine.game import PLAYING
from tools import cli, deploy, fuzz

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILURES = ("accepted_inconsistent", "crashes", "files_lost", "bad_errors")


NEVER_REFUSE = ("buttons", "moves")  # parts whose every input is one to accept


def short(part, seconds=1, seed=11, at_most=30):
    """The counts of a fuzz of part for seconds, run on (for up to at_most
    seconds) until it has accepted and, unless the part never refuses,
    refused something: a loaded machine fits fewer tries in a second."""
    counts = fuzz.Counts()
    rng = fuzz.random.Random(seed)
    give_up = fuzz.time.perf_counter() + at_most
    while True:
        fuzz.PARTS[part](rng, fuzz.time.perf_counter() + seconds, counts)
        c = counts.as_dict()
        if (c["accepted_consistent"] and (c["refused"] or part in NEVER_REFUSE)) or fuzz.time.perf_counter() > give_up:
            return c


@pytest.mark.parametrize("part", sorted(fuzz.PARTS))
def test_a_short_fuzz_of_each_part_finds_nothing(part):
    c = short(part)
    assert c["tried"] > 0
    assert c["tried"] == c["refused"] + c["accepted_consistent"] + c["accepted_inconsistent"] + c["crashes"] + c["bad_errors"]
    assert all(c[k] == 0 for k in FAILURES), c.get("examples")
    assert c["accepted_consistent"] > 0 and (part in NEVER_REFUSE or c["refused"] > 0)


def test_the_command_prints_the_counts_as_json():
    r = subprocess.run([sys.executable, "-m", "tools.fuzz", "--seconds", "1", "--part", "buttons", "--seed", "3"],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["seed"] == 3 and list(out["parts"]) == ["buttons"]
    for k in fuzz.KEYS:
        assert k in out["total"] and k in out["parts"]["buttons"]
    r = subprocess.run([sys.executable, "-m", "tools.fuzz", "--part", "chess"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1


# -- each part's checks catch what they are for --------------------------------------------
def _old_poll(self):
    """hw/buttons.py's poll before the fix: repeats first, then the hold;
    missed repeats come out back to back."""
    from hw import buttons as b

    now = self._ticks()
    while self.queue.get_into(self._ev):
        k = self._ev.key_number
        if self._ev.pressed:
            self._down[k] = True
            self._since[k] = now
            self._next[k] = now + b.REPEAT_DELAY
            if k == b.B:
                self._held = False
            else:
                return b.event(b.PRESS, k)
        elif self._down[k]:
            self._down[k] = False
            if k == b.B and not self._held:
                return b.event(b.PRESS, b.B)
    for k in range(4):
        if self._down[k] and b.ticks_diff(now, self._next[k]) >= 0:
            self._next[k] += b.REPEAT_RATE
            return b.event(b.REPEAT, k)
    if self._down[b.B] and not self._held and b.ticks_diff(now, self._since[b.B]) >= b.HOLD_TIME:
        self._held = True
        return b.event(b.HOLD, b.B)
    return b.NONE


def test_the_buttons_part_catches_a_hidden_hold_and_repeat_bursts(monkeypatch):
    from hw import buttons

    monkeypatch.setattr(buttons.Buttons, "poll", _old_poll)
    c = short("buttons", seconds=0.5)
    problems = " ".join(c["examples"]["accepted_inconsistent"])
    assert c["accepted_inconsistent"] > 0 and "burst" in problems


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    from tools import build as builder

    d = str(tmp_path_factory.mktemp("fuzz") / "tree")
    builder.build(d, "circuitpython")
    return d


def test_the_deploy_part_catches_a_manifest_that_deletes_outside_the_build(monkeypatch, tree, tmp_path):
    monkeypatch.setattr(deploy, "managed_path", lambda rel: True)
    counts = fuzz.Counts()
    rng = fuzz.random.Random(1)
    for n in range(20):
        fuzz.try_deploy(rng, counts, tree, str(tmp_path / str(n)))
    assert counts.files_lost > 0 and "host/x" in " ".join(counts.examples["files_lost"])


def test_the_deploy_part_catches_a_deploy_that_writes_on_after_the_drive_left(monkeypatch, tree, tmp_path):
    monkeypatch.setattr(deploy.Drive, "check", lambda self: None)
    counts = fuzz.Counts()
    rng = fuzz.random.Random(1)
    for n in range(10):
        fuzz.try_deploy(rng, counts, tree, str(tmp_path / str(n)), "unplug", 1)
    assert counts.accepted_inconsistent > 0
    assert "said done after the drive was unplugged" in " ".join(counts.examples["accepted_inconsistent"])


@pytest.mark.parametrize("move", ["AH>\u0661", "AH>\uff11", "AH>1\u00a0"])
def test_the_cli_part_catches_notation_outside_ascii(monkeypatch, move):
    argv = ["--game", "ctd", "--seed", "7", "--moves", move]  # seed 7's hand: AH 10H 8C
    counts = fuzz.Counts()
    fuzz.try_cli(counts, "replay", argv)
    assert counts.refused == 1 and counts.accepted_inconsistent == 0
    monkeypatch.setattr(cli, "is_notation", lambda word, longest: True)
    fuzz.try_cli(counts, "replay", argv)
    assert counts.accepted_inconsistent == 1, counts.as_dict()


def test_the_cli_part_catches_a_traceback_on_a_broken_stdout(monkeypatch):
    counts = fuzz.Counts()
    argv = ["--game", "ctd", "--seed", "7"]
    fuzz.try_cli(counts, "replay", argv, fuzz.BrokenStdout(0, OSError(28, "No space left on device")))
    fuzz.try_cli(counts, "replay", argv, fuzz.BrokenStdout(0, BrokenPipeError(32, "Broken pipe")))
    assert counts.refused == 1 and counts.accepted_consistent == 1
    monkeypatch.setattr(cli, "guard", lambda name, main, argv: main(argv))
    fuzz.try_cli(counts, "replay", argv, fuzz.BrokenStdout(0, OSError(28, "No space left on device")))
    assert counts.crashes == 1


@pytest.mark.parametrize("game_class,rules", [(g, r) for g, n in fuzz._engine_games() for r in range(n)])
def test_single_byte_mutants_of_a_save_are_refused_or_hold_up(game_class, rules):
    """A sample of the single-byte mutants (CRC resealed) of a save of each
    rule set: each is refused, or loads into a game that plays to its end with
    the invariants.  `python -m tools.fuzz --part saves` tries every one."""
    rng = fuzz.random.Random(rules)
    g = game_class(rules).deal(77)
    for _ in range(8):
        if g.status == PLAYING:
            g.play(g.legal[rng.randrange(g.legal_moves())])
    buf = bytearray(fuzz._image(g))
    counts = fuzz.Counts()
    for k in rng.sample(range(len(buf) * 256), 600) + [i * 256 + 0xFF for i in range(len(buf) - 2)]:
        m = bytearray(buf)
        m[k >> 8] = k & 0xFF
        if (k >> 8) < len(buf) - 2:
            fuzz._reseal(m)
        fuzz.try_save(rng, counts, game_class, len(game_class.RULE_NAMES), m, "byte %d = %d" % (k >> 8, k & 0xFF))
    assert counts.accepted_inconsistent == 0 and counts.crashes == 0, counts.examples
    assert counts.refused > 0 and counts.accepted_consistent > 0


def test_the_saves_part_catches_a_load_that_does_not_validate(monkeypatch):
    from engine import save_checks
    from games.ctd import rules as ctd

    g = ctd.Dungeon(0).deal(5)
    g.pile_n = 43  # the mutant: 43 of 42 slots
    buf = bytearray(fuzz._image(g))
    monkeypatch.setattr(save_checks, "validate", lambda game: None)
    counts = fuzz.Counts()
    fuzz.try_save(fuzz.random.Random(1), counts, ctd.Dungeon, 3, buf, "pile_n 43")
    assert counts.accepted_inconsistent + counts.crashes == 1 and counts.examples


def test_the_moves_part_catches_an_undo_that_does_not_restore(monkeypatch):
    from engine import game

    real = game.Game.undo

    def undo(self):
        mv = real(self)
        self.moves += 1
        return mv

    monkeypatch.setattr(game.Game, "undo", undo)
    c = short("moves")
    assert c["accepted_inconsistent"] > 0


# -- the cli part's solve, powercut, expert and shot's BOT ------------------------------------
POWERCUT_SMALL = ["--sector", "1024", "--games", "1", "--jobs", "1"]


def test_the_cli_part_catches_a_run_that_tries_nothing_and_a_number_that_crashes(monkeypatch):
    counts = fuzz.Counts()
    nothing = POWERCUT_SMALL + ["--every", "-1"]
    crash = POWERCUT_SMALL + ["--every", "500", "--double", "-1"]
    fuzz.try_cli(counts, "powercut", nothing)
    fuzz.try_cli(counts, "powercut", crash)
    assert counts.refused == 2, counts.as_dict()
    monkeypatch.setattr(cli, "int_in", lambda low, high=None: cli.ascii_int)  # no ranges, as before
    fuzz.try_cli(counts, "powercut", nothing)
    fuzz.try_cli(counts, "powercut", crash)
    assert counts.accepted_inconsistent == 1 and counts.crashes == 1, counts.as_dict()
    assert "0 cut points" in counts.examples["accepted_inconsistent"][0]


def test_the_cli_part_catches_a_sweep_that_says_done_having_solved_nothing(monkeypatch, tmp_path):
    from tools import solve

    def argv(out):
        return ["--game", "rogue", "--sweep", "0-1", "--out", out, "--budget", "30", "--jobs", "1"]

    counts = fuzz.Counts()
    fuzz.try_cli(counts, "solve", argv("s.jsonl"), cwd=str(tmp_path))
    assert counts.accepted_consistent == 1, counts.as_dict()
    monkeypatch.setattr(solve, "_solve_into", lambda *a: 0)
    fuzz.try_cli(counts, "solve", argv("t.jsonl"), cwd=str(tmp_path))
    assert counts.accepted_inconsistent == 1, counts.as_dict()


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(fuzz.signal, "setitimer")
                    or fuzz.threading.current_thread() is not fuzz.threading.main_thread(),
                    reason="needs FIFOs, and interval timers in the main thread")
def test_the_cli_part_catches_a_run_that_hangs(monkeypatch, tmp_path):
    os.mkfifo(str(tmp_path / "fifo"))
    counts = fuzz.Counts()
    fuzz.try_cli(counts, "solve", ["--summary", "fifo"], cwd=str(tmp_path))
    assert counts.refused == 1, counts.as_dict()
    monkeypatch.setattr(fuzz, "RUN_SECONDS", 1)
    monkeypatch.setattr(cli, "open_regular", lambda name, path, mode="rb": open(path, mode))  # any file, as before
    fuzz.try_cli(counts, "solve", ["--summary", "fifo"], cwd=str(tmp_path))  # the open waits for a writer
    assert counts.crashes == 1 and "still running" in counts.examples["crashes"][0], counts.as_dict()


def test_the_cli_part_catches_the_bot_pressing_into_the_pause_menu(monkeypatch):
    from tools import shot

    argv = ["--keys", "A A A HOLD-B BOT", "--text"]
    counts = fuzz.Counts()
    fuzz.try_cli(counts, "shot", argv)
    assert counts.refused == 1, counts.as_dict()
    monkeypatch.setattr(shot, "not_ready", lambda screen, key: None)
    fuzz.try_cli(counts, "shot", argv)
    assert counts.crashes == 1 and "AssertionError" in counts.examples["crashes"][0], counts.as_dict()

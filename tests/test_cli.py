"""The command-line contract: replay, simulate, shot, play's key reading."""

import json
import os
import subprocess
import tempfile
import sys

import pytest

from engine import notation
from games.ctd import rules as ctd
from tests.ctd_decks import MONSTER_ORDER, POWER_ORDER, perfect_classic

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args):
    return subprocess.run([sys.executable, "-m"] + list(args), capture_output=True, text=True, cwd=ROOT, timeout=120)


def deck_text(columns, power):
    named = [n for col in columns for n in col]
    rest_m = [notation.name(c) for c in MONSTER_ORDER if notation.name(c) not in named]
    cols = [list(col) for col in columns]
    monsters = []
    for col in cols:
        monsters += col
    monsters += rest_m
    p = power.split()
    rest_p = [notation.name(c) for c in POWER_ORDER if notation.name(c) not in p]
    return " ".join(monsters + p + rest_p)


# -- replay --------------------------------------------------------------------------
def test_replay_seed_prints_one_json_state_with_the_documented_fields():
    r = run("tools.replay", "--game", "ctd", "--rules", "classic", "--seed", "7")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    for key in ("game", "rules", "seed", "status", "score", "moves", "kills", "deck_left", "hand", "columns", "damage", "reserve", "pile", "can_undo", "legal", "loss"):
        assert key in s, key
    assert (s["game"], s["rules"], s["seed"], s["status"], s["score"], s["moves"]) == ("ctd", "classic", 7, "playing", 0, [])
    assert len(s["columns"]) == 4 and s["deck_left"] == 39 and len(s["hand"]) == 3
    g = ctd.Dungeon(0).deal(7)
    assert s["hand"] == notation.names(g.hand)


def test_replay_deck_and_moves_to_a_win():
    columns, power, moves = perfect_classic()
    r = run("tools.replay", "--game", "ctd", "--deck", deck_text(columns, power), "--moves", moves)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert (s["status"], s["score"], s["kills"], s["seed"]) == ("won", 6, 12, None)
    assert s["moves"] == moves.split()


def test_replay_trace_prints_one_state_per_move():
    r = run("tools.replay", "--game", "ctd", "--seed", "3", "--rules", "reserve", "--bot", "greedy", "--trace")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert lines[0]["moves"] == [] and len(lines) == len(lines[-1]["moves"]) + 1
    assert lines[-1]["status"] in ("won", "lost") and lines[-1]["rules"] == "reserve"
    for i, state in enumerate(lines):
        assert len(state["moves"]) == i


def test_replay_bot_plays_to_the_end_and_matches_simulate():
    r = run("tools.replay", "--game", "ctd", "--seed", "11", "--bot", "random")
    s = json.loads(r.stdout)
    assert s["status"] in ("won", "lost") and s["legal"] == []
    again = run("tools.replay", "--game", "ctd", "--seed", "11", "--moves", " ".join(s["moves"]))
    assert json.loads(again.stdout) == s


def test_replay_undo_in_moves():
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "10H>2 u")
    s = json.loads(r.stdout)
    assert r.returncode == 0 and "10H" in s["hand"] and s["moves"] == ["10H>2", "u"]


def test_replay_undoes_the_move_byte_0_and_refuses_an_undo_with_nothing_left():
    # seed 7's hand is AH 10H 8C: AH>1 is hand slot 0 to column 0, the move byte 0
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "AH>1 u")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["hand"] == ["AH", "10H", "8C"]
    r = run("tools.replay", "--game", "soltura", "--seed", "7", "--moves", "u")
    assert r.returncode == 2 and "move 1 (u) refused: nothing to undo" in r.stderr


def test_illegal_move_prints_last_good_state_and_names_the_move():
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "10H>2 AH>2 8C>d")
    # AH on 10H: 1 + 10 < 13 (KC)
    assert r.returncode == 2
    s = json.loads(r.stdout)
    assert s["moves"] == ["10H>2"]
    assert r.stderr.strip().startswith("replay: move 2 (AH>2) refused:") and "power" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_move_of_a_card_not_in_hand_is_refused():
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "KS>1")
    assert r.returncode == 2 and "move 1 (KS>1)" in r.stderr and "not in the hand" in r.stderr


def test_nothing_to_undo_is_refused():
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "u")
    assert r.returncode == 2 and "nothing to undo" in r.stderr


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda w: w[:-1], "54 cards"),
        (lambda w: w[:-1] + [w[0]], "appears twice"),
        (lambda w: w[:-1] + ["ZZ"], "unknown card 'ZZ'"),
        (lambda w: [w[12]] + w[1:12] + [w[0]] + w[13:], "should be a monster"),
    ],
)
def test_bad_deck_is_named_and_exits_2(mutate, message):
    words = deck_text([], "").split()
    r = run("tools.replay", "--game", "ctd", "--deck", " ".join(mutate(words)))
    assert r.returncode == 2 and message in r.stderr and r.stdout == ""


@pytest.mark.parametrize(
    "args,message",
    [
        (["--game", "ctd", "--seed", "1", "--rules", "easy"], "--rules"),
        (["--game", "chess", "--seed", "1"], "--game"),
        (["--game", "ctd"], "--seed"),
        (["--game", "ctd", "--seed", "1", "--deck", "AS"], "not allowed with"),
        (["--game", "ctd", "--seed", "-3"], "--seed must be"),
        (["--game", "ctd", "--seed", "1", "--bot", "clever"], "--bot"),
    ],
)
def test_bad_arguments_are_clear(args, message):
    r = run("tools.replay", *args)
    assert r.returncode == 2 and message in r.stderr


def test_help_documents_the_move_notation():
    r = run("tools.replay", "--help")
    assert r.returncode == 0 and "7H>2" in r.stdout and "7H>d" in r.stdout and "undo" in r.stdout


# -- simulate ------------------------------------------------------------------------
def test_simulate_reports_win_rate_interval_score_and_speed():
    r = run("tools.simulate", "--game", "ctd", "--rules", "reserve", "--bot", "greedy", "--games", "60", "--json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["games"] == 60 and 0 <= s["won"] <= 60
    lo, hi = s["win_rate_95"]
    assert lo <= s["win_rate"] <= hi and s["games_per_second"] > 0
    text = run("tools.simulate", "--game", "ctd", "--bot", "random", "--games", "20")
    assert "95% interval" in text.stdout and "games/s" in text.stdout and "mean score" in text.stdout


def test_simulate_is_repeatable():
    a = json.loads(run("tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "30", "--json").stdout)
    b = json.loads(run("tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "30", "--json").stdout)
    assert (a["won"], a["mean_score"]) == (b["won"], b["mean_score"])


def test_simulate_bad_arguments():
    assert run("tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "0").returncode == 2
    assert run("tools.simulate", "--game", "ctd", "--bot", "nope").returncode == 2


def test_wilson_interval():
    from tools.simulate import wilson

    lo, hi = wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert wilson(0, 10)[0] == 0.0


# -- shot and play -------------------------------------------------------------------
def test_shot_writes_a_png_of_the_panel(tmp_path):
    out = tmp_path / "t.png"
    r = run("tools.shot", "--keys", "A A", "--out", str(out), "--scale", "2")
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 256 and int.from_bytes(data[20:24], "big") == 128


def test_shot_text_and_bad_key():
    r = run("tools.shot", "--keys", "A", "--text")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 32
    r = run("tools.shot", "--keys", "A", "--text", "--style", "braille")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 16 and all(len(x) == 64 for x in r.stdout.splitlines())
    r = run("tools.shot", "--keys", "JUMP", "--text")
    assert r.returncode == 2 and "unknown key" in r.stderr


@pytest.mark.parametrize("keys,game,moves_left", [
    ("A A A BOT-END", "ctd", False),  # Clear the Dungeon Classic, to the end
    ("A DOWN A A BOT-END", "soltura", False),  # Soltura Score, to the end
    ("A DOWN DOWN A DOWN A BOT BOT", "scoundrel", True),  # Scoundrel Equal, two moves
    ("A A A A BOT", "ctd", True),  # a card picked up first: the bot puts it back
])
def test_shot_bot_plays_the_game_on_screen(keys, game, moves_left):
    from tools.shot import run_keys
    from tools.sim import Sim

    d = Sim()
    run_keys(d, keys.split())
    s = d.screen
    assert s.entry.key == game and s.game.moves >= 1 and s.over() != moves_left
    r = run("tools.shot", "--keys", keys, "--text")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 32


@pytest.mark.parametrize("keys", ["BOT", "A BOT", "A A RIGHT BOT", "A DOWN A RIGHT BOT-END"])
def test_shot_bot_off_a_game_says_it_needs_one(keys):
    r = run("tools.shot", "--keys", keys, "--text")
    assert r.returncode == 2 and "need a game on screen" in r.stderr and "Traceback" not in r.stderr


def test_play_needs_a_terminal():
    r = subprocess.run([sys.executable, "-m", "tools.play"], capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL, timeout=60)
    assert r.returncode == 2 and "needs a terminal" in r.stderr


def test_play_reads_terminal_keys():
    from tools.play import parse_keys

    assert parse_keys("\x1b[A\x1b[Dzx") == ["UP", "LEFT", "A", "B"]
    assert parse_keys("Zm\x1b") == ["A", "HOLD-B", "HOLD-B"]
    assert parse_keys("q") == ["QUIT"]
    assert parse_keys("?") == []


def test_play_draws_the_panel_in_a_pty():
    pty = pytest.importorskip("pty")
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # the player's NVM file goes there
        os.environ["COLUMNS"] = "140"
        os.environ["LINES"] = "40"
        os.execv(sys.executable, [sys.executable, "-m", "tools.play", "--style", "braille"])
    seen = b""
    deadline = time.time() + 30
    while time.time() < deadline and b"Q: quit" not in seen:
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q")
    time.sleep(0.5)
    try:
        while True:
            r, _, _ = select.select([fd], [], [], 0.5)
            if not r:
                break
            seen += os.read(fd, 65536)
    except OSError:
        pass
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    text = seen.decode("utf-8", "ignore")
    assert "Q: quit" in text and any(0x2801 <= ord(ch) <= 0x28FF for ch in text)


# -- a closed or full stdout ----------------------------------------------------------
OUTPUT_RUNS = [
    ("tools.replay", "--game", "ctd", "--seed", "3", "--bot", "greedy", "--trace"),
    ("tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "5"),
    ("tools.shot", "--keys", "A", "--text"),
]


def run_into(fd, *args):
    return subprocess.run([sys.executable, "-m"] + list(args), stdout=fd, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("args", OUTPUT_RUNS, ids=lambda a: a[0])
def test_a_reader_that_went_away_ends_the_tool_quietly(args):
    r, w = os.pipe()
    os.close(r)  # as `| head -c 50` does once it has its 50 bytes
    try:
        p = run_into(w, *args)
    finally:
        os.close(w)
    assert p.stderr == "" and p.returncode == 0


def test_a_reader_that_reads_a_little_then_goes_away():
    p = subprocess.Popen([sys.executable, "-m", "tools.replay", "--game", "soltura", "--seed", "3", "--bot", "greedy", "--trace"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert len(p.stdout.read(50)) == 50
    p.stdout.close()
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    p.stderr.close()
    assert err == "" and p.returncode == 0


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", OUTPUT_RUNS, ids=lambda a: a[0])
def test_a_full_disk_is_one_line_and_exit_2(args):
    with open("/dev/full", "w") as full:
        p = run_into(full, *args)
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1
    assert "cannot write the output: No space left on device" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_shot_png_to_a_full_disk_is_one_line():
    r = run("tools.shot", "--keys", "A", "--out", "/dev/full")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "No space left on device" in r.stderr


# -- only the documented ASCII notation; errors in one short line ------------------------
def one_line_error(r, limit=300):
    assert r.returncode == 2, r.stdout + r.stderr
    assert len(r.stderr.splitlines()) == 1 and len(r.stderr) < limit and "Traceback" not in r.stderr, r.stderr
    return r.stderr


@pytest.mark.parametrize("seed", ["\uff17", "\u0667", "7\u0660", " 7", "1_0", "+7", "0x7"])
def test_a_seed_must_be_ascii_digits(seed):
    assert "not a whole number in digits 0-9" in one_line_error(run("tools.replay", "--game", "ctd", "--seed", seed))


@pytest.mark.parametrize("flag", ["--games", "--first"])
def test_simulate_numbers_must_be_ascii_digits(flag):
    args = ["tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "3", flag, "\u0663"]
    assert "not a whole number" in one_line_error(run(*args))


@pytest.mark.parametrize("move", ["AH>\u0661", "A\u017f>1", "AH>\uff11", "\u0430H>1", "AH>1\u3000u", "AH\u200b>1"])
def test_a_move_outside_ascii_is_refused(move):
    # seed 7's hand is AH 10H 8C: read as ASCII these would be AH>1 or AS>1
    r = run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", move)
    assert "move 1 (" in one_line_error(r) and "not a move in the notation" in r.stderr
    assert json.loads(r.stdout)["moves"] == []


def test_a_crawl_move_outside_ascii_is_refused():
    assert "KS" in json.loads(run("tools.replay", "--game", "soltura", "--seed", "3").stdout)["room"]
    # the Kelvin sign lowers to k, the long s uppers to S: each would read as KS>b
    for move in ("\u212aS>b", "K\u017f>b", "KS>\u0432", "KS>\uff42"):
        r = run("tools.replay", "--game", "soltura", "--seed", "3", "--moves", move)
        assert "not a move in the notation" in one_line_error(r), move


def test_a_deck_card_outside_ascii_is_refused():
    words = deck_text([], "").split()
    words[20] = words[20].replace("S", "\u017f") if "S" in words[20] else "A\u017f"
    r = run("tools.replay", "--game", "ctd", "--deck", " ".join(words))
    assert "bad --deck: card 21" in one_line_error(r) and r.stdout == ""


HUGE = "Q" * 1000000  # more than one argument may hold in an exec: the tools run in this process


@pytest.mark.parametrize("tool,args", [
    ("replay", ["--game", HUGE, "--seed", "1"]),
    ("replay", ["--game", "ctd", "--seed", HUGE]),
    ("replay", ["--game", "ctd", "--seed", "1", "--moves", HUGE]),
    ("replay", ["--game", "ctd", "--seed", "1", "--moves", "AH>" + HUGE]),
    ("replay", ["--game", "soltura", "--seed", "1", "--moves", "u>" + HUGE]),
    ("replay", ["--game", "ctd", "--deck", HUGE]),
    ("replay", ["--game", "ctd", "--seed", "1", "--rules", HUGE]),
    ("replay", ["--game", "ctd", "--seed", "1", HUGE]),
    ("simulate", ["--game", "ctd", "--bot", HUGE]),
    ("simulate", ["--game", "ctd", "--bot", "greedy", "--games", HUGE]),
    ("shot", ["--keys", HUGE, "--text"]),
    ("shot", ["--keys", "A", "--style", HUGE, "--text"]),
    ("deploy", ["--drive", HUGE]),
])
def test_a_huge_bad_value_is_echoed_cut_short(tool, args, capsys):
    import importlib

    code = importlib.import_module("tools." + tool).main(args)
    err = capsys.readouterr().err
    longest = 200 if tool == "deploy" else 40  # a path may be long; any other value is cut to 40
    assert code == 2 and len(err.splitlines()) == 1 and len(err) < 400 and "Q" * (longest + 1) not in err, err[:500]


@pytest.mark.parametrize("args", [
    ["tools.replay"],
    ["tools.replay", "--game", "chess", "--seed", "1"],
    ["tools.simulate", "--game", "ctd"],
    ["tools.shot", "--scale", "x", "--text"],
    ["tools.deploy", "--nope"],
])
def test_usage_errors_are_one_line(args):
    err = one_line_error(run(*args))
    assert err.startswith(args[0].split(".")[1] + ": ") and "usage:" not in err


def test_a_control_character_is_never_echoed_raw():
    err = one_line_error(run("tools.replay", "--game", "ctd", "--seed", "7", "--moves", "A\x1b[2J>1"))
    assert "\x1b" not in err and "\\x1b" in err


def test_cli_helpers():
    from tools import cli

    assert cli.shown("x" * 100) == "x" * 40 + "... (100 characters)"
    assert cli.shown("a\nb\u00e9") == "a\\nb\\xe9"
    assert cli.clip_message("unknown card '%s'" % ("Z" * 500)) == "unknown card '%s... (500 characters)'" % ("Z" * 40)
    assert cli.words("a, b\tc,,d\u3000e") == ["a", "b", "c", "d\u3000e"]
    assert cli.ascii_int("-12") == -12


# -- long simulate runs -------------------------------------------------------------------
def test_simulate_shows_progress_on_a_terminal_and_a_summary_on_ctrl_c():
    pty = pytest.importorskip("pty")
    import select
    import signal
    import time

    master, slave = pty.openpty()
    # A background job (CI's) inherits SIGINT ignored, and Python then keeps it ignored: give the
    # child the default a terminal's user has.
    p = subprocess.Popen([sys.executable, "-m", "tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "1073741824", "--json"],
                         stdout=subprocess.PIPE, stderr=slave, cwd=ROOT,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    seen = b""
    deadline = time.time() + 30
    while time.time() < deadline and seen.count(b"games/s") < 2:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            seen += os.read(master, 4096)
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=30)
    os.close(master)
    text = seen.decode()
    assert "of 1073741824 games" in text and "games/s" in text and "left" in text
    s = json.loads(out)
    assert p.returncode == 130 and s["interrupted"] is True and s["games_asked"] == 1073741824 and s["games"] > 100


def test_simulate_off_a_terminal_prints_no_progress():
    r = run("tools.simulate", "--game", "ctd", "--bot", "greedy", "--games", "20")
    assert r.returncode == 0 and r.stderr == ""


def test_simulate_interrupted_in_text_says_so(monkeypatch, capsys):
    from tools import simulate

    real = simulate.GAMES["ctd"].deal
    count = [0]

    def deal(*a, **k):
        count[0] += 1
        if count[0] == 8:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(simulate.GAMES["ctd"], "deal", deal)
    assert simulate.main(["--game", "ctd", "--bot", "greedy", "--games", "100"]) == 130
    out = capsys.readouterr().out
    assert "bot greedy: 7 games" in out and "(interrupted after 7 of 100 games)" in out


@pytest.mark.parametrize("args", [
    ["tools.replay", "--gam", "ctd", "--seed", "1"],
    ["tools.simulate", "--game", "ctd", "--bo", "greedy"],
])
def test_flags_are_taken_by_their_full_names_only(args):
    # argparse would take --gam for --game: not a documented name
    err = one_line_error(run(*args))
    assert "required: --game" in err or "required: --bot" in err

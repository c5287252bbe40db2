"""Issue 21 point 3: a fifth game proves that a game is one folder.  Pairs
(tests/toy/), a game that exists only for the tests, with one registry entry
(tests/toy/entry.py) that a fixture appends to engine/registry.py's GAMES, is
played by the same machinery as the real four: the game list, its rule sets
and rules page, a whole game by presses, suspend and Continue after a power
cut, stats and game over, tools.replay, tools.simulate, tools.fit under
MicroPython, the power-cut sweep and the fuzz.  No shared file names it."""

import importlib
import json
import os
import random
import sys
import time

import pytest

from engine import registry, save_checks, saves
from engine.game import PLAYING, WON
from engine.rng import Rng
from hw.fake import FakeBoard
from tests.toy import desk, desk_bots
from tests.toy import rules as toy
from tests.toy.entry import ENTRY
from tests.ui_driver import read_row, read_text, tile_pixels
from tools import mpy
from tools.sim import Sim
from ui import menus, sprites

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FACE = desk.Pairs
GREEDY = desk_bots.BOTS["greedy"]
# The tools a test of the toy calls, imported afresh with the toy in the registry.
TOOLS = ("tools.games", "tools.presses", "tools.replay", "tools.simulate", "tools.powercut", "tools.fuzz")


@pytest.fixture
def with_toy(monkeypatch):
    """The registry with the toy appended, for this test (in this process)."""
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (ENTRY,))
    return ENTRY


@pytest.fixture
def tools_with_toy(with_toy):
    """The command-line tools imported afresh with the toy in the registry
    (their tables are made from it when imported): a dict by module name.
    After the test every tools module imported meanwhile is dropped and the
    ones from before are put back, in sys.modules and on the package."""
    import tools

    before = {k: m for k, m in sys.modules.items() if k.startswith("tools.")}
    for k in before:
        del sys.modules[k]
        tools.__dict__.pop(k.split(".")[1], None)
    try:
        yield {name.split(".")[1]: importlib.import_module(name) for name in TOOLS}
    finally:
        for k in [k for k in sys.modules if k.startswith("tools.")]:
            del sys.modules[k]
            tools.__dict__.pop(k.split(".")[1], None)
        sys.modules.update(before)
        for k, m in before.items():
            if k.count(".") == 1:
                setattr(tools, k.split(".")[1], m)


def toy_index():
    return registry.GAMES.index(ENTRY)


def to_rule_sets(d):
    """From the title to the toy's rule sets, by presses."""
    d.tap("A")
    assert isinstance(d.screen, menus.GameList)
    for _ in range(toy_index() - d.screen.chosen):
        d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen, menus.RuleSets) and d.screen.entry is ENTRY


def to_play(d, rules=0):
    to_rule_sets(d)
    for _ in range(rules):
        d.tap("DOWN")
    d.tap("A")
    assert type(d.screen).__module__ == "tests.toy.play"


def press_bot_move(d):
    g = d.screen.game
    FACE.press(d, GREEDY(g, None))


def image(game):
    buf = bytearray(saves.SIZE)
    return bytes(buf[:saves.save(game, buf)])


def slot_top(d, i):
    """The top rows of slot i on the panel (the cursor's frame lies below them)."""
    return d.panel.region(4 + 24 * i, 16, sprites.CARD_W, sprites.FRAME_Y)


def winning_seed(rules):
    for seed in range(100):
        g = toy.Pairs(rules).deal(seed)
        while g.status == PLAYING:
            g.play(GREEDY(g, None))
        if g.status == WON:
            return seed
    raise AssertionError("no deal the greedy bot wins")


# -- the toy is device code as a game's folder is ---------------------------------------------
TOY_DEVICE = ["tests/toy/" + n for n in ("rules.py", "play.py", "words.py", "checks.py", "winnable/toy_three.py")]


@pytest.mark.parametrize("path", TOY_DEVICE)
def test_the_toys_device_modules_keep_the_device_rules(path, tmp_path):
    """What tests/test_device_code.py holds a game's folder to (its imports
    but the toy's own home, tests/): the rules and checks pure, no str method
    CircuitPython lacks, no _const in a class, no int of 2**30 or more, and
    compiled by mpy-cross for both targets."""
    import tests.test_device_code as device

    for name in device.imports(path):
        assert name in device.CIRCUITPYTHON | device.PROJECT | {"tests"}, "%s imports %s" % (path, name)
    if not path.endswith(("play.py", "words.py")):
        device.test_engine_is_pure(path)
    device.test_no_cpython_only_str_methods(path)
    device.test_no_underscore_const_in_a_class_body(path)
    device.test_no_int_constant_of_2_to_the_30_or_more(path)
    for target in mpy.TARGETS:
        mpy.compile_file(os.path.join(ROOT, path), str(tmp_path / (target + ".mpy")), target)


# -- the shell: game list, rule sets, rules page --------------------------------------------
def test_the_game_list_shows_the_toy_and_its_rule_sets_and_rules_page(with_toy):
    d = Sim()
    d.tap("A")
    assert read_row(d, 1 + toy_index()) == " Pairs"
    to_rule_sets_from_list(d)
    assert read_row(d, 0) == "Pairs"
    assert [read_row(d, r) for r in (2, 3)] == [" Three Slots", " Two Slots"]
    assert read_row(d, 6) == "Three slots, 3 pairs"
    d.tap("DOWN")
    assert read_row(d, 6) == "Two slots: tighter"
    d.tap("RIGHT")  # the rules page of Two Slots, from tests/toy/words.py
    assert isinstance(d.screen, menus.RulesPage)
    assert read_row(d, 0).startswith("Two Slots rules")
    assert read_row(d, 1) == "As Three Slots, with"
    d.tap("B")
    assert isinstance(d.screen, menus.RuleSets) and d.screen.chosen == 1


def to_rule_sets_from_list(d):
    for _ in range(toy_index() - d.screen.chosen):
        d.tap("DOWN")
    d.tap("A")


def test_the_game_list_with_a_fifth_game_scrolls_to_stats_and_settings(with_toy):
    """Seven choices and six rows: the list scrolls, the buttons' line stays."""
    d = Sim()
    d.tap("A")
    n = len(registry.GAMES)
    assert read_row(d, 1) == " " + registry.GAMES[0].title and read_row(d, 7) == "A:PLAY  B:TITLE"
    for _ in range(n + 1):
        d.tap("DOWN")
    assert d.screen.chosen == n + 1 and read_row(d, 6) == " Settings" and read_row(d, 5) == " Stats"
    assert read_row(d, 1) != " " + registry.GAMES[0].title and read_row(d, 7) == "A:PLAY  B:TITLE"
    d.tap("DOWN")  # round the end: the first game, at the top again
    assert d.screen.chosen == 0 and read_row(d, 1) == " " + registry.GAMES[0].title
    d.tap("UP")
    d.tap("A")
    assert type(d.screen).__name__ == "Settings"


# -- play by presses, game over, stats ------------------------------------------------------
def test_a_whole_game_by_presses_then_game_over_and_its_stats(with_toy):
    board = FakeBoard()
    d = Sim(board=board)
    to_play(d)
    g = d.screen.game
    assert read_text(d, 0, 56) == "THREE SLOTS"
    empty = slot_top(d, 0)
    assert empty == tile_pixels(sprites.SLOT)[:sprites.FRAME_Y]
    FACE.press(d, 0)  # d1: the deck's top card into slot 1
    assert g.row[0] and g.top == 1
    assert slot_top(d, 0) == tile_pixels(sprites.card_tile(g.row[0]))[:sprites.FRAME_Y] != empty
    assert read_text(d, 104, 40, 3) == "  5"  # the cards left, right-aligned
    while g.status == PLAYING:
        press_bot_move(d)
    assert d.app.store.suspended(ENTRY.game_id) is None  # the result closed the game's stream
    st = d.app.store.stats(ENTRY.game_id, 0)
    assert (st.played, st.won, st.best) == (1, int(g.status == WON), g.score())
    deal = d.screen.deal
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)
    title = "CLEARED!" if g.status == WON else "DEFEATED"
    assert read_row(d, 0) == "%s  Deal %d" % (title, deal)
    assert read_row(d, 1) == "%d of 3 pairs matched" % g.score()
    assert read_row(d, 2) == "Three Slots"


def test_a_win_by_presses_counts_in_the_stats_screen(with_toy):
    d = Sim()
    seed = winning_seed(toy.TWO)
    d.app.play(ENTRY, toy.TWO, seed)
    d.step()
    g = d.screen.game
    moves = 0
    while g.status == PLAYING:
        press_bot_move(d)
        moves += 1
    assert g.status == WON and g.moves == moves
    d.tap("A")  # game over
    d.tap("UP")
    d.tap("A")  # Menu: the rule sets
    d.tap("B")  # the game list
    for _ in range(len(registry.GAMES) - d.screen.chosen):
        d.tap("DOWN")
    d.tap("A")  # Stats: its last page is the toy's last rule set
    d.tap("LEFT")
    pages = sum(len(e.rule_titles) for e in registry.GAMES)
    assert read_row(d, 0) == "Pairs" + " " * (21 - 5 - len("%d/%d" % (pages, pages))) + "%d/%d" % (pages, pages)
    assert read_row(d, 1) == "Two Slots"
    assert read_row(d, 2) == "Played" + " " * 14 + "1"
    assert read_row(d, 3) == "Won" + " " * 11 + "1  100%"
    assert read_row(d, 6) == "Best score" + " " * 10 + "3"


def test_the_toys_stats_page_shows_no_other_games_achievements(with_toy):
    from engine import lease

    rogue = lease.read("games.rogue.words:ACHIEVEMENTS")
    d = Sim()
    d.tap("A")
    for _ in range(len(registry.GAMES) - d.screen.chosen):
        d.tap("DOWN")
    d.tap("A")  # Stats
    d.tap("LEFT")
    d.tap("LEFT")  # the toy's first page
    assert read_row(d, 0).startswith("Pairs") and read_row(d, 1) == "Three Slots"
    d.tap("A")
    shown = [read_row(d, r) for r in range(8)]
    assert not [name for name, _ in rogue if any(name in row for row in shown)], shown


def test_an_undo_by_presses_takes_back_a_match(with_toy):
    d = Sim()
    d.app.play(ENTRY, toy.THREE, winning_seed(toy.THREE))
    d.step()
    g = d.screen.game
    while g.status == PLAYING and GREEDY(g, None) < toy.MATCH:
        press_bot_move(d)
    before = image(g)
    mv = GREEDY(g, None)
    first = toy.PAIRS[2 * (mv - toy.MATCH)]
    while d.screen.cursor != first:
        d.tap("RIGHT")
    d.tap("A")  # picked: the message line names it, nothing is played yet
    assert d.screen.picked == first and read_text(d, 0, 56).endswith(" PICKED") and image(g) == before
    d.tap("B")  # put back
    assert d.screen.picked == -1 and read_text(d, 0, 56) == ""
    FACE.press(d, mv)
    assert g.gone_n == 2 and image(g) != before
    d.tap("B")
    assert image(g) == before
    assert read_text(d, 0, 56) == "UNDONE"


# -- the list of winnable deals ------------------------------------------------------------
def can_win(g):
    """The toy solved: some line of play from here wins."""
    if g.status != PLAYING:
        return g.status == WON
    for mv in bytes(g.legal[:g.legal_moves()]):
        h = toy.Pairs(g.rules)
        snap = bytearray(len(g.state))
        g.snapshot(snap)
        h.restore(snap)
        h.play(mv)
        if can_win(h):
            return True
    return False


def test_the_toys_list_of_winnable_deals_is_what_its_solver_wins(with_toy):
    from engine import deals
    from tests.toy.winnable import toy_three

    listed = {deals.nth(toy_three.DEALS, k) for k in range(deals.from_list(ENTRY, toy.THREE))}
    assert listed == {seed for seed in range(200) if can_win(toy.Pairs(toy.THREE).deal(seed))}
    assert deals.from_list(ENTRY, toy.TWO) == -1  # Two Slots has no list


def test_winnable_deals_on_by_presses_deals_from_the_toys_list(with_toy):
    from tests.toy.winnable import toy_three
    from engine import deals

    d = Sim()
    to_rule_sets(d)
    assert read_row(d, 2) == " Three Slots"
    d.tap("LEFT")  # the deals menu of Three Slots
    assert read_row(d, 0) == "Three Slots deals" and read_row(d, 1) == "Solver won 120 deals"
    d.tap("A")  # WINNABLE DEALS: ON
    assert read_row(d, 4) == " Winnable deals: ON"
    from engine import store as records

    place = sum(len(e.rule_titles) for e in registry.GAMES[:toy_index()])  # the 10th rule set: SET_DEALS2
    assert d.app.store.settings[records.SET_DEALS2] == 1 << (place - 7)
    d.tap("B")
    assert read_row(d, 2) == " Three Slots" + " " * 6 + "WIN" and read_row(d, 3) == " Two Slots"
    listed = {deals.nth(toy_three.DEALS, k) for k in range(deals.count(toy_three.DEALS))}
    for _ in range(3):
        d.tap("A")
        g = d.screen.game
        assert d.screen.deal in listed and can_win(g)
        d.hold("B", 1000)
        for _ in range(3):
            d.tap("DOWN")
        d.tap("A")
        d.tap("A")  # give up: a loss, then on to the game over screen
        d.tap("UP")
        d.tap("A")  # Menu: the rule sets
    assert d.app.store.stats(ENTRY.game_id, toy.THREE).played == 3


# -- suspend and Continue, a power cut -------------------------------------------------------
def pause_choice(d, n):
    d.hold("B", 1000)
    for _ in range(n):
        d.tap("DOWN")
    d.tap("A")


def test_suspend_then_continue_after_a_power_cut_is_the_same_game(with_toy):
    board = FakeBoard()
    d = Sim(board=board)
    to_play(d, toy.THREE)
    g = d.screen.game
    FACE.press(d, 0)
    FACE.press(d, 1)
    kept = image(g)
    pause_choice(d, 2)  # suspend
    assert isinstance(d.screen, menus.RuleSets)
    assert read_row(d, 2) == " Continue" and read_row(d, 6) == "Three Slots, 2 moves"
    d = Sim(board=FakeBoard(nvm=bytearray(board.nvm)))  # the power went, and comes back
    d.tap("A")
    assert read_row(d, 1 + toy_index()) == " Pairs *"
    to_rule_sets_from_list(d)
    d.tap("A")  # Continue
    assert type(d.screen).__module__ == "tests.toy.play" and image(d.screen.game) == kept
    assert d.screen.game.row[0] and d.screen.game.row[1]


def test_a_power_cut_mid_game_loses_no_move(with_toy):
    board = FakeBoard()
    d = Sim(board=board)
    to_play(d, toy.THREE)
    g = d.screen.game
    FACE.press(d, 2)
    FACE.press(d, 0)  # two draws into three slots: still in play, and nothing suspended
    assert g.status == PLAYING and g.top == 2
    kept = image(g)
    d = Sim(board=FakeBoard(nvm=bytearray(board.nvm)))  # the cut comes mid-game
    d.tap("A")
    assert read_row(d, 1 + toy_index()) == " Pairs *"
    to_rule_sets_from_list(d)
    assert read_row(d, 6) == "Three Slots, 2 moves"
    d.tap("A")
    assert image(d.screen.game) == kept and d.screen.game.row[1] == 0


def test_a_save_the_toy_checks_refuse_is_said_not_resumed(with_toy):
    """A toy's save with half a pair matched holds each card once (the shared
    checks pass), and tests/toy/checks.py refuses it: engine/save_checks.py
    finds the toy's checks through the registry, and Continue says the game
    was lost."""
    from engine import store as records

    g = toy.Pairs(toy.THREE).deal(3)
    g.play(0)
    g.play(1)
    save_checks.check(g)
    g.gone[0], g.row[0] = g.row[0], 0
    g.gone_n = 1
    save_checks.check_cards(g)
    with pytest.raises(saves.SaveError, match="half a pair"):
        save_checks.validate(g)
    nvm = bytearray(b"\xff" * 4096)
    records.Store(nvm).checkpoint(g)
    d = Sim(board=FakeBoard(nvm=nvm))
    d.tap("A")
    to_rule_sets_from_list(d)
    assert read_row(d, 2) == " Continue"
    d.tap("A")  # Continue: the save is refused
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Three Slots"
    assert read_row(d, 6).strip() == "SAVED GAME WAS LOST"
    assert d.app.store.suspended(ENTRY.game_id) is None


# -- the command-line tools ------------------------------------------------------------------
def test_replay_plays_the_toy_and_prints_its_state(tools_with_toy, capsys):
    replay = tools_with_toy["replay"]
    assert replay.main(["--game", "toy", "--rules", "two", "--seed", "5", "--moves", "d1 d2", "--trace"]) in (0, 2)
    states = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    g = toy.Pairs(toy.TWO).deal(5)
    assert states[0] == FACE.state(g, [])
    g.play(0)
    assert states[1]["row"][0] == FACE.state(g, ["d1"])["row"][0] and states[1]["deck_left"] == 5
    assert states[-1]["game"] == "toy" and states[-1]["rules"] == "two"


def test_replay_bot_and_simulate_agree_on_the_toy(tools_with_toy, capsys):
    replay, simulate = tools_with_toy["replay"], tools_with_toy["simulate"]
    assert replay.main(["--game", "toy", "--seed", "0", "--bot", "greedy"]) == 0
    end = json.loads(capsys.readouterr().out)
    g = toy.Pairs(toy.THREE).deal(0)
    while g.status == PLAYING:
        g.play(GREEDY(g, None))
    assert end["status"] == ("won" if g.status == WON else "lost") and end["score"] == g.score()
    assert simulate.main(["--game", "toy", "--bot", "greedy", "--games", "40", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    won = 0
    for seed in range(40):
        g = toy.Pairs(toy.THREE).deal(seed)
        while g.status == PLAYING:
            g.play(GREEDY(g, Rng(seed)))
        won += g.status == WON
    assert (r["game"], r["rules"], r["games"], r["won"]) == ("toy", "three", 40, won)
    assert 0 < won < 40


def test_fit_plays_the_toy_under_micropython_in_24k_allocating_nothing_per_move(with_toy, tmp_path):
    from tools import bench

    mp = mpy.micropython_path()
    if mp is None:
        pytest.skip("micropython not installed (pip install -r requirements.txt)")
    tree = str(tmp_path)
    bench.fit_tree(tree)
    for name in ("rules", "desk_bots"):  # the toy's folder, compiled into the tree as the games' are
        mpy.compile_file(os.path.join(ROOT, "tests", "toy", name + ".py"),
                         os.path.join(tree, "tests", "toy", name + ".mpy"), "micropython")
    r = bench.run_fit(mp, tree, "24k", ["--games", "10", "--game", "toy"], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout)
    won = 0
    for rules in (toy.THREE, toy.TWO):
        for seed in range(10):
            g = toy.Pairs(rules).deal(seed)
            while g.status == PLAYING:
                g.play(GREEDY(g, None))
            won += g.status == WON
    assert (out["game"], out["games"], out["won"]) == ("toy", 20, won)
    assert out["moves"] > 20 and out["alloc_per_move_max"] == 0 and out["heap_free"] > 0


def test_the_screens_play_the_toy_under_micropython_from_title_to_game_over():
    import subprocess

    mp = mpy.micropython_path()
    if mp is None:
        pytest.skip("micropython not installed (pip install -r requirements.txt)")
    r = subprocess.run([mp, "-X", "heapsize=320k", os.path.join("tests", "toy", "desk_mp_ui.py"), ROOT,
                        os.path.join(ROOT, "tests", "mp"), "--games=toy"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("ok screens=2 ")  # both rule sets of the toy, to game over and back


# -- the power-cut sweep and the fuzz --------------------------------------------------------
def test_the_power_cut_sweep_writes_and_recovers_the_toy(tools_with_toy):
    pc = tools_with_toy["powercut"]
    ops, _ = pc.make_script(1, games=12)
    mine = [op for op in ops if op[0] == "checkpoint" and op[1].GAME_ID == ENTRY.game_id]
    assert mine, "the power-cut script plays no game of the toy"
    assert any(op[0] == "result" and op[1] == ENTRY.game_id for op in ops)
    r = pc.sweep(4096, 1, 12, every=53, jobs=1)
    assert r["cut_points"] > 100 and r["exact"] + r["previous"] > 100
    for name in ("garbage", "lost_outside_compaction", "not_recovered", "writes_at_load", "damaged"):
        assert r[name] == 0, r["failures"]


@pytest.fixture
def toy_dealt(monkeypatch):
    """How many toy games were dealt, counted as they are."""
    dealt = []
    real = toy.Pairs.deal

    def counted(self, seed):
        dealt.append(seed)
        return real(self, seed)

    monkeypatch.setattr(toy.Pairs, "deal", counted)
    return dealt


def first_pick_is_the_toy():
    """A seed of the fuzz's rng whose first choice among the games is the toy."""
    for seed in range(1000):
        if random.Random(seed).randrange(len(registry.GAMES)) == toy_index():
            return random.Random(seed)
    raise AssertionError("no seed picks the toy first")


@pytest.mark.parametrize("part", ["moves", "saves"])
def test_the_fuzz_plays_and_loads_the_toy_with_its_invariants(tools_with_toy, toy_dealt, part):
    """The moves part: random games to the end with the invariants; the saves
    part: every byte of a toy's save mutated, each load refused or sound."""
    fuzz = tools_with_toy["fuzz"]
    counts = fuzz.Counts()
    getattr(fuzz, "fuzz_" + part)(first_pick_is_the_toy(), time.perf_counter() + 2, counts)
    assert toy_dealt, "the fuzz's %s part dealt no toy game" % part
    d = counts.as_dict()
    assert d["accepted_consistent"] > 0 and d["crashes"] == d["accepted_inconsistent"] == 0, d
    if part == "saves":
        assert d["refused"] > 0, d


def test_the_fuzz_plays_out_every_toy_deal_to_the_end(with_toy):
    from tools import fuzz

    rng = random.Random(1)
    for rules in (toy.THREE, toy.TWO):
        for seed in range(50):
            assert fuzz.play_out(toy.Pairs(rules).deal(seed), rng) is None


def test_the_fuzz_cli_part_replays_the_toy(tools_with_toy):
    fuzz = tools_with_toy["fuzz"]
    counts = fuzz.Counts()
    fuzz.try_cli(counts, "replay", ["--game", "toy", "--seed", "1", "--moves", "d1 d2 m12 u"])
    fuzz.try_cli(counts, "replay", ["--game", "toy", "--seed", "3", "--moves", "d9"])
    fuzz.try_cli(counts, "simulate", ["--game", "toy", "--bot", "random", "--games", "3"])
    d = counts.as_dict()
    assert d["crashes"] == d["accepted_inconsistent"] == d["bad_errors"] == 0, d
    assert d["refused"] >= 1 and d["accepted_consistent"] >= 2, d


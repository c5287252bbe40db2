"""The deal solver (tools/solve.py): its lines win under tools.replay, its
"unwinnable" agrees with a plain search that knows nothing but the engine,
its budget gives null, its sweeps resume, its bad arguments exit 2."""

import json
import os
import random
import subprocess
import sys

import pytest

from engine import notation, save_checks, saves
from games.crawl import rules as crawl
from games.crawl.desk_solve import Rules as CrawlRules
from games.ctd import rules as ctd
from engine.game import PLAYING, WON
from engine.rng import Rng
from tests import ctd_decks
from tools import solve
from tools.games import GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVED = [(key, rules) for key in solve.hooked() for rules in range(len(GAMES[key].rules))]
# Rogue Solitaire's hooks know nothing of its own (the whole state, the greedy bot first)
WHOLE_STATE = [(key, rules) for key, rules in SOLVED if key == "rogue"]
SOLVED = [(key, rules) for key, rules in SOLVED if key != "rogue"]


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.solve"] + list(args), capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def replay(key, rules, seed, line):
    r = subprocess.run([sys.executable, "-m", "tools.replay", "--game", key, "--rules", GAMES[key].rules[rules],
                        "--seed", str(seed), "--moves", " ".join(line)], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def brute(game, limit):
    """Can game (playing) still be won?  Every legal move the engine lists,
    in its order, with no table and no cut; a move is taken back by the
    engine's snapshot and restore (with status and moves, which the first
    test holds to a save).  None past `limit` moves.  Leaves game anywhere."""
    spent = [0]

    def search(g):
        n = g.legal_moves()
        snap = bytearray(len(g.state))
        g.snapshot(snap)
        made = g.moves
        for mv in bytes(g.legal[:n]):
            spent[0] += 1
            if spent[0] > limit:
                raise solve.OutOfBudget()
            assert g.play(mv) == 0
            if g.status == WON or (g.status == PLAYING and search(g)):
                return True
            g.restore(snap)
            g.status = PLAYING
            g.moves = made
        return False

    try:
        return search(game)
    except solve.OutOfBudget:
        return None


def save_of(game):
    buf = bytearray(saves.SIZE)
    return bytes(buf[: saves.save(game, buf)])


def played_into(key, rules, seed, moves, rng_seed):
    """A deal of seed played `moves` random legal moves in (fewer if it ends)."""
    game = GAMES[key].deal(rules, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if game.status != PLAYING:
            break
        n = game.legal_moves()
        game.play(game.legal[rng.randrange(n)])
    return game


# -- the engine pieces the search stands on ----------------------------------------
@pytest.mark.parametrize("key,rules", SOLVED)
def test_snapshot_and_restore_with_status_and_moves_give_back_the_same_save(key, rules):
    game = played_into(key, rules, 5, 6, 1)
    before = save_of(game)
    snap = bytearray(len(game.state))
    game.snapshot(snap)
    made = game.moves
    rng = random.Random(2)
    while game.status == PLAYING:
        game.play(game.legal[rng.randrange(game.legal_moves())])
    assert save_of(game) != before
    game.restore(snap)
    game.status = PLAYING
    game.moves = made
    assert save_of(game) == before


@pytest.mark.parametrize("key,rules", SOLVED)
def test_the_solvers_move_list_is_the_engines(key, rules):
    """Along random games (placements preferred, to go deep): the same
    moves; for Clear the Dungeon in the same order too."""
    rng = random.Random(3)
    seen = 0
    for seed in range(100):
        game = GAMES[key].deal(rules, seed=seed)
        moves = solve.rules_of(GAMES[key], game)
        while game.status == PLAYING:
            n = game.legal_moves()
            legal = list(game.legal[:n])
            mine = list(moves.moves(game))
            assert (mine if key == "ctd" else sorted(mine)) == (legal if key == "ctd" else sorted(legal)), seed
            ahead = [mv for mv in legal if key != "ctd" or mv & 0x0F != ctd.TO_PILE]
            game.play(rng.choice(ahead) if ahead and rng.random() < 0.9 else rng.choice(legal))
            seen += 1
    assert seen > 400


# -- solving -----------------------------------------------------------------------
# A deal of each rule set that the solver wins within a small budget (found by it)
WINNABLE = {("ctd", 0): 1, ("ctd", 1): 1, ("ctd", 2): 15, ("soltura", 0): 5, ("soltura", 1): 5,
            ("scoundrel", 0): 59, ("scoundrel", 1): 14}
_LINES = {}


def winning_line(key, rules):
    if (key, rules) not in _LINES:
        seed = WINNABLE[key, rules]
        r = solve.solve_deal(GAMES[key], rules, seed=seed, max_nodes=50000)
        assert r["winnable"] is True and r["nodes"] <= 50000
        _LINES[key, rules] = (seed, r["line"])
    return _LINES[key, rules]


@pytest.mark.parametrize("key,rules", SOLVED)
def test_a_line_the_solver_finds_replays_to_won(key, rules):
    seed, line = winning_line(key, rules)
    state = replay(key, rules, seed, line)
    assert state["status"] == "won" and state["moves"] == line


def off_the_line(key, rules, back, detour):
    """The winning deal of WINNABLE played along its line to `back` moves
    before the end, then one or two random legal moves (none for detour 0;
    seeded by detour)."""
    spec = GAMES[key]
    seed, line = winning_line(key, rules)
    game = spec.deal(rules, seed=seed)
    for word in line[: len(line) - back]:
        assert game.play(spec.parse_move(game, word)) == 0
    rng = random.Random(detour)
    for _ in range(0 if detour == 0 else 1 + detour % 2):
        if game.status == PLAYING:
            game.play(game.legal[rng.randrange(game.legal_moves())])
    return game


@pytest.mark.parametrize("key,rules", SOLVED)
def test_the_solver_agrees_with_a_plain_search_near_the_end(key, rules):
    """Positions near the end of a won deal, on its line and off it: the
    solver's answer is the plain search's, and a line it finds wins."""
    answers = []
    back = 9 if key == "ctd" else 12
    for detour in range(10):
        game = off_the_line(key, rules, back, detour)
        if game.status != PLAYING:
            continue
        expected = brute(off_the_line(key, rules, back, detour), 30000)
        if expected is None:
            continue
        saved = save_of(game)
        solver = solve.Solver(game, solve.rules_of(GAMES[key], game), 100000)
        found = solver.solve()
        assert found == expected, detour
        if found:
            again = save_checks.load(type(game), saved, len(game.RULE_NAMES))
            for mv in solver.path:
                assert again.play(mv) == 0
            assert again.status == WON
        answers.append(found)
    assert True in answers  # the line itself (detour 0) is won


def test_both_answers_come_up_near_the_end():
    """The comparison above meets lost positions too (off the line), so it
    could fail both ways."""
    answers = set()
    for key, rules in (("ctd", 0), ("soltura", 1), ("scoundrel", 1)):
        for detour in range(1, 10):
            game = off_the_line(key, rules, 9 if key == "ctd" else 12, detour)
            if game.status == PLAYING:
                answers.add(solve.Solver(game, solve.rules_of(GAMES[key], game), 100000).solve())
    assert answers >= {True, False}


def test_a_deal_that_must_lose_is_unwinnable():
    """Clear the Dungeon, Classic: all four Kings of a column stand first and
    the power deck opens with seven Aces and twos, too weak for any King (a
    first attack needs 3 or more) and too many to discard (the seventh
    discard loses)."""
    columns = (("KS", "QS", "JS"), ("KH", "QH", "JH"), ("KD", "QD", "JD"), ("KC", "QC", "JC"))
    game = ctd_decks.deal(ctd.CLASSIC, columns, "AS AH AD AC 2S 2H 2D")
    assert brute(game, 100000) is False
    deck = " ".join(notation.name(c & 0x7F) for c in list(game.monsters) + list(game.hand) + list(game.deck[game.top:]))
    r = solve.solve_deal(GAMES["ctd"], ctd.CLASSIC, deck=deck, max_nodes=100000)
    assert r["winnable"] is False and r["line"] == []


# -- the crawl's bound (games/crawl/desk_solve.py, Rules.dead) ---------------------------------------------
class Unbounded(CrawlRules):
    """The crawl's search knowledge without its bound."""

    def dead(self, g):
        return False


def copy_of(game):
    again = save_checks.load(type(game), save_of(game), len(game.RULE_NAMES))
    again.moves = game.moves
    again.seed = game.seed
    return again


def test_the_crawl_bound_is_tight_on_a_small_dungeon():
    """Eight cards: the 10 and the 9 of diamonds, two Kings, two Queens, a
    two, a 3-potion.  Strict: the Kings and the Queens share out the two
    weapons (3 + 4 + 2 + 3), one King may stay in the last room, so 8 HP
    must be lost, 5 HP and the potion are too few and 6 enough.  Equal:
    the 10 strikes all four (3 + 3 + 2 + 2 - 3 = 7), so 4 HP are too few
    and 5 enough.  The plain search agrees with each answer."""
    for rules, most in ((crawl.STRICT, 5), (crawl.EQUAL, 4)):
        for hp in range(most - 2, most + 3):
            game = crawl.Scoundrel(rules)
            game.set_up(notation.parse_list("10D KS KC QS QC 3H 2S 9D"))
            game.hp = hp
            assert CrawlRules(game).dead(game) == (hp <= most), (rules, hp)
            assert brute(game, 10**6) == (hp > most), (rules, hp)


def test_the_crawl_bound_cuts_a_deal_short():
    """Strict deal 3: won within 1,000 moves with the bound, not within
    20,000 without it (the bound cuts the lost branches the search would
    otherwise play out)."""
    game = GAMES["scoundrel"].deal(crawl.STRICT, seed=3)
    plain = solve.Solver(copy_of(game), Unbounded(game), 20000)
    bounded = solve.Solver(game, CrawlRules(game), 20000)
    assert bounded.solve() is True and bounded.nodes <= 1000
    assert plain.solve() is None


@pytest.mark.parametrize("key,rules", [("scoundrel", 0), ("scoundrel", 1), ("soltura", 0), ("soltura", 1)])
def test_the_crawl_bound_cuts_no_state_that_can_be_won(key, rules):
    """Random games (no move that is sure to kill): wherever the bound
    calls a state lost, the plain search (or, when it runs out, the solver
    without the bound) finds no win, and most such states are decided."""
    seeds = 120 if key == "scoundrel" else 300
    dead = decided = 0
    for seed in range(seeds):
        game = GAMES[key].deal(rules, seed=seed)
        cut = CrawlRules(game)
        rng = random.Random(seed)
        while game.status == PLAYING:
            if cut.dead(game):
                dead += 1
                found = brute(copy_of(game), 2000)
                if found is None:
                    again = copy_of(game)
                    found = solve.Solver(again, Unbounded(again), 10000).solve()
                assert found is not True, (seed, game.moves)
                decided += found is False
            n = game.legal_moves()
            legal = [mv for mv in game.legal[:n] if not game.deadly(mv)] or list(game.legal[:n])
            game.play(rng.choice(legal))
    assert dead >= 15 and decided >= 0.8 * dead, (dead, decided)


class Recording(CrawlRules):
    """The crawl's search knowledge, keeping a copy of each state its bound cuts."""

    def __init__(self, game):
        CrawlRules.__init__(self, game)
        self.cut = []

    def dead(self, g):
        if CrawlRules.dead(self, g):
            snap = bytearray(len(g.state))
            g.snapshot(snap)
            self.cut.append((snap, g.moves))
            return True
        return False


@pytest.mark.parametrize("rules,seed", [(crawl.STRICT, 1), (crawl.EQUAL, 0)])
def test_the_states_the_bound_cuts_in_a_search_cannot_be_won(rules, seed):
    """The states the bound cuts while the solver searches a deal (good
    play: many cards left, much HP), spread over the search: the solver
    without the bound finds no win from any, and decides most."""
    game = GAMES["scoundrel"].deal(rules, seed=seed)
    recording = Recording(game)
    solve.Solver(game, recording, 5000).solve()
    cut = recording.cut
    assert len(cut) >= 1000
    decided = deepest = 0
    for snap, moves in cut[:: len(cut) // 40][:40]:
        g = GAMES["scoundrel"].deal(rules, seed=seed)
        g.restore(snap)
        g.moves = moves
        found = solve.Solver(g, Unbounded(g), 20000).solve()
        assert found is not True, (g.deck_n, g.hp)
        if found is False:
            decided += 1
            deepest = max(deepest, g.deck_n)
    assert decided >= 30 and deepest >= 16


def known_answers(key, rules):
    """The answers of the sweeps in data/sweeps for a rule set, by seed (null left out)."""
    name = "%s-%s" % (key, GAMES[key].rules[rules])
    folder = os.path.join(ROOT, "data", "sweeps")
    paths = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                   if f.endswith(".jsonl") and (f == name + ".jsonl" or f.startswith(name + "-")))
    return {r["seed"]: r["winnable"] for r in solve.merged(paths) if r.get("winnable") is not None}


@pytest.mark.parametrize("rules", [0, 1])
def test_the_bound_contradicts_no_sweep_answer(rules):
    """Scoundrel deals 0-59 at a small budget: no answer is the opposite of
    the sweeps' (which the search without the bound gave)."""
    known = known_answers("scoundrel", rules)
    compared = set()
    for seed in range(60):
        r = solve.solve_deal(GAMES["scoundrel"], rules, seed=seed, max_nodes=5000)
        if r["winnable"] is not None and seed in known:
            assert r["winnable"] == known[seed], seed
            compared.add((seed, r["winnable"]))
    assert len(compared) >= 15 and {True, False} <= set(answer for _, answer in compared)


def test_a_budget_too_small_gives_null():
    r = solve.solve_deal(GAMES["soltura"], 1, seed=0, max_nodes=50)
    assert r["winnable"] is None and r["nodes"] == 50 and r["line"] == []


def test_the_command_prints_one_json_line_that_replays_to_won():
    r = run("--game", "ctd", "--rules", "classic", "--seed", "0", "--budget", "50000")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"winnable", "line", "nodes", "seconds", "budget"}
    assert out["winnable"] is True and out["budget"] == 50000
    assert replay("ctd", 0, 0, out["line"])["status"] == "won"


@pytest.mark.parametrize("key,rules", WHOLE_STATE)
def test_a_game_whose_hooks_know_no_rules_is_solved_by_its_whole_state(key, rules):
    """Rogue Solitaire: the search keys on the whole state and plays the
    greedy bot's moves first; a line it finds replays to won."""
    for seed in range(5):
        r = solve.solve_deal(GAMES[key], rules, seed=seed, max_nodes=5000)
        if r["winnable"]:
            break
    else:
        pytest.fail("no deal of 0-4 won within 5000 moves")
    state = replay(key, rules, seed, r["line"])
    assert state["status"] == "won" and state["moves"] == r["line"]


# -- sweeps --------------------------------------------------------------------------
def test_a_sweep_writes_a_line_a_deal_and_a_rerun_skips_the_done_seeds(tmp_path):
    out = tmp_path / "s.jsonl"
    r = run("--game", "ctd", "--rules", "onestrike", "--sweep", "0-3", "--out", str(out), "--jobs", "1")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(x["seed"] for x in lines) == [0, 1, 2, 3]
    for x in lines:
        assert set(x) == {"seed", "winnable", "nodes", "seconds"}
        assert x["winnable"] == solve.solve_deal(GAMES["ctd"], 2, seed=x["seed"])["winnable"]
    # a stopped run: the last line cut short, seeds 4-5 not done
    text = out.read_text()
    out.write_text(text[: text.rindex("{") + 5])
    r = run("--game", "ctd", "--rules", "onestrike", "--sweep", "0-5", "--out", str(out), "--jobs", "2")
    assert r.returncode == 0, r.stderr
    again = [json.loads(x) for x in out.read_text().splitlines()]
    assert again[:3] == lines[:3]
    assert sorted(x["seed"] for x in again) == [0, 1, 2, 3, 4, 5]
    assert "3 done before, 3 to solve" in r.stderr


def test_summary_counts_the_shares(tmp_path):
    out = tmp_path / "s.jsonl"
    rows = [{"seed": i, "winnable": [True, False, None, True][i], "nodes": 10 * i, "seconds": 0.5 * i} for i in range(4)]
    out.write_text("".join(json.dumps(x) + "\n" for x in rows))
    s = solve.summary([str(out)])
    assert s["deals"] == 4 and s["winnable"]["count"] == 2 and s["unwinnable"]["count"] == 1
    assert s["undecided"]["count"] == 1 and s["winnable"]["share"] == 0.5
    lo, hi = s["winnable"]["share_95"]
    assert lo < 0.5 < hi
    assert s["nodes"]["median"] == 10 and s["nodes"]["max"] == 30
    r = run("--summary", str(out))
    assert r.returncode == 0 and "winnable" in r.stdout and "4 deals" in r.stdout


def test_a_rerun_over_the_undecided_settles_them_in_the_summary(tmp_path):
    first = tmp_path / "first.jsonl"
    rows = [{"seed": 0, "winnable": True, "nodes": 5, "seconds": 0.1}, {"seed": 1, "winnable": None, "nodes": 50, "seconds": 1},
            {"seed": 2, "winnable": False, "nodes": 7, "seconds": 0.1}, {"seed": 3, "winnable": None, "nodes": 50, "seconds": 1}]
    first.write_text("".join(json.dumps(x) + "\n" for x in rows))
    again = tmp_path / "again.jsonl"
    r = run("--game", "ctd", "--rules", "onestrike", "--sweep", "0-9", "--undecided-in", str(first), "--out", str(again),
            "--jobs", "1", "--budget", "100000")
    assert r.returncode == 0, r.stderr
    redone = [json.loads(x) for x in again.read_text().splitlines()]
    assert [x["seed"] for x in redone] == [1, 3]
    assert all(x["winnable"] is not None for x in redone)
    s = solve.summary([str(first), str(again)])
    assert s["deals"] == 4 and s["undecided"]["count"] == 0
    assert s["winnable"]["count"] + s["unwinnable"]["count"] == 4
    clash = tmp_path / "clash.jsonl"
    clash.write_text(json.dumps({"seed": 0, "winnable": False, "nodes": 1, "seconds": 0}) + "\n")
    r = run("--summary", str(first), str(clash))
    assert r.returncode == 2 and "deal 0 is winnable in one file and not in another" in r.stderr


@pytest.mark.parametrize("args,words", [
    (["--game", "ctd", "--rules", "fast", "--seed", "1"], "--rules for ctd must be one of"),
    (["--game", "ctd", "--seed", "2000000000"], "--seed must be from 0"),
    (["--game", "ctd", "--seed", "1", "--budget", "0"], "--budget must be at least 1"),
    (["--game", "ctd", "--sweep", "5", "--out", "x"], "--sweep must be A-B"),
    (["--game", "ctd", "--sweep", "9-3", "--out", "x"], "0 <= A <= B"),
    (["--game", "ctd", "--sweep", "0-3"], "--sweep needs --out"),
    (["--game", "ctd"], "one of --seed, --deck, --sweep or --summary"),
    (["--seed", "1"], "--game is required"),
    (["--game", "soltura", "--deck", "AS KS"], "bad --deck"),
    (["--game", "ctd", "--seed", "1", "--jobs", "2"], "--jobs goes with --sweep"),
    (["--game", "ctd", "--seed", "1", "--undecided-in", "x"], "--undecided-in goes with --sweep"),
    (["--game", "ctd", "--sweep", "0-1", "--out", "x", "--undecided-in", "x"], "another file than --out"),
    (["--game", "ctd", "--sweep", "0-1", "--out", "."], "solve: cannot read .: "),
    (["--summary", "."], "cannot read"),
])
def test_bad_arguments_exit_2_with_one_line(args, words):
    r = run(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert words in r.stderr and len(r.stderr.strip().splitlines()) == 1

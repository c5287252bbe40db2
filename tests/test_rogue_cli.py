"""Rogue Solitaire on the command line (shared/rogue-rules.md 3.18): replay
from a seed or a given table to the outcome the engine itself reaches, moves
refused with their index and reason in words, the --trace state's keys, the
bots through simulate, and the move text: every legal move of every phase
reads back as the same byte."""

import json
import os
import subprocess
import sys

import pytest

from games.rogue import rules as rogue
from games.rogue import desk_bots as rogue_bots
from games.rogue import desk_notation as rn
from engine.game import PLAYING
from engine.notation import name
from engine.rng import Rng
from tools.games import GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = GAMES["rogue"]
KEYS = ("game", "rules", "seed", "status", "floor", "turn", "phase", "player", "monster", "exit", "hand",
        "deck_left", "discards", "buffet", "named", "pending", "legal", "achievements", "loss")
CHOICES = ("choose_heal", "choose_club", "choose_steal", "choose_buffet", "between_floors")


def run(*args):
    return subprocess.run([sys.executable, "-m"] + list(args), capture_output=True, text=True, cwd=ROOT, timeout=300)


def replay(*args):
    return run("tools.replay", "--game", "rogue", *args)


def bot_game(rules, seed, bot="greedy", until=None, game=None):
    """Play a bot game on the engine alone, as replay --bot does (its
    generator seeded by the deal's seed); the game and its moves in text.
    until(game) stops it early when true."""
    g = game or rogue.Rogue(rules).deal(seed)
    rng = Rng(seed)
    texts = []
    while g.status == PLAYING and not (until and until(g)):
        mv = rogue_bots.BOTS[bot](g, rng)
        texts.append(rn.move_text(g, mv))
        assert g.play(mv) == 0
    return g, texts


def engine_state(game, texts):
    """The state the engine reached, as replay prints it (through JSON)."""
    return json.loads(json.dumps(rn.state(game, texts)))


def table_text(game):
    """The table of a fresh deal as --deck takes it: player 1-9, exit 1-9,
    monster 1-9, then the deck from its top."""
    cards = list(game.player) + list(game.exit) + list(game.monster)
    cards += [game.deck[i] for i in range(game.deck_n - 1, -1, -1)]
    return " ".join(name(c) for c in cards)


def first_campaign_past_floor_1():
    """The first seed whose greedy campaign escapes floor 1, and its moves."""
    for seed in range(40):
        g, texts = bot_game(rogue.CAMPAIGN, seed, until=lambda g: g.floor > 1)
        if g.floor > 1:
            return seed, texts
    pytest.fail("no greedy campaign of seeds 0-39 escapes floor 1")


# -- replay to the engine's own outcome ------------------------------------------------
@pytest.mark.parametrize("rules,seed", [(rogue.QUICK, 3), (rogue.CAMPAIGN, 4)])
def test_replay_of_a_bot_game_ends_where_the_engine_does(rules, seed):
    g, texts = bot_game(rules, seed)
    r = replay("--rules", rn.RULES[rules], "--seed", str(seed), "--moves", " ".join(texts))
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got == engine_state(g, texts)
    assert got["status"] in ("won", "lost") and got["phase"] == "over" and got["legal"] == []
    assert (got["end"] == "escaped") == (got["status"] == "won")
    if rules == rogue.QUICK:
        assert ("AC1" in got["achievements"]) == (got["status"] == "won")  # AC1: Quick Play escaped
    # the bot on the command line plays the same game
    by_bot = replay("--rules", rn.RULES[rules], "--seed", str(seed), "--bot", "greedy")
    assert json.loads(by_bot.stdout) == got


def test_replay_across_a_floor_with_the_buffet_and_next():
    seed, texts = first_campaign_past_floor_1()
    assert "next" in texts
    r = replay("--rules", "campaign", "--seed", str(seed), "--moves", ",".join(texts))
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    g = rogue.Rogue(rogue.CAMPAIGN).deal(seed)
    for t in texts:
        assert g.play(rn.parse_move(g, t)) == 0
    assert got == engine_state(g, texts)
    assert got["floor"] == 2 and len(got["buffet"]) == 1


def test_quit_between_floors_stops_the_run_and_nothing_follows_it():
    seed, texts = first_campaign_past_floor_1()
    at = texts.index("next")  # the run stands between floors before it
    before = texts[:at]
    r = replay("--rules", "campaign", "--seed", str(seed), "--moves", " ".join(before + ["quit"]))
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["phase"] == "between_floors" and s["moves"][-1] == "quit" and s["legal"] == ["next", "quit"]
    r = replay("--rules", "campaign", "--seed", str(seed), "--moves", " ".join(before + ["quit", "next"]))
    assert r.returncode == 2
    assert r.stderr.strip() == "replay: move %d (next) refused: the run was quit at move %d: nothing follows it" % (
        at + 2, at + 1)
    # quit is no move in play
    r = replay("--seed", "1", "--moves", "quit")
    assert r.returncode == 2 and "move 1 (quit) refused" in r.stderr and "not a move of this step (play)" in r.stderr


def test_replay_from_a_given_table():
    dealt = rogue.Rogue(rogue.QUICK).deal(5)
    deck = table_text(dealt)
    r = replay("--deck", deck)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["seed"] is None and s["player"] == rn.grid(dealt.player) and s["exit"] == rn.grid(dealt.exit)
    assert s["monster"] == ["??"] * 9 and s["deck_left"] == 27 and s["phase"] == "play"
    # to the end: the engine dealt the same table plays the same game
    g, texts = bot_game(rogue.QUICK, 0, game=SPEC.deal(rogue.QUICK, deck=deck))
    r = replay("--deck", deck, "--moves", " ".join(texts))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == engine_state(g, texts)


@pytest.mark.parametrize("change,message", [
    (lambda w: w[:-1], "needs all 54 cards"),
    (lambda w: w[:-1] + [w[0]], "appears twice"),
    (lambda w: w[:13] + [w[14], w[13]] + w[15:], "card 14 (exit place 5) must be RJ"),
    (lambda w: w[:-1] + ["1S"], "unknown card '1S'"),
])
def test_a_bad_table_is_named_and_exits_2(change, message):
    words = table_text(rogue.Rogue(rogue.QUICK).deal(5)).split()
    r = replay("--deck", " ".join(change(words)))
    assert r.returncode == 2 and message in r.stderr and r.stdout == ""
    assert len(r.stderr.splitlines()) == 1


# -- refused moves: the index and why, in words ------------------------------------------
def a_move_that_would_empty_a_line():
    """Over greedy games: the moves before the first play the engine refuses
    because it would empty a row or column (P7), that play, and its reason."""
    for seed in range(20):
        g = rogue.Rogue(rogue.QUICK).deal(seed)
        rng = Rng(seed)
        texts = []
        while g.status == PLAYING:
            if g.phase() == rogue.PHASE_PLAY:
                for mv in range(rogue.ATTACK):
                    why = g.check(mv)
                    if rogue.R_ROW < why <= rogue.R_COL + 3:
                        return seed, texts, rn.move_text(g, mv), why
            mv = rogue_bots.greedy_bot(g, rng)
            texts.append(rn.move_text(g, mv))
            g.play(mv)
    pytest.fail("no play of seeds 0-19 would empty a row or column")


def test_a_play_that_would_empty_a_row_or_column_is_refused_in_words():
    seed, texts, bad, why = a_move_that_would_empty_a_line()
    line = ("row %d" % (why - rogue.R_ROW)) if why <= rogue.R_ROW + 3 else ("column %d" % (why - rogue.R_COL))
    r = replay("--seed", str(seed), "--moves", " ".join(texts + [bad, "-"]))
    assert r.returncode == 2
    assert r.stderr.strip() == "replay: move %d (%s) refused: %s would be empty" % (len(texts) + 1, bad, line)
    assert json.loads(r.stdout)["moves"] == texts  # the last good state


@pytest.mark.parametrize("moves,index,why", [
    ("a5", 1, "place 5 does not attack: attack from an outer place"),
    ("0>3", 1, "'0' is not a place 1-9"),
    ("3>3", 1, "a card cannot go onto its own place"),
    ("- QH>d", 2, "not a move of this step (attack): it takes the attack: a1-a9"),
    ("- m3", 2, "not a move of this step (attack)"),
    ("u", 1, "nothing to undo"),
    ("next", 1, "not a move of this step (play)"),
    ("3>7>1", 1, "is not a place 1-9"),
    ("hello", 1, "not in the notation"),
])
def test_bad_moves_exit_2_with_the_index_and_why(moves, index, why):
    r = replay("--seed", "7", "--moves", moves)
    word = moves.split()[index - 1]
    assert r.returncode == 2
    assert r.stderr.startswith("replay: move %d (%s) refused: " % (index, word)) and len(r.stderr.splitlines()) == 1
    assert why in r.stderr
    assert json.loads(r.stdout)["moves"] == moves.split()[: index - 1]


def test_a_card_not_in_the_hand_is_named():
    g = rogue.Rogue(rogue.QUICK).deal(7)
    card = name(g.player[0])  # on the board, not in the hand
    r = replay("--seed", "7", "--moves", card + ">3")
    assert r.returncode == 2 and "%s is not in the hand" % card in r.stderr


def test_rule_set_names():
    for rules in ("quick", "campaign"):
        r = replay("--rules", rules, "--seed", "2")
        assert r.returncode == 0 and json.loads(r.stdout)["rules"] == rules
    r = replay("--rules", "Quick", "--seed", "2")
    assert r.returncode == 2 and "--rules for rogue must be one of: quick, campaign" in r.stderr


# -- --trace: the state of 3.18 after every move -----------------------------------------
def test_trace_prints_the_state_of_3_18_after_every_move():
    r = replay("--rules", "campaign", "--seed", "6", "--bot", "random", "--trace")
    assert r.returncode == 0, r.stderr
    states = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(states) == len(states[-1]["moves"]) + 1
    for i, s in enumerate(states):
        for key in KEYS:
            assert key in s, key
        assert len(s["moves"]) == i and s["game"] == "rogue" and s["rules"] == "campaign" and s["seed"] == 6
        assert s["phase"] in rn.PHASE_NAMES[1:]
        assert len(s["player"]) == len(s["monster"]) == len(s["exit"]) == 9 and s["exit"][4] == "RJ"
        assert all(c is None or c == "??" or len(c) in (2, 3) for c in s["player"] + s["monster"])
        assert isinstance(s["deck_left"], int) and isinstance(s["discards"], int)
        assert (s["status"] == "playing") == (s["legal"] != [])
    assert states[0]["monster"] == ["??"] * 9 and states[0]["hand"] == [] and states[0]["turn"] == 1
    assert states[-1]["status"] == "lost" and states[-1]["loss"] in ("slain", "starved")


# -- simulate ----------------------------------------------------------------------------
@pytest.mark.parametrize("rules,bot,games", [("quick", "greedy", 6), ("quick", "random", 20),
                                             ("campaign", "greedy", 2), ("campaign", "random", 20)])
def test_simulate_plays_rogue_with_both_bots(rules, bot, games):
    r = run("tools.simulate", "--game", "rogue", "--rules", rules, "--bot", bot, "--games", str(games), "--json")
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert (s["game"], s["rules"], s["bot"], s["games"]) == ("rogue", rules, bot, games)
    lo, hi = s["win_rate_95"]
    assert lo <= s["win_rate"] <= hi and s["games_per_second"] > 0 and s["mean_moves"] > 0
    # the same games on the engine alone
    won = 0
    for seed in range(games):
        won += bot_game(rn.RULES.index(rules), seed, bot)[0].status == 1
    assert s["won"] == won


# -- the notation: every legal move reads back as its byte, in every phase --------------------
def test_every_legal_move_reads_back_as_the_same_byte_in_every_phase():
    seen = set()
    games = [(rules, seed, bot) for seed in range(12) for rules in (rogue.QUICK, rogue.CAMPAIGN)
             for bot in ("greedy", "random")]
    for rules, seed, bot in games:
        g = rogue.Rogue(rules).deal(seed)
        rng = Rng(seed)
        while g.status == PLAYING:
            phase = g.phase()
            seen.add(rn.PHASE_NAMES[phase])
            texts = set()
            for i in range(g.legal_moves()):
                mv = g.legal[i]
                text = rn.move_text(g, mv)
                assert rn.parse_move(g, text) == mv, (rn.PHASE_NAMES[phase], mv, text)
                assert rn.parse_move(g, text.upper()) == mv
                texts.add(text)
            assert len(texts) == g.legal_moves()  # no two moves share a text
            g.play(rogue_bots.BOTS[bot](g, rng))
            if g.floor > 2:
                break  # two floors of a campaign show every phase; the rest is more of the same
        if seen >= set(rn.PHASE_NAMES[2:]):
            break
    assert seen >= set(rn.PHASE_NAMES[2:]), set(rn.PHASE_NAMES[2:]) - seen
    assert rn.parse_move(g, "u") == rogue.UNDO and rn.move_text(g, rogue.UNDO) == "u"


def test_reasons_in_words_say_why_the_engine_refuses():
    # the engine keeps some reason codes private: the words are held to what check() answers
    g = rogue.Rogue(rogue.QUICK).deal(1)

    def why(mv):
        return rn.reason(g, g.check(mv))

    assert rn.reason(g, rogue.R_ROW + 1) == "row 1 would be empty"
    assert rn.reason(g, rogue.R_COL + 3) == "column 3 would be empty"
    assert why(rn.swap(2, 2)) == "a card cannot go onto its own place"
    assert why(rn.flip(0)) == "that card is already face up"
    assert why(rn.attack(4)) == "place 5 does not attack: attack from an outer place"
    assert why(rogue.ATTACK + 9) == "no such move in this step"
    assert g.play(rogue.SKIP) == 0 and why(rogue.SKIP) == "the play is made: attack now"
    g, _ = bot_game(rogue.QUICK, 1)
    assert why(rogue.SKIP) == "the game is over"
    for code in range(1, rogue.R_COL + 4):
        assert rn.reason(g, code)  # every code has words


def test_the_command_lines_rule_names_are_the_engines():
    assert rn.RULES == tuple(n.lower() for n in rogue.Rogue.RULE_NAMES) and SPEC.rules == rn.RULES
    assert SPEC.key == "rogue" and SPEC.engine.GAME_ID == 4

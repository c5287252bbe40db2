"""The crawl engine (games/crawl/rules.py) plays every seed and move exactly as it did
before it was made fast and small (issue 13 item 5, issue 8).

tests/crawl_digests.json holds, for each rule set of Soltura and Scoundrel and
each of SEEDS seeds, a digest of a whole bot game as the engine played it then:
after the deal and after every move, the state with its saved ints, the status,
the move count, the undo log's length, the events, the legal moves, the options
and reasons of every place, the score and what the screens ask of a room card;
and after each undo the same again, then the move made anew.  Odd seeds are
played by the random bot (engine/bots.py), even ones by the greedy bot
(games/crawl/desk_bots.py); the first CHECK_ALL seeds of each rule set also record
check() of all 256 move bytes after every move.  No bot wins a dealt game, so
WON_SEEDS more games of each rule set are played by the greedy bot from
winnable dungeons (set_up), for wins, milestones and the score of a win.

The fixture is rewritten only when the rules change on purpose:

    python -m tests.test_crawl_speed_parity --write
"""

import hashlib
import json
import os
import sys

import pytest

from engine import bots
from games.crawl import rules as crawl
from games.crawl import desk_bots as crawl_bots
from engine.game import MAX_OPTIONS, PLAYING, WON, Game
from engine.rng import Rng
from tests import parity

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "crawl_digests.json")
SEEDS = 200
WON_SEEDS = 40
CHECK_ALL = 12
DIGEST_CHARS = 8
GAMES = {"soltura": crawl.Soltura, "scoundrel": crawl.Scoundrel}


def _record(g, h, check_all):
    legal = parity.record_state(g, h)
    out = bytearray(2 * MAX_OPTIONS)
    for place in range(5):
        k = g.options(place, out)
        h.update(bytes(out[: 2 * k]))
        h.update(b"%d" % g.only_move(place, out))
    figures = [g.status, g.moves, g.log_n, g.can_undo(), g.phase(), g.score(), g.room_size(), g.power(),
               g.last_slain(), g.escorted(), g.monsters_left(), g.top(0), g.top(1), g.top(2)]
    if isinstance(g, crawl.Soltura):
        figures += list(g.parts())
    for c in g.room:
        if c:
            figures += [crawl.kind(c), crawl.value(c), g.can_strike(c), g.potion_heals(c), g.damage(c, 0),
                        g.damage(c, 1)]
    figures += [g.deadly(mv) for mv in legal]
    if check_all:
        figures += [g.check(mv) for mv in range(256)]
    h.update(repr(figures).encode())


def winnable(game_class, seed):
    """A dungeon the greedy bot mostly wins in Soltura (no bot wins a dealt
    game): the best weapon, then the monsters from the highest down two at a
    time with a potion after each two, the rest below; a few neighbours
    traded, by seed.  Wins, milestones and the score of a win get played."""
    every = game_class.every_card()
    monsters = sorted([c for c in every if crawl.kind(c) == crawl.MONSTER], key=crawl.value, reverse=True)
    potions = sorted([c for c in every if crawl.kind(c) == crawl.POTION], reverse=True)
    weapons = sorted([c for c in every if crawl.kind(c) == crawl.WEAPON], reverse=True)
    order = [weapons[0]]
    for i in range(0, len(monsters), 2):
        order += monsters[i : i + 2]
        if potions:
            order.append(potions.pop(0))
    order = bytearray(order + potions + weapons[1:] + [c for c in every if crawl.kind(c) == crawl.JOKER])
    rng = Rng(seed)
    for _ in range(seed % 4):
        i = 1 + rng.below(len(order) - 2)
        order[i], order[i + 1] = order[i + 1], order[i]
    return order


def game_digest(game_class, rules, seed, won=False):
    """The digest of one bot game of game_class under rules from seed (won:
    from winnable(seed), by the greedy bot)."""
    h = hashlib.sha1()
    g = game_class(rules)
    if won:
        g.set_up(winnable(game_class, seed))
    else:
        g.deal(seed)
    rng = Rng(seed)
    bot = bots.random_bot if seed % 2 and not won else crawl_bots.greedy_bot
    check_all = seed < CHECK_ALL
    parity.play(g, bot, rng, h, lambda g: _record(g, h, check_all))
    return h.hexdigest()[:DIGEST_CHARS]


def digests(game_class, rules, won=False):
    return "".join(game_digest(game_class, rules, seed, won) for seed in range(WON_SEEDS if won else SEEDS))


def _expected():
    with open(FIXTURE) as f:
        return json.load(f)


CASES = [(key, rules) for key in GAMES for rules in range(len(GAMES[key].RULE_NAMES))]


@pytest.mark.parametrize("key,rules", CASES)
@pytest.mark.parametrize("won", [False, True])
def test_every_state_after_every_move_is_the_one_the_engine_played_before(key, rules, won):
    game_class = GAMES[key]
    name = "%s/%s%s" % (key, game_class.RULE_NAMES[rules], "/winnable" if won else "")
    want = _expected()[name]
    seeds = WON_SEEDS if won else SEEDS
    assert len(want) == seeds * DIGEST_CHARS
    for seed in range(seeds):
        at = seed * DIGEST_CHARS
        assert game_digest(game_class, rules, seed, won) == want[at : at + DIGEST_CHARS], "%s seed %d" % (name, seed)


def test_the_winnable_dungeons_are_won():
    # what the winnable digests are there for: wins (and chain milestones) get played
    won = 0
    for seed in range(WON_SEEDS):
        g = crawl.Soltura(crawl.SCORE)
        g.set_up(winnable(crawl.Soltura, seed))
        rng = Rng(seed)
        while g.status == PLAYING:
            g.play(crawl_bots.greedy_bot(g, rng))
        won += g.status == WON and g.bonus > 0
    assert won > WON_SEEDS // 2


@pytest.mark.parametrize("key,rules", CASES)
def test_the_crawl_snapshot_is_the_generic_one_and_undo_walks_back_to_the_barrier(key, rules):
    # Crawl.snapshot writes out Game.snapshot for its SAVED ints; undo restores
    # the room's first state and replays the log: each undo must give back
    # exactly the state before its move, down to the barrier, and redo the same.
    game_class = GAMES[key]
    for seed in range(40):
        g = game_class(rules).deal(seed)
        rng = Rng(seed)
        mine, generic = bytearray(len(g.state)), bytearray(len(g.state))
        assert crawl._SAVED_AT == len(g.state) - len(g.SAVED)
        before = []  # (move, the state before it) since the barrier
        while g.status == PLAYING:
            g.snapshot(mine)
            Game.snapshot(g, generic)
            assert mine == generic
            mv = bots.random_bot(g, rng)
            before.append((mv, bytes(mine)))
            assert g.play(mv) == 0
            if not g.can_undo():
                before = []
                continue
            assert g.log_n == len(before)
            g.snapshot(mine)
            after = bytes(mine)
            for mv, state in reversed(before):
                assert g.undo() == mv and g.n_events == 0
                g.snapshot(mine)
                assert mine == state
            assert not g.can_undo()
            for mv, _ in before:
                assert g.play(mv) == 0
            g.snapshot(mine)
            assert mine == after


def test_a_changed_rule_changes_the_digest():
    # the digest sees a one-point change of HP in the middle of a game
    g = crawl.Scoundrel(crawl.EQUAL).deal(3)
    a, b = hashlib.sha1(), hashlib.sha1()
    _record(g, a, False)
    g.hp -= 1
    _record(g, b, False)
    assert a.hexdigest() != b.hexdigest()


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        print("usage: python -m tests.test_crawl_speed_parity --write   (rewrites %s)" % FIXTURE)
        sys.exit(2)
    got = {}
    for key, rules in CASES:
        got["%s/%s" % (key, GAMES[key].RULE_NAMES[rules])] = digests(GAMES[key], rules)
        got["%s/%s/winnable" % (key, GAMES[key].RULE_NAMES[rules])] = digests(GAMES[key], rules, True)
    with open(FIXTURE, "w") as f:
        json.dump(got, f, indent=0, sort_keys=True)
        f.write("\n")
    print("wrote", FIXTURE)

"""Rogue Solitaire's engine (games/rogue/rules.py, games/rogue/desk_bots.py) plays every
seed and move exactly as it did before it was made small (issue 12).

tests/rogue_digests.json holds, for each rule set and each of SEEDS seeds, a
digest of a whole bot game as the engine played it then: after the deal and
after every move, the state with its saved ints, the status, the move count,
the undo log's length, the events, the legal moves, the menu of every place
(options, only_move), preview, pending, candidates, what is where (matches,
at_exit, named), the turn, the end, the score and the achievements; and after
each undo the same again, then the move made anew.  Odd seeds are played by
the random bot, even ones by the greedy bot; the first CHECK_ALL seeds of each
rule set also record check() of all 256 move bytes after every move.
SET_UP_SEEDS more games of each rule set start from a given deal (set_up) of
a shuffled deck, so that path and its shuffles from seed 0 are held too.

The fixture is rewritten only when the rules change on purpose:

    python -m tests.test_rogue_parity --write
"""

import hashlib
import json
import os
import sys

import pytest

from games.rogue import rules as rogue
from engine.game import PLAYING
from engine.rng import Rng
from games.rogue.rules import Rogue
from games.rogue.desk_bots import BOTS
from games.rogue.achievements import achievements
from tests import parity
from tests.conftest import sweep

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rogue_digests.json")
SEEDS = 150
SET_UP_SEEDS = 20
# The tests compare the first of them (DECKCRAWL_FULL_SWEEPS=1: all): 24 seeds hold
# CHECK_ALL, five GIVE UPs and seven greedy campaigns to the gauntlet.
CHECKED_SEEDS = sweep(24, SEEDS)
CHECKED_SET_UP_SEEDS = sweep(6, SET_UP_SEEDS)
CHECK_ALL = 6
DIGEST_CHARS = 8


def _record(g, h, check_all):
    parity.record_state(g, h)
    out = bytearray(12)
    figures = [g.status, g.moves, g.log_n, g.can_undo(), g.phase(), g.turn, g.end, g.score(), g.named(),
               g.at_exit(), g.pending(), achievements(g, 0), achievements(g, 31)]
    for p in range(9):
        k = g.options(p, out)
        figures.append(bytes(out[: 2 * k]))
        figures += [g.only_move(p, out), g.preview(p), g.matches(p)]
    out = bytearray(12)
    figures += [g.candidates(out), bytes(out)]
    if check_all:
        figures += [g.check(mv) for mv in range(256)]
    h.update(repr(figures).encode())


def dealt(rules, seed, set_up):
    """A game dealt from seed, or from a given deal: the 54 cards shuffled by
    seed, RJ moved to exit place 5 (order[13])."""
    if not set_up:
        return Rogue(rules).deal(seed)
    order = bytearray(Rogue.every_card())
    Rng(seed).shuffle(order, 0, len(order))
    at = order.index(0x1F)
    order[at], order[13] = order[13], order[at]
    return Rogue(rules).set_up(order)


def game_digest(rules, seed, set_up=False):
    """The digest of one bot game under rules from seed (set_up: from a given
    deal, by the greedy bot)."""
    h = hashlib.sha1()
    g = dealt(rules, seed, set_up)
    rng = Rng(seed)
    bot = BOTS["random" if seed % 2 and not set_up else "greedy"]
    check_all = seed < CHECK_ALL and not set_up
    parity.play(g, bot, rng, h, lambda g: _record(g, h, check_all))
    if seed % 5 == 0:  # the app's GIVE UP on a fresh deal
        g = dealt(rules, seed, set_up)
        g.resign()
        _record(g, h, False)
    return h.hexdigest()[:DIGEST_CHARS]


def name(rules, set_up):
    return rogue.Rogue.RULE_NAMES[rules] + ("/set_up" if set_up else "")


def digests(rules, set_up):
    return "".join(game_digest(rules, seed, set_up) for seed in range(SET_UP_SEEDS if set_up else SEEDS))


def _expected():
    with open(FIXTURE) as f:
        return json.load(f)


@pytest.mark.parametrize("rules", [rogue.QUICK, rogue.CAMPAIGN])
@pytest.mark.parametrize("set_up", [False, True])
def test_every_state_after_every_move_is_the_one_the_engine_played_before(rules, set_up):
    want = _expected()[name(rules, set_up)]
    assert len(want) == (SET_UP_SEEDS if set_up else SEEDS) * DIGEST_CHARS
    for seed in range(CHECKED_SET_UP_SEEDS if set_up else CHECKED_SEEDS):
        at = seed * DIGEST_CHARS
        assert game_digest(rules, seed, set_up) == want[at : at + DIGEST_CHARS], "%s seed %d" % (name(rules, set_up),
                                                                                                 seed)


def test_the_digests_see_the_game_end_in_every_way_and_both_bots():
    # what the digests are there for: wins, deaths, starving and the campaign's floors get played
    # (in the seeds the test above compares at its smallest)
    ends = set()
    floors = 0
    for rules in (rogue.QUICK, rogue.CAMPAIGN):
        for seed in range(sweep(4, 40)):
            g = dealt(rules, seed, False)
            rng = Rng(seed)
            bot = BOTS["random" if seed % 2 else "greedy"]
            while g.status == PLAYING:
                g.play(bot(g, rng))
            ends.add(g.end)
            floors = max(floors, g.floor)
    assert {rogue.ESCAPED, rogue.SLAIN} <= ends and floors >= 3


def test_a_changed_rule_changes_the_digest():
    # the digest sees one card turned face up in the middle of a game
    g = Rogue(rogue.QUICK).deal(3)
    a, b = hashlib.sha1(), hashlib.sha1()
    _record(g, a, False)
    g.monster[0] &= 0x7F
    _record(g, b, False)
    assert a.hexdigest() != b.hexdigest()


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        print("usage: python -m tests.test_rogue_parity --write   (rewrites %s)" % FIXTURE)
        sys.exit(2)
    table = {name(rules, set_up): digests(rules, set_up) for rules in (rogue.QUICK, rogue.CAMPAIGN)
             for set_up in (False, True)}
    with open(FIXTURE, "w") as f:
        json.dump(table, f, indent=0, sort_keys=True)
        f.write("\n")

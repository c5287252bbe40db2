"""The expert bot (tools/expert.py): it never reads what the player cannot
see, remembers what the player did see, plays legal moves to the end, and
wins at least as often as the greedy bot on a fixed set of deals."""

import pytest

from engine import cards, notation
from games.crawl import rules as crawl
from games.ctd import rules as ctd
from engine.game import PLAYING, WON
from engine.rng import Rng
from tests import crawl_decks
from tools import expert
from tools.games import GAMES
from games.crawl import desk_expert as crawl_expert
from tools.simulate import run as run_bot
from games.crawl import desk_notation as crawl_notation


def twin_of(game):
    """A game like `game` (same class, rules, state and move count)."""
    twin = type(game)(game.rules)
    snap = bytearray(len(game.state))
    game.snapshot(snap)
    twin.restore(snap)
    twin.moves = game.moves
    twin.seed = game.seed
    return twin


def hide_otherwise(game, hidden, rng):
    """A twin of game whose cards at the places `hidden` (a list of (part, index))
    are those same cards in another order, face-down flags kept; the places
    are chosen by the test, not by the expert's own fill()."""
    twin = twin_of(game)
    found = [getattr(game, part)[i] for part, i in hidden]
    for _ in range(20):
        order = list(found)
        rng.shuffle(order)
        if order != found or len(set(found)) < 2:
            break
    for (part, i), c in zip(hidden, order):
        getattr(twin, part)[i] = c
    return twin, order != found


def ctd_hidden(game):
    """The places a Clear the Dungeon player cannot see: the face-down
    monsters, and the power deck not yet drawn (all the monsters there are
    monsters, and every card below the top power card is a power card, so a
    shuffle within each kind keeps what the player sees)."""
    down = [("monsters", i) for i in range(ctd.MONSTERS) if game.monsters[i] & cards.FACE_DOWN]
    deck = [("deck", i) for i in range(game.top, ctd.POWER_CARDS)]
    return down, deck


def crawl_hidden(game, known):
    """The deck places whose card the player has not seen (known[i] == 0)."""
    return [("deck", i) for i in range(game.deck_n) if not known[i]]


def play_checking_twins(spec, rules, seed, samples=4):
    """Play one game with the expert; before each decision, ask the same
    expert about twins of the game whose hidden cards lie in other orders: it
    must choose the same move.  Returns (game, how many twins differed in a
    hidden card)."""
    game = spec.deal(rules, seed=seed)
    bot = expert.Expert(spec.bots["greedy"], samples, seed=seed)
    bot.start(game)
    rng = Rng(seed + 1)
    differed = 0
    while game.status == PLAYING:
        mv = bot.choose(game)
        assert game.check(mv) == 0
        if isinstance(game, ctd.Dungeon):
            groups = ctd_hidden(game)
        else:
            groups = (crawl_hidden(game, bot.eyes.known),)
        for hidden in groups:
            twin, changed = hide_otherwise(game, hidden, rng)
            differed += changed
            assert bot.choose(twin) == mv
        assert bot.play(game, mv) == 0
    return game, differed


@pytest.mark.parametrize("key,rules,seed", [("ctd", ctd.CLASSIC, 3), ("ctd", ctd.RESERVE, 4),
                                             ("scoundrel", crawl.STRICT, 5), ("soltura", crawl.SCORE, 6)])
def test_the_expert_never_reads_the_hidden_cards(key, rules, seed):
    game, differed = play_checking_twins(GAMES[key], rules, seed)
    assert game.status != PLAYING
    assert differed >= 3  # the twins did hide other cards, so the check was not empty


def test_two_deals_alike_to_the_player_get_the_same_first_move():
    """Two Scoundrel deals with the same first room and different decks."""
    top = "7S 5D 3H JC"
    a = crawl_decks.deal(crawl.Scoundrel, crawl.EQUAL, top)
    b = crawl.Scoundrel(crawl.EQUAL)
    rest = [c for c in a.every_card() if c not in notation.parse_list(top)]
    rest.reverse()
    crawl_notation.deal_crawl(b, bytearray(list(notation.parse_list(top)) + rest))
    assert bytes(a.deck) != bytes(b.deck) and bytes(a.room) == bytes(b.room)
    choices = []
    for game in (a, b):
        bot = expert.Expert(GAMES["scoundrel"].bots["greedy"], 6, seed=11)
        bot.start(game)
        choices.append(bot.choose(game))
    assert choices[0] == choices[1]


def test_the_expert_chooses_by_the_hidden_cards_it_samples():
    """The opposite check, so the twins test cannot pass by a bot that ignores
    the worlds: the same game with different expert seeds (other worlds) is
    valued differently."""
    spec = GAMES["ctd"]
    game = spec.deal(ctd.CLASSIC, seed=8)
    totals = set()
    for s in range(3):
        bot = expert.Expert(spec.bots["greedy"], 4, seed=s)
        bot.start(game)
        totals.add(tuple(bot.values(game)))
    assert len(totals) > 1


def test_the_crawl_player_remembers_preview_swap_and_avoid_and_forgets_at_flee():
    game = crawl_decks.deal(crawl.Soltura, crawl.SURVIVAL, "RJ BJ 9S 2H 4C 3D 8H 6C 10S 5D")
    eyes = crawl_expert.Eyes()
    eyes.start(game)
    top3 = [game.top(0), game.top(1), game.top(2)]
    assert eyes.play(game, crawl.move(crawl.A_PREVIEW, 0)) == 0
    n = game.deck_n
    assert [eyes.known[n - 1], eyes.known[n - 2], eyes.known[n - 3]] == top3
    assert sum(1 for c in eyes.known if c) == 3
    nine = game.room[2]
    assert eyes.play(game, crawl.move(crawl.A_SWAP, 1, 2)) == 0  # 9S on top, the old top in the room
    assert game.top(0) == nine and eyes.known[game.deck_n - 1] == nine
    assert eyes.known[game.deck_n - 2] == top3[1]
    # A world keeps what is known and shuffles the rest.
    world = twin_of(game)
    eyes.fill(game, world, Rng(1))
    for i in range(game.deck_n):
        if eyes.known[i]:
            assert world.deck[i] == game.deck[i]
    assert sorted(world.deck[:game.deck_n]) == sorted(game.deck[:game.deck_n])
    assert bytes(world.deck[:game.deck_n]) != bytes(game.deck[:game.deck_n])

    game = crawl_decks.deal(crawl.Scoundrel, crawl.STRICT, "7S 5D 3H JC")
    eyes = crawl_expert.Eyes()
    eyes.start(game)
    room = list(game.room)
    assert eyes.play(game, crawl.AVOID) == 0
    assert list(eyes.known[:4]) == list(reversed(room))  # the room's last card at the very bottom
    assert list(game.deck[:4]) == list(reversed(room))

    game = crawl_decks.deal(crawl.Soltura, crawl.SURVIVAL, "RJ BJ 2S 3S")
    eyes = crawl_expert.Eyes()
    eyes.start(game)
    assert eyes.play(game, crawl.move(crawl.A_PREVIEW, 0)) == 0
    assert any(eyes.known)
    assert eyes.play(game, crawl.move(crawl.A_FLEE, [i for i in range(4) if game.room[i] == crawl.MISCHIEVOUS][0])) == 0
    assert not any(eyes.known)


@pytest.mark.parametrize("key,rules", [("ctd", ctd.ONESTRIKE), ("soltura", crawl.SURVIVAL), ("scoundrel", crawl.EQUAL)])
def test_the_expert_plays_legal_moves_to_the_end(key, rules):
    spec = GAMES[key]
    for seed in (1, 2):
        game, n = expert.play_game(spec, rules, seed, samples=3)  # raises on a refused move
        assert game.status != PLAYING and n == game.moves


def test_the_expert_wins_at_least_as_often_as_greedy_on_fixed_deals():
    spec = GAMES["ctd"]
    seeds = 10
    greedy = run_bot(spec, ctd.CLASSIC, spec.bots["greedy"], seeds, 0)["won"]
    won = sum(expert.play_game(spec, ctd.CLASSIC, s, samples=8)[0].status == WON for s in range(seeds))
    assert won >= greedy


def test_a_bad_command_line_is_one_line_and_exit_2(capsys):
    assert expert.main(["--game", "ctd", "--rules", "nope", "--games", "1"]) == 2
    assert expert.main(["--game", "ctd", "--samples", "0", "--games", "1"]) == 2
    assert expert.main(["--game", "ctd", "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 3 and "--rules for ctd must be one of" in err


def test_the_command_line_prints_both_bots_per_rule_set(capsys):
    assert expert.main(["--game", "soltura", "--games", "1", "--seed", "2", "--samples", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert [line.split()[0] for line in lines if line.startswith("  ")] == ["expert", "greedy"] * 2
    assert "soltura score" in out and "soltura survival" in out

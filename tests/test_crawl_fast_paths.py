"""What the crawl's fast paths (issue 13 item 5) rely on, and what they must
give: Avoid moves the deck up by block copies through room_start, which is
only right while the deck is zero above deck_n; it must put the room under the
deck in its order, whatever the room's size, and leave undo as it was."""

from engine import bots, notation, save_checks
from games.crawl import rules as crawl
from engine.game import PLAYING
from engine.rng import Rng
from tests.crawl_decks import deal, play


def _deck(g):
    return bytes(g.deck[: g.deck_n])


def _others(g):
    """The parts after the deck and the room: chain, pile, slain, escort."""
    return bytes(g.state[crawl._DECK + 4 : crawl._SAVED_AT])


def test_the_deck_is_zero_above_its_top_after_every_move_and_undo():
    for cls in (crawl.Scoundrel, crawl.Soltura):
        for rules in range(2):
            for seed in range(60):
                g = cls(rules).deal(seed)
                rng = Rng(seed)
                while g.status == PLAYING:
                    assert g.play(bots.random_bot(g, rng)) == 0
                    assert not any(g.deck[g.deck_n :]), (cls.__name__, rules, seed)
                    if g.can_undo() and rng.below(3) == 0:
                        g.undo()
                        assert not any(g.deck[g.deck_n :])


def test_avoid_puts_the_room_under_the_deck_in_its_order():
    g = deal(crawl.Scoundrel, crawl.EQUAL, top="5S 7D 3H KC 2S 9D")
    deck, room, others = _deck(g), bytes(g.room), _others(g)
    assert play(g, "avoid") == 0
    # the room under the deck, its last card at the bottom and its first above the
    # others (dealt first when they come round); then a new room
    assert _deck(g)[:4] == bytes(reversed(room))
    assert bytes(g.room) == bytes(reversed(deck[-4:]))
    assert _deck(g)[4:] == deck[:-4] and g.deck_n == len(deck)
    assert _others(g) == others
    assert not any(g.deck[g.deck_n :]) and g.avoided == 1 and not g.can_undo()


def test_a_short_untouched_room_goes_under_the_deck_whole():
    # Not dealt in play (an untouched room is full while the deck has cards), but
    # a state a save could hold: two cards go under, the deck two places up.
    g = deal(crawl.Scoundrel, crawl.EQUAL, top="5S 7D 3H KC")
    g.pile[0], g.pile[1] = g.room[1], g.room[2]
    g.pile_n = 2
    g.room[1] = g.room[2] = 0
    save_checks.check(g)  # a state a save could hold
    deck, others = _deck(g), _others(g)
    assert g.play(crawl.AVOID) == 0
    # KC (the room's last card) at the bottom, 5S above it, the old deck above
    # them less the four the new room took from its top
    assert _deck(g) == bytes((0x3D, 0x05)) + deck[:-4]
    assert not any(g.deck[g.deck_n :]) and _others(g) == others


def test_undo_after_an_avoided_room_is_unchanged():
    # room_start is Avoid's scratch: the first move of the next room snapshots
    # it anew, so undo there gives back the room as it was dealt.
    g = deal(crawl.Scoundrel, crawl.EQUAL, top="5S 7D 3H KC 2S 9D 4H 6C")
    assert play(g, "avoid") == 0
    dealt = bytes(g.state[: crawl._SAVED_AT])
    hp = g.hp
    slot = next(i for i in range(4) if crawl.kind(g.room[i]) == crawl.MONSTER)
    assert g.play(crawl.move(crawl.A_BARE, slot)) == 0 and g.hp < hp
    assert g.undo() != -1
    assert bytes(g.state[: crawl._SAVED_AT]) == dealt and g.hp == hp and g.avoided == 1


def test_avoid_with_one_card_left_in_the_deck():
    # The refill takes back the room just put under: near the deck's bottom.
    g = deal(crawl.Scoundrel, crawl.EQUAL, top="5S 7D 3H KC 2S")
    n = g.deck_n - 1  # all but the top card (2S) on the pile: a state a save can hold
    g.pile[:n] = g.deck[:n]
    g.pile_n = n
    g.deck[0] = g.deck[n]
    g.deck[1:] = bytes(crawl._DECK - 1)
    g.deck_n = 1
    save_checks.check(g)
    assert play(g, "avoid") == 0
    assert notation.names(g.room) == ["2S", "5S", "7D", "3H"] and _deck(g) == bytes((0x3D,))
    assert not any(g.deck[g.deck_n:])
    save_checks.check(g)

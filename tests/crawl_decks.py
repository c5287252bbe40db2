"""Fixed deck orders for Soltura and Scoundrel tests: name the cards on top of
the dungeon, and the rest follow in a fixed order behind them."""

from engine import notation
from games.crawl import rules as crawl
from tests import ctd_decks
from games.crawl import desk_notation as crawl_notation


def deal(game_class, rules=0, top=""):
    """A game whose dungeon starts, from the top, with the named cards (the
    first four are the first room); the other cards follow in a fixed order."""
    game = game_class(rules)
    named = list(notation.parse_list(top))
    rest = [c for c in game.every_card() if c not in named]
    return crawl_notation.deal_crawl(game, bytearray(named + rest))


def play(game, moves):
    """Play moves in notation; see tests/ctd_decks.py play."""
    return ctd_decks.play(game, moves, crawl_notation.parse_crawl_move)


def in_deal_order(game, order):
    """Play to the end resolving the room's cards in the order they were
    dealt: Jokers escorted, weapons equipped, potions drunk, monsters fought
    with the weapon where the chain allows, else barehanded."""
    at = {c: i for i, c in enumerate(order)}
    while game.status == crawl.PLAYING:
        slot = min((i for i in range(4) if game.room[i]), key=lambda i: at[game.room[i]])
        c = game.room[slot]
        k = crawl.kind(c)
        if k == crawl.JOKER:
            act = crawl.A_ESCORT
        elif k == crawl.MONSTER:
            act = crawl.A_WEAPON if game.can_strike(c) == 0 else crawl.A_BARE
        else:
            act = crawl.A_USE
        assert game.play(crawl.move(act, slot)) == 0
    return game

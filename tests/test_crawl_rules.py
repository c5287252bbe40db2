"""Soltura and Scoundrel rules, one test per rule and decision, on fixed deck
orders (tests/crawl_decks.py).  RULES.md states each decision tested here."""

import pytest

from engine import cards, notation, save_checks, saves
from games.crawl import rules as crawl
from games.crawl.rules import Scoundrel, Soltura
from engine.game import LOST, MAX_OPTIONS, NO_MOVE, PHASE_MOVE, PHASE_OVER, PLAYING, WON
from engine.rng import Rng
from engine import bots
from games.crawl import desk_bots as crawl_bots
from tests.crawl_decks import deal, in_deal_order, play
from games.crawl import desk_notation as crawl_notation

N = notation.parse


def names(buf, n=None):
    return [notation.name(c) if c else None for c in (buf if n is None else buf[:n])]


def events(game):
    return [tuple(game.events[3 * i : 3 * i + 3]) for i in range(game.n_events)]


# -- the dungeon ------------------------------------------------------------------------
def test_soltura_dungeon_is_46_cards_without_red_faces_or_red_aces():
    deck = Soltura.every_card()
    assert len(deck) == 46 and len(set(deck)) == 46
    text = set(notation.names(deck))
    for gone in ("AH", "JH", "QH", "KH", "AD", "JD", "QD", "KD"):
        assert gone not in text
    assert {"RJ", "BJ", "AS", "AC", "KS", "2H", "10H", "2D", "10D"} <= text
    assert sum(crawl.kind(c) == crawl.MONSTER for c in deck) == 26


def test_scoundrel_dungeon_is_44_cards_without_jokers():
    deck = Scoundrel.every_card()
    assert len(deck) == 44 and not any(cards.is_joker(c) for c in deck)


def test_deal_lays_a_room_of_four_from_the_top_and_starts_at_full_hp():
    g = deal(Soltura, top="5D 9S 3H KC 2S")
    assert names(g.room) == ["5D", "9S", "3H", "KC"]
    assert g.deck_n == 42 and notation.name(g.top()) == "2S"
    assert g.hp == 21 and Scoundrel().hp == 20
    assert Soltura(0).deal(9).room == Soltura(0).deal(9).room  # a seed is a deal


def test_monster_values_ace_is_14():
    g = deal(Soltura, top="AS 2C 3C 4C")
    assert play(g, "AS>b") == 0
    assert g.hp == 21 - 14 and (crawl.EV_HURT, 14, 7) in events(g)


# -- potions ----------------------------------------------------------------------------
def test_potion_heals_its_rank_never_above_max():
    g = deal(Soltura, top="9S 7H 2C 3C")
    assert play(g, "9S>b 7H") == 0
    assert g.hp == 21 - 9 + 7
    g = deal(Soltura, top="3S 7H 2C 3C")
    assert play(g, "3S>b 7H") == 0
    assert g.hp == 21  # 18 + 7 capped at 21


def test_second_potion_in_a_room_is_discarded_without_healing():
    g = deal(Soltura, top="KS 5H 6H 2C 9S 9C 10S")
    assert play(g, "KS>b 5H") == 0 and g.hp == 21 - 13 + 5
    assert g.potions == 1
    assert play(g, "6H") == 0
    assert g.hp == 13  # the third card resolved: the room refills and its count starts again
    assert (crawl.EV_DISCARD, N("6H"), 2) in events(g) and not any(e[0] == crawl.EV_HEAL for e in events(g))
    assert names(g.pile, g.pile_n) == ["5H", "6H"] and g.potions == 0


def test_potion_limit_is_per_room():
    # room 1: KS, 5H, 2C resolved, 6H bubbles up into room 2 and heals there
    g = deal(Soltura, top="KS 5H 2C 6H 9S 9C 10S")
    assert play(g, "KS>b 5H 2C>b") == 0
    assert g.potions == 0 and g.hp == 21 - 13 + 5 - 2
    assert play(g, "6H") == 0 and g.hp == 11 + 6


def test_benevolent_joker_heal_does_not_count_against_the_potion_limit():
    g = deal(Soltura, top="KS 5H RJ 2C")
    assert play(g, "KS>b 5H") == 0 and g.potions == 1
    assert play(g, "RJ>heal") == 0
    assert g.hp == 21 - 13 + 5 + 3 and (crawl.EV_HEAL, 3, 16) in events(g)


def test_joker_heal_is_refused_at_full_hp_and_capped_below_it():
    g = deal(Soltura, top="RJ 2S 3C 4C")
    assert play(g, "RJ>heal") == crawl_notation.CRAWL_R_HP_FULL
    g = deal(Soltura, top="RJ 2S 3C 4C")
    assert play(g, "2S>b RJ>heal") == 0 and g.hp == 21


# -- weapons and chaining -------------------------------------------------------------------
def test_weapon_takes_its_power_off_the_damage():
    g = deal(Soltura, top="5D 8S 3S 4C")
    assert play(g, "5D 8S>w") == 0
    assert g.hp == 21 - 3 and names(g.chain, g.chain_n) == ["8S"]
    assert play(g, "3S>w") == 0 and g.hp == 18  # never below 0 damage


def test_fighting_with_no_weapon_is_refused():
    g = deal(Soltura, top="8S 5D 3S 4C")
    assert play(g, "8S>w") == crawl_notation.CRAWL_R_NO_WEAPON


@pytest.mark.parametrize(
    "game_class,rules,equal_allowed",
    [(Soltura, crawl.SCORE, True), (Soltura, crawl.SURVIVAL, True), (Scoundrel, crawl.STRICT, False), (Scoundrel, crawl.EQUAL, True)],
)
def test_chaining_edge_of_equal_values_under_each_setting(game_class, rules, equal_allowed):
    g = deal(game_class, rules, top="9D 8S 8C 9C")
    assert play(g, "9D 8S>w") == 0
    assert g.check(crawl.move(crawl.A_WEAPON, 2)) == (0 if equal_allowed else crawl_notation.CRAWL_R_CHAIN)
    assert g.check(crawl.move(crawl.A_WEAPON, 3)) == crawl_notation.CRAWL_R_CHAIN  # higher: never
    assert g.check(crawl.move(crawl.A_BARE, 3)) == 0  # barehanded: always


def test_chain_refusal_says_which_setting():
    g = deal(Scoundrel, crawl.STRICT, top="9D 8S 8C 9C")
    play(g, "9D 8S>w")
    assert "strictly lower" in crawl_notation.crawl_reason(g, g.play(crawl.move(crawl.A_WEAPON, 2)))
    g = deal(Soltura, top="9D 8S 9C 2C")
    play(g, "9D 8S>w")
    assert "equal to or lower" in crawl_notation.crawl_reason(g, g.play(crawl.move(crawl.A_WEAPON, 2)))


def test_fresh_weapon_strikes_any_monster_and_old_one_goes_with_its_chain():
    g = deal(Soltura, top="9D 3S 7D KS 2C 2S")
    assert play(g, "9D 3S>w 7D") == 0
    assert notation.name(g.weapon) == "7D" and g.chain_n == 0
    assert names(g.pile, g.pile_n) == ["9D", "3S"]
    assert play(g, "KS>w") == 0 and g.hp == 21 - 6


def test_monster_that_kills_is_not_slain_and_the_game_is_lost():
    g = deal(Soltura, top="AS AC KS 2H")
    assert play(g, "AS>b") == 0
    assert play(g, "AC>b") == 0
    assert g.status == LOST and g.hp == 0
    assert "AC" in names(g.room) and g.slain_n == 1
    assert play(g, "KS>b") == crawl_notation.CRAWL_R_OVER


# -- rooms ------------------------------------------------------------------------------------
def test_bubble_up_keeps_the_fourth_card_and_deals_three_beside_it():
    g = deal(Soltura, top="2S 3S 4S 9C 5D 6H 7D 8C")
    assert play(g, "2S>b 3S>b") == 0 and g.room_size() == 2
    assert play(g, "4S>b") == 0
    assert names(g.room) == ["5D", "6H", "7D", "9C"]  # 9C stays in its place
    assert g.deck_n == 46 - 7 and (crawl.EV_DEAL, 3, 39) in events(g)


def test_a_room_must_resolve_three_cards():
    g = deal(Soltura, top="2S 3S 4S 9C")
    assert play(g, "2S>b 3S>b") == 0
    assert g.room_size() == 2 and g.deck_n == 42  # no refill yet


def test_undo_within_a_room_restores_everything_but_never_crosses_a_refill():
    g = deal(Soltura, top="5D 8S 6H 9C 2C 2S 3C")
    before = save_checks.census(g), g.hp, bytes(g.room)
    assert play(g, "5D 8S>w") == 0
    # undo says which move it took back: 5D from slot 0 is the move byte 0
    assert g.undo() == crawl.move(crawl.A_WEAPON, 1) and g.undo() == crawl.move(crawl.A_USE, 0) == 0
    assert (save_checks.census(g), g.hp, bytes(g.room)) == before and g.weapon == 0
    assert g.undo() == NO_MOVE
    assert play(g, "5D 8S>w 6H") == 0  # the refill
    assert not g.can_undo() and play(g, "u") == -1


def test_undo_of_a_potion_gives_back_its_heal_and_the_room_limit():
    g = deal(Soltura, top="KS 5H 6H 2C")
    play(g, "KS>b 5H")
    assert g.undo() == crawl.move(crawl.A_USE, 1) and g.hp == 8 and g.potions == 0 and g.room[1] == N("5H")


def test_victory_when_the_deck_is_empty_and_one_card_left():
    order = ("RJ BJ 2D 3D 4D 5D 6D 7D 8D 9D 10D AS AC KS KC QS QC JS JC 2H 3H 4H 5H 6H 7H 8H 9H "
             "10S 10C 9S 9C 8S 8C 7S 7C 6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 10H")
    g = deal(Soltura, top=order)
    in_deal_order(g, list(notation.parse_list(order)))
    assert g.status == WON and g.deck_n == 0 and names(g.room).count(None) == 3
    # damage 4+4+3+3+2+2+1+1 with the 10D; 2H, 4H, 7H each the first potion of a room
    assert g.hp == 14
    assert g.chain_n == 26 and g.bonus == 5 + 15 + 35 + 65 + 100
    hp, bare, chains, loot, escort, penalty = g.parts()
    assert (hp, bare, chains, loot, escort, penalty) == (14, 0, 220, 10 + 10, 28, 0)
    assert g.score() == 14 + 220 + 20 + 28


# -- chain milestones --------------------------------------------------------------------------
def test_chain_milestones_at_5_and_10_monsters():
    order = "10D 10S 10C 2H 9S 9C 8S 8C 7S 7C 6S 6C 5S"
    g = deal(Soltura, top=order)
    play(g, "10D 10S>w 10C>w 9S>w 9C>w")
    assert g.chain_n == 4 and g.bonus == 0
    assert play(g, "8S>w") == 0
    assert g.bonus == 5 and (crawl.EV_MILESTONE, 5, 5) in events(g)
    play(g, "8C>w 7S>w 7C>w 6S>w")
    assert g.chain_n == 9 and g.bonus == 5
    assert play(g, "6C>w") == 0 and g.bonus == 5 + 15
    assert g.score() == 20  # banked while playing: chains


def test_milestones_count_per_weapon():
    g = deal(Soltura, top="10D 10S 10C 2H 9S 9C 8S 9D 7S 7C")
    play(g, "10D 10S>w 10C>w 9S>w 9C>w 8S>w")
    assert g.bonus == 5
    play(g, "9D 7S>w")
    assert g.chain_n == 1 and g.bonus == 5


# -- Jokers -------------------------------------------------------------------------------------
def test_escort_leaves_the_room_and_counts_14_each_at_victory():
    g = deal(Soltura, top="RJ BJ 2S 3S")
    assert play(g, "RJ>escort BJ>escort") == 0
    assert names(g.escort) == ["RJ", "BJ"] and g.escorted() == 2
    assert g.undo() == crawl.move(crawl.A_ESCORT, 1) and g.escorted() == 1


def test_buff_weapon_adds_one_for_good_and_is_refused_with_no_weapon():
    g = deal(Soltura, top="RJ 5D 8S 2C")
    assert play(g, "RJ>buff") == crawl_notation.CRAWL_R_NO_WEAPON
    assert play(g, "5D RJ>buff") == 0 and g.power() == 6 and (crawl.EV_BUFF, 6, 0) in events(g)
    assert play(g, "8S>w") == 0 and g.hp == 21 - 2


def test_buff_goes_with_its_weapon():
    g = deal(Soltura, top="5D RJ 4D 2C")
    play(g, "5D RJ>buff 4D")
    assert g.power() == 4 and g.buff == 0


def test_each_joker_has_only_its_own_actions():
    g = deal(Soltura, top="RJ BJ 2S 3S")
    for bad in ("RJ>flee", "RJ>bet", "RJ>swap>2S", "BJ>buff", "BJ>heal", "BJ>preview"):
        assert play(g, bad) == crawl_notation.CRAWL_R_OTHER_JOKER, bad
    assert play(g, "2S>buff") == crawl_notation.CRAWL_R_NOT_JOKER
    assert play(g, "RJ>w") == crawl_notation.CRAWL_R_NOT_MONSTER and play(g, "RJ") == crawl_notation.CRAWL_R_NOT_ITEM


def test_preview_shows_the_top_three_and_cannot_be_undone():
    g = deal(Soltura, top="RJ 2S 3S 4S 9C 10C JC QC")
    assert play(g, "RJ>preview") == 0
    assert (crawl.EV_PREVIEW, 3, 0) in events(g)
    assert names([g.top(i) for i in range(3)]) == ["9C", "10C", "JC"]
    assert not g.can_undo()


def test_preview_is_refused_with_an_empty_deck():
    g = deal(Soltura, top="RJ")
    g.deck_n = 0  # as at the end of a dungeon
    assert g.check(crawl.move(crawl.A_PREVIEW, 0)) == crawl_notation.CRAWL_R_DECK_EMPTY


def test_flee_shuffles_the_room_back_costs_one_hp_and_deals_a_new_room():
    g = deal(Soltura, top="BJ KS KC AS 2C 3C 4C 5C")
    assert play(g, "BJ>flee") == 0
    assert g.hp == 20 and g.room_size() == 4 and g.deck_n == 46 - 1 - 4
    assert len(save_checks.census(g)) == 46 and notation.name(g.pile[0]) == "BJ"
    assert (crawl.EV_FLEE, 3, 0) in events(g) and not g.can_undo()
    again = deal(Soltura, top="BJ KS KC AS 2C 3C 4C 5C")
    play(again, "BJ>flee")
    assert bytes(again.deck) == bytes(g.deck)  # the shuffle is part of the deal


def test_flee_at_1_hp_is_death():
    g = deal(Soltura, top="KS 6S BJ 2C")
    play(g, "KS>b 6S>b")
    assert g.hp == 2
    g.hp = 1
    assert play(g, "BJ>flee") == 0 and g.status == LOST


def test_blind_bet_resolves_a_monster_with_the_weapon_when_the_chain_allows():
    g = deal(Soltura, top="7D BJ 2C 3C 9S")
    assert play(g, "7D BJ>bet") == 0
    assert (crawl.EV_BET, N("9S"), 0) in events(g)
    assert names(g.chain, g.chain_n) == ["9S"] and g.hp == 21 - 2
    assert not g.can_undo()


def test_blind_bet_fights_barehanded_when_the_chain_forbids():
    g = deal(Soltura, top="7D 5S BJ 3C 9S")
    play(g, "7D 5S>w")
    assert play(g, "BJ>bet") == 0
    assert g.chain_n == 1 and g.slain_n == 1 and g.hp == 21 - 9


def test_blind_bet_drinks_a_potion_and_a_drawn_joker_waits_in_the_room():
    g = deal(Soltura, top="KS BJ 2C 3C 5H")
    play(g, "KS>b BJ>bet")
    assert g.hp == 8 + 5 and g.potions == 1
    g = deal(Soltura, top="BJ 2C 3C 4C RJ")
    play(g, "BJ>bet")
    assert names(g.room)[0] == "RJ" and g.room_size() == 4


def test_swap_trades_a_room_monster_with_the_deck_top():
    g = deal(Soltura, top="BJ KS 2C 3C 4H")
    assert play(g, "BJ>swap>KS") == 0
    assert names(g.room) == [None, "4H", "2C", "3C"] and notation.name(g.top()) == "KS"
    assert (crawl.EV_SWAP, N("KS"), N("4H")) in events(g)
    g = deal(Soltura, top="BJ KS 2H 3C 4H")
    assert play(g, "BJ>swap>2H") == crawl_notation.CRAWL_R_NO_MONSTER


def test_jokers_are_refused_in_scoundrel_and_avoid_in_soltura():
    g = deal(Soltura, top="2S 3S 4S 5S")
    assert g.play(crawl.AVOID) == crawl_notation.CRAWL_R_NO_SUCH


def test_milestones_score_nothing_in_pure_survival():
    g = deal(Soltura, crawl.SURVIVAL, top="10D 10S 10C 2H 9S 9C 8S 8C 7S 7C 6S 6C 5S")
    assert not g.scores_chains() and Soltura(crawl.SCORE).scores_chains()
    play(g, "10D 10S>w 10C>w 9S>w 9C>w")
    assert play(g, "8S>w") == 0 and g.chain_n == 5
    assert g.bonus == 0 and not [e for e in events(g) if e[0] == crawl.EV_MILESTONE]
    assert g.score() == 0 and g.parts()[2] == 0


def test_scoundrel_chains_score_nothing():
    g = deal(Scoundrel, crawl.STRICT, top="10D 10S 9C 2H 8S 7C 6S 5C")
    assert not g.scores_chains() and not Scoundrel(crawl.EQUAL).scores_chains()
    play(g, "10D 10S>w 9C>w 8S>w 7C>w")
    assert play(g, "6S>w") == 0 and g.chain_n == 5 and g.hp == 20
    assert g.bonus == 0 and not [e for e in events(g) if e[0] == crawl.EV_MILESTONE]
    assert g.score() == 20


# -- what a card allows: options, only_move, phase, capabilities ----------------------------------
def options(g, place):
    """A place's options as (move text, reason) pairs."""
    out = bytearray(2 * MAX_OPTIONS)
    n = g.options(place, out)
    return [(crawl_notation.crawl_move_text(g, out[2 * i]), out[2 * i + 1]) for i in range(n)]


def only(g, place):
    return g.only_move(place, bytearray(2 * MAX_OPTIONS))


def test_a_potion_or_a_weapon_is_used_at_once():
    g = deal(Soltura, top="5H 7D 9S KC")
    assert options(g, 0) == [("5H", 0)] and options(g, 1) == [("7D", 0)]
    assert only(g, 0) == crawl.move(crawl.A_USE, 0) == 0  # the move byte 0 is a move
    assert only(g, 1) == crawl.move(crawl.A_USE, 1)


def test_a_monster_fights_with_the_weapon_or_barehanded():
    g = deal(Soltura, top="9S 7D 5S KC")
    assert options(g, 0) == [("9S>w", crawl_notation.CRAWL_R_NO_WEAPON), ("9S>b", 0)]
    assert only(g, 0) == crawl.move(crawl.A_BARE, 0)  # no weapon: barehanded at once
    play(g, "7D")
    assert options(g, 0) == [("9S>w", 0), ("9S>b", 0)] and only(g, 0) == NO_MOVE  # a choice: a menu
    play(g, "5S>w")
    assert options(g, 0) == [("9S>w", crawl_notation.CRAWL_R_CHAIN), ("9S>b", 0)]  # 9 > 5: the chain forbids
    assert only(g, 0) == crawl.move(crawl.A_BARE, 0)


def test_the_red_joker_offers_buff_heal_preview_and_escort_each_with_its_reason():
    g = deal(Soltura, top="RJ 2S 3S 4S")
    assert options(g, 0) == [("RJ>buff", crawl_notation.CRAWL_R_NO_WEAPON), ("RJ>heal", crawl_notation.CRAWL_R_HP_FULL),
                             ("RJ>preview", 0), ("RJ>escort", 0)]
    assert only(g, 0) == NO_MOVE
    g.deck_n = 0  # as at the end of a dungeon
    assert options(g, 0)[2] == ("RJ>preview", crawl_notation.CRAWL_R_DECK_EMPTY)


def test_the_black_joker_swaps_the_first_monster_of_the_room():
    g = deal(Soltura, top="2H BJ KS 3C 9S")
    assert options(g, 1) == [("BJ>flee", 0), ("BJ>bet", 0), ("BJ>swap>KS", 0), ("BJ>escort", 0)]
    out = bytearray(2 * MAX_OPTIONS)
    g.options(1, out)
    assert out[4] == crawl.move(crawl.A_SWAP, 1, 2)


def test_the_black_joker_with_no_monster_aims_its_swap_at_itself_refused():
    g = deal(Soltura, top="BJ 2H 3D 4H 9S")
    out = bytearray(2 * MAX_OPTIONS)
    assert g.options(0, out) == 4
    assert (out[4], out[5]) == (crawl.move(crawl.A_SWAP, 0, 0), crawl_notation.CRAWL_R_NO_MONSTER)
    assert g.play(out[4]) == crawl_notation.CRAWL_R_NO_MONSTER


def test_an_empty_slot_has_no_options_and_the_room_offers_avoid_in_scoundrel_only():
    g = deal(Soltura, top="5H 7D 9S KC")
    play(g, "5H")
    assert options(g, 0) == [] and only(g, 0) == NO_MOVE
    assert options(g, crawl.ROOM) == [] and not Soltura.CAN_AVOID and Soltura.JOKERS
    g = deal(Scoundrel, top="2S KS AS QC")
    assert Scoundrel.CAN_AVOID and not Scoundrel.JOKERS
    assert options(g, crawl.ROOM) == [("avoid", 0)] and only(g, crawl.ROOM) == crawl.AVOID
    play(g, "2S>b")
    assert options(g, crawl.ROOM) == [("avoid", crawl_notation.CRAWL_R_TOUCHED)] and only(g, crawl.ROOM) == NO_MOVE


def test_options_agree_with_check_and_legal_moves_over_whole_games():
    out = bytearray(2 * MAX_OPTIONS)
    for game_class, rules in ((Soltura, 0), (Scoundrel, 1)):
        g = game_class(rules).deal(8)
        rng = Rng(8)
        while g.status == PLAYING:
            assert g.phase() == PHASE_MOVE
            n = g.legal_moves()
            legal = set(g.legal[:n])
            offered = set()
            for place in range(5):
                for i in range(g.options(place, out)):
                    assert g.check(out[2 * i]) == out[2 * i + 1]
                    if out[2 * i + 1] == 0:
                        offered.add(out[2 * i])
            # every legal move is offered, but a Swap only at the room's first monster
            assert offered <= legal and {mv for mv in legal if mv >> 4 != crawl.A_SWAP} <= offered
            g.play(crawl_bots.random_bot(g, rng))
        assert g.phase() == PHASE_OVER
        reasons = [out[2 * i + 1] for place in range(4) for i in range(g.options(place, out))]
        assert reasons and set(reasons) == {crawl_notation.CRAWL_R_OVER}


# -- Scoundrel: avoiding rooms ------------------------------------------------------------------
def test_avoid_puts_the_room_under_the_deck_in_order():
    g = deal(Scoundrel, top="KS AS QC JC 2H 3H 4H 5H")
    assert g.play(crawl.AVOID) == 0
    assert names(g.room) == ["2H", "3H", "4H", "5H"]
    bottom_up = [notation.name(g.deck[i]) for i in range(4)]
    assert bottom_up == ["JC", "QC", "AS", "KS"]  # read from the top: KS AS QC JC, last
    assert g.deck_n == 40 and not g.can_undo()


def test_avoid_never_twice_in_a_row():
    g = deal(Scoundrel, top="KS AS QC JC 2H 3H 4H 5H 6S 7S 8S")
    g.play(crawl.AVOID)
    assert g.play(crawl.AVOID) == crawl_notation.CRAWL_R_AVOIDED
    play(g, "2H 3H 4H")  # a room played through
    assert g.play(crawl.AVOID) == 0


def test_avoid_only_before_a_card_is_touched():
    g = deal(Scoundrel, top="2S KS AS QC")
    play(g, "2S>b")
    assert g.play(crawl.AVOID) == crawl_notation.CRAWL_R_TOUCHED
    assert g.undo() == crawl.move(crawl.A_BARE, 0) and g.play(crawl.AVOID) == 0


def test_scoundrel_one_potion_a_room():
    g = deal(Scoundrel, top="KS 5H 6H 2C")
    play(g, "KS>b 5H 6H")
    assert g.hp == 20 - 13 + 5


# -- scoring --------------------------------------------------------------------------------------
def test_soltura_defeat_score_takes_away_the_monsters_left():
    g = deal(Soltura, top="AS AC KS 2H")
    play(g, "AS>b AC>b")
    hp, bare, chains, loot, escort, penalty = g.parts()
    assert (hp, bare, chains, loot, escort) == (0, 14, 0, 0, 0)
    assert penalty == 2 * (2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13 + 14) - 14
    assert g.score() == 14 - penalty


def test_pure_survival_has_no_score():
    g = deal(Soltura, crawl.SURVIVAL, top="AS AC KS 2H")
    play(g, "AS>b AC>b")
    assert g.status == LOST and g.score() == 0


def test_scoundrel_score_when_dead_is_minus_the_monsters_left():
    g = deal(Scoundrel, top="AS AC KS 2H")
    play(g, "AS>b AC>b")
    assert g.status == LOST and g.score() == -(208 - 14)


def test_scoundrel_victory_at_20_hp_with_a_potion_last_adds_the_potion():
    order = ("2D 3D 4D 5D 6D 7D 8D 9D 10D AS AC 2H KS KC 3H QS QC 4H JS JC 5H "
             "10S 10C 9S 9C 8S 8C 7S 7C 6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 6H 7H 8H 9H 10H")
    g = deal(Scoundrel, crawl.EQUAL, top=order)
    in_deal_order(g, list(notation.parse_list(order)))
    assert g.status == WON and g.hp == 20 and g.last_potion == 9
    assert g.score() == 20 + 9


def test_scoundrel_victory_below_20_is_the_hp():
    order = ("2D 3D 4D 5D 6D 7D 8D 9D 10D AS AC 2H KS KC 3H QS QC 4H JS JC 5H "
             "10S 10C 9S 9C 8S 8C 7S 7C 6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 6H 7H 8H 10H 9H")
    g = deal(Scoundrel, crawl.EQUAL, top=order)
    g.hp = 20
    in_deal_order(g, list(notation.parse_list(order)))
    assert g.status == WON and g.score() == g.hp + (g.last_potion if g.hp == 20 else 0)


# -- the contract: legal moves, conservation, undo, saves ------------------------------------------
GAMES = [(Soltura, 0), (Soltura, 1), (Scoundrel, 0), (Scoundrel, 1)]


@pytest.mark.parametrize("game_class,rules", GAMES)
def test_random_and_greedy_play_conserve_every_card(game_class, rules):
    for seed in range(60):
        g = game_class(rules).deal(seed)
        rng = Rng(seed)
        bot = crawl_bots.random_bot if seed % 2 else crawl_bots.greedy_bot
        while g.status == PLAYING:
            n = g.legal_moves()
            assert n > 0
            mv = bot(g, rng)
            assert g.play(mv) == 0
            every = save_checks.census(g)
            assert sorted(every) == sorted(g.every_card())
            assert 0 <= g.hp <= g.MAX_HP


def test_the_card_facts_the_crawl_keeps_are_engine_cards():
    # games/crawl/rules.py reads a card's suit and the Jokers without importing engine/cards.py
    assert (crawl._HEARTS, crawl._DIAMONDS, crawl._JOKER_RANK) == (cards.HEARTS, cards.DIAMONDS, cards.JOKER)
    assert (crawl.BENEVOLENT, crawl.MISCHIEVOUS) == (cards.RED_JOKER, cards.BLACK_JOKER)
    for game_class in (Soltura, Scoundrel):
        every = [c for c in cards.standard_deck(game_class.JOKERS)
                 if not ((c >> 4) & 3 in (cards.HEARTS, cards.DIAMONDS) and c & 0x0F in (1, 11, 12, 13))]
        assert list(game_class.every_card()) == every


@pytest.mark.parametrize("game_class,rules", GAMES)
def test_crawl_bots_choose_as_the_shared_bots_do(game_class, rules):
    for seed in range(10):
        g = game_class(rules).deal(seed)
        rng, shared_rng = Rng(seed), Rng(seed)
        while g.status == PLAYING:
            if seed % 2:
                mv = crawl_bots.random_bot(g, rng)
                assert mv == bots.random_bot(g, shared_rng)
            else:
                mv = crawl_bots.greedy_bot(g, rng)
                assert mv == bots.best_move(g, crawl_bots.rate_crawl)
            g.play(mv)


@pytest.mark.parametrize("game_class,rules", GAMES)
def test_every_illegal_move_changes_nothing_and_undo_redo_is_exact(game_class, rules):
    g = game_class(rules).deal(4)
    rng = Rng(4)
    buf = bytearray(256)
    while g.status == PLAYING:
        n = g.legal_moves()
        legal = set(g.legal[:n])
        saves.save(g, buf)
        for mv in range(256):
            if mv not in legal:
                assert g.play(mv) != 0
        again = bytearray(256)
        saves.save(g, again)
        assert again == buf
        mv = crawl_bots.random_bot(g, rng)
        g.play(mv)
        if g.can_undo():
            assert g.undo() == mv
            saves.save(g, again)
            assert again == buf
            assert g.play(mv) == 0


@pytest.mark.parametrize("game_class,rules", GAMES)
def test_save_and_load_round_trip_and_corruption_is_refused(game_class, rules):
    g = game_class(rules).deal(21)
    rng = Rng(21)
    for _ in range(10):
        if g.status == PLAYING:
            g.play(crawl_bots.greedy_bot(g, rng))
    buf = bytearray(256)
    n = saves.save(g, buf)
    assert n <= 256
    h = save_checks.load(game_class, buf, 2)
    again = bytearray(256)
    assert saves.save(h, again) == n and again == buf
    buf[20] ^= 1
    with pytest.raises(saves.SaveError, match="checksum"):
        save_checks.load(game_class, buf, 2)
    other = Scoundrel if game_class is Soltura else Soltura
    with pytest.raises(saves.SaveError, match="another game"):
        save_checks.load(other, again, 2)


def _slot(g, text):
    return list(g.room).index(notation.parse_list(text)[0])


def test_deadly_is_a_fight_whose_damage_is_the_hp_or_more_or_flee_at_1_hp():
    g = deal(Soltura, top="KS AC 8D 8C 7S BJ 2H 3C")
    assert play(g, "KS>b") == 0 and g.hp == 8
    ac, eight, weapon = _slot(g, "AC"), _slot(g, "8C"), _slot(g, "8D")
    assert g.deadly(crawl.move(crawl.A_BARE, ac))  # 14 against 8 HP
    assert g.deadly(crawl.move(crawl.A_BARE, eight))  # 8 against 8 HP: exactly the HP kills
    assert not g.deadly(crawl.move(crawl.A_USE, weapon))
    assert play(g, "8D") == 0
    assert not g.deadly(crawl.move(crawl.A_WEAPON, ac))  # 14 - 8 = 6 of 8 HP
    assert not g.deadly(crawl.move(crawl.A_WEAPON, eight))  # 0
    assert g.deadly(crawl.move(crawl.A_BARE, ac))
    # the engine agrees: what deadly() calls deadly kills
    saved = bytearray(256)
    n = saves.save(g, saved)
    assert g.play(crawl.move(crawl.A_BARE, eight)) == 0 and g.status == LOST and g.hp == 0
    g = save_checks.load(Soltura, saved[:n], 2)
    assert g.play(crawl.move(crawl.A_WEAPON, ac)) == 0 and g.status == PLAYING and g.hp == 2


def test_flee_is_deadly_only_at_1_hp():
    g = deal(Soltura, top="KS 7S BJ 2H")
    flee = crawl.move(crawl.A_FLEE, _slot(g, "BJ"))
    assert play(g, "KS>b") == 0 and g.hp == 8 and not g.deadly(flee)
    assert play(g, "7S>b") == 0 and g.hp == 1 and g.room_size() == 2
    assert g.deadly(flee) and not g.deadly(crawl.move(crawl.A_BET, _slot(g, "BJ")))  # a bet is a risk, not a certainty
    assert g.play(flee) == 0 and g.status == LOST

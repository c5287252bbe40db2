"""Clear the Dungeon: every rule decision of every rule set, on fixed deck orders
(see ../shared/rules-decisions.md and RULES.md)."""

import pytest

from engine import cards, notation, save_checks
from games.ctd import rules as ctd
from engine.game import LOST, MAX_OPTIONS, NO_MOVE, PHASE_MOVE, PHASE_OVER, PLAYING, WON
from tests.ctd_decks import deal, hand, perfect_classic, play, snapshot
from games.ctd import desk_notation as ctd_notation

ALL = (ctd.CLASSIC, ctd.RESERVE, ctd.ONESTRIKE)


# -- the layout ----------------------------------------------------------------
@pytest.mark.parametrize("rules,columns,depth", [(ctd.CLASSIC, 4, 3), (ctd.RESERVE, 3, 4), (ctd.ONESTRIKE, 4, 3)])
def test_dungeon_layout_top_card_face_up(rules, columns, depth):
    g = deal(rules, [["KH", "QS", "JD"]], "5H 6D 7C")
    assert (g.columns, g.depth) == (columns, depth)
    assert g.monsters[0] == notation.parse("KH")
    assert g.monsters[1] == notation.parse("QS") | cards.FACE_DOWN
    for col in range(columns):
        f = g.front(col)
        assert f == col * depth and not g.monsters[f] & cards.FACE_DOWN
        assert g.below(col) == depth - 1
    assert hand(g) == ["5H", "6D", "7C"]
    assert g.top == 3 and 42 - g.top == 39


@pytest.mark.parametrize("rules", ALL)
def test_power_deck_is_a_to_10_and_two_jokers(rules):
    g = ctd.Dungeon(rules).deal(12345)
    power = sorted(save_checks.census(g))
    monsters = [c for c in power if 11 <= c & 15 <= 13]
    assert len(monsters) == 12 and len(power) == 54
    deck = [c for c in power if c not in monsters]
    assert len(deck) == 42 and sum(1 for c in deck if cards.is_joker(c)) == 2


# -- power pair and trigger (shared) --------------------------------------------
@pytest.mark.parametrize("rules", ALL)
def test_pair_reaching_power_then_matching_trigger_kills(rules):
    g = deal(rules, [["KH", "QS"]], "6C 7D 2H")
    assert play(g, "6C>1 7D>1") == 0
    assert g.role(0) == 2
    assert play(g, "2H>1") == 0  # rank of the trigger is irrelevant
    assert g.kills == 1
    assert notation.name(g.monsters[g.front(0)]) == "QS"  # the next monster flipped up
    assert not g.monsters[g.front(0)] & cards.FACE_DOWN
    assert sorted(notation.names(g.gone, g.gone_n)) == sorted(["KH", "6C", "7D", "2H"])


@pytest.mark.parametrize("rules", ALL)
def test_first_card_that_cannot_reach_power_is_refused(rules):
    g = deal(rules, [["KH"], ["JS"]], "2C 3D AH")
    before = snapshot(g)
    assert play(g, "2C>1") == ctd_notation.CTD_R_WEAK  # 2 + 10 < 13
    assert snapshot(g) == before
    assert g.check(ctd_notation.parse_ctd_move(g, "3D>1")) == 0  # 3 + 10 = 13 can still reach a King
    assert g.check(ctd_notation.parse_ctd_move(g, "AH>2")) == 0  # 1 + 10 = 11 can still reach a Jack


@pytest.mark.parametrize("rules", ALL)
def test_pair_below_power_is_refused(rules):
    g = deal(rules, [["KH"]], "6C 6D 7S")
    assert play(g, "6C>1") == 0
    before = snapshot(g)
    assert play(g, "6D>1") == ctd_notation.CTD_R_PAIR  # 6 + 6 = 12 < 13
    assert snapshot(g) == before
    assert play(g, "7S>1") == 0  # 6 + 7 = 13


@pytest.mark.parametrize("rules", ALL)
def test_trigger_of_wrong_suit_is_refused(rules):
    g = deal(rules, [["QH"]], "6C 6D 7S")
    assert play(g, "6C>1 6D>1") == 0
    before = snapshot(g)
    assert play(g, "7S>1") == ctd_notation.CTD_R_SUIT
    assert snapshot(g) == before and g.kills == 0


@pytest.mark.parametrize("rules", ALL)
def test_joker_is_power_10_and_any_suit(rules):
    g = deal(rules, [["KH"], ["KS"]], "RJ 3C BJ")
    assert play(g, "RJ>1 3C>1") == 0  # 10 + 3 = 13
    assert play(g, "BJ>1") == 0  # a Joker triggers any suit
    assert g.kills == 1


@pytest.mark.parametrize("rules", ALL)
def test_joker_as_first_card_always_can_start(rules):
    g = deal(rules, [["KH"]], "BJ 2C 4S")
    assert g.check(ctd_notation.parse_ctd_move(g, "BJ>1")) == 0


@pytest.mark.parametrize("rules", ALL)
def test_role_is_set_by_placement_order(rules):
    # A heart placed first on the King of hearts is power, never the trigger.
    g = deal(rules, [["KH"]], "5H 8C 9D")
    assert play(g, "5H>1 8C>1") == 0
    assert g.role(0) == 2
    assert play(g, "9D>1") == ctd_notation.CTD_R_SUIT
    assert notation.names(g.attacks, 2) == ["5H", "8C"]


@pytest.mark.parametrize("rules", ALL)
def test_short_power_deck_draws_what_is_left(rules):
    # 42 power cards make 14 full hands, so this only happens to a deck that
    # was cut short; the engine still draws what is left.
    g = deal(rules, [], "")
    for i in range(40):
        g.deck[i] = 0
    g.top = 40
    g.hand[0] = g.hand[1] = g.hand[2] = 0
    g.n_events = 0
    g._draw()
    assert g.hand_size() == 2 and g.top == 42
    assert g.events[0:3] == bytes((ctd.EV_DRAW, 2, 0))


# -- win and score ---------------------------------------------------------------
def test_classic_perfect_game_scores_6():
    columns, power, moves = perfect_classic()
    g = deal(ctd.CLASSIC, columns, power)
    assert play(g, moves) == 0
    assert g.status == WON and g.kills == 12
    assert g.score() == 6 == 42 - g.top


def test_score_counts_only_the_power_deck_not_the_hand():
    # The last King gets its pair in one hand (the third card is discarded) and
    # dies to the first card of the next hand: two cards stay in the hand.
    columns, power, moves = perfect_classic()
    cards_ = power.split()
    a12, b12, t12 = cards_[33:36]
    power = " ".join(cards_[:33] + [a12, b12, "7S", t12, "7H", "7D"])
    moves = moves.split()
    last = moves[-1].split(">")[1]
    g = deal(ctd.CLASSIC, columns, power)
    assert play(g, " ".join(moves[:33] + ["%s>%s" % (a12, last), "%s>%s" % (b12, last), "7S>d", "%s>%s" % (t12, last)])) == 0
    assert g.status == WON and hand(g) == ["7H", "7D"]
    assert g.score() == 3 == 42 - g.top  # the two cards in hand do not count


def test_reserve_win_score_ignores_the_reserve_and_the_hand():
    columns = [["JS", "QS", "KS", "JH"], ["QH", "KH", "JD", "QD"], ["KD", "JC", "QC", "KC"]]
    pairs = [(a + s, b + s) for s in "SHDC" for a, b in (("10", "4"), ("9", "5"), ("8", "6"))]
    triggers = {s: ["A" + s, "2" + s, "3" + s] for s in "SHDC"}
    power, moves = [], []
    k = 0
    for col, monsters in enumerate(columns):
        for m in monsters:
            a, b = pairs[k]
            k += 1
            t = triggers[m[-1]].pop(0)
            if k < 12:
                power += [a, b, t]
                moves += ["%s>%d" % (a, col + 1), "%s>%d" % (b, col + 1), "%s>%d" % (t, col + 1)]
            else:  # the last: pair, a discard to the reserve, then the trigger first in a new hand
                power += [a, b, "7S", t, "7H", "7D"]
                moves += ["%s>%d" % (a, col + 1), "%s>%d" % (b, col + 1), "7S>d", "%s>%d" % (t, col + 1)]
    g = deal(ctd.RESERVE, columns, " ".join(power))
    assert play(g, " ".join(moves)) == 0
    assert g.status == WON and g.pile_n == 1 and hand(g) == ["7H", "7D"]
    assert g.score() == 3 == 42 - g.top


def test_win_is_final_no_more_moves_or_undo():
    columns, power, moves = perfect_classic()
    g = deal(ctd.CLASSIC, columns, power)
    play(g, moves)
    assert not g.can_undo() and g.undo() == NO_MOVE
    assert g.check(0 << 4 | 0) == ctd_notation.CTD_R_OVER
    assert g.legal_moves() == 0


# -- undo -----------------------------------------------------------------------
@pytest.mark.parametrize("rules", ALL)
def test_undo_within_the_hand_restores_exactly(rules):
    g = deal(rules, [["KH"]], "6C 7D 2S")
    start = snapshot(g)
    assert play(g, "6C>1 7D>1") == 0
    # undo says which move it took back: 6C>1 is hand slot 0 to column 0, the move byte 0
    assert g.undo() == (1 << 4 | 0) and g.undo() == (0 << 4 | 0)
    assert snapshot(g)[0] == start[0]
    assert g.undo() == NO_MOVE  # nothing before the draw


@pytest.mark.parametrize("rules", ALL)
def test_undo_never_crosses_a_draw(rules):
    g = deal(rules, [["KH"]], "6C 7D 2S 9H")
    play(g, "6C>1 7D>1 2S>d")  # the hand is spent: the next is drawn
    assert g.hand_size() == 3 and g.log_n == 0
    assert not g.can_undo() and g.undo() == NO_MOVE


@pytest.mark.parametrize("rules", ALL)
def test_undo_never_crosses_a_kill(rules):
    g = deal(rules, [["KH", "QS"]], "6C 7D 2H")
    play(g, "6C>1 7D>1 2H>1")
    assert g.kills == 1 and g.undo() == NO_MOVE


@pytest.mark.parametrize("rules", (ctd.CLASSIC, ctd.ONESTRIKE))
def test_undo_a_discard_takes_it_off_the_damage_pile(rules):
    g = deal(rules, [], "6C 7D 2S")
    play(g, "6C>d")
    assert g.damage() == 1
    assert g.undo() == (0 << 4 | ctd.TO_PILE) and g.damage() == 0 and "6C" in hand(g)


# -- Classic -----------------------------------------------------------------------
def test_classic_attacks_stay_across_hands():
    g = deal(ctd.CLASSIC, [["KH"]], "6C 2S 3S 7D 4C 5C 2H")
    play(g, "6C>1 2S>d 3S>d")
    assert notation.names(g.attacks, 1) == ["6C"]  # kept across the draw
    play(g, "7D>1 4C>d 5C>d")
    assert play(g, "2H>1") == 0 and g.kills == 1


def test_classic_several_monsters_in_one_hand():
    g = deal(ctd.CLASSIC, [["KH"], ["KS"], ["KD"]], "6C 7D 8S")
    assert play(g, "6C>1 7D>2 8S>3") == 0
    assert [g.role(c) for c in range(3)] == [1, 1, 1]


def test_classic_seven_damage_loses_at_once():
    g = deal(ctd.CLASSIC, [], "2C 2D 2S 2H 3C 3D 3S 3H")
    play(g, "2C>d 2D>d 2S>d 2H>d 3C>d 3D>d")
    assert g.status == PLAYING and g.damage() == 6
    assert play(g, "3S>d") == 0
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_DAMAGE and g.damage() == 7
    assert "3H" in hand(g)  # lost at once, mid-hand


def test_classic_loss_when_deck_and_hand_spent():
    # (Rare in play: 36 of the 42 cards must sit on monsters without killing
    # them all.  The last card of the last hand ends the game.)
    g = deal(ctd.CLASSIC, [], "")
    g.top = 42
    for i in range(42):
        g.deck[i] = 0
    g.hand[0] = notation.parse("5C")
    g.hand[1] = g.hand[2] = 0
    assert play(g, "5C>1") == 0
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_SPENT


# -- Reserve ---------------------------------------------------------------------
def test_reserve_discards_pile_up_without_a_cap():
    g = deal(ctd.RESERVE, [], "")
    for _ in range(3):
        for s in range(3):
            g.play(s << 4 | ctd.TO_PILE)
    assert g.status == PLAYING and g.pile_n == 9 and g.damage() == 0


def test_reserve_top_card_plays_as_if_in_hand():
    g = deal(ctd.RESERVE, [["KH"]], "7D 2S 3S 6C 4C 2H")
    play(g, "7D>d 2S>d 3S>d")  # reserve: 7D 2S 3S, top 3S
    assert notation.name(g.source_card(ctd.FROM_RESERVE)) == "3S"
    assert play(g, "6C>1") == 0
    assert play(g, "3S>1") == ctd_notation.CTD_R_PAIR  # 6 + 3 < 13; the top card is checked like any other
    assert play(g, "4C>d") == 0  # now 4C is the reserve's top
    assert notation.name(g.source_card(ctd.FROM_RESERVE)) == "4C"
    assert play(g, "2H>d") == 0  # a new hand is drawn
    g2 = deal(ctd.RESERVE, [["KH"]], "7D 2S 3S 6C 4C 2H")
    play(g2, "3S>d 2S>d 7D>d 6C>1")  # reserve top 7D
    assert play(g2, "7D>1") == 0  # 6 + 7 = 13 from the reserve
    assert notation.name(g2.source_card(ctd.FROM_RESERVE)) == "2S"  # the next top card


def test_reserve_card_cannot_be_discarded_again():
    g = deal(ctd.RESERVE, [], "7D 2S 3S")
    play(g, "7D>d")
    assert g.check(ctd.FROM_RESERVE << 4 | ctd.TO_PILE) == ctd_notation.CTD_R_IN_RESERVE


def test_reserve_undo_puts_the_card_back_on_the_reserve():
    g = deal(ctd.RESERVE, [["KH"]], "7D 2S 6C")
    play(g, "7D>d 6C>1 7D>1")
    assert g.pile_n == 0
    assert g.undo() == (ctd.FROM_RESERVE << 4 | 0) and notation.name(g.source_card(ctd.FROM_RESERVE)) == "7D"


def _spent_reserve(reserve, hand_cards=()):
    """A Reserve game near its end: deck spent, only column 1 (KH) left."""
    g = deal(ctd.RESERVE, [["KH"]], "")
    g.top = 42
    for i in range(42):
        g.deck[i] = 0
        g.pile[i] = 0
    for i in range(4, 12):  # columns 2 and 3 slain
        g.gone[g.gone_n] = g.monsters[i] & 0x7F
        g.gone_n += 1
        g.monsters[i] = 0
    g.kills = 8
    g.hand[0] = g.hand[1] = g.hand[2] = 0
    for i, n in enumerate(hand_cards):
        g.hand[i] = notation.parse(n)
    for i, n in enumerate(reserve):
        g.pile[i] = notation.parse(n)
    g.pile_n = len(reserve)
    return g


def test_reserve_plays_on_from_the_reserve_after_the_deck_is_spent():
    g = _spent_reserve(["8D", "2H", "7C"], ["6C"])
    assert play(g, "6C>1") == 0
    assert g.status == PLAYING  # deck and hand spent, but the reserve's 7C can be played
    assert play(g, "7C>1") == 0 and g.status == PLAYING  # then its 2H
    assert play(g, "2H>1") == 0 and g.kills == 9
    assert g.status == PLAYING  # 8D can start on the monster that flipped up
    g = _spent_reserve(["2H", "8D", "7C"], ["6C"])
    play(g, "6C>1 7C>1")
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_STUCK  # 8D cannot trigger KH


def test_reserve_loses_when_spent_and_no_legal_play_is_left():
    g = _spent_reserve(["2H", "8D", "5C"], ["6C"])
    assert play(g, "6C>1") == 0  # the reserve's 5C: 6 + 5 = 11 < 13
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_STUCK


# -- One Strike ------------------------------------------------------------------
def test_onestrike_one_monster_per_hand():
    g = deal(ctd.ONESTRIKE, [["KH"], ["KS"]], "6C 7D 2H")
    assert play(g, "6C>1") == 0
    before = snapshot(g)
    assert play(g, "7D>2") == ctd_notation.CTD_R_ONE_MONSTER
    assert snapshot(g) == before
    assert play(g, "7D>1 2H>1") == 0 and g.kills == 1


def test_onestrike_failed_attack_goes_to_the_damage_pile():
    g = deal(ctd.ONESTRIKE, [["KH"]], "6C 7D 2S 5H 5D 5S")
    play(g, "6C>1 7D>1 2S>d")  # no heart: the hand kills nothing
    assert g.role(0) == 0 and sum(g.attacks) == 0  # attacks never carry over
    assert g.damage() == 3 and sorted(notation.names(g.pile, 3)) == ["2S", "6C", "7D"]
    assert hand(g) == ["5H", "5D", "5S"]


def test_onestrike_too_few_cards_left_is_refused():
    g = deal(ctd.ONESTRIKE, [["KH"]], "6C 7D 2H")
    play(g, "2H>d")
    assert play(g, "6C>1") == ctd_notation.CTD_R_TOO_FEW  # 7D alone cannot make pair and trigger


def test_onestrike_seven_damage_loses():
    g = deal(ctd.ONESTRIKE, [["KH"]], "6C 7D 2S 8C 5D 3S 4C")
    play(g, "6C>1 7D>1 2S>d")  # 3 damage
    play(g, "8C>d 5D>d 3S>d")  # 6 damage
    assert g.status == PLAYING
    play(g, "4C>d")
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_DAMAGE


def test_onestrike_failed_attacks_count_toward_the_seven():
    # Two hands that kill nothing put 6 cards on the damage pile; the third
    # hand's first card to reach the pile loses.
    g = deal(ctd.ONESTRIKE, [["KH"]], "6C 7D 2C 6S 7S 2D 6D 8C 4S")
    play(g, "6C>1 7D>1 2C>d 6S>1 7S>1 2D>d")
    assert g.damage() == 6 and g.status == PLAYING
    play(g, "6D>1 8C>1 4S>d")
    assert g.status == LOST and g.loss == ctd_notation.CTD_LOSS_DAMAGE and g.damage() == 7


# -- what a card allows: options, only_move, phase ----------------------------------
def options(g, source):
    """A source's options as (move text, reason) pairs."""
    out = bytearray(2 * MAX_OPTIONS)
    n = g.options(source, out)
    return [(ctd_notation.ctd_move_text(g, out[2 * i]), out[2 * i + 1]) for i in range(n)]


def test_a_hand_card_offers_each_column_then_the_pile_each_with_its_reason():
    g = deal(ctd.CLASSIC, [["KH"], ["JS"], ["QD"], ["KC"]], "2C 3D AH")
    assert options(g, 0) == [("2C>1", ctd_notation.CTD_R_WEAK), ("2C>2", 0), ("2C>3", 0), ("2C>4", ctd_notation.CTD_R_WEAK),
                             ("2C>d", 0)]
    out = bytearray(2 * MAX_OPTIONS)
    assert g.options(0, out) == 5 and out[0] == 0 << 4 | 0 and out[8] == 0 << 4 | ctd.TO_PILE
    assert g.only_move(0, out) == NO_MOVE  # three legal: the player chooses
    play(g, "2C>2")
    assert options(g, 1)[1] == ("3D>2", ctd_notation.CTD_R_PAIR)  # 2 + 3 < 11
    assert [why for _, why in options(g, 0)] == [ctd_notation.CTD_R_NO_CARD] * 5  # the slot is empty


def test_only_move_is_the_one_legal_option():
    g = deal(ctd.CLASSIC, [["KH"], ["KS"], ["KD"], ["KC"]], "2C 3D AH")
    assert [why for _, why in options(g, 0)][:4] == [ctd_notation.CTD_R_WEAK] * 4
    assert g.only_move(0, bytearray(2 * MAX_OPTIONS)) == 0 << 4 | ctd.TO_PILE


def test_reserve_top_card_offers_the_three_columns_and_not_the_pile():
    g = deal(ctd.RESERVE, [["KH"]], "7D 2S 6C")
    play(g, "7D>d")
    assert options(g, ctd.FROM_RESERVE)[0] == ("7D>1", 0)
    assert len(options(g, ctd.FROM_RESERVE)) == 4  # three columns, then the pile
    assert options(g, ctd.FROM_RESERVE)[3] == ("7D>d", ctd_notation.CTD_R_IN_RESERVE)


def test_a_cleared_column_and_one_strike_say_why():
    g = deal(ctd.ONESTRIKE, [["JH"], ["JS"]], "6C 7D 2H")
    play(g, "6C>1")
    assert options(g, 1)[:2] == [("7D>1", 0), ("7D>2", ctd_notation.CTD_R_ONE_MONSTER)]
    g = deal(ctd.CLASSIC, [], "6C 7D 2H")
    for i in range(g.depth):
        g.monsters[i] = 0  # the first column cleared, as after its three kills
    assert options(g, 0)[0] == ("6C>1", ctd_notation.CTD_R_CLEARED)


def test_phase_is_over_once_the_game_is_won_and_every_option_says_so():
    columns, power, moves = perfect_classic()
    g = deal(ctd.CLASSIC, columns, power)
    assert g.phase() == PHASE_MOVE
    play(g, moves)
    assert g.status == WON and g.phase() == PHASE_OVER
    assert {why for _, why in options(g, 0)} == {ctd_notation.CTD_R_OVER}


# -- events ----------------------------------------------------------------------
def events(g):
    return [tuple(g.events[i * 3 : i * 3 + 3]) for i in range(g.n_events)]


def test_events_report_every_change_of_a_kill():
    g = deal(ctd.CLASSIC, [["KH", "QS"]], "6C 7D 2H 9S 9D 9C")
    play(g, "6C>1 7D>1")
    play(g, "2H>1")
    kh, qs, h2 = notation.parse("KH"), notation.parse("QS"), notation.parse("2H")
    assert events(g) == [
        (ctd.EV_PLACE, h2, 0 << 2 | 2),
        (ctd.EV_KILL, kh, 0),
        (ctd.EV_REVEAL, qs, 0),
        (ctd.EV_DRAW, 3, 36),
    ]


def test_events_report_the_loss():
    g = deal(ctd.CLASSIC, [], "2C 2D 2S 2H 3C 3D 3S")
    play(g, "2C>d 2D>d 2S>d 2H>d 3C>d 3D>d 3S>d")
    assert events(g)[-1] == (ctd.EV_LOST, ctd_notation.CTD_LOSS_DAMAGE, 0)

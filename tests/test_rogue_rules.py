"""Rogue Solitaire rules, one test per rule and decision of
shared/rogue-rules.md (its section 7), on hand-built tables
(tests/rogue_decks.py).  Places count 1-9 in the tests, as in the rules;
the engine's move bytes count 0-8.  RULES.md words each decision."""

import pytest

from engine import cards, saves
from games.rogue import rules as rogue
from games.rogue import desk_bots as rogue_bots
from engine.game import LOST, NO_SEED, PHASE_OVER, PLAYING, WON
from engine.rng import SEED_MAX, Rng
from games.rogue import desk_notation as rn
from games.rogue.rules import Rogue
from games.rogue.achievements import achievements
from tests.rogue_decks import (N, census_ok, clear, deal, events, grid, hand, kinds, names, pile, put, table,
                               take_out, top)

# The lines of a winning table: every outer card matches the exit card at its place.
PLAYER_AT_EXIT = "AS 2H 3D 4C BJ 6S 7H 8D 9C"
EXIT_LINED_UP = "10S 10H 10D 10C 6D 7C 8S 9H"


def sw(a, b):
    return rn.swap(a - 1, b - 1)


def atk(p):
    return rn.attack(p - 1)


def flip(p):
    return rn.flip(p - 1)


def take(p):
    return rn.take(p - 1)


def onto(i, p):
    return rn.from_hand(i, p - 1)


def image(g):
    """The whole state, its ints included, as a save holds it."""
    buf = bytearray(256)
    return bytes(buf[:saves.save(g, buf)])


def ok(g, *moves):
    for mv in moves:
        why = g.play(mv)
        assert why == 0, "move %d refused: %d" % (mv, why)
    assert census_ok(g)
    return g


def fight(monster, player="5S 6S 7S 8S 9S 10S JS QS KS", **kw):
    """A table with these grids (words of tests/rogue_decks.grid)."""
    g = deal(**kw)
    grid(g, "player", player)
    grid(g, "monster", monster)
    return g


# -- the cards -------------------------------------------------------------------------
def test_the_engine_reads_cards_as_cards_py_encodes_them():
    assert rogue._BJ == cards.BLACK_JOKER and rogue._RJ == cards.RED_JOKER and rogue._DOWN == cards.FACE_DOWN
    assert (rogue._HEARTS, rogue._DIAMONDS, rogue._CLUBS) == (cards.HEARTS, cards.DIAMONDS, cards.CLUBS)


def test_the_engine_and_its_bots_read_game_py_and_rng_py_as_they_are():
    # their private copies of engine/game.py's and engine/rng.py's constants (a name imported costs a global)
    assert (rogue._PLAYING, rogue._WON, rogue._LOST, rogue._PHASE_OVER) == (PLAYING, WON, LOST, PHASE_OVER)
    assert rogue._SEED_MAX == SEED_MAX and rogue_bots._PLAYING == PLAYING
    from games.rogue import achievements as ra  # the achievements' copies

    assert (ra._QUICK, ra._WON, ra._STARVED) == (rogue.QUICK, WON, rogue.STARVED)
    assert (ra._KEY_SEEN, ra._EXIT_SEEN, ra._FLAGS) == (rogue._KEY_SEEN, rogue._EXIT_SEEN, rogue._FLAGS)
    from games.rogue import checks as sc  # the save checks' copies

    assert (sc._ROGUE_AT, sc._ROGUE_STAGE, sc._ROGUE_FLAGS) == (rogue._AT, rogue._STAGE, rogue._FLAGS)


def test_the_ints_kept_in_the_state_are_the_bytes_snapshot_gives_their_names():
    # SAVED's "" places hold turn_lo, turn_hi, shuffles, at, stage and flags in the state
    # itself: their offsets are those of their places in the SAVED bytes after the parts.
    g = Rogue(rogue.QUICK)
    tail = len(g.state) - len(Rogue.SAVED)
    assert tail == sum(len(getattr(g, k)) for k in Rogue.CARD_PARTS) == 157
    names = ("hand_n", "deck_n", "pile_n", "buffet_n", "floor", "turn_lo", "turn_hi", "shuffles", "end", "step",
             "at", "stage", "flags")  # the save's byte order (engine/saves.py), unchanged
    for k, name in enumerate(names):
        assert Rogue.SAVED[k] in (name, "")
        if Rogue.SAVED[k] == "":
            assert getattr(rogue, "_" + name.upper()) == tail + k
    assert [k for k in Rogue.SAVED if k] == ["hand_n", "deck_n", "pile_n", "buffet_n", "floor", "end", "step"]
    assert len(g.__dict__) == 23  # one attribute table of 23 slots: see games/rogue/rules.py's Memory
    for name in ("PHASE_DISCARD", "PHASE_PLAY", "PHASE_ATTACK", "PHASE_HEAL", "PHASE_CLUB", "PHASE_STEAL", "FLIP", "TAKE",
                 "SKIP", "FROM_HAND", "ATTACK"):  # the bots' copies of the engine's
        assert getattr(rogue_bots, "_" + name) == getattr(rogue, name), name


# -- setup (S1-S6, RNG1) ---------------------------------------------------------------
def test_deal_lays_the_table_from_shuffle_0_and_1_of_the_seed():
    seed = 7
    g = Rogue(rogue.QUICK).deal(seed)
    order = cards.standard_deck(False)
    Rng(seed & SEED_MAX).shuffle(order)  # S1: shuffle #0 of the 52 cards
    top_down = list(reversed(order))
    assert list(g.player) == top_down[:9]  # S2: places 1-9 from the top
    assert [g.exit[i] for i in (0, 1, 2, 3, 5, 6, 7, 8)] == top_down[9:17] and g.exit[4] == cards.RED_JOKER  # S3
    rest = bytearray(order[:35]) + bytes([cards.BLACK_JOKER])  # S4: BJ in with the 35 left, shuffle #1
    Rng((seed ^ 40503) & SEED_MAX).shuffle(rest)
    assert list(g.monster) == [c | cards.FACE_DOWN for c in reversed(rest[27:])]  # S5: face down
    assert list(g.deck[:g.deck_n]) == list(rest[:27])
    assert (g.hand_n, g.pile_n, g.buffet_n, g.floor, g.turn, g.state[rogue._SHUFFLES]) == (0, 0, 0, 1, 1, 2)  # S6
    assert g.phase() == rogue.PHASE_PLAY and g.status == PLAYING and g.seed == seed and census_ok(g)
    assert Rogue(0).deal(seed).state == g.state and Rogue(0).deal(seed + 1).state != g.state


def test_a_given_deal_lays_the_table_as_listed():
    g = deal(player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP, monster="2S 3S 4S 5S 6H 7S 8H 9S 5H", deck="KH QH")
    assert names(g.player) == PLAYER_AT_EXIT.split()
    assert names(g.exit) == "10S 10H 10D 10C RJ 6D 7C 8S 9H".split()
    assert names(g.monster) == ["~" + w for w in "2S 3S 4S 5S 6H 7S 8H 9S 5H".split()]
    assert names(g.deck, g.deck_n)[-2:] == ["QH", "KH"] and g.deck_n == 27  # KH on top
    assert g.seed == NO_SEED and g.state[rogue._SHUFFLES] == 2 and g.phase() == rogue.PHASE_PLAY and census_ok(g)
    order = table()
    order[13], order[14] = order[14], order[13]
    with pytest.raises(ValueError):  # the notation checks a given deal (set_up takes it as it comes)
        rn.deal(Rogue(), order)
    with pytest.raises(ValueError):
        rn.deal(Rogue(), table()[:53])
    with pytest.raises(ValueError):
        Rogue().deal(SEED_MAX + 1)


# -- the turn: discard (T1), play (P1-P7), undo (U1) -----------------------------------------
def test_discard_down_to_five_by_choice_one_card_a_move_and_undo_within_discard():
    g = deal()
    hand(g, "2D 3D 4D 5D 6D 7D 8D")
    assert g.phase() == rogue.PHASE_DISCARD and g.legal_moves() == 7
    assert g.check(rogue.SKIP) == rogue.R_NOT_NOW and g.check(7) == rogue.R_EMPTY and g.check(0xFF) == rogue._R_NO_SUCH
    ok(g, 2)
    assert names(g.hand, g.hand_n) == "2D 3D 5D 6D 7D 8D".split() and g.phase() == rogue.PHASE_DISCARD
    assert events(g) == [(rogue._EV_DISCARD, N("4D"), 1)] and names(g.pile, g.pile_n) == ["4D"]
    ok(g, 5)
    assert names(g.hand, g.hand_n) == "2D 3D 5D 6D 7D".split() and g.phase() == rogue.PHASE_PLAY
    assert g.undo() == 5 and g.phase() == rogue.PHASE_DISCARD
    assert g.undo() == 2 and names(g.hand, g.hand_n) == "2D 3D 4D 5D 6D 7D 8D".split() and g.pile_n == 0
    assert not g.can_undo()


def test_swap_any_two_cards_centre_included_each_keeping_its_facing():
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    put(g, "player", 2, "2S", down=True)
    before = image(g)
    ok(g, sw(1, 5))
    assert names(g.player)[:5] == ["BJ", "~2S", "3S", "4S", "AS"] and g.phase() == rogue.PHASE_ATTACK
    assert g.undo() == sw(1, 5) and image(g) == before and g.phase() == rogue.PHASE_PLAY
    ok(g, sw(2, 9))
    assert names(g.player)[1] == "9S" and names(g.player)[8] == "~2S"


def test_move_a_card_to_an_empty_place():
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    clear(g, "player", [2])
    before = image(g)
    ok(g, sw(3, 2))
    assert names(g.player)[:3] == ["AS", "3S", "--"]
    assert g.undo() == sw(3, 2) and image(g) == before


def test_a_play_that_would_empty_a_row_or_column_is_refused_naming_it():
    g = deal()
    grid(g, "player", "AS - - 4S BJ 6S 7S 8S 9S")
    before = image(g)
    assert g.check(take(1)) == rogue.R_ROW + 1
    assert g.check(sw(1, 2)) == 0 and g.check(sw(1, 3)) == 0  # row 1 keeps a card
    assert g.play(take(1)) == rogue.R_ROW + 1 and image(g) == before
    grid(g, "player", "AS 2S 3S - BJ 6S - 8S 9S")
    assert g.check(take(1)) == rogue.R_COL + 1 and g.check(sw(1, 4)) == 0 and g.check(sw(1, 7)) == 0
    grid(g, "player", "AS 2S 3S 4S BJ 6S - 8S -")
    assert g.check(take(8)) == rogue.R_ROW + 3 and g.check(sw(8, 7)) == 0 and g.check(sw(8, 9)) == 0
    out = bytearray(8)
    assert g.options(7, out) == 4 and (out[4], out[5]) == (take(8), rogue.R_ROW + 3)
    grid(g, "player", "AS 2S 3S 4S BJ - 7S 8S -")
    assert g.check(take(2)) == 0 and g.check(take(5)) == 0 and g.check(take(8)) == 0
    grid(g, "player", "AS - - 4S - - 7S 8S 9S")
    assert g.check(take(4)) == rogue.R_ROW + 2 and g.check(sw(4, 5)) == 0 and g.check(sw(4, 2)) == rogue.R_ROW + 2


def test_flip_and_taking_a_face_down_card_reveal_it_and_undo_stops_there():
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    put(g, "player", 2, "2S", down=True)
    put(g, "player", 3, "3S", down=True)
    assert g.check(flip(1)) == rogue._R_FACE_UP
    ok(g, flip(2))
    assert names(g.player)[1] == "2S" and not g.can_undo()
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    put(g, "player", 3, "3S", down=True)
    ok(g, take(3))
    assert names(g.hand, g.hand_n) == ["3S"] and g.player[2] == 0 and not g.can_undo()
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    before = image(g)
    ok(g, take(1))  # face up: nothing is revealed, so it can be undone
    assert names(g.hand, g.hand_n) == ["AS"] and g.undo() == take(1) and image(g) == before


def test_a_hand_card_swaps_in_place_or_is_placed_and_a_face_down_board_card_is_revealed():
    g = deal(player="AS 2S 3S 4S BJ 6S 7S 8S 9S")
    hand(g, "KH QH")
    put(g, "player", 2, "2S", down=True)
    before = image(g)
    ok(g, onto(1, 1))  # P4: QH onto AS, AS into QH's place in the hand
    assert names(g.player)[0] == "QH" and names(g.hand, g.hand_n) == ["KH", "AS"]
    assert g.undo() == onto(1, 1) and image(g) == before
    clear(g, "player", [3])
    before = image(g)
    ok(g, onto(0, 3))  # P5
    assert names(g.player)[2] == "KH" and names(g.hand, g.hand_n) == ["QH"]
    assert g.undo() == onto(0, 3) and image(g) == before
    ok(g, onto(0, 2))  # P4 onto a face-down card: it is revealed, no undo
    assert names(g.player)[1] == "KH" and names(g.hand, g.hand_n) == ["2S", "QH"] and not g.can_undo()


def test_skip_and_undo_back_to_the_turns_start_but_never_past_the_attack():
    g = deal()
    hand(g, "2D 3D 4D 5D 6D 7D")
    before = image(g)
    ok(g, 0, sw(1, 2))
    assert g.undo() == sw(1, 2) and g.undo() == 0 and image(g) == before and not g.can_undo()
    ok(g, 0, rogue.SKIP)
    assert g.phase() == rogue.PHASE_ATTACK and g.check(sw(1, 2)) == rogue.R_NOT_NOW and g.can_undo()
    ok(g, atk(1))
    assert not g.can_undo() and g.undo() == -1


# -- the exit (E1-E4, T3) ---------------------------------------------------------------
def test_escape_needs_the_key_in_the_centre_and_every_outer_card_matching():
    g = deal(player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP)
    assert g.at_exit() and all(g.matches(p) for p in range(9) if p != 4)
    ok(g, rogue.SKIP)
    assert g.status == WON and g.end == rogue.ESCAPED and g.phase() == PHASE_OVER
    assert kinds(g) == [rogue._EV_ESCAPED] and achievements(g, 0) == 1 and g.score() == 1
    g = deal(player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP)
    ok(g, atk(1))  # an attack given in PLAY skips it: T3 comes first
    assert g.status == WON and rogue._EV_ATTACK not in kinds(g)


def test_a_face_down_card_or_the_key_off_the_centre_blocks_the_escape():
    g = deal(player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP)
    put(g, "player", 3, "3D", down=True)
    assert not g.matches(2) and not g.at_exit()
    ok(g, rogue.SKIP)
    assert g.status == PLAYING and g.phase() == rogue.PHASE_ATTACK
    g = deal(player="BJ 2H 3D 4C AS 6S 7H 8D 9C", exit=EXIT_LINED_UP)  # BJ is a spade, but never matches
    assert not g.matches(0) and not g.at_exit()
    ok(g, sw(1, 5))  # the key to the centre, AS onto 10S: out at once
    assert g.status == WON


def test_an_exit_lined_up_by_a_warp_is_taken_at_the_next_T3():
    g = fight("~QH ~2C ~3C ~5C KS ~6C ~8C ~AC -", player="5D 2H 3D 4C BJ 6S 7H 8D 9C", exit=EXIT_LINED_UP)
    hand(g, "AH")
    ok(g, atk(1))  # QH is revealed, beats 5D: a special; KS's is the warp
    assert (rogue._EV_SPECIAL, cards.SPADES, 0) in events(g) and (rogue._EV_WARP, 0, N("QH")) in events(g)
    assert names(g.exit)[0] == "QH" and names(g.monster)[0] == "10S" and rogue._EV_REPLY not in kinds(g)
    assert g.status == PLAYING and g.phase() == rogue.PHASE_PLAY and g.turn == 2
    ok(g, onto(0, 1))  # AH matches the warped QH; the old 10S it would not
    assert g.status == WON


# -- the attack (A1-A5) and the duel (D1-D4) ---------------------------------------------------
def test_the_attack_faces_the_same_place_when_any_place_does():
    g = fight("- ~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C")
    assert g.check(atk(1)) == rogue._R_NOT_FACING and g.check(atk(5)) == rogue._R_CENTRE
    assert g.check(rogue.ATTACK + 9) == rogue._R_NO_SUCH
    assert [g.legal[i] - rogue.ATTACK for i in range(g.legal_moves()) if g.legal[i] >= rogue.ATTACK] == [1, 2, 3, 5, 6, 7, 8]
    assert g.preview(1) & 15 == 1
    ok(g, atk(2))
    assert events(g)[0] == (rogue._EV_ATTACK, 1, 1) and events(g)[1] == (rogue._EV_BEAT, N("6S"), N("2C"))


def test_with_no_facing_card_the_attack_falls_back_counter_clockwise_and_the_reply_faces_p():
    g = fight("~2C - - - ~3C - - - ~4C", player="- 5S 6S 7S BJ 8S 9S 10S -")
    assert all(g.check(atk(p)) == 0 for p in (2, 3, 4, 6, 7, 8))
    assert g.check(atk(1)) == rogue.R_EMPTY
    assert g.preview(3) == 8 | 15 << 4 | 15 << 8  # from 4: 4, 7, 8, 9; no reply from 6
    assert g.preview(1) & 15 == 0  # from 2: 2, 1
    assert g.preview(5) & 15 == 0  # from 6: 6, 3, 2, 1
    ok(g, atk(4))
    assert events(g)[:2] == [(rogue._EV_ATTACK, 3, 8), (rogue._EV_BEAT, N("7S"), N("4C"))]
    assert rogue._EV_REPLY not in kinds(g)  # from 6 (opposite of p = 4): empty; not from 1 (opposite of t)


def test_a_face_down_attacker_is_turned_face_up():
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C")
    put(g, "player", 1, "5S", down=True)
    ok(g, atk(1))
    assert events(g)[1] == (rogue._EV_BEAT, N("5S"), N("2C")) and names(g.player)[0] == "5S"


def test_a_tie_discards_both():
    g = fight("~7H ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C", player="7S 6S 7D 8S 9S 10S JS QS KS")
    ok(g, atk(1))
    assert events(g)[1] == (rogue._EV_TIE, N("7S"), N("7H")) and g.player[0] == 0 and g.monster[0] == 0
    assert names(g.pile, g.pile_n)[-3:] == ["7S", "7H", "10C"]  # then the reply's 10C, beaten by KS


def test_an_ace_beats_a_king_and_the_black_joker_beats_an_ace():
    g = fight("~KH ~3C ~4C ~5C QC ~7C ~8C ~9C ~10C", player="AS 6S 7S 8S 9S 10S JS QS KS")
    ok(g, atk(1))
    assert events(g)[1] == (rogue._EV_BEAT, N("AS"), N("KH")) and names(g.player)[0] == "AS"
    g = fight("~AH ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C", player="BJ 6S 7S 8S 9S 10S JS QS KS")
    ok(g, atk(1))
    assert events(g)[1] == (rogue._EV_BEAT, N("BJ"), N("AH")) and names(g.player)[0] == "BJ"
    g = fight("~BJ ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C", player="AS 6S 7S 8S 9S 10S JS QS KS")
    ok(g, atk(1))
    assert events(g)[1] == (rogue._EV_BEATEN, N("BJ"), N("AS")) and names(g.monster)[0] == "BJ"


# -- naming and triggers (N1-N5) -------------------------------------------------------------
def test_a_revealed_face_card_takes_the_hidden_centre_and_the_old_centre_duels():
    g = fight("~JD ~2C ~3C ~4C ~9H ~6C ~7C ~8C ~10C", player="KS 6S 7S 8S 9S 10S JS QS AS")
    assert g.named() == 0
    ok(g, atk(1))
    assert events(g)[1:3] == [(rogue._EV_NAMED, N("JD"), N("9H")), (rogue._EV_BEAT, N("KS"), N("9H"))]
    assert g.named() == N("JD") and names(g.monster)[4] == "JD" and g.monster[0] == 0
    g = fight("~JD ~2C ~3C ~4C ~QC ~6C ~7C ~8C ~10C", player="KS 6S 7S 8S 9S 10S JS QS AS")
    ok(g, atk(1))  # the old centre is a face card too: it just duels
    assert events(g)[1:3] == [(rogue._EV_NAMED, N("JD"), N("QC")), (rogue._EV_BEAT, N("KS"), N("QC"))]


def test_naming_then_a_revealed_ace_or_black_joker_that_wins_is_a_critical():
    for centre in ("AH", "BJ"):
        g = fight("~JC ~2C ~3C ~4C ~%s ~6C ~7C ~8C -" % centre)
        hand(g, "2H 3H")
        ok(g, atk(1))
        assert (rogue._EV_BEATEN, N(centre), N("5S")) in events(g)
        assert (rogue._EV_CRITICAL, cards.CLUBS, 0) in events(g) and g.hand_n == 0  # CR clubs: the whole hand


def test_naming_then_a_winning_number_card_is_a_special():
    g = fight("~JC ~2C ~3C ~4C ~9H ~6C ~7C ~8C -")  # N3 (b): the named card was revealed in this duel
    hand(g, "2H")
    ok(g, atk(1))
    assert (rogue._EV_BEATEN, N("9H"), N("5S")) in events(g) and (rogue._EV_SPECIAL, cards.CLUBS, 0) in events(g)
    assert (rogue._EV_HIT, N("2H"), 0) in events(g)  # one card: it is taken


def test_a_face_card_already_face_up_that_wins_again_triggers_nothing():
    g = fight("QH ~2C ~3C ~4C KC ~6C ~7C ~8C -")
    hand(g, "2H")
    ok(g, atk(1))
    assert (rogue._EV_BEATEN, N("QH"), N("5S")) in events(g)
    assert rogue._EV_SPECIAL not in kinds(g) and rogue._EV_CRITICAL not in kinds(g) and g.hand_n == 1


def test_a_tie_a_lost_duel_or_an_unnamed_monster_triggers_nothing():
    g = fight("~QH ~2C ~3C ~4C KC ~6C ~7C ~8C -", player="QS 6S 7S 8S 9S 10S JS QD KS")
    hand(g, "2H")
    ok(g, atk(1))
    assert (rogue._EV_TIE, N("QS"), N("QH")) in events(g) and rogue._EV_SPECIAL not in kinds(g)
    g = fight("~AH ~2C ~3C ~4C ~5C ~6C ~7C ~8C -")  # an Ace that wins for an unnamed monster
    hand(g, "2H")
    ok(g, atk(1))
    assert (rogue._EV_BEATEN, N("AH"), N("5S")) in events(g) and rogue._EV_CRITICAL not in kinds(g)


# -- specials (SP) and criticals (CR) -----------------------------------------------------------
def test_heal_puts_the_decks_top_card_face_down_where_the_player_picks():
    g = fight("~QD - - ~4C KH ~6C ~7C ~8C ~2H")
    top(g, "2D 3D")
    ok(g, atk(1))
    assert g.phase() == rogue.PHASE_HEAL and g.pending() == 0b110 and g.legal_moves() == 2
    assert g.check(0) == rogue._R_NOT_PENDING and g.check(12) == rogue._R_NO_SUCH
    ok(g, 2)
    assert names(g.monster)[:3] == ["QD", "--", "~2D"] and (rogue._EV_HEAL, 2, 0) in events(g)
    assert g.phase() == rogue.PHASE_PLAY and g.turn == 2


def test_heal_on_an_undamaged_monster_does_nothing():
    g = fight("~QD ~2C ~3C ~4C KH ~6C ~7C ~8C ~9C")
    deck_n = g.deck_n
    ok(g, atk(1))
    assert (rogue._EV_SPECIAL, cards.HEARTS, 0) in events(g) and rogue._EV_HEAL not in kinds(g) and g.deck_n == deck_n


def test_hit_takes_the_hand_card_the_player_picks_or_nothing_from_an_empty_hand():
    g = fight("~QD ~2C ~3C ~4C KC ~6C ~7C ~8C -")
    hand(g, "2H 3H 4H")
    ok(g, atk(1))
    assert g.phase() == rogue.PHASE_CLUB and g.pending() == 0b111 and g.check(3) == rogue._R_NOT_PENDING
    ok(g, 1)
    assert names(g.hand, g.hand_n) == ["2H", "4H"] and (rogue._EV_HIT, N("3H"), 2) in events(g)
    g = fight("~QD ~2C ~3C ~4C KC ~6C ~7C ~8C -")
    ok(g, atk(1))
    assert (rogue._EV_SPECIAL, cards.CLUBS, 0) in events(g) and rogue._EV_HIT not in kinds(g)


def test_steal_swaps_an_eligible_place_each_card_keeping_its_facing():
    # eligible: monster face down with a player card there, never the centre
    g = fight("~QS ~2C 3C ~4C KD ~6C 7C 8C 10C", player="5S 9H 9D 9C BJ - 7S 8S 9S")
    ok(g, atk(1))
    assert g.phase() == rogue.PHASE_STEAL and g.pending() == 1 << 1 | 1 << 3
    ok(g, 1)
    assert names(g.player)[1] == "~2C" and names(g.monster)[1] == "9H"
    assert (rogue._EV_STEAL, 1, N("9H")) in events(g)


def test_steal_with_one_eligible_place_takes_it():
    g = fight("~QS 2C 3C ~4C KD 6C 7C 8C 10C", player="5S 9H 9D 9C BJ - 7S 8S 9S")
    ok(g, atk(1))
    assert names(g.player)[3] == "~4C" and names(g.monster)[3] == "9C" and g.phase() == rogue.PHASE_PLAY


def test_warp_swaps_the_winning_card_with_the_exit_card_of_its_place_on_a_reply_too():
    g = fight("~2C ~3C ~4C ~5C KS ~6C ~7C ~8C ~QD", player="5S 6S 7S 8S BJ 10S JS QS 4H")
    exit9 = g.exit[8]
    ok(g, atk(1))  # 5S beats 2C; the reply from 9: QD beats 4H, a special: warp at 9
    assert (rogue._EV_REPLY, 8, 8) in events(g) and (rogue._EV_WARP, 8, N("QD")) in events(g)
    assert names(g.exit)[8] == "QD" and g.monster[8] == exit9


def test_heal_critical_fills_every_empty_place_in_order_across_a_reshuffle():
    g = fight("~AH - - ~4C KH - ~7C ~8C ~9C")
    while g.deck_n > 1:
        pile(g, names(g.deck, g.deck_n)[0])
    top_card = g.deck[0]
    old_pile = set(g.pile[:g.pile_n]) | {N("5S")}
    ok(g, atk(1))
    ev = kinds(g)
    assert ev.index(rogue._EV_CRITICAL) < ev.index(rogue._EV_RESHUFFLE)
    assert g.monster[1] == top_card | cards.FACE_DOWN  # place 2 from the deck, then the reshuffled pile
    assert g.monster[2] >= cards.FACE_DOWN and g.monster[5] >= cards.FACE_DOWN
    assert {g.monster[2] & 0x7F, g.monster[5] & 0x7F} <= old_pile
    assert [e for e in events(g) if e[0] == rogue._EV_HEAL] == [(rogue._EV_HEAL, 1, 0), (rogue._EV_HEAL, 2, 0), (rogue._EV_HEAL, 5, 0)]


def test_heal_critical_stops_when_no_card_is_left():
    g = fight("~AH - - ~4C KH ~6C ~7C ~8C -")
    g.deck[:] = bytes(54)  # deck and pile emptied (a table that breaks I1, for this rule alone)
    g.pile[:] = bytes(54)
    g.deck_n = g.pile_n = 0
    assert g.play(atk(1)) == 0  # 5S lost: the one card to draw, after RS1
    assert names(g.monster)[:3] == ["AH", "~5S", "--"] and g.monster[8] == 0
    assert [e for e in events(g) if e[0] == rogue._EV_HEAL] == [(rogue._EV_HEAL, 1, 0)]


def test_club_critical_discards_the_whole_hand():
    g = fight("~AC ~2C ~3C ~4C KC ~6C ~7C ~8C -")
    hand(g, "2H 3H 4H")
    ok(g, atk(1))
    assert (rogue._EV_CRITICAL, cards.CLUBS, 0) in events(g) and g.hand_n == 0
    assert names(g.pile, g.pile_n)[-3:] == ["2H", "3H", "4H"]


def test_diamond_critical_steals_every_eligible_place():
    g = fight("~AD ~2C 3C ~4C KD ~6C 7C 8C 10C", player="5S 9H 9D 9C BJ - 7S 8S 9S")
    ok(g, atk(1))
    assert names(g.player)[1] == "~2C" and names(g.player)[3] == "~4C"
    assert names(g.monster)[1] == "9H" and names(g.monster)[3] == "9C" and g.phase() == rogue.PHASE_PLAY


def test_teleport_shuffles_the_outer_exit_cards_the_same_way_for_the_same_deal():
    def teleported(seed):
        g = Rogue().deal(seed)
        grid(g, "player", "5S 6S 7S 8S 9S 10S JS QS KS")
        grid(g, "monster", "~AH ~2C ~3C ~4C KS ~6C ~7C ~8C -")
        before = bytes(g.exit)
        k = g.state[rogue._SHUFFLES]
        ok(g, atk(1))
        assert (rogue._EV_TELEPORT, 0, 0) in events(g) and g.state[rogue._SHUFFLES] == k + 1
        assert sorted(g.exit) == sorted(before) and g.exit[4] == cards.RED_JOKER and bytes(g.exit) != before
        return bytes(g.exit)

    assert teleported(3) == teleported(3)


# -- retaliation (R1-R5) and death (X1-X3) -----------------------------------------------------
def test_the_reply_comes_from_the_place_opposite_the_attack_corner_and_edge():
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C")
    ok(g, atk(1))
    assert (rogue._EV_REPLY, 8, 8) in events(g)
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C")
    ok(g, atk(2))
    assert (rogue._EV_REPLY, 7, 7) in events(g)
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C")
    ok(g, atk(6))
    assert (rogue._EV_REPLY, 3, 3) in events(g)


def test_the_reply_onto_an_empty_place_strikes_the_next_card_counter_clockwise():
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~AC", player="5S 6S 7S 8S 9S 10S JS QS -")
    assert g.preview(0) >> 4 == 8 | 5 << 4  # from 9: 9, then 6
    ok(g, atk(1))
    assert (rogue._EV_REPLY, 8, 5) in events(g) and (rogue._EV_BEATEN, N("AC"), N("10S")) in events(g)


def test_no_reply_from_an_empty_opposite_place():
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C -")
    ok(g, atk(1))
    assert rogue._EV_REPLY not in kinds(g) and g.phase() == rogue.PHASE_PLAY


def test_a_monster_the_attack_broke_still_replies_then_dies():
    g = fight("~2C - - ~4C ~5C ~6C ~7C ~8C ~9C", player="5S 6S 7S 8S 9S 10S JS QS AS")
    ok(g, atk(1))
    assert kinds(g)[:4] == [rogue._EV_ATTACK, rogue._EV_BEAT, rogue._EV_REPLY, rogue._EV_BEAT]
    assert (rogue._EV_KILL, 5, 0) in events(g) and rogue._EV_MONSTER in kinds(g)


def test_a_heal_in_the_reply_can_save_the_broken_monster():
    g = fight("~2C - - ~4C KH ~6C ~7C ~8C ~QD", player="5S 6S 7S 8S 9S 10S JS QS 4H")
    ok(g, atk(1))  # the attack empties row 1; the reply's QD wins, a special heal
    assert g.phase() == rogue.PHASE_HEAL and g.pending() == 0b111
    ok(g, 1)
    assert rogue._EV_KILL not in kinds(g) and g.monster[1] >= cards.FACE_DOWN and g.phase() == rogue.PHASE_PLAY


def test_player_and_monster_both_broken_is_slain():
    g = fight("~7C - - ~4C ~5C ~6C ~7D ~8C ~9C", player="7S - - 8S 9S 10S JS QS KS")
    ok(g, atk(1))  # a tie: both rows 1 are empty
    assert g.status == LOST and g.end == rogue.SLAIN and kinds(g)[-1] == rogue._EV_SLAIN
    assert g.phase() == PHASE_OVER and rogue._EV_KILL not in kinds(g)


def test_a_dead_monster_goes_to_the_hand_face_up_the_key_among_it_and_a_new_one_is_dealt():
    g = fight("~2C - - ~BJ ~5C ~6C ~7C ~8C ~9C", player="5S 6S 7S 8S 9S 10S JS QS AS")
    next_nine = [c | cards.FACE_DOWN for c in reversed(g.deck[g.deck_n - 9:g.deck_n])]
    ok(g, atk(1))
    assert names(g.hand, g.hand_n) == ["BJ", "5C", "6C", "7C", "8C"]
    assert list(g.monster) == next_nine and (rogue._EV_MONSTER, 1, 0) in events(g)


def test_a_new_monster_is_dealt_across_a_reshuffle():
    g = fight("~2C - - ~4C ~5C ~6C ~7C ~8C ~9C", player="5S 6S 7S 8S 9S 10S JS QS AS")
    while g.deck_n > 4:
        pile(g, names(g.deck, g.deck_n)[0])
    four = [c | cards.FACE_DOWN for c in reversed(g.deck[:4])]
    k = g.state[rogue._SHUFFLES]
    ok(g, atk(1))
    assert list(g.monster[:4]) == four and all(c >= cards.FACE_DOWN for c in g.monster)
    assert (rogue._EV_RESHUFFLE, g.deck_n + 5, k) in events(g) and g.pile_n == 0


# -- the campaign (C1-C9) and achievements (AC1-AC6) ---------------------------------------------
def escape_campaign(**kw):
    g = deal(rogue.CAMPAIGN, player=kw.pop("player", PLAYER_AT_EXIT), exit=EXIT_LINED_UP, **kw)
    return ok(g, rogue.SKIP)


def test_escaping_a_floor_feeds_the_buffet_the_face_card_the_player_picks():
    g = escape_campaign(player="JS QH 3D 4C BJ 6S 7H 8D 9C")
    assert g.status == PLAYING and g.phase() == rogue.PHASE_BUFFET and (rogue._EV_ESCAPED, 1, 0) in events(g)
    out = bytearray(12)
    assert g.candidates(out) == 2 and names(out[:2]) == ["JS", "QH"] and g.pending() == 0b11
    ok(g, 1)
    assert names(g.buffet, g.buffet_n) == ["QH"] and g.phase() == rogue.PHASE_BETWEEN and g.legal_moves() == 1
    assert g.check(1) == rogue._R_NO_SUCH
    hand_before = bytes(g.hand)
    k = g.state[rogue._SHUFFLES]
    ok(g, rogue.NEXT)
    assert g.floor == 2 and (rogue._EV_FLOOR, 2, 0) in events(g) and g.phase() == rogue.PHASE_PLAY
    assert g.state[rogue._SHUFFLES] == k + 2 and g.exit[4] == cards.RED_JOKER and bytes(g.hand) == hand_before
    assert all(c for c in g.player) and all(c >= cards.FACE_DOWN for c in g.monster) and g.pile_n == 0
    assert g.deck_n == 54 - 1 - 9 - 9 - 9  # less the Buffet's QH and the three grids


def test_the_buffet_looks_in_the_exit_the_pile_the_hand_the_monster_then_the_deck():
    faces = "JS QS KS JH QH KH JD QD KD JC QC KC"
    g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP, monster="2S 3S 4S 5S 6H 7S 8H 9S 5H",
             deck=faces)
    ok(g, rogue.SKIP)
    out = bytearray(12)
    assert g.phase() == rogue.PHASE_BUFFET and g.candidates(out) == 12
    assert names(out) == list(reversed(faces.split()))  # in the deck's order, bottom first
    g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP, monster="2S 3S 4S 5S JH 7S 8H 9S 5H",
             deck=faces.replace("JH ", ""))
    ok(g, rogue.SKIP)  # one face card in the monster: fed at once
    assert g.phase() == rogue.PHASE_BETWEEN and names(g.buffet, g.buffet_n) == ["JH"]
    assert g.monster[4] == 0
    g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP, monster="2S 3S 4S 5S JH 7S 8H 9S 5H")
    hand(g, "QD KD")
    ok(g, rogue.SKIP)  # the hand before the monster
    assert g.candidates(out) == 2 and names(out[:2]) == ["QD", "KD"] and g.phase() == rogue.PHASE_BUFFET
    g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP, monster="2S 3S 4S 5S JH 7S 8H 9S 5H")
    hand(g, "QD")
    pile(g, "KS")
    ok(g, rogue.SKIP)  # the pile before the hand
    assert names(g.buffet, g.buffet_n) == ["KS"] and g.pile_n == 0 and g.hand_n == 1
    g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit="JS 10H 10D 10C 6D 7C 8S 9H")
    pile(g, "KS")
    ok(g, rogue.SKIP)  # the exit before the pile
    assert names(g.buffet, g.buffet_n) == ["JS"] and g.exit[0] == 0 and g.phase() == rogue.PHASE_BETWEEN


def test_the_tenth_buffet_card_opens_the_gauntlet_reset_with_named_monsters_from_the_buffet():
    g = deal(rogue.CAMPAIGN, player="JS 2H 3D 4C BJ 6S 7H 8D 9C", exit=EXIT_LINED_UP)
    first = "QS KS JH QH KH JD QD KD JC".split()
    for t in first:
        g.buffet[g.buffet_n] = take_out(g, N(t))
        g.buffet_n += 1
    g.floor = 10
    ok(g, rogue.SKIP)
    assert g.phase() == rogue.PHASE_BETWEEN and g.buffet_n == 10  # JS, the only face card left on the grid
    ok(g, rogue.NEXT)
    assert g.floor == 11 and (rogue._EV_FLOOR, 11, 0) in events(g)
    assert names(g.monster)[4] == "QS" and g.named() == N("QS") and names(g.buffet, g.buffet_n) == first[1:] + ["JS"]
    assert all(g.monster[i] >= cards.FACE_DOWN for i in range(9) if i != 4)
    assert (rogue._EV_MONSTER, 11, N("QS")) in events(g) and g.exit[4] == cards.RED_JOKER and census_ok(g)
    assert not g.at_exit() or g.player[4] != cards.BLACK_JOKER


def gauntlet(monster, player="5S 6S 7S 8S 9S 10S JS QS AS"):
    g = deal(rogue.CAMPAIGN)
    grid(g, "player", player)
    grid(g, "monster", monster)
    g.floor = 11
    return g


def test_starving_when_the_buffet_is_empty_earns_both_hunger_achievements():
    g = gauntlet("~2C - - ~4C KC ~6C ~7C ~8C ~9C")
    ok(g, atk(1))
    assert g.status == LOST and g.end == rogue.STARVED and kinds(g)[-1] == rogue._EV_STARVED
    assert achievements(g, 0) == 2 | 4 and g.score() == 11 * 1024 - 1
    g = gauntlet("~2C - - ~BJ KC ~6C ~7C ~8C ~9C")  # the key came to the hand: no AC2
    ok(g, atk(1))
    assert g.end == rogue.STARVED and achievements(g, 0) == 4


def test_being_at_the_exit_on_the_gauntlet_without_the_key_loses_it_too_dark():
    g = gauntlet("~2S - - ~3S KC ~4S ~5S ~7S ~9S", player="AS 2H 3D 4C 5C 6S 7H 8D 9C")
    grid(g, "exit", "10S 10H 10D 10C RJ 6D 7C 8S 9H")
    assert g.at_exit()
    ok(g, atk(1))
    assert g.end == rogue.STARVED and achievements(g, 0) == 2


def test_escaping_the_gauntlet_wins_the_campaign_and_four_aces_in_hand_is_master_rogue():
    for aces, want in (("AH AD AC", 8 | 16), ("AH AD", 8)):
        g = deal(rogue.CAMPAIGN, player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP)
        hand(g, aces)
        if want & 16:
            put(g, "player", 1, "JS")
            hand(g, "AS")
        g.floor = 11
        ok(g, rogue.SKIP)
        assert g.status == WON and g.end == rogue.ESCAPED and achievements(g, 0) == want
        assert achievements(g, 1 | 2 | 4) == want | (32 if want & 16 else 0) and g.score() == 12 * 1024 - 1


def test_quick_play_escape_is_zero_to_hero_and_call_me_rodney_needs_the_other_four():
    g = deal(player=PLAYER_AT_EXIT, exit=EXIT_LINED_UP)
    ok(g, rogue.SKIP)
    assert achievements(g, 0) == 1 and achievements(g, 2 | 4 | 8 | 16) == 1 | 32 and rogue.ACH_SHIFT == 0


def test_scores_quick_fewest_turns_campaign_deepest_floor_then_fewest_turns():
    g = Rogue(rogue.CAMPAIGN).deal(1)
    g.state[rogue._TURN_LO], g.state[rogue._TURN_HI], g.floor = 4, 1, 3  # turn 260
    assert g.turn == 260 and g.score() == 3 * 1024 - 260
    g.state[rogue._TURN_HI] = 8
    assert g.score() == 3 * 1024 - 1023
    g = Rogue(rogue.QUICK).deal(1)
    assert g.score() == 1


def test_giving_up_is_a_loss_and_no_move():
    g = Rogue().deal(2)
    moves = g.moves
    g.resign()
    assert g.status == LOST and g.end == rogue.RESIGNED and g.moves == moves and g.phase() == PHASE_OVER
    assert g.check(rogue.SKIP) == rogue._R_OVER and g.legal_moves() == 0


# -- what a screen asks -----------------------------------------------------------------
def test_a_cards_menu_lists_attack_move_to_hand_flip_with_their_reasons():
    g = fight("~2C ~3C ~4C ~5C ~6C ~7C ~8C ~9C ~10C", player="5S - 7S 8S BJ 10S JS QS KS")
    out = bytearray(8)
    assert g.options(0, out) == 4
    assert list(out) == [atk(1), 0, sw(1, 2), 0, take(1), 0, flip(1), rogue._R_FACE_UP]
    assert g.options(4, out) == 4 and (out[0], out[1]) == (atk(5), rogue._R_CENTRE) and out[3] == 0
    assert g.options(1, out) == 4 and all(out[2 * i + 1] == rogue.R_EMPTY for i in range(4))
    hand(g, "2H 3H 4H 5H 6H 7H")
    g.options(0, out)
    assert all(out[2 * i + 1] == rogue.R_NOT_NOW for i in range(4))
    ok(g, 0, rogue.SKIP)
    g.options(0, out)
    assert [out[2 * i + 1] for i in range(4)] == [0, rogue.R_NOT_NOW, rogue.R_NOT_NOW, rogue.R_NOT_NOW]
    assert g.only_move(0, out) == atk(1)


def test_legal_moves_fill_one_scratch_that_all_games_share():
    # the board plays one game at a time: the class's buffer, not one a game (games/rogue/rules.py, Memory)
    a, b = Rogue(rogue.QUICK).deal(1), Rogue(rogue.CAMPAIGN).deal(2)
    n = a.legal_moves()
    assert a.legal is b.legal and n > 0 and all(a.check(mv) == 0 for mv in a.legal[:n])
    m = b.legal_moves()
    assert all(b.check(mv) == 0 for mv in a.legal[:m])  # b's moves now
    assert "legal" not in vars(a) and "legal" not in vars(b)


def test_a_given_deal_is_laid_by_the_notation_for_the_desktop():
    # Rogue.set_up hands the order to games/rogue/desk_notation.py: the board's engine does not carry it
    order = table()
    g = Rogue().set_up(order)
    h = rn.set_up(Rogue(), order)
    assert bytes(g.state) == bytes(h.state) and (g.deck_n, g.state[rogue._SHUFFLES]) == (h.deck_n, h.state[rogue._SHUFFLES]) == (27, 2)

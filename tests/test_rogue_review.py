"""An independent review of games/rogue/rules.py against shared/rogue-rules.md.

Every test builds a fixed table with Rogue.set_up, written from the
specification (sections 3 and 4), not from the engine: places count 1-9 as
the rules do, and each test asserts the outcome the rule dictates.  A rule
the engine gets wrong keeps the specification's outcome and is marked
xfail(strict=True) with the rule, so the discrepancy shows and the day it is
fixed the mark has to go.

The tables: `deal()` names the cards of each grid ("." = the next filler
card: number cards low rank first, then Aces, face cards, BJ), the deck's top
cards and the hand; the other cards follow in the deck.  `clear()` empties
places by putting their cards on the discard pile, so every card stays in
exactly one place (I1) unless a test says it takes cards out of play.
"""

import pytest

from engine import cards, notation
from games.rogue import rules as rogue
from engine.game import LOST, PLAYING, WON
from games.rogue import desk_notation as rn
from games.rogue.rules import CAMPAIGN, QUICK, Rogue
from games.rogue.achievements import achievements

N = notation.parse
DOWN = cards.FACE_DOWN
BJ = cards.BLACK_JOKER
RJ = cards.RED_JOKER
_FILL = ([(s << 4) | r for r in range(2, 11) for s in range(4)] + [(s << 4) | 1 for s in range(4)]
         + [(s << 4) | r for r in (11, 12, 13) for s in range(4)] + [BJ])


def _k(name):
    """An engine constant by its public name, or by its private one should a refactor make it private."""
    return getattr(rogue, name) if hasattr(rogue, name) else getattr(rogue, "_" + name)


ESCAPED, SLAIN, STARVED = _k("ESCAPED"), _k("SLAIN"), _k("STARVED")
NEXT, SKIP = _k("NEXT"), _k("SKIP")
R_CENTRE, R_COL, R_EMPTY, R_NOT_FACING, R_ROW = (_k("R_CENTRE"), _k("R_COL"), _k("R_EMPTY"), _k("R_NOT_FACING"),
                                                 _k("R_ROW"))
PHASE_ATTACK, PHASE_BETWEEN, PHASE_BUFFET, PHASE_CLUB = (_k("PHASE_ATTACK"), _k("PHASE_BETWEEN"),
                                                         _k("PHASE_BUFFET"), _k("PHASE_CLUB"))
PHASE_DISCARD, PHASE_HEAL, PHASE_PLAY, PHASE_STEAL = (_k("PHASE_DISCARD"), _k("PHASE_HEAL"), _k("PHASE_PLAY"),
                                                      _k("PHASE_STEAL"))

# Achievement bits (the engine's docstring: bit 0 = AC1 .. bit 5 = AC6)
AC1, AC2, AC3, AC4, AC5, AC6 = 1, 2, 4, 8, 16, 32

# A player grid at the exit (E1): every outer card shares the suit or the rank of the exit card there.
EXIT8 = "2S 3S 4S 5S 6S 7S 8S 9S"  # exit places 1 2 3 4 6 7 8 9
AT_EXIT = "10S 3H 4H 5H BJ 6H 7H 8H 9H"  # 10S by suit, the rest by rank; no face card
AT_EXIT_FACES = "10S JS QS KS BJ AS 7H 8H 9H"  # by suit (1-6) and rank (7-9); three face cards


# -- tables ---------------------------------------------------------------------------
def deal(player=". " * 9, monster=". " * 9, exit=". " * 8, deck="", hand="", rules=QUICK):
    """A Rogue on the table these name.  "?XX" is a soft card: it gives way to a filler when XX is named
    (plainly) anywhere else, so a test can override one place of a plain grid."""
    parts = [player.split(), exit.split(), monster.split(), deck.split()]
    held = [N(t) for t in hand.split()]
    hard = held + [N(t) for part in parts for t in part if t != "." and t[0] != "?"]
    assert len(set(hard)) == len(hard), "a card named twice"
    kept = set()
    for part in parts:
        for k, t in enumerate(part):
            if t[0] == "?":
                c = N(t[1:])
                part[k] = "." if c in hard or c in kept else t[1:]
                kept.add(c)
    named = set(hard) | set(N(t) for part in parts for t in part if t != ".")
    rest = [c for c in _FILL if c not in named]
    out = []
    for part, size in zip(parts[:3], (9, 8, 9)):
        assert len(part) == size, part
        out.append([N(t) if t != "." else rest.pop(0) for t in part])
    top = [N(t) for t in parts[3]]
    out.append(top + rest + held)  # the held cards at the bottom of the deck, taken into the hand below
    e = out[1]
    order = bytearray(out[0] + e[:4] + [RJ] + e[4:] + out[2] + out[3])
    assert len(order) == 54 and sorted(order) == sorted(cards.standard_deck())
    g = Rogue(rules).set_up(order)
    for c in held:
        give(g, c)
    if len(held) > 5:
        g.step = PHASE_DISCARD
    return g


def where(g, c):
    for name in ("player", "monster", "exit"):
        part = getattr(g, name)
        for i in range(9):
            if part[i] and part[i] & 0x7F == c:
                return name, i
    for name, count in (("hand", "hand_n"), ("deck", "deck_n"), ("pile", "pile_n"), ("buffet", "buffet_n")):
        part = getattr(g, name)
        for i in range(getattr(g, count)):
            if part[i] & 0x7F == c:
                return name, i
    return None


def lift(g, c):
    """Take card c out of wherever it lies (a pile closes up); returns it face up."""
    name, i = where(g, c)
    part = getattr(g, name)
    if name in ("player", "monster", "exit"):
        part[i] = 0
        return c
    count = name + "_n"
    n = getattr(g, count)
    for j in range(i, n - 1):
        part[j] = part[j + 1]
    part[n - 1] = 0
    setattr(g, count, n - 1)
    return c


def give(g, c):
    g.hand[g.hand_n] = lift(g, c)
    g.hand_n += 1


def to_pile(g, c):
    g.pile[g.pile_n] = lift(g, c)
    g.pile_n += 1


def clear(g, grid, *places):
    """Empty places (1-9) of a grid; their cards go on the discard pile."""
    part = getattr(g, grid)
    for p in places:
        to_pile(g, part[p - 1] & 0x7F)


def face_up(g, grid, *places):
    part = getattr(g, grid)
    for p in places:
        part[p - 1] &= 0x7F


def face_down(g, grid, *places):
    part = getattr(g, grid)
    for p in places:
        part[p - 1] |= DOWN


def name_monster(g):
    """The monster's centre turned face up (it is named, N2)."""
    face_up(g, "monster", 5)


def view(part, n=9):
    """A grid or pile as text: 'QH' face up, '~QH' face down, '' empty."""
    return ["" if c == 0 else ("~" if c & DOWN else "") + notation.name(c) for c in part[:n]]


def at(g, grid, p):
    return view(getattr(g, grid))[p - 1]


def hand(g):
    return view(g.hand, g.hand_n)


def pile(g):
    return view(g.pile, g.pile_n)


def census(g):
    """I1: each of the 54 cards in exactly one place."""
    seen = []
    for part in (g.player, g.monster, g.exit):
        seen += [c & 0x7F for c in part if c]
    for part, n in ((g.hand, g.hand_n), (g.deck, g.deck_n), (g.pile, g.pile_n), (g.buffet, g.buffet_n)):
        seen += [c & 0x7F for c in part[:n]]
    return sorted(seen) == sorted(cards.standard_deck())


def play(g, *moves):
    for mv in moves:
        why = g.play(mv)
        assert why == 0, "move %d refused: %d" % (mv, why)


def A(p):
    return rn.attack(p - 1)


def P(p):
    """A player place as a move byte for the choices (m<place> in 3.18)."""
    return p - 1


def grid(default, **at_places):
    """Nine tokens: `default` with p<n>=card overrides; the default's cards are soft (see deal)."""
    toks = ["?" + t if t[0] not in "?." else t for t in default.split()]
    for k, v in at_places.items():
        toks[int(k[1:]) - 1] = v
    return " ".join(toks)


# Plain grids (soft cards): no face card and no Ace, none of EXIT8's or AT_EXIT's cards; the monster's
# cards beat the player's, but for a tie at 8 (10C against 10H).  The monster's centre 9D is face down.
PLAYER = grid("4D 4C 5D 5C 6D 6C 2H 10H 3C")
MONSTER = grid("7D 7C 8D 8C 9D 9C 10D 10C 2D")


# -- S: setup -------------------------------------------------------------------------
def test_set_up_lays_the_table_face_up_player_and_exit_face_down_monster_play_first():
    g = deal(player=PLAYER, monster=MONSTER, exit=EXIT8, deck="KH QH")
    assert view(g.player) == [t[1:] for t in PLAYER.split()]
    assert view(g.monster) == ["~" + t[1:] for t in MONSTER.split()]
    ex = EXIT8.split()
    assert view(g.exit) == ex[:4] + ["RJ"] + ex[4:]  # I2
    assert g.deck[g.deck_n - 1] == N("KH") and g.deck_n == 27  # the deck's top
    assert g.hand_n == g.pile_n == g.buffet_n == 0 and g.floor == 1 and g.phase() == PHASE_PLAY
    assert census(g)


# -- R1: the reply comes from q = 10 - p (a point reflection), onto player q ------------------
@pytest.mark.parametrize("p", [1, 2, 3, 4, 6, 7, 8, 9])
def test_the_reply_comes_from_the_opposite_place_10_minus_p_onto_the_same_player_place(p):
    q = 10 - p
    g = deal(player=grid(PLAYER, **{"p%d" % p: "AS", "p%d" % q: "3D"}),
             monster=grid(MONSTER, **{"p%d" % p: "2C", "p%d" % q: "9H"}))
    before = view(g.player)
    play(g, A(p))
    assert at(g, "player", p) == "AS" and at(g, "monster", p) == ""  # A1 facing: AS beat 2C
    assert at(g, "player", q) == "" and at(g, "monster", q) == "9H"  # the reply: 9H beat 3D, stays face up
    assert pile(g) == ["2C", "3D"]  # losers go to the pile
    others = [i for i in range(1, 10) if i not in (p, q)]
    assert [at(g, "player", i) for i in others] == [before[i - 1] for i in others]
    assert all(at(g, "monster", i).startswith("~") for i in others)  # nothing else revealed
    assert g.status == PLAYING and g.phase() == PHASE_PLAY and g.turn == 2 and census(g)


# -- R2: player[q] empty: the first card counter-clockwise (1 4 7 8 9 6 3 2) after q ------------
@pytest.mark.parametrize("p, hit, cw", [(3, 8, 4), (9, 4, 2), (1, 6, 8), (7, 2, 6), (2, 9, 7), (8, 1, 3),
                                        (4, 3, 9), (6, 7, 1)])
def test_the_reply_onto_an_empty_place_strikes_the_next_card_counter_clockwise(p, hit, cw):
    q = 10 - p
    g = deal(player=grid(PLAYER, **{"p%d" % p: "AS", "p%d" % hit: "3D", "p%d" % cw: "3H"}),
             monster=grid(MONSTER, **{"p%d" % p: "2C", "p%d" % q: "9H"}))
    clear(g, "player", q)
    play(g, A(p))
    assert at(g, "player", hit) == "" and at(g, "monster", q) == "9H"
    assert at(g, "player", cw) == "3H"  # clockwise would have struck here
    assert pile(g)[-2:] == ["2C", "3D"] and g.status == PLAYING and census(g)


def test_the_ring_search_walks_past_several_empty_places():
    # attack from 3, q = 7; player 7 and 8 empty: the reply strikes 9 (7 -> 8 -> 9)
    g = deal(player=grid(PLAYER, p3="AS", p9="KD", p4="3H"), monster=grid(MONSTER, p3="2C", p7="9H"))
    clear(g, "player", 7, 8)
    play(g, A(3))
    assert at(g, "player", 9) == "KD" and at(g, "monster", 7) == "" and pile(g)[-2:] == ["2C", "9H"]
    assert at(g, "player", 4) == "3H" and g.status == PLAYING


def test_no_reply_when_the_opposite_monster_place_is_empty():
    g = deal(player=grid(PLAYER, p1="AS", p9="3D"), monster=grid(MONSTER, p1="2C"))
    clear(g, "monster", 9)
    before = view(g.player)
    play(g, A(1))
    assert view(g.player) == before and pile(g)[-1] == "2C" and g.status == PLAYING


# -- A1/A2: facing attack; the counter-clockwise fallback; R1 from p, not from t --------------
# monster cards only at 1, 5 and 9; the player has none at 1 or 9, so no place faces a monster card
@pytest.mark.parametrize("p, t", [(2, 1), (3, 1), (6, 1), (4, 9), (7, 9), (8, 9)])
def test_with_no_facing_card_the_attack_strikes_the_first_monster_card_counter_clockwise(p, t):
    g = deal(player=grid(PLAYER, **{"p%d" % p: "AS"}), monster=grid(MONSTER, p1="2C", p9="3C", p5="4C"))
    clear(g, "monster", 2, 3, 4, 6, 7, 8)
    clear(g, "player", 1, 9)
    before = view(g.player)
    assert g.check(A(p)) == 0
    play(g, A(p))
    # the target lost; no reply, since monster[10 - p] is empty (a reply taken from t would come from 10 - t)
    assert view(g.player) == before
    assert "2C 3C".split()[t == 9] in pile(g)
    # the monster lost a corner of row 1 or 3: dead (X2), its two cards in the hand, face up
    assert sorted(hand(g)) == sorted(["4C", "3C" if t == 1 else "2C"])
    assert g.status == PLAYING and census(g)


def test_fallback_reply_comes_from_opposite_the_attacking_place_not_the_target():
    # monster at 1 5 7 9; player at 2 3 4 5 6 8: nothing faces.  Attack from 3: t = 1 (3 -> 2 -> 1).
    # R1: q = 10 - 3 = 7 (10C), player 7 empty -> player 8 (AD wins).  From t it would be 9 (9C) onto 6 (3H).
    g = deal(player=grid(PLAYER, p3="AS", p8="AD", p6="3H"),
             monster=grid(MONSTER, p1="2C", p7="10C", p9="9C", p5="4C"))
    clear(g, "monster", 2, 3, 4, 6, 8)
    clear(g, "player", 1, 7, 9)
    assert g.check(A(3)) == 0
    play(g, A(3))
    assert at(g, "player", 8) == "AD" and at(g, "player", 6) == "3H"
    assert pile(g)[-2:] == ["2C", "10C"]
    assert sorted(hand(g)) == ["4C", "9C"]  # the monster (5 and 9 left) died; 9C never dueled
    assert g.status == PLAYING and census(g)


def test_attacking_a_place_that_faces_nothing_is_refused_while_another_faces():
    g = deal(player=PLAYER, monster=MONSTER)
    clear(g, "monster", 3)
    assert g.check(A(3)) == R_NOT_FACING
    assert g.check(A(5)) == R_CENTRE
    clear(g, "player", 2)
    assert g.check(A(2)) == R_EMPTY
    assert g.check(A(1)) == 0


# -- A3, D: the duel -------------------------------------------------------------------------
def test_a_face_down_attacker_is_turned_face_up_and_duels():
    g = deal(player=grid(PLAYER, p1="AS"), monster=grid(MONSTER, p1="2C", p9="2H"))
    face_down(g, "player", 1)
    play(g, A(1))
    assert at(g, "player", 1) == "AS" and pile(g)[0] == "2C"


def test_a_tie_discards_both_and_is_no_win_for_the_monster():
    g = deal(player=grid(PLAYER, p1="KS", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QC", p9="2D"),
             hand="2H 3H")
    name_monster(g)
    play(g, A(1))
    assert at(g, "player", 1) == "" and at(g, "monster", 1) == ""
    assert pile(g)[-3:] == ["KS", "KD", "2D"]  # the tie, then the reply 10S beat 2D
    assert hand(g) == ["2H", "3H"] and g.phase() == PHASE_PLAY  # no hit: a tie triggers nothing


def test_an_ace_beats_a_king():
    g = deal(player=grid(PLAYER, p1="KS", p9="10S"), monster=grid(MONSTER, p1="AH", p9="2D"))
    play(g, A(1))
    assert at(g, "player", 1) == "" and at(g, "monster", 1) == "AH" and pile(g)[0] == "KS"


def test_the_black_joker_beats_an_ace_on_either_side():
    g = deal(player=grid(PLAYER, p1="BJ", p2="AS", p9="10S"), monster=grid(MONSTER, p1="AH", p8="2D", p9="2C"))
    play(g, A(1))
    assert at(g, "player", 1) == "BJ" and pile(g)[0] == "AH"
    g = deal(player=grid(PLAYER, p1="AS", p9="10S"), monster=grid(MONSTER, p1="BJ", p9="2C"))
    play(g, A(1))
    assert at(g, "player", 1) == "" and at(g, "monster", 1) == "BJ" and pile(g)[0] == "AS"


# -- N1: naming ------------------------------------------------------------------------------
def test_a_revealed_face_card_takes_the_hidden_centre_and_the_old_centre_duels():
    g = deal(player=grid(PLAYER, p1="9S", p9="10S"), monster=grid(MONSTER, p1="QC", p5="7C", p9="2D"),
             hand="2H 3H")
    play(g, A(1))
    assert at(g, "monster", 5) == "QC"  # named, face up
    assert at(g, "monster", 1) == "" and pile(g)[0] == "7C"  # the old centre dueled there and lost to 9S
    assert at(g, "player", 1) == "9S" and hand(g) == ["2H", "3H"]  # the monster lost: no hit
    assert g.named() == N("QC") and census(g)


def test_naming_happens_once_an_old_centre_face_card_just_duels_and_a_special_follows():
    # QS named, KD (the old centre) duels at 1 and beats 9H: special (N3 b) = warp with exit 1
    g = deal(player=grid(PLAYER, p1="9H", p9="10S"), monster=grid(MONSTER, p1="QS", p5="KD", p9="2D"),
             exit=EXIT8)
    play(g, A(1))
    assert at(g, "monster", 5) == "QS"
    assert at(g, "exit", 1) == "KD" and at(g, "monster", 1) == "2S"  # warped: both face up
    assert at(g, "player", 1) == "" and pile(g)[0] == "9H" and census(g)


def test_naming_then_a_winning_number_card_is_a_special():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="JS", p5="8H", p9="2D"),
             exit=EXIT8)
    play(g, A(1))
    assert at(g, "monster", 5) == "JS" and at(g, "exit", 1) == "8H" and at(g, "monster", 1) == "2S"


@pytest.mark.parametrize("centre", ["AD", "BJ"])
def test_naming_then_a_revealed_ace_or_black_joker_that_wins_is_a_critical(centre):
    # JC named; the old centre (an Ace or BJ) wins: critical club = the whole hand, no choice
    g = deal(player=grid(PLAYER, p1="KS", p9="10S"), monster=grid(MONSTER, p1="JC", p5=centre, p9="2D"),
             hand="2H 3H 4H")
    play(g, A(1))
    assert at(g, "monster", 5) == "JC" and at(g, "monster", 1) == centre
    assert g.hand_n == 0 and g.phase() == PHASE_PLAY
    assert pile(g)[:4] == ["KS", "2H", "3H", "4H"]


def test_a_revealed_face_card_of_a_named_monster_is_a_special_with_the_players_choice():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QC", p9="2D"),
             hand="2H 3H 4H")
    name_monster(g)
    play(g, A(1))
    assert g.phase() == PHASE_CLUB and g.pending() == 0b111
    assert not g.can_undo()
    play(g, 1)  # the player gives up 3H
    assert hand(g) == ["2H", "4H"] and "3H" in pile(g)
    assert g.phase() == PHASE_PLAY and not g.can_undo()  # the reply (10S beat 2D) followed


@pytest.mark.parametrize("card", ["AD", "KD"])
def test_a_card_already_face_up_that_wins_again_triggers_nothing(card):
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1=card, p5="QC", p9="2D"),
             hand="2H 3H")
    name_monster(g)
    face_up(g, "monster", 1)
    play(g, A(1))
    assert at(g, "monster", 1) == card and hand(g) == ["2H", "3H"] and g.phase() == PHASE_PLAY


def test_a_revealed_ace_of_an_unnamed_monster_triggers_nothing_and_names_nobody():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="AC", p5="7C", p9="2D"),
             hand="2H 3H")
    play(g, A(1))
    assert at(g, "monster", 1) == "AC" and at(g, "monster", 5) == "~7C" and g.named() == 0
    assert hand(g) == ["2H", "3H"]


def test_a_revealed_ace_of_a_named_monster_is_a_critical():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="AC", p5="QC", p9="2D"),
             hand="2H 3H")
    name_monster(g)
    play(g, A(1))
    assert g.hand_n == 0 and g.phase() == PHASE_PLAY


def test_naming_in_the_reply_then_a_special():
    # the attack wins; the reply's KS takes the hidden centre, 7H duels 4H and wins: warp at 9
    g = deal(player=grid(PLAYER, p1="AS", p9="4H"), monster=grid(MONSTER, p1="2C", p5="7H", p9="KS"),
             exit=EXIT8)
    play(g, A(1))
    assert at(g, "monster", 5) == "KS" and at(g, "exit", 9) == "7H" and at(g, "monster", 9) == "9S"
    assert at(g, "player", 9) == "" and census(g)


# -- SP and CR -------------------------------------------------------------------------------
def test_heal_puts_the_decks_top_card_face_down_where_the_player_picks():
    g = deal(player=grid(PLAYER, p1="5S", p9="10S"), monster=grid(MONSTER, p1="KH", p5="QH", p9="2D"),
             deck="8C 9C")
    name_monster(g)
    clear(g, "monster", 2, 3)
    play(g, A(1))
    assert g.phase() == PHASE_HEAL and g.pending() == 0b110
    play(g, P(3))
    assert at(g, "monster", 3) == "~8C" and at(g, "monster", 2) == "" and g.deck[g.deck_n - 1] == N("9C")
    assert g.phase() == PHASE_PLAY and census(g)


def test_heal_on_an_undamaged_monster_does_nothing():
    g = deal(player=grid(PLAYER, p1="5S", p9="10S"), monster=grid(MONSTER, p1="KH", p5="QH", p9="2D"),
             deck="8C 9C")
    name_monster(g)
    play(g, A(1))
    assert g.deck_n == 27 and g.phase() == PHASE_PLAY and at(g, "monster", 1) == "KH"


def test_a_heal_that_lands_on_the_reply_place_gives_the_monster_a_card_that_replies():
    # R5: monster 9 is the only empty place; the heal puts 10C there; it replies onto player 9 (4D)
    g = deal(player=grid(PLAYER, p1="5S", p9="4D"), monster=grid(MONSTER, p1="KH", p5="QH"), deck="10C")
    name_monster(g)
    clear(g, "monster", 9)
    play(g, A(1))
    assert at(g, "monster", 9) == "10C" and at(g, "player", 9) == "" and pile(g)[-1] == "4D"


def test_heal_reshuffles_the_discards_when_the_deck_is_empty():
    g = deal(player=grid(PLAYER, p1="5S", p9="10S"), monster=grid(MONSTER, p1="KH", p5="QH", p9="2D"))
    name_monster(g)
    clear(g, "monster", 2)
    while g.deck_n:
        to_pile(g, g.deck[g.deck_n - 1])
    n = g.pile_n + 1  # and 5S, lost in the duel
    play(g, A(1))
    assert at(g, "monster", 2).startswith("~") and g.state[rogue._SHUFFLES] == 3
    assert g.deck_n == n - 1 and census(g)


def test_hit_one_card_is_lost_and_an_empty_hand_loses_nothing():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QC", p9="2D"),
             hand="BJ")
    name_monster(g)
    play(g, A(1))
    assert g.hand_n == 0 and pile(g)[:2] == ["5D", "BJ"] and g.phase() == PHASE_PLAY  # BJ can be lost
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QC", p9="2D"))
    name_monster(g)
    play(g, A(1))
    assert g.hand_n == 0 and g.phase() == PHASE_PLAY


def test_steal_swaps_a_chosen_eligible_place_each_card_keeping_its_facing():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QD", p9="2D"))
    name_monster(g)
    face_up(g, "monster", 4)  # a face-up monster card is not eligible
    clear(g, "player", 6)  # nor a place where the player has no card
    play(g, A(1))
    # eligible: 2 3 7 8 9 (1: the player's card is gone, 4 face up, 5 the centre, 6 no player card)
    assert g.phase() == PHASE_STEAL
    assert g.pending() == sum(1 << (p - 1) for p in (2, 3, 7, 8, 9))
    assert g.check(P(4)) != 0 and g.check(P(6)) != 0
    p3, m3 = at(g, "player", 3), at(g, "monster", 3)
    play(g, P(3))
    assert at(g, "player", 3) == m3 and m3.startswith("~")  # the monster's card: face down to the player
    assert at(g, "monster", 3) == p3  # the player's card: face up to the monster
    assert census(g)


def test_steal_with_one_eligible_place_takes_it():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QD", p9="2D"))
    name_monster(g)
    face_up(g, "monster", 2, 3, 4, 6, 7, 8, 9)
    face_down(g, "monster", 9)
    play(g, A(1))
    # 9 was the only eligible place: the steal came first (A5), then the reply from 9: the player's
    # own 10S (now the monster's) against 2D (now the player's, revealed): 10S wins
    assert at(g, "monster", 9) == "10S" and at(g, "player", 9) == "" and pile(g)[-1] == "2D"


def test_diamond_critical_steals_every_eligible_place():
    g = deal(player=grid(PLAYER, p1="5D"), monster=grid(MONSTER, p1="AD", p5="QD"))
    name_monster(g)
    clear(g, "monster", 9)  # no reply
    pl, mo = view(g.player), view(g.monster)
    play(g, A(1))
    for p in (2, 3, 4, 6, 7, 8):
        assert at(g, "player", p) == mo[p - 1] and at(g, "monster", p) == pl[p - 1], p
    assert g.phase() == PHASE_PLAY and census(g)


def test_warp_swaps_the_winning_card_with_the_exit_card_in_its_place():
    g = deal(player=grid(PLAYER, p1="AS", p9="4H"), monster=grid(MONSTER, p1="2C", p5="QS", p9="KS"),
             exit=EXIT8)
    name_monster(g)
    play(g, A(1))
    assert at(g, "exit", 9) == "KS" and at(g, "monster", 9) == "9S"


def test_teleport_deals_the_eight_outer_exit_cards_anew():
    g = deal(player=grid(PLAYER, p1="5H", p9="10S"), monster=grid(MONSTER, p1="AS", p5="QS", p9="2D"),
             exit=EXIT8)
    name_monster(g)
    play(g, A(1))
    ex = view(g.exit)
    assert ex[4] == "RJ" and sorted(ex[:4] + ex[5:]) == sorted(EXIT8.split())
    assert g.state[rogue._SHUFFLES] == 3 and at(g, "monster", 1) == "AS"  # no warp


def test_heal_critical_fills_every_empty_place_in_place_order():
    g = deal(player=grid(PLAYER, p1="5S", p9="10S"), monster=grid(MONSTER, p1="AH", p5="QH", p9="2D"),
             deck="8C 9C 10C JC")
    name_monster(g)
    clear(g, "monster", 6, 3, 2)
    play(g, A(1))
    assert [at(g, "monster", p) for p in (2, 3, 6)] == ["~8C", "~9C", "~10C"]
    assert g.deck[g.deck_n - 1] == N("JC") and g.phase() == PHASE_PLAY


def test_heal_critical_stops_when_no_card_is_left():
    g = deal(player=grid(PLAYER, p1="5S", p9="4H"), monster=grid(MONSTER, p1="AH", p5="QH", p9="10D"))
    name_monster(g)
    for p in (2, 3, 6):
        g.monster[p - 1] = 0  # out of play
    g.deck_n = 0  # the deck too
    play(g, A(1))
    # only 5S (lost in the duel) was left: RS1 makes it the deck, it fills place 2, then nothing
    assert view(g.monster)[:3] == ["AH", "~5S", ""] and at(g, "monster", 6) == ""
    assert at(g, "monster", 9) == "10D" and g.deck_n == 0 and g.status == PLAYING  # the reply won


# -- R4, X: retaliation after the kill, death -----------------------------------------------
def test_a_monster_the_attack_broke_still_replies_then_dies():
    g = deal(player=grid(PLAYER, p1="AS", p9="4H"), monster=grid(MONSTER, p1="2C", p9="9D"))
    clear(g, "monster", 2, 3)
    left = [at(g, "monster", p)[1:] for p in range(4, 10)]
    play(g, A(1))
    assert at(g, "player", 9) == "" and pile(g)[-1] == "4H"  # R4: it replied
    assert sorted(hand(g)) == sorted(left)  # X2: then died, cards face up
    assert g.phase() == PHASE_DISCARD  # six in the hand (T1)
    assert all(c >= DOWN for c in g.monster) and census(g)  # M1: the new monster is face down


def test_a_heal_in_the_reply_saves_the_broken_monster():
    g = deal(player=grid(PLAYER, p1="AS", p9="4H"), monster=grid(MONSTER, p1="2C", p5="QH", p9="KH"),
             deck="9C")
    name_monster(g)
    clear(g, "monster", 2, 3)
    play(g, A(1))
    assert g.phase() == PHASE_HEAL and g.pending() == 0b111
    play(g, P(2))
    assert at(g, "monster", 2) == "~9C" and g.hand_n == 0 and g.phase() == PHASE_PLAY
    assert at(g, "monster", 5) == "QH"  # the same monster lives


def test_player_and_monster_both_broken_is_slain():
    g = deal(player=grid(PLAYER, p1="AS", p9="4H"), monster=grid(MONSTER, p1="2C", p9="9D"))
    clear(g, "monster", 2, 3)
    clear(g, "player", 7, 8)
    play(g, A(1))
    assert g.status == LOST and g.end == SLAIN and g.hand_n == 0


def test_the_dead_monsters_cards_go_to_the_hand_the_key_among_them():
    g = deal(player=grid(PLAYER, p1="AS"), monster=grid(MONSTER, p1="2C", p5="QH", p6="BJ"))
    name_monster(g)
    clear(g, "monster", 2, 3, 9)
    left = [at(g, "monster", p).lstrip("~") for p in range(4, 9)]
    play(g, A(1))
    assert "BJ" in left and "QH" in left
    assert sorted(hand(g)) == sorted(left) and g.phase() == PHASE_PLAY
    assert g.named() == 0 and all(c >= DOWN for c in g.monster) and census(g)


def test_a_new_monster_is_dealt_from_the_deck_then_from_the_reshuffled_discards():
    g = deal(player=grid(PLAYER, p1="AS"), monster=grid(MONSTER, p1="2C"), deck="2D 3D 4D 5D")
    clear(g, "monster", 2, 3, 9)
    while g.deck_n > 4:
        to_pile(g, g.deck[0])
    n = g.pile_n + 1
    play(g, A(1))
    assert view(g.monster)[:4] == ["~2D", "~3D", "~4D", "~5D"]  # top of the deck first, places in order
    assert all(c >= DOWN for c in g.monster[4:]) and g.state[rogue._SHUFFLES] == 3  # RS1 mid-deal
    assert g.deck_n == n - 5 and g.pile_n == 0 and census(g)


# -- T1, P, U -----------------------------------------------------------------------------------
def test_discard_to_five_one_chosen_card_a_move_then_play_and_undo_within_discard():
    g = deal(player=PLAYER, monster=MONSTER, hand="2H 3H JD 4H 6H 7H")
    assert g.phase() == PHASE_DISCARD and g.check(SKIP) != 0 and g.check(A(1)) != 0
    play(g, 2)
    assert hand(g) == ["2H", "3H", "4H", "6H", "7H"] and pile(g) == ["JD"] and g.phase() == PHASE_PLAY
    g.undo()
    assert hand(g) == ["2H", "3H", "JD", "4H", "6H", "7H"] and g.pile_n == 0 and g.phase() == PHASE_DISCARD


def test_a_play_that_would_empty_a_row_or_column_is_refused_and_names_it():
    g = deal(player=PLAYER, monster=MONSTER)
    clear(g, "player", 2, 3)
    assert g.check(rn.take(0)) == R_ROW + 1
    assert g.check(rn.swap(0, 1)) == 0  # P2: to 2, row 1 keeps a card
    assert g.check(rn.swap(0, 4)) == 0  # P1: a swap never empties anything
    g = deal(player=PLAYER, monster=MONSTER)
    clear(g, "player", 1, 4)
    assert g.check(rn.take(6)) == R_COL + 1
    assert g.check(rn.swap(6, 0)) == 0  # P2 to place 1 keeps column 1
    clear(g, "player", 8, 9)
    assert g.check(rn.swap(6, 0)) == R_ROW + 3


def test_undo_takes_back_a_plain_play_but_never_a_reveal_the_attack_or_a_choice():
    g = deal(player=PLAYER, monster=MONSTER, hand="2H")
    before = view(g.player)
    play(g, rn.swap(0, 8))
    assert g.can_undo() and g.undo() == rn.swap(0, 8) and view(g.player) == before
    clear(g, "player", 2)
    play(g, rn.from_hand(0, 1))  # P5
    assert g.undo() >= 0 and hand(g) == ["2H"] and at(g, "player", 2) == ""
    face_down(g, "player", 3)
    play(g, SKIP)
    g = deal(player=PLAYER, monster=MONSTER)
    face_down(g, "player", 3)
    play(g, rn.flip(2))  # P3 reveals
    assert not g.can_undo() and at(g, "player", 3) == before[2]
    g = deal(player=PLAYER, monster=MONSTER, hand="2H")
    face_down(g, "player", 3)
    play(g, rn.from_hand(0, 2))  # P4 onto a face-down card: it is revealed in the hand
    assert not g.can_undo() and hand(g) == [before[2]] and at(g, "player", 3) == "2H"
    g = deal(player=PLAYER, monster=MONSTER)
    face_down(g, "player", 3)
    play(g, rn.take(2))  # P6 of a face-down card
    assert not g.can_undo() and hand(g) == [before[2]]
    g = deal(player=PLAYER, monster=MONSTER)
    play(g, SKIP, A(1))
    assert not g.can_undo()


# -- E: the exit -----------------------------------------------------------------------------
def test_at_the_exit_with_the_key_any_play_escapes_before_the_attack():
    g = deal(player=AT_EXIT, monster=MONSTER, exit=EXIT8)
    assert g.at_exit()
    play(g, SKIP)
    assert g.status == WON and g.end == ESCAPED and g.pile_n == 0  # no duel was fought
    g = deal(player=AT_EXIT, monster=MONSTER, exit=EXIT8)
    play(g, A(1))  # an attack in PLAY skips the play; T3 comes first
    assert g.status == WON and g.pile_n == 0


def test_a_face_down_card_never_matches_and_flipping_it_escapes_at_that_T3():
    g = deal(player=AT_EXIT, monster=MONSTER, exit=EXIT8)
    face_down(g, "player", 2)
    assert not g.at_exit()
    assert g.check(SKIP) == 0
    play(g, rn.flip(1))
    assert g.status == WON


def test_a_face_down_card_blocks_the_escape():
    g = deal(player=AT_EXIT, monster=grid(MONSTER, p2="2C", p8="2D"), exit=EXIT8)
    face_down(g, "player", 2)
    play(g, SKIP)
    assert g.status == PLAYING and g.phase() == PHASE_ATTACK


def test_a_joker_never_matches_the_exit():
    g = deal(player=grid(AT_EXIT, p1="BJ", p5="10S"), monster=MONSTER, exit=EXIT8)  # BJ is "spades" in cards.py
    assert not g.matches(0) and g.matches(1)


def test_the_key_placed_from_the_hand_escapes_at_once_but_only_after_the_discard():
    # the player is at the exit but holds the key in the hand; the attack kills the monster, so the
    # next turn starts with seven cards: DISCARD twice first, then the PLAY puts BJ in the centre
    g = deal(player=grid(AT_EXIT, p5="2H"), monster=grid(MONSTER, p1="2C"), exit=EXIT8, hand="BJ 3C")
    clear(g, "monster", 2, 3, 9)
    assert g.at_exit()
    play(g, A(1))
    assert g.status == PLAYING and g.hand_n == 7 and g.phase() == PHASE_DISCARD
    play(g, 1)
    assert g.status == PLAYING and g.phase() == PHASE_DISCARD
    play(g, 1)
    assert g.status == PLAYING and g.phase() == PHASE_PLAY and hand(g)[0] == "BJ"
    play(g, rn.from_hand(0, 4))
    assert g.status == WON and g.end == ESCAPED


def test_at_the_exit_without_the_key_the_turn_goes_on():
    g = deal(player=grid(AT_EXIT, p5="2H"), monster=grid(MONSTER, p1="2C"), exit=EXIT8)
    play(g, SKIP)
    assert g.status == PLAYING and g.phase() == PHASE_ATTACK


# -- C: the campaign ---------------------------------------------------------------------------
def campaign_at_exit(player=AT_EXIT, monster="2C 3C 4C 5C 6C 7C 8C 9C 10C", **kw):
    return deal(player=player, monster=monster, exit=EXIT8, rules=CAMPAIGN, **kw)


def test_escaping_a_floor_feeds_a_face_card_the_player_picks_from_the_player_grid_first():
    g = campaign_at_exit(player=AT_EXIT_FACES, hand="KD")
    play(g, SKIP)
    assert g.phase() == PHASE_BUFFET and g.status == PLAYING
    out = bytearray(12)
    assert g.candidates(out) == 3 and view(out, 3) == ["JS", "QS", "KS"]
    play(g, 1)
    assert view(g.buffet, g.buffet_n) == ["QS"] and g.phase() == PHASE_BETWEEN
    play(g, NEXT)
    assert g.floor == 2 and g.phase() == PHASE_PLAY and hand(g) == ["KD"]
    assert all(c >= DOWN for c in g.monster) and g.exit[4] == RJ and census(g)
    assert where(g, BJ)[0] in ("monster", "deck")  # S4: the key went back among the monster cards


@pytest.mark.parametrize("placed, fed", [
    ("exit pile hand monster", "JS"), ("pile hand monster", "QH"), ("hand monster", "KD"), ("monster", "JD")])
def test_the_buffet_looks_in_the_exit_the_pile_the_hand_then_the_monster(placed, fed):
    ex = EXIT8.replace("2S", "JS") if "exit" in placed else EXIT8
    g = deal(player=AT_EXIT, exit=ex, monster="JD 3C 4C 5C 6C 7C 8C 9C 10C" if "monster" in placed else
             "2C 3C 4C 5C 6C 7C 8C 9C 10C", hand="KD" if "hand" in placed else "", rules=CAMPAIGN)
    if "pile" in placed:
        to_pile(g, N("QH"))
    play(g, SKIP)
    assert view(g.buffet, g.buffet_n) == [fed] and g.phase() == PHASE_BETWEEN


def test_with_face_cards_only_in_the_deck_the_buffet_takes_one_from_the_deck():
    g = campaign_at_exit()
    play(g, SKIP)
    out = bytearray(12)
    assert g.phase() == PHASE_BUFFET and g.candidates(out) == 12
    pick = view(out, 12)[5]
    play(g, 5)
    assert view(g.buffet, g.buffet_n) == [pick] and where(g, N(pick)) == ("buffet", 0) and census(g)


def gauntlet_ready():
    """Floor 10 with nine cards in the Buffet, at the exit with the key; JD in the monster."""
    g = campaign_at_exit(monster="JD 3C 4C 5C 6C 7C 8C 9C 10C")
    for c in "QH QD QC QS KH KD KC KS JH".split():
        g.buffet[g.buffet_n] = lift(g, N(c))
        g.buffet_n += 1
    g.floor = 10
    return g


def test_the_tenth_buffet_card_opens_the_gauntlet_reset_with_a_named_monster_from_the_buffet():
    g = gauntlet_ready()
    play(g, SKIP)  # escape floor 10; JD (the only candidate) is fed
    assert g.buffet_n == 10 and g.phase() == PHASE_BETWEEN
    play(g, NEXT)
    assert g.floor == 11 and g.status == PLAYING
    assert at(g, "monster", 5) == "QH" and g.named() == N("QH")  # M2: floor 1's card first, face up
    assert [g.buffet[i] for i in range(g.buffet_n)] == [N(c) for c in "QD QC QS KH KD KC KS JH JD".split()]
    assert all(g.monster[i] >= DOWN for i in range(9) if i != 4)
    assert g.player[4] != BJ and where(g, BJ)[0] in ("monster", "deck")  # C3: the board was reset
    assert census(g)


def gauntlet(monster, player=PLAYER, hand=""):
    """A gauntlet floor (11) with an empty Buffet: the monster's centre (named) is its last card."""
    g = deal(player=player, monster=monster, exit=EXIT8, hand=hand, rules=CAMPAIGN)
    g.floor = 11
    name_monster(g)
    return g


def test_starving_when_a_monster_dies_with_the_buffet_empty_earns_both_hunger_achievements():
    g = gauntlet(grid(MONSTER, p1="2C", p5="QC"), player=grid(PLAYER, p1="AS"))
    clear(g, "monster", 2, 3, 9)
    play(g, A(1))
    assert g.status == LOST and g.end == STARVED
    assert achievements(g, 0) == AC2 | AC3


def test_starving_after_the_key_came_to_the_hand_is_no_where_did_i_leave_my_keys():
    g = gauntlet(grid(MONSTER, p1="2C", p5="QC", p4="BJ"), player=grid(PLAYER, p1="AS"))
    clear(g, "monster", 2, 3, 9)
    play(g, A(1))
    assert g.end == STARVED and "BJ" in hand(g)
    assert achievements(g, 0) == AC3


def test_being_at_the_exit_without_the_key_on_the_gauntlet_loses_too_dark():
    g = gauntlet(grid(MONSTER, p1="2C", p5="QC"), player=grid(AT_EXIT, p1="AS", p5="2H"))
    clear(g, "monster", 2, 3, 9)
    assert g.at_exit()
    play(g, A(1))
    assert g.end == STARVED and achievements(g, 0) == AC2


def test_escaping_the_gauntlet_wins_and_four_aces_in_hand_is_master_rogue():
    g = gauntlet(MONSTER, player=AT_EXIT, hand="AS AH AD AC")
    play(g, SKIP)
    assert g.status == WON and g.end == ESCAPED
    assert achievements(g, 0) == AC4 | AC5
    assert achievements(g, AC1 | AC2 | AC3) == AC4 | AC5 | AC6
    g = gauntlet(MONSTER, player=AT_EXIT, hand="AS AH AD")
    play(g, SKIP)
    assert achievements(g, 0) == AC4


def test_quick_play_escaped_is_zero_to_hero_and_rodney_needs_all_five():
    g = deal(player=AT_EXIT, monster=MONSTER, exit=EXIT8)
    play(g, SKIP)
    assert achievements(g, 0) == AC1
    assert achievements(g, AC2 | AC3 | AC4) == AC1
    assert achievements(g, AC2 | AC3 | AC4 | AC5) == AC1 | AC6


# -- more corners ----------------------------------------------------------------------------
def test_a_monster_named_by_the_attack_strikes_with_a_face_card_revealed_in_the_reply():
    # the attack names QC (9H beats the old centre 7C); the reply's KC, revealed, beats 4H: a hit, chosen
    g = deal(player=grid(PLAYER, p1="9H", p9="4H"), monster=grid(MONSTER, p1="QC", p5="7C", p9="KC"),
             hand="2H 3H")
    play(g, A(1))
    assert at(g, "monster", 5) == "QC" and at(g, "monster", 9) == "KC" and at(g, "player", 9) == ""
    assert g.phase() == PHASE_CLUB and g.pending() == 0b11
    play(g, 0)
    assert hand(g) == ["3H"] and g.phase() == PHASE_PLAY


def test_the_reply_reveals_a_face_down_player_card_and_a_reply_tie_discards_both():
    g = deal(player=grid(PLAYER, p1="AS", p9="10S"), monster=grid(MONSTER, p1="2C", p9="2D"))
    face_down(g, "player", 9)
    play(g, A(1))
    assert at(g, "player", 9) == "10S" and pile(g) == ["2C", "2D"]
    g = deal(player=grid(PLAYER, p1="AS", p9="10S"), monster=grid(MONSTER, p1="2C", p9="10D"))
    play(g, A(1))
    assert at(g, "player", 9) == "" and at(g, "monster", 9) == "" and pile(g) == ["2C", "10S", "10D"]


def test_undo_goes_back_through_the_play_and_the_discards_to_the_turns_start():
    g = deal(player=PLAYER, monster=MONSTER, hand="2H 3H 4H 6H 7H BJ")
    before = view(g.player)
    play(g, 5)  # the key may be discarded too (T1: any card)
    assert pile(g) == ["BJ"] and g.phase() == PHASE_PLAY
    play(g, rn.swap(0, 4))
    assert g.undo() == rn.swap(0, 4) and view(g.player) == before and g.phase() == PHASE_PLAY
    assert g.undo() == 5 and g.phase() == PHASE_DISCARD and hand(g)[-1] == "BJ" and g.pile_n == 0
    assert not g.can_undo()


def test_a_swap_keeps_each_cards_facing_the_centre_too():
    g = deal(player=PLAYER, monster=MONSTER)
    face_down(g, "player", 1)
    c1, c5 = at(g, "player", 1), at(g, "player", 5)
    play(g, rn.swap(0, 4))
    assert at(g, "player", 5) == c1 and c1.startswith("~") and at(g, "player", 1) == c5


def test_a_steal_of_a_face_down_player_card_leaves_it_face_down_in_the_monster():
    g = deal(player=grid(PLAYER, p1="5D", p9="10S"), monster=grid(MONSTER, p1="KD", p5="QD", p9="2D"))
    name_monster(g)
    face_up(g, "monster", 2, 4, 6, 7, 8, 9)
    face_down(g, "player", 3)
    p3, m3 = at(g, "player", 3), at(g, "monster", 3)
    play(g, A(1))  # one eligible place, 3: taken at once
    assert at(g, "monster", 3) == p3 and p3.startswith("~") and at(g, "player", 3) == m3


def test_heal_draws_the_last_card_left_the_one_just_lost_in_its_duel():
    g = deal(player=grid(PLAYER, p1="5S", p9="4H"), monster=grid(MONSTER, p1="KH", p5="QH", p9="10D"))
    name_monster(g)
    g.monster[1] = 0  # out of play, as is the whole deck
    g.deck_n = 0
    play(g, A(1))
    # the only card left to draw was 5S, lost in this duel: one card, so the heal takes it (RS1)
    assert at(g, "monster", 2) == "~5S" and g.phase() == PHASE_PLAY
    g = deal(player=grid(PLAYER, p1="5S", p9="4H"), monster=grid(MONSTER, p1="KH", p5="QH", p9="10D"))
    name_monster(g)
    g.monster[1] = g.monster[2] = 0
    g.deck_n = 0
    g.pile_n = 0
    play(g, A(1))  # a choice of two places, one card (5S): the player picks where it goes
    assert g.phase() == PHASE_HEAL
    play(g, P(3))
    assert at(g, "monster", 3) == "~5S" and at(g, "monster", 2) == ""


def test_the_buffet_takes_the_exits_face_card_the_player_picks_when_there_are_several():
    ex = EXIT8.replace("2S", "JS").replace("4S", "QH")  # exit 1 JS (10S: suit) and exit 3 QH (4H: suit)
    g = deal(player=AT_EXIT, exit=ex, monster="2C 3C 4C 5C 6C 7C 8C 9C 10C", rules=CAMPAIGN)
    play(g, SKIP)
    out = bytearray(12)
    assert g.phase() == PHASE_BUFFET and g.candidates(out) == 2 and view(out, 2) == ["JS", "QH"]
    play(g, 1)
    assert view(g.buffet, g.buffet_n) == ["QH"] and at(g, "exit", 1) == "JS"


def test_a_teleport_is_the_same_for_the_same_deal_and_moves():
    def run():
        g = deal(player=grid(PLAYER, p1="5H", p9="10S"), monster=grid(MONSTER, p1="AS", p5="QS", p9="2D"),
                 exit=EXIT8)
        name_monster(g)
        play(g, A(1))
        return view(g.exit)
    assert run() == run()


def test_the_hand_can_reach_twelve_and_discards_down_to_five():
    # five in the hand, one more taken (P6), then the attack kills a monster with six cards left
    g = deal(player=grid(PLAYER, p1="AS", p9="2S"), monster=grid(MONSTER, p1="2C", p2="3D", p3="4H", p9="10D"),
             hand="2H 3H 6H 7H 8H")
    clear(g, "monster", 3)
    g.monster[1] = 0  # monster row 1 is now 1 alone; 3D out of play
    play(g, rn.take(1), A(1))
    assert g.hand_n == 12 and g.phase() == PHASE_DISCARD
    for _ in range(7):
        assert g.phase() == PHASE_DISCARD
        play(g, 0)
    assert g.hand_n == 5 and g.phase() == PHASE_PLAY

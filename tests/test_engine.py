"""The engine's shared parts: cards, the seeded PRNG, saves, and random legal
play that never loses a card."""

import pytest

from engine import cards, notation, save_checks, saves
from games.crawl import rules as crawl
from games.ctd import rules as ctd
from games.ctd import desk_bots as bots
from engine.game import LOST, NO_SEED, PLAYING, WON
from engine.rng import SEED_MAX, Rng
from tests.conftest import sweep
from tests.ctd_decks import deal, play
from games.ctd import desk_notation as ctd_notation
from games.crawl import desk_notation as crawl_notation


# -- cards ------------------------------------------------------------------------
def test_card_text_round_trip_for_all_54():
    deck = cards.standard_deck()
    assert len(set(deck)) == 54
    for c in deck:
        assert notation.parse(notation.name(c)) == c
    assert notation.name(notation.parse("10h")) == "10H"
    assert notation.parse("RJ") != notation.parse("BJ")
    assert cards.is_joker(notation.parse("RJ")) and cards.is_joker(notation.parse("bj"))


@pytest.mark.parametrize("bad", ["1H", "11S", "KX", "J", "", "JOKER", "10"])
def test_unknown_card_text_is_refused_naming_it(bad):
    with pytest.raises(ValueError) as e:
        notation.parse(bad)
    assert repr(bad.strip())[1:-1] in str(e.value)


def test_face_down_flag_does_not_change_the_card():
    c = notation.parse("QS")
    assert notation.name(c | cards.FACE_DOWN) == "QS"
    assert cards.rank(c | cards.FACE_DOWN) == 12 and cards.suit(c | cards.FACE_DOWN) == cards.SPADES


# -- PRNG ------------------------------------------------------------------------
def test_same_seed_same_sequence_and_values_stay_small():
    a, b = Rng(42), Rng(42)
    seq = [a.below(30269) for _ in range(1000)]  # below the generator's modulus: its raw values
    assert seq == [b.below(30269) for _ in range(1000)]
    assert all(0 <= v < 30269 for v in seq)
    assert max(a.a, a.b, a.c) < 2**15


def test_neighbouring_seeds_give_unrelated_deals():
    d1 = ctd.Dungeon(0).deal(1)
    d2 = ctd.Dungeon(0).deal(2)
    same = sum(1 for i in range(12) if d1.monsters[i] == d2.monsters[i])
    assert same <= 4
    assert bytes(d1.hand) != bytes(d2.hand)


def test_below_is_roughly_uniform():
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(800 < c < 1200 for c in counts), counts


def test_seed_range_is_checked():
    with pytest.raises(ValueError):
        Rng(-1)
    with pytest.raises(ValueError):
        Rng(2**30)
    with pytest.raises(ValueError):
        Rng(SEED_MAX + 1)
    Rng(2**30 - 1)
    assert SEED_MAX == 2**30 - 1  # the largest small int of a 32-bit board: no literal of 2**30 in device code


def test_a_known_deal_never_changes():
    # Saved deals, bug reports and published deal numbers depend on this.
    g = ctd.Dungeon(ctd.CLASSIC).deal(7)
    first = " ".join(notation.name(c & 0x7F) for c in g.monsters) + " | " + " ".join(notation.names(g.hand))
    assert first == KNOWN_DEAL_7


KNOWN_DEAL_7 = "JS QC KS KC QH JC QS JH JD KH KD QD | AH 10H 8C"


def test_a_known_crawl_deal_and_flee_never_change():
    g = crawl.Soltura(crawl.SCORE).deal(7)
    assert " ".join(notation.names(g.room)) + " | " + " ".join(notation.name(g.top(i)) for i in range(4)) == (
        "8S 7C KC QC | 8D 2D 9D 5S")
    # Flee reshuffles from the seed, here NO_SEED (a given deck): the same cards as before NO_SEED was -1
    order = notation.parse_list("BJ KS KC AS 2C 3C 4C 5C")
    g = crawl.Soltura(crawl.SCORE)
    crawl_notation.deal_crawl(g, bytearray(list(order) + [c for c in g.every_card() if c not in order]))
    assert g.play(crawl.move(crawl.A_FLEE, 0)) == 0
    assert " ".join(notation.names(g.room)) + " | " + " ".join(notation.name(g.top(i)) for i in range(6)) == (
        "7C 5H 9C 8D | 7D 4H 2C QS 3S 4D")


# -- saves -----------------------------------------------------------------------
@pytest.mark.parametrize("rules", (ctd.CLASSIC, ctd.RESERVE, ctd.ONESTRIKE))
def test_save_round_trip_fits_256_bytes(rules):
    g = ctd.Dungeon(rules).deal(99)
    rng = Rng(5)
    for _ in range(10):
        g.play(bots.greedy_bot(g, rng))
    buf = bytearray(256)
    n = saves.save(g, buf)
    assert n <= 256
    h = save_checks.load(ctd.Dungeon, buf[:n], 3)
    buf2 = bytearray(256)
    assert saves.save(h, buf2) == n and buf2[:n] == buf[:n]
    assert h.status == g.status and h.moves == g.moves and h.seed == 99
    # the loaded game plays on exactly like the original
    r1, r2 = Rng(3), Rng(3)
    while g.status == PLAYING:
        m = bots.greedy_bot(g, r1)
        assert bots.greedy_bot(h, r2) == m
        g.play(m)
        h.play(m)
    assert save_checks.census(g) == save_checks.census(h) and g.status == h.status


def _saved():
    g = ctd.Dungeon(ctd.CLASSIC).deal(3)
    buf = bytearray(256)
    n = saves.save(g, buf)
    return bytearray(buf[:n])


def test_corrupt_save_is_refused_with_a_reason():
    buf = _saved()
    buf[40] ^= 0x01
    with pytest.raises(saves.SaveError, match="checksum"):
        save_checks.load(ctd.Dungeon, buf, 3)


def test_truncated_or_foreign_save_is_refused():
    buf = _saved()
    with pytest.raises(saves.SaveError, match="too short"):
        save_checks.load(ctd.Dungeon, buf[:50], 3)
    buf[1] = 9
    with pytest.raises(saves.SaveError, match="another game"):
        save_checks.load(ctd.Dungeon, buf, 3)
    buf = _saved()
    buf[0] = 7
    with pytest.raises(saves.SaveError, match="version"):
        save_checks.load(ctd.Dungeon, buf, 3)


def _checksummed(buf, n):
    """buf[:n] with its checksum made good again after an edit."""
    c = saves.crc16(buf, 0, n - 2)
    buf[n - 2] = c & 0xFF
    buf[n - 1] = c >> 8
    return buf[:n]


def _ctd_order():
    deck = cards.standard_deck()
    return bytearray([c for c in deck if 11 <= c & 15 <= 13] + [c for c in deck if not 11 <= c & 15 <= 13])


@pytest.mark.parametrize("game_class", (ctd.Dungeon, crawl.Soltura, crawl.Scoundrel))
def test_no_seed_is_saved_as_ff_bytes_and_loaded_back(game_class):
    g = game_class(0)  # dealt from a given deck: no seed
    if game_class is ctd.Dungeon:
        ctd_notation.deal_ctd(g, _ctd_order())
    else:
        crawl_notation.deal_crawl(g, g.every_card())
    assert g.seed == NO_SEED == -1
    buf = bytearray(256)
    n = saves.save(g, buf)
    assert buf[4:8] == b"\xff\xff\xff\xff"
    assert save_checks.load(game_class, buf[:n], len(game_class.RULE_NAMES)).seed == NO_SEED


def test_the_largest_seed_round_trips_and_a_seed_of_2_to_the_30_is_refused():
    g = ctd.Dungeon(ctd.CLASSIC).deal(SEED_MAX)
    buf = bytearray(256)
    n = saves.save(g, buf)
    assert buf[4:8] == b"\xff\xff\xff\x3f" and save_checks.load(ctd.Dungeon, buf[:n], 3).seed == SEED_MAX
    buf[7] = 0x40  # 2**30 + ...: a heap int on a 32-bit board
    with pytest.raises(saves.SaveError, match="seed"):
        save_checks.load(ctd.Dungeon, _checksummed(buf, n), 3)


def test_snapshot_and_restore_copy_the_whole_state_and_the_parts_are_views_into_it():
    g = crawl.Soltura(crawl.SCORE).deal(5)
    assert isinstance(g.room, memoryview) and len(g.state) == 46 + 4 + 26 + 46 + 26 + 2 + len(g.SAVED)
    snap = bytearray(len(g.state))
    g.snapshot(snap)
    before = bytes(g.room), g.hp, g.deck_n
    g.room[0] = 0
    g.hp = 3
    g.deck_n = 1
    g.restore(snap)
    assert (bytes(g.room), g.hp, g.deck_n) == before
    assert g.state[-len(g.SAVED):][g.SAVED.index("hp")] == g.hp  # the ints ride at the end of the state


def test_desktop_reason_names_match_the_engines_private_codes():
    # the engine keeps its reason and loss codes private (no heap on the board); on
    # CPython const() is the identity, so the private names are there to compare
    for module, words, prefix in ((ctd, ctd_notation, "CTD_"), (crawl, crawl_notation, "CRAWL_")):
        private = {k[1:]: v for k, v in vars(module).items() if k.startswith(("_R_", "_LOSS_"))}
        named = {k[len(prefix):]: v for k, v in vars(words).items() if k.startswith((prefix + "R_", prefix + "LOSS_"))}
        assert private and named == private
    assert len(ctd_notation.CTD_REASONS) == ctd._R_NO_SUCH + 1 and len(crawl_notation.CRAWL_REASONS) == crawl._R_NO_SUCH + 1


def test_save_with_a_card_twice_is_refused_even_with_a_good_checksum():
    g = ctd.Dungeon(ctd.CLASSIC).deal(3)
    g.hand[0] = g.hand[1]
    buf = bytearray(256)
    n = saves.save(g, buf)
    with pytest.raises(saves.SaveError, match="each card once"):
        save_checks.load(ctd.Dungeon, buf[:n], 3)


# -- random legal play -----------------------------------------------------------
@pytest.mark.parametrize("rules", (ctd.CLASSIC, ctd.RESERVE, ctd.ONESTRIKE))
@pytest.mark.parametrize("bot", ("random", "greedy"))
def test_random_legal_play_never_crashes_and_keeps_all_54_cards(rules, bot):
    play_bot = bots.BOTS[bot]
    for seed in range(150):
        g = ctd.Dungeon(rules).deal(seed)
        rng = Rng(seed + 1000)
        steps = 0
        while g.status == PLAYING:
            n = g.legal_moves()
            assert n > 0
            mv = play_bot(g, rng)
            assert g.play(mv) == 0
            save_checks.check_cards(g)
            # undo, then redo, where the move allows it
            if g.can_undo() and rng.below(4) == 0:
                before = bytes(g.hand) + bytes(g.attacks) + bytes(g.pile)
                assert g.undo() == mv
                assert g.play(mv) == 0
                assert bytes(g.hand) + bytes(g.attacks) + bytes(g.pile) == before
            steps += 1
            assert steps < 200
        assert g.status in (WON, LOST)
        assert len(save_checks.census(g)) == 54
        if g.status == WON:
            assert g.kills == 12 and g.score() == 42 - g.top
        else:
            assert g.loss in (ctd_notation.CTD_LOSS_DAMAGE, ctd_notation.CTD_LOSS_SPENT, ctd_notation.CTD_LOSS_STUCK)


def test_illegal_moves_change_nothing_over_random_states():
    rng = Rng(11)
    for seed in range(sweep(9, 40)):  # each rule set in turn
        g = ctd.Dungeon(seed % 3).deal(seed)
        while g.status == PLAYING:
            for mv in range(256):
                if g.check(mv):
                    before = bytearray(256)
                    saves.save(g, before)
                    log = g.log_n
                    assert g.play(mv) != 0
                    after = bytearray(256)
                    saves.save(g, after)
                    assert before == after and g.log_n == log
            g.play(bots.random_bot(g, rng))


def test_notation_round_trip_for_every_legal_move():
    rng = Rng(1)
    g = ctd.Dungeon(ctd.RESERVE).deal(5)
    while g.status == PLAYING:
        n = g.legal_moves()
        for i in range(n):
            mv = g.legal[i]
            assert ctd_notation.parse_ctd_move(g, ctd_notation.ctd_move_text(g, mv)) == mv
        g.play(bots.random_bot(g, rng))


def test_move_text_errors_say_what_is_wrong():
    g = deal(ctd.CLASSIC, [], "5H 6D 7C")
    with pytest.raises(ValueError, match="not in the hand"):
        ctd_notation.parse_ctd_move(g, "9S>1")
    with pytest.raises(ValueError, match="not a column"):
        ctd_notation.parse_ctd_move(g, "5H>9")
    with pytest.raises(ValueError, match="CARD>COLUMN"):
        ctd_notation.parse_ctd_move(g, "5H")
    assert play(g, "5h>d") == 0


def _refused(game, match="impossible"):
    buf = bytearray(256)
    n = saves.save(game, buf)
    with pytest.raises(saves.SaveError, match=match):
        save_checks.load(type(game), buf[:n], len(game.RULE_NAMES))


def _ctd_mid(rules=ctd.CLASSIC):
    g = ctd.Dungeon(rules).deal(7)
    g.play(bots.greedy_bot(g, Rng(1)))
    return g


def test_the_impossible_states_of_issue_9_are_refused_with_a_reason():
    g = _ctd_mid()
    g.pile_n = 43  # 43 of 42 slots
    _refused(g, "pile count")
    g = _ctd_mid()
    g.pile_n += 1  # the count past the cards
    _refused(g, "pile not filled")
    g = _ctd_mid()
    g.status, g.loss = LOST, 255
    _refused(g, "reason")
    g = _ctd_mid()
    g.loss = 1  # a game in play with a loss reason
    _refused(g)
    g = _ctd_mid()
    h = next(i for i in range(3) if g.hand[i])
    g.monsters[0], g.hand[h] = g.hand[h], g.monsters[0]  # each card still once
    _refused(g, "power card among the monsters")
    g = _ctd_mid()
    g.monsters[0] |= cards.FACE_DOWN  # the front face down
    _refused(g, "face down")
    g = _ctd_mid()
    g.monsters[1] &= 0x7F  # face up below the front
    _refused(g, "face up")
    g = _ctd_mid()
    g.status = WON
    _refused(g, "won")
    g = crawl.Soltura(0).deal(5)
    g.hp = 218
    _refused(g, "HP")
    g = crawl.Soltura(0).deal(5)
    g.status = LOST  # lost with HP left
    _refused(g, "HP left")
    g = crawl.Soltura(0).deal(5)
    j = next(i for i in range(g.deck_n) if crawl.kind(g.deck[i]) == crawl.JOKER)
    g.weapon = g.deck[j]
    g.deck[j] = g.deck[g.deck_n - 1]
    g.deck[g.deck_n - 1] = 0
    g.deck_n -= 1
    _refused(g, "weapon")
    g = crawl.Scoundrel(0).deal(5)
    g.deck[g.deck_n - 1] |= cards.FACE_DOWN  # no card lies face down in the crawl
    _refused(g, "face-down")


def test_a_byte_0_turned_ff_as_erased_flash_reads_fails_the_crc():
    """Fletcher-16 adds 255 = 0 (mod 255) for it, and passed every such save."""
    for g in (_ctd_mid(), crawl.Soltura(1).deal(4), crawl.Scoundrel(1).deal(4)):
        buf = bytearray(256)
        n = saves.save(g, buf)
        zeros = [i for i in range(3, n - 2) if buf[i] == 0]  # (a bad rule set byte is refused first)
        assert len(zeros) > 50
        for i in zeros:
            bad = bytearray(buf[:n])
            bad[i] = 0xFF
            with pytest.raises(saves.SaveError, match="checksum"):
                save_checks.load(type(g), bad, len(g.RULE_NAMES))


def test_crc16_is_ccitt_false():
    assert saves.crc16(b"123456789", 0, 9) == 0x29B1


@pytest.mark.parametrize("game_class", (ctd.Dungeon, crawl.Soltura, crawl.Scoundrel))
def test_validate_passes_every_state_of_random_play_and_the_end(game_class):
    for rules in range(len(game_class.RULE_NAMES)):
        for seed in range(6):
            g = game_class(rules).deal(seed)
            rng = Rng(seed)
            while g.status == PLAYING:
                n = g.legal_moves()
                g.play(g.legal[rng.below(n)])
                save_checks.validate(g)

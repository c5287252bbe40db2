"""The save store (engine/store.py): every record kind round trips through a
reload, stats count what they should, resume replays moves and undos to the
same state byte for byte, blank, foreign and damaged sectors load without
writing, compaction keeps everything, a move record allocates nothing under
MicroPython, and the power-cut test (a fake RP2040 NVM, tests/rp2040_nvm.py,
cut at sampled steps of a scripted run; tools/powercut.py runs every step)."""

import os
import random
import subprocess

import pytest

from engine import saves
from games.crawl import rules as crawl
from games.crawl import desk_bots as crawl_bots
from games.ctd import rules as ctd
from games.ctd import desk_bots as ctd_bots
from games.rogue import rules as rogue
from games.rogue import desk_bots as rogue_bots
from engine import store as st
from engine.game import PLAYING, WON
from engine.rng import Rng
from tests.conftest import sweep
from tests.rp2040_nvm import PowerCut, RP2040NVM
from tools import mpy
from engine import store_log
from tools import powercut as pc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def reload(store):
    """The store a reboot would load from this one's bytes (read only)."""
    nvm = RP2040NVM(image=store.nvm.flash) if isinstance(store.nvm, RP2040NVM) else bytearray(store.nvm)
    again = st.Store(nvm)
    if isinstance(nvm, RP2040NVM):
        assert nvm.writes == 0
    return again


def play(game, bots, n, rng, store=None, undo_every=0):
    """Up to n bot moves (and an undo every undo_every moves when one can),
    each recorded in store after it is applied."""
    for i in range(n):
        if game.status != PLAYING:
            return
        mv = bots.greedy_bot(game, rng)
        assert game.play(mv) == 0
        if store:
            assert store.move(game.GAME_ID, mv)
        if undo_every and i % undo_every == undo_every - 1 and game.can_undo():
            assert game.undo() >= 0
            if store:
                assert store.move(game.GAME_ID, st.UNDO)


def same_game(a, b):
    """The same game byte for byte: its whole save image (state, saved ints,
    moves, status, seed, rule set), and its undo log."""
    assert a is not None
    assert pc.image(a) == pc.image(b) and a.log[:a.log_n] == b.log[:b.log_n]


# -- the format ----------------------------------------------------------------------
def test_crc16_is_ccitt():
    assert st.crc16(b"123456789", 0, 9) == 0x29B1
    assert st.crc16(b"xx123456789", 2, 11) == 0x29B1


def test_header_and_a_move_record_byte_for_byte():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    g = ctd.Dungeon(0).deal(7)
    assert s.checkpoint(g)
    head = nvm.flash[:16]
    assert head[:6] == b"DKCR\x01\x00" and head[6:10] == b"\x01\x00\x00\x00" and head[10:14] == b"\x00" * 4
    assert st.crc16(head, 0, 14) == head[14] | (head[15] << 8)
    # the checkpoint: tag 0x41, payload = practice flags + saves.py image
    img = bytearray(256)
    n = saves.save(g, img)
    assert nvm.flash[16] == 0x41 and nvm.flash[17] == n + 1 and nvm.flash[18:20] == b"\x00\x00"
    assert nvm.flash[20] == 0 and nvm.flash[21:21 + n] == img[:n]
    assert s.end == 16 + ((n + 1 + 7 + 7) // 8) * 8 == 16 + 192  # 182-byte save: a 192-byte record
    p = s.end
    mv = ctd_bots.greedy_bot(g, Rng(1))
    g.play(mv)
    assert s.move(1, mv)
    rec = nvm.flash[p:p + 8]
    assert rec[0] == 0x51 and rec[1] == 1 and rec[2:4] == b"\x01\x00" and rec[4] == mv
    assert st.crc16(rec, 0, 5) == rec[5] | (rec[6] << 8) and rec[7] == 0
    assert s.end == p + 8 and nvm.flash[p + 8:] == b"\xff" * (4096 - p - 8)


@pytest.mark.parametrize("kind,payload,size", [
    ("settings", 6, 16), ("achievements", 4, 16), ("stats", 10, 24), ("move", 1, 8),
    ("result", 14, 24), ("practice result", 0, 8)])
def test_record_sizes(kind, payload, size):
    assert st._span(payload) == size


def test_every_record_kind_round_trips():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    s.settings[st.SET_CONTRAST] = 3
    s.settings[st.SET_SLEEP] = 4
    s.settings[st.SET_LAST_GAME] = 0x21
    s.settings[st.SET_FLAGS] = st.FLAG_HINTS_LEARNED
    assert s.save_settings()
    s.earn(1 << 29 | 5, at_once=True)
    d = ctd.Dungeon(1).deal(11)
    assert s.checkpoint(d, practice=True)
    play(d, ctd_bots, 10, Rng(2), s, undo_every=4)
    sol = crawl.Soltura(0).deal(3)
    assert s.checkpoint(sol)
    play(sol, crawl_bots, 7, Rng(3), s, undo_every=3)
    sc = crawl.Scoundrel(1).deal(5)
    s.checkpoint(sc)
    play(sc, crawl_bots, 5, Rng(4), s)
    s.earn(1 << 3)
    assert s.result(3, 1, False, -17, False, higher_is_better=True)
    s2 = reload(s)
    assert not s2.reset and not s2.blank and not s2.damaged
    assert s2.settings == s.settings and s2.settings[st.SET_LAST_GAME] == 0x21
    assert s2.achievements == (1 << 29 | 5 | 1 << 3)
    assert vars(s2.stats(3, 1)) == {"played": 1, "won": 0, "best": -17, "streak": 0, "best_streak": 0,
                                    "lower_is_better": False}
    assert s2.suspended(3) is None
    assert s2.suspended(1) == (1, 11, d.moves, True) and s2.practice(1)
    assert s2.since_checkpoint(1) == len(pc.stream(s, 1)[1]) > 10 and s2.since_checkpoint(3) == 0
    assert s2.suspended(2) == (0, 3, sol.moves, False)
    assert pc.persisted(s2) == pc.persisted(s)
    same_game(s2.resume(1, ctd.Dungeon), d)
    same_game(s2.resume(2, crawl.Soltura), sol)
    assert (s2.end, s2.seq) == (s.end, s.seq)


def test_settings_defaults_and_saving_only_what_changed():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    assert st.SETTINGS_SIZE == len(s.settings) == 7
    assert s.settings[st.SET_CONTRAST] == 2 and s.settings[st.SET_REPEAT] == 1
    assert st.DIM_SECONDS[s.settings[st.SET_DIM]] == 30 and st.SLEEP_MINUTES[s.settings[st.SET_SLEEP]] == 2
    assert not s.save_settings() and nvm.writes == 0  # unchanged: nothing written, sector not claimed
    s.settings[st.SET_REPEAT] = 2
    assert s.save_settings()
    w = nvm.writes
    assert not s.save_settings() and nvm.writes == w
    s.settings[st.SET_REPEAT] = 0
    assert s.save_settings() and nvm.writes == w + 4  # a twin: body and commit twice
    assert reload(s).settings[st.SET_REPEAT] == 0


def test_settings_records_shorter_or_longer_than_this_firmware_writes_load_by_their_first_bytes():
    """Sectors written before SET_DEALS2 hold 6-byte SETTINGS records: they load
    as they were, the new byte at its default (not what an earlier record had),
    and the next save writes 7.  A longer one, from a later firmware put back,
    loads by the 7 bytes this one knows."""
    nvm = RP2040NVM()
    s = st.Store(nvm)
    s.settings[st.SET_CONTRAST] = 3
    s.settings[st.SET_FLAGS] = 0x06
    s.settings[st.SET_DEALS2] = 0x05
    assert s.save_settings()  # claims the sector; then a record as the old firmware wrote it:
    s._rec[4:10] = b"\x01\x02\x02\x02\x00\x0a"
    assert s._append(st.REC_SETTINGS << 4, 6, 0)
    s2 = reload(s)
    assert bytes(s2.settings) == b"\x01\x02\x02\x02\x00\x0a\x00" and not s2.reset and not s2.damaged
    s2.settings[st.SET_DEALS2] = 0x03
    assert s2.save_settings()
    assert bytes(reload(s2).settings) == b"\x01\x02\x02\x02\x00\x0a\x03"
    s2._rec[4:13] = b"\x03\x01\x01\x02\x21\x01\x09\x77\x77"  # 9 bytes: two this firmware does not know
    assert s2._append(st.REC_SETTINGS << 4, 9, 0)
    assert bytes(reload(s2).settings) == b"\x03\x01\x01\x02\x21\x01\x09"


def test_out_of_range_settings_load_as_their_defaults():
    s = st.Store(bytearray(b"\xff" * 4096))
    s.settings[:] = bytes((9, 7, 5, 3, 200, 0xFF, 0xF0))
    s.save_settings()
    assert list(st.Store(bytearray(s.nvm)).settings) == [2, 2, 2, 1, 200, 0xFF, 0xF0]


# -- stats -----------------------------------------------------------------------------
def test_stats_played_won_streaks_and_best():
    s = st.Store(bytearray(b"\xff" * 4096))
    assert vars(s.stats(1, 0)) == {"played": 0, "won": 0, "best": None, "streak": 0, "best_streak": 0,
                                   "lower_is_better": False}
    results = [(True, 10, True), (True, 8, False), (False, 0, False), (True, 12, True), (True, 12, False),
               (True, 3, False), (False, 0, False)]
    for won, score, new in results:
        assert s.result(1, 0, won, score, False) is new
    t = s.stats(1, 0)
    assert (t.played, t.won, t.best, t.streak, t.best_streak) == (7, 5, 12, 0, 3)
    assert vars(reload(s).stats(1, 0)) == vars(t)
    assert s.stats(1, 1).played == 0  # another rule set
    # lower is better, and a score of None (Pure Survival) keeps no best
    assert s.result(3, 0, False, -5, False, higher_is_better=False)
    assert not s.result(3, 0, False, -2, False, higher_is_better=False)
    assert s.result(3, 0, True, -9, False, higher_is_better=False)
    assert s.stats(3, 0).best == -9 and s.stats(3, 0).lower_is_better
    assert not s.result(2, 1, True, None, False)
    t = reload(s).stats(2, 1)
    assert (t.played, t.won, t.best, t.streak) == (1, 1, None, 1)


def test_practice_records_nothing_but_closes_the_game():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    s.result(1, 0, True, 20, False)
    g = ctd.Dungeon(0).deal(4)
    s.checkpoint(g, practice=True)
    assert not s.result(1, 0, True, 40, True)
    assert s.suspended(1) is None and s.stats(1, 0).best == 20 and s.stats(1, 0).played == 1
    w = nvm.writes
    assert not s.result(1, 0, True, 40, True) and nvm.writes == w  # nothing open, nothing to say
    assert pc.persisted(reload(s)) == pc.persisted(s)


def test_achievements_go_with_the_next_result_or_at_once():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    s.earn(0b101)
    assert reload(s).achievements == 0  # not yet written
    g = crawl.Scoundrel(0).deal(1)
    s.checkpoint(g)
    s.result(3, 0, False, -3, False)
    assert reload(s).achievements == 0b101
    s.earn(0b1000)
    s.drop(3)  # a drop (nothing open) still carries them
    assert reload(s).achievements == 0b1101
    s.earn(1 << 20, at_once=True)
    assert reload(s).achievements == 0b1101 | 1 << 20


def test_reset_stats_keeps_settings_and_suspended_games():
    s = st.Store(RP2040NVM())
    s.settings[st.SET_DIM] = 4
    s.save_settings()
    s.result(1, 2, True, 5, False)
    s.earn(7, at_once=True)
    g = crawl.Soltura(1).deal(8)
    s.checkpoint(g)
    play(g, crawl_bots, 6, Rng(8), s)
    s.reset_stats()
    for t in (s, reload(s)):
        assert t.stats(1, 2).played == 0 and t.achievements == 0
        assert t.settings[st.SET_DIM] == 4
        same_game(t.resume(2, crawl.Soltura), g)


# -- resume ----------------------------------------------------------------------------
@pytest.mark.parametrize("cls,bots,rules,seed", [
    (ctd.Dungeon, ctd_bots, 0, 5), (ctd.Dungeon, ctd_bots, 1, 3), (ctd.Dungeon, ctd_bots, 2, 9),
    (crawl.Soltura, crawl_bots, 0, 0), (crawl.Soltura, crawl_bots, 1, 8), (crawl.Scoundrel, crawl_bots, 0, 9)])
def test_resume_replays_moves_and_undos_to_the_same_state(cls, bots, rules, seed):
    """Reboot after every move of a bot game with undos and barrier checkpoints:
    each resume equals the game played, byte for byte, undo log included, and
    plays on the same."""
    nvm = RP2040NVM()
    s = st.Store(nvm)
    g = cls(rules).deal(seed)
    s.checkpoint(g)
    rng = Rng(seed)
    since = 0
    i = 0
    while g.status == PLAYING:
        mv = bots.greedy_bot(g, rng)
        assert g.play(mv) == 0 and s.move(cls.GAME_ID, mv)
        i += 1
        since += 1
        if g.can_undo() and i % 5 == 0:
            g.undo()
            s.move(cls.GAME_ID, st.UNDO)
        if g.status == PLAYING and since >= 12 and not g.can_undo():
            s.checkpoint(g)
            since = 0
        h = reload(s).resume(cls.GAME_ID, cls)
        same_game(h, g)
        if g.can_undo():
            assert h.undo() == g.log[g.log_n - 1]
    assert i > 10
    # a game over that was not yet recorded resumes over; the result closes it
    assert reload(s).resume(cls.GAME_ID, cls).status == g.status != PLAYING
    s.result(cls.GAME_ID, rules, g.status == WON, g.score(), False)
    assert reload(s).resume(cls.GAME_ID, cls) is None and nvm.erases == 0


def test_resume_stops_at_the_first_illegal_move_and_checkpoints_there():
    s = st.Store(RP2040NVM())
    g = ctd.Dungeon(0).deal(5)
    s.checkpoint(g)
    play(g, ctd_bots, 4, Rng(5), s)
    assert s.move(1, 0xEE)  # not a move of this game
    s.move(1, ctd_bots.greedy_bot(g, Rng(6)))
    h = s.resume(1, ctd.Dungeon)
    assert pc.image(h) == pc.image(g)
    assert pc.stream(s, 1)[1] == b"" and pc.image(reload(s).resume(1, ctd.Dungeon)) == pc.image(g)


def test_resume_of_an_unloadable_checkpoint_drops_the_slot():
    s = st.Store(RP2040NVM())
    s.checkpoint(crawl.Soltura(0).deal(1))
    assert s.resume(2, crawl.Scoundrel) is None  # "save is of another game"
    assert s.suspended(2) is None and reload(s).suspended(2) is None


def test_move_without_a_checkpoint_writes_nothing():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    assert not s.move(1, 3) and nvm.writes == 0 and s.suspended(1) is None


def test_drop_forgets_a_game_without_counting_it():
    s = st.Store(RP2040NVM())
    s.checkpoint(ctd.Dungeon(0).deal(2))
    assert s.drop(1) and s.suspended(1) is None and s.stats(1, 0).played == 0
    assert reload(s).suspended(1) is None and not s.drop(1)


# -- blank, foreign, damaged -----------------------------------------------------------
def test_a_blank_sector_is_a_clean_start_and_the_first_save_erases_nothing():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    assert s.persistent and s.blank and not s.reset and not s.claimed and nvm.writes == 0
    assert pc.persisted(s) == pc.EMPTY and s.suspended(1) is None and s.resume(1, ctd.Dungeon) is None
    assert not s.maybe_compact() and nvm.writes == 0
    g = ctd.Dungeon(0).deal(1)
    s.checkpoint(g)
    assert nvm.erases == 0 and s.claimed
    w = nvm.writes
    play(g, ctd_bots, 20, Rng(1), s)
    assert nvm.writes - w == 2 * 20 and nvm.erases == 0  # two program-only writes a move


@pytest.mark.parametrize("junk", ["random", "zeros", "fat", "other magic", "another format", "our magic over junk"])
def test_foreign_or_garbage_sector_resets_writing_nothing_until_the_first_save(junk):
    rnd = random.Random(junk)
    if junk == "random":
        flash = bytes(rnd.randrange(256) for _ in range(4096))
    elif junk == "zeros":
        flash = bytes(4096)
    elif junk == "fat":
        flash = b"\xeb\x3c\x90MSDOS5.0" + bytes(4085)
    elif junk == "other magic":
        flash = b"DKCR\x02\x00" + b"\xff" * 4090  # a format this store does not know
    elif junk == "another format":  # a sound header of format 2 over records this one could read
        good = st.Store(RP2040NVM())
        good.result(1, 0, True, 3, False)
        flash = bytearray(good.nvm.flash)
        flash[4] = 2
        c = st.crc16(flash, 0, 14)
        flash[14:16] = bytes((c & 0xFF, c >> 8))
    else:  # our magic, then no header nor record
        flash = b"DKCR" + bytes(rnd.randrange(256) for _ in range(4092))
    nvm = RP2040NVM(image=flash)
    s = st.Store(nvm)
    assert s.reset and not s.blank and not s.claimed and nvm.writes == 0
    assert pc.persisted(s) == pc.EMPTY and s.stats(1, 0).played == 0
    s.settings[st.SET_CONTRAST] = 0
    s.save_settings()
    assert nvm.erases == 1  # the first save claims the sector
    again = reload(s)
    assert not again.reset and again.settings[st.SET_CONTRAST] == 0 and again.free() > 4000


def test_a_torn_record_is_stepped_over_and_its_seq_used_again():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    g = crawl.Scoundrel(0).deal(9)
    s.checkpoint(g)
    play(g, crawl_bots, 3, Rng(9), s)
    end, seq = s.end, s.seq
    nvm.cut_at = nvm.steps + 3  # the next record's fourth byte
    with pytest.raises(PowerCut):
        s.move(3, crawl_bots.greedy_bot(g, Rng(1)))
    nvm = RP2040NVM(image=nvm.flash)
    s = st.Store(nvm)
    assert (s.end, s.seq) == (end + 8, seq) and not s.damaged
    same_game(s.resume(3, crawl.Scoundrel), g)
    play(g, crawl_bots, 2, Rng(10), s)
    same_game(reload(s).resume(3, crawl.Scoundrel), g)


def test_a_damaged_committed_record_drops_the_game_across_it_and_keeps_the_rest():
    s = st.Store(bytearray(b"\xff" * 4096))
    s.result(2, 0, True, 30, False)
    g = crawl.Soltura(0).deal(2)
    s.checkpoint(g)
    p = s.end
    play(g, crawl_bots, 6, Rng(2), s)
    flash = bytearray(s.nvm)
    flash[p + 4 + 16] ^= 0x03  # two bits rot in the third move record (one would be mended)
    again = st.Store(flash)
    assert again.damaged and not again.reset and again.suspended(2) is None
    assert again.stats(2, 0).best == 30


# -- nothing lost without a word -----------------------------------------------------------
def rich_store(compact_last=False, last="move"):
    """A store a player has used: settings, achievements, stats of five rule
    sets (the last written after a compaction with compact_last), a finished
    game, and two suspended games with moves and undos, then (last "result")
    another game's result: (the store, the suspended games by slot)."""
    s = st.Store(RP2040NVM())
    s.settings[st.SET_CONTRAST] = 3
    s.settings[st.SET_LAST_GAME] = 0x31
    s.save_settings()
    s.earn(0b1011, at_once=True)
    s.result(1, 0, True, 12, False)
    s.result(1, 2, False, None, False)
    s.result(2, 0, True, 40, False)
    s.result(3, 1, False, 7, False, higher_is_better=False)
    g = crawl.Scoundrel(0).deal(4)
    s.checkpoint(g)
    play(g, crawl_bots, 5, Rng(4), s)
    s.result(3, 0, True, 3, False, higher_is_better=False)
    if compact_last:
        store_log.compact(s, 0)
    s.result(4, 0, True, 9, False)
    games = {}
    for cls, bots, rules, seed in ((crawl.Soltura, crawl_bots, 1, 6), (ctd.Dungeon, ctd_bots, 0, 8)):
        game = cls(rules).deal(seed)
        s.checkpoint(game)
        play(game, bots, 9, Rng(seed), s, undo_every=4)
        games[cls.GAME_ID] = game
    if last == "result":
        s.result(3, 1, True, 2, False, higher_is_better=False)
    return s, games


def as_cut_in_the_last_record(s, games):
    """Where the store's last record starts, and each game as a power cut
    while it was written would have left it."""
    t = st.Store(bytearray(s.nvm.flash))
    last = 0
    for p, i, tag, n, gap in store_log.records(t, st.HEADER_SIZE, 0xFFFF, t.size):
        last = p
    cut = bytearray(s.nvm.flash)
    cut[last:s.end] = b"\xff" * (s.end - last)
    t = st.Store(cut)
    return last, {slot: t.resume(slot, type(g)) for slot, g in games.items()}


def kept(store):
    """What a player would miss besides the games: settings, achievements, stats."""
    return bytes(store._saved), store._saved_ach, sorted((k, bytes(v)) for k, v in store._stats.items())


def flips(flash, end, width):
    """Each byte of the log (and the header) with width neighbouring bits
    flipped, which ones chosen by the byte's place; every choice of them
    in every byte with DECKCRAWL_FULL_SWEEPS."""
    mask = (1 << width) - 1
    for at in range(end):
        for low in sweep(((at * 5) % (9 - width),), range(9 - width)):
            img = bytearray(flash)
            img[at] ^= mask << low
            yield at, "byte %d bits %d-%d" % (at, low, low + width - 1), img


def resumes_or_tells(t, games, where, or_as=None):
    """Each game resumes the same (or as or_as has it), or it is gone and
    said so; how many were said."""
    told = 0
    for slot, game in games.items():
        got = t.resume(slot, type(game)) if t.suspended(slot) is not None else None
        if got is None:  # gone, or refused by the load's checks (then dropped): said
            assert t.lost_games & (1 << slot), where + ": a game gone without a word"
            told += 1
        elif or_as and pc.image(got) == pc.image(or_as[slot]):
            same_game(got, or_as[slot])
        else:
            same_game(got, game)
    return told


STORES = [(False, "move"), (True, "move"), (False, "result")]
STORE_IDS = ["appended", "after a compaction", "a result last"]


@pytest.mark.parametrize("compact_last,last", STORES, ids=STORE_IDS)
def test_one_flipped_bit_anywhere_loses_nothing(compact_last, last):
    s, games = rich_store(compact_last, last)
    before = kept(s)
    repaired = 0
    for at, where, img in flips(s.nvm.flash, s.end, 1):
        nvm = RP2040NVM(image=img)
        t = st.Store(nvm)
        assert nvm.writes == 0 and not t.reset and not t.damaged, where
        assert kept(t) == before, where  # a twin stands in, or the record is mended
        assert resumes_or_tells(t, games, where) == 0, where  # moves and checkpoints are mended
        repaired += t.repaired
    assert repaired > 0.8 * s.end  # most bytes are records' (the rest: padding)


@pytest.mark.parametrize("compact_last,last", STORES, ids=STORE_IDS)
def test_two_flipped_bits_anywhere_keep_stats_settings_and_achievements_and_tell_each_lost_game(compact_last, last):
    """Beyond mending, the last record can look like one a power cut tore
    (nothing tells them apart): its game then loads as such a cut leaves it,
    which is the state before that record."""
    s, games = rich_store(compact_last, last)
    before = kept(s)
    last_at, cut = as_cut_in_the_last_record(s, games)
    told = 0
    for at, where, img in flips(s.nvm.flash, s.end, 2):
        nvm = RP2040NVM(image=img)
        t = st.Store(nvm)
        assert nvm.writes == 0 and not t.reset, where
        assert kept(t) == before, where  # a twin stands in for any one damaged record
        assert t.lost_stats == 0 and t.lost_other & (st.LOST_SETTINGS | st.LOST_ACHIEVEMENTS) == 0, where
        told += resumes_or_tells(t, games, where, cut if at >= last_at else None)
    assert told > 100  # the sweep did damage the games' records


def test_a_damaged_header_over_sound_records_loads_them_and_the_first_save_writes_a_new_one():
    s, games = rich_store()
    before = kept(s), pc.persisted(s)
    for at in range(st.HEADER_SIZE):
        for bit in range(8):
            img = bytearray(s.nvm.flash)
            img[at] ^= 1 << bit
            nvm = RP2040NVM(image=img)
            t = st.Store(nvm)
            assert (kept(t), pc.persisted(t)) == before and not t.reset and not t.damaged, (at, bit)
            assert t.repaired == 1 and not t.claimed and nvm.writes == 0
    t.settings[st.SET_DIM] = 0
    assert t.save_settings() and nvm.erases == 1 and t.claimed  # written anew, with a sound header
    again = reload(t)
    assert again.claimed and again.repaired == 0 and kept(again)[2] == before[0][2]
    same_game(again.resume(2, crawl.Soltura), games[2])


def test_a_header_wiped_on_purpose_starts_clean_as_the_readme_says():
    s, games = rich_store()
    nvm = RP2040NVM(image=s.nvm.flash)
    nvm[0:16] = bytes(16)  # README: forget everything from the board's REPL
    t = st.Store(RP2040NVM(image=nvm.flash))
    assert t.reset and pc.persisted(t) == pc.EMPTY and not t.damaged


def test_a_hurt_twin_is_found_wherever_it_lies_against_the_read_window():
    """The walk reads 512 bytes at a time: a twin whose copy before it, or
    itself, crosses the window's edge is read whole (a power-cut sweep once
    met an IndexError there, at boot)."""
    rec = st._span(st.ENTRY_SIZE)
    for records in range(72):  # every 8-byte place of the result against the window
        s = st.Store(bytearray(b"\xff" * 4096))
        g = crawl.Scoundrel(0).deal(3)
        s.checkpoint(g)
        g.legal_moves()
        mv = g.legal[0]
        for k in range(records):  # a move, then its undo, and so on: 8 bytes each
            if k % 2 == 0:
                assert g.play(mv) == 0 and s.move(3, mv)
            else:
                assert g.undo() >= 0 and s.move(3, st.UNDO)
        p = s.end
        s.result(2, 0, True, 30, False)
        img = bytearray(s.nvm)
        img[p + rec] ^= 0x80  # the second copy's tag: no record's, so its length is not read
        t = st.Store(img)
        assert not t.damaged and t.repaired == 1 and t.stats(2, 0).best == 30, records


def test_a_damaged_twin_is_repaired_and_both_lost_is_told_with_the_older_stats():
    s = st.Store(bytearray(b"\xff" * 4096))
    s.result(2, 0, True, 30, False)
    p = s.end
    s.result(2, 0, False, 12, False)
    rec = st._span(st.ENTRY_SIZE)
    assert s.end == p + 2 * rec and s.nvm[p:p + rec] == s.nvm[p + rec:p + 2 * rec]  # two copies
    one = bytearray(s.nvm)
    one[p + 6] ^= 0x10  # the first copy's payload
    t = st.Store(one)
    assert not t.damaged and t.repaired == 1 and t.stats(2, 0).played == 2
    both = bytearray(one)
    both[p + rec + 6] ^= 0x10
    t = st.Store(both)
    assert t.lost_stats == 1 << 2 and t.damaged and not t.lost_games
    assert (t.stats(2, 0).played, t.stats(2, 0).best) == (1, 30)  # the record before stands


def test_a_damaged_checkpoint_loses_its_game_with_a_word_even_as_the_last_record():
    for moves in (6, 0):
        s = st.Store(bytearray(b"\xff" * 4096))
        s.result(2, 0, True, 30, False)
        g = crawl.Soltura(0).deal(2)
        p = s.end
        s.checkpoint(g)
        play(g, crawl_bots, moves, Rng(2), s)
        flash = bytearray(s.nvm)
        flash[p + 40] ^= 0x0C  # two bits rot in the checkpoint (one would be mended)
        again = st.Store(flash)
        assert again.suspended(2) is None and again.lost_games == 1 << 2, moves
        assert again.stats(2, 0).best == 30 and not again.lost_stats


def test_settle_writes_the_damage_away_so_the_next_boot_says_nothing():
    s, games = rich_store()
    flash = bytearray(s.nvm.flash)
    p = s._cp[1] + 24
    flash[p] ^= 0x30  # two bits inside Clear the Dungeon's checkpoint
    nvm = RP2040NVM(image=flash)
    t = st.Store(nvm)
    assert t.lost_games == 1 << 1 and nvm.writes == 0
    t.settle()
    assert nvm.erases == 1 and not t.damaged
    again = reload(t)
    assert not again.damaged and again.repaired == 0 and kept(again) == kept(s)
    same_game(again.resume(2, crawl.Soltura), games[2])


@pytest.mark.parametrize("what", ["checkpoint", "result"])
def test_a_record_lost_inside_another_games_stream_leaves_that_game_whole(what):
    s = st.Store(RP2040NVM())
    s.result(2, 0, True, 30, False)
    g = ctd.Dungeon(0).deal(8)
    s.checkpoint(g)
    rng = Rng(8)
    play(g, ctd_bots, 4, rng, s)
    p = s.end
    rec = st._span(st.ENTRY_SIZE)
    if what == "checkpoint":  # a Scoundrel game starts meanwhile, and its checkpoint is hurt beyond mending
        s.checkpoint(crawl.Scoundrel(0).deal(3))
        hurt = [(p + 40, 0x0C)]
    else:  # a Scoundrel game ends meanwhile, and both copies of its result are hurt
        s.result(3, 0, True, 5, False, higher_is_better=False)
        hurt = [(p + 6, 0x03), (p + rec + 6, 0x03)]
    play(g, ctd_bots, 5, rng, s)
    img = bytearray(s.nvm.flash)
    for at, bits in hurt:
        img[at] ^= bits
    t = st.Store(RP2040NVM(image=img))
    assert t.lost_games == (1 << 3 if what == "checkpoint" else 0) and t.suspended(1)[2] == g.moves
    assert t.lost_stats == (0 if what == "checkpoint" else 1 << 3)
    t.settle()  # its compaction keeps the whole stream too
    again = reload(t)
    assert not again.damaged
    same_game(again.resume(1, ctd.Dungeon), g)


def test_a_lost_record_no_game_was_open_across_is_still_told():
    s = st.Store(RP2040NVM())
    s.result(2, 0, True, 30, False)
    p = s.end
    s.result(3, 0, True, 5, False, higher_is_better=False)
    s.result(4, 0, True, 5, False)
    s.result(1, 0, True, 9, False)
    rec = st._span(st.ENTRY_SIZE)
    tags = bytearray(s.nvm.flash)
    tags[p] ^= 0x80  # a bit in each copy's tag: kind 6 -> 14, no record at all
    tags[p + rec] ^= 0x80
    t = st.Store(RP2040NVM(image=tags))
    assert t.damaged and t.lost_other & st.LOST_UNKNOWN
    two = bytearray(s.nvm.flash)
    for k in range(4):  # two results in a row, both copies of each: a gap of two
        two[p + k * rec + 6] ^= 0x03
    t = st.Store(RP2040NVM(image=two))
    assert t.damaged and t.lost_other & st.LOST_UNKNOWN and t.stats(1, 0).played == 1


def test_the_last_move_hurt_in_its_tag_and_its_move_is_told():
    s = st.Store(RP2040NVM())
    g = crawl.Scoundrel(0).deal(4)
    s.checkpoint(g)
    play(g, crawl_bots, 5, Rng(4), s)
    q = s.end - 8
    img = bytearray(s.nvm.flash)
    img[q] ^= 0x80  # kind 5 -> 13: no record's tag
    img[q + 4] ^= 0x01
    t = st.Store(RP2040NVM(image=img))
    assert t.suspended(3) is None and t.lost_games == 1 << 3


def test_a_cut_inside_a_result_is_never_mended_into_a_move():
    """A torn record keeps its sound tag and length: nothing may read it as
    a move another flipped bit or another tag would make."""
    nvm = RP2040NVM()
    s = st.Store(nvm)
    g = rogue.Rogue(0).deal(77)
    s.checkpoint(g)
    for _ in range(11):
        s.result(3, 1, False, None, False)
    rng = Rng(3)
    while s.seq < 25:  # the 12th result then goes at seq 25, where a phantom move once fitted
        mv = rogue_bots.greedy_bot(g, rng)
        assert g.play(mv) == 0 and s.move(4, mv)
    img = bytes(nvm.flash)
    before = pc.persisted(st.Store(bytearray(img)))
    whole = st.Store(RP2040NVM(image=img))
    whole.result(3, 1, False, None, False)
    after = pc.persisted(whole)
    for cut in range(whole.nvm.steps):
        nvm = RP2040NVM(image=img, cut_at=cut, tear="none")
        with pytest.raises(PowerCut):
            st.Store(nvm).result(3, 1, False, None, False)
        u = st.Store(RP2040NVM(image=nvm.flash))
        assert u.repaired == 0 and not u.damaged and pc.persisted(u) in (before, after), cut


def put_checkpoint(store, slot, image):
    """A CHECKPOINT record with sound CRCs of any save image, in any slot."""
    image = bytearray(image)
    n = saves.HEADER + (len(image) - saves.HEADER - 2)
    c = st.crc16(image, 0, n)
    image[n] = c & 0xFF
    image[n + 1] = c >> 8
    store._rec[4] = 0
    store._rec[5:5 + len(image)] = image
    assert store._append((st.REC_CHECKPOINT << 4) | slot, len(image) + 1, 0)


@pytest.mark.parametrize("how", ["a rule set the game lacks", "another game's slot", "an unknown game",
                                 "an unknown save version"])
def test_a_checkpoint_the_games_cannot_hold_is_not_suspended_and_is_told_once(how):
    s = st.Store(RP2040NVM())
    s.result(3, 0, True, 5, False, higher_is_better=False)
    buf = bytearray(256)
    image = bytearray(buf[:saves.save(crawl.Scoundrel(0).deal(3), buf)])
    slot = 3
    if how == "a rule set the game lacks":
        image[2] = 5
    elif how == "another game's slot":
        slot = 2
    elif how == "an unknown game":
        image[1] = slot = 9
    else:
        image[0] = 99
    put_checkpoint(s, slot, image)
    nvm = RP2040NVM(image=s.nvm.flash)
    t = st.Store(nvm)
    assert t.suspended(slot) is not None  # sound records: the store alone cannot tell
    t.forget_unknown(bytes((0, 3, 2, 2, 2)))
    assert t.suspended(slot) is None and t.lost_games == 1 << slot and nvm.writes == 0
    t.settle()
    again = reload(t)
    again.forget_unknown(bytes((0, 3, 2, 2, 2)))
    assert again.suspended(slot) is None and not again.damaged and again.stats(3, 0).played == 1


def test_a_checkpoint_that_fails_its_checks_at_continue_is_dropped_and_told():
    s = st.Store(RP2040NVM())
    buf = bytearray(256)
    g = crawl.Scoundrel(0).deal(3)
    image = bytearray(buf[:saves.save(g, buf)])
    image[saves.HEADER] = image[saves.HEADER + 1]  # a card twice: an impossible game
    put_checkpoint(s, 3, image)
    s = reload(s)
    assert s.suspended(3) is not None
    assert s.resume(3, crawl.Scoundrel) is None and s.lost_games == 1 << 3
    assert reload(s).suspended(3) is None  # dropped in the sector too


def test_save_checks_refuse_a_game_they_have_no_checks_for():
    from engine import save_checks

    class Other(crawl.Scoundrel):
        GAME_ID = 9

    buf = bytearray(256)
    n = saves.save(Other(0).deal(1), buf)
    with pytest.raises(saves.SaveError, match="no checks"):
        save_checks.load(Other, buf[:n], 2)


def test_an_older_log_without_twins_loads_the_same():
    s = st.Store(bytearray(b"\xff" * 4096))
    s.result(2, 0, True, 30, False)
    s._rec[4:4 + st.SETTINGS_SIZE] = b"\x01\x02\x02\x02\x00\x00\x00"
    s._append(st.REC_SETTINGS << 4, st.SETTINGS_SIZE, 0)  # one copy, as the firmware before twins wrote
    t = st.Store(bytearray(s.nvm))
    assert not t.damaged and not t.repaired and t.settings[st.SET_CONTRAST] == 1 and t.stats(2, 0).best == 30


def test_a_full_sector_compacts_in_play_and_then_drops_the_longest_other_game():
    s = st.Store(RP2040NVM(1024))
    games = {}
    for cls, bots in ((ctd.Dungeon, ctd_bots), (crawl.Soltura, crawl_bots), (crawl.Scoundrel, crawl_bots)):
        g = games[cls.GAME_ID] = cls(1 if cls is ctd.Dungeon else 0).deal(1 if cls is ctd.Dungeon else 8)
        s.checkpoint(g)
        play(g, bots, 10 if cls is crawl.Soltura else 6, Rng(1), s)
    assert len(pc.stream(s, 2)[1]) > len(pc.stream(s, 3)[1])
    g = games[1]
    rng = Rng(2)

    def step():
        """A move, then (when it can) undo and the move again: three records."""
        mv = ctd_bots.greedy_bot(g, rng)
        assert g.play(mv) == 0 and s.move(1, mv)
        if g.can_undo():
            g.undo()
            g.play(mv)
            assert s.move(1, st.UNDO) and s.move(1, mv)

    since = 0
    while s.compactions < 3:  # checkpoints at barriers leave dead records: compacting in play frees them
        step()
        since += 1
        if since >= 4 and not g.can_undo():
            s.checkpoint(g)
            since = 0
    assert not s.damaged and pc.persisted(reload(s)) == pc.persisted(s)
    while not s.damaged:  # no more checkpoints: the stream outgrows the sector
        step()
    assert g.status == PLAYING and s.suspended(1) is not None  # the game in play keeps its slot
    assert s.suspended(2) is None and s.suspended(3) is not None  # Soltura's stream was the longer
    same_game(reload(s).resume(1, ctd.Dungeon), g)
    same_game(reload(s).resume(3, crawl.Scoundrel), games[3])


# -- compaction --------------------------------------------------------------------------
def test_compaction_keeps_everything_and_only_when_asked_or_full():
    nvm = RP2040NVM()
    s = st.Store(nvm)
    s.settings[st.SET_CONTRAST] = 1
    s.save_settings()
    s.earn(3, at_once=True)
    games = {}
    for cls, bots, rules, seed in ((ctd.Dungeon, ctd_bots, 2, 3), (crawl.Soltura, crawl_bots, 0, 4),
                                   (crawl.Scoundrel, crawl_bots, 1, 5)):
        for k in range(2):
            g = cls(rules).deal(seed + k)
            s.checkpoint(g)
            play(g, bots, 200, Rng(seed), s)
            s.result(cls.GAME_ID, rules, g.status == WON, g.score(), False)
            if s.free() >= st.KEEP_FREE:
                assert not s.maybe_compact()  # plenty free: no erase
        g = games[cls.GAME_ID] = cls(rules).deal(seed)
        s.checkpoint(g)
        play(g, bots, 5, Rng(seed), s, undo_every=2)
    while s.free() >= st.KEEP_FREE:
        s.settings[st.SET_LAST_GAME] ^= 1
        s.save_settings()
    before = pc.persisted(s)
    erases, gen, end = nvm.erases, s.generation, s.end
    assert s.maybe_compact()
    assert nvm.erases == erases + 1 and s.generation == gen + 1 and s.free() > 2 * st.KEEP_FREE
    assert pc.persisted(s) == before == pc.persisted(reload(s))
    for gid, g in games.items():
        same_game(reload(s).resume(gid, type(g)), g)
    assert not s.maybe_compact() and nvm.erases == erases + 1


def test_eight_kib_nvm_uses_the_whole_sector():
    nvm = RP2040NVM(8192)
    s = st.Store(nvm)
    g = ctd.Dungeon(0).deal(3)
    s.checkpoint(g)
    n = 0
    while s.end < 6000:
        s.move(1, st.UNDO if n % 2 else 0x01)  # a long stream of records
        n += 1
    assert s.compactions == 1 and nvm.erases == 0  # the claim only
    assert reload(s).suspended(1)[2] == g.moves + (n % 2)


@pytest.mark.parametrize("nvm", [None, bytearray(b"\xff" * 256)])
def test_without_a_store_it_works_in_memory(nvm):
    s = st.Store(nvm)
    assert not s.persistent and not s.reset
    g = crawl.Soltura(0).deal(4)
    s.checkpoint(g)
    play(g, crawl_bots, 10, Rng(4), s, undo_every=3)
    same_game(s.resume(2, crawl.Soltura), g)
    s.result(2, 0, False, -4, False)
    assert s.stats(2, 0).played == 1
    if nvm is not None:
        assert nvm == b"\xff" * 256  # a SAMD21's 256 bytes are left alone


# -- damaged images ------------------------------------------------------------------------
def test_damaged_images_never_raise_nor_count_bad_records():
    s = st.Store(bytearray(b"\xff" * 1024))
    g = crawl.Scoundrel(1).deal(3)
    s.checkpoint(g)
    play(g, crawl_bots, 30, Rng(3), s, undo_every=4)
    s.result(1, 0, True, 9, False)
    good = bytes(s.nvm)
    rnd = random.Random(1)
    for trial in range(300):
        kind = trial % 3
        if kind == 0:
            img = bytearray(rnd.randrange(256) for _ in range(1024))
        elif kind == 1:
            img = bytearray(good)
            for _ in range(rnd.randrange(1, 8)):
                img[rnd.randrange(1024)] ^= 1 << rnd.randrange(8)
        else:
            cut = rnd.randrange(16, 1024)
            img = bytearray(good[:cut] + b"\xff" * (1024 - cut))
        t = st.Store(img)
        if kind == 0:
            assert t.reset and pc.persisted(t) == pc.EMPTY
        pc.persisted(t)
        if t.suspended(3):
            h = t.resume(3, crawl.Scoundrel)
            assert h is None or h.state is not None


# -- MicroPython: no allocation per move record ---------------------------------------------
MICROPYTHON = mpy.micropython_path()


@pytest.mark.skipif(MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed")
@pytest.mark.parametrize("form", ["py", "mpy"])
def test_a_move_record_allocates_nothing_under_micropython(tmp_path, form):
    lib = ROOT
    if form == "mpy":
        lib = str(tmp_path)
        for pkg in ("engine", "games"):
            mpy.compile_package(os.path.join(ROOT, pkg), lib, "micropython")
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=256k", os.path.join(ROOT, "tests", "mp", "store_alloc.py"), lib],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    f = r.stdout.split()
    figures = dict(zip(f[0::2], map(int, f[1::2])))
    assert figures["worst"] == 0 and figures["moves"] > 500 and figures["undos"] > 30
    assert figures["resumed"] == 3 and 0 < figures["heap"] < 4096


# -- the fake RP2040 NVM itself ---------------------------------------------------------------
def test_fake_nvm_programs_erased_bytes_and_erases_otherwise():
    nvm = RP2040NVM()
    nvm[300:304] = b"\x12\x34\x56\x78"
    assert (nvm.writes, nvm.erases, nvm.pages, nvm.steps) == (1, 0, 1, 4)
    nvm[510:514] = b"\x00\x00\x00\x00"  # two pages touched
    assert nvm.pages == 3 and nvm.erases == 0
    nvm[300:301] = b"\x02"  # not erased: erase the sector, program all 16 pages back
    assert nvm.erases == 1 and nvm.pages == 3 + 16 and nvm[300:304] == b"\x02\x34\x56\x78"
    assert nvm[510:514] == bytes(4) and nvm[0:300] == b"\xff" * 300
    with pytest.raises(ValueError):
        nvm[0:4] = b"\x00"


def test_fake_nvm_cuts_leave_torn_bytes_or_a_half_erased_sector():
    nvm = RP2040NVM(cut_at=2, tear="none")
    with pytest.raises(PowerCut):
        nvm[0:4] = b"\x00\x00\x00\x00"
    assert nvm.flash[:4] == b"\x00\x00\xff\xff" and nvm.cut == "program"
    with pytest.raises(PowerCut):
        nvm[8:9] = b"\x00"  # the power stays off
    nvm = RP2040NVM(image=bytes(4096), cut_at=0, seed=3)
    with pytest.raises(PowerCut):
        nvm[0:1] = b"\x01"
    assert nvm.cut == "erase" and 0 < nvm.flash.count(0xFF) < 4096 and nvm.flash.count(0) < 4096


# -- the power-cut test -------------------------------------------------------------------
def check_sweep(result):
    assert result["failures"] == [], result["failures"]
    assert result["garbage"] == result["lost_outside_compaction"] == 0
    assert result["not_recovered"] == result["writes_at_load"] == result["damaged"] == 0
    assert result["recovered"] == result["cut_points"]
    assert result["previous"] > 0 and result["empty_in_compaction"] > 0
    assert result["exact"] + result["previous"] + result["empty_in_compaction"] >= result["cut_points"]


@pytest.mark.parametrize("plan", pc.QUICK, ids=lambda p: "%dB" % p[0])
def test_power_cut_at_sampled_steps_loads_the_state_before_or_after(plan):
    """Issue 10 item 6, sampled (every Nth step, both page program orders);
    `python -m tools.powercut` tries every step."""
    size, seed, games, every, live, cp = plan
    result = pc.sweep(size, seed, games, every, ("address", "random"), ("random",), 0, 1, live, cp)
    assert result["compactions"] >= 3 and result["cut_points"] > 150
    check_sweep(result)


def test_power_cut_extremes_and_double_cuts():
    size, seed, games, every, live, cp = pc.QUICK[0]
    # Every 5th sampled step, and the commit byte of every 10th operation: a cut
    # just after it loads the state after it (exact); the full sweep tries every step.
    result = pc.sweep(size, seed, games, every * 5, ("address",), ("none", "full"), 40, 1, live, cp, commits=10)
    check_sweep(result)
    assert result["exact"] > 0 and result["second_cuts"] > 20


@pytest.mark.skipif(not os.environ.get("DECKCRAWL_POWERCUT_FULL"), reason="the full sweep: DECKCRAWL_POWERCUT_FULL=1")
def test_power_cut_at_every_step():
    for size, seed, games, every, live, cp in pc.FULL:
        check_sweep(pc.sweep(size, seed, games, 1, ("address", "random"), ("random", "none", "full"), 200,
                             os.cpu_count() or 1, live, cp))


@pytest.mark.parametrize("cls,bots,rules", [(ctd.Dungeon, ctd_bots, 0), (crawl.Soltura, crawl_bots, 0)])
def test_power_cut_in_a_bot_game_resumes_at_the_last_committed_move(cls, bots, rules):
    """A store write after every move of a bot game (with another game
    suspended); cut at random steps: the resumed game is the engine's state
    after the last move whose record was committed, byte for byte."""
    def script(nvm):
        s = st.Store(nvm)
        other = crawl.Scoundrel(0).deal(2)
        s.checkpoint(other)
        g = cls(rules).deal(12)
        s.checkpoint(g)
        yield s, g
        rng = Rng(12)
        since = 0
        while g.status == PLAYING:
            mv = bots.greedy_bot(g, rng)
            g.play(mv)
            s.move(cls.GAME_ID, mv)
            since += 1
            if g.status == PLAYING and since >= 16 and not g.can_undo():
                s.checkpoint(g)
                since = 0
            yield s, g

    states = []
    nvm = RP2040NVM()
    for s, g in script(nvm):
        states.append((nvm.steps, pc.image(g)))
    rnd = random.Random(cls.GAME_ID)
    for k in rnd.sample(range(states[0][0], states[-1][0]), 40):
        nvm = RP2040NVM(cut_at=k, order="random", seed=k)
        done = None
        try:
            for s, g in script(nvm):
                done = pc.image(g)
        except PowerCut:
            pass
        h = st.Store(RP2040NVM(image=nvm.flash)).resume(cls.GAME_ID, cls)
        i = max(j for j, (steps, _) in enumerate(states) if steps <= k)  # the last move whose writes were all done
        assert done == states[i][1]
        # the move being written, or (its record committed, a checkpoint after it cut) the one after
        assert pc.image(h) in (states[i][1], states[i + 1][1] if i + 1 < len(states) else None)


# -- the desktop player's NVM file --------------------------------------------------------------
def test_file_nvm_writes_through_and_refuses_a_wrong_size(tmp_path):
    from hw.fake import FileNVM

    path = tmp_path / "nvm.bin"
    nvm = FileNVM(str(path))
    assert len(nvm) == 4096 and nvm[0:4] == b"\xff" * 4 and nvm[5] == 0xFF and not path.exists()
    s = st.Store(nvm)
    assert s.blank and not path.exists()  # loading writes nothing
    g = ctd.Dungeon(0).deal(6)
    s.checkpoint(g)
    play(g, ctd_bots, 5, Rng(6), s)
    assert path.stat().st_size == 4096 and path.read_bytes() == bytes(nvm.data)
    nvm[4000] = 0x42  # past the records
    assert path.read_bytes()[4000] == 0x42
    same_game(st.Store(FileNVM(str(path))).resume(1, ctd.Dungeon), g)
    with pytest.raises(ValueError):
        nvm[0:4] = b"\x00"
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x00" * 100)
    with pytest.raises(ValueError, match="100 bytes, not an NVM image of 4096"):
        FileNVM(str(bad))


def test_a_sector_this_firmware_fails_to_read_is_left_alone_and_said(monkeypatch):
    def fault(store):
        raise IndexError("a fault of the reading code")

    s, games = rich_store()
    before = bytes(s.nvm.flash)
    monkeypatch.setattr(store_log, "load", fault)
    nvm = RP2040NVM(image=before)
    t = st.Store(nvm)
    assert t.damaged and t.lost_other == st.LOST_UNREAD and not t.persistent
    t.result(1, 0, True, 5, False)  # play goes on, in memory
    t.settle()
    assert nvm.writes == 0 and bytes(nvm.flash) == before

"""The device remembers (issue 10), by presses on the fake board: a game
suspended, resumed after a power cut, the rules in the middle of a game,
giving up, stats and NEW BEST, practice deals, settings, dimming and sleep,
and a blank or foreign NVM."""

from engine import registry, saves
from games.ctd import rules as ctd
from engine import store as records
from hw.fake import FakeBoard
from tests.ctd_decks import deal, perfect_classic
from tests.ui_driver import CTD, Driver, read_row, read_text
from ui import menus
from games.ctd.play import Play
from games.ctd import desk_notation as ctd_notation


def to_play(d, game_row=2, rules=0):
    """From the title: the game list, a game, a rule set, A."""
    d.tap("A")
    for _ in range(game_row - 2):
        d.tap("DOWN")
    d.tap("A")
    for _ in range(rules):
        d.tap("DOWN")
    d.tap("A")
    assert isinstance(d.screen, Play) or type(d.screen).__name__ == "Play"


def pause_choice(d, n):
    d.hold("B", 1000)
    for _ in range(n):
        d.tap("DOWN")
    d.tap("A")


def state(game):
    buf = bytearray(256)
    n = saves.save(game, buf)
    return bytes(buf[:n])


def test_a_blank_nvm_is_a_clean_start_and_nothing_is_written_until_a_save():
    board = FakeBoard()
    d = Driver(board=board)
    d.tap("A")
    for _ in range(len(registry.GAMES)):
        d.tap("DOWN")
    d.tap("A")  # the stats screen
    assert read_row(d, 2).startswith("Played") and read_row(d, 2).endswith("0")
    assert bytes(board.nvm) == b"\xff" * len(board.nvm)
    assert read_text(d, 1, 41) != "saves were reset"


def test_a_foreign_nvm_says_saves_were_reset_and_is_left_alone_until_a_save():
    nvm = bytearray(b"not a deckcrawl store" * 195 + b"\x00")
    board = FakeBoard(nvm=nvm[:4096] + bytearray(4096 - len(nvm[:4096])))
    before = bytes(board.nvm)
    d = Driver(board=board)
    assert read_text(d, 1, 41).strip() == "saves were reset"
    d.tap("A")
    assert bytes(board.nvm) == before


def test_suspend_then_continue_is_the_same_game():
    board = FakeBoard()
    d = Driver(board=board)
    to_play(d)
    g = d.screen.game
    for _ in range(2):
        d.play(g.legal[0] if g.legal_moves() else 0)
    kept = state(g)
    pause_choice(d, 2)  # suspend
    assert isinstance(d.screen, menus.RuleSets)
    assert read_row(d, 2) == " Continue" and read_row(d, 6).startswith("Classic, 2 moves")
    d.tap("A")
    assert isinstance(d.screen, Play) and state(d.screen.game) == kept


def test_a_power_cut_mid_game_loses_nothing():
    board = FakeBoard()
    d = Driver(board=board)
    to_play(d)
    g = d.screen.game
    for _ in range(3):
        d.play(g.legal[0] if g.legal_moves() else 0)
    kept = state(g)
    d = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))  # the power comes back
    d.tap("A")
    assert read_row(d, 1) == " Clear the Dungeon *"
    d.tap("A")
    d.tap("A")  # Continue
    assert isinstance(d.screen, Play) and state(d.screen.game) == kept


def test_the_rules_in_the_middle_of_a_game_then_back_to_it():
    d = Driver(board=FakeBoard())
    to_play(d)
    g = d.screen.game
    d.play(g.legal[0])
    kept = state(g)
    pause_choice(d, 1)  # rules
    assert isinstance(d.screen, menus.RulesPage) and read_row(d, 0).startswith("Classic rules")
    d.tap("B")
    assert isinstance(d.screen, Play) and state(d.screen.game) == kept


def test_give_up_asks_again_and_counts_a_loss():
    board = FakeBoard()
    d = Driver(board=board)
    to_play(d)
    pause_choice(d, 3)
    assert read_row(d, 6) == " GIVE UP? A AGAIN" and isinstance(d.screen, Play)
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver) and read_row(d, 0).startswith("GAVE UP")
    st = d.app.store.stats(CTD.game_id, ctd.CLASSIC)
    assert (st.played, st.won, st.streak) == (1, 0, 0)
    assert d.app.store.suspended(CTD.game_id) is None


def test_a_win_counts_says_new_best_and_the_same_deal_is_practice():
    columns, power, moves = perfect_classic()
    board = FakeBoard()
    d = Driver(board=board)
    d.app.store.result(CTD.game_id, ctd.CLASSIC, True, 3, False)  # a win before, with 3 cards left
    d.app.show(Play, CTD, ctd.CLASSIC, 4242, deal(ctd.CLASSIC, columns, power))
    d.step()
    g = d.screen.game
    for word in moves.split():
        d.play(ctd_notation.parse_ctd_move(g, word))
    d.tap("A")
    assert read_row(d, 4) == "NEW BEST!"
    st = d.app.store.stats(CTD.game_id, ctd.CLASSIC)
    assert (st.played, st.won, st.best, st.streak) == (2, 2, 6, 2)
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # the same deal: practice
    g = d.screen.game
    assert d.screen.practice and read_text(d, 0, 56, 14) == "PRACTICE DEAL"
    while g.status == 0:
        d.play(g.legal[0] if g.legal_moves() else 0)
    d.tap("A")
    assert read_row(d, 4) == "Practice: no stats"
    assert d.app.store.stats(CTD.game_id, ctd.CLASSIC).played == 2


def test_stats_screen_shows_each_rule_set():
    board = FakeBoard()
    d = Driver(board=board)
    d.app.store.result(CTD.game_id, ctd.RESERVE, True, 9, False)
    d.tap("A")
    for _ in range(len(registry.GAMES)):
        d.tap("DOWN")
    d.tap("A")
    assert read_row(d, 0).startswith("Clear the Dungeon") and read_row(d, 1) == "Classic"
    d.tap("RIGHT")
    assert read_row(d, 1) == "Reserve"
    assert [read_row(d, r) for r in range(2, 7)] == [
        "Played" + " " * 14 + "1", "Won" + " " * 11 + "1  100%", "Streak" + " " * 14 + "1",
        "Best streak" + " " * 9 + "1", "Best score" + " " * 10 + "9"]
    d.tap("B")
    assert isinstance(d.screen, menus.GameList)


def test_settings_change_contrast_and_dim_and_sleep_then_a_press_only_wakes():
    board = FakeBoard()
    d = Driver(board=board)
    d.tap("A")
    for _ in range(len(registry.GAMES) + 1):
        d.tap("DOWN")
    d.tap("A")  # settings
    assert read_row(d, 0) == "Settings" and read_row(d, 2).startswith(" Contrast")
    high = board.panel.contrast
    d.tap("LEFT")
    assert board.panel.contrast < high
    d.tap("B")  # saved
    assert d.app.store.settings[records.SET_CONTRAST] == 1
    assert bytes(board.nvm) != b"\xff" * len(board.nvm)
    normal = board.panel.contrast
    d.board.clock.advance(31000)
    d.settle()
    assert board.panel.contrast < normal  # dimmed after 30 s
    d.board.clock.advance(2 * 60000)
    d.settle()
    assert not board.panel.on  # asleep after 2 min
    screen = d.screen
    chosen = screen.chosen
    d.tap("DOWN")  # only wakes
    assert board.panel.on and d.screen is screen and screen.chosen == chosen
    assert board.panel.contrast == normal


def test_a_win_flashes_the_panel_for_a_moment_with_two_commands():
    columns, power, moves = perfect_classic()
    board = FakeBoard()
    d = Driver((Play, CTD, ctd.CLASSIC, 5, deal(ctd.CLASSIC, columns, power)), board=board)
    g = d.screen.game
    words = moves.split()
    for word in words[:-1]:
        d.play(ctd_notation.parse_ctd_move(g, word))
    assert not board.panel.inverted
    mv = ctd_notation.parse_ctd_move(g, words[-1])
    d.pick(mv >> 4)
    d.aim(mv & 15)
    board.press("A")
    d.step(10)  # the winning placement
    assert g.status == 1 and board.panel.inverted
    board.release("A")
    d.board.clock.advance(300)
    d.settle()
    assert not board.panel.inverted


def test_the_game_list_starts_at_the_game_and_rule_set_last_started_even_after_a_power_cut():
    board = FakeBoard()
    d = Driver(board=board)
    d.tap("A")
    assert d.screen.chosen == 0  # nothing played yet: the first game
    scoundrel = registry.find("scoundrel")
    row = registry.GAMES.index(scoundrel)
    for _ in range(row):
        d.tap("DOWN")
    d.tap("A")
    assert d.screen.entry is scoundrel and d.screen.chosen == 0
    d.tap("DOWN")  # Equal or lower
    d.tap("A")
    assert type(d.screen).__name__ == "Play" and d.screen.game.rules == 1
    pause_choice(d, 3)  # give up (asked twice): no game waits in the store
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)
    again = Driver(board=FakeBoard(nvm=board.nvm))  # switched off, on again
    again.tap("A")
    assert isinstance(again.screen, menus.GameList) and again.screen.chosen == row
    again.tap("A")
    assert again.screen.entry is scoundrel and again.screen.chosen == 1
    assert read_row(again, 3).strip() == "Equal or lower"  # the chosen row
    again.tap("B")
    again.tap("UP")  # another game: its rule sets from the first
    again.tap("A")
    assert again.screen.entry is registry.GAMES[row - 1] and again.screen.chosen == 0


def test_leaving_the_stats_or_the_settings_goes_back_to_their_row_of_the_game_list():
    d = Driver(board=FakeBoard())
    d.tap("A")
    n = len(registry.GAMES)
    for row, name in ((n, "Stats"), (n + 1, "Settings")):
        while d.screen.chosen != row:
            d.tap("DOWN")
        d.tap("A")
        assert type(d.screen).__name__ == name
        d.tap("B")
        assert isinstance(d.screen, menus.GameList) and d.screen.chosen == row


def test_a_game_continued_is_the_one_the_game_list_opens_at_and_a_stray_last_game_byte_is_harmless():
    board = FakeBoard()
    d = Driver(board=board)
    to_play(d)  # Clear the Dungeon Classic, suspended below
    pause_choice(d, 2)  # suspend
    d.tap("B")
    row = registry.GAMES.index(registry.find("rogue"))
    for _ in range(row):
        d.tap("DOWN")
    d.tap("A")
    d.tap("A")  # then a Rogue Solitaire game, suspended too
    assert type(d.screen).__name__ == "Play" and d.screen.entry.key == "rogue"
    pause_choice(d, 2)
    d.tap("B")
    assert d.screen.chosen == row
    for _ in range(row):
        d.tap("UP")
    d.tap("A")
    d.tap("A")  # Continue
    assert type(d.screen).__name__ == "Play" and d.screen.entry is registry.GAMES[0]
    again = Driver(board=FakeBoard(nvm=board.nvm))  # switched off, on again
    again.tap("A")
    assert again.screen.chosen == 0  # the game continued, not the one started last
    again.app.store.settings[records.SET_LAST_GAME] = registry.GAMES[0].game_id << 4 | 9  # no such rule set
    assert again.app.store.save_settings()
    third = Driver(board=FakeBoard(nvm=board.nvm))
    third.tap("A")
    third.tap("A")
    assert isinstance(third.screen, menus.RuleSets) and third.screen.chosen == 0
    third.tap("B")
    third.app.store.settings[records.SET_LAST_GAME] = 0x70  # no such game
    third.app.game_list()
    assert isinstance(third.screen, menus.GameList) and third.screen.chosen == 0


# -- what the store lost is said, once ----------------------------------------------------------
def damaged_nvm(how):
    """An NVM whose store lost something, and the game id it concerns."""
    from games.crawl import rules as crawl
    from engine import store as st

    s = st.Store(bytearray(b"\xff" * 4096))
    s.result(3, 0, True, 4, False, higher_is_better=False)
    g = crawl.Scoundrel(0).deal(5)
    p = s.end
    s.checkpoint(g)
    nvm = bytearray(s.nvm)
    if how == "checkpoint":
        nvm[p + 30] ^= 0x0C  # two bits in the checkpoint: beyond mending
    elif how == "stats":
        q = p - 2 * st._span(st.ENTRY_SIZE)
        nvm[q + 6] ^= 0x03  # both copies of the result
        nvm[q + 6 + st._span(st.ENTRY_SIZE)] ^= 0x03
    return nvm


def test_a_lost_saved_game_is_said_on_the_title_then_in_words_and_never_again():
    board = FakeBoard(nvm=damaged_nvm("checkpoint"))
    d = Driver(board=board)
    assert read_text(d, 1, 41).strip() == "A SAVED GAME WAS LOST" and "what was lost" in read_text(d, 1, 54)
    d.tap("A")
    assert type(d.screen).__name__ == "Notice"
    words = " ".join(read_row(d, r).strip() for r in range(1, 7))
    assert "Saved game lost: Scoundrel." in words and read_row(d, 7).strip() == "A: OK"
    d.tap("A")
    assert isinstance(d.screen, menus.GameList) and "Scoundrel *" not in [read_row(d, r).strip() for r in range(8)]
    again = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))  # the next boot: said once
    assert read_text(again, 1, 41).strip() == "solo dungeon cards"
    again.tap("A")
    assert isinstance(again.screen, menus.GameList)


def test_stats_that_lost_their_last_record_are_said_and_keep_the_one_before():
    board = FakeBoard(nvm=damaged_nvm("stats"))
    d = Driver(board=board)
    assert read_text(d, 1, 41).strip() == "STATS WERE DAMAGED"
    d.tap("A")
    words = " ".join(read_row(d, r).strip() for r in range(1, 7))
    assert "Stats damaged, they may miss games: Scoundrel." in words


def nvm_with_a_scoundrel_save(change):
    """An NVM whose store holds a Scoundrel save with change(image) made to
    it, its CRCs sound."""
    from games.crawl import rules as crawl
    from engine import store as st

    s = st.Store(bytearray(b"\xff" * 4096))
    buf = bytearray(256)
    image = bytearray(buf[:saves.save(crawl.Scoundrel(0).deal(5), buf)])
    change(image)
    n = len(image) - 2
    c = saves.crc16(image, 0, n)
    image[n:] = bytes((c & 0xFF, c >> 8))
    s._rec[4] = 0
    s._rec[5:5 + len(image)] = image
    s._append((st.REC_CHECKPOINT << 4) | 3, len(image) + 1, 0)
    return bytearray(s.nvm)


def test_a_save_of_a_rule_set_the_game_lacks_is_no_game_and_the_menus_work():
    def later_rule_set(image):
        image[2] = 7  # a rule set a later firmware added

    d = Driver(board=FakeBoard(nvm=nvm_with_a_scoundrel_save(later_rule_set)))
    assert read_text(d, 1, 41).strip() == "A SAVED GAME WAS LOST"
    d.tap("A")
    d.tap("A")  # the notice read: the game list
    for _ in range(2):
        d.tap("DOWN")
    d.tap("A")  # Scoundrel's rule sets: no Continue, no crash
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Strict"


def test_a_continue_whose_save_fails_its_checks_says_so_on_the_rule_set_menu():
    def a_card_twice(image):
        image[saves.HEADER] = image[saves.HEADER + 1]  # sound CRCs, an impossible game

    d = Driver(board=FakeBoard(nvm=nvm_with_a_scoundrel_save(a_card_twice)))
    d.tap("A")
    for _ in range(2):
        d.tap("DOWN")
    d.tap("A")
    assert read_row(d, 2) == " Continue"
    d.tap("A")  # Continue: the save is refused
    assert isinstance(d.screen, menus.RuleSets) and read_row(d, 2) == " Strict"
    assert read_row(d, 6).strip() == "SAVED GAME WAS LOST"
    d.tap("DOWN")
    assert read_row(d, 6).strip() != "SAVED GAME WAS LOST"  # said once


def test_damage_mended_at_boot_is_written_away_at_the_first_menu_not_in_play():
    from games.crawl import rules as crawl
    from engine import store as st

    s = st.Store(bytearray(b"\xff" * 4096))
    s.result(3, 0, True, 4, False, higher_is_better=False)
    s.checkpoint(crawl.Scoundrel(0).deal(5))
    nvm = bytearray(s.nvm)
    nvm[9] ^= 0x04  # a bit of the header: its records load, and nothing was lost
    board = FakeBoard(nvm=nvm)
    d = Driver(board=board)
    store = d.app.store
    assert not store.damaged and store.repaired == 1 and store.stale and not store.claimed
    assert bytes(board.nvm) == bytes(nvm)  # nothing written at start-up
    assert read_text(d, 1, 41).strip() == "solo dungeon cards"  # nothing to say
    d.tap("A")  # the game list: the sector is written anew here, not by a move in play
    assert store.claimed and not store.stale and store.compactions == 1
    again = Driver(board=FakeBoard(nvm=bytearray(board.nvm)))
    assert again.app.store.repaired == 0 and again.app.store.suspended(3) is not None

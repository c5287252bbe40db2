"""The end of a game holds until the player means to leave it (issue 22):
presses in the first half second after the end are ignored, on the play
screen and on the game-over screen, and Play again needs a deliberate choice,
so A A A made for the last move cannot start and move a new game."""

from engine import registry
from games.ctd import rules as ctd
from games.ctd.play import Play
from tests.ui_driver import Driver, read_row
from ui import menus

CTD = registry.find("ctd")
# A Classic deck (monsters column by column, top first, then the power deck), won by these moves.
DECK = bytes.fromhex(
    "0d1c3b2c3d1b0b3c1d2d2b0c1a2307320913143a21050f22260a03382912152a02"
    "373904162833341924251f01271836081735061131")
MOVES = bytes.fromhex("001020041020001222021121011121011121011222021222021020001323031323031323")
LAST = 0x03


def near_the_end():
    g = ctd.Dungeon(ctd.CLASSIC)
    g.set_up(DECK)
    for mv in MOVES:
        assert g.play(mv) == 0
    d = Driver((Play, CTD, ctd.CLASSIC, 17, g), patient=False)  # presses at once, not waiting out the hold
    d.play(LAST)
    assert g.status == 1 and isinstance(d.screen, Play)
    return d


def test_a_after_the_last_move_is_ignored_for_half_a_second():
    d = near_the_end()
    d.tap("A")  # within the half second: the result stays
    assert isinstance(d.screen, Play)
    for _ in range(25):
        d.step(20)
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)


def test_a_a_a_from_the_end_neither_loses_the_summary_nor_starts_a_game():
    d = near_the_end()
    for _ in range(25):
        d.step(20)
    played = d.app.store.stats(CTD.game_id, ctd.CLASSIC).played
    d.tap("A")
    over = d.screen
    assert isinstance(over, menus.GameOver) and read_row(d, 0) == "CLEARED!  Deal 17"
    d.tap("A")
    d.tap("A")  # both in the first half second: nothing
    assert d.screen is over and over.chosen == -1
    assert [read_row(d, r) for r in (5, 6, 7)] == [" Play again", " Same deal", " Menu"]
    for _ in range(25):
        d.step(20)
    d.tap("A")  # the first A chooses Play again, and shows it
    assert d.screen is over and over.chosen == 0
    assert read_row(d, 1) == "All 12 monsters slain"
    assert d.app.store.stats(CTD.game_id, ctd.CLASSIC).played == played
    d.tap("A")
    assert isinstance(d.screen, Play) and d.screen.game.moves == 0


def test_up_or_down_choose_on_the_game_over_screen_and_b_leaves():
    d = near_the_end()
    for _ in range(25):
        d.step(20)
    d.tap("A")
    for _ in range(25):
        d.step(20)
    over = d.screen
    d.tap("UP")
    assert over.chosen == 2
    d.tap("B")
    assert isinstance(d.screen, menus.RuleSets)

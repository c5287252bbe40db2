"""The desktop player's own behaviour, apart from the terminal (the pty test in
test_cli.py covers that): Q during a game asks before it throws the game away,
and with the NVM in a file the game waits there for the next run."""

import io

from hw.fake import FileNVM
from tools.play import ASK, HELP, Player


def start_a_game(p):
    for key in ("A", "A", "A"):  # title, game list, Classic: a game is dealt
        p.key(key)
        for _ in range(10):
            p.tick()
    assert type(p.sim.screen).__name__ == "Play"


def test_q_quits_at_once_from_the_menus_but_asks_during_a_game():
    out = io.StringIO()
    p = Player(out, "braille")
    p.tick()
    assert p.quit()  # the title: nothing to lose
    p = Player(out, "braille")
    start_a_game(p)
    assert not p.quit()  # the first Q only asks
    p.tick()
    assert ASK[:40] in out.getvalue().split("\n")[-1]
    p.key("LEFT")  # any other key plays on, and the question goes
    p.tick()
    assert not p.asking and HELP[:40] in out.getvalue().split("\n")[-1]
    assert not p.quit()
    assert p.quit()  # Q twice: gone


def test_with_the_nvm_in_a_file_q_quits_and_the_game_waits_for_the_next_run(tmp_path):
    path = str(tmp_path / "nvm.bin")
    p = Player(io.StringIO(), "braille", FileNVM(path))
    start_a_game(p)
    kept = bytes(p.sim.screen.game.hand)
    assert p.quit()  # nothing to lose
    p = Player(io.StringIO(), "braille", FileNVM(path))  # the next run
    for key in ("A", "A", "A"):  # title, game list, Continue
        p.key(key)
        for _ in range(10):
            p.tick()
    assert type(p.sim.screen).__name__ == "Play" and bytes(p.sim.screen.game.hand) == kept

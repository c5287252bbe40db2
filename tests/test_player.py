"""The desktop player's own behaviour, apart from the terminal (the pty test in
test_cli.py covers that): Q during a game asks before it throws the game away."""

import io

from tools.play import ASK, HELP, Player


def test_q_quits_at_once_from_the_menus_but_asks_during_a_game():
    out = io.StringIO()
    p = Player(out, "braille")
    p.tick()
    assert p.quit()  # the title: nothing to lose
    p = Player(out, "braille")
    for key in ("A", "A", "A"):  # title, game list, Classic: a game is dealt
        p.key(key)
        for _ in range(10):
            p.tick()
    assert type(p.sim.screen).__name__ == "Play"
    assert not p.quit()  # the first Q only asks
    p.tick()
    assert ASK[:40] in out.getvalue().split("\n")[-1]
    p.key("LEFT")  # any other key plays on, and the question goes
    p.tick()
    assert not p.asking and HELP[:40] in out.getvalue().split("\n")[-1]
    assert not p.quit()
    assert p.quit()  # Q twice: gone

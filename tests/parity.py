"""What the parity tests share (tests/test_crawl_speed_parity.py,
tests/test_rogue_parity.py): a game's state, events and legal moves into a
digest, and a whole bot game digested after every move, after each undo and
after the move made anew.  Each test adds what its game's screens ask."""

from engine.game import PLAYING


def record_state(g, h):
    """The state with its saved ints, the events and the legal moves into the
    hash h; returns the legal moves."""
    snap = bytearray(len(g.state))
    g.snapshot(snap)
    h.update(snap)
    h.update(bytes(g.events[: 3 * g.n_events]))
    n = g.legal_moves()
    legal = bytes(g.legal[:n])
    h.update(legal)
    return legal


def play(g, bot, rng, h, record):
    """Play g to its end by bot(g, rng), calling record(g) after the deal and
    every move, and after each undo and the move made anew (while one can be
    undone); each move, its answer and each undo go into h too."""
    record(g)
    while g.status == PLAYING:
        mv = bot(g, rng)
        h.update(b"%d %d" % (mv, g.play(mv)))
        record(g)
        if g.can_undo():
            h.update(b"u%d" % g.undo())
            record(g)
            h.update(b"r%d" % g.play(mv))
            record(g)

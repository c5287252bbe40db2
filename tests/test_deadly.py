"""deadly(move): the engine says when a move loses the game at once, so the
screens can ask first.  Checked against the engine itself: over random games
of every rule set, each legal move is made on a copy of the game (a save
loaded back)."""

import pytest

from engine import save_checks, saves
from games.crawl import rules as crawl
from games.ctd import rules as ctd
from engine.game import LOST, PLAYING
from engine.rng import Rng
from games.ctd import desk_notation as ctd_notation

GAMES = [(ctd.Dungeon, r) for r in (ctd.CLASSIC, ctd.RESERVE, ctd.ONESTRIKE)] + [
    (crawl.Soltura, 0), (crawl.Soltura, 1), (crawl.Scoundrel, 0), (crawl.Scoundrel, 1)]


@pytest.mark.parametrize("cls,rules", GAMES)
def test_deadly_is_exactly_the_moves_that_lose_at_once(cls, rules):
    seen = 0
    for seed in range(25):
        g = cls(rules).deal(seed)
        rng = Rng(seed)
        while g.status == PLAYING:
            n = g.legal_moves()
            moves = [g.legal[i] for i in range(n)]
            image = bytearray(256)
            saves.save(g, image)
            for mv in moves:
                trial = save_checks.load(cls, image, len(cls.RULE_NAMES))
                assert trial.play(mv) == 0
                lost = trial.status == LOST
                blind = cls is not ctd.Dungeon and mv >> 4 == crawl.A_BET  # an unseen card: a risk, not a certainty
                # Reserve's "stuck" loss comes of the whole position once the deck is spent, not of one press
                stuck = cls is ctd.Dungeon and trial.loss == ctd_notation.CTD_LOSS_STUCK
                if g.deadly(mv):
                    assert lost, (seed, mv)
                    seen += 1
                elif not (blind or stuck):
                    assert not lost, (seed, mv)
            g.play(moves[rng.below(len(moves))])
    if not (cls is ctd.Dungeon and rules == ctd.RESERVE):  # Reserve loses only when stuck
        assert seen > 0  # the games did reach moves that lose

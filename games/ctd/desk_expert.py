"""What tools/expert.py knows of Clear the Dungeon: the player's Eyes (what
a player knows of a deal, and the hidden places refilled with the unseen
cards) and the value of a finished game (outcome)."""

from engine import cards
from engine.game import WON
from games.ctd import rules as ctd
from tools.expert import WIN, shuffled, unseen_of


class Eyes:
    """What a Clear the Dungeon player knows: everything in sight (the face-up
    monsters, the attacks, the hand, the pile, the slain), and nothing of the
    face-down monsters or the order of the power deck.  There is nothing to
    remember beyond the table."""

    def start(self, game):
        pass

    def play(self, game, mv):
        return game.play(mv)

    def seen(self, game):
        out = [m for m in game.monsters if m and not m & cards.FACE_DOWN]
        out += list(game.attacks) + list(game.hand) + list(game.pile[:game.pile_n]) + list(game.gone[:game.gone_n])
        return out

    def fill(self, game, world, rng):
        """Put into world's hidden places (face-down monsters, deck[top:]) the
        unseen cards, shuffled by rng."""
        unseen = unseen_of(cards.standard_deck(), self.seen(game))
        monsters = shuffled([c for c in unseen if 11 <= c & 0x0F <= 13], rng)
        power = shuffled([c for c in unseen if not 11 <= c & 0x0F <= 13], rng)
        for i in range(ctd.MONSTERS):
            if game.monsters[i] & cards.FACE_DOWN:
                world.monsters[i] = monsters.pop() | cards.FACE_DOWN
        for i in range(game.top, ctd.POWER_CARDS):
            world.deck[i] = power.pop()
        if monsters or power:
            raise AssertionError("the unseen cards do not fit the hidden places")


def outcome(game):
    """A win above any loss, then the score of a win, or the monsters slain."""
    return WIN + game.score() if game.status == WON else game.kills

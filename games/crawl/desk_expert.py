"""What tools/expert.py knows of Soltura and Scoundrel: the player's Eyes
(what a player knows of the deck, and its unknown places refilled with the
unseen cards) and the value of a finished game (outcome)."""

from engine.game import WON
from games.crawl import rules as crawl
from tools.expert import WIN, shuffled, unseen_of


class Eyes:
    """What a Soltura or Scoundrel player knows: the room, the weapon and its
    chain, the pile, the slain, the escort; and, of the deck, the cards it
    has watched go there or seen in it: Preview's top three, a swapped monster
    on top, an avoided room at the bottom.  known[i] is the card known at
    deck[i] (0: unknown); Flee's shuffle forgets them all."""

    def start(self, game):
        self.known = bytearray(len(game.deck))

    def play(self, game, mv):
        """Make move mv in game, and remember what the player sees it do."""
        act = mv >> 4
        n0 = game.deck_n
        room = bytes(game.room)
        why = game.play(mv)
        if why:
            return why
        known = self.known
        if act == crawl.A_FLEE:
            for i in range(len(known)):
                known[i] = 0
        elif mv == crawl.AVOID:  # the room under the deck, its last card at the bottom
            n = sum(1 for c in room if c)
            known[n:n0 + n] = known[0:n0]
            k = n
            for c in room:
                if c:
                    k -= 1
                    known[k] = c
        elif act == crawl.A_SWAP:
            known[n0 - 1] = room[mv & 3]
        elif act == crawl.A_PREVIEW:
            for i in range(min(3, game.deck_n)):
                known[game.deck_n - 1 - i] = game.deck[game.deck_n - 1 - i]
        for i in range(game.deck_n, len(known)):
            known[i] = 0
        return 0

    def seen(self, game):
        out = list(game.room) + [game.weapon] + list(game.chain[:game.chain_n])
        out += list(game.pile[:game.pile_n]) + list(game.slain[:game.slain_n]) + list(game.escort)
        return out + list(self.known[:game.deck_n])

    def fill(self, game, world, rng):
        """Put into world's unknown deck places the unseen cards, shuffled by
        rng; the known places keep their cards.  Flee's shuffle in the world
        is seeded by rng too."""
        unseen = shuffled(unseen_of(game.every_card(), self.seen(game)), rng)
        for i in range(game.deck_n):
            world.deck[i] = self.known[i] or unseen.pop()
        if unseen:
            raise AssertionError("the unseen cards do not fit the hidden places")
        world.seed = rng.below(30000) << 15 | rng.below(30000)


def outcome(game):
    """A win above any loss, then the score of a win (the HP left where the
    rules keep no score), or minus the monsters left."""
    if game.status == WON:
        return WIN + game.score() if game.rules == game.SCORING_RULES else WIN + game.hp
    return -game.monsters_left()

"""Rogue Solitaire's desktop face (tools/games.py): its notation is
games/rogue/desk_notation.py (spec 3.18), its bots desk_bots.py, its button
driver desk_presses.py (imported when first pressed)."""

from engine.notation import name, parse_list
from games.rogue import desk_bots, desk_notation as notation, rules as rogue


class Rogue:
    engine = rogue.Rogue
    rules = notation.RULES  # quick, campaign: the command line's names of RULE_NAMES
    bots = desk_bots.BOTS
    deck_help = notation.DECK_HELP
    parse_move = staticmethod(notation.parse_move)
    move_text = staticmethod(notation.move_text)
    UNDO = rogue.UNDO
    QUIT = notation.QUIT
    reason = staticmethod(notation.reason)
    # The move text the rules text documents, %s a card (tools/fuzz.py holds accepted moves to it)
    move_grammar = r"(?ai)(?:u|undo|-|next|quit|[am^][1-9]|[1-9]>(?:[1-9]|h)|%s>(?:[1-9]|d|x|v))\Z"

    @staticmethod
    def fuzz_deck(rng, rules):
        """A valid --deck, shuffled, with the lock (RJ) on exit place 5: the table's 14th card."""
        every = [name(c) for c in rogue.Rogue(rules).every_card()]
        rng.shuffle(every)
        every.remove("RJ")
        every.insert(13, "RJ")
        return every

    @staticmethod
    def deal(rules, seed=None, deck=None):
        game = rogue.Rogue(rules)
        if deck is not None:
            return notation.deal(game, parse_list(deck))
        return game.deal(seed)

    @staticmethod
    def state(game, moves):
        return notation.state(game, moves)

    @staticmethod
    def press(driver, mv):
        """The move by buttons on games/rogue/play.py (desk_presses.py,
        imported when first pressed)."""
        from games.rogue import desk_presses

        return desk_presses.play(driver, mv)

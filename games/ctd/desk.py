"""Clear the Dungeon's desktop face (tools/games.py): how to deal it, read and
write its moves, show its state as JSON, its bots and its button driver."""

from engine import cards
from engine.game import NO_SEED
from engine.notation import STATUS_NAMES, UNDO, name, parse_list
from games.ctd import desk_bots, desk_notation as notation, desk_presses, rules as ctd
from games.ctd.rules import RULE_NAMES


class Dungeon:
    engine = ctd.Dungeon
    rules = RULE_NAMES
    bots = desk_bots.BOTS
    press = staticmethod(desk_presses.play)
    deck_help = (
        "the 12 monsters column by column, each column from its face-up card down, "
        "then the 42 power cards from the top"
    )
    UNDO = UNDO
    # The move text the rules text documents, %s a card (tools/fuzz.py holds accepted moves to it)
    move_grammar = r"(?ai)(?:u|undo|%s>(?:d|0*[1-9][0-9]*))\Z"
    parse_move = staticmethod(notation.parse_ctd_move)
    move_text = staticmethod(notation.ctd_move_text)

    @staticmethod
    def deal(rules, seed=None, deck=None):
        """A new game from a seed, or from a deck text (ValueError naming a bad card)."""
        game = ctd.Dungeon(rules)
        if deck is not None:
            return notation.deal_ctd(game, parse_list(deck))
        return game.deal(seed)

    @staticmethod
    def fuzz_deck(rng, rules):
        """A valid --deck, shuffled: the monsters first, then the power cards."""
        faces = [(s << 4) | r for r in (11, 12, 13) for s in range(4)]
        power = [(s << 4) | r for r in range(1, 11) for s in range(4)] + [cards.RED_JOKER, cards.BLACK_JOKER]
        rng.shuffle(faces)
        rng.shuffle(power)
        return [name(c) for c in faces + power]

    @staticmethod
    def reason(game, code):
        return notation.CTD_REASONS[code]

    @staticmethod
    def state(game, moves):
        """The game as a JSON-ready dict; moves is the list of moves in notation."""
        columns = []
        for col in range(game.columns):
            f = game.front(col)
            columns.append(
                {
                    "monster": name(game.monsters[f]) if f >= 0 else None,
                    "power": game.monsters[f] & 0x0F if f >= 0 else None,
                    "below": game.below(col),
                    "attacks": [name(c) for c in game.attacks[col * 3 : col * 3 + 3] if c],
                }
            )
        n = game.legal_moves()
        pile = [name(c) for c in game.pile[: game.pile_n]]
        return {
            "game": "ctd",
            "rules": RULE_NAMES[game.rules],
            "seed": None if game.seed == NO_SEED else game.seed,
            "status": STATUS_NAMES[game.status],
            "score": game.score(),
            "moves": list(moves),
            "kills": game.kills,
            "deck_left": ctd.POWER_CARDS - game.top,
            "hand": [name(c) for c in game.hand if c],
            "columns": columns,
            "damage": game.damage(),
            "reserve": pile if game.rules == ctd.RESERVE else [],
            "pile": pile,
            "can_undo": game.can_undo(),
            "legal": [notation.ctd_move_text(game, game.legal[i]) for i in range(n)],
            "loss": notation.CTD_LOSSES[game.loss] or None,
        }

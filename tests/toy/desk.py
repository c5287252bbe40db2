"""Pairs' desktop face (tools/games.py reads it as "tests.toy.desk:Pairs"):
dealing, the move notation, the JSON state, the bots and the button driver.

Moves: d1 d2 d3 draw the deck's top card into slot 1-3; m12 m13 m23 match
two slots; u undoes the last match.  A deck is the six cards from the top.
"""

from engine import notation
from engine.game import NO_SEED
from tests.toy import desk_bots, desk_presses
from tests.toy import rules as toy

UNDO = -2
_MATCHES = ("m12", "m13", "m23")
REASONS = ("", "the game is over", "no such slot", "the deck is empty", "the slot is full",
           "no card in that slot", "not a pair")


class Pairs:
    key = "toy"
    title = "Pairs"
    engine = toy.Pairs
    rules = toy.RULE_NAMES
    bots = desk_bots.BOTS
    press = staticmethod(desk_presses.play)
    deck_help = "the six cards from the deck's top (AS AH 2S 2H 3S 3H in any order)"
    UNDO = UNDO
    move_grammar = r"(?ai)(?:u|undo|d[1-3]|m(?:12|13|23))\Z"  # the notation above (tools/fuzz.py)

    @staticmethod
    def deal(rules, seed=None, deck=None):
        game = toy.Pairs(rules)
        if deck is None:
            return game.deal(seed)
        cards = notation.parse_list(deck)
        if sorted(cards) != sorted(toy.Pairs.every_card()):
            raise ValueError("a Pairs deck is AS AH 2S 2H 3S 3H, each once")
        return game.set_up(cards)

    @staticmethod
    def parse_move(game, word):
        w = word.lower()
        if w in ("u", "undo"):
            return UNDO
        if len(w) == 2 and w[0] == "d" and w[1] in "123":
            return int(w[1]) - 1
        if w in _MATCHES:
            return toy.MATCH + _MATCHES.index(w)
        raise ValueError("'%s' is not a Pairs move (d1-d3, m12, m13, m23, u)" % word)

    @staticmethod
    def move_text(game, mv):
        return "d%d" % (mv + 1) if mv < toy.MATCH else _MATCHES[mv - toy.MATCH]

    @staticmethod
    def reason(game, code):
        return REASONS[code]

    @staticmethod
    def state(game, moves):
        n = game.legal_moves()
        return {
            "game": "toy",
            "rules": toy.RULE_NAMES[game.rules],
            "seed": None if game.seed == NO_SEED else game.seed,
            "status": notation.STATUS_NAMES[game.status],
            "score": game.score(),
            "moves": list(moves),
            "row": [notation.name(game.row[i]) if game.row[i] else None for i in range(game.slots)],
            "deck_left": toy.CARDS - game.top,
            "matched": [notation.name(c) for c in game.gone[:game.gone_n]],
            "can_undo": game.can_undo(),
            "legal": [Pairs.move_text(game, game.legal[i]) for i in range(n)],
        }

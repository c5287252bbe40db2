"""The desktop side of each game in engine/registry.py, behind the same small
face: how to deal it, read and write its moves, show its state as JSON, its
bots, and its button driver (how a move is pressed on its play screen).

A new game adds its Entry to engine/registry.py and its class here, keyed the
same; replay, simulate, fit, bench, shot, the simulator and the build need no
change (tests/test_registry.py holds the two lists together).
"""

from engine import notation, registry
from games.crawl import rules as crawl
from games.crawl import desk_bots as crawl_bots
from games.ctd import rules as ctd
from games.ctd import desk_bots as ctd_bots
from games.rogue import rules as rogue
from games.rogue import desk_bots as rogue_bots
from games.rogue import desk_notation as rogue_notation
from engine.game import NO_SEED
from tools import presses


class ClearTheDungeon:
    key = "ctd"
    entry = registry.find(key)
    title = entry.title
    engine = ctd.Dungeon
    rules = ctd.RULE_NAMES
    bots = ctd_bots.BOTS
    press = staticmethod(presses.play)
    deck_help = (
        "the 12 monsters column by column, each column from its face-up card down, "
        "then the 42 power cards from the top"
    )

    @staticmethod
    def deal(rules, seed=None, deck=None):
        """A new game from a seed, or from a deck text (ValueError naming a bad card)."""
        game = ctd.Dungeon(rules)
        if deck is not None:
            return notation.deal_ctd(game, notation.parse_list(deck))
        return game.deal(seed)

    parse_move = staticmethod(notation.parse_ctd_move)
    move_text = staticmethod(notation.ctd_move_text)
    UNDO = notation.UNDO

    @staticmethod
    def reason(game, code):
        return notation.CTD_REASONS[code]

    @staticmethod
    def state(game, moves):
        """The game as a JSON-ready dict; moves is the list of moves in notation."""
        name = notation.name
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
        out = {
            "game": "ctd",
            "rules": ctd.RULE_NAMES[game.rules],
            "seed": None if game.seed == NO_SEED else game.seed,
            "status": notation.STATUS_NAMES[game.status],
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
        return out


class Crawl:
    """What Soltura and Scoundrel share on the command line."""

    bots = crawl_bots.BOTS
    press = staticmethod(presses.play_crawl)
    deck_help = "the whole dungeon from the top: the first four are the first room"
    parse_move = staticmethod(notation.parse_crawl_move)
    move_text = staticmethod(notation.crawl_move_text)
    UNDO = notation.UNDO
    reason = staticmethod(notation.crawl_reason)

    @classmethod
    def deal(cls, rules, seed=None, deck=None):
        game = cls.engine(rules)
        if deck is not None:
            return notation.deal_crawl(game, notation.parse_list(deck))
        return game.deal(seed)

    @classmethod
    def state(cls, game, moves):
        name = notation.name
        n = game.legal_moves()
        preview = None
        for i in range(game.n_events):
            if game.events[3 * i] == crawl.EV_PREVIEW:
                preview = [name(game.top(k)) for k in range(game.events[3 * i + 1])]
        out = {
            "game": cls.key,
            "rules": cls.rules[game.rules],
            "seed": None if game.seed == NO_SEED else game.seed,
            "status": notation.STATUS_NAMES[game.status],
            "score": game.score(),
            "moves": list(moves),
            "hp": game.hp,
            "max_hp": game.MAX_HP,
            "weapon": {"card": name(game.weapon), "power": game.power(), "buff": game.buff} if game.weapon else None,
            "chain": [name(c) for c in game.chain[: game.chain_n]],
            "room": [name(c) if c else None for c in game.room],
            "deck_left": game.deck_n,
            "potions_this_room": game.potions,
            "room_touched": bool(game.touched),
            "can_undo": game.can_undo(),
            "legal": [notation.crawl_move_text(game, game.legal[i]) for i in range(n)],
        }
        if preview is not None:
            out["preview"] = preview
        cls.extra(game, out)
        return out


class Soltura(Crawl):
    key = "soltura"
    entry = registry.find(key)
    title = entry.title
    engine = crawl.Soltura
    rules = crawl.Soltura.RULE_NAMES

    @staticmethod
    def extra(game, out):
        out["escorted"] = [notation.name(c) for c in game.escort if c]
        if game.rules == crawl.SURVIVAL:
            out["score"] = None
            return
        p = game.parts()
        out["score_parts"] = {"hp": p[0], "barehanded": p[1], "chains": p[2], "loot": p[3], "escort": p[4], "penalty": -p[5]}


class Scoundrel(Crawl):
    key = "scoundrel"
    entry = registry.find(key)
    title = entry.title
    engine = crawl.Scoundrel
    rules = crawl.Scoundrel.RULE_NAMES

    @staticmethod
    def extra(game, out):
        out["avoided_last_room"] = bool(game.avoided)
        out["can_avoid"] = game.check(crawl.AVOID) == 0


class Rogue:
    """Rogue Solitaire: its notation is games/rogue/desk_notation.py (spec 3.18)."""

    key = "rogue"
    entry = registry.find(key)
    title = entry.title
    engine = rogue.Rogue
    rules = rogue_notation.RULES  # quick, campaign: the command line's names of RULE_NAMES
    bots = rogue_bots.BOTS
    deck_help = rogue_notation.DECK_HELP
    parse_move = staticmethod(rogue_notation.parse_move)
    move_text = staticmethod(rogue_notation.move_text)
    UNDO = rogue.UNDO
    QUIT = rogue_notation.QUIT
    reason = staticmethod(rogue_notation.reason)

    @staticmethod
    def deal(rules, seed=None, deck=None):
        game = rogue.Rogue(rules)
        if deck is not None:
            return rogue_notation.deal(game, notation.parse_list(deck))
        return game.deal(seed)

    @staticmethod
    def state(game, moves):
        return rogue_notation.state(game, moves)

    @staticmethod
    def press(driver, mv):
        """The move by buttons on games/rogue/play.py (games/rogue/desk_presses.py,
        imported when first pressed)."""
        from games.rogue import desk_presses as rogue_presses

        return rogue_presses.play(driver, mv)


GAMES = {spec.key: spec for spec in (ClearTheDungeon, Soltura, Scoundrel, Rogue)}  # in the registry's order


def rules_index(parser, spec, name):
    """The index of a rule set named on the command line (the first when None);
    a usage error naming the choices otherwise."""
    if name is None:
        return 0
    if name not in spec.rules:
        parser.error("--rules for %s must be one of: %s" % (spec.key, ", ".join(spec.rules)))
    return spec.rules.index(name)


def bot(parser, spec, name):
    """The bot named on the command line; a usage error naming the choices otherwise."""
    if name not in spec.bots:
        parser.error("--bot must be one of: %s" % ", ".join(sorted(spec.bots)))
    return spec.bots[name]


RULES_HELP = "the rule set (%s; default the first)" % "; ".join(
    "%s: %s" % (key, ", ".join(spec.rules)) for key, spec in GAMES.items()
)

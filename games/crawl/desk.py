"""Soltura's and Scoundrel's desktop faces (tools/games.py): how to deal them,
read and write their moves, show their state as JSON, their bots and their
button driver.  What the two share is Crawl's."""

from engine.game import NO_SEED
from engine.notation import STATUS_NAMES, UNDO, name, parse_list
from games.crawl import desk_bots, desk_notation as notation, desk_presses, rules as crawl


class Crawl:
    """What Soltura and Scoundrel share on the command line."""

    bots = desk_bots.BOTS
    press = staticmethod(desk_presses.play)
    deck_help = "the whole dungeon from the top: the first four are the first room"
    parse_move = staticmethod(notation.parse_crawl_move)
    move_text = staticmethod(notation.crawl_move_text)
    UNDO = UNDO
    reason = staticmethod(notation.crawl_reason)
    # The move text the rules texts document, %s a card (tools/fuzz.py holds accepted moves to it)
    move_grammar = r"(?ai)(?:u|undo|avoid|%s(?:>(?:w|b|escort|buff|heal|preview|flee|bet)|>swap>%s)?)\Z"

    @classmethod
    def deal(cls, rules, seed=None, deck=None):
        game = cls.engine(rules)
        if deck is not None:
            return notation.deal_crawl(game, parse_list(deck))
        return game.deal(seed)

    @classmethod
    def state(cls, game, moves):
        n = game.legal_moves()
        preview = None
        for i in range(game.n_events):
            if game.events[3 * i] == crawl.EV_PREVIEW:
                preview = [name(game.top(k)) for k in range(game.events[3 * i + 1])]
        out = {
            "game": cls.key,
            "rules": cls.rules[game.rules],
            "seed": None if game.seed == NO_SEED else game.seed,
            "status": STATUS_NAMES[game.status],
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
    engine = crawl.Soltura
    rules = crawl.Soltura.RULE_NAMES

    @staticmethod
    def extra(game, out):
        out["escorted"] = [name(c) for c in game.escort if c]
        if game.rules == crawl.SURVIVAL:
            out["score"] = None
            return
        p = game.parts()
        out["score_parts"] = {"hp": p[0], "barehanded": p[1], "chains": p[2], "loot": p[3], "escort": p[4], "penalty": -p[5]}


class Scoundrel(Crawl):
    engine = crawl.Scoundrel
    rules = crawl.Scoundrel.RULE_NAMES

    @staticmethod
    def extra(game, out):
        out["avoided_last_room"] = bool(game.avoided)
        out["can_avoid"] = game.check(crawl.AVOID) == 0

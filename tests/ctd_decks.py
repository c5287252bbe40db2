"""Fixed deck orders for Clear the Dungeon tests: name the cards that matter,
and the rest fill in, in a fixed order, behind them."""

from engine import notation
from games.ctd import rules as ctd
from engine.cards import standard_deck
from engine.game import NO_MOVE
from games.ctd import desk_notation as ctd_notation

MONSTER_ORDER = [c for c in standard_deck() if 11 <= c & 15 <= 13]
POWER_ORDER = [c for c in standard_deck() if not 11 <= c & 15 <= 13]


def deal(rules, columns=(), power=""):
    """A game dealt with the given columns (lists of monster names, top first)
    and power cards (names from the top of the deck); the unnamed monsters and
    power cards follow in a fixed order."""
    game = ctd.Dungeon(rules)
    assert len(columns) <= game.columns, "more columns than the rule set has"
    named_monsters = [notation.parse(n) for col in columns for n in col]
    rest_m = [c for c in MONSTER_ORDER if c not in named_monsters]
    monsters = []
    for col in range(game.columns):
        given = [notation.parse(n) for n in columns[col]] if col < len(columns) else []
        while len(given) < game.depth:
            given.append(rest_m.pop(0))
        monsters += given
    named_power = list(notation.parse_list(power))
    rest_p = [c for c in POWER_ORDER if c not in named_power]
    order = bytearray(monsters + named_power + rest_p)
    return ctd_notation.deal_ctd(game, order)


def play(game, moves, parse=ctd_notation.parse_ctd_move):
    """Play moves in notation (Clear the Dungeon's unless parse says another);
    returns the reason code of the first refused move (0 when all were legal,
    -1 for an undo with nothing to undo)."""
    for word in moves.split():
        mv = parse(game, word)
        if mv == notation.UNDO:
            if game.undo() == NO_MOVE:
                return -1
            continue
        why = game.play(mv)
        if why:
            return why
    return 0


def hand(game):
    return [notation.name(c) for c in game.hand if c]


def snapshot(game):
    from engine import saves

    buf = bytearray(256)
    n = saves.save(game, buf)
    return bytes(buf[:n]), game.log_n


def perfect_classic():
    """A Classic deal that a perfect player wins with 6 cards left: each hand
    kills one monster with a pair summing 14 and an A, 2 or 3 of its suit."""
    suits = "SHDC"
    columns = [["J" + s, "Q" + s, "K" + s] for s in suits]
    pairs = [(a + s, b + s) for s in suits for a, b in (("10", "4"), ("9", "5"), ("8", "6"))]
    power = []
    moves = []
    k = 0
    for col, s in enumerate(suits):
        for i, trig in enumerate(("A", "2", "3")):
            a, b = pairs[k]
            k += 1
            power += [a, b, trig + s]
            moves += ["%s>%d" % (a, col + 1), "%s>%d" % (b, col + 1), "%s%s>%d" % (trig, s, col + 1)]
    return columns, " ".join(power), " ".join(moves)

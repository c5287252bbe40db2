"""Clear the Dungeon's solver hooks (tools/solve.py): Rules, what the exact
search knows of the rules: a state's key and worth, a cut where too few power
cards are left for the monsters, the legal moves found fast, and their order
(kills first, the pile last).

Desktop only (CPython): it allocates freely; a Rules object holds one flag.
"""

from engine import cards
from games.ctd import rules as ctd


class Rules:
    """Clear the Dungeon.  The future of a state is decided by the monsters,
    the hand, how far the power deck is drawn, what each column's attack
    needs next (its role, and for a pair the first card's value: which cards
    lie on it is no matter, they leave with the monster), and the pile: its
    order in Reserve (its top card is playable), only its size in Classic
    and One Strike (dead cards).  Within a key a state is better with fewer
    cards on the damage pile and higher first cards waiting for their pairs
    (each only allows more)."""

    def __init__(self, game):
        self.reserve = game.rules == ctd.RESERVE

    def key(self, g):
        roles = bytearray(g.columns)
        worth = [0] * (g.columns + 1)
        if not self.reserve:
            worth[0] = ctd.DAMAGE_LIMIT - g.pile_n
        for col in range(g.columns):
            role = g.role(col)
            roles[col] = role
            if role == 1:
                worth[col + 1] = ctd.value(g.attacks[col * 3])
        key = bytes(g.monsters) + bytes(roles) + bytes(g.hand) + bytes((g.top,))
        if self.reserve:
            key += bytes(g.pile[: g.pile_n])
        return key, worth

    def dead(self, g):
        """True when too few power cards are left for the monsters: each
        monster takes three, less those already on it."""
        need = 3 * (ctd.MONSTERS - g.kills)
        for i in range(12):
            need -= g.attacks[i] != 0
        have = ctd.POWER_CARDS - g.top + g.hand_size()
        if self.reserve:
            have += g.pile_n
        return have < need

    def moves(self, g):
        """The legal moves in legal_moves()'s order (by source, then target),
        found from each column's facts once instead of check() per pair."""
        onestrike = g.rules == ctd.ONESTRIKE
        busy = -1  # One Strike: the column under attack this hand (-2: several)
        cols = []
        for col in range(g.columns):
            f = g.front(col)
            if f < 0:
                cols.append(None)
                continue
            m = g.monsters[f]
            role = g.role(col)
            if role and onestrike:
                busy = col if busy == -1 else -2
            pair = ctd.value(g.attacks[col * 3]) if role == 1 else 0
            cols.append((col, m & 0x0F, (m >> 4) & 3, role, pair))
        spare = g.hand_size() - 1
        out = []
        for source in range(4):
            c = g.source_card(source)
            if c == 0:
                continue
            v = ctd.value(c)
            joker = c & 0x0F == cards.JOKER
            for column in cols:
                if column is None:
                    continue
                col, power, suit, role, pair = column
                if onestrike and ((busy != -1 and busy != col) or spare < 2 - role):
                    continue
                if role == 0:
                    ok = v + 10 >= power
                elif role == 1:
                    ok = pair + v >= power
                else:
                    ok = joker or (c >> 4) & 3 == suit
                if ok:
                    out.append((source << 4) | col)
            if source != ctd.FROM_RESERVE:
                out.append((source << 4) | ctd.TO_PILE)
        return out

    def order(self, g, moves):
        """Kills first, then pairs, then first attacks, the pile last."""

        def rank(mv):
            target = mv & 0x0F
            if target == ctd.TO_PILE:
                return 3
            return 2 - g.role(target)

        return sorted(moves, key=rank)

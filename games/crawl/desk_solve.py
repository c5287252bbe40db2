"""Soltura's and Scoundrel's solver hooks (tools/solve.py): Rules, what the
exact search knows of the crawl's rules: a state's key (the deck, the room,
and the move count while the black Joker can Flee, whose shuffle reads it)
and its worth, a cut where the monsters left must cost more HP than the HP
and every potion left can give (Scoundrel, and Soltura once no Joker is
left to draw), the legal moves found fast, and their order.  The search sees
the shuffles of Flee too: the seed and the move count fix them.

Desktop only (CPython): a Rules object holds two ints; the byte tables below
(a card's value by kind) take a few KB.
"""

from games.crawl import rules as crawl


class Rules:
    """Soltura and Scoundrel.  The future of a state is decided by the deck
    (in order), the room, and (while the black Joker can still Flee) the move
    count, which Flee's shuffle reads: these make its key.  Within a key a
    state is better when it is better in each of: HP; what the weapon may
    still strike (the last monster it slew, 15 when none); its power; a
    potion left to drink in this room; the room's avoid left.  More of each
    never hurts (a heal over the cap is a heal to it, and each of the others
    only adds choices).  The pile, the chain below its last monster, the
    slain and the escort only score."""

    def __init__(self, game):
        self.max_hp = game.MAX_HP
        self.strict = game.strict()

    def key(self, g):
        deck = bytes(g.deck)
        room = bytes(g.room)
        if crawl.MISCHIEVOUS in deck or crawl.MISCHIEVOUS in room:
            room += bytes((g.moves & 0xFF, g.moves >> 8))
        if g.weapon:
            reach = crawl.value(g.chain[g.chain_n - 1]) if g.chain_n else 15
        else:
            reach = 0
        avoid = g.touched == 0 and g.avoided == 0
        return deck + room, (g.hp, reach, g.power(), g.potions == 0, avoid)

    def dead(self, g):
        """True when the monsters left must cost more HP than the player has
        and the potions left can give, once no Joker is left in the deck or
        the room (they buff, heal and change the deck).  Each monster costs
        at least its value less the best weapon that may yet strike it (0 for
        none): a weapon of the deck or the room, or the one held when its
        chain allows it.  Under the strict rule a weapon's chain strikes each
        value once at most, so the copies of a value share out the weapons,
        best first.  One monster may be left in the last room: its cost (the
        dearest) is not counted.  The HP can end no higher than the HP now
        and every potion left drunk in full, and must end above 0."""
        cards = bytes(g.deck[: g.deck_n]) + bytes(g.room)
        if crawl.MISCHIEVOUS in cards or crawl.BENEVOLENT in cards:
            return False
        budget = g.hp + sum(cards.translate(_POTION_VALUE))
        weapons = cards.translate(_WEAPON_VALUE)
        best = max(weapons)
        weapons = (best, max(weapons.replace(bytes((best,)), b""), default=0) if best else 0)
        if sum(cards.translate(_OVER[weapons[1]])) < budget:  # none costs more than over the second best
            return False
        monsters = cards.translate(_MONSTER_VALUE)
        held = g.power()
        if g.weapon:
            reach = g.last_slain() or 15
            if not self.strict:
                reach += 1  # equal or lower: as strictly lower than one more
        else:
            reach = 0
        cost = worst = 0
        for v in range(2, 15):
            k = monsters.count(v)
            if k == 0:
                continue
            best = weapons[0]
            if v < reach and held > best:
                powers = (held, best)
            elif v < reach and held > weapons[1]:
                powers = (best, held)
            else:
                powers = weapons
            if not self.strict:
                powers = (powers[0], powers[0])
            last = 0
            for i in range(k):
                last = v - powers[i] if v > powers[i] else 0
                cost += last
            if last > worst:
                worst = last
        return cost - worst >= budget

    def moves(self, g):
        """The legal moves, as legal_moves() finds them but asking check()
        only about the actions each card's kind allows."""
        out = []
        for slot in range(4):
            c = g.room[slot]
            if c == 0:
                continue
            k = crawl.kind(c)
            if k == crawl.MONSTER:
                acts = _FIGHTS
            elif k == crawl.JOKER:
                acts = _BENEVOLENT if c == crawl.BENEVOLENT else _MISCHIEVOUS
            else:
                acts = _USE
            for act in acts:
                if act == crawl.A_SWAP:
                    for target in range(4):
                        mv = crawl.move(act, slot, target)
                        if g.check(mv) == 0:
                            out.append(mv)
                else:
                    mv = crawl.move(act, slot)
                    if g.check(mv) == 0:
                        out.append(mv)
        if g.CAN_AVOID and g.check(crawl.AVOID) == 0:
            out.append(crawl.AVOID)
        return out

    def order(self, g, moves):
        """A better weapon first, then the moves that cost least: the weapon
        on the biggest monster it strikes for little, a potion that heals,
        small monsters barehanded (they would spend the weapon's reach);
        avoiding, and a potion that heals nothing, last."""
        power = g.power()
        hp = g.hp

        def rank(mv):
            act = mv >> 4
            if act == crawl.A_AVOID:
                return 8
            c = g.room[(mv >> 2) & 3]
            v = crawl.value(c)
            if act == crawl.A_WEAPON:
                return g.damage(c, True) - v / 4
            if act == crawl.A_BARE:
                return v
            if act == crawl.A_USE:
                if crawl.kind(c) == crawl.WEAPON:
                    return -20 if v > power else power - v
                heal = g.potion_heals(c)
                return -heal if heal else 9
            if act == crawl.A_BUFF or act == crawl.A_HEAL:
                return -3 if act == crawl.A_BUFF or hp + 3 <= self.max_hp else 0
            return 5

        return sorted(moves, key=rank)


def _values(of_kind):
    """A bytes.translate table: each card of the kind to its value, any other byte to 0."""
    return bytes(crawl.value(c) if c < 0x40 and c & 0x0F and crawl.kind(c) == of_kind else 0 for c in range(256))


_MONSTER_VALUE = _values(crawl.MONSTER)
_POTION_VALUE = _values(crawl.POTION)
_WEAPON_VALUE = _values(crawl.WEAPON)
_OVER = [bytes(v - w if v > w else 0 for v in _MONSTER_VALUE) for w in range(11)]  # a monster's value over w
_FIGHTS = (crawl.A_WEAPON, crawl.A_BARE)
_USE = (crawl.A_USE,)
_BENEVOLENT = (crawl.A_BUFF, crawl.A_HEAL, crawl.A_PREVIEW, crawl.A_ESCORT)
_MISCHIEVOUS = (crawl.A_FLEE, crawl.A_BET, crawl.A_SWAP, crawl.A_ESCORT)

"""Soltura's and Scoundrel's bots: random, and greedy by rate_crawl.  The
greedy bot looks one move ahead: it never dies when it can help it, spends
weapons on the biggest monsters first (a chain only goes down), drinks when a
potion heals, and flees or avoids a room that would hurt more than it can take.

Both are the bots of engine/bots.py (the same moves for the same game and
generator) written out here rather than imported: tools/fit.py plays the
crawl with them in its small heap, and a module costs it half a kilobyte.

Memory: none beyond the game's own.
"""

from games.crawl import rules as crawl


def random_bot(game, rng):
    """Any legal move, uniformly."""
    return game.legal[rng.below(game.legal_moves())]


def greedy_bot(game, rng):
    """The legal move rate_crawl rates highest (the first of equals)."""
    n = game.legal_moves()
    best = game.legal[0]
    best_rate = -1000000
    for i in range(n):
        r = rate_crawl(game, game.legal[i])
        if r > best_rate:
            best = game.legal[i]
            best_rate = r
    return best


def _danger(game):
    """The damage the room's monsters would do, each fought the best way it can be."""
    n = 0
    for c in game.room:
        if c and crawl.kind(c) == crawl.MONSTER:
            n += game.damage(c, game.can_strike(c) == 0)
    return n


def rate_crawl(game, mv):
    act = mv >> 4
    if act == crawl.A_AVOID:
        d = _danger(game)
        return 40 + d if d >= game.hp // 2 else -100
    slot = (mv >> 2) & 3
    c = game.room[slot]
    hp = game.hp
    if act == crawl.A_USE:
        if crawl.kind(c) == crawl.POTION:
            heal = game.potion_heals(c)
            return 10 * heal - 5 if heal else -200
        v = crawl.value(c)
        have = game.power()
        if have and game.chain_n:
            have = min(have, game.last_slain() - 1)  # what the old weapon can still take on
        return 20 + 10 * (v - have) if v > have else -50
    if act == crawl.A_WEAPON or act == crawl.A_BARE:
        hurt = game.damage(c, act == crawl.A_WEAPON)
        if hurt >= hp:
            return -10000
        r = 60 - 10 * hurt + crawl.value(c)
        if act == crawl.A_BARE:
            return r - 15
        last = game.last_slain() or 15
        return r - 4 * (last - crawl.value(c))  # the chain only goes down
    if act == crawl.A_ESCORT:
        return 45
    if act == crawl.A_BUFF:
        return 40
    if act == crawl.A_HEAL:
        return 10 * min(crawl.HEAL, game.MAX_HP - hp) - 5
    if act == crawl.A_FLEE:
        return -10000 if hp <= 1 else (50 if _danger(game) >= hp else -50)
    if act == crawl.A_SWAP:
        return 8 * crawl.value(game.room[mv & 3]) - 60
    return 0  # Preview, Blind Bet


BOTS = {"random": random_bot, "greedy": greedy_bot}

"""Rogue Solitaire's bots: random, and greedy.

The greedy bot looks one move ahead, as the specification's prototype did
(shared/rogue-rules.md, section 5).  In PLAY it tries each play that reveals
nothing on a copy of the state (the attack that would follow included): it
escapes when it can, moves the key to the centre, lines up exit matches, fills
empty places, and attacks where its card beats what it can see while keeping
a losing reply from breaking its grid.  A play that reveals a card it rates
without looking.  In a choice it gives up its worst card; it discards its
lowest.  Past a turn limit (H-turns: a deal it cannot line up) it plays at
random, which ends the game.  Both bots allocate nothing.

Memory: one state copy (170 B) for the look-ahead.
"""

from engine import const
from engine import rogue as R

_DOWN = const(0x80)
_BJ = const(0x0F)
_DEATH = const(100000)
_TURNS = const(150)  # per floor, before the greedy bot gives up on a deal
_KEY = const(300)  # points (an attack won: 10-80) of the key in the centre
_MATCH = const(40)  # of an exit match
_GAP = const(40)  # of an empty outer place

_SNAP = bytearray(170)


def random_bot(game, rng):
    """Any legal move, uniformly."""
    return game.legal[rng.below(game.legal_moves())]


def _v(c):
    """A card's duel value as the player sees it: 0 when face down."""
    if c >= _DOWN:
        return 0
    return 14 if c & 0x0F == 1 else c & 0x0F


def _win(a, b):
    """In 13ths: how often value a beats value b (0: unknown, 2..14 alike)."""
    if a and b:
        return 13 if a > b else 0
    if a:
        return 13 if a > 14 else a - 2
    if b:
        return 14 - b if b < 14 else 0
    return 6


def _breaks(grid, i):
    """True when the grid loses a row or column without its card at i."""
    c = grid[i]
    grid[i] = 0
    b = R._broken(grid)
    grid[i] = c
    return b != 0


def _reply(game, q):
    """The reply from monster place q: its expected cost, in 13ths, on the
    board as it stands."""
    mc = game.monster[q]
    r = R._ring(game.player, q)
    if mc == 0 or r == 15:
        return 0
    pc = game.player[r]
    return _win(_v(mc), _v(pc)) * (_DEATH if _breaks(game.player, r) else 12 + _v(pc))


def rate_attack(game, p):
    """The attack from p, by what it can see: in 169ths."""
    pl = game.player
    m = game.monster
    t = p if m[p] else R._ring(m, p)
    pc = pl[p]
    a = _v(pc)
    b = _v(m[t])
    win = _win(a, b)
    lose = _win(b, a)
    gain = 10 + (60 if _breaks(m, t) else 0) + (b or 8)
    # won: the monster's card is gone, the reply comes onto the board as it is
    mc = m[t]
    m[t] = 0
    r_win = _reply(game, 8 - p)
    m[t] = mc
    # lost (or tied): your card is gone
    pl[p] = 0
    cost = _DEATH if R._broken(pl) else 15 + (a or 8) + (8 if game.named() else 0)
    r_lose = _reply(game, 8 - p)
    pl[p] = pc
    return win * (13 * gain - r_win) - lose * (13 * cost + r_lose) - (13 - win - lose) * (13 * cost // 2 + r_win)


def _best_attack(game):
    best = -10000000
    for p in range(9):
        if game.check(R.ATTACK + p) == 0:
            r = rate_attack(game, p)
            if r > best:
                best = r
    return best


def rate_board(game):
    """The player's grid: the key, exit matches, faces, gaps (in 169ths)."""
    pl = game.player
    n = _KEY if pl[4] == _BJ else 0
    for p in range(9):
        c = pl[p]
        if c == 0:
            n -= _GAP if p != 4 else _GAP // 4
        elif p != 4:
            if c & 0x7F == _BJ:
                n += _KEY // 2
            elif game.matches(p):
                n += _MATCH
            elif c >= _DOWN:
                n -= _MATCH // 4
            else:
                n += _v(c) // 2
    for i in range(game.hand_n):
        if game.hand[i] == _BJ:
            n += _KEY // 3
    return 169 * n


def _rate_play(game, mv):
    """A play rated on the board it leaves and the attack that follows.  One
    that reveals a card is rated without looking; any other is made on the
    state and taken back."""
    pl = game.player
    if R.FLIP <= mv < R.SKIP and (mv < R.TAKE or pl[mv - R.TAKE] >= _DOWN) or (
            R.SKIP < mv < R.ATTACK and pl[(mv - R.FROM_HAND) % 9] >= _DOWN):
        return rate_board(game) + 13 * 100 + _best_attack(game)
    moves = game.moves
    log_n = game.log_n
    game.snapshot(_SNAP)
    game.play(mv)
    if game.status != R.PLAYING or game.step != R.PHASE_ATTACK:
        r = 100000000  # escaped
    else:
        r = rate_board(game) + _best_attack(game)
    game.restore(_SNAP)
    game.status = R.PLAYING
    game.moves = moves
    game.log_n = log_n
    return r


def greedy_bot(game, rng):
    n = game.legal_moves()
    st = game.step
    if game.turn > _TURNS * game.floor:
        return game.legal[rng.below(n)]
    best = 0
    if st == R.PHASE_DISCARD or st == R.PHASE_CLUB:  # the lowest card (the key last)
        for i in range(game.hand_n):
            if _v(game.hand[i]) < _v(game.hand[best]):
                best = i
        return best
    if st == R.PHASE_PLAY or st == R.PHASE_ATTACK:
        best_rate = -1000000000
        now = rate_board(game)
        for i in range(n):
            mv = game.legal[i]
            if mv >= R.ATTACK:
                r = now + rate_attack(game, mv - R.ATTACK)
            elif mv < 81 and mv // 9 > mv % 9 and game.player[mv % 9]:
                continue  # the same swap as the other way round
            else:
                r = _rate_play(game, mv)
            if r > best_rate:
                best = mv
                best_rate = r
        return best
    if st == R.PHASE_STEAL:  # give up the lowest card; a match or the key last
        low = 99
        for i in range(9):
            c = game.player[i]
            v = 98 if c & 0x7F == _BJ else 50 if game.matches(i) else _v(c)
            if game.pending() >> i & 1 and v < low:
                best = i
                low = v
        return best
    if st == R.PHASE_HEAL:  # where the monster stays broken, if anywhere
        m = game.monster
        for i in range(9):
            if m[i] == 0:
                m[i] = _DOWN
                b = R._broken(m)
                m[i] = 0
                if b:
                    return i
    return game.legal[0]  # BUFFET: the first candidate; BETWEEN: NEXT; HEAL: the first place


BOTS = {"random": random_bot, "greedy": greedy_bot}

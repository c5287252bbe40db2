"""Rogue Solitaire's bots: random, and greedy.

The greedy bot looks one move ahead, as the specification's prototype did
(shared/rogue-rules.md, section 5).  In PLAY it tries each play that reveals
nothing on a copy of the state (the attack that would follow included): it
escapes when it can, moves the key to the centre, lines up exit matches, fills
empty places, and attacks where its card beats what it can see while keeping
a losing reply from breaking its grid.  A play that reveals a card it rates
without looking.  In a choice it gives up its worst card; it discards its
lowest.  Past a turn limit (H-turns: a deal it cannot line up) it plays at
random, which ends the game.  Both bots allocate nothing, but for the state
copy of the look-ahead, made once.

Memory: one state copy (170 B) for the look-ahead, made by the greedy bot's
first look-ahead (the random bot needs none).
"""

from engine import const
from games.rogue import rules as R

_DOWN = const(0x80)
_PHASE_DISCARD = const(2)
_PHASE_PLAY = const(3)
_PHASE_ATTACK = const(4)
_PHASE_HEAL = const(5)
_PHASE_CLUB = const(6)
_PHASE_STEAL = const(7)
_FLIP = const(81)
_TAKE = const(90)
_SKIP = const(99)
_FROM_HAND = const(100)
_ATTACK = const(208)
_PLAYING = const(0)  # engine/game.py's
_BJ = const(0x0F)
_DEATH = const(100000)
_TURNS = const(150)  # per floor, before the greedy bot gives up on a deal
_KEY = const(300)  # points (an attack won: 10-80) of the key in the centre
_MATCH = const(40)  # of an exit match
_GAP = const(40)  # of an empty outer place

_SNAP = None  # the look-ahead's copy of the state: made by the first greedy look-ahead


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


def _rate_attack(game, p):
    """The attack from p, by what it can see: in 169ths.  Won (win in 13),
    it gains; lost or tied (lose in 13), it costs; unknown (the rest), half
    the cost.  After each, the reply from the opposite place onto the board
    the duel leaves: its expected cost in 13ths, weighed by how often that
    board comes (the board of a win also stands for the unknown)."""
    pl = game.player
    m = game.monster
    t = p if m[p] else R._ring(m, p)
    q = 8 - p
    pc = pl[p]
    a = _v(pc)
    mc = m[t]
    b = _v(mc)
    win = _win(a, b)
    lose = _win(b, a)
    rate = 0
    for lost in range(2):
        if lost:  # your card is gone
            m[t] = mc
            pl[p] = 0
            cost = _DEATH if R._broken(pl) else 15 + (a or 8) + (8 if game.named() else 0)
        else:  # the monster's card is gone
            m[t] = 0
            gain = 10 + (60 if R._broken(m) else 0) + (b or 8)
        r = R._ring(pl, q)  # the reply's target
        if m[q] and r != 15:
            c = pl[r]
            pl[r] = 0
            broken = R._broken(pl)  # the grid loses a row or column with the card at r
            pl[r] = c
            rate -= (lose if lost else 13 - lose) * _win(_v(m[q]), _v(c)) * (_DEATH if broken else 12 + _v(c))
    pl[p] = pc
    return rate + 13 * win * gain - 13 * lose * cost - (13 - win - lose) * (13 * cost // 2)


def greedy_bot(game, rng):
    global _SNAP
    n = game.legal_moves()
    st = game.step
    if game.turn > _TURNS * game.floor:
        return game.legal[rng.below(n)]
    best = 0
    if st == _PHASE_DISCARD or st == _PHASE_CLUB:  # the lowest card (the key last)
        for i in range(game.hand_n):
            if _v(game.hand[i]) < _v(game.hand[best]):
                best = i
        return best
    if st == _PHASE_PLAY or st == _PHASE_ATTACK:
        # Each play or attack rated, in 169ths, on the board it leaves (the
        # player's grid: the key, exit matches, faces, gaps) and the attack:
        # this one, or the best that follows.  A play that reveals a card is
        # rated without looking; any other is made on the state and taken back.
        pl = game.player
        best_rate = -1000000000
        for i in range(n):
            mv = game.legal[i]
            if mv < 81 and mv // 9 > mv % 9 and pl[mv % 9]:
                continue  # the same swap as the other way round
            reveals = _FLIP <= mv < _SKIP and (mv < _TAKE or pl[mv - _TAKE] >= _DOWN) or (
                _SKIP < mv < _ATTACK and pl[(mv - _FROM_HAND) % 9] >= _DOWN)
            made = mv < _ATTACK and not reveals
            if made:
                if _SNAP is None:
                    _SNAP = bytearray(len(game.state))
                moves = game.moves
                log_n = game.log_n
                game.snapshot(_SNAP)
                game.play(mv)
            if made and (game.status != _PLAYING or game.step != _PHASE_ATTACK):
                r = 100000000  # escaped
            else:
                k = _KEY if pl[4] == _BJ else 0  # the board
                for p in range(9):
                    c = pl[p]
                    if c == 0:
                        k -= _GAP if p != 4 else _GAP // 4
                    elif p != 4:
                        if c == _BJ:  # the key face up: a face-down card is unknown
                            k += _KEY // 2
                        elif game.matches(p):
                            k += _MATCH
                        elif c >= _DOWN:
                            k -= _MATCH // 4
                        else:
                            k += _v(c) // 2
                for j in range(game.hand_n):
                    if game.hand[j] == _BJ:
                        k += _KEY // 3
                r = 169 * k
                if mv >= _ATTACK:
                    r += _rate_attack(game, mv - _ATTACK)
                else:
                    a = -10000000  # the best attack that follows
                    for p in range(9):
                        if game.check(_ATTACK + p) == 0:
                            a = max(a, _rate_attack(game, p))
                    r += a + (13 * 100 if reveals else 0)
            if made:
                game.restore(_SNAP)
                game.status = _PLAYING
                game.moves = moves
                game.log_n = log_n
            if r > best_rate:
                best = mv
                best_rate = r
        return best
    if st == _PHASE_STEAL:  # give up the lowest card; a match or the key last
        low = 99
        for i in range(9):
            c = game.player[i]
            v = 98 if c == _BJ else 50 if game.matches(i) else _v(c)
            if game.pending() >> i & 1 and v < low:
                best = i
                low = v
        return best
    if st == _PHASE_HEAL:  # where the monster stays broken, if anywhere
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

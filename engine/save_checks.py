"""Loading a save (engine/saves.py's format) and the checks it must pass
before a game is handed back: the CRC, the header, each card of the game in
exactly one place (check_cards), and each game's state possible (validate:
every counter against its array, card kinds per place, face-down flags,
status against the state).  A bad save raises SaveError with the reason and
changes nothing.  A module of its own because it is large and used only when
a game is resumed: the store imports it with its log work (engine/store.py's
_log) and releases it after, so play never holds it.  The checks live here,
not in the games (by GAME_ID), so a game played from a deal does not load
them (tools/fit.py).

Memory: nothing kept; about 10 KB of code while imported (64-bit).
"""

from engine import const
from engine.game import LOST, NO_SEED, PLAYING, WON
from engine.saves import HEADER, VERSION, SaveError, crc16


def load(game_class, buf, rule_sets):
    """A new game of game_class from a save; SaveError saying why if unsound.
    rule_sets is how many rule sets the game has."""
    if len(buf) < HEADER + 2:
        raise SaveError("save is too short")
    if buf[0] != VERSION:
        raise SaveError("save has an unknown format version")
    if buf[1] != game_class.GAME_ID:
        raise SaveError("save is of another game")
    if buf[2] >= rule_sets:
        raise SaveError("save has an unknown rule set")
    game = game_class(buf[2])
    n = HEADER + len(game.state)
    if len(buf) < n + 2:
        raise SaveError("save is too short")
    if crc16(buf, 0, n) != buf[n] | (buf[n + 1] << 8):
        raise SaveError("save is corrupt (checksum)")
    if buf[3] > LOST:
        raise SaveError("save has an unknown status")
    game.status = buf[3]
    game.seed = _seed(buf)
    game.moves = buf[8] | (buf[9] << 8)
    game.restore(memoryview(buf)[HEADER:n])
    check(game)
    return game


def _seed(buf):
    """The seed in bytes 4..7: NO_SEED for FF FF FF FF, else below 2**30, so
    that it stays a small int on a 32-bit board."""
    if (buf[4] & buf[5] & buf[6] & buf[7]) == 0xFF:
        return NO_SEED
    if buf[7] > 0x3F:
        raise SaveError("save has a seed of 2**30 or more")
    return buf[4] | (buf[5] << 8) | (buf[6] << 16) | (buf[7] << 24)


def census(game):
    """Every card of the game wherever it lies now, face-down flags cleared."""
    out = bytearray()
    for name in game.CARD_PARTS:
        v = getattr(game, name)
        for c in (v,) if isinstance(v, int) else v:
            if c:
                out.append(c & 0x7F)
    return out


def check(game):
    """SaveError unless the game's state is possible: each card once and each
    game's counters, card kinds, face-down flags and status."""
    check_cards(game)
    validate(game)


def check_cards(game):
    """SaveError unless each card the game is dealt from lies in exactly one place."""
    deck = game.every_card()
    seen = bytearray(128)
    every = census(game)
    for c in every:
        seen[c] += 1
    for c in deck:
        if seen[c] != 1:
            raise SaveError("save does not hold each card once (card byte %d seen %d times)" % (c, seen[c]))
    if len(every) != len(deck):
        raise SaveError("save holds %d cards, not %d" % (len(every), len(deck)))


# -- validate: each game's checks ------------------------------------------------
_FACE_DOWN = const(0x80)
_JOKER_RANK = const(15)
_CTD_MONSTERS = const(12)
_CTD_POWER = const(42)
_CTD_DAMAGE = const(7)
_CTD_RESERVE = const(1)
_CTD_ONESTRIKE = const(2)
_CTD_LOSSES = const(3)  # loss 1 damage, 2 spent, 3 stuck
_HEARTS = const(1)
_DIAMONDS = const(2)


def _bad(ok, why):
    if not ok:
        raise SaveError("save is impossible: " + why)


def _prefix(part, n, what):
    """part[:n] all cards, part[n:] all empty."""
    _bad(0 <= n <= len(part), what + " count out of range")
    for i in range(len(part)):
        _bad((part[i] != 0) == (i < n), what + " not filled up to its count")


def _ctd_power(c):
    """A Clear the Dungeon power card (A-10, Joker), face up."""
    r = c & 0x0F
    return c < _FACE_DOWN and (1 <= r <= 10 or r == _JOKER_RANK)


def _ctd_monster(c):
    return 11 <= c & 0x0F <= 13


def _crawl_kind(c):
    """0 monster, 1 potion, 2 weapon, 3 Joker (as games/crawl/rules.py's kind())."""
    if c & 0x0F == _JOKER_RANK:
        return 3
    s = (c >> 4) & 3
    return 1 if s == _HEARTS else 2 if s == _DIAMONDS else 0


def _crawl_value(c):
    r = c & 0x0F
    return 14 if r == 1 else r


def validate(game):
    """SaveError unless the game's state is one its rules can reach: every
    counter against its part (the prefix filled, the rest empty), the kind of
    card in each place, the face-down flags, the status against the state."""
    _bad(game.status == PLAYING or game.status == WON or game.status == LOST, "unknown status")
    _bad(game.seed == NO_SEED or 0 <= game.seed <= 0x3FFFFFFF, "seed out of range")
    if game.GAME_ID == 1:
        _validate_ctd(game)
    elif game.GAME_ID == 4:
        _validate_rogue(game)
    elif game.GAME_ID == 2 or game.GAME_ID == 3:
        _validate_crawl(game)
    else:
        raise SaveError("save is of game %d, which has no checks here" % game.GAME_ID)


def _validate_ctd(g):
    reserve = g.rules == _CTD_RESERVE
    # monsters: per column, the slain (0), then the front face up, then the rest face down
    for col in range(g.columns):
        seen = 0
        for k in range(g.depth):
            m = g.monsters[col * g.depth + k]
            _bad(m == 0 or _ctd_monster(m), "a power card among the monsters")
            if m:
                _bad((m >= _FACE_DOWN) == (seen > 0), "a monster face down at the front, or face up below it")
                seen += 1
            else:
                _bad(seen == 0, "a gap in a column")
        a = col * 3
        # attacks: the power pair, then the trigger; a full set is a kill, never left
        for i in range(3):
            c = g.attacks[a + i]
            _bad(c == 0 or _ctd_power(c), "a monster or a face-down card among the attacks")
            _bad(c == 0 or (i < 2 and (i == 0 or g.attacks[a])), "attacks out of order")
        if g.attacks[a]:
            f = g.front(col)
            _bad(f >= 0, "attacks on a cleared column")
            p = g.monsters[f] & 0x0F
            v = g.attacks[a] & 0x0F
            w = g.attacks[a + 1] & 0x0F
            v = 10 if v == _JOKER_RANK else v
            w = 10 if w == _JOKER_RANK else w
            _bad(v + (w if w else 10) >= p, "attacks too weak for their monster")
            if g.rules == _CTD_ONESTRIKE:
                for other in range(col):
                    _bad(g.attacks[other * 3] == 0, "One Strike attacks on two monsters")
    for i in range(g.columns * 3, 12):
        _bad(g.attacks[i] == 0, "attacks on a column the rules lack")
    _bad(g.top <= _CTD_POWER, "power deck count out of range")
    for i in range(_CTD_POWER):
        c = g.deck[i]
        _bad((c != 0) == (i >= g.top) and (c == 0 or _ctd_power(c)), "power deck not as its count says")
    for c in g.hand:
        _bad(c == 0 or _ctd_power(c), "a monster or a face-down card in the hand")
    _prefix(g.pile, g.pile_n, "pile")
    for i in range(g.pile_n):
        _bad(_ctd_power(g.pile[i]), "a monster or a face-down card on the pile")
    _prefix(g.gone, g.gone_n, "slain pile")
    _bad(g.gone_n % 4 == 0 and g.gone_n // 4 == g.kills, "kills and slain pile differ")
    for i in range(g.gone_n):
        c = g.gone[i]
        _bad(_ctd_monster(c) and c < _FACE_DOWN if i % 4 == 0 else _ctd_power(c), "slain pile not monster and three attacks")
    # status
    hand = g.hand_size()
    damaged = not reserve and g.pile_n >= _CTD_DAMAGE
    if g.status == PLAYING:
        _bad(g.loss == 0 and g.kills < _CTD_MONSTERS and not damaged, "a game in play that is over")
        _bad(hand or (reserve and g.top == _CTD_POWER and g.pile_n), "a game in play with no card to play")
    elif g.status == WON:
        _bad(g.loss == 0 and g.kills == _CTD_MONSTERS, "a won game with monsters left")
    else:
        _bad(1 <= g.loss <= _CTD_LOSSES and g.kills < _CTD_MONSTERS, "a lost game's reason out of range")
        if g.loss == 1:
            _bad(damaged, "lost to damage without it")
        else:
            _bad(g.top == _CTD_POWER and hand == 0 and reserve == (g.loss == 3), "lost with cards to play")


def _validate_crawl(g):
    jokers = g.JOKERS
    for name in g.CARD_PARTS:
        v = getattr(g, name)
        for c in (v,) if isinstance(v, int) else v:
            _bad(c < _FACE_DOWN, "a face-down card in the crawl")
    _prefix(g.deck, g.deck_n, "deck")
    _prefix(g.chain, g.chain_n, "chain")
    _prefix(g.pile, g.pile_n, "pile")
    _prefix(g.slain, g.slain_n, "slain pile")
    _bad(g.weapon == 0 or _crawl_kind(g.weapon) == 2, "a weapon that is not a diamond")
    _bad(g.buff <= (1 if jokers and g.weapon else 0), "a buff out of range")
    _bad(g.weapon or g.chain_n == 0, "a chain with no weapon")
    last = 15
    for i in range(g.chain_n):
        c = g.chain[i]
        v = _crawl_value(c)
        _bad(_crawl_kind(c) == 0 and (v < last if g.strict() else v <= last), "the chain not monsters, each lower")
        last = v
    for i in range(g.slain_n):
        _bad(_crawl_kind(g.slain[i]) == 0, "not a monster on the slain pile")
    e0 = g.escort[0]
    e1 = g.escort[1]
    _bad((e0 == 0 or _crawl_kind(e0) == 3) and (e1 == 0 or (e0 and _crawl_kind(e1) == 3)), "the escort not Jokers")
    _bad(g.touched <= 1 and g.avoided <= (1 if g.CAN_AVOID else 0), "a room flag out of range")
    _bad(g.potions <= 4 and (g.potions == 0 or g.touched), "a potion count out of range")
    _bad(g.last_potion == 0 or 2 <= g.last_potion <= 10, "the last potion out of range")
    _bad(g.bonus % 5 == 0 and (g.bonus == 0 or g.scores_chains()), "a chain bonus out of range")
    room = g.room_size()
    if g.status == LOST:
        _bad(g.hp == 0, "a lost game with HP left")
    else:
        _bad(1 <= g.hp <= g.MAX_HP, "HP out of range")
        if g.status == WON:
            _bad(g.deck_n == 0 and room <= 1, "a won game with cards left")
        else:
            _bad(room >= 1, "a game in play with an empty room")


# Rogue Solitaire (games/rogue/rules.py): its phases, the end of a run, and its cards.
_RJ = const(0x1F)
_BJ = const(0x0F)
_ROGUE_GAUNTLET = const(11)
_ROGUE_AT = const(167)  # games/rogue/rules.py's _AT, _STAGE, _FLAGS: bytes of its state
_ROGUE_STAGE = const(168)
_ROGUE_FLAGS = const(169)


def _face_card(c):
    return 11 <= c & 0x0F <= 13


def _validate_rogue(g):
    from games.rogue import rules as rogue

    step = g.step
    _prefix(g.hand, g.hand_n, "hand")
    _prefix(g.deck, g.deck_n, "deck")
    _prefix(g.pile, g.pile_n, "pile")
    _prefix(g.buffet, g.buffet_n, "buffet")
    for part in (g.hand, g.deck, g.pile, g.buffet):
        for c in part:
            _bad(c < _FACE_DOWN, "a face-down card in the hand, the deck, the pile or the buffet")
    for i in range(g.buffet_n):
        _bad(_face_card(g.buffet[i]), "a buffet card that is not a face card")
    _bad(g.exit[4] == _RJ, "the exit's centre is not the red Joker")
    for i in range(9):
        e = g.exit[i]
        _bad(e < _FACE_DOWN and (e & 0x0F != _JOKER_RANK or i == 4), "a face-down card or a Joker at the exit")
        _bad(e or step == rogue.PHASE_BETWEEN, "an empty exit place")
    # the run: its floor, its Buffet, its end, its flags
    campaign = g.rules == rogue.CAMPAIGN
    flags = g.state[_ROGUE_FLAGS]
    _bad(campaign or (g.floor == 1 and g.buffet_n == 0 and flags == 0), "a Quick Play run past floor 1")
    _bad(1 <= g.floor <= _ROGUE_GAUNTLET and g.turn >= 1, "floor or turn out of range")
    fed = step == rogue.PHASE_BETWEEN
    if g.floor < _ROGUE_GAUNTLET:
        _bad(g.buffet_n == g.floor - 1 + fed, "the Buffet does not match the floor")
        _bad(flags == 0, "gauntlet flags before the gauntlet")
    at = g.state[_ROGUE_AT]
    _bad(flags <= 3 and at <= 8 and at != 4 and g.state[_ROGUE_STAGE] <= 1, "a resolution byte out of range")
    _bad(2 <= step <= 9 and (campaign or step < rogue.PHASE_BUFFET), "unknown phase")
    ended = g.end
    if g.status == PLAYING:
        _bad(ended == 0, "a run in play with an end")
    elif g.status == WON:
        _bad(ended == rogue.ESCAPED and g.player[4] == _BJ and (not campaign or g.floor == _ROGUE_GAUNTLET),
             "a won run that did not escape")
    else:
        _bad(rogue.SLAIN <= ended <= rogue.RESIGNED, "a lost run's end out of range")
        _bad(ended != rogue.SLAIN or _broken(g.player), "slain with a whole grid")
        _bad(ended != rogue.STARVED or (g.floor == _ROGUE_GAUNTLET and g.buffet_n == 0), "starved with food left")
    if step >= rogue.PHASE_BUFFET or ended == rogue.STARVED:
        return
    # on a floor: the monster lives (I3), and the turn's step matches the hand
    m = g.monster[4]
    _bad(m >= _FACE_DOWN or _face_card(m), "the monster's centre neither hidden nor named")
    _bad(g.floor != _ROGUE_GAUNTLET or m < _FACE_DOWN, "an unnamed monster on the gauntlet")
    if g.status == PLAYING:
        if step == rogue.PHASE_DISCARD:
            _bad(g.hand_n > 5, "discarding with 5 cards or fewer")
        elif step <= rogue.PHASE_ATTACK:
            _bad(g.hand_n <= 5 + (step == rogue.PHASE_ATTACK), "playing with more than 5 cards")
        else:
            n = g.pending()
            _bad(n & (n - 1), "a choice with fewer than two to choose from")
        if step <= rogue.PHASE_ATTACK:
            _bad(not _broken(g.player) and not _broken(g.monster), "a broken grid after the death check")


def _broken(grid):
    for k in range(3):
        if not (grid[3 * k] or grid[3 * k + 1] or grid[3 * k + 2]) or not (grid[k] or grid[k + 3] or grid[k + 6]):
            return True
    return False

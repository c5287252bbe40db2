"""Replay a deal move by move, or let a bot play it out, and print the state
as JSON.

    python -m tools.replay --game ctd --rules classic --seed 7 --moves "7H>2 3C>d u"
    python -m tools.replay --game ctd --rules reserve --deck "KH QS ... BJ" --bot greedy --trace
    python -m tools.replay --game soltura --rules survival --seed 3 --moves "3D AC>w 4S>b"
    python -m tools.replay --game rogue --rules campaign --seed 5 --moves "2>5 a1 m3" --trace

Exit codes: 0 done, 2 bad input (a bad card in --deck, an illegal move: the
last good state is printed and stderr names the move's index and why, in one
line), 2 also when the output cannot be written (a full disk); a reader that
goes away (| head) ends it quietly.  Only the documented ASCII notation is
read: a move or card with any other character is refused, not guessed at.
"""

import argparse
import json
import sys

from engine.game import NO_MOVE, PLAYING
from engine.rng import Rng
from tools import cli
from tools.games import GAMES, bot, rules_help, rules_index

LONGEST_MOVE = 16  # 'BJ>swap>10C' is 11: anything much longer is not a move
LONGEST_CARD = 3  # '10H'

MOVES_HELP = """\
Clear the Dungeon moves, separated by spaces or commas:
  7H>2   place the 7 of hearts (from the hand, or the reserve's top card) on
         column 2; columns count from 1, left to right
  7H>d   discard it: to the damage pile (Classic, One Strike) or onto the
         reserve pile (Reserve)
  u      undo the last move of this hand (never past a draw or a kill)
Cards: A 2 3 .. 10 J Q K then S H D C (10H, QS, as any case); Jokers RJ BJ.

Soltura and Scoundrel moves name a card of the room:
  5D     use it: equip a weapon (diamond) or drink a potion (heart)
  QS>w   fight the monster with the weapon     QS>b  fight it barehanded
  RJ>escort   (either Joker) escort it, +14 at victory
  RJ>buff  RJ>heal  RJ>preview      the red (Benevolent) Joker's actions
  BJ>flee  BJ>bet  BJ>swap>QS       the black (Mischievous) Joker's actions
  avoid  (Scoundrel) put the untouched room under the deck
  u      undo the last move of this room (never past a refill, a Joker's
         Preview, Flee, Blind Bet or Swap, or an avoid)

Rogue Solitaire (rules quick or campaign): places 1-9 are your grid's, read
like a phone keypad (1 2 3 / 4 5 6 / 7 8 9, 5 the centre); m1-m9 the monster's.
  QH>d   discard QH (while the hand holds more than 5)
  -      skip the play           a3     attack from place 3 (skips the play)
  3>7    player 3 to player 7: a swap if 7 holds a card, else a move
  ^3     turn player 3 face up   3>h    take player 3 into the hand
  QH>3   hand QH to player 3: a swap, or a place if 3 is empty
  m7     the monster place a heal card goes to, or the card a steal takes
  QH>x   the hand card a club attack takes   KS>v  the face card for the Buffet
  next   go down to the next floor   quit  stop between floors (the run stays
         saved; nothing can follow it)
  u      undo a discard or play of this turn that revealed nothing

The JSON state holds game, rules, seed (null for a given deck), status
(playing, won, lost), score (won: cards left in the power deck; else 0), moves,
kills, deck_left, hand, columns (monster, power, below, attacks), damage,
reserve, pile, can_undo, legal (every legal move now) and loss (why it was lost).
For Soltura and Scoundrel it holds game, rules, seed, status, score (null in
Pure Survival), moves, hp, max_hp, weapon (card, power, buff), chain (the
monsters on the weapon), room (4 places, null when empty), deck_left,
potions_this_room, room_touched, can_undo, legal, preview (after a Preview: the
deck's top cards); Soltura adds escorted and score_parts (hp, barehanded,
chains, loot, escort, penalty); Scoundrel avoided_last_room and can_avoid.
For Rogue Solitaire (shared/rogue-rules.md 3.18) it holds game, rules, seed,
status, floor (11: the gauntlet), turn, phase (discard, play, attack,
choose_heal, choose_club, choose_steal, choose_buffet, between_floors, over),
moves, player, monster, exit (nine places each: a card, "??" face down, null
empty), hand, deck_left, discards (a count), buffet (its cards; on the
gauntlet a count), named (the monster's face-up centre or null), pending (what
a choice may name), legal, can_undo, score, achievements (AC1-AC6 earned),
end (escaped, slain, starved, resigned) and loss (the end, when lost)."""


def parser(prog="tools.replay"):
    p = cli.Parser(
        prog.split(".")[-1],
        description=__doc__.split("\n\n")[0],
        epilog=MOVES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    p.add_argument("--rules", help=rules_help())
    deal = p.add_mutually_exclusive_group(required=True)
    deal.add_argument("--seed", type=cli.ascii_int, help="deal number, 0 to 2**30-1")
    deal.add_argument("--deck", help="the whole deal as card names (%s)"
                      % "; ".join("%s: %s" % (key, spec.deck_help) for key, spec in GAMES.items()))
    play = p.add_mutually_exclusive_group()
    play.add_argument("--moves", help="the moves to make, in the notation below")
    play.add_argument("--bot", help="let a bot play to the end: random or greedy")
    p.add_argument("--trace", action="store_true", help="print the state after every move, one JSON object a line")
    return p


def new_game(p, spec, args):
    if args.seed is not None and not 0 <= args.seed < 2**30:
        p.error("--seed must be from 0 to 2**30 - 1")
    rules = rules_index(p, spec, args.rules)
    if args.deck is not None:
        for i, word in enumerate(cli.words(args.deck), 1):
            if not cli.is_notation(word, LONGEST_CARD):
                raise cli.Exit("replay: bad --deck: card %d ('%s') is not a card's name "
                               "(A 2..10 J Q K + S H D C, or RJ BJ)" % (i, cli.shown(word)))
    try:
        return spec.deal(rules, seed=args.seed, deck=args.deck)
    except ValueError as e:
        raise cli.Exit("replay: bad --deck: %s" % cli.clip_message(str(e)))


def emit(spec, game, moves):
    cli.out(json.dumps(spec.state(game, moves)))


def main(argv=None):
    return cli.guard("replay", _main, argv)


def _main(argv):
    p = parser()
    args = p.parse_args(argv)
    spec = GAMES[args.game]
    play_bot = bot(p, spec, args.bot) if args.bot is not None else None
    game = new_game(p, spec, args)
    done = []
    if args.trace:
        emit(spec, game, done)
    if play_bot:
        rng = Rng(args.seed or 0)
        while game.status == PLAYING:
            mv = play_bot(game, rng)
            text = spec.move_text(game, mv)
            game.play(mv)
            done.append(text)
            if args.trace:
                emit(spec, game, done)
    elif args.moves:
        quit_at = 0
        for i, word in enumerate(cli.words(args.moves), 1):
            if not cli.is_notation(word, LONGEST_MOVE):
                return refuse(spec, game, done, i, word, "not a move in the notation (ASCII, see --help)", args.trace)
            if quit_at:
                return refuse(spec, game, done, i, word, "the run was quit at move %d: nothing follows it" % quit_at,
                              args.trace)
            try:
                mv = spec.parse_move(game, word)
            except ValueError as e:
                return refuse(spec, game, done, i, word, cli.clip_message(str(e)), args.trace)
            if mv == spec.UNDO:
                if game.undo() == NO_MOVE:
                    return refuse(spec, game, done, i, word, "nothing to undo in this hand", args.trace)
            elif mv == getattr(spec, "QUIT", None):
                quit_at = i  # not a move: the run stops where it stands (Rogue, between floors)
            else:
                why = game.play(mv)
                if why:
                    return refuse(spec, game, done, i, word, spec.reason(game, why), args.trace)
            done.append(word)
            if args.trace:
                emit(spec, game, done)
    if not args.trace:
        emit(spec, game, done)
    return 0


def refuse(spec, game, done, index, word, why, traced):
    if not traced:
        emit(spec, game, done)
    cli.err("replay: move %d (%s) refused: %s" % (index, cli.shown(word), why))
    return 2


if __name__ == "__main__":
    sys.exit(main())

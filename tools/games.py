"""The desktop side of each game in engine/registry.py, behind one small face:
the class of its folder's desk.py named like its engine class
("games.ctd.rules:Dungeon" -> games/ctd/desk.py's Dungeon).  Every tool reads
the games here; none names one.

A face gives (class attributes; functions as staticmethods or classmethods):
    engine      the rules class
    rules       the command line's names of its rule sets, in RULE_NAMES' order
    bots        {"random": bot, "greedy": bot}: bot(game, rng) -> a legal move
    deck_help   what a --deck text lists, in order
    deal(rules, seed=None, deck=None)   a new game from a seed or a deck text
                (ValueError naming a wrong card)
    parse_move(game, text) -> a move byte (ValueError saying what is wrong)
    move_text(game, move) -> its text;  UNDO the move byte of an undo
    reason(game, code) -> why a move was refused, in words
    state(game, moves) -> the game as a JSON-ready dict
    press(driver, move) the move by button presses on its play screen
    move_grammar the move text its rules text documents, a regular expression
                with %s for a card (tools/fuzz.py holds accepted moves to it)
and, optionally, QUIT (a move byte that leaves the game, Rogue Solitaire's)
and fuzz_deck(rng, rules): a valid --deck as card names, shuffled, when a
deck's order matters (the fuzz shuffles every card of the deal otherwise).
The registry adds key, entry and title to each face here.  A tool may ask a
game's folder for more (tools/solve.py, tools/expert.py, tools/fuzz.py,
tools/powercut.py: their docstrings say what); a game without it is not
offered by that tool.

A new game adds its folder and its Entry; replay, simulate, fit, bench, shot,
the simulator and the build need no change.
"""

import importlib

from engine import registry


class _Games:
    """The faces by key, in the registry's order, made when first asked for
    (so a game entered in the registry by a test is found too)."""

    _made = (None, None)  # (the registry's GAMES they were made from, the faces)

    def _faces(self):
        made_from, faces = self._made
        if made_from is registry.GAMES:
            return faces
        out = {}
        for entry in registry.GAMES:
            path, name = entry.engine.split(":")
            face = getattr(importlib.import_module(entry.part("desk")), name)
            face.key, face.entry, face.title = entry.key, entry, entry.title
            out[entry.key] = face
        self._made = (registry.GAMES, out)
        return out

    def __getitem__(self, key):
        return self._faces()[key]

    def __contains__(self, key):
        return registry.find(key) is not None

    def __iter__(self):
        return iter([e.key for e in registry.GAMES])

    def __len__(self):
        return len(registry.GAMES)

    def keys(self):
        return list(self)

    def values(self):
        return list(self._faces().values())

    def items(self):
        return list(self._faces().items())

    def get(self, key, default=None):
        return self[key] if key in self else default


GAMES = _Games()


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


def rules_help():
    """The --rules help: every game's rule sets."""
    return "the rule set (%s; default the first)" % "; ".join(
        "%s: %s" % (key, ", ".join(spec.rules)) for key, spec in GAMES.items())


RULES_HELP = rules_help()  # at import; rules_help() again for a game entered since

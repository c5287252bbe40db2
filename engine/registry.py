"""The games of Deckcrawl, in the order the game list shows them: the one list
that the device and every desktop tool read.

A game is one folder, games/<key>/ (games/README.md), and an entry names it
(home) and the parts in it, so that reading this list imports no game at
all; a game's modules are imported when the player enters it and let go when
they leave (ui/app.py, engine/lease.py).  The shared code names no game: it
reads these entries (tests/test_registry.py holds it to that).

    key          a short name: the command line's --game
    game_id      the number saves and stats know it by (its engine's GAME_ID)
    title        what the game list shows (21 characters at most)
    rule_titles  its rule sets, in the engine's rule-set order
    rule_notes   a line on each rule set, shown under the rule-set menu
    home         its folder as a package: "games.ctd"
    engine       "module:Class" of its rules, in the folder ("rules:Dungeon";
                 the entry keeps it whole: "games.ctd.rules:Dungeon")
    words        "module:NAME" of its rules pages, in the folder ("words:RULES")
    screen       its play screen's module, the folder's play.py; it has
                 Play(app, entry, rules, deal)
    stats        the stats page's words, a (won, best, how) a rule set: "Won",
                 "Best score" and None unless the game says its own; how is
                 "module:function" in the folder that words a best, or None
    achievements True when the game has achievements: its words module's
                 ACHIEVEMENTS (a name and how to earn it, each) and its rules'
                 ACH_SHIFT (where its bits lie in the store's mask)
    part(name)   the dotted path of any other part: part("checks")

Adding a game: its folder (games/README.md says what it holds) and one Entry
here.  Append it at the end (and a rule set only to the last game): the
settings keep each rule set's WINNABLE DEALS choice by its place in this
order, 15 at most (ui/app.py).

Memory: a few short strings an entry; no game module is imported by this one.
"""



_WON = "Won"  # the stats page's words of a rule set that says none of its own
_BEST = "Best score"


class Entry:
    def __init__(self, key, game_id, title, rule_titles, rule_notes, home, engine, words="words:RULES",
                 stats=None, achievements=False):
        self.key = key
        self.game_id = game_id
        self.title = title
        self.rule_titles = rule_titles
        self.rule_notes = rule_notes
        self.home = home
        self.engine = home + "." + engine
        self.screen = home + ".play"
        self.words = home + "." + words
        self.stats = stats or ((_WON, _BEST, None),) * len(rule_titles)
        self.achievements = achievements

    def part(self, name):
        """The dotted path of a module of the game's folder: part("checks")."""
        return self.home + "." + name


GAMES = (
    Entry("ctd", 1, "Clear the Dungeon", ("Classic", "Reserve", "One Strike"),
          ("The designer's rules", "A reserve, no cap", "Hard: few deals win"),
          "games.ctd", "rules:Dungeon"),
    Entry("soltura", 2, "Soltura", ("Score", "Pure Survival"),
          ("A roguelite score", "Live or die, no score"),
          "games.crawl", "rules:Soltura", "words_soltura:RULES"),
    Entry("scoundrel", 3, "Scoundrel", ("Strict", "Equal or lower"),
          ("Chains strictly lower", "Chains equal or lower"),
          "games.crawl", "rules:Scoundrel", "words_scoundrel:RULES"),
    Entry("rogue", 4, "Rogue Solitaire", ("Quick Play", "Campaign"),
          ("One floor: escape it", "10 floors and a feast"),
          "games.rogue", "rules:Rogue",
          stats=(("Escaped", "Fewest turns", None), ("Escaped", "Deepest", "words:deepest")), achievements=True),
)


def find(key):
    """The entry of a game by its key, or None."""
    for e in GAMES:
        if e.key == key:
            return e
    return None


def engine_class(entry):
    """The class of a game's rules (imports its module)."""
    from engine.lease import module

    path, name = entry.engine.split(":")
    return getattr(module(path), name)

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
    engine       "module:Class" of its rules: "games.ctd.rules:Dungeon"
    screen       its play screen's module, the folder's play.py: "games.ctd.play";
                 it has Play(app, entry, rules, deal)
    words        "module:NAME" of its rules pages: "games.ctd.words:RULES"
                 (the paths are written out whole: a string made by joining
                 would cost the board's heap its pieces and itself)
    stats        the stats page's words, a (won, best, how) a rule set, or None
                 for "Won", "Best score" (ui/setup.py); how is "module:function"
                 in the folder that words a best, or None
    achievements True when the game has achievements: its words module's
                 ACHIEVEMENTS (a name and how to earn it, each) and its rules'
                 ACH_SHIFT (where its bits lie in the store's mask)
    guide        the module of its guided first game (ui/guide.py), or None
    part(name)   the dotted path of any other part: part("checks")

Adding a game: its folder (games/README.md says what it holds) and one Entry
here.  Append it at the end (and a rule set only to the last game): the
settings keep each rule set's WINNABLE DEALS choice by its place in this
order, 15 at most (ui/app.py).

Memory: a few short strings an entry; no game module is imported by this one.
"""



class Entry:
    stats = None  # the defaults on the class: an entry's own dict holds only what it says
    achievements = False
    guide = None

    def __init__(self, key, game_id, title, rule_titles, rule_notes, home, engine, screen, words,
                 stats=None, achievements=False, guide=None):
        self.key = key
        self.game_id = game_id
        self.title = title
        self.rule_titles = rule_titles
        self.rule_notes = rule_notes
        self.home = home
        self.engine = engine
        self.screen = screen
        self.words = words
        if stats:
            self.stats = stats
        if achievements:
            self.achievements = achievements
        if guide:
            self.guide = guide

    def part(self, name):
        """The dotted path of a module of the game's folder: part("checks")."""
        return self.home + "." + name


GAMES = (
    Entry("ctd", 1, "Clear the Dungeon", ("Classic", "Reserve", "One Strike"),
          ("The designer's rules", "A reserve, no cap", "Hard: few deals win"),
          "games.ctd", "games.ctd.rules:Dungeon", "games.ctd.play", "games.ctd.words:RULES",
          guide="games.ctd.guide"),
    Entry("soltura", 2, "Soltura", ("Score", "Pure Survival"),
          ("A roguelite score", "Live or die, no score"),
          "games.crawl", "games.crawl.rules:Soltura", "games.crawl.play", "games.crawl.words_soltura:RULES"),
    Entry("scoundrel", 3, "Scoundrel", ("Strict", "Equal or lower"),
          ("Chains strictly lower", "Chains equal or lower"),
          "games.crawl", "games.crawl.rules:Scoundrel", "games.crawl.play", "games.crawl.words_scoundrel:RULES"),
    Entry("rogue", 4, "Rogue Solitaire", ("Quick Play", "Campaign"),
          ("One floor: escape it", "10 floors and a feast"),
          "games.rogue", "games.rogue.rules:Rogue", "games.rogue.play", "games.rogue.words:RULES",
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

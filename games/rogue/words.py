"""Rogue Solitaire's rules pages, one text a rule set (Quick Play, Campaign):
four pages of six lines (ui/menus.py RulesPage), a page a topic: the turn
and the buttons, the duel, the named monster's powers, then the exit (and
in the campaign the floors and the Buffet).  Each line is written out, so
the pages break where the topics do.  Imported only while a rules page is
being made, then released.

The achievements' names and how each is earned are here too (ACHIEVEMENTS),
the Campaign's best in words for the stats page (deepest), and the line
under Continue for a suspended campaign (continue_note: its floor).

Memory: about 1 KB of text while imported.
"""

_PAGES = (
    # the turn, and the buttons
    "Turn: discard to 5;\n"
    "one play (A on card;\n"
    "A A attacks); escape;\n"
    "attack; monster hits\n"
    "back. B: undo a play,\n"
    "hold B: pause.\n"
    # the duel
    "Your outer card hits\n"
    "the monster card in\n"
    "its place; the one\n"
    "opposite hits back.\n"
    "Lower card dies; A>K.\n"
    "Empty row/col: dead.\n"
    # naming and the powers
    "A face card turned up\n"
    "names the monster;\n"
    "its new winners hit:\n"
    "\x02 heal   \x04 take card\n"
    "\x03 steal  \x01 warp exit\n"
    "an Ace: all at once.\n"
    # the exit
    "Key (B) in centre and\n"
    "8 match exit (a dot):\n"
)

RULES = (
    _PAGES + "you escape and win!\n"
    "Best: fewest turns.\n"
    "<>: monster or exit.\n"
    "Hold B: pause, rules.",
    _PAGES + "down; a face card to\n"
    "the Buffet. After 10,\n"
    "its cards fight you;\n"
    "none left: starved.",
)

# The achievements (shared/rogue-rules.md 3.15), bit 0 = AC1: (name, how); a name is 20 characters
# at most (a mark goes before it), so AC2 and AC3 are said a little shorter than in the spec.
ACHIEVEMENTS = (
    ("Zero to Hero", "Escape in Quick Play"),
    ("Where are my keys?", "Starve, key not found"),
    ("It's too dark here!", "Starve, exit unseen"),
    ("True Rogue", "Escape the campaign"),
    ("Master Rogue", "Escape with 4 Aces"),
    ("Call me... Rodney", "Earn the other five"),
)


_CAMPAIGN = 1  # games/rogue/rules.py CAMPAIGN
_FLOOR_AT = 161  # the floor's byte in the state: the parts' 157 bytes, then SAVED's 5th (rules.py)


def continue_note(store, entry, saved):
    """The line under Continue (ui/menus.py RuleSets) when a campaign is
    suspended: the floor it waits on, read from its checkpoint (the play
    screen writes one on each new floor); None: the menu's own line."""
    rules = saved[0]
    if rules != _CAMPAIGN:
        return None
    floor = store.saved_byte(entry.game_id, _FLOOR_AT)
    if floor < 1 or floor > 11:
        return None
    return entry.rule_titles[rules] + (", gauntlet" if floor == 11 else ", floor %d" % floor)


def deepest(best):
    """The Campaign's best on the stats page (rules Rogue.score(): floor *
    1024 - turns) in words: F7 123t, GAUNTLET 456t, ESCAPED 789t
    (shared/rogue-rules.md 3.20)."""
    floor = (best + 1023) // 1024
    where = "F%d" % floor if floor <= 10 else ("GAUNTLET" if floor == 11 else "ESCAPED")
    return "%s %dt" % (where, floor * 1024 - best)

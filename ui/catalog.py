"""The games on the device, in the order the game list shows them.  Each entry
(a module, or a crawl_play.Entry) gives its TITLE, RULE_TITLES, RULES_TEXT (one page per rule set, shown by the
rules page) and play_screen (a screen factory taking app, game index, rule set,
deal number).  A new game adds its module here."""

from ui import crawl_play, ctd_play

GAMES = (ctd_play, crawl_play.SOLTURA, crawl_play.SCOUNDREL)

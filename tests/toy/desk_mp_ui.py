"""tests/mp/ui_on_micropython.py with the toy in the registry: the device's
screens under the desktop MicroPython, title to game over for every game,
Pairs (tests/toy/) the fifth.  The entry is appended before the script runs,
as tests/test_toy.py's fixture appends it on CPython.

    micropython tests/toy/desk_mp_ui.py PROJECT_DIR STUBS_DIR [--games=KEY,...]
"""

import sys

sys.path.insert(0, sys.argv[1])

from engine import registry  # noqa: E402
from tests.toy.entry import ENTRY  # noqa: E402

registry.GAMES = registry.GAMES + (ENTRY,)
sys.modules.pop("tests.toy.entry")
ENTRY = None
with open(sys.argv[1] + "/tests/mp/ui_on_micropython.py") as f:
    source = f.read()
exec(source, {"__name__": "__main__"})

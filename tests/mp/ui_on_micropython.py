"""Run the device's screens under the desktop MicroPython: the whole way from the
title through a bot game of every rule set of every game (engine/registry.py,
in its order) to game over, and back to the game list and the title, by button
presses on a stand-in board.

    micropython tests/mp/ui_on_micropython.py PROJECT_DIR STUBS_DIR [LIB_DIR] [--figures=time|alloc] [--record=FILE]
        [--games=KEY,KEY...]

PROJECT_DIR holds engine/, hw/, ui/ and tools/ (as .py); LIB_DIR, if given,
comes first on the path (a MicroPython build's .mpy files, with the games'
bots and button drivers added: tools/bench.py proxy_tree()).  STUBS_DIR holds the strict
displayio stand-in.  It catches what CPython lets pass and MicroPython does not
(missing str methods, keyword arguments, big ints, ...), and checks that no
game's modules are in sys.modules at the title or the game list, and that
leaving a game releases every module it brought in.  Prints one line starting
"ok" with figures.

--figures=... adds one line of JSON after it, the desktop proxy of the board's
figures (tools/bench.py runs each, from the .mpy build):
    time  the Python-side microseconds of each kind of press: time.ticks_us()
          around the app.step() that handles it (the stand-in displayio draws
          nothing); n, median and max per kind
    alloc the heap bytes each kind of press leaves for the collector (the
          collector paused around the step: run it with a large heap, such as
          -X heapsize=2m), for the presses that stay on their screen

--games plays only the games named (by registry key), in the registry's order;
tools/bench.py plays each alone too, for its heap on a fresh boot.

--record=FILE writes the run's loop turns and button events, with the named
points of the heap figures (title, each game's play screen, ...), for
tests/mp/heap_replay.py: the heap figures come from that replay, in a loop
like the board's, with none of this driver's bots, presses and frames in the
heap (a frame of theirs that once held a screen can keep it alive: the
collector takes any word on the C stack for a pointer).

Nothing of a game is imported at the top: its bots, its button driver (its
folder's desk_bots and desk_presses) and the engine's rng are imported once
the game is entered (and so released with it).
"""

import gc
import sys
import time

_ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
_MODE = ""
_RECORD = ""
_GAMES = None
for _a in sys.argv[1:]:
    if _a.startswith("--games="):
        _GAMES = _a[8:].split(",")
    if _a.startswith("--figures="):
        _MODE = _a[10:]
    if _a.startswith("--record="):
        _RECORD = _a[9:]
assert _MODE in ("", "time", "alloc"), "--figures must be time or alloc"

sys.path.insert(0, _ARGS[1])
sys.path.insert(0, _ARGS[0])
if len(_ARGS) > 2:
    sys.path.insert(0, _ARGS[2])

from board import Board  # noqa: E402  (tests/mp/board.py, beside this script)

# imported in main(), once the heap before them is measured
displayio = registry = buttons = None

ARROWS = ("UP", "DOWN", "LEFT", "RIGHT")


def kind(screen):
    return type(screen).__name__


def game_key(screen):
    return screen.entry.key


def overlay_of(screen):
    return getattr(screen, "overlay", None)


# A press that changes the screen: (screen, key, next screen) -> its kind
SWITCHES = {
    ("Title", "A", "GameList"): "title_to_list",
    ("GameList", "B", "Title"): "list_to_title",
    ("GameList", "A", "RuleSets"): "menu_switch",
    ("RuleSets", "B", "GameList"): "menu_switch",
    ("RuleSets", "A", "Play"): "enter_play",
    ("RuleSets", "RIGHT", "RulesPage"): "rules_open",
    ("RulesPage", "A", "RuleSets"): "rules_close",
    ("RulesPage", "B", "RuleSets"): "rules_close",
    ("Play", "A", "GameOver"): "game_over",
    ("Play", "A", "RuleSets"): "leave_game",
    ("GameOver", "A", "Play"): "play_again",
    ("GameOver", "A", "RuleSets"): "over_to_menu",
}


def before_press(s):
    """What press_kind needs of the screen s before a tap, without holding s
    (which would keep a screen the app has left alive for the heap figures):
    its id, kind, game, and in play the moves made, the card carried (None:
    no such thing) and whether an overlay is open."""
    n = len(sys.modules)
    if kind(s) != "Play":
        return (id(s), kind(s), None, 0, None, False, n)
    return (id(s), kind(s), game_key(s), s.game.moves, getattr(s, "carry", None), overlay_of(s) is not None, n)


def press_kind(pre, key, s):
    """What a tap of key was, for the time figures: pre is before_press() of
    the screen it was made on, s the screen after it."""
    ident, k, g, moves, carry, overlaid, modules = pre
    if id(s) != ident:
        what = SWITCHES.get((k, key, kind(s)), "other_switch")
        if what == "enter_play" and len(sys.modules) > modules:
            return "enter_play_importing"  # the game's first entry: its modules are imported
        return what
    if k == "GameList":
        return "list_cursor"
    if k in ("RuleSets", "GameOver"):
        return "menu_cursor"
    if k == "RulesPage":
        return "rules_turn"
    if k != "Play":
        return k + "_" + key
    moved = s.game.moves != moves
    if overlaid:  # a card's menu, a swap, a preview, "leave?"
        if moved:
            return g + "_resolve"
        return g + ("_overlay_cursor" if key in ARROWS else "_overlay")
    if key in ARROWS:
        return g + "_cursor"
    if key == "B":
        return g + "_back"
    if moved:
        return g + ("_place" if carry is not None else "_resolve")
    if carry is not None and carry < 0 and s.carry >= 0:
        return g + "_pick"
    if overlay_of(s) is not None:
        return g + "_menu_open"
    return g + "_a"


class Figures:
    """The proxy's figures, by mode: time (microseconds a press) or alloc
    (bytes a press leaves); and the run's record for the heap replay
    (--record), kept as text lines: "MS" a turn of the loop and the
    milliseconds after it, "MS KEY PRESSED" one that polls a button event,
    "p NAME KIND" a named point (the screen's kind there), "e CRC" the end
    (the NVM's CRC-32, which the replay must reproduce)."""

    def __init__(self, mode, record):
        self.mode = mode
        self.log = open(record, "w") if record else None
        self.pending = ""  # the event of the next turn, for the record
        self.times = {}  # press kind -> [microseconds, or bytes]

    def event(self, key, pressed):
        self.pending = " %d %d" % (key, pressed)

    def turn(self, ms):
        if self.log is not None:
            self.log.write("%d%s\n" % (ms, self.pending))
        self.pending = ""

    def point(self, name, screen):
        if self.log is not None:
            self.log.write("p %s %s\n" % (name, kind(screen)))

    def press(self, what, us):
        if self.mode in ("time", "alloc") and what:
            if what not in self.times:
                self.times[what] = []
            self.times[what].append(us)

    def report(self, nvm):
        if self.log is not None:
            import binascii

            self.log.write("e %d\n" % binascii.crc32(nvm))
            self.log.close()
        if not self.mode:
            return
        import json

        out = {}
        for what in sorted(self.times):
            t = sorted(self.times[what])
            n = len(t)
            median = t[n // 2] if n % 2 else (t[n // 2 - 1] + t[n // 2]) // 2
            out[what] = {"n": n, "median": median, "max": t[-1]}
        print(json.dumps({"press_us" if self.mode == "time" else "press_alloc": out}))


class Driver:
    def __init__(self, board, app, figures):
        self.board = board
        self.app = app
        self.figures = figures
        self.spent = 0  # microseconds (or bytes) in the steps that handled an event

    @property
    def screen(self):
        return self.app.screen

    def step(self, ms=20):
        f = self.figures
        f.turn(ms)
        if f.mode == "alloc":
            gc.collect()
            gc.disable()
            t = gc.mem_alloc()
            ev = self.app.step()
            t = gc.mem_alloc() - t
            gc.enable()
        else:
            t = time.ticks_us()
            ev = self.app.step()
            t = time.ticks_diff(time.ticks_us(), t)
        self.board.now += ms
        if ev != buttons.NONE:
            self.spent += t

    def push(self, k, pressed):
        self.board.queue.pending.append((k, pressed))
        self.figures.event(k, pressed)

    def _press(self, key, down_steps, ms):
        k = buttons.KEY_NAMES.index(key)
        self.push(k, True)
        for _ in range(down_steps):
            self.step(ms)
        self.push(k, False)
        for _ in range(4):
            self.step()

    def tap(self, key, hold=40):
        while self.screen.held(self.board.ticks_ms()):  # the end of a game holds: a player reads it
            self.step()
        pre = before_press(self.screen)
        self.spent = 0
        self._press(key, 1, hold)
        if self.figures.mode != "alloc" or id(self.screen) == pre[0]:  # App.show collects in a switch
            self.figures.press(press_kind(pre, key, self.screen), self.spent)

    def hold(self, key, ms):
        self.spent = 0
        self._press(key, ms // 10, 10)
        self.figures.press("leave_ask", self.spent)

    def choose_pause(self, i):
        """The pause menu's choice i (it opens on the first)."""
        for _ in range(i):
            self.tap("DOWN")
        assert self.screen.overlay.choice == i

    def choose(self, i):
        """Move a menu's choice down to i."""
        for _ in range(i - self.screen.chosen):
            self.tap("DOWN")
        assert self.screen.chosen == i


def game_modules():
    """The modules of every game, as the registry names them."""
    names = []
    for e in registry.GAMES:
        for path in (e.engine.split(":")[0], e.screen, e.words.split(":")[0]):
            if path not in names:
                names.append(path)
    return names


def no_game_loaded(where):
    loaded = [name for name in game_modules() if name in sys.modules]
    assert not loaded, "%s: game modules in sys.modules: %s" % (where, loaded)


class Bot:
    """What the driver holds while a game is entered: its bots, its button
    driver and a shadow of the game on the engine alone.  Imported only once
    the game is entered, so the app releases them with the game's own."""

    def __init__(self, entry):
        bots = lease.module(entry.part("desk_bots"))
        self.press = lease.module(entry.part("desk_presses")).play  # the game's button driver
        self.bot = bots.BOTS["greedy"]
        self.Rng = lease.module("engine.rng").Rng
        self.engine = registry.engine_class(entry)
        self.shadow = self.rng = None
        self.mine = self.theirs = None

    def deal(self, rules, deal):
        self.shadow = self.engine(rules).deal(deal)
        self.rng = self.Rng(rules)
        n = len(self.shadow.state)
        self.mine = bytearray(n)
        self.theirs = bytearray(n)

    def play(self, d, play):
        """The bot's game on the screen `play`, move by move, checked against the shadow."""
        shadow = self.shadow
        while shadow.status == 0:
            mv = self.bot(shadow, self.rng)
            self.press(d, mv)
            shadow.play(mv)
            shadow.snapshot(self.mine)
            play.game.snapshot(self.theirs)
            assert self.mine == self.theirs, "the screen's game is not the engine's after move %d" % mv
        assert play.game.status == shadow.status


def main():
    global displayio, lease, registry, buttons
    import displayio  # the stand-in; built into a board's firmware

    nvm = bytearray(4096)  # a board's NVM is flash, not heap
    figures = Figures(_MODE, _RECORD)
    gc.collect()
    before = gc.mem_alloc()
    from engine import lease, registry
    from hw import buttons
    from ui.app import App

    board = Board(nvm)
    app = App(board)
    d = Driver(board, app, figures)
    d.step()
    gc.collect()
    loaded = gc.mem_alloc() - before
    assert kind(d.screen) == "Title"
    no_game_loaded("the title")
    figures.point("title", d.screen)
    d.tap("A")
    assert kind(d.screen) == "GameList"
    no_game_loaded("the game list")
    listed = list(sys.modules)
    figures.point("game_list", d.screen)
    most = 0
    games = 0
    for index in range(len(registry.GAMES)):
        entry = registry.GAMES[index]
        if _GAMES is not None and entry.key not in _GAMES:
            continue
        d.choose(index)
        d.tap("A")
        assert kind(d.screen) == "RuleSets" and d.screen.entry is entry
        d.tap("RIGHT")
        assert kind(d.screen) == "RulesPage"
        for _ in range(3):
            d.tap("DOWN")
        d.tap("B")
        bot = None
        for rules in range(len(entry.rule_titles)):
            assert kind(d.screen) == "RuleSets"
            d.choose(rules)
            d.tap("A")
            play = d.screen
            assert kind(play) == "Play" and play.game.rules == rules and play.entry is entry
            if bot is None:
                figures.point("play " + entry.key, play)
                bot = Bot(entry)
            bot.deal(rules, play.deal)
            bot.play(d, play)
            gc.collect()
            most = max(most, gc.mem_alloc() - before)
            deal = play.deal
            play = None  # hold no screen the app has left
            d.tap("A")
            assert kind(d.screen) == "GameOver"
            if rules == 0:
                figures.point("game_over " + entry.key, d.screen)
                d.tap("DOWN")
                d.tap("DOWN")
                d.tap("A")  # same deal
                assert kind(d.screen) == "Play" and d.screen.deal == deal and d.screen.practice
                d.hold("B", 1000)  # pause: resume, rules, suspend, give up
                d.choose_pause(3)
                d.tap("A")
                d.tap("A")  # give up, asked twice
                assert kind(d.screen) == "GameOver"
                d.choose(2)
                d.tap("A")  # the menu
            else:
                d.choose(2)
                d.tap("A")  # the menu
            assert kind(d.screen) == "RuleSets" and d.screen.chosen == rules
            games += 1
        bot = None  # let go of the game: the app releases its modules, ours with them
        d.tap("B")
        assert kind(d.screen) == "GameList" and d.screen.chosen == index
        no_game_loaded("the game list after " + entry.key)
        extra = [name for name in sys.modules if name not in listed]
        assert not extra, "leaving %s left %s in sys.modules" % (entry.key, extra)
        figures.point("game_list after " + entry.key, d.screen)
    d.tap("B")
    assert kind(d.screen) == "Title"
    no_game_loaded("the title again")
    figures.point("title again", d.screen)
    print("ok screens=%d refreshes=%d ui_heap=%d most_heap=%d" % (games, board.display.refreshes, loaded, most))
    figures.report(nvm)


main()

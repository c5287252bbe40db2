"""Winnable deals (issue 13 item 4): the packed lists read exactly what the
packer wrote, tools/pack_deals.py from sweeps (and its refusals), and on the
device by presses: the deals menu, WINNABLE DEALS drawing only listed deals
and kept in the store, a deal typed by number as practice, the deal in the
Pause menu, what is loaded when, the build, and the same under MicroPython."""

import importlib
import json
import os
import random
import subprocess
import sys

import pytest

from engine import deals, lease, registry, saves
from games.ctd import rules as ctd
from engine import store as records
from engine.rng import SEED_MAX, Rng
from hw.fake import FakeBoard
from tests.ui_driver import CTD, SCOUNDREL, Driver, read_row
from tools import build as builder
from tools import deploy, mpy
from tools import pack_deals as packer
from ui import menus
from ui.pause import Pause

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = mpy.micropython_path()
CLASSIC_DEALS = [3, 17, 18, 40, 41, 99, 1234, 5000, 65536]


def random_list(r, n, span, at=None):
    lo = r.randrange(0, SEED_MAX + 2 - span) if at is None else at
    return sorted(r.sample(range(lo, lo + span), n))


# -- the format -----------------------------------------------------------------------
def test_every_list_reads_back_exactly_in_both_forms_and_the_smaller_is_kept():
    r = random.Random(13)
    lists = [[0], [SEED_MAX], [0, SEED_MAX], list(range(100)), [5, 6, 7, 9], random_list(r, 1000, 1000, SEED_MAX - 999)]
    for _ in range(40):
        n = r.randint(1, 120)
        lists.append(random_list(r, n, r.choice([n, 2 * n, 9 * n, 100 * n])))
    for seeds in lists:
        forms = [packer.bitmap(seeds)] if seeds[-1] - seeds[0] < 10**6 else []
        forms += [packer.rice(seeds, k) for k in (0, 3, 11, 24) if packer.rice_bits(seeds, k) < 10**5]
        assert forms
        for buf in forms:
            assert deals.check(buf) == deals.count(buf) == len(seeds)
            assert (deals.first(buf), deals.last(buf)) == (seeds[0], seeds[-1])
            every = range(0, len(seeds), 1 if len(seeds) <= 120 else 37)  # and the last, below
            assert [deals.nth(buf, k) for k in every] == [seeds[k] for k in every]
            assert deals.nth(buf, len(seeds) - 1) == seeds[-1]
        best = packer.pack(seeds)
        assert [deals.nth(best, k) for k in range(len(seeds))] == seeds
        smallest_rice = deals.HEAD + (min(packer.rice_bits(seeds, k) for k in range(25)) + 7) // 8
        assert len(best) == min(deals.HEAD + (seeds[-1] - seeds[0]) // 8 + 1, smallest_rice)
        assert len(best) <= min(len(b) for b in forms)


def test_a_dense_list_is_a_bitmap_and_a_sparse_one_rice_both_a_few_hundred_bytes():
    r = random.Random(4)
    dense = [s for s in range(1200) if r.random() < 0.85][:1000]
    sparse = [s for s in range(40000) if r.random() < 0.08][:1000]
    a, b = packer.pack(dense), packer.pack(sparse)
    assert a[2] == deals.BITMAP and len(a) <= deals.HEAD + 1200 // 8 + 1
    assert b[2] == deals.RICE and len(b) < 800  # about 5.6 bits a deal
    assert len(packer.bitmap(sparse)) > 2 * len(b)


def test_a_damaged_list_is_refused():
    buf = packer.pack([3, 9, 10, 200, 4000])  # Rice
    bmp = packer.bitmap([3, 9, 10, 200])
    for bad in (buf[:-1], buf + b"\x00", b"XL" + buf[2:], buf[:4] + b"\x07" + buf[5:], buf[:12] + b"\x01\x00\x00\x00",
                buf[:15] + b"\x40", bmp[:-1], bmp + b"\x00", bmp[:4] + b"\x05" + bmp[5:], bmp[:16] + b"\x00" + bmp[17:],
                buf[:2] + b"\x03" + buf[3:], b"DL"):
        with pytest.raises(ValueError):
            deals.check(bad)
    with pytest.raises(IndexError):
        deals.nth(buf, 5)


def test_draw_gives_only_listed_deals_never_the_one_just_played_and_reaches_them_all():
    seeds = [7, 8, 100, 2000, 2001]
    buf = packer.pack(seeds)
    got = [deals.draw(buf, Rng(s), 100) for s in range(300)]
    assert set(got) == {7, 8, 2000, 2001}
    assert deals.draw(packer.pack([42]), Rng(1), 42) == 42  # a list of one has nothing else
    big = list(range(0, 90000, 2))  # more deals than one Rng.below reaches (30269)
    buf = packer.pack(big)
    got = [deals.draw(buf, Rng(s)) for s in range(400)]
    assert all(d % 2 == 0 and 0 <= d < 90000 for d in got) and max(got) > 80000 and min(got) < 10000


# -- the packer ------------------------------------------------------------------------
def sweep(path, rows):
    with open(path, "w") as f:
        for seed, won in rows:
            f.write(json.dumps({"seed": seed, "winnable": won, "nodes": 10, "seconds": 0.01}) + "\n")
    return str(path)


def run_packer(args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "tools.pack_deals"] + args, capture_output=True, text=True, cwd=cwd, timeout=60)


def read_list(path):
    spec = importlib.util.spec_from_file_location("packed_list", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m.DEALS


def test_packer_writes_one_list_a_rule_set_from_sweeps_merged(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    a = sweep(tmp_path / "ctd-classic-0-9.jsonl", [(s, s % 3 == 0) for s in range(10)] + [(10, None), (12, None)])
    b = sweep(tmp_path / "part2.jsonl", [(s, s % 3 == 0) for s in range(9, 20)])
    c = sweep(tmp_path / "scoundrel-equal.jsonl", [(5, True), (6, False), (900, True)])
    r = run_packer([a, "ctd-classic=" + b, c, "--out", str(out)])
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(out)) == ["ctd_classic.py", "scoundrel_equal.py"]
    buf = read_list(out / "ctd_classic.py")
    assert [deals.nth(buf, k) for k in range(deals.check(buf))] == [s for s in range(20) if s % 3 == 0]
    assert [deals.nth(read_list(out / "scoundrel_equal.py"), k) for k in range(2)] == [5, 900]
    assert "ctd-classic: 7 deals, 0..18" in r.stdout and "scoundrel-equal: 2 deals" in r.stdout
    r = run_packer([a, "--out", str(out), "--most", "2"])
    assert r.returncode == 0 and deals.check(read_list(out / "ctd_classic.py")) == 2


def test_packer_refuses_bad_input_with_one_line_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    good = sweep(tmp_path / "ctd-reserve.jsonl", [(1, True)])
    cases = {
        "not JSON": '{"seed": 1, "winnable": tr',
        '"seed" and "winnable"': '{"seed": 1}',
        "is not a deal number": '{"seed": 1073741824, "winnable": true}',
        "not a deal number (0": '{"seed": true, "winnable": true}',
        "must be true, false or null": '{"seed": 4, "winnable": "yes"}',
        "seed 4 was true before, now false": '{"seed": 4, "winnable": true}\n{"seed": 4, "winnable": false}',
    }
    for said, body in cases.items():
        bad = tmp_path / "ctd-classic.jsonl"
        bad.write_text(body + "\n")
        r = run_packer([good, str(bad), "--out", str(out)])
        assert r.returncode == 2 and said in r.stderr and r.stderr.count("\n") == 1, (said, r.stderr)
        assert "ctd-classic.jsonl:" in r.stderr and os.listdir(out) == []  # where, and nothing written
    for args, said in (
        ([str(tmp_path / "chess-classic.jsonl")], "no game 'chess'"),
        ([str(tmp_path / "ctd-easy.jsonl")], "ctd-classic, ctd-reserve, ctd-onestrike"),
        (["ctd-classic=" + str(tmp_path / "missing.jsonl")], "cannot read"),
        ([good, "--out", str(tmp_path / "nowhere")], "is not a folder"),
        ([good, "--most", "-1"], "--most"),
    ):
        r = run_packer(args + ([] if "--out" in args else ["--out", str(out)]))
        assert r.returncode == 2 and said in r.stderr and r.stderr.count("\n") == 1, (args, r.stderr)
    assert os.listdir(out) == []
    nothing = sweep(tmp_path / "soltura-score.jsonl", [(1, False), (2, None)])
    r = run_packer([nothing, "--out", str(out)])
    assert r.returncode == 0 and "no list" in r.stderr and os.listdir(out) == []


# -- on the device ---------------------------------------------------------------------
@pytest.fixture
def lists(tmp_path, monkeypatch):
    """Lists of winnable deals in a folder standing in for games/<key>/winnable/:
    Clear the Dungeon Classic, Scoundrel Strict and Rogue Solitaire's Campaign
    have one, nothing else."""
    folder = tmp_path / "winnable"
    folder.mkdir()
    made = (("ctd_classic", CLASSIC_DEALS), ("scoundrel_strict", [11, 12, 13]), ("rogue_campaign", [21, 22]))
    for name, seeds in made:
        (folder / (name + ".py")).write_text(packer.module_text(*name.split("_"), packer.pack(seeds), 0, 0, ["test"]))
    homes = sorted(set(e.home for e in registry.GAMES))
    for home in homes:  # every game's lists are read from the one folder
        monkeypatch.setattr(importlib.import_module(home + ".winnable"), "__path__", [str(folder)])
    importlib.invalidate_caches()
    yield folder
    for m in [m for m in sys.modules if any(m.startswith(h + ".winnable.") for h in homes)]:
        lease.release([m])


def rows(d):
    return [read_row(d, r) for r in range(8)]


def give_up(d):
    """Pause, give up (asked twice): the game-over screen."""
    d.hold("B", 1000)
    for _ in range(3):
        d.tap("DOWN")
    d.tap("A")
    d.tap("A")
    assert isinstance(d.screen, menus.GameOver)


def test_the_deals_menu_offers_winnable_deals_only_where_there_is_a_list(lists, too_long):
    d = Driver((menus.RuleSets, CTD))
    assert read_row(d, 7) == "A:PLAY <:DEAL >:RULES"
    d.tap("LEFT")
    assert type(d.screen).__name__ == "Deals"
    assert rows(d) == ["Classic deals", "Solver won 9 deals", "ON: deal only those", "",
                       " Winnable deals: OFF", " Type a deal", "", "A:CHOOSE  B:BACK"]
    d.tap("B")
    assert isinstance(d.screen, menus.RuleSets) and d.screen.chosen == 0
    d.tap("DOWN")
    d.tap("LEFT")  # Reserve has no list: only a deal by number
    assert rows(d)[1:6] == ["No list of winnable", "deals for this one", "", " Type a deal", ""]
    d.tap("B")
    assert d.screen.chosen == 1
    assert not too_long


def test_a_rule_set_whose_list_is_gone_or_damaged_deals_as_without_one(lists):
    d = Driver((menus.RuleSets, CTD, ctd.RESERVE))
    d.app.set_winnable(CTD, ctd.RESERVE, True)  # then a build without its list
    assert 0 <= d.app.new_deal(CTD, ctd.RESERVE) < 100000
    d.tap("LEFT")  # its deals menu has no such choice, so it is cleared
    assert not d.app.winnable(CTD, ctd.RESERVE) and d.app.store.settings[records.SET_FLAGS] == 0
    buf = packer.pack([5, 6, 7])
    (lists / "ctd_onestrike.py").write_text("DEALS = %r\n" % (buf[:-1] + b"\xff"))  # its last byte damaged
    importlib.invalidate_caches()
    assert d.app.from_list(CTD, ctd.ONESTRIKE) == -1 and d.app.from_list(CTD, ctd.CLASSIC) == len(CLASSIC_DEALS)
    d.app.set_winnable(CTD, ctd.ONESTRIKE, True)
    assert d.app.from_list(CTD, ctd.ONESTRIKE, 9) == -1
    assert 0 <= d.app.new_deal(CTD, ctd.ONESTRIKE) < 100000  # a deal from the clock, no crash


def test_winnable_deals_on_is_marked_and_kept_in_the_store(lists):
    board = FakeBoard()
    d = Driver((menus.RuleSets, CTD), board)
    d.tap("LEFT")
    d.tap("A")
    assert read_row(d, 4) == " Winnable deals: ON" and d.app.winnable(CTD, ctd.CLASSIC)
    assert not d.app.winnable(CTD, ctd.RESERVE) and not d.app.winnable(SCOUNDREL, 0)
    d.tap("B")
    assert rows(d)[2:5] == [" Classic          WIN", " Reserve", " One Strike"]
    again = Driver((menus.RuleSets, CTD), FakeBoard(nvm=board.nvm))  # after a power cut
    assert again.app.store.settings[records.SET_FLAGS] == 2 and again.app.winnable(CTD, ctd.CLASSIC)
    assert read_row(again, 2) == " Classic          WIN"
    again.tap("LEFT")
    again.tap("A")  # off again
    assert read_row(again, 4) == " Winnable deals: OFF"
    assert not Driver(None, FakeBoard(nvm=board.nvm)).app.winnable(CTD, ctd.CLASSIC)


def test_every_rule_set_keeps_its_winnable_deals_choice_across_a_power_cut(lists):
    """The choice of each rule set has its own bit in the store's settings, the
    last rule set of the registry (Rogue Solitaire's Campaign) as the first."""
    sets = [(e, r) for e in registry.GAMES for r in range(len(e.rule_titles))]
    assert len(sets) <= 15  # SET_FLAGS bits 1-7 and SET_DEALS2's 8 bits
    board = FakeBoard()
    d = Driver(None, board)
    rogue = registry.find("rogue")
    d.app.set_winnable(rogue, 1, True)
    assert d.app.winnable(rogue, 1) and [s for s in sets if d.app.winnable(*s)] == [(rogue, 1)]
    assert d.app.store.settings[records.SET_DEALS2] == 1 << (len(sets) - 1 - 7)
    again = Driver(None, FakeBoard(nvm=board.nvm))  # after a power cut
    assert [s for s in sets if again.app.winnable(*s)] == [(rogue, 1)]
    assert again.app.from_list(rogue, 1, 0) in (21, 22)
    for s in sets:  # each bit is its own
        again.app.set_winnable(*s, True)
    assert all(again.app.winnable(*s) for s in sets)
    again.app.set_winnable(CTD, 0, False)
    again.app.set_winnable(rogue, 0, False)
    kept = Driver(None, FakeBoard(nvm=board.nvm))
    assert [s for s in sets if not kept.app.winnable(*s)] == [(CTD, 0), (rogue, 0)]


def test_winnable_deals_draw_only_listed_deals_never_twice_in_a_row(lists):
    d = Driver((menus.RuleSets, CTD))
    d.app.set_winnable(CTD, ctd.CLASSIC, True)
    d.tap("A")
    played = [d.screen.deal]
    assert not d.screen.practice
    for _ in range(6):  # game over, play again: from the list too
        give_up(d)
        d.tap("A")
        d.tap("A")  # Play again: the first A chooses it
        played.append(d.screen.deal)
        assert not d.screen.practice and d.screen.game.rules == ctd.CLASSIC
    drawn = [d.app.new_deal(CTD, ctd.CLASSIC) for _ in range(200)]
    for seq in (played, drawn):
        assert set(seq) <= set(CLASSIC_DEALS)
    assert all(a != b for a, b in zip(played, played[1:]))
    assert len(set(drawn)) >= 7  # the draw reaches the whole list
    assert all(d.app.new_deal(CTD, ctd.RESERVE) < 100000 for _ in range(5))  # off there: any deal
    assert d.app.store.stats(CTD.game_id, ctd.CLASSIC).played == 6  # the six given up: a winnable deal counts


def type_deal(d, number):
    """On the deal entry, from 0000000000 with the ones chosen, type number
    digit by digit from the first; the ones are chosen again after."""
    assert d.screen.value() == 0 and d.screen.at == 9
    d.tap("RIGHT")  # round from the ones to the first digit
    for ch in "%010d" % number:
        for _ in range(int(ch)):
            d.tap("UP")
        d.tap("RIGHT")
    d.tap("LEFT")
    return d


def test_a_typed_deal_is_that_seed_played_as_practice(lists, too_long):
    d = Driver((menus.RuleSets, CTD))
    d.tap("DOWN")
    d.tap("LEFT")
    d.tap("A")  # Reserve has no list: Type a deal is the only choice
    assert type(d.screen).__name__ == "DealEntry"
    assert rows(d) == ["Type a deal", "Reserve", "", "      0000000000", "", "Practice: no stats",
                       "Up/down: change digit", "<>:MOVE A:PLAY B:BACK"]
    type_deal(d, 4072)
    assert read_row(d, 3) == "      0000004072" and d.screen.value() == 4072
    assert d.cost(d.tap, "UP") < 100  # a digit: its cell and the cursor's
    d.tap("DOWN")
    d.tap("A")
    s = d.screen
    assert type(s).__name__ == "Play" and s.deal == 4072 and s.practice and s.game.rules == ctd.RESERVE
    fresh = ctd.Dungeon(ctd.RESERVE).deal(4072)
    assert s.game.seed == 4072 and list(s.game.monsters) == list(fresh.monsters)  # the deal of that seed
    d.hold("B", 1000)
    assert read_row(d, 7) == "Practice deal 4072"
    d.tap("B")
    give_up(d)
    assert d.app.store.stats(CTD.game_id, ctd.RESERVE).played == 0  # practice counts nothing
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # same deal: practice again
    assert d.screen.deal == 4072 and d.screen.practice
    assert not too_long


def test_the_typed_deal_stays_within_seed_max_and_every_line_fits(lists, too_long):
    d = Driver((menus.RuleSets, SCOUNDREL))
    d.tap("LEFT")
    d.tap("DOWN")
    d.tap("A")
    type_deal(d, SEED_MAX)
    assert d.screen.value() == SEED_MAX and read_row(d, 3) == "      1073741823"
    d.tap("UP")  # the ones past 3 would pass SEED_MAX: round to 0
    assert d.screen.value() == SEED_MAX - 3
    for _ in range(8):
        d.tap("LEFT")
    d.tap("UP")  # the second digit: nothing but 0 fits under a leading 1
    assert d.screen.value() == SEED_MAX - 3
    d.tap("DOWN")
    assert d.screen.value() == SEED_MAX - 3
    d.tap("LEFT")
    d.tap("DOWN")  # the first digit: 1 to 0
    assert d.screen.value() == SEED_MAX - 3 - 10**9
    d.tap("UP")
    d.tap("RIGHT")
    d.tap("RIGHT")
    d.tap("UP")  # 1073741820 -> 1083741820 is past SEED_MAX: skipped round to 0
    assert d.screen.value() == 1003741820
    d.tap("A")
    assert d.screen.deal == 1003741820 and d.screen.practice
    d.hold("B", 1000)
    assert read_row(d, 7) == "Practice 1003741820"
    d.tap("B")
    give_up(d)
    assert read_row(d, 0) == "GAVE UP 1003741820"
    assert not too_long


def test_a_typed_deal_over_a_suspended_game_asks_again_and_counts_a_loss(lists):
    d = Driver((menus.RuleSets, CTD))
    d.tap("A")
    first = d.screen.deal
    d.hold("B", 1000)
    d.tap("DOWN")
    d.tap("DOWN")
    d.tap("A")  # suspend
    assert isinstance(d.screen, menus.RuleSets) and d.screen.saved is not None
    d.tap("DOWN")
    d.tap("LEFT")
    d.tap("DOWN")
    d.tap("A")
    assert d.screen.value() == first  # the entry starts at the deal last played
    d.tap("UP")
    d.tap("A")
    assert read_row(d, 5) == "A again: give up save" and type(d.screen).__name__ == "DealEntry"
    d.tap("UP")  # a change of mind: the question goes
    assert read_row(d, 5) == "Practice: no stats"
    d.tap("A")
    d.tap("A")
    assert d.screen.deal == first - first % 10 + (first + 2) % 10 and d.screen.practice  # the ones, up twice
    st = d.app.store.stats(CTD.game_id, ctd.CLASSIC)
    assert st.played == 1 and st.won == 0  # the suspended game was given up


def test_the_pause_menu_names_the_deal():
    d = Driver((menus.RuleSets, CTD))
    d.tap("A")
    deal = d.screen.deal
    d.hold("B", 1000)
    assert isinstance(d.screen.overlay, Pause) and read_row(d, 7) == "Deal %d" % deal
    d.tap("DOWN")  # the line is written once, not on each press
    assert read_row(d, 7) == "Deal %d" % deal


_LAZY = r"""
import json, sys
sys.path.insert(0, %r)
import games.ctd.winnable
games.ctd.winnable.__path__.insert(0, %r)
from tools.sim import Sim

WATCH = ("engine.deals", "games.ctd.winnable.ctd_classic", "ui.deal_entry", "engine.rng")
out = {}
def loaded(label):
    out[label] = sorted(m for m in WATCH if m in sys.modules)
s = Sim()
s.tap("A")
s.tap("A")
loaded("rule sets")
s.tap("LEFT")
loaded("deals menu")
s.tap("A")  # winnable deals on
s.tap("DOWN")
s.tap("A")
loaded("deal entry")
s.tap("B")
s.tap("B")
loaded("rule sets again")
s.tap("B")
loaded("game list")
s.tap("A")
s.tap("A")
out["deal"] = s.screen.deal
loaded("play")
print(json.dumps(out))
"""


def test_the_lists_and_the_deal_entry_are_loaded_only_while_used(lists):
    r = subprocess.run([sys.executable, "-c", _LAZY % (ROOT, str(lists))], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["rule sets"] == [] and out["game list"] == []
    assert out["rule sets again"] == ["engine.rng"]  # the game's rules, read for its rule names: gone with the game
    assert out["deals menu"] == ["engine.rng", "ui.deal_entry"]  # the list was counted and let go
    assert out["deal entry"] == ["engine.rng", "ui.deal_entry"]
    assert out["play"] == ["engine.rng"] and out["deal"] in CLASSIC_DEALS  # the game's own rng


# -- what ships ----------------------------------------------------------------------
def test_the_build_ships_every_list_and_the_deploy_manages_them(tmp_path):
    shipped = {rel for rel, _ in builder.sources()}
    assert "engine/deals.mpy" in shipped and "ui/deal_entry.mpy" in shipped
    rule_sets = {"%s_%s" % (e.key, r) for e in registry.GAMES for r in registry.engine_class(e).RULE_NAMES}
    lists = []
    for home in sorted(set(e.home for e in registry.GAMES)):
        folder = home.replace(".", "/") + "/winnable"
        names = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, folder)) if f.endswith(".py"))
        assert "__init__" in names
        for n in names:
            rel = "%s/%s.mpy" % (folder, n)
            assert rel in shipped and deploy.managed_path(rel)
            lists.append(rel)
            if n != "__init__":  # a list is named by its rule set and reads whole
                assert n in rule_sets
                assert deals.check(lease.read("%s.winnable.%s:DEALS" % (home, n))) >= 1
    assert len(lists) > len(rule_sets) // 2
    files = dict(builder.build(str(tmp_path / "tree"), "micropython"))
    assert all(rel in files for rel in lists)


# -- under MicroPython -----------------------------------------------------------------
_MP_READER = r"""
import gc, sys
sys.path.insert(0, sys.argv[1])
from engine import deals
from engine.rng import Rng
lists = [%s]
rng = Rng(5)


def measure(buf):
    gc.collect()
    before = gc.mem_alloc()
    n = deals.check(buf)
    last = deals.nth(buf, n - 1)
    mid = deals.nth(buf, n // 2)
    drawn = deals.draw(buf, rng, last)
    spent = gc.mem_alloc() - before
    print(n, last, mid, drawn, spent)


for buf in lists:
    measure(buf)
"""


@pytest.mark.skipif(MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed")
def test_the_reader_under_micropython_reads_the_same_and_allocates_nothing(tmp_path):
    r = random.Random(2)
    lists = [packer.pack(random_list(r, 800, 900, 0)), packer.pack(random_list(r, 800, 50000, 1000)),
             packer.pack(random_list(r, 40, 400, SEED_MAX - 399))]
    out = tmp_path / "mpy"
    for pkg in ("engine", "games"):
        mpy.compile_package(os.path.join(ROOT, pkg), str(out), "micropython")
    script = tmp_path / "reader.py"
    script.write_text(_MP_READER % ", ".join(repr(b) for b in lists))
    mp = subprocess.run([MICROPYTHON, "-X", "heapsize=24k", str(script), str(out)], capture_output=True, text=True, timeout=120)
    assert mp.returncode == 0, mp.stderr
    rng = Rng(5)
    for line, buf in zip(mp.stdout.splitlines(), lists):
        n, last, mid, drawn, spent = map(int, line.split())
        assert (n, last, mid) == (deals.count(buf), deals.nth(buf, n - 1), deals.nth(buf, n // 2))
        assert drawn == deals.draw(buf, rng, last) and spent == 0


@pytest.mark.skipif(MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed")
def test_the_deals_screens_run_under_micropython_in_the_proxy_heap(tmp_path):
    """The .mpy build with a Classic list, under MicroPython in the heap the
    screens' proxy runs in (tools/bench.py PROXY_HEAP), by presses."""
    from tools import bench

    tree = str(tmp_path / "tree")
    builder.build(tree, "micropython")
    listed = list(range(100, 3000, 7))
    src = tmp_path / "ctd_classic.py"
    src.write_text(packer.module_text("ctd", "classic", packer.pack(listed), 0, 0, ["test"]))
    mpy.compile_file(str(src), os.path.join(tree, "games", "ctd", "winnable", "ctd_classic.mpy"), "micropython")
    script = os.path.join(ROOT, "tests", "mp", "winnable_on_micropython.py")
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + bench.PROXY_HEAP, script, tree, os.path.join(ROOT, "tests", "mp")]
                       + [str(s) for s in listed], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stdout + r.stderr
    out = json.loads(r.stdout.splitlines()[1])
    assert len(out["played"]) == 4 and all(d in listed for d in out["played"])
    heap = out["heap_free"]
    # the deals menu and the entry (with the game's rules, read for a rule set's name) hold well under play
    assert heap["deals menu"] > heap["play"] + 8192 and heap["deal entry"] > heap["play"] + 8192


def test_random_presses_through_the_deals_screens_never_crash_and_every_line_fits(lists, too_long):
    """A random walk of presses, weighted to the rule sets' left and the deal
    entry, from the title through every game's menus and plays."""
    r = random.Random(7)
    d = Driver()
    seen = set()
    for _ in range(1500):
        name = type(d.screen).__name__
        seen.add(name)
        if name in ("RuleSets", "Deals", "DealEntry"):
            key = r.choice(("LEFT", "LEFT", "UP", "DOWN", "A", "B", "RIGHT"))
        elif name in ("Play", "Guide"):  # both are left by holding B
            key = r.choice(("B", "B", "A", "UP", "DOWN", "LEFT", "RIGHT"))
        else:
            key = r.choice(("A", "A", "DOWN", "B", "UP"))
        if key == "B" and name in ("Play", "Guide") and r.random() < 0.5:
            d.hold("B", 1000)
        else:
            d.tap(key)
        if type(d.screen).__name__ == "DealEntry":
            assert 0 <= d.screen.value() <= SEED_MAX
    assert {"RuleSets", "Deals", "DealEntry", "Play", "GameOver"} <= seen, seen
    assert not too_long


def test_the_widest_deal_numbers_and_counts_fit(lists, too_long):
    d = Driver((menus.GameOver, CTD, ctd.CLASSIC, SEED_MAX, "A LONG OVER TITLE", ("x",)))
    assert read_row(d, 0) == "A LONG OVE 1073741823"  # the title gives way to the number
    (lists / "ctd_reserve.py").write_text("DEALS = %r\n" % packer.pack(list(range(123456))))
    importlib.invalidate_caches()
    d = Driver((menus.RuleSets, CTD, ctd.RESERVE))
    d.tap("LEFT")
    assert read_row(d, 1) == "Solver won 123456"
    assert not too_long

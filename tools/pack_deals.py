"""Pack the deals a solver sweep found winnable into the device's lists of
winnable deals: one module a rule set in games/<key>/winnable/, read by the device
only when it draws a deal (engine/deals.py holds the format and the reader).

    python -m tools.pack_deals data/sweeps/ctd-classic.jsonl ... [--out DIR] [--most N]

Each input is a sweep of tools/solve.py (`--sweep A-B --out FILE`): one JSON
object a line, {"seed": N, "winnable": true|false|null, ...}.  Its rule set
comes from its file name, GAME-RULES[-anything].jsonl (ctd-onestrike.jsonl,
soltura-score-0-9999.jsonl), or is given in front of it: ctd-classic=FILE.
Several files of one rule set are merged.  Only "winnable": true is taken
(false and null, a solver that gave up, are left out); a seed given twice
with true and false is an error, while true or false settles an earlier null
(a rerun with a bigger budget).

The list keeps the --most lowest winnable deals (default 1000; 0 keeps all),
as a bitmap or as Rice-coded gaps, whichever is smaller.  Every list is
checked by decoding it with engine/deals.py before anything is written; bad
input writes nothing, says what and where on one line, and exits 2.  A rule
set with no winnable deal gets no list (the device then offers none).
"""

import json
import os
import sys

from engine import deals, registry
from engine.rng import SEED_MAX
from tools import cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOST = 1000
_MAX_LINE = 4096  # a sweep line is about 70 characters


# -- the two forms -------------------------------------------------------------------
def _head(form, k, seeds):
    h = bytearray(deals.MAGIC)
    h += bytes((form, k))
    for v in (len(seeds), seeds[0], seeds[-1]):
        h += v.to_bytes(4, "little")
    return h


def bitmap(seeds):
    """The bitmap form of a sorted list of distinct deal numbers."""
    lo = seeds[0]
    bits = bytearray((seeds[-1] - lo) // 8 + 1)
    for s in seeds:
        i = s - lo
        bits[i >> 3] |= 1 << (i & 7)
    return bytes(_head(deals.BITMAP, 0, seeds) + bits)


def rice_bits(seeds, k):
    """The bits the gaps take with Rice parameter k."""
    return sum(((b - a - 1) >> k) + 1 + k for a, b in zip(seeds, seeds[1:]))


def rice(seeds, k):
    """The Rice form of a sorted list of distinct deal numbers, parameter k."""
    out = bytearray((rice_bits(seeds, k) + 7) // 8)
    pos = 0
    for a, b in zip(seeds, seeds[1:]):
        gap = b - a - 1
        for _ in range(gap >> k):
            out[pos >> 3] |= 1 << (pos & 7)
            pos += 1
        pos += 1  # the zero that ends the unary part
        for j in range(k):
            if (gap >> j) & 1:
                out[pos >> 3] |= 1 << (pos & 7)
            pos += 1
    return bytes(_head(deals.RICE, k, seeds) + out)


def pack(seeds):
    """The smaller form of a list of deal numbers (sorted here; distinct)."""
    seeds = sorted(seeds)
    if not seeds or seeds[0] < 0 or seeds[-1] > SEED_MAX or len(set(seeds)) != len(seeds):
        raise ValueError("a list needs distinct deal numbers from 0 to %d" % SEED_MAX)
    best_k = min(range(25), key=lambda k: rice_bits(seeds, k))
    rice_size = deals.HEAD + (rice_bits(seeds, best_k) + 7) // 8
    bitmap_size = deals.HEAD + (seeds[-1] - seeds[0]) // 8 + 1
    return bitmap(seeds) if bitmap_size <= rice_size else rice(seeds, best_k)


def verify(buf, seeds):
    """Decode buf with the device's reader: ValueError unless it holds exactly seeds."""
    seeds = sorted(seeds)
    if deals.check(bytes(buf)) != len(seeds):
        raise ValueError("the packed list has the wrong count")
    step = max(1, len(seeds) // 2000)  # every deal of a list the device will hold; a sample of a huge one
    for k in list(range(0, len(seeds), step)) + [len(seeds) - 1]:
        if deals.nth(buf, k) != seeds[k]:
            raise ValueError("deal %d of the packed list reads %d, not %d" % (k, deals.nth(buf, k), seeds[k]))


# -- reading sweeps ------------------------------------------------------------------
def rule_set_of(arg):
    """(game key, rule name, path) of an argument GAME-RULES=PATH or PATH."""
    if "=" in arg and not os.path.exists(arg):
        name, path = arg.split("=", 1)
    else:
        path = arg
        name = os.path.basename(arg).split(".")[0]
    parts = name.split("-")
    entry = registry.find(parts[0])
    if entry is None:
        raise cli.Exit("pack_deals: %s: no game '%s' (a file is named GAME-RULES...jsonl; games: %s)"
                       % (cli.shown(arg), cli.shown(parts[0]), ", ".join(e.key for e in registry.GAMES)))
    names = registry.engine_class(entry).RULE_NAMES
    if len(parts) < 2 or parts[1] not in names:
        raise cli.Exit("pack_deals: %s: name the rule set of %s after its game: %s"
                       % (cli.shown(arg), entry.key, ", ".join("%s-%s" % (entry.key, r) for r in names)))
    return entry.key, parts[1], path


def read_sweep(path, verdicts):
    """Add each line's seed and verdict to verdicts (seed -> True, False or None)."""
    try:
        f = open(path, encoding="utf-8", errors="strict")
    except OSError as e:
        raise cli.Exit("pack_deals: cannot read %s: %s" % (cli.shown(path), e.strerror or e))
    with f:
        n = 0
        while True:
            n += 1
            try:
                line = f.readline(_MAX_LINE + 1)
            except (UnicodeDecodeError, OSError) as e:
                raise cli.Exit("pack_deals: %s:%d: cannot read it as UTF-8 text (%s)" % (cli.shown(path, 100), n, e))
            if not line:
                return
            where = "%s:%d" % (cli.shown(path, 100), n)
            if len(line) > _MAX_LINE:
                raise cli.Exit("pack_deals: %s: a line of over %d characters is no sweep line" % (where, _MAX_LINE))
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                raise cli.Exit("pack_deals: %s: not JSON: %s" % (where, cli.shown(line.strip())))
            if not isinstance(rec, dict) or "seed" not in rec or "winnable" not in rec:
                raise cli.Exit('pack_deals: %s: a sweep line needs "seed" and "winnable"' % where)
            seed, won = rec["seed"], rec["winnable"]
            if type(seed) is not int or not 0 <= seed <= SEED_MAX:
                raise cli.Exit("pack_deals: %s: seed %s is not a deal number (0 .. %d)" % (where, cli.shown(seed), SEED_MAX))
            if won not in (True, False, None) or type(won) not in (bool, type(None)):
                raise cli.Exit('pack_deals: %s: "winnable" must be true, false or null, not %s' % (where, cli.shown(won)))
            old = verdicts.get(seed)
            if won is None:
                verdicts.setdefault(seed, None)
                continue
            if old is not None and old != won:
                raise cli.Exit("pack_deals: %s: seed %d was %s before, now %s"
                               % (where, seed, json.dumps(verdicts[seed]), json.dumps(won)))
            verdicts[seed] = won


def module_text(key, rule, buf, swept, unknown, sources):
    """The Python source of a list's module."""
    form = "a bitmap" if buf[2] == deals.BITMAP else "Rice-coded gaps (k=%d)" % buf[3]
    lines = [
        '"""The winnable deals of %s %s: %d deals from %d to %d, %d bytes as %s'
        % (key, rule, deals.count(buf), deals.first(buf), deals.last(buf), len(buf), form),
        "(engine/deals.py reads them).  Written by tools/pack_deals.py from %s:" % ", ".join(sources),
        "%d deals swept, %d of them unknown to the solver.  Do not edit." % (swept, unknown),
        '"""',
        "",
        "DEALS = (",
    ]
    for i in range(0, len(buf), 32):
        lines.append("    %r" % bytes(buf[i:i + 32]))
    lines.append(")")
    return "\n".join(lines) + "\n"


def _write(path, text):
    """Write text to path whole: beside it, synced, then renamed over it."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def main(argv=None):
    return cli.guard("pack_deals", _main, argv)


def _main(argv):
    p = cli.Parser("pack_deals", description=__doc__.split("\n\n")[0])
    p.add_argument("sweeps", nargs="+", metavar="IN.jsonl", help="sweeps, GAME-RULES...jsonl or GAME-RULES=FILE")
    p.add_argument("--out", help="the folder of the lists (default each game's folder's winnable/)")
    p.add_argument("--most", type=cli.ascii_int, default=MOST, help="keep the lowest N winnable deals (default %d; 0: all)" % MOST)
    args = p.parse_args(argv)
    if args.most < 0:
        p.error("--most must be 0 or more")
    if args.out is not None and not os.path.isdir(args.out):
        raise cli.Exit("pack_deals: --out %s is not a folder" % cli.shown(args.out))
    sets = {}  # (key, rule) -> (verdicts, sources)
    for arg in args.sweeps:
        key, rule, path = rule_set_of(arg)
        verdicts, sources = sets.setdefault((key, rule), ({}, []))
        read_sweep(path, verdicts)
        sources.append(os.path.basename(path))
    out = []
    for (key, rule), (verdicts, sources) in sets.items():
        won = sorted(s for s, v in verdicts.items() if v is True)
        unknown = sum(1 for v in verdicts.values() if v is None)
        if not won:
            cli.err("pack_deals: %s-%s: no deal of %d swept is known winnable: no list" % (key, rule, len(verdicts)))
            continue
        if args.most:
            won = won[:args.most]
        buf = pack(won)
        verify(buf, won)
        out.append((key, rule, buf, module_text(key, rule, buf, len(verdicts), unknown, sources)))
    for key, rule, buf, text in out:  # everything checked: now write
        folder = args.out or os.path.join(ROOT, *registry.find(key).home.split("."), "winnable")
        path = os.path.join(folder, "%s_%s.py" % (key, rule))
        _write(path, text)
        form = "bitmap" if buf[2] == deals.BITMAP else "rice k=%d" % buf[3]
        cli.out("%s-%s: %d deals, %d..%d, %s, %d bytes -> %s"
                % (key, rule, deals.count(buf), deals.first(buf), deals.last(buf), form, len(buf), os.path.relpath(path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The toy's registry entry: what tests/test_toy.py appends to
engine/registry.py's GAMES for a test, and nothing else does (the toy never
ships and the game list never shows it outside the tests)."""

from engine import registry

ENTRY = registry.Entry("toy", 15, "Pairs", ("Three Slots", "Two Slots"),
                       ("Three slots, 3 pairs", "Two slots: tighter"), "tests.toy", "tests.toy.rules:Pairs", "tests.toy.play", "tests.toy.words:RULES")

"""The lists of winnable deals, one module a rule set, named GAME_RULES (its
registry key and its engine's rule name: ctd_classic, soltura_score), each
holding DEALS, a packed list (engine/deals.py).  tools/pack_deals.py writes
them from solver sweeps; a rule set without a module has no list.  The device
imports one only to draw a deal and releases it at once (registry.read).

Memory: nothing; a list's module holds its bytes (a few hundred) while read.
"""

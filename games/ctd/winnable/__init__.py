"""The game's lists of winnable deals, one module a rule set, named KEY_RULES
(the registry key and the engine's rule name: ctd_classic, soltura_score),
each holding DEALS, a packed list (engine/deals.py).  tools/pack_deals.py
writes them from solver sweeps; a rule set without a module has no list.  The
device imports one only to draw a deal and releases it at once.

Memory: nothing; a list's module holds its bytes (a few hundred) while read.
"""

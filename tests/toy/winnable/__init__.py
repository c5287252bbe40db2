"""Pairs' list of winnable deals (toy_three: Three Slots, deals 0-199), as
games/<key>/winnable/ holds a real game's: KEY_RULE modules of DEALS, packed
by tools/pack_deals.py (engine/deals.py reads them).  Two Slots has none.
"""

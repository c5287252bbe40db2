"""The winnable deals of toy three: 120 deals from 1 to 197, 41 bytes as a bitmap
(engine/deals.py reads them).  Written by tools/pack_deals.py from tests/test_toy.py's solver:
200 deals swept, 0 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b"DL\x01\x00x\x00\x00\x00\x01\x00\x00\x00\xc5\x00\x00\x00_)\xdb\xc7'\x8eC\x1f\xda>\xe6u9\xd01\xce"
    b'\xbf\xb3X\xbe\xe6~W\xfb\x1f'
)

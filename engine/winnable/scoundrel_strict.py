"""The winnable deals of scoundrel strict: 33 deals from 53 to 470, 37 bytes as Rice-coded gaps (k=3)
(engine/deals.py reads them).  Written by tools/pack_deals.py from scoundrel-strict.jsonl:
500 deals swept, 461 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b'DL\x02\x03!\x00\x00\x005\x00\x00\x00\xd6\x01\x00\x00\xea\xbfZ\x81\xc3\x08\x1f\xfa\xc5h\xe2\xd1S#\xc6\xa8'
    b'\xe0\xd5_)\x02'
)

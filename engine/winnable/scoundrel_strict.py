"""The winnable deals of scoundrel strict: 91 deals from 4 to 977, 71 bytes as Rice-coded gaps (k=3)
(engine/deals.py reads them).  Written by tools/pack_deals.py from scoundrel-strict-retry.jsonl, scoundrel-strict.jsonl:
1000 deals swept, 896 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b'DL\x02\x03[\x00\x00\x00\x04\x00\x00\x00\xd1\x03\x00\x00`f\x04\x15\x1a"\x98\x00\x10G\xa5\xd5\n\x1cF\xf8'
    b'\xd0/F\x13\x8f\x9e\x1a1F\x05\xaf\xfeJ\xf1AG\\n\x81\xed\x81\xb9\xe0\x1f`+%R\xa8fT\x9c'
    b'\xe0$q{\xc0q\x05'
)

"""The winnable deals of scoundrel equal: 102 deals from 5 to 489, 62 bytes as Rice-coded gaps (k=2)
(engine/deals.py reads them).  Written by tools/pack_deals.py from scoundrel-equal.jsonl:
500 deals swept, 392 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b'DL\x02\x02f\x00\x00\x00\x05\x00\x00\x00\xe9\x01\x00\x00\t\x14\x0e\tW\xc0^S\x8e\xdd\x00\xb1@T\x96\xbc'
    b'\x14\x90@\xa2\x8b\x1b\xb1\xf4m\x02\xb8Q\x80\xcffG\x92R\x0c\x17\x82\x92z\x13\xea-\x99\x19\xb8('
)

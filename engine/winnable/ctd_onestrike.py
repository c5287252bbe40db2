"""The winnable deals of ctd onestrike: 109 deals from 9 to 970, 79 bytes as Rice-coded gaps (k=2)
(engine/deals.py reads them).  Written by tools/pack_deals.py from ctd-onestrike.jsonl:
1000 deals swept, 0 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b'DL\x02\x02m\x00\x00\x00\t\x00\x00\x00\xca\x03\x00\x00\xf5/_\xc3\xdam\xc1\xf0\xfexp\x84\xc6_?\x03'
    b'\xa0\xe2\xba\xe2\x1b\x97P\x8f5{\x1d\xac\x14;\xcc\x13\xeb\xc9\xc5\x1fkB\x13L\xe9:X\xa4?\xc6\xcd\x87'
    b'o\xae3\xea\xbf\xd6\x0f\xe9\xfd\xdeYz:\x8f\x13'
)

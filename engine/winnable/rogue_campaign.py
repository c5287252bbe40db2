"""The winnable deals of rogue campaign: 100 deals from 0 to 199, 41 bytes as a bitmap
(engine/deals.py reads them).  Written by tools/pack_deals.py from rogue-campaign.jsonl:
200 deals swept, 100 of them unknown to the solver.  Do not edit.
"""

DEALS = (
    b"DL\x01\x00d\x00\x00\x00\x00\x00\x00\x00\xc7\x00\x00\x00\x1f\x16;\x863\xc0\x111a\xee\x16M\xf9\x12n'"
    b'\xb4u\xfb\x94\x0f\t\r\xfa\xbd'
)

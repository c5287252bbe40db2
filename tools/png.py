"""Write the emulated panel as a PNG, with nothing but the standard library."""

import struct
import zlib


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def write_png(path, rows, scale=4, on=(235, 245, 255), off=(8, 10, 16), gap=True):
    """rows: lists of 0/1 pixels.  Each pixel becomes a scale x scale square; with
    gap, the last row and column of each square are dimmed, like an OLED's grid."""
    height = len(rows) * scale
    width = len(rows[0]) * scale
    raw = bytearray()
    dim = tuple(int(c * 0.55) for c in on)
    for row in rows:
        for sy in range(scale):
            raw.append(0)  # filter: none
            for v in row:
                for sx in range(scale):
                    edge = gap and scale > 2 and (sx == scale - 1 or sy == scale - 1)
                    raw.extend((dim if edge else on) if v else off)
    png = b"\x89PNG\r\n\x1a\n"
    png += _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += _chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)

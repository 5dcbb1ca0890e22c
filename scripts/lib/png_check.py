"""Decides whether a PNG screenshot is blank: used by scripts/check-report.

Decodes 8-bit RGB/RGBA non-interlaced PNGs (what Chromium writes) with the standard
library only, and prints the share of pixels that differ from the most common colour.
Exit status 1 when the image is blank (fewer than 0.5% of pixels differ from it).
"""
import struct
import sys
import zlib
from collections import Counter


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError("unsupported PNG layout")
    return width, height, 3 if color == 2 else 4, zlib.decompress(b"".join(chunks))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def rows(width, height, channels, raw):
    stride = width * channels
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            line[i] = (line[i] + (0, left, up, (left + up) // 2, paeth(left, up, corner))[kind]) & 255
        previous = line
        yield line


def main(path):
    width, height, channels, raw = read_png(path)
    counts = Counter()
    for line in rows(width, height, channels, raw):
        for x in range(0, width * channels, channels * 4):
            counts[bytes(line[x:x + 3])] += 1
    total = sum(counts.values())
    varied = 1 - counts.most_common(1)[0][1] / total
    print(f"{width}x{height}, {len(counts)} colours sampled, {varied:.1%} non-background")
    return 0 if varied >= 0.005 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

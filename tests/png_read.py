#!/usr/bin/env python3
"""png_read.py: reads an 8-bit RGB or RGBA PNG (what pnpkit writes) with the
standard library only, checking every chunk's CRC, for the command-line tests.

  png_read.py FILE phys      pixels per unit across, down, and the unit (pHYs)
  png_read.py FILE size      width and height in pixels
  png_read.py FILE row Y     the colours of row Y as runs: rrggbb*count ...
  png_read.py FILE col X     the same down column X
"""
import struct
import sys
import zlib


def chunks(data):
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    pos = 8
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            sys.exit("bad CRC in chunk %s" % kind.decode("latin-1"))
        yield kind, body
        pos += 12 + n


def pixels(parts):
    w, h, depth, ctype = struct.unpack(">IIBB", parts[b"IHDR"][0][:10])
    if depth != 8 or ctype not in (2, 6):
        sys.exit("only 8-bit RGB or RGBA")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(parts[b"IDAT"]))
    stride = w * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append([bytes(line[x * bpp:x * bpp + 3]).hex() for x in range(w)])
        prev = line
    return rows


def runs(values):
    out, last, n = [], None, 0
    for v in values:
        if v == last:
            n += 1
            continue
        if last is not None:
            out.append("%s*%d" % (last, n))
        last, n = v, 1
    out.append("%s*%d" % (last, n))
    return " ".join(out)


def main():
    data = open(sys.argv[1], "rb").read()
    parts = {}
    for kind, body in chunks(data):
        parts.setdefault(kind, []).append(body)
    what = sys.argv[2]
    if what == "phys":
        if b"pHYs" not in parts:
            print("none")
        else:
            print("%d %d %d" % struct.unpack(">IIB", parts[b"pHYs"][0]))
    elif what == "size":
        print("%d %d" % struct.unpack(">II", parts[b"IHDR"][0][:8]))
    elif what == "row":
        print(runs(pixels(parts)[int(sys.argv[3])]))
    elif what == "col":
        print(runs([r[int(sys.argv[3])] for r in pixels(parts)]))


main()

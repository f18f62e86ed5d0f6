#!/usr/bin/env python3
"""make_ttf_seeds.py: writes the seeds of the ttf harness: small TrueType fonts,
whole, that pass every check pnpkit makes before libharu reads a --ttf font,
so that the fuzzer starts inside libharu's embedding (its character map,
metrics, glyph places, composite glyphs, subsetting) instead of at the checks.

Usage: python3 fuzz/make_ttf_seeds.py fuzz/seeds/ttf

Each font has a .notdef box, A, H, x, a, b, c (the last three through the
format 4 map's glyph array), an Omega made of two other glyphs (a composite
glyph) and a space without outline; the variants differ in loca format, metrics count and the
composite's transform flags. Built with the standard library only."""
import os
import struct
import sys


def simple_glyph(points):
    """One closed contour of on-curve points, 16-bit coordinates."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    out = struct.pack(">hhhhh", 1, min(xs), min(ys), max(xs), max(ys))
    out += struct.pack(">H", len(points) - 1) + struct.pack(">H", 0)
    out += bytes([0x01] * len(points))
    px = py = 0
    for x, _ in points:
        out += struct.pack(">h", x - px)
        px = x
    for _, y in points:
        out += struct.pack(">h", y - py)
        py = y
    return out


def composite_glyph(parts, transform):
    """parts: (glyph, dx, dy); transform: 0, 'scale', 'xy' or '2x2'."""
    out = struct.pack(">hhhhh", -1, 0, 0, 700, 700)
    for i, (g, dx, dy) in enumerate(parts):
        flags = 0x0001 | 0x0002  # ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES
        extra = b""
        if transform == "scale":
            flags |= 0x0008
            extra = struct.pack(">h", 0x3000)
        elif transform == "xy":
            flags |= 0x0040
            extra = struct.pack(">hh", 0x4000, 0x3000)
        elif transform == "2x2":
            flags |= 0x0080
            extra = struct.pack(">hhhh", 0x4000, 0, 0x0800, 0x4000)
        if i + 1 < len(parts):
            flags |= 0x0020  # MORE_COMPONENTS
        out += struct.pack(">HHhh", flags, g, dx, dy) + extra
    return out


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def cmap_table(direct, through_array):
    """direct: {code: glyph} by idDelta; through_array: (first code, [glyphs])."""
    segs = []  # (start, end, delta, glyphs or None)
    for code in sorted(direct):
        segs.append((code, code, (direct[code] - code) & 0xFFFF, None))
    first, glyphs = through_array
    segs.append((first, first + len(glyphs) - 1, 0, glyphs))
    segs.sort(key=lambda s: s[0])
    segs.append((0xFFFF, 0xFFFF, 1, None))
    n = len(segs)
    ends = b"".join(struct.pack(">H", s[1]) for s in segs)
    starts = b"".join(struct.pack(">H", s[0]) for s in segs)
    deltas = b"".join(struct.pack(">H", s[2]) for s in segs)
    ranges, array = b"", b""
    for k, s in enumerate(segs):
        if s[3] is None:
            ranges += struct.pack(">H", 0)
        else:
            # from this range entry to the segment's first glyph in the array
            ranges += struct.pack(">H", 2 * (n - k) + len(array))
            array += b"".join(struct.pack(">H", g) for g in s[3])
    body = ends + b"\0\0" + starts + deltas + ranges + array
    length = 14 + len(body)
    sr = 2 * (1 << (n.bit_length() - 1))
    sub = struct.pack(">HHHHHHH", 4, length, 0, 2 * n, sr, (n.bit_length() - 1), 2 * n - sr) + body
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub


def name_table(family):
    recs, strings = [], b""
    names = {1: family, 2: "Regular", 4: family + " Regular", 6: family.replace(" ", "") + "-Regular"}
    for nid, text in names.items():
        for plat, enc, lang, data in ((1, 0, 0, text.encode("latin-1")), (3, 1, 0x409, text.encode("utf-16-be"))):
            recs.append((plat, enc, lang, nid, len(data), len(strings)))
            strings += data
    recs.sort()
    head = struct.pack(">HHH", 0, len(recs), 6 + 12 * len(recs))
    return head + b"".join(struct.pack(">HHHHHH", *r) for r in recs) + strings


def font(family, long_loca=False, metrics=None, transform=0):
    glyphs = [
        simple_glyph([(50, 0), (50, 700), (450, 700), (450, 0)]),  # .notdef
        simple_glyph([(0, 0), (300, 700), (600, 0)]),  # A
        simple_glyph([(50, 0), (50, 700), (120, 700), (120, 380), (480, 380), (480, 700),
                      (550, 700), (550, 0), (480, 0), (480, 320), (120, 320), (120, 0)]),  # H
        simple_glyph([(0, 0), (250, 250), (0, 500), (250, 500), (500, 0)]),  # x
    ]
    glyphs.append(composite_glyph([(1, 0, 0), (2, 100, 0)], transform))  # Omega
    glyphs.append(b"")  # space: a glyph without outline
    count = len(glyphs)
    metrics = count if metrics is None else metrics
    glyf, offsets = b"", []
    for g in glyphs:
        offsets.append(len(glyf))
        glyf += pad4(g)
    offsets.append(len(glyf))
    loca = b"".join(struct.pack(">I", o) if long_loca else struct.pack(">H", o // 2) for o in offsets)
    head = struct.pack(">IIIIHH8s8shhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0x000B, 1000,
                       b"\0" * 8, b"\0" * 8, 0, -200, 700, 800, 0, 8, 2, 1 if long_loca else 0, 0)
    hhea = struct.pack(">IhhhHhhhhhh8xhH", 0x00010000, 800, -200, 0, 600, 0, 0, 600, 1, 0, 0, 0, metrics)
    maxp = struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, count, 64, 4, 64, 2, 2, 0, 0, 0, 0, 0, 0, 2, 1)
    hmtx = b"".join(struct.pack(">Hh", 600, 0) for _ in range(metrics))
    hmtx += b"".join(struct.pack(">h", 0) for _ in range(count - metrics))
    cmap = cmap_table({0x20: 5, 0x41: 1, 0x48: 2, 0x78: 3, 0x3A9: 4}, (0x61, [1, 2, 3]))
    os2 = struct.pack(">HhHHHhhhhhhhhhhh10s", 1, 600, 400, 5, 0, 650, 600, 0, 75, 650, 600, 0, 350, 50, 250,
                      0x0800, b"\x02\x0b\x06\x03\x03\x08\x04\x02\x02\x04")
    os2 += struct.pack(">IIII4sHHHhhhHHII", 1, 0, 0, 0, b"pnpk", 0x40, 0x41, 0x3A9, 800, -200, 0, 900, 200, 1, 0)
    post = struct.pack(">IIhhIIIII", 0x00030000, 0, -100, 50, 0, 0, 0, 0, 0)
    tables = {"OS/2": os2, "cmap": cmap, "glyf": glyf, "head": head, "hhea": hhea, "hmtx": hmtx,
              "loca": loca, "maxp": maxp, "name": name_table(family), "post": post}
    n = len(tables)
    sr = 16 * (1 << (n.bit_length() - 1))
    out = struct.pack(">IHHHH", 0x00010000, n, sr, n.bit_length() - 1, 16 * n - sr)
    at = 12 + 16 * n
    body = b""
    for tag in sorted(tables):
        data = tables[tag]
        out += struct.pack(">4sIII", tag.encode(), 0, at + len(body), len(data))
        body += pad4(data)
    return out + body


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else "fuzz/seeds/ttf"
    os.makedirs(outdir, exist_ok=True)
    variants = {
        "small-short-loca.ttf": font("Seed One"),
        "small-long-loca.ttf": font("Seed Two", long_loca=True),
        "small-fewer-metrics.ttf": font("Seed Three", metrics=2),
        "small-composite-scale.ttf": font("Seed Four", transform="scale"),
        "small-composite-xy.ttf": font("Seed Five", long_loca=True, transform="xy"),
        "small-composite-2x2.ttf": font("Seed Six", transform="2x2"),
    }
    for name, data in variants.items():
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Draws the app icon (the star board with the six colours in their points) and writes every
PNG that the Android and iOS projects and the web page use. Pure Python standard library (zlib + struct), no
imaging library: shapes are drawn with analytic anti-aliasing (coverage from the distance to
each shape's edge).

    scripts/make-icons.py           # (re)write all icons
    scripts/make-icons.py --list    # print what would be written: path, width, height

The colours follow the game (src/config.rs POINT_COLOURS, src/look.rs BACKGROUND and WOOD),
and the points are coloured in seat order, clockwise from the bottom: white, red, blue, black,
yellow, green. scripts/check-mobile.py checks that each file named here exists at its size.
"""

import math
import os
import struct
import sys
import zlib

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ANDROID_RES = os.path.join(ROOT, "android", "app", "src", "main", "res")
IOS_ICONSET = os.path.join(ROOT, "ios", "Sternhalma", "Assets.xcassets", "AppIcon.appiconset")
WEB_ICONS = os.path.join(ROOT, "web", "icons")

# Android densities: name -> scale over mdpi (1 dp = 1 px at mdpi).
DENSITIES = {"mdpi": 1.0, "hdpi": 1.5, "xhdpi": 2.0, "xxhdpi": 3.0, "xxxhdpi": 4.0}
LEGACY_DP = 48  # ic_launcher / ic_launcher_round
ADAPTIVE_DP = 108  # adaptive icon layers; the launcher shows the middle 72 dp, the safe zone is a 66 dp circle

# Colours (sRGB, 0..1).
BACKGROUND = (0.12, 0.15, 0.2)
WOOD = (0.78, 0.63, 0.43)
TILE = (0.87, 0.75, 0.56)
HOLE = (0.3, 0.21, 0.13)
POINT_COLOURS = [
    (0.94, 0.93, 0.89),  # white, bottom
    (0.84, 0.16, 0.14),  # red, lower-left
    (0.16, 0.36, 0.86),  # blue, upper-left
    (0.13, 0.13, 0.15),  # black, top
    (0.97, 0.79, 0.12),  # yellow, upper-right
    (0.12, 0.62, 0.27),  # green, lower-right
]

SQRT3_2 = math.sqrt(3) / 2


def holes():
    """The 121 holes as (x, y, point) in board units (neighbours 1 apart, y up), point = the
    index of the star point the hole lies in, or None for the central hexagon."""
    out = []
    for q in range(-8, 9):
        for r in range(-8, 9):
            s = -q - r
            in_a = q >= -4 and r >= -4 and s >= -4
            in_b = q <= 4 and r <= 4 and s <= 4
            if not (in_a or in_b):
                continue
            # Axial (q, r) = (slanted line - 9, row - 9); bottom tip m1 = (4, -8).
            if r < -4:
                point = 0  # bottom
            elif s > 4:
                point = 1  # lower-left
            elif q < -4:
                point = 2  # upper-left
            elif r > 4:
                point = 3  # top
            elif s < -4:
                point = 4  # upper-right
            elif q > 4:
                point = 5  # lower-right
            else:
                point = None
            out.append((q + r / 2, r * SQRT3_2, point))
    assert len(out) == 121
    return out


HOLES = holes()
BOARD_RADIUS = 6.93 + 0.69  # from the centre to the outside of a tip's rim, in board units


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def scale(c, f):
    return tuple(min(1.0, max(0.0, x * f)) for x in c)


class Canvas:
    """Premultiplied RGBA floats."""

    def __init__(self, w, h, fill=None):
        self.w, self.h = w, h
        n = w * h
        if fill is None:
            self.r, self.g, self.b, self.a = [0.0] * n, [0.0] * n, [0.0] * n, [0.0] * n
        else:
            self.r, self.g, self.b = [fill[0]] * n, [fill[1]] * n, [fill[2]] * n
            self.a = [1.0] * n

    def blend(self, i, c, a):
        if a <= 0.0:
            return
        k = 1.0 - a
        self.r[i] = c[0] * a + self.r[i] * k
        self.g[i] = c[1] * a + self.g[i] * k
        self.b[i] = c[2] * a + self.b[i] * k
        self.a[i] = a + self.a[i] * k

    def disc(self, cx, cy, radius, colour, alpha=1.0, shade=None):
        """A filled circle; `shade(dx, dy)` may return the colour per pixel (dx, dy relative
        to the centre, in pixels)."""
        x0, x1 = max(0, int(cx - radius - 1)), min(self.w - 1, int(cx + radius + 1))
        y0, y1 = max(0, int(cy - radius - 1)), min(self.h - 1, int(cy + radius + 1))
        for y in range(y0, y1 + 1):
            dy = y + 0.5 - cy
            row = y * self.w
            for x in range(x0, x1 + 1):
                dx = x + 0.5 - cx
                d = math.sqrt(dx * dx + dy * dy)
                cov = radius - d + 0.5
                if cov <= 0.0:
                    continue
                if cov > 1.0:
                    cov = 1.0
                c = shade(dx, dy) if shade else colour
                self.blend(row + x, c, cov * alpha)

    def png(self, path, opaque):
        """Writes an 8-bit PNG: RGB when `opaque` (iOS wants no alpha channel), else RGBA."""
        rows = []
        for y in range(self.h):
            line = bytearray([0])
            for x in range(self.w):
                i = y * self.w + x
                a = self.a[i]
                if opaque:
                    px = (self.r[i], self.g[i], self.b[i])
                elif a > 0.0:
                    px = (self.r[i] / a, self.g[i] / a, self.b[i] / a, a)
                else:
                    px = (0.0, 0.0, 0.0, 0.0)
                line.extend(max(0, min(255, int(v * 255.0 + 0.5))) for v in px)
            rows.append(bytes(line))
        raw = b"".join(rows)

        def chunk(kind, data):
            return (
                struct.pack(">I", len(data))
                + kind
                + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
            )

        colour_type = 2 if opaque else 6
        data = (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, colour_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def background(canvas, inset=0.0):
    """The game's dark blue, lighter behind the board (a soft radial glow)."""
    w, h = canvas.w, canvas.h
    cx, cy = w / 2, h / 2
    far = math.hypot(cx, cy)
    inner = scale(BACKGROUND, 1.45)
    outer = scale(BACKGROUND, 0.72)
    for y in range(h):
        for x in range(w):
            t = math.hypot(x + 0.5 - cx, y + 0.5 - cy) / far
            t = min(1.0, max(0.0, (t - inset) / (1.0 - inset)))
            t = t * t * (3 - 2 * t)
            i = y * w + x
            c = mix(inner, outer, t)
            canvas.r[i], canvas.g[i], canvas.b[i], canvas.a[i] = c[0], c[1], c[2], 1.0


def board(canvas, radius_px, monochrome=False):
    """The star board centred on the canvas, its tips `radius_px` from the centre."""
    unit = radius_px / BOARD_RADIUS
    cx, cy = canvas.w / 2, canvas.h / 2

    def at(x, y):
        return cx + x * unit, cy - y * unit

    white = (1.0, 1.0, 1.0)
    # The board: a rim of darker wood, then a tile per hole (tinted in the points, as in the
    # game) - the union of discs gives the scalloped edge.
    for x, y, _ in HOLES:
        px, py = at(x, y)
        canvas.disc(px, py, 0.69 * unit, white if monochrome else scale(WOOD, 0.55))
    if monochrome:
        # A themed (monochrome) icon is one colour plus alpha: cut the marbles out as rings.
        for x, y, point in HOLES:
            px, py = at(x, y)
            r = (0.30 if point is None else 0.36) * unit
            canvas.disc(px, py, r, (0.0, 0.0, 0.0), 1.0)
            if point is not None:
                canvas.disc(px, py, r - max(1.0, 0.1 * unit), white)
        # Turn black back into transparency: alpha = luminance.
        for i in range(canvas.w * canvas.h):
            a = canvas.a[i]
            if a > 0.0:
                lum = canvas.r[i] / a
                canvas.a[i] = a * lum
                canvas.r[i] = canvas.g[i] = canvas.b[i] = a * lum
        return
    # Tinted tiles of the points first, so the plain centre overlaps them evenly.
    for x, y, point in sorted(HOLES, key=lambda h: h[2] is None):
        px, py = at(x, y)
        tile = TILE if point is None else mix(TILE, POINT_COLOURS[point], 0.28)
        canvas.disc(px, py, 0.6 * unit, tile)
    # Empty holes in the middle, marbles in the points.
    for x, y, point in HOLES:
        px, py = at(x, y)
        if point is None:
            canvas.disc(px, py, 0.2 * unit, HOLE)
            continue
        base = POINT_COLOURS[point]
        r = 0.44 * unit
        canvas.disc(px + 0.06 * unit, py + 0.08 * unit, r, (0.0, 0.0, 0.0), 0.3)  # shadow

        def shade(dx, dy, base=base, r=r):
            # Lit from the upper left: brighter towards the light, darker at the far edge.
            lx, ly = dx + 0.35 * r, dy + 0.35 * r
            t = min(1.0, math.sqrt(lx * lx + ly * ly) / (1.6 * r))
            return mix(scale(mix(base, (1.0, 1.0, 1.0), 0.25), 1.08), scale(base, 0.62), t)

        canvas.disc(px, py, r, base, shade=shade)
        canvas.disc(px - 0.17 * unit, py - 0.17 * unit, 0.11 * unit, white, 0.75)  # shine


def full_icon(size):
    """Opaque square icon: background and board (iOS, Android legacy, Play Store)."""
    c = Canvas(size, size, BACKGROUND)
    background(c, inset=0.1)
    # iOS masks the corners (about 22% radius) and Android's legacy shapes are round: keep the
    # tips inside 45% of the side.
    board(c, 0.45 * size)
    return c


def round_icon(size):
    """Legacy round icon: a dark disc with the board, transparent outside."""
    c = Canvas(size, size)
    disc = Canvas(size, size, BACKGROUND)
    background(disc, inset=0.0)
    cx = size / 2
    rad = size / 2 - 0.5
    for y in range(size):
        for x in range(size):
            cov = min(1.0, max(0.0, rad - math.hypot(x + 0.5 - cx, y + 0.5 - cx) + 0.5))
            i = y * size + x
            c.r[i], c.g[i], c.b[i], c.a[i] = disc.r[i] * cov, disc.g[i] * cov, disc.b[i] * cov, cov
    board(c, 0.41 * size)
    return c


def foreground(size, monochrome=False):
    """Adaptive icon foreground (transparent): the board inside the 66 dp safe circle."""
    c = Canvas(size, size)
    board(c, size * 31.5 / ADAPTIVE_DP, monochrome=monochrome)
    return c


def background_layer(size):
    c = Canvas(size, size, BACKGROUND)
    background(c, inset=0.2)
    return c


def outputs():
    """(path, size, draw, opaque) for every icon file."""
    out = []
    for name, k in DENSITIES.items():
        d = os.path.join(ANDROID_RES, "mipmap-" + name)
        legacy = round(LEGACY_DP * k)
        adaptive = round(ADAPTIVE_DP * k)
        out += [
            (os.path.join(d, "ic_launcher.png"), legacy, full_icon, False),
            (os.path.join(d, "ic_launcher_round.png"), legacy, round_icon, False),
            (os.path.join(d, "ic_launcher_foreground.png"), adaptive, foreground, False),
            (os.path.join(d, "ic_launcher_background.png"), adaptive, background_layer, False),
            (
                os.path.join(d, "ic_launcher_monochrome.png"),
                adaptive,
                lambda s: foreground(s, monochrome=True),
                False,
            ),
        ]
    # The store listing icon (Google Play asks for 512 x 512, uploaded by hand).
    out.append((os.path.join(ROOT, "android", "app", "src", "main", "ic_launcher-playstore.png"), 512, full_icon, False))
    out.append((os.path.join(IOS_ICONSET, "AppIcon-1024.png"), 1024, full_icon, True))
    # The web app manifest's icons (web/manifest.webmanifest) and Safari's home-screen icon.
    for size in (192, 512):
        out.append((os.path.join(WEB_ICONS, f"icon-{size}.png"), size, full_icon, True))
    out.append((os.path.join(WEB_ICONS, "apple-touch-icon.png"), 180, full_icon, True))
    return out


def main():
    if "--list" in sys.argv[1:]:
        for path, size, _, _ in outputs():
            print(f"{os.path.relpath(path, ROOT)} {size} {size}")
        return
    for path, size, draw, opaque in outputs():
        draw(size).png(path, opaque)
        print(f"wrote {os.path.relpath(path, ROOT)} ({size}x{size})")


if __name__ == "__main__":
    main()

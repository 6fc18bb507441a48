#!/usr/bin/env python3
"""The web build in a real browser: Debian's Chromium, headless, driven by Playwright, with
WebGL2 in software (SwiftShader). Run by ./test.sh after scripts/web.sh has built target/web/.

On a phone (390x844 points at 3x, touch events, a mobile browser) and on a desktop
(1280x800, mouse):
  - the main menu appears;
  - taps start a game against the computer;
  - a tap on a marble lights exactly the engine's destinations: the pixels at every empty
    hole are checked against the engine itself (the web engine's `destinations`, loaded into
    the page), as the desktop rendered test does;
  - a tap on a lit hole moves the marble, and the computer answers, having searched in the
    engine's Web Worker;
  - reloading offers Continue, which restores the position;
  - a damaged stored save is set aside under another key, reported, and the page still loads;
  - turning the phone re-lays the board out for landscape;
  - (desktop) a finished game's record downloads and its moves copy to the clipboard; the
    file opens again through the file picker, the moves through the Paste button; the
    engine's review of that record runs to its end and lists its moves.
Screenshots stay in target/screenshots/web/.

    python3 tests/web/web_test.py [--dir target/web] [--only phone|desktop]
"""

import argparse
import functools
import http.server
import io
import math
import os
import sys
import threading

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SHOTS = os.path.join(ROOT, "target", "screenshots", "web")
CHROMIUM = "/usr/bin/chromium"
# What the machine's closed network and a headless, GPU-less browser need: software WebGL2,
# no calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--autoplay-policy=user-gesture-required",
]
# The look's colours (src/look.rs REACHABLE): a lit destination.
REACHABLE = (0.3 * 255, 0.95 * 255, 0.45 * 255)
SAVE_KEY = "sternhalma/game.ron"
# Generous: a cold wasm start in software rendering on a busy 2-core machine.
START_MS = 120_000


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, *args):
        pass


def serve(folder):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=folder)
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class Failure(Exception):
    pass


def check(ok, message):
    if not ok:
        raise Failure(message)


class Page:
    """One browser tab with the game, and what the game publishes on `window.sternhalma`."""

    def __init__(self, page, url, touch, name):
        self.page, self.url, self.touch, self.name = page, url, touch, name
        # Uncaught exceptions: the game stopped. Console errors are kept for the report.
        self.crashes = []
        self.console = []
        page.on("pageerror", lambda e: self.crashes.append(str(e)))
        page.on(
            "console",
            lambda m: self.console.append(m.text) if m.type in ("error", "warning") else None,
        )

    def open(self):
        self.page.goto(self.url)
        self.wait_for("s && s.screen", "the game to start")

    def state(self):
        return self.page.evaluate("window.sternhalma || null") or {}

    def wait_for(self, condition, what, timeout=START_MS):
        script = f"(() => {{ const s = window.sternhalma; return {condition}; }})()"
        waited = 0
        while True:
            if self.page.evaluate(script):
                return
            if self.crashes or waited >= timeout:
                self.shot("failed")
                raise Failure(
                    f"{self.name}: waited in vain for {what}; uncaught: {self.crashes}; "
                    f"console: {self.console[-5:]}"
                )
            self.page.wait_for_timeout(200)
            waited += 200

    def wait_screen(self, screen):
        self.wait_for(f"s && s.screen === {screen!r}", f"the {screen} screen")

    def controls(self):
        """(label, x, y) of every control fully on screen, at its visible centre (points)."""
        out = []
        for line in self.state().get("layout", "").splitlines():
            parts = line.split(" ", 10)
            if parts[0] != "control" or len(parts) < 11:
                continue
            x0, y0, x1, y1 = map(float, parts[1:5])
            c0, d0, c1, d1 = map(float, parts[6:10])
            x0, y0, x1, y1 = max(x0, c0), max(y0, d0), min(x1, c1), min(y1, d1)
            if x1 - x0 >= 10 and y1 - y0 >= 10:
                out.append((parts[10], (x0 + x1) / 2, (y0 + y1) / 2))
        return out

    def tap_at(self, x, y):
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def tap(self, label, last=False):
        """Taps the control whose label is `label` (or starts with it); with `last`, the one
        laid out last (a dialog's, over the panel's button of the same name)."""
        self.wait_for(
            f"s && s.layout && s.layout.split('\\n').some(l => l.startsWith('control') && "
            f"l.split(' ').slice(10).join(' ').startsWith({label!r}))",
            f"a control '{label}'",
        )
        found = [c for c in self.controls() if c[0].startswith(label)]
        check(found, f"{self.name}: no control '{label}' on screen: {self.controls()}")
        c = found[-1] if last else found[0]
        self.tap_at(c[1], c[2])

    def holes(self):
        out = {}
        for line in self.state().get("holes", "").splitlines():
            name, x, y = line.split()
            out[name] = (float(x), float(y))
        return out

    def idle(self, timeout=START_MS):
        """Waits until the game draws no more frames: it is idle once everything it was asked
        to do is done. Software rendering is slow (here up to 2 s a frame at 3x), so the
        frame count must stand still for a few frames' time."""
        quiet_ms = 6000 if self.touch else 1500
        last, still, waited = None, 0, 0
        while waited < timeout:
            now = self.state().get("frames")
            still = still + 200 if now == last else 0
            if still >= quiet_ms:
                return
            last = now
            self.page.wait_for_timeout(200)
            waited += 200
        raise Failure(f"{self.name}: the game never went idle")

    def settled_holes(self):
        """The holes once the board has stopped moving (it is placed as the panels lay out)."""
        self.wait_for("s && s.holes && s.holes.length > 0", "the board")
        self.idle()
        return self.holes()

    def record(self):
        return self.state().get("record", "")

    def moves_made(self, record=None):
        """The number of moves in `record` (RON or a move list; the published record if none),
        as the engine reads it."""
        return self.page.evaluate(
            "(async (r) => { const e = await import('./sternhalma_web_engine.js');"
            " await e.default(); return e.move_count(r ?? window.sternhalma.record); })",
            record,
        )

    def destinations(self, hole):
        """What the engine (the web engine's own build, loaded in the page) says the marble on
        `hole` may reach in the position the game published."""
        text = self.page.evaluate(
            "(async (from) => { const e = await import('./sternhalma_web_engine.js');"
            " await e.default(); return e.destinations(window.sternhalma.record, from); })",
            hole,
        )
        return set(text.split())

    def image(self):
        return Image.open(io.BytesIO(self.page.screenshot())).convert("RGB")

    def shot(self, what):
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, f"{self.name}-{what}.png")
        self.page.screenshot(path=path)
        return path


def dist(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def lit_holes(p):
    """Holes drawn lit (the reachable green) in a screenshot, by their centre pixel."""
    img = p.image()
    scale = img.width / p.state()["width"]
    lit = set()
    for name, (x, y) in p.holes().items():
        px, py = int(x * scale), int(y * scale)
        if 0 <= px < img.width and 0 <= py < img.height:
            if dist(img.getpixel((px, py)), REACHABLE) < 60:
                lit.add(name)
    return lit


def play_a_move(p):
    """Taps a marble with moves, checks the lit holes against the engine, taps one of them."""
    holes = p.settled_holes()
    # The person plays the bottom point (seat 0): k3 is in its second row and can jump.
    marble = "k3"
    want = p.destinations(marble)
    check(want, f"{p.name}: the engine gives {marble} no moves at the start")
    before = p.moves_made()
    x, y = holes[marble]
    p.tap_at(x, y)
    p.idle()
    got = lit_holes(p)
    p.shot("selected")
    check(
        got == want,
        f"{p.name}: lit holes {sorted(got)} are not the engine's destinations {sorted(want)}",
    )
    target = sorted(want)[0]
    x, y = holes[target]
    p.tap_at(x, y)
    # Our move, then the computer's answer.
    deadline_ms = 60_000
    step = 250
    waited = 0
    while p.moves_made() < before + 2 and waited < deadline_ms:
        p.page.wait_for_timeout(step)
        waited += step
    made = p.moves_made()
    check(made >= before + 2, f"{p.name}: after our move the computer did not answer ({made} moves)")
    # It thought in the engine's Web Worker, not on the page's thread.
    workers = [w.url for w in p.page.workers]
    check(
        any(u.endswith("/worker.js") for u in workers),
        f"{p.name}: the computer did not search in the engine worker (workers: {workers})",
    )
    fallback = [m for m in p.console if "engine worker" in m or "no engine worker" in m]
    check(not fallback, f"{p.name}: the engine worker failed: {fallback}")
    p.idle()
    p.shot("answered")
    return p.record()


def start_vs_computer(p):
    p.open()
    p.wait_screen("MainMenu")
    p.shot("menu")
    p.tap("Play vs computer")
    p.wait_screen("Playing")


def test_play_and_continue(p):
    start_vs_computer(p)
    record = play_a_move(p)
    saved = p.page.evaluate(f"localStorage.getItem({SAVE_KEY!r})")
    check(saved and "version" in saved, f"{p.name}: nothing saved in localStorage after the moves")
    p.page.reload()
    p.wait_screen("MainMenu")
    p.tap("Continue")
    p.wait_screen("Playing")
    p.wait_for("s && s.record", "the restored game")
    check(
        p.record() == record,
        f"{p.name}: Continue did not restore the position:\n{p.record()}\n!=\n{record}",
    )
    p.shot("continued")


def test_damaged_save(p):
    p.page.evaluate(f"localStorage.setItem({SAVE_KEY!r}, 'this is not a save')")
    p.page.reload()
    p.wait_screen("MainMenu")
    p.page.wait_for_timeout(500)
    keys = p.page.evaluate("Object.keys(localStorage)")
    aside = [k for k in keys if k.startswith("sternhalma/game.broken-")]
    check(aside, f"{p.name}: the damaged save was not set aside: {keys}")
    kept = p.page.evaluate(f"localStorage.getItem({aside[0]!r})")
    check(kept == "this is not a save", f"{p.name}: the damaged save was changed: {kept!r}")
    check(SAVE_KEY not in keys, f"{p.name}: the damaged save is still under {SAVE_KEY}")
    texts = p.state().get("layout", "")
    check("could not be continued" in texts, f"{p.name}: the player was not told:\n{texts}")
    labels = [c[0] for c in p.controls()]
    check(not any(l.startswith("Continue") for l in labels), f"{p.name}: Continue offered for a damaged save")
    p.shot("damaged-save")


def test_records_out_and_in(p):
    """A finished game leaves the browser as a download and as text on the clipboard, and
    comes back in by choosing the file and by the Paste button."""
    p.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_vs_computer(p)
    play_a_move(p)
    p.tap("Resign")
    p.idle()
    p.tap("Resign", last=True)
    p.wait_screen("GameOver")
    p.idle()
    p.shot("game-over")
    record = p.record()
    moves = p.moves_made()
    p.tap("📋 Copy moves")
    p.idle()
    # The game writes the clipboard through the browser's asynchronous clipboard API.
    copied, waited = "", 0
    while not copied and waited < 10_000:
        copied = p.page.evaluate("navigator.clipboard.readText()")
        p.page.wait_for_timeout(200)
        waited += 200
    check(
        p.moves_made(copied) == moves,
        f"{p.name}: the copied move list is not this game's {moves} moves:\n{copied}",
    )
    with p.page.expect_download() as download:
        p.tap("⬇ Download")
    path = download.value.path()
    with open(path, encoding="utf-8") as f:
        downloaded = f.read()
    check(downloaded == record, f"{p.name}: the download is not the game's record")
    check(
        download.value.suggested_filename.endswith(".ron"),
        f"{p.name}: the download is called {download.value.suggested_filename}",
    )
    p.tap("Menu")
    p.wait_screen("MainMenu")
    p.tap("Records")
    p.wait_screen("Records")
    with p.page.expect_file_chooser() as chooser:
        p.tap("📂 Open a file")
    chooser.value.set_files(path)
    p.wait_screen("Replay")
    p.idle()
    check(p.moves_made() == moves, f"{p.name}: the chosen file opened another game")
    p.shot("opened-file")
    p.tap("Close")
    p.wait_screen("Records")
    p.tap("📋 Paste")
    p.idle()
    p.tap("Open pasted")
    p.wait_screen("Replay")
    p.idle()
    check(p.moves_made() == moves, f"{p.name}: the pasted moves opened another game")
    p.shot("opened-pasted")
    test_review(p, moves)


def test_review(p, moves):
    """The review of the record on the board runs to its end in the browser (a move a frame,
    as the page has no threads) and lists every move it went through."""
    p.tap("🔍 Review")
    # The list and the arrows appear when every move has been looked at.
    p.wait_for(
        "s && s.layout && s.layout.split('\\n').some(l => l.startsWith('control') && "
        "l.split(' ').slice(10).join(' ').startsWith('Next'))",
        "the review to finish",
    )
    p.idle()
    rows = [c for c in p.controls() if c[0].split(" ", 1)[0].rstrip(".").isdigit()]
    check(rows, f"{p.name}: the finished review lists no moves: {p.controls()}")
    check(
        all(int(c[0].split(".", 1)[0]) <= moves for c in rows),
        f"{p.name}: the review lists moves the game does not have: {rows}",
    )
    p.tap("Next")
    p.idle()
    p.shot("review")
    p.tap("Close", last=True)
    p.wait_screen("Replay")


def test_rotation(p):
    start_vs_computer(p)
    portrait = p.settled_holes()
    p.shot("portrait")
    p.page.set_viewport_size({"width": 844, "height": 390})
    p.wait_for("s && s.width === 844 && s.height === 390", "the landscape layout")
    landscape = p.settled_holes()
    check(landscape != portrait, f"{p.name}: the board did not move when the phone turned")
    xs = [x for x, _ in landscape.values()]
    ys = [y for _, y in landscape.values()]
    check(
        min(xs) >= 0 and max(xs) <= 844 and min(ys) >= 0 and max(ys) <= 390,
        f"{p.name}: holes off screen in landscape: x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}",
    )
    p.shot("landscape")


# name, viewport (points), device pixel ratio, touch.
DEVICES = [
    ("phone-390x844@3", {"width": 390, "height": 844}, 3, True),
    ("desktop-1280x800", {"width": 1280, "height": 800}, 1, False),
]


def launch(pw, scale):
    """Chromium at a real device pixel ratio: with Playwright's emulated ratio alone, a
    ResizeObserver's device-pixel box (which the game sizes its canvas by) stays in CSS pixels,
    as no real phone does; forcing the ratio on the browser makes the two agree."""
    return pw.chromium.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + [f"--force-device-scale-factor={scale}"],
        headless=True,
    )


def run(browser, url, name, viewport, scale, touch):
    def context():
        return browser.new_context(
            viewport=viewport,
            device_scale_factor=scale,
            is_mobile=touch,
            has_touch=touch,
        )

    failures = []
    tests = [test_play_and_continue, test_damaged_save]
    if touch:
        tests.append(test_rotation)
    else:
        # The records' way in and out is the same on a phone; software rendering at 3x is
        # slow enough to run it once.
        tests.append(test_records_out_and_in)
    ctx = context()
    page = Page(ctx.new_page(), url, touch, name)
    for t in tests:
        if t is test_rotation:
            # A fresh tab: rotation from a new game.
            ctx.close()
            ctx = context()
            page = Page(ctx.new_page(), url, touch, name)
        try:
            t(page)
            print(f"ok   {name}: {t.__name__}")
        except Failure as e:
            failures.append(str(e))
            print(f"FAIL {name}: {t.__name__}: {e}")
    ctx.close()
    return failures


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("--dir", default=os.path.join(ROOT, "target", "web"))
    a.add_argument("--only", choices=["phone", "desktop"])
    args = a.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"web_test: no web build in {args.dir}: run scripts/web.sh first")
    server, url = serve(args.dir)
    failures = []
    with sync_playwright() as pw:
        for name, size, scale, touch in DEVICES:
            if args.only and not name.startswith(args.only):
                continue
            browser = launch(pw, scale)
            failures += run(browser, url, name, size, scale, touch)
            browser.close()
    server.shutdown()
    if failures:
        print(f"\n{len(failures)} web test(s) failed; screenshots in {SHOTS}")
        sys.exit(1)
    print(f"web tests passed; screenshots in {SHOTS}")


if __name__ == "__main__":
    main()

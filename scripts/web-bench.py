#!/usr/bin/env python3
"""Figures for the web build (target/web/, made by scripts/web.sh), measured in headless
Chromium here: what the page downloads (raw and gzip), the time to the main menu, the longest
frame while the expert thinks (and how much of it the search took on the page), and the frames
drawn while nobody acts. Figures, not tests:
they depend on the machine, so nothing here passes or fails.

    python3 scripts/web-bench.py [--dir target/web] [--runs 3]
"""

import argparse
import gzip
import os
import statistics
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "web"))

from playwright.sync_api import sync_playwright  # noqa: E402
from web_test import Page, launch, serve  # noqa: E402

# Counts animation frames and their gaps from the page's start: the game draws only from
# requestAnimationFrame, so a frame the search held up shows as a long gap.
FRAME_PROBE = """
window.__frames = { count: 0, gaps: [], last: null, since: performance.now() };
(function tick(t) {
  const f = window.__frames;
  if (f.last !== null) f.gaps.push(t - f.last);
  f.last = t;
  f.count += 1;
  requestAnimationFrame(tick);
})(performance.now());
"""

# Counts only the game's own frame requests (the probe above asks for every frame itself).
IDLE_PROBE = """
window.__game_frames = 0;
const original = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (cb) => { window.__game_frames += 1; return original(cb); };
"""


def kib(n):
    return f"{n / 1024:,.0f} KiB" if n < 10 * 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MiB"


def downloads(page_urls, folder):
    raw = packed = 0
    rows = []
    for url in sorted(set(page_urls)):
        path = os.path.join(folder, url.split("/", 3)[3].split("?")[0] or "index.html")
        if not os.path.isfile(path):
            continue
        data = open(path, "rb").read()
        z = len(gzip.compress(data, 9))
        raw += len(data)
        packed += z
        rows.append((os.path.relpath(path, folder), len(data), z))
    return raw, packed, rows


def at_menu(pw, url, init_script=None, on_response=None):
    """A fresh desktop-sized browser with the game at its main menu: (browser, page)."""
    browser = launch(pw, 1)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    if init_script:
        ctx.add_init_script(init_script)
    tab = ctx.new_page()
    if on_response:
        tab.on("response", on_response)
    p = Page(tab, url, False, "bench")
    p.open()
    p.wait_screen("MainMenu")
    return browser, p


def to_menu(pw, url, folder):
    """Seconds from navigation to the main menu, and what the page fetched on the way."""
    fetched = []
    browser, p = at_menu(pw, url, on_response=lambda r: fetched.append(r.url))
    ms = p.page.evaluate("performance.now()")
    browser.close()
    return ms / 1000, fetched


def idle_frames(pw, url, seconds=3):
    """Frames the game asks for over `seconds` at the menu, after it settled."""
    browser, p = at_menu(pw, url, init_script=IDLE_PROBE)
    tab = p.page
    tab.wait_for_timeout(2000)
    before = tab.evaluate("window.__game_frames")
    tab.wait_for_timeout(seconds * 1000)
    after = tab.evaluate("window.__game_frames")
    browser.close()
    return after - before


def expert_frames(pw, url):
    """The longest gap between frames while the expert searches its first answer, and the
    number of frames drawn meanwhile."""
    browser, p = at_menu(pw, url, init_script=FRAME_PROBE)
    tab = p.page
    p.tap("New game")
    p.wait_screen("NewGame")
    choose_expert_opponent(p)
    p.tap("Start")
    p.wait_screen("Playing")
    holes = p.settled_holes()
    x, y = holes["k3"]
    p.tap_at(x, y)
    tab.wait_for_timeout(300)
    x, y = holes["k5"]
    tab.evaluate("window.__frames.gaps = []")
    p.tap_at(x, y)
    start = tab.evaluate("performance.now()")
    waited = 0
    while p.moves_made() < 2 and waited < 60_000:
        tab.wait_for_timeout(100)
        waited += 100
    took = tab.evaluate("performance.now()") - start
    gaps = tab.evaluate("window.__frames.gaps")
    on_frame = p.state().get("searchMs", float("nan"))
    browser.close()
    return max(gaps), len(gaps), took, on_frame


def choose_expert_opponent(p):
    """Seat 2 of a two-player game: the computer at expert (the seat's box opens a list)."""
    p.tap("Computer (")
    p.idle()
    expert = [c for c in p.controls() if "Expert" in c[0]]
    if not expert:
        raise SystemExit(f"web-bench: no expert in the seat's list: {p.controls()}")
    p.tap_at(expert[-1][1], expert[-1][2])
    p.idle()
    chosen = [c[0] for c in p.controls()]
    if not any("Expert" in c for c in chosen):
        raise SystemExit(f"web-bench: the expert was not chosen: {chosen}")


def main():
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("--dir", default=os.path.join(ROOT, "target", "web"))
    a.add_argument("--runs", type=int, default=3)
    args = a.parse_args()
    server, url = serve(args.dir)
    with sync_playwright() as pw:
        times = []
        fetched = []
        for _ in range(args.runs):
            t, f = to_menu(pw, url, args.dir)
            times.append(t)
            fetched += f
        raw, packed, rows = downloads(fetched, args.dir)
        print("What the page downloads (to the main menu):")
        for name, n, z in rows:
            print(f"  {name:36} {kib(n):>10}  gzip {kib(z):>10}")
        print(f"  {'total':36} {kib(raw):>10}  gzip {kib(packed):>10}")
        print(f"Time to the main menu: median {statistics.median(times):.1f} s of {times}")
        idle = idle_frames(pw, url)
        print(f"Frames the game asked for in 3 s idle at the menu: {idle}")
        longest, frames, took, on_frame = expert_frames(pw, url)
        print(
            f"While the expert thought ({took / 1000:.1f} s): {frames} frames, "
            f"the longest {longest:.0f} ms (drawing in software included); the longest a "
            f"frame spent on the search itself: {on_frame:.1f} ms"
        )
    server.shutdown()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Serves target/web/ on localhost (the web build made by scripts/web.sh), with the MIME types
browsers insist on for wasm and modules, and no caching, so a rebuild shows on reload.

    scripts/serve-web.py [--port 8080] [--dir target/web]
"""

import argparse
import functools
import http.server
import os


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


def main():
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--dir", default=os.path.join(root, "target", "web"))
    a = p.parse_args()
    if not os.path.isfile(os.path.join(a.dir, "index.html")):
        raise SystemExit(f"serve-web: no web build in {a.dir}: run scripts/web.sh first")
    handler = functools.partial(Handler, directory=a.dir)
    with http.server.ThreadingHTTPServer(("127.0.0.1", a.port), handler) as server:
        print(f"Sternhalma is at http://localhost:{a.port}/  (Ctrl-C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()

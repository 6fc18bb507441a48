#!/usr/bin/env python3
"""Where a desktop binary's size goes: its sections, and its machine code by crate.

Usage: scripts/binary-size.py BINARY

BINARY must keep its symbols: build it with
`CARGO_PROFILE_RELEASE_STRIP=false cargo build --release --bin sternhalma`. The shipped size is
that of `strip -o stripped BINARY`. Each function is counted to the crate its demangled path
starts with (as `cargo bloat --crates` does): generic code lands in the crate that defines the
function, so the standard library's share holds other crates' collections and iterators.
Needs binutils (`nm`, `size`, `strip`). docs/building.md has the figures of a release build.
"""

import collections
import os
import re
import subprocess
import sys
import tempfile

# Crates by the part of the game they serve; a crate not named falls under "everything else".
GROUPS = [
    ("the Rust standard library", {"core", "alloc", "std"}),
    ("the game", {"sternhalma", "sternhalma_rules", "sternhalma_store"}),
    ("Bevy's ECS", {"bevy_ecs"}),
    ("Bevy's reflection", {"bevy_reflect", "erased_serde"}),
    ("rendering", {
        "bevy_render", "bevy_core_pipeline", "bevy_sprite_render", "bevy_mesh", "bevy_camera",
        "bevy_image", "bevy_shader", "bevy_material", "ash", "glow", "gpu_alloc",
        "gpu_descriptor", "gpu_allocator", "khronos_egl", "spirv", "codespan_reporting",
        "encase", "image", "png", "fdeflate", "miniz_oxide",
    }),
    ("egui and its text", {
        "bevy_egui", "egui", "epaint", "emath", "ecolor", "harfrust", "skrifa", "read_fonts",
        "vello_cpu", "vello_common", "tiny_skia", "tiny_skia_path", "font_types", "kurbo",
        "peniko", "fearless_simd", "arboard", "smithay_clipboard",
    }),
    ("windows and input", {
        "winit", "wayland_client", "wayland_backend", "wayland_protocols", "x11rb",
        "x11rb_protocol", "xkbcommon_dl", "smithay_client_toolkit", "sctk_adwaita", "calloop",
        "polling", "rustix", "raw_window_handle", "x11_dl", "libloading",
    }),
    ("serialisation", {"ron", "serde", "serde_core", "base64"}),
    ("logging", {
        "regex_automata", "regex_syntax", "regex", "aho_corasick", "tracing",
        "tracing_subscriber", "tracing_core", "tracing_log", "log", "matchers", "sharded_slab",
    }),
    ("sound", {"kira", "bevy_kira_audio", "cpal", "alsa", "symphonia_core", "ringbuf"}),
]

PATH_START = re.compile(r"[<&\s(*]*(?:mut |const |dyn )?([A-Za-z_][A-Za-z0-9_]*)::")


def group_of(crate):
    for name, crates in GROUPS:
        if crate in crates:
            return name
    if crate.startswith("wgpu") or crate.startswith("naga"):
        return "rendering"
    if crate.startswith("bevy"):
        return "the rest of Bevy"
    return "everything else"


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def main():
    if len(sys.argv) != 2 or not os.path.isfile(sys.argv[1]):
        sys.exit("usage: scripts/binary-size.py BINARY (built with its symbols kept)")
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "stripped")
        run("strip", "-o", stripped, binary)
        shipped = os.path.getsize(stripped)
        sections = []
        for line in run("size", "-A", stripped).splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0].startswith(".") and parts[1].isdigit():
                sections.append((int(parts[1]), parts[0]))
    print(f"stripped: {shipped / 1e6:.1f} MB")
    for size, name in sorted(sections, reverse=True)[:8]:
        print(f"  {size / 1e6:6.2f} MB  {name}")

    by_group = collections.Counter()
    by_crate = collections.Counter()
    total = 0
    for line in run("nm", "-C", "-S", "--size-sort", "--radix=d", binary).splitlines():
        parts = line.split(" ", 3)
        if len(parts) < 4 or parts[2] not in ("t", "T", "w", "W"):
            continue
        size = int(parts[1])
        m = PATH_START.match(parts[3])
        crate = m.group(1) if m else "?"
        total += size
        by_group[group_of(crate)] += size
        by_crate[crate] += size
    if total == 0:
        sys.exit(f"{binary} has no symbols: build it with CARGO_PROFILE_RELEASE_STRIP=false")
    print(f"machine code with symbols: {total / 1e6:.1f} MB")
    for name, size in by_group.most_common():
        print(f"  {100 * size / total:5.1f}%  {size / 1e6:5.2f} MB  {name}")
    print("largest crates:")
    for crate, size in by_crate.most_common(15):
        print(f"  {size / 1e6:5.2f} MB  {crate}")


if __name__ == "__main__":
    main()

//! Running the command-line tool from the tests and reading its `key=value` output, and
//! hand-made positions for the rule tests.
// Each test file uses the part it needs.
#![allow(dead_code)]

use std::process::{Command, Output};
use sternhalma_rules::{Board, Hole, parse_hole};

/// The CLI run with `args`, to its end.
pub fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sternhalma-cli"))
        .args(args)
        .output()
        .expect("the CLI runs")
}

/// `match --players P --a A --b B --games G` for `[P, A, B, G]`, then `extra` flags.
pub fn play_match([players, a, b, games]: [&str; 4], extra: &[&str]) -> Output {
    let base = [
        "match",
        "--players",
        players,
        "--a",
        a,
        "--b",
        b,
        "--games",
        games,
    ];
    cli(&[&base[..], extra].concat())
}

/// The value of `key` in a line of space-separated `key=value` fields.
pub fn field<'a>(line: &'a str, key: &str) -> &'a str {
    line.split(' ')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_else(|| panic!("no {key} in {line}"))
}

/// What the run printed.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// The hole named `name`.
pub fn h(name: &str) -> Hole {
    parse_hole(name).unwrap()
}

/// A board from per-seat lists of holes: `&["m5 i9", "n5 n6"]`.
pub fn board(seats: &[&str]) -> Board {
    let mut b = Board::empty();
    for (seat, list) in seats.iter().enumerate() {
        for name in list.split_whitespace() {
            b.put(seat, h(name));
        }
    }
    b
}

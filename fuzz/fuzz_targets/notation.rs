//! Move notation: a hole (`m1`), a path (`m1-m3-k5`) and an action (`pass`, `resign:2`, …).
//!
//! The promise: whatever the bytes, reading either fails with an error naming the text as
//! given, or gives a value whose canonical text is the input's own (lower case, no spaces
//! around the dashes) and reads back to the same value. Played on a game, a bad or illegal
//! action is refused and the game is unchanged; a legal one records and replays exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;
use sternhalma_rules::{Action, Game, GameError, GameRecord, format_path, parse_hole, parse_path};
use sternhalma_fuzz::{Position, position};

/// Games to play the action on: the start of a two-player and of a three-player game, and a
/// six-player game of teams a few moves in.
static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    let mut games = vec![
        Game::from_preset("classic", Some(2), None).unwrap(),
        Game::from_preset("long-jumps", Some(3), None).unwrap(),
    ];
    let mut g = Game::from_preset("three-pairs", None, None).unwrap();
    for _ in 0..7 {
        let m = g.legal_moves()[0].clone();
        g.play(&m.path).unwrap();
    }
    games.push(g);
    games
});

/// Everything of a game an action could change.
fn snapshot(g: &Game) -> (Position, bool, bool) {
    (position(g), g.can_undo(), g.can_redo())
}

fn check_hole(s: &str) {
    match parse_hole(s) {
        Ok(h) => {
            let canonical = h.to_string();
            assert_eq!(canonical, s.trim().to_ascii_lowercase(), "{s:?}");
            assert_eq!(parse_hole(&canonical), Ok(h));
        }
        Err(e) => {
            assert_eq!(e.token, s);
            assert!(!e.reason.is_empty());
        }
    }
}

fn check_path(s: &str) -> Option<Vec<sternhalma_rules::Hole>> {
    match parse_path(s) {
        Ok(p) => {
            assert!(p.len() >= 2, "{s:?}");
            let canonical = format_path(&p);
            let expected: Vec<String> = s
                .trim()
                .split('-')
                .map(|part| part.trim().to_ascii_lowercase())
                .collect();
            assert_eq!(canonical, expected.join("-"), "{s:?}");
            assert_eq!(parse_path(&canonical).as_ref(), Ok(&p));
            Some(p)
        }
        Err(e) => {
            assert_eq!(e.token, s);
            assert!(!e.reason.is_empty());
            assert!(e.to_string().contains(s));
            None
        }
    }
}

fn check_action(s: &str) {
    let action = match s.parse::<Action>() {
        Ok(a) => {
            let canonical = a.to_string();
            assert_eq!(canonical.parse::<Action>().as_ref(), Ok(&a), "{s:?}");
            assert_eq!(canonical.parse::<Action>().unwrap().to_string(), canonical);
            a
        }
        Err(e) => {
            // It names the whole action (perhaps without the surrounding spaces).
            assert!(
                s.contains(&e.token) && e.token.trim() == s.trim(),
                "{e:?} for {s:?}"
            );
            assert!(!e.reason.is_empty());
            return;
        }
    };
    for game in GAMES.iter() {
        let before = snapshot(game);
        let mut g = game.clone();
        match g.act(action.clone()) {
            Ok(_) => {
                assert_eq!(&g.actions()[..=game.actions().len()].last(), &Some(&action));
                // The game's record replays to the same position.
                let record = GameRecord::from_game(&g);
                let replayed = record.replay().expect("a played game's record replays");
                assert_eq!(position(&replayed), position(&g), "{action}");
                // And undo restores the position exactly.
                let mut u = g.clone();
                assert!(u.undo());
                assert_eq!(position(&u), position(game), "{action}");
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(snapshot(&g), before, "{action} changed the game: {e}");
            }
        }
        // The same through the text interface.
        let mut g = game.clone();
        if let Err(e) = g.play_notation(s) {
            assert!(!e.to_string().is_empty());
            if let GameError::Notation(n) = &e {
                assert!(n.token.contains(s.trim()));
            }
            assert_eq!(snapshot(&g), before, "{s:?} changed the game: {e}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let s: &str = &text;
    check_hole(s);
    check_path(s);
    check_action(s);
    // A line of a move list: its tokens one by one.
    for token in s.split_whitespace().take(8) {
        check_hole(token);
        check_path(token);
    }
});

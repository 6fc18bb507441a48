//! The engine's entry points for the web build's Web Worker (`web/worker.js`): a browser tab
//! runs the page on one thread, so the computer's search runs here, in a worker of its own,
//! and the page keeps drawing frames while it thinks. The rules crate is pure, so this is the
//! same engine as every other build: the same node budgets and, for the same seed, the same
//! moves.
//!
//! Positions cross the worker boundary as game records (RON or the plain move list, as
//! `sternhalma_rules::read_record_text` reads them) and moves as paths in notation.

use sternhalma_rules::ai::{Budget, Clock, Level, choose_move};
use sternhalma_rules::{Game, format_path, parse_hole, read_record_text};
use wasm_bindgen::prelude::*;
use web_time::Instant;

/// Time since the search began, from the worker's own clock.
struct WorkerClock(Instant);

impl Clock for WorkerClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn game_of(record: &str) -> Result<Game, String> {
    read_record_text(record)?
        .replay()
        .map_err(|e| format!("the record does not replay: {e}"))
}

/// The computer's move for the player to move in `record`, as a path in notation
/// ("k3-k5-i5"); empty when the game is over or nobody can move. `seed` is a decimal u64 (a
/// JavaScript number cannot hold every one).
pub fn choose(record: &str, level: &str, seed: &str, max_ms: u64) -> Result<String, String> {
    let game = game_of(record)?;
    let level: Level = level.parse()?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| format!("'{seed}' is not a seed (a whole number)"))?;
    let clock = WorkerClock(Instant::now());
    let budget = Budget {
        max_ms: Some(max_ms),
        clock: &clock,
        cancel: None,
    };
    Ok(choose_move(&game, level, seed, &budget)
        .map(|m| format_path(&m.path))
        .unwrap_or_default())
}

/// Where the marble on `from` may go for the player to move in `record`: hole names,
/// space-separated and sorted. The browser test checks the lit holes against this.
pub fn destinations(record: &str, from: &str) -> Result<String, String> {
    let game = game_of(record)?;
    let from = parse_hole(from).map_err(|e| e.to_string())?;
    let mut to: Vec<String> = game
        .moves_from(from)
        .into_iter()
        .map(|m| m.to.to_string())
        .collect();
    to.sort();
    to.dedup();
    Ok(to.join(" "))
}

/// How many actions (moves and passes) the game in `record` has had.
pub fn move_count(record: &str) -> Result<u32, String> {
    Ok(read_record_text(record)?.moves.len() as u32)
}

/// [`choose`] for JavaScript: errors become exceptions with the same words.
#[wasm_bindgen(js_name = choose)]
pub fn choose_js(record: &str, level: &str, seed: &str, max_ms: f64) -> Result<String, JsError> {
    choose(record, level, seed, max_ms.max(0.0) as u64).map_err(|e| JsError::new(&e))
}

/// [`move_count`] for JavaScript.
#[wasm_bindgen(js_name = move_count)]
pub fn move_count_js(record: &str) -> Result<u32, JsError> {
    move_count(record).map_err(|e| JsError::new(&e))
}

/// [`destinations`] for JavaScript.
#[wasm_bindgen(js_name = destinations)]
pub fn destinations_js(record: &str, from: &str) -> Result<String, JsError> {
    destinations(record, from).map_err(|e| JsError::new(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sternhalma_rules::{GameRecord, RuleSet, Setup};

    fn start(players: u8) -> Game {
        Game::new(
            Setup::new(players, 10, false).unwrap(),
            RuleSet::preset("classic").unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn the_worker_chooses_what_the_engine_chooses_for_the_same_seed() {
        let mut game = start(2);
        for m in ["k3-k5", "e14-e13"] {
            game.play_notation(m).unwrap();
        }
        let record = GameRecord::from_game(&game).to_ron();
        let clock = WorkerClock(Instant::now());
        let budget = Budget {
            max_ms: None,
            clock: &clock,
            cancel: None,
        };
        let direct = choose_move(&game, Level::Hard, 7, &budget).unwrap();
        // Plenty of time: the node budget, not the clock, ends both searches.
        let via_worker = choose(&record, "hard", "7", 600_000).unwrap();
        assert_eq!(via_worker, format_path(&direct.path));
        // And the answer is a legal move there.
        assert!(game.legal_moves().iter().any(|m| m.path == direct.path));
    }

    #[test]
    fn destinations_are_the_engines_moves_from_that_hole() {
        let game = start(2);
        let record = GameRecord::from_game(&game).to_ron();
        let mut expected: Vec<String> = game
            .moves_from(parse_hole("k3").unwrap())
            .into_iter()
            .map(|m| m.to.to_string())
            .collect();
        expected.sort();
        expected.dedup();
        assert!(!expected.is_empty());
        assert_eq!(destinations(&record, "k3").unwrap(), expected.join(" "));
        assert_eq!(move_count(&record).unwrap(), 0);
        // The other player's marble has no moves now; a hole off the board is an error.
        assert_eq!(destinations(&record, "e14").unwrap(), "");
        assert!(destinations(&record, "z9").unwrap_err().contains("z9"));
    }

    #[test]
    fn bad_requests_are_refused_in_words() {
        let record = GameRecord::from_game(&start(2)).to_ron();
        assert!(choose("not a record", "hard", "1", 10).is_err());
        assert!(
            choose(&record, "grandmaster", "1", 10)
                .unwrap_err()
                .contains("grandmaster")
        );
        assert!(
            choose(&record, "hard", "-1", 10)
                .unwrap_err()
                .contains("seed")
        );
    }
}

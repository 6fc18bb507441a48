//! Game records: the RON record (`GameRecord::from_ron`) and whatever a player pastes or opens
//! (`read_record_text`: the RON record or the plain move list).
//!
//! The promise: whatever the bytes, reading fails with a message, or gives a record that
//! prints to RON reading back to the same record, and that replays (or is refused with a
//! reason) — and a game that replays writes a record and a move list that read back and
//! replay to the very same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_rules::{Game, GameRecord, RuleSet, move_list_text, read_record_text};
use sternhalma_fuzz::position;

/// A game that replayed: its own record and move list must read back to it.
fn check_game(game: &Game) {
    let record = GameRecord::from_game(game);
    let text = record.to_ron();
    assert_eq!(GameRecord::from_ron(&text).as_ref(), Ok(&record), "{text}");
    let again = read_record_text(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again, record);
    let replayed = again
        .replay()
        .expect("read_record_text only returns records that replay");
    assert_eq!(position(&replayed), position(game), "{text}");
    // A move list names only the preset and the set-up, so it carries the game only when
    // those are all there is to it.
    if record.start.is_none() && RuleSet::preset(&record.rules.name).as_ref() == Ok(&record.rules) {
        let list = move_list_text(game);
        let from_list = read_record_text(&list).unwrap_or_else(|e| panic!("{e}\n{list}"));
        let replayed = from_list.replay().expect("it replayed in read_record_text");
        assert_eq!(position(&replayed), position(game), "{list}");
    }
}

fn check_record(record: &GameRecord) {
    // Printing and reading back gives the same record.
    let text = record.to_ron();
    assert_eq!(GameRecord::from_ron(&text).as_ref(), Ok(record), "{text}");
    match record.replay() {
        Ok(game) => {
            // Replaying part of it works too (stepping through a record).
            let half = record.replay_to(record.moves.len() / 2);
            assert!(half.is_ok(), "{half:?}\n{text}");
            check_game(&game);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match GameRecord::from_ron(&text) {
        Ok(record) => check_record(&record),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match read_record_text(&text) {
        Ok(record) => {
            let game = record
                .replay()
                .expect("read_record_text only returns records that replay");
            check_record(&record);
            check_game(&game);
        }
        Err(message) => {
            // A sentence for players: never empty, ending with a full stop.
            assert!(message.ends_with('.'), "{message:?}");
            assert!(message.len() > 10, "{message:?}");
        }
    }
});

//! The autosave (`SavedMatch::from_ron`, then `restore`), as the app reads it at start-up.
//!
//! The promise: whatever the bytes, reading fails with plain words and details, or gives a
//! save that prints to RON reading back to the same save; restoring it either fails the same
//! way or gives a match whose own save restores to the very same game (position, redo list,
//! clocks, seats and rules).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_fuzz::position;
use sternhalma_rules::Game;
use sternhalma_store::Problem;
use sternhalma_store::formats::SavedMatch;

fn check_problem(p: &Problem) {
    assert!(!p.plain.is_empty() && !p.detail.is_empty(), "{p:?}");
}

fn clocks(game: &Game) -> Vec<Option<u64>> {
    (0..game.setup().players as usize)
        .map(|s| game.clock_ms(s))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let save = match SavedMatch::from_ron(&text) {
        Ok(save) => save,
        Err(p) => return check_problem(&p),
    };
    let printed = save.to_ron();
    assert_eq!(SavedMatch::from_ron(&printed).as_ref(), Ok(&save), "{printed}");
    let restored = match save.restore() {
        Ok(r) => r,
        Err(p) => return check_problem(&p),
    };
    let resaved = SavedMatch::of(
        &restored.game,
        &restored.config,
        restored.paused,
        restored.stats_counted,
        restored.id,
    );
    let again = resaved
        .restore()
        .unwrap_or_else(|p| panic!("a restored match's own save must restore: {p}\n{printed}"));
    assert_eq!(position(&again.game), position(&restored.game), "{printed}");
    assert_eq!(
        again.game.redo_actions().collect::<Vec<_>>(),
        restored.game.redo_actions().collect::<Vec<_>>()
    );
    assert_eq!(clocks(&again.game), clocks(&restored.game));
    assert_eq!(again.config, restored.config);
    assert_eq!(
        (again.paused, again.stats_counted, again.id),
        (restored.paused, restored.stats_counted, restored.id)
    );
});

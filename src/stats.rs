//! Counting finished matches into the statistics (the tables and their file format are in
//! [`sternhalma_store::stats`]): loaded at start, a match counted once when every person's
//! place is settled, saved like settings (atomic RON, set aside when damaged).

use crate::board::{CurrentGame, CurrentMatch};
use crate::persist::{
    AppFiles, DataDir, FileNotes, LoadSystems, MatchId, SavingSuspended, StatsCounted, load_file,
};
use crate::seats::Seats;
use crate::state::AppSystems;
use bevy::prelude::*;
pub use sternhalma_store::stats::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Stats>()
        .add_systems(Startup, load_stats.in_set(LoadSystems))
        .add_systems(
            Update,
            // Only a change to the game can settle a place: no work on idle frames.
            count_finished_match
                .in_set(AppSystems::Present)
                .run_if(resource_exists_and_changed::<CurrentGame>),
        );
}

fn load_stats(dir: Res<DataDir>, mut stats: ResMut<Stats>, mut notes: ResMut<FileNotes>) {
    if let Some(s) = load_file(
        &dir,
        STATS_FILE,
        "Your statistics could not be used",
        "they start again",
        &mut notes,
        Stats::from_ron,
    ) {
        *stats = s;
    }
}

/// Counts a match once, as soon as every person's place is settled.
fn count_finished_match(
    game: Res<CurrentGame>,
    current: Option<Res<CurrentMatch>>,
    seats: Seats,
    mut files: AppFiles,
    suspended: Res<SavingSuspended>,
    match_id: Res<MatchId>,
    mut counted: ResMut<StatsCounted>,
    mut stats: ResMut<Stats>,
) {
    if counted.0 || suspended.0 {
        return;
    }
    let Some(current) = current else { return };
    if stats.has_counted(match_id.0) {
        counted.0 = true;
        return;
    }
    // Which seats people played (and so whose place counts) comes from the seat entities.
    if !stats.record(&game, &seats.recipe(&current)) {
        // Not settled yet (or nobody at the device plays): look again after the next change.
        if game.is_over() {
            counted.0 = true;
        }
        return;
    }
    counted.0 = true;
    stats.mark_counted(match_id.0);
    files.write(STATS_FILE, &stats.to_ron());
}

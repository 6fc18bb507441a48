//! Game records in the app: export the current game (readable RON record and the plain move
//! list in notation) to the records folder, open a record from a file or pasted text, step
//! through it move by move, and continue playing from any point of it.
//!
//! A record is viewed as its own resource, [`Replay`], which holds the position shown: the
//! board draws it while the replay screen is up ([`crate::board::ShownGame`]), and the match
//! under way (its game, seats, pause, id, statistics) is never touched, so there is nothing to
//! keep aside or to stop saving. Only "Play from here" replaces the match, through the usual
//! [`LoadMatch`].

use crate::board::CurrentGame;
use crate::config::{Controller, FirstMove, MatchConfig};
use crate::persist::DataDir;
use crate::persist::disk;
use crate::persist::files::{timestamp, write_atomic};
use crate::persist::formats::preset_of;
use crate::play::{BoardChanged, LoadMatch, Notice};
use crate::state::{AppSystems, Screen};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use sternhalma_rules::ai::Level;
use sternhalma_rules::{Game, GameRecord, move_list_text};
use web_time::SystemTime;

/// The folder under the data directory that holds exported records.
pub const RECORDS_DIR: &str = "records";

/// What the records screens ask for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum RecordCommand {
    /// Write the current game to the records folder.
    Export,
    /// Open a record given as RON text (pasted), named for the screen.
    Open {
        /// Where it came from, for the title.
        name: String,
        /// The record.
        text: String,
    },
    /// Open a record file.
    OpenFile(PathBuf),
    /// Show the position after this many actions (0 = the start).
    Goto(usize),
    /// Play on from the position shown: everyone at this device, or against the computer.
    PlayFromHere(Option<Level>),
}

/// The record being viewed, with the position shown: exists exactly while the replay screen
/// is up.
#[derive(Resource, Debug)]
pub struct Replay {
    /// The record, already checked move by move.
    pub record: GameRecord,
    /// Where it came from.
    pub name: String,
    /// Actions shown so far (0 = start position).
    pub at: usize,
    /// The record's game after `at` actions: what the board shows.
    shown: Game,
}

impl Replay {
    /// Number of actions in the record.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// Whether the record has no actions.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// The position shown: the record after [`Self::at`] actions.
    pub fn shown(&self) -> &Game {
        &self.shown
    }
}

/// The last problem with a record, shown on the records screen until the next attempt.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordError(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RecordCommand>()
        .init_resource::<RecordError>()
        .add_systems(
            Update,
            (export_game, open_record, step_replay, play_from_here)
                .chain()
                .in_set(AppSystems::Interpret),
        )
        .add_systems(OnEnter(Screen::Replay), enter_replay)
        .add_systems(OnExit(Screen::Replay), close_replay);
}

/// The record files in `dir`, newest first.
pub fn list_records(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = disk::list(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files.reverse();
    files
}

/// A record's file name without the extension: `<time>-<players>p-<rules>`, the rules as
/// [`sternhalma_rules::RuleSet::label`] names them ("classic", "custom (from classic)"), with
/// anything a file name should not hold made `_`.
pub fn record_stem(game: &Game, now: SystemTime) -> String {
    let label: String = game
        .rules()
        .label()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " ()-_'".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{}-{}p-{label}", timestamp(now), game.setup().players)
}

/// Writes `game` as `<time>-<players>p-<preset>.ron` (the record) and `.txt` (the move list)
/// in `dir`; returns the record's path.
pub fn export(game: &Game, dir: &Path, now: SystemTime) -> std::io::Result<PathBuf> {
    let record = GameRecord::from_game(game);
    let base = record_stem(game, now);
    let ron_path = dir.join(format!("{base}.ron"));
    write_atomic(&ron_path, record.to_ron().as_bytes())?;
    write_atomic(
        &dir.join(format!("{base}.txt")),
        move_list_text(game).as_bytes(),
    )?;
    Ok(ron_path)
}

/// Reads and checks a record (RON, or the plain move list): the error is a sentence that
/// names the first bad move.
pub fn check_record(text: &str) -> Result<GameRecord, String> {
    sternhalma_rules::read_record_text(text)
}

fn export_game(
    mut requests: MessageReader<RecordCommand>,
    dir: Res<DataDir>,
    game: Option<Res<CurrentGame>>,
    mut notices: MessageWriter<Notice>,
) {
    for r in requests.read() {
        if *r != RecordCommand::Export {
            continue;
        }
        let Some(game) = game.as_ref() else { continue };
        let Some(folder) = dir.file(RECORDS_DIR) else {
            notices.write(Notice::Info(
                "Records are not kept in this session (no data folder).".into(),
            ));
            continue;
        };
        match export(game, &folder, SystemTime::now()) {
            Ok(path) => notices.write(Notice::Info(format!(
                "Record saved as {}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ))),
            Err(e) => notices.write(Notice::Refused(format!("Could not save the record: {e}"))),
        };
    }
}

/// A checked record waiting for the replay screen to open: nothing changes until it does, so
/// a screen change that wins in the same frame leaves the match and the saves alone.
#[derive(Resource, Debug)]
struct PendingReplay {
    record: GameRecord,
    name: String,
}

fn open_record(
    mut commands: Commands,
    mut requests: MessageReader<RecordCommand>,
    mut error: ResMut<RecordError>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for r in requests.read() {
        let (name, text) = match r {
            RecordCommand::Open { name, text } => (name.clone(), Ok(text.clone())),
            RecordCommand::OpenFile(path) => (
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                disk::read(path)
                    .map_err(|e| format!("it could not be read: {e}"))
                    .and_then(|b| String::from_utf8(b).map_err(|_| "it is not text".into())),
            ),
            _ => continue,
        };
        match text.and_then(|t| check_record(&t)) {
            Ok(record) => {
                error.0 = None;
                commands.insert_resource(PendingReplay { record, name });
                // Not `set`: a same-state transition would close the record being shown.
                NextState::set_if_neq(&mut screen, Screen::Replay);
            }
            Err(e) => error.0 = Some(format!("{name}: {e}")),
        }
    }
}

/// The replay screen opens: the record is shown at its end, beside the match (untouched).
fn enter_replay(
    mut commands: Commands,
    pending: Option<Res<PendingReplay>>,
    mut changed: MessageWriter<BoardChanged>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(pending) = pending else {
        // Nothing to show (say, a back press raced the opening): back to the list.
        screen.set(Screen::Records);
        return;
    };
    commands.remove_resource::<PendingReplay>();
    let record = pending.record.clone();
    let Ok(shown) = record.replay() else {
        screen.set(Screen::Records);
        return;
    };
    commands.insert_resource(Replay {
        at: record.moves.len(),
        record,
        name: pending.name.clone(),
        shown,
    });
    changed.write(BoardChanged);
}

/// Seats for looking at a record: nobody plays.
pub fn viewing_config(record: &GameRecord) -> MatchConfig {
    MatchConfig {
        rules: record.rules.clone(),
        preset: preset_of(&record.rules),
        players: record.setup.players,
        seats: [Controller::Human; 6],
        first: FirstMove::Seat(record.start.as_ref().map_or(0, |s| s.to_move)),
        // A record keeps the moves, not who sat where: the board's own colours.
        palette: Default::default(),
    }
}

fn step_replay(
    mut requests: MessageReader<RecordCommand>,
    replay: Option<ResMut<Replay>>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(mut replay) = replay else {
        return;
    };
    for r in requests.read() {
        let RecordCommand::Goto(n) = *r else { continue };
        let n = n.min(replay.len());
        if n == replay.at {
            continue;
        }
        // Every prefix of a checked record replays.
        if let Ok(g) = replay.record.replay_to(n) {
            replay.shown = g;
            replay.at = n;
            changed.write(BoardChanged);
        }
    }
}

/// Starts a new match from the position shown: the one moment the match under way is
/// replaced (the screen asked first when it was worth keeping).
fn play_from_here(
    mut commands: Commands,
    mut requests: MessageReader<RecordCommand>,
    replay: Option<Res<Replay>>,
    mut load: MessageWriter<LoadMatch>,
) {
    let Some(replay) = replay else { return };
    for r in requests.read() {
        let RecordCommand::PlayFromHere(level) = *r else {
            continue;
        };
        let Ok(game) = replay.record.replay_to(replay.at) else {
            continue;
        };
        let mut config = viewing_config(&replay.record);
        if let (Some(level), Some(mover)) = (level, game.to_move()) {
            for (seat, c) in config.seats.iter_mut().enumerate() {
                if seat != mover {
                    *c = Controller::Computer(level);
                }
            }
        }
        commands.remove_resource::<Replay>();
        load.write(LoadMatch {
            game,
            config,
            paused: false,
            stats_counted: false,
            id: None,
            open: true,
        });
        return;
    }
}

/// Leaving the record: the board shows the match again (or nothing, with none).
fn close_replay(mut commands: Commands, mut changed: MessageWriter<BoardChanged>) {
    commands.remove_resource::<Replay>();
    changed.write(BoardChanged);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sternhalma_rules::{RuleSet, Setup};

    #[test]
    fn a_record_is_named_by_the_rules_it_kept() {
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_764_700_000);
        let classic = Game::from_preset("classic", Some(3), None).unwrap();
        assert!(record_stem(&classic, at).ends_with("-3p-classic"));
        let mut rules = RuleSet::preset("classic").unwrap();
        rules.repetition_ends = false;
        let edited = Game::new(Setup::new(3, 10, false).unwrap(), rules.clone()).unwrap();
        let stem = record_stem(&edited, at);
        assert!(stem.ends_with("-3p-custom (from classic)"), "{stem}");
        assert!(
            crate::ui::time::record_title(&stem).starts_with("3 players, custom (from classic), ")
        );
        rules.name = "ours/../x".into();
        let own = Game::new(Setup::new(3, 10, false).unwrap(), rules).unwrap();
        assert!(record_stem(&own, at).ends_with("-3p-ours____x"));
    }
}

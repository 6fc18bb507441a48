//! Saves and settings that never get lost: the match in progress is written after every change
//! (and when the app goes to the background or quits), settings and the player's named rule
//! sets when they change, all atomically in the platform's data directory. On start they are
//! read back; a file that cannot be used is set aside with a timestamp and the player is told
//! in one sentence.

pub mod disk;
pub mod files;
mod writes;
pub use sternhalma_store::formats;
pub use writes::{AppFiles, LOCK_FILE, OTHER_COPY};
use writes::{InstanceLock, WriteTrouble};

use crate::board::{CurrentGame, CurrentMatch};
use crate::config::{MatchConfig, Settings};
use crate::play::{Command, LoadMatch, MatchOrigin, MatchStarted};
use crate::state::{AppSystems, Pause};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::AppLifecycle;
use files::{Loaded, load_or_set_aside};
use formats::{MyRulesFile, SavedMatch, SettingsFile};
use std::path::PathBuf;
use std::time::Duration;
use sternhalma_rules::RuleSet;
pub use sternhalma_store::my_rules::{MY_RULES_FILE, MyRules};
use web_time::{Instant, SystemTime};

/// The autosave of the match in progress.
pub const SAVE_FILE: &str = "game.ron";
/// The player's settings.
pub const SETTINGS_FILE: &str = "settings.ron";
/// How often a running clock is saved between moves.
const CLOCK_SAVE_EVERY: Duration = Duration::from_secs(5);

/// Where the files live; `None` keeps everything in memory (headless tests, screenshots).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct DataDir(pub Option<PathBuf>);

impl DataDir {
    /// The platform's place for app data: `STERNHALMA_DATA_DIR` when set, the app's internal
    /// storage on Android, Application Support on iOS, the XDG / AppData / Library directory
    /// on desktops, keys under `sternhalma/` in the browser's local storage on the web.
    pub fn platform() -> DataDir {
        if let Some(dir) = std::env::var_os("STERNHALMA_DATA_DIR") {
            return DataDir(Some(dir.into()));
        }
        #[cfg(target_os = "android")]
        {
            DataDir(
                bevy::android::ANDROID_APP
                    .get()
                    .and_then(|app| app.internal_data_path()),
            )
        }
        #[cfg(target_os = "ios")]
        {
            DataDir(
                std::env::var_os("HOME")
                    .map(|h| PathBuf::from(h).join("Library/Application Support/Sternhalma")),
            )
        }
        // The browser's localStorage, whose keys are these paths (see `disk`).
        #[cfg(target_arch = "wasm32")]
        {
            DataDir(Some(PathBuf::from("sternhalma")))
        }
        #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
        {
            DataDir(
                directories::ProjectDirs::from("org", "Sternhalma", "Sternhalma")
                    .map(|d| d.data_dir().to_path_buf()),
            )
        }
    }

    /// The path of a file in the data directory.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(name))
    }
}

/// Plain sentences for the player about files that could not be used (shown once, then
/// dismissed).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct FileNotes(pub Vec<String>);

/// Whether the current match's result is already in the statistics (kept in the save, so a
/// finished game restored later is not counted twice).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StatsCounted(pub bool);

/// The id of the match on the board (see [`formats::SavedMatch::id`]).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchId(pub u64);

impl MatchId {
    /// A new id: random, never 0 (which means "unknown").
    pub fn fresh() -> u64 {
        rand::random::<u64>().max(1)
    }
}

/// Saving and statistics are off while the practice board borrows the board (its position is
/// in `CurrentGame` then, not the match). Only [`crate::practice`] sets it: a record being
/// viewed has its own resource and leaves the match, and so its saving, alone.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavingSuspended(pub bool);

/// Settings changed at this time (app clock) and not yet written: a slider drag writes once,
/// when it stops.
#[derive(Resource, Default)]
struct SettingsDirty(Option<Duration>);

/// How long settings must stay unchanged before they are written.
const SETTINGS_SETTLE: Duration = Duration::from_millis(400);

/// The named-rules file could be neither read nor moved aside: it is never written over (the
/// rule sets saved meanwhile last until the app closes).
#[derive(Resource, Default)]
struct MyRulesBlocked(bool);

/// What was written last, to write only after a change.
#[derive(Resource, Default)]
struct LastSave {
    key: Option<SaveKey>,
    at: Option<Instant>,
    /// The save file could be neither read nor moved aside: never write over it.
    blocked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SaveKey {
    position: u64,
    actions: usize,
    redo: usize,
    paused: bool,
    counted: bool,
    id: u64,
}

/// The app paused the match itself when it went to the background, so it resumes it on return.
#[derive(Resource, Default)]
struct PausedForBackground(bool);

/// Runs before the first frame's systems: settings, then the saved match.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoadSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DataDir>()
        .init_resource::<FileNotes>()
        .init_resource::<StatsCounted>()
        .init_resource::<MatchId>()
        .init_resource::<SavingSuspended>()
        .init_resource::<LastSave>()
        .init_resource::<SettingsDirty>()
        .init_resource::<MyRules>()
        .init_resource::<MyRulesBlocked>()
        .init_resource::<PausedForBackground>()
        .init_resource::<WriteTrouble>()
        .init_resource::<InstanceLock>()
        .add_message::<AppLifecycle>()
        .add_systems(
            Startup,
            (
                writes::take_instance_lock,
                load_my_rules,
                load_settings,
                load_saved_match,
            )
                .chain()
                .in_set(LoadSystems),
        )
        .add_systems(
            Update,
            (
                remember_match_choices.in_set(AppSystems::Present),
                (save_settings, save_my_rules, autosave)
                    .after(AppSystems::Present)
                    .run_if(|d: Res<DataDir>| d.0.is_some()),
            ),
        )
        .add_systems(Last, save_on_suspend_or_exit);
}

/// The player's named rule sets, before the settings (which may have chosen one last).
fn load_my_rules(
    dir: Res<DataDir>,
    mut mine: ResMut<MyRules>,
    mut blocked: ResMut<MyRulesBlocked>,
    mut notes: ResMut<FileNotes>,
) {
    if let Some(folder) = &dir.0 {
        files::remove_stale_temps(folder, SystemTime::now());
    }
    match load_file(
        &dir,
        MY_RULES_FILE,
        "Your saved rules could not be used",
        "only the built-in presets are offered",
        &mut notes,
        MyRulesFile::from_ron,
    ) {
        Some(m) => *mine = m,
        // Still there after a failed load: it could not be moved aside, so it is left alone.
        None => blocked.0 = dir.file(MY_RULES_FILE).is_some_and(|p| disk::exists(&p)),
    }
}

fn load_settings(
    dir: Res<DataDir>,
    mine: Res<MyRules>,
    mut settings: ResMut<Settings>,
    mut draft: ResMut<MatchConfig>,
    mut notes: ResMut<FileNotes>,
) {
    if let Some(s) = load_file(
        &dir,
        SETTINGS_FILE,
        "Your settings could not be used",
        "the defaults are back",
        &mut notes,
        SettingsFile::from_ron,
    ) {
        *settings = s;
    }
    if let Ok(c) = draft_from(&settings, &mine) {
        *draft = c;
    }
}

/// The new-game screen's starting point: the players, seats and rules chosen last (a named
/// rule set of the player's that is gone gives its preset).
fn draft_from(s: &Settings, mine: &MyRules) -> Result<MatchConfig, sternhalma_rules::RulesError> {
    let mut rules = RuleSet::preset(&s.last_preset)?;
    let mut preset = s.last_preset.clone();
    if let Some(named) = s.last_named_rules.as_deref().and_then(|n| mine.get(n))
        && let Some(origin) = named.origin()
    {
        rules = named.clone();
        preset = origin.to_string();
    }
    let players = if rules.players.contains(&s.default_players) {
        s.default_players
    } else {
        rules.default_players
    };
    let mut c = MatchConfig::preset(&preset, players)?;
    c.rules = rules;
    c.seats = s.default_seats;
    c.first = s.default_first.for_players(c.players);
    c.palette = s.default_palette;
    Ok(c)
}

/// Reads one of the app's files with `parse`. A file that cannot be used is set aside (see
/// [`load_or_set_aside`]) and the player gets one sentence: "`lead` because the file is
/// damaged, so `fallback`; it was kept as game.broken-….ron."
pub fn load_file<T>(
    dir: &DataDir,
    name: &str,
    lead: &str,
    fallback: &str,
    notes: &mut FileNotes,
    parse: impl FnOnce(&str) -> Result<T, files::Problem>,
) -> Option<T> {
    let path = dir.file(name)?;
    match load_or_set_aside(&path, SystemTime::now(), parse) {
        Loaded::Missing => None,
        Loaded::Read(v) => Some(v),
        Loaded::SetAside { reason, moved_to } => {
            warn!("{path:?} set aside: {reason}");
            let kept = match moved_to.as_ref().and_then(|p| p.file_name()) {
                Some(name) => format!("it was kept as {}", name.to_string_lossy()),
                None => "it could not be moved and is left as it was".into(),
            };
            notes.0.push(format!(
                "{lead} because {}, so {fallback}; {kept}.",
                reason.plain
            ));
            None
        }
    }
}

fn load_saved_match(
    dir: Res<DataDir>,
    mut notes: ResMut<FileNotes>,
    mut load: MessageWriter<LoadMatch>,
    mut last: ResMut<LastSave>,
) {
    let parse = |text: &str| SavedMatch::from_ron(text)?.restore();
    let loaded = load_file(
        &dir,
        SAVE_FILE,
        "Your saved game could not be continued",
        "a new game awaits",
        &mut notes,
        parse,
    );
    let Some(r) = loaded else {
        // Still there after a failed load: it could not be moved aside, so it is left alone.
        if dir.file(SAVE_FILE).is_some_and(|p| disk::exists(&p)) {
            last.blocked = true;
        }
        return;
    };
    // Nothing changed yet: no need to write the same file back.
    last.key = Some(SaveKey {
        position: r.game.hash(),
        actions: r.game.actions().len(),
        redo: r.game.redo_actions().count(),
        paused: r.paused,
        counted: r.stats_counted,
        id: r.id,
    });
    load.write(LoadMatch {
        game: r.game,
        config: r.config,
        paused: r.paused,
        stats_counted: r.stats_counted,
        // A save from before ids (0) gets one now, and is written again with it.
        id: Some(r.id).filter(|&id| id != 0),
        open: false,
    });
}

/// A match started from the new-game screen makes its choices the next default. Only a match
/// that really began counts: a refused start changes nothing.
///
/// The new-game draft (`Res<MatchConfig>`) and `Settings::default_seats` are not a second copy
/// of who plays the match under way (that is the seat entities, `crate::seats`): the draft is
/// the one editable copy of the choices for the *next* match, and the settings remember it, from
/// this outcome, once a match really started with it.
fn remember_match_choices(
    mut started: MessageReader<MatchStarted>,
    mut settings: ResMut<Settings>,
    mut background: ResMut<PausedForBackground>,
) {
    for m in started.read() {
        if m.origin == MatchOrigin::Restored {
            continue;
        }
        // A new match starts running; nothing is left to resume on return.
        background.0 = false;
        if m.origin == MatchOrigin::NewGame {
            let config = &m.config;
            let mut s = settings.clone();
            s.default_players = config.players;
            s.default_seats = config.seats;
            s.default_first = config.first;
            s.default_palette = config.palette;
            if RuleSet::preset(&config.preset).is_ok() {
                s.last_preset = config.preset.clone();
                s.last_named_rules = config
                    .rules
                    .based_on
                    .is_some()
                    .then(|| config.rules.name.clone());
            }
            if s != *settings {
                *settings = s;
            }
        }
    }
}

fn save_settings(
    mut files: AppFiles,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut dirty: ResMut<SettingsDirty>,
) {
    let now = time.elapsed();
    if settings.is_changed() && !settings.is_added() {
        dirty.0 = Some(now);
    }
    if dirty.0.is_some_and(|at| now - at >= SETTINGS_SETTLE) {
        dirty.0 = None;
        files.write(SETTINGS_FILE, &SettingsFile::to_ron(&settings));
    }
}

/// Writes the player's named rule sets whenever they change (a save or a delete on the new-game
/// screen): rare, deliberate changes, written at once.
fn save_my_rules(mut files: AppFiles, mine: Res<MyRules>, blocked: Res<MyRulesBlocked>) {
    if mine.is_changed() && !mine.is_added() && !blocked.0 {
        files.write(MY_RULES_FILE, &MyRulesFile::to_ron(&mine));
    }
}

/// The match as a save would hold it: read by the autosave and by the save on leaving.
#[derive(SystemParam)]
struct MatchToSave<'w, 's> {
    game: Option<Res<'w, CurrentGame>>,
    current: Option<Res<'w, CurrentMatch>>,
    /// Who plays each seat: saved from the entities, not from `current`'s start-time copy.
    seats: crate::seats::Seats<'w, 's>,
    pause: Res<'w, State<Pause>>,
    counted: Res<'w, StatsCounted>,
    match_id: Res<'w, MatchId>,
    suspended: Res<'w, SavingSuspended>,
}

impl MatchToSave<'_, '_> {
    /// What would be written now, or `None` when there is nothing to save (no match, or a
    /// record on the board). The player's pause is kept; the one for the background is not
    /// (it ends on return).
    fn key(&self, background: bool) -> Option<SaveKey> {
        let game = self.game.as_ref()?;
        self.current.as_ref()?;
        if self.suspended.0 {
            return None;
        }
        Some(SaveKey {
            position: game.hash(),
            actions: game.actions().len(),
            redo: game.redo_actions().count(),
            paused: *self.pause.get() == Pause::Paused && !background,
            counted: self.counted.0,
            id: self.match_id.0,
        })
    }

    fn write(&self, key: SaveKey, files: &mut AppFiles) {
        let (Some(game), Some(current)) = (&self.game, &self.current) else {
            return;
        };
        let config = self.seats.recipe(current);
        let text = SavedMatch::of(game, &config, key.paused, key.counted, key.id).to_ron();
        files.write(SAVE_FILE, &text);
    }
}

/// Writes the match whenever it changed: a move, an undo, a pause, the end.
fn autosave(
    to_save: MatchToSave,
    mut files: AppFiles,
    background: Res<PausedForBackground>,
    mut last: ResMut<LastSave>,
) {
    if last.blocked {
        return;
    }
    let (Some(key), Some(game)) = (to_save.key(background.0), &to_save.game) else {
        return;
    };
    let clock_due = game.rules().clock.is_some()
        && !game.is_over()
        && last.at.is_none_or(|t| t.elapsed() >= CLOCK_SAVE_EVERY);
    let new_match = to_save.current.as_ref().is_some_and(|c| c.is_changed());
    if last.key == Some(key) && !clock_due && !new_match {
        return;
    }
    // A failed write is told once and tried again at the next change, not every frame.
    to_save.write(key, &mut files);
    last.key = Some(key);
    last.at = Some(Instant::now());
}

/// The app is going to the background or closing: save now, and pause the computers and clocks
/// so it resumes exactly where it was.
fn save_on_suspend_or_exit(
    mut lifecycle: MessageReader<AppLifecycle>,
    mut exits: MessageReader<AppExit>,
    to_save: MatchToSave,
    mut files: AppFiles,
    settings: Res<Settings>,
    mut dirty: ResMut<SettingsDirty>,
    mut background: ResMut<PausedForBackground>,
    last: Res<LastSave>,
    mut commands: MessageWriter<Command>,
) {
    let mut leaving = false;
    for l in lifecycle.read() {
        match l {
            AppLifecycle::WillSuspend | AppLifecycle::Suspended => leaving = true,
            AppLifecycle::WillResume | AppLifecycle::Running if background.0 => {
                // Back exactly as it was: running again, since it was running when it left.
                background.0 = false;
                commands.write(Command::Resume);
            }
            _ => {}
        }
    }
    let exiting = exits.read().count() > 0;
    if !leaving && !exiting {
        return;
    }
    if dirty.0.take().is_some() {
        files.write(SETTINGS_FILE, &SettingsFile::to_ron(&settings));
    }
    let Some(game) = &to_save.game else { return };
    let was_paused = *to_save.pause.get() == Pause::Paused;
    if leaving && !game.is_over() && !was_paused && !background.0 {
        background.0 = true;
        commands.write(Command::Pause);
    }
    if !last.blocked
        && let Some(key) = to_save.key(background.0)
    {
        to_save.write(key, &mut files);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::FirstMove;

    #[test]
    fn the_remembered_first_seat_is_kept_only_where_it_plays() {
        let mut s = Settings {
            default_players: 6,
            default_first: FirstMove::Seat(5),
            ..Settings::default()
        };
        let mine = MyRules::default();
        assert_eq!(draft_from(&s, &mine).unwrap().first, FirstMove::Seat(5));
        s.default_players = 2;
        assert_eq!(draft_from(&s, &mine).unwrap().first, FirstMove::Seat(0));
        s.default_first = FirstMove::Random;
        assert_eq!(draft_from(&s, &mine).unwrap().first, FirstMove::Random);
    }

    #[test]
    fn a_named_rule_set_chosen_last_is_chosen_again_while_it_exists() {
        let mut mine = MyRules::default();
        let mut pairs = RuleSet::preset("pairs").unwrap();
        pairs.goal_lock = true;
        mine.save("our pairs", &pairs, false).unwrap();
        let mut s = Settings {
            default_players: 2,
            last_preset: "pairs".into(),
            last_named_rules: Some("our pairs".into()),
            ..Settings::default()
        };
        let c = draft_from(&s, &mine).unwrap();
        assert_eq!(c.rules.label(), "our pairs (from pairs)");
        assert_eq!(
            (c.preset.as_str(), c.players),
            ("pairs", 4),
            "a count it plays"
        );
        s.last_named_rules = Some("gone".into());
        let c = draft_from(&s, &mine).unwrap();
        assert_eq!(c.rules, RuleSet::preset("pairs").unwrap());
    }
}

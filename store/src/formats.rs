//! What goes into the save, settings and named-rules files, with their versions: readable RON,
//! every field required and checked, older versions migrated, newer ones refused with a clear
//! reason.

use crate::config::{Controller, FirstMove, MatchConfig, Palette, Settings};
use crate::my_rules::MyRules;
use serde::{Deserialize, Serialize};
use sternhalma_rules::{Action, Game, GameRecord, RecordError, RuleSet};

/// Why a file could not be used: a few plain words for the player, the details for the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Plain words that finish "… because": "the file is damaged".
    pub plain: String,
    /// What exactly was wrong, for the log and bug reports.
    pub detail: String,
}

impl Problem {
    /// A problem with its plain words and details.
    pub fn new(plain: impl Into<String>, detail: impl Into<String>) -> Problem {
        Problem {
            plain: plain.into(),
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.plain, self.detail)
    }
}

/// Plain words for a file that is not what it should be.
pub const DAMAGED: &str = "the file is damaged";
/// Plain words for a file from a newer build.
pub const NEWER: &str = "the file comes from a newer version of Sternhalma";
/// Plain words for a save whose moves do not replay.
pub const BAD_MOVES: &str = "the moves in it do not follow the rules";

/// The save format this build writes.
pub const SAVE_VERSION: u32 = 4;

/// The settings format this build writes.
pub const SETTINGS_VERSION: u32 = 1;

/// The format of the player's named rule sets this build writes.
pub const MY_RULES_VERSION: u32 = 1;

/// The match in progress, as the autosave keeps it: the engine's record plus what the record
/// does not hold (who plays each seat, the redo list, the clocks, the pause).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedMatch {
    /// [`SAVE_VERSION`].
    pub version: u32,
    /// The preset the rules came from, edited or not ("custom" when none).
    pub preset: String,
    /// Who plays each seat, in turn order.
    pub seats: Vec<Controller>,
    /// The game so far, replayed and checked move by move on loading.
    pub record: GameRecord,
    /// Undone actions, in the order redo plays them.
    pub redo: Vec<String>,
    /// Clock readings per seat (empty without a clock).
    pub clocks: Vec<u64>,
    /// Computers and clocks were stopped.
    pub paused: bool,
    /// This match's result is already in the statistics.
    pub stats_counted: bool,
    /// Names the match across restarts, so the statistics count its result once even when a
    /// crash kept the save from learning it was counted (0: unknown, from version 2).
    #[serde(default)]
    pub id: u64,
    /// The colour each point's marbles wear (saves before version 4 read as the board's own
    /// colours).
    #[serde(default)]
    pub palette: Palette,
}

/// Version 1, the first save format: the record and the seats only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMatchV1 {
    #[allow(dead_code)]
    version: u32,
    seats: Vec<Controller>,
    record: GameRecord,
}

/// Just the version, read first so a newer file is refused for what it is.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// A saved match made playable again.
pub struct Restored {
    /// The game at the saved position, with its undo and redo history.
    pub game: Game,
    /// The match options (rules, seats) for the HUD and rematches.
    pub config: MatchConfig,
    /// Whether the match was paused.
    pub paused: bool,
    /// Whether the result is already counted in the statistics.
    pub stats_counted: bool,
    /// The match's id (see [`SavedMatch::id`]).
    pub id: u64,
}

impl SavedMatch {
    /// The save of a match in progress.
    pub fn of(
        game: &Game,
        config: &MatchConfig,
        paused: bool,
        stats_counted: bool,
        id: u64,
    ) -> Self {
        SavedMatch {
            version: SAVE_VERSION,
            preset: config.preset.clone(),
            seats: config.controllers().to_vec(),
            record: GameRecord::from_game(game),
            redo: game.redo_actions().map(Action::to_string).collect(),
            clocks: (0..game.setup().players as usize)
                .filter_map(|s| game.clock_ms(s))
                .collect(),
            paused,
            stats_counted,
            id,
            palette: config.palette,
        }
    }

    /// Readable RON.
    pub fn to_ron(&self) -> String {
        pretty(self)
    }

    /// Reads any known version, migrating older ones. Does not replay: see [`Self::restore`].
    pub fn from_ron(text: &str) -> Result<SavedMatch, Problem> {
        let version = ron::from_str::<VersionOnly>(text)
            .map_err(|e| Problem::new(DAMAGED, e.to_string()))?
            .version;
        match version {
            1 => {
                let old: SavedMatchV1 =
                    ron::from_str(text).map_err(|e| Problem::new(DAMAGED, e.to_string()))?;
                Ok(SavedMatch {
                    version: SAVE_VERSION,
                    preset: preset_of(&old.record.rules),
                    seats: old.seats,
                    record: old.record,
                    redo: vec![],
                    clocks: vec![],
                    paused: false,
                    stats_counted: false,
                    id: 0,
                    palette: Palette::default(),
                })
            }
            // Version 2 lacks the id, which reads as unknown, and version 3 the colours, which
            // read as the board's own.
            2 | 3 | SAVE_VERSION => {
                ron::from_str(text).map_err(|e| Problem::new(DAMAGED, e.to_string()))
            }
            v if v > SAVE_VERSION => Err(Problem::new(
                NEWER,
                format!("save version {v}, this build reads up to {SAVE_VERSION}"),
            )),
            v => Err(Problem::new(
                DAMAGED,
                format!("save version {v} does not exist"),
            )),
        }
    }

    /// Replays the record (checking every move), the redo list and the clocks.
    pub fn restore(&self) -> Result<Restored, Problem> {
        let players = self.record.setup.players as usize;
        if self.seats.len() != players {
            return Err(Problem::new(
                DAMAGED,
                format!("{} seats for {players} players", self.seats.len()),
            ));
        }
        let mut game = self.record.replay().map_err(|e| {
            let plain = match e {
                RecordError::BadMove { .. } | RecordError::WrongResult => BAD_MOVES,
                _ => DAMAGED,
            };
            Problem::new(plain, e.to_string())
        })?;
        for (i, token) in self.redo.iter().enumerate() {
            let bad =
                |e: String| Problem::new(BAD_MOVES, format!("redo move {} '{token}': {e}", i + 1));
            let action: Action = token.parse().map_err(|e| bad(format!("{e}")))?;
            if action == Action::Pass {
                return Err(bad("passes are never undone on their own".into()));
            }
            game.act(action).map_err(|e| bad(e.to_string()))?;
        }
        for _ in &self.redo {
            game.undo();
        }
        if !self.clocks.is_empty() {
            game.restore_clocks(&self.clocks)
                .map_err(|e| Problem::new(DAMAGED, format!("clocks: {e}")))?;
        }
        let mut seats = [Controller::Human; 6];
        seats[..players].copy_from_slice(&self.seats);
        let config = MatchConfig {
            rules: self.record.rules.clone(),
            preset: self.preset.clone(),
            players: players as u8,
            seats,
            first: FirstMove::Seat(game.start().1),
            palette: self.palette,
        };
        Ok(Restored {
            game,
            config,
            paused: self.paused,
            stats_counted: self.stats_counted,
            id: self.id,
        })
    }
}

/// The preset these rules came from, edited or not (see [`RuleSet::label`] for the name
/// shown), or "custom".
pub fn preset_of(rules: &RuleSet) -> String {
    rules.origin().unwrap_or("custom").to_string()
}

/// The settings file: a version and the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SettingsFile {
    /// [`SETTINGS_VERSION`].
    pub version: u32,
    /// The player's preferences.
    pub settings: Settings,
}

impl SettingsFile {
    /// Readable RON of these settings.
    pub fn to_ron(settings: &Settings) -> String {
        pretty(&SettingsFile {
            version: SETTINGS_VERSION,
            settings: settings.clone(),
        })
    }

    /// Reads and checks settings; anything out of range is refused, not guessed at.
    pub fn from_ron(text: &str) -> Result<Settings, Problem> {
        let version = ron::from_str::<VersionOnly>(text)
            .map_err(|e| Problem::new(DAMAGED, e.to_string()))?
            .version;
        if version > SETTINGS_VERSION {
            return Err(Problem::new(NEWER, format!("settings version {version}")));
        }
        if version == 0 {
            return Err(Problem::new(DAMAGED, "settings version 0 does not exist"));
        }
        let file: SettingsFile =
            ron::from_str(text).map_err(|e| Problem::new(DAMAGED, e.to_string()))?;
        let s = file.settings;
        let out_of_range = |d: String| Err(Problem::new(DAMAGED, d));
        if !(0.0..=1.0).contains(&s.volume) {
            return out_of_range(format!("volume {} is not between 0 and 1", s.volume));
        }
        if !matches!(s.default_players, 2 | 3 | 4 | 6) {
            return out_of_range(format!("{} players is not a game", s.default_players));
        }
        if let Err(e) = RuleSet::preset(&s.last_preset) {
            return out_of_range(e.to_string());
        }
        Ok(s)
    }
}

/// The player's own rule sets, each saved under a name ([`crate::my_rules::MY_RULES_FILE`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MyRulesFile {
    /// [`MY_RULES_VERSION`].
    pub version: u32,
    /// The rule sets in the order they were saved, each with its name and the preset it came
    /// from (`based_on`).
    pub rules: Vec<RuleSet>,
}

impl MyRulesFile {
    /// Readable RON of these rule sets.
    pub fn to_ron(mine: &MyRules) -> String {
        pretty(&MyRulesFile {
            version: MY_RULES_VERSION,
            rules: mine.all().to_vec(),
        })
    }

    /// Reads and checks the rule sets: each must make a playable game, name the preset it came
    /// from and carry a name the new-game screen would accept, no two the same. Anything else
    /// refuses the whole file (which the app then keeps aside, unchanged).
    pub fn from_ron(text: &str) -> Result<MyRules, Problem> {
        let version = ron::from_str::<VersionOnly>(text)
            .map_err(|e| Problem::new(DAMAGED, e.to_string()))?
            .version;
        if version > MY_RULES_VERSION {
            return Err(Problem::new(
                NEWER,
                format!("named rules version {version}"),
            ));
        }
        if version == 0 {
            return Err(Problem::new(
                DAMAGED,
                "named rules version 0 does not exist",
            ));
        }
        let file: MyRulesFile =
            ron::from_str(text).map_err(|e| Problem::new(DAMAGED, e.to_string()))?;
        MyRules::from_sets(file.rules).map_err(|e| Problem::new(DAMAGED, e))
    }
}

fn pretty<T: Serialize>(value: &T) -> String {
    let cfg = ron::ser::PrettyConfig::default().compact_arrays(false);
    let mut text = ron::ser::to_string_pretty(value, cfg).expect("plain data always serialises");
    text.push('\n');
    text
}

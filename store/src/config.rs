//! What a match is made of (rules, seats, who plays each seat) and the player's settings.
//! Plain data: the new-game screen edits it, the turn flow builds a [`Game`] from it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use sternhalma_rules::ai::Level;
use sternhalma_rules::tutorial;
use sternhalma_rules::{Game, Point, RuleSet, RulesError, Setup};

/// Who makes the moves of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    /// A person at this device.
    Human,
    /// The engine's AI at a level.
    Computer(Level),
}

impl Controller {
    /// Whether a person plays this seat (and so gets input, hints and undo turns).
    pub fn is_human(self) -> bool {
        self == Controller::Human
    }
}

/// Who makes the first move. The turn order goes on clockwise from that seat either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstMove {
    /// A seat chosen at the table (0 is the bottom seat, the usual first).
    Seat(usize),
    /// Drawn at random when the match starts (the classic rulebook's "at random").
    Random,
}

impl FirstMove {
    /// This choice at a table of `players`: a seat that does not play there gives the first
    /// move back to the bottom seat.
    pub fn for_players(self, players: u8) -> FirstMove {
        match self {
            FirstMove::Seat(seat) if seat >= usize::from(players) => FirstMove::Seat(0),
            first => first,
        }
    }
}

impl Default for FirstMove {
    /// The bottom seat, as most tables begin.
    fn default() -> Self {
        FirstMove::Seat(0)
    }
}

/// How many marble colours there are to choose from: the board's six (white, red, blue, black,
/// yellow, green) and the Leapstone app's purple and silver (the app's colour list).
pub const COLOUR_COUNT: usize = 8;

/// Which marble colour each point's marbles wear, so a family can keep "their" colour wherever
/// they sit: six different colours of the [`COLOUR_COUNT`], indexed by [`Point::index`]. No
/// two points wear the same, so no two seats can ever look alike. The default is the board's
/// own colours, point by point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct Palette([u8; 6]);

impl Default for Palette {
    fn default() -> Self {
        Palette([0, 1, 2, 3, 4, 5])
    }
}

impl Palette {
    /// The colour (`0..COLOUR_COUNT`) the marbles starting in `point` wear.
    pub fn colour(self, point: Point) -> usize {
        usize::from(self.0[point.index()])
    }

    /// Gives `point` the colour `colour` (`0..COLOUR_COUNT`). A point that wore it takes
    /// `point`'s old colour, so the colours stay all different; a colour that does not exist
    /// changes nothing.
    pub fn set(&mut self, point: Point, colour: usize) {
        let Some(colour) = u8::try_from(colour)
            .ok()
            .filter(|&c| usize::from(c) < COLOUR_COUNT)
        else {
            return;
        };
        match self.0.iter().position(|&c| c == colour) {
            Some(other) => self.0.swap(point.index(), other),
            None => self.0[point.index()] = colour,
        }
    }

    /// The colours a preset's source gives its seats: the Leapstone app plays red, blue,
    /// green, yellow, purple and silver (clockwise from the bottom); every other preset the
    /// board's own colours.
    pub fn of_preset(preset: &str) -> Palette {
        match preset {
            "leapstone" => Palette([1, 2, 5, 4, 6, 7]),
            _ => Palette::default(),
        }
    }
}

impl TryFrom<Vec<u8>> for Palette {
    type Error = String;

    fn try_from(colours: Vec<u8>) -> Result<Self, String> {
        let colours: [u8; 6] = colours.try_into().map_err(|c: Vec<u8>| {
            format!("{} colours, not one for each of the 6 points", c.len())
        })?;
        let mut seen = [false; COLOUR_COUNT];
        for &c in &colours {
            match seen.get_mut(usize::from(c)) {
                Some(s) if !*s => *s = true,
                Some(_) => return Err(format!("colour {c} is worn by two points")),
                None => {
                    return Err(format!(
                        "colour {c} does not exist (0 to {})",
                        COLOUR_COUNT - 1
                    ));
                }
            }
        }
        Ok(Palette(colours))
    }
}

impl From<Palette> for Vec<u8> {
    fn from(p: Palette) -> Vec<u8> {
        p.0.to_vec()
    }
}

/// Everything needed to start a match: the new-game screen edits one of these.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct MatchConfig {
    /// The rule set in force (a preset, possibly with options changed).
    pub rules: RuleSet,
    /// The preset the rules came from, for the menus.
    pub preset: String,
    /// 2, 3, 4 or 6.
    pub players: u8,
    /// Who plays each seat, in turn order (only the first `players` are used).
    pub seats: [Controller; 6],
    /// Who moves first.
    pub first: FirstMove,
    /// The colour each point's marbles wear.
    pub palette: Palette,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig::vs_computer(Level::Medium)
    }
}

impl MatchConfig {
    /// The one-tap game: you (bottom, moving first) against the computer, classic rules.
    pub fn vs_computer(level: Level) -> MatchConfig {
        let mut c = MatchConfig::preset("classic", 2).expect("the classic preset loads");
        c.seats[1] = Controller::Computer(level);
        c
    }

    /// A preset for `players` people sharing one device.
    pub fn preset(name: &str, players: u8) -> Result<MatchConfig, RulesError> {
        let rules = RuleSet::preset(name)?;
        Setup::for_rules(&rules, Some(players), None)?;
        Ok(MatchConfig {
            rules,
            preset: name.to_string(),
            players,
            seats: [Controller::Human; 6],
            first: FirstMove::Seat(0),
            palette: Palette::of_preset(name),
        })
    }

    /// The set-up these options make.
    pub fn setup(&self) -> Result<Setup, RulesError> {
        Setup::for_rules(&self.rules, Some(self.players), None)
    }

    /// A fresh game under these options, a random first seat drawn now.
    pub fn build_game(&self) -> Result<Game, RulesError> {
        self.build_game_drawing(rand::random)
    }

    /// A fresh game under these options; `draw` picks the first seat when it is random.
    pub fn build_game_drawing(&self, draw: impl FnOnce() -> u64) -> Result<Game, RulesError> {
        let setup = self.setup()?;
        let game = Game::new(setup, self.rules.clone())?;
        let first = match self.first {
            FirstMove::Seat(s) => s,
            FirstMove::Random => (draw() % u64::from(setup.players)) as usize,
        };
        if first >= usize::from(setup.players) {
            return Err(RulesError::Invalid(format!(
                "seat {} moves first, but only {} play",
                first + 1,
                setup.players
            )));
        }
        if first == 0 {
            return Ok(game);
        }
        // The usual start position, with another seat to move: the record keeps who began.
        let board = *game.start().0;
        Game::from_board(setup, self.rules.clone(), board, first)
    }

    /// The controllers of the seats that play.
    pub fn controllers(&self) -> &[Controller] {
        &self.seats[..self.players as usize]
    }
}

/// How fast moves are animated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AnimSpeed {
    /// Easy to follow.
    Slow,
    /// The default.
    #[default]
    Normal,
    /// For experienced players.
    Fast,
    /// No animation at all.
    Instant,
}

impl AnimSpeed {
    /// Every speed, slowest first, for the settings screen.
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Slow,
        AnimSpeed::Normal,
        AnimSpeed::Fast,
        AnimSpeed::Instant,
    ];

    /// Multiplier on the base animation rate; `None` means instant.
    pub fn rate(self) -> Option<f32> {
        match self {
            AnimSpeed::Slow => Some(0.55),
            AnimSpeed::Normal => Some(1.0),
            AnimSpeed::Fast => Some(2.2),
            AnimSpeed::Instant => None,
        }
    }

    /// Name for the settings screen.
    pub fn label(self) -> &'static str {
        match self {
            AnimSpeed::Slow => "Slow",
            AnimSpeed::Normal => "Normal",
            AnimSpeed::Fast => "Fast",
            AnimSpeed::Instant => "Instant",
        }
    }
}

/// The player's preferences, kept across matches and runs (saved as RON: [`crate::formats::SettingsFile`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Move animation speed.
    pub speed: AnimSpeed,
    /// Adds a symbol to each marble so seats differ by more than colour.
    pub colour_blind: bool,
    /// In pass-and-play, turn the board so the player to move sits at the bottom.
    pub rotate_board: bool,
    /// When two or more people share the device, cover the board between their turns with
    /// "pass the device to …" (on by default).
    pub handover_screen: bool,
    /// Each hole's name (a1 … q17) shown on the board, to read the move list against it.
    #[serde(default)]
    pub hole_names: bool,
    /// Light the holes a picked marble can reach and preview the path to the one under the
    /// pointer. Players who want no help turn it off; the goal stays marked.
    #[serde(default = "shown")]
    pub show_moves: bool,
    /// Sound volume, 0 (silent) to 1.
    pub volume: f32,
    /// All sound off, whatever the volume.
    pub muted: bool,
    /// Players the new-game screen starts with.
    pub default_players: u8,
    /// Who plays each seat on the new-game screen, in turn order.
    pub default_seats: [Controller; 6],
    /// The rules preset chosen last (for a named rule set of the player's, the preset it
    /// came from, used if that rule set is gone).
    pub last_preset: String,
    /// The player's named rule set chosen last, if one was (settings written before they
    /// existed read as none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_named_rules: Option<String>,
    /// Who moved first in the last game started from the new-game screen (settings written
    /// before it existed read as the bottom seat).
    #[serde(default)]
    pub default_first: FirstMove,
    /// The colours chosen last on the new-game screen (settings written before players could
    /// choose read as the board's own colours).
    #[serde(default)]
    pub default_palette: Palette,
    /// How far the player has come in the tutorial (settings written before it existed read
    /// as not offered, nothing done).
    #[serde(default)]
    pub tutorial: TutorialProgress,
}

/// The tutorial (Learn) as far as the player has taken it: offered once on first launch,
/// then always reachable from the menu and the Rules page, so only these two facts are kept.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TutorialProgress {
    /// Whether the first-launch offer was made (taken or skipped): it is not made again.
    pub offered: bool,
    /// Ids of the lessons finished ([`sternhalma_rules::tutorial::Lesson::id`]). An id no
    /// lesson has any more (a file from another version) is kept but counts for nothing.
    pub completed: BTreeSet<String>,
}

impl TutorialProgress {
    /// Marks a lesson finished; an id no lesson has is ignored. Returns whether it is newly
    /// finished.
    pub fn complete(&mut self, id: &str) -> bool {
        tutorial::lesson(id).is_some() && self.completed.insert(id.to_string())
    }

    /// Whether the lesson with this id is finished.
    pub fn is_complete(&self, id: &str) -> bool {
        self.completed.contains(id)
    }

    /// How many of today's lessons are finished (unknown ids not counted).
    pub fn done(&self) -> usize {
        tutorial::lessons()
            .iter()
            .filter(|l| self.is_complete(l.id))
            .count()
    }

    /// The first lesson not yet finished, where "Learn" picks up; `None` when all are.
    pub fn next_lesson(&self) -> Option<&'static str> {
        tutorial::lessons()
            .into_iter()
            .map(|l| l.id)
            .find(|id| !self.is_complete(id))
    }
}

/// Settings written before a field existed read it as on.
fn shown() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speed: AnimSpeed::Normal,
            colour_blind: false,
            rotate_board: true,
            handover_screen: true,
            hole_names: false,
            show_moves: true,
            volume: 0.8,
            muted: false,
            default_players: 2,
            default_seats: [
                Controller::Human,
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
                Controller::Computer(Level::Medium),
            ],
            last_preset: "classic".into(),
            last_named_rules: None,
            default_first: FirstMove::default(),
            default_palette: Palette::default(),
            tutorial: TutorialProgress::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_a_colour_swaps_it_with_the_point_that_wore_it() {
        let mut p = Palette::default();
        assert_eq!(p.colour(Point::Bottom), 0);
        p.set(Point::Bottom, 4);
        assert_eq!(p.colour(Point::Bottom), 4);
        let wore_four = Point::ALL
            .into_iter()
            .find(|&q| q != Point::Bottom && Palette::default().colour(q) == 4)
            .unwrap();
        assert_eq!(
            p.colour(wore_four),
            0,
            "the old wearer takes the bottom's colour"
        );
        let mut all: Vec<usize> = Point::ALL.iter().map(|&q| p.colour(q)).collect();
        all.sort();
        assert_eq!(all, vec![0, 1, 2, 3, 4, 5], "every colour still worn once");
        // Its own colour, or one that does not exist, changes nothing.
        let before = p;
        p.set(Point::Bottom, 4);
        p.set(Point::Bottom, COLOUR_COUNT);
        assert_eq!(p, before);
        // A colour nobody wears (purple) is simply taken; the old one is free again.
        p.set(Point::Bottom, 6);
        assert_eq!(p.colour(Point::Bottom), 6);
        assert_eq!(p.colour(wore_four), 0);
        let mut all: Vec<usize> = Point::ALL.iter().map(|&q| p.colour(q)).collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 6, "still six different colours");
    }

    #[test]
    fn leapstone_plays_its_own_colours_and_every_other_preset_the_boards() {
        let l = Palette::of_preset("leapstone");
        let worn: Vec<usize> = Point::ALL.iter().map(|&q| l.colour(q)).collect();
        // Red, blue, green, yellow, purple, silver.
        assert_eq!(worn, [1, 2, 5, 4, 6, 7]);
        assert_eq!(MatchConfig::preset("leapstone", 2).unwrap().palette, l);
        assert_eq!(
            MatchConfig::preset("classic", 2).unwrap().palette,
            Palette::default()
        );
        assert_eq!(Palette::try_from(vec![1, 2, 5, 4, 6, 7]), Ok(l));
    }

    #[test]
    fn a_palette_reads_only_as_the_six_colours_each_once() {
        let read = |t: &str| ron::from_str::<Palette>(t).map_err(|e| e.to_string());
        assert_eq!(read("[0, 1, 2, 3, 4, 5]"), Ok(Palette::default()));
        let p = read("[4, 1, 2, 3, 0, 5]").unwrap();
        assert_eq!(ron::to_string(&p).unwrap(), "[4,1,2,3,0,5]");
        for bad in [
            "[0, 1, 2, 3, 4]",
            "[0, 0, 2, 3, 4, 5]",
            "[0, 1, 2, 3, 4, 9]",
            "[0, 1, 2, 3, 4, 8]",
            "[]",
        ] {
            let e = read(bad).unwrap_err();
            assert!(e.contains("colour"), "{bad}: {e}");
        }
    }

    #[test]
    fn vs_computer_is_a_two_player_game_against_the_ai() {
        let c = MatchConfig::vs_computer(Level::Easy);
        assert_eq!(c.players, 2);
        assert_eq!(
            c.controllers(),
            &[Controller::Human, Controller::Computer(Level::Easy)]
        );
        let g = c.build_game().unwrap();
        assert_eq!(g.setup().players, 2);
    }

    #[test]
    fn any_seat_or_a_random_one_moves_first_and_the_order_stays_clockwise() {
        let mut c = MatchConfig::preset("rulebook", 4).unwrap();
        for first in 0..4 {
            c.first = FirstMove::Seat(first);
            let mut g = c.build_game_drawing(|| unreachable!()).unwrap();
            assert_eq!(g.to_move(), Some(first));
            let m = g.legal_moves()[0].clone();
            g.play(&m.path).unwrap();
            assert_eq!(g.to_move(), Some((first + 1) % 4), "clockwise from there");
            // The record remembers who began.
            let back = sternhalma_rules::GameRecord::from_game(&g)
                .replay()
                .unwrap();
            assert_eq!(back.start().1, first);
        }
        c.first = FirstMove::Random;
        let drawn: Vec<usize> = (0..8u64)
            .map(|d| c.build_game_drawing(|| d).unwrap().to_move().unwrap())
            .collect();
        assert_eq!(drawn, [0, 1, 2, 3, 0, 1, 2, 3]);
        c.first = FirstMove::Seat(4);
        let e = c.build_game_drawing(|| 0).unwrap_err().to_string();
        assert!(e.contains("seat 5 moves first, but only 4 play"), "{e}");
    }

    #[test]
    fn a_first_seat_that_does_not_play_goes_back_to_the_bottom_seat() {
        assert_eq!(FirstMove::Seat(5).for_players(6), FirstMove::Seat(5));
        assert_eq!(FirstMove::Seat(5).for_players(4), FirstMove::Seat(0));
        assert_eq!(FirstMove::Seat(1).for_players(2), FirstMove::Seat(1));
        assert_eq!(FirstMove::Random.for_players(2), FirstMove::Random);
    }

    #[test]
    fn presets_reject_player_counts_they_do_not_support() {
        assert!(MatchConfig::preset("simple", 3).is_err());
        assert!(MatchConfig::preset("classic", 6).is_ok());
    }

    /// A settings file as the app wrote it before the tutorial existed.
    const OLD_SETTINGS: &str = "(version: 1, settings: (speed: Instant, colour_blind: false,
        rotate_board: true, handover_screen: true, volume: 0.25, muted: true,
        default_players: 6, default_seats: (Human, Computer(Medium), Computer(Medium),
        Computer(Medium), Computer(Medium), Computer(Medium)), last_preset: \"pairs\"))";

    #[test]
    fn settings_from_before_the_tutorial_read_as_not_offered_nothing_done() {
        let s = crate::formats::SettingsFile::from_ron(OLD_SETTINGS).unwrap();
        assert_eq!(s.tutorial, TutorialProgress::default());
        assert!(!s.tutorial.offered);
        assert_eq!(s.tutorial.done(), 0);
        assert_eq!(s.tutorial.next_lesson(), Some(tutorial::lessons()[0].id));
    }

    #[test]
    fn tutorial_progress_is_kept_and_unknown_lessons_are_ignored() {
        let first = tutorial::lessons()[0].id;
        let text = OLD_SETTINGS.replace(
            "last_preset:",
            &format!(
                "tutorial: (offered: true, completed: [\"{first}\", \"no-such-lesson\"]), \
                 last_preset:"
            ),
        );
        let mut s = crate::formats::SettingsFile::from_ron(&text).unwrap();
        assert!(s.tutorial.offered);
        assert!(s.tutorial.is_complete(first));
        assert_eq!(s.tutorial.done(), 1, "the unknown id counts for nothing");
        assert_ne!(s.tutorial.next_lesson(), Some(first));
        // Only real lessons are marked, each once; the rest follow in order.
        assert!(!s.tutorial.complete("no-such-lesson-either"));
        assert!(!s.tutorial.complete(first));
        for l in tutorial::lessons() {
            s.tutorial.complete(l.id);
        }
        assert_eq!(s.tutorial.done(), tutorial::lessons().len());
        assert_eq!(s.tutorial.next_lesson(), None);
        // And written, it reads back the same.
        let back =
            crate::formats::SettingsFile::from_ron(&crate::formats::SettingsFile::to_ron(&s))
                .unwrap();
        assert_eq!(back, s);
    }
}

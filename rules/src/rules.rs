//! Rule sets: every option on which the main rule books disagree, and the named presets.
//!
//! A [`RuleSet`] is plain serde data, so presets live as RON files under `assets/rules/`
//! (compiled in here, so the engine needs no file access) and players can write their own.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How far a single jump may reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Jumps {
    /// Over one adjacent marble into the hole right behind it.
    #[default]
    Short,
    /// Over a single marble any distance away along a line, landing the same distance beyond
    /// it, when every hole in between is empty.
    Long,
}

/// When a player's goal counts as done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Finish {
    /// Every goal hole holds one of the player's own marbles.
    #[default]
    Strict,
    /// Every goal hole is filled and at least one holds the player's own marble, so a marble
    /// parked in someone's goal cannot block them.
    AntiBlocking,
}

/// With teams, what a partner's marble in your goal counts as. Partners sit opposite, so each
/// partner's start is the other's goal: at the start your goal is full of your partner's
/// marbles. Only matters with teams; without them there is no partner and it is ignored.
///
/// The tournament table's text says "a player has finished when all 10 holes of the goal are
/// filled and at least one of the marbles there is their own. So an opponent's marble left in
/// your goal does not stop you from finishing." Its example names an opponent's marble, and
/// [`PartnerInGoal::Unfilled`] reads the rule that way. Read word for word, "all 10 holes are
/// filled" says any marble fills a hole, a partner's too: that is [`PartnerInGoal::Filled`].
/// Either way at least one marble in the goal must be the player's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum PartnerInGoal {
    /// A partner's marble in your goal leaves its hole unfilled: under
    /// [`Finish::AntiBlocking`] an opponent's marble fills a hole and a partner's does not
    /// (the rule stops blockers; it must not let a partner who never left home fill your goal
    /// for you), and under [`Finish::Strict`] only your own marbles fill one.
    #[default]
    Unfilled,
    /// A partner's marble in your goal fills its hole as your own would: under
    /// [`Finish::AntiBlocking`] any marble at all fills a hole (the tournament text word for
    /// word), under [`Finish::Strict`] any marble of your team does. A partner who keeps
    /// marbles at home keeps those holes of your goal filled, so a pair can finish early: each
    /// brings a single marble across while the other's home stays full. A leaving-home
    /// deadline does not prevent it when both finish before their deadline move (a finished
    /// player makes no more moves, so the deadline no longer applies to them).
    Filled,
}

/// What happens once the first player (or team) has finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AfterFinish {
    /// The game ends; the others are ranked by progress.
    #[default]
    EndAndRank,
    /// The others play on for the next places; finished players are skipped.
    PlayOn,
}

/// What a game ended by the move limit, repetition or a round without moves comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Undecided {
    /// Places by marbles in the goal, ties by distance still to travel (fewer is better).
    #[default]
    RankByProgress,
    /// Everyone not yet placed shares the next place: a draw.
    Draw,
}

/// What resigning (or a fallen flag) does at a table of three or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AfterResign {
    /// The resigner takes the worst free place, their marbles leave, the rest play on.
    #[default]
    PlayOn,
    /// The game ends for everyone: the resigner is last, the rest are ranked by progress.
    EndAndRank,
}

/// The deadline for getting every marble out of the start point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum LeaveHome {
    /// No deadline.
    #[default]
    Off,
    /// The tournament rule: 30 own moves, 40 with 15 marbles.
    Standard,
    /// A custom number of own moves.
    Moves(u16),
}

/// A game clock, kept as pure state that the app advances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockRule {
    /// A reserve for the whole game plus an increment after every move; running out is
    /// handled like resigning.
    Reserve {
        /// Starting reserve, in milliseconds.
        reserve_ms: u64,
        /// Added after each of the player's moves, in milliseconds.
        increment_ms: u64,
    },
    /// A limit per move: running out skips the turn, and missing `resign_after` turns in a
    /// row resigns.
    PerMove {
        /// Time for one move, in milliseconds.
        limit_ms: u64,
        /// Missed turns in a row that count as resigning.
        resign_after: u8,
    },
}

/// Every rule option of the game. Missing fields in a RON file take the defaults shown by
/// [`RuleSet::default`] (the simple two-player rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RuleSet {
    /// Short name, as used by `--rules` and the menus.
    pub name: String,
    /// One line for the new-game screen.
    pub description: String,
    /// For a player's own rule set saved under a name: the preset it was made from, so its
    /// label still says where it came from. Absent (and not written) for everything else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub based_on: Option<String>,
    /// Player counts this rule set can be played with.
    pub players: Vec<u8>,
    /// Player count chosen when none is given.
    pub default_players: u8,
    /// Marbles per player: 6, 10 or 15.
    pub marbles: u8,
    /// Partners in opposite points play as teams (4 or 6 players).
    pub teams: bool,
    /// Short or long jumps.
    pub jumps: Jumps,
    /// Whether a move may end in a point that is neither the mover's start nor goal
    /// (passing through in a jump chain is always allowed).
    pub rest_in_other_points: bool,
    /// A marble that has entered its goal moves only inside it: every landing stays inside.
    pub goal_lock: bool,
    /// When a goal counts as done.
    pub finish: Finish,
    /// With teams, whether a partner's marble in your goal fills its hole (ignored without
    /// teams). Older rule files and saves lack it and read as [`PartnerInGoal::Unfilled`].
    pub partner_in_goal: PartnerInGoal,
    /// Whether the game ends at the first finisher.
    pub after_first_finish: AfterFinish,
    /// Two players: if the first player finishes, the second still moves, and finishing too
    /// makes a draw.
    pub equalising_move: bool,
    /// Deadline for leaving the start point.
    pub leave_home: LeaveHome,
    /// Turns per player before the game is decided without a finish.
    pub move_limit: Option<u16>,
    /// A position that occurs a third time ends the game.
    pub repetition_ends: bool,
    /// How a game ended by limit, repetition or no moves is decided.
    pub undecided: Undecided,
    /// What resigning does at a table of three or more.
    pub resign: AfterResign,
    /// Optional clock.
    pub clock: Option<ClockRule>,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet {
            name: "custom".into(),
            description: String::new(),
            based_on: None,
            players: vec![2, 3, 4, 6],
            default_players: 2,
            marbles: 10,
            teams: false,
            jumps: Jumps::Short,
            rest_in_other_points: true,
            goal_lock: false,
            finish: Finish::Strict,
            partner_in_goal: PartnerInGoal::Unfilled,
            after_first_finish: AfterFinish::EndAndRank,
            equalising_move: false,
            leave_home: LeaveHome::Off,
            move_limit: None,
            repetition_ends: false,
            undecided: Undecided::RankByProgress,
            resign: AfterResign::PlayOn,
            clock: None,
        }
    }
}

/// Why a rule set or set-up cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// No preset by that name.
    UnknownPreset(String),
    /// The RON text could not be read.
    Parse(String),
    /// The values do not make a playable game.
    Invalid(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(n) => write!(
                f,
                "unknown rules preset '{n}' (known: {})",
                PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
            ),
            RulesError::Parse(e) => write!(f, "rule set file: {e}"),
            RulesError::Invalid(e) => write!(f, "invalid rules: {e}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// The preset files, compiled in.
const PRESETS: &[(&str, &str)] = &[
    ("classic", include_str!("../../assets/rules/classic.ron")),
    ("casual", include_str!("../../assets/rules/casual.ron")),
    ("simple", include_str!("../../assets/rules/simple.ron")),
    (
        "long-jumps",
        include_str!("../../assets/rules/long-jumps.ron"),
    ),
    ("quick", include_str!("../../assets/rules/quick.ron")),
    ("fifteen", include_str!("../../assets/rules/fifteen.ron")),
    ("pairs", include_str!("../../assets/rules/pairs.ron")),
    (
        "three-pairs",
        include_str!("../../assets/rules/three-pairs.ron"),
    ),
    ("rulebook", include_str!("../../assets/rules/rulebook.ron")),
    (
        "leapstone",
        include_str!("../../assets/rules/leapstone.ron"),
    ),
];

impl RuleSet {
    /// Names of the built-in presets, in menu order.
    pub fn preset_names() -> impl Iterator<Item = &'static str> {
        PRESETS.iter().map(|p| p.0)
    }

    /// A built-in preset by name.
    pub fn preset(name: &str) -> Result<RuleSet, RulesError> {
        let (_, text) = PRESETS
            .iter()
            .find(|p| p.0 == name)
            .ok_or_else(|| RulesError::UnknownPreset(name.to_string()))?;
        RuleSet::from_ron(text)
    }

    /// Reads a rule set from RON text and checks it.
    pub fn from_ron(text: &str) -> Result<RuleSet, RulesError> {
        let rules: RuleSet = ron::from_str(text).map_err(|e| RulesError::Parse(e.to_string()))?;
        rules.validate()?;
        Ok(rules)
    }

    /// Writes the rule set as readable RON.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a rule set always serialises")
    }

    /// Checks that the values make a playable game.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |s: String| Err(RulesError::Invalid(s));
        if self.players.is_empty() {
            return bad("no player count allowed".into());
        }
        for &p in &self.players {
            Setup::new(p, self.marbles, self.teams)
                .map_err(|e| RulesError::Invalid(e.to_string()))?;
        }
        if !self.players.contains(&self.default_players) {
            return bad(format!(
                "default of {} players is not among {:?}",
                self.default_players, self.players
            ));
        }
        // `partner_in_goal` without teams is no error: with no partner it changes nothing,
        // and the rules page says so.
        if let LeaveHome::Moves(0) = self.leave_home {
            return bad("leaving-home deadline of 0 moves".into());
        }
        if self.move_limit == Some(0) {
            return bad("move limit of 0".into());
        }
        const HOUR_MS: u64 = 3_600_000;
        if matches!(self.leave_home, LeaveHome::Moves(n) if n > 10_000)
            || self.move_limit.is_some_and(|n| n > 10_000)
        {
            return bad("move counts above 10000 are not supported".into());
        }
        match self.clock {
            Some(ClockRule::Reserve {
                reserve_ms,
                increment_ms,
            }) if reserve_ms > 100 * HOUR_MS || increment_ms > HOUR_MS => {
                bad("clock reserve over 100 hours or increment over an hour".into())
            }
            Some(ClockRule::PerMove { limit_ms, .. }) if limit_ms > 24 * HOUR_MS => {
                bad("per-move limit over a day".into())
            }
            Some(ClockRule::Reserve { reserve_ms: 0, .. }) => bad("clock reserve of 0".into()),
            Some(ClockRule::PerMove { limit_ms: 0, .. }) => bad("per-move limit of 0".into()),
            Some(ClockRule::PerMove {
                resign_after: 0, ..
            }) => bad("per-move clock must allow at least one missed turn".into()),
            _ => Ok(()),
        }
    }

    /// The name to show for these rules on the guide, in records and in statistics: the
    /// preset's own name while they are that preset unchanged, "custom (from classic)" once
    /// anything was edited (the clock too: a record must not claim rules it did not keep), a
    /// player's rule set saved under a name as "family rules (from classic)", and any other
    /// name as it is.
    pub fn label(&self) -> String {
        if let Some(base) = &self.based_on {
            return format!("{} (from {base})", self.name);
        }
        match RuleSet::preset(&self.name) {
            Ok(preset) if preset == *self => self.name.clone(),
            Ok(_) => format!("custom (from {})", self.name),
            Err(_) => self.name.clone(),
        }
    }

    /// The preset these rules began as (edits keep the preset's name, a named rule set keeps
    /// it in `based_on`), if any.
    pub fn origin(&self) -> Option<&'static str> {
        let source = self.based_on.as_deref().unwrap_or(&self.name);
        RuleSet::preset_names().find(|&n| n == source)
    }

    /// The leaving-home deadline in own moves for a given number of marbles, if any.
    pub fn leave_home_moves(&self, marbles: u8) -> Option<u16> {
        match self.leave_home {
            LeaveHome::Off => None,
            LeaveHome::Standard => Some(if marbles == 15 { 40 } else { 30 }),
            LeaveHome::Moves(n) => Some(n),
        }
    }
}

/// Who sits where: player count, marbles each, and whether partners play as teams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// 2, 3, 4 or 6.
    pub players: u8,
    /// 6, 10 or 15 (15 for two players only).
    pub marbles: u8,
    /// Partners in opposite points (4 or 6 players).
    pub teams: bool,
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} players, {} marbles", self.players, self.marbles)?;
        if self.teams {
            write!(f, ", teams")?;
        }
        Ok(())
    }
}

impl Setup {
    /// Checks and builds a set-up.
    pub fn new(players: u8, marbles: u8, teams: bool) -> Result<Setup, RulesError> {
        if !matches!(players, 2 | 3 | 4 | 6) {
            return Err(RulesError::Invalid(format!(
                "{players} players: the game is for 2, 3, 4 or 6"
            )));
        }
        if !matches!(marbles, 6 | 10 | 15) {
            return Err(RulesError::Invalid(format!(
                "{marbles} marbles: choose 6, 10 or 15"
            )));
        }
        if marbles == 15 && players != 2 {
            return Err(RulesError::Invalid(
                "15 marbles is a two-player set-up".into(),
            ));
        }
        if teams && !matches!(players, 4 | 6) {
            return Err(RulesError::Invalid("teams need 4 or 6 players".into()));
        }
        Ok(Setup {
            players,
            marbles,
            teams,
        })
    }

    /// The set-up a rule set asks for, with an optional player count and marble count
    /// overriding its defaults.
    pub fn for_rules(
        rules: &RuleSet,
        players: Option<u8>,
        marbles: Option<u8>,
    ) -> Result<Setup, RulesError> {
        let players = players.unwrap_or(rules.default_players);
        if !rules.players.contains(&players) {
            return Err(RulesError::Invalid(format!(
                "the {} rules are for {:?} players, not {players}",
                rules.name, rules.players
            )));
        }
        Setup::new(players, marbles.unwrap_or(rules.marbles), rules.teams)
    }

    /// Rows of the home triangle: 3 for 6 marbles, 4 for 10, 5 for 15.
    pub fn home_rows(&self) -> u8 {
        match self.marbles {
            6 => 3,
            15 => 5,
            _ => 4,
        }
    }

    /// The points the players sit at, in turn order (clockwise, first seat moves first).
    pub fn seat_points(&self) -> &'static [crate::board::Point] {
        use crate::board::Point::*;
        match self.players {
            2 => &[Bottom, Top],
            3 => &[Bottom, UpperLeft, UpperRight],
            4 => &[Bottom, LowerLeft, Top, UpperRight],
            _ => &[Bottom, LowerLeft, UpperLeft, Top, UpperRight, LowerRight],
        }
    }

    /// Number of places to fight for: teams, or players.
    pub fn units(&self) -> usize {
        if self.teams {
            self.players as usize / 2
        } else {
            self.players as usize
        }
    }

    /// The unit (team or player) a seat plays for. Partners sit opposite, so in turn order
    /// they are `players / 2` seats apart.
    pub fn unit_of(&self, seat: usize) -> usize {
        if self.teams {
            seat % (self.players as usize / 2)
        } else {
            seat
        }
    }

    /// The seats of a unit.
    pub fn seats_of(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.players as usize).filter(move |&s| self.unit_of(s) == unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_loads_and_validates() {
        for name in RuleSet::preset_names() {
            let r = RuleSet::preset(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(r.name, name);
            assert!(!r.description.is_empty());
            // And survives a round trip through its own RON.
            assert_eq!(RuleSet::from_ron(&r.to_ron()).unwrap(), r);
        }
    }

    #[test]
    fn presets_say_what_the_issue_asks() {
        let c = RuleSet::preset("classic").unwrap();
        assert!(!c.rest_in_other_points && c.goal_lock && c.equalising_move);
        assert_eq!(c.finish, Finish::AntiBlocking);
        assert_eq!(c.after_first_finish, AfterFinish::PlayOn);
        assert_eq!(c.leave_home, LeaveHome::Standard);
        assert_eq!(c.move_limit, Some(150));
        assert!(c.repetition_ends);
        let k = RuleSet::preset("casual").unwrap();
        assert!(k.rest_in_other_points && !k.goal_lock);
        assert_eq!(k.finish, Finish::AntiBlocking);
        assert_eq!(k.after_first_finish, AfterFinish::EndAndRank);
        assert_eq!(k.move_limit, Some(200));
        let s = RuleSet::preset("simple").unwrap();
        assert_eq!(s.players, vec![2]);
        assert_eq!(s.finish, Finish::Strict);
        assert_eq!(RuleSet::preset("long-jumps").unwrap().jumps, Jumps::Long);
        assert_eq!(RuleSet::preset("quick").unwrap().marbles, 6);
        let f = RuleSet::preset("fifteen").unwrap();
        assert_eq!((f.marbles, f.leave_home_moves(15)), (15, Some(40)));
        assert!(RuleSet::preset("pairs").unwrap().teams);
        assert_eq!(RuleSet::preset("three-pairs").unwrap().players, vec![6]);
        let b = RuleSet::preset("rulebook").unwrap();
        assert_eq!(b.players, vec![2, 3, 4, 6]);
        assert_eq!((b.marbles, b.finish), (10, Finish::Strict));
        assert_eq!(b.after_first_finish, AfterFinish::EndAndRank);
        assert_eq!(
            (b.leave_home, b.move_limit, b.clock),
            (LeaveHome::Off, None, None)
        );
        let l = RuleSet::preset("leapstone").unwrap();
        assert_eq!(l.players, vec![2, 3, 4, 6]);
        assert_eq!(l.finish, Finish::Strict);
        assert_eq!(l.after_first_finish, AfterFinish::PlayOn);
        assert_eq!(l.resign, AfterResign::PlayOn);
        assert_eq!(
            l.clock,
            Some(ClockRule::PerMove {
                limit_ms: 30_000,
                resign_after: 3
            })
        );
        assert_eq!((l.leave_home, l.move_limit), (LeaveHome::Off, None));
    }

    #[test]
    fn every_preset_names_its_source() {
        const SOURCES: [&str; 5] = [
            "The tournament table's",
            "The casual site's",
            "The simple two-player board",
            "The classic rulebook",
            "The Leapstone app's",
        ];
        for name in RuleSet::preset_names() {
            let d = RuleSet::preset(name).unwrap().description;
            assert!(SOURCES.iter().any(|s| d.starts_with(s)), "{name}: {d}");
        }
        assert_eq!(RuleSet::preset_names().count(), 10);
    }

    #[test]
    fn edited_presets_are_named_custom_from_their_preset() {
        for name in RuleSet::preset_names() {
            let p = RuleSet::preset(name).unwrap();
            assert_eq!(p.label(), name);
            assert_eq!(p.origin(), Some(name));
            let mut edited = p.clone();
            edited.repetition_ends = !edited.repetition_ends;
            assert_eq!(edited.label(), format!("custom (from {name})"));
            assert_eq!(edited.origin(), Some(name));
            let mut timed = p.clone();
            timed.clock = match p.clock {
                None => Some(ClockRule::PerMove {
                    limit_ms: 15_000,
                    resign_after: 3,
                }),
                Some(_) => None,
            };
            assert_eq!(timed.label(), format!("custom (from {name})"));
            // Put back, it is the preset again.
            edited.repetition_ends = p.repetition_ends;
            assert_eq!(edited.label(), name);
        }
        let own = RuleSet {
            name: "Grandma's".into(),
            ..RuleSet::default()
        };
        assert_eq!(own.label(), "Grandma's");
        assert_eq!(own.origin(), None);
    }

    #[test]
    fn a_rule_set_saved_under_a_name_says_where_it_came_from() {
        let mut family = RuleSet::preset("classic").unwrap();
        family.move_limit = Some(90);
        family.name = "family rules".into();
        family.based_on = Some("classic".into());
        assert_eq!(family.label(), "family rules (from classic)");
        assert_eq!(family.origin(), Some("classic"));
        // Written with its origin and read back the same.
        let text = family.to_ron();
        assert!(text.contains("based_on: Some(\"classic\")"), "{text}");
        assert_eq!(RuleSet::from_ron(&text).unwrap(), family);
        // The presets (and every older file) are written and read without it.
        let classic = RuleSet::preset("classic").unwrap();
        assert_eq!(classic.based_on, None);
        assert!(!classic.to_ron().contains("based_on"));
    }

    #[test]
    fn bad_rule_files_are_refused_with_a_reason() {
        assert!(matches!(
            RuleSet::preset("nope"),
            Err(RulesError::UnknownPreset(_))
        ));
        assert!(
            RuleSet::preset("nope")
                .unwrap_err()
                .to_string()
                .contains("classic")
        );
        assert!(matches!(
            RuleSet::from_ron("(name: 3"),
            Err(RulesError::Parse(_))
        ));
        assert!(matches!(
            RuleSet::from_ron("(colour: \"red\")"),
            Err(RulesError::Parse(_))
        ));
        assert!(matches!(
            RuleSet::from_ron("(players: [5], default_players: 5)"),
            Err(RulesError::Invalid(_))
        ));
        assert!(matches!(
            RuleSet::from_ron("(players: [3], default_players: 3, marbles: 15)"),
            Err(RulesError::Invalid(_))
        ));
        assert!(matches!(
            RuleSet::from_ron("(move_limit: Some(0))"),
            Err(RulesError::Invalid(_))
        ));
        // Defaults fill the gaps.
        assert_eq!(RuleSet::from_ron("()").unwrap(), RuleSet::default());
    }

    #[test]
    fn setups_are_checked() {
        assert!(Setup::new(5, 10, false).is_err());
        assert!(Setup::new(2, 7, false).is_err());
        assert!(Setup::new(4, 15, false).is_err());
        assert!(Setup::new(3, 10, true).is_err());
        let s = Setup::new(6, 10, true).unwrap();
        assert_eq!(s.units(), 3);
        assert_eq!(s.seats_of(1).collect::<Vec<_>>(), vec![1, 4]);
        let pts = s.seat_points();
        for seat in 0..6 {
            let partner = s.seats_of(s.unit_of(seat)).find(|&o| o != seat).unwrap();
            assert_eq!(pts[partner], pts[seat].opposite());
        }
        let classic = RuleSet::preset("classic").unwrap();
        assert_eq!(
            Setup::for_rules(&classic, Some(4), Some(6))
                .unwrap()
                .marbles,
            6
        );
        assert!(Setup::for_rules(&RuleSet::preset("pairs").unwrap(), Some(6), None).is_err());
    }
}

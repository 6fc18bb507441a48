//! What self-play tuning changes per side (`sternhalma-cli match --a-eval ...`): the
//! evaluation's [`Weights`] and the search's switches, [`Tuning`], read together from
//! `name=value` text. The switches decide how the search looks and which moves foresight
//! plays out, not what a position is worth, so they are kept out of the weights the
//! evaluation reads.

use super::evaluation::Weights;

/// The largest value [`Weights`] and [`Settings`] read from text.
pub const MAX_WEIGHT: i32 = 10_000;

/// The search's switches, mostly the expert's: its foresight at a six-player table
/// (`rules/src/ai/foresight.rs`), its depth, tempo and pace there, the weight of the
/// opponents per table, and the turn order of team games. Search settings, not evaluation
/// weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// How many of its best moves the expert plays out with foresight at a six-player table
    /// (0 turns foresight off).
    pub foresight: i32,
    /// How many of its last moves a seat must have made as the medium level would have for
    /// foresight to count on it.
    pub recognise: i32,
    /// How many of those moves may differ from the medium level's.
    pub misses: i32,
    /// 1 when foresight plays a round out only if every other seat still playing is
    /// foreseeable, 0 when also if some are (the others then stand still).
    pub foresee_all: i32,
    /// How many plies the expert searches at a six-player table (the hard level: 4).
    pub crowded_depth: i32,
    /// Percent of its own best next move a leaf counts for the expert at a six-player table
    /// (the hard level: 20).
    pub crowded_tempo: i32,
    /// With T > 0, the expert at a six-player table weighs each opponent in the field's mean
    /// by how soon it would finish at the pace it has kept so far this game: the soonest
    /// 100, each other `exp(-d / (T / 10))` as much for d moves later (0: all alike; 30 by
    /// default). Learnt from the game, not from who sits there.
    pub crowded_pace: i32,
    /// 0, the default, when the six-player expert drops the pace weights while foresight
    /// foresees the table (its model already says who will move how); 1 keeps them.
    pub foresee_pace: i32,
    /// Team games the hard and expert levels search in the real turn order, each seat in
    /// turn (partners for the side), instead of Best-Reply Search: 0 none, 1 two teams
    /// (where that is plain minimax), 2 any number of teams.
    pub team_order: i32,
    /// Percent of its nodes the expert searches with three or four sides, no teams.
    pub field_nodes: i32,
    /// Percent the opponents' average cost counts for in the expert's score with four
    /// sides, no teams (100: as much as its own): less lets it race rather than chase
    /// blocks that the others' replies undo.
    pub field_others: i32,
    /// [`Tuning::field_others`] at a table of three.
    pub three_others: i32,
    /// [`Tuning::field_others`] at a table of six without teams.
    pub crowded_others: i32,
    /// Percent of its own best next move a leaf counts for the expert with three or four
    /// sides, no teams (100, the default, as with two players; [`Tuning::crowded_tempo`]
    /// is the same at six).
    pub field_tempo: i32,
    /// Percent the head-on opponent (whose home is the expert's goal, at four and six
    /// players) weighs in the expert's average of the opponents, against 100 for each other
    /// one, no teams.
    pub head_on: i32,
    /// At a table of three, the expert's temperature (eval units; about 250 is one move)
    /// for the opponents' soft minimum: their costs count as
    /// `leader - T ln(mean of exp(-(cost - leader) / T))`, so an opponent close to the lead
    /// weighs most and one far behind, who cannot win the race, little; their replies a
    /// leaf charges are weighed alike. A negative T is the soft maximum, the last weighing
    /// most. 500 by default; 0: the plain mean.
    pub three_softmin: i32,
    /// The learned evaluation ([`Weights::learned`]'s values) the expert plays with at a
    /// table of three, where `learned` is 0; other tables and levels keep `learned`. 1 (the
    /// model's costs and its other terms) by default; 0 plays the hand-made evaluation.
    pub three_learned: i32,
    /// The lane weight ([`Weights::lane`]) the expert plays with at a table of six without
    /// teams, where `lane` is 0; other tables and levels keep `lane`. 4 by default; 0 plays
    /// the distance costs alone.
    pub crowded_lane: i32,
    /// The lane weight the expert plays with at a table of four without teams, where `lane`
    /// is 0. 4 by default; 0 plays the distance costs alone.
    pub four_lane: i32,
    /// 1 when the hard level plays the expert's lane weights too (`four_lane`,
    /// `crowded_lane`): a field of players who keep to the line through the centre, to
    /// measure the expert against (0, the default: the hard level plays no lane).
    pub hard_lane: i32,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            foresight: 3,
            // A wrong model costs more than none: against five hard players, and a mixed
            // field where one seat is a medium (docs/ai.md, issue 19).
            recognise: 3,
            misses: 1,
            foresee_all: 1,
            crowded_depth: 4,
            crowded_tempo: 20,
            // Three moves' temperature: against five hard players the expert came first in
            // 155 of 600 games over seeds 11 to 15 so, 123 without, and in the mixed field in
            // 276 of 600 over seeds 11 to 15, 270 without (docs/ai.md, issue 19, forty-first
            // round).
            crowded_pace: 30,
            // Against five mediums, whom foresight foresees, the pace's weights reorder the
            // moves it plays out: 85 and 89 of 120 with seeds 1 and 2 without them, 74 and
            // 86 with (docs/ai.md, issue 19, forty-second round).
            foresee_pace: 0,
            // Two teams: the expert's team won 273 of 360 pairs games (three seeds) against
            // hard teams searching so too; with Best-Reply Search on both sides, 18 of 40.
            // Three pairs gained nothing (docs/ai.md, fifth round).
            team_order: 1,
            field_nodes: 100,
            // Half: against three hard players the expert came first in 115 of 360
            // four-player games (three seeds) so, 81 with 100; on three fresh seeds 134, 74
            // with 100. At three players half or three quarters gained nothing (145 and 152
            // of 360 against two hard, 152 with 100), nor clearly at six (19 of 90 against
            // five hard, 16 with 100; docs/ai.md, issue 19, tenth to twelfth rounds).
            field_others: 50,
            three_others: 100,
            crowded_others: 100,
            // Half or one and a half lost at four players (32 and 30 of 120 on one seed,
            // where the defaults took 50; twelfth round).
            field_tempo: 100,
            head_on: 100,
            // Two opponents: the one nearer the lead is the one to slow. Against two hard
            // players the expert came first in 347 of 720 three-player games over six seeds
            // so, 300 with the mean, more on every seed (docs/ai.md, issue 19, sixteenth
            // round).
            three_softmin: 500,
            // The shipped three-player model: against two hard players the expert came first
            // in 568 of 1,080 games over seeds 11 to 19 so, 503 without (docs/ai.md, issue 19,
            // eighteenth round). At four and six it lost (the fourth and fourteenth rounds).
            three_learned: 1,
            // A marble beside the line through the centre costs 4 per half hole-spacing: in
            // the mixed six-player field the expert came first in 270 of 600 games over seeds
            // 11 to 15 so, 208 without, and against five hard players in 99 of 480 over seeds
            // 11 to 14, where it took 80 (docs/ai.md, issue 19, twenty-fourth round).
            crowded_lane: 4,
            // The same at four players: against three hard players the expert came first in
            // 439 of 1,080 games over seeds 11 to 19 so, 371 without (docs/ai.md, issue 19,
            // twenty-sixth round).
            four_lane: 4,
            // Against hard players who keep to the lane as well, the expert came first in 36
            // of 360 four-player games over seeds 11 to 13 where it takes 159 against the
            // hard level as it is, and no depth cap holds against both fields (docs/ai.md,
            // issue 19, twenty-eighth and twenty-ninth rounds): the hard level keeps no lane
            // until the expert plays well against one.
            hard_lane: 0,
        }
    }
}

/// A side's evaluation weights and foresight switches, as `--a-eval` / `--b-eval` read them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// How positions are scored.
    pub weights: Weights,
    /// How the expert's foresight searches.
    pub tuning: Tuning,
}

/// Values that can be read by name from `name=value` text.
trait Named: Default {
    /// Every name, in order, for the error that lists them.
    fn names() -> Vec<&'static str>;
    /// The value called `name`, if there is one.
    fn slot(&mut self, name: &str) -> Option<&mut i32>;
}

/// Implements [`Named`] for a struct of `i32` fields from one list of them, so a name and
/// its field are written once and the error's list cannot leave one out.
macro_rules! named {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl Named for $ty {
            fn names() -> Vec<&'static str> {
                vec![$(stringify!($field)),*]
            }
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                Some(match name {
                    $(stringify!($field) => &mut self.$field,)*
                    _ => return None,
                })
            }
        }
    };
}

named!(Weights {
    linear,
    square,
    field_square,
    late_home,
    ladder,
    bridge,
    learned,
    lane,
    lane_free,
    lane_cap,
    lane_low,
    lane_high,
    lane_others,
    lane_shift,
});

named!(Tuning {
    foresight,
    recognise,
    misses,
    foresee_all,
    crowded_depth,
    crowded_tempo,
    crowded_pace,
    foresee_pace,
    team_order,
    field_nodes,
    field_others,
    three_others,
    crowded_others,
    field_tempo,
    head_on,
    three_softmin,
    three_learned,
    crowded_lane,
    four_lane,
    hard_lane,
});

impl Named for Settings {
    fn names() -> Vec<&'static str> {
        let mut names = Weights::names();
        names.extend(Tuning::names());
        names
    }
    fn slot(&mut self, name: &str) -> Option<&mut i32> {
        match self.weights.slot(name) {
            Some(slot) => Some(slot),
            None => self.tuning.slot(name),
        }
    }
}

/// Changes to the defaults, as `name=value` pairs separated by commas: `ladder=8,square=2`.
fn read<T: Named>(s: &str) -> Result<T, String> {
    let mut out = T::default();
    for pair in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("'{pair}' is not name=value"))?;
        // Bounded so that no sum of terms can overflow.
        let value: i32 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &i32| v.abs() <= MAX_WEIGHT)
            .ok_or_else(|| {
                format!("'{value}' is not a whole number from -{MAX_WEIGHT} to {MAX_WEIGHT}")
            })?;
        let name = name.trim();
        let slot = out
            .slot(name)
            .ok_or_else(|| format!("unknown weight '{name}' ({})", T::names().join(", ")))?;
        *slot = value;
    }
    Ok(out)
}

impl std::str::FromStr for Weights {
    type Err = String;

    /// Changes to the default weights, as `name=value` pairs separated by commas:
    /// `ladder=8,square=2`.
    fn from_str(s: &str) -> Result<Weights, String> {
        read(s)
    }
}

impl std::str::FromStr for Settings {
    type Err = String;

    /// Changes to the default weights and switches, as `name=value` pairs separated by
    /// commas: `ladder=8,foresight=0`.
    fn from_str(s: &str) -> Result<Settings, String> {
        read(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_from_name_value_pairs_and_refuse_anything_else() {
        let w: Weights = "ladder=8, bridge=-2,square=3".parse().unwrap();
        assert_eq!(
            w,
            Weights {
                ladder: 8,
                bridge: -2,
                square: 3,
                ..Weights::default()
            }
        );
        assert_eq!("".parse::<Weights>().unwrap(), Weights::default());
        assert!("ladder".parse::<Weights>().is_err());
        assert!("ladder=x".parse::<Weights>().is_err());
        assert!("ladder=10001".parse::<Weights>().is_err());
        assert!("linear=-99999999999".parse::<Weights>().is_err());
        assert_eq!("square=-10000".parse::<Weights>().unwrap().square, -10_000);
        assert!("rungs=3".parse::<Weights>().is_err());
        assert_eq!("field_square=2".parse::<Weights>().unwrap().field_square, 2);
        assert_eq!("learned=1".parse::<Weights>().unwrap().learned, 1);
        assert_eq!(Weights::default().learned, 0);
        // The foresight switches are read with the weights, into the settings beside them.
        let s: Settings = "foresight=0".parse().unwrap();
        assert_eq!(s.tuning.foresight, 0);
        let t = "recognise=3,misses=1,foresee_all=1"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((t.recognise, t.misses, t.foresee_all), (3, 1, 1));
        assert!("foresight=0".parse::<Weights>().is_err());
        // Switches removed (docs/ai.md, forty-second round) are refused like any unknown name.
        assert!("paranoid=1".parse::<Settings>().is_err());
        assert!("learned_scale=400".parse::<Settings>().is_err());
        let t = "team_order=0,crowded_depth=6"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((t.team_order, t.crowded_depth), (0, 6));
        let d = Tuning::default();
        assert_eq!((d.team_order, d.crowded_depth), (1, 4));
        let t = "field_nodes=300,field_others=75,three_others=90,crowded_others=60,field_tempo=40,head_on=250,three_softmin=400,three_learned=3,crowded_lane=2,four_lane=6"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!(
            (
                t.field_nodes,
                t.field_others,
                t.three_others,
                t.crowded_others,
                t.field_tempo,
                t.head_on
            ),
            (300, 75, 90, 60, 40, 250)
        );
        assert_eq!(
            (
                t.three_softmin,
                t.three_learned,
                t.crowded_lane,
                t.four_lane
            ),
            (400, 3, 2, 6)
        );
        assert_eq!(
            "crowded_pace=60"
                .parse::<Settings>()
                .unwrap()
                .tuning
                .crowded_pace,
            60
        );
        assert_eq!(d.crowded_pace, 30);
        let p = "foresee_pace=1".parse::<Settings>().unwrap().tuning;
        assert_eq!(p.foresee_pace, 1);
        assert_eq!(d.foresee_pace, 0);
        assert_eq!(
            (
                d.field_nodes,
                d.field_others,
                d.three_others,
                d.crowded_others,
                d.field_tempo,
                d.head_on
            ),
            (100, 50, 100, 100, 100, 100)
        );
        assert_eq!(
            (
                d.three_softmin,
                d.three_learned,
                d.crowded_lane,
                d.four_lane
            ),
            (500, 1, 4, 4)
        );
    }

    /// Every field has one name of its own, and an unknown name's error lists them all.
    #[test]
    fn every_field_is_read_by_a_name_of_its_own() {
        let names = Settings::names();
        // Every field is an i32, so this counts the fields: none is left without a name.
        assert_eq!(names.len(), size_of::<Settings>() / size_of::<i32>());
        let mut s = Settings::default();
        for (i, name) in names.iter().enumerate() {
            *s.slot(name).unwrap() = 9000 + i as i32;
        }
        // Distinct values read back: no two names share a field.
        for (i, name) in names.iter().enumerate() {
            assert_eq!(*s.slot(name).unwrap(), 9000 + i as i32, "{name}");
            assert_eq!(
                format!("{name}=7").parse::<Settings>().unwrap().slot(name),
                Some(&mut 7)
            );
        }
        let e = "rungs=3".parse::<Settings>().unwrap_err();
        assert!(names.iter().all(|n| e.contains(n)), "{e}");
        let e = "rungs=3".parse::<Weights>().unwrap_err();
        assert!(e.contains("learned") && !e.contains("foresight"), "{e}");
    }

    /// Settings read weights as [`Weights`] does and switches beside them, refusing what
    /// neither knows.
    #[test]
    fn settings_read_weights_and_switches_together() {
        let s: Settings = "ladder=8, foresight=2,square=3, misses=0".parse().unwrap();
        assert_eq!(s.weights, "ladder=8,square=3".parse::<Weights>().unwrap());
        assert_eq!(
            s.tuning,
            Tuning {
                foresight: 2,
                misses: 0,
                ..Tuning::default()
            }
        );
        assert_eq!("".parse::<Settings>().unwrap(), Settings::default());
        let e = "rungs=3".parse::<Settings>().unwrap_err();
        assert!(e.contains("rungs") && e.contains("foresee_all"), "{e}");
        assert!("foresight=10001".parse::<Settings>().is_err());
        assert!("foresight".parse::<Settings>().is_err());
    }
}

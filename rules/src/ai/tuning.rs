//! What self-play tuning changes per side (`sternhalma-cli match --a-eval ...`): the
//! evaluation's [`Weights`] and the expert's foresight switches, [`Tuning`], read together
//! from `name=value` text. The switches decide which moves foresight plays out, not what a
//! position is worth, so they are kept out of the weights the evaluation reads.

use super::evaluation::Weights;

/// The largest value [`Weights`] and [`Settings`] read from text.
pub const MAX_WEIGHT: i32 = 10_000;

/// Switches of the expert's foresight at a six-player table (`rules/src/ai/foresight.rs`):
/// search settings, not evaluation weights.
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
    /// At a six-player table, the expert scores against the leading opponent instead of the
    /// field's average once an opponent has at most this many goal holes open and the expert
    /// more (0: always the average).
    pub leader_end: i32,
    /// How many plies the expert searches at a six-player table (the hard level: 4).
    pub crowded_depth: i32,
    /// Percent of its own best next move a leaf counts for the expert at a six-player table
    /// (the hard level: 20).
    pub crowded_tempo: i32,
    /// Moves the expert searches at a node below the root at a six-player table (0: twice
    /// the level's own, 20, as the hard level there).
    pub crowded_width: i32,
    /// Plies the expert searches at a six-player table once every marble of its own is at
    /// most [`Tuning::crowded_end_steps`] steps from its goal's far tip, where the armies
    /// have passed each other and the finish is near (0: [`Tuning::crowded_depth`] still).
    pub crowded_end_depth: i32,
    /// Steps from its goal's far tip within which every marble of the expert's must stand
    /// for [`Tuning::crowded_end_depth`] to apply (8: past the centre row).
    pub crowded_end_steps: i32,
    /// With T > 0, the expert at a six-player table weighs each opponent in the field's mean
    /// by how soon it would finish at the pace it has kept so far this game: the soonest
    /// 100, each other `exp(-d / (T / 10))` as much for d moves later (0: all alike; 30 by
    /// default). Learnt from the game, not from who sits there.
    pub crowded_pace: i32,
    /// [`Tuning::crowded_pace`] at three players without teams (0, the default: off).
    pub three_pace: i32,
    /// [`Tuning::crowded_pace`] at four players without teams (0, the default: off).
    pub four_pace: i32,
    /// 0, the default, when the six-player expert drops the pace weights while foresight
    /// foresees the table (its model already says who will move how); 1 keeps them.
    pub foresee_pace: i32,
    /// Team games the hard and expert levels search in the real turn order, each seat in
    /// turn (partners for the side), instead of Best-Reply Search: 0 none, 1 two teams
    /// (where that is plain minimax), 2 any number of teams.
    pub team_order: i32,
    /// 1 when the hard and expert levels search three or four players without teams in the
    /// real turn order (paranoid: each opponent in turn against the root) instead of
    /// Best-Reply Search.
    pub paranoid: i32,
    /// Moves the expert searches at a node below the root with three or four sides, no
    /// teams (0: the level's own, 10).
    pub field_width: i32,
    /// Percent of its nodes the expert searches with three or four sides, no teams.
    pub field_nodes: i32,
    /// Late move reductions for the expert with three or four sides, no teams: below the
    /// root, moves after this many at a node are searched two plies shallower first (0: off).
    pub field_reduce: i32,
    /// Most plies the expert searches with three or four sides, no teams (0: the level's
    /// own, 16).
    pub field_depth: i32,
    /// Playouts per candidate for the expert with three or more sides, no teams: the
    /// search's best moves are each played on with noisy greedy moves by every seat, and the
    /// best on average is played (`rules/src/ai/playout.rs`; 0: off).
    pub playouts: i32,
    /// How many of the search's best moves the playouts compare.
    pub playout_candidates: i32,
    /// Rounds each playout lasts.
    pub playout_rounds: i32,
    /// Scale of the playouts' noise on each move's gain (16 is a step).
    pub playout_noise: i32,
    /// 1 when the hard and expert levels solve races with three or more sides too: once
    /// every own marble is past every other marble, the rest is a solo puzzle (0: only with
    /// two sides). 2: also once every own marble is past every other marble in the central
    /// hexagon or its goal, the others' triangles being off its way.
    pub field_races: i32,
    /// Beam width of the expert's solo plan with three or more sides, no teams: it plays
    /// the first move of the shortest line to its goal a beam finds with everyone else
    /// standing still (0: off).
    pub solo_plan: i32,
    /// The solo plan starts once every own marble is at most this many steps from the
    /// goal's far tip.
    pub solo_steps: i32,
    /// The expert's first this many moves with three or more sides, no teams, are the first
    /// move of the shortest line to its goal a beam `open_width` wide finds with everyone
    /// else standing still: the opening, before the armies meet, as a solo crossing (0:
    /// off).
    pub solo_open: i32,
    /// The beam width of `solo_open`.
    pub open_width: i32,
    /// Percent the opponents' average cost counts for in the expert's score with four
    /// sides, no teams (100: as much as its own): less lets it race rather than chase
    /// blocks that the others' replies undo.
    pub field_others: i32,
    /// Once the expert has made `late_from` moves (the opening's count; 0: never),
    /// [`Tuning::field_others`] gives way to `late_others`: blocks may be worth more once
    /// the armies meet.
    pub late_from: i32,
    /// See [`Tuning::late_from`].
    pub late_others: i32,
    /// 1 when the expert, with three or more sides and no teams, searches whole rounds in
    /// which every opponent makes its own best move, instead of Best-Reply Search.
    pub field_greedy: i32,
    /// [`Tuning::field_others`] at a table of three.
    pub three_others: i32,
    /// [`Tuning::field_others`] at a table of six without teams.
    pub crowded_others: i32,
    /// 1 when the opponents' replies charged at a leaf (the mean of their best next gains,
    /// three or four sides) count for the same share as their costs do (`field_others`,
    /// `three_others`), 0 when in full.
    pub scaled_replies: i32,
    /// Percent of its own best next move a leaf counts for the expert with three or four
    /// sides, no teams (100, the default, as with two players; [`Tuning::crowded_tempo`]
    /// is the same at six).
    pub field_tempo: i32,
    /// Percent the head-on opponent (whose home is the expert's goal, at four and six
    /// players) weighs in the expert's average of the opponents, against 100 for each other
    /// one, no teams.
    pub head_on: i32,
    /// 1 when the expert, with three or more sides and no teams, searches Best-Reply Search
    /// with every other opponent making its own best move after each reply (BRS+).
    pub brs_plus: i32,
    /// With four sides and no teams, the expert's temperature (eval units; about
    /// 250 is one move) for the opponents' soft minimum: their costs count as
    /// `leader - T ln(mean of exp(-(cost - leader) / T))`, so an opponent close to the lead
    /// weighs most and one far behind, who cannot win the race, little; their replies a
    /// leaf charges are weighed alike. A negative T is the soft maximum, the last weighing
    /// most. 0 (the default): the plain mean.
    pub softmin: i32,
    /// [`Tuning::softmin`] at a table of three (500 by default).
    pub three_softmin: i32,
    /// [`Tuning::softmin`] at a table of six without teams.
    pub crowded_softmin: i32,
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
    /// Percent of what a reply costs the replying opponent's own progress that the expert's
    /// Best-Reply Search adds to the reply's score, with three or more sides and no teams
    /// (0: plain Best-Reply Search; `Searcher::plausible`).
    pub plausible: i32,
    /// Percent of its second-best marble's best move a leaf where it is to move counts for
    /// the expert with three or four sides, no teams (0: only its best move counts).
    pub field_option: i32,
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
            leader_end: 0,
            crowded_depth: 4,
            crowded_tempo: 20,
            crowded_width: 0,
            crowded_end_depth: 0,
            crowded_end_steps: 8,
            // Three moves' temperature: against five hard players the expert came first in
            // 155 of 600 games over seeds 11 to 15 so, 123 without, and in the mixed field in
            // 276 of 600 over seeds 11 to 15, 270 without (docs/ai.md, issue 19, forty-first
            // round).
            crowded_pace: 30,
            three_pace: 0,
            four_pace: 0,
            // Against five mediums, whom foresight foresees, the pace's weights reorder the
            // moves it plays out: 85 and 89 of 120 with seeds 1 and 2 without them, 74 and
            // 86 with (docs/ai.md, issue 19, forty-second round).
            foresee_pace: 0,
            // Two teams: the expert's team won 273 of 360 pairs games (three seeds) against
            // hard teams searching so too; with Best-Reply Search on both sides, 18 of 40.
            // Three pairs gained nothing (docs/ai.md, fifth round).
            team_order: 1,
            paranoid: 0,
            field_width: 0,
            field_nodes: 100,
            field_reduce: 0,
            field_depth: 0,
            playouts: 0,
            playout_candidates: 4,
            playout_rounds: 2,
            playout_noise: 16,
            field_races: 0,
            solo_plan: 0,
            solo_steps: 16,
            solo_open: 0,
            open_width: 200,
            // Half: against three hard players the expert came first in 115 of 360
            // four-player games (three seeds) so, 81 with 100; on three fresh seeds 134, 74
            // with 100. At three players half or three quarters gained nothing (145 and 152
            // of 360 against two hard, 152 with 100), nor clearly at six (19 of 90 against
            // five hard, 16 with 100; docs/ai.md, issue 19, tenth to twelfth rounds).
            field_others: 50,
            late_from: 0,
            late_others: 100,
            field_greedy: 0,
            three_others: 100,
            crowded_others: 100,
            scaled_replies: 0,
            // Half or one and a half lost at four players (32 and 30 of 120 on one seed,
            // where the defaults took 50; twelfth round).
            field_tempo: 100,
            head_on: 100,
            brs_plus: 0,
            // Four players keep the mean: leaning either way lost there (31 and 35 of 120
            // towards the leader, 19 and 18 towards the last, where the mean took 50).
            softmin: 0,
            // Two opponents: the one nearer the lead is the one to slow. Against two hard
            // players the expert came first in 347 of 720 three-player games over six seeds
            // so, 300 with the mean, more on every seed (docs/ai.md, issue 19, sixteenth
            // round).
            three_softmin: 500,
            crowded_softmin: 0,
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
            // Charging half of what a reply costs the replier lost at three players (176 of
            // 360 against two hard, 188 with the worst reply), four (0 of 120 against
            // lane-keeping hard players, 10) and in the mixed six-player field (44, 65;
            // docs/ai.md, issue 19, thirtieth round).
            plausible: 0,
            // Half of the second-best marble's best move at a leaf lost at three players:
            // 237 of 480 first places against two hard players, 254 without (docs/ai.md,
            // issue 19, thirty-ninth round).
            field_option: 0,
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
    learned_scale,
    paths,
    learned_hand,
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
    leader_end,
    crowded_depth,
    crowded_tempo,
    crowded_width,
    crowded_end_depth,
    crowded_end_steps,
    crowded_pace,
    three_pace,
    four_pace,
    foresee_pace,
    team_order,
    paranoid,
    field_width,
    field_nodes,
    field_reduce,
    field_depth,
    playouts,
    playout_candidates,
    playout_rounds,
    playout_noise,
    field_races,
    solo_plan,
    solo_steps,
    solo_open,
    open_width,
    field_others,
    late_from,
    late_others,
    field_greedy,
    three_others,
    crowded_others,
    scaled_replies,
    field_tempo,
    head_on,
    brs_plus,
    softmin,
    three_softmin,
    crowded_softmin,
    three_learned,
    crowded_lane,
    four_lane,
    hard_lane,
    plausible,
    field_option,
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
        let scaled: Weights = "learned_scale=400".parse().unwrap();
        assert_eq!(scaled.learned_scale, 400);
        assert_eq!(Weights::default().learned_scale, 100);
        // The foresight switches are read with the weights, into the settings beside them.
        let s: Settings = "foresight=0".parse().unwrap();
        assert_eq!(s.tuning.foresight, 0);
        let t = "recognise=3,misses=1,foresee_all=1"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((t.recognise, t.misses, t.foresee_all), (3, 1, 1));
        assert!("foresight=0".parse::<Weights>().is_err());
        let t = "leader_end=2,crowded_depth=6"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((t.leader_end, t.crowded_depth), (2, 6));
        let t = "team_order=0,paranoid=1"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((t.team_order, t.paranoid), (0, 1));
        assert_eq!(
            (Tuning::default().team_order, Tuning::default().paranoid),
            (1, 0)
        );
        let t = "field_width=16,field_nodes=300,field_reduce=3,field_depth=5,crowded_width=30"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!(
            (
                t.field_width,
                t.field_nodes,
                t.field_reduce,
                t.field_depth,
                t.crowded_width
            ),
            (16, 300, 3, 5, 30)
        );
        let d = Tuning::default();
        assert_eq!(
            (
                d.field_width,
                d.field_nodes,
                d.field_reduce,
                d.field_depth,
                d.crowded_width
            ),
            (0, 100, 0, 0, 0)
        );
        let t = "playouts=300,playout_candidates=6,playout_rounds=3,playout_noise=0"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!(
            (
                t.playouts,
                t.playout_candidates,
                t.playout_rounds,
                t.playout_noise
            ),
            (300, 6, 3, 0)
        );
        assert_eq!(
            (
                d.playouts,
                d.playout_candidates,
                d.playout_rounds,
                d.playout_noise
            ),
            (0, 4, 2, 16)
        );
        let t = "field_races=1,solo_plan=300,solo_steps=6,field_others=75,field_greedy=1,three_others=90,crowded_others=60,scaled_replies=1,field_tempo=40,head_on=250,brs_plus=1,softmin=300,three_softmin=400,crowded_softmin=700,three_learned=3,crowded_lane=2,four_lane=6,solo_open=5,open_width=70,late_from=9,late_others=80"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!(
            (
                t.field_races,
                t.solo_plan,
                t.solo_steps,
                t.field_others,
                t.field_greedy,
                t.three_others,
                t.crowded_others,
                t.scaled_replies,
                t.field_tempo,
                t.head_on,
                t.brs_plus
            ),
            (1, 300, 6, 75, 1, 90, 60, 1, 40, 250, 1)
        );
        assert_eq!(
            (
                t.softmin,
                t.three_softmin,
                t.crowded_softmin,
                t.three_learned,
                t.crowded_lane,
                t.four_lane,
                t.solo_open,
                t.open_width
            ),
            (300, 400, 700, 3, 2, 6, 5, 70)
        );
        assert_eq!((t.late_from, t.late_others), (9, 80));
        assert_eq!((d.late_from, d.late_others), (0, 100));
        let e = "crowded_end_depth=6,crowded_end_steps=5"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((e.crowded_end_depth, e.crowded_end_steps), (6, 5));
        assert_eq!((d.crowded_end_depth, d.crowded_end_steps), (0, 8));
        assert_eq!(
            "crowded_pace=60"
                .parse::<Settings>()
                .unwrap()
                .tuning
                .crowded_pace,
            60
        );
        assert_eq!(d.crowded_pace, 30);
        let p = "three_pace=20,four_pace=40,foresee_pace=1"
            .parse::<Settings>()
            .unwrap()
            .tuning;
        assert_eq!((p.three_pace, p.four_pace, p.foresee_pace), (20, 40, 1));
        assert_eq!((d.three_pace, d.four_pace, d.foresee_pace), (0, 0, 0));
        assert_eq!(
            (
                d.field_races,
                d.solo_plan,
                d.solo_steps,
                d.field_others,
                d.field_greedy,
                d.three_others,
                d.crowded_others,
                d.scaled_replies,
                d.field_tempo,
                d.head_on,
                d.brs_plus
            ),
            (0, 0, 16, 50, 0, 100, 100, 0, 100, 100, 0)
        );
        assert_eq!(
            (
                d.softmin,
                d.three_softmin,
                d.crowded_softmin,
                d.three_learned,
                d.crowded_lane,
                d.four_lane,
                d.solo_open,
                d.open_width
            ),
            (0, 500, 0, 1, 4, 4, 0, 200)
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

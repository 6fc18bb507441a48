//! The rules page in words, made from a [`RuleSet`] option by option, so the guide can never
//! say something the engine does not do. Pure text: the app only lays the sections out.
//!
//! [`guide`] takes the rule set apart field by field without `..`, so a new option does not
//! compile until it has its words here; the tests walk every value of every option.

use crate::rules::RuleSet;
use crate::rules::{
    AfterFinish, AfterResign, ClockRule, Finish, Jumps, LeaveHome, PartnerInGoal, Undecided,
};

/// A heading and its sentences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Short heading.
    pub heading: &'static str,
    /// Whole sentences, one per bullet.
    pub lines: Vec<String>,
}

/// Everything the rules `r` say, for a game of `marbles` marbles each (a set-up may differ from
/// the rule set's own count), grouped for the rules page.
pub fn guide(r: &RuleSet, marbles: u8) -> Vec<Section> {
    let RuleSet {
        name: _,
        description,
        // Only where the name came from, not a rule.
        based_on: _,
        players,
        // Only the menu's starting choice, not a rule.
        default_players: _,
        // The set-up's count is the one in force.
        marbles: _,
        teams,
        jumps,
        rest_in_other_points,
        goal_lock,
        finish,
        partner_in_goal,
        after_first_finish,
        equalising_move,
        leave_home,
        move_limit,
        repetition_ends,
        undecided,
        resign,
        clock,
    } = r;
    let mut about = vec![];
    if !description.is_empty() {
        about.push(format!("{description}."));
    }
    about.push(table(players, marbles, *teams));
    let moves = vec![
        jumps_line(*jumps),
        resting_line(*rest_in_other_points),
        goal_lock_line(*goal_lock),
    ];
    let mut finishing = vec![finish_line(*finish, *partner_in_goal, *teams)];
    if let Some(line) = blocking_line(*finish, *move_limit, *repetition_ends) {
        finishing.push(line);
    }
    finishing.push(after_finish_line(*after_first_finish, *teams));
    finishing.push(equalising_line(*equalising_move));
    let undecided_text = undecided_words(*undecided);
    let no_finish = vec![
        move_limit_line(*move_limit, &undecided_text),
        repetition_line(*repetition_ends, &undecided_text),
        format!(
            "A player who cannot move passes. When nobody can move, the game ends: \
             {undecided_text}."
        ),
    ];
    let leaving = vec![leave_home_line(
        *leave_home,
        r.leave_home_moves(marbles),
        *teams,
    )];
    let out = vec![resign_line(*resign, *teams), clock_line(*clock, *resign)];
    vec![
        Section {
            heading: "The table",
            lines: about,
        },
        Section {
            heading: "Moves",
            lines: moves,
        },
        Section {
            heading: "Finishing",
            lines: finishing,
        },
        Section {
            heading: "When nobody finishes",
            lines: no_finish,
        },
        Section {
            heading: "Leaving home",
            lines: leaving,
        },
        Section {
            heading: "Resigning and the clock",
            lines: out,
        },
    ]
}

/// All of [`guide`] as one text, for searching in tests and for plain-text exports.
pub fn guide_text(r: &RuleSet, marbles: u8) -> String {
    guide(r, marbles)
        .iter()
        .flat_map(|s| std::iter::once(s.heading.to_string()).chain(s.lines.iter().cloned()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn table(players: &[u8], marbles: u8, teams: bool) -> String {
    let counts: Vec<String> = players.iter().map(u8::to_string).collect();
    let counts = match counts.as_slice() {
        [] => String::from("no"),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    let who = if teams {
        "Partners sit opposite and play as a team: a team finishes when both partners have, \
         and if one partner goes out the other goes out too."
    } else {
        "Everyone plays for themselves."
    };
    format!("For {counts} players, {marbles} marbles each. {who}")
}

fn jumps_line(j: Jumps) -> String {
    match j {
        Jumps::Short => "A jump goes over one neighbouring marble into the empty hole right \
                         behind it."
            .into(),
        Jumps::Long => "Long jumps: a jump may go over a single marble any distance away along \
                        a line, landing as far beyond it, when every hole in between is empty."
            .into(),
    }
}

fn resting_line(anywhere: bool) -> String {
    if anywhere {
        "A move may end anywhere, also in other players' points.".into()
    } else {
        "A move may not end in a point that is neither your start nor your goal; passing \
         through it in a chain of jumps is fine."
            .into()
    }
}

fn goal_lock_line(lock: bool) -> String {
    if lock {
        "Once a marble is in your goal it stays inside: every move of it ends in the goal.".into()
    } else {
        "Marbles in your goal may leave it again.".into()
    }
}

fn finish_line(f: Finish, p: PartnerInGoal, teams: bool) -> String {
    let own = match (f, p, teams) {
        (Finish::Strict, PartnerInGoal::Filled, true) => {
            "You finish when every hole of your goal holds a marble of your team, at least one \
             of them your own: an opponent's marble there keeps you from finishing."
        }
        (Finish::Strict, ..) => {
            "You finish when every hole of your goal holds one of your own marbles: anyone \
             else's marble there keeps you from finishing."
        }
        (Finish::AntiBlocking, ..) => {
            "You finish when every hole of your goal is filled and at least one holds your own \
             marble: an opponent's marble parked there counts as filled, even when they fill \
             the last hole on their own move."
        }
    };
    let partner = partner_line(f, p, teams);
    if partner.is_empty() {
        own.into()
    } else {
        format!("{own} {partner}")
    }
}

/// What a partner's marble in your goal counts as (the `partner_in_goal` option). Without
/// teams the option is ignored: nothing is said at its default, and a rule set that sets it
/// anyway is told it changes nothing (it still makes the rules "custom").
fn partner_line(f: Finish, p: PartnerInGoal, teams: bool) -> &'static str {
    match (teams, f, p) {
        (false, _, PartnerInGoal::Unfilled) => "",
        (false, _, PartnerInGoal::Filled) => {
            "(With teams a partner's marble in your goal would count as filled; nobody plays \
             in a team here, so that changes nothing.)"
        }
        (true, Finish::Strict, PartnerInGoal::Unfilled) => {
            "A partner's marble in your goal does not count as filled either: your partner \
             starts there and has to make room for all of yours."
        }
        (true, Finish::AntiBlocking, PartnerInGoal::Unfilled) => {
            "A partner's marble in your goal does not count as filled, though an opponent's \
             does: your partner starts there, and staying at home must not fill it for you."
        }
        (true, Finish::Strict, PartnerInGoal::Filled) => {
            "A partner's marble in your goal counts as filled, as your own does: your partner \
             starts there, so while they keep marbles at home a single marble of yours in the \
             goal can be enough."
        }
        (true, Finish::AntiBlocking, PartnerInGoal::Filled) => {
            "Any marble fills a hole of your goal, a partner's too: your partner starts there, \
             so while they keep marbles at home a single marble of yours in the goal can be \
             enough."
        }
    }
}

/// Whether a strict goal can be blocked for good, and what (if anything) ends such a game.
fn blocking_line(f: Finish, limit: Option<u16>, repetition: bool) -> Option<String> {
    match f {
        Finish::AntiBlocking => None,
        Finish::Strict => Some(match (limit, repetition) {
            (Some(n), _) => format!(
                "An opponent's marble parked in your goal can keep you from finishing; the \
                 limit of {n} turns each still ends such a game."
            ),
            (None, true) => "An opponent's marble parked in your goal can keep you from \
                             finishing, and no move limit ends such a game: only a position \
                             repeated three times or resigning does."
                .into(),
            (None, false) => "An opponent's marble parked in your goal can keep you from \
                              finishing, and no rule here ends such a game: it can go on \
                              forever unless players resign. A move limit (a rule option) \
                              would end it."
                .into(),
        }),
    }
}

fn after_finish_line(a: AfterFinish, teams: bool) -> String {
    let (side, sides) = if teams {
        ("team", "teams")
    } else {
        ("player", "players")
    };
    match a {
        AfterFinish::EndAndRank => format!(
            "The first {side} to finish wins and the game ends: the other {sides} are placed by \
             marbles in their goal, ties by the distance still to travel (less is better)."
        ),
        AfterFinish::PlayOn => format!(
            "The first {side} to finish wins; the others play on for the next places, and \
             whoever has finished is skipped. The game ends when one {side} is left, who takes \
             the next place."
        ),
    }
}

fn equalising_line(on: bool) -> String {
    if on {
        "Two players: if the player who moved first finishes, the other still gets one move, \
         and finishing with it makes the game a draw."
            .into()
    } else {
        "Two players: there is no equalising move; whoever finishes first wins, even though \
         the other has had one move fewer."
            .into()
    }
}

fn undecided_words(u: Undecided) -> String {
    match u {
        Undecided::RankByProgress => "the players not yet placed are ranked by marbles in \
                                      their goal, ties by the distance still to travel (less \
                                      is better)"
            .into(),
        Undecided::Draw => "everyone not yet placed shares the next place, a draw".into(),
    }
}

fn move_limit_line(limit: Option<u16>, undecided: &str) -> String {
    match limit {
        Some(n) => format!(
            "Move limit: when the player to move has had {n} turns, the game ends: {undecided}."
        ),
        None => "There is no move limit.".into(),
    }
}

fn repetition_line(on: bool, undecided: &str) -> String {
    if on {
        format!(
            "A position (the marbles and who is to move) that occurs for the third time ends \
             the game: {undecided}."
        )
    } else {
        "Repeating a position does not end the game.".into()
    }
}

/// `moves`: the deadline for this game's marble count.
fn leave_home_line(rule: LeaveHome, moves: Option<u16>, teams: bool) -> String {
    let Some(n) = moves else {
        return "There is no deadline for leaving your start point.".into();
    };
    let how = match rule {
        LeaveHome::Off => "",
        LeaveHome::Standard => " (the tournament rule: 30 moves, 40 with 15 marbles)",
        LeaveHome::Moves(_) => "",
    };
    let (partner, two, more) = if teams {
        (" and your partner", "With two teams", "with three")
    } else {
        ("", "With two players", "at a larger table")
    };
    format!(
        "Every marble must have left your start point by your {} move{how}; a marble that \
         cannot move at all then is excused. Whoever fails is out, and after the deadline, \
         bringing a marble back into your start point also puts you out. Out means: you{partner} \
         take the worst place still free and your marbles leave the board. {two} that loses \
         the game; {more} the others play on.",
        ordinal(u32::from(n))
    )
}

fn resign_line(a: AfterResign, teams: bool) -> String {
    let (two, more) = if teams {
        ("with two teams", "With three teams")
    } else {
        ("with two players", "With three or more")
    };
    let partner = if teams {
        " Your partner goes out with you."
    } else {
        ""
    };
    let rest = match a {
        AfterResign::PlayOn => "the game goes on without you: your marbles leave the board, \
                                you take the worst place still free, and the last one left \
                                takes the best place still free."
            .to_string(),
        AfterResign::EndAndRank => "resigning ends the game for everyone: you are last, those \
                                    who finished keep their places, and the rest are ranked by \
                                    marbles in their goal, ties by the distance still to \
                                    travel."
            .to_string(),
    };
    format!("Resigning: {two}, the other side wins. {more}, {rest}{partner}")
}

fn clock_line(c: Option<ClockRule>, a: AfterResign) -> String {
    let as_resigning = match a {
        AfterResign::PlayOn => "the game goes on without that player",
        AfterResign::EndAndRank => "the game ends for everyone",
    };
    match c {
        None => "No clock: take your time.".into(),
        Some(ClockRule::Reserve {
            reserve_ms,
            increment_ms,
        }) => format!(
            "Clock: {} each for the game, plus {} after each of your moves. A fallen flag \
             counts as resigning: with two, the other side wins; with more, {as_resigning}.",
            duration(reserve_ms),
            duration(increment_ms)
        ),
        Some(ClockRule::PerMove {
            limit_ms,
            resign_after,
        }) => {
            let missed = if resign_after == 1 {
                "Missing a turn counts as resigning".to_string()
            } else {
                format!("Missing {resign_after} turns in a row counts as resigning")
            };
            format!(
                "Clock: {} for each move; when it runs out, your turn is skipped. {missed}: \
                 with two, the other side wins; with more, {as_resigning}.",
                duration(limit_ms)
            )
        }
    }
}

/// `90000` → "1 min 30 s", `1500` → "1.5 s".
fn duration(ms: u64) -> String {
    let (min, rest) = (ms / 60_000, ms % 60_000);
    let secs = if rest % 1000 == 0 {
        format!("{} s", rest / 1000)
    } else {
        let frac = format!("{:03}", rest % 1000);
        format!("{}.{} s", rest / 1000, frac.trim_end_matches('0'))
    };
    match (min, rest) {
        (0, _) => secs,
        (m, 0) => format!("{m} min"),
        (m, _) => format!("{m} min {secs}"),
    }
}

/// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next value of each enum option: a new variant does not compile until it is chained
    /// in here, and so walked by the tests.
    fn next_jumps(j: Jumps) -> Option<Jumps> {
        match j {
            Jumps::Short => Some(Jumps::Long),
            Jumps::Long => None,
        }
    }
    fn next_finish(f: Finish) -> Option<Finish> {
        match f {
            Finish::Strict => Some(Finish::AntiBlocking),
            Finish::AntiBlocking => None,
        }
    }
    fn next_after(a: AfterFinish) -> Option<AfterFinish> {
        match a {
            AfterFinish::EndAndRank => Some(AfterFinish::PlayOn),
            AfterFinish::PlayOn => None,
        }
    }
    fn next_undecided(u: Undecided) -> Option<Undecided> {
        match u {
            Undecided::RankByProgress => Some(Undecided::Draw),
            Undecided::Draw => None,
        }
    }
    fn next_partner(p: PartnerInGoal) -> Option<PartnerInGoal> {
        match p {
            PartnerInGoal::Unfilled => Some(PartnerInGoal::Filled),
            PartnerInGoal::Filled => None,
        }
    }
    fn next_resign(a: AfterResign) -> Option<AfterResign> {
        match a {
            AfterResign::PlayOn => Some(AfterResign::EndAndRank),
            AfterResign::EndAndRank => None,
        }
    }
    fn chain<T: Copy>(first: T, next: fn(T) -> Option<T>) -> Vec<T> {
        std::iter::successors(Some(first), |&v| next(v)).collect()
    }

    /// Every value of every option applied to `base`, named by the option. Takes the rule set
    /// apart without `..`, so a new field does not compile until it is walked here.
    fn variations(base: &RuleSet) -> Vec<(&'static str, Vec<RuleSet>)> {
        let RuleSet {
            name: _,
            description: _,
            based_on: _,
            players: _,
            default_players: _,
            marbles: _,
            teams: _,
            jumps: _,
            rest_in_other_points: _,
            goal_lock: _,
            finish: _,
            partner_in_goal: _,
            after_first_finish: _,
            equalising_move: _,
            leave_home: _,
            move_limit: _,
            repetition_ends: _,
            undecided: _,
            resign: _,
            clock: _,
        } = base;
        fn each<T: Clone>(
            base: &RuleSet,
            values: Vec<T>,
            set: impl Fn(&mut RuleSet, T),
        ) -> Vec<RuleSet> {
            values
                .into_iter()
                .map(|v| {
                    let mut r = base.clone();
                    set(&mut r, v);
                    r
                })
                .collect()
        }
        vec![
            (
                "description",
                each(base, vec!["", "A house rule of ours"], |r, v| {
                    r.description = v.into()
                }),
            ),
            (
                "players",
                each(base, vec![vec![2], vec![4], vec![2, 3, 4, 6]], |r, v| {
                    r.players = v
                }),
            ),
            ("marbles", each(base, vec![6, 10, 15], |r, v| r.marbles = v)),
            ("teams", each(base, vec![false, true], |r, v| r.teams = v)),
            (
                "jumps",
                each(base, chain(Jumps::Short, next_jumps), |r, v| r.jumps = v),
            ),
            (
                "rest_in_other_points",
                each(base, vec![false, true], |r, v| r.rest_in_other_points = v),
            ),
            (
                "goal_lock",
                each(base, vec![false, true], |r, v| r.goal_lock = v),
            ),
            (
                "finish",
                each(base, chain(Finish::Strict, next_finish), |r, v| {
                    r.finish = v
                }),
            ),
            (
                "partner_in_goal",
                each(
                    base,
                    chain(PartnerInGoal::Unfilled, next_partner),
                    |r, v| r.partner_in_goal = v,
                ),
            ),
            // And with teams, where it matters, under each preset's finish.
            (
                "partner_in_goal",
                each(
                    base,
                    chain(PartnerInGoal::Unfilled, next_partner),
                    |r, v| {
                        r.teams = true;
                        r.partner_in_goal = v
                    },
                ),
            ),
            (
                "after_first_finish",
                each(base, chain(AfterFinish::EndAndRank, next_after), |r, v| {
                    r.after_first_finish = v
                }),
            ),
            (
                "equalising_move",
                each(base, vec![false, true], |r, v| r.equalising_move = v),
            ),
            (
                "leave_home",
                each(
                    base,
                    vec![
                        LeaveHome::Off,
                        LeaveHome::Standard,
                        LeaveHome::Moves(1),
                        LeaveHome::Moves(22),
                        LeaveHome::Moves(10_000),
                    ],
                    |r, v| r.leave_home = v,
                ),
            ),
            (
                "move_limit",
                each(
                    base,
                    vec![None, Some(1), Some(77), Some(150), Some(10_000)],
                    |r, v| r.move_limit = v,
                ),
            ),
            (
                "repetition_ends",
                each(base, vec![false, true], |r, v| r.repetition_ends = v),
            ),
            (
                "undecided",
                each(
                    base,
                    chain(Undecided::RankByProgress, next_undecided),
                    |r, v| r.undecided = v,
                ),
            ),
            (
                "resign",
                each(base, chain(AfterResign::PlayOn, next_resign), |r, v| {
                    r.resign = v
                }),
            ),
            (
                "clock",
                each(
                    base,
                    vec![
                        None,
                        Some(ClockRule::Reserve {
                            reserve_ms: 180_000,
                            increment_ms: 2_000,
                        }),
                        Some(ClockRule::Reserve {
                            reserve_ms: 900_000,
                            increment_ms: 10_000,
                        }),
                        Some(ClockRule::PerMove {
                            limit_ms: 15_000,
                            resign_after: 3,
                        }),
                        Some(ClockRule::PerMove {
                            limit_ms: 60_000,
                            resign_after: 1,
                        }),
                    ],
                    |r, v| r.clock = v,
                ),
            ),
        ]
    }

    /// The sentence that tells `option` of `r`, as the guide must show it.
    fn sentence_of(option: &str, r: &RuleSet) -> String {
        let undecided = undecided_words(r.undecided);
        match option {
            "description" if r.description.is_empty() => table(&r.players, r.marbles, r.teams),
            "description" => format!("{}.", r.description),
            "players" | "marbles" | "teams" => table(&r.players, r.marbles, r.teams),
            "jumps" => jumps_line(r.jumps),
            "rest_in_other_points" => resting_line(r.rest_in_other_points),
            "goal_lock" => goal_lock_line(r.goal_lock),
            "finish" => finish_line(r.finish, r.partner_in_goal, r.teams),
            "partner_in_goal" => partner_line(r.finish, r.partner_in_goal, r.teams).into(),
            "after_first_finish" => after_finish_line(r.after_first_finish, r.teams),
            "equalising_move" => equalising_line(r.equalising_move),
            "leave_home" => leave_home_line(r.leave_home, r.leave_home_moves(r.marbles), r.teams),
            "move_limit" => move_limit_line(r.move_limit, &undecided),
            "repetition_ends" => repetition_line(r.repetition_ends, &undecided),
            "undecided" => undecided,
            "resign" => resign_line(r.resign, r.teams),
            "clock" => clock_line(r.clock, r.resign),
            other => panic!("no sentence for option {other}"),
        }
    }

    fn presets() -> Vec<RuleSet> {
        RuleSet::preset_names()
            .map(|n| RuleSet::preset(n).unwrap())
            .collect()
    }

    #[test]
    fn every_value_of_every_option_has_its_own_words_under_every_preset() {
        for base in presets() {
            for (option, values) in variations(&base) {
                let texts: Vec<String> = values.iter().map(|r| guide_text(r, r.marbles)).collect();
                for i in 0..texts.len() {
                    for j in 0..i {
                        assert_ne!(
                            texts[i], texts[j],
                            "{}: two values of {option} read the same:\n{}",
                            base.name, texts[i]
                        );
                    }
                }
                // And the option's own sentence is there, for every value.
                for (r, text) in values.iter().zip(&texts) {
                    let sentence = sentence_of(option, r);
                    assert!(
                        text.contains(&sentence),
                        "{}: {option}: '{sentence}' missing from\n{text}",
                        base.name
                    );
                }
                // The variation equal to the preset reads as the preset does.
                let own = guide_text(&base, base.marbles);
                if let Some(k) = values.iter().position(|r| *r == base) {
                    assert_eq!(texts[k], own, "{}: {option}", base.name);
                }
            }
        }
    }

    #[test]
    fn numbers_come_from_the_rule_set() {
        for base in presets() {
            for n in [1u16, 77, 150, 10_000] {
                let r = RuleSet {
                    move_limit: Some(n),
                    ..base.clone()
                };
                assert!(guide_text(&r, 10).contains(&format!("had {n} turns")));
                let r = RuleSet {
                    leave_home: LeaveHome::Moves(n),
                    ..base.clone()
                };
                assert!(
                    guide_text(&r, 10).contains(&format!("by your {} move", ordinal(n.into())))
                );
            }
            let r = RuleSet {
                leave_home: LeaveHome::Standard,
                ..base.clone()
            };
            assert!(guide_text(&r, 10).contains("by your 30th move"));
            assert!(guide_text(&r, 15).contains("by your 40th move"));
            let r = RuleSet {
                clock: Some(ClockRule::PerMove {
                    limit_ms: 45_000,
                    resign_after: 4,
                }),
                ..base.clone()
            };
            let t = guide_text(&r, 10);
            assert!(
                t.contains("45 s for each move") && t.contains("Missing 4 turns"),
                "{t}"
            );
            let r = RuleSet {
                clock: Some(ClockRule::Reserve {
                    reserve_ms: 300_000,
                    increment_ms: 3_000,
                }),
                ..base.clone()
            };
            assert!(guide_text(&r, 10).contains("5 min each for the game, plus 3 s"));
        }
    }

    #[test]
    fn every_way_a_game_ends_is_told_for_every_preset() {
        // Each ending, and the words that tell it whichever way the option is set.
        let endings: [(&str, &[&str]); 9] = [
            ("a finish", &["You finish when"]),
            ("after the first finish", &["to finish wins"]),
            (
                "the equalising move",
                &["equalising move", "still gets one move"],
            ),
            (
                "the move limit",
                &["There is no move limit", "Move limit: when"],
            ),
            (
                "repetition",
                &["Repeating a position does not", "for the third time"],
            ),
            (
                "nobody able to move",
                &["When nobody can move, the game ends"],
            ),
            ("resigning", &["Resigning: with two"]),
            (
                "a clock",
                &["No clock", "A fallen flag", "counts as resigning"],
            ),
            ("the deadline", &["no deadline", "start point by your"]),
        ];
        for r in presets() {
            let t = guide_text(&r, r.marbles);
            for (what, words) in endings {
                assert!(
                    words.iter().any(|w| t.contains(w)),
                    "{}: nothing about {what}:\n{t}",
                    r.name
                );
            }
        }
    }

    #[test]
    fn a_strict_finish_with_nothing_to_end_a_blocked_game_says_so() {
        let mut warned = vec![];
        for r in presets() {
            let t = guide_text(&r, r.marbles);
            let forever = t.contains("it can go on forever");
            assert_eq!(
                forever,
                r.finish == Finish::Strict && r.move_limit.is_none() && !r.repetition_ends,
                "{}",
                r.name
            );
            if forever {
                warned.push(r.name.clone());
            }
            if r.finish == Finish::AntiBlocking {
                assert!(t.contains("counts as filled"), "{}", r.name);
            } else {
                assert!(t.contains("keeps you from finishing"), "{}", r.name);
            }
        }
        assert_eq!(warned, ["simple", "rulebook", "leapstone"]);
    }

    #[test]
    fn what_each_ending_does_matches_the_option() {
        let classic = RuleSet::preset("classic").unwrap();
        let t = guide_text(&classic, 10);
        assert!(t.contains("resigning ends the game for everyone"), "{t}");
        assert!(t.contains("the others play on for the next places"));
        assert!(t.contains("making the game a draw") || t.contains("makes the game a draw"));
        assert!(t.contains("also puts you out"));
        let app = RuleSet::preset("leapstone").unwrap();
        let t = guide_text(&app, 10);
        assert!(t.contains("the game goes on without you"), "{t}");
        assert!(t.contains("30 s for each move; when it runs out, your turn is skipped"));
        assert!(t.contains("Missing 3 turns in a row counts as resigning"));
        let casual = RuleSet::preset("casual").unwrap();
        let t = guide_text(&casual, 10);
        assert!(t.contains("200 turns, the game ends: everyone not yet placed shares"));
        assert!(t.contains("The first player to finish wins and the game ends"));
        let pairs = RuleSet::preset("pairs").unwrap();
        let t = guide_text(&pairs, 10);
        assert!(t.contains("A partner's marble in your goal does not count as filled"));
        assert!(t.contains("Resigning: with two teams, the other side wins"));
        assert!(t.contains("you and your partner take the worst place"));
        assert!(t.contains("With two teams that loses the game; with three the others play on"));
    }

    #[test]
    fn a_partners_marble_in_the_goal_is_told_as_the_rules_count_it() {
        let pairs = RuleSet::preset("pairs").unwrap();
        let with = |finish, partner_in_goal| {
            guide_text(
                &RuleSet {
                    finish,
                    partner_in_goal,
                    ..pairs.clone()
                },
                10,
            )
        };
        let t = with(Finish::AntiBlocking, PartnerInGoal::Unfilled);
        assert!(t.contains("A partner's marble in your goal does not count as filled, though an opponent's does"), "{t}");
        let t = with(Finish::AntiBlocking, PartnerInGoal::Filled);
        assert!(
            t.contains("Any marble fills a hole of your goal, a partner's too"),
            "{t}"
        );
        assert!(
            t.contains("a single marble of yours in the goal can be enough"),
            "{t}"
        );
        let t = with(Finish::Strict, PartnerInGoal::Unfilled);
        assert!(
            t.contains("anyone else's marble there keeps you from finishing"),
            "{t}"
        );
        assert!(
            t.contains("A partner's marble in your goal does not count as filled either"),
            "{t}"
        );
        let t = with(Finish::Strict, PartnerInGoal::Filled);
        assert!(
            t.contains("holds a marble of your team, at least one of them your own"),
            "{t}"
        );
        assert!(
            t.contains("an opponent's marble there keeps you from finishing"),
            "{t}"
        );
        assert!(
            t.contains("A partner's marble in your goal counts as filled"),
            "{t}"
        );
        assert!(!t.contains("anyone else's"), "{t}");
        // Without teams: nothing about partners, unless a rule file set the option anyway.
        for name in RuleSet::preset_names() {
            let r = RuleSet::preset(name).unwrap();
            if r.teams {
                continue;
            }
            assert!(!guide_text(&r, r.marbles).contains("partner"), "{name}");
            let set = RuleSet {
                partner_in_goal: PartnerInGoal::Filled,
                ..r.clone()
            };
            assert!(
                guide_text(&set, r.marbles).contains("that changes nothing"),
                "{name}"
            );
        }
    }

    #[test]
    fn durations_and_ordinals_read_naturally() {
        assert_eq!(duration(30_000), "30 s");
        assert_eq!(duration(1_500), "1.5 s");
        assert_eq!(duration(180_000), "3 min");
        assert_eq!(duration(90_000), "1 min 30 s");
        let o: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .into();
        assert_eq!(
            o,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}

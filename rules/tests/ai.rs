//! Computer players: always legal, deterministic for a seed, take a win when there is one,
//! never walk into the leaving-home deadline, and stop when cancelled.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};
use sternhalma_rules::ai::{self, Budget, Clock, Level};
use sternhalma_rules::rules::{Finish, LeaveHome, PartnerInGoal};
use sternhalma_rules::zobrist::splitmix;
use sternhalma_rules::{Board, Game, RuleSet, Setup, parse_hole};

const ALL: [Level; 6] = Level::ALL;

fn choose(game: &Game, level: Level, seed: u64) -> sternhalma_rules::Move {
    ai::choose_move(game, level, seed, &Budget::unlimited()).expect("a move while in play")
}

/// Plays `plies` random legal moves from the start of a preset.
fn random_position(
    preset: &str,
    players: u8,
    marbles: Option<u8>,
    plies: usize,
    seed: u64,
) -> Game {
    let mut game = Game::from_preset(preset, Some(players), marbles).unwrap();
    let mut x = seed;
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        x = splitmix(x);
        let m = &moves[(x % moves.len() as u64) as usize];
        game.play(&m.path).unwrap();
    }
    game
}

#[test]
fn every_level_plays_only_legal_moves_in_every_set_up() {
    let setups: [(&str, u8, Option<u8>); 9] = [
        ("casual", 2, None),
        ("classic", 3, None),
        ("classic", 4, None),
        ("casual", 6, None),
        ("quick", 3, None),
        ("fifteen", 2, None),
        ("pairs", 4, None),
        ("three-pairs", 6, None),
        ("long-jumps", 2, None),
    ];
    let mut checked = 0;
    for (i, &(preset, players, marbles)) in setups.iter().enumerate() {
        for k in 0..40u64 {
            let game = random_position(
                preset,
                players,
                marbles,
                (k * 7 % 60) as usize,
                k * 31 + i as u64,
            );
            if game.is_over() {
                continue;
            }
            let legal = game.legal_moves();
            // The cheap levels everywhere, the searching ones on a sample.
            let levels: &[Level] = if k % 10 == 0 { &ALL } else { &ALL[..3] };
            for &level in levels {
                let m = choose(&game, level, k);
                assert!(
                    legal.iter().any(|l| (l.from, l.to) == (m.from, m.to)),
                    "{preset} {players}p {level}: {m} is not legal"
                );
                game.clone()
                    .play(&m.path)
                    .unwrap_or_else(|e| panic!("{level}: {e}"));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} positions checked");
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let game = random_position("casual", 2, None, 12, 5);
    for level in ALL {
        assert_eq!(choose(&game, level, 9), choose(&game, level, 9), "{level}");
    }
}

#[test]
fn an_immediate_win_is_taken() {
    // White needs h13-h14 to fill its goal; every level must see it.
    let white = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h13";
    let mut b = Board::empty();
    for (seat, list) in [white, "m1 l2 i9 k5"].iter().enumerate() {
        for name in list.split_whitespace() {
            b.put(seat, parse_hole(name).unwrap());
        }
    }
    let rules = RuleSet {
        finish: Finish::Strict,
        ..RuleSet::default()
    };
    let game = Game::from_board(Setup::new(2, 10, false).unwrap(), rules, b, 0).unwrap();
    for level in ALL {
        if level == Level::Greedy || level == Level::Beginner {
            continue; // they do not look at finishing, only at distance
        }
        let m = choose(&game, level, 1);
        assert_eq!(m.to_string(), "h13-h14", "{level}");
    }
}

#[test]
fn a_finish_on_a_partners_marbles_is_taken_where_they_fill_the_goal() {
    // Pairs: nine holes of seat 0's goal hold its partner's marbles (seat 2 never left
    // home); h13-h14 fills the tenth, a finish only when a partner's marble fills a hole.
    let seats = [
        "h13 m1 l2",
        "e9 f9",
        "e17 e16 f16 e15 f15 g15 e14 f14 g14 m5",
        "m9 l9",
    ];
    let mut b = Board::empty();
    for (seat, list) in seats.iter().enumerate() {
        for name in list.split_whitespace() {
            b.put(seat, parse_hole(name).unwrap());
        }
    }
    for finish in [Finish::Strict, Finish::AntiBlocking] {
        let rules = RuleSet {
            partner_in_goal: PartnerInGoal::Filled,
            finish,
            ..RuleSet::preset("pairs").unwrap()
        };
        let game = Game::from_board(Setup::new(4, 10, true).unwrap(), rules, b, 0).unwrap();
        for level in ALL {
            if level == Level::Greedy || level == Level::Beginner {
                continue; // they do not look at finishing, only at distance
            }
            let m = choose(&game, level, 1);
            assert_eq!(m.to_string(), "h13-h14", "{level} {finish:?}");
        }
    }
}

#[test]
fn no_level_walks_into_the_leaving_home_deadline() {
    // Deadline of one move: white's l4 is still at home, so only moving it out is safe.
    let rules = RuleSet {
        leave_home: LeaveHome::Moves(1),
        ..RuleSet::default()
    };
    let mut b = Board::empty();
    for (seat, list) in ["l4 i9 h10 g11", "e17 e16"].iter().enumerate() {
        for name in list.split_whitespace() {
            b.put(seat, parse_hole(name).unwrap());
        }
    }
    let game = Game::from_board(Setup::new(2, 10, false).unwrap(), rules, b, 0).unwrap();
    let safe = game
        .legal_moves()
        .iter()
        .filter(|m| !game.would_put_out(&m.path))
        .count();
    assert!(safe > 0 && safe < game.legal_moves().len());
    for level in ALL {
        for seed in 0..5 {
            let m = choose(&game, level, seed);
            assert!(!game.would_put_out(&m.path), "{level} played {m}");
        }
    }
}

/// A clock that reports the budget as long gone.
struct Late;

impl Clock for Late {
    fn elapsed_ms(&self) -> u64 {
        u64::MAX / 2
    }
}

#[test]
fn a_cancelled_or_timed_out_search_still_answers_with_a_legal_move() {
    let game = random_position("casual", 2, None, 20, 3);
    let legal = game.legal_moves();
    let cancel = AtomicBool::new(true);
    let cancelled = Budget {
        max_ms: None,
        clock: &ai::NoClock,
        cancel: Some(&cancel),
    };
    let late = Budget {
        max_ms: Some(100),
        clock: &Late,
        cancel: None,
    };
    for budget in [cancelled, late] {
        for level in [Level::Medium, Level::Hard, Level::Expert] {
            let m = ai::choose_move(&game, level, 1, &budget).expect("a move");
            assert!(
                legal.iter().any(|l| (l.from, l.to) == (m.from, m.to)),
                "{level}"
            );
        }
    }
}

/// At a six-player table of mediums the expert foresees their next round (they move as the
/// medium level does): its move is still legal, the same for the same seed, and a cancelled
/// search still answers at once.
#[test]
fn the_expert_foreseeing_a_table_of_mediums_stays_legal_repeatable_and_cancellable() {
    let mut game = Game::from_preset("casual", Some(6), None).unwrap();
    for ply in 0..30 {
        let m = choose(&game, Level::Medium, ply);
        game.play(&m.path).unwrap();
    }
    let legal = game.legal_moves();
    let m = choose(&game, Level::Expert, 4);
    assert!(legal.iter().any(|l| (l.from, l.to) == (m.from, m.to)));
    assert_eq!(m, choose(&game, Level::Expert, 4));
    let cancel = AtomicBool::new(true);
    let cancelled = Budget {
        max_ms: None,
        clock: &ai::NoClock,
        cancel: Some(&cancel),
    };
    let m = ai::choose_move(&game, Level::Expert, 4, &cancelled).expect("a move");
    assert!(legal.iter().any(|l| (l.from, l.to) == (m.from, m.to)));
}

#[test]
fn the_solo_crossing_solver_returns_a_complete_legal_crossing() {
    // A tiny budget: the first beam already finds a crossing; the 27-move figure is a
    // benchmark (`sternhalma-cli solo`), not a test.
    struct Calls(std::sync::atomic::AtomicU64);
    impl Clock for Calls {
        fn elapsed_ms(&self) -> u64 {
            // Each look at the clock counts as a millisecond.
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        }
    }
    let clock = Calls(0.into());
    let line = ai::solo_crossing(&Budget {
        max_ms: Some(40),
        clock: &clock,
        cancel: None,
    });
    assert!(!line.is_empty());
    let rules = RuleSet {
        finish: Finish::Strict,
        ..RuleSet::default()
    };
    let setup = Setup::new(2, 10, false).unwrap();
    let mut b = Board::empty();
    for h in sternhalma_rules::Point::Bottom.triangle(4).iter() {
        b.put(0, sternhalma_rules::Hole::from_index(h).unwrap());
    }
    // Black has no marbles and passes, so white plays the whole line.
    let mut game = Game::from_board(setup, rules, b, 0).unwrap();
    for path in &line {
        game.play(path).unwrap();
    }
    assert_eq!(
        game.place(0),
        Some(1),
        "all ten marbles arrived in {} moves",
        line.len()
    );
}

#[test]
fn computer_players_get_home_emptied_before_the_classic_deadline() {
    use sternhalma_rules::{OutReason, Standing};
    for level in [Level::Beginner, Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..3 {
            let mut game = Game::from_preset("classic", Some(2), None).unwrap();
            // Thirty moves each and a few more: past the deadline for both.
            for ply in 0..70 {
                if game.is_over() {
                    break;
                }
                let m = choose(&game, level, seed * 1000 + ply);
                game.play(&m.path).unwrap();
            }
            for seat in 0..2 {
                assert!(
                    !matches!(
                        game.standing(seat),
                        Standing::Out(OutReason::Deadline | OutReason::BackIntoStart)
                    ),
                    "{level} seed {seed}: seat {seat} was put out"
                );
            }
        }
    }
}

/// Fewest moves for seat 0 alone to finish, by breadth-first search over every move.
fn fewest_moves_to_finish(game: &Game, limit: usize) -> Option<usize> {
    let layout = game.layout();
    let mut seen = std::collections::HashSet::from([game.board().hash()]);
    let mut layer = vec![game.clone()];
    for depth in 1..=limit {
        let mut next = Vec::new();
        for g in &layer {
            for (f, t) in layout.moves(g.board(), 0).pairs() {
                let mut c = g.clone();
                c.play_move(f, t).unwrap();
                if c.place(0) == Some(1) {
                    return Some(depth);
                }
                if seen.insert(c.board().hash()) {
                    next.push(c);
                }
            }
        }
        layer = next;
    }
    None
}

#[test]
fn the_strong_levels_finish_a_race_in_the_fewest_moves() {
    // White has eight marbles home and two to bring in; black has none and passes, so this is
    // a pure race: hard and expert solve it exactly.
    for (outside, open) in [
        ("h13 g12", "g14 h14"),
        ("f13 i12", "e14 h14"),
        ("g13 h11", "f15 h14"),
    ] {
        let goal = "e17 e16 f16 e15 f15 g15 e14 f14 g14 h14";
        let mut b = Board::empty();
        for name in goal.split_whitespace().filter(|h| !open.contains(h)) {
            b.put(0, parse_hole(name).unwrap());
        }
        for name in outside.split_whitespace() {
            b.put(0, parse_hole(name).unwrap());
        }
        let rules = RuleSet {
            finish: Finish::Strict,
            ..RuleSet::default()
        };
        let start = Game::from_board(Setup::new(2, 10, false).unwrap(), rules, b, 0).unwrap();
        let best = fewest_moves_to_finish(&start, 5).expect("a short race");
        for level in [Level::Hard, Level::Expert] {
            let mut game = start.clone();
            let mut moves = 0;
            while game.place(0) != Some(1) {
                let m = choose(&game, level, 3);
                game.play(&m.path).unwrap();
                moves += 1;
                assert!(
                    moves <= best,
                    "{level} from {outside}: more than {best} moves"
                );
            }
        }
    }
}

/// Plays `plies` moves of `levels` (by seat) with `settings` for every seat, returning them.
fn play_out(players: u8, levels: &[Level], plies: u64, settings: &ai::Settings) -> Vec<String> {
    if *settings == ai::Settings::default() {
        return played_with_defaults(players, levels, plies);
    }
    play_out_afresh(players, levels, plies, settings)
}

/// [`play_out`] with the default settings, played once per table for the whole test binary:
/// nearly every switch test compares its games with these, and the tests share a process.
/// A test that asks while another thread plays the same games waits for them.
fn played_with_defaults(players: u8, levels: &[Level], plies: u64) -> Vec<String> {
    type Games = Arc<OnceLock<Vec<String>>>;
    static PLAYED: OnceLock<Mutex<HashMap<String, Games>>> = OnceLock::new();
    let key = format!("{players} {levels:?} {plies}");
    let games = PLAYED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .entry(key)
        .or_default()
        .clone();
    games
        .get_or_init(|| play_out_afresh(players, levels, plies, &ai::Settings::default()))
        .clone()
}

fn play_out_afresh(
    players: u8,
    levels: &[Level],
    plies: u64,
    settings: &ai::Settings,
) -> Vec<String> {
    let mut game = Game::from_preset("casual", Some(players), None).unwrap();
    let mut out = Vec::new();
    for ply in 0..plies {
        let Some(seat) = game.to_move() else { break };
        let m = ai::choose_move_weighted(
            &game,
            levels[seat % levels.len()],
            ply,
            &Budget::unlimited(),
            settings,
        )
        .expect("a move while in play");
        out.push(sternhalma_rules::format_path(&m.path));
        game.play(&m.path).unwrap();
    }
    out
}

/// The learned evaluation (`learned=1`, and its per-distance costs alone, `learned=3`) is for
/// three or more sides: two-player games, and team games, are played exactly as without it.
/// With six players each changes the hard level's play, each its own way, and stays legal
/// and repeatable there.
#[test]
fn the_learned_evaluation_leaves_two_players_and_teams_alone() {
    let plain = ai::Settings::default();
    let duel = [Level::Expert, Level::Hard];
    let mut pairs = Game::from_preset("pairs", Some(4), None).unwrap();
    for ply in 0..12 {
        let m = choose(&pairs, Level::Medium, ply);
        pairs.play(&m.path).unwrap();
    }
    let six = [Level::Hard];
    let plain_six = play_out(6, &six, 60, &plain);
    let mut six_games = Vec::new();
    for learned in ["learned=1", "learned=3"] {
        let learned: ai::Settings = learned.parse().unwrap();
        assert_eq!(
            play_out(2, &duel, 24, &learned),
            play_out(2, &duel, 24, &plain)
        );
        for level in [Level::Hard, Level::Expert] {
            assert_eq!(
                ai::choose_move_weighted(&pairs, level, 3, &Budget::unlimited(), &learned),
                ai::choose_move_weighted(&pairs, level, 3, &Budget::unlimited(), &plain),
            );
        }
        let a = play_out(6, &six, 60, &learned);
        assert_eq!(a, play_out(6, &six, 60, &learned));
        assert_ne!(a, plain_six);
        six_games.push(a);
    }
    // The per-distance costs alone (3) play otherwise than with the model's other terms (1).
    assert_ne!(six_games[0], six_games[1]);
}

/// Whether the expert picks the same move with settings `a` as with `b` in a game of pairs
/// after twelve moves of the medium level.
fn pairs_play_alike(a: &ai::Settings, b: &ai::Settings) -> bool {
    let mut pairs = Game::from_preset("pairs", Some(4), None).unwrap();
    for ply in 0..12 {
        let m = choose(&pairs, Level::Medium, ply);
        pairs.play(&m.path).unwrap();
    }
    let budget = Budget::unlimited();
    ai::choose_move_weighted(&pairs, Level::Expert, 3, &budget, a)
        == ai::choose_move_weighted(&pairs, Level::Expert, 3, &budget, b)
}

/// Issue 19's ninth round: `field_others` (the weight of the opponents' average in the
/// expert's score) changes only the expert's play at a table of three or more sides without
/// teams: two players and a game of pairs play as without it, and at four players it changes
/// the expert's moves.
#[test]
fn the_ninth_rounds_switches_change_only_the_experts_play_at_a_field() {
    let plain = ai::Settings::default();
    let duel = [Level::Expert, Level::Hard];
    let field = [Level::Expert, Level::Medium, Level::Medium, Level::Medium];
    let on: ai::Settings = "field_others=0".parse().unwrap();
    assert_eq!(play_out(2, &duel, 12, &on), play_out(2, &duel, 12, &plain));
    assert!(pairs_play_alike(&on, &plain));
    assert_ne!(
        play_out(4, &field, 24, &on),
        play_out(4, &field, 24, &plain)
    );
}

/// The moves of the first `8 * players` plies of a casual game with the expert in the first
/// seat and hard players in the others.
fn expert_against_hard(players: u8, settings: &ai::Settings) -> Vec<String> {
    expert_against_hard_for(players, 8, settings)
}

/// The moves of `rounds` rounds of the expert in seat 0 against hard players.
fn expert_against_hard_for(players: u8, rounds: u64, settings: &ai::Settings) -> Vec<String> {
    let mut levels = vec![Level::Hard; usize::from(players)];
    levels[0] = Level::Expert;
    play_out(players, &levels, rounds * u64::from(players), settings)
}

/// The opponents' weight in the expert's score is set per table: `three_others` at three
/// sides, `field_others` at four, `crowded_others` at six. Each changes the expert's play at
/// its own table and nowhere else, and two players are played as without any of them.
#[test]
fn the_opponents_weight_changes_the_experts_play_only_at_its_own_table() {
    let plain = ai::Settings::default();
    let duel = [Level::Expert, Level::Hard];
    let tables = [
        (3, "three_others"),
        (4, "field_others"),
        (6, "crowded_others"),
    ];
    let plain_games: Vec<Vec<String>> = tables
        .iter()
        .map(|&(players, _)| expert_against_hard(players, &plain))
        .collect();
    for (players, switch) in tables {
        let on: ai::Settings = format!("{switch}=300").parse().unwrap();
        assert_eq!(
            play_out(2, &duel, 12, &on),
            play_out(2, &duel, 12, &plain),
            "{switch}"
        );
        for (&(other, _), before) in tables.iter().zip(&plain_games) {
            let after = expert_against_hard(other, &on);
            if other == players {
                assert_ne!(&after, before, "{switch} at {other} players");
            } else {
                assert_eq!(&after, before, "{switch} at {other} players");
            }
        }
    }
}

/// Asserts that `on` changes the expert's play against hard players at each table of
/// `changed` and at none of `same`, and never with two players or in a game of pairs.
fn changes_the_expert_only_at(on: &ai::Settings, changed: &[u8], same: &[u8]) {
    let plain = ai::Settings::default();
    let duel = [Level::Expert, Level::Hard];
    assert_eq!(play_out(2, &duel, 12, on), play_out(2, &duel, 12, &plain));
    assert!(pairs_play_alike(on, &plain));
    for &players in changed {
        assert_ne!(
            expert_against_hard(players, on),
            expert_against_hard(players, &plain),
            "{players} players"
        );
    }
    for &players in same {
        assert_eq!(
            expert_against_hard(players, on),
            expert_against_hard(players, &plain),
            "{players} players"
        );
    }
}

/// Asserts that `default` (a switch at its default value) is the default settings, and that
/// `on` changes the expert's play as [`changes_the_expert_only_at`] says.
fn switch_changes_the_expert_only_at(default: &str, on: &str, changed: &[u8], same: &[u8]) {
    let default: ai::Settings = default.parse().unwrap();
    assert_eq!(default, ai::Settings::default());
    changes_the_expert_only_at(&on.parse().unwrap(), changed, same);
}

/// `field_tempo` sets how much of its own best next move the expert's leaves count with
/// three or four sides and no teams: it changes the expert's play at three and four players
/// and nowhere else (two players, six, a game of pairs), and at 100, the default, nowhere.
/// At three players, where the expert weighs the leading opponent most, and at four, where
/// it charges the lane, its first eight moves happen to be the same either way; its next
/// eight are not.
#[test]
fn field_tempo_changes_the_experts_play_only_at_three_and_four_sides() {
    switch_changes_the_expert_only_at("field_tempo=100", "field_tempo=0", &[], &[6]);
    let on: ai::Settings = "field_tempo=0".parse().unwrap();
    for players in [3, 4] {
        assert_ne!(
            expert_against_hard_for(players, 16, &on),
            expert_against_hard_for(players, 16, &ai::Settings::default()),
            "{players} players"
        );
    }
}

/// `head_on` sets how much the opponent whose home is the expert's goal weighs in its
/// average of the opponents: it changes the expert's play at four and six players, where
/// that opponent exists, and not at three (nobody is head-on), with two (one opponent is its
/// own average), or in a game of pairs; at 100, the default, nowhere.
#[test]
fn head_on_changes_the_experts_play_only_where_an_opponent_is_head_on() {
    switch_changes_the_expert_only_at("head_on=100", "head_on=300", &[4, 6], &[3]);
}

/// `three_softmin` counts the expert's two opponents at three players as their soft minimum
/// (the leader weighing most), and changes nothing elsewhere; 500 by default, and at 0 the
/// expert counts their plain mean.
#[test]
fn three_softmin_changes_the_experts_play_only_at_three() {
    switch_changes_the_expert_only_at("three_softmin=500", "three_softmin=0", &[3], &[4, 6]);
}

/// `three_learned` is the learned evaluation the expert plays with at three players, and
/// nowhere else: not at four or six, nor with two or in a game of pairs. 1 by default; at 0
/// the expert plays the hand-made evaluation there too.
#[test]
fn three_learned_changes_the_experts_play_only_at_three() {
    switch_changes_the_expert_only_at("three_learned=1", "three_learned=0", &[3], &[4, 6]);
}

/// Asserts that `default` (an evaluation weight at its default value) is the default
/// settings, and that `on` changes the expert's play with two, three, four and six players.
fn weight_changes_the_experts_play_everywhere(default: &str, on: &str) {
    let default: ai::Settings = default.parse().unwrap();
    assert_eq!(default, ai::Settings::default());
    let on: ai::Settings = on.parse().unwrap();
    let duel = [Level::Expert, Level::Hard];
    assert_ne!(
        play_out(2, &duel, 12, &on),
        play_out(2, &duel, 12, &default)
    );
    for players in [3, 4, 6] {
        assert_ne!(
            expert_against_hard(players, &on),
            expert_against_hard(players, &default),
            "{players} players"
        );
    }
}

/// `lane` charges marbles for standing to the side of the line through the centre: it
/// changes the expert's play at every table.
#[test]
fn lane_changes_the_experts_play() {
    weight_changes_the_experts_play_everywhere("lane=0", "lane=8");
}

/// `crowded_lane` is the expert's lane weight at six players and nowhere else; 0 turns it
/// off there.
#[test]
fn crowded_lane_changes_the_experts_play_only_at_six() {
    switch_changes_the_expert_only_at("crowded_lane=4", "crowded_lane=0", &[6], &[3, 4]);
}

/// `hard_lane=1` gives the hard level the expert's lane weights, at four and six players:
/// a table of hard players plays otherwise there, and a table of three, where neither
/// weight applies, plays the same.
#[test]
fn hard_lane_gives_the_hard_level_the_lane_at_four_and_six() {
    let plain = ai::Settings::default();
    let on: ai::Settings = "hard_lane=1".parse().unwrap();
    let (hard, expert) = ([Level::Hard], [Level::Expert, Level::Medium]);
    for players in [4, 6] {
        let game = |levels: &[Level], settings| play_out(players, levels, 32, settings);
        assert_ne!(game(&hard, &on), game(&hard, &plain), "{players} players");
        // The expert's own play does not change with it.
        assert_eq!(
            game(&expert, &on),
            game(&expert, &plain),
            "{players} players"
        );
    }
    assert_eq!(play_out(3, &hard, 24, &on), play_out(3, &hard, 24, &plain));
}

/// `crowded_pace` weighs the six-player expert's opponents by their pace so far (three
/// moves' temperature by default), and nowhere else: off, it changes the expert's play at
/// six players only.
#[test]
fn crowded_pace_changes_the_experts_play_only_at_six() {
    switch_changes_the_expert_only_at("crowded_pace=30", "crowded_pace=0", &[6], &[3, 4]);
}

/// `foresee_pace=0`, the default, drops the six-player expert's pace weights while
/// foresight foresees the table: among five mediums (whom foresight foresees) the expert's
/// play changes with `foresee_pace=1`, which keeps them; against five hard players (whom it
/// does not foresee) it is the same.
#[test]
fn foresee_pace_changes_the_experts_play_only_where_foresight_foresees() {
    let default: ai::Settings = "foresee_pace=0".parse().unwrap();
    assert_eq!(default, ai::Settings::default());
    let kept: ai::Settings = "foresee_pace=1".parse().unwrap();
    let mut levels = vec![Level::Medium; 6];
    levels[0] = Level::Expert;
    assert_ne!(
        play_out(6, &levels, 10 * 6, &kept),
        play_out(6, &levels, 10 * 6, &default)
    );
    assert_eq!(
        expert_against_hard(6, &kept),
        expert_against_hard(6, &default)
    );
}

/// `four_lane` is the expert's lane weight at four players without teams and nowhere else.
#[test]
fn four_lane_changes_the_experts_play_only_at_four() {
    switch_changes_the_expert_only_at("four_lane=4", "four_lane=0", &[4], &[3, 6]);
}

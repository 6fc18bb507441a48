//! Random games under every preset, player count and home size, checked ply by ply.
//!
//! The unit tests pin the rules down one position at a time; these tests play thousands of random
//! plies and check what must hold in every position: no marble is ever lost or shared, the move
//! list agrees with the move counter and every listed path can be played, only playing seats take
//! turns, a finished game refuses everything, undo and redo are exact, records replay to the same
//! game while damaged ones are refused with a reason, move limits end games, and refused input
//! changes nothing. Every other game is played by eager players, who mostly pick the move that
//! gains the most, so that games also reach the goal lock, the finish and the places after it. The
//! engine has no randomness of its own and the generator here is seeded, so every run plays the
//! same games; failing assertions print the move list or the record, which reproduce the game.

use std::collections::HashSet;
use sternhalma_rules::game::holes;
use sternhalma_rules::position::SeatInfo;
use sternhalma_rules::rules::{Finish, LeaveHome, PartnerInGoal};
use sternhalma_rules::zobrist::{self, splitmix};
use sternhalma_rules::{
    Action, Bits, Board, Dir, EndReason, Event, Game, GameError, GameRecord, Hole, Move, PathError,
    RecordError, RuleSet, Setup, Standing, Status, format_path, move_list_text, parse_hole,
};

/// Plies after which a random game that has not ended is stopped.
const PLY_CAP: usize = 600;

/// One in this many plies, a random playing seat resigns instead of the side to move moving.
const RESIGN_ONE_IN: usize = 400;

/// Seeded randomness for the players and the tests (splitmix64), and the players' style.
struct Rng {
    state: u64,
    /// Uniformly random players never finish; eager ones mostly take the move that brings a
    /// marble furthest towards its goal, so their games reach the finishing rules.
    eager: bool,
}

impl Rng {
    fn new(seed: u64, eager: bool) -> Rng {
        Rng { state: seed, eager }
    }

    fn next_u64(&mut self) -> u64 {
        let out = splitmix(self.state);
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }

    fn hole(&mut self) -> Hole {
        Hole::all()
            .nth(self.below(Hole::COUNT))
            .expect("the star has Hole::COUNT holes")
    }
}

/// A set-up to play random games on: a preset, a player count and a marble count override.
#[derive(Clone, Copy, Debug)]
struct Table {
    preset: &'static str,
    players: u8,
    marbles: Option<u8>,
}

impl Table {
    fn game(self) -> Game {
        Game::from_preset(self.preset, Some(self.players), self.marbles)
            .unwrap_or_else(|e| panic!("{self:?}: {e}"))
    }
}

/// Every preset at every player count it allows, plus the six- and fifteen-marble homes under
/// rules written for ten.
fn tables() -> Vec<Table> {
    let presets = RuleSet::preset_names().flat_map(|preset| {
        let rules = RuleSet::preset(preset).expect("every preset loads");
        rules
            .players
            .into_iter()
            .map(move |players| (preset, players, None))
    });
    let homes = [
        ("classic", 2, Some(6)),
        ("classic", 3, Some(6)),
        ("classic", 4, Some(6)),
        ("classic", 6, Some(6)),
        ("long-jumps", 3, Some(6)),
        ("three-pairs", 6, Some(6)),
        ("simple", 2, Some(15)),
        ("casual", 2, Some(15)),
        ("long-jumps", 2, Some(15)),
    ];
    presets
        .chain(homes)
        .map(|(preset, players, marbles)| Table {
            preset,
            players,
            marbles,
        })
        .collect()
}

/// Plays `games` random games on every table: `step` is called while a game is in play, at
/// most `PLY_CAP` times, and must act once; `end` sees each game when it stops.
fn on_every_table(
    games: u64,
    mut step: impl FnMut(&mut Game, &mut Rng),
    mut end: impl FnMut(&mut Game, &mut Rng),
) {
    for (i, table) in tables().into_iter().enumerate() {
        for n in 0..games {
            let mut rng = Rng::new(((i as u64) << 32) | n, n % 2 == 1);
            let mut game = table.game();
            play_out(&mut game, &mut rng, PLY_CAP, &mut step);
            end(&mut game, &mut rng);
        }
    }
}

/// Calls `step` at most `plies` times, as long as the game is in play.
fn play_out(
    game: &mut Game,
    rng: &mut Rng,
    plies: usize,
    mut step: impl FnMut(&mut Game, &mut Rng),
) {
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        step(game, rng);
    }
}

/// Seats still moving.
fn playing_seats(game: &Game) -> Vec<usize> {
    (0..usize::from(game.setup().players))
        .filter(|&s| game.standing(s) == Standing::Playing)
        .collect()
}

/// Plays a random legal move; an eager player mostly takes one of those that gain the most.
fn play_random_move(game: &mut Game, rng: &mut Rng) {
    let mut moves = game.legal_moves();
    if rng.eager && !rng.one_in(8) {
        let seat = game.to_move().expect("checked while in play");
        let info = &game.layout().seats[seat];
        let score = |m: &Move| (!game.would_put_out(&m.path), gain(info, m));
        let best = moves.iter().map(score).max();
        moves.retain(|m| Some(score(m)) == best);
    }
    let m = rng
        .pick(&moves)
        .expect("the side to move always has a move");
    play(game, Action::Move(m.path.clone()));
}

/// How much a move helps an eager player: steps gained towards the goal, with moves out of the
/// start area first (the leaving-home deadline puts out players who dawdle) and moves back in
/// last.
fn gain(info: &SeatInfo, m: &Move) -> i32 {
    let (from, to) = (m.from.index(), m.to.index());
    let home = |h: u8| i32::from(info.start_area.has(h));
    i32::from(info.dist[usize::from(from)]) - i32::from(info.dist[usize::from(to)])
        + 20 * home(from)
        - 10 * home(to)
}

/// Plays a random legal move or, rarely, lets a random playing seat resign.
fn play_random(game: &mut Game, rng: &mut Rng) {
    if rng.one_in(RESIGN_ONE_IN) {
        let seats = playing_seats(game);
        let seat = *rng.pick(&seats).expect("a game in play has a playing seat");
        play(game, Action::Resign(seat));
    } else {
        play_random_move(game, rng);
    }
}

/// Plays an action the game must accept.
fn play(game: &mut Game, action: Action) {
    if let Err(e) = game.act(action.clone()) {
        panic!("{action} refused: {e}\n{}", move_list_text(game));
    }
}

/// Everything a player can observe about a game.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: Board,
    hash: u64,
    to_move: Option<usize>,
    status: Status,
    standings: Vec<Standing>,
    turns: Vec<u16>,
    actions: Vec<Action>,
}

impl Snapshot {
    fn of(game: &Game) -> Snapshot {
        let seats = 0..usize::from(game.setup().players);
        Snapshot {
            board: *game.board(),
            hash: game.hash(),
            to_move: game.to_move(),
            status: game.status(),
            standings: seats.clone().map(|s| game.standing(s)).collect(),
            turns: seats.map(|s| game.turns_taken(s)).collect(),
            actions: game.actions().to_vec(),
        }
    }
}

/// Marbles are neither lost nor shared, and the board's hash matches its marbles.
fn check_marbles(game: &Game) {
    let board = game.board();
    let players = usize::from(game.setup().players);
    let mut union = Bits::EMPTY;
    let mut hash = 0;
    for seat in 0..6 {
        let own = board.marbles(seat);
        let out = seat >= players || matches!(game.standing(seat), Standing::Out(_));
        let want = if out {
            0
        } else {
            u32::from(game.setup().marbles)
        };
        assert_eq!(
            own.count(),
            want,
            "marbles of seat {}\n{}",
            seat + 1,
            move_list_text(game)
        );
        assert!(
            (union & own).is_empty(),
            "seat {} shares a hole\n{}",
            seat + 1,
            move_list_text(game)
        );
        union |= own;
        hash = own.iter().fold(hash, |h, i| h ^ zobrist::marble(seat, i));
    }
    assert_eq!(
        board.occupied(),
        union,
        "occupied holes\n{}",
        move_list_text(game)
    );
    assert_eq!(
        board.hash(),
        hash,
        "incremental hash\n{}",
        move_list_text(game)
    );
}

/// The side to move is playing, its move list matches the move counter without repeats, and
/// every listed path plays, moving the marble where the move says.
fn check_moves(game: &Game) {
    let seat = game.to_move().expect("checked while in play");
    assert_eq!(
        game.standing(seat),
        Standing::Playing,
        "{}",
        move_list_text(game)
    );
    let (board, layout) = (game.board(), game.layout());
    let moves = game.legal_moves();
    assert!(
        !moves.is_empty(),
        "a seat without moves passes\n{}",
        move_list_text(game)
    );
    assert_eq!(
        moves.len() as u64,
        layout.count_moves(board, seat),
        "listed and counted moves\n{}",
        move_list_text(game)
    );
    let mut seen = HashSet::new();
    for m in &moves {
        assert!(
            seen.insert((m.from, m.to)),
            "{m} listed twice\n{}",
            move_list_text(game)
        );
        assert_eq!(
            (m.path.first(), m.path.last()),
            (Some(&m.from), Some(&m.to)),
            "{m}"
        );
        assert!(
            layout.destinations(board, seat, m.from).has(m.to.index()),
            "{m}"
        );
        let mut after = game.clone();
        let events = after
            .play(&m.path)
            .unwrap_or_else(|e| panic!("listed move {m} refused: {e}\n{}", move_list_text(game)));
        assert_eq!(
            events.first(),
            Some(&Event::Moved {
                seat,
                path: m.path.clone()
            }),
            "{m}"
        );
        if !matches!(after.standing(seat), Standing::Out(_)) {
            assert_eq!(
                after.board().owner(m.to),
                Some(seat),
                "{m}\n{}",
                move_list_text(game)
            );
            assert_eq!(
                after.board().owner(m.from),
                None,
                "{m}\n{}",
                move_list_text(game)
            );
        }
    }
}

/// Turn counts never go down, and seats that are out or finished take no more turns (not
/// even passes).
fn check_turns(before: &Snapshot, after: &Snapshot) {
    for (seat, standing) in before.standings.iter().enumerate() {
        let (was, now) = (before.turns[seat], after.turns[seat]);
        let frozen = *standing != Standing::Playing;
        assert!(
            now >= was && (now == was || !frozen),
            "seat {} ({standing:?}) went from {was} to {now} turns with {:?}",
            seat + 1,
            &after.actions[before.actions.len()..]
        );
    }
}

/// A finished game has a full result, no moves, and refuses every action unchanged.
fn check_finished(game: &mut Game, rng: &mut Rng) {
    let Status::Over(outcome) = game.status() else {
        panic!("checked once over")
    };
    let setup = *game.setup();
    assert_eq!(outcome.places.len(), usize::from(setup.players));
    for (seat, &place) in outcome.places.iter().enumerate() {
        assert!(
            (1..=setup.units() as u8).contains(&place),
            "{outcome:?}\n{}",
            move_list_text(game)
        );
        let mut unit = setup.seats_of(setup.unit_of(seat));
        assert!(
            unit.all(|s| outcome.places[s] == place),
            "partners' places: {outcome:?}"
        );
    }
    assert!(outcome.winners().next().is_some(), "{outcome:?}");
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    let before = Snapshot::of(game);
    let path = [rng.hole(), rng.hole()];
    assert_eq!(
        game.play(&path),
        Err(GameError::GameOver),
        "{}",
        move_list_text(game)
    );
    assert_eq!(game.act(Action::Resign(0)), Err(GameError::GameOver));
    assert_eq!(Snapshot::of(game), before, "a finished game changed");
}

#[test]
fn random_games_keep_every_invariant() {
    on_every_table(
        2,
        |game, rng| {
            check_marbles(game);
            check_moves(game);
            let before = Snapshot::of(game);
            play_random(game, rng);
            check_turns(&before, &Snapshot::of(game));
        },
        |game, rng| {
            check_marbles(game);
            if game.is_over() {
                check_finished(game, rng);
            } else {
                check_moves(game);
            }
        },
    );
}

#[test]
fn undo_and_redo_restore_positions_exactly() {
    on_every_table(
        2,
        |game, rng| {
            let before = Snapshot::of(game);
            play_random(game, rng);
            let after = Snapshot::of(game);
            assert!(game.undo());
            assert_eq!(Snapshot::of(game), before, "undo\n{}", move_list_text(game));
            assert!(game.redo().is_some());
            assert_eq!(Snapshot::of(game), after, "redo\n{}", move_list_text(game));
            assert!(!game.can_redo());
        },
        |game, _| {
            // Unwinding the whole game reaches the start; winding it up again, the end.
            let end = Snapshot::of(game);
            while game.undo() {}
            let start = Snapshot::of(&Game::new(*game.setup(), game.rules().clone()).unwrap());
            assert_eq!(Snapshot::of(game), start, "undo to the start");
            while game.redo().is_some() {}
            assert_eq!(Snapshot::of(game), end, "redo to the end");
        },
    );
}

/// The record of a game reads back equal and replays to the same game.
fn check_round_trip(game: &Game) {
    let record = GameRecord::from_game(game);
    let read = GameRecord::from_ron(&record.to_ron())
        .unwrap_or_else(|e| panic!("{e}\n{}", record.to_ron()));
    assert_eq!(read, record);
    let replayed = read
        .replay()
        .unwrap_or_else(|e| panic!("{e}\n{}", record.to_ron()));
    assert_eq!(replayed.board(), game.board(), "{}", record.to_ron());
    assert_eq!(replayed.actions(), game.actions(), "{}", record.to_ron());
    assert_eq!(replayed.status(), game.status(), "{}", record.to_ron());
}

/// A record with one move made illegal fails at that move, naming it.
fn check_bad_move_is_named(game: &Game, rng: &mut Rng) {
    let moves: Vec<(usize, &Vec<Hole>)> = game
        .actions()
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Action::Move(path) => Some((i, path)),
            _ => None,
        })
        .collect();
    let Some(&(i, path)) = rng.pick(&moves) else {
        return;
    };
    // Before the move its landing hole is empty, so the reversed path has no marble to move.
    let reversed: Vec<Hole> = path.iter().rev().copied().collect();
    let token = match rng.below(3) {
        0 => format_path(&reversed),
        1 => "pass".to_string(),
        _ => format!("a1-{}", path[0]),
    };
    let mut record = GameRecord::from_game(game);
    record.moves[i].clone_from(&token);
    let read = GameRecord::from_ron(&record.to_ron()).expect("a bad move is still a record");
    match read.replay() {
        Err(e @ RecordError::BadMove { index, .. }) => {
            assert_eq!(index, i + 1, "{e}");
            let text = e.to_string();
            assert!(
                text.contains(&format!("move {}", i + 1)) && text.contains(&token),
                "{text}"
            );
        }
        other => panic!("move {} changed to '{token}': {other:?}", i + 1),
    }
}

/// Damaged record files are refused with a reason, never with a panic.
fn check_damaged_text(game: &Game, rng: &mut Rng) {
    let text = GameRecord::from_game(game).to_ron();
    let body = text.trim_end();
    let mut cut = rng.below(body.len());
    while !body.is_char_boundary(cut) {
        cut -= 1;
    }
    match GameRecord::from_ron(&body[..cut]) {
        Err(RecordError::Parse(why)) => assert!(!why.is_empty()),
        other => panic!("record cut at {cut}: {other:?}"),
    }
    let bytes: Vec<u8> = (0..rng.below(300)).map(|_| rng.next_u64() as u8).collect();
    let noise = String::from_utf8_lossy(&bytes);
    assert!(
        matches!(GameRecord::from_ron(&noise), Err(RecordError::Parse(_))),
        "{noise:?}"
    );
    let version = |v: &str| text.replacen("version: 1,", &format!("version: {v},"), 1);
    assert!(text.contains("version: 1,"), "{text}");
    let future = GameRecord::from_ron(&version("99")).unwrap_err();
    assert_eq!(future, RecordError::FutureVersion(99));
    assert!(future.to_string().contains("99"), "{future}");
    assert!(matches!(
        GameRecord::from_ron(&version("0")),
        Err(RecordError::Parse(_))
    ));
}

/// A finished game's record without its last action contradicts its stored result.
fn check_wrong_result(game: &Game) {
    if !game.is_over() {
        return;
    }
    let Some(last) = game.actions().iter().rposition(|a| *a != Action::Pass) else {
        return;
    };
    let mut record = GameRecord::from_game(game);
    record.moves.truncate(last);
    assert_eq!(
        record.replay().err(),
        Some(RecordError::WrongResult),
        "{}",
        record.to_ron()
    );
}

#[test]
fn records_round_trip_and_damaged_ones_are_refused() {
    on_every_table(3, play_random, |game, rng| {
        check_round_trip(game);
        check_bad_move_is_named(game, rng);
        check_damaged_text(game, rng);
        check_wrong_result(game);
    });
}

#[test]
fn move_limits_end_random_games() {
    let classic = RuleSet::preset("classic").unwrap();
    // Random players rarely leave home in time, so classic games mostly end at the deadline:
    // without it, the move limit has to end them.
    let lasting = RuleSet {
        leave_home: LeaveHome::Off,
        ..classic.clone()
    };
    for (k, rules) in [classic, lasting, RuleSet::preset("casual").unwrap()]
        .into_iter()
        .enumerate()
    {
        let limit = rules.move_limit.expect("a preset with a move limit");
        let mut by_limit = 0;
        for &players in &rules.players {
            let setup = Setup::for_rules(&rules, Some(players), None).unwrap();
            let mut game = Game::new(setup, rules.clone()).unwrap();
            let cap = usize::from(limit) * usize::from(players);
            let mut rng = Rng::new(((k as u64) << 8) | u64::from(players), false);
            play_out(&mut game, &mut rng, cap, play_random_move);
            let Status::Over(outcome) = game.status() else {
                panic!("{} with {players}: in play after {cap} plies", rules.name)
            };
            assert!(game.actions().len() <= cap, "{}", move_list_text(&game));
            for seat in 0..usize::from(players) {
                assert!(game.turns_taken(seat) <= limit, "{}", move_list_text(&game));
            }
            if outcome.reason == EndReason::MoveLimit {
                by_limit += 1;
                let most = (0..usize::from(players)).map(|s| game.turns_taken(s)).max();
                assert_eq!(most, Some(limit), "{}", move_list_text(&game));
            }
        }
        // With the deadline on, random games end before the limit.
        if rules.leave_home == LeaveHome::Off {
            assert!(
                by_limit > 0,
                "no random {} game reached the move limit",
                rules.name
            );
        }
    }
}

/// Whether `seat`'s goal is done, worked out hole by hole from the options' words: every hole
/// holds a marble that fills it (your own always, an opponent's under anti-blocking, a
/// partner's when `partner_in_goal` is `Filled`), and at least one holds your own.
fn goal_done_by_the_words(game: &Game, seat: usize) -> bool {
    let rules = game.rules();
    let setup = game.setup();
    let mut own_there = false;
    for hole in holes(game.layout().seats[seat].goal) {
        let fills = match game.board().owner(hole) {
            None => false,
            Some(o) if o == seat => {
                own_there = true;
                true
            }
            Some(o) if setup.unit_of(o) == setup.unit_of(seat) => {
                rules.partner_in_goal == PartnerInGoal::Filled
            }
            Some(_) => rules.finish == Finish::AntiBlocking,
        };
        if !fills {
            return false;
        }
    }
    own_there
}

#[test]
fn team_games_finish_exactly_when_the_goal_rules_say() {
    // Eager team games under both finish rules and both readings of a partner's marble: a
    // seat finishes on the action that completes its goal by the words above, and never
    // plays on with a completed goal.
    let mut finishes = 0;
    for (k, name) in ["pairs", "three-pairs"].into_iter().enumerate() {
        for finish in [Finish::Strict, Finish::AntiBlocking] {
            for partner_in_goal in [PartnerInGoal::Unfilled, PartnerInGoal::Filled] {
                for n in 0..4u64 {
                    // Every other game without the deadline, so partners may stay at home.
                    let preset = RuleSet::preset(name).unwrap();
                    let rules = RuleSet {
                        finish,
                        partner_in_goal,
                        leave_home: if n % 2 == 0 {
                            preset.leave_home
                        } else {
                            LeaveHome::Off
                        },
                        ..preset
                    };
                    let setup = Setup::for_rules(&rules, None, None).unwrap();
                    let mut game = Game::new(setup, rules.clone()).unwrap();
                    let combo = (finish == Finish::Strict) as u64 * 2 + partner_in_goal as u64;
                    let mut rng = Rng::new(((k as u64) << 16) | (combo << 8) | n, true);
                    let seats = usize::from(setup.players);
                    play_out(&mut game, &mut rng, PLY_CAP, |game, rng| {
                        let before: Vec<Standing> = (0..seats).map(|s| game.standing(s)).collect();
                        play_random_move(game, rng);
                        for (seat, &was) in before.iter().enumerate() {
                            let now = game.standing(seat);
                            let done = goal_done_by_the_words(game, seat);
                            let why = || {
                                format!(
                                    "{name} {finish:?} {partner_in_goal:?} seat {}\n{}",
                                    seat + 1,
                                    move_list_text(game)
                                )
                            };
                            if was == Standing::Playing && now == Standing::Finished {
                                finishes += 1;
                                assert!(done, "finished without a done goal: {}", why());
                            }
                            if now == Standing::Playing {
                                assert!(!done, "a done goal but still playing: {}", why());
                            }
                        }
                    });
                }
            }
        }
    }
    assert!(
        finishes > 20,
        "{finishes} seats finished in all the team games"
    );
}

/// Input the game must refuse, with the error it must give.
enum Bad {
    /// Not a path on the star: a notation error.
    Notation(String),
    /// A path of holes that is not a legal move, and why.
    Path(Vec<Hole>, PathError),
    /// An action that does not fit the position: not allowed.
    Action(Action),
}

/// A move in notation naming a hole off the star, or not a path at all.
fn bad_notation(rng: &mut Rng) -> String {
    let off = loop {
        let name = format!(
            "{}{}",
            char::from(b'a' + rng.below(26) as u8),
            rng.below(20)
        );
        if parse_hole(&name).is_err() {
            break name;
        }
    };
    let on = rng.hole();
    let texts = [
        format!("{off}-{on}"),
        format!("{on}-{off}"),
        on.to_string(),
        format!("{on}--{on}"),
        String::new(),
    ];
    rng.pick(&texts).expect("texts").clone()
}

/// Random input of every kind the side to move must not get away with.
fn bad_inputs(game: &Game, rng: &mut Rng) -> Vec<Bad> {
    let seat = game.to_move().expect("checked while in play");
    let players = usize::from(game.setup().players);
    let board = game.board();
    let taken = |h: Hole| board.owner(h).is_some();
    let own: Vec<Hole> = holes(board.marbles(seat)).collect();
    let others: Vec<Hole> = holes(board.occupied() & !board.marbles(seat)).collect();
    let empty: Vec<Hole> = Hole::all().filter(|&h| !taken(h)).collect();
    let mut bad = vec![
        Bad::Notation(bad_notation(rng)),
        Bad::Path(vec![], PathError::TooShort),
        Bad::Action(Action::Pass),
        Bad::Action(Action::Resign(players + rng.below(7 - players))),
    ];
    if game.rules().clock.is_none() {
        bad.push(Bad::Action(Action::Timeout));
        bad.push(Bad::Action(Action::Flag(seat)));
    }
    for s in 0..players {
        if game.standing(s) != Standing::Playing {
            bad.push(Bad::Action(Action::Resign(s)));
        }
    }
    if let Some(&x) = rng.pick(&others) {
        bad.push(Bad::Path(vec![x, rng.hole()], PathError::NotYours(x)));
    }
    if let Some(&e) = rng.pick(&empty) {
        bad.push(Bad::Path(vec![e, rng.hole()], PathError::NoMarble(e)));
    }
    let Some(&o) = rng.pick(&own) else { return bad };
    bad.push(Bad::Path(vec![o], PathError::TooShort));
    let full: Vec<Hole> = holes(o.neighbours() & board.occupied()).collect();
    if let Some(&n) = rng.pick(&full) {
        bad.push(Bad::Path(vec![o, n], PathError::Occupied(n)));
    }
    let free: Vec<Hole> = holes(o.neighbours() & !board.occupied()).collect();
    if let Some(&n) = rng.pick(&free) {
        // A step is a whole move: going on from it is not a jump.
        bad.push(Bad::Path(vec![o, n, rng.hole()], PathError::NotAJump(o, n)));
    }
    // Steps the rules forbid: out of a locked goal, or into another player's point.
    let forbidden: Vec<(Hole, Hole, PathError)> = own
        .iter()
        .flat_map(|&from| holes(from.neighbours() & !board.occupied()).map(move |to| (from, to)))
        .filter_map(|(from, to)| Some((from, to, forbidden_step(game, from, to)?)))
        .collect();
    if let Some((from, to, why)) = rng.pick(&forbidden) {
        bad.push(Bad::Path(vec![*from, *to], why.clone()));
    }
    let over_empty: Vec<Hole> = Dir::ALL
        .iter()
        .filter_map(|&d| o.neighbour(d).filter(|&m| !taken(m))?.neighbour(d))
        .filter(|&l| !taken(l))
        .collect();
    if let Some(&l) = rng.pick(&over_empty) {
        bad.push(Bad::Path(vec![o, l], PathError::NotAJump(o, l)));
    }
    let jumps: Vec<Vec<Hole>> = game
        .legal_moves()
        .into_iter()
        .filter(|m| !m.from.neighbours().has(m.to.index()))
        .map(|m| m.path)
        .collect();
    if let Some(path) = rng.pick(&jumps) {
        let back = path[path.len() - 2];
        bad.push(Bad::Path(
            [path.as_slice(), &[back]].concat(),
            PathError::Revisits(back),
        ));
    }
    bad
}

/// Why the rules forbid the mover's step from `from` to the empty hole `to`, if they do: the
/// goal lock, or ending in another player's point.
fn forbidden_step(game: &Game, from: Hole, to: Hole) -> Option<PathError> {
    let layout = game.layout();
    let info = &layout.seats[game.to_move()?];
    let (from, to_bit) = (from.index(), to.index());
    if layout.goal_lock && info.goal.has(from) && !info.goal.has(to_bit) {
        Some(PathError::LeavesGoal(to))
    } else if !info.end_ok.has(to_bit) {
        Some(PathError::EndsInOtherPoint(to))
    } else {
        None
    }
}

/// Refused input gives the expected error and leaves the game as it was.
fn check_refused(game: &mut Game, bad: Bad) {
    let before = Snapshot::of(game);
    match bad {
        Bad::Notation(text) => {
            let got = game.play_notation(&text);
            assert!(
                matches!(got, Err(GameError::Notation(_))),
                "'{text}': {got:?}"
            );
        }
        Bad::Path(path, why) => {
            let want = GameError::Illegal {
                path: format_path(&path),
                why,
            };
            assert_eq!(game.play(&path), Err(want), "\n{}", move_list_text(game));
        }
        Bad::Action(action) => {
            let got = game.act(action.clone());
            assert!(
                matches!(got, Err(GameError::NotAllowed(_))),
                "{action}: {got:?}"
            );
        }
    }
    assert_eq!(Snapshot::of(game), before, "refused input changed the game");
}

/// A random path of hops along the lines: the game takes it only if it is a listed move, and
/// otherwise stays as it was.
fn check_random_path(game: &mut Game, rng: &mut Rng) {
    let listed: HashSet<(Hole, Hole)> = game
        .legal_moves()
        .into_iter()
        .map(|m| (m.from, m.to))
        .collect();
    let own: Vec<Hole> = holes(game.board().marbles(game.to_move().expect("in play"))).collect();
    let mut path = vec![*rng.pick(&own).expect("the side to move has marbles")];
    for _ in 0..=rng.below(3) {
        let d = *rng.pick(&Dir::ALL).expect("six directions");
        let mut to = path.last().copied();
        for _ in 0..*rng.pick(&[1, 2, 2, 4, 6]).expect("lengths") {
            to = to.and_then(|h| h.neighbour(d));
        }
        match to {
            Some(h) => path.push(h),
            None => break,
        }
    }
    let before = Snapshot::of(game);
    if game.play(&path).is_ok() {
        let ends = (path[0], *path.last().expect("a path"));
        assert!(
            listed.contains(&ends),
            "{} taken but not listed\n{}",
            format_path(&path),
            move_list_text(game)
        );
        assert!(game.undo());
    }
    assert_eq!(Snapshot::of(game), before, "{}", format_path(&path));
}

#[test]
fn illegal_input_leaves_the_game_unchanged() {
    on_every_table(
        2,
        |game, rng| {
            for bad in bad_inputs(game, rng) {
                check_refused(game, bad);
            }
            for _ in 0..4 {
                check_random_path(game, rng);
            }
            play_random(game, rng);
        },
        |_, _| {},
    );
}

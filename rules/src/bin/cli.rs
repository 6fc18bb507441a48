//! `sternhalma-cli`: the rules engine without a screen, for people, scripts and benchmarks.
//!
//! Run `sternhalma-cli help` for the commands. Errors go to stderr; a bad move or a bad
//! record exits with status 2, a bad command line with status 1.

use std::process::ExitCode;
use std::time::Instant;
use sternhalma_rules::ai::review::{ReviewOptions, review_record};
use sternhalma_rules::ai::{self, Budget, Clock, Level, Settings};
use sternhalma_rules::soak;
use sternhalma_rules::{
    Board, Game, GameRecord, Layout, Point, RuleSet, Setup, Standing, Status, format_path, perft,
};

const HELP: &str = "\
sternhalma-cli — Chinese Checkers rules engine

USAGE:
  sternhalma-cli perft  --players N [--marbles 6|10|15] [--rules PRESET] --depth D
  sternhalma-cli moves  --players N [--marbles M] [--rules PRESET] [--moves \"PATH PATH ...\"]
  sternhalma-cli record --players N [--marbles M] [--rules PRESET] --moves \"PATH PATH ...\"
  sternhalma-cli replay FILE
  sternhalma-cli review FILE [--seat N]
  sternhalma-cli presets
  sternhalma-cli bestmove --players N [--rules PRESET] --level LEVEL [--ms BUDGET] [--seed S]
                          [--moves \"PATH PATH ...\"]
  sternhalma-cli match --players N --a LEVEL --b LEVEL[,LEVEL...] --games G [--rules PRESET] [--seed S]
                       [--jobs J] [--records DIR] [--openings K] [--a-eval W] [--b-eval W]
  sternhalma-cli train --players 3|4|6 --games G [--seed S] [--level LEVEL] [--ridge L] [--target end|next]
                       [--openings K[,K...]] [--holes] --out FILE
  sternhalma-cli solo [--seconds S]
  sternhalma-cli soak --games N [--seed S] [--jobs J] [--failures DIR]
  sternhalma-cli crossing [--marbles 6|10|15] [--moves \"PATH PATH ...\"] [--width W] [--nodes N]
  sternhalma-cli crossing [--marbles 6|10|15] --best W
  sternhalma-cli puzzles --seed S --count K [--out FILE] [--games G]
  sternhalma-cli lessons

perft   counts move sequences of length D from the start (the last ply counted, not played);
        prints the count alone on the first line, then the time and leaf moves per second.
moves   plays the moves from the start, then prints every legal move of the side to move,
        one per line, sorted. An illegal or malformed move exits with status 2.
record  plays the moves and prints the game record (RON) on stdout.
replay  validates a record, prints the final position as a picture and the result.
review  replays a record and marks each move of the reviewed seats by what it cost in moves
        to finish against the expert's best move there (the exact race solver once the
        marbles are past each other, the search's evaluation in moves before); one line per
        move, \"ply move cost best\" (ply from 1, as in the record), then the line
        reviewed=N costly=C total_cost=T
        (costly: a whole move or more lost). --seat N (1 to players) reviews that seat alone;
        without it both seats of a two-player game, seat 1 of a larger one.
presets lists the rule presets.
bestmove plays the moves, then prints the move LEVEL chooses for the side to move, alone on
        the last line. LEVEL: beginner, easy, medium, hard, expert, greedy.
match   plays G games between two levels, alternating who starts (with more than two players
        A takes one seat, in turn, and B all the others); ends with the line
        a_wins=W draws=D b_wins=L avg_plies=P a_ms_median=M a_ms_max=X
        and, before it, the mean moves each side took to finish, over the seats that did
        (with rules that play on after the first finish, e.g. classic, all but the last):
        a_finished=N a_moves_to_finish=M b_finished=N b_moves_to_finish=M
        and before that the first places each of B's levels took (each level once, in the
        order --b names them): b_firsts=LEVEL:N,LEVEL:N...
        and before that A's mean place as the rules rank it (1 is first; seats not finished
        by marbles in the goal, then steps left; ties share the higher place): a_mean_place=P
        --b with several levels, \"beginner,easy,medium,hard,greedy\", is a mixed field: the
        seats after A's take them in turn order. With a team preset (pairs, three-pairs)
        A plays both seats of its team, and a win is its team's.
        --a-eval / --b-eval change that side's evaluation weights and the search's switches,
        for tuning by self-play: \"ladder=8,bridge=4\" (weights: linear, square, field_square,
        late_home, ladder, bridge, learned, lane and lane_free, lane_cap, lane_low,
        lane_high, lane_others, lane_shift; switches: foresight=0 turns the expert's
        foresight at six players off, 3 by default; recognise=R: a seat is foreseen once its
        last R moves were the medium level's, misses=M of them may differ; foresee_all=0
        also foresees a table where only some seats are; crowded_depth=D: the expert's plies
        at six players, 4 by default; crowded_tempo=P: the percent of its own best next move
        a leaf counts there, 20 by default; crowded_pace=T: each opponent weighed there by
        how soon it would finish at its pace so far, T tenths of a move the temperature, 30
        by default (0: off); foresee_pace=1: the pace kept while foresight foresees the
        table (0, the default: dropped); team_order=T: team games the hard and expert levels
        search in the real turn order rather than by Best-Reply Search, 0 none, 1 two teams
        (the default), 2 any number; with three or four players without teams, the expert's
        field_nodes=P: percent of its nodes, 100; field_others=P: with four players, percent
        the opponents' average counts for in its score, 50; three_others=P and
        crowded_others=P: the same with three and six players, 100; field_tempo=P: with
        three or four players, the percent of its own best next move a leaf counts, 100;
        head_on=P: with four or six players, percent the opponent whose home is its goal
        weighs in that average against 100 for each other one, 100; three_softmin=T: with
        three players, the opponents count as their soft minimum at temperature T (about 250
        a move), the leader weighing most, a negative T their soft maximum, 0 the mean, 500
        by default; three_learned=0: the hand-made evaluation at three players, 1 (the
        learned one) by default; crowded_lane=W and four_lane=W: the expert's lane weight at
        six and at four players, 4; hard_lane=1: the hard level plays them too; what each
        does: docs/cli.md).
        --records DIR writes game N as DIR/game-NNN.ron (A's seat: (N - 1) mod players).
        --openings K starts every game with K plies of random forward moves, the same for
        each run of `players` games, so each opening is played with A in every seat: levels
        that break no ties play varied games (0 by default: the levels play from the start).
train   plays G self-play games of LEVEL (hard by default) in every seat, under the casual
        rules made to play on after the first finish, records every other position and, for
        each seat that finished, the moves it still needed; fits the learned evaluation's
        weights (ridge regression, --ridge L per row, 1 by default) to four games in five
        (--target end, the default: to the moves still made to the finish; --target next:
        to the moves made until the seat's next recorded position plus the model's own
        value there, LSTD(0)) and prints
        rows=N held_rows=H r2_fit=F r2_held=R
        (R² against the moves still made; R: on the fifth game held out), then writes the
        weights to FILE. --openings K starts each game with K plies of random forward
        moves, as match does (0 by default: from the start); the opening's positions are
        not recorded. A comma list is taken in turn, game by game: 0,6 fits half the
        games from the start and half from six-ply openings. --holes also fits a
        correction per hole (up to the mirror through the seat's line from home to goal)
        to the costs per distance; the file then lists the holes' weights that are not 0.
        The same arguments write the same file. The shipped rules/assets/eval-Np.txt
        came from this command (docs/ai.md); --a-eval learned=1 (2, 3) plays with them,
        three_learned=1 (2, 3; 1 by default) the expert at three players only.
solo    searches for the shortest crossing of ten marbles alone; prints it, then moves=N.
soak    plays N games (random, computer and mixed players, rotating through every preset and
        player count) and checks the engine's invariants after every move; ends with the line
        games=N moves=M failures=F
        and exits with status 1 if F > 0. Each failure is named on stderr and its game record
        written to DIR/game-NNNNN.ron (default DIR: soak-failures, made only when needed).
        The same --seed plays the same games with any --jobs.
crossing the practice crossing: one seat's marbles alone, from the bottom point into the top
        one (short jumps, rest anywhere). Plays the moves, then prints one line
        moves=N needed=K hint=PATH exact=true|false
        (needed: the fewest moves still needed, the hint's move included, by the race
        solver; exact=false when it is the best line found, not proved shortest; hint=- once
        done). --width and --nodes set the hint's beam width (300) and IDA* nodes (30000).
        --best W prints the shortest crossing a beam up to W wide finds, then moves=N.
puzzles makes K puzzles (finish in 2 or 3 moves, reach a far hole in one chain) from
        self-play games seeded by S and prints them as RON (or writes FILE); at most G
        games (40). assets/puzzles.ron is: puzzles --seed 23 --count 8.
lessons prints the tutorial's lessons (id, title, rules, position, each step's instruction
        and its answer) and plays each answer through the lesson's own check; ends with
        lessons=N steps=S right=R and exits with status 2 if R < S.

PRESET is a preset name (default: casual) or a path to a .ron rule set file.
--marbles overrides the preset's set-up.";

/// A command-line failure: message and exit status.
struct Fail(String, u8);

fn fail<T>(msg: impl Into<String>) -> Result<T, Fail> {
    Err(Fail(msg.into(), 1))
}

struct Args {
    rest: Vec<String>,
}

impl Args {
    fn take(&mut self, flag: &str) -> Result<Option<String>, Fail> {
        match self.rest.iter().position(|a| a == flag) {
            None => Ok(None),
            Some(i) if i + 1 < self.rest.len() => {
                let v = self.rest.remove(i + 1);
                self.rest.remove(i);
                Ok(Some(v))
            }
            Some(_) => fail(format!("{flag} needs a value")),
        }
    }

    /// Whether the value-less `flag` was given (taken from the arguments).
    fn flag(&mut self, flag: &str) -> bool {
        let at = self.rest.iter().position(|a| a == flag);
        at.map(|i| self.rest.remove(i)).is_some()
    }

    fn num<T: std::str::FromStr>(&mut self, flag: &str) -> Result<Option<T>, Fail> {
        match self.take(flag)? {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .or_else(|_| fail(format!("{flag}: '{v}' is not a number"))),
        }
    }

    fn done(&self) -> Result<(), Fail> {
        match self.rest.first() {
            Some(a) => fail(format!(
                "unexpected argument '{a}' (see 'sternhalma-cli help')"
            )),
            None => Ok(()),
        }
    }
}

fn load_rules(arg: Option<String>) -> Result<RuleSet, Fail> {
    let name = arg.unwrap_or_else(|| "casual".into());
    if name.ends_with(".ron") {
        let text = std::fs::read_to_string(&name).or_else(|e| fail(format!("{name}: {e}")))?;
        RuleSet::from_ron(&text).or_else(|e| fail(format!("{name}: {e}")))
    } else {
        RuleSet::preset(&name).or_else(|e| fail(e.to_string()))
    }
}

/// The game from `--players`, `--marbles` and `--rules`.
fn new_game(args: &mut Args) -> Result<Game, Fail> {
    let players = args.num::<u8>("--players")?;
    let marbles = args.num::<u8>("--marbles")?;
    let rules = load_rules(args.take("--rules")?)?;
    let setup = Setup::for_rules(&rules, players, marbles).or_else(|e| fail(e.to_string()))?;
    Game::new(setup, rules).or_else(|e| fail(e.to_string()))
}

fn play_moves(game: &mut Game, moves: Option<String>) -> Result<(), Fail> {
    for token in moves.unwrap_or_default().split_whitespace() {
        let action = token
            .parse()
            .map_err(|e| Fail(format!("bad move {e}"), 2))?;
        game.act(action).map_err(|e| Fail(e.to_string(), 2))?;
    }
    Ok(())
}

fn cmd_perft(mut args: Args) -> Result<(), Fail> {
    let depth = args
        .num::<u32>("--depth")?
        .ok_or(Fail("perft needs --depth".into(), 1))?;
    let game = new_game(&mut args)?;
    args.done()?;
    let layout = Layout::new(*game.setup(), game.rules());
    let mut board = Board::start(&layout);
    let t = Instant::now();
    let n = perft(&layout, &mut board, 0, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("{n}");
    println!(
        "time {:.3} s, {:.1} million leaf moves per second",
        secs,
        n as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

fn cmd_moves(mut args: Args) -> Result<(), Fail> {
    let moves = args.take("--moves")?;
    let mut game = new_game(&mut args)?;
    args.done()?;
    play_moves(&mut game, moves)?;
    let mut list: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|m| format_path(&m.path))
        .collect();
    list.sort();
    for m in list {
        println!("{m}");
    }
    Ok(())
}

fn cmd_record(mut args: Args) -> Result<(), Fail> {
    let moves = args.take("--moves")?;
    let mut game = new_game(&mut args)?;
    args.done()?;
    play_moves(&mut game, moves)?;
    print!("{}", GameRecord::from_game(&game).to_ron());
    Ok(())
}

/// The star as text, top row first: `.` an empty hole, a seat's colour letter a marble.
fn picture(game: &Game) -> String {
    let board = game.board();
    let points = game.setup().seat_points();
    let mut out = String::new();
    for row in (1..=17).rev() {
        let mut line = vec![' '; 34];
        for h in sternhalma_rules::Hole::all().filter(|h| h.row() == row) {
            let (q, r) = h.axial();
            let col = (2 * q + r + 16) as usize;
            line[col] = match board.owner(h) {
                Some(seat) => colour_letter(points[seat]),
                None => '.',
            };
        }
        let text: String = line.into_iter().collect();
        out.push_str(&format!("{row:>2}  {}\n", text.trim_end()));
    }
    out
}

fn colour_letter(p: Point) -> char {
    ['W', 'R', 'B', 'K', 'Y', 'G'][p.index()]
}

fn colour_name(p: Point) -> &'static str {
    ["white", "red", "blue", "black", "yellow", "green"][p.index()]
}

/// Reads and replays a record file: a missing or unreadable file is a command-line error
/// (status 1), a record that does not replay a bad record (status 2).
fn load_record(path: &str) -> Result<GameRecord, Fail> {
    let text = std::fs::read_to_string(path).or_else(|e| fail(format!("{path}: {e}")))?;
    let record = GameRecord::from_ron(&text).map_err(|e| Fail(format!("{path}: {e}"), 2))?;
    record
        .replay()
        .map_err(|e| Fail(format!("{path}: {e}"), 2))?;
    Ok(record)
}

fn cmd_review(mut args: Args) -> Result<(), Fail> {
    let seat = args.num::<usize>("--seat")?;
    if args.rest.is_empty() {
        return fail("review needs a FILE");
    }
    let path = args.rest.remove(0);
    args.done()?;
    let record = load_record(&path)?;
    let players = record.setup.players as usize;
    let seat = match seat {
        Some(n) if (1..=players).contains(&n) => Some(n - 1),
        Some(n) => {
            return fail(format!(
                "--seat {n}: the game has {players} players (seats 1 to {players})"
            ));
        }
        None => None,
    };
    let options = ReviewOptions {
        seat,
        ..ReviewOptions::default()
    };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let review = review_record(&record, &options, &mut |_, _| {}, &cancel)
        .map_err(|e| Fail(format!("{path}: {e}"), 2))?;
    for m in &review.moves {
        println!("{} {} {} {}", m.ply, m.played, m.cost, m.best);
    }
    println!(
        "reviewed={} costly={} total_cost={}",
        review.moves.len(),
        review.costly(),
        review.total_cost()
    );
    Ok(())
}

fn cmd_replay(mut args: Args) -> Result<(), Fail> {
    if args.rest.is_empty() {
        return fail("replay needs a FILE");
    }
    let path = args.rest.remove(0);
    args.done()?;
    let text = std::fs::read_to_string(&path).or_else(|e| fail(format!("{path}: {e}")))?;
    let record = GameRecord::from_ron(&text).map_err(|e| Fail(format!("{path}: {e}"), 2))?;
    let game = record
        .replay()
        .map_err(|e| Fail(format!("{path}: {e}"), 2))?;
    print!("{}", picture(&game));
    println!("{} moves played, {}", game.actions().len(), game.setup());
    let points = game.setup().seat_points();
    match game.status() {
        Status::InPlay => {
            let seat = game.to_move().expect("in play");
            println!(
                "Result: in play, {} ({}) to move",
                colour_name(points[seat]),
                seat + 1
            );
        }
        Status::Over(o) => {
            let mut seats: Vec<usize> = (0..o.places.len()).collect();
            seats.sort_by_key(|&s| (o.places[s], s));
            let list: Vec<String> = seats
                .iter()
                .map(|&s| {
                    format!(
                        "{}. {} (seat {})",
                        o.places[s],
                        colour_name(points[s]),
                        s + 1
                    )
                })
                .collect();
            let draw = if o.is_draw(game.setup()) {
                "draw, "
            } else {
                ""
            };
            println!("Result: {draw}{:?}: {}", o.reason, list.join(", "));
        }
    }
    Ok(())
}

/// Wall-clock time since the search started: the engine reads no clock, the CLI lends one.
struct Since(Instant);

impl Clock for Since {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

fn weights(args: &mut Args, flag: &str) -> Result<Settings, Fail> {
    match args.take(flag)? {
        None => Ok(Settings::default()),
        Some(v) => v.parse().or_else(|e: String| fail(format!("{flag}: {e}"))),
    }
}

fn level(args: &mut Args, flag: &str) -> Result<Level, Fail> {
    let v = args
        .take(flag)?
        .ok_or(Fail(format!("{flag} LEVEL is needed"), 1))?;
    v.parse().or_else(|e: String| fail(e))
}

fn cmd_bestmove(mut args: Args) -> Result<(), Fail> {
    let moves = args.take("--moves")?;
    let lvl = level(&mut args, "--level")?;
    let ms = args.num::<u64>("--ms")?;
    let seed = args.num::<u64>("--seed")?.unwrap_or(0);
    let mut game = new_game(&mut args)?;
    args.done()?;
    play_moves(&mut game, moves)?;
    let clock = Since(Instant::now());
    let budget = Budget {
        max_ms: ms,
        clock: &clock,
        cancel: None,
    };
    match ai::choose_move(&game, lvl, seed, &budget) {
        Some(m) => {
            println!("{}", format_path(&m.path));
            Ok(())
        }
        None => Err(Fail("the game is over: no move to choose".into(), 2)),
    }
}

/// One game of a match: A's seat, and the result from A's side.
struct GameResult {
    game: Game,
    a_seat: usize,
    /// A's place as the rules awarded it (1 is first; ties share the higher place).
    a_place: u8,
    a_first: bool,
    b_first: bool,
    /// Where in B's list of levels each of B's units in first place stands: which level
    /// beat A (several with a shared first place).
    b_firsts: Vec<usize>,
    plies: usize,
    limit: bool,
    a_ms: Vec<u64>,
}

/// One game: side A (a level and its weights) in `a_seat` and its partner's seat, side B in
/// every other seat, the other units in turn order after A's taking B's levels in turn.
fn play_match_game(
    base: &Game,
    a: (Level, &Settings),
    b: (&[Level], &Settings),
    a_seat: usize,
    seed: u64,
    opening: Opening,
) -> GameResult {
    let mut game = base.clone();
    ai::play_random_opening(&mut game, opening.plies, opening.seed);
    let setup = *game.setup();
    let units = setup.units();
    let a_unit = setup.unit_of(a_seat);
    // The first unit after A's takes the first of B's levels, and so on round.
    let b_index = |unit: usize| (unit + units - a_unit - 1) % units % b.0.len();
    let side = |seat: usize| {
        let unit = setup.unit_of(seat);
        if unit == a_unit {
            a
        } else {
            (b.0[b_index(unit)], b.1)
        }
    };
    let mut a_ms = Vec::new();
    let mut plies = game.actions().len();
    while let Some(seat) = game.to_move() {
        let (lvl, w) = side(seat);
        let clock = Since(Instant::now());
        let budget = Budget {
            max_ms: None,
            clock: &clock,
            cancel: None,
        };
        let m = ai::choose_move_weighted(
            &game,
            lvl,
            seed.wrapping_mul(0x9E37).wrapping_add(plies as u64),
            &budget,
            w,
        )
        .expect("a move while the game is in play");
        if setup.unit_of(seat) == a_unit {
            a_ms.push(clock.elapsed_ms());
        }
        game.play(&m.path).expect("the AI only makes legal moves");
        plies += 1;
    }
    let Status::Over(o) = game.status() else {
        unreachable!("the loop ends with the game")
    };
    let first = |unit: usize| setup.seats_of(unit).any(|s| o.places[s] == 1);
    let b_firsts: Vec<usize> = (0..units)
        .filter(|&u| u != a_unit && first(u))
        .map(b_index)
        .collect();
    let (a_first, others_first) = (first(a_unit), !b_firsts.is_empty());
    GameResult {
        a_place: o.places[a_seat],
        game,
        a_seat,
        a_first: a_first && !others_first,
        b_first: others_first && !a_first,
        b_firsts,
        plies,
        limit: matches!(
            o.reason,
            sternhalma_rules::EndReason::MoveLimit | sternhalma_rules::EndReason::Repetition
        ),
        a_ms,
    }
}

/// A match game's opening: `plies` random forward moves drawn from `seed`.
#[derive(Clone, Copy)]
struct Opening {
    plies: usize,
    seed: u64,
}

/// B's levels: one level, or a field of them separated by commas.
fn field(args: &mut Args) -> Result<Vec<Level>, Fail> {
    let v = args
        .take("--b")?
        .ok_or(Fail("--b LEVEL is needed".into(), 1))?;
    v.split(',')
        .map(|l| {
            l.trim()
                .parse()
                .or_else(|e: String| fail(format!("--b: {e}")))
        })
        .collect()
}

fn cmd_match(mut args: Args) -> Result<(), Fail> {
    let a = level(&mut args, "--a")?;
    let b = field(&mut args)?;
    let games = args
        .num::<usize>("--games")?
        .ok_or(Fail("match needs --games".into(), 1))?;
    let seed = args.num::<u64>("--seed")?.unwrap_or(1);
    let jobs = args.num::<usize>("--jobs")?.unwrap_or(1).max(1);
    let records = args.take("--records")?;
    let openings = args.num::<usize>("--openings")?.unwrap_or(0);
    let eval = [
        weights(&mut args, "--a-eval")?,
        weights(&mut args, "--b-eval")?,
    ];
    let base = new_game(&mut args)?;
    args.done()?;
    let setup = *base.setup();
    let players = setup.players as usize;
    let mut results: Vec<(usize, GameResult)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                let (base, b) = (&base, &b);
                scope.spawn(move || {
                    (j..games)
                        .step_by(jobs)
                        .map(|g| {
                            let result = play_match_game(
                                base,
                                (a, &eval[0]),
                                (b, &eval[1]),
                                g % players,
                                seed.wrapping_add(g as u64 * 7919),
                                Opening {
                                    plies: openings,
                                    seed: seed.wrapping_add((g / players) as u64 * 104_729),
                                },
                            );
                            (g, result)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("match thread"))
            .collect()
    });
    // Each thread returns its own games: put them back in game order, so record N is game N
    // (and A's seat in it is (N - 1) % players) whatever --jobs was.
    results.sort_by_key(|r| r.0);
    let results: Vec<GameResult> = results.into_iter().map(|r| r.1).collect();
    if let Some(dir) = records {
        std::fs::create_dir_all(&dir).or_else(|e| fail(format!("{dir}: {e}")))?;
        for (i, r) in results.iter().enumerate() {
            let path = format!("{dir}/game-{:03}.ron", i + 1);
            std::fs::write(&path, GameRecord::from_game(&r.game).to_ron())
                .or_else(|e| fail(format!("{path}: {e}")))?;
        }
    }
    let a_wins = results.iter().filter(|r| r.a_first).count();
    let b_wins = results.iter().filter(|r| r.b_first).count();
    let draws = results.len() - a_wins - b_wins;
    let plies: usize = results.iter().map(|r| r.plies).sum();
    let mut ms: Vec<u64> = results
        .iter()
        .flat_map(|r| r.a_ms.iter().copied())
        .collect();
    ms.sort_unstable();
    let median = ms.get(ms.len() / 2).copied().unwrap_or(0);
    let max = ms.last().copied().unwrap_or(0);
    let limit = results.iter().filter(|r| r.limit).count();
    println!("games_ended_by_limit_or_repetition={limit}");
    // Moves to finish, a steadier measure of racing speed than first places (with rules that
    // play on after the first finish, such as the classic preset, all but the last finish).
    // A finished seat is skipped from then on, so its move count is where it finished.
    let mut finishes = [Vec::new(), Vec::new()];
    for r in &results {
        for seat in (0..players).filter(|&s| r.game.standing(s) == Standing::Finished) {
            let theirs = setup.unit_of(seat) != setup.unit_of(r.a_seat);
            finishes[usize::from(theirs)].push(f64::from(r.game.moves_made(seat)));
        }
    }
    let mean = |v: &[f64]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            format!("{:.2}", v.iter().sum::<f64>() / v.len() as f64)
        }
    };
    // A's mean place, finishing or not, as the rules rank it: a game that ends at the first
    // finish still ranks the rest by marbles in the goal, then steps left, which separates
    // settings in fewer games than first places alone.
    let place: f64 =
        results.iter().map(|r| f64::from(r.a_place)).sum::<f64>() / results.len().max(1) as f64;
    println!("a_mean_place={place:.3}");
    // Which of B's levels took the first places, each level once in the order first named:
    // in a mixed field, whom A has to beat.
    let mut by_level: Vec<(Level, usize)> = Vec::new();
    for &l in &b {
        if !by_level.iter().any(|e| e.0 == l) {
            by_level.push((l, 0));
        }
    }
    for k in results.iter().flat_map(|r| r.b_firsts.iter()) {
        if let Some(e) = by_level.iter_mut().find(|e| e.0 == b[*k]) {
            e.1 += 1;
        }
    }
    let firsts: Vec<String> = by_level.iter().map(|(l, n)| format!("{l}:{n}")).collect();
    println!("b_firsts={}", firsts.join(","));
    println!(
        "a_finished={} a_moves_to_finish={} b_finished={} b_moves_to_finish={}",
        finishes[0].len(),
        mean(&finishes[0]),
        finishes[1].len(),
        mean(&finishes[1])
    );
    println!(
        "a_wins={a_wins} draws={draws} b_wins={b_wins} avg_plies={:.1} a_ms_median={median} a_ms_max={max}",
        plies as f64 / results.len().max(1) as f64
    );
    Ok(())
}

fn cmd_train(mut args: Args) -> Result<(), Fail> {
    let players = args
        .num::<u8>("--players")?
        .ok_or(Fail("train needs --players".into(), 1))?;
    if !matches!(players, 3 | 4 | 6) {
        return fail("train: --players must be 3, 4 or 6");
    }
    let games = args
        .num::<usize>("--games")?
        .ok_or(Fail("train needs --games".into(), 1))?;
    let seed = args.num::<u64>("--seed")?.unwrap_or(1);
    let lvl = match args.take("--level")? {
        None => Level::Hard,
        Some(v) => v.parse().or_else(|e: String| fail(e))?,
    };
    let ridge = args
        .num::<f64>("--ridge")?
        .unwrap_or(ai::learned::RIDGE)
        .max(0.0);
    let target = match args.take("--target")? {
        None => ai::learned::Target::End,
        Some(v) => v.parse().or_else(|e: String| fail(format!("train: {e}")))?,
    };
    // A comma list of plies, taken in turn game by game ("0,6": half from the start).
    let openings = match args.take("--openings")? {
        None => vec![0],
        Some(v) => v
            .split(',')
            .map(|k| k.trim().parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
            .or_else(|_| {
                fail(format!(
                    "--openings: '{v}' is not a number or a comma list of them"
                ))
            })?,
    };
    let holes = args.flag("--holes");
    let out = args
        .take("--out")?
        .ok_or(Fail("train needs --out FILE".into(), 1))?;
    args.done()?;
    // Fail on a bad path before the games, not after them.
    std::fs::write(&out, "").or_else(|e| fail(format!("{out}: {e}")))?;
    let t = ai::learned::train(players, games, seed, lvl, ridge, target, &openings, holes)
        .or_else(|e| fail(format!("train: {e}")))?;
    println!(
        "rows={} held_rows={} r2_fit={:.4} r2_held={:.4}",
        t.rows.0, t.rows.1, t.r2_fit, t.r2_held
    );
    // The shipped files' command line, which had no openings, stays as it was.
    let opened = if openings.iter().any(|&k| k > 0) {
        let list: Vec<String> = openings.iter().map(ToString::to_string).collect();
        format!(" --openings {}", list.join(","))
    } else {
        String::new()
    };
    let holed = if holes { " --holes" } else { "" };
    let comment = format!(
        "Learned evaluation: moves a seat still needs (docs/ai.md).\n\
         sternhalma-cli train --players {players} --games {games} --seed {seed} --level {lvl} --ridge {ridge} --target {target}{opened}{holed} --out FILE\n\
         rows={} held_rows={} r2_fit={:.4} r2_held={:.4}",
        t.rows.0, t.rows.1, t.r2_fit, t.r2_held
    );
    std::fs::write(&out, t.model.to_text(&comment)).or_else(|e| fail(format!("{out}: {e}")))
}

fn cmd_solo(mut args: Args) -> Result<(), Fail> {
    let seconds = args.num::<f64>("--seconds")?.unwrap_or(10.0);
    args.done()?;
    let clock = Since(Instant::now());
    let budget = Budget {
        max_ms: Some((seconds * 1000.0) as u64),
        clock: &clock,
        cancel: None,
    };
    let line = ai::solo_crossing(&budget);
    for path in &line {
        println!("{}", format_path(path));
    }
    println!("moves={}", line.len());
    Ok(())
}

fn cmd_soak(mut args: Args) -> Result<(), Fail> {
    let games = args
        .num::<usize>("--games")?
        .ok_or(Fail("soak needs --games".into(), 1))?;
    let seed = args.num::<u64>("--seed")?.unwrap_or(1);
    let jobs = args.num::<usize>("--jobs")?.unwrap_or(1).max(1);
    let dir = args
        .take("--failures")?
        .unwrap_or_else(|| "soak-failures".into());
    args.done()?;
    // Game N is the same whichever thread plays it: split the numbers, then put the
    // reports back in order so failures are listed by game.
    let mut games_played: Vec<soak::GameReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|j| {
                scope.spawn(move || {
                    (1 + j..=games)
                        .step_by(jobs)
                        .map(|n| soak::soak_game(seed, n))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("soak thread"))
            .collect()
    });
    games_played.sort_by_key(|g| g.plan.number);
    let mut report = soak::Report::default();
    for g in games_played {
        report.add(g);
    }
    if !report.failures.is_empty() {
        std::fs::create_dir_all(&dir).or_else(|e| fail(format!("{dir}: {e}")))?;
    }
    for f in &report.failures {
        let path = format!("{dir}/game-{:05}.ron", f.plan.number);
        std::fs::write(&path, f.record.to_ron()).or_else(|e| fail(format!("{path}: {e}")))?;
        eprintln!("soak: {f} (record: {path})");
    }
    let mut endings: Vec<String> = report
        .endings
        .iter()
        .map(|(reason, n)| format!("{reason:?}={n}"))
        .collect();
    endings.push(format!("capped={}", report.capped));
    println!("endings: {}", endings.join(" "));
    println!("{}", report.summary());
    if report.failures.is_empty() {
        Ok(())
    } else {
        fail(format!(
            "{} of {} games broke an invariant; records in {dir}/",
            report.failures.len(),
            report.games
        ))
    }
}

fn cmd_crossing(mut args: Args) -> Result<(), Fail> {
    use sternhalma_rules::ai::crossing::{Crossing, HintBudget, best_crossing};
    let marbles = args.num::<u8>("--marbles")?.unwrap_or(10);
    let moves = args.take("--moves")?;
    let width = args.num::<usize>("--width")?;
    let nodes = args.num::<u64>("--nodes")?;
    let best = args.num::<usize>("--best")?;
    args.done()?;
    let mut crossing = Crossing::new(marbles).or_else(|e| fail(format!("--marbles: {e}")))?;
    if let Some(w) = best {
        if moves.is_some() {
            return fail("--best searches from the start: leave out --moves");
        }
        let line = best_crossing(marbles, w.max(1)).or_else(|e| fail(e.to_string()))?;
        for path in &line {
            println!("{}", format_path(path));
        }
        println!("moves={}", line.len());
        return Ok(());
    }
    for (i, token) in moves.unwrap_or_default().split_whitespace().enumerate() {
        crossing
            .play_notation(token)
            .map_err(|e| Fail(format!("move {} '{token}': {e}", i + 1), 2))?;
    }
    let defaults = HintBudget::default();
    let budget = HintBudget {
        beam_width: width.unwrap_or(defaults.beam_width).max(1),
        nodes: nodes.unwrap_or(defaults.nodes),
    };
    let made = crossing.moves_made();
    match crossing.hint(&budget) {
        Some((m, needed, exact)) => {
            println!(
                "moves={made} needed={needed} hint={} exact={exact}",
                format_path(&m.path)
            );
            Ok(())
        }
        None if crossing.is_done() => {
            println!("moves={made} needed=0 hint=- exact=true");
            Ok(())
        }
        None => Err(Fail("the solver found no line from here".into(), 2)),
    }
}

fn cmd_puzzles(mut args: Args) -> Result<(), Fail> {
    use sternhalma_rules::ai::puzzles::{PuzzleOptions, puzzles, write_puzzles};
    let seed = args
        .num::<u64>("--seed")?
        .ok_or(Fail("puzzles needs --seed".into(), 1))?;
    let count = args
        .num::<usize>("--count")?
        .ok_or(Fail("puzzles needs --count".into(), 1))?;
    let out = args.take("--out")?;
    let games = args.num::<usize>("--games")?;
    args.done()?;
    if count == 0 || count > 100 {
        return fail("--count: from 1 to 100 puzzles");
    }
    let defaults = PuzzleOptions::default();
    let options = PuzzleOptions {
        max_games: games.unwrap_or(defaults.max_games).max(1),
        ..defaults
    };
    let list = puzzles(seed, count, &options);
    let text = write_puzzles(&list);
    match out {
        Some(path) => {
            std::fs::write(&path, &text).or_else(|e| fail(format!("{path}: {e}")))?;
        }
        None => print!("{text}"),
    }
    eprintln!("puzzles={} (of {count} asked)", list.len());
    if list.len() < count {
        return Err(Fail(
            format!(
                "only {} puzzles found in {} games: try more --games or another --seed",
                list.len(),
                options.max_games
            ),
            2,
        ));
    }
    Ok(())
}

fn cmd_lessons(args: Args) -> Result<(), Fail> {
    use sternhalma_rules::tutorial::{LEARNER, Practice, Verdict, lessons};
    args.done()?;
    let list = lessons();
    let (mut steps, mut right) = (0, 0);
    for lesson in &list {
        let mut practice =
            Practice::new(lesson.clone()).map_err(|e| Fail(format!("{}: {e}", lesson.id), 2))?;
        let board = practice.game().board();
        let marbles = |seat: usize| {
            let text =
                sternhalma_rules::holes_text(sternhalma_rules::game::holes(board.marbles(seat)));
            if text.is_empty() {
                "-".to_string()
            } else {
                text
            }
        };
        println!("{}: {} ({} rules)", lesson.id, lesson.title, lesson.preset);
        println!(
            "  yours: {}  theirs: {}",
            marbles(LEARNER),
            marbles(1 - LEARNER)
        );
        while let Some(step) = practice.step().cloned() {
            steps += 1;
            println!("  {}. {}", practice.steps_done() + 1, step.instruction);
            let answer = practice.show_me().unwrap_or_default();
            let shown = if answer.is_empty() {
                "-".to_string()
            } else {
                format_path(&answer)
            };
            match practice.attempt(&answer) {
                Verdict::Right { note } => {
                    right += 1;
                    println!("     answer {shown}: right. {note}");
                }
                Verdict::Wrong { why } | Verdict::Illegal { why } => {
                    println!("     answer {shown}: NOT right. {why}");
                    break;
                }
            }
        }
    }
    println!("lessons={} steps={steps} right={right}", list.len());
    if right < steps {
        return Err(Fail(
            format!("{} lesson steps failed their own check", steps - right),
            2,
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    if argv.is_empty() {
        eprintln!("{HELP}");
        return ExitCode::from(1);
    }
    let cmd = argv.remove(0);
    let args = Args { rest: argv };
    let result = match cmd.as_str() {
        "perft" => cmd_perft(args),
        "moves" => cmd_moves(args),
        "record" => cmd_record(args),
        "replay" => cmd_replay(args),
        "review" => cmd_review(args),
        "bestmove" => cmd_bestmove(args),
        "match" => cmd_match(args),
        "solo" => cmd_solo(args),
        "train" => cmd_train(args),
        "soak" => cmd_soak(args),
        "crossing" => cmd_crossing(args),
        "puzzles" => cmd_puzzles(args),
        "lessons" => cmd_lessons(args),
        "presets" => {
            for name in RuleSet::preset_names() {
                let r = RuleSet::preset(name).expect("built-in presets load");
                println!("{name:<12} {}", r.description);
            }
            Ok(())
        }
        "help" | "--help" | "-h" => {
            println!("{HELP}");
            Ok(())
        }
        other => fail(format!(
            "unknown command '{other}' (see 'sternhalma-cli help')"
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg, code)) => {
            eprintln!("sternhalma-cli: {msg}");
            ExitCode::from(code)
        }
    }
}

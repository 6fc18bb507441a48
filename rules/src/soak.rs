//! Soak testing: whole games under every preset and player count, with random and computer
//! players, and the engine's invariants checked after every move.
//!
//! The unit and integration tests pin the rules down one position at a time; a soak plays
//! thousands of games to the end and checks what must hold everywhere, so that a slip in the
//! incremental bookkeeping (the kept hash, the occupied set, undo snapshots, places) shows up
//! with a game that reproduces it. See [`Invariant`] for the list.
//!
//! Why it lives in the library rather than in the CLI or a test: the checks use nothing but
//! the public face of [`Game`] (plus the crate's seeded generator), and keeping them here lets
//! `sternhalma-cli soak`, the test suite and any later harness share one definition of "the
//! engine is consistent". Like the rest of the crate it does no I/O, reads no clock and has no
//! randomness of its own: each game is fixed by the run's seed and its number (see [`plan`]),
//! so a failure found by a long run on several threads is found again by the same command, and
//! its [`Failure::record`] replays the game up to the position where the invariant broke.
//! Writing the records to files is the CLI's business.

use crate::ai::{self, Budget, Level, Rng};
use crate::bitboard::Bits;
use crate::board::all_holes;
use crate::game::{Action, EndReason, Game, Move, Outcome, Standing, holes};
use crate::notation::{format_path, holes_text, parse_path};
use crate::record::GameRecord;
use crate::rules::{RuleSet, Setup};
use crate::zobrist;
use std::collections::HashSet;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Plies (actions, automatic passes included) after which a game that the rules have not
/// ended is stopped. It counts as a completed game: presets without a move limit (`simple`)
/// let random players wander for ever.
pub const PLY_CAP: usize = 2000;

/// An invariant of the engine, as named in failure reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Invariant {
    /// Every seat keeps the marbles it started with, except a seat that went out: its
    /// marbles leave the board.
    MarbleCount,
    /// No hole holds two marbles, every marble is on a hole of the star, and the board's
    /// occupied set is the union of the seats' marbles.
    Occupancy,
    /// The board's kept hash equals the one recomputed from scratch, and the game's hash adds
    /// the key of the side to move.
    Hash,
    /// The move list has no repeats and agrees with the move counter, each move's path runs
    /// from its origin to its destination, every listed move is accepted, and playing it
    /// moves that marble there.
    MoveList,
    /// Every listed move written in notation reads back to the same path, and playing the
    /// text gives the same position as playing the move by its origin and destination.
    Notation,
    /// Undo restores the position before a move exactly (board, hash, side to move,
    /// standings, counters), and redo plays the move again; the whole game unwinds to the
    /// start and winds up to the end.
    UndoRedo,
    /// Finished seats stay finished, seats that are out stay out, secured places never
    /// change, the side to move is playing, and seats that are not take no turns.
    Standings,
    /// Once the game is over: a place per seat, partners sharing theirs, ranked 1, 2, 3…
    /// with ties sharing (1, 1, 3): a permutation of the units' places when nobody ties.
    Places,
    /// The game's record reads back from its RON and replays to the same game.
    Record,
    /// A computer player chose one of the listed legal moves.
    Computer,
    /// The engine panicked.
    Panic,
}

impl Invariant {
    /// Short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Invariant::MarbleCount => "marble-count",
            Invariant::Occupancy => "occupancy",
            Invariant::Hash => "hash",
            Invariant::MoveList => "move-list",
            Invariant::Notation => "notation",
            Invariant::UndoRedo => "undo-redo",
            Invariant::Standings => "standings",
            Invariant::Places => "places",
            Invariant::Record => "record",
            Invariant::Computer => "computer",
            Invariant::Panic => "panic",
        }
    }
}

impl fmt::Display for Invariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A broken invariant and what exactly was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// Which invariant.
    pub invariant: Invariant,
    /// What was seen.
    pub detail: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.invariant, self.detail)
    }
}

impl std::error::Error for Broken {}

/// `Err` of a broken invariant.
fn broken<T>(invariant: Invariant, detail: impl Into<String>) -> Result<T, Broken> {
    Err(Broken {
        invariant,
        detail: detail.into(),
    })
}

/// `Err` unless `ok`.
fn ensure(ok: bool, invariant: Invariant, detail: impl FnOnce() -> String) -> Result<(), Broken> {
    if ok {
        Ok(())
    } else {
        broken(invariant, detail())
    }
}

/// Everything the checks read of a game, copied out as plain data. Two positions are the
/// same when their snapshots are equal. Being plain data, a snapshot can be corrupted on
/// purpose, which is how the tests show that the checks notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Each seat's marbles (all six seats; unused ones are empty).
    pub marbles: [Bits; 6],
    /// The holes the board says are taken.
    pub occupied: Bits,
    /// The board's kept hash.
    pub board_hash: u64,
    /// The game's hash (board and side to move).
    pub hash: u64,
    /// The side to move, `None` once over.
    pub to_move: Option<usize>,
    /// Per seat.
    pub standings: Vec<Standing>,
    /// Per seat: the place secured so far.
    pub places: Vec<Option<u8>>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Per seat: moves made.
    pub moves_made: Vec<u16>,
    /// Per seat: turns taken (moves, passes).
    pub turns: Vec<u16>,
    /// Actions so far.
    pub plies: usize,
}

impl Snapshot {
    /// Reads a game.
    pub fn of(game: &Game) -> Snapshot {
        let board = game.board();
        let seats = 0..game.setup().players as usize;
        Snapshot {
            marbles: std::array::from_fn(|s| board.marbles(s)),
            occupied: board.occupied(),
            board_hash: board.hash(),
            hash: game.hash(),
            to_move: game.to_move(),
            standings: seats.clone().map(|s| game.standing(s)).collect(),
            places: seats.clone().map(|s| game.place(s)).collect(),
            outcome: match game.status() {
                crate::Status::Over(o) => Some(o),
                crate::Status::InPlay => None,
            },
            moves_made: seats.clone().map(|s| game.moves_made(s)).collect(),
            turns: seats.map(|s| game.turns_taken(s)).collect(),
            plies: game.actions().len(),
        }
    }

    /// What differs between two snapshots, field by field, for failure reports.
    fn diff(&self, other: &Snapshot) -> String {
        let mut out = vec![];
        macro_rules! field {
            ($f:ident) => {
                if self.$f != other.$f {
                    out.push(format!(
                        "{}: {:?} vs {:?}",
                        stringify!($f),
                        self.$f,
                        other.$f
                    ));
                }
            };
        }
        for seat in 0..6 {
            if self.marbles[seat] != other.marbles[seat] {
                let a = holes(self.marbles[seat] & !other.marbles[seat]);
                let b = holes(other.marbles[seat] & !self.marbles[seat]);
                out.push(format!(
                    "seat {} marbles: {} vs {}",
                    seat + 1,
                    holes_text(a),
                    holes_text(b)
                ));
            }
        }
        if self.occupied != other.occupied {
            out.push("occupied holes".into());
        }
        field!(board_hash);
        field!(hash);
        field!(to_move);
        field!(standings);
        field!(places);
        field!(outcome);
        field!(moves_made);
        field!(turns);
        field!(plies);
        out.join("; ")
    }
}

/// The invariants of one game: what must hold in every position ([`Checker::position`]),
/// across every move ([`Checker::step`]) and once the game is over ([`Checker::outcome`]).
/// It knows the set-up and the marbles each seat started with.
#[derive(Clone, Debug)]
pub struct Checker {
    setup: Setup,
    start: [u32; 6],
}

impl Checker {
    /// The checker for a game, from its set-up and start position.
    pub fn new(game: &Game) -> Checker {
        let (board, _) = game.start();
        Checker {
            setup: *game.setup(),
            start: std::array::from_fn(|s| board.marbles(s).count()),
        }
    }

    fn players(&self) -> usize {
        self.setup.players as usize
    }

    /// What must hold in any position: marble counts, occupancy, hashes, standings.
    pub fn position(&self, s: &Snapshot) -> Result<(), Broken> {
        let players = self.players();
        ensure(
            s.standings.len() == players && s.places.len() == players,
            Invariant::Standings,
            || format!("{} standings for {players} seats", s.standings.len()),
        )?;
        // Marble counts.
        for seat in 0..6 {
            let out = seat >= players || matches!(s.standings[seat], Standing::Out(_));
            let want = if out { 0 } else { self.start[seat] };
            let got = s.marbles[seat].count();
            ensure(got == want, Invariant::MarbleCount, || {
                let why = if seat >= players {
                    " (no such seat)".to_string()
                } else {
                    format!(" ({:?})", s.standings[seat])
                };
                format!("seat {} has {got} marbles, not {want}{why}", seat + 1)
            })?;
        }
        // Occupancy.
        let mut union = Bits::EMPTY;
        for (seat, &own) in s.marbles.iter().enumerate() {
            let off = own & !all_holes();
            ensure(off.is_empty(), Invariant::Occupancy, || {
                format!("seat {} has marbles off the star: {:?}", seat + 1, off)
            })?;
            let shared = own & union;
            ensure(shared.is_empty(), Invariant::Occupancy, || {
                let h = holes(shared).next().expect("not empty");
                let other = (0..seat).find(|&o| s.marbles[o].has(h.index()));
                format!(
                    "{h} holds a marble of seat {} and one of seat {}",
                    other.map_or(0, |o| o + 1),
                    seat + 1
                )
            })?;
            union |= own;
        }
        ensure(union == s.occupied, Invariant::Occupancy, || {
            let name = |b: Bits| holes_text(holes(b));
            format!(
                "occupied set differs from the marbles: taken but empty [{}], marbles not \
                 taken [{}]",
                name(s.occupied & !union),
                name(union & !s.occupied)
            )
        })?;
        // Hashes.
        let scratch = zobrist::from_scratch(&s.marbles, None);
        ensure(scratch == s.board_hash, Invariant::Hash, || {
            format!(
                "board hash {:#018x}, recomputed {scratch:#018x}",
                s.board_hash
            )
        })?;
        let side = s.hash ^ s.board_hash;
        let fits = match s.to_move {
            Some(seat) => side == zobrist::to_move(seat),
            // Once over, the hash still names whoever was last to move.
            None => (0..players).any(|seat| side == zobrist::to_move(seat)),
        };
        ensure(fits, Invariant::Hash, || {
            format!(
                "game hash {:#018x} is not the board's {:#018x} with the key of {}",
                s.hash,
                s.board_hash,
                s.to_move
                    .map_or("any seat".to_string(), |m| format!("seat {}", m + 1))
            )
        })?;
        // Standings.
        ensure(
            s.to_move.is_none() == s.outcome.is_some(),
            Invariant::Standings,
            || format!("to move {:?} with outcome {:?}", s.to_move, s.outcome),
        )?;
        if let Some(seat) = s.to_move {
            ensure(
                seat < players && s.standings[seat] == Standing::Playing,
                Invariant::Standings,
                || {
                    format!(
                        "seat {} is to move but {:?}",
                        seat + 1,
                        s.standings.get(seat)
                    )
                },
            )?;
        }
        for seat in 0..players {
            let unit = self.setup.unit_of(seat);
            let unit_done = self
                .setup
                .seats_of(unit)
                .all(|m| s.standings[m] == Standing::Finished);
            let place = s.places[seat];
            let ok = match s.standings[seat] {
                // Going out places the unit at the bottom at once.
                Standing::Out(_) => place.is_some(),
                // A unit is placed when its last seat finishes.
                Standing::Finished if unit_done => place.is_some(),
                Standing::Finished => true,
                // Only the end of the game places units still playing.
                Standing::Playing => place.is_none() || s.outcome.is_some(),
            };
            ensure(ok, Invariant::Standings, || {
                format!(
                    "seat {} is {:?} with place {place:?}",
                    seat + 1,
                    s.standings[seat]
                )
            })?;
            for partner in self.setup.seats_of(unit) {
                ensure(s.places[partner] == place, Invariant::Standings, || {
                    format!(
                        "partners {} and {} have places {place:?} and {:?}",
                        seat + 1,
                        partner + 1,
                        s.places[partner]
                    )
                })?;
            }
            if let Some(p) = place {
                ensure(
                    (1..=self.setup.units() as u8).contains(&p),
                    Invariant::Standings,
                    || format!("seat {} has place {p}", seat + 1),
                )?;
            }
        }
        Ok(())
    }

    /// What must hold across a step from `before` to `after`: finished seats stay finished,
    /// seats out stay out (for the same reason), secured places never change, counters never
    /// go down, seats that are not playing take no turns, and a result never changes.
    pub fn step(&self, before: &Snapshot, after: &Snapshot) -> Result<(), Broken> {
        ensure(after.plies > before.plies, Invariant::Standings, || {
            format!("{} actions before, {} after", before.plies, after.plies)
        })?;
        for seat in 0..self.players() {
            let (was, now) = (before.standings[seat], after.standings[seat]);
            let ok = match was {
                Standing::Playing => true,
                Standing::Finished | Standing::Out(_) => now == was,
            };
            ensure(ok, Invariant::Standings, || {
                format!("seat {} went from {was:?} to {now:?}", seat + 1)
            })?;
            if let Some(p) = before.places[seat] {
                ensure(after.places[seat] == Some(p), Invariant::Standings, || {
                    format!(
                        "seat {}'s place went from {p} to {:?}",
                        seat + 1,
                        after.places[seat]
                    )
                })?;
            }
            let (t0, t1) = (before.turns[seat], after.turns[seat]);
            let (m0, m1) = (before.moves_made[seat], after.moves_made[seat]);
            ensure(
                t1 >= t0 && m1 >= m0 && (was == Standing::Playing || t1 == t0),
                Invariant::Standings,
                || {
                    format!(
                        "seat {} ({was:?}) went from {t0} to {t1} turns, {m0} to {m1} moves",
                        seat + 1
                    )
                },
            )?;
        }
        if let Some(o) = &before.outcome {
            ensure(
                after.outcome.as_ref() == Some(o),
                Invariant::Standings,
                || format!("result {o:?} became {:?}", after.outcome),
            )?;
        }
        Ok(())
    }

    /// What must hold once the game is over: nobody to move, a place per seat, partners
    /// sharing theirs, the units ranked 1, 2, 3… with ties sharing a place and skipping the
    /// places they fill (1, 1, 3), and each seat's place the one the result gives it.
    pub fn outcome(&self, s: &Snapshot) -> Result<(), Broken> {
        let Some(o) = &s.outcome else {
            return broken(Invariant::Places, "the game is not over");
        };
        let players = self.players();
        let units = self.setup.units();
        ensure(s.to_move.is_none(), Invariant::Places, || {
            format!("seat {:?} to move in a finished game", s.to_move)
        })?;
        ensure(o.places.len() == players, Invariant::Places, || {
            format!(
                "{} places for {players} seats: {:?}",
                o.places.len(),
                o.places
            )
        })?;
        for seat in 0..players {
            let p = o.places[seat];
            ensure((1..=units as u8).contains(&p), Invariant::Places, || {
                format!("seat {} has place {p} of {units}: {:?}", seat + 1, o.places)
            })?;
            ensure(s.places[seat] == Some(p), Invariant::Places, || {
                format!(
                    "seat {}: place {:?}, result says {p}",
                    seat + 1,
                    s.places[seat]
                )
            })?;
            for partner in self.setup.seats_of(self.setup.unit_of(seat)) {
                ensure(o.places[partner] == p, Invariant::Places, || {
                    format!("partners do not share a place: {:?}", o.places)
                })?;
            }
        }
        let mut ranks: Vec<u8> = (0..units)
            .map(|u| {
                let seat = self.setup.seats_of(u).next().expect("a unit has seats");
                o.places[seat]
            })
            .collect();
        ranks.sort_unstable();
        for (i, &p) in ranks.iter().enumerate() {
            let ok = if i == 0 {
                p == 1
            } else {
                p == ranks[i - 1] || p as usize == i + 1
            };
            ensure(ok, Invariant::Places, || {
                format!(
                    "places {:?} (by unit, sorted {ranks:?}) are not a ranking of {units}",
                    o.places
                )
            })?;
        }
        Ok(())
    }
}

/// Where a soak game is played: a preset and a player count it allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// Preset name.
    pub preset: &'static str,
    /// Players.
    pub players: u8,
}

/// Every preset at every player count it allows, in menu order.
pub fn tables() -> Vec<Table> {
    RuleSet::preset_names()
        .flat_map(|preset| {
            let rules = RuleSet::preset(preset).expect("built-in presets load");
            rules
                .players
                .into_iter()
                .map(move |players| Table { preset, players })
        })
        .collect()
}

/// Who chooses the moves in a soak game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// Uniformly random legal moves: games wander, reach move limits, repetitions and the
    /// leaving-home deadline.
    Random,
    /// Each move either random or the seat's computer level's, half and half.
    Mixed,
    /// Every move a computer player's: games reach the finish, the goal lock and the places
    /// after the first finish.
    Computer,
}

impl Players {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Players::Random => "random",
            Players::Mixed => "mixed",
            Players::Computer => "computer",
        }
    }
}

/// Computer levels the soak plays: the cheap ones (one ply), and the medium level, whose
/// search has a fixed node budget, now and then.
const LEVELS: [Level; 7] = [
    Level::Beginner,
    Level::Easy,
    Level::Greedy,
    Level::Beginner,
    Level::Easy,
    Level::Greedy,
    Level::Medium,
];

/// One soak game, as fixed by the run's seed and the game's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Game number, from 1.
    pub number: usize,
    /// Preset and player count.
    pub table: Table,
    /// Who moves.
    pub players: Players,
    /// Computer level of each seat (used by mixed and computer games).
    pub levels: Vec<Level>,
    /// Seed of the game's random choices.
    pub seed: u64,
}

/// The plan of game `number` (from 1) of a run with `seed`. Games rotate through the tables
/// one by one; each pass over the tables shifts which of them get random, mixed and computer
/// players, so every table sees all three.
pub fn plan(seed: u64, number: usize) -> Plan {
    let tables = tables();
    let i = number.saturating_sub(1);
    let table = tables[i % tables.len()];
    let players = [Players::Random, Players::Mixed, Players::Computer]
        [(i % tables.len() + i / tables.len()) % 3];
    let seed = zobrist::splitmix(seed ^ zobrist::splitmix(number as u64));
    let mut rng = Rng::new(seed);
    let levels = (0..table.players)
        .map(|_| LEVELS[below(&mut rng, LEVELS.len())])
        .collect();
    Plan {
        number,
        table,
        players,
        levels,
        seed: rng.next(),
    }
}

/// A number in `0..n` (`n` > 0).
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next() % n as u64) as usize
}

/// A broken invariant in a soak game.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The game.
    pub plan: Plan,
    /// Actions played when it broke.
    pub ply: usize,
    /// What broke.
    pub broken: Broken,
    /// The game up to that point: replaying it reaches the position where the check failed.
    pub record: GameRecord,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {} ({}, {} players, {}): invariant {} broken at ply {}: {}",
            self.plan.number,
            self.plan.table.preset,
            self.plan.table.players,
            self.plan.players.name(),
            self.broken.invariant,
            self.ply,
            self.broken.detail
        )
    }
}

/// How one soak game went.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The game.
    pub plan: Plan,
    /// Moves played (automatic passes and the trial moves of the checks not counted).
    pub moves: u64,
    /// Whether the game reached [`PLY_CAP`] before the rules ended it.
    pub capped: bool,
    /// How the rules ended it, if they did.
    pub end: Option<EndReason>,
    /// The first broken invariant, if any (the game stops there).
    pub failure: Option<Failure>,
}

/// Totals of a soak run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Moves played.
    pub moves: u64,
    /// Games stopped by [`PLY_CAP`].
    pub capped: usize,
    /// Games the rules ended, by how (in the order first seen).
    pub endings: Vec<(EndReason, usize)>,
    /// Broken invariants, one per failing game, in game order when added in order.
    pub failures: Vec<Failure>,
}

impl Report {
    /// Adds a game.
    pub fn add(&mut self, game: GameReport) {
        self.games += 1;
        self.moves += game.moves;
        self.capped += usize::from(game.capped);
        if let Some(end) = game.end {
            match self.endings.iter_mut().find(|e| e.0 == end) {
                Some(e) => e.1 += 1,
                None => self.endings.push((end, 1)),
            }
        }
        self.failures.extend(game.failure);
    }

    /// The summary line: `games=N moves=M failures=F`.
    pub fn summary(&self) -> String {
        format!(
            "games={} moves={} failures={}",
            self.games,
            self.moves,
            self.failures.len()
        )
    }
}

/// Plays games 1 to `games` of a run with `seed`, one after another.
pub fn soak(games: usize, seed: u64) -> Report {
    let mut report = Report::default();
    for number in 1..=games {
        report.add(soak_game(seed, number));
    }
    report
}

/// Plays game `number` (from 1) of a run with `seed`, checking every invariant.
pub fn soak_game(seed: u64, number: usize) -> GameReport {
    run(plan(seed, number), Snapshot::of)
}

/// Plays a planned game, reading the game through `observe` (the tests put a corrupting
/// reader here to show that a broken invariant is reported, with a record).
fn run(plan: Plan, observe: fn(&Game) -> Snapshot) -> GameReport {
    let table = plan.table;
    let mut game = Game::from_preset(table.preset, Some(table.players), None)
        .expect("every preset allows its own player counts");
    let mut moves = 0;
    let mut capped = false;
    let result = catch_unwind(AssertUnwindSafe(|| {
        play(&plan, &mut game, observe, &mut moves, &mut capped)
    }));
    let broken = match result {
        Ok(Ok(())) => None,
        Ok(Err(b)) => Some(b),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            Some(Broken {
                invariant: Invariant::Panic,
                detail: msg,
            })
        }
    };
    let failure = broken.map(|broken| Failure {
        ply: game.actions().len(),
        record: GameRecord::from_game(&game),
        plan: plan.clone(),
        broken,
    });
    let end = match game.status() {
        crate::Status::Over(o) if failure.is_none() => Some(o.reason),
        _ => None,
    };
    GameReport {
        plan,
        moves,
        capped,
        end,
        failure,
    }
}

/// The game loop of [`run`]: every check, every move, then the checks at the end.
fn play(
    plan: &Plan,
    game: &mut Game,
    observe: fn(&Game) -> Snapshot,
    moves: &mut u64,
    capped: &mut bool,
) -> Result<(), Broken> {
    let checker = Checker::new(game);
    let mut rng = Rng::new(plan.seed);
    let mut now = observe(game);
    checker.position(&now)?;
    while let Some(seat) = game.to_move() {
        if game.actions().len() >= PLY_CAP {
            *capped = true;
            break;
        }
        let listed = check_moves(game, &now, observe)?;
        let computer = match plan.players {
            Players::Random => false,
            Players::Mixed => rng.next() & 1 == 0,
            Players::Computer => true,
        };
        let chosen = if computer {
            let level = plan.levels[seat];
            let Some(m) = ai::choose_move(game, level, rng.next(), &Budget::unlimited()) else {
                return broken(Invariant::Computer, format!("{level} found no move"));
            };
            ensure(
                listed.iter().any(|l| (l.from, l.to) == (m.from, m.to)),
                Invariant::Computer,
                || format!("{level} chose {m}, which is not a listed move"),
            )?;
            m
        } else {
            listed[below(&mut rng, listed.len())].clone()
        };
        // The move as text on a copy, the move itself on the game: the same position.
        let text = format_path(&chosen.path);
        let mut twin = game.clone();
        if let Err(e) = twin.play_notation(&text) {
            return broken(Invariant::Notation, format!("'{text}' refused: {e}"));
        }
        if let Err(e) = game.play(&chosen.path) {
            return broken(Invariant::MoveList, format!("{chosen} refused: {e}"));
        }
        *moves += 1;
        let after = observe(game);
        let by_text = observe(&twin);
        ensure(by_text == after, Invariant::Notation, || {
            format!(
                "'{text}' played from its notation differs: {}",
                by_text.diff(&after)
            )
        })?;
        landed(seat, &chosen, &after)?;
        checker.position(&after)?;
        checker.step(&now, &after)?;
        // Undo goes back exactly; redo plays the move again.
        ensure(game.undo(), Invariant::UndoRedo, || {
            format!("nothing to undo after {chosen}")
        })?;
        let undone = observe(game);
        ensure(undone == now, Invariant::UndoRedo, || {
            format!("undoing {chosen} differs: {}", undone.diff(&now))
        })?;
        ensure(game.redo().is_some(), Invariant::UndoRedo, || {
            format!("redo of {chosen} refused")
        })?;
        let redone = observe(game);
        ensure(
            redone == after && !game.can_redo(),
            Invariant::UndoRedo,
            || format!("redoing {chosen} differs: {}", redone.diff(&after)),
        )?;
        now = after;
    }
    if now.outcome.is_some() {
        checker.outcome(&now)?;
        ensure(game.legal_moves().is_empty(), Invariant::MoveList, || {
            "moves listed in a finished game".into()
        })?;
    }
    check_record(game, &now, observe)?;
    check_unwind(game, &now, observe)
}

/// The move list of the side to move is sound, and every listed move plays, both from its
/// notation and by origin and destination, to the same position; undo restores `now` after
/// each. Returns the list.
fn check_moves(
    game: &mut Game,
    now: &Snapshot,
    observe: fn(&Game) -> Snapshot,
) -> Result<Vec<Move>, Broken> {
    let seat = game.to_move().expect("called while in play");
    let listed = game.legal_moves();
    ensure(!listed.is_empty(), Invariant::MoveList, || {
        format!("seat {} is to move without a move", seat + 1)
    })?;
    let counted = game.layout().count_moves(game.board(), seat);
    ensure(listed.len() as u64 == counted, Invariant::MoveList, || {
        format!("{} moves listed, {counted} counted", listed.len())
    })?;
    let mut seen = HashSet::with_capacity(listed.len());
    for m in &listed {
        ensure(seen.insert((m.from, m.to)), Invariant::MoveList, || {
            format!("{m} listed twice")
        })?;
        ensure(
            m.path.first() == Some(&m.from) && m.path.last() == Some(&m.to),
            Invariant::MoveList,
            || format!("{m} is listed as {}-{}", m.from, m.to),
        )?;
        let text = format_path(&m.path);
        let path = match parse_path(&text) {
            Ok(p) if p == m.path => p,
            Ok(p) => return broken(Invariant::Notation, format!("'{text}' reads as {p:?}")),
            Err(e) => return broken(Invariant::Notation, format!("'{text}': {e}")),
        };
        let action = text.parse::<Action>();
        ensure(
            action.as_ref() == Ok(&Action::Move(m.path.clone())),
            Invariant::Notation,
            || format!("'{text}' reads as the action {action:?}"),
        )?;
        // From the text …
        if let Err(e) = game.play(&path) {
            return broken(Invariant::Notation, format!("'{text}' refused: {e}"));
        }
        let by_text = observe(game);
        undo_to(game, now, observe, m)?;
        // … and by origin and destination.
        if let Err(e) = game.play_move(m.from, m.to) {
            return broken(Invariant::MoveList, format!("{m} refused: {e}"));
        }
        let by_move = observe(game);
        undo_to(game, now, observe, m)?;
        ensure(by_text == by_move, Invariant::Notation, || {
            format!(
                "'{text}' and {}-{} differ: {}",
                m.from,
                m.to,
                by_text.diff(&by_move)
            )
        })?;
        landed(seat, m, &by_move)?;
    }
    Ok(listed)
}

/// Takes back a trial move, which must give `now` again.
fn undo_to(
    game: &mut Game,
    now: &Snapshot,
    observe: fn(&Game) -> Snapshot,
    m: &Move,
) -> Result<(), Broken> {
    ensure(game.undo(), Invariant::UndoRedo, || {
        format!("nothing to undo after {m}")
    })?;
    let back = observe(game);
    ensure(back == *now, Invariant::UndoRedo, || {
        format!("undoing {m} differs: {}", back.diff(now))
    })
}

/// After `m` by `seat`, its marble stands on the destination and the origin is empty,
/// unless the move put the seat out.
fn landed(seat: usize, m: &Move, after: &Snapshot) -> Result<(), Broken> {
    if matches!(after.standings[seat], Standing::Out(_)) {
        return Ok(());
    }
    ensure(
        after.marbles[seat].has(m.to.index()) && !after.occupied.has(m.from.index()),
        Invariant::MoveList,
        || format!("after {m}, {} is not on {} alone", m.from, m.to),
    )
}

/// The record reads back from its RON and replays to the same game.
fn check_record(game: &Game, now: &Snapshot, observe: fn(&Game) -> Snapshot) -> Result<(), Broken> {
    let record = GameRecord::from_game(game);
    let read = match GameRecord::from_ron(&record.to_ron()) {
        Ok(r) => r,
        Err(e) => {
            return broken(
                Invariant::Record,
                format!("its RON does not read back: {e}"),
            );
        }
    };
    ensure(read == record, Invariant::Record, || {
        "its RON reads back different".into()
    })?;
    let replayed = match read.replay() {
        Ok(g) => g,
        Err(e) => return broken(Invariant::Record, format!("it does not replay: {e}")),
    };
    let again = observe(&replayed);
    ensure(again == *now, Invariant::Record, || {
        format!("the replay differs: {}", again.diff(now))
    })?;
    ensure(
        replayed.actions() == game.actions(),
        Invariant::Record,
        || "the replay's actions differ".into(),
    )
}

/// The whole game unwinds to the start position and winds up again to `now` (on a copy).
fn check_unwind(game: &Game, now: &Snapshot, observe: fn(&Game) -> Snapshot) -> Result<(), Broken> {
    let mut g = game.clone();
    while g.undo() {}
    let fresh = Game::new(*game.setup(), game.rules().clone()).expect("the game's own rules");
    let (start, got) = (observe(&fresh), observe(&g));
    ensure(got == start, Invariant::UndoRedo, || {
        format!(
            "undoing everything differs from the start: {}",
            got.diff(&start)
        )
    })?;
    while g.redo().is_some() {}
    let end = observe(&g);
    ensure(end == *now, Invariant::UndoRedo, || {
        format!("redoing everything differs: {}", end.diff(now))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Hole;
    use crate::position::Board;

    /// A game some way in, with the checker made at its start.
    fn game_after(preset: &str, players: u8, plies: usize) -> (Game, Checker) {
        let mut game = Game::from_preset(preset, Some(players), None).unwrap();
        let checker = Checker::new(&game);
        let mut rng = Rng::new(7);
        for _ in 0..plies {
            let moves = game.legal_moves();
            let m = &moves[below(&mut rng, moves.len())];
            game.play(&m.path).unwrap();
        }
        (game, checker)
    }

    fn fails(result: Result<(), Broken>, want: Invariant) -> String {
        match result {
            Err(b) => {
                assert_eq!(b.invariant, want, "{b}");
                b.detail
            }
            Ok(()) => panic!("{want} not noticed"),
        }
    }

    #[test]
    fn short_runs_are_clean_and_the_same_for_the_same_seed() {
        let report = soak(12, 5);
        assert_eq!(report.games, 12);
        assert!(report.moves > 0);
        assert!(report.failures.is_empty(), "{}", report.failures[0]);
        let again = soak(12, 5);
        assert_eq!(again.summary(), report.summary());
    }

    #[test]
    fn runs_rotate_through_every_table_and_kind_of_players() {
        let n = tables().len();
        assert_eq!(
            n, 28,
            "classic, casual, long-jumps, quick, rulebook, leapstone: 4 each; 4 one-count presets"
        );
        let plans: Vec<Plan> = (1..=3 * n).map(|g| plan(9, g)).collect();
        for t in tables() {
            for kind in [Players::Random, Players::Mixed, Players::Computer] {
                assert!(
                    plans.iter().any(|p| p.table == t && p.players == kind),
                    "{t:?} {kind:?}"
                );
            }
        }
        assert_eq!(plan(9, 4), plans[3]);
        assert_ne!(plan(9, 4).seed, plan(10, 4).seed);
    }

    #[test]
    fn a_sound_game_passes_every_check() {
        let (game, checker) = game_after("classic", 3, 40);
        let s = Snapshot::of(&game);
        checker.position(&s).unwrap();
    }

    #[test]
    fn a_wrong_hash_is_noticed() {
        let (game, checker) = game_after("casual", 4, 25);
        let mut s = Snapshot::of(&game);
        s.board_hash ^= 1 << 17;
        s.hash ^= 1 << 17;
        let d = fails(checker.position(&s), Invariant::Hash);
        assert!(d.contains("recomputed"), "{d}");
        // The board's part right, the side to move's key wrong.
        let mut s = Snapshot::of(&game);
        s.hash ^= zobrist::to_move(0) ^ zobrist::to_move(1);
        fails(checker.position(&s), Invariant::Hash);
    }

    #[test]
    fn shared_holes_and_a_wrong_occupied_set_are_noticed() {
        let (game, checker) = game_after("casual", 2, 10);
        let s = Snapshot::of(&game);
        // Seat 2 gets a copy of one of seat 1's marbles (and loses one of its own, so the
        // count still fits): two marbles on one hole.
        let mut two = s.clone();
        let mine = s.marbles[0].first().unwrap();
        let theirs = s.marbles[1].first().unwrap();
        two.marbles[1].clear(theirs);
        two.marbles[1].set(mine);
        let d = fails(checker.position(&two), Invariant::Occupancy);
        assert!(
            d.contains("holds a marble of seat 1 and one of seat 2"),
            "{d}"
        );
        // A hole marked taken with no marble on it.
        let mut ghost = s.clone();
        let empty = (all_holes() & !s.occupied).first().unwrap();
        ghost.occupied.set(empty);
        let d = fails(checker.position(&ghost), Invariant::Occupancy);
        assert!(
            d.contains(&Hole::from_index(empty).unwrap().to_string()),
            "{d}"
        );
    }

    #[test]
    fn lost_marbles_are_noticed_in_a_made_up_game() {
        // A real game whose board lost a marble, read by the checker of the full start.
        let game = Game::from_preset("casual", Some(2), None).unwrap();
        let checker = Checker::new(&game);
        let mut board = Board::empty();
        for seat in 0..2 {
            for h in holes(game.board().marbles(seat)).skip(seat) {
                board.put(seat, h);
            }
        }
        let fake = Game::from_board(*game.setup(), game.rules().clone(), board, 0).unwrap();
        let d = fails(
            checker.position(&Snapshot::of(&fake)),
            Invariant::MarbleCount,
        );
        assert!(d.contains("seat 2 has 9 marbles, not 10"), "{d}");
    }

    #[test]
    fn finished_seats_that_play_again_and_bad_places_are_noticed() {
        let (game, checker) = game_after("casual", 3, 6);
        let before = Snapshot::of(&game);
        let mut finished = before.clone();
        finished.standings[1] = Standing::Finished;
        let mut after = before.clone();
        after.plies += 1;
        checker.step(&before, &after).unwrap();
        let d = fails(checker.step(&finished, &after), Invariant::Standings);
        assert!(d.contains("seat 2 went from Finished to Playing"), "{d}");
        // A result that gives two seats second place and nobody third is a ranking; one
        // that gives first and third but no second is not.
        let mut over = before.clone();
        over.to_move = None;
        over.places = vec![Some(1), Some(2), Some(2)];
        over.outcome = Some(Outcome {
            places: vec![1, 2, 2],
            reason: crate::EndReason::MoveLimit,
        });
        checker.outcome(&over).unwrap();
        over.places = vec![Some(1), Some(3), Some(3)];
        over.outcome.as_mut().unwrap().places = vec![1, 3, 3];
        fails(checker.outcome(&over), Invariant::Places);
        over.places = vec![Some(1), Some(1), Some(2)];
        over.outcome.as_mut().unwrap().places = vec![1, 1, 2];
        fails(checker.outcome(&over), Invariant::Places);
    }

    /// Reads the game truly except at ply 9, where the kept hash is off by a bit.
    fn corrupt_at_ply_9(game: &Game) -> Snapshot {
        let mut s = Snapshot::of(game);
        if s.plies == 9 {
            s.board_hash ^= 4;
            s.hash ^= 4;
        }
        s
    }

    #[test]
    fn a_corrupted_reading_fails_the_game_with_a_replayable_record() {
        let report = run(plan(3, 1), corrupt_at_ply_9);
        let f = report.failure.clone().expect("the corruption is noticed");
        assert_eq!(f.broken.invariant, Invariant::Hash, "{f}");
        assert_eq!(f.plan.number, 1);
        assert_eq!(f.ply, 9);
        assert_eq!(report.moves, 9);
        let text = f.to_string();
        assert!(text.starts_with("game 1 (classic, 2 players, random): invariant hash"));
        let replayed = GameRecord::from_ron(&f.record.to_ron())
            .unwrap()
            .replay()
            .unwrap();
        assert_eq!(replayed.actions().len(), 9);
        // The true reading of that position passes: the record leads to where it broke.
        Checker::new(&replayed)
            .position(&Snapshot::of(&replayed))
            .unwrap();
        let mut totals = Report::default();
        totals.add(report);
        assert_eq!(totals.summary(), "games=1 moves=9 failures=1");
    }
}

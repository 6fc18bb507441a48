//! Game review in the app (issue 23), headless: a review from the results marks every move of
//! a short game and closes back to them; a cancelled review leaves the game, the save and the
//! statistics as they were; a three-player record reviews only the chosen seat. The judge is
//! made cheap here (a shallow search at the easy level): what is tested is the app's job, not
//! the engine's verdict (the rules crate tests that).

mod common;

use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use std::path::PathBuf;
use sternhalma::persist::{DataDir, SAVE_FILE};
use sternhalma::play::Command;
use sternhalma::records::{RecordCommand, Replay};
use sternhalma::review::{GameReview, ReviewCommand, ReviewJob, ReviewSettings};
use sternhalma::selection::HighlightKind;
use sternhalma::state::Screen;
use sternhalma::stats::Stats;
use sternhalma_rules::ai::Level;
use sternhalma_rules::ai::review::ReviewOptions;
use sternhalma_rules::{Game, GameRecord};

/// A fresh data folder, removed afterwards.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("sternhalma-review-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The headless game keeping its files in `dir`, judging reviews with `options`.
fn app_in(dir: &TempDir, options: ReviewOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin))
        .insert_resource(DataDir(Some(dir.0.clone())))
        .insert_resource(without_handover())
        .add_plugins(sternhalma::CorePlugin)
        .insert_resource(ReviewSettings(options))
        .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    for _ in 0..4 {
        app.update();
    }
    app
}

/// A cheap judge: the easy level's move, scored two plies deep.
fn cheap() -> ReviewOptions {
    ReviewOptions {
        level: Level::Easy,
        depth: 2,
        nodes: 20_000,
        race_nodes: 20_000,
        ..ReviewOptions::default()
    }
}

/// A two-player pass-and-play game of three moves, ended by the top seat resigning: the
/// results page is up.
fn finished_game(app: &mut App) {
    start(app, people("classic", 2));
    for m in ["k3-k5", "e14-e13", "k4-k6"] {
        play(app, m);
    }
    command(app, Command::Resign(1));
    settle(app);
    run_until(app, 20, |a| screen(a) == Screen::GameOver);
}

/// Frames until the review is done (the job runs on a pool thread: the frames wait a little
/// for it, and give up after a bound far beyond what the cheap judge needs).
fn wait_for_review(app: &mut App) {
    for _ in 0..20_000 {
        if app.world().contains_resource::<GameReview>()
            && !app.world().contains_resource::<ReviewJob>()
        {
            return;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("the review never finished");
}

fn review(app: &App) -> &GameReview {
    app.world().resource::<GameReview>()
}

#[test]
fn a_review_from_the_results_marks_every_move_and_closes_back_to_them() {
    let dir = TempDir::new("results");
    let mut app = app_in(&dir, cheap());
    finished_game(&mut app);
    let finished = game(&app).0.clone();
    app.world_mut()
        .write_message(ReviewCommand::Start { seat: None });
    wait_for_review(&mut app);
    run_until(&mut app, 20, |a| {
        screen(a) == Screen::Replay && a.world().contains_resource::<Replay>()
    });
    // One entry per move of both seats, in game order, the resignation left out.
    let r = review(&app).review.clone();
    assert_eq!(r.seats, vec![0, 1]);
    let plies: Vec<(usize, usize)> = r.moves.iter().map(|m| (m.ply, m.seat)).collect();
    assert_eq!(plies, vec![(1, 0), (2, 1), (3, 0)]);
    let played: Vec<String> = r
        .moves
        .iter()
        .map(|m| sternhalma_rules::format_path(&m.played.path))
        .collect();
    assert_eq!(played, ["k3-k5", "e14-e13", "k4-k6"]);
    assert!(r.moves.iter().all(|m| m.best.path.len() >= 2));
    let summary = sternhalma::review::summary(&r);
    assert!(summary.starts_with("Reviewed 3 moves: "), "{summary}");
    assert!(
        summary.contains(&format!("{} costly", r.costly())),
        "{summary}"
    );
    assert!(
        summary.contains(&format!("{} moves lost", r.total_cost())),
        "{summary}"
    );
    assert!(r.costliest(3).len() <= 3);

    // A move tapped: the board goes to the position before it, the move played marked.
    app.world_mut().write_message(ReviewCommand::Show(1));
    run_until(&mut app, 20, |a| a.world().resource::<Replay>().at == 1);
    settle_frames(&mut app);
    let marked = marked(&mut app, HighlightKind::Played);
    assert!(
        marked.contains(&hole("e14")) && marked.contains(&hole("e13")),
        "{marked:?}"
    );
    assert_eq!(review(&app).selected, Some(1));
    let best = &r.moves[1].best;
    if (best.from, best.to) != (r.moves[1].played.from, r.moves[1].played.to) {
        let better = sternhalma::selection::HighlightKind::Better;
        let lit = common::marked(&mut app, better);
        assert!(
            lit.contains(&best.from) && lit.contains(&best.to),
            "{lit:?}"
        );
    }

    // Close: back to the results of the same finished game.
    app.world_mut().write_message(ReviewCommand::Close);
    run_until(&mut app, 20, |a| screen(a) == Screen::GameOver);
    settle_frames(&mut app);
    assert!(!app.world().contains_resource::<GameReview>());
    assert!(!app.world().contains_resource::<Replay>());
    assert_eq!(game(&app).actions(), finished.actions());
    assert!(game(&app).is_over());
    assert!(common::marked(&mut app, HighlightKind::Played).is_empty());
}

fn settle_frames(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn cancelling_a_review_stops_it_and_changes_nothing_else() {
    let dir = TempDir::new("cancel");
    // The app's own judge, the expert: far from done when cancelled.
    let mut app = app_in(&dir, ReviewOptions::default());
    finished_game(&mut app);
    settle_frames(&mut app);
    let stats = app.world().resource::<Stats>().clone();
    let save = std::fs::read(dir.0.join(SAVE_FILE)).unwrap();
    let actions = game(&app).actions().to_vec();

    app.world_mut()
        .write_message(ReviewCommand::Start { seat: None });
    app.update();
    let job = app.world().resource::<ReviewJob>();
    assert_eq!((job.origin, job.total), (Screen::GameOver, 3));
    app.world_mut().write_message(ReviewCommand::Cancel);
    settle_frames(&mut app);
    assert!(!app.world().contains_resource::<ReviewJob>());
    // Esc cancels too, and stays on the results.
    app.world_mut()
        .write_message(ReviewCommand::Start { seat: None });
    app.update();
    assert!(app.world().contains_resource::<ReviewJob>());
    app.world_mut().write_message(sternhalma::selection::GoBack);
    settle_frames(&mut app);
    assert!(!app.world().contains_resource::<ReviewJob>());
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(!app.world().contains_resource::<GameReview>());
    // Where the player was, with everything as it was.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert_eq!(game(&app).actions(), &actions[..]);
    assert_eq!(*app.world().resource::<Stats>(), stats);
    assert_eq!(std::fs::read(dir.0.join(SAVE_FILE)).unwrap(), save);
    assert!(!app.world().contains_resource::<GameReview>());
}

#[test]
fn a_three_player_record_reviews_only_the_chosen_seat() {
    let dir = TempDir::new("three");
    let mut app = app_in(&dir, cheap());
    // Six moves: two for each of the three seats.
    let mut g = Game::from_preset("classic", Some(3), None).unwrap();
    for _ in 0..6 {
        let m = g.legal_moves()[0].clone();
        g.play(&m.path).unwrap();
    }
    app.world_mut().write_message(RecordCommand::Open {
        name: "three".into(),
        text: GameRecord::from_game(&g).to_ron(),
    });
    run_until(&mut app, 20, |a| a.world().contains_resource::<Replay>());
    app.world_mut()
        .write_message(ReviewCommand::Start { seat: Some(1) });
    wait_for_review(&mut app);
    let r = review(&app).review.clone();
    assert_eq!(r.seats, vec![1]);
    let plies: Vec<(usize, usize)> = r.moves.iter().map(|m| (m.ply, m.seat)).collect();
    assert_eq!(plies, vec![(2, 1), (5, 1)]);
    // From a replay the review closes back to the plain replay: Esc (or Android's back)
    // does what Close does.
    assert_eq!(screen(&app), Screen::Replay);
    app.world_mut().write_message(sternhalma::selection::GoBack);
    settle_frames(&mut app);
    assert_eq!(screen(&app), Screen::Replay);
    assert!(!app.world().contains_resource::<GameReview>());
    app.world_mut()
        .write_message(ReviewCommand::Start { seat: Some(1) });
    wait_for_review(&mut app);
    app.world_mut().write_message(ReviewCommand::Close);
    settle_frames(&mut app);
    assert_eq!(screen(&app), Screen::Replay);
    assert!(!app.world().contains_resource::<GameReview>());
    assert!(app.world().contains_resource::<Replay>());
}

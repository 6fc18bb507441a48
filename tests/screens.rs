//! The egui screens, headless: every button of the main menu, the new-game screen and the
//! in-game panel is pressed as a finger would press it (egui pointer events at the centre of
//! the control, as laid out at phone size) and leads where it says. egui lays the screens out
//! without a renderer, so these run with `ScreensPlugin` (the game and its screens, no board
//! meshes and no sound) and a camera whose viewport is the phone's screen.

mod common;

use bevy::camera::Viewport;
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy_egui::egui;
use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet};
use common::*;
use std::collections::VecDeque;
use sternhalma::ai::Hint;
use sternhalma::board::{CurrentGame, CurrentMatch};
use sternhalma::config::{Controller, Settings};
use sternhalma::persist::DataDir;
use sternhalma::state::{Pause, Screen, Turn};
use sternhalma::ui::theme::{self, Kind};
use sternhalma_rules::ai::Level;

/// Pointer events waiting to be fed to egui, one per frame, as a finger gives them.
#[derive(Resource, Default)]
struct Touches(VecDeque<egui::Event>);

fn feed_touches(mut touches: ResMut<Touches>, mut inputs: Query<&mut EguiInput>) {
    if let Some(e) = touches.0.pop_front() {
        for mut input in &mut inputs {
            input.events.push(e.clone());
        }
    }
}

/// Whether the app was asked to quit.
#[derive(Resource, Default)]
struct Quit(bool);

fn note_quit(mut exits: MessageReader<AppExit>, mut quit: ResMut<Quit>) {
    if exits.read().count() > 0 {
        quit.0 = true;
    }
}

/// The game with its screens on a 390×844-point phone, its files in `dir` (or nowhere).
fn app_with(dir: Option<std::path::PathBuf>) -> App {
    let (w, h) = (390, 844);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        InputPlugin,
        bevy::window::WindowPlugin::default(),
        AssetPlugin::default(),
    ))
    // What bevy_egui's renderer half asks for even when there is no renderer.
    .init_asset::<bevy::shader::Shader>()
    .init_asset::<Image>()
    .insert_resource(DataDir(dir))
    .insert_resource(without_handover())
    .add_plugins(sternhalma::ScreensPlugin)
    .init_resource::<Touches>()
    .init_resource::<Quit>()
    .add_systems(
        PreUpdate,
        feed_touches
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(Last, note_quit)
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME));
    app.world_mut().spawn((
        Camera2d,
        Camera {
            viewport: Some(Viewport {
                physical_position: UVec2::ZERO,
                physical_size: UVec2::new(w, h),
                ..default()
            }),
            ..default()
        },
    ));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn app() -> App {
    app_with(None)
}

/// The controls laid out in the last frame.
fn controls(app: &mut App) -> Vec<theme::LaidOut> {
    let mut q = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = q.single_mut(app.world_mut()).expect("one egui context");
    theme::laid_out(ctx.get_mut())
        .into_iter()
        .filter(|w| w.kind == Kind::Control)
        .collect()
}

fn labels(app: &mut App) -> Vec<String> {
    controls(app).into_iter().map(|w| w.label).collect()
}

/// The texts laid out in the last frame.
fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&mut EguiContext>();
    let mut ctx = q.single_mut(app.world_mut()).expect("one egui context");
    theme::laid_out(ctx.get_mut())
        .into_iter()
        .filter(|w| w.kind == Kind::Text)
        .map(|w| w.label)
        .collect()
}

/// The control labelled `label` (the last one so labelled: dialogs draw over the screen).
fn find(app: &mut App, label: &str) -> theme::LaidOut {
    let all = controls(app);
    let Some(c) = all.iter().rev().find(|w| w.label == label) else {
        panic!("no control {label:?} among {:?}", labels(app));
    };
    c.clone()
}

/// A tap on the control labelled `label`, then frames until the app has acted on it. One in a
/// list that shows only part of it (the rules picker) is scrolled into view first.
fn press(app: &mut App, label: &str) {
    let mut c = find(app, label);
    if !c.clip.contains(c.rect.center()) {
        // Over the list itself, which may be narrower than its clip.
        let centre = egui::pos2(c.rect.center().x, c.clip.center().y);
        let wheel = egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, centre.y - c.rect.center().y),
            phase: egui::TouchPhase::Move,
            modifiers: Default::default(),
        };
        let t = &mut app.world_mut().resource_mut::<Touches>().0;
        t.extend([egui::Event::PointerMoved(centre), wheel]);
        for _ in 0..40 {
            app.update();
        }
        c = find(app, label);
        assert!(
            c.clip.contains(c.rect.center()),
            "{label:?} scrolled into view"
        );
    }
    let pos = c.rect.center();
    let button = |pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let t = &mut app.world_mut().resource_mut::<Touches>().0;
    t.extend([egui::Event::PointerMoved(pos), button(true), button(false)]);
    for _ in 0..6 {
        app.update();
    }
}

fn current(app: &App) -> &CurrentMatch {
    app.world().resource::<CurrentMatch>()
}

#[test]
fn every_main_menu_button_leads_where_it_says() {
    let mut app = app();
    assert_eq!(screen(&app), Screen::MainMenu);
    let mut all = labels(&mut app);
    all.sort();
    let mut expected = [
        "Play vs computer",
        "New game",
        "Learn",
        "Practice",
        "Rules",
        "Statistics",
        "Records",
        "Settings",
        "Quit",
        // The first-launch offer of the tutorial, a card on the menu.
        "Start",
        "Not now",
    ]
    .map(String::from)
    .to_vec();
    expected.sort();
    assert_eq!(all, expected, "no Continue without a game");

    for (label, to) in [
        ("New game", Screen::NewGame),
        ("Practice", Screen::PracticeMenu),
        ("Rules", Screen::Rules),
        ("Learn", Screen::Learn),
        ("Statistics", Screen::Statistics),
        ("Records", Screen::Records),
        ("Settings", Screen::Settings),
    ] {
        let mut app = self::app();
        press(&mut app, label);
        assert_eq!(screen(&app), to, "{label}");
        // Each of them has a way back, and it leads back to the menu.
        press(&mut app, "Back");
        assert_eq!(screen(&app), Screen::MainMenu, "Back from {label}");
    }

    // Not now: the offer is gone and stays gone.
    let mut app = self::app();
    press(&mut app, "Not now");
    assert!(app.world().resource::<Settings>().tutorial.offered);
    let after = labels(&mut app);
    assert!(!after.iter().any(|l| l == "Not now" || l == "Start"));

    let mut app = self::app();
    press(&mut app, "Play vs computer");
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(
        current(&app).controllers(),
        &[Controller::Human, Controller::Computer(Level::Medium)],
        "you against the computer, you moving first"
    );
    assert!(game(&app).actions().is_empty());

    // With a game under way the menu offers Continue, and it goes back to that very game.
    play(&mut app, "k3-k5");
    let actions = game(&app).actions().to_vec();
    press(&mut app, "☰ Menu");
    assert_eq!(screen(&app), Screen::MainMenu);
    assert_eq!(labels(&mut app)[0], "Continue");
    press(&mut app, "Continue");
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).actions(), &actions[..]);

    let mut app = self::app();
    press(&mut app, "Quit");
    assert!(
        app.world().resource::<Quit>().0,
        "Quit asks the app to exit"
    );
}

#[test]
fn the_new_game_screen_starts_the_game_it_shows() {
    let mut app = app();
    press(&mut app, "New game");
    // Three players, the third a person, and a per-move clock.
    press(&mut app, "3");
    let seats: Vec<String> = labels(&mut app)
        .into_iter()
        .filter(|l| l == "Person" || l.starts_with("Computer"))
        .collect();
    assert_eq!(seats.len(), 3, "one seat control per player: {seats:?}");
    press(&mut app, "30 s a move");
    press(&mut app, "Start");
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    let c = current(&app);
    assert_eq!(c.players, 3);
    assert_eq!(game(&app).setup().players, 3);
    assert!(
        game(&app).rules().clock.is_some(),
        "the clock chosen is in force"
    );
    assert!(c.controllers()[0].is_human());

    // Back leaves without starting anything.
    let mut app = self::app();
    press(&mut app, "New game");
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(app.world().get_resource::<CurrentGame>().is_none());
}

#[test]
fn every_in_game_button_does_what_it_says() {
    let dir = std::env::temp_dir().join(format!("sternhalma-screens-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = app_with(Some(dir.clone()));
    press(&mut app, "Play vs computer");
    settle(&mut app);
    play(&mut app, "k3-k5");
    assert_eq!(game(&app).actions().len(), 2, "the computer answered");

    // Undo takes back your move and the computer's reply; Redo plays them again.
    press(&mut app, "⟲ Undo");
    settle(&mut app);
    assert!(game(&app).actions().is_empty());
    press(&mut app, "⟳ Redo");
    settle(&mut app);
    assert_eq!(game(&app).actions().len(), 2);

    // Hint: the computer's suggestion, a legal move for you.
    press(&mut app, "💡 Hint");
    run_until(&mut app, 3000, |a| a.world().resource::<Hint>().0.is_some());
    let hint = app.world().resource::<Hint>().0.clone().unwrap();
    assert!(game(&app).legal_moves().contains(&hint));

    // Pause stops the game and becomes Resume.
    press(&mut app, "⏸ Pause");
    assert_eq!(*app.world().resource::<State<Pause>>().get(), Pause::Paused);
    let resume = labels(&mut app)
        .into_iter()
        .find(|l| l.contains("Resume"))
        .expect("a Resume button");
    press(&mut app, &resume);
    assert_eq!(
        *app.world().resource::<State<Pause>>().get(),
        Pause::Running
    );

    // Save writes the game as a record into the records folder.
    press(&mut app, "💾 Save");
    let records = sternhalma::records::list_records(&dir.join(sternhalma::records::RECORDS_DIR));
    assert_eq!(records.len(), 1, "one record saved");

    // Resign asks first; saying yes ends the game.
    press(&mut app, "Resign");
    assert_eq!(
        turn(&app),
        Some(Turn::Human),
        "nothing happens before the answer"
    );
    assert!(!game(&app).is_over());
    press(&mut app, "Resign");
    run_until(&mut app, 200, |a| {
        a.world().resource::<CurrentGame>().is_over()
    });

    // Menu leaves the board for the main menu.
    let mut app = self::app();
    press(&mut app, "Play vs computer");
    settle(&mut app);
    press(&mut app, "☰ Menu");
    assert_eq!(screen(&app), Screen::MainMenu);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The review's buttons: "Review" on the results opens the progress page, whose Cancel goes
/// back to the results; a finished review shows its moves over the record, Next shows the
/// first, Close goes back to the results. With three players "Review" first asks whose moves.
#[test]
fn the_review_buttons_lead_where_they_say() {
    use sternhalma::review::{GameReview, ReviewJob, ReviewSettings};
    let mut app = app();
    start(&mut app, people("classic", 2));
    for m in ["k3-k5", "e14-e13", "k4-k6"] {
        play(&mut app, m);
    }
    command(&mut app, sternhalma::play::Command::Resign(1));
    run_until(&mut app, 20, |a| screen(a) == Screen::GameOver);
    for _ in 0..3 {
        app.update();
    }
    // The expert judges: still busy when Cancel is pressed.
    press(&mut app, "🔍 Review");
    assert!(app.world().contains_resource::<ReviewJob>());
    assert!(labels(&mut app).contains(&"Cancel".to_string()));
    press(&mut app, "Cancel");
    assert!(!app.world().contains_resource::<ReviewJob>());
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(labels(&mut app).contains(&"Rematch".to_string()));

    // A cheap judge, to the end.
    app.insert_resource(ReviewSettings(
        sternhalma_rules::ai::review::ReviewOptions {
            level: Level::Easy,
            depth: 2,
            ..Default::default()
        },
    ));
    press(&mut app, "🔍 Review");
    for _ in 0..20_000 {
        if app.world().contains_resource::<GameReview>()
            && labels(&mut app).contains(&"Next ▶".to_string())
        {
            break;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(screen(&app), Screen::Replay);
    let all = labels(&mut app);
    assert!(
        all.iter().any(|l| l.starts_with("1. White k3-k5")),
        "{all:?}"
    );
    // The panels find their size in a frame or two.
    for _ in 0..3 {
        app.update();
    }
    let phone = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
    for c in controls(&mut app) {
        // Rows of the list may lie beyond its scrolling window; all the rest is on screen.
        if c.clip.height() > 0.0 && c.rect.intersects(c.clip) {
            assert!(
                phone.contains_rect(c.rect) || !c.clip.contains_rect(c.rect),
                "{c:?} is cut off"
            );
            assert!(c.rect.height() >= theme::TOUCH_TARGET, "{c:?} is too small");
        }
    }
    press(&mut app, "Next ▶");
    assert_eq!(app.world().resource::<GameReview>().selected, Some(0));
    assert_eq!(
        app.world().resource::<sternhalma::records::Replay>().at,
        0,
        "the position before the move"
    );
    press(&mut app, "Close");
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(labels(&mut app).contains(&"Rematch".to_string()));

    // Three players: whose moves? Cancel asks nothing more.
    let mut app = self::app();
    start(&mut app, people("classic", 3));
    play(&mut app, "k3-k5");
    command(&mut app, sternhalma::play::Command::Resign(1));
    command(&mut app, sternhalma::play::Command::Resign(2));
    run_until(&mut app, 20, |a| screen(a) == Screen::GameOver);
    for _ in 0..3 {
        app.update();
    }
    press(&mut app, "🔍 Review");
    assert!(
        !app.world().contains_resource::<ReviewJob>(),
        "not before the answer"
    );
    let names: Vec<String> = {
        let g = game(&app);
        let palette = app.world().resource::<CurrentMatch>().palette;
        g.setup()
            .seat_points()
            .iter()
            .map(|&p| sternhalma::config::point_name(palette, p).to_string())
            .collect()
    };
    let all = labels(&mut app);
    for n in &names {
        assert!(all.contains(n), "{n} among {all:?}");
    }
    press(&mut app, "Cancel");
    assert!(!app.world().contains_resource::<ReviewJob>());
    assert_eq!(screen(&app), Screen::GameOver);
    // The second seat's moves, by its colour.
    press(&mut app, "🔍 Review");
    press(&mut app, &names[1]);
    // It resigned without a move: nothing to review, done at once.
    run_until(&mut app, 100, |a| {
        a.world().contains_resource::<GameReview>()
    });
    let review = &app.world().resource::<GameReview>().review;
    assert_eq!((review.seats.clone(), review.moves.len()), (vec![1], 0));
}

#[test]
fn changed_rules_saved_under_a_name_are_offered_after_a_restart_until_deleted() {
    use sternhalma::persist::formats::MyRulesFile;
    use sternhalma::persist::{MY_RULES_FILE, MyRules};
    let dir = std::env::temp_dir().join(format!("sternhalma-named-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let on_disk = || {
        MyRulesFile::from_ron(&std::fs::read_to_string(dir.join(MY_RULES_FILE)).unwrap()).unwrap()
    };
    let mut app = app_with(Some(dir.clone()));
    press(&mut app, "New game");
    assert!(!labels(&mut app).contains(&"Save rules…".to_string()));
    press(&mut app, "30 s a move");
    press(&mut app, "Save rules…");
    // The name field and its buttons fit the phone's width, finger-sized.
    let field = find(&mut app, "rules name");
    for c in controls(&mut app) {
        assert!(c.rect.min.x >= 0.0 && c.rect.max.x <= 390.0, "{c:?}");
        assert!(c.rect.height() >= theme::TOUCH_TARGET - 0.5, "{c:?}");
    }
    assert!(field.rect.width() > 300.0, "{field:?}");
    // No name: told so, and nothing is saved.
    press(&mut app, "Save");
    assert!(texts(&mut app).contains(&"Type a name for these rules.".to_string()));
    assert!(!dir.join(MY_RULES_FILE).exists());
    // A name typed into the field.
    press(&mut app, "rules name");
    app.world_mut()
        .resource_mut::<Touches>()
        .0
        .push_back(egui::Event::Text("family".into()));
    for _ in 0..3 {
        app.update();
    }
    press(&mut app, "Save");
    let saved = on_disk();
    assert_eq!(saved.all().len(), 1);
    assert_eq!(saved.all()[0].label(), "family (from classic)");
    // The picker shows them chosen.
    assert!(labels(&mut app).contains(&"family (from classic)".to_string()));
    drop(app);

    // After a restart they follow the presets in the picker and are chosen like one.
    let mut app = app_with(Some(dir.clone()));
    assert_eq!(*app.world().resource::<MyRules>(), saved);
    press(&mut app, "New game");
    press(&mut app, "classic");
    press(&mut app, "family (from classic)");
    let draft = app.world().resource::<sternhalma::config::MatchConfig>();
    assert_eq!(draft.rules.label(), "family (from classic)");
    assert_eq!(Some(&draft.rules), saved.get("family"));

    // Deleted after a yes: gone from the picker and the file.
    press(&mut app, "Delete \"family\"…");
    press(&mut app, "Delete");
    assert!(on_disk().all().is_empty());
    press(&mut app, "classic");
    assert!(!labels(&mut app).iter().any(|l| l.contains("family")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every control of the screen now lies inside the 390×844 phone, finger-sized.
fn assert_fits(app: &mut App, what: &str) {
    let phone = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
    let all = controls(app);
    assert!(!all.is_empty(), "{what}: no controls");
    for c in all {
        assert!(
            phone.contains_rect(c.rect),
            "{what}: {c:?} is off the phone"
        );
        assert!(
            c.rect.width() >= theme::TOUCH_TARGET - 0.5
                && c.rect.height() >= theme::TOUCH_TARGET - 0.5,
            "{what}: {c:?} is smaller than a finger"
        );
    }
}

#[test]
fn the_practice_buttons_lead_where_they_say() {
    use sternhalma::crossing::CrossingSession;
    use sternhalma::practice::PracticeBoard;
    use sternhalma::puzzles::OpenPuzzle;
    let mut app = app();
    press(&mut app, "Practice");
    assert_eq!(screen(&app), Screen::PracticeMenu);
    assert_fits(&mut app, "practice");
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.contains("proved minimum 27"))
    );

    // A crossing: the board with its panel; Hint marks the solver's move.
    press(&mut app, "10 marbles");
    assert_eq!(screen(&app), Screen::Practice);
    let session = app.world().resource::<CrossingSession>();
    assert_eq!(session.crossing.marbles(), 10);
    assert_fits(&mut app, "crossing");
    assert!(texts(&mut app).contains(&"Crossing: 10 marbles".to_string()));
    press(&mut app, "Hint");
    run_until(&mut app, 3000, |a| a.world().resource::<Hint>().0.is_some());
    for _ in 0..3 {
        app.update();
    }
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.ends_with("moves still needed") || t.ends_with("or fewer")),
        "{:?}",
        texts(&mut app)
    );
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::PracticeMenu);
    assert!(!app.world().contains_resource::<PracticeBoard>());

    // The puzzles: the list, one played, Back to the list, Back to practice.
    press(&mut app, "Puzzles · 0 of 8 solved");
    assert_eq!(screen(&app), Screen::Puzzles);
    assert!(
        texts(&mut app)
            .iter()
            .all(|t| !t.contains("White") || t.starts_with("You play")),
        "prompts speak to you"
    );
    press(&mut app, "Play puzzle 2");
    assert_eq!(screen(&app), Screen::Practice);
    assert_eq!(app.world().resource::<OpenPuzzle>().index, 1);
    assert_fits(&mut app, "puzzle");
    press(&mut app, "Answer");
    assert!(
        texts(&mut app)
            .iter()
            .any(|t| t.starts_with("The answer: "))
    );
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::Puzzles);
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::PracticeMenu);
    press(&mut app, "Back");
    assert_eq!(screen(&app), Screen::MainMenu);
    assert!(
        !app.world().contains_resource::<CurrentGame>(),
        "no game was under way"
    );

    // Practice results are on the Statistics page, apart from the games.
    {
        let mut stats = app.world_mut().resource_mut::<sternhalma::stats::Stats>();
        stats.record_crossing(10, 29);
        stats.record_puzzle("FarChain, a game");
    }
    press(&mut app, "Statistics");
    let shown = texts(&mut app);
    for t in [
        "Practice",
        "Crossing, 10 marbles",
        "29 moves (proved minimum 27)",
        "Puzzles solved",
    ] {
        assert!(shown.contains(&t.to_string()), "{t:?} among {shown:?}");
    }
    assert!(shown.iter().any(|t| t.starts_with("No finished games yet")));
}

//! Saves, settings, statistics and records on a real data folder: the headless game is run,
//! stopped and started again, and every damaged-file case is tried.

mod common;

use bevy::prelude::*;
use common::*;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};
use sternhalma::board::{CurrentGame, CurrentMatch};
use sternhalma::config::{AnimSpeed, Controller, FirstMove, Palette, Settings};
use sternhalma::persist::files::{
    Loaded, WRITE_STEPS, load_or_set_aside, temp_path, write_atomic, write_atomic_with,
};
use sternhalma::persist::formats::{MyRulesFile, SAVE_VERSION, SavedMatch, SettingsFile};
use sternhalma::persist::{
    FileNotes, LOCK_FILE, MY_RULES_FILE, MatchId, MyRules, OTHER_COPY, SAVE_FILE, SETTINGS_FILE,
};
use sternhalma::play::{Command, MoveRequest};
use sternhalma::records::{RECORDS_DIR, RecordCommand, RecordError, Replay, list_records};
use sternhalma::state::{Screen, Turn};
use sternhalma::stats::{STATS_FILE, Stats};
use sternhalma_rules::ai::{Budget, Level, choose_move};
use sternhalma_rules::{Game, GameRecord, RuleSet, Setup, parse_path};

fn saved(dir: &TempDir) -> SavedMatch {
    SavedMatch::from_ron(&std::fs::read_to_string(dir.file(SAVE_FILE)).unwrap()).unwrap()
}

fn actions(app: &App) -> Vec<String> {
    game(app).actions().iter().map(|a| a.to_string()).collect()
}

fn notes(app: &App) -> Vec<String> {
    app.world().resource::<FileNotes>().0.clone()
}

#[test]
fn every_move_is_saved_and_continue_restores_the_game_after_a_restart() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    assert!(
        !dir.file(SAVE_FILE).exists(),
        "nothing to save before a game"
    );
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    let after_one = actions(&app);
    assert_eq!(after_one.len(), 2, "the computer answered");
    assert_eq!(saved(&dir).record.moves, after_one);
    play(&mut app, "l3-l5");
    assert_eq!(saved(&dir).record.moves.len(), 4);
    // Undo is saved too, with its redo list.
    command(&mut app, Command::Undo);
    settle(&mut app);
    let s = saved(&dir);
    assert_eq!(s.record.moves, after_one);
    assert_eq!(s.redo.len(), 2, "your move and the computer's reply");
    assert_eq!(
        s.seats,
        vec![Controller::Human, Controller::Computer(Level::Easy)]
    );
    let position = game(&app).hash();
    drop(app);

    // The next start: the game is there, at the same position, redo included.
    let mut app = app_in(&dir);
    assert_eq!(
        screen(&app),
        Screen::MainMenu,
        "continue is offered, not forced"
    );
    assert_eq!(actions(&app), after_one);
    assert_eq!(game(&app).hash(), position);
    assert!(game(&app).can_redo());
    assert_eq!(
        app.world().resource::<CurrentMatch>().controllers(),
        &[Controller::Human, Controller::Computer(Level::Easy)]
    );
    assert!(notes(&app).is_empty());
    // "Continue" opens it on your turn.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    assert_eq!(turn(&app), Some(Turn::Human));
    command(&mut app, Command::Redo);
    settle(&mut app);
    assert_eq!(actions(&app).len(), 4);
}

#[test]
fn a_write_stopped_at_any_step_leaves_the_last_good_save() {
    let dir = TempDir::new("persist");
    let path = dir.file(SAVE_FILE);
    let mut game = Game::from_preset("classic", Some(2), None).unwrap();
    let config = people("classic", 2);
    let mut last_good = SavedMatch::of(&game, &config, false, false, 7).to_ron();
    write_atomic(&path, last_good.as_bytes()).unwrap();
    for (i, step) in WRITE_STEPS.iter().enumerate() {
        let m = game.legal_moves()[i].path.clone();
        game.play(&m).unwrap();
        let next = SavedMatch::of(&game, &config, false, false, 7).to_ron();
        let result = write_atomic_with(&path, next.as_bytes(), &mut |s| {
            if s == *step {
                Err(std::io::Error::other("the app was killed here"))
            } else {
                Ok(())
            }
        });
        assert!(result.is_err());
        let text = std::fs::read_to_string(&path).unwrap();
        // Before the rename the old save is whole; from the rename on, the new one is.
        let expected = if *step == sternhalma::persist::files::WriteStep::Renamed {
            &next
        } else {
            &last_good
        };
        assert_eq!(&text, expected, "stopped after {step:?}");
        SavedMatch::from_ron(&text).unwrap().restore().unwrap();
        last_good = text;
        // The next good write goes through whatever the crash left behind.
        write_atomic(&path, last_good.as_bytes()).unwrap();
        assert!(!temp_path(&path).exists());
    }
}

/// Run as a child process by `a_killed_writer_never_leaves_a_damaged_save`: writes ever longer
/// games to the save file until it is killed.
#[test]
#[ignore = "child process of a_killed_writer_never_leaves_a_damaged_save"]
fn writer_child() {
    let path = PathBuf::from(
        std::env::var("STERNHALMA_WRITER_CHILD").expect("run by the killed-writer test"),
    );
    let config = people("classic", 2);
    let mut game = Game::from_preset("classic", Some(2), None).unwrap();
    for seed in 0u64.. {
        if game.is_over() || game.actions().len() > 120 {
            game = Game::from_preset("classic", Some(2), None).unwrap();
        }
        let m = choose_move(&game, Level::Greedy, seed, &Budget::unlimited()).unwrap();
        game.play(&m.path).unwrap();
        let text = SavedMatch::of(&game, &config, false, false, 7).to_ron();
        write_atomic(&path, text.as_bytes()).unwrap();
    }
}

#[test]
fn a_killed_writer_never_leaves_a_damaged_save() {
    let dir = TempDir::new("persist");
    let path = dir.file(SAVE_FILE);
    let game = Game::from_preset("classic", Some(2), None).unwrap();
    let first = SavedMatch::of(&game, &people("classic", 2), false, false, 7).to_ron();
    write_atomic(&path, first.as_bytes()).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut longest = 0;
    for round in 0..12u64 {
        let mut child = std::process::Command::new(&exe)
            .args(["writer_child", "--exact", "--ignored", "--nocapture"])
            .env("STERNHALMA_WRITER_CHILD", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(40 + 23 * round));
        child.kill().unwrap();
        child.wait().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let s = SavedMatch::from_ron(&text).expect("a whole save after a kill");
        s.restore().expect("a playable save after a kill");
        longest = longest.max(s.record.moves.len());
    }
    assert!(longest > 0, "the child did write new saves");
}

/// Sets up `game.ron` with `text`, starts the app and checks the documented behaviour: no game,
/// one plain sentence, the file kept aside byte for byte, and a new save written normally.
fn damaged_save_is_set_aside(text: &[u8], plain: &str) {
    let dir = TempDir::new("persist");
    std::fs::write(dir.file(SAVE_FILE), text).unwrap();
    let mut app = app_in(&dir);
    assert!(app.world().get_resource::<CurrentGame>().is_none());
    let notes = notes(&app);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("Your saved game could not be continued because")
            && notes[0].contains(plain),
        "{}",
        notes[0]
    );
    let names = dir.names();
    assert_eq!(names.len(), 1, "{names:?}");
    assert!(names[0].starts_with("game.broken-") && names[0].ends_with(".ron"));
    assert!(notes[0].contains(&names[0]), "the note names the kept file");
    assert_eq!(std::fs::read(dir.file(&names[0])).unwrap(), text);
    // Playing on saves a new game and leaves the kept file alone.
    start(&mut app, people("classic", 2));
    play(&mut app, "k3-k5");
    assert_eq!(saved(&dir).record.moves, vec!["k3-k5"]);
    assert_eq!(std::fs::read(dir.file(&names[0])).unwrap(), text);
}

fn a_good_save_text() -> String {
    let mut game = Game::from_preset("classic", Some(2), None).unwrap();
    game.play_notation("k3-k5").unwrap();
    game.play_notation("e15-e13").unwrap();
    SavedMatch::of(&game, &people("classic", 2), false, false, 7).to_ron()
}

#[test]
fn a_truncated_save_is_set_aside() {
    let good = a_good_save_text();
    damaged_save_is_set_aside(&good.as_bytes()[..good.len() / 2], "the file is damaged");
}

#[test]
fn random_bytes_are_set_aside() {
    let bytes: Vec<u8> = (0..600u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    damaged_save_is_set_aside(&bytes, "the file is damaged");
}

#[test]
fn a_save_from_a_newer_version_is_set_aside() {
    let text = a_good_save_text().replacen(&format!("version: {SAVE_VERSION}"), "version: 9", 1);
    damaged_save_is_set_aside(text.as_bytes(), "newer version");
}

#[test]
fn a_save_missing_a_field_is_set_aside() {
    let text = a_good_save_text().replace("    paused: false,\n", "");
    assert!(!text.contains("paused"));
    damaged_save_is_set_aside(text.as_bytes(), "the file is damaged");
}

#[test]
fn a_hand_edited_illegal_move_is_set_aside() {
    let text = a_good_save_text().replace("\"e15-e13\"", "\"e15-e11\"");
    damaged_save_is_set_aside(text.as_bytes(), "the moves in it do not follow the rules");
}

#[test]
fn an_empty_save_is_set_aside() {
    damaged_save_is_set_aside(b"", "the file is damaged");
}

#[test]
fn a_first_version_save_is_migrated() {
    let dir = TempDir::new("persist");
    let mut game = Game::from_preset("casual", Some(3), None).unwrap();
    game.play_notation("k3-k5").unwrap();
    let record = GameRecord::from_game(&game).to_ron();
    let v1 = format!("(version: 1, seats: [Human, Computer(Hard), Human], record: {record})");
    std::fs::write(dir.file(SAVE_FILE), v1).unwrap();
    let app = app_in(&dir);
    assert!(notes(&app).is_empty(), "{:?}", notes(&app));
    assert_eq!(actions(&app), vec!["k3-k5"]);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!(
        m.preset, "casual",
        "the preset is recognised from the rules"
    );
    assert_eq!(m.controllers()[1], Controller::Computer(Level::Hard));
}

#[test]
fn settings_persist_and_damaged_settings_fall_back_to_defaults() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    // No settings file: the settings the app started with stay (the harness's, which are the
    // defaults without the hand-over cover).
    assert_eq!(*app.world().resource::<Settings>(), without_handover());
    {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.volume = 0.25;
        s.muted = true;
        s.speed = AnimSpeed::Fast;
        s.colour_blind = true;
    }
    app.update();
    // A slider being dragged: written once it stays still, not every frame.
    assert!(!dir.file(SETTINGS_FILE).exists());
    for _ in 0..30 {
        app.update();
    }
    let text = std::fs::read_to_string(dir.file(SETTINGS_FILE)).unwrap();
    let written = SettingsFile::from_ron(&text).unwrap();
    assert_eq!(written.volume, 0.25);
    drop(app);
    let app = app_in(&dir);
    assert_eq!(*app.world().resource::<Settings>(), written);
    drop(app);

    for bad in [
        text[..text.len() / 3].to_string(),
        text.replace("volume: 0.25", "volume: 7.0"),
        text.replace("version: 1", "version: 5"),
        text.replace("last_preset: \"classic\"", "last_preset: \"no-such-rules\""),
        "\u{1}\u{2}garbage".to_string(),
    ] {
        std::fs::write(dir.file(SETTINGS_FILE), &bad).unwrap();
        let app = app_in(&dir);
        assert_eq!(
            *app.world().resource::<Settings>(),
            without_handover(),
            "{bad}"
        );
        let notes = notes(&app);
        assert!(
            notes.len() == 1 && notes[0].starts_with("Your settings could not be used"),
            "{notes:?}"
        );
        assert!(!dir.file(SETTINGS_FILE).exists());
        let kept: Vec<String> = dir
            .names()
            .into_iter()
            .filter(|n| n.starts_with("settings.broken-"))
            .collect();
        assert!(!kept.is_empty());
        assert!(
            kept.iter()
                .any(|k| std::fs::read_to_string(dir.file(k)).unwrap() == bad)
        );
        for k in kept {
            std::fs::remove_file(dir.file(&k)).unwrap();
        }
    }
}

#[test]
fn starting_a_game_remembers_players_seats_and_preset_for_next_time() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    let mut c = people("casual", 3);
    c.seats[1] = Controller::Computer(Level::Hard);
    c.first = FirstMove::Seat(2);
    start(&mut app, c);
    // Quitting right away still writes the settings that were waiting to settle.
    app.world_mut().write_message(AppExit::Success);
    app.update();
    drop(app);
    let app = app_in(&dir);
    let s = app.world().resource::<Settings>();
    assert_eq!((s.default_players, s.last_preset.as_str()), (3, "casual"));
    assert_eq!(s.default_seats[1], Controller::Computer(Level::Hard));
    let draft = app.world().resource::<sternhalma::config::MatchConfig>();
    assert_eq!((draft.players, draft.preset.as_str()), (3, "casual"));
    assert_eq!(
        draft.first,
        FirstMove::Seat(2),
        "the same seat begins again"
    );
}

/// `text` without the lines of the fields named (one-line fields, or a list written over
/// several lines up to its closing bracket).
fn without_fields(text: &str, fields: &[&str]) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for l in text.lines() {
        let t = l.trim_start();
        if skipping {
            skipping = !t.starts_with(']');
            continue;
        }
        if fields.iter().any(|f| t.starts_with(f)) {
            skipping = t.ends_with('[');
            continue;
        }
        out.push_str(l);
        out.push('\n');
    }
    out
}

#[test]
fn chosen_colours_are_saved_with_the_game_and_remembered_for_the_next() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    let mut c = people("classic", 2);
    // The bottom seat wears green, the top seat red.
    let [bottom, top] = [
        sternhalma_rules::Point::Bottom,
        sternhalma_rules::Point::Top,
    ];
    c.palette.set(bottom, 5);
    c.palette.set(top, 1);
    let palette = c.palette;
    start(&mut app, c);
    play(&mut app, "k3-k5");
    assert_eq!(saved(&dir).palette, palette);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    drop(app);
    let app = app_in(&dir);
    let m = app.world().resource::<CurrentMatch>();
    assert_eq!((m.palette.colour(bottom), m.palette.colour(top)), (5, 1));
    assert_eq!(app.world().resource::<Settings>().default_palette, palette);
    let draft = app.world().resource::<sternhalma::config::MatchConfig>();
    assert_eq!(
        draft.palette, palette,
        "the next new game offers the same colours"
    );
    // A third-version save, from before colours could be chosen, reads as the board's own.
    let v3 = without_fields(
        &a_good_save_text().replacen(&format!("version: {SAVE_VERSION}"), "version: 3", 1),
        &["palette:"],
    );
    assert!(!v3.contains("palette"));
    assert_eq!(
        SavedMatch::from_ron(&v3).unwrap().palette,
        Palette::default()
    );
}

#[test]
fn a_start_the_rules_refuse_remembers_nothing() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    let before = app.world().resource::<Settings>().clone();
    // Pairs is a four-player rule set: six players are refused.
    let mut c = people("pairs", 4);
    c.players = 6;
    app.world_mut().write_message(Command::Start(c));
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().get_resource::<CurrentGame>().is_none());
    assert_eq!(*app.world().resource::<Settings>(), before);
}

/// A whole two-player game between greedy players (fast and always finishing).
fn greedy_game() -> Game {
    let mut game = Game::from_preset("classic", Some(2), None).unwrap();
    let mut seed = 1;
    while !game.is_over() {
        let m = choose_move(&game, Level::Greedy, seed, &Budget::unlimited()).unwrap();
        game.play(&m.path).unwrap();
        seed += 1;
        assert!(game.actions().len() < 1000);
    }
    game
}

#[test]
fn statistics_count_places_fastest_win_chains_and_levels() {
    let game = greedy_game();
    let sternhalma_rules::Status::Over(outcome) = game.status() else {
        unreachable!()
    };
    let mut config = people("classic", 2);
    config.seats[1] = Controller::Computer(Level::Hard);
    let mut stats = Stats::default();
    assert!(stats.record(&game, &config));
    let t = &stats.tables["2 players, classic"];
    assert_eq!(t.games, 1);
    let you_won = outcome.places[0] < outcome.places[1];
    assert_eq!(t.wins, u32::from(you_won));
    assert_eq!(t.places[usize::from(outcome.places[0]) - 1], 1);
    assert_eq!(
        t.fastest_win,
        you_won.then(|| u32::from(game.moves_made(0)))
    );
    // The longest chain of seat 0, counted independently here.
    let mut replay = Game::from_preset("classic", Some(2), None).unwrap();
    let mut longest = 0;
    for (i, a) in game.actions().iter().enumerate() {
        if replay.actions().len() > i {
            continue;
        }
        if let (sternhalma_rules::Action::Move(p), Some(0)) = (a, replay.to_move()) {
            let hops = if p.len() == 2 && p[0].distance(p[1]) == 1 {
                0
            } else {
                p.len() - 1
            };
            longest = longest.max(hops as u32);
        }
        replay.act(a.clone()).unwrap();
    }
    assert!(longest >= 2, "greedy play makes jump chains");
    assert_eq!(t.longest_chain, longest);
    let v = t.versus[&Level::Hard];
    assert_eq!(
        (v.wins, v.losses),
        (u32::from(you_won), u32::from(!you_won))
    );
    // Not over, or nobody at the device: nothing counted.
    assert!(!stats.record(
        &Game::from_preset("classic", Some(2), None).unwrap(),
        &config
    ));
    let mut computers = config.clone();
    computers.seats[0] = Controller::Computer(Level::Easy);
    assert!(!stats.record(&game, &computers));
    assert_eq!(stats.tables["2 players, classic"].games, 1);
    // Round trip.
    assert_eq!(Stats::from_ron(&stats.to_ron()).unwrap(), stats);
}

#[test]
fn a_finished_match_is_counted_once_even_after_a_restart() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    start(&mut app, vs(Level::Medium));
    play(&mut app, "k3-k5");
    // The computer gives up: you win.
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    assert!(game(&app).is_over());
    let stats = app.world().resource::<Stats>().clone();
    let t = &stats.tables["2 players, classic"];
    assert_eq!((t.games, t.wins, t.places[0]), (1, 1, 1));
    assert_eq!(t.fastest_win, Some(1));
    assert_eq!(t.versus[&Level::Medium].wins, 1);
    assert!(saved(&dir).stats_counted);
    drop(app);
    let mut app = app_in(&dir);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(*app.world().resource::<Stats>(), stats, "not counted again");
    let on_disk = Stats::from_ron(&std::fs::read_to_string(dir.file(STATS_FILE)).unwrap()).unwrap();
    assert_eq!(on_disk, stats);
}

#[test]
fn a_crash_between_the_statistics_and_the_save_does_not_count_a_match_twice() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    start(&mut app, vs(Level::Medium));
    play(&mut app, "k3-k5");
    let before_the_end = std::fs::read(dir.file(SAVE_FILE)).unwrap();
    assert!(saved(&dir).id != 0, "a new match gets an id");
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    let stats = app.world().resource::<Stats>().clone();
    assert_eq!(stats.tables["2 players, classic"].games, 1);
    drop(app);
    // The statistics were written, the save that knew about it never landed.
    std::fs::write(dir.file(SAVE_FILE), &before_the_end).unwrap();
    let mut app = app_in(&dir);
    assert!(!game(&app).is_over());
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    assert!(game(&app).is_over());
    assert_eq!(
        app.world().resource::<Stats>().tables["2 players, classic"].games,
        1,
        "the same match is not counted again"
    );
    assert!(saved(&dir).stats_counted);
    // A new match is a new id, and counts.
    start(&mut app, vs(Level::Medium));
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    assert_eq!(
        app.world().resource::<Stats>().tables["2 players, classic"].games,
        2
    );
}

#[test]
fn second_version_saves_and_first_version_statistics_still_load() {
    let dir = TempDir::new("persist");
    let now = a_good_save_text();
    assert!(now.contains("id: 7"));
    let v2: String = without_fields(
        &now.replacen(&format!("version: {SAVE_VERSION}"), "version: 2", 1),
        &["id:", "palette:"],
    );
    let old = SavedMatch::from_ron(&v2).unwrap();
    assert_eq!(old.id, 0, "unknown");
    assert_eq!(old.palette, Palette::default(), "the board's own colours");
    assert_eq!(old.record, SavedMatch::from_ron(&now).unwrap().record);
    std::fs::write(dir.file(SAVE_FILE), &v2).unwrap();
    // A first-version statistics file: the same, without the list of counted matches.
    let mut stats = Stats::default();
    stats.record(&greedy_game(), &people("classic", 2));
    let v1: String = stats
        .to_ron()
        .replacen("version: 2", "version: 1", 1)
        .lines()
        .filter(|l| !l.trim_start().starts_with("counted:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(v1.contains("version: 1") && !v1.contains("counted"));
    std::fs::write(dir.file(STATS_FILE), v1).unwrap();
    let mut app = app_in(&dir);
    let stats = app.world().resource::<Stats>();
    assert_eq!(stats.tables["2 players, classic"].games, 1);
    assert!(stats.counted.is_empty());
    assert!(notes(&app).is_empty());
    // The match from the old save goes on under a new id, written back at once.
    settle(&mut app);
    let resaved = saved(&dir);
    assert_ne!(resaved.id, 0);
    assert_eq!(resaved.record, old.record);
}

#[test]
fn damaged_statistics_are_set_aside() {
    let dir = TempDir::new("persist");
    std::fs::write(dir.file(STATS_FILE), "(version: 1, tables: {\"2 players").unwrap();
    let app = app_in(&dir);
    assert_eq!(*app.world().resource::<Stats>(), Stats::default());
    assert!(notes(&app)[0].starts_with("Your statistics could not be used"));
    assert!(dir.names().iter().any(|n| n.starts_with("stats.broken-")));
}

#[test]
fn records_export_replay_and_play_on_from_any_move() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    start(&mut app, people("classic", 2));
    play(&mut app, "k3-k5");
    play(&mut app, "e15-e13");
    // Two jump chains, as the engine offers them.
    for _ in 0..2 {
        let jump = game(&app)
            .legal_moves()
            .into_iter()
            .find(|m| m.path.len() >= 3)
            .expect("a chain of jumps");
        play(&mut app, &sternhalma_rules::format_path(&jump.path));
    }
    let finished_moves = actions(&app);
    assert_eq!(finished_moves.len(), 4);
    command_r(&mut app, RecordCommand::Export);
    let files = list_records(&dir.file(RECORDS_DIR));
    assert_eq!(files.len(), 1);
    let record = GameRecord::from_ron(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(record.moves, finished_moves);
    let txt = std::fs::read_to_string(files[0].with_extension("txt")).unwrap();
    assert!(
        txt.contains("k3-k5") && txt.contains(&finished_moves[3]),
        "{txt}"
    );

    // A different game on the board, then the record opened over it.
    start(&mut app, people("classic", 2));
    play(&mut app, "l3-l5");
    let saved_before = std::fs::read(dir.file(SAVE_FILE)).unwrap();
    let id_before = app.world().resource::<MatchId>().0;
    command_r(&mut app, RecordCommand::OpenFile(files[0].clone()));
    app.update();
    assert_eq!(screen(&app), Screen::Replay);
    let shown = |app: &App| -> Vec<String> {
        shown_record(app)
            .actions()
            .iter()
            .map(|a| a.to_string())
            .collect()
    };
    assert_eq!(
        shown(&app),
        finished_moves,
        "the record is shown at its end"
    );
    assert_eq!(
        marbles(&mut app),
        marbles_of(shown_record(&app)),
        "the board shows the record"
    );
    assert_eq!(actions(&app), vec!["l3-l5"], "the match is left alone");
    command_r(&mut app, RecordCommand::Goto(1));
    assert_eq!(shown(&app), vec!["k3-k5"]);
    assert_eq!(app.world().resource::<Replay>().at, 1);
    assert_eq!(marbles(&mut app), marbles_of(shown_record(&app)));
    let trail = sternhalma::selection::HighlightKind::Trail;
    assert_eq!(
        marked(&mut app, trail),
        [hole("k3")].into(),
        "the record's last move is marked"
    );
    command_r(&mut app, RecordCommand::Goto(99));
    assert_eq!(shown(&app).len(), 4, "clamped to the end");
    command_r(&mut app, RecordCommand::Goto(2));
    app.update();
    assert_eq!(
        std::fs::read(dir.file(SAVE_FILE)).unwrap(),
        saved_before,
        "viewing a record never overwrites the save"
    );
    assert_eq!(actions(&app), vec!["l3-l5"]);
    assert_eq!(app.world().resource::<MatchId>().0, id_before);
    // Closing shows the match again, exactly as it was.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Records);
    app.update();
    app.update();
    assert_eq!(actions(&app), vec!["l3-l5"]);
    assert!(app.world().get_resource::<Replay>().is_none());
    assert_eq!(
        marbles(&mut app),
        engine_marbles(&app),
        "the board shows the match"
    );
    assert_eq!(marked(&mut app, trail), [hole("l3")].into());
    assert_eq!(std::fs::read(dir.file(SAVE_FILE)).unwrap(), saved_before);
    assert_eq!(app.world().resource::<MatchId>().0, id_before);
    // Continue resumes it: the next move is saved into the same match.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(&mut app);
    play(&mut app, "e15-e13");
    let resumed = saved(&dir);
    assert_eq!(resumed.record.moves, vec!["l3-l5", "e15-e13"]);
    assert_eq!(resumed.id, id_before);

    // Open again, go to move 2 and play on against the computer.
    command_r(&mut app, RecordCommand::OpenFile(files[0].clone()));
    command_r(&mut app, RecordCommand::Goto(2));
    command_r(&mut app, RecordCommand::PlayFromHere(Some(Level::Easy)));
    settle(&mut app);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(turn(&app), Some(Turn::Human));
    assert_eq!(&actions(&app)[..2], &["k3-k5", "e15-e13"]);
    assert_eq!(
        app.world().resource::<CurrentMatch>().controllers(),
        &[Controller::Human, Controller::Computer(Level::Easy)]
    );
    play(&mut app, &finished_moves[2]);
    assert_eq!(saved(&dir).record.moves.len(), 4, "saving is back on");
}

fn command_r(app: &mut App, c: RecordCommand) {
    app.world_mut().write_message(c);
    app.update();
}

#[test]
fn a_bad_record_is_refused_naming_the_first_bad_move() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    let mut game = Game::new(
        Setup::new(2, 10, false).unwrap(),
        RuleSet::preset("classic").unwrap(),
    )
    .unwrap();
    game.play_notation("k3-k5").unwrap();
    game.play_notation("e15-e13").unwrap();
    let text = GameRecord::from_game(&game)
        .to_ron()
        .replace("\"e15-e13\"", "\"e15-e13\", \"k5-k9\", \"m1-m2\"");
    command_r(
        &mut app,
        RecordCommand::Open {
            name: "pasted".into(),
            text,
        },
    );
    let error = app.world().resource::<RecordError>().0.clone().unwrap();
    assert!(error.contains("Move 3, k5-k9: "), "{error}");
    assert_ne!(screen(&app), Screen::Replay);
    command_r(
        &mut app,
        RecordCommand::Open {
            name: "pasted".into(),
            text: "not a record".into(),
        },
    );
    assert!(
        app.world()
            .resource::<RecordError>()
            .0
            .as_ref()
            .unwrap()
            .contains("neither a game record")
    );
}

#[test]
fn a_set_aside_file_never_overwrites_an_older_kept_file() {
    let dir = TempDir::new("persist");
    let path = dir.file(SAVE_FILE);
    let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_976_404);
    for i in 0..3 {
        std::fs::write(&path, format!("bad {i}")).unwrap();
        let r = load_or_set_aside(&path, now, |t| SavedMatch::from_ron(t).map(|_| ()));
        let Loaded::SetAside {
            moved_to: Some(to), ..
        } = r
        else {
            panic!("{r:?}")
        };
        assert_eq!(std::fs::read_to_string(&to).unwrap(), format!("bad {i}"));
    }
    assert_eq!(
        dir.names(),
        vec![
            "game.broken-20261129-182004-2.ron",
            "game.broken-20261129-182004-3.ron",
            "game.broken-20261129-182004.ron",
        ]
    );
    assert!(matches!(
        load_or_set_aside(&path, now, |_| Ok::<(), _>(())),
        Loaded::Missing
    ));
}

#[test]
fn clocks_and_pause_survive_a_save() {
    let mut rules = RuleSet::preset("classic").unwrap();
    rules.clock = Some(sternhalma_rules::rules::ClockRule::Reserve {
        reserve_ms: 60_000,
        increment_ms: 2_000,
    });
    let mut game = Game::new(Setup::new(2, 10, false).unwrap(), rules.clone()).unwrap();
    game.tick(7_500);
    game.play_notation("k3-k5").unwrap();
    game.tick(1_250);
    let mut config = people("classic", 2);
    config.rules = rules;
    let saved = SavedMatch::of(&game, &config, true, false, 7);
    assert_eq!(saved.clocks, vec![54_500, 58_750]);
    let back = SavedMatch::from_ron(&saved.to_ron())
        .unwrap()
        .restore()
        .unwrap();
    assert_eq!(back.game.clock_ms(0), Some(54_500));
    assert_eq!(back.game.clock_ms(1), Some(58_750));
    assert!(back.paused);
    // A reading a per-move clock could never show is refused.
    let mut per_move = saved.clone();
    per_move.record.rules.clock = Some(sternhalma_rules::rules::ClockRule::PerMove {
        limit_ms: 30_000,
        resign_after: 3,
    });
    let problem = per_move.restore().err().expect("refused");
    assert!(problem.detail.contains("clock"), "{problem}");
}

#[test]
fn going_to_the_background_saves_and_pauses_and_coming_back_resumes() {
    use bevy::window::AppLifecycle;
    use sternhalma::state::Pause;
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    start(&mut app, vs(Level::Easy));
    // The phone suspends the app while the computer is to move.
    app.world_mut().write_message(MoveRequest {
        path: parse_path("k3-k5").unwrap(),
        confirmed: true,
        dropped: false,
    });
    app.update();
    app.world_mut().write_message(AppLifecycle::WillSuspend);
    for _ in 0..3 {
        app.update();
    }
    let pause = |app: &App| *app.world().resource::<State<Pause>>().get();
    assert_eq!(pause(&app), Pause::Paused);
    let s = saved(&dir);
    assert_eq!(s.record.moves, vec!["k3-k5"]);
    assert!(
        !s.paused,
        "the pause for the background is not the player's: a kill there restores it running"
    );
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        game(&app).actions().len(),
        1,
        "nothing moves in the background"
    );
    app.world_mut().write_message(AppLifecycle::WillResume);
    settle(&mut app);
    assert_eq!(pause(&app), Pause::Running);
    assert_eq!(
        game(&app).actions().len(),
        2,
        "the computer answers after the return"
    );
}

/// The headless game with `before` run on the app before its first frame (as the command line
/// does), keeping its files in `dir`.
fn app_in_with(dir: &TempDir, before: impl FnOnce(&mut App)) -> App {
    let mut app = app_in_unstarted(dir);
    before(&mut app);
    for _ in 0..4 {
        app.update();
    }
    app
}

/// A save with one move of a pass-and-play game, and an exported record of another game.
fn save_and_record(dir: &TempDir) -> PathBuf {
    let mut game = Game::from_preset("classic", Some(2), None).unwrap();
    game.play_notation("l3-l5").unwrap();
    let save = SavedMatch::of(&game, &people("classic", 2), false, false, 7);
    std::fs::write(dir.file(SAVE_FILE), save.to_ron()).unwrap();
    let mut other = Game::from_preset("classic", Some(2), None).unwrap();
    other.play_notation("k3-k5").unwrap();
    other.play_notation("e15-e13").unwrap();
    let path = dir.file("other.ron");
    std::fs::write(&path, GameRecord::from_game(&other).to_ron()).unwrap();
    path
}

fn close_replay(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Records);
    app.update();
    app.update();
}

#[test]
fn a_record_opened_at_start_up_keeps_the_saved_game() {
    let dir = TempDir::new("persist");
    let record = save_and_record(&dir);
    let mut app = app_in_with(&dir, |app| {
        app.world_mut()
            .write_message(RecordCommand::OpenFile(record.clone()));
    });
    assert_eq!(screen(&app), Screen::Replay);
    let shown: Vec<String> = shown_record(&app)
        .actions()
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(shown, vec!["k3-k5", "e15-e13"]);
    assert_eq!(marbles(&mut app), marbles_of(shown_record(&app)));
    assert_eq!(
        actions(&app),
        vec!["l3-l5"],
        "the saved game stays the match"
    );
    close_replay(&mut app);
    assert_eq!(actions(&app), vec!["l3-l5"], "the saved game is back");
    assert_eq!(marbles(&mut app), engine_marbles(&app));
    assert_eq!(saved(&dir).record.moves, vec!["l3-l5"]);
}

#[test]
fn a_new_game_after_a_replay_or_a_pause_is_not_paused() {
    let dir = TempDir::new("persist");
    let record = save_and_record(&dir);
    std::fs::remove_file(dir.file(SAVE_FILE)).unwrap();
    let mut app = app_in(&dir);
    command_r(&mut app, RecordCommand::OpenFile(record));
    app.update();
    close_replay(&mut app);
    assert!(app.world().get_resource::<CurrentGame>().is_none());
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    assert_eq!(actions(&app).len(), 2, "the computer answered");
    // A paused match, then a rematch: running again.
    command(&mut app, Command::Pause);
    command(&mut app, Command::Rematch);
    settle(&mut app);
    play(&mut app, "k3-k5");
    assert_eq!(
        actions(&app).len(),
        2,
        "the computer answered after the rematch"
    );
}

#[test]
fn a_back_press_racing_a_record_opening_changes_nothing() {
    let dir = TempDir::new("persist");
    let record = save_and_record(&dir);
    let mut app = app_in(&dir);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Records);
    app.update();
    app.world_mut()
        .write_message(RecordCommand::OpenFile(record));
    app.world_mut().write_message(sternhalma::selection::GoBack);
    for _ in 0..4 {
        app.update();
    }
    assert_ne!(screen(&app), Screen::Replay);
    assert!(app.world().get_resource::<Replay>().is_none());
    assert_eq!(actions(&app), vec!["l3-l5"]);
    // Saving still works.
    start(&mut app, people("classic", 2));
    play(&mut app, "k3-k5");
    assert_eq!(saved(&dir).record.moves, vec!["k3-k5"]);
}

#[test]
fn a_match_asked_for_on_the_command_line_wins_over_the_saved_one() {
    let dir = TempDir::new("persist");
    save_and_record(&dir);
    let app = app_in_with(&dir, |app| {
        app.world_mut()
            .write_message(Command::Start(people("casual", 3)));
    });
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(game(&app).setup().players, 3);
    assert!(game(&app).actions().is_empty());
}

#[test]
fn a_game_counts_once_your_place_is_settled_even_if_the_others_play_on() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    let mut c = people("casual", 3);
    c.seats[1] = Controller::Computer(Level::Easy);
    c.seats[2] = Controller::Computer(Level::Medium);
    start(&mut app, c);
    command(&mut app, Command::Resign(0));
    app.update();
    assert!(!game(&app).is_over(), "the computers play on for places");
    let stats = app.world().resource::<Stats>().clone();
    let t = &stats.tables["3 players, casual"];
    assert_eq!((t.games, t.wins), (1, 0));
    assert_eq!(t.places[2], 1, "out first: last place");
    assert_eq!(t.versus[&Level::Easy].losses, 1);
    assert_eq!(t.versus[&Level::Medium].losses, 1);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Stats>().tables["3 players, casual"].games,
        1
    );
}

#[test]
fn a_save_claiming_seven_players_is_set_aside_not_a_crash() {
    let game = Game::from_preset("classic", Some(6), None).unwrap();
    let mut save = SavedMatch::of(&game, &people("classic", 6), false, false, 7).to_ron();
    save = save
        .replace("players: 6,", "players: 7,")
        .replace("    seats: [\n", "    seats: [\n        Human,\n")
        .replace(
            "start: None,",
            r#"start: Some((marbles: ["e9", "e10", "e11", "e12", "e13", "e14", "e15"], to_move: 0)),"#,
        );
    damaged_save_is_set_aside(save.as_bytes(), "the file is damaged");
}

/// The headless game keeping its files in `folder` (which may not exist, or not be a folder),
/// after its first frame (files loaded).
#[test]
fn a_missing_data_folder_is_made_and_an_unusable_one_costs_only_the_saving() {
    let dir = TempDir::new("persist");
    // Missing, two levels deep: made on the first save.
    let missing = dir.0.join("not").join("yet");
    let mut app = app_at(missing.clone());
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    let text = std::fs::read_to_string(missing.join(SAVE_FILE)).expect("saved");
    assert_eq!(
        SavedMatch::from_ron(&text).unwrap().record.moves,
        actions(&app)
    );
    drop(app);
    // A file where the folder should be (as root, permissions cannot stand in for a folder
    // the game may not write): nothing can be saved, and the game plays on regardless.
    let blocked = dir.0.join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    let mut app = app_at(blocked.clone());
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    play(&mut app, "l3-l5");
    assert_eq!(
        actions(&app).len(),
        4,
        "both moves and both replies were played"
    );
    assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "not a folder");
}

#[test]
fn two_copies_on_one_folder_never_overwrite_each_other() {
    let dir = TempDir::new("persist");
    let mut first = app_in(&dir);
    start(&mut first, vs(Level::Easy));
    play(&mut first, "k3-k5");
    let first_save = std::fs::read_to_string(dir.file(SAVE_FILE)).unwrap();
    assert!(notes(&first).is_empty(), "{:?}", notes(&first));

    // A second copy on the same folder: told why it saves nothing, and it does not.
    let mut second = app_in(&dir);
    assert_eq!(notes(&second), vec![OTHER_COPY.to_string()]);
    start(&mut second, people("casual", 3));
    play(&mut second, "k3-k5");
    second.world_mut().resource_mut::<Settings>().muted = true;
    second.update();
    // Settings are written once they have stood still for 400 ms of real time.
    std::thread::sleep(Duration::from_millis(450));
    second.update();
    assert_eq!(
        std::fs::read_to_string(dir.file(SAVE_FILE)).unwrap(),
        first_save
    );
    assert!(!saved_settings(&dir).muted);

    // The first copy keeps saving its own game.
    play(&mut first, "l3-l5");
    assert_eq!(saved(&dir).record.moves, actions(&first));
    assert_eq!(actions(&first).len(), 4);
    drop(second);
    drop(first);

    // Once it has closed, the next copy owns the folder again and continues its game.
    let mut third = app_in(&dir);
    assert!(notes(&third).is_empty(), "{:?}", notes(&third));
    assert_eq!(actions(&third).len(), 4);
    continue_game(&mut third);
    play(&mut third, "m3-m5");
    assert_eq!(saved(&dir).record.moves, actions(&third));
    assert_eq!(actions(&third).len(), 6);
}

/// "Continue" on the main menu: the saved game opens on your turn.
fn continue_game(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    settle(app);
}

fn saved_settings(dir: &TempDir) -> Settings {
    SettingsFile::from_ron(&std::fs::read_to_string(dir.file(SETTINGS_FILE)).unwrap()).unwrap()
}

/// Runs the ignored test `name` of this binary as a child process on `dir` and checks that it
/// passed; its output is shown when it did not.
#[cfg(unix)]
fn run_child(name: &str, dir: &TempDir) {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            name,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env("STERNHALMA_FAULT_DIR", &dir.0)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1 passed"), "{name} did not run:\n{stdout}");
}

#[cfg(unix)]
fn fault_dir() -> PathBuf {
    PathBuf::from(std::env::var("STERNHALMA_FAULT_DIR").expect("run by a fault test"))
}

#[cfg(unix)]
fn game_notes(app: &App) -> Vec<String> {
    notes(app)
        .into_iter()
        .filter(|n| n.starts_with("Your game could not be saved"))
        .collect()
}

/// The soft limit on the size of any file this process writes (the kernel refuses the bytes
/// past it, as it does on a full disk); `None` lifts it.
#[cfg(unix)]
fn limit_file_size(bytes: Option<u64>) {
    // SAFETY: plain system calls on this process: ignoring SIGXFSZ (so a write past the limit
    // fails with EFBIG instead of killing the process) and setting a resource limit.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        let mut lim: libc::rlimit = std::mem::zeroed();
        assert_eq!(libc::getrlimit(libc::RLIMIT_FSIZE, &mut lim), 0);
        lim.rlim_cur = bytes.map_or(lim.rlim_max, |b| b as libc::rlim_t);
        assert_eq!(libc::setrlimit(libc::RLIMIT_FSIZE, &lim), 0);
    }
}

/// Run by `a_full_disk_costs_only_the_saving_and_the_last_save_stays_whole`.
#[cfg(unix)]
#[test]
#[ignore = "child process of a_full_disk_costs_only_the_saving_and_the_last_save_stays_whole"]
fn full_disk_child() {
    let folder = fault_dir();
    let mut app = app_at(folder.clone());
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    let path = folder.join(SAVE_FILE);
    let good = std::fs::read_to_string(&path).unwrap();
    // Room for a save as long as this one, and not a byte more: the next save, a move longer,
    // fails partway through its writing.
    limit_file_size(Some(good.len() as u64));
    play(&mut app, "l3-l5");
    play(&mut app, "m3-m5");
    assert_eq!(actions(&app).len(), 6, "the game went on");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        good,
        "the last save is whole"
    );
    SavedMatch::from_ron(&good).unwrap().restore().unwrap();
    let temps: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(temps.is_empty(), "no half-written file is left: {temps:?}");
    assert_eq!(
        game_notes(&app),
        vec![
            "Your game could not be saved because there is no room left for it. Nothing saved \
              before is lost, the game goes on, and saving is tried again at the next change."
                .to_string()
        ],
        "told once, not at every move"
    );
    // Room again: the next change saves the whole game.
    limit_file_size(None);
    app.world_mut().resource_mut::<FileNotes>().0.clear();
    play(&mut app, "j4-j5");
    assert_eq!(saved_at(&path).record.moves, actions(&app));
    assert!(game_notes(&app).is_empty());
    // And a new failure after that is told again.
    limit_file_size(Some(100));
    play(&mut app, "k4-k6");
    assert_eq!(game_notes(&app).len(), 1);
    limit_file_size(None);
}

#[cfg(unix)]
fn saved_at(path: &std::path::Path) -> SavedMatch {
    SavedMatch::from_ron(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[cfg(unix)]
#[test]
fn a_full_disk_costs_only_the_saving_and_the_last_save_stays_whole() {
    let dir = TempDir::new("persist");
    run_child("full_disk_child", &dir);
}

/// Run by `a_read_only_data_folder_still_continues_the_game_and_loses_nothing`.
#[cfg(unix)]
#[test]
#[ignore = "child process of a_read_only_data_folder_still_continues_the_game_and_loses_nothing"]
fn read_only_child() {
    let folder = fault_dir();
    // Root may write anything, so a root run gives itself up for "nobody" first.
    // SAFETY: plain system calls changing this process's own ids.
    unsafe {
        if libc::geteuid() == 0 {
            assert_eq!(libc::setgid(65534), 0);
            assert_eq!(libc::setuid(65534), 0);
        }
    }
    assert!(
        std::fs::write(folder.join("probe"), "x").is_err(),
        "the folder must be read-only for this test"
    );
    let path = folder.join(SAVE_FILE);
    let good = std::fs::read_to_string(&path).unwrap();
    let mut app = app_at(folder.clone());
    assert_eq!(actions(&app).len(), 2, "the saved game is there");
    continue_game(&mut app);
    play(&mut app, "l3-l5");
    play(&mut app, "m3-m5");
    assert_eq!(actions(&app).len(), 6, "the game went on");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), good);
    assert_eq!(
        game_notes(&app),
        vec![
            "Your game could not be saved because its folder may not be written to. Nothing \
              saved before is lost, the game goes on, and saving is tried again at the next \
              change."
                .to_string()
        ]
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_data_folder_still_continues_the_game_and_loses_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    start(&mut app, vs(Level::Easy));
    play(&mut app, "k3-k5");
    drop(app);
    let set = |mode| {
        std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    // Readable by anyone (the child may run as "nobody"), writable by no one but root.
    for name in dir.names().into_iter().chain([LOCK_FILE.to_string()]) {
        let _ = std::fs::set_permissions(dir.file(&name), std::fs::Permissions::from_mode(0o644));
    }
    set(0o555);
    let parent = dir
        .0
        .parent()
        .unwrap()
        .metadata()
        .unwrap()
        .permissions()
        .mode();
    assert!(parent & 0o001 != 0, "the temp folder lets others in");
    run_child("read_only_child", &dir);
    set(0o755);
}

/// Classic with a shorter move limit and a clock.
fn edited_classic() -> RuleSet {
    let mut r = RuleSet::preset("classic").unwrap();
    r.move_limit = Some(90);
    r.clock = Some(sternhalma_rules::rules::ClockRule::PerMove {
        limit_ms: 30_000,
        resign_after: 3,
    });
    r
}

fn my_rules_on_disk(dir: &TempDir) -> MyRules {
    MyRulesFile::from_ron(&std::fs::read_to_string(dir.file(MY_RULES_FILE)).unwrap()).unwrap()
}

#[test]
fn named_rules_survive_a_restart_and_read_by_their_name_everywhere() {
    let dir = TempDir::new("persist");
    let mut app = app_in(&dir);
    assert!(app.world().resource::<MyRules>().all().is_empty());
    // Saved as the new-game screen saves them: written at once.
    let family = app
        .world_mut()
        .resource_mut::<MyRules>()
        .save("family rules", &edited_classic(), false)
        .unwrap();
    app.update();
    let on_disk = my_rules_on_disk(&dir);
    assert_eq!(on_disk.all(), std::slice::from_ref(&family));
    assert_eq!(family.label(), "family rules (from classic)");

    // A match under them: the game, its record, the statistics and the settings know them.
    let mut c = vs(Level::Medium);
    c.rules = family.clone();
    start(&mut app, c);
    assert_eq!(game(&app).rules().label(), "family rules (from classic)");
    play(&mut app, "k3-k5");
    command(&mut app, Command::Resign(1));
    settle(&mut app);
    let stats = app.world().resource::<Stats>();
    assert_eq!(
        stats.tables["2 players, family rules (from classic)"].wins,
        1
    );
    assert_eq!(saved(&dir).record.rules, family);
    app.world_mut().write_message(AppExit::Success);
    app.update();
    assert_eq!(
        saved_settings(&dir).last_named_rules.as_deref(),
        Some("family rules")
    );
    drop(app);

    // The next start: the same rule sets, and the new-game screen starts with them.
    let mut app = app_in(&dir);
    assert!(notes(&app).is_empty(), "{:?}", notes(&app));
    assert_eq!(*app.world().resource::<MyRules>(), on_disk);
    let draft = app.world().resource::<sternhalma::config::MatchConfig>();
    assert_eq!((&draft.rules, draft.preset.as_str()), (&family, "classic"));
    assert_eq!(game(&app).rules().label(), "family rules (from classic)");

    // Deleted, they are gone from the file too; the next draft falls back to their preset.
    app.world_mut()
        .resource_mut::<MyRules>()
        .delete("family rules");
    app.update();
    assert!(my_rules_on_disk(&dir).all().is_empty());
    drop(app);
    let app = app_in(&dir);
    let draft = app.world().resource::<sternhalma::config::MatchConfig>();
    assert_eq!(draft.rules, RuleSet::preset("classic").unwrap());
}

#[test]
fn damaged_or_newer_named_rules_are_set_aside_and_nothing_is_lost() {
    let dir = TempDir::new("persist");
    let mut good = MyRules::default();
    good.save("family", &edited_classic(), false).unwrap();
    let good = MyRulesFile::to_ron(&good);
    for (bad, why) in [
        (good[..good.len() / 2].to_string(), "the file is damaged"),
        (
            good.replace("\"family\"", "\"classic\""),
            "the file is damaged",
        ),
        (
            good.replace("version: 1", "version: 9"),
            "the file comes from a newer version of Sternhalma",
        ),
    ] {
        std::fs::write(dir.file(MY_RULES_FILE), &bad).unwrap();
        let mut app = app_in(&dir);
        assert!(app.world().resource::<MyRules>().all().is_empty());
        let notes = notes(&app);
        let lead = format!(
            "Your saved rules could not be used because {why}, so only the built-in presets \
             are offered; it was kept as my-rules.broken-"
        );
        assert!(notes.len() == 1 && notes[0].starts_with(&lead), "{notes:?}");
        let kept: Vec<String> = dir
            .names()
            .into_iter()
            .filter(|n| n.starts_with("my-rules.broken-"))
            .collect();
        assert_eq!(kept.len(), 1, "{:?}", dir.names());
        assert_eq!(std::fs::read_to_string(dir.file(&kept[0])).unwrap(), bad);
        assert!(!dir.file(MY_RULES_FILE).exists());
        // Rules saved now go to a new file; the one kept aside stays as it was.
        app.world_mut()
            .resource_mut::<MyRules>()
            .save("new", &edited_classic(), false)
            .unwrap();
        app.update();
        assert_eq!(my_rules_on_disk(&dir).all()[0].name, "new");
        assert_eq!(std::fs::read_to_string(dir.file(&kept[0])).unwrap(), bad);
        drop(app);
        std::fs::remove_file(dir.file(&kept[0])).unwrap();
    }
}

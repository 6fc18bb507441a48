//! The command-line tool's forms, which other programs and scripts rely on: exact output
//! shapes and exit codes.

mod common;

use common::*;
use std::process::Output;
use sternhalma_rules::{GameRecord, parse_path};

#[test]
fn perft_prints_the_count_alone_on_the_first_line() {
    for (args, want) in [
        (vec!["--players", "2", "--depth", "3"], "4760"),
        (vec!["--players", "6", "--depth", "2"], "199"),
        (
            vec!["--players", "2", "--marbles", "15", "--depth", "2"],
            "484",
        ),
    ] {
        let o = cli(&[&["perft"], &args[..]].concat());
        assert!(o.status.success());
        let out = stdout(&o);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(want), "{args:?}");
        assert!(lines.next().unwrap().contains("leaf moves per second"));
    }
}

#[test]
fn moves_lists_the_legal_moves_sorted() {
    let o = cli(&["moves", "--players", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 14);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"k3-k5"));
    let o = cli(&["moves", "--players", "2", "--moves", "k3-k5 e14-e13"]);
    assert!(stdout(&o).lines().count() > 14);
}

#[test]
fn a_bad_move_exits_with_status_2_and_names_it() {
    for bad in ["k3-k5 e14-e12", "k3-k5 zz9", "e14-e13"] {
        let o = cli(&["moves", "--players", "2", "--moves", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        let token = bad.split_whitespace().last().unwrap();
        assert!(err.contains(token), "{bad}: {err}");
    }
    let o = cli(&["perft", "--players", "5", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(1));
    let o = cli(&["moves", "--players", "2", "--rules", "nonsense"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown rules preset"));
}

#[test]
fn a_record_replays_and_a_broken_one_is_refused() {
    let o = cli(&["record", "--players", "2", "--moves", "k3-k5 e14-e13"]);
    assert!(o.status.success());
    let dir = std::env::temp_dir().join(format!("sternhalma-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.ron");
    std::fs::write(&good, &o.stdout).unwrap();
    let o = cli(&["replay", good.to_str().unwrap()]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("Result: in play"));
    assert_eq!(out.matches('W').count(), 10);
    assert_eq!(out.matches('K').count(), 10);
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        stdout(&cli(&["record", "--players", "2", "--moves", "k3-k5"])).replace("k3-k5", "k3-k6"),
    )
    .unwrap();
    let o = cli(&["replay", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 1 'k3-k6'"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bestmove_match_and_solo_keep_their_forms() {
    let o = cli(&[
        "bestmove",
        "--players",
        "2",
        "--level",
        "medium",
        "--moves",
        "k3-k5",
        "--seed",
        "3",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let chosen = out.lines().last().unwrap().to_string();
    let legal = stdout(&cli(&["moves", "--players", "2", "--moves", "k3-k5"]));
    assert!(legal.lines().any(|l| l == chosen), "{chosen}");

    let o = play_match(["2", "easy", "beginner", "2"], &[]);
    assert!(o.status.success());
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let keys: Vec<&str> = last
        .split(' ')
        .map(|kv| kv.split('=').next().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "a_wins",
            "draws",
            "b_wins",
            "avg_plies",
            "a_ms_median",
            "a_ms_max"
        ]
    );
    let count = |k: &str| -> u32 { field(last, k).parse().unwrap() };
    assert_eq!(count("a_wins") + count("draws") + count("b_wins"), 2);

    let o = cli(&["solo", "--seconds", "0.2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let n: usize = out
        .lines()
        .last()
        .unwrap()
        .strip_prefix("moves=")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(out.lines().count(), n + 1);
    assert!(n >= 27, "27 moves is the proven minimum");
}

/// Evaluation weights for self-play tuning: changed weights change the games, bad ones are
/// refused by name.
#[test]
fn match_takes_evaluation_weights_for_either_side() {
    let run = |extra: &[&str]| play_match(["2", "easy", "easy", "2"], extra);
    let plain = run(&[]);
    assert!(plain.status.success());
    let summary = |o: &Output| stdout(o).lines().last().unwrap().to_string();
    assert!(summary(&plain).starts_with("a_wins="));
    // A side that ignores distance altogether plays other games than the default.
    let odd = run(&["--a-eval", "linear=0,square=0,ladder=50"]);
    assert!(odd.status.success());
    let plies = |o: &Output| field(&summary(o), "avg_plies").to_string();
    assert_ne!(plies(&odd), plies(&plain));
    for (flag, bad, named) in [
        ("--a-eval", "rungs=3", "rungs"),
        ("--b-eval", "ladder=many", "many"),
    ] {
        let o = run(&[flag, bad]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(named));
    }
}

/// Records name the games in order whatever the number of threads, so record N is game N
/// (A's seat in it follows from N) with `--jobs 2` as with `--jobs 1`.
#[test]
fn match_records_are_numbered_in_game_order_with_any_number_of_jobs() {
    let base = std::env::temp_dir().join(format!("sternhalma-cli-jobs-{}", std::process::id()));
    let run = |jobs: &str| {
        let dir = base.join(jobs);
        let o = play_match(
            ["3", "easy", "beginner", "4"],
            &["--jobs", jobs, "--records", dir.to_str().unwrap()],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (1..=4)
            .map(|n| std::fs::read_to_string(dir.join(format!("game-{n:03}.ron"))).unwrap())
            .collect::<Vec<_>>()
    };
    let one = run("1");
    let two = run("2");
    let _ = std::fs::remove_dir_all(&base);
    // Different games, each in the same place.
    assert_ne!(one[0], one[1]);
    assert_eq!(one, two);
}

/// `--openings K` starts each game with K random forward plies, the same opening for each
/// run of `players` games (A in every seat) and another for the next run; a bad count is
/// refused in words.
#[test]
fn match_openings_are_random_forward_moves_shared_by_each_run_of_seats() {
    let dir = std::env::temp_dir().join(format!("sternhalma-cli-open-{}", std::process::id()));
    let o = play_match(
        ["3", "easy", "beginner", "6"],
        &["--openings", "5", "--records", dir.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let records: Vec<GameRecord> = (1..=6)
        .map(|n| std::fs::read_to_string(dir.join(format!("game-{n:03}.ron"))).unwrap())
        .map(|text| GameRecord::from_ron(&text).unwrap())
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    let opening = |r: &GameRecord| r.moves[..5].to_vec();
    for run in records.chunks(3) {
        assert!(run.iter().all(|r| opening(r) == opening(&run[0])));
    }
    assert_ne!(opening(&records[0]), opening(&records[3]));
    // Every opening ply takes a marble further from its seat's home point.
    for r in &records {
        for (ply, text) in r.moves[..5].iter().enumerate() {
            let game = r.replay_to(ply).unwrap();
            let point = game.layout().seats[game.to_move().unwrap()].point;
            let path = parse_path(text).unwrap();
            let (from, to) = (path[0], *path.last().unwrap());
            assert!(
                to.rows_from_tip(point) > from.rows_from_tip(point),
                "{text}"
            );
        }
    }
    let o = play_match(["3", "easy", "beginner", "3"], &["--openings", "some"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--openings"));
}

/// `--b` with several levels seats a mixed field: a field of one level plays the games that
/// level alone plays, the order of the field matters, and an unknown level is named.
#[test]
fn match_seats_a_mixed_field_in_turn_order() {
    let games = |b: &str| {
        let o = play_match(["3", "easy", b, "3"], &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // The games, not the clock: the times per move differ from run to run.
        stdout(&o)
            .split_whitespace()
            .filter(|field| !field.starts_with("a_ms_"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(games("beginner,beginner"), games("beginner"));
    assert_ne!(games("beginner,greedy"), games("greedy,beginner"));
    let o = play_match(["3", "easy", "beginner,wizard", "3"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("wizard"));
}

/// With a team preset A plays both seats of its team and a team's win counts as A's: easy
/// partners beat beginner partners, where before the partner played B's level and every
/// win of A's team was a shared first place.
#[test]
fn match_plays_teams_as_units() {
    let o = play_match(["4", "easy", "beginner", "4"], &["--rules", "pairs"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let number = |k: &str| -> u32 { field(last, k).parse().unwrap() };
    assert_eq!(number("a_wins") + number("draws") + number("b_wins"), 4);
    assert!(number("a_wins") >= 3, "{last}");
}

/// With rules that play on after the first finish, every seat but the last finishes, and the
/// match reports how many moves each side took: the steadier measure of racing speed.
#[test]
fn match_reports_the_moves_each_side_took_to_finish() {
    let o = play_match(["3", "easy", "beginner", "3"], &["--rules", "classic"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("a_finished="))
        .expect("a finishing line");
    let number = |k: &str| -> f64 { field(line, k).parse().unwrap() };
    assert!(out.contains("games_ended_by_limit_or_repetition=0"));
    assert_eq!(number("a_finished") + number("b_finished"), 6.0);
    // Easy sees whole jump chains and beginners do not: easy gets home in fewer moves.
    assert!(
        number("a_moves_to_finish") < number("b_moves_to_finish"),
        "{line}"
    );
    assert!(out.lines().last().unwrap().starts_with("a_wins="));
}

/// The match reports A's mean place as the rules award it, finished or not: a stronger side
/// stands nearer first than chance, a weaker one nearer last, within 1 and the player count.
#[test]
fn match_reports_a_mean_place_that_ranks_the_stronger_side_ahead() {
    let place = |a: &str, b: &str| -> f64 {
        let o = play_match(["3", a, b, "3"], &["--seed", "5"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let line = out
            .lines()
            .find(|l| l.starts_with("a_mean_place="))
            .expect("a place line");
        field(line, "a_mean_place").parse().unwrap()
    };
    let strong = place("easy", "beginner");
    let weak = place("beginner", "easy");
    assert!((1.0..2.0).contains(&strong), "easy's place {strong}");
    assert!(weak > 2.0 && weak <= 3.0, "beginner's place {weak}");
}

/// `soak` ends with `games=N moves=M failures=F` and exits with status 0 when nothing broke,
/// writing no failure folder.
#[test]
fn soak_ends_with_its_totals_and_succeeds_when_nothing_breaks() {
    let dir = std::env::temp_dir().join(format!("sternhalma-cli-soak-{}", std::process::id()));
    let failures = dir.join("failures");
    let o = cli(&[
        "soak",
        "--games",
        "5",
        "--seed",
        "1",
        "--failures",
        failures.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    let keys: Vec<&str> = last
        .split(' ')
        .map(|kv| kv.split('=').next().unwrap())
        .collect();
    assert_eq!(keys, ["games", "moves", "failures"], "{last}");
    assert_eq!(field(last, "games"), "5");
    assert!(field(last, "moves").parse::<u64>().unwrap() > 0, "{last}");
    assert_eq!(field(last, "failures"), "0");
    assert!(!failures.exists());
    // The same seed plays the same games with two threads.
    let two = cli(&["soak", "--games", "5", "--seed", "1", "--jobs", "2"]);
    assert!(two.status.success());
    assert_eq!(stdout(&two), out);
    let o = cli(&["soak", "--seed", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--games"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `review FILE [--seat N]`: one `ply move cost best` line per reviewed move, then the totals;
/// a step back among the expert's kind of moves is marked costly.
#[test]
fn review_prints_a_line_per_move_and_the_totals() {
    let dir = std::env::temp_dir().join(format!("sternhalma-review-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ron");
    // Ply 5 steps the marble of ply 3 back.
    let moves = "k3-k5 e14-e13 l4-l5 e13-e12 l5-l4 f14-f13";
    let o = cli(&["record", "--players", "2", "--moves", moves]);
    std::fs::write(&file, &o.stdout).unwrap();
    let path = file.to_str().unwrap();
    let o = cli(&["review", path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    let mut costs = Vec::new();
    for (i, line) in lines[..6].iter().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        assert_eq!(f.len(), 4, "{line}");
        assert_eq!(f[0], (i + 1).to_string());
        assert_eq!(f[1], moves.split(' ').nth(i).unwrap());
        // The best move is legal where it was shown.
        let before: Vec<&str> = moves.split(' ').take(i).collect();
        let legal = stdout(&cli(&[
            "moves",
            "--players",
            "2",
            "--moves",
            &before.join(" "),
        ]));
        assert!(legal.lines().any(|l| l == f[3]), "{line}");
        costs.push(f[2].parse::<f64>().unwrap());
    }
    assert!(costs[4] >= 1.0, "the step back: {out}");
    let last = lines[6];
    let keys: Vec<&str> = last
        .split(' ')
        .map(|kv| kv.split('=').next().unwrap())
        .collect();
    assert_eq!(keys, ["reviewed", "costly", "total_cost"], "{last}");
    assert_eq!(field(last, "reviewed"), "6");
    let costly = costs.iter().filter(|&&c| c >= 1.0).count();
    assert_eq!(field(last, "costly"), costly.to_string());
    let total: f64 = field(last, "total_cost").parse().unwrap();
    assert!((total - costs.iter().sum::<f64>()).abs() < 1e-9, "{last}");
    // One seat: its moves alone, judged the same.
    let o = cli(&["review", path, "--seat", "1"]);
    assert!(o.status.success());
    let one = stdout(&o);
    let plies: Vec<&str> = one.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(plies, ["1", "3", "5", "reviewed=3"]);
    assert!(one.lines().take(3).all(|l| lines.contains(&l)), "{one}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A review of what is not there, not a record, or a seat that does not play: an error in
/// words and a failing status, never a panic.
#[test]
fn review_refuses_bad_input_in_words() {
    let dir = std::env::temp_dir().join(format!("sternhalma-review-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.ron");
    std::fs::write(
        &good,
        stdout(&cli(&["record", "--players", "2", "--moves", "k3-k5"])),
    )
    .unwrap();
    let broken = dir.join("broken.ron");
    std::fs::write(&broken, "(version: 1, setup: oops").unwrap();
    let illegal = dir.join("illegal.ron");
    std::fs::write(
        &illegal,
        stdout(&cli(&["record", "--players", "2", "--moves", "k3-k5"])).replace("k3-k5", "k3-k6"),
    )
    .unwrap();
    let missing = dir.join("missing.ron");
    let (good, broken, illegal, missing) = (
        good.to_str().unwrap(),
        broken.to_str().unwrap(),
        illegal.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    for (args, code, says) in [
        (vec!["review"], 1, "needs a FILE"),
        (vec!["review", missing], 1, "missing.ron"),
        (vec!["review", broken], 2, "not a game record"),
        (vec!["review", illegal], 2, "move 1 'k3-k6'"),
        (vec!["review", good, "--seat", "3"], 1, "seats 1 to 2"),
        (vec!["review", good, "--seat", "0"], 1, "seats 1 to 2"),
        (vec!["review", good, "--seat", "two"], 1, "not a number"),
        (vec!["review", good, "--seat"], 1, "needs a value"),
        (vec!["review", good, "extra"], 1, "unexpected argument"),
    ] {
        let o = cli(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn crossing_prints_one_line_and_refuses_bad_input_in_words() {
    let o = cli(&["crossing", "--marbles", "6"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out.trim();
    assert!(line.starts_with("moves=0 needed="), "{line}");
    assert!(
        line.contains(" hint=") && line.contains(" exact="),
        "{line}"
    );
    // Moves given first are played, then counted.
    let o = cli(&["crossing", "--marbles", "10", "--moves", "m4-l5"]);
    assert!(stdout(&o).starts_with("moves=1 needed="));
    for (args, code, says) in [
        (vec!["--marbles", "7"], 1, "6, 10 or 15"),
        (vec!["--moves", "m4-l5 k5-k9"], 2, "move 2 'k5-k9'"),
        (vec!["--moves", "zz"], 2, "move 1 'zz'"),
        (vec!["--width"], 1, "--width needs a value"),
        (
            vec!["--best", "100", "--moves", "m4-l5"],
            1,
            "leave out --moves",
        ),
    ] {
        let o = cli(&[&["crossing"], &args[..]].concat());
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn puzzles_refuses_bad_input_in_words() {
    for (args, says) in [
        (vec!["--count", "3"], "needs --seed"),
        (vec!["--seed", "1"], "needs --count"),
        (vec!["--seed", "1", "--count", "0"], "from 1 to 100"),
        (vec!["--seed", "x", "--count", "1"], "not a number"),
    ] {
        let o = cli(&[&["puzzles"], &args[..]].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `train` writes a weights file the engine reads, and refuses bad input in words before
/// playing a game.
#[test]
fn train_writes_weights_and_refuses_bad_input_in_words() {
    let dir = std::env::temp_dir().join(format!("sternhalma-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("eval.txt");
    let out = out.to_str().unwrap();
    // Five three-player games of the easy level, with `extra` arguments, fitted into `file`.
    let train = |extra: &[&str], file: &str| {
        let base = ["train", "--players", "3", "--games", "5", "--level", "easy"];
        cli(&[&base[..], extra, &["--out", file]].concat())
    };
    let o = train(&[], out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out_line = stdout(&o);
    let line = out_line.trim();
    assert!(field(line, "r2_held").parse::<f64>().is_ok(), "{line}");
    let text = std::fs::read_to_string(out).unwrap();
    let model = sternhalma_rules::ai::learned::Model::from_text(&text).unwrap();
    assert_eq!(model.players, 3);
    // The same games trained with `extra` arguments into `name`: a three-player model whose
    // file says how it was made (`says`).
    let refit = |extra: &[&str], name: &str, says: &str| {
        let file = dir.join(name);
        let file = file.to_str().unwrap();
        let o = train(extra, file);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(file).unwrap();
        assert!(text.contains(says), "{text}");
        let other = sternhalma_rules::ai::learned::Model::from_text(&text).unwrap();
        assert_eq!(other.players, 3);
        other
    };
    // Fitted one move later, and from random openings (other positions): other models.
    let next = refit(&["--target", "next"], "eval-next.txt", "--target next");
    assert_ne!(next, model);
    let opened = refit(&["--openings", "6"], "eval-opened.txt", "--openings 6");
    assert_ne!(opened, model);
    // A list is taken in turn: games from the start and from openings, a third model.
    let mixed = refit(&["--openings", "0,6"], "eval-mixed.txt", "--openings 0,6");
    assert!(mixed != model && mixed != opened);
    // With a correction per hole: the same games, and the holes' weights in the file.
    let holed = refit(&["--holes"], "eval-holes.txt", "--holes");
    assert_ne!(holed, model);
    let text = std::fs::read_to_string(dir.join("eval-holes.txt")).unwrap();
    assert!(text.lines().any(|l| l.starts_with("hole_x")), "{text}");
    assert!(!std::fs::read_to_string(out).unwrap().contains("hole_x"));
    let missing = dir.join("no-such-folder").join("eval.txt");
    // One game with `flag value`, which should be refused.
    let one_game = |flag, value| vec!["--players", "3", "--games", "1", flag, value, "--out", out];
    for (args, says) in [
        (vec!["--games", "1", "--out", out], "needs --players"),
        (
            vec!["--players", "5", "--games", "1", "--out", out],
            "3, 4 or 6",
        ),
        (vec!["--players", "3", "--out", out], "needs --games"),
        (vec!["--players", "3", "--games", "1"], "needs --out"),
        (one_game("--level", "wizard"), "unknown level"),
        (one_game("--target", "later"), "'end' or 'next'"),
        (one_game("--openings", "two"), "--openings"),
        (one_game("--openings", "6,"), "comma list"),
        (
            vec![
                "--players",
                "3",
                "--games",
                "1",
                "--out",
                missing.to_str().unwrap(),
            ],
            "no-such-folder",
        ),
    ] {
        let o = cli(&[&["train"], &args[..]].concat());
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The match names which of B's levels took the first places A did not: in a mixed field
/// the easy seat wins where the beginner's does not, a level named twice is counted once,
/// and the counts add up to B's wins.
#[test]
fn match_reports_which_of_bs_levels_came_first() {
    let firsts = |b: &str| -> (String, u32) {
        let o = play_match(["3", "beginner", b, "3"], &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let line = out
            .lines()
            .find(|l| l.starts_with("b_firsts="))
            .expect("a b_firsts line")
            .to_string();
        let b_wins = field(out.lines().last().unwrap(), "b_wins")
            .parse()
            .unwrap();
        (line, b_wins)
    };
    let (line, b_wins) = firsts("beginner,easy");
    let counts: Vec<(&str, u32)> = field(&line, "b_firsts")
        .split(',')
        .map(|e| {
            let (level, n) = e.split_once(':').expect("LEVEL:N");
            (level, n.parse().expect("a count"))
        })
        .collect();
    assert_eq!(counts.len(), 2, "{line}");
    let (beginner, easy) = (counts[0], counts[1]);
    assert_eq!((beginner.0, easy.0), ("beginner", "easy"), "{line}");
    assert!(easy.1 > beginner.1, "{line}");
    assert_eq!(beginner.1 + easy.1, b_wins, "{line}");
    let (line, b_wins) = firsts("easy,easy");
    assert_eq!(line, format!("b_firsts=easy:{b_wins}"));
}

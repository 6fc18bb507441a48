//! The fuzzing seeds under fuzz/corpus are files as the app writes them: each must read (and a
//! save restore), or the fuzzer would start from nothing but damaged files.

use std::path::PathBuf;
use sternhalma_store::formats::{MyRulesFile, SavedMatch, SettingsFile};
use sternhalma_store::stats::Stats;

fn seeds(target: &str) -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("seed-"))
        })
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no seeds in {}", dir.display());
    out
}

#[test]
fn every_save_seed_reads_and_restores() {
    for (path, text) in seeds("save") {
        let save =
            SavedMatch::from_ron(&text).unwrap_or_else(|p| panic!("{}: {p}", path.display()));
        save.restore()
            .unwrap_or_else(|p| panic!("{}: {p}", path.display()));
    }
}

#[test]
fn every_settings_seed_reads() {
    for (path, text) in seeds("settings") {
        SettingsFile::from_ron(&text).unwrap_or_else(|p| panic!("{}: {p}", path.display()));
    }
}

#[test]
fn every_statistics_seed_reads() {
    for (path, text) in seeds("stats") {
        Stats::from_ron(&text).unwrap_or_else(|p| panic!("{}: {p}", path.display()));
    }
}

#[test]
fn every_named_rules_seed_reads() {
    for (path, text) in seeds("my_rules") {
        MyRulesFile::from_ron(&text).unwrap_or_else(|p| panic!("{}: {p}", path.display()));
    }
}

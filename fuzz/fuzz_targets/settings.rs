//! The settings file (`SettingsFile::from_ron`), as the app reads it at start-up.
//!
//! The promise: whatever the bytes, reading fails with plain words and details, or gives
//! settings within their ranges that print to RON reading back to the same settings.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_rules::RuleSet;
use sternhalma_store::formats::SettingsFile;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match SettingsFile::from_ron(&text) {
        Ok(settings) => {
            assert!((0.0..=1.0).contains(&settings.volume));
            assert!(matches!(settings.default_players, 2 | 3 | 4 | 6));
            assert!(RuleSet::preset(&settings.last_preset).is_ok());
            let printed = SettingsFile::to_ron(&settings);
            assert_eq!(SettingsFile::from_ron(&printed), Ok(settings), "{printed}");
        }
        Err(p) => assert!(!p.plain.is_empty() && !p.detail.is_empty(), "{p:?}"),
    }
});

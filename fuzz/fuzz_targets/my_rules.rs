//! The player's named rule sets (`MyRulesFile::from_ron`), as the app reads `my-rules.ron` at
//! start-up.
//!
//! The promise: whatever the bytes, reading fails with plain words and details, or gives rule
//! sets that are each playable, named as the new-game screen allows (no preset's name, no name
//! twice) and made from a preset their label names, and that print to RON reading back to the
//! same rule sets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_rules::RuleSet;
use sternhalma_store::formats::MyRulesFile;
use sternhalma_store::my_rules::MyRules;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match MyRulesFile::from_ron(&text) {
        Ok(mine) => {
            for r in mine.all() {
                assert!(r.validate().is_ok(), "{r:?}");
                assert_eq!(MyRules::clean_name(&r.name).as_deref(), Ok(r.name.as_str()));
                let origin = r.origin().expect("made from a preset");
                assert!(RuleSet::preset(origin).is_ok());
                assert_eq!(r.label(), format!("{} (from {origin})", r.name));
                assert_eq!(mine.get(&r.name), Some(r));
            }
            let printed = MyRulesFile::to_ron(&mine);
            assert_eq!(MyRulesFile::from_ron(&printed).as_ref(), Ok(&mine), "{printed}");
        }
        Err(p) => assert!(!p.plain.is_empty() && !p.detail.is_empty(), "{p:?}"),
    }
});

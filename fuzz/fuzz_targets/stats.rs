//! The statistics file (`Stats::from_ron`), as the app reads it at start-up.
//!
//! The promise: whatever the bytes, reading fails with plain words and details, or gives
//! statistics in this build's version that print to RON reading back to the same statistics,
//! and that still count a match once by its id.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_store::stats::{STATS_VERSION, Stats};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match Stats::from_ron(&text) {
        Ok(mut stats) => {
            assert_eq!(stats.version, STATS_VERSION);
            let printed = stats.to_ron();
            assert_eq!(Stats::from_ron(&printed).as_ref(), Ok(&stats), "{printed}");
            // A new id is remembered once, whatever the file held before.
            let id = u64::MAX - 7;
            let before = stats.counted.iter().filter(|&&c| c == id).count();
            stats.mark_counted(id);
            stats.mark_counted(id);
            assert!(stats.has_counted(id));
            let after = stats.counted.iter().filter(|&&c| c == id).count();
            assert_eq!(after, before.max(1));
        }
        Err(p) => assert!(!p.plain.is_empty() && !p.detail.is_empty(), "{p:?}"),
    }
});

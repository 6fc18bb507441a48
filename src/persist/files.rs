//! Files that must survive anything: atomic writes (a new file, synced, then renamed over the
//! old one) and careful reads that set a damaged file aside instead of failing or overwriting
//! it. No Bevy here, so every crash and corruption case is tested directly.

use super::disk;
use std::io;
use std::path::{Path, PathBuf};
pub use sternhalma_store::Problem;
use web_time::{SystemTime, UNIX_EPOCH};

/// The points of an atomic write, in order: a test hook may stop the writer at any of them, as
/// a crash or a killed app would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteStep {
    /// The temporary file exists, still empty.
    Created,
    /// Half of the bytes are in the temporary file.
    HalfWritten,
    /// All bytes are written, not yet flushed to the disk.
    Written,
    /// The temporary file is on the disk.
    Synced,
    /// The temporary file has replaced the real one.
    Renamed,
}

/// Every step, for tests that stop the writer at each.
pub const WRITE_STEPS: [WriteStep; 5] = [
    WriteStep::Created,
    WriteStep::HalfWritten,
    WriteStep::Written,
    WriteStep::Synced,
    WriteStep::Renamed,
];

/// The temporary file a write of `path` goes through: one per process, so two copies of the
/// app never write into the same file (the last rename wins, whole).
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    path.with_file_name(name)
}

/// Replaces `path` with `bytes` so that, whenever the process dies, `path` holds either the old
/// or the new contents in full.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, bytes, &mut |_| Ok(()))
}

/// [`write_atomic`] with a hook called after each step; an error from the hook stops the write
/// right there, leaving the files as a crash at that point would.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    hook: &mut dyn FnMut(WriteStep) -> io::Result<()>,
) -> io::Result<()> {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = hook;
        disk::write(path, bytes)
    }
    #[cfg(not(target_arch = "wasm32"))]
    native::write_atomic_with(path, bytes, hook)
}

/// Removes temporary files that a killed write left in `dir` (any older than a minute: a
/// younger one may belong to another copy of the app still writing).
pub fn remove_stale_temps(dir: &Path, now: SystemTime) {
    #[cfg(not(target_arch = "wasm32"))]
    native::remove_stale_temps(dir, now);
    #[cfg(target_arch = "wasm32")]
    let _ = (dir, now);
}

/// The native file steps of [`write_atomic_with`] and the clean-up after killed writes (the
/// web stores whole values, so it has neither).
#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::*;
    use std::fs::{self, File};
    use std::io::Write;

    pub(super) fn write_atomic_with(
        path: &Path,
        bytes: &[u8],
        hook: &mut dyn FnMut(WriteStep) -> io::Result<()>,
    ) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        let tmp = temp_path(path);
        match write_steps(path, &tmp, bytes, hook) {
            Ok(()) => Ok(()),
            // The hook stopped the writer as a crash would: nothing more may happen.
            Err(Stop::Crashed(e)) => Err(e),
            // A real error (disk full, no permission): tidy up; the old file is untouched.
            Err(Stop::Failed(e)) => {
                let _ = fs::remove_file(&tmp);
                Err(e)
            }
        }
    }

    pub(super) fn remove_stale_temps(dir: &Path, now: SystemTime) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            let stale = e
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| now.duration_since(t).is_ok_and(|age| age.as_secs() > 60));
            if stale && path.extension().is_some_and(|x| x == "tmp") {
                let _ = fs::remove_file(path);
            }
        }
    }

    /// Why a write stopped.
    enum Stop {
        /// The file system refused.
        Failed(io::Error),
        /// The test hook simulated a crash.
        Crashed(io::Error),
    }

    fn write_steps(
        path: &Path,
        tmp: &Path,
        bytes: &[u8],
        hook: &mut dyn FnMut(WriteStep) -> io::Result<()>,
    ) -> Result<(), Stop> {
        let mut step = |s| hook(s).map_err(Stop::Crashed);
        let mut file = File::create(tmp).map_err(Stop::Failed)?;
        step(WriteStep::Created)?;
        let half = bytes.len() / 2;
        file.write_all(&bytes[..half]).map_err(Stop::Failed)?;
        step(WriteStep::HalfWritten)?;
        file.write_all(&bytes[half..]).map_err(Stop::Failed)?;
        step(WriteStep::Written)?;
        file.sync_all().map_err(Stop::Failed)?;
        drop(file);
        step(WriteStep::Synced)?;
        fs::rename(tmp, path).map_err(Stop::Failed)?;
        // The rename itself must reach the disk too; not every platform can sync a directory.
        if let Some(dir) = path.parent()
            && let Ok(d) = File::open(dir)
        {
            let _ = d.sync_all();
        }
        step(WriteStep::Renamed)
    }
}

/// What reading a file gave.
#[derive(Debug, PartialEq)]
pub enum Loaded<T> {
    /// There is no such file (a first start).
    Missing,
    /// Read and understood.
    Read(T),
    /// Unreadable: moved aside (to `moved_to`, when the move worked) and not used.
    SetAside {
        /// Why it could not be used.
        reason: Problem,
        /// Where the file is now.
        moved_to: Option<PathBuf>,
    },
}

/// Reads `path` with `parse`; a file that is not UTF-8 text or that `parse` rejects is renamed
/// to `<stem>.broken-<UTC time>.<ext>` next to it, so it is kept for a look but never loaded or
/// overwritten again.
pub fn load_or_set_aside<T>(
    path: &Path,
    now: SystemTime,
    parse: impl FnOnce(&str) -> Result<T, Problem>,
) -> Loaded<T> {
    let bytes = match disk::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::Missing,
        Err(e) => {
            return Loaded::SetAside {
                reason: Problem::new("the file could not be read", e.to_string()),
                moved_to: None,
            };
        }
    };
    let problem = match std::str::from_utf8(&bytes) {
        Err(_) => Problem::new(super::formats::DAMAGED, "not UTF-8 text"),
        // A panic while reading user data is a bug, but it must not cost the player the app:
        // the file is treated as damaged and kept aside like any other.
        Ok(text) => match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| parse(text))) {
            Ok(Ok(v)) => return Loaded::Read(v),
            Ok(Err(e)) => e,
            Err(_) => Problem::new(super::formats::DAMAGED, "reading it failed unexpectedly"),
        },
    };
    Loaded::SetAside {
        reason: problem,
        moved_to: set_aside(path, now).ok(),
    }
}

/// Renames a bad file out of the way, with the time in its name; returns where it went.
pub fn set_aside(path: &Path, now: SystemTime) -> io::Result<PathBuf> {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let stamp = timestamp(now);
    for n in 1.. {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let target = path.with_file_name(format!("{stem}.broken-{stamp}{suffix}{ext}"));
        if !disk::exists(&target) {
            disk::rename(path, &target)?;
            return Ok(target);
        }
    }
    unreachable!("some numbered name is free")
}

/// `YYYYMMDD-HHMMSS` in UTC, for file names (no colons, sorts by time).
pub fn timestamp(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_calendar_times() {
        assert_eq!(timestamp(UNIX_EPOCH), "19700101-000000");
        // 2026-11-29 18:20:04 UTC.
        let t = UNIX_EPOCH + Duration::from_secs(1_795_976_404);
        assert_eq!(timestamp(t), "20261129-182004");
        // A leap day.
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(t), "20000229-000000");
    }

    #[test]
    fn temp_file_sits_next_to_the_real_one() {
        let tmp = temp_path(Path::new("/a/b/game.ron"));
        assert_eq!(tmp.parent(), Some(Path::new("/a/b")));
        assert_eq!(
            tmp.file_name().unwrap().to_string_lossy(),
            format!("game.ron.{}.tmp", std::process::id())
        );
    }
}

//! Writing the app's own files (the autosave, settings, statistics) when things go wrong: a
//! write that fails (disk full, a read-only folder) costs only that write — the file from
//! before stays whole, the game goes on, the player is told once and saving is tried again at
//! the next change — and a second copy of the app on the same data folder writes nothing, so
//! the two never overwrite each other's games.

use super::files::write_atomic;
use super::{DataDir, FileNotes, MY_RULES_FILE, SAVE_FILE, SETTINGS_FILE};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::io;

/// The lock file in the data folder that the first copy of the app holds while it runs.
pub const LOCK_FILE: &str = "instance.lock";

/// The files whose last write failed; the player is told when a file starts failing, and again
/// only after a write of it has worked in between.
#[derive(Resource, Default, Debug)]
pub struct WriteTrouble(Vec<String>);

/// Whether this copy of the app may write the data folder. The first copy holds an exclusive
/// lock on [`LOCK_FILE`] for as long as it runs (the OS drops it when the process ends, however
/// it ends); a copy started while it is held only reads.
#[derive(Resource, Default, Debug)]
pub struct InstanceLock {
    /// The locked file, kept open: closing it would release the lock.
    #[cfg(not(target_arch = "wasm32"))]
    _file: Option<std::fs::File>,
    /// Another copy holds the lock: this one writes nothing.
    pub other_copy_open: bool,
}

/// Plain words for the player, ending "… because": another copy of the app is open.
pub const OTHER_COPY: &str = "Sternhalma is already open in another window, so this window \
    saves nothing (no game, settings or statistics): what the other window keeps stays as it is.";

/// Takes the instance lock before anything is loaded; a held lock makes this copy read-only.
pub(super) fn take_instance_lock(
    dir: Res<DataDir>,
    mut lock: ResMut<InstanceLock>,
    mut notes: ResMut<FileNotes>,
) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(path) = dir.file(LOCK_FILE) {
        match lock_file(&path) {
            Ok(file) => lock._file = Some(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                lock.other_copy_open = true;
                warn!("{path:?} is locked by another copy of the app: saving is off");
                notes.0.push(OTHER_COPY.into());
            }
            // No lock can be had at all (a read-only or missing folder): the writes will fail
            // and say so; there is nothing to protect from another copy.
            Err(std::fs::TryLockError::Error(e)) => warn!("no instance lock at {path:?}: {e}"),
        }
    }
    // The browser's tabs share one localStorage with no lock that can be taken synchronously;
    // each write there is whole, so the last tab to write wins.
    #[cfg(target_arch = "wasm32")]
    let _ = (&dir, &mut lock, &mut notes);
}

#[cfg(not(target_arch = "wasm32"))]
fn lock_file(path: &std::path::Path) -> Result<std::fs::File, std::fs::TryLockError> {
    use std::fs::{self, OpenOptions, TryLockError};
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder).map_err(TryLockError::Error)?;
    }
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        // A lock file this user may not write can still be locked through a read-only handle.
        .or_else(|_| OpenOptions::new().read(true).open(path))
        .map_err(TryLockError::Error)?;
    file.try_lock()?;
    Ok(file)
}

/// Writes the app's own files, telling the player about failures (see the module's doc).
#[derive(SystemParam)]
pub struct AppFiles<'w> {
    dir: Res<'w, DataDir>,
    lock: Res<'w, InstanceLock>,
    notes: ResMut<'w, FileNotes>,
    trouble: ResMut<'w, WriteTrouble>,
}

impl AppFiles<'_> {
    /// Replaces the file `name` in the data folder with `text`, whole or not at all. Returns
    /// whether it was written.
    pub fn write(&mut self, name: &str, text: &str) -> bool {
        if self.lock.other_copy_open {
            return false;
        }
        let Some(path) = self.dir.file(name) else {
            return false;
        };
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                self.trouble.0.retain(|n| n != name);
                true
            }
            Err(e) => {
                warn!("could not write {path:?}: {e}");
                if !self.trouble.0.iter().any(|n| n == name) {
                    self.trouble.0.push(name.to_string());
                    self.notes.0.push(failed_write_note(name, &e));
                }
                false
            }
        }
    }
}

/// One sentence for a write of `name` that failed with `e`.
fn failed_write_note(name: &str, e: &io::Error) -> String {
    let what = match name {
        SAVE_FILE => "Your game could not be saved",
        SETTINGS_FILE => "Your settings could not be saved",
        MY_RULES_FILE => "Your named rules could not be saved",
        _ => "Your statistics could not be saved",
    };
    let why = match e.kind() {
        io::ErrorKind::StorageFull | io::ErrorKind::FileTooLarge | io::ErrorKind::QuotaExceeded => {
            "there is no room left for it".to_string()
        }
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => {
            "its folder may not be written to".to_string()
        }
        io::ErrorKind::NotADirectory | io::ErrorKind::AlreadyExists => {
            "something that is not a folder stands where its folder should be".to_string()
        }
        _ => format!("writing it failed ({e})"),
    };
    format!(
        "{what} because {why}. Nothing saved before is lost, the game goes on, and saving is \
         tried again at the next change."
    )
}

//! The storage seam: the few operations saves, settings, statistics and records need, on files
//! in a folder (desktops and phones) or in the browser's `localStorage` (the web), where a
//! path is the key of one value. The formats and promises above it are the same on both:
//! RON text, a write replaces the whole value or nothing, a damaged value is renamed aside.

use std::io;
use std::path::{Path, PathBuf};

pub use imp::*;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;
    use std::fs;

    /// The whole contents of `path`; `NotFound` when there is none.
    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        fs::read(path)
    }

    /// Whether `path` holds anything.
    pub fn exists(path: &Path) -> bool {
        path.exists()
    }

    /// Moves `from` to `to` (which must not exist).
    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }

    /// The entries directly in `dir` (none when it does not exist).
    pub fn list(dir: &Path) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(dir) else {
            return vec![];
        };
        entries.filter_map(|e| e.ok().map(|e| e.path())).collect()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    fn refused(e: wasm_bindgen::JsValue) -> io::Error {
        io::Error::other(format!("the browser refused: {e:?}"))
    }

    /// The whole value stored under `path`; `NotFound` when there is none.
    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        match storage()?.get_item(&key(path)).map_err(refused)? {
            Some(text) => Ok(text.into_bytes()),
            None => Err(io::ErrorKind::NotFound.into()),
        }
    }

    /// Whether anything is stored under `path`.
    pub fn exists(path: &Path) -> bool {
        storage().is_ok_and(|s| s.get_item(&key(path)).ok().flatten().is_some())
    }

    /// Moves the value under `from` to `to`.
    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let s = storage()?;
        let text = s
            .get_item(&key(from))
            .map_err(refused)?
            .ok_or(io::ErrorKind::NotFound)?;
        s.set_item(&key(to), &text).map_err(refused)?;
        s.remove_item(&key(from)).map_err(refused)
    }

    /// The keys directly "in" `dir`: those that continue it with one more path component.
    pub fn list(dir: &Path) -> Vec<PathBuf> {
        let Ok(s) = storage() else { return vec![] };
        let prefix = format!("{}/", key(dir));
        let len = s.length().unwrap_or(0);
        (0..len)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| {
                k.strip_prefix(&prefix)
                    .is_some_and(|rest| !rest.contains('/'))
            })
            .map(PathBuf::from)
            .collect()
    }

    /// Stores `bytes` under `path`: one `setItem`, which replaces the value whole or not at all
    /// (a full quota is an error and leaves the old value).
    pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text"))?;
        storage()?.set_item(&key(path), text).map_err(refused)
    }
}

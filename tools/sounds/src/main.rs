//! Writes the game's sound effects as 16-bit mono WAV files into `assets/sounds/` (or into the
//! directory given as the only argument): `cargo run -p sternhalma-sounds`.
//!
//! The sounds are synthesised from scratch by [`synth`], deterministically, so the committed
//! files can always be remade byte for byte.

mod synth;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // tools/sounds → the repository root.
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2);
            root.unwrap_or(Path::new(".")).join("assets/sounds")
        });
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("sternhalma-sounds: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for (name, bytes) in synth::all_files() {
        let path = dir.join(name);
        if let Err(e) = std::fs::write(&path, &bytes) {
            eprintln!("sternhalma-sounds: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("{} ({} bytes)", path.display(), bytes.len());
    }
    ExitCode::SUCCESS
}

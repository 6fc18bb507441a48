//! Desktop entry point: `sternhalma [--screenshot PATH] [--size WxH]`.

// A Windows release build opens no console window beside the game's (debug builds keep it
// for the log).
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::process::ExitCode;

fn main() -> ExitCode {
    match sternhalma::Options::parse(std::env::args().skip(1)) {
        Ok(options) => match sternhalma::run(options) {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
        },
        Err(e) => {
            eprintln!("sternhalma: {e}");
            ExitCode::from(2)
        }
    }
}

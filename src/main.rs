//! Desktop entry point: `sternhalma [--screenshot PATH] [--size WxH]`.

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

//! The sound synthesiser: every sound is a sum of decaying sine partials (plus a little
//! filtered noise for the percussive ones), shaped by a short fade-in and fade-out so no sound
//! starts or stops with a click, and normalised to its own peak level well below full scale.
//!
//! The output is deterministic on every platform: the only arithmetic is IEEE addition,
//! multiplication and division (sine and exponential are computed here, not by the platform's
//! maths library), and the noise comes from a fixed-seed xorshift generator.
//!
//! Kept free of dependencies so the game's tests can include this file with `#[path]` and
//! check that the committed WAV files are exactly what it makes.

/// Samples per second of every file.
pub const SAMPLE_RATE: u32 = 22_050;

const TAU: f64 = std::f64::consts::TAU;

/// Every sound: its file name (under `assets/sounds/`) and its samples.
pub fn all_sounds() -> Vec<(&'static str, Vec<i16>)> {
    vec![
        ("select.wav", select()),
        ("step.wav", step()),
        ("hop.wav", hop()),
        ("goal.wav", goal()),
        ("finish.wav", finish()),
        ("game-over.wav", game_over()),
        ("your-turn.wav", your_turn()),
    ]
}

/// Every sound as the bytes of its WAV file.
pub fn all_files() -> Vec<(&'static str, Vec<u8>)> {
    all_sounds()
        .into_iter()
        .map(|(name, samples)| (name, wav(&samples)))
        .collect()
}

/// A soft tick: a short high ping over a breath of bright noise.
pub fn select() -> Vec<i16> {
    let mut b = Buffer::new(0.07);
    b.partial(0.0, 2350.0, 1.0, 0.007, 0.0);
    b.partial(0.0, 1175.0, 0.5, 0.012, 0.0);
    b.noise(0.0, 0.35, 0.003, Filter::High(0.6), 11);
    b.finish(0.0015, 0.02, 0.30)
}

/// A short wooden tap: the inharmonic partials of a small block of wood, damped fast.
pub fn step() -> Vec<i16> {
    let mut b = Buffer::new(0.13);
    b.partial(0.0, 610.0, 1.0, 0.030, 0.08);
    b.partial(0.0, 1590.0, 0.45, 0.014, 0.05);
    b.partial(0.0, 2870.0, 0.2, 0.007, 0.0);
    b.partial(0.0, 230.0, 0.5, 0.018, 0.15);
    b.noise(0.0, 0.3, 0.004, Filter::Low(0.35), 23);
    b.finish(0.0015, 0.03, 0.42)
}

/// A marble landing on wood: a low knock of the board with the glassy click of the marble on
/// top. Played faster (higher) hop after hop along a jump chain.
pub fn hop() -> Vec<i16> {
    let mut b = Buffer::new(0.2);
    b.partial(0.0, 330.0, 1.0, 0.040, 0.25);
    b.partial(0.0, 905.0, 0.5, 0.022, 0.1);
    b.partial(0.0, 3350.0, 0.28, 0.006, 0.0);
    b.partial(0.0, 5080.0, 0.16, 0.004, 0.0);
    b.partial(0.0, 160.0, 0.35, 0.030, 0.2);
    b.noise(0.0, 0.35, 0.003, Filter::Low(0.5), 37);
    b.finish(0.0015, 0.04, 0.48)
}

/// A gentle chime: one bell-like note with a soft octave above it.
pub fn goal() -> Vec<i16> {
    let mut b = Buffer::new(0.6);
    bell(&mut b, 0.0, note(84), 1.0, 0.30); // C6
    bell(&mut b, 0.0, note(96), 0.18, 0.14); // C7
    b.finish(0.003, 0.12, 0.36)
}

/// A player finished: a short rising arpeggio, C major up to the octave.
pub fn finish() -> Vec<i16> {
    let mut b = Buffer::new(0.6);
    for (i, n) in [72, 76, 79, 84].into_iter().enumerate() {
        mallet(
            &mut b,
            0.085 * i as f64,
            note(n),
            1.0,
            0.20 + 0.05 * i as f64,
        );
    }
    b.finish(0.003, 0.12, 0.40)
}

/// The game is over: a plagal-then-perfect cadence, IV – V – I, the last chord rolled and
/// left to ring out.
pub fn game_over() -> Vec<i16> {
    let mut b = Buffer::new(1.5);
    let chords: [(f64, &[i32]); 3] = [
        (0.0, &[65, 69, 72]),      // F A C
        (0.3, &[67, 71, 74]),      // G B D
        (0.62, &[60, 64, 67, 72]), // C E G C
    ];
    for (at, notes) in chords {
        let last = at > 0.5;
        for (i, &n) in notes.iter().enumerate() {
            let roll = if last { 0.03 * i as f64 } else { 0.0 };
            let ring = if last { 0.55 } else { 0.22 };
            mallet(&mut b, at + roll, note(n), 0.8, ring);
        }
    }
    b.finish(0.004, 0.35, 0.45)
}

/// Your turn: two soft mallet notes, a rising fourth.
pub fn your_turn() -> Vec<i16> {
    let mut b = Buffer::new(0.45);
    mallet(&mut b, 0.0, note(76), 0.8, 0.16); // E5
    mallet(&mut b, 0.13, note(81), 1.0, 0.2); // A5
    b.finish(0.004, 0.1, 0.32)
}

/// The frequency of MIDI note `n` (69 = A4 = 440 Hz).
pub fn note(n: i32) -> f64 {
    440.0 * exp(f64::from(n - 69) / 12.0 * std::f64::consts::LN_2)
}

/// A bell: partials at the ratios of a small tuned bell, the higher ones dying sooner.
fn bell(b: &mut Buffer, at: f64, f: f64, amp: f64, ring: f64) {
    for (ratio, a, tau) in [
        (1.0, 1.0, 1.0),
        (2.0, 0.30, 0.6),
        (2.76, 0.22, 0.4),
        (5.4, 0.08, 0.2),
    ] {
        b.partial(at, f * ratio, amp * a, ring * tau, 0.0);
    }
}

/// A soft mallet on a wooden bar (marimba-like): the fundamental with its quick, faint
/// overtones at four and ten times the frequency.
fn mallet(b: &mut Buffer, at: f64, f: f64, amp: f64, ring: f64) {
    b.partial(at, f, amp, ring, 0.0);
    b.partial(at, f * 3.93, amp * 0.12, ring * 0.2, 0.0);
    b.partial(at, f * 9.2, amp * 0.03, ring * 0.08, 0.0);
}

/// Which way filtered noise is coloured: a one-pole filter with this coefficient.
#[derive(Clone, Copy)]
enum Filter {
    /// Keeps the lows (higher coefficient = darker).
    Low(f64),
    /// Keeps the highs (higher coefficient = brighter).
    High(f64),
}

/// Samples being mixed, as floating point.
struct Buffer(Vec<f64>);

impl Buffer {
    fn new(secs: f64) -> Buffer {
        Buffer(vec![0.0; (secs * f64::from(SAMPLE_RATE)).round() as usize])
    }

    /// Adds a sine partial starting at `at` seconds, decaying with time constant `tau`; `glide`
    /// makes it start that fraction sharper and fall to pitch within a few milliseconds (how
    /// a struck object sounds).
    fn partial(&mut self, at: f64, f: f64, amp: f64, tau: f64, glide: f64) {
        let sr = f64::from(SAMPLE_RATE);
        let start = (at * sr).round() as usize;
        let mut phase = 0.0;
        for (i, s) in self.0.iter_mut().skip(start).enumerate() {
            let t = i as f64 / sr;
            let env = exp(-t / tau);
            if env < 1e-5 {
                break;
            }
            *s += amp * env * sin(phase);
            let freq = f * (1.0 + glide * exp(-t / 0.006));
            phase += TAU * freq / sr;
            if phase > TAU {
                phase -= TAU;
            }
        }
    }

    /// Adds a burst of filtered noise decaying with time constant `tau`.
    fn noise(&mut self, at: f64, amp: f64, tau: f64, filter: Filter, seed: u32) {
        let sr = f64::from(SAMPLE_RATE);
        let start = (at * sr).round() as usize;
        let mut rng = seed;
        let mut low = 0.0;
        for (i, s) in self.0.iter_mut().skip(start).enumerate() {
            let t = i as f64 / sr;
            let env = exp(-t / tau);
            if env < 1e-5 {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 17;
            rng ^= rng << 5;
            let white = f64::from(rng) / f64::from(u32::MAX) * 2.0 - 1.0;
            let coloured = match filter {
                Filter::Low(k) => {
                    low = k * low + (1.0 - k) * white;
                    low
                }
                Filter::High(k) => {
                    low = (1.0 - k) * low + k * white;
                    white - low
                }
            };
            *s += amp * env * coloured;
        }
    }

    /// Fades in over `fade_in` and out over the last `fade_out` seconds (raised-cosine
    /// ramps, so the first and last samples are exactly silent), scales the peak to `peak`
    /// of full scale and rounds to 16 bits.
    fn finish(mut self, fade_in: f64, fade_out: f64, peak: f64) -> Vec<i16> {
        let sr = f64::from(SAMPLE_RATE);
        let n = self.0.len();
        let fin = ((fade_in * sr).round() as usize).max(1);
        let fout = ((fade_out * sr).round() as usize).max(1);
        for (i, s) in self.0.iter_mut().enumerate() {
            if i < fin {
                *s *= ramp(i as f64 / fin as f64);
            }
            let left = n - 1 - i;
            if left < fout {
                *s *= ramp(left as f64 / fout as f64);
            }
        }
        let max = self.0.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        let scale = if max > 0.0 { peak / max } else { 0.0 };
        self.0
            .iter()
            .map(|s| (s * scale * 32767.0).round().clamp(-32767.0, 32767.0) as i16)
            .collect()
    }
}

/// 0 at 0, 1 at 1, smooth at both ends.
fn ramp(x: f64) -> f64 {
    0.5 - 0.5 * sin(std::f64::consts::FRAC_PI_2 + std::f64::consts::PI * x)
}

/// Sine by range reduction and a Taylor series: plain IEEE arithmetic, the same bits on every
/// platform (accurate to about 1e-9, far below 16-bit resolution).
pub fn sin(x: f64) -> f64 {
    use std::f64::consts::{FRAC_PI_2, PI};
    let mut r = x - TAU * (x / TAU).round();
    if r > FRAC_PI_2 {
        r = PI - r;
    } else if r < -FRAC_PI_2 {
        r = -PI - r;
    }
    let r2 = r * r;
    let mut term = r;
    let mut sum = r;
    for k in 1..12 {
        term *= -r2 / f64::from((2 * k) * (2 * k + 1));
        sum += term;
    }
    sum
}

/// Exponential by range reduction to |r| ≤ ln 2 / 2 and a Taylor series; the power of two is
/// built from its bits. Plain IEEE arithmetic, the same bits on every platform.
pub fn exp(x: f64) -> f64 {
    if x < -700.0 {
        return 0.0;
    }
    let k = (x / std::f64::consts::LN_2).round();
    let r = x - k * std::f64::consts::LN_2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..20 {
        term *= r / f64::from(i);
        sum += term;
    }
    let two_k = f64::from_bits(((k as i64 + 1023) as u64) << 52);
    sum * two_k
}

/// A 16-bit mono PCM WAV file of `samples` at [`SAMPLE_RATE`].
pub fn wav(samples: &[i16]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

//! The results page at the end of a game: how it ended (who resigned and how the places were
//! decided), each seat's place, moves and best jump chain, how long the game took, and what
//! next (rematch, new game, menu, keep the record). "See the board" folds it away to look at
//! the final position.

use super::hud::ShowBoard;
use super::theme::{self, ACCENT, MUTED};
use super::{UiPass, controller_label, ordinal};
use crate::board::CurrentGame;
use crate::persist::MatchId;
use crate::play::Command;
use crate::records::RecordCommand;
use crate::seats::Seats;
use crate::state::{Pause, Screen};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::{Action, EndReason, OutReason, Standing, Status};

/// How long the current match has been played: time on the board screen, pauses left out.
#[derive(Resource, Default, Debug)]
pub struct PlayTime {
    /// The match it belongs to.
    id: u64,
    /// Seconds played.
    pub secs: f64,
    /// Counted from the first move (not a match restored or opened part-way through).
    pub whole: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayTime>()
        .add_systems(
            Update,
            count_play_time.in_set(crate::state::AppSystems::Present),
        )
        .add_systems(OnEnter(Screen::GameOver), show_results)
        .add_systems(
            EguiPrimaryContextPass,
            game_over
                .run_if(
                    in_state(Screen::GameOver)
                        .and_then(|s: Res<ShowBoard>| !s.0)
                        .and_then(super::review::screen_free),
                )
                .in_set(UiPass::Screens),
        );
}

fn count_play_time(
    time: Res<Time<Real>>,
    id: Res<MatchId>,
    game: Option<Res<CurrentGame>>,
    screen: Res<State<Screen>>,
    pause: Res<State<Pause>>,
    mut played: ResMut<PlayTime>,
) {
    if played.id != id.0 {
        *played = PlayTime {
            id: id.0,
            secs: 0.0,
            whole: game.is_some_and(|g| g.actions().is_empty()),
        };
    }
    if *screen.get() == Screen::Playing && *pause.get() == Pause::Running {
        played.secs += time.delta_secs_f64();
    }
}

fn show_results(mut show_board: ResMut<ShowBoard>) {
    show_board.0 = false;
}

/// "12 min" or "45 s".
pub fn duration_text(secs: f64) -> String {
    let s = secs.round() as u64;
    if s < 60 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{} min", (s + 30) / 60)
    } else {
        format!("{} h {} min", s / 3600, (s % 3600) / 60)
    }
}

/// How the game ended, in a sentence that names who went out and why (`name` names a seat).
pub fn ending<'a>(
    game: &sternhalma_rules::Game,
    name: impl Fn(usize) -> &'a str,
    reason: EndReason,
) -> String {
    let outs: Vec<String> = (0..usize::from(game.setup().players))
        .filter_map(|s| match game.standing(s) {
            Standing::Out(r) if r != OutReason::Partner => Some(format!(
                "{} {}",
                name(s),
                match r {
                    OutReason::Resigned => "resigned",
                    OutReason::Deadline => "missed the leaving-home deadline",
                    OutReason::BackIntoStart => "went back into the start point",
                    OutReason::Flag => "ran out of time",
                    OutReason::MissedTurns => "missed too many turns",
                    OutReason::Partner => "went out with a partner",
                }
            )),
            _ => None,
        })
        .collect();
    let how = match reason {
        EndReason::Finished => "The goals are filled.".to_string(),
        EndReason::Forfeit => format!(
            "{}. The others are ranked by how far their marbles came.",
            outs.join(", ")
        ),
        EndReason::MoveLimit => "The move limit was reached: places go by progress.".into(),
        EndReason::Repetition => "The same position came up three times.".into(),
        EndReason::NoMoves => "Nobody could move.".into(),
    };
    if reason != EndReason::Forfeit && !outs.is_empty() {
        format!("{how} {}.", outs.join(", "))
    } else {
        how
    }
}

fn game_over(
    mut contexts: EguiContexts,
    mut per_seat: Local<Option<(u64, SeatChains)>>,
    game: Res<CurrentGame>,
    seats: Seats,
    played: Res<PlayTime>,
    mut show_board: ResMut<ShowBoard>,
    mut screen: ResMut<NextState<Screen>>,
    mut commands: MessageWriter<Command>,
    mut records: MessageWriter<RecordCommand>,
    mut transfers: crate::transfer::Transfers,
    mut notices: MessageWriter<crate::play::Notice>,
    mut choosing: ResMut<super::review::ChoosingSeat>,
    mut reviews: MessageWriter<crate::review::ReviewCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Status::Over(outcome) = game.status() else {
        return Ok(());
    };
    let setup = *game.setup();
    // Names, colours and who played each seat, from the seat entities.
    let seats = seats.all();
    let seat = |s: usize| seats.iter().find(|i| i.index == s);
    let name_of = |s: usize| seat(s).map_or("?", |i| i.name);
    // Each seat's moves and best chain need a replay of the game: once per finished game,
    // not once per frame the page is drawn.
    let key = game.hash() ^ game.actions().len() as u64;
    if per_seat.as_ref().is_none_or(|(k, _)| *k != key) {
        *per_seat = Some((key, chains_by_seat(&game)));
    }
    let chains = per_seat
        .as_ref()
        .map(|(_, c)| c.clone())
        .unwrap_or_default();
    let moves_by = |seat: usize| chains.get(seat).copied().unwrap_or((0, 0));
    let mut action = None;
    theme::page(
        ctx,
        "game-over",
        "Game over",
        |ui| {
            theme::text(
                ui,
                RichText::new(ending(&game, name_of, outcome.reason)).italics(),
            );
            let moves = game
                .actions()
                .iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .count();
            let length = if played.whole {
                format!("{moves} moves in {}", duration_text(played.secs))
            } else {
                format!("{moves} moves")
            };
            theme::text(ui, RichText::new(length).color(MUTED));
            ui.add_space(6.0);
            let mut order: Vec<usize> = (0..usize::from(setup.players)).collect();
            order.sort_by_key(|&s| (outcome.places[s], s));
            for s in order {
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        let place = RichText::new(ordinal(u32::from(outcome.places[s])))
                            .size(22.0)
                            .strong();
                        let place = if outcome.places[s] == 1 {
                            place.color(ACCENT)
                        } else {
                            place
                        };
                        theme::text(ui, place);
                        if let Some(seat) = seat(s) {
                            theme::swatch(ui, seat.colour, 26.0);
                        }
                        let mut name = name_of(s).to_string();
                        if setup.teams {
                            let mates: Vec<&str> = setup
                                .seats_of(setup.unit_of(s))
                                .filter(|&m| m != s)
                                .map(name_of)
                                .collect();
                            name += &format!(" (with {})", mates.join(", "));
                        }
                        ui.vertical(|ui| {
                            theme::text(
                                ui,
                                RichText::new(format!(
                                    "{name} — {}",
                                    seat(s).map_or_else(String::new, |i| controller_label(
                                        i.controller
                                    ))
                                ))
                                .strong(),
                            );
                            let (n, best) = moves_by(s);
                            theme::text(
                                ui,
                                RichText::new(format!(
                                    "{n} moves, best chain {best} {}",
                                    if best == 1 { "jump" } else { "jumps" }
                                ))
                                .color(MUTED)
                                .size(16.0),
                            );
                        });
                    });
                });
            }
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                super::records::export_buttons(
                    ui,
                    &game,
                    &mut records,
                    &mut transfers,
                    &mut notices,
                );
                if theme::button(ui, "See the board").clicked() {
                    show_board.0 = true;
                }
                super::review::review_button(
                    ui,
                    setup.players,
                    moves > 0,
                    &mut choosing,
                    &mut reviews,
                );
            });
        },
        |ui| {
            action = theme::button_row(
                ui,
                &[
                    ("Menu", true, false),
                    ("New game", true, false),
                    ("Rematch", true, true),
                ],
            );
        },
    );
    match action {
        Some(0) => screen.set(Screen::MainMenu),
        Some(1) => screen.set(Screen::NewGame),
        Some(_) => {
            commands.write(Command::Rematch);
        }
        None => {}
    }
    Ok(())
}

/// Per seat: its number of moves and its longest jump chain.
type SeatChains = Vec<(usize, u32)>;

/// Each seat's number of moves and its longest jump chain.
fn chains_by_seat(game: &sternhalma_rules::Game) -> SeatChains {
    crate::stats::moves_by_seat(game)
        .iter()
        .map(|moves| {
            let best = moves.iter().map(|p| sternhalma_rules::game::jumps(p)).max();
            (moves.len(), best.unwrap_or(0))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Palette, point_name};
    use sternhalma_rules::Game;
    use sternhalma_rules::rules::AfterResign;

    #[test]
    fn the_ending_names_who_resigned_and_how_places_were_decided() {
        let mut rules = sternhalma_rules::RuleSet::preset("classic").unwrap();
        rules.resign = AfterResign::EndAndRank;
        let setup = sternhalma_rules::Setup::new(3, 10, false).unwrap();
        let mut g = Game::new(setup, rules).unwrap();
        g.play_notation("k4-k5").unwrap();
        g.resign(1).unwrap();
        let Status::Over(o) = g.status() else {
            panic!("one resignation ends the game under these rules")
        };
        let points = g.setup().seat_points();
        let text = ending(&g, |s| point_name(Palette::default(), points[s]), o.reason);
        let name = point_name(Palette::default(), points[1]);
        assert!(text.starts_with(&format!("{name} resigned.")), "{text}");
        assert!(text.contains("ranked by how far"), "{text}");
    }

    #[test]
    fn durations_read_as_people_say_them() {
        assert_eq!(duration_text(42.4), "42 s");
        assert_eq!(duration_text(60.0), "1 min");
        assert_eq!(duration_text(12.0 * 60.0 + 40.0), "13 min");
        assert_eq!(duration_text(3600.0 + 5.0 * 60.0), "1 h 5 min");
    }
}

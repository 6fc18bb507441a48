//! Questions asked before anything that cannot be taken back: resigning (with what it means
//! under the rules in force), throwing away a game in progress for a new one, and a move that
//! puts the mover out; and the "pass the device" cover between people sharing one device.

use super::theme::{self, MUTED};
use crate::board::CurrentGame;
use crate::config::MatchConfig;
use crate::play::{Command, PendingMove};
use crate::records::RecordCommand;
use crate::seats::Seats;
use crate::state::{Screen, Turn};
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use sternhalma_rules::ai::Level;
use sternhalma_rules::rules::AfterResign;
use sternhalma_rules::{Game, Standing};

/// A question waiting for the player's answer, and the commands already agreed to.
#[derive(Resource, Default)]
pub struct AskFirst {
    question: Option<Question>,
    agreed: Vec<Command>,
    agreed_records: Vec<RecordCommand>,
}

/// What is being asked.
#[derive(Clone, Debug)]
enum Question {
    /// Give up this seat.
    Resign(usize),
    /// Start this match, throwing away the one under way.
    Leave(MatchConfig),
    /// Play on from the record shown, throwing away the match under way.
    PlayOnRecord(Option<Level>),
}

impl AskFirst {
    /// Starts `config`, first asking whether to give up the game under way, if there is one.
    pub fn start(&mut self, config: MatchConfig, game: Option<&CurrentGame>) {
        if game.is_some_and(in_progress) {
            self.question = Some(Question::Leave(config));
        } else {
            self.agreed.push(Command::Start(config));
        }
    }

    /// Plays on from the record shown (`level`: against the computer), first asking whether
    /// to give up the match under way (`game`, left as it was while the record is viewed), if
    /// it is worth keeping.
    pub fn play_on(&mut self, level: Option<Level>, game: Option<&CurrentGame>) {
        if game.is_some_and(in_progress) {
            self.question = Some(Question::PlayOnRecord(level));
        } else {
            self.agreed_records.push(RecordCommand::PlayFromHere(level));
        }
    }

    /// Asks whether `seat` really resigns.
    pub fn resign(&mut self, seat: usize) {
        self.question = Some(Question::Resign(seat));
    }

    /// Whether a question is up (the board and the panel wait for it).
    pub fn is_asking(&self) -> bool {
        self.question.is_some()
    }
}

/// A game someone has moved in and nobody has won: worth keeping.
fn in_progress(game: &CurrentGame) -> bool {
    !game.is_over() && !game.actions().is_empty()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AskFirst>()
        .add_systems(
            Update,
            (
                send_agreed.in_set(crate::state::AppSystems::Interpret),
                forget_questions_on_screen_change,
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (questions, turn_dialogs.run_if(in_state(Screen::Playing)))
                .in_set(super::UiPass::Dialogs),
        );
}

fn send_agreed(
    mut ask: ResMut<AskFirst>,
    mut commands: MessageWriter<Command>,
    mut records: MessageWriter<RecordCommand>,
) {
    if !ask.agreed.is_empty() {
        commands.write_batch(ask.agreed.drain(..));
    }
    if !ask.agreed_records.is_empty() {
        records.write_batch(ask.agreed_records.drain(..));
    }
}

/// A question belongs to the screen it was asked on.
fn forget_questions_on_screen_change(screen: Res<State<Screen>>, mut ask: ResMut<AskFirst>) {
    if screen.is_changed() && !screen.is_added() && ask.question.is_some() {
        ask.question = None;
    }
}

/// What resigning means under these rules, in a sentence or two.
pub fn resign_meaning(game: &Game, seat: usize) -> Vec<String> {
    let setup = game.setup();
    let still_playing = (0..setup.players as usize)
        .filter(|&s| s != seat && game.standing(s) == Standing::Playing)
        .count();
    let mut lines = vec!["Your marbles leave the board.".to_string()];
    if setup.teams {
        lines.push("Your partner leaves with you: your team takes the last free place.".into());
    }
    if still_playing <= 1 || setup.players == 2 {
        lines.push("The game ends and the other player wins.".into());
    } else {
        match game.rules().resign {
            AfterResign::PlayOn => {
                lines.push("You take the last free place; the others play on.".into());
            }
            AfterResign::EndAndRank => lines.push(
                "Under these rules this ends the game for everyone: you are placed last and \
                 the others are ranked by how far their marbles have come."
                    .into(),
            ),
        }
    }
    lines
}

/// Acts on a dialog's answer: the first answer agrees (`agree` queues what was asked for), any
/// other closes the question; no answer yet leaves it up.
fn answer(ask: &mut AskFirst, chosen: Option<usize>, agree: impl FnOnce(&mut AskFirst)) {
    match chosen {
        Some(0) => {
            ask.question = None;
            agree(ask);
        }
        Some(_) => ask.question = None,
        None => {}
    }
}

fn questions(
    mut contexts: EguiContexts,
    mut ask: ResMut<AskFirst>,
    game: Option<Res<CurrentGame>>,
    seats: Seats,
) -> Result {
    let Some(question) = ask.question.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    match question {
        Question::Resign(seat) => {
            let Some(game) = game else {
                ask.question = None;
                return Ok(());
            };
            let name = seats.name(seat);
            let title = format!("Resign {name}?");
            let chosen = theme::dialog(
                ctx,
                "resign",
                &title,
                &resign_meaning(&game, seat),
                &[("Resign", false), ("Keep playing", true)],
            );
            answer(&mut ask, chosen, |a| a.agreed.push(Command::Resign(seat)));
        }
        Question::PlayOnRecord(level) => {
            let body = [
                "The game you were playing before opening this record ends here and cannot \
                 be continued."
                    .to_string(),
            ];
            let chosen = theme::dialog(
                ctx,
                "play-on",
                "Play on from the record?",
                &body,
                &[("Play on", false), ("Go back", true)],
            );
            answer(&mut ask, chosen, |a| {
                a.agreed_records.push(RecordCommand::PlayFromHere(level));
            });
        }
        Question::Leave(config) => {
            let body = [
                "The game under way ends here and cannot be continued.".to_string(),
                "To keep it, go back: Continue on the main menu brings it back.".to_string(),
            ];
            let chosen = theme::dialog(
                ctx,
                "leave",
                "Start a new game?",
                &body,
                &[("Start the new game", false), ("Go back", true)],
            );
            answer(&mut ask, chosen, |a| a.agreed.push(Command::Start(config)));
        }
    }
    Ok(())
}

fn turn_dialogs(
    mut contexts: EguiContexts,
    turn: Option<Res<State<Turn>>>,
    game: Res<CurrentGame>,
    seats: Seats,
    pending: Option<Res<PendingMove>>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    match turn.map(|t| *t.get()) {
        Some(Turn::Confirm) => {
            let path = pending
                .map(|p| sternhalma_rules::format_path(&p.0.path))
                .unwrap_or_default();
            let body = [format!(
                "{path} breaks the leaving-home rule: it puts you out of the game."
            )];
            match theme::dialog(
                ctx,
                "put-out",
                "Are you sure?",
                &body,
                &[("Play it anyway", false), ("Choose another move", true)],
            ) {
                Some(0) => {
                    commands.write(Command::Confirm(true));
                }
                Some(_) => {
                    commands.write(Command::Confirm(false));
                }
                None => {}
            }
        }
        Some(Turn::Handover) => {
            // Who gets the device: the seat to move, named and coloured by its entity.
            let seat = seats.to_move(&game);
            let (name, colour) =
                seat.map_or(("?", Color::from(Srgba::gray(0.5))), |s| (s.name, s.colour));
            if handover(ctx, name, colour, game.setup().players) {
                commands.write(Command::HandedOver);
            }
        }
        _ => {}
    }
    Ok(())
}

/// "Pass the device to Red": the next player's colour large, the board dimmed behind (it
/// turns to the new player while this shows). True when the player taps Ready.
fn handover(ctx: &egui::Context, name: &str, colour: Color, players: u8) -> bool {
    let area = ctx.content_rect();
    let mut ready = false;
    egui::Area::new("handover".into())
        .order(egui::Order::Foreground)
        .fixed_pos(area.min)
        .show(ctx, |ui| {
            // Translucent: the board is seen turning to the next player behind it.
            ui.painter()
                .rect_filled(area, 0.0, Color32::from_rgba_unmultiplied(20, 25, 34, 200));
            let col = theme::column(area);
            ui.scope_builder(egui::UiBuilder::new().max_rect(col), |ui| {
                ui.vertical_centered(|ui| {
                    let marble = (col.height() * 0.3).clamp(60.0, 180.0);
                    ui.add_space(((col.height() - marble - 200.0) / 2.0).max(0.0));
                    theme::swatch(ui, colour, marble);
                    // The words on a card of their own, readable over the turning board.
                    egui::Frame::window(ui.style())
                        .fill(theme::CARD)
                        .inner_margin(16.0)
                        .show(ui, |ui| {
                            theme::text(
                                ui,
                                RichText::new(format!("Pass the device to {name}"))
                                    .size(28.0)
                                    .strong(),
                            );
                            theme::text(
                                ui,
                                RichText::new(format!(
                                    "{players} people share this device: the board turns to \
                                     each in turn."
                                ))
                                .color(MUTED),
                            );
                            ui.add_space(12.0);
                            ready = theme::wide_button(ui, "I'm ready", true);
                        });
                });
            });
        });
    ready
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_game_asks_first_only_when_one_is_under_way() {
        let config = MatchConfig::vs_computer(Level::Easy);
        let mut fresh = CurrentGame(Game::from_preset("classic", Some(2), None).unwrap());
        let mut ask = AskFirst::default();
        ask.start(config.clone(), Some(&fresh));
        assert!(!ask.is_asking(), "nobody has moved: nothing to lose");
        assert_eq!(ask.agreed, vec![Command::Start(config.clone())]);
        fresh.play_notation("k3-k5").unwrap();
        let mut ask = AskFirst::default();
        ask.start(config.clone(), Some(&fresh));
        assert!(ask.is_asking() && ask.agreed.is_empty());
        let mut ask = AskFirst::default();
        ask.start(config, None);
        assert!(!ask.is_asking());
    }

    #[test]
    fn playing_on_from_a_record_asks_first_only_when_the_match_is_worth_keeping() {
        let mut live = CurrentGame(Game::from_preset("classic", Some(2), None).unwrap());
        let mut ask = AskFirst::default();
        ask.play_on(None, Some(&live));
        assert!(!ask.is_asking(), "nobody has moved: nothing to lose");
        assert_eq!(ask.agreed_records, vec![RecordCommand::PlayFromHere(None)]);
        live.play_notation("k3-k5").unwrap();
        let mut ask = AskFirst::default();
        ask.play_on(Some(Level::Easy), Some(&live));
        assert!(ask.is_asking() && ask.agreed_records.is_empty());
        let mut ask = AskFirst::default();
        ask.play_on(None, None);
        assert!(!ask.is_asking());
    }

    #[test]
    fn resigning_says_what_it_means_under_the_rules() {
        let two = Game::from_preset("classic", Some(2), None).unwrap();
        assert!(
            resign_meaning(&two, 0)
                .join(" ")
                .contains("other player wins")
        );
        let mut rules = sternhalma_rules::RuleSet::preset("classic").unwrap();
        rules.resign = AfterResign::PlayOn;
        let setup = sternhalma_rules::Setup::for_rules(&rules, Some(4), None).unwrap();
        let four = Game::new(setup, rules.clone()).unwrap();
        assert!(
            resign_meaning(&four, 1)
                .join(" ")
                .contains("the others play on")
        );
        rules.resign = AfterResign::EndAndRank;
        let four = Game::new(setup, rules).unwrap();
        assert!(
            resign_meaning(&four, 1)
                .join(" ")
                .contains("ends the game for everyone")
        );
        let pairs = Game::from_preset("pairs", Some(4), None).unwrap();
        assert!(resign_meaning(&pairs, 0).join(" ").contains("partner"));
    }
}

//! One look for every screen: a palette drawn from the board (dark slate, warm wood, gold),
//! finger-sized controls at every window size, and the few widgets the screens are built from
//! (full-screen pages, large buttons, toggles, choices). Every tappable widget made here is
//! noted in the [`LaidOut`] list, so the rendered test can check that nothing is cut off and
//! that everything a finger uses is at least [`TOUCH_TARGET`] points.

use bevy::prelude::Color;
use bevy_egui::egui::{self, Color32, RichText};
#[cfg(any(feature = "dev", target_arch = "wasm32"))]
use std::fmt::Write as _;

/// Points a finger needs for anything it taps: 7 mm at the 160 points per inch of phones.
pub const TOUCH_TARGET: f32 = 44.0;
const _: () = assert!(TOUCH_TARGET >= crate::view::MIN_HIT_MM * 160.0 / 25.4 - 0.5);
/// Widest a page's column grows: text lines stay readable on tablets and desktops.
pub const COLUMN_WIDTH: f32 = 560.0;
/// Space between a page's edge and its content on the narrowest phones.
pub const MARGIN: f32 = 12.0;
/// Body text size in points: at least 16 for reading at arm's length.
pub const BODY: f32 = 17.0;

/// The window behind everything (the board's surroundings).
pub const SLATE: Color32 = Color32::from_rgb(31, 38, 51);
/// Pages: opaque, so nothing of the board (its goal rings, its marbles) shows behind a menu.
pub const PAGE: Color32 = Color32::from_rgb(27, 33, 45);
/// Cards and panels.
pub const CARD: Color32 = Color32::from_rgb(42, 51, 67);
/// Buttons at rest.
pub const BUTTON: Color32 = Color32::from_rgb(61, 73, 94);
/// The one thing on a screen the player most likely wants.
pub const ACCENT: Color32 = Color32::from_rgb(214, 164, 74);
/// Text on the accent colour.
pub const ON_ACCENT: Color32 = Color32::from_rgb(32, 24, 12);
/// Text.
pub const TEXT: Color32 = Color32::from_rgb(236, 232, 222);
/// Secondary text.
pub const MUTED: Color32 = Color32::from_rgb(170, 176, 188);
/// Errors and warnings.
pub const WARN: Color32 = Color32::from_rgb(255, 140, 120);

/// A Bevy colour as egui's.
pub fn c32(c: Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgb(
        (s.red * 255.0).round() as u8,
        (s.green * 255.0).round() as u8,
        (s.blue * 255.0).round() as u8,
    )
}

/// Applies the theme to every style of the context (dark and light alike).
pub fn apply(ctx: &egui::Context) {
    // A press released on the button it began on is a tap however long it was held, as on
    // every phone. egui's default (0.8 s, then a long press) also counts in frames: a slow
    // frame between press and release (the first frames, software rendering) lost the tap.
    ctx.options_mut(|o| o.input_options.max_click_duration = f64::INFINITY);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(14.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(BODY, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(18.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(26.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(16.0, FontFamily::Monospace),
            ),
        ]
        .into();
        let s = &mut style.spacing;
        s.interact_size = egui::vec2(TOUCH_TARGET, TOUCH_TARGET);
        s.button_padding = egui::vec2(14.0, 10.0);
        s.item_spacing = egui::vec2(10.0, 10.0);
        s.icon_width = 24.0;
        s.icon_width_inner = 12.0;
        s.combo_width = 180.0;
        s.slider_width = 200.0;
        s.scroll.bar_width = 8.0;
        let v = &mut style.visuals;
        *v = egui::Visuals::dark();
        v.panel_fill = CARD;
        v.window_fill = CARD;
        v.extreme_bg_color = SLATE;
        v.override_text_color = None;
        v.selection.bg_fill = Color32::from_rgb(150, 110, 40);
        v.selection.stroke = egui::Stroke::new(1.0, TEXT);
        let radius = egui::CornerRadius::same(12);
        v.window_corner_radius = radius;
        for w in [
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
            &mut v.widgets.open,
        ] {
            w.corner_radius = radius;
        }
        v.widgets.noninteractive.fg_stroke.color = TEXT;
        v.widgets.inactive.weak_bg_fill = BUTTON;
        v.widgets.inactive.bg_fill = BUTTON;
        v.widgets.inactive.fg_stroke.color = TEXT;
        v.widgets.hovered.weak_bg_fill = Color32::from_rgb(80, 95, 120);
        v.widgets.hovered.bg_fill = Color32::from_rgb(80, 95, 120);
        v.widgets.hovered.fg_stroke.color = Color32::WHITE;
        v.widgets.active.weak_bg_fill = Color32::from_rgb(96, 112, 140);
        v.widgets.active.bg_fill = Color32::from_rgb(96, 112, 140);
    });
}

/// What kind of thing a [`LaidOut`] entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Something a finger taps or drags.
    Control,
    /// Text to read.
    Text,
    /// The visible part of a scrolling body: what lies beyond it is reached by scrolling.
    Scroll,
}

/// One widget as laid out this pass, in points: the rendered test reads these.
#[derive(Clone, Debug, PartialEq)]
pub struct LaidOut {
    /// Control or text.
    pub kind: Kind,
    /// Its whole rectangle.
    pub rect: egui::Rect,
    /// The part of the screen it may show in (smaller than the screen inside a scroll area).
    pub clip: egui::Rect,
    /// What it says.
    pub label: String,
}

fn laid_out_id() -> egui::Id {
    egui::Id::new("sternhalma-laid-out")
}

/// Notes a widget in this pass's list.
pub fn note(ui: &egui::Ui, kind: Kind, rect: egui::Rect, label: &str) {
    let entry = LaidOut {
        kind,
        rect,
        clip: ui.clip_rect(),
        label: label.to_string(),
    };
    ui.ctx().data_mut(|d| {
        d.get_temp_mut_or_default::<Vec<LaidOut>>(laid_out_id())
            .push(entry)
    });
}

/// Starts a new pass's list (called before any screen draws).
pub fn clear_laid_out(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove_temp::<Vec<LaidOut>>(laid_out_id()));
}

/// The widgets laid out so far this pass.
pub fn laid_out(ctx: &egui::Context) -> Vec<LaidOut> {
    ctx.data(|d| d.get_temp::<Vec<LaidOut>>(laid_out_id()))
        .unwrap_or_default()
}

/// A button at least [`TOUCH_TARGET`] points square, noted for the layout check.
pub fn button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    button_with(ui, text, true, false)
}

/// A button that may be greyed out (`enabled` false) or stand out as the main choice.
pub fn button_with(ui: &mut egui::Ui, text: &str, enabled: bool, primary: bool) -> egui::Response {
    let mut label = RichText::new(text);
    let mut b = egui::Button::new(label.clone()).min_size(egui::vec2(TOUCH_TARGET, TOUCH_TARGET));
    if primary {
        label = label.color(ON_ACCENT).strong();
        b = egui::Button::new(label)
            .min_size(egui::vec2(TOUCH_TARGET, TOUCH_TARGET))
            .fill(ACCENT);
    }
    let r = ui.add_enabled(enabled, b);
    note(ui, Kind::Control, r.rect, text);
    r
}

/// A full-width button for menus and page footers.
pub fn wide_button(ui: &mut egui::Ui, text: &str, primary: bool) -> bool {
    wide_button_with(ui, text, true, primary)
}

/// A full-width button that may be greyed out.
pub fn wide_button_with(ui: &mut egui::Ui, text: &str, enabled: bool, primary: bool) -> bool {
    let w = ui.available_width();
    let mut label = RichText::new(text).size(20.0);
    if primary {
        label = label.color(ON_ACCENT).strong();
    }
    let mut b = egui::Button::new(label).min_size(egui::vec2(w, 52.0));
    if primary {
        b = b.fill(ACCENT);
    }
    let r = ui.add_enabled(enabled, b);
    note(ui, Kind::Control, r.rect, text);
    r.clicked()
}

/// A row of buttons sharing the width evenly (a page's footer, a dialog's answers).
/// Returns the index of the one clicked.
pub fn button_row(ui: &mut egui::Ui, buttons: &[(&str, bool, bool)]) -> Option<usize> {
    let n = buttons.len().max(1) as f32;
    let gap = ui.spacing().item_spacing.x;
    let w = ((ui.available_width() - gap * (n - 1.0)) / n).max(TOUCH_TARGET);
    let mut clicked = None;
    ui.horizontal(|ui| {
        // Narrow buttons give their text the room rather than the padding.
        ui.spacing_mut().button_padding.x = 6.0;
        for (i, &(text, enabled, primary)) in buttons.iter().enumerate() {
            let mut label = RichText::new(text);
            if primary {
                label = label.color(ON_ACCENT).strong();
            }
            let mut b = egui::Button::new(label).truncate();
            if primary {
                b = b.fill(ACCENT);
            }
            // Exactly its share of the row, however long its text.
            let r = ui
                .add_enabled_ui(enabled, |ui| ui.add_sized([w, 48.0], b))
                .inner;
            note(ui, Kind::Control, r.rect, text);
            if r.clicked() {
                clicked = Some(i);
            }
        }
    });
    clicked
}

/// A body that scrolls when it is taller than the space it has (a side panel on a phone
/// turned sideways).
pub fn scrolling(ui: &mut egui::Ui, id: &str, body: impl FnOnce(&mut egui::Ui)) {
    let scroll = egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            body(ui);
        });
    note(ui, Kind::Scroll, scroll.inner_rect, id);
}

/// A checkbox whose whole row is the tap target.
pub fn toggle(ui: &mut egui::Ui, on: &mut bool, text: &str) -> bool {
    let r = ui.add(egui::Checkbox::new(on, text));
    note(ui, Kind::Control, r.rect, text);
    r.changed()
}

/// One of several choices, as a row of buttons that wraps on narrow screens.
pub fn choice<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    value: &mut T,
    options: &[(T, String, bool)],
) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        for (v, text, enabled) in options {
            let on = *value == *v;
            let label = if on {
                RichText::new(text.as_str()).color(ON_ACCENT).strong()
            } else {
                RichText::new(text.as_str())
            };
            let r = ui.add_enabled(
                *enabled,
                egui::Button::new(label)
                    .fill(if on { ACCENT } else { BUTTON })
                    .min_size(egui::vec2(TOUCH_TARGET + 8.0, TOUCH_TARGET)),
            );
            note(ui, Kind::Control, r.rect, text);
            if r.clicked() && *value != *v {
                *value = *v;
                changed = true;
            }
        }
    });
    changed
}

/// Body text that wraps to the column.
pub fn text(ui: &mut egui::Ui, text: impl Into<RichText>) {
    let text = text.into();
    let label = text.text().to_string();
    let r = ui.add(egui::Label::new(text).wrap());
    note(ui, Kind::Text, r.rect, &label);
}

/// A heading inside a page.
pub fn heading(ui: &mut egui::Ui, title: &str) {
    ui.add_space(4.0);
    text(ui, RichText::new(title).size(21.0).strong().color(ACCENT));
}

/// A marble-coloured dot, for names in lists.
pub fn swatch(ui: &mut egui::Ui, colour: Color, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    paint_swatch(ui, rect.center(), size, colour);
}

/// A [`swatch`] painted at `centre` without taking room of its own (over another widget).
pub fn paint_swatch(ui: &egui::Ui, centre: egui::Pos2, size: f32, colour: Color) {
    ui.painter()
        .circle_filled(centre, size * 0.47, Color32::from_gray(150));
    ui.painter().circle_filled(centre, size * 0.38, c32(colour));
}

/// The part of the window a page may use: the whole content area less the margins, as one
/// centred column no wider than [`COLUMN_WIDTH`].
pub fn column(area: egui::Rect) -> egui::Rect {
    let w = (area.width() - 2.0 * MARGIN).min(COLUMN_WIDTH);
    egui::Rect::from_center_size(area.center(), egui::vec2(w, area.height() - 2.0 * MARGIN))
}

/// A full-screen page: a title bar, a body that scrolls when it is taller than the screen,
/// and a footer that always shows (for Back and the page's main action). Phones get the whole
/// width; larger windows a centred column.
pub fn page(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    body: impl FnOnce(&mut egui::Ui),
    footer: impl FnOnce(&mut egui::Ui),
) {
    let area = ctx.content_rect();
    egui::Area::new(egui::Id::new(("page", id)))
        .order(egui::Order::Middle)
        .fixed_pos(area.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(area, 0.0, PAGE);
            let col = column(area);
            ui.scope_builder(egui::UiBuilder::new().max_rect(col), |ui| {
                ui.set_min_size(col.size());
                if !title.is_empty() {
                    text(ui, RichText::new(title).heading().strong());
                    ui.add_space(2.0);
                }
                // The footer's height is known only after drawing it once: keep it in memory.
                let footer_id = egui::Id::new(("page-footer", id));
                let footer_h: f32 = ui.ctx().data(|d| d.get_temp(footer_id)).unwrap_or(60.0);
                // Below the body: the gap, egui's spacing around it, then the footer.
                let gaps = 8.0 + 2.0 * ui.spacing().item_spacing.y;
                let body_h = (ui.available_height() - footer_h - gaps).max(TOUCH_TARGET);
                let scroll = egui::ScrollArea::vertical()
                    .id_salt(("page-body", id))
                    .max_height(body_h)
                    .min_scrolled_height(body_h)
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        body(ui);
                        ui.add_space(8.0);
                    });
                note(ui, Kind::Scroll, scroll.inner_rect, "page body");
                ui.add_space(8.0);
                let h = ui.scope(footer).response.rect.height();
                if (h - footer_h).abs() > 0.5 {
                    ui.ctx().data_mut(|d| d.insert_temp(footer_id, h));
                    ui.ctx().request_discard("page footer measured");
                }
            });
        });
}

/// A question over the board: a card in the middle of the screen that fits the narrowest
/// phone, with the answers as full-width buttons. Returns the index of the answer tapped.
pub fn dialog(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    body: &[String],
    answers: &[(&str, bool)],
) -> Option<usize> {
    let area = ctx.content_rect();
    let w = (area.width() - 2.0 * MARGIN).min(440.0);
    let mut chosen = None;
    // Dim the board so the question is clearly what comes next.
    egui::Area::new(egui::Id::new(("dialog-shade", id)))
        .order(egui::Order::Foreground)
        .fixed_pos(area.min)
        .interactable(true)
        .show(ctx, |ui| {
            let (_, _) = ui.allocate_exact_size(area.size(), egui::Sense::click());
            ui.painter()
                .rect_filled(area, 0.0, Color32::from_black_alpha(150));
        });
    egui::Area::new(egui::Id::new(("dialog", id)))
        .order(egui::Order::Tooltip)
        .pivot(egui::Align2::CENTER_CENTER)
        .fixed_pos(area.center())
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .fill(CARD)
                .inner_margin(16.0)
                .show(ui, |ui| {
                    ui.set_width(w - 32.0);
                    text(ui, RichText::new(title).size(22.0).strong());
                    for line in body {
                        text(ui, line.as_str());
                    }
                    ui.add_space(6.0);
                    for (i, &(answer, primary)) in answers.iter().enumerate() {
                        if wide_button(ui, answer, primary) {
                            chosen = Some(i);
                        }
                    }
                });
        });
    chosen
}

/// Every widget laid out in the last pass, one per line, in points:
/// `control|text x0 y0 x1 y1 clip x0 y0 x1 y1 label`, after a `window W H` line.
#[cfg(any(feature = "dev", target_arch = "wasm32"))]
pub(crate) fn layout_text(window: bevy::math::Vec2, laid_out: &[LaidOut]) -> String {
    let mut text = format!("window {} {}\n", window.x, window.y);
    for w in laid_out {
        let kind = match w.kind {
            Kind::Control => "control",
            Kind::Text => "text",
            Kind::Scroll => "scroll",
        };
        let (r, c) = (w.rect, w.clip);
        let _ = writeln!(
            text,
            "{kind} {:.1} {:.1} {:.1} {:.1} clip {:.1} {:.1} {:.1} {:.1} {}",
            r.min.x,
            r.min.y,
            r.max.x,
            r.max.y,
            c.min.x,
            c.min.y,
            c.max.x,
            c.max.y,
            w.label.replace('\n', " ")
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one pass at `time` with `events`, laying out one button; whether it was clicked.
    fn pass(ctx: &egui::Context, time: f64, events: Vec<egui::Event>) -> bool {
        let input = egui::RawInput {
            time: Some(time),
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 800.0),
            )),
            events,
            ..Default::default()
        };
        let mut clicked = false;
        let mut out = ctx.run_ui(input, |ui| clicked = wide_button(ui, "Play", true));
        out.textures_delta.clear();
        clicked
    }

    /// Presses at the button's place at time 0.1 and releases at `release` seconds.
    fn tap_held_until(ctx: &egui::Context, release: f64) -> bool {
        let at = egui::pos2(200.0, 30.0);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: Default::default(),
        };
        pass(ctx, 0.0, vec![]);
        let pressed = pass(ctx, 0.1, vec![egui::Event::PointerMoved(at), button(true)]);
        pressed || pass(ctx, release, vec![button(false)])
    }

    #[test]
    fn a_long_or_slow_tap_on_a_button_is_a_tap() {
        let ctx = egui::Context::default();
        apply(&ctx);
        assert!(tap_held_until(&ctx, 0.2), "a quick tap");
        let ctx = egui::Context::default();
        apply(&ctx);
        assert!(tap_held_until(&ctx, 2.5), "a tap released 2.4 s later");
        // egui's own default drops it: what the theme changes.
        assert!(!tap_held_until(&egui::Context::default(), 2.5));
    }
}

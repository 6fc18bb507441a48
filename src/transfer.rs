//! The seam to the player's own files and clipboard, outside the game's storage. Desktops and
//! phones keep records in the records folder and read the clipboard through egui at once; a
//! browser has no folder the player can see, so there a record is also offered as a download,
//! a file is chosen with the browser's file picker, and the Paste button asks the browser for
//! the clipboard's text, which it gives later (and only if the player allows it). Whatever
//! comes in arrives as a [`Transferred`] message, on every platform.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Something that came in from outside, announced once it has arrived.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Transferred {
    /// A file the player chose, with its name and text.
    File {
        /// The file's name, for the title.
        name: String,
        /// Its contents.
        text: String,
    },
    /// The clipboard's text.
    Pasted(String),
    /// What could not be done, in words for the player.
    Failed(String),
}

/// Whether records are offered as downloads and files chosen with a picker (the browser: its
/// storage is not a folder the player can open).
pub const FILES: bool = cfg!(target_arch = "wasm32");

/// Whether a Paste button reads the clipboard (not on Android, where a long press in the text
/// box pastes).
pub const PASTE_BUTTON: bool = !cfg!(target_os = "android");

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Transferred>();
    #[cfg(target_arch = "wasm32")]
    app.init_resource::<web::Inbox>()
        .add_systems(PreUpdate, web::deliver);
}

/// What the UI asks the outside world through.
#[derive(SystemParam)]
pub struct Transfers<'w> {
    #[cfg(not(any(target_arch = "wasm32", target_os = "android")))]
    clipboard: ResMut<'w, bevy_egui::EguiClipboard>,
    #[cfg(not(target_arch = "wasm32"))]
    out: MessageWriter<'w, Transferred>,
    #[cfg(target_arch = "wasm32")]
    inbox: Res<'w, web::Inbox>,
    #[cfg(target_arch = "wasm32")]
    proxy: Res<'w, bevy::winit::EventLoopProxyWrapper>,
}

#[cfg(not(target_os = "android"))]
const EMPTY_CLIPBOARD: &str = "The clipboard holds no text.";

#[cfg(not(target_arch = "wasm32"))]
impl Transfers<'_> {
    /// Reads the clipboard; its text arrives as [`Transferred::Pasted`].
    pub fn paste(&mut self) {
        #[cfg(not(target_os = "android"))]
        self.out.write(match self.clipboard.get_text() {
            Some(text) => Transferred::Pasted(text),
            None => Transferred::Failed(EMPTY_CLIPBOARD.into()),
        });
        // bevy_egui has no clipboard on Android: say so rather than do nothing.
        #[cfg(target_os = "android")]
        self.out.write(Transferred::Failed(
            "Pasting is not available on Android yet: records saved on this device are on \
             the Records page."
                .into(),
        ));
    }

    /// Downloads exist only in the browser ([`FILES`]); elsewhere records are files already.
    pub fn download(&mut self, _name: &str, _text: &str) -> Result<(), String> {
        Err("Records are kept in the records folder on this device.".into())
    }

    /// The file picker exists only in the browser ([`FILES`]).
    pub fn pick_file(&mut self) {
        self.out.write(Transferred::Failed(
            "Open records from the records page on this device.".into(),
        ));
    }
}

#[cfg(target_arch = "wasm32")]
impl Transfers<'_> {
    /// Asks the browser for the clipboard's text; it arrives as [`Transferred::Pasted`], or as
    /// [`Transferred::Failed`] when the player or the browser says no.
    pub fn paste(&mut self) {
        let (ok, fail) = (self.answer(), self.answer());
        web::read_clipboard(
            move |text| {
                ok(if text.is_empty() {
                    Transferred::Failed(EMPTY_CLIPBOARD.into())
                } else {
                    Transferred::Pasted(text)
                })
            },
            move || {
                fail(Transferred::Failed(
                    "The browser did not let the game read the clipboard: paste into the box \
                     instead (Ctrl+V, or a long press)."
                        .into(),
                ))
            },
        );
    }

    /// Offers `text` as a file called `name`: the browser's download.
    pub fn download(&mut self, name: &str, text: &str) -> Result<(), String> {
        web::download(name, text).map_err(|e| format!("The browser refused the download ({e})."))
    }

    /// Opens the browser's file picker; the chosen file arrives as [`Transferred::File`].
    pub fn pick_file(&mut self) {
        let answer = self.answer();
        if let Err(e) = web::pick_file(answer) {
            (self.answer())(Transferred::Failed(format!(
                "The browser could not open a file picker ({e})."
            )));
        }
    }

    /// Where an answer from the browser goes: into the inbox, waking the idle app.
    fn answer(&self) -> impl Fn(Transferred) + 'static {
        let inbox = self.inbox.clone();
        let proxy = (**self.proxy).clone();
        move |t| {
            inbox.push(t);
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::Transferred;
    use bevy::prelude::*;
    use std::sync::{Arc, Mutex};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// Answers from the browser, waiting for the next frame.
    #[derive(Resource, Default, Clone)]
    pub struct Inbox(Arc<Mutex<Vec<Transferred>>>);

    impl Inbox {
        pub fn push(&self, t: Transferred) {
            if let Ok(mut q) = self.0.lock() {
                q.push(t);
            }
        }
    }

    /// Hands what the browser answered to the game.
    pub fn deliver(inbox: Res<Inbox>, mut out: MessageWriter<Transferred>) {
        if let Ok(mut q) = inbox.0.lock() {
            out.write_batch(q.drain(..));
        }
    }

    fn describe(e: JsValue) -> String {
        e.as_string()
            .or_else(|| {
                e.dyn_ref::<js_sys::Error>()
                    .map(|e| String::from(e.message()))
            })
            .unwrap_or_else(|| format!("{e:?}"))
    }

    /// Calls `ok` with what `promise` resolves to, or `fail` if it is rejected.
    fn then(
        promise: js_sys::Promise,
        ok: impl FnOnce(JsValue) + 'static,
        fail: impl FnOnce() + 'static,
    ) {
        wasm_bindgen_futures::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(v) => ok(v),
                Err(_) => fail(),
            }
        });
    }

    pub fn read_clipboard(ok: impl FnOnce(String) + 'static, fail: impl FnOnce() + 'static) {
        let Some(window) = web_sys::window() else {
            return fail();
        };
        let promise = window.navigator().clipboard().read_text();
        then(
            promise,
            move |v| ok(v.as_string().unwrap_or_default()),
            fail,
        );
    }

    pub fn download(name: &str, text: &str) -> Result<(), String> {
        let inner = || -> Result<(), JsValue> {
            let document = web_sys::window()
                .and_then(|w| w.document())
                .ok_or("no document")?;
            let parts = js_sys::Array::of1(&JsValue::from_str(text));
            let options = web_sys::BlobPropertyBag::new();
            options.set_type("text/plain;charset=utf-8");
            let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
            let url = web_sys::Url::create_object_url_with_blob(&blob)?;
            let a: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
            a.set_href(&url);
            a.set_download(name);
            a.click();
            web_sys::Url::revoke_object_url(&url)
        };
        inner().map_err(describe)
    }

    pub fn pick_file(answer: impl Fn(Transferred) + 'static) -> Result<(), String> {
        let inner = || -> Result<(), JsValue> {
            let document = web_sys::window()
                .and_then(|w| w.document())
                .ok_or("no document")?;
            let input: web_sys::HtmlInputElement =
                document.create_element("input")?.unchecked_into();
            input.set_type("file");
            input.set_accept(".ron,.txt,text/plain");
            let chosen = input.clone();
            let on_change = Closure::once_into_js(move || {
                let Some(file) = chosen.files().and_then(|f| f.get(0)) else {
                    return;
                };
                let name = file.name();
                let answer = std::rc::Rc::new(answer);
                let fail = answer.clone();
                then(
                    file.text(),
                    move |v| {
                        answer(Transferred::File {
                            name,
                            text: v.as_string().unwrap_or_default(),
                        })
                    },
                    move || fail(Transferred::Failed("The file could not be read.".into())),
                );
            });
            input.set_onchange(Some(on_change.unchecked_ref()));
            input.click();
            Ok(())
        };
        inner().map_err(describe)
    }
}

//! The threads seam: where a search runs. Native builds run it in Bevy's async compute pool;
//! the web build, whose tab has a single thread, posts it to a Web Worker running the same
//! engine (`web/engine`), so the page keeps drawing while the computer thinks. Either way a
//! [`Thinking`] is polled once a frame and stops its search when dropped.

use crate::ai::{InstantClock, think_ms};
use std::sync::atomic::AtomicBool;
use sternhalma_rules::ai::{Budget, Level, choose_move};
use sternhalma_rules::{Game, Move};
use web_time::Instant;

pub use imp::Thinking;

/// One search with the level's thinking time, wherever it runs.
fn search(game: &Game, level: Level, seed: u64, cancel: Option<&AtomicBool>) -> Option<Move> {
    let clock = InstantClock(Instant::now());
    let budget = Budget {
        max_ms: Some(think_ms(level)),
        clock: &clock,
        cancel,
    };
    choose_move(game, level, seed, &budget)
}

/// The search's answer as a move of `game`, from a path in notation (the worker's reply).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn move_of(game: &Game, path: &str) -> Option<Move> {
    let path = sternhalma_rules::parse_path(path).ok()?;
    game.legal_moves().into_iter().find(|m| m.path == path)
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;
    use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    /// A search on a pool thread.
    pub struct Thinking {
        task: Task<Option<Move>>,
        cancel: Arc<AtomicBool>,
    }

    impl Thinking {
        /// Starts `choose_move` on a copy of `game`.
        pub fn start(game: &Game, level: Level, seed: u64) -> Thinking {
            let copy = game.clone();
            let cancel = Arc::new(AtomicBool::new(false));
            let flag = cancel.clone();
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { search(&copy, level, seed, Some(&flag)) });
            Thinking { task, cancel }
        }

        /// The answer once the search is done (`Some(None)`: no move to make).
        pub fn poll(&mut self) -> Option<Option<Move>> {
            check_ready(&mut self.task)
        }

        /// Whether the search has ended (answered or not yet collected).
        pub fn is_finished(&self) -> bool {
            self.task.is_finished()
        }
    }

    impl Drop for Thinking {
        fn drop(&mut self) {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use std::rc::Rc;
    use sternhalma_rules::GameRecord;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

    /// What the worker said about each request: the path (empty for no move), or why it
    /// could not search.
    type Answers = Rc<RefCell<HashMap<u32, Result<String, String>>>>;

    /// The page's one engine worker, made on the first search and again after a search was
    /// abandoned (terminating a worker is the only way to stop its search at once).
    struct EngineWorker {
        worker: Worker,
        answers: Answers,
        failed: Rc<Cell<bool>>,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    thread_local! {
        static WORKER: RefCell<Option<EngineWorker>> = const { RefCell::new(None) };
        static NEXT_ID: Cell<u32> = const { Cell::new(1) };
    }

    impl EngineWorker {
        fn new() -> Result<EngineWorker, JsValue> {
            let options = WorkerOptions::new();
            options.set_type(WorkerType::Module);
            let worker = Worker::new_with_options("./worker.js", &options)?;
            let answers: Answers = Rc::default();
            let failed = Rc::new(Cell::new(false));
            let store = answers.clone();
            let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let data = e.data();
                let field = |k: &str| js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
                let id = field("id").and_then(|v| v.as_f64());
                let path = field("path").and_then(|v| v.as_string());
                let error = field("error").and_then(|v| v.as_string());
                if let (Some(id), Some(path)) = (id, path) {
                    let answer = match error {
                        Some(e) => Err(e),
                        None => Ok(path),
                    };
                    store.borrow_mut().insert(id as u32, answer);
                }
            });
            let broke = failed.clone();
            let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| broke.set(true));
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            Ok(EngineWorker {
                worker,
                answers,
                failed,
                _on_message: on_message,
                _on_error: on_error,
            })
        }
    }

    /// A search posted to the worker.
    pub struct Thinking {
        id: u32,
        game: Game,
        level: Level,
        seed: u64,
        done: bool,
    }

    impl Thinking {
        /// Posts the search for the player to move in `game` to the worker.
        pub fn start(game: &Game, level: Level, seed: u64) -> Thinking {
            let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
            let posted = WORKER.with(|w| {
                let mut w = w.borrow_mut();
                if w.is_none() {
                    *w = EngineWorker::new()
                        .inspect_err(|e| bevy::log::warn!("no engine worker: {e:?}"))
                        .ok();
                }
                let w = w.as_ref()?;
                let request = js_sys::Object::new();
                let set = |k: &str, v: JsValue| {
                    let _ = js_sys::Reflect::set(&request, &JsValue::from_str(k), &v);
                };
                set("id", id.into());
                set("record", GameRecord::from_game(game).to_ron().into());
                set("level", level.name().into());
                set("seed", seed.to_string().into());
                set("maxMs", (think_ms(level) as f64).into());
                w.worker.post_message(&request).ok()
            });
            Thinking {
                id,
                game: game.clone(),
                level,
                seed,
                done: posted.is_none(),
            }
        }

        /// The answer once the worker has sent it. Should the worker be missing or fail, the
        /// search runs here instead: a frame is held up, but the game goes on.
        pub fn poll(&mut self) -> Option<Option<Move>> {
            let (answer, failed) = WORKER.with(|w| match w.borrow().as_ref() {
                Some(w) => (w.answers.borrow_mut().remove(&self.id), w.failed.get()),
                None => (None, true),
            });
            match answer {
                Some(Ok(path)) => {
                    self.done = true;
                    return Some(move_of(&self.game, &path));
                }
                // The worker is alive but could not search (it never should): search here.
                Some(Err(e)) => bevy::log::warn!("the engine worker could not search: {e}"),
                None if !failed && !self.done => return None,
                None => {}
            }
            self.done = true;
            Some(search(&self.game, self.level, self.seed, None))
        }

        /// Whether the answer has been taken (the worker's own progress is not visible here).
        pub fn is_finished(&self) -> bool {
            self.done
        }
    }

    impl Drop for Thinking {
        /// An abandoned search (undo, pause, a new game) would keep the worker busy: the worker
        /// goes, and the next search starts a fresh one.
        fn drop(&mut self) {
            if !self.done {
                WORKER.with(|w| {
                    if let Some(w) = w.borrow_mut().take() {
                        w.worker.terminate();
                    }
                });
            }
        }
    }
}

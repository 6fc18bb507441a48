//! Work kept off the frame loop (a review, a crossing hint), given as a step function that
//! returns `Some` once it is done:
//!
//! - natively, the steps run one after another on a thread of Bevy's async compute pool; the
//!   idle app (reactive winit) is woken after each step, so frames are drawn only as the work
//!   moves on;
//! - in the browser, which has no threads in this build, one step runs per [`Background::poll`],
//!   that is per frame, so the page keeps answering between steps.
//!
//! Dropping a [`Background`] cancels it: the flag it hands each step is set (a step that
//! searches checks it and stops within a node or two), and no further step starts.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Work under way off the frame loop, ending in a `T`.
pub struct Background<T> {
    /// Set when dropped; handed to every step.
    cancel: Arc<AtomicBool>,
    run: imp::Run<T>,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `step`, called again and again with the cancel flag until it returns `Some`.
    pub fn start(
        waker: &Waker,
        step: impl FnMut(&AtomicBool) -> Option<T> + Send + 'static,
    ) -> Background<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let run = imp::Run::start(waker, cancel.clone(), step);
        Background { cancel, run }
    }

    /// The result once the work is done (in the browser, this does the next step first).
    pub fn poll(&mut self) -> Option<T> {
        self.run.poll(&self.cancel)
    }

    /// Whether the app must ask for frames to see the work end (nothing will wake it).
    pub fn needs_frames(&self) -> bool {
        self.run.needs_frames()
    }
}

impl<T> Drop for Background<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

pub use imp::Waker;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;
    use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

    /// What wakes the idle app from the work's thread: the window's event loop (none in a
    /// headless app, which runs its frames anyway).
    #[derive(SystemParam)]
    pub struct Waker<'w> {
        proxy: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
    }

    /// The steps on a pool thread (`None` once its result was taken).
    pub struct Run<T> {
        task: Option<Task<Option<T>>>,
        /// No event loop to wake: the app asks for frames itself.
        unwoken: bool,
    }

    impl<T: Send + 'static> Run<T> {
        pub fn start(
            waker: &Waker,
            cancel: Arc<AtomicBool>,
            mut step: impl FnMut(&AtomicBool) -> Option<T> + Send + 'static,
        ) -> Run<T> {
            let proxy = waker.proxy.as_ref().map(|p| (***p).clone());
            let unwoken = proxy.is_none();
            let task = AsyncComputeTaskPool::get().spawn(async move {
                let wake = || {
                    if let Some(p) = &proxy {
                        let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
                    }
                };
                loop {
                    if cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                    let out = step(&cancel);
                    wake();
                    if out.is_some() {
                        return out;
                    }
                }
            });
            Run {
                task: Some(task),
                unwoken,
            }
        }

        pub fn poll(&mut self, _cancel: &AtomicBool) -> Option<T> {
            let out = check_ready(self.task.as_mut()?)?;
            self.task = None;
            out
        }

        pub fn needs_frames(&self) -> bool {
            self.unwoken
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
    use std::sync::Mutex;

    /// Nothing to wake: the work runs on the frames it asks for.
    #[derive(SystemParam)]
    pub struct Waker<'w> {
        _screen: Res<'w, State<crate::state::Screen>>,
    }

    /// The steps, one per poll on the page's only thread (`None` once done). In a mutex only
    /// so that the work may sit in a resource; it is never contended.
    pub struct Run<T> {
        step: Option<Mutex<Box<dyn FnMut(&AtomicBool) -> Option<T> + Send>>>,
    }

    impl<T: Send + 'static> Run<T> {
        pub fn start(
            _waker: &Waker,
            _cancel: Arc<AtomicBool>,
            step: impl FnMut(&AtomicBool) -> Option<T> + Send + 'static,
        ) -> Run<T> {
            Run {
                step: Some(Mutex::new(Box::new(step))),
            }
        }

        pub fn poll(&mut self, cancel: &AtomicBool) -> Option<T> {
            let step = self
                .step
                .as_mut()?
                .get_mut()
                .unwrap_or_else(|e| e.into_inner());
            let out = step(cancel);
            if out.is_some() {
                self.step = None;
            }
            out
        }

        pub fn needs_frames(&self) -> bool {
            true
        }
    }
}

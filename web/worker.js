// The engine's Web Worker: the computer's searches run here, so the page keeps drawing while
// it thinks. A request is {id, record, level, seed, maxMs}; the answer {id, path} (an empty
// path when there is no move to make, and {id, path: "", error} when the request was bad).
import init, { choose } from "./sternhalma_web_engine.js";

const ready = init();

self.onmessage = async (event) => {
  await ready;
  const { id, record, level, seed, maxMs } = event.data;
  try {
    self.postMessage({ id, path: choose(record, level, seed, maxMs) });
  } catch (error) {
    self.postMessage({ id, path: "", error: String(error) });
  }
};

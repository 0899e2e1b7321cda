import { options } from 'preact';
import { yieldToMain } from '../lib/yieldToMain';

/**
 * The browser build runs on Preact (docs/performance.md "Initial JS"), which renders a whole update in one
 * task and by default right after the code that asked for it (a microtask). Here each batch of updates
 * renders in a task of its own instead: a lazy screen's modules are evaluated in one task and rendered in
 * the next, an answer is parsed and stored in one and shown in the next, so no one task holds a tap for
 * all of it on a slow phone.
 */
export function renderUpdatesInTasksOfTheirOwn(): void {
  options.debounceRendering = (flush) => {
    void yieldToMain().then(flush);
  };
}

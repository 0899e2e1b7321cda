/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { labelOf, mainThreadTasks, pageMainThread, summarize, traceEventsOf } from './traceTasks.mjs';

const thread = (pid, tid) => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name: 'CrRendererMain' } });
const task = (pid, tid, tsMs, durMs, name = 'RunTask', args = {}) => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts: tsMs * 1000,
  dur: durMs * 1000,
  args,
});

describe('traceEventsOf', () => {
  it('takes both shapes Chromium writes, and refuses anything else', () => {
    expect(traceEventsOf([thread(1, 1)])).toHaveLength(1);
    expect(traceEventsOf({ traceEvents: [thread(1, 1)] })).toHaveLength(1);
    expect(() => traceEventsOf({ metadata: {} })).toThrow('Not a trace');
    expect(() => traceEventsOf(null)).toThrow('Not a trace');
  });
});

describe('pageMainThread', () => {
  it("picks the renderer main thread whose tasks took longest (the page, not Lighthouse's blank page)", () => {
    const events = [thread(1, 10), thread(2, 20), task(1, 10, 0, 5), task(2, 20, 0, 30), task(2, 21, 0, 500)];
    expect(pageMainThread(events)).toEqual({ pid: 2, tid: 20 });
  });

  it('says so when the trace has no renderer main thread', () => {
    expect(() => pageMainThread([task(1, 1, 0, 5)])).toThrow('no renderer main thread');
  });
});

describe('labelOf', () => {
  it("names the file an event ran, or its function, after the event's name", () => {
    expect(labelOf(task(1, 1, 0, 1, 'EvaluateScript', { data: { url: 'http://x/assets/main.1234.js' } }))).toBe(
      'EvaluateScript(main.1234.js)',
    );
    expect(labelOf(task(1, 1, 0, 1, 'FunctionCall', { data: { functionName: 'render' } }))).toBe('FunctionCall(render)');
    expect(labelOf(task(1, 1, 0, 1, 'Layout'))).toBe('Layout');
  });
});

describe('mainThreadTasks', () => {
  const events = [
    thread(1, 1),
    { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 100_000 },
    task(1, 1, 110, 40),
    task(1, 1, 111, 30, 'Layout'),
    task(1, 1, 112, 20, 'UpdateLayoutTree'), // inside Layout: not a direct part of the task
    task(1, 1, 142, 5, 'Paint'),
    task(1, 1, 160, 10),
    task(1, 1, 161, 8, 'RunMicrotasks'),
    task(1, 2, 110, 90), // another thread of the renderer
  ];

  it("lists the page's top-level tasks from the navigation, with their direct parts, longest first", () => {
    const tasks = mainThreadTasks(events);
    expect(tasks).toEqual([
      {
        startMs: 10,
        ms: 40,
        blockingMs: 110,
        children: [
          { label: 'Layout', ms: 30 },
          { label: 'Paint', ms: 5 },
        ],
      },
      { startMs: 60, ms: 10, blockingMs: 0, children: [{ label: 'RunMicrotasks', ms: 8 }] },
    ]);
  });

  it('adds the long ones up, and the blocking time of all', () => {
    expect(summarize(mainThreadTasks(events), 12.5)).toEqual({ count: 1, longMs: 40, blockingMs: 110 });
    expect(summarize(mainThreadTasks(events), 0)).toEqual({ count: 2, longMs: 50, blockingMs: 110 });
  });
});

// The console's child launcher port (the Electron shell passes a utility-process one), a garbled answer line, a
// big answer written out whole, and the slot handover that keeps at most two children running.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src-main/common/contract.js';
import type { CypherResult } from '../../src-main/common/cypherTypes.js';
import { answerLine, crashLine, nodeConsoleChild, type ConsoleChild, type ConsoleChildLauncher } from '../../src-main/engine/graph/consoleChild.js';
import { CONSOLE_CHILD_SCRIPT, oneAtATime, parseReply } from '../../src-main/engine/graph/consoleQuery.js';
import { makeEngineFixture, SMALL_TRIPLES, type EngineFixture } from '../service/engineFixture.js';

const launched: string[] = [];
let fake: ((child: FakeChild) => void) | undefined;

interface FakeChild extends ConsoleChild {
  out: PassThrough;
  close(): void;
  jobs: string[];
}

function fakeChild(): FakeChild {
  const out = new PassThrough();
  const listeners: (() => void)[] = [];
  const jobs: string[] = [];
  return {
    out,
    stdout: out,
    stderr: null,
    jobs,
    send: (job) => jobs.push(job),
    kill: () => undefined,
    onClose: (l) => listeners.push(l),
    onError: () => undefined,
    close: () => listeners.forEach((l) => l()),
  };
}

/** Records each start; runs the real Node child unless a test set `fake`. */
const recording: ConsoleChildLauncher = (script, env) => {
  launched.push(script);
  if (!fake) return nodeConsoleChild(script, env);
  const child = fakeChild();
  setImmediate(() => fake?.(child));
  return child;
};

let fx: EngineFixture;
beforeAll(async () => {
  fx = makeEngineFixture({ consoleLauncher: recording });
  const res = await fx.engine.dispatch('graph.import', { jobId: 'j1', graph: 'small', file: fx.write('small.txt', SMALL_TRIPLES) });
  expect(res.ok).toBe(true);
});
afterAll(async () => {
  await fx.dispose();
});

async function cypher(query: string, extra: Record<string, unknown> = {}): Promise<Envelope<CypherResult>> {
  return (await fx.engine.dispatch('graph.cypher', { graph: 'small', query, ...extra })) as Envelope<CypherResult>;
}

describe('the console child launcher', () => {
  it('starts every query through the launcher the composition root passed', async () => {
    fake = undefined;
    launched.length = 0;
    const res = await cypher('MATCH (e:Entity) RETURN count(e) AS n');
    expect(res.ok && res.value.rows[0][0]).toBe(8);
    expect(launched).toEqual([CONSOLE_CHILD_SCRIPT]);
  });

  it('writes a big answer out whole before the child exits', async () => {
    fake = undefined;
    // One row of 300 000 numbers: some 2 MB on the pipe, far past what one write hands over at once.
    const res = await cypher('RETURN range(1, 300000) AS xs', { timeoutMs: 20000 });
    if (!res.ok) throw new Error(res.error.message);
    const xs = res.value.rows[0][0] as unknown[];
    expect(xs).toHaveLength(300000);
    expect(xs[299999]).toBe(300000);
  });

  it('answers a cut-short line with query_failed, not an uncaught exception', async () => {
    fake = (child) => {
      child.out.write('ready\n{"columns":["x"],"rows":[[1');
      child.out.end();
      child.close();
    };
    const res = await cypher('RETURN 1 AS x');
    fake = undefined;
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error).toMatchObject({ code: 'query_failed', message: expect.stringMatching(/garbled or cut short/) });
  });
});

describe('parseReply', () => {
  it('reads a whole line and refuses a garbled one', () => {
    expect(parseReply('{"columns":["n"],"rows":[[{"$bigint":"12345678901234567890"}]],"truncated":false}')).toEqual({
      columns: ['n'],
      rows: [[12345678901234567890n]],
      truncated: false,
    });
    expect(parseReply('{"columns":["n"],"rows":[[1')).toBeUndefined();
    expect(parseReply('{}x')).toBeUndefined();
  });
});

describe('a child that answers or dies', () => {
  it('answers on its first line that opens an object, and a crash is named by its error line, not Node\'s version', () => {
    expect(answerLine('ready\n{"ok":true}\n{"late":1}\n')).toBe('{"ok":true}');
    expect(answerLine('ready\n')).toBeUndefined();
    const stderr = 'file:///x.mjs:3\n    throw e;\n    ^\n\nError: Cannot find module \'kuzu\'\n    at load (node:internal)\n\nNode.js v20.20.2\n';
    expect(crashLine(stderr)).toBe("Error: Cannot find module 'kuzu'");
    expect(crashLine('killed by a signal\n')).toBe('killed by a signal');
    expect(crashLine('')).toBeUndefined();
  });
});

describe('oneAtATime', () => {
  it('never runs more than two at once, even when a new query arrives as a slot frees', async () => {
    let now = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    let firstDone: Promise<void> | undefined;
    const work = (): Promise<void> => {
      now += 1;
      most = Math.max(most, now);
      const done = new Promise<void>((r) => releases.push(r)).then(() => {
        now -= 1;
      });
      firstDone ??= done;
      return done;
    };
    const all = [oneAtATime(work), oneAtATime(work), oneAtATime(work)];
    expect(releases).toHaveLength(2);
    // A fourth arrives the moment the first's work ends: after its slot is freed, before the waiting third resumes.
    const fourth = firstDone!.then(() => oneAtATime(work));
    releases.shift()!();
    for (let i = 0; i < 20 && (releases.length > 0 || now > 0); i++) {
      await new Promise((r) => setImmediate(r));
      releases.splice(0).forEach((r) => r());
    }
    await Promise.all([...all, fourth]);
    expect(most).toBe(2);
  });
});

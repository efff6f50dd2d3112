// `--approve ask`: shows each exposure report in the terminal and reads a key: a = approve, A = approve all
// calls of this question, e = edit (path numbers / fields to drop), d = deny. Streams are injectable for tests.
import { createInterface, type Interface } from 'node:readline';
import type { ApprovalDecision, ApprovalRequest, PayloadField } from '../../../common/brainTypes.js';
import type { Approver } from './approval.js';
import { formatExposureReport } from './formatExposureReport.js';

export class PromptApprover implements Approver {
  private rl: Interface | undefined;
  private readonly lines: string[] = [];
  private readonly waiters: ((line: string | undefined) => void)[] = [];
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
  ) {}

  async review(request: ApprovalRequest): Promise<ApprovalDecision> {
    this.output.write(`\n${formatExposureReport(request.report)}\n`);
    for (;;) {
      const answer = await this.ask('Send it? [a]pprove, [A]pprove all for this question, [e]dit, [d]eny: ');
      if (answer === undefined) return { kind: 'deny', reason: 'no answer (input closed)' };
      const key = answer.trim();
      if (key === 'a') return { kind: 'approve' };
      if (key === 'A') return { kind: 'approve', all: true };
      if (key === 'd' || key === 'D') return { kind: 'deny', reason: 'denied at the terminal' };
      if (key === 'e' || key === 'E') return this.edit(request);
      this.output.write('Please type a, A, e or d.\n');
    }
  }

  /** Releases the terminal (call when the run ends). */
  close(): void {
    this.rl?.close();
  }

  private async edit(request: ApprovalRequest): Promise<ApprovalDecision> {
    const { paths, droppable } = request.report;
    let dropPaths: number[] = [];
    if (paths.length) {
      const ids = new Set(paths.map((p) => p.id));
      const answer = (await this.ask(`Paths to drop (e.g. 2,5; empty for none) [1-${Math.max(...ids)}]: `)) ?? '';
      dropPaths = [...new Set(answer.split(/[\s,]+/).filter(Boolean).map((s) => Number(s.replace(/^p/i, ''))))].filter((n) => ids.has(n));
    }
    let dropFields: PayloadField[] = [];
    if (droppable.length) {
      const answer = (await this.ask(`Fields to drop (${droppable.join(', ')}; empty for none): `)) ?? '';
      dropFields = answer.split(/[\s,]+/).filter((f): f is PayloadField => (droppable as string[]).includes(f));
    }
    return { kind: 'edit', dropPaths, dropFields };
  }

  private ask(question: string): Promise<string | undefined> {
    this.output.write(question);
    this.rl ??= this.open();
    const next = this.lines.shift();
    if (next !== undefined) return Promise.resolve(next);
    if (this.closed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  // Lines are buffered, so answers typed (or piped) ahead of the question are not lost.
  private open(): Interface {
    const rl = createInterface({ input: this.input, terminal: false });
    rl.on('line', (line) => {
      const w = this.waiters.shift();
      if (w) w(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w(undefined);
    });
    return rl;
  }
}

// The import dialog: its form, the running job (matched to import.progress events by jobId) and its outcome.
import { create } from 'zustand';
import type { ApiErrorBody, Events } from '../../../src-main/common/contract.js';
import type { ImportFormat, ImportProgress, ImportResult } from '../../../src-main/common/graphTypes.js';
import { callChannel } from '../api/callChannel.js';
import { useGraphsStore } from './graphsStore.js';
import { mergeProgress } from './mergeProgress.js';

export interface CsvFields {
  head: string;
  relation: string;
  tail: string;
  headType: string;
  tailType: string;
  delimiter: string;
}

export interface ImportForm {
  file: string;
  graph: string;
  format: ImportFormat | 'auto';
  lenient: boolean;
  replace: boolean;
  csv: CsvFields;
}

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface ImportJob {
  id: string;
  graph: string;
  status: JobStatus;
  progress: ImportProgress | null;
  result: ImportResult | null;
  error: ApiErrorBody | null;
}

interface ImportState {
  open: boolean;
  form: ImportForm;
  job: ImportJob | null;
  openDialog(): void;
  closeDialog(): void;
  setForm(patch: Partial<ImportForm>): void;
  setCsv(patch: Partial<CsvFields>): void;
  start(): Promise<void>;
  cancel(): Promise<void>;
  onProgress(event: Events['import.progress']): void;
}

const emptyForm: ImportForm = {
  file: '',
  graph: '',
  format: 'auto',
  lenient: false,
  replace: false,
  csv: { head: 'head', relation: 'relation', tail: 'tail', headType: '', tailType: '', delimiter: '' },
};

let jobCounter = 0;
function newJobId(): string {
  jobCounter += 1;
  return `import-${Date.now().toString(36)}-${jobCounter}`;
}

export const useImportStore = create<ImportState>()((set, get) => ({
  open: false,
  form: emptyForm,
  job: null,

  openDialog() {
    // A finished job's report stays until the next dialog opens; a running one keeps showing.
    const job = get().job;
    set({ open: true, job: job?.status === 'running' ? job : null });
  },

  closeDialog() {
    set({ open: false });
  },

  setForm(patch) {
    set((s) => ({ form: { ...s.form, ...patch } }));
  },

  setCsv(patch) {
    set((s) => ({ form: { ...s.form, csv: { ...s.form.csv, ...patch } } }));
  },

  async start() {
    const { form, job } = get();
    if (job?.status === 'running') return;
    const id = newJobId();
    const graph = form.graph.trim();
    set({ job: { id, graph, status: 'running', progress: null, result: null, error: null } });
    const csv =
      form.format === 'csv'
        ? {
            head: form.csv.head,
            relation: form.csv.relation,
            tail: form.csv.tail,
            ...(form.csv.headType ? { headType: form.csv.headType } : {}),
            ...(form.csv.tailType ? { tailType: form.csv.tailType } : {}),
            ...(form.csv.delimiter ? { delimiter: form.csv.delimiter } : {}),
          }
        : undefined;
    const res = await callChannel('graph.import', {
      jobId: id,
      graph,
      file: form.file.trim(),
      ...(form.format === 'auto' ? {} : { format: form.format }),
      lenient: form.lenient,
      replace: form.replace,
      ...(csv ? { csv } : {}),
    });
    const current = get().job;
    if (!current || current.id !== id) return;
    if (res.ok) {
      set({ job: { ...current, status: 'done', result: res.value } });
      const graphs = useGraphsStore.getState();
      await graphs.refresh();
      graphs.select(graph);
      graphs.noteChanged(graph);
    } else {
      set({ job: { ...current, status: res.error.code === 'cancelled' ? 'cancelled' : 'failed', error: res.error } });
    }
  },

  async cancel() {
    const job = get().job;
    if (!job || job.status !== 'running') return;
    const res = await callChannel('graph.cancelImport', { jobId: job.id });
    if (!res.ok) set({ job: { ...job, error: res.error } });
  },

  onProgress(event) {
    const job = get().job;
    if (!job || job.id !== event.jobId || job.status !== 'running') return;
    set({ job: { ...job, progress: mergeProgress(job.progress, event.progress) } });
  },
}));

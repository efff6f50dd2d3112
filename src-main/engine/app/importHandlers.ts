// graph.import runs one cancellable import job and reports progress; graph.cancelImport stops one. Only files
// the path policy allows are read, and no line of the file goes back over the wire (redactIssues).
import type { HandlerGroup } from './engineContext.js';
import { redactIssues } from './redactIssues.js';
import { isAbortError } from './toApiError.js';

export const importHandlers: HandlerGroup<'graph.import' | 'graph.cancelImport'> = {
  'graph.import': async (request, { library, events, jobs, importPaths }) => {
    const { jobId, graph, file, format, lenient, replace, csv } = request;
    // Registered first, so a cancel sent right after the request finds the job.
    const signal = jobs.start(jobId);
    try {
      // The checked real path is what is read, so a link swapped after the check changes nothing.
      const path = await importPaths.check(file);
      const result = await library.importFile(graph, path, {
        format,
        lenient,
        replace,
        csv,
        signal,
        onProgress: (progress) => events.emit('import.progress', { jobId, graph, progress }),
      });
      events.emit('graph.changed', { graph });
      return { ...result, skipped: redactIssues(result.skipped) };
    } catch (err) {
      // Whatever an aborted import throws (a stream error, a half-read line), the user asked for it.
      if (signal.aborted && !isAbortError(err)) throw new DOMException(`Import "${jobId}" was cancelled; the graph is unchanged.`, 'AbortError');
      throw err;
    } finally {
      jobs.finish(jobId);
    }
  },

  'graph.cancelImport': async ({ jobId }, { jobs }) => ({ cancelled: jobs.cancel(jobId) }),
};

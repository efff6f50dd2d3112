// graph.import runs one cancellable import job and reports progress; graph.cancelImport stops one.
import type { HandlerGroup } from './engineContext.js';
import { isAbortError } from './toApiError.js';

export const importHandlers: HandlerGroup<'graph.import' | 'graph.cancelImport'> = {
  'graph.import': async (request, { library, events, jobs }) => {
    const { jobId, graph, file, format, lenient, replace, csv } = request;
    const signal = jobs.start(jobId);
    try {
      const result = await library.importFile(graph, file, {
        format,
        lenient,
        replace,
        csv,
        signal,
        onProgress: (progress) => events.emit('import.progress', { jobId, graph, progress }),
      });
      events.emit('graph.changed', { graph });
      return result;
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

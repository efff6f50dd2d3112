// Export one answer, or a session of them, as Markdown, HTML or JSON: question, answers, both evidence panes, the
// reasoning tree and every Brain payload with its fate (common/answerExport.ts renders them; the browser saves).
import { exportFileName, exportQuestions, type ExportFormat, type ExportedQuestion } from '../../../../src-main/common/answerExport.js';
import { downloadText } from '../../api/downloadText.js';

const TYPES: Record<ExportFormat, string> = { md: 'text/markdown', html: 'text/html', json: 'application/json' };

export function ExportButtons({ questions, title, testId }: { questions: () => ExportedQuestion[]; title: string; testId: string }) {
  const save = (format: ExportFormat): void => {
    const list = questions();
    if (!list.length) return;
    downloadText(exportFileName(list, format), exportQuestions(list, format, title), TYPES[format]);
  };
  return (
    <span className="row export-buttons" data-testid={testId}>
      <span className="small muted">Export</span>
      {(['md', 'html', 'json'] as const).map((f) => (
        <button key={f} type="button" className="button small" onClick={() => save(f)} data-testid={`${testId}-${f}`}>
          {f === 'md' ? 'Markdown' : f.toUpperCase()}
        </button>
      ))}
    </span>
  );
}

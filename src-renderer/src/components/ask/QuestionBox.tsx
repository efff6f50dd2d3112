// The question input: Enter (or the button) asks; the box is locked while a question runs and the elapsed
// time counts up, so a slow first question (the word vectors load once) does not look like a hang.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAskStore } from '../../stores/askStore.js';
import { formatMs } from './askFormat.js';

interface Props {
  onAsk(question: string): void;
}

export function QuestionBox({ onAsk }: Props) {
  const draft = useAskStore((s) => s.draft);
  const setDraft = useAskStore((s) => s.setDraft);
  const running = useAskStore((s) => s.running);
  const input = useRef<HTMLInputElement>(null);

  // The input is disabled while a question runs, which drops focus; give it back for the next question.
  useEffect(() => {
    if (!running) input.current?.focus();
  }, [running]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim()) onAsk(draft);
  }

  return (
    <form className="question-box" onSubmit={submit} data-testid="ask-form">
      <input
        ref={input}
        className="input grow question-input"
        type="text"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        disabled={running}
        maxLength={2000}
        placeholder="Ask a question that names something in this graph, e.g. “where does … work?”"
        aria-label="Question"
        data-testid="ask-input"
      />
      <button type="submit" className="button primary" disabled={running || !draft.trim()} data-testid="ask-submit">
        {running ? 'Asking…' : 'Ask'}
      </button>
      <Elapsed />
    </form>
  );
}

/** Live while running, then the final wall time of the last question. */
function Elapsed() {
  const running = useAskStore((s) => s.running);
  const startedAt = useAskStore((s) => s.startedAt);
  const elapsedMs = useAskStore((s) => s.elapsedMs);
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, [running]);

  const ms = running && startedAt !== null ? Math.max(0, now - startedAt) : elapsedMs;
  if (ms === null) return null;
  return (
    <span className="muted small elapsed" data-testid="ask-elapsed" data-running={running}>
      {running ? `${formatMs(ms)}…` : formatMs(ms)}
    </span>
  );
}

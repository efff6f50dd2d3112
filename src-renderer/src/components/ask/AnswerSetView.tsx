// The answer(s) first, with how they are supported (verified chain / partial / inferred / unsure) and why; the other
// candidates collapsed below, wrong-type ones marked. When unsure, a banner offers the Brain for this question (each
// call still goes through the approval dialog) or shows the best partial reading. The analyst's verdict (right /
// wrong) goes to the memory record the question wrote: wrong turns it into a failure warning for similar questions.
import type { AnswerSet, AskResult, ConfidenceLabel, RankedAnswer } from '../../../../src-main/common/answerTypes.js';
import { countText } from '../../../../src-main/common/answerNames.js';
import { useAskStore } from '../../stores/askStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { AnswerList } from './AnswerList.js';

const LABEL_TEXT: Record<ConfidenceLabel, string> = {
  verified: 'Verified chain',
  partial: 'Partial reading',
  inferred: 'Inferred edge',
  unsure: 'Unsure',
};

interface Props {
  result: AskResult;
  selected: string | null;
  onSelect(id: string): void;
  /** Asks this question again with the Brain (policy "always" for this question). */
  onAskBrain(): void;
}

export function AnswerSetView({ result, selected, onSelect, onAskBrain }: Props) {
  const set = result.answerSet;
  // Engines before answer sets: the plain ranked list.
  if (!set) return <AnswerList answers={result.answers} selected={selected} onSelect={onSelect} />;
  const members = result.answers.filter((a) => a.inSet);
  const others = result.answers.filter((a) => !a.inSet);
  return (
    <div className="answer-set-view">
      <p className={`confidence-label label-${set.label}`} data-testid="answer-label" data-label={set.label}>
        <strong>{LABEL_TEXT[set.label]}</strong> <span data-testid="answer-label-reason">— {set.reason}</span>
      </p>
      {set.label === 'unsure' && <UnsureBanner result={result} onAskBrain={onAskBrain} />}
      {result.count && (
        <p className="answer-count" data-testid="answer-count">
          <strong>{countText(result.count)}</strong>
          <span className="muted small">
            {' · '}
            {result.count.basis === 'chain' ? 'every answer of the chain, counted on the whole graph' : result.count.complete ? 'every verified answer, counted' : 'a sample of the answers: there are at least this many'}
          </span>
        </p>
      )}
      <h4 className="answer-set-title">
        {result.count ? (members.length === result.count.value ? 'Counted' : `Counted: ${members.length} of them shown`) : members.length === 1 ? 'The answer' : `The answers (${members.length})`}
        {set.expected && <span className="muted small"> · asked for: {set.expected}</span>}
      </h4>
      <AnswerList answers={members} selected={selected} onSelect={onSelect} expected={set.expected} testId="answer-set" />
      <p className="muted small" data-testid="answer-cut">
        Cut: {set.cut}
        {set.wrongType > 0 ? ` · ${set.wrongType} candidate${set.wrongType === 1 ? '' : 's'} of another type left out` : ''}
      </p>
      {others.length > 0 && (
        <details className="other-candidates" data-testid="other-candidates">
          <summary>Other candidates ({others.length})</summary>
          <AnswerList answers={others} selected={selected} onSelect={onSelect} expected={set.expected} start={members.length + 1} testId="other-list" />
        </details>
      )}
      <VerdictButtons result={result} set={set} top={members[0]} />
    </div>
  );
}

function UnsureBanner({ result, onAskBrain }: { result: AskResult; onAskBrain(): void }) {
  const asked = (result.brain?.calls ?? 0) > 0;
  return (
    <div className="notice unsure-banner" role="status" data-testid="unsure-banner">
      <p>
        This answer is not sure. {result.confidence?.reasons.length ? `Why: ${result.confidence.reasons.slice(0, 2).join('; ')}.` : ''}
      </p>
      {result.abstained && <p data-testid="unsure-partial">Best partial reading: {result.abstained.reading}.</p>}
      {result.brain ? (
        <button type="button" className="button" onClick={onAskBrain} data-testid="unsure-ask-brain">
          {asked ? 'Ask the Brain again' : 'Ask the Brain'} (you approve every call)
        </button>
      ) : (
        <p className="muted small" data-testid="unsure-no-brain">
          No Brain is set up: a remote or local Brain can be configured in the Brain tab; nothing is sent without your approval.
        </p>
      )}
    </div>
  );
}

function VerdictButtons({ result, set, top }: { result: AskResult; set: AnswerSet; top?: RankedAnswer }) {
  const verdict = useAskStore((s) => s.verdict);
  const error = useAskStore((s) => s.verdictError);
  const judge = useAskStore((s) => s.judge);
  const recordId = result.memory?.write?.status === 'new' || result.memory?.write?.status === 'merged' ? result.memory.write.id : undefined;
  if (!top) return null;
  const why = recordId ? undefined : 'This question wrote no memory record (no memory, or the write was skipped).';
  return (
    <div className="verdict-row" data-testid="verdict">
      <span className="small muted">Is {set.size === 1 ? `“${top.name}”` : 'this answer set'} right?</span>
      <button type="button" className="button small" disabled={!recordId} title={why} onClick={() => recordId && void judge(recordId, 'right')} data-testid="mark-right">
        Mark right
      </button>
      <button type="button" className="button small danger" disabled={!recordId} title={why} onClick={() => recordId && void judge(recordId, 'wrong')} data-testid="mark-wrong">
        Mark wrong
      </button>
      {verdict && (
        <span className="small" data-testid="verdict-result" data-verdict={verdict.verdict}>
          {verdict.verdict === 'wrong'
            ? 'Marked wrong: its memory record is now a failure warning for similar questions.'
            : 'Marked right: its memory record is confirmed.'}
        </span>
      )}
      {error && <ErrorNotice error={error} testId="verdict-error" />}
    </div>
  );
}

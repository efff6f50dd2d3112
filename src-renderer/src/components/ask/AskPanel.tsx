// The Ask tab: a question over the selected graph, answered locally, with the evidence shown twice — as a
// Brain could see it and as it is in the raw graph — plus everything the pipeline decided along the way.
import { AbstainedNotice, ConfidenceCard } from './ConfidenceCard.js';
import { useEffect } from 'react';
import type { Responses } from '../../../../src-main/common/contract.js';
import type { SelectorUse } from '../../../../src-main/common/graspContract.js';
import { useAskStore } from '../../stores/askStore.js';
import { useGraphsStore } from '../../stores/graphsStore.js';
import { useGraspStore } from '../../stores/graspStore.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { AnswerSetView } from './AnswerSetView.js';
import { ExportButtons } from './ExportButtons.js';
import { HistoryCard } from './HistoryCard.js';
import { BrainTallyCard } from '../brain/BrainTallyCard.js';
import { BrainPayloads } from './BrainPayloads.js';
import { EvidencePanes } from './EvidencePanes.js';
import { HandCard } from './HandCard.js';
import { IndicatorCard } from './IndicatorCard.js';
import { NotFoundNotice } from './NotFoundNotice.js';
import { QuestionBox } from './QuestionBox.js';
import { ReasoningTreeCard } from './ReasoningTreeCard.js';
import { MemoryHitsCard } from './MemoryHitsCard.js';
import { RelationHints } from './RelationHints.js';
import { SelectorChoice } from './SelectorChoice.js';
import { StageTimings } from './StageTimings.js';
import { substituteName } from './substituteName.js';
import { TopicsCard } from './TopicsCard.js';
import { ViewStatsCard } from './ViewStatsCard.js';

export function AskPanel({ graph }: { graph: string }) {
  const revision = useGraphsStore((s) => s.revision);
  const ask = useAskStore((s) => s.ask);
  const askedGraph = useAskStore((s) => s.graph);
  const askedRevision = useAskStore((s) => s.revision);
  const asked = useAskStore((s) => s.asked);
  const running = useAskStore((s) => s.running);
  const result = useAskStore((s) => s.result);
  const error = useAskStore((s) => s.error);
  const finished = useAskStore((s) => s.finished);
  const tree = useAskStore((s) => s.tree);
  const chosen = useAskStore((s) => s.selector);
  const setSelector = useAskStore((s) => s.setSelector);
  const cancel = useAskStore((s) => s.cancel);
  const graspStatus = useGraspStore((s) => s.graphs[graph]?.status ?? null);
  const loadGraspStatus = useGraspStore((s) => s.loadStatus);
  // Whether this graph has a trained selector (a model trained on the Overview since is picked up by its event).
  useEffect(() => {
    void loadGraspStatus(graph);
  }, [graph, revision, loadGraspStatus]);
  // What is shown is what is sent: without a trained model the GraSP choice is off and questions use path search.
  const selector = chosen === 'grasp' && graspStatus?.trained ? 'grasp' : 'path';
  const onThisGraph = askedGraph === graph;
  // A result from before the graph was re-imported describes a graph that no longer exists.
  const stale = onThisGraph && askedRevision !== revision && !running;
  const run = (question: string, brainPolicy?: 'always') => void ask(graph, revision, question, selector, brainPolicy);

  return (
    <section className="panel-body ask-panel" data-testid="ask-panel" aria-busy={running} data-finished={finished}>
      <QuestionBox onAsk={run} />
      <SelectorChoice graph={graph} value={selector} status={graspStatus} disabled={running} onChange={setSelector} />
      <RelationHints graph={graph} revision={revision} />
      <HistoryCard graph={graph} onRerun={(q) => run(q)} />
      {onThisGraph && running && (
        <p className="muted row ask-running" data-testid="ask-running">
          Answering “{asked}” locally…
          <button type="button" className="button small" onClick={() => void cancel()} data-testid="ask-cancel">
            Cancel
          </button>
        </p>
      )}
      {onThisGraph && running && <ReasoningTreeCard tree={tree} live />}
      {stale && (result || error) && (
        <div className="notice" data-testid="ask-stale">
          The graph changed since “{asked}” was asked. Ask again to see current answers.
        </div>
      )}
      {onThisGraph && !stale && error && <ErrorNotice error={error} testId="ask-error" />}
      {onThisGraph && !stale && result && <AskResultView result={result} onPick={(name) => run(substituteName(result.question, name))} onAskBrain={() => run(result.question, 'always')} />}
    </section>
  );
}

function AskResultView({ result, onPick, onAskBrain }: { result: Responses['qa.ask']; onPick(name: string): void; onAskBrain(): void }) {
  const selectedId = useAskStore((s) => s.selectedAnswer);
  const selectAnswer = useAskStore((s) => s.selectAnswer);
  const selected = result.answers.find((a) => a.id === selectedId) ?? result.answers[0];

  // Without a topic entity nothing was linked, sanitized or built: the suggestions are the whole answer.
  if (result.notFound) {
    return (
      <div className="ask-result" data-testid="ask-result">
        <NotFoundNotice notFound={result.notFound} onPick={onPick} />
        <HandCard hand={result.hand} />
      </div>
    );
  }

  return (
    <div className="ask-result" data-testid="ask-result">
      <div className="ask-main">
        <div className="card">
          <div className="row answers-head">
            <h3 className="grow">Answers</h3>
            <ExportButtons questions={() => [{ at: new Date().toISOString(), result }]} title="Ctrl-G answer" testId="answer-export" />
          </div>
          {result.selector && <SelectorUsed selector={result.selector} />}
          {result.abstained && <AbstainedNotice abstained={result.abstained} />}
          {!result.abstained && <AnswerSetView result={result} selected={selected?.id ?? null} onSelect={selectAnswer} onAskBrain={onAskBrain} />}
        </div>
        <div className="card evidence-card">
          <h3 data-testid="evidence-title">
            Evidence{selected && <span className="evidence-for"> for {selected.name}</span>}
          </h3>
          {selected ? <EvidencePanes key={selected.id} answer={selected} /> : <p className="muted small">No answer to explain.</p>}
        </div>
      </div>
      <div className="ask-details">
        <ConfidenceCard confidence={result.confidence} />
        <TopicsCard topics={result.topics} anonymizedQuestion={result.anonymizedQuestion} />
        <IndicatorCard indicator={result.indicator} />
        <ReasoningTreeCard tree={result.tree} />
        <MemoryHitsCard memory={result.memory} />
        <ViewStatsCard view={result.view} />
        <StageTimings stagesMs={result.stagesMs} />
        <BrainTallyCard brain={result.brain} />
      </div>
      {/* Full width: one row per model call, with the fallback reasons in full. */}
      <HandCard hand={result.hand} />
      <BrainPayloads payloads={result.payloads} />
    </div>
  );
}

/** Which selector produced these answers (a GraSP model trained on other graph content is flagged). */
function SelectorUsed({ selector }: { selector: SelectorUse }) {
  return (
    <p className="muted small selector-used" data-testid="ask-selector-used" data-kind={selector.kind}>
      {selector.kind === 'grasp' ? `GraSP selector, model version ${selector.version}` : 'Path search'}
      {selector.kind === 'grasp' && selector.matchesGraph === false && (
        <span className="warning"> — trained on a different version of this graph</span>
      )}
    </p>
  );
}

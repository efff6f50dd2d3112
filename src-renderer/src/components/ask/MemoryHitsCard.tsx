// What the experience memory did for this question: similar experiences found, whether a confident match's
// analysis was reused (its chains, as roles), which Brain call that saved, failure warnings of similar questions,
// and what this question wrote back. All abstract: roles, visible labels, record ids.
import type { AskMemorySummary } from '../../../../src-main/common/answerTypes.js';

export function MemoryHitsCard({ memory }: { memory: AskMemorySummary | undefined }) {
  if (!memory) return null;
  return (
    <div className="card memory-hits" data-testid="memory-hits" data-hits={memory.hits} data-reused={memory.reused}>
      <h3>Experience memory</h3>
      <div className="muted small">
        {memory.hits} similar experience{memory.hits === 1 ? '' : 's'}
        {memory.source && ` · from the ${memory.source === 'buffer' ? 'hot buffer' : 'store'}`}
        {memory.lookupMs !== undefined && ` · lookup ${memory.lookupMs.toFixed(1)} ms`}
      </div>
      {memory.reusedRecord ? (
        <div data-testid="memory-reused">
          Reused <code>{memory.reusedRecord.id}</code> (match {memory.reusedRecord.score.toFixed(2)}): started in {memory.reusedRecord.mode} at depth {memory.reusedRecord.depth}, exploring
          <ul>
            {memory.reusedRecord.chains.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="muted small">No confident match: the analysis ran as usual.</div>
      )}
      <div data-testid="memory-saved">
        {memory.savedBrainCalls > 0 ? `Saved ${memory.savedBrainCalls} Brain call${memory.savedBrainCalls === 1 ? '' : 's'}: ${memory.saved.join(', ')}` : 'No Brain call saved.'}
      </div>
      {memory.warnings.length > 0 && (
        <div>
          Warnings from similar questions:
          <ul>
            {memory.warnings.map((w) => (
              <li key={w} data-testid="memory-warning">
                <code>{w}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {memory.write && (
        <div className="muted small" data-testid="memory-write">
          Write-back: {memory.write.status}
          {memory.write.id && <code> {memory.write.id}</code>}
          {memory.write.reason && ` (${memory.write.reason})`}
        </div>
      )}
    </div>
  );
}

// The skyline indicator: the relation chain predicted from the anchors to the answer, each step with its
// direction and confidence, and D_predict (how many hops the search was allowed).
import type { IndicatorSummary } from '../../../../src-main/common/answerTypes.js';
import { shortToken } from './askFormat.js';

export function IndicatorCard({ indicator }: { indicator?: IndicatorSummary }) {
  return (
    <div className="card" data-testid="ask-indicator">
      <h3>Indicator</h3>
      {!indicator ? (
        <p className="muted small">No indicator was predicted.</p>
      ) : (
        <>
          <div className="indicator-chain" data-testid="indicator-chain">
            <span className="path-node" title={indicator.anchors.join(', ')}>
              {indicator.anchors.map(shortToken).join(' + ') || 'anchor'}
            </span>
            {indicator.chain.map((step, i) => (
              <span className="path-step" key={i}>
                <span className={`path-edge ${step.direction}`}>
                  {step.direction === 'out' ? `—${step.relation}→` : `←${step.relation}—`}
                  <span className="confidence">{Math.round(step.confidence * 100)}%</span>
                </span>
                <span className={`path-node${i + 1 === indicator.answerPosition ? ' answer' : ' hidden-node'}`}>
                  {i + 1 === indicator.answerPosition ? 'answer' : '·'}
                </span>
              </span>
            ))}
          </div>
          <div className="muted small">
            D<sub>predict</sub> = <strong data-testid="indicator-dpredict">{indicator.dPredict}</strong> · answer at hop{' '}
            {indicator.answerPosition}
          </div>
        </>
      )}
    </div>
  );
}

// The Brain tab: its settings and what it has seen so far (exposure ledger, audit check, the audit log itself).
import { AuditLogCard } from './AuditLogCard.js';
import { BrainSettingsCard } from './BrainSettingsCard.js';
import { ExposureCard } from './ExposureCard.js';
import { ExposurePlotsCard } from './ExposurePlotsCard.js';

export function BrainPanel() {
  return (
    <section className="panel-body brain-panel" data-testid="brain-panel">
      <BrainSettingsCard />
      <ExposureCard />
      <ExposurePlotsCard />
      <AuditLogCard />
    </section>
  );
}

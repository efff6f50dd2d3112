// The two "is this new?" marks of an exposed item: new in this session, and never exposed in any session.
import type { ExposedItemStatus } from '../../../../src-main/common/brainTypes.js';

export function ExposureBadges({ status }: { status: ExposedItemStatus }) {
  if (status.newEver) return <span className="badge badge-new-ever" data-testid="badge-new-ever">never exposed before</span>;
  if (status.newInSession) return <span className="badge badge-new-session" data-testid="badge-new-session">new in this session</span>;
  return null;
}

import { describe, expect, it } from 'vitest';
import type { Entity, Neighborhood } from '../../src-main/common/graphTypes.js';
import { canonicalGroups, emptyModel, hideNode, mergeNeighborhood } from '../../src-renderer/src/components/explorer/explorerModel.js';

const e = (id: string): Entity => ({ id, name: id, degree: 1 });

describe('inverse pairs in the explorer model', () => {
  it('shows a fact stored both ways once, under the canonical relation', () => {
    const nh: Neighborhood = {
      center: e('Ada'),
      groups: [
        { relation: 'parent_of', direction: 'out', total: 2, shown: [e('Bo'), e('Cy')] },
        { relation: 'child_of', direction: 'in', total: 2, shown: [e('Bo'), e('Cy')] },
      ],
    };
    const { model } = mergeNeighborhood(emptyModel(), nh, { cap: 12, maxNodes: 100, inverseOf: { child_of: 'parent_of' } });
    expect(Object.values(model.edges).map((x) => `${x.source} ${x.relation} ${x.target}`).sort()).toEqual(['Ada parent_of Bo', 'Ada parent_of Cy']);
  });

  it('turns an inverse group whose partner did not come back into the partner, reversed', () => {
    const groups = canonicalGroups([{ relation: 'child_of', direction: 'out', total: 1, shown: [e('Ada')] }], { child_of: 'parent_of' });
    expect(groups).toEqual([{ relation: 'parent_of', direction: 'in', total: 1, shown: [e('Ada')] }]);
  });
});

describe('hideNode', () => {
  it('removes the node, its edges and hubs, and what is no longer connected to the root', () => {
    const first = mergeNeighborhood(emptyModel(), { center: e('root'), groups: [{ relation: 'r', direction: 'out', total: 2, shown: [e('a'), e('b')] }] }, { cap: 12, maxNodes: 100 });
    const second = mergeNeighborhood(first.model, { center: e('a'), groups: [{ relation: 's', direction: 'out', total: 30, shown: [e('c')] }] }, { cap: 12, maxNodes: 100 });
    expect(Object.keys(second.model.hubs)).toHaveLength(1);
    const hidden = hideNode(second.model, 'a');
    expect(Object.keys(hidden.nodes).sort()).toEqual(['b', 'root']);
    expect(Object.values(hidden.edges).map((x) => x.target)).toEqual(['b']);
    expect(hidden.hubs).toEqual({});
    // The root cannot be hidden.
    expect(hideNode(second.model, 'root')).toBe(second.model);
  });
});

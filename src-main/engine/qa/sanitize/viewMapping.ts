// φ_Q: the only link from view tokens back to raw entities and relations. It lives in this object alone (never
// serialised, never sent), and discard() zeroes the session secret and empties every table, so a finished
// question leaves nothing that could re-identify its view.
import type { ViewMapping } from '../../core/types.js';
import { forgetSecret } from './sessionSecret.js';

export interface ViewMappingTables {
  /** View token → raw entity indexes behind it. */
  members: Map<string, number[]>;
  /** Raw entity index → token of the view node that holds it. */
  tokenOf: Map<number, string>;
  /** Visible relation label → raw relation indexes (over the whole graph, so grounding can walk it). */
  relationsOf: Map<string, number[]>;
  /** Raw relation index → visible label. */
  visibleOf: string[];
}

/**
 * Sanitizer stage 7c: φ_Q's tables for the final groups (`members` in local indexes, `entities`: local → raw),
 * their tokens, and the visible label of every raw relation of the graph. Pure.
 */
export function mappingTables(
  groups: readonly { members: readonly number[] }[],
  entities: readonly number[],
  tokens: readonly string[],
  visibleOf: readonly string[],
): ViewMappingTables {
  const members = new Map<string, number[]>();
  const tokenOf = new Map<number, string>();
  groups.forEach((g, i) => {
    const raw = g.members.map((u) => entities[u]);
    members.set(tokens[i], raw);
    for (const e of raw) tokenOf.set(e, tokens[i]);
  });
  const relationsOf = new Map<string, number[]>();
  visibleOf.forEach((label, r) => {
    const list = relationsOf.get(label);
    if (list) list.push(r);
    else relationsOf.set(label, [r]);
  });
  return { members, tokenOf, relationsOf, visibleOf: [...visibleOf] };
}

export class SessionViewMapping implements ViewMapping {
  private discarded = false;

  constructor(
    private readonly tables: ViewMappingTables,
    private readonly secret: Uint8Array,
  ) {}

  tokenOf(entity: number): string | undefined {
    return this.tables.tokenOf.get(entity);
  }

  members(token: string): number[] {
    return [...(this.tables.members.get(token) ?? [])];
  }

  relationsOf(visible: string): number[] {
    return [...(this.tables.relationsOf.get(visible) ?? [])];
  }

  visibleRelation(relation: number): string {
    return this.tables.visibleOf[relation] ?? '';
  }

  tokens(): string[] {
    return [...this.tables.members.keys()];
  }

  get isDiscarded(): boolean {
    return this.discarded;
  }

  /** Registers a token minted after the view was built (a name caught in the question that the view pruned). */
  register(token: string, entity: number): void {
    if (this.discarded) return;
    this.tables.members.set(token, [entity]);
    if (!this.tables.tokenOf.has(entity)) this.tables.tokenOf.set(entity, token);
  }

  /** Registers a payload-only token standing for several raw entities (a hub's aggregate); tokenOf is unchanged. */
  registerGroup(token: string, entities: readonly number[]): void {
    if (this.discarded) return;
    this.tables.members.set(token, [...entities]);
  }

  discard(): void {
    forgetSecret(this.secret);
    this.secret.fill(0);
    this.tables.members.clear();
    this.tables.tokenOf.clear();
    this.tables.relationsOf.clear();
    this.tables.visibleOf.length = 0;
    this.discarded = true;
  }
}

// The full request: one builder for the gateway and the report, the report refuses a body that does not carry
// exactly its system prompt and payload text, and the retry policy in words matches the policy.
import { describe, expect, it } from 'vitest';
import { chatRequestBody, fullRequest } from '../../src-main/engine/payload/chatRequest.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { ExposureMismatchError } from '../../src-main/engine/payload/payloadErrors.js';
import { RANKING_SYSTEM_PROMPT } from '../../src-main/engine/payload/prompts/rankingPrompt.js';
import { describeRetryPolicy } from '../../src-main/engine/egress/brain/retryPolicy.js';
import { scenario } from './fixtures.js';

describe('full request', () => {
  it('counts UTF-8 bytes of the serialized body, not characters', () => {
    const body = chatRequestBody({ model: 'm', system: 'sys', user: 'größe — ✓', maxTokens: 10, jsonMode: true });
    const full = fullRequest(body, 'policy');
    expect(full.json).toBe(JSON.stringify(body));
    expect(full.bytes).toBe(Buffer.byteLength(full.json, 'utf8'));
    expect(full.bytes).toBeGreaterThan(full.json.length);
    expect(body).toMatchObject({ max_tokens: 10, response_format: { type: 'json_object' }, temperature: 0 });
    expect(chatRequestBody({ model: 'm', system: 's', user: 'u', jsonMode: false })).not.toHaveProperty('response_format');
  });

  it('the report carries the body it was given and refuses one that differs from the payload', () => {
    const { ranking } = scenario();
    const base = { payload: ranking, system: RANKING_SYSTEM_PROMPT, model: 'gpt-4o-mini', endpoint: 'http://127.0.0.1:1/v1' };
    const body = chatRequestBody({ model: 'gpt-4o-mini', system: RANKING_SYSTEM_PROMPT, user: ranking.text, jsonMode: true });
    const report = exposureReport({ ...base, request: { body, retry: 'r' } });
    expect(report.request).toEqual(fullRequest(body, 'r'));
    const other = chatRequestBody({ model: 'gpt-4o-mini', system: RANKING_SYSTEM_PROMPT, user: `${ranking.text} extra`, jsonMode: true });
    expect(() => exposureReport({ ...base, request: { body: other, retry: 'r' } })).toThrow(ExposureMismatchError);
    expect(() => exposureReport({ ...base, request: { body: { ...body, model: 'other' }, retry: 'r' } })).toThrow(ExposureMismatchError);
  });

  it('states the retry policy: how many sends, the deadline, and that each send counts', () => {
    expect(describeRetryPolicy({ maxAttempts: 4, deadlineMs: 30_000 })).toMatch(/at most 4 sends in all, within 30 s.*counts as a send/);
    expect(describeRetryPolicy({ maxAttempts: 1, deadlineMs: 5_000 })).toMatch(/^Sent once/);
  });
});

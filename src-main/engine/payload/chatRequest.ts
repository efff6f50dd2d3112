// The one place a Brain request body is built. The gateway sends exactly this object (the SDK serializes a JSON body
// with JSON.stringify) and the exposure report shows its serialization, so the approval dialog's "full request" is
// byte for byte what leaves: system prompt, messages, model and parameters alike.
import type { ChatRequestBody, FullRequest } from '../../common/brainTypes.js';

export interface ChatRequestInput {
  model: string;
  system: string;
  user: string;
  maxTokens?: number;
  /** Ask for `response_format: {type: "json_object"}` (off for servers that do not support it). */
  jsonMode: boolean;
}

export function chatRequestBody(input: ChatRequestInput): ChatRequestBody {
  return {
    model: input.model,
    messages: [
      { role: 'system', content: input.system },
      { role: 'user', content: input.user },
    ],
    temperature: 0,
    ...(input.maxTokens ? { max_tokens: input.maxTokens } : {}),
    ...(input.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
  };
}

/** The body as the wire carries it, its UTF-8 size, and the resend rule that goes with it. */
export function fullRequest(body: ChatRequestBody, retry: string): FullRequest {
  const json = JSON.stringify(body);
  return { json, bytes: new TextEncoder().encode(json).length, retry };
}

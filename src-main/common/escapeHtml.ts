// HTML escaping for every exported report (audit log, answers, sessions): their values are text a Brain, a graph
// or a person wrote. Defined once here, where the engine and the renderer can both reach it.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

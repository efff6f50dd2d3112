// The analyst's display preferences, kept by the engine in the data folder (the browser host's origin changes with
// its port, so the page's own storage would forget them).
import { z } from 'zod';

export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

export const uiSettingsSchema = z.object({ theme: z.enum(THEMES).default('system') }).strict();
export type UiSettings = z.output<typeof uiSettingsSchema>;

/** A change to some of the preferences (what ui.saveSettings takes). */
export const uiSettingsPatchSchema = z.object({ theme: z.enum(THEMES).optional() }).strict();

// ui.settings / ui.saveSettings: the analyst's display preferences (theme), in the data folder.
import type { HandlerGroup } from './engineContext.js';
import { readUiSettings, writeUiSettings } from './uiSettingsFile.js';

export const uiHandlers: HandlerGroup<'ui.settings' | 'ui.saveSettings'> = {
  'ui.settings': async (_request, { options }) => readUiSettings(options.dataDir),
  'ui.saveSettings': async (patch, { options }) => writeUiSettings(options.dataDir, patch),
};

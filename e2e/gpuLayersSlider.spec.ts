// The GPU-layers slider of the load form: it spans the chosen model's layers, moves the same setting as the typed
// field, and the fit estimate (RAM / VRAM) follows it; with "CPU only" it is off.
import { join } from 'node:path';
import { writeTinyGguf } from '../src-main/engine/llm/tinyGguf.js';
import { expect, test } from './fixtures.js';
import { SettingsPage } from './pages/SettingsPage.js';

test('the GPU-layers slider spans the model, sets the layers and the fit estimate follows', async ({ app, scratchDir }) => {
  const page = app.page;
  await writeTinyGguf(join(scratchDir, 'slider-e2e.gguf'), { seed: 21, layers: 3 });
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.addByPath(join(scratchDir, 'slider-e2e.gguf'));
  await settings.setLoadOptions({ fileName: 'slider-e2e.gguf', gpu: 'auto' });

  await expect(settings.gpuLayersSlider).toHaveAttribute('max', '3');
  await expect(settings.fitEstimate).toBeVisible();
  await settings.gpuLayersSlider.fill('1');
  await expect(settings.gpuLayers).toHaveValue('1');
  await expect(settings.gpuLayersSlider).toHaveValue('1');
  await settings.gpuLayers.fill('2');
  await expect(settings.gpuLayersSlider).toHaveValue('2');
  // The estimate is asked again for the new settings and shown with its RAM need.
  await expect(settings.fitEstimate).toContainText(/needs [\d.]+ [KMG]?B RAM/);

  await settings.setLoadOptions({ gpu: 'cpu' });
  await expect(settings.gpuLayersSlider).toBeDisabled();
});

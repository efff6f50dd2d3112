// Whether the chosen model fits with the chosen settings, before anything is loaded.
import { formatBytes, formatCount } from '../../api/formatters.js';
import { useSettingsStore } from '../../stores/settingsStore.js';
import { ErrorNotice } from '../ErrorNotice.js';

export function FitEstimateNote() {
  const fit = useSettingsStore((s) => s.fit);
  const error = useSettingsStore((s) => s.fitError);

  if (error) return <ErrorNotice error={error} testId="fit-error" />;
  if (!fit) return null;
  return (
    <div className={`fit-note ${fit.fits ? 'fits' : 'no-fit'}`} data-testid="fit-estimate" data-fits={fit.fits}>
      <strong>{fit.fits ? 'Fits' : 'Will not fit'}</strong>
      <span>
        on {fit.backend === 'cpu' ? 'the CPU' : `${fit.backend} (${fit.gpuLayers} GPU layers)`} with a{' '}
        {formatCount(fit.contextSize)}-token context: needs {formatBytes(fit.ramBytes)} RAM
        {fit.vramBytes > 0 ? ` + ${formatBytes(fit.vramBytes)} VRAM` : ''}, {formatBytes(fit.freeRamBytes)} free
        {fit.freeVramBytes > 0 ? ` / ${formatBytes(fit.freeVramBytes)} VRAM free` : ''}.
      </span>
      {fit.reason && <span className="muted">{fit.reason}</span>}
    </div>
  );
}

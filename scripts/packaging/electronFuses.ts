// Electron fuses for a packaged app, flipped in the Electron binary itself after packaging (before signing):
// a fuse cannot be turned back by anything at run time, unlike a command-line switch or an environment variable.
//   RunAsNode off                         ELECTRON_RUN_AS_NODE no longer turns the app into a plain Node runtime
//   EnableNodeOptionsEnvironmentVariable  off: NODE_OPTIONS cannot preload code into the app
//   EnableNodeCliInspectArguments         off: --inspect cannot attach a debugger to the engine
//   EnableCookieEncryption on             the session's cookie store is encrypted with the OS key store
//   EnableEmbeddedAsarIntegrityValidation on, OnlyLoadAppFromAsar on: the app code is the signed app.asar, checked
//                                         against its hash at load (the packager writes the hash; asar: true)
//   GrantFileProtocolExtraPrivileges off  file:// gets no extra rights (the renderer is served over app://)
// Run after packaging: `node bin/run-ts.mjs scripts/packaging/setFuses.ts <path to the packaged Electron binary>`
// (e.g. release/linux-unpacked/ctrlg-desktop). It needs the `@electron/fuses` package (a devDependency, not
// installed in this checkout); without it the script says so and exits 2.

/** The fuse settings by FuseV1Options name (pure: the packaging test reads it). */
export const FUSES = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableCookieEncryption: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
} as const;

export const FUSES_PACKAGE = '@electron/fuses';

interface FusesModule {
  flipFuses(binary: string, config: Record<string | number, unknown>): Promise<unknown>;
  FuseVersion: { V1: unknown };
  FuseV1Options: Record<string, number>;
}

export async function flipAppFuses(binary: string): Promise<void> {
  // The package name is held in a constant so a checkout without it still type-checks.
  const fuses = (await import(FUSES_PACKAGE)) as FusesModule;
  const config: Record<string | number, unknown> = { version: fuses.FuseVersion.V1, resetAdHocDarwinSignature: process.platform === 'darwin' };
  for (const [name, value] of Object.entries(FUSES)) {
    const option = fuses.FuseV1Options[name];
    if (option === undefined) throw new Error(`${FUSES_PACKAGE} does not know the fuse ${name}: update it`);
    config[option] = value;
  }
  await fuses.flipFuses(binary, config);
}

// Registry of sub-commands. Add a command by importing it here.
import type { CliCommand } from '../command.js';

export const commands: CliCommand[] = [];

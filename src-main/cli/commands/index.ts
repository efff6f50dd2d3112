// Registry of sub-commands. Add a command by importing it here.
import type { CliCommand } from '../command.js';
import { askCommand } from './ask.js';
import { evalCommand } from './eval.js';
import { graphsCommand } from './graphs.js';
import { importCommand } from './import.js';
import { neighborsCommand } from './neighbors.js';
import { statsCommand } from './stats.js';

export const commands: CliCommand[] = [importCommand, graphsCommand, statsCommand, neighborsCommand, askCommand, evalCommand];

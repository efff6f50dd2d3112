// Registry of sub-commands. Add a command by importing it here.
import type { CliCommand } from '../command.js';
import { askCommand } from './ask.js';
import { attackCommand } from './attack.js';
import { auditCommand } from './audit.js';
import { degradeCommand } from './degrade.js';
import { evalCommand } from './eval.js';
import { exposureCommand } from './exposure.js';
import { graphsCommand } from './graphs.js';
import { importCommand } from './import.js';
import { memoryCommand } from './memory.js';
import { neighborsCommand } from './neighbors.js';
import { statsCommand } from './stats.js';
import { trainCommand } from './train.js';

export const commands: CliCommand[] = [importCommand, graphsCommand, statsCommand, neighborsCommand, askCommand, evalCommand, trainCommand, degradeCommand, auditCommand, memoryCommand, attackCommand, exposureCommand];

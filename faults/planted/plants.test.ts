import { describe, expect, it } from 'vitest';
import { mutantSources, PLANTS } from './plants.ts';

/**
 * A plant whose text a refactor moved no longer plants anything: its run would build the honest server and the
 * harness would report the bug as missed only when someone runs the planted profile. Checked here, in npm test.
 */
describe('[faults] planted bugs', () => {
  it.each(PLANTS.map((plant) => [plant.name, plant] as const))('%s still finds each text it edits once', (_, plant) => {
    const sources = mutantSources(plant);
    for (const edit of plant.edits) expect(sources[edit.file]).toContain(edit.replace);
  });
});

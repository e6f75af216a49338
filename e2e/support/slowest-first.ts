import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser test files that take longest, longest first (by their CPU time in a whole run, measured with
 * TEST_CPU_LOG): a fresh clone's `npm install`, apps started and stopped several times, many pages.
 * Vitest orders files by their past durations once it has them, but a fresh clone (CI) has none and it
 * falls back to file size, which would start these last and leave the whole run waiting on them at the end.
 */
const SLOWEST = [
  'e2e/cli.e2e.ts',
  'e2e/batch-faults.e2e.ts',
  'e2e/website/browser.e2e.ts',
  'e2e/library/library.e2e.ts',
  'e2e/teams/teams.e2e.ts',
  'e2e/account/accounts.e2e.ts',
  'e2e/editor/editor-messages.e2e.ts',
  'e2e/stalled-batch.e2e.ts',
  'e2e/sharing/share-and-view.e2e.ts',
  'e2e/start.e2e.ts',
  'e2e/first-hour.e2e.ts',
  'e2e/community/social.e2e.ts',
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST.findIndex((file) => spec.moduleId.endsWith(file));
      return index < 0 ? SLOWEST.length : index;
    };
    // Stable: everything else keeps the order Vitest chose (projects and groups included).
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

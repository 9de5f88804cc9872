// vitest's order of test files (vitest.config.ts `sequence.sequencer`): its own (by group, then project
// name, then a past run's durations or, on a fresh clone, file size), except that the shared browser
// files named in ./lanes.ts LONGEST_FIRST start first, in that order, so that a long file (a real
// minute's countdown, Lighthouse, a server of its own) never starts last (docs/decisions/0075).
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { LONGEST_FIRST } from "./lanes.ts";

const rank = (spec: TestSpecification) => {
  const name = /([^/]+)\.test\.ts$/.exec(spec.moduleId)?.[1] ?? "";
  const i = spec.project.name === "e2e-shared" ? LONGEST_FIRST.indexOf(name) : -1;
  return i === -1 ? LONGEST_FIRST.length : i;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // A stable sort: vitest's order stays between groups, projects and the files not named.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => {
        const sameProject = a.spec.project.name === b.spec.project.name;
        return sameProject ? rank(a.spec) - rank(b.spec) || a.i - b.i : a.i - b.i;
      })
      .map(({ spec }) => spec);
  }
}

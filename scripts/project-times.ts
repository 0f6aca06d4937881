// A vitest reporter that ends a run with where its time went: per project, the wall time from its first file's start
// to its last file's end, the files, and the five slowest of them. The suite's budget (README, "Tests") is read here.
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  first: number;
  last: number;
  files: { readonly name: string; readonly ms: number }[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class ProjectTimesReporter implements Reporter {
  private readonly started = Date.now();
  private readonly projects = new Map<string, ProjectTimes>();
  private readonly starts = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.starts.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const now = Date.now();
    const start = this.starts.get(module.moduleId) ?? now;
    const name = module.project.name || 'default';
    const project = this.projects.get(name) ?? { first: start, last: now, files: [] };
    project.first = Math.min(project.first, start);
    project.last = Math.max(project.last, now);
    project.files.push({ name: module.relativeModuleId, ms: now - start });
    this.projects.set(name, project);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = ['', `Time by project (the whole run: ${seconds(Date.now() - this.started)})`];
    for (const [name, project] of [...this.projects].sort(([, a], [, b]) => a.first - b.first)) {
      lines.push(`  ${name}: ${seconds(project.last - project.first)} wall, ${project.files.length} files`);
      for (const file of [...project.files].sort((a, b) => b.ms - a.ms).slice(0, 5)) {
        lines.push(`    ${seconds(file.ms).padStart(8)}  ${file.name}`);
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

// Module boundaries: no import cycles, no repository used from another module, web/app/lib and ui
// free of features and features depending on each other one way (rules in .dependency-cruiser.cjs),
// no hidden dependencies through ModuleRef lookups, and no API path typed by hand in the web app.
export function checkBoundaries() {
  const problems = [];
  const cruise = spawnSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    [
      'api/src',
      'packages/contracts/src',
      'packages/engine/src',
      'web/app',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
    },
  );
  if (cruise.status !== 0) problems.push(cruise.stdout || cruise.stderr || 'depcruise failed');
  const files = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === 'generated' || name === 'node_modules') return [];
      return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(full) ? [full] : [];
    });
  for (const file of files(path.join(root, 'api/src'))) {
    if (/\bmoduleRef\.(get|resolve)\(/.test(readFileSync(file, 'utf8')))
      problems.push(`${path.relative(root, file)}: inject the dependency instead of looking it up with moduleRef`);
  }
  problems.push(...handTypedApiPaths(files(path.join(root, 'web/app'))));
  return problems;
}

/**
 * The web app derives every request from the contracts' endpoint definitions through the client in
 * web/app/lib/api-client.ts (`api.diagram.get(…)`, `api.drive.connect.url(…)`): a quoted path
 * starting with /api anywhere in web/app is a request typed by hand.
 */
export function handTypedApiPaths(webFiles) {
  const problems = [];
  for (const file of webFiles) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/['"`]\/api([/'"`?]|$)/.test(line))
          problems.push(
            `${path.relative(root, file)}:${index + 1}: an API path typed by hand; call the endpoint through lib/api-client`,
          );
      });
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkBoundaries();
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('module boundaries: ok');
}

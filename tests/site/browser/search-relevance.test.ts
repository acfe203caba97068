// Search ranks the page about a thing first, in both languages: a page whose title is the query,
// or holds its words, comes before pages that only mention it or list it among their keywords;
// and a page found by a keyword never shows the keyword list as its excerpt. The queries and
// the pages they must find first are listed in docs/outputs.md ("Search, Markdown twins and llms.txt").

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type SiteServer, withRealSite } from '../../browser-harness.ts';
import { searchFor } from '../../engine/browser/runtime-helpers.ts';

let browser: Browser;
let server: SiteServer;
withRealSite((real) => ({ browser, server } = real));

/** Each query with the page it must find first. */
export const RELEVANCE: Record<'de' | 'en', [string, string][]> = {
  de: [
    ['Kubernetes', '/services/kubernetes/'],
    ['PostgreSQL', '/services/databases/postgresql/'],
    ['MariaDB', '/services/databases/mariadb-mysql/'],
    ['Grafana', '/services/monitoring/grafana/'],
    ['Prometheus', '/services/monitoring/prometheus/'],
    ['Loki', '/services/monitoring/loki/'],
    ['Harbor', '/services/registries/harbor/'],
    ['Gitea', '/services/forge/gitea/'],
    ['Woodpecker', '/services/forge/woodpecker/'],
    ['Jitsi', '/services/groupware/jitsi/'],
    ['mailcow', '/services/groupware/mailcow/'],
    ['WireGuard', '/services/included/wireguard/'],
    ['Velero', '/services/backups/velero/'],
    ['Backups', '/services/backups/'],
    ['Preise', '/pricing/'],
    ['Datenschutzerklärung', '/legal/privacy/'],
    ['Auftragsverarbeitung', '/legal/dpa/'],
    ['Servicelevel', '/trust/service-level/'],
    ['Karriere', '/about-us/careers/'],
    ['Nushell', '/blog/nushell/'],
    ['Impressum', '/legal/notice/'],
    ['Hetzner', '/compare/almwerk-vs-hetzner/'],
    // What a buyer asks: contract words, service levels, compliance, typos, the other language's word.
    ['Rufbereitschaft', '/trust/service-level/'],
    ['Verfügbarkeit', '/trust/service-level/'],
    ['Reaktionszeit', '/trust/service-level/'],
    ['Gutschrift', '/trust/service-level/'],
    ['uptime', '/trust/service-level/'],
    ['on-call', '/trust/service-level/'],
    ['Migration', '/services/quickstart/operational-transition/'],
    ['Betriebsübergabe', '/services/quickstart/operational-transition/'],
    ['Machbarkeitsprüfung', '/services/quickstart/kubernetes-feasibility/'],
    ['Infrastruktur-Check', '/services/quickstart/infrastructure-health-check/'],
    ['Kosten', '/pricing/'],
    ['Stundensatz', '/pricing/'],
    ['AVV', '/legal/dpa/'],
    ['DSGVO', '/trust/'],
    ['Unterauftragsverarbeiter', '/legal/dpa/'],
    ['AGB', '/legal/terms-of-service/'],
    ['Kündigungsfrist', '/legal/terms-of-service/'],
    ['NIS2', '/trust/security/'],
    ['Penetrationstest', '/trust/security/'],
    ['Haftpflichtversicherung', '/trust/security/'],
    ['Exit-Plan', '/policies/vendor-lock-in/'],
    ['Insolvenz', '/policies/vendor-lock-in/'],
    ['Kubernets', '/services/kubernetes/'],
    ['Postgres', '/services/databases/postgresql/'],
    ['Prometeus', '/services/monitoring/prometheus/'],
    ['Agentur', '/solutions/agency/'],
    ['Managed Hosting', '/solutions/managed-hosting/'],
    ['AWS', '/compare/almwerk-vs-aws/'],
    ['Datensouveränität', '/glossary/business/data-sovereignty/'],
  ],
  en: [
    ['Kubernetes', '/en/services/kubernetes/'],
    ['PostgreSQL', '/en/services/databases/postgresql/'],
    ['MariaDB', '/en/services/databases/mariadb-mysql/'],
    ['Grafana', '/en/services/monitoring/grafana/'],
    ['Prometheus', '/en/services/monitoring/prometheus/'],
    ['Loki', '/en/services/monitoring/loki/'],
    ['Harbor', '/en/services/registries/harbor/'],
    ['Gitea', '/en/services/forge/gitea/'],
    ['Woodpecker', '/en/services/forge/woodpecker/'],
    ['Jitsi', '/en/services/groupware/jitsi/'],
    ['mailcow', '/en/services/groupware/mailcow/'],
    ['WireGuard', '/en/services/included/wireguard/'],
    ['Velero', '/en/services/backups/velero/'],
    ['pricing', '/en/pricing/'],
    ['privacy policy', '/en/legal/privacy/'],
    ['data processing agreement', '/en/legal/dpa/'],
    ['service level', '/en/trust/service-level/'],
    ['careers', '/en/about-us/careers/'],
    ['Nushell', '/en/blog/nushell/'],
    ['imprint', '/en/legal/notice/'],
    ['Hetzner', '/en/compare/almwerk-vs-hetzner/'],
    ['on-call', '/en/trust/service-level/'],
    ['uptime', '/en/trust/service-level/'],
    ['availability', '/en/trust/service-level/'],
    ['response time', '/en/trust/service-level/'],
    ['service credits', '/en/trust/service-level/'],
    ['Rufbereitschaft', '/en/trust/service-level/'],
    ['migration', '/en/services/quickstart/operational-transition/'],
    ['handover', '/en/services/quickstart/operational-transition/'],
    ['feasibility', '/en/services/quickstart/kubernetes-feasibility/'],
    ['health check', '/en/services/quickstart/infrastructure-health-check/'],
    ['cost', '/en/pricing/'],
    ['hourly rate', '/en/pricing/'],
    ['DPA', '/en/legal/dpa/'],
    ['GDPR', '/en/trust/'],
    ['sub-processors', '/en/legal/dpa/'],
    ['terms of service', '/en/legal/terms-of-service/'],
    ['notice period', '/en/legal/terms-of-service/'],
    ['NIS2', '/en/trust/security/'],
    ['penetration test', '/en/trust/security/'],
    ['insurance', '/en/trust/security/'],
    ['exit plan', '/en/policies/vendor-lock-in/'],
    ['insolvency', '/en/policies/vendor-lock-in/'],
    ['kubernets', '/en/services/kubernetes/'],
    ['postgres', '/en/services/databases/postgresql/'],
    ['prometeus', '/en/services/monitoring/prometheus/'],
    ['agency', '/en/solutions/agency/'],
    ['managed hosting', '/en/solutions/managed-hosting/'],
    ['AWS', '/en/compare/almwerk-vs-aws/'],
    ['data sovereignty', '/en/glossary/business/data-sovereignty/'],
  ],
};

async function firstResults(page: Page, query: string) {
  return (await searchFor(page, query)).results;
}

for (const [locale, queries] of Object.entries(RELEVANCE)) {
  test(`${locale}: ${queries.length} queries each find the page about their subject first`, async () => {
    assert.ok(queries.length >= 40);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}${locale === 'de' ? '/' : '/en/'}`);
    const wrong: string[] = [];
    for (const [query, expected] of queries) {
      const results = await firstResults(page, query);
      if (results[0]?.href !== expected)
        wrong.push(
          `"${query}": ${
            results
              .slice(0, 3)
              .map((r) => r.href)
              .join(', ') || 'nothing'
          } (expected ${expected})`,
        );
    }
    // How many came first is the suite's score, printed for the record of a ranking change.
    console.log(`${locale}: ${queries.length - wrong.length} of ${queries.length} queries find their page first`);
    assert.deepEqual(wrong, []);
    await context.close();
  });
}

test('a page found by its keywords never shows the keyword list as its excerpt', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/en/`);
  const [notice] = await firstResults(page, 'imprint');
  assert.equal(notice.href, '/en/legal/notice/');
  assert.doesNotMatch(notice.excerpt, /imprint, |, imprint/i, 'no keyword list as the excerpt');
  await page.goto(`${server.url}/`);
  const trust = await firstResults(page, 'ISO 27001');
  assert.ok(trust.length > 0);
  for (const result of trust) assert.doesNotMatch(result.excerpt, /sicherheit, dsgvo, iso 27001/i, result.href);
  await context.close();
});

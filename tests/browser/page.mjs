// page.mjs XQSHOW [RECORD PAGE PNG-PREFIX]... - the checks of checks.mjs on
// each game page written by xqconv -t html (moves in ICCS) in Debian's
// headless chromium, driven by playwright-core, at a phone's width.  Saves
// PNG-PREFIX.page.png and PNG-PREFIX.board.png (the board at the start) for
// run.sh to look at.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPage, done, load } from './checks.mjs';

const [xqshow, ...pages] = process.argv.slice(2);

const profile = mkdtempSync(join(tmpdir(), 'xq-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
	executablePath: '/usr/bin/chromium',
	headless: true,
	args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
		'--disable-background-networking', '--disable-component-update', '--disable-sync'],
	viewport: { width: 360, height: 740 },
});
try {
	for (let i = 0; i + 2 < pages.length; i += 3) {
		const [record, pagePath, pngPrefix] = pages.slice(i, i + 3);
		console.log(`# ${pagePath}`);
		const page = await context.newPage();
		const { errors, requests } = await load(page, pagePath);
		await checkPage(page, { xqshow, record, pngPrefix, errors, requests });
		await page.close();
	}
} finally {
	await context.close();
	rmSync(profile, { recursive: true, force: true });
}
done();

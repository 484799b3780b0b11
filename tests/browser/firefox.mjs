// firefox.mjs XQSHOW [RECORD PAGE PNG-PREFIX]... - the checks of page.mjs in
// Debian's firefox-esr, headless, driven by puppeteer-core over WebDriver
// BiDi (playwright cannot drive a stock firefox): every ply of the main line
// stepped with the keys shows the FEN xqshow gives for it; End, Home, a click
// on a variation and the flip button work; a click on the chart (when there
// is one) jumps to its ply; no console error, no network request.  Saves
// PNG-PREFIX.page.png and PNG-PREFIX.board.png for run.sh to look at.
import puppeteer from 'puppeteer-core';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [xqshow, ...pages] = process.argv.slice(2);
let n = 0, failed = 0;
function ok(cond, what, diag) {
	n++;
	if (!cond) failed++;
	console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${what}`);
	if (!cond && diag) console.log(diag.split('\n').map((l) => `# ${l}`).join('\n'));
}
let record;
function libFen(args) {
	try {
		return execFileSync(xqshow, ['-F', ...args, record], { encoding: 'utf8' }).trim();
	} catch (e) {
		return null;
	}
}

// a fresh profile (puppeteer makes one and removes it) that asks nothing of
// the network: no updates, telemetry, safe-browsing lists or prefetching
const browser = await puppeteer.launch({
	browser: 'firefox',
	executablePath: '/usr/bin/firefox-esr',
	headless: true,
	extraPrefsFirefox: {
		'app.update.enabled': false,
		'app.update.auto': false,
		'browser.safebrowsing.malware.enabled': false,
		'browser.safebrowsing.phishing.enabled': false,
		'browser.safebrowsing.downloads.enabled': false,
		'datareporting.policy.dataSubmissionEnabled': false,
		'toolkit.telemetry.enabled': false,
		'network.prefetch-next': false,
		'network.dns.disablePrefetch': true,
		'network.captive-portal-service.enabled': false,
		'network.connectivity-service.enabled': false,
		'extensions.update.enabled': false,
		'browser.search.update': false,
		// scrollbars over the page, as on a phone, not beside it
		'ui.useOverlayScrollbars': 1,
		'widget.gtk.overlay-scrollbars.enabled': true,
	},
	defaultViewport: { width: 360, height: 740 },
});
const version = await browser.version();
try {
for (let i = 0; i + 2 < pages.length; i += 3) {
	record = pages[i];
	const pagePath = pages[i + 1], pngPrefix = pages[i + 2];
	const url = pathToFileURL(resolve(pagePath)).href;
	console.log(`# ${pagePath} in ${version}`);
	const page = await browser.newPage();
	await page.setViewport({ width: 360, height: 740 });
	const errors = [], requests = [];
	page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') errors.push(m.text()); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
	await page.goto(url, { waitUntil: 'load' });
	const fen = () => page.$eval('#fen', (e) => e.textContent);

	// every ply of the main line, with the keys
	await page.keyboard.press('Home');
	const seen = [];
	let bad = '';
	for (let ply = 0; ; ply++) {
		const shown = (await fen()).trim();
		const want = libFen(['-p', String(ply)]);
		seen.push(shown);
		if (shown !== want && !bad) bad = `ply ${ply}: page ${shown}\n  xqshow ${want}`;
		await page.keyboard.press('ArrowRight');
		if ((await fen()).trim() === shown) break;
		if (ply > 2000) { bad = 'ArrowRight never stops'; break; }
	}
	const plies = seen.length - 1;
	ok(!bad && plies > 0, `${plies} plies stepped with ArrowRight, each FEN as xqshow -p gives it`, bad);
	await page.keyboard.press('Home');
	ok((await fen()).trim() === seen[0], 'Home shows the start');
	await page.keyboard.press('End');
	ok((await fen()).trim() === seen[plies], 'End shows the last position');
	await page.keyboard.press('ArrowLeft');
	ok((await fen()).trim() === seen[plies - 1], 'ArrowLeft steps back');

	// a variation: click its last move; the path from the start, played by xqshow
	const last = (await page.evaluateHandle(() => {
		const v = document.querySelector('#moves .var');
		return v ? [...v.querySelectorAll(':scope > a.m')].pop() ?? null : null;
	})).asElement();
	if (last) {
		await last.click();
		const path = await page.evaluate(() => {
			let k = +document.body.dataset.ply;
			const moves = [];
			while (k > 0) {
				moves.unshift(document.getElementById('m' + k).firstChild.textContent);
				k = N[k][1];
			}
			return moves.join(' ');
		});
		const want = libFen(['-p', '0', '--play', path]);
		const shown = (await fen()).trim();
		ok(shown === want, `a click on a variation's move shows its position (${path})`,
			`page ${shown}\nxqshow ${want}`);
		const cur = (await page.$$('#moves a.m.cur')).length;
		ok(cur === 1, 'the move shown is highlighted');
	} else {
		ok(false, 'the page has a variation to click');
	}

	// the chart of an annotated game
	const pt = await page.$('#chart .pt');
	if (pt) {
		const k = await pt.evaluate((e) => e.getAttribute('data-n'));
		await pt.click();
		const shown = await page.evaluate(() => document.body.dataset.ply);
		ok(shown === k, `a click on the chart's mark jumps to node ${k}`);
		const id = await page.$eval('#moves a.m.cur', (e) => e.id);
		ok(id === 'm' + k, 'and highlights its move');
	}

	// the flip button turns the pieces round
	await page.keyboard.press('Home');
	const y = () => page.$eval('#pieces use', (e) => e.getAttribute('y'));
	const before = await y();
	await page.click('#flip');
	const after = await y();
	const flipped = await page.$eval('#board .files-flipped', (e) => e.checkVisibility());
	ok(before !== after && flipped, `the flip button turns the board (first piece y ${before} -> ${after})`);
	await page.click('#flip');

	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	ok(width <= 360, `nothing wider than a 360 px phone (${width} px)`);

	await page.screenshot({ path: `${pngPrefix}.page.png`, fullPage: true });
	await (await page.$('#board')).screenshot({ path: `${pngPrefix}.board.png` });
	ok(errors.length === 0, 'no console error', errors.join('\n'));
	ok(requests.length === 0, 'no network request', requests.join('\n'));
	await page.close();
}
} finally {
	await browser.close();
}
console.log(`1..${n}`);
process.exit(failed ? 1 : 0);

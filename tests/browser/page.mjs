// page.mjs XQSHOW [RECORD PAGE PNG-PREFIX]... - open each game page written by
// xqconv -t html (moves in ICCS) in Debian's headless chromium, at a phone's
// width, and print TAP lines: every ply of the main line stepped with the
// keys shows the FEN xqshow gives for it; End, Home, a click on a variation
// and the flip button work; a click on the chart (when there is one) jumps
// to its ply; no console error, no network request.  Saves PNG-PREFIX.page.png
// and PNG-PREFIX.board.png (the board at the start) for run.sh to look at.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
	record = pages[i];
	const pagePath = pages[i + 1], pngPrefix = pages[i + 2];
	const url = pathToFileURL(resolve(pagePath)).href;
	console.log(`# ${pagePath}`);
	const page = await context.newPage();
	const errors = [], requests = [];
	page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text()); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
	await page.goto(url, { waitUntil: 'load' });
	const fen = () => page.locator('#fen').textContent();

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
	const vars = await page.locator('#moves .var a.m').count();
	if (vars > 0) {
		const last = page.locator('#moves .var').first().locator(':scope > a.m').last();
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
		const cur = await page.locator('#moves a.m.cur').count();
		ok(cur === 1, 'the move shown is highlighted');
	} else {
		ok(false, 'the page has a variation to click');
	}

	// the chart of an annotated game
	const pts = await page.locator('#chart .pt').count();
	if (pts > 0) {
		const pt = page.locator('#chart .pt').first();
		const k = await pt.getAttribute('data-n');
		await pt.click();
		const shown = await page.evaluate(() => document.body.dataset.ply);
		ok(shown === k, `a click on the chart's mark jumps to node ${k}`);
		const id = await page.locator('#moves a.m.cur').getAttribute('id');
		ok(id === 'm' + k, 'and highlights its move');
	}

	// the flip button turns the pieces round
	await page.keyboard.press('Home');
	const before = await page.locator('#pieces use').first().getAttribute('y');
	await page.locator('#flip').click();
	const after = await page.locator('#pieces use').first().getAttribute('y');
	const flipped = await page.locator('#board .files-flipped').isVisible();
	ok(before !== after && flipped, `the flip button turns the board (first piece y ${before} -> ${after})`);
	await page.locator('#flip').click();

	const width = await page.evaluate(() => document.documentElement.scrollWidth);
	ok(width <= 360, `nothing wider than a 360 px phone (${width} px)`);

	await page.screenshot({ path: `${pngPrefix}.page.png`, fullPage: true });
	await page.locator('#board').screenshot({ path: `${pngPrefix}.board.png` });
	ok(errors.length === 0, 'no console error', errors.join('\n'));
	ok(requests.length === 0, 'no network request', requests.join('\n'));
	await page.close();
}
} finally {
	await context.close();
	rmSync(profile, { recursive: true, force: true });
}
console.log(`1..${n}`);
process.exit(failed ? 1 : 0);

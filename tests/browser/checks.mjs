// checks.mjs - the checks page.mjs (chromium) and firefox.mjs (firefox-esr)
// make on a game page written by xqconv -t html, through the calls
// playwright's and puppeteer's pages share: every ply of the main line
// stepped with the keys shows the FEN xqshow gives for it; End, Home, a
// click on a variation and the flip button work; a click on the chart (when
// there is one) jumps to its ply; the page fits a phone; no console error,
// no network request.  Results are TAP lines.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

let n = 0, failed = 0;

export function ok(cond, what, diag) {
	n++;
	if (!cond) failed++;
	console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${what}`);
	if (!cond && diag) console.log(diag.split('\n').map((l) => `# ${l}`).join('\n'));
}

// The plan line and the exit status once every page is checked.
export function done() {
	console.log(`1..${n}`);
	process.exit(failed ? 1 : 0);
}

// Load the page of pagePath into page, gathering what checkPage() looks at:
// console errors and warnings (playwright names a warning 'warning',
// puppeteer 'warn'), uncaught errors, and requests for anything but it.
export async function load(page, pagePath) {
	const url = pathToFileURL(resolve(pagePath)).href;
	const errors = [], requests = [];
	page.on('console', (m) => { if (['error', 'warn', 'warning'].includes(m.type())) errors.push(m.text()); });
	page.on('pageerror', (e) => errors.push(String(e)));
	page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
	await page.goto(url, { waitUntil: 'load' });
	return { errors, requests };
}

// page: a loaded page; errors and requests: what load() gathered; record:
// the game's file for xqshow.
export async function checkPage(page, { xqshow, record, pngPrefix, errors, requests }) {
	const libFen = (args) => {
		try {
			return execFileSync(xqshow, ['-F', ...args, record], { encoding: 'utf8' }).trim();
		} catch (e) {
			return null;
		}
	};
	const fen = async () => (await page.$eval('#fen', (e) => e.textContent)).trim();

	// every ply of the main line, with the keys
	await page.keyboard.press('Home');
	const seen = [];
	let bad = '';
	for (let ply = 0; ; ply++) {
		const shown = await fen();
		const want = libFen(['-p', String(ply)]);
		seen.push(shown);
		if (shown !== want && !bad) bad = `ply ${ply}: page ${shown}\n  xqshow ${want}`;
		await page.keyboard.press('ArrowRight');
		if ((await fen()) === shown) break;
		if (ply > 2000) { bad = 'ArrowRight never stops'; break; }
	}
	const plies = seen.length - 1;
	ok(!bad && plies > 0, `${plies} plies stepped with ArrowRight, each FEN as xqshow -p gives it`, bad);
	await page.keyboard.press('Home');
	ok((await fen()) === seen[0], 'Home shows the start');
	await page.keyboard.press('End');
	ok((await fen()) === seen[plies], 'End shows the last position');
	await page.keyboard.press('ArrowLeft');
	ok((await fen()) === seen[plies - 1], 'ArrowLeft steps back');

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
		const shown = await fen();
		ok(shown === want, `a click on a variation's move shows its position (${path})`,
			`page ${shown}\nxqshow ${want}`);
		ok((await page.$$('#moves a.m.cur')).length === 1, 'the move shown is highlighted');
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
}

// firefox.mjs XQSHOW [RECORD PAGE PNG-PREFIX]... - the checks of checks.mjs
// in Debian's firefox-esr, headless, driven by puppeteer-core over WebDriver
// BiDi (playwright cannot drive a stock firefox).  Saves
// PNG-PREFIX.page.png and PNG-PREFIX.board.png for run.sh to look at.
import puppeteer from 'puppeteer-core';
import { checkPage, done, load } from './checks.mjs';

const [xqshow, ...pages] = process.argv.slice(2);

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
		const [record, pagePath, pngPrefix] = pages.slice(i, i + 3);
		console.log(`# ${pagePath} in ${version}`);
		const page = await browser.newPage();
		await page.setViewport({ width: 360, height: 740 });
		const { errors, requests } = await load(page, pagePath);
		await checkPage(page, { xqshow, record, pngPrefix, errors, requests });
		await page.close();
	}
} finally {
	await browser.close();
}
done();

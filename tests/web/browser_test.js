// The browser test: starts `sandtable serve` on a free port, opens the page in headless
// chromium (puppeteer-core) and plays a whole quickplay game by clicks against a fast bot,
// checking that the board and the log update; saves screenshots of play and analysis.
// usage: node browser_test.js <sandtable binary> <screenshot dir>
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

function fail(message) {
  console.error('browser test FAILED: ' + message);
  process.exit(1);
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  const [binary, shots] = process.argv.slice(2);
  if (!binary || !shots) fail('usage: node browser_test.js <sandtable binary> <screenshot dir>');
  if (!fs.existsSync(CHROMIUM)) fail(`no chromium at ${CHROMIUM} (scripts/install-deps installs it)`);
  let puppeteer;
  try {
    puppeteer = require('puppeteer-core');
  } catch (e) {
    fail('puppeteer-core is missing: run `npm ci` in tests/web (scripts/install-deps does)');
  }
  fs.mkdirSync(shots, { recursive: true });

  const server = spawn(binary, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/[^ ]+\//);
      if (match) resolve(match[0]);
    });
    server.on('exit', (code) => reject(new Error(`sandtable serve exited with ${code}`)));
    setTimeout(() => reject(new Error('sandtable serve printed no URL')), 10000);
  });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: 'new',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    // Generous waits: under a loaded ctest -j2 the test once failed after 73 s (21 s alone),
    // a step past puppeteer's default 30 s.
    page.setDefaultTimeout(90000);
    await page.setViewport({ width: 1280, height: 900 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('#ruleset option[value="quickplay"]');
    await page.select('#ruleset', 'quickplay');
    await page.select('#budget', 'it');
    await page.$eval('#budget-value', (e) => { e.value = '40'; });
    await page.click('#start');
    await page.waitForSelector('#board svg');
    await page.screenshot({ path: path.join(shots, 'web-play-start.png') });

    const logLength = () => page.$$eval('#log li', (items) => items.length);
    const boardText = () => page.$eval('#board', (b) => b.innerHTML);
    // Waits until the page shows the person's turn or the end.
    const settle = () => page.waitForFunction(() => {
      const s = document.getElementById('status').textContent;
      return s.startsWith('Your move') || s.startsWith('Game over');
    }, { timeout: 60000 });

    let clicks = 0;
    let boardChanges = 0;
    let midShot = false;
    for (let step = 0; step < 500; ++step) {
      await settle();
      const status = await page.$eval('#status', (s) => s.textContent);
      if (status.startsWith('Game over')) break;
      const before = await logLength();
      const board = await boardText();
      const actions = await page.$$eval('#actions button', (bs) => bs.map((b) => b.dataset.action));
      const lit = await page.$$('#board rect.lit');
      if (actions.includes('end') && (step % 3 === 2 || lit.length === 0)) {
        await page.click('#actions button[data-action="end"]');
      } else {
        check(lit.length > 0, `no lit cell to click at step ${step}: ${actions.join(', ')}`);
        const target = lit[step % lit.length];
        await target.click();  // arms the cell: its actions are shown
        await page.waitForSelector('#chosen button');
        const choices = await page.$$('#chosen button');
        if (choices.length === 1) {
          await target.click();  // the second click acts
        } else {
          await choices[0].click();
        }
        clicks += 1;
      }
      // The move shows in the log, or the page says why not (an error fails at once).
      await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n ||
        document.getElementById('status').classList.contains('error'), { timeout: 60000 }, before);
      const after = await page.$eval('#status',
        (s) => ({ text: s.textContent, error: s.classList.contains('error') }));
      check(!after.error, `step ${step}: the page shows an error: ${after.text}`);
      if ((await boardText()) !== board) boardChanges += 1;
      if (!midShot && step === 12) {
        await settle();
        // Hover an action for its exact odds, then keep the picture.
        const shoot = await page.$('#actions button[data-action^="shoot"]');
        if (shoot) await shoot.hover();
        await page.screenshot({ path: path.join(shots, 'web-play.png') });
        midShot = true;
      }
    }
    const status = await page.$eval('#status', (s) => s.textContent);
    check(status.startsWith('Game over'), `the game did not end: ${status}`);
    check(clicks >= 10, `only ${clicks} clicks on the board`);
    check(boardChanges >= 10, `the board changed only ${boardChanges} times`);
    const log = await page.$$eval('#log li', (items) => items.map((i) => i.textContent));
    check(log.some((l) => l.startsWith('you play ')), 'no move of the person in the log');
    check(log.some((l) => l.startsWith('bot plays ')), 'no move of the bot in the log');
    await page.screenshot({ path: path.join(shots, 'web-play-over.png') });

    // Analysis of the game's start, then a step along a variation.
    await page.click('#tab-analyse');
    await page.$eval('#a-iterations', (e) => { e.value = '2000'; });
    await page.$eval('#a-moves', (e) => { e.value = 'T; move 1,6'; });
    await page.click('#a-run');
    await page.waitForSelector('#a-result table tr:nth-child(2)', { timeout: 60000 });
    const rows = await page.$$eval('#a-result tr', (r) => r.length);
    check(rows >= 3, `analysis shows ${rows} rows`);
    await page.click('#a-result .pv span');
    await page.waitForFunction(() => document.getElementById('a-status').textContent.startsWith('after'));
    await page.screenshot({ path: path.join(shots, 'web-analysis.png') });
    check(errors.length === 0, `page errors: ${errors.join('; ')}`);
    console.log(`browser test passed: ${clicks} clicks, ${boardChanges} board updates, ${log.length} log lines; screenshots in ${shots}`);
  } finally {
    await browser.close();
    server.kill();
  }
}

main().catch((e) => fail(e.stack || e.message));

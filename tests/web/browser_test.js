// A real browser against bitwa serve: headless Chromium driven by
// playwright-core plays a skirmish game through the page: click a unit and
// see its reachable hexes, click a hex and see the counter move, answer a
// decision dialog, undo, attack with the odds shown before confirming,
// step a replay.  Screenshots go to OUT (the build folder).
// usage: node browser_test.js BITWA OUT CHROMIUM   (from the source directory)
"use strict";
const { spawn, execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [bitwa, out, chromePath] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
let failures = 0, passes = 0;
function check(cond, what) {
  if (cond) passes++; else { failures++; console.log("FAIL " + what); }
}

async function main() {
  const game = path.join(out, "browser.bitwa");
  for (const f of [game, game + "-wal", game + "-shm"]) if (fs.existsSync(f)) fs.unlinkSync(f);
  execFileSync(bitwa, ["start", "tests/fixtures/scenarios/skirmish-archers.lua", "--ruleset", "skirmish", game, "--seed", "2"]);
  const srv = spawn(bitwa, ["serve", game, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let buf = "";
    const t = setTimeout(() => reject(new Error("the server did not start")), 20000);
    srv.stdout.on("data", (d) => {
      buf += d;
      const m = buf.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
  });
  const browser = await chromium.launch({ executablePath: chromePath, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--no-first-run"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const state = async () => (await (await page.request.get(url + "api/state")).json());
    const unitHex = async (name) => (await state()).units.find((u) => u.name === name).hex;
    await page.goto(url);
    await page.waitForSelector("#board svg polygon.hex");
    await page.screenshot({ path: path.join(out, "1-start.png") });

    // a unit: its values and reachable hexes
    await page.click('#board g.unit[data-unit="a"]');
    await page.waitForSelector("#board .hex.reach");
    const reach = await page.locator("#board .hex.reach").count();
    check(reach > 10, "the unit's reachable hexes are marked (" + reach + ")");
    check(await page.locator('#board .hex.reach[data-hex="0404"]').count() === 1, "0404 is reachable");
    check((await page.textContent("#unit-info")).includes("strength"), "the unit's values are shown");
    await page.screenshot({ path: path.join(out, "2-unit-reach.png") });

    // a hex: the path order; B's reaction is a dialog
    await page.click('#board polygon.hex[data-hex="0404"]', { force: true });
    await page.waitForSelector("dialog#decision[open]");
    check((await page.textContent("#decision-prompt")).includes("x may fire at a"), "the decision's prompt");
    await page.screenshot({ path: path.join(out, "3-decision.png") });
    await page.click('#decision-options button[value="hold"]');
    await page.waitForFunction(() => !document.querySelector("dialog#decision").open);
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("A to act"));
    check(await unitHex("a") === "0404", "the counter moved to 0404");

    // another move, then undo it
    await page.click('#board g.unit[data-unit="c"]');
    await page.waitForFunction(() => document.querySelector("#unit-info").textContent.includes("cavalry"));
    await page.waitForSelector('#board .hex.reach[data-hex="0406"]');
    await page.click('#board polygon.hex[data-hex="0406"]', { force: true });
    for (let i = 0; i < 50 && (await unitHex("c")) !== "0406"; i++) await page.waitForTimeout(100);
    check(await unitHex("c") === "0406", "c moved to 0406");
    await page.screenshot({ path: path.join(out, "4-moved.png") });
    await page.click("#undo");
    for (let i = 0; i < 50 && (await unitHex("c")) !== "0306"; i++) await page.waitForTimeout(100);
    check(await unitHex("c") === "0306", "undo put c back on 0306");
    await page.click("#undo");
    await page.waitForSelector("#toast:not([hidden])");
    check((await page.textContent("#toast")).includes("another side's decision is never taken back"),
      "undo beyond B's decision is refused with the reason");
    await page.screenshot({ path: path.join(out, "5-undo-refused.png") });

    // the attack phase: odds before confirming
    await page.fill("#order-line", "end");
    await page.click("#order-do");
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("A.attack"));
    await page.fill("#order-line", "attack a x");
    await page.click("#order-odds");
    await page.waitForSelector("#odds table");
    const odds = await page.textContent("#odds");
    check(/\d+\/\d+/.test(odds), "the exact odds are shown before confirming");
    await page.screenshot({ path: path.join(out, "6-odds.png") });
    const before = (await state()).actions;
    await page.click("#odds button");
    for (let i = 0; i < 50 && (await state()).actions === before && !(await state()).pending; i++) await page.waitForTimeout(100);
    // answer whatever the combat asks
    for (let i = 0; i < 10 && (await state()).pending; i++) {
      await page.waitForSelector("dialog#decision[open]");
      await page.screenshot({ path: path.join(out, "7-combat-decision.png") });
      await page.click("#decision-options button >> nth=0");
      await page.waitForTimeout(300);
    }
    check((await state()).actions > before, "the attack was played");
    await page.screenshot({ path: path.join(out, "8-after-attack.png") });

    // replay: the setup, then one action forward
    await page.click("#rp-first");
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("after action 0"));
    await page.click("#rp-fwd");
    await page.click("#rp-fwd");
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("after action 2"));
    check(await page.locator("#log li.current").count() === 1, "the log marks the action shown");
    await page.fill("#rp-turn", "1");
    await page.press("#rp-turn", "Enter");
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("after action 1"));
    passes++;
    await page.screenshot({ path: path.join(out, "9-replay.png") });
  } finally {
    await browser.close();
    srv.kill("SIGTERM");
  }
  const verify = execFileSync(bitwa, ["replay", game, "--verify"]).toString();
  check(verify.includes("every checksum matches"), "the game file verifies");
  await grunwald();
  console.log(`${passes} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

// Clash of Titans with the Teutonic Order played by the rules bot: a
// Polish unit's reach, a path order by a click, the counter on its hex.
async function grunwald() {
  const game = path.join(out, "grunwald.bitwa");
  for (const f of [game, game + "-wal", game + "-shm"]) if (fs.existsSync(f)) fs.unlinkSync(f);
  const srv = spawn(bitwa, ["serve", "grunwald/clash-of-titans", "-o", game, "--bots", "TO=rules", "--port", "0"],
                    { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    let buf = "";
    const t = setTimeout(() => reject(new Error("the Grunwald server did not start")), 60000);
    srv.stdout.on("data", (d) => {
      buf += d;
      const m = buf.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
  });
  const browser = await chromium.launch({ executablePath: chromePath, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--no-first-run"] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const state = async () => (await (await page.request.get(url + "api/state")).json());
    await page.goto(url);
    await page.waitForSelector("#board svg polygon.hex", { timeout: 60000 });
    await page.click('#board g.unit[data-unit="Poznan-1"]');
    await page.waitForSelector('#board .hex.reach[data-hex="1616"]', { timeout: 60000 });
    check((await page.textContent("#unit-info")).includes("armour"), "a Grunwald unit's values (armour)");
    await page.screenshot({ path: path.join(out, "g1-reach.png") });
    await page.click('#board polygon.hex[data-hex="1616"]', { force: true });
    let hex = null;
    for (let i = 0; i < 100 && hex !== "1616"; i++) {
      await page.waitForTimeout(200);
      hex = (await state()).units.find((u) => u.name === "Poznan-1").hex;
    }
    check(hex === "1616", "Poznan-1 walked to 1616 by one click (" + hex + ")");
    await page.waitForFunction(() => document.querySelector("#where").textContent.includes("PL"));
    await page.screenshot({ path: path.join(out, "g2-moved.png") });
  } finally {
    await browser.close();
    srv.kill("SIGTERM");
  }
}

main().catch((e) => { console.log("FAIL " + (e.stack || e)); process.exit(1); });

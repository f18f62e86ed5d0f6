"""serve_scan_browser.py: the Scan page of pnpkit serve in a real browser
(Debian's chromium and chromedriver through selenium), against 127.0.0.1
only. Uploads a generated photo of a played Circle 36 sheet
(tests/data/scan/played-1.jpg), checks that every reading the server sent is
drawn at its box over the sheet's picture with the doubtful ones marked,
corrects every doubtful field by keyboard to what was written (the photo's
truth, played-1.yaml) and one by a click, scores, and checks the score
page's total against `pnpkit score` of the corrected sheet and of the truth,
then downloads the completed PDF. A DiCroNo photo (dicrono-played-1.jpg):
its squares and penalty boxes drawn as read, two squares and a penalty box
corrected, and the DiCroNo score page's total against `pnpkit score`. A
not-an-image file gets its message. At
390x844: no sideways overflow, every reading and control a 44 px target.
Screenshots go to SHOTS. Every wait is bounded.

usage: python3 serve_scan_browser.py PNPKIT URL SHOTS WORKDIR SRC_DIR
"""
import json
import os
import re
import subprocess
import sys
import time
import traceback

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from pagewait import goto as leave_to, steady
from selenium.webdriver.support.ui import WebDriverWait

PNPKIT, URL, SHOTS, WORK, SRC = sys.argv[1:6]
PHOTO = os.path.join(SRC, "tests", "data", "scan", "played-1.jpg")
TRUTH = os.path.join(SRC, "tests", "data", "scan", "played-1.yaml")
os.makedirs(SHOTS, exist_ok=True)
failures = []
passed = 0


def check(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what, flush=True)


opts = webdriver.ChromeOptions()
opts.binary_location = "/usr/bin/chromium"
for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--disable-dev-shm-usage", "--window-size=1400,1100",
          "--user-data-dir=" + os.path.join(WORK, "profile")):
    opts.add_argument(a)
downloads = os.path.join(WORK, "downloads")
os.makedirs(downloads, exist_ok=True)
opts.add_experimental_option("prefs", {"download.default_directory": downloads,
                                       "download.prompt_for_download": False})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
driver.set_page_load_timeout(30)
driver.set_script_timeout(30)
wait = WebDriverWait(driver, 30, ignored_exceptions=[StaleElementReferenceException])


def shot(name):
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def cli(*args):
    return subprocess.run([PNPKIT, *args], capture_output=True, check=True).stdout


def score_total(path):
    return json.loads(cli("score", "circle36", path, "--json").decode().splitlines()[0])["total"]


def settled_text(eid, want):
    """The text of element eid once it is want, or what it holds when the
    wait runs out (for the failure's message)."""
    try:
        wait.until(lambda d: d.find_elements(By.ID, eid) and d.find_element(By.ID, eid).text == want)
    except TimeoutException:
        pass
    return steady(lambda: driver.find_element(By.ID, eid).text if driver.find_elements(By.ID, eid) else None)


def open_score_page(game):
    """Score on the Scan page: the game's score page, the sheet loaded."""
    driver.find_element(By.ID, "scan-score").click()
    wait.until(lambda d: d.current_url.endswith("#/score/" + game))
    wait.until(lambda d: d.find_elements(By.ID, "load-error") and
               d.find_element(By.ID, "load-error").get_attribute("data-state") == "loaded")
    wait.until(lambda d: d.find_elements(By.ID, "total"))


def truth_of(slot, truth):
    """What was written in slot, from the truth sheet (None: not known)."""
    rings = {"R": "red", "B": "blue", "G": "green"}
    m = re.match(r"^([RBG])(\d+)$", slot)
    if m:
        return truth[rings[m.group(1)]][int(m.group(2)) - 1]
    if slot == "Y":
        return truth["yellow"]
    if slot == "combos":
        return truth["combos"]
    m = re.match(r"^roll(\d+)\.([ab])$", slot)
    if m:
        return truth["rounds"][int(m.group(1)) - 1]["dice"][0 if m.group(2) == "a" else 1]
    return None


def read_truth():
    """played-1.yaml through pnpkit's own reader (the sheet as JSON is not
    printed, so it is read here: flow lists of numbers and rounds)."""
    t = {"rounds": []}
    for line in open(TRUTH):
        m = re.match(r"^(red|blue|green): \[(.*)\]", line)
        if m:
            t[m.group(1)] = [int(v) for v in m.group(2).split(",")]
        m = re.match(r"^(yellow|combos): (\d+)", line)
        if m:
            t[m.group(1)] = int(m.group(2))
        m = re.match(r"^\s*- \{dice: \[(\d+), (\d+)\]", line)
        if m:
            t["rounds"].append({"dice": [int(m.group(1)), int(m.group(2))]})
    return t


try:
    truth = read_truth()
    expected = json.loads(cli("scan", "--json", PHOTO).decode())

    # ---- a file that is not a photo: the server's message, nothing drawn ----
    leave_to(driver, URL + "#/scan")
    picker = wait.until(lambda d: d.find_element(By.ID, "scan-file"))
    check(picker.get_attribute("accept") == "image/*", "the picker asks for images")
    check(picker.get_attribute("capture") == "environment", "on a phone the picker opens the back camera")
    picker.send_keys(os.path.join(SRC, "tests", "data", "scan", "not-an-image.jpg"))
    wait.until(lambda d: d.find_element(By.ID, "scan-status").get_attribute("data-state") == "error")
    check(driver.find_element(By.ID, "scan-status").text ==
          "not-an-image.jpg could not be read: not-an-image.jpg: not a JPEG or PNG image",
          "not an image: %s" % driver.find_element(By.ID, "scan-status").text)
    check(not driver.find_elements(By.ID, "scan-sheet"), "nothing drawn for a bad photo")

    # ---- a DiCroNo photo: its squares and penalty boxes drawn, corrected, scored ----
    dcphoto = os.path.join(SRC, "tests", "data", "scan", "dicrono-played-1.jpg")
    dexp = json.loads(cli("scan", "--json", dcphoto).decode())
    picker.send_keys(dcphoto)
    wait.until(lambda d: d.find_element(By.ID, "scan-result").get_attribute("data-state") == "ready")
    dmarks = driver.find_elements(By.CSS_SELECTOR, "#scan-sheet .reading")
    check(len(dmarks) == len(dexp["fields"]), "DiCroNo: one mark a field: %d of %d" % (len(dmarks), len(dexp["fields"])))
    for f in dexp["fields"]:
        b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"])
        want = ("·", "X", "O")[f["value"]] if f["slot"].startswith("cell.") else ("✓" if f["value"] == 1 else "·")
        if b.text != want:
            check(False, "DiCroNo %s shows %r, read %r" % (f["slot"], b.text, want))
    cells = {f["slot"]: f["value"] for f in dexp["fields"] if f["slot"].startswith("cell.")}
    sx = next(k for k, v in cells.items() if v == 1)
    so = next(k for k, v in cells.items() if v == 2)
    # an X corrected to O (a wrong letter refused first), an O to X: the game's counts hold
    driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % sx).click()
    value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
    wait.until(lambda d: d.switch_to.active_element == value)
    check(value.get_attribute("value") == "X", "the square's editor holds its X")
    value.send_keys(Keys.CONTROL, "a")
    value.send_keys("7" + Keys.ENTER)
    check("X or O" in driver.find_element(By.ID, "scan-edit-error").text, "a square takes X or O only")
    value.send_keys(Keys.CONTROL, "a")
    value.send_keys("o" + Keys.ENTER)
    b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % sx)
    check(b.text == "O" and "fixed" in b.get_attribute("class"), "%s corrected to O: %r" % (sx, b.text))
    b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % so)
    driver.execute_script("arguments[0].focus()", b)
    b.send_keys(Keys.ENTER)
    value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
    wait.until(lambda d: d.switch_to.active_element == value)
    value.send_keys(Keys.CONTROL, "a")
    value.send_keys("X" + Keys.ENTER)
    # a penalty box: ticked by keyboard (Space, Enter), then emptied
    pen = next(f for f in dexp["fields"] if f["slot"].startswith("g1.X.pen") and f["value"] == 0)["slot"]
    driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % pen).click()
    box = wait.until(lambda d: d.find_element(By.ID, "scan-circled"))
    wait.until(lambda d: d.switch_to.active_element == box)
    check(not driver.find_element(By.ID, "scan-value").is_displayed(), "a penalty box has no number to type")
    check("ticked" in driver.find_element(By.ID, "scan-edit").text, "a penalty box is ticked, not circled")
    box.send_keys(Keys.SPACE)
    box.send_keys(Keys.ENTER)
    b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % pen)
    check(b.text == "✓", "%s ticked: %r" % (pen, b.text))
    ticked = driver.find_element(By.ID, "scan-yaml").get_attribute("textContent")
    npen = sum(1 for f in dexp["fields"] if f["slot"].startswith("g1.X.pen") and f["value"] == 1)
    check("penalties: {X: %d," % (npen + 1) in ticked, "the tick counts in the game: %s" % ticked)
    b.click()
    wait.until(lambda d: d.find_element(By.ID, "scan-circled").is_displayed())
    driver.find_element(By.ID, "scan-clear").click()
    check(driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % pen).text == "·", "Empty unticks it")
    dyaml = driver.find_element(By.ID, "scan-yaml").get_attribute("textContent")
    c, r = (int(v) for v in sx.split(".")[1:])
    row = re.search(r"grid: \|\n((?:      .*\n)+)", dyaml)
    check(row is not None and row.group(1).splitlines()[r - 1].split()[c - 1] == "O", "the grid holds the O: %s" % dyaml)
    check(dyaml.startswith("game: dicrono\ngames:\n  - first: ") and "penalties: {X: %d," % npen in dyaml,
          "the corrected game as pnpkit score reads it: %s" % dyaml)
    dpath = os.path.join(WORK, "dicrono-corrected.yaml")
    open(dpath, "w").write(dyaml)
    dtotal = json.loads(cli("score", "dicrono", dpath, "--json").decode().splitlines()[0])["total"]
    shot("scan-dicrono-corrected")
    open_score_page("dicrono")
    check(driver.find_element(By.ID, "cell-%d-%d" % (c, r)).text == "O", "the O on the DiCroNo score page")
    want_total = "X %d · O %d" % (dtotal["X"], dtotal["O"])
    got = settled_text("total", want_total)
    check(got == want_total, "the page's set total %r is pnpkit score's %s" % (got, want_total))
    shot("scan-dicrono-scored")
    leave_to(driver, URL + "#/calc")
    leave_to(driver, URL + "#/scan")
    wait.until(lambda d: d.find_elements(By.ID, "scan-file"))

    # ---- the photo: every reading at its box, the doubtful ones marked ----
    driver.find_element(By.ID, "scan-file").send_keys(PHOTO)
    wait.until(lambda d: d.find_element(By.ID, "scan-result").get_attribute("data-state") == "ready")
    img = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#scan-sheet img"))
    wait.until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img))
    marks = driver.find_elements(By.CSS_SELECTOR, "#scan-sheet .reading")
    check(len(marks) == len(expected["fields"]), "one mark a field: %d of %d" % (len(marks), len(expected["fields"])))
    sheet = driver.find_element(By.ID, "scan-sheet").rect
    W = driver.execute_script("return arguments[0].naturalWidth", img)
    px_mm = sheet["width"] / 210.0  # circle36 is A4
    worst = 0.0
    for f in expected["fields"]:
        b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"])
        r = b.rect
        x, y, w, h = f["box_mm"]
        cx = sheet["x"] + (x + w / 2) * px_mm
        cy = sheet["y"] + (y + h / 2) * px_mm
        worst = max(worst, abs(r["x"] + r["width"] / 2 - cx) / px_mm, abs(r["y"] + r["height"] / 2 - cy) / px_mm)
        shown = b.text
        want = "·" if f["value"] is None or f["value"] < 0 else str(f["value"])
        if shown != want:
            check(False, "%s shows %r, read %r" % (f["slot"], shown, want))
        cls = b.get_attribute("class").split()
        if ("doubt" in cls) == f["sure"]:
            check(False, "%s: marked doubtful %s, sure %s" % (f["slot"], "doubt" in cls, f["sure"]))
        if f.get("circled") is not None and ("circled" in cls) != f["circled"]:
            check(False, "%s: circled %s" % (f["slot"], f["circled"]))
    check(worst < 0.5, "every reading centred on its box (worst %.2f mm)" % worst)
    doubtful = [f for f in expected["fields"] if not f["sure"]]
    check(len(doubtful) >= 1, "the photo has doubtful readings to correct (%d)" % len(doubtful))
    check(len(driver.find_elements(By.CSS_SELECTOR, "#scan-sheet .reading.doubt")) == len(doubtful), "each doubtful one marked")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#scan-doubts .doubt-go")) == len(doubtful), "each doubtful one listed")
    check(driver.find_element(By.ID, "scan-yaml").get_attribute("textContent") == expected["sheet"],
          "uncorrected, the sheet is the one the server read")
    shot("scan-read")

    # ---- corrections: the first doubtful one by a click, the rest by keyboard ----
    first = True
    for f in doubtful:
        want = truth_of(f["slot"], truth)
        if first:
            driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"]).click()
        else:
            b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"])
            driver.execute_script("arguments[0].focus()", b)
            b.send_keys(Keys.ENTER)
        value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
        wait.until(lambda d: d.switch_to.active_element == value)
        if first:
            value.send_keys(Keys.CONTROL, "a")
            value.send_keys("x7")
            driver.find_element(By.ID, "scan-ok").click()
            check("0 to 99" in driver.find_element(By.ID, "scan-edit-error").text, "a non-number is refused in the editor")
            value.send_keys(Keys.CONTROL, "a")
        value.send_keys(str(want) + Keys.ENTER)
        b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"])
        check(b.text == str(want) and "fixed" in b.get_attribute("class") and "doubt" not in b.get_attribute("class"),
              "%s corrected to %s: %r %s" % (f["slot"], want, b.text, b.get_attribute("class")))
        check(driver.switch_to.active_element == b, "focus back on %s after the correction" % f["slot"])
        first = False
    check(not driver.find_elements(By.CSS_SELECTOR, "#scan-sheet .reading.doubt"), "nothing left doubtful")
    corrected = driver.find_element(By.ID, "scan-yaml").get_attribute("textContent")
    path = os.path.join(WORK, "corrected.yaml")
    open(path, "w").write(corrected)
    total_truth = score_total(TRUTH)
    check(score_total(path) == total_truth, "the corrected sheet scores as what was played: %s, %s" % (score_total(path), total_truth))
    if all(truth_of(f["slot"], truth) == f["value"] for f in doubtful):
        check(corrected == expected["sheet"], "doubtful readings confirmed as read: the server's sheet, rounds and all")

    # ---- a real change: R1 written as another number; the rounds are left out ----
    forced = 1 if truth["red"][0] != 1 else 2
    b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="R1"]')
    b.click()
    value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
    wait.until(lambda d: d.switch_to.active_element == value)
    value.send_keys(Keys.CONTROL, "a")
    value.send_keys(str(forced) + Keys.ENTER)
    corrected = driver.find_element(By.ID, "scan-yaml").get_attribute("textContent")
    check(re.search(r"^red: \[%d, " % forced, corrected, re.M) is not None, "R1 changed in the sheet: %s" % corrected)
    check("rounds:" not in corrected, "after a change the rounds are left out")
    check(driver.find_element(By.ID, "scan-note").text.startswith("Corrected"), "the page says why")
    open(path, "w").write(corrected)
    total_cli = score_total(path)
    shot("scan-corrected")

    # ---- Score: the score page on that board with the corrected sheet ----
    open_score_page("circle36")
    check(driver.find_element(By.ID, "space-R1").get_attribute("value") == str(forced), "R1 on the score page")
    total_page = settled_text("total", str(total_cli))
    check(total_page == str(total_cli), "the page's total %s is pnpkit score's %s" % (total_page, total_cli))
    driver.find_element(By.ID, "dl-pdf").click()
    pdf = os.path.join(downloads, "circle36-scored.pdf")
    end = time.time() + 20
    while time.time() < end and not os.path.exists(pdf):
        time.sleep(0.1)
    time.sleep(0.3)
    check(os.path.exists(pdf) and open(pdf, "rb").read(5) == b"%PDF-", "the completed sheet downloads as a PDF")
    shot("scan-scored")

    # ---- a variant: a blank 4-ring sheet for ordinary dice, one space written ----
    blank = os.path.join(WORK, "rings4.png")
    cli("render", "circle36", "--set", "rings=4", "--set", "dice=6", "-q", "--format", "png", "--dpi", "100", "-o", blank)
    leave_to(driver, URL + "#/calc")
    leave_to(driver, URL + "#/scan")
    wait.until(lambda d: d.find_elements(By.ID, "scan-file"))
    driver.find_element(By.ID, "scan-file").send_keys(blank)
    wait.until(lambda d: d.find_element(By.ID, "scan-result").get_attribute("data-state") == "ready")
    o1 = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="O1"]')
    check(o1.text == "·", "an empty space is drawn as empty: %r" % o1.text)
    o1.click()
    value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
    wait.until(lambda d: d.switch_to.active_element == value)
    value.send_keys("5" + Keys.ENTER)
    variant = driver.find_element(By.ID, "scan-yaml").get_attribute("textContent")
    check(re.search(r"^orange: \[5, ~, ~, ~, ~, ~, ~, ~\]$", variant, re.M) is not None, "the fourth ring in the sheet: %s" % variant)
    vpath = os.path.join(WORK, "rings4.yaml")
    open(vpath, "w").write(variant)
    vtotal = json.loads(cli("score", "circle36", vpath, "--set", "rings=4", "--set", "dice=6", "--json").decode().splitlines()[0])["total"]
    open_score_page("circle36")
    summary = driver.find_element(By.ID, "variant-summary").get_attribute("textContent")
    check("rings 4" in summary and "dice 6" in summary, "the score page is on the scanned board: %s" % summary)
    check(driver.find_element(By.ID, "space-O1").get_attribute("value") == "5", "O1 on the score page")
    got = settled_text("total", str(vtotal))
    check(got == str(vtotal), "the variant's total %r is pnpkit score's %s" % (got, vtotal))
    shot("scan-variant-scored")

    # ---- a phone: 390 x 844 ----
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    leave_to(driver, URL + "#/calc")
    leave_to(driver, URL + "#/scan")
    wait.until(lambda d: d.find_elements(By.ID, "scan-file"))
    driver.find_element(By.ID, "scan-file").send_keys(PHOTO)
    wait.until(lambda d: d.find_element(By.ID, "scan-result").get_attribute("data-state") == "ready")
    time.sleep(0.6)
    sw, cw = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    check(sw <= cw, "scan at 390 px: no sideways overflow (%d > %d)" % (sw, cw))
    small = driver.execute_script("""
      const out = [];
      for (const e of document.querySelectorAll('header a, main a, main button, main input, main select, main summary, main label[role=button]')) {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        if (r.width < 44 || r.height < 44) out.push((e.id || e.dataset.slot || e.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
      }
      return out;""")
    check(not small, "scan at 390 px: every tap target at least 44x44: %s" % small[:8])
    overlap = driver.execute_script("""
      const r = [...document.querySelectorAll('#scan-sheet .reading')].map((e) => e.getBoundingClientRect());
      let n = 0;
      for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++)
        if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1 && r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1) n++;
      return n;""")
    check(overlap == 0, "no two readings' targets overlap on a phone (%d do)" % overlap)
    shot("phone-scan")
    f = doubtful[0]
    b = driver.find_element(By.CSS_SELECTOR, '#scan-sheet .reading[data-slot="%s"]' % f["slot"])
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", b)
    b.click()
    value = wait.until(lambda d: d.find_element(By.ID, "scan-value"))
    check(value.is_displayed(), "tapping a reading opens its editor on a phone")
    shot("phone-scan-edit")
except Exception as e:
    shot("failure")
    line = ([f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename == __file__] or [0])[-1]
    check(False, "stopped at %s (line %d): %s" % (driver.current_url, line, repr(e)[:300]))
finally:
    driver.quit()

print("%d passed, %d failed" % (passed, len(failures)))
sys.exit(1 if failures else 0)

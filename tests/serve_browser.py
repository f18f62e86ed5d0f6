"""serve_browser.py: pnpkit serve in a real browser (Debian's chromium and
chromedriver through selenium), against 127.0.0.1 only. Opens the gallery, sets
circle36's rings to 4 and waits for the preview to be the 4-ring board, enters
a perfect Circle 36 game and sees the total 36, enters a value out of range
and sees the message beside the space, downloads a PDF, loads a Circle 36
game with its 25 rounds and saves it again, enters a round, builds a
Cirplexed circle by placing and turning tiles, uses the editor.
Screenshots go to SHOTS. Every wait is bounded.

usage: python3 serve_browser.py PNPKIT URL SHOTS WORKDIR [SRC_DIR]
"""
import json
import os
import re
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import Select, WebDriverWait

PNPKIT, URL, SHOTS, WORK = sys.argv[1:5]
SRC = sys.argv[5] if len(sys.argv) > 5 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
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
# the page replaces the totals on every answer: a found element may go stale
wait = WebDriverWait(driver, 30, ignored_exceptions=[StaleElementReferenceException])


def shot(name):
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def cli(*args):
    return subprocess.run([PNPKIT, *args], capture_output=True, check=True).stdout


def downloaded(name):
    """The bytes of a download, once it is complete (or None after 20 s)."""
    path = os.path.join(downloads, name)
    end = time.time() + 20
    while time.time() < end and not os.path.exists(path):
        time.sleep(0.1)
    if not os.path.exists(path):
        return None
    time.sleep(0.3)
    return open(path, "rb").read()


def click(css):
    """Clicks what css finds, again if the page redrew it meanwhile."""
    for attempt in range(5):
        try:
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, css))[0].click()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise


def text_of(css):
    return wait.until(lambda d: d.find_element(By.CSS_SELECTOR, css).text)


def score_json(game, path):
    return [json.loads(l) for l in cli("score", game, path, "--json").decode().splitlines() if l]


try:
    # ---- the gallery: every template with its picture ----
    driver.get(URL)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#gallery .card"))
    names = [c.get_attribute("data-template") for c in driver.find_elements(By.CSS_SELECTOR, "#gallery .card")]
    listed = [l.split()[0] for l in cli("list").decode().splitlines() if l and not l[0].isspace()]
    check(sorted(names) == sorted(listed), "gallery shows every template of pnpkit list: %s" % names)
    wait.until(lambda d: all(i.get_attribute("src") and d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", i)
        for i in d.find_elements(By.CSS_SELECTOR, "#gallery img")))
    check(True, "every picture loaded")
    shot("gallery")

    # ---- circle36: rings 4, the preview follows ----
    driver.find_element(By.CSS_SELECTOR, '#gallery .card[data-template="circle36"]').click()
    rings = wait.until(lambda d: d.find_element(By.ID, "f-rings"))
    check(rings.get_attribute("min") == "1" and rings.get_attribute("max") == "6", "rings field has the bounds 1..6")
    wait.until(lambda d: d.find_element(By.ID, "preview").get_attribute("data-state") == "ready")
    rings.clear()
    rings.send_keys("4")
    want = cli("render", "circle36", "--set", "rings=4", "-f", "svg", "-o", "-").decode()
    t0 = time.time()
    wait.until(lambda d: d.execute_script(
        "return window.pnpkit.lastPreview && window.pnpkit.lastPreview.svg") == want)
    check(True, "preview is the 4-ring board (same SVG as pnpkit render --set rings=4)")
    print("preview followed the change in %.0f ms" % ((time.time() - t0) * 1000))
    shot("circle36-rings4")
    # a bad value: the CLI's message beside the field
    rings.clear()
    rings.send_keys("9")
    err = subprocess.run([PNPKIT, "render", "circle36", "--set", "rings=9", "-o", os.path.join(WORK, "x.svg")],
                         capture_output=True).stderr.decode().strip()
    wait.until(lambda d: d.find_element(By.ID, "msg-rings").text == err)
    check(True, "message beside rings is the CLI's: %r" % err)
    shot("circle36-bad-rings")
    rings.clear()
    rings.send_keys("4")
    wait.until(lambda d: d.find_element(By.ID, "msg-rings").text == "")
    # a download: the PDF the CLI writes
    driver.find_element(By.ID, "dl-pdf").click()
    pdf = os.path.join(downloads, "circle36.pdf")
    end = time.time() + 20
    while time.time() < end and not os.path.exists(pdf):
        time.sleep(0.1)
    check(os.path.exists(pdf), "PDF downloaded")
    if os.path.exists(pdf):
        time.sleep(0.3)
        same = cli("render", "circle36", "--set", "rings=4", "-f", "pdf", "-o", "-")
        check(open(pdf, "rb").read() == same, "downloaded PDF is byte-identical to pnpkit render")

    # ---- score Circle 36: a perfect game ----
    driver.get(URL + "#/score/circle36")
    wait.until(lambda d: d.find_elements(By.ID, "space-R1"))
    perfect = {"R": [5, 4, 4, 5, 4, 5, 5, 4], "B": [4, 5, 4, 5, 5, 4, 5, 4], "G": [5, 5, 4, 4, 4, 4, 5, 5]}
    for ring, vals in perfect.items():
        for k, v in enumerate(vals, 1):
            e = driver.find_element(By.ID, "space-%s%d" % (ring, k))
            e.click()
            e.send_keys(str(v))
    driver.find_element(By.ID, "space-Y").send_keys("9")
    driver.find_element(By.ID, "space-player").send_keys("Ada")
    c = driver.find_element(By.ID, "combos")
    c.clear()
    c.send_keys("1")
    wait.until(lambda d: d.find_elements(By.ID, "total") and d.find_element(By.ID, "total").text == "36")
    check(True, "perfect game totals 36")
    shot("score-circle36")
    # completed sheet as PDF
    driver.find_element(By.ID, "dl-pdf").click()
    scored = os.path.join(downloads, "circle36-scored.pdf")
    end = time.time() + 20
    while time.time() < end and not os.path.exists(scored):
        time.sleep(0.1)
    check(os.path.exists(scored), "completed sheet downloaded")
    # a value out of range: the message beside the space
    r3 = driver.find_element(By.ID, "space-R3")
    r3.clear()
    r3.send_keys("77")
    tip_text, box_tip = wait.until(lambda d: d.find_elements(By.ID, "tip") and "77" in d.find_element(By.ID, "tip").text
                                   and (d.find_element(By.ID, "tip").text, d.find_element(By.ID, "tip").rect))
    check("77" in tip_text, "message names the value: %r" % tip_text)
    check("bad" in r3.get_attribute("class"), "the space is marked")
    box_r3 = r3.rect
    check(abs(box_tip["x"] - box_r3["x"]) < 5 and 0 <= box_tip["y"] - (box_r3["y"] + box_r3["height"]) < 10,
          "message sits beside the space: %s %s" % (box_r3, box_tip))
    shot("score-circle36-bad")

    # ---- DiCroNo: click squares to cycle X / O / empty ----
    driver.get(URL + "#/score/dicrono")
    cell = wait.until(lambda d: d.find_element(By.ID, "cell-1-1"))
    for col in (1, 2, 3):
        driver.find_element(By.ID, "cell-%d-1" % col).click()
    for col, row in ((1, 3), (3, 3), (5, 5)):
        o = driver.find_element(By.ID, "cell-%d-%d" % (col, row))
        o.click()
        o.click()
        check(o.text == "O", "a second click makes O")
    wait.until(lambda d: d.find_elements(By.ID, "total") and d.find_element(By.ID, "total").text == "X 1 · O 0")
    check(True, "three X in a row score a point")
    shot("score-dicrono")
    cell.click()
    cell.click()
    check(cell.text == "", "a third click empties the square")

    # ---- Circle 36 with its rounds: load a played game, save it again ----
    game3 = os.path.join(SRC, "tests/data/circle36-game3-perfect.yaml")
    want = score_json("circle36", game3)[0]
    driver.get(URL + "#/score/circle36")
    wait.until(lambda d: d.find_elements(By.ID, "space-R1"))
    driver.find_element(By.ID, "load-file").send_keys(game3)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#rounds tr")) == 25)
    wait.until(lambda d: d.find_element(By.ID, "totals").get_attribute("data-state") == "ready"
               and d.find_element(By.ID, "total").text == str(want["total"]))
    check(True, "the loaded game with 25 rounds totals %d, as pnpkit score says" % want["total"])
    combos = driver.find_element(By.ID, "combos")
    check(not combos.is_enabled() and combos.get_attribute("value") == str(want["combos"]),
          "ComboCircles counted from the rounds: %s" % combos.get_attribute("value"))
    check(driver.find_element(By.ID, "round-25-cell").get_attribute("value") == "G4"
          and driver.find_element(By.ID, "round-25-value").get_attribute("value") == "3",
          "round 25 is G4, value 3 (the board's space)")
    check(driver.find_element(By.ID, "roll-25-a").get_attribute("value") == "3"
          and driver.find_element(By.ID, "roll-25-b").get_attribute("value") == "6",
          "round 25's dice 3 and 6 are on the sheet's Dice Rolls record")
    shot("score-circle36-rounds")
    # dice that cannot make the written 3: the round is marked, the message given
    b25 = driver.find_element(By.ID, "round-25-b")
    b25.clear()
    b25.send_keys("1")
    a25 = driver.find_element(By.ID, "round-25-a")
    a25.clear()
    a25.send_keys("1")
    wait.until(lambda d: d.find_element(By.ID, "totals").get_attribute("data-state") == "error")
    err = driver.find_element(By.ID, "score-error").text
    marked = driver.find_elements(By.CSS_SELECTOR, "#round-25 .bad")
    check(re.match(r"<sheet>:32:\d+: ", err) and marked, "the refused round (line 32) is marked: %r" % err)
    check("bad" in driver.find_element(By.ID, "roll-25-a").get_attribute("class"),
          "and its die on the Dice Rolls record")
    a25.clear()
    a25.send_keys("3")
    b25.clear()
    b25.send_keys("6")
    wait.until(lambda d: d.find_element(By.ID, "totals").get_attribute("data-state") == "ready"
               and d.find_element(By.ID, "total").text == str(want["total"]))
    driver.find_element(By.ID, "save-yaml").click()
    saved = downloaded("circle36-sheet.yaml")
    check(saved is not None and saved.count(b"- {dice:") == 25, "the saved sheet keeps the 25 rounds")
    if saved is not None:
        path = os.path.join(WORK, "saved36.yaml")
        open(path, "wb").write(saved)
        got = score_json("circle36", path)[0]
        check(got["total"] == want["total"] and got["combos"] == want["combos"],
              "pnpkit score reads the saved sheet: total %d" % got["total"])
    # a new round: a sum writes itself into the space (a fresh page: the same
    # address again would keep this one)
    driver.get(URL + "#/calc")
    driver.get(URL + "#/score/circle36")
    wait.until(lambda d: d.find_elements(By.ID, "space-R1"))
    driver.find_element(By.CSS_SELECTOR, "#rounds-box summary").click()
    driver.find_element(By.ID, "add-round").click()
    driver.find_element(By.ID, "round-1-a").send_keys("4")
    driver.find_element(By.ID, "round-1-b").send_keys("5")
    Select(driver.find_element(By.ID, "round-1-cell")).select_by_value("Y")
    Select(driver.find_element(By.ID, "round-1-use")).select_by_value("sum")
    check(driver.find_element(By.ID, "space-Y").get_attribute("value") == "9", "4 + 5 written into the centre")
    # a die typed on the sheet's Dice Rolls record makes round 2
    driver.find_element(By.ID, "roll-2-a").send_keys("6")
    wait.until(lambda d: d.find_elements(By.ID, "round-2-a"))
    check(driver.find_element(By.ID, "round-2-a").get_attribute("value") == "6", "a die typed on the sheet makes round 2")
    wait.until(lambda d: d.find_element(By.ID, "totals").get_attribute("data-state") in ("ready", "error"))

    # ---- Cirplexed: tiles placed and turned on the board ----
    driver.get(URL + "#/score/cirplexed")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#cpx-table #result-2"))
    check(len(driver.find_elements(By.CSS_SELECTOR, "#cpx-set .tile")) == 90, "the set holds 90 tiles")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#cpx-set .tile.used")) == 3, "the 3 tiles on the boards are greyed")
    click("#add-player")
    name = driver.find_element(By.ID, "cpx-name")
    name.clear()
    name.send_keys("Cid")
    # four tiles whose red corners meet at the point (1, 1): turns clockwise
    for tile, turns, at in (("red-orange-yellow-green", 2, "0-0"), ("red-orange-yellow-blue", 3, "1-0"),
                            ("red-orange-green-yellow", 0, "1-1"), ("red-orange-green-blue", 1, "0-1")):
        click("#tile-" + tile)
        for _ in range(turns):
            click("#rotate")
        click("#pos-" + at)
        wait.until(lambda d: d.find_elements(By.ID, "placed-" + at))
    wait.until(lambda d: d.find_element(By.ID, "totals").get_attribute("data-state") == "ready"
               and d.find_element(By.CSS_SELECTOR, "#result-3 .tiles").text == "4")
    check(text_of("#result-3 .circles") == "1", "Cid's four red corners make one circle")
    check(text_of("#result-3 .rank") == "1", "one circle ranks Cid first")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#cpx-set .tile.used")) == 7, "the placed tiles leave the set")
    wait.until(lambda d: d.execute_script(
        "const i = document.getElementById('scored-img'); return i.complete && i.naturalWidth > 0"))
    shot("score-cirplexed")
    # turning a placed tile breaks the circle
    click("#placed-1-1")
    click("#rotate")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#result-3 .circles").text == "0")
    check(True, "a placed tile turned: no circle")
    for _ in range(3):
        click("#rotate")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#result-3 .circles").text == "1")
    driver.find_element(By.ID, "save-yaml").click()
    saved = downloaded("cirplexed-sheet.yaml")
    check(saved is not None, "the Cirplexed sheet saved")
    if saved is not None:
        path = os.path.join(WORK, "cirplexed.yaml")
        open(path, "wb").write(saved)
        got = {p["name"]: (p["circles"], p["tiles"], p["rank"]) for p in score_json("cirplexed", path)[0]["players"]}
        check(got.get("Cid") == (1, 4, 1) and got.get("Ann", (0, 0))[1] == 2,
              "pnpkit score cirplexed reads the saved sheet: %s" % got)

    # ---- the editor: an error marks its line ----
    driver.get(URL + "#/editor/circle36")
    wait.until(lambda d: d.find_element(By.ID, "preview").get_attribute("data-state") == "ready")
    area = driver.find_element(By.ID, "ed-yaml")
    driver.execute_script("arguments[0].value = arguments[0].value.replace(/^title: .*$/m, 'title: [oops'); "
                          "arguments[0].dispatchEvent(new Event('input'))", area)
    pos = wait.until(lambda d: d.find_element(By.ID, "ed-pos").text or None)
    check(pos.startswith("line "), "the editor shows the error's line: %r" % pos)
    shot("editor-error")
except Exception as e:
    shot("failure")
    check(False, "stopped at %s: %s" % (driver.current_url, repr(e)[:300]))
finally:
    driver.quit()

print("%d passed, %d failed" % (passed, len(failures)))
sys.exit(1 if failures else 0)

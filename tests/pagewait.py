"""pagewait.py: reading a page that draws parts of itself again, and moving
between the app's pages (shared by the browser tests serve_browser.py and
serve_scan_browser.py)."""
import time

from selenium.common.exceptions import StaleElementReferenceException


def steady(read):
    """What read() gives once the page holds still: the page may draw an
    element again between finding it and reading it, so that is retried."""
    for attempt in range(10):
        try:
            return read()
        except StaleElementReferenceException:
            if attempt == 9:
                raise
            time.sleep(0.2)


def goto(driver, url):
    """Opens url as the tests move between pages: typed work left on the
    page is given up first, as a player answering the page's question OK
    would (the question itself is tested where it is asked)."""
    try:
        driver.execute_script("if (window.pnpkit) window.pnpkit.unsaved = false")
    except Exception:
        pass
    driver.get(url)

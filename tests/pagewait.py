"""pagewait.py: reading a page that draws parts of itself again (shared by
the browser tests serve_browser.py and serve_scan_browser.py)."""
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

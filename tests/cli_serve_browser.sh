# cli_serve_browser.sh: pnpkit serve in Debian's chromium through selenium
# (tests/serve_browser.py), on 127.0.0.1. Screenshots are kept in
# BUILD/serve-screens/. Skipped (exit 77) when chromium, chromedriver or
# python3-selenium is missing.
. "$(dirname "$0")/browser.sh"
browser_test serve_browser.py serve-screens

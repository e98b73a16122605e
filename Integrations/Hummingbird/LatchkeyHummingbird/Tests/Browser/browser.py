"""What the browser scripts share: the server's origin, one line per check, waiting for a navigation,
and a headless Chromium."""
import os
import signal
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

# The test runner's threads block signals, and children inherit the mask: unblock them, so that
# chromedriver and Chromium stop when told to.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

BASE = os.environ["LATCHKEY_BASE"]
PASSWORD = os.environ["LATCHKEY_PASSWORD"]


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        sys.exit(1)


def settles(driver, condition, seconds=15):
    """Waits for a navigation to end in `condition` (a click returns before the next page loads;
    on a busy machine a check right after it read the old page). False when it never does."""
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.05).until(lambda d: condition(d))
        return True
    except Exception:
        return False


def chromium():
    """A headless Chromium driven by chromedriver (Debian's, unless CHROMIUM / CHROMEDRIVER say)."""
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
        options.add_argument(flag)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    return webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)

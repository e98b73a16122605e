"""What the browser scripts share: the server's origin, one line per check, waiting for a navigation,
and a headless Chromium."""
import base64
import hashlib
import hmac
import json
import os
import signal
import struct
import sys
import time
import urllib.request

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


def totp(secret, step_offset=0):
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    step = int(time.time()) // 30 + step_offset
    digest = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def api(path, body, token=None):
    request = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def enroll_second_factor(username):
    """Turns the user's second factor on through the JSON routes; answers its secret and recovery
    codes."""
    token = api("/v1/login", {"username": username, "password": PASSWORD})["token"]
    secret = api("/v1/second-factor/enroll", {"password": PASSWORD}, token)["secret"]
    confirmed = api("/v1/second-factor/confirm", {"code": totp(secret)}, token)
    return secret, confirmed["recovery_codes"]

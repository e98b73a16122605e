"""Passkeys in headless Chromium with WebDriver's virtual authenticators (ctap2, internal transport,
resident keys): alice enrols one on /account, renames it, signs out, signs in with the
`passkey-sign-in` button without typing a username and lands on `next`; once she removes it on
/account, the authenticator's credential is refused. Then a second authenticator without user
verification: bob, whose second factor is on, enrols it, and his passkey sign-in is one factor,
so the page asks for his code. Reads the server's origin and the password from the environment
(it registers alice and bob with that password); prints one line per check and exits 1 on the first
failure."""
import json
import os
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from browser import BASE, PASSWORD, api, check, chromium, enroll_second_factor, settles, totp

COOKIE = os.environ.get("LATCHKEY_COOKIE", "__Host-latchkey")


def authenticator(driver, verifies):
    """A platform authenticator holding discoverable credentials, verifying the user or not."""
    options = VirtualAuthenticatorOptions()
    options.protocol = VirtualAuthenticatorOptions.Protocol.CTAP2
    options.transport = VirtualAuthenticatorOptions.Transport.INTERNAL
    options.has_resident_key = True
    options.has_user_verification = verifies
    options.is_user_verified = verifies
    options.is_user_consenting = True
    driver.add_virtual_authenticator(options)


def page_json(driver, path):
    driver.get(BASE + path)
    return json.loads(driver.find_element(By.TAG_NAME, "body").text)


def sign_in_with_password(driver, username, next_path, code=None):
    driver.get(BASE + "/login?next=" + urllib.parse.quote(next_path))
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form[action='/login']:not(#passkey-form) button[type=submit]").click()
    if code is not None:
        check(settles(driver, lambda d: len(d.find_elements(By.NAME, "code")) == 1), "the password asks for the code")
        driver.find_element(By.NAME, "code").send_keys(code)
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: d.current_url == BASE + next_path), username + " signs in with the password")


def enrol(driver, name):
    """Adds a passkey named `name` on /account (the session has just signed in)."""
    driver.get(BASE + "/account")
    field = driver.find_element(By.ID, "passkey-name")
    check(settles(driver, lambda d: field.is_displayed()), "the account page shows the add-passkey controls")
    field.send_keys(name)
    press(driver, "#add-passkey")
    check(
        settles(driver, lambda d: name in [f.get_attribute("value") for f in d.find_elements(
            By.CSS_SELECTOR, "form.passkey input[name=name]")]),
        "enrolling on /account lists the passkey " + name)


def press(driver, selector):
    """Clicks a control the page's script shows once it can run it."""
    check(settles(driver, lambda d: d.find_element(By.CSS_SELECTOR, selector).is_displayed()), selector + " is shown")
    driver.find_element(By.CSS_SELECTOR, selector).click()


def sign_out(driver):
    driver.get(BASE + "/account")
    driver.find_element(By.CSS_SELECTOR, "form[action='/logout'] button").click()
    check(settles(driver, lambda d: d.get_cookie(COOKIE) is None), "signing out on /account clears the cookie")


def where(driver):
    """The page and its visible alert, for a failed check's line."""
    alerts = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "[role=alert]") if a.is_displayed()]
    return driver.current_url + " " + " ".join(alerts)


def without_autofill(driver):
    """Makes this browser one without passkey autofill, so that only the button starts a sign-in
    (the virtual authenticator answers an autofill request at once, as if the person had picked
    the passkey in the username field's list)."""
    return driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);"})


def passkey_sign_in(driver, next_path, username=None):
    """Opens the sign-in page and presses the passkey button, typing nothing but `username` if
    given."""
    driver.get(BASE + "/login?next=" + urllib.parse.quote(next_path))
    if username:
        driver.find_element(By.NAME, "username").send_keys(username)
    check(settles(driver, lambda d: d.find_element(By.ID, "passkey-sign-in").is_displayed()),
          "the sign-in page shows the passkey-sign-in button")
    check(driver.find_element(By.NAME, "username").get_attribute("autocomplete") == "username webauthn",
          "the username field offers passkeys in its autofill")
    press(driver, "#passkey-sign-in")


for name in ["alice", "bob"]:
    api("/v1/register", {"username": name, "password": PASSWORD})

driver = chromium()
try:
    without_autofill_script = without_autofill(driver)
    authenticator(driver, verifies=True)
    sign_in_with_password(driver, "alice", "/account")
    enrol(driver, "Laptop")
    credentials = driver.get_credentials()
    check(len(credentials) == 1 and credentials[0].is_resident_credential,
          "the authenticator holds one discoverable credential")

    field = driver.find_element(By.CSS_SELECTOR, "form.passkey input[name=name]")
    field.clear()
    field.send_keys("Work laptop")
    press(driver, "form.passkey button[value=rename]")
    check(settles(driver, expected_conditions.staleness_of(field)), "renaming reloads the account page: " + where(driver))
    check(settles(driver, lambda d: [p["name"] for p in page_json(d, "/v1/passkeys")["passkeys"]] == ["Work laptop"]),
          "renaming on /account renames the passkey")

    sign_out(driver)
    passkey_sign_in(driver, "/v1/me")
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"),
          "the passkey signs in without a username and lands on next: " + driver.current_url)
    me = page_json(driver, "/v1/me")
    check(me.get("username") == "alice", "the passkey's session is alice's")
    check(me.get("amr") == ["hwk", "user", "mfa"], "a verified passkey is a complete sign-in (amr): " + str(me.get("amr")))
    check(page_json(driver, "/v1/passkeys")["passkeys"][0]["last_used"] is not None, "the passkey's use is recorded")

    # Where the browser has passkey autofill, picking the passkey in the username field's list
    # signs in too (the virtual authenticator picks it at once).
    sign_out(driver)
    driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", without_autofill_script)
    driver.get(BASE + "/login?next=" + urllib.parse.quote("/v1/me"))
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"), "the passkey autofill signs in and lands on next")
    check(page_json(driver, "/v1/me").get("username") == "alice", "the autofill's session is alice's")
    without_autofill_script = without_autofill(driver)

    driver.get(BASE + "/account")
    press(driver, "form.passkey button[value=remove]")
    WebDriverWait(driver, 10).until(expected_conditions.alert_is_present())
    driver.switch_to.alert.accept()
    check(settles(driver, lambda d: "No passkeys yet." in d.page_source), "removing on /account removes the passkey")

    sign_out(driver)
    passkey_sign_in(driver, "/v1/me")
    check(settles(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "p.error[role=alert]:not([hidden])")) > 0),
          "the removed passkey's credential, still on the authenticator, is refused with a message")
    check(driver.current_url.startswith(BASE + "/login"), "and the page stays on the sign-in page")
    check(driver.get_cookie(COOKIE) is None, "and sets no cookie")

    # A second authenticator, without user verification: one factor, so bob's code is still asked.
    # The browser lists an authenticator's passkeys only after verifying the user, so bob types
    # his name first: the button then asks for his passkeys alone.
    driver.remove_virtual_authenticator()
    authenticator(driver, verifies=False)
    secret, recovery = enroll_second_factor("bob")
    sign_in_with_password(driver, "bob", "/account", code=recovery[0])
    enrol(driver, "Security key")
    sign_out(driver)
    passkey_sign_in(driver, "/v1/me", username="bob")
    check(settles(driver, lambda d: len(d.find_elements(By.NAME, "code")) == 1),
          "a passkey without user verification asks for bob's second factor: " + where(driver))
    check(driver.get_cookie(COOKIE) is None, "no session before the code")
    driver.find_element(By.NAME, "code").send_keys(totp(secret, 1))
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"), "the code completes the sign-in on next")
    me = page_json(driver, "/v1/me")
    check(me.get("username") == "bob", "the passkey and the code sign bob in")
    check(me.get("amr") == ["hwk", "user", "otp", "mfa"], "the session records both factors (amr): " + str(me.get("amr")))
finally:
    driver.quit()
print("browser: all checks passed")

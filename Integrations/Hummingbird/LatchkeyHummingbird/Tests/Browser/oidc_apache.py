"""Latchkey's OpenID provider with a relying party it did not write: Apache httpd and mod_auth_openidc
running examples/mod_auth_openidc.conf, in headless Chromium (Selenium). A page behind Apache sends
the browser to Latchkey's /login; signing in (and, for a client that is not first-party, allowing
it) lands back on that page, which shows what mod_auth_openidc told the application; a user with a
second factor passes the code step, and headers of his own never pass for the ones Apache sets;
mod_auth_openidc's logout ends the Latchkey session too.

Reads LATCHKEY_BASE (the issuer), LATCHKEY_PASSWORD, LATCHKEY_COOKIE, OIDC_APP (Apache's origin)
and OIDC_SCENARIO: "first-party" (alice with her role, logout, then bob with his second factor) or
"consent" (alice denies the client on the consent page, then allows it). alice and bob are
registered already, alice with the role admin. Prints one line per check and exits 1 on the first
failure."""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

from browser import BASE, PASSWORD, check, chromium, enroll_second_factor, settles, totp

APP = os.environ["OIDC_APP"]
SCENARIO = os.environ["OIDC_SCENARIO"]
COOKIE = os.environ.get("LATCHKEY_COOKIE", "__Host-latchkey")
PAGE = APP + "/dashboard?panel=2"
SIGNED_OUT = APP + "/signed-out"
LOGOUT = APP + "/oidc/callback?logout=" + urllib.parse.quote(SIGNED_OUT, safe="")


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


def on_login_page(driver):
    return driver.current_url.startswith(BASE + "/login?")


def sign_in(driver, username):
    """Fills Latchkey's sign-in form, reached through the protected page."""
    check(settles(driver, on_login_page), "the protected page sends " + username + " to Latchkey's /login: "
          + driver.current_url)
    next_value = driver.find_element(By.CSS_SELECTOR, "input[name=next]").get_attribute("value")
    check(next_value.startswith("/oauth2/authorize?"), "and back to the authorization request after: " + next_value)
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form[action='/login']:not(#passkey-form) button[type=submit]").click()


def told(text):
    """The application's answer: the path, and each header it was given by its name in lower case."""
    return json.loads(text)


def seen(driver):
    """What the application behind Apache was told (its page is that, as JSON)."""
    return told(driver.find_element(By.TAG_NAME, "body").text)


def lands_on_page(driver, username):
    landed = settles(driver, lambda d: d.current_url == PAGE, seconds=30)
    check(landed, username + " lands on the protected page" + ("" if landed else ": " + driver.current_url + " "
                                                               + driver.page_source[:600]))
    shown = seen(driver)
    check(shown.get("path") == "/dashboard", "the application serves it: " + str(shown))
    check(shown.get("x-webauth-user") == username, "the application is told the user in X-WEBAUTH-USER")
    check(shown.get("oidc_claim_preferred_username") == username, "and gets the preferred_username claim")
    check(shown.get("oidc_claim_iss") == BASE, "issued by Latchkey: " + str(shown.get("oidc_claim_iss")))
    check(bool(shown.get("oidc_claim_sub")) and shown.get("oidc_claim_sub") != username,
          "sub is a stable identifier, not the username: " + str(shown.get("oidc_claim_sub")))
    return shown


def latchkey_me(driver):
    driver.get(BASE + "/v1/me")
    return json.loads(driver.find_element(By.TAG_NAME, "body").text)


def first_party(driver):
    driver.get(PAGE)
    sign_in(driver, "alice")
    shown = lands_on_page(driver, "alice")
    check(shown.get("x-webauth-roles") == "admin" and shown.get("oidc_claim_roles") == "admin",
          "and her roles in X-WEBAUTH-ROLES")
    check("pwd" in shown.get("oidc_claim_amr", "").split(","), "signed in with a password (amr): "
          + str(shown.get("oidc_claim_amr")))
    check(latchkey_me(driver).get("username") == "alice", "Latchkey's own session is alice's")
    # A second visit is served from mod_auth_openidc's session: no trip to Latchkey.
    driver.get(PAGE)
    check(seen(driver).get("x-webauth-user") == "alice", "a second visit is still alice's")

    driver.get(LOGOUT)
    back = settles(driver, lambda d: d.current_url == SIGNED_OUT, seconds=30)
    check(back, "mod_auth_openidc's logout goes through Latchkey's end-session endpoint and back"
          + ("" if back else ": " + driver.current_url + " " + driver.page_source[:600]))
    check(seen(driver).get("x-webauth-user") is None, "the signed-out page is nobody's")
    check(driver.get_cookie(COOKIE) is None, "the Latchkey cookie is cleared")
    check("error" in latchkey_me(driver), "the Latchkey session has ended")
    driver.get(PAGE)
    check(settles(driver, on_login_page), "the protected page asks to sign in again")

    secret, _ = enroll_second_factor("bob")
    driver.delete_all_cookies()
    driver.get(PAGE)
    sign_in(driver, "bob")
    check(settles(driver, lambda d: len(d.find_elements(By.NAME, "code")) == 1), "bob's sign-in asks for his code")
    # The next step's code: enrolment used this one, and each is accepted once.
    driver.find_element(By.NAME, "code").send_keys(totp(secret, 1))
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    shown = lands_on_page(driver, "bob")
    amr = shown.get("oidc_claim_amr", "").split(",")
    check("otp" in amr and "mfa" in amr, "amr says a second factor was used: " + str(amr))
    check(shown.get("x-webauth-roles", "") == "", "bob has no roles: " + str(shown.get("x-webauth-roles")))

    # bob's own request with alice's name and the role admin in the headers the application trusts:
    # Apache replaces them all.
    forged = {"X-WEBAUTH-USER": "alice", "X-WEBAUTH-ROLES": "admin", "OIDC_CLAIM_preferred_username": "alice",
              "OIDC_CLAIM_roles": "admin"}
    session = driver.get_cookie("mod_auth_openidc_session")
    check(session is not None, "mod_auth_openidc keeps bob's session in its cookie")
    request = urllib.request.Request(PAGE, headers=dict(forged, Cookie="mod_auth_openidc_session=" + session["value"]))
    with urllib.request.urlopen(request) as answer:
        shown = told(answer.read())
    check(shown.get("x-webauth-user") == "bob" and shown.get("oidc_claim_preferred_username") == "bob"
          and shown.get("x-webauth-roles", "") == "" and shown.get("oidc_claim_roles", "") == "",
          "a client's own identity headers never reach the application: " + str(shown))
    # Without a session the same headers lead to Latchkey, never to the application (as a browser
    # asks: mod_auth_openidc answers 401 to what does not accept HTML).
    request = urllib.request.Request(PAGE, headers=dict(forged, Accept="text/html"))
    try:
        urllib.request.build_opener(NoRedirects).open(request)
        check(False, "a request with no session is not served")
    except urllib.error.HTTPError as error:
        check(error.code == 302 and error.headers["Location"].startswith(BASE + "/oauth2/authorize?"),
              "and without a session they lead to Latchkey's authorization endpoint: " + str(error.code))


def asks_consent(driver):
    return settles(driver, lambda d: len(d.find_elements(By.ID, "consent-allow")) == 1)


def consent(driver):
    driver.get(PAGE)
    sign_in(driver, "alice")
    check(asks_consent(driver), "a client that is not first-party asks alice's consent: " + driver.current_url)
    driver.find_element(By.ID, "consent-deny").click()
    check(settles(driver, lambda d: d.current_url.startswith(APP + "/oidc/callback?")),
          "denying sends the browser back to the client: " + driver.current_url)
    answer = urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)
    check(answer.get("error") == ["access_denied"], "with error=access_denied: " + driver.current_url)
    check(answer.get("iss") == [BASE], "and the issuer (RFC 9207, error responses too): " + driver.current_url)
    # mod_auth_openidc answers with an error page of its own (2.4.12 takes a response with iss and
    # no code for a third-party-initiated login and asks for target_link_uri): never the application.
    refused = driver.title == "Error" and "x-webauth-user" not in driver.page_source.lower()
    check(refused, "mod_auth_openidc shows an error and the application is never reached"
          + ("" if refused else ": " + driver.page_source[:600]))
    # Signed in at Latchkey already: straight to the question again.
    driver.get(PAGE)
    check(asks_consent(driver), "the next visit asks again, without a sign-in: " + driver.current_url)
    driver.find_element(By.ID, "consent-allow").click()
    shown = lands_on_page(driver, "alice")
    check(shown.get("x-webauth-roles") == "admin", "with her roles")


driver = chromium()
try:
    {"first-party": first_party, "consent": consent}[SCENARIO](driver)
finally:
    driver.quit()
print("browser: all checks passed")

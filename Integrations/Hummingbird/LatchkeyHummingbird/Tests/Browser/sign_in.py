"""Drives the sign-in page in headless Chromium (Selenium): sign in and land on `next`, /v1/me through
the cookie, the second-factor step, sign out, and a cross-origin form post refused. Reads the server's
origin and the accounts from the environment; prints one line per check and exits 1 on the first failure."""
import json
import os
import urllib.parse

from selenium.webdriver.common.by import By

from browser import BASE, PASSWORD, check, chromium, enroll_second_factor, settles, totp


def sign_in(driver, username, next_path):
    driver.get(BASE + "/login?next=" + urllib.parse.quote(next_path))
    driver.find_element(By.NAME, "username").send_keys(username)
    driver.find_element(By.NAME, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def me(driver):
    driver.get(BASE + "/v1/me")
    return json.loads(driver.find_element(By.TAG_NAME, "body").text)


driver = chromium()
try:
    sign_in(driver, "alice", "/v1/me")
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"), "a sign-in lands on next: " + driver.current_url)
    check(me(driver).get("username") == "alice", "/v1/me answers through the cookie")
    cookie = driver.get_cookie(os.environ.get("LATCHKEY_COOKIE", "__Host-latchkey"))
    check(cookie is not None and cookie.get("httpOnly") is True, "the session cookie is HttpOnly")

    driver.get(BASE + "/login")
    driver.execute_script("document.forms[0].action = '/logout'; document.forms[0].submit()")
    check(settles(driver, lambda d: d.get_cookie(os.environ.get("LATCHKEY_COOKIE", "__Host-latchkey")) is None),
          "signing out clears the cookie")
    check("error" in me(driver), "signing out ends the cookie's session")

    secret, _ = enroll_second_factor("bob")
    sign_in(driver, "bob", "/v1/me")
    check(settles(driver, lambda d: len(d.find_elements(By.NAME, "code")) == 1), "the second-factor step asks for a code")
    code_field = driver.find_elements(By.NAME, "code")
    # The next step's code: each step is accepted once, and enrolment used this one.
    code_field[0].send_keys(totp(secret, 1))
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"), "the code lands on next")
    check(me(driver).get("username") == "bob", "the code signs bob in")

    # Another origin (a page of its own) posts the sign-in form: refused, no cookie set.
    driver.delete_all_cookies()
    page = (
        "<form method=post action='" + BASE + "/login'><input name=username value=alice>"
        "<input name=password value='" + PASSWORD + "'><input name=next value=/v1/me></form>"
        "<script>document.forms[0].submit()</script>"
    )
    driver.get("data:text/html;charset=utf-8," + urllib.parse.quote(page))
    check(settles(driver, lambda d: "Cross-origin request refused." in d.page_source), "a cross-origin form post is refused")
    check("error" in me(driver), "and signs nobody in")
finally:
    driver.quit()
print("browser: all checks passed")

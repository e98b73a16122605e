"""Drives the reset and verification pages in headless Chromium (Selenium): ask for a code with the
form, open a reset link and set a new password, sign in with it, and verify an address from its link.
The links come from the test's delivery (LATCHKEY_RESET_LINK, LATCHKEY_VERIFY_LINK); prints one line
per check and exits 1 on the first failure."""
import os
import urllib.parse

from selenium.webdriver.common.by import By

from browser import BASE, check, chromium, settles

NEW_PASSWORD = "a brand new passphrase from the browser"

driver = chromium()
try:
    driver.get(BASE + "/reset")
    driver.find_element(By.NAME, "account").send_keys("carol")
    driver.find_element(By.CSS_SELECTOR, "form[action='/reset/request'] button").click()
    check(settles(driver, lambda d: "If that account exists, a reset code is on its way." in d.page_source),
          "asking for a code answers the one sentence")

    driver.get(os.environ["LATCHKEY_RESET_LINK"])
    check(len(driver.find_elements(By.NAME, "token")) == 1, "a reset link opens the new-password form")
    driver.find_element(By.NAME, "password").send_keys(NEW_PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: "Your password is set" in d.page_source), "the form sets the password")

    driver.get(BASE + "/login?next=" + urllib.parse.quote("/v1/me"))
    driver.find_element(By.NAME, "username").send_keys("alice")
    driver.find_element(By.NAME, "password").send_keys(NEW_PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: d.current_url == BASE + "/v1/me"), "the new password signs in")

    driver.get(os.environ["LATCHKEY_RESET_LINK"])
    driver.find_element(By.NAME, "password").send_keys("yet another long passphrase")
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: "Invalid or expired reset code." in d.page_source), "a used link is refused")

    driver.get(os.environ["LATCHKEY_VERIFY_LINK"])
    driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    check(settles(driver, lambda d: "bob@example.com is verified." in d.page_source), "a verification link verifies")
finally:
    driver.quit()
print("browser: all checks passed")

"""A client that cheats, against Latchkey's OpenID provider (run by relying_parties.py).

Redirect URIs that are almost a registered one (each an error page, never a redirect: RFC 6749
4.1.2.1, RFC 9700 4.1); state echoed exactly; PKCE left out by a public client, a wrong verifier,
a verifier left out or added (a downgrade, RFC 9700 2.1.1); a code replayed (RFC 6749 4.1.2: what
the first exchange issued is revoked) or exchanged by another client; a wrong client secret; and
forged tokens at userinfo and introspection: alg none, HS256 keyed with the provider's public key,
tokens signed by a key the provider never published (expired, not yet valid, or under a real kid),
and a real token's payload altered under its signature. Then authorization requests the provider
must refuse, the sign-in and consent forms posted from another origin or altered, token endpoint
oddities, logout hints that are forged or name someone else, markup in what pages show, one code or
refresh token presented several times at once, and failures from one address against a client.
"""
import concurrent.futures
import hashlib
import hmac
import json
import threading
import time
import urllib.parse

import requests
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from provider import (HTTPS_CALLBACK, LOOPBACK_CALLBACK, OTHER_USERNAME, TIMEOUT, USERNAME, Browser, Forms,
                      Unexpected, b64url, jwt_parts, query, unb64url)


def challenge_of(verifier):
    return b64url(hashlib.sha256(verifier.encode()).digest())


class Client:
    """A registered client, driven by hand (no library that would refuse to cheat)."""

    def __init__(self, provider, client_id, secret, redirect_uri):
        self.provider = provider
        self.client_id = client_id
        self.secret = secret
        self.redirect_uri = redirect_uri

    def authorize_url(self, redirect_uri=None, pkce_verifier=None, state="s", nonce="n", scope="openid profile",
                      **extra):
        parameters = {"response_type": "code", "client_id": self.client_id,
                      "redirect_uri": redirect_uri or self.redirect_uri, "scope": scope}
        if state is not None:
            parameters["state"] = state
        if nonce is not None:
            parameters["nonce"] = nonce
        if pkce_verifier:
            parameters.update(code_challenge=challenge_of(pkce_verifier), code_challenge_method="S256")
        parameters.update(extra)
        return self.provider.endpoint("authorization_endpoint") + "?" + urllib.parse.urlencode(parameters)

    def code(self, browser, pkce_verifier=None, **extra):
        """A fresh authorization code (through the signed-in `browser`)."""
        return query(browser.authorize(self.authorize_url(pkce_verifier=pkce_verifier, **extra)))["code"]

    def token(self, fields, auth="basic", secret=None):
        """POST /oauth2/token with this client's authentication (basic, post, or none)."""
        fields = dict(fields)
        secret = secret if secret is not None else self.secret
        basic = None
        if auth == "basic":
            basic = (self.client_id, secret)
        elif auth == "post":
            fields.update(client_id=self.client_id, client_secret=secret)
        else:
            fields["client_id"] = self.client_id
        return requests.post(self.provider.endpoint("token_endpoint"), data=fields, auth=basic, timeout=TIMEOUT)

    def exchange(self, code, verifier=None, auth=None, redirect_uri=None):
        fields = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri or self.redirect_uri}
        if verifier:
            fields["code_verifier"] = verifier
        return self.token(fields, auth or ("basic" if self.secret else "none"))

    def refresh(self, refresh_token):
        return self.token({"grant_type": "refresh_token", "refresh_token": refresh_token},
                          "basic" if self.secret else "none")

    def introspect(self, token):
        return requests.post(self.provider.endpoint("introspection_endpoint"), data={"token": token},
                             auth=(self.client_id, self.secret), timeout=TIMEOUT)


def error_of(answer):
    try:
        return answer.json().get("error")
    except ValueError:
        return None


def userinfo(provider, token):
    return requests.get(provider.endpoint("userinfo_endpoint"), headers={"Authorization": "Bearer " + token},
                        timeout=TIMEOUT)


def redirect_uris(provider, checks, confidential, public, browser):
    anonymous = Browser(provider)
    variants = [
        (confidential, HTTPS_CALLBACK + "/extra", "a path extended"),
        (confidential, HTTPS_CALLBACK + "x", "a suffix on the path"),
        (confidential, HTTPS_CALLBACK + "/", "a trailing slash"),
        (confidential, HTTPS_CALLBACK + "?next=https://evil.example", "a query added"),
        (confidential, HTTPS_CALLBACK + "#fragment", "a fragment added"),
        (confidential, "https://rp.example.evil.example/callback", "a suffix on the host"),
        (confidential, "https://evil.example/https://rp.example/callback", "the registered URI as a path"),
        (confidential, "https://RP.example/callback", "the host's case changed"),
        (confidential, "https://rp.example/Callback", "the path's case changed"),
        (confidential, "HTTPS://rp.example/callback", "the scheme's case changed"),
        (confidential, "http://rp.example/callback", "http for https"),
        (confidential, "https://evil@rp.example/callback", "userinfo before the host"),
        (confidential, "https://rp.example@evil.example/callback", "the registered host as userinfo"),
        (confidential, "https://rp.example:443/callback", "the default port spelled out"),
        (confidential, "https://rp.example/%63allback", "a percent-encoded path"),
        (confidential, "https://rp.example%2Fcallback", "a percent-encoded slash"),
        (confidential, "https://rp.example/callback/../callback", "a dot segment"),
        (confidential, " " + HTTPS_CALLBACK, "a leading space"),
        (public, "http://localhost:8765/callback", "localhost for 127.0.0.1"),
        (public, "http://127.0.0.1.evil.example:8765/callback", "127.0.0.1 as a subdomain"),
        (public, "http://127.0.0.1:8765@evil.example/callback", "the loopback address as userinfo"),
        (public, "http://127.0.0.1:8765/callback/extra", "a loopback path extended"),
        (public, "http://127.0.0.1:8765/Callback", "a loopback path's case changed"),
        (public, "https://127.0.0.1:8765/callback", "https for the loopback's http"),
    ]
    for client, uri, what in variants:
        url = client.authorize_url(redirect_uri=uri, pkce_verifier="v" * 43)
        answer = browser.get(url)
        checks.check(answer.status_code == 400 and "Location" not in answer.headers
                     and answer.headers.get("Content-Type", "").startswith("text/html"),
                     f"redirect_uri with {what} ({uri!r}): an error page (400), no redirect",
                     f"{answer.status_code} {answer.headers.get('Location')}")
        answer = anonymous.get(url)
        location = urllib.parse.urljoin(url, answer.headers.get("Location", ""))
        checks.check(answer.status_code == 400 or location.startswith(provider.issuer + "/login"),
                     "  and signed out: never sent to it", f"{answer.status_code} {location}")
    for url, what in [(confidential.authorize_url(client_id="lkc_unknown"), "an unknown client_id"),
                      (confidential.authorize_url(client_id=""), "no client_id"),
                      (confidential.authorize_url(redirect_uri=HTTPS_CALLBACK, client_id=public.client_id,
                                                  pkce_verifier="v" * 43), "another client's redirect URI"),
                      (confidential.authorize_url().replace("redirect_uri=", "x="), "no redirect_uri")]:
        answer = browser.get(url)
        checks.check(answer.status_code == 400 and "Location" not in answer.headers,
                     f"{what}: an error page (400), no redirect",
                     f"{answer.status_code} {answer.headers.get('Location')}")
    # A native app listens on whatever port it is given (RFC 8252 7.3).
    other_port = "http://127.0.0.1:49152/callback"
    location = browser.authorize(public.authorize_url(redirect_uri=other_port, pkce_verifier="v" * 43))
    checks.check(location.startswith(other_port + "?") and "code" in query(location),
                 "the registered loopback URI on another port is accepted (RFC 8252 7.3)", location)
    answer = public.exchange(query(location)["code"], "v" * 43, redirect_uri=LOOPBACK_CALLBACK)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "  but its code exchanged with the registered port's URI: invalid_grant (RFC 6749 4.1.3: identical)",
                 f"{answer.status_code} {answer.text[:200]}")


def state_and_pkce(provider, checks, confidential, public, browser):
    location = browser.authorize(confidential.authorize_url(state=None))
    checks.check("code" in query(location) and "state" not in query(location),
                 "no state sent: a code and no state back", location)
    odd = "a b&c=d/é+%25?#=;\"'<>"
    location = browser.authorize(confidential.authorize_url(state=odd))
    checks.check(query(location).get("state") == odd, "a state of odd characters comes back exactly", location)
    location = browser.authorize(public.authorize_url(state="st@te"))
    parameters = query(location)
    checks.check(location.startswith(public.redirect_uri + "?") and parameters.get("error") == "invalid_request"
                 and parameters.get("state") == "st@te" and parameters.get("iss") == provider.issuer
                 and "code" not in parameters,
                 "a public client without PKCE: redirected with error=invalid_request, state and iss", location)
    location = browser.authorize(public.authorize_url(code_challenge=challenge_of("v" * 43),
                                                      code_challenge_method="plain"))
    checks.check(query(location).get("error") == "invalid_request",
                 "code_challenge_method=plain: error=invalid_request", location)
    location = browser.authorize(confidential.authorize_url(nonce=None))
    checks.check(query(location).get("error") == "invalid_request",
                 "a confidential client with neither PKCE nor nonce: error=invalid_request", location)

    verifier = "correct-verifier-" + "x" * 40
    code = public.code(browser, verifier)
    answer = public.exchange(code, "wrong-verifier-" + "y" * 40)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a wrong code_verifier: invalid_grant (RFC 7636 4.6)", f"{answer.status_code} {answer.text[:200]}")
    answer = public.exchange(code, verifier)
    checks.report("the code a wrong verifier was tried on, with the right one: "
                  + ("spent (invalid_grant)" if error_of(answer) == "invalid_grant" else f"{answer.status_code}"))
    code = confidential.code(browser, verifier)
    answer = confidential.exchange(code)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a code issued with a challenge, exchanged without a verifier: invalid_grant",
                 f"{answer.status_code} {answer.text[:200]}")
    code = confidential.code(browser)
    answer = confidential.exchange(code, verifier)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a verifier for a code issued without a challenge: invalid_grant (a downgrade, RFC 9700 2.1.1)",
                 f"{answer.status_code} {answer.text[:200]}")


def codes(provider, checks, confidential, other, public, browser):
    code = confidential.code(browser)
    first = confidential.exchange(code)
    checks.check(first.status_code == 200, "a code's first exchange answers tokens", first.text[:200])
    tokens = first.json()
    checks.check(userinfo(provider, tokens["access_token"]).status_code == 200, "its access token opens userinfo")
    again = confidential.exchange(code)
    checks.check(again.status_code == 400 and error_of(again) == "invalid_grant", "the code replayed: invalid_grant",
                 f"{again.status_code} {again.text[:200]}")
    answer = userinfo(provider, tokens["access_token"])
    checks.check(answer.status_code == 401, "after the replay the first exchange's access token is refused "
                 "(RFC 6749 4.1.2, RFC 9700 4.5)", str(answer.status_code))
    answer = confidential.refresh(tokens["refresh_token"])
    checks.check(error_of(answer) == "invalid_grant", "and its refresh token: invalid_grant",
                 f"{answer.status_code} {answer.text[:200]}")
    events = provider.recent_events(USERNAME)
    checks.check("oidc_code_replayed" in events, "the replay is in the person's history (oidc_code_replayed)",
                 str(events[:5]))

    code = confidential.code(browser)
    answer = other.exchange(code)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a code exchanged by another client (its own credentials): invalid_grant (RFC 6749 4.1.3)",
                 f"{answer.status_code} {answer.text[:200]}")
    verifier = "a-verifier-for-a-stolen-code-" + "z" * 20
    code = confidential.code(browser, verifier)
    stolen = public.exchange(code, verifier, redirect_uri=confidential.redirect_uri)
    checks.check(stolen.status_code in (400, 401) and error_of(stolen) in ("invalid_grant", "invalid_client"),
                 "a confidential client's code exchanged by a public client: refused",
                 f"{stolen.status_code} {stolen.text[:200]}")
    code = confidential.code(browser)
    answer = confidential.exchange(code, redirect_uri=HTTPS_CALLBACK + "/other")
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a code exchanged with another redirect_uri: invalid_grant (RFC 6749 4.1.3)",
                 f"{answer.status_code} {answer.text[:200]}")

    code = confidential.code(browser)
    answer = confidential.token({"grant_type": "authorization_code", "code": code,
                                 "redirect_uri": confidential.redirect_uri}, "basic", secret=confidential.secret + "x")
    checks.check(answer.status_code == 401 and error_of(answer) == "invalid_client",
                 "a wrong client secret (client_secret_basic): 401 invalid_client (RFC 6749 5.2)",
                 f"{answer.status_code} {answer.text[:200]}")
    checks.check(answer.headers.get("WWW-Authenticate", "").lower().startswith("basic"),
                 "  with WWW-Authenticate: Basic (RFC 6749 5.2)", repr(answer.headers.get("WWW-Authenticate")))
    answer = confidential.token({"grant_type": "authorization_code", "code": code,
                                 "redirect_uri": confidential.redirect_uri}, "post", secret="lks_wrong")
    checks.check(answer.status_code == 401 and error_of(answer) == "invalid_client",
                 "a wrong client secret (client_secret_post): 401 invalid_client",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.token({"grant_type": "authorization_code", "code": code,
                                 "redirect_uri": confidential.redirect_uri}, "none")
    checks.check(answer.status_code == 401 and error_of(answer) == "invalid_client",
                 "a confidential client without its secret: 401 invalid_client",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.exchange(code)
    # Neither RFC says whether a code survives exchanges by unauthenticated callers: a fact, not a check.
    checks.report("a code after three refused client authentications: "
                  + ("still exchanged by its client" if answer.status_code == 200
                     else f"refused ({answer.text[:120]})"))
    answer = confidential.exchange(confidential.code(browser))
    refresh_token = answer.json().get("refresh_token") if answer.status_code == 200 else "none"
    answer = other.refresh(refresh_token)
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant",
                 "a refresh token presented by another client: invalid_grant (RFC 6749 6)",
                 f"{answer.status_code} {answer.text[:200]}")
    return refresh_token


def sign(header, payload, signer):
    signing_input = (b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
                     + b64url(json.dumps(payload, separators=(",", ":")).encode()))
    return signing_input + "." + b64url(signer(signing_input.encode()))


def es256(private_key):
    def signer(data):
        r, s = decode_dss_signature(private_key.sign(data, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")
    return signer


def hs256(secret):
    return lambda data: hmac.new(secret, data, hashlib.sha256).digest()


def public_key_of(jwk):
    if jwk["kty"] == "RSA":
        numbers = rsa.RSAPublicNumbers(int.from_bytes(unb64url(jwk["e"]), "big"),
                                       int.from_bytes(unb64url(jwk["n"]), "big"))
        return numbers.public_key()
    if jwk["kty"] == "EC":
        numbers = ec.EllipticCurvePublicNumbers(int.from_bytes(unb64url(jwk["x"]), "big"),
                                                int.from_bytes(unb64url(jwk["y"]), "big"), ec.SECP256R1())
        return numbers.public_key()
    return None


def forgeries(provider, access_token, id_token):
    """(what, token) pairs: each a token the provider must refuse."""
    header, payload, signature = jwt_parts(access_token)
    now = int(time.time())
    # The keys that signed these two tokens: their public halves are what an attacker would try.
    signers = {header.get("kid"), jwt_parts(id_token)[0].get("kid")}
    jwks = [key for key in provider.jwks()["keys"] if key.get("kid") in signers]
    forged = []
    plain = b64url(json.dumps(payload, separators=(",", ":")).encode())
    forged.append(("alg none, the real payload, no signature", b64url(b'{"alg":"none"}') + "." + plain + "."))
    forged.append(("alg none with the real kid and typ", sign(dict(header, alg="none"), payload, lambda data: b"")))
    forged.append(("alg None (capitalized)", sign(dict(header, alg="None"), payload, lambda data: b"")))
    for jwk in jwks:
        key = public_key_of(jwk)
        if key is None:
            continue
        pem = key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        forged.append((f"HS256 keyed with the {jwk['alg']} key's PEM (kid {jwk['kid']})",
                       sign(dict(header, alg="HS256", kid=jwk["kid"]), payload, hs256(pem))))
        forged.append((f"HS256 keyed with the {jwk['alg']} key's JWK JSON (kid {jwk['kid']})",
                       sign(dict(header, alg="HS256", kid=jwk["kid"]), payload,
                            hs256(json.dumps(jwk, separators=(",", ":")).encode()))))
        if jwk["kty"] == "RSA":
            pkcs1 = key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.PKCS1)
            forged.append((f"HS256 keyed with the {jwk['alg']} key's PKCS#1 PEM (kid {jwk['kid']})",
                           sign(dict(header, alg="HS256", kid=jwk["kid"]), payload, hs256(pkcs1))))
    mine = ec.generate_private_key(ec.SECP256R1())
    unknown = dict(header, kid="forged-key")
    forged.append(("signed by an unpublished key (unknown kid), live",
                   sign(unknown, dict(payload, exp=now + 600, iat=now), es256(mine))))
    forged.append(("signed by an unpublished key, expired",
                   sign(unknown, dict(payload, exp=now - 3600, iat=now - 7200), es256(mine))))
    forged.append(("signed by an unpublished key, not yet valid (nbf, iat ahead)",
                   sign(unknown, dict(payload, nbf=now + 3600, iat=now + 3600, exp=now + 7200), es256(mine))))
    forged.append(("signed by an unpublished key under the real kid",
                   sign(header, dict(payload, exp=now + 600), es256(mine))))
    point = mine.public_key().public_numbers()
    embedded = {"kty": "EC", "crv": "P-256", "x": b64url(point.x.to_bytes(32, "big")),
                "y": b64url(point.y.to_bytes(32, "big"))}
    forged.append(("signed by an unpublished key with its own jwk in the header",
                   sign(dict(header, kid="embedded", jwk=embedded), payload, es256(mine))))
    real_header = access_token.split(".")[0]
    for change, altered in [("sub", dict(payload, sub=payload.get("sub", "") + "x")),
                            ("exp", dict(payload, exp=payload.get("exp", now) + 86400)),
                            ("scope", dict(payload, scope="openid profile email roles admin"))]:
        body = b64url(json.dumps(altered, separators=(",", ":")).encode())
        forged.append((f"the real header and signature over a payload with {change} altered",
                       real_header + "." + body + "." + b64url(signature)))
    flipped = bytearray(signature)
    flipped[-1] ^= 1
    forged.append(("the real token with one signature bit flipped",
                   access_token.rsplit(".", 1)[0] + "." + b64url(bytes(flipped))))
    forged.append(("the real token without its signature", access_token.rsplit(".", 1)[0] + "."))
    forged.append(("the ID token as an access token (typ is not at+jwt, RFC 9068 4)", id_token))
    forged.append(("garbage", "not.a.jwt"))
    return forged


def forged_tokens(provider, checks, confidential, browser):
    code = confidential.code(browser, scope="openid profile email roles")
    tokens = confidential.exchange(code).json()
    checks.check(userinfo(provider, tokens["access_token"]).status_code == 200
                 and confidential.introspect(tokens["access_token"]).json().get("active") is True,
                 "the real access token opens userinfo and introspects active (the forgeries are copies of it)")
    for what, token in forgeries(provider, tokens["access_token"], tokens["id_token"]):
        answer = userinfo(provider, token)
        challenge = answer.headers.get("WWW-Authenticate", "")
        checks.check(answer.status_code == 401 and challenge.startswith("Bearer")
                     and 'error="invalid_token"' in challenge,
                     f"userinfo refuses {what}: 401, Bearer error=\"invalid_token\" (RFC 6750 3.1)",
                     f"{answer.status_code} {challenge!r} {answer.text[:200]}")
        answer = confidential.introspect(token)
        checks.check(answer.status_code == 200 and answer.json() == {"active": False},
                     f"introspection: {what} is {{\"active\": false}}", f"{answer.status_code} {answer.text[:200]}")
    answer = requests.post(provider.endpoint("userinfo_endpoint"), data={"access_token": tokens["access_token"]},
                           timeout=TIMEOUT)
    checks.check(answer.status_code == 200 and answer.json().get("sub"),
                 "userinfo by POST with the token in the form body (RFC 6750 2.2)", f"{answer.status_code}")
    answer = requests.get(provider.endpoint("userinfo_endpoint"), timeout=TIMEOUT)
    checks.check(answer.status_code == 401 and answer.headers.get("WWW-Authenticate", "").startswith("Bearer"),
                 "userinfo without a token: 401 with a Bearer challenge", f"{answer.status_code}")


def request_oddities(provider, checks, confidential, limited, browser):
    """Authorization requests the provider must refuse at the client's redirect URI (RFC 6749
    4.1.2.1, OpenID Connect Core 3.1.2.6), or on its own page when the redirect URI is in doubt."""
    url = confidential.authorize_url() + "&redirect_uri=" + urllib.parse.quote("https://evil.example/", safe="")
    answer = browser.get(url)
    checks.check(answer.status_code == 400 and "Location" not in answer.headers,
                 "redirect_uri twice (the second elsewhere): an error page, no redirect (RFC 6749 3.1)",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    for extra, error, what in [
            ({"response_type": "token"}, "unsupported_response_type", "response_type=token (implicit)"),
            ({"response_type": "code id_token"}, "unsupported_response_type", "response_type=code id_token (hybrid)"),
            ({"scope": "profile"}, "invalid_scope", "a scope without openid"),
            ({"request": "eyJhbGciOiJub25lIn0.e30."}, "request_not_supported", "a request object"),
            ({"request_uri": "https://evil.example/request.jwt"}, "request_uri_not_supported", "a request_uri"),
            ({"response_mode": "fragment"}, "invalid_request", "response_mode=fragment"),
            ({"prompt": "none login"}, "invalid_request", "prompt=none with login"),
            ({"code_challenge": "short", "code_challenge_method": "S256"}, "invalid_request",
             "a code_challenge that is not 43 base64url characters")]:
        location = browser.authorize(confidential.authorize_url(**extra))
        parameters = query(location)
        checks.check(location.startswith(confidential.redirect_uri + "?") and parameters.get("error") == error
                     and parameters.get("state") == "s" and "code" not in parameters,
                     f"{what}: error={error} with state at the redirect URI", location)
    page = browser.get(confidential.authorize_url(prompt="consent"))
    checks.check(page.status_code == 200 and Browser.consent_form(page.text) is not None,
                 "prompt=consent for a first-party client: the consent page all the same", f"{page.status_code}")
    location = browser.authorize(confidential.authorize_url() + "&state=again")
    checks.check(query(location).get("error") == "invalid_request", "state twice: error=invalid_request", location)
    # The longest state and nonce the provider takes (512 bytes each), of characters a URL must
    # percent-encode (a return URL in the state, say): the request must survive the sign-in.
    long_state, long_nonce = '{"return_to": "https://app.example/a b"} ' * 12 + " " * 20, " " * 512
    signed_out = Browser(provider)
    try:
        location = signed_out.authorize(confidential.authorize_url(state=long_state, nonce=long_nonce))
        came_back = query(location).get("state") == long_state and "code" in query(location)
        detail = location[:120]
    except Unexpected as error:
        came_back, detail = False, str(error)[:160]
    checks.check(came_back, "a request with a 512-byte state and nonce needing percent-encoding comes back to the "
                 "client after the sign-in", detail)
    location = browser.authorize(limited.authorize_url(scope="openid email"))
    checks.check(query(location).get("error") == "invalid_scope",
                 "a scope the client was not given (email for a profile-only client): error=invalid_scope", location)
    location = browser.authorize(limited.authorize_url(scope="openid profile offline_access unknown"))
    checks.check("code" in query(location), "scopes the provider does not know are ignored (OpenID Connect Core "
                 "3.1.2.1)", location)


def cross_origin(provider, checks, consenting, browser):
    """The sign-in and consent forms posted from another site (a login or consent CSRF), and a
    consent form altered before it is posted: refused."""
    stranger = Browser(provider)
    login = stranger.get(consenting.authorize_url(pkce_verifier="v" * 43))
    page = stranger.get(urllib.parse.urljoin(provider.issuer, login.headers["Location"]))
    form = next(form for form in Forms.of(page.text) if any(f["name"] == "password" for f in form["inputs"]))
    fields = {field["name"]: field.get("value", "") for field in form["inputs"]}
    fields.update(username=stranger.username, password=stranger.password)
    answer = stranger.session.post(provider.issuer + "/login", data=fields, allow_redirects=False, timeout=TIMEOUT,
                                   headers={"Origin": "https://evil.example"})
    checks.check(answer.status_code == 403 and not stranger.session.cookies,
                 "the sign-in form posted from another origin: 403, no session", f"{answer.status_code}")

    page = browser.get(consenting.authorize_url(pkce_verifier="v" * 43))
    consent = Browser.consent_form(page.text)
    checks.check(page.status_code == 200 and consent is not None, "a client not first-party: the consent page")
    fields = {field["name"]: field.get("value", "") for field in consent["inputs"]}
    fields["decision"] = "allow"
    for headers, what in [({"Origin": "https://evil.example"}, "Origin of another site"),
                          ({"Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site: cross-site"),
                          ({"Origin": "null"}, "Origin: null")]:
        answer = browser.session.post(provider.endpoint("authorization_endpoint"), data=fields, allow_redirects=False,
                                      headers=headers, timeout=TIMEOUT)
        checks.check(answer.status_code == 403 and "Location" not in answer.headers,
                     f"Allow posted with {what}: 403, no code",
                     f"{answer.status_code} {answer.headers.get('Location')}")
    for name, value, what in [("redirect_uri", "https://evil.example/callback", "the redirect URI"),
                              ("client_id", "lkc_unknown", "the client ID")]:
        altered = dict(fields, **{name: value})
        answer = browser.post_form("/oauth2/authorize", altered, provider.issuer)
        checks.check(answer.status_code == 400 and "Location" not in answer.headers,
                     f"the consent form with {what} altered: an error page, no redirect",
                     f"{answer.status_code} {answer.headers.get('Location')}")
    answer = Browser(provider).post_form("/oauth2/authorize", fields, provider.issuer)
    location = answer.headers.get("Location", "")
    checks.check(answer.status_code == 303 and location.startswith("/login"),
                 "Allow posted by a browser that is not signed in: sent to sign in, no code", f"{answer.status_code} "
                 f"{location}")


def token_oddities(provider, checks, confidential, other, browser):
    answer = confidential.token({"grant_type": "password", "username": "olive", "password": "x"})
    checks.check(answer.status_code == 400 and error_of(answer) == "unsupported_grant_type",
                 "grant_type=password: unsupported_grant_type (RFC 6749 5.2)",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.token({"grant_type": "client_credentials"})
    checks.check(answer.status_code == 400 and error_of(answer) in ("unsupported_grant_type", "unauthorized_client"),
                 "grant_type=client_credentials: refused", f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.token({"code": "x"})
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_request",
                 "no grant_type: invalid_request", f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.token({"grant_type": "authorization_code", "redirect_uri": confidential.redirect_uri})
    checks.check(answer.status_code == 400 and error_of(answer) in ("invalid_request", "invalid_grant"),
                 "no code: refused", f"{answer.status_code} {answer.text[:200]}")
    code = confidential.code(browser)
    both = dict(grant_type="authorization_code", code=code, redirect_uri=confidential.redirect_uri,
                client_id=confidential.client_id, client_secret=confidential.secret)
    answer = requests.post(provider.endpoint("token_endpoint"), data=both, timeout=TIMEOUT,
                           auth=(confidential.client_id, confidential.secret))
    checks.check(answer.status_code in (400, 401) and error_of(answer) in ("invalid_request", "invalid_client"),
                 "client_secret_basic and client_secret_post in one request: refused (RFC 6749 2.3)",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.exchange(confidential.code(browser))
    checks.check(answer.status_code == 200 and "no-store" in answer.headers.get("Cache-Control", "")
                 and answer.headers.get("Content-Type", "").startswith("application/json"),
                 "the token answer: JSON with Cache-Control: no-store (RFC 6749 5.1)",
                 f"{answer.headers.get('Cache-Control')!r}")
    tokens = answer.json()
    answer = confidential.token({"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"],
                                 "scope": "openid profile email roles"})
    checks.check(answer.status_code == 400 and error_of(answer) == "invalid_scope",
                 "a refresh asking for more scope than granted: invalid_scope (RFC 6749 6)",
                 f"{answer.status_code} {answer.text[:200]}")
    # The refused refresh above may or may not have spent the token: ask for a new grant.
    tokens = confidential.exchange(confidential.code(browser)).json()
    answer = userinfo(provider, tokens["refresh_token"])
    checks.check(answer.status_code == 401, "a refresh token presented at userinfo: 401", f"{answer.status_code}")
    unused_code = confidential.code(browser)
    for fields, what in [({"grant_type": "refresh_token", "refresh_token": tokens["access_token"]},
                          "an access token as a refresh token"),
                         ({"grant_type": "refresh_token", "refresh_token": tokens["id_token"]},
                          "an ID token as a refresh token"),
                         ({"grant_type": "refresh_token", "refresh_token": unused_code}, "a code as a refresh token"),
                         ({"grant_type": "authorization_code", "code": tokens["refresh_token"],
                           "redirect_uri": confidential.redirect_uri}, "a refresh token as a code")]:
        answer = confidential.token(fields)
        checks.check(answer.status_code == 400 and error_of(answer) == "invalid_grant", f"{what}: invalid_grant",
                     f"{answer.status_code} {answer.text[:200]}")
    answer = requests.post(provider.endpoint("revocation_endpoint"), data={"token": tokens["refresh_token"]},
                           auth=(other.client_id, other.secret), timeout=TIMEOUT)
    checks.check(answer.status_code == 200, "another client revoking this client's refresh token: 200 (RFC 7009 2.2)",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = confidential.refresh(tokens["refresh_token"])
    checks.check(answer.status_code == 200, "  and the token still refreshes (RFC 7009 2.1: not its token)",
                 f"{answer.status_code} {answer.text[:200]}")
    tokens = answer.json() if answer.status_code == 200 else tokens
    answer = requests.post(provider.endpoint("revocation_endpoint"), data={"token": tokens["refresh_token"]},
                           timeout=TIMEOUT)
    checks.check(answer.status_code == 401 and error_of(answer) == "invalid_client",
                 "revocation without client authentication: 401 invalid_client (RFC 7009 2.1)",
                 f"{answer.status_code} {answer.text[:200]}")
    answer = other.introspect(tokens["access_token"])
    checks.check(answer.status_code == 200 and answer.json() == {"active": False},
                 "another confidential client introspecting this client's live access token: {\"active\": false}",
                 f"{answer.status_code} {answer.text[:200]}")


def logout_hints(provider, checks, confidential, browser):
    """A logout hint that is forged, or names someone else, is no hint: the person confirms first."""
    tokens = confidential.exchange(confidential.code(browser)).json()
    header, payload, _ = jwt_parts(tokens["id_token"])
    forged = (b64url(json.dumps(dict(header, alg="none")).encode()) + "."
              + b64url(json.dumps(payload).encode()) + ".")
    end_session = provider.endpoint("end_session_endpoint")
    answer = browser.get(end_session + "?" + urllib.parse.urlencode({"id_token_hint": forged}))
    checks.check(answer.status_code == 200 and "logout-confirm" in answer.text,
                 "logout with an alg none ID token hint: the confirmation page, not a silent sign-out",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    otto = Browser(provider, username=OTHER_USERNAME)
    otto_tokens = confidential.exchange(confidential.code(otto)).json()
    answer = browser.get(end_session + "?" + urllib.parse.urlencode({"id_token_hint": otto_tokens["id_token"]}))
    checks.check(answer.status_code == 200 and "logout-confirm" in answer.text,
                 "logout with another person's ID token as the hint: the confirmation page",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    still = browser.get(confidential.authorize_url())
    checks.check(still.status_code == 303 and not still.headers["Location"].startswith("/login"),
                 "  and the person is still signed in", still.headers.get("Location"))


def pages(provider, checks, browser):
    """What a request puts on the provider's pages is escaped, and the pages cannot be framed (a
    consent click taken through an invisible frame)."""
    marker = '"><script>alert(1)</script><img src=x onerror=alert(2)>'
    named_id, named_secret = provider.add_client("<img src=x onerror=alert(3)> & co", [HTTPS_CALLBACK])
    client = Client(provider, named_id, named_secret, HTTPS_CALLBACK)
    url = client.authorize_url(state=marker, nonce=marker, login_hint=marker, pkce_verifier="v" * 43)
    page = browser.get(url)
    checks.check(page.status_code == 200 and Browser.consent_form(page.text) is not None,
                 "a consent page for a request whose state, nonce and login_hint carry markup")
    checks.check("<script>alert" not in page.text and "<img src=x" not in page.text,
                 "  the markup is escaped on the consent page (and the client's name too)")
    form = Browser.consent_form(page.text)
    values = {field["name"]: field.get("value") for field in form["inputs"]}
    checks.check(values.get("state") == marker and values.get("nonce") == marker,
                 "  and comes back intact in the form's hidden fields", str(values.get("state")))
    for response, what in [(page, "the consent page"), (Browser(provider).get(url), "the redirect to sign in")]:
        if response.status_code == 303:
            response = Browser(provider).get(urllib.parse.urljoin(provider.issuer, response.headers["Location"]))
            what = "the sign-in page of an authorization request"
            checks.check("<script>alert" not in response.text and "<img src=x" not in response.text,
                         f"  the markup is escaped on {what}")
        policy = response.headers.get("Content-Security-Policy", "")
        framing = response.headers.get("X-Frame-Options", "").upper()
        checks.check("frame-ancestors 'none'" in policy or framing == "DENY",
                     f"{what} cannot be framed (frame-ancestors 'none' or X-Frame-Options: DENY)", policy)
    refused = browser.get(client.authorize_url(redirect_uri=marker))
    checks.check(refused.status_code == 400 and "<script>alert" not in refused.text
                 and "<img src=x" not in refused.text,
                 "an error page for a redirect_uri of markup does not echo it unescaped")


def races(provider, checks, confidential, browser, attempts=8):
    """One code, and one refresh token, presented several times at once: one answer at most."""
    def at_once(fields):
        barrier = threading.Barrier(attempts)

        def one(_):
            session = requests.Session()
            barrier.wait()
            return session.post(provider.endpoint("token_endpoint"), data=fields, timeout=TIMEOUT,
                                auth=(confidential.client_id, confidential.secret))
        with concurrent.futures.ThreadPoolExecutor(attempts) as pool:
            return list(pool.map(one, range(attempts)))

    code = confidential.code(browser)
    answers = at_once({"grant_type": "authorization_code", "code": code, "redirect_uri": confidential.redirect_uri})
    issued = [answer for answer in answers if answer.status_code == 200]
    checks.check(len(issued) == 1 and all(error_of(answer) == "invalid_grant" for answer in answers
                                          if answer.status_code != 200),
                 f"one code exchanged {attempts} times at once: one answer with tokens, invalid_grant for "
                 f"the rest", str(sorted(answer.status_code for answer in answers)))
    tokens = confidential.exchange(confidential.code(browser)).json()
    answers = at_once({"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]})
    refreshed = [answer for answer in answers if answer.status_code == 200]
    checks.check(len(refreshed) == 1 and all(error_of(answer) == "invalid_grant" for answer in answers
                                             if answer.status_code != 200),
                 f"one refresh token presented {attempts} times at once: one new token, invalid_grant for the rest",
                 str(sorted(answer.status_code for answer in answers)))
    if len(refreshed) == 1:
        newest = refreshed[0].json()["refresh_token"]
        checks.check(error_of(confidential.refresh(newest)) == "invalid_grant",
                     "  and the reuse revoked the family: the one new refresh token is refused too")


def throttle(provider, checks, browser):
    """Failed requests from one address must not lock a client out for everyone (a denial of
    service anyone who reads a client ID in an authorization URL could mount)."""
    victim_id, _ = provider.add_client("throttle-victim", [LOOPBACK_CALLBACK], public=True, first_party=True)
    victim = Client(provider, victim_id, None, LOOPBACK_CALLBACK)
    token_endpoint = provider.endpoint("token_endpoint")
    last = None
    for attempt in range(101):
        last = requests.post(token_endpoint, timeout=TIMEOUT, headers={"X-Forwarded-For": "198.51.100.7"},
                             data={"grant_type": "authorization_code", "code": f"lkac_made-up-{attempt}",
                                   "client_id": victim_id, "redirect_uri": LOOPBACK_CALLBACK,
                                   "code_verifier": "v" * 43})
    checks.check(last.status_code == 429 or error_of(last) == "invalid_grant",
                 "101 made-up codes for a public client from one address: refused", f"{last.status_code}")
    verifier = "the-victims-own-verifier-" + "q" * 30  # RFC 7636 4.1's characters only
    code = victim.code(browser, verifier)
    answer = requests.post(token_endpoint, timeout=TIMEOUT, headers={"X-Forwarded-For": "203.0.113.9"},
                           data={"grant_type": "authorization_code", "code": code, "client_id": victim_id,
                                 "redirect_uri": LOOPBACK_CALLBACK, "code_verifier": verifier})
    checks.check(answer.status_code == 200,
                 "after them, the same client's honest exchange from another address is served",
                 f"{answer.status_code} {answer.text[:160]}")


def hostile(provider, checks):
    browser = Browser(provider)
    confidential_id, confidential_secret = provider.add_client("hostile-confidential", [HTTPS_CALLBACK],
                                                               first_party=True)
    other_id, other_secret = provider.add_client("hostile-other", [HTTPS_CALLBACK], first_party=True)
    public_id, _ = provider.add_client("hostile-public", [LOOPBACK_CALLBACK], public=True, first_party=True)
    confidential = Client(provider, confidential_id, confidential_secret, HTTPS_CALLBACK)
    other = Client(provider, other_id, other_secret, HTTPS_CALLBACK)
    public = Client(provider, public_id, None, LOOPBACK_CALLBACK)
    # Signed in first, so that the refusals below are the authorization endpoint's own.
    browser.authorize(confidential.authorize_url())
    with checks.group("hostile: redirect URIs"):
        redirect_uris(provider, checks, confidential, public, browser)
    with checks.group("hostile: state and PKCE"):
        state_and_pkce(provider, checks, confidential, public, browser)
    with checks.group("hostile: codes and client authentication"):
        codes(provider, checks, confidential, other, public, browser)
    with checks.group("hostile: forged and tampered tokens"):
        forged_tokens(provider, checks, confidential, browser)
    limited_id, limited_secret = provider.add_client("hostile-limited", [HTTPS_CALLBACK], first_party=True,
                                                     scopes=["profile"])
    with checks.group("hostile: authorization request oddities"):
        request_oddities(provider, checks, confidential, Client(provider, limited_id, limited_secret, HTTPS_CALLBACK),
                         browser)
    consenting_id, consenting_secret = provider.add_client("hostile-consenting", [HTTPS_CALLBACK])
    with checks.group("hostile: cross-origin and altered forms"):
        cross_origin(provider, checks, Client(provider, consenting_id, consenting_secret, HTTPS_CALLBACK), browser)
    with checks.group("hostile: token and revocation endpoint oddities"):
        token_oddities(provider, checks, confidential, other, browser)
    with checks.group("hostile: logout hints"):
        logout_hints(provider, checks, confidential, browser)
    with checks.group("hostile: what pages show"):
        pages(provider, checks, browser)
    with checks.group("hostile: races"):
        races(provider, checks, confidential, browser)
    with checks.group("hostile: failures from one address"):
        throttle(provider, checks, browser)

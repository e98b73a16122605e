#!/usr/bin/env python3
"""Latchkey's OpenID provider driven by a relying party Latchkey did not write: Authlib (PyPI).

Starts latchkey-server (as Tests/Contract/run.py does: a temporary SQLite file, then a throwaway
PostgreSQL server when its binaries are installed) with its public origin as the issuer, registers a
user and clients with the operator's CLI, and signs in through the code flow, the browser's part
(/login, the consent page) done with plain HTTP requests and cookies. Authlib's OAuth2Session is the
client: a confidential one (client_secret_basic; client_secret_post once) and a public one with PKCE
S256. Checked: discovery; the ID token, validated by authlib.oidc.core with the key set published at
jwks_uri (iss, aud, nonce, exp, the signature; sub is not the username; amr has pwd); userinfo's
claims per scope; refresh token rotation and reuse detection (the whole family revoked); revocation
(RFC 7009); introspection (RFC 7662, confidential clients only); prompt=none, prompt=login,
max_age and the consent page's Deny; a second factor's amr; RP-initiated logout; what disabling an
account, setting its password, rotating a client's secret and removing a client do to live tokens;
and key rotation with `latchkey oidc rotate-key --force` (a token signed before still verifies, new
ones carry the new key's kid).

Then hostile.py: a client that cheats (redirect URIs that are almost the registered one, PKCE left
out or downgraded, codes replayed or stolen, forged and tampered tokens, cross-origin forms, races).

On SQLite it also reports (never as a pass or a fail) the median time of a code exchange and of a
userinfo call over 200 of each.

Every check prints `ok: …` or `FAILED: …`; any failure exits nonzero. `report: …` lines are facts for
the log, and `known defect: …` lines name behaviour still to fix: neither fails the run.

Usage: python3 relying_parties.py [--binary PATH] [--cli PATH] [--engine sqlite|postgresql|both]
  [--timings N]
Needs Authlib 1.3 or later and requests (pip install 'authlib>=1.3,<2' requests) importable by this Python.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import warnings

# The provider is served over plain HTTP on the loopback interface: Authlib refuses that unless told.
os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")
import requests  # noqa: E402
import authlib.deprecate  # noqa: E402,F401 (it sets its warnings to always show; the filter below goes first)

# authlib.jose is still Authlib's JOSE (1.x) and still verifies: its notice of a successor is noise here.
warnings.filterwarnings("ignore", message="authlib.jose module is deprecated")
from authlib.common.security import generate_token  # noqa: E402
from authlib.integrations.base_client.errors import OAuthError  # noqa: E402
from authlib.integrations.requests_client import OAuth2Session  # noqa: E402
from authlib.jose import JsonWebKey, JsonWebToken  # noqa: E402
from authlib.oidc.core import CodeIDToken  # noqa: E402
from authlib.oidc.discovery import OpenIDProviderMetadata  # noqa: E402

import hostile  # noqa: E402
from provider import (EMAIL, HTTPS_CALLBACK, LOOPBACK_CALLBACK, PACKAGE, PASSWORD, ROOT, TIMEOUT,  # noqa: E402
                      USERNAME, Browser, Checks, Forms, Postgres, Provider, jwt_parts, query, running_server,
                      seed_user, server_arguments, totp)

ALL_SCOPES = "openid profile email roles"


class RelyingParty:
    """One registered client, driven by Authlib's OAuth2Session."""

    def __init__(self, provider, client_id, secret, redirect_uri, auth_method="client_secret_basic", pkce=True):
        self.provider = provider
        self.client_id = client_id
        self.secret = secret
        self.redirect_uri = redirect_uri
        self.auth_method = auth_method
        self.pkce = pkce
        self.session = self.new_session()

    def new_session(self):
        return OAuth2Session(self.client_id, self.secret, scope=ALL_SCOPES, redirect_uri=self.redirect_uri,
                             token_endpoint_auth_method=self.auth_method,
                             code_challenge_method="S256" if self.pkce else None)

    def authorization(self, browser, scope=ALL_SCOPES, **extra):
        """An authorization request through `browser`: (the URL, state, nonce, code verifier, the
        Location the browser was sent back to)."""
        verifier = generate_token(48) if self.pkce else None
        nonce = generate_token(20)
        url, state = self.session.create_authorization_url(
            self.provider.endpoint("authorization_endpoint"), code_verifier=verifier, nonce=nonce, scope=scope,
            **extra)
        return url, state, nonce, verifier, browser.authorize(url)

    def sign_in(self, browser, scope=ALL_SCOPES):
        """The whole code flow: the tokens, with what the request sent."""
        url, state, nonce, verifier, location = self.authorization(browser, scope)
        self.session = self.new_session()
        self.session.scope = scope
        arguments = {"code_verifier": verifier} if verifier else {}
        # Authlib checks the state it sent against the one that came back.
        token = self.session.fetch_token(self.provider.endpoint("token_endpoint"), authorization_response=location,
                                         state=state, **arguments)
        return {"token": dict(token), "state": state, "nonce": nonce, "location": location, "url": url}

    def refresh(self, refresh_token):
        return dict(self.session.refresh_token(self.provider.endpoint("token_endpoint"), refresh_token=refresh_token))

    def userinfo(self, access_token):
        return requests.get(self.provider.endpoint("userinfo_endpoint"), timeout=TIMEOUT,
                            headers={"Authorization": "Bearer " + access_token})

    def revoke(self, token, hint=None):
        return self.session.revoke_token(self.provider.endpoint("revocation_endpoint"), token=token,
                                         token_type_hint=hint)

    def introspect(self, token, hint=None):
        return self.session.introspect_token(self.provider.endpoint("introspection_endpoint"), token=token,
                                             token_type_hint=hint)


def oauth_error(call):
    """The OAuth error code `call` raised (None when it succeeded)."""
    try:
        call()
    except OAuthError as error:
        return error.error
    return None


def validated_id_token(provider, id_token, client_id, nonce, access_token=None, jwks=None):
    """authlib.oidc.core's validation of an ID token, with the key set published now (or `jwks`)."""
    keys = JsonWebKey.import_key_set(jwks or provider.jwks())
    claims = JsonWebToken(["RS256", "ES256", "EdDSA"]).decode(
        id_token, keys, claims_cls=CodeIDToken,
        claims_options={"iss": {"essential": True, "value": provider.issuer},
                        "aud": {"essential": True, "value": client_id}},
        claims_params={"nonce": nonce, "client_id": client_id, "access_token": access_token})
    claims.validate(leeway=5)
    return claims


def validated_access_token(provider, access_token, jwks=None):
    """The access token (RFC 9068: a JWT of typ at+jwt), verified with the published key set."""
    header = jwt_parts(access_token)[0]
    keys = JsonWebKey.import_key_set(jwks or provider.jwks())
    claims = JsonWebToken(["ES256", "RS256", "EdDSA"]).decode(
        access_token, keys, claims_options={"iss": {"essential": True, "value": provider.issuer}})
    claims.validate(leeway=5)
    return header, claims


def discovery(provider, checks):
    answer = requests.get(provider.issuer + "/.well-known/openid-configuration", timeout=TIMEOUT)
    checks.check(answer.status_code == 200 and answer.headers.get("Content-Type", "").startswith("application/json"),
                 "discovery answers 200 with JSON", f"{answer.status_code} {answer.headers.get('Content-Type')}")
    metadata = answer.json()
    provider.metadata = metadata
    checks.check(metadata.get("issuer") == provider.issuer, "the issuer is exactly the public origin",
                 repr(metadata.get("issuer")))
    try:
        OpenIDProviderMetadata(metadata).validate()
        checks.check(True, "Authlib validates the provider metadata (OpenID Connect Discovery 1.0 section 3)")
    except ValueError as error:
        checks.check(False, "Authlib validates the provider metadata", str(error))
    for name, path in [("authorization_endpoint", "/oauth2/authorize"), ("token_endpoint", "/oauth2/token"),
                       ("userinfo_endpoint", "/oauth2/userinfo"), ("jwks_uri", "/oauth2/jwks"),
                       ("revocation_endpoint", "/oauth2/revoke"), ("introspection_endpoint", "/oauth2/introspect"),
                       ("end_session_endpoint", "/oauth2/logout")]:
        checks.check(metadata.get(name) == provider.issuer + path, f"{name} is {path}", repr(metadata.get(name)))
    checks.check(metadata.get("code_challenge_methods_supported") == ["S256"], "PKCE: S256 only")
    checks.check(set(metadata.get("token_endpoint_auth_methods_supported", [])) ==
                 {"client_secret_basic", "client_secret_post", "none"}, "client authentication methods")
    checks.check(metadata.get("response_types_supported") == ["code"], "response types: code only")
    checks.check("RS256" in metadata.get("id_token_signing_alg_values_supported", [])
                 and "public" in metadata.get("subject_types_supported", [])
                 and {"openid", "profile", "email", "roles"} <= set(metadata.get("scopes_supported", []))
                 and {"authorization_code", "refresh_token"} == set(metadata.get("grant_types_supported", [])),
                 "ID token algorithms include RS256, subject type public, the scopes and grant types served "
                 "(OpenID Connect Discovery 3)")
    checks.check({"sub", "iss", "aud", "exp", "iat", "auth_time", "amr", "preferred_username", "email", "roles"}
                 <= set(metadata.get("claims_supported", [])), "claims_supported names the claims issued",
                 repr(metadata.get("claims_supported")))
    checks.check(metadata.get("authorization_response_iss_parameter_supported") is True,
                 "the authorization response's iss parameter (RFC 9207)")
    jwks = provider.jwks()
    keys = jwks.get("keys", [])
    checks.check({key.get("alg") for key in keys} >= {"RS256", "ES256", "EdDSA"}
                 and all(key.get("kid") and key.get("use") == "sig" for key in keys),
                 "the key set publishes RS256, ES256 and EdDSA keys, each with a kid and use sig",
                 str([(key.get("alg"), key.get("kid"), key.get("use")) for key in keys]))
    checks.check(not any(name in key for key in keys for name in ("d", "p", "q", "dp", "dq", "qi", "k")),
                 "the key set holds public keys only")
    JsonWebKey.import_key_set(jwks)
    checks.check(True, "Authlib imports the key set")


def code_flow(provider, checks, rp, browser, label):
    """A sign-in through the code flow, its ID token, access token and userinfo."""
    signed = rp.sign_in(browser)
    token, location = signed["token"], signed["location"]
    parameters = query(location)
    checks.check(location.startswith(rp.redirect_uri + "?"), f"{label}: back at the redirect URI", location)
    checks.check(parameters.get("state") == signed["state"], f"{label}: the state comes back")
    checks.check(parameters.get("iss") == provider.issuer, f"{label}: iss in the authorization response (RFC 9207)",
                 repr(parameters.get("iss")))
    checks.check(token.get("token_type", "").lower() == "bearer" and token.get("access_token")
                 and token.get("refresh_token") and token.get("id_token") and isinstance(token.get("expires_in"), int),
                 f"{label}: the token answer has access, refresh and ID tokens, Bearer, expires_in",
                 str(sorted(token)))
    checks.check(set(token.get("scope", "").split()) == set(ALL_SCOPES.split()), f"{label}: the granted scope",
                 repr(token.get("scope")))
    claims = validated_id_token(provider, token["id_token"], rp.client_id, signed["nonce"], token["access_token"])
    header = jwt_parts(token["id_token"])[0]
    kids = {key["kid"] for key in provider.jwks()["keys"]}
    checks.check(header.get("alg") == "RS256" and header.get("kid") in kids,
                 f"{label}: Authlib validates the ID token (RS256, a published kid; iss, aud, nonce, exp)")
    checks.check(claims["sub"] and claims["sub"] != USERNAME, f"{label}: sub is not the username", claims["sub"])
    checks.check("pwd" in claims.get("amr", []), f"{label}: amr has pwd", repr(claims.get("amr")))
    checks.check(claims.get("azp", rp.client_id) == rp.client_id and claims.get("auth_time")
                 and claims["iat"] <= claims["exp"], f"{label}: azp, auth_time, iat before exp")
    checks.check(claims.get("acr") == "urn:latchkey:acr:1fa" and claims["exp"] - claims["iat"] == 600
                 and token["expires_in"] == 600,
                 f"{label}: acr urn:latchkey:acr:1fa for a password alone; ID and access tokens live 10 minutes",
                 f"acr {claims.get('acr')}, {claims['exp'] - claims['iat']} s, expires_in {token.get('expires_in')}")
    at_header, at_claims = validated_access_token(provider, token["access_token"])
    checks.check(at_header.get("typ", "").lower() in ("at+jwt", "application/at+jwt")
                 and at_header.get("alg") == "ES256",
                 f"{label}: the access token is an ES256 JWT of typ at+jwt (RFC 9068) verified with the key set",
                 repr(at_header))
    checks.check(at_claims.get("sub") == claims["sub"], f"{label}: the access token's sub is the ID token's")
    checks.check({"iss", "exp", "aud", "sub", "client_id", "iat", "jti"} <= set(at_claims)
                 and at_claims["client_id"] == rp.client_id
                 and abs(at_claims["exp"] - at_claims["iat"] - token["expires_in"]) <= 5
                 and token["expires_in"] <= 3600,
                 f"{label}: the access token has RFC 9068 2.2's claims, its client_id, and lives expires_in seconds",
                 f"{sorted(at_claims)} expires_in {token.get('expires_in')}")
    answer = rp.userinfo(token["access_token"])
    info = answer.json() if answer.status_code == 200 else {}
    checks.check(answer.status_code == 200 and info.get("sub") == claims["sub"],
                 f"{label}: userinfo answers with the ID token's sub (OpenID Connect Core 5.3.2)",
                 f"{answer.status_code} {answer.text[:200]}")
    checks.check(info.get("preferred_username") == USERNAME and info.get("email") == EMAIL
                 and "admin" in info.get("roles", []), f"{label}: userinfo has the claims of every scope granted",
                 str(info))
    return signed, claims


def claims_per_scope(provider, checks, rp, browser):
    for scope, present, absent in [("openid profile", ["preferred_username"], ["email", "roles"]),
                                   ("openid email", ["email"], ["preferred_username", "roles"]),
                                   ("openid roles", ["roles"], ["preferred_username", "email"]),
                                   ("openid", [], ["preferred_username", "email", "roles"])]:
        token = rp.sign_in(browser, scope)["token"]
        answer = rp.userinfo(token["access_token"])
        info = answer.json() if answer.status_code == 200 else {}
        checks.check(answer.status_code == 200 and info.get("sub") and all(name in info for name in present)
                     and not any(name in info for name in absent),
                     f"userinfo for scope '{scope}': {', '.join(present) or 'sub'} and not {', '.join(absent)}",
                     f"{answer.status_code} {info}")
    token = rp.sign_in(browser, "openid roles")["token"]
    info = rp.userinfo(token["access_token"]).json()
    checks.check(isinstance(info.get("roles"), list) and "admin" in info["roles"], "roles is an array with admin",
                 repr(info.get("roles")))
    token = rp.sign_in(browser, "openid email")["token"]
    info = rp.userinfo(token["access_token"]).json()
    checks.check(info.get("email") == EMAIL and isinstance(info.get("email_verified"), bool),
                 "email with a boolean email_verified", str(info))


def refresh_rotation(provider, checks, rp, browser, label):
    token = rp.sign_in(browser)["token"]
    first = token["refresh_token"]
    second = rp.refresh(first)
    checks.check(second.get("refresh_token") and second["refresh_token"] != first and second.get("access_token"),
                 f"{label}: a refresh answers a new access token and a new refresh token")
    checks.check(rp.userinfo(second["access_token"]).status_code == 200, f"{label}: the refreshed access token works")
    if second.get("id_token"):
        claims = validated_id_token(provider, second["id_token"], rp.client_id, None)
        original = jwt_parts(token["id_token"])[1]
        checks.check(all(claims.get(name) == original.get(name) for name in ("iss", "sub", "aud", "azp", "auth_time")),
                     f"{label}: the refreshed ID token validates with the original's iss, sub, aud, azp and "
                     "auth_time (OpenID Connect Core 12.2)",
                     str({name: (original.get(name), claims.get(name)) for name in ("sub", "auth_time")}))
        checks.check(claims.get("nonce", original.get("nonce")) == original.get("nonce"),
                     f"{label}: a nonce in the refreshed ID token is the original's")
        checks.report(f"{label}: the refreshed ID token " + ("repeats the original's nonce" if "nonce" in claims
                                                             else "has no nonce"))
    third = rp.refresh(second["refresh_token"])
    checks.check(third.get("refresh_token") not in (first, second["refresh_token"], None),
                 f"{label}: each refresh rotates the refresh token")
    checks.check(oauth_error(lambda: rp.refresh(first)) == "invalid_grant",
                 f"{label}: a rotated refresh token presented again: invalid_grant")
    checks.check(oauth_error(lambda: rp.refresh(third["refresh_token"])) == "invalid_grant",
                 f"{label}: after that reuse the family's newest refresh token is refused too (RFC 9700 4.14.2)")
    events = provider.recent_events(USERNAME)
    checks.check("oidc_refresh_reused" in events, f"{label}: the reuse is in the person's history "
                 "(oidc_refresh_reused)", str(events[:5]))
    status = rp.userinfo(third["access_token"]).status_code
    checks.check(status == 401, f"{label}: and the family's newest access token no longer opens userinfo",
                 str(status))


def revocation(provider, checks, rp, browser, label):
    token = rp.sign_in(browser)["token"]
    answer = rp.revoke(token["refresh_token"], "refresh_token")
    checks.check(answer.status_code == 200, f"{label}: revoking the refresh token answers 200 (RFC 7009 2.2)",
                 f"{answer.status_code} {answer.text[:200]}")
    checks.check(oauth_error(lambda: rp.refresh(token["refresh_token"])) == "invalid_grant",
                 f"{label}: the revoked refresh token no longer refreshes")
    answer = rp.revoke("lkr_not-a-token-at-all", "refresh_token")
    checks.check(answer.status_code == 200, f"{label}: revoking an unknown token answers 200 (RFC 7009 2.2)",
                 str(answer.status_code))
    token = rp.sign_in(browser)["token"]
    answer = rp.revoke(token["access_token"], "access_token")
    checks.check(answer.status_code == 200, f"{label}: revoking an access token answers 200")
    status = rp.userinfo(token["access_token"]).status_code
    checks.check(status == 401, f"{label}: the revoked access token no longer opens userinfo", str(status))
    checks.check(oauth_error(lambda: rp.refresh(token["refresh_token"])) == "invalid_grant",
                 f"{label}: and its grant's refresh token is refused (revocation ends the grant, RFC 7009 2.1)")
    return token


def introspection(provider, checks, confidential, public, browser):
    token = confidential.sign_in(browser)["token"]
    answer = confidential.introspect(token["access_token"], "access_token")
    body = answer.json() if answer.status_code == 200 else {}
    checks.check(answer.status_code == 200 and body.get("active") is True,
                 "introspection: a live access token is active",
                 f"{answer.status_code} {answer.text[:200]}")
    sub = jwt_parts(token["id_token"])[1]["sub"]
    checks.check(body.get("client_id") == confidential.client_id and body.get("sub") == sub
                 and body.get("iss", provider.issuer) == provider.issuer and isinstance(body.get("exp"), int)
                 and set(body.get("scope", "").split()) == set(ALL_SCOPES.split()),
                 "introspection: client_id, sub, scope, exp of the token (RFC 7662 2.2)", str(body))
    answer = confidential.introspect(token["refresh_token"], "refresh_token")
    checks.check(answer.status_code == 200 and answer.json().get("active") is True,
                 "introspection: a live refresh token is active", answer.text[:200])
    confidential.revoke(token["refresh_token"], "refresh_token")
    answer = confidential.introspect(token["refresh_token"])
    checks.check(answer.status_code == 200 and answer.json() == {"active": False},
                 "introspection: the revoked refresh token is {\"active\": false}", answer.text[:200])
    confidential.revoke(token["access_token"], "access_token")
    answer = confidential.introspect(token["access_token"])
    checks.check(answer.status_code == 200 and answer.json() == {"active": False},
                 "introspection: the revoked access token is {\"active\": false}", answer.text[:200])
    answer = confidential.introspect("garbage")
    checks.check(answer.status_code == 200 and answer.json() == {"active": False},
                 "introspection: garbage is {\"active\": false}", answer.text[:200])
    public_token = public.sign_in(browser)["token"]
    answer = public.introspect(public_token["access_token"])
    checks.check(answer.status_code == 401 and answer.json().get("error") == "invalid_client",
                 "introspection: a public client is refused (401 invalid_client)",
                 f"{answer.status_code} {answer.text[:200]}")


def key_rotation(provider, checks, rp, browser):
    before = rp.sign_in(browser)
    jwks_before = provider.jwks()
    old_kid = jwt_parts(before["token"]["id_token"])[0]["kid"]
    old_at_kid = jwt_parts(before["token"]["access_token"])[0]["kid"]
    provider.cli("oidc", "rotate-key", "--force")
    checks.check(True, "latchkey oidc rotate-key --force")
    jwks_after = provider.jwks()
    kids_after = {key["kid"] for key in jwks_after["keys"]}
    checks.check(old_kid in kids_after and old_at_kid in kids_after,
                 "the keys that signed before the rotation are still published")
    validated_id_token(provider, before["token"]["id_token"], rp.client_id, before["nonce"], jwks=jwks_after)
    checks.check(True, "an ID token issued before the rotation validates with the key set published after")
    validated_access_token(provider, before["token"]["access_token"], jwks=jwks_after)
    checks.check(rp.userinfo(before["token"]["access_token"]).status_code == 200,
                 "an access token issued before the rotation still opens userinfo")
    after = rp.sign_in(browser)
    new_kid = jwt_parts(after["token"]["id_token"])[0]["kid"]
    new_at_kid = jwt_parts(after["token"]["access_token"])[0]["kid"]
    checks.check(new_kid != old_kid and new_at_kid != old_at_kid, "tokens issued after carry the new keys' kids",
                 f"{old_kid} -> {new_kid}, {old_at_kid} -> {new_at_kid}")
    before_kids = {key["kid"] for key in jwks_before["keys"]}
    checks.check(new_kid in before_kids and new_at_kid in before_kids,
                 "the new signing keys were published before they signed (a cached key set has them)")
    validated_id_token(provider, after["token"]["id_token"], rp.client_id, after["nonce"])
    checks.check(True, "Authlib validates an ID token signed by the new key")


def prompts_and_consent(provider, checks, rp, browser):
    """prompt=none, prompt=login and the consent page's Deny (OpenID Connect Core 3.1.2.1, 3.1.2.6)."""
    endpoint = provider.endpoint("authorization_endpoint")
    url, state = rp.session.create_authorization_url(endpoint, nonce=generate_token(20), prompt="none")
    answer = Browser(provider).get(url)
    parameters = query(answer.headers.get("Location", ""))
    checks.check(answer.status_code in (302, 303) and answer.headers["Location"].startswith(rp.redirect_uri + "?")
                 and parameters.get("error") == "login_required" and parameters.get("state") == state
                 and parameters.get("iss") == provider.issuer,
                 "prompt=none signed out: error=login_required at the redirect URI, with state and iss",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    url, state = rp.session.create_authorization_url(endpoint, nonce=generate_token(20), prompt="none")
    answer = browser.get(url)
    parameters = query(answer.headers.get("Location", ""))
    checks.check(parameters.get("error") == "consent_required" and parameters.get("state") == state,
                 "prompt=none signed in, for a client that needs consent: error=consent_required",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    url, state = rp.session.create_authorization_url(endpoint, nonce=generate_token(20))
    parameters = query(browser.authorize(url, decision="deny"))
    checks.check(parameters.get("error") == "access_denied" and parameters.get("state") == state
                 and "code" not in parameters,
                 "Deny on the consent page: error=access_denied, no code (RFC 6749 4.1.2.1)",
                 str(parameters))
    # An authorization request sent as a form from the relying party's page (OpenID Connect Core
    # 3.1.2.1: the endpoint MUST take POST too), as the browser sends it: with the RP's origin.
    url, state = rp.session.create_authorization_url(endpoint, nonce=generate_token(20))
    form = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
    answer = browser.session.post(endpoint, data=form, allow_redirects=False, timeout=TIMEOUT,
                                  headers={"Origin": "https://rp.example", "Sec-Fetch-Site": "cross-site"})
    consent = Browser.consent_form(answer.text) if answer.status_code == 200 else None
    checks.check(consent is not None, "an authorization request posted from the relying party's page: the consent "
                 "page, as for GET (OpenID Connect Core 3.1.2.1)", f"{answer.status_code}")
    if consent:
        fields = dict({field["name"]: field.get("value", "") for field in consent["inputs"]}, decision="allow")
        allowed = browser.post_form(consent["action"], fields, endpoint)
        parameters = query(allowed.headers.get("Location", ""))
        checks.check(allowed.status_code in (302, 303) and parameters.get("state") == state and "code" in parameters,
                     "  and Allow there sends a code back with the state", f"{allowed.status_code}")

    before = browser.sign_ins
    rp.sign_in(browser)
    checks.check(browser.sign_ins == before, "signed in already: no sign-in page")

    def auth_time(extra):
        """Sends the person through an authorization request with `extra`: the ID token's auth_time."""
        url, state = rp.session.create_authorization_url(endpoint, nonce=generate_token(20), **extra)
        location = browser.authorize(url)
        token = rp.new_session().fetch_token(provider.endpoint("token_endpoint"), authorization_response=location,
                                             state=state)
        return jwt_parts(token["id_token"])[1]["auth_time"]

    fresh = auth_time({"prompt": "login"})
    checks.check(browser.sign_ins == before + 1, "prompt=login: the person signs in again, then a code")
    # max_age=0 is prompt=login (OpenID Connect Core 3.1.2.1, errata set 2), even within the
    # second of the last sign-in.
    auth_time({"max_age": "0"})
    checks.check(browser.sign_ins == before + 2, "max_age=0 within a second of a sign-in: the person signs in again")
    signed_ins = browser.sign_ins
    later = auth_time({"max_age": "0"})
    checks.check(browser.sign_ins == signed_ins + 1 and later >= fresh,
                 "max_age=0 again: the person signs in again; auth_time is the new sign-in's",
                 f"{browser.sign_ins - signed_ins} sign-ins, auth_time {fresh} -> {later}")


def logout(provider, checks, client_id, secret):
    """RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0) with the ID token as the hint."""
    after_logout = "https://rp.example/signed-out"
    rp = RelyingParty(provider, client_id, secret, HTTPS_CALLBACK)
    browser = Browser(provider)
    token = rp.sign_in(browser)["token"]
    end_session = provider.endpoint("end_session_endpoint")
    answer = browser.get(end_session + "?" + urllib.parse.urlencode(
        {"id_token_hint": token["id_token"], "post_logout_redirect_uri": after_logout, "state": "bye"}))
    checks.check(answer.status_code in (302, 303) and answer.headers.get("Location") == after_logout + "?state=bye",
                 "logout with the ID token hint: back at the registered post-logout URI with state",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    answer = browser.get(rp.session.create_authorization_url(provider.endpoint("authorization_endpoint"),
                                                             nonce="n")[0])
    checks.check(answer.status_code == 303 and answer.headers.get("Location", "").startswith("/login"),
                 "after logout the browser's session is over (the next authorization request signs in)",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    checks.check(oauth_error(lambda: rp.refresh(token["refresh_token"])) == "invalid_grant",
                 "after logout the refresh token of that sign-in is refused")
    checks.check(rp.userinfo(token["access_token"]).status_code == 401,
                 "after logout the access token of that sign-in is refused")

    browser = Browser(provider)
    token = rp.sign_in(browser)["token"]
    answer = browser.get(end_session + "?" + urllib.parse.urlencode(
        {"id_token_hint": token["id_token"], "post_logout_redirect_uri": "https://evil.example/"}))
    checks.check(answer.status_code == 400 and "Location" not in answer.headers,
                 "logout to an unregistered post-logout URI: an error page, no redirect (RP-Initiated Logout 3)",
                 f"{answer.status_code} {answer.headers.get('Location')}")
    answer = browser.get(end_session)
    forms = Forms.of(answer.text)
    confirm = next((form for form in forms
                    if any(button.get("id") == "logout-confirm" for button in form["buttons"])), None)
    checks.check(answer.status_code == 200 and confirm is not None and confirm["method"] == "post",
                 "logout without a hint: a confirmation page (a POST form, button logout-confirm)",
                 f"{answer.status_code}")
    still = browser.get(rp.session.create_authorization_url(provider.endpoint("authorization_endpoint"),
                                                            nonce="n")[0])
    checks.check(still.status_code == 303 and not still.headers["Location"].startswith("/login"),
                 "  and until it is confirmed the person is still signed in", still.headers.get("Location"))
    fields = {field["name"]: field.get("value", "") for field in confirm["inputs"]}
    fields["confirm"] = next(button.get("value", "") for button in confirm["buttons"]
                             if button.get("id") == "logout-confirm")
    answer = browser.post_form(confirm["action"], fields, end_session)
    checks.check(answer.status_code == 200 and "signed out" in answer.text.lower(),
                 "confirmed: a Signed out page", f"{answer.status_code}")
    answer = browser.get(rp.session.create_authorization_url(provider.endpoint("authorization_endpoint"),
                                                             nonce="n")[0])
    checks.check(answer.status_code == 303 and answer.headers.get("Location", "").startswith("/login"),
                 "  and the browser's session is over", answer.headers.get("Location"))


def second_factor(provider, checks, rp):
    """A person with an authenticator app: the ID token says both factors (amr pwd, otp, mfa)."""
    session_file = os.path.join(provider.started.folder, "maria.session")
    provider.cli("register", "maria", "--password-stdin", stdin=PASSWORD + "\n")
    provider.cli("login", "maria", "--password-stdin", stdin=PASSWORD + "\n", session_file=session_file)
    enrolled = provider.cli("mfa", "enable", "--password-stdin", stdin=PASSWORD + "\n", session_file=session_file)
    provider.cli("mfa", "confirm", "--code-stdin", stdin=totp(enrolled["secret"]) + "\n", session_file=session_file)
    # Each time step's code is taken once: the sign-in gives the next step's (within the ±1 window).
    browser = Browser(provider, username="maria", second_factor=lambda: totp(enrolled["secret"], 1))
    signed = rp.sign_in(browser)
    claims = validated_id_token(provider, signed["token"]["id_token"], rp.client_id, signed["nonce"])
    checks.check({"pwd", "otp", "mfa"} <= set(claims.get("amr", [])) and claims.get("acr") == "urn:latchkey:acr:mfa",
                 "a sign-in with a password and an authenticator app: amr has pwd, otp and mfa (RFC 8176), acr "
                 "urn:latchkey:acr:mfa", f"{claims.get('amr')!r} {claims.get('acr')!r}")
    olive = jwt_parts(rp.sign_in(Browser(provider))["token"]["id_token"])[1]["sub"]
    checks.check(claims["sub"] != olive, "  and another person has another sub")


def account_changes(provider, checks):
    """What the operator does to an account or a client ends the tokens it must end."""
    client_id, secret = provider.add_client("authlib-lifecycle", [HTTPS_CALLBACK], first_party=True)
    rp = RelyingParty(provider, client_id, secret, HTTPS_CALLBACK)
    provider.cli("register", "tessa", "--password-stdin", stdin=PASSWORD + "\n")
    browser = Browser(provider, username="tessa")

    def dead(token):
        return (rp.userinfo(token["access_token"]).status_code == 401
                and oauth_error(lambda: rp.refresh(token["refresh_token"])) == "invalid_grant")

    for command, what in [(["admin", "disable", "tessa"], "latchkey admin disable"),
                          (["admin", "set-password", "tessa", "--password-stdin"], "latchkey admin set-password")]:
        token = rp.sign_in(browser)["token"]
        provider.cli(*command, stdin=PASSWORD + " anew\n" if "set-password" in command else None)
        checks.check(dead(token), f"{what}: the person's access token stops opening userinfo and the refresh "
                     "token is refused")
        if "disable" in command:
            provider.cli("admin", "enable", "tessa")
            checks.check(dead(token), "  and latchkey admin enable brings neither back")
        browser = Browser(provider, username="tessa", password=PASSWORD + (" anew" if "set-password" in command
                                                                           else ""))
    token = rp.sign_in(browser)["token"]
    provider.cli("admin", "end-sessions", "tessa")
    checks.report("latchkey admin end-sessions, then the grant's tokens: userinfo "
                  f"{rp.userinfo(token['access_token']).status_code}, refresh "
                  f"{oauth_error(lambda: rp.refresh(token['refresh_token'])) or 'served'}")

    browser = Browser(provider, username="tessa", password=PASSWORD + " anew")
    token = rp.sign_in(browser)["token"]
    rotated = provider.cli("clients", "rotate-secret", client_id)
    new_secret = rotated.get("client_secret")
    checks.check(oauth_error(lambda: rp.refresh(token["refresh_token"])) == "invalid_client",
                 "latchkey clients rotate-secret: the old secret is refused (invalid_client)")
    rp.secret = new_secret
    rp.session = rp.new_session()
    refreshed = rp.refresh(token["refresh_token"])
    checks.check(bool(refreshed.get("access_token")), "  and the new secret refreshes the same grant")
    provider.cli("clients", "remove", client_id)
    checks.check(rp.userinfo(refreshed["access_token"]).status_code == 401,
                 "latchkey clients remove: the client's access tokens stop opening userinfo")
    checks.check(oauth_error(lambda: rp.refresh(refreshed["refresh_token"])) == "invalid_client",
                 "  and its refresh token with its credentials: invalid_client")


def timings(provider, checks, rp, browser, count):
    """The median time of a code exchange and of a userinfo call (a report, never a pass or a fail)."""
    token_endpoint = provider.endpoint("token_endpoint")
    userinfo_endpoint = provider.endpoint("userinfo_endpoint")
    http = requests.Session()
    exchanges = []
    access_token = None
    for _ in range(count):
        verifier = generate_token(48)
        url, state = rp.session.create_authorization_url(provider.endpoint("authorization_endpoint"),
                                                         code_verifier=verifier, nonce=generate_token(20))
        code = query(browser.authorize(url))["code"]
        body = {"grant_type": "authorization_code", "code": code, "redirect_uri": rp.redirect_uri,
                "code_verifier": verifier}
        started = time.perf_counter()
        answer = http.post(token_endpoint, data=body, auth=(rp.client_id, rp.secret), timeout=TIMEOUT)
        exchanges.append(time.perf_counter() - started)
        if answer.status_code != 200:
            checks.check(False, "timing: a code exchange answered " + str(answer.status_code), answer.text[:200])
            return
        access_token = answer.json()["access_token"]
    calls = []
    for _ in range(count):
        started = time.perf_counter()
        answer = http.get(userinfo_endpoint, headers={"Authorization": "Bearer " + access_token}, timeout=TIMEOUT)
        calls.append(time.perf_counter() - started)
        if answer.status_code != 200:
            checks.check(False, "timing: a userinfo call answered " + str(answer.status_code), answer.text[:200])
            return
    checks.report(f"code exchange (authorization_code grant, client_secret_basic, PKCE): median "
                  f"{statistics.median(exchanges) * 1000:.2f} ms over {count} (debug build, keep-alive)")
    checks.report(f"userinfo call: median {statistics.median(calls) * 1000:.2f} ms over {count}")


def relying_parties(provider, checks, timing_count):
    with checks.group("discovery and the key set"):
        discovery(provider, checks)
    if provider.metadata is None:
        checks.check(False, "no provider metadata: nothing more to try")
        return False
    browser = Browser(provider)
    confidential_id, confidential_secret = provider.add_client("authlib-confidential", [HTTPS_CALLBACK])
    public_id, _ = provider.add_client("authlib-public", [LOOPBACK_CALLBACK], public=True)
    basic = RelyingParty(provider, confidential_id, confidential_secret, HTTPS_CALLBACK, "client_secret_basic",
                         pkce=False)
    post = RelyingParty(provider, confidential_id, confidential_secret, HTTPS_CALLBACK, "client_secret_post", pkce=True)
    public = RelyingParty(provider, public_id, None, LOOPBACK_CALLBACK, "none", pkce=True)

    with checks.group("confidential client, client_secret_basic, nonce without PKCE"):
        first, first_claims = code_flow(provider, checks, basic, browser, "basic")
        checks.check(browser.sign_ins == 1 and browser.consents == 1,
                     "the person signed in once and was asked for consent once (a client not first-party)",
                     f"{browser.sign_ins} sign-ins, {browser.consents} consents")
    with checks.group("confidential client, client_secret_post, PKCE S256"):
        code_flow(provider, checks, post, browser, "post")
    with checks.group("public client, PKCE S256"):
        _, public_claims = code_flow(provider, checks, public, browser, "public")
        checks.check(public_claims["sub"] == first_claims["sub"], "the same person has the same sub at every client "
                     "(subject type public)")
    with checks.group("userinfo's claims per scope"):
        claims_per_scope(provider, checks, basic, browser)
    with checks.group("refresh token rotation and reuse detection"):
        refresh_rotation(provider, checks, basic, browser, "confidential")
        refresh_rotation(provider, checks, public, browser, "public")
    with checks.group("revocation (RFC 7009)"):
        revocation(provider, checks, post, browser, "confidential")
        revocation(provider, checks, public, browser, "public")
    with checks.group("introspection (RFC 7662)"):
        introspection(provider, checks, basic, public, browser)
    with checks.group("prompt, max_age and the consent page"):
        prompts_and_consent(provider, checks, basic, browser)
    with checks.group("RP-initiated logout"):
        logout_id, logout_secret = provider.add_client("authlib-logout", [HTTPS_CALLBACK], first_party=True,
                                                       post_logout_uris=["https://rp.example/signed-out"])
        logout(provider, checks, logout_id, logout_secret)
    with checks.group("a second factor"):
        second_factor(provider, checks, basic)
    with checks.group("account and client changes under live tokens"):
        account_changes(provider, checks)
    with checks.group("signing key rotation"):
        key_rotation(provider, checks, basic, browser)
    if timing_count:
        with checks.group(f"timings over {timing_count} calls"):
            fast_id, fast_secret = provider.add_client("authlib-timing", [HTTPS_CALLBACK], first_party=True)
            timings(provider, checks, RelyingParty(provider, fast_id, fast_secret, HTTPS_CALLBACK), browser,
                    timing_count)


def run(engine, options):
    label = f"openid ({engine})"
    checks = Checks(label)
    with tempfile.TemporaryDirectory(prefix="latchkey-oidc-key-") as keys:
        key_file = os.path.join(keys, "latchkey.key")
        with running_server(engine, options.binary, "latchkey-oidc-", server_arguments(key_file)) as started:
            provider = Provider(started, options.cli, key_file)
            try:
                seed_user(provider)
                if relying_parties(provider, checks, options.timings if engine == "sqlite" else 0) is not False:
                    hostile.hostile(provider, checks)
            except (RuntimeError, subprocess.SubprocessError, OSError, ValueError) as error:
                checks.check(False, f"the run stopped: {error}")
            if checks.failures:
                print(f"{label}: {len(checks.failures)} FAILED; the server's log follows", flush=True)
                sys.stdout.write(started.log())
    return checks.failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=os.path.join(PACKAGE, ".build", "debug", "latchkey-server"))
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build", "debug", "latchkey"))
    parser.add_argument("--engine", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--timings", type=int, default=200, help="calls timed on SQLite (0: none)")
    options = parser.parse_args()
    engines = ["sqlite", "postgresql"] if options.engine == "both" else [options.engine]
    if "postgresql" in engines and not Postgres().available():
        print("openid: no PostgreSQL server binaries: SQLite only", flush=True)
        engines.remove("postgresql")
    failed = {engine: run(engine, options) for engine in engines}
    failed = {engine: failures for engine, failures in failed.items() if failures}
    if failed:
        for engine, failures in failed.items():
            print(f"openid ({engine}): {len(failures)} FAILED:", flush=True)
            for failure in failures:
                print(f"  FAILED: {failure}", flush=True)
        sys.exit("openid: failures on " + ", ".join(failed))
    print("openid: Authlib and the hostile client saw every check pass on " + ", ".join(engines))


if __name__ == "__main__":
    main()

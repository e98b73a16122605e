import HTTPTypes
import Hummingbird
import NIOCore

/// The one script the pages run, served from this origin (`/assets/passkeys.js`) so that their
/// Content-Security-Policy allows no inline script. It acts on the elements a page has: on the
/// sign-in page, the `passkey-sign-in` button (for the account whose name is typed, else any) and
/// the username field's autofill (conditional mediation) hand the browser's assertion to the
/// page's own form, so the second-factor step,
/// the refusals and the landing on `next` are the password form's; on the account page, the
/// `add-passkey` button enrols one, and each passkey's form renames or removes it through the
/// `/v1/passkeys` routes. Each control is hidden until the script can run it (`data-needs-script`,
/// `data-needs-webauthn`).
enum PasskeyScript {
    static let path = "/assets/passkeys.js"

    static func add<Context: LatchkeyRequestContextProtocol>(to router: RouterGroup<Context>) {
        router.get(RouterPath(path)) { _, _ in response }
    }

    static var response: Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: source)))
    }

    /// Written for browsers as they are: the WebAuthn JSON helpers
    /// (`parseCreationOptionsFromJSON`, `toJSON`) where they exist, the same conversion by hand
    /// where not.
    static let source = #"""
        "use strict";
        (function () {
          const webauthn = Boolean(window.PublicKeyCredential && navigator.credentials);
          const problem = document.getElementById("passkey-problem");

          // base64url (no padding) to bytes and back: the JSON forms' encoding of binary fields.
          function bytes(text) {
            const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
            const binary = atob(base64 + "===".slice((base64.length + 3) % 4));
            return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
          }
          function base64url(buffer) {
            let binary = "";
            for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
            return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
          }
          function descriptors(list) {
            return (list || []).map((d) => Object.assign({}, d, { id: bytes(d.id) }));
          }
          function creationOptions(json) {
            if (PublicKeyCredential.parseCreationOptionsFromJSON) {
              return PublicKeyCredential.parseCreationOptionsFromJSON(json);
            }
            return Object.assign({}, json, {
              challenge: bytes(json.challenge),
              user: Object.assign({}, json.user, { id: bytes(json.user.id) }),
              excludeCredentials: descriptors(json.excludeCredentials),
            });
          }
          function requestOptions(json) {
            if (PublicKeyCredential.parseRequestOptionsFromJSON) {
              return PublicKeyCredential.parseRequestOptionsFromJSON(json);
            }
            return Object.assign({}, json, {
              challenge: bytes(json.challenge),
              allowCredentials: descriptors(json.allowCredentials),
            });
          }
          function credentialJSON(credential) {
            if (typeof credential.toJSON === "function") return credential.toJSON();
            const answer = credential.response;
            const response = { clientDataJSON: base64url(answer.clientDataJSON) };
            if (answer.attestationObject) {
              response.attestationObject = base64url(answer.attestationObject);
              response.transports = answer.getTransports ? answer.getTransports() : [];
            } else {
              response.authenticatorData = base64url(answer.authenticatorData);
              response.signature = base64url(answer.signature);
              if (answer.userHandle) response.userHandle = base64url(answer.userHandle);
            }
            return {
              id: credential.id,
              rawId: base64url(credential.rawId),
              type: credential.type,
              response: response,
              authenticatorAttachment: credential.authenticatorAttachment || undefined,
              clientExtensionResults: credential.getClientExtensionResults(),
            };
          }

          // A /v1 call with the session cookie; a refusal throws the server's message and code.
          async function call(method, path, body) {
            const init = { method: method, credentials: "same-origin", headers: {} };
            if (body !== undefined) {
              init.headers["Content-Type"] = "application/json";
              init.body = JSON.stringify(body);
            }
            const response = await fetch(path, init);
            const answer = await response.json().catch(() => ({}));
            if (!response.ok) {
              const refusal = answer.error || {};
              const error = new Error(refusal.message || "The server refused (" + response.status + ").");
              error.code = refusal.code;
              throw error;
            }
            return answer;
          }

          function show(error) {
            if (!problem || (error && error.name === "AbortError")) return;
            let message = (error && error.message) || String(error);
            if (error && error.name === "NotAllowedError") {
              message = "The passkey request was cancelled or timed out.";
            } else if (error && error.name === "InvalidStateError") {
              message = "This authenticator already holds a passkey for this account.";
            }
            problem.textContent = message;
            if (error && error.code === "reauthentication_required") {
              const link = document.createElement("a");
              link.href = "/login?next=%2Faccount";
              link.textContent = "Sign in again";
              problem.append(" ", link);
            }
            problem.hidden = false;
          }

          // The sign-in page.
          const signInButton = document.getElementById("passkey-sign-in");
          const signInForm = document.getElementById("passkey-form");
          if (webauthn && signInButton && signInForm) {
            let pending = null;
            let refresh = null;
            let autofillAvailable = false;
            // The autofill request: its challenge expires, so it is made again before it does, and
            // again after a button sign-in that did not leave the page.
            const autofill = () => {
              if (autofillAvailable) signIn("conditional").catch(() => {});
            };
            const stopAutofill = () => {
              clearTimeout(refresh);
              if (pending) pending.abort();
              pending = null;
            };
            // A name typed first asks for that account's passkeys alone, which authenticators that
            // cannot verify the user (and so will not list theirs) can answer.
            const signIn = async (mediation) => {
              // Made before the first await, so a click while the options are on their way still
              // cancels the autofill request.
              const controller = new AbortController();
              if (mediation === "conditional") pending = controller;
              const field = document.querySelector("input[name=username]");
              const username = mediation === "conditional" || !field ? "" : field.value.trim();
              const options = await call("POST", "/v1/passkeys/login/options", username ? { username: username } : {});
              if (controller.signal.aborted) return;
              if (mediation === "conditional") {
                const lifetime = Number(options.timeout) || 300000;
                refresh = setTimeout(() => {
                  stopAutofill();
                  autofill();
                }, Math.max(30000, lifetime - 30000));
              }
              const credential = await navigator.credentials.get({
                publicKey: requestOptions(options),
                mediation: mediation,
                signal: controller.signal,
              });
              if (!credential) return;
              stopAutofill();
              signInForm.elements.passkey.value = JSON.stringify(credentialJSON(credential));
              signInForm.submit();
            };
            signInButton.addEventListener("click", () => {
              stopAutofill();
              signIn("optional")
                .catch(show)
                .finally(() => {
                  if (!pending) autofill();
                });
            });
            if (PublicKeyCredential.isConditionalMediationAvailable) {
              PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
                autofillAvailable = available;
                autofill();
              });
            }
          }

          // The account page.
          const addButton = document.getElementById("add-passkey");
          if (webauthn && addButton) {
            addButton.addEventListener("click", async () => {
              try {
                const options = await call("POST", "/v1/passkeys/register/options", {});
                const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
                const name = document.getElementById("passkey-name").value.trim() || "Passkey";
                await call("POST", "/v1/passkeys/register", { name: name, credential: credentialJSON(credential) });
                location.reload();
              } catch (error) {
                show(error);
              }
            });
          }
          for (const form of document.querySelectorAll("form.passkey")) {
            form.addEventListener("submit", async (event) => {
              event.preventDefault();
              const path = "/v1/passkeys/" + encodeURIComponent(form.dataset.id);
              try {
                if (event.submitter && event.submitter.value === "remove") {
                  const name = form.elements.name.defaultValue;
                  if (!confirm("Remove the passkey \u201c" + name + "\u201d? It will no longer sign you in.")) return;
                  await call("DELETE", path);
                } else {
                  await call("PATCH", path, { name: form.elements.name.value });
                }
                location.reload();
              } catch (error) {
                show(error);
              }
            });
          }
          // What needs this script (or WebAuthn too) shows only once it works.
          for (const element of document.querySelectorAll("[data-needs-script]")) element.hidden = false;
          if (webauthn) {
            for (const element of document.querySelectorAll("[data-needs-webauthn]")) element.hidden = false;
          }
        })();
        """#
}

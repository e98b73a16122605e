import HTTPTypes
import Hummingbird
import NIOCore

/// The OpenAPI 3.1 document of the `/v1` routes, served at `GET /v1/openapi.json`. It lives in the
/// source rather than as a bundle resource so that an installed binary, moved away from its build
/// directory, still serves it. A test checks that every `/v1` route on the router is in it.
enum OpenAPIDocument {
    /// The document's JSON answer.
    static func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// The document, as JSON.
    static let json = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Latchkey",
            "version": "1",
            "description": "Latchkey's JSON routes under /v1. Every failure is the one error object; every answer is Cache-Control: no-store."
          },
          "paths": {
            "/v1/register": {
              "post": {
                "operationId": "register",
                "summary": "Creates an account (when registration is open).",
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Registered"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "409": {
                    "$ref": "#/components/responses/Error409"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "422": {
                    "$ref": "#/components/responses/Error422"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "username": {
                            "type": "string"
                          },
                          "password": {
                            "type": "string"
                          },
                          "email": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "phone": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "display_name": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "invitation": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "description": "A code from `latchkey admin invite` (required with --registration invite)."
                          }
                        },
                        "required": [
                          "password",
                          "username"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/login": {
              "post": {
                "operationId": "login",
                "summary": "Signs in; with code, through the second factor at once; with cookie true, into the session cookie.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SignedIn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "username": {
                            "type": "string"
                          },
                          "password": {
                            "type": "string"
                          },
                          "code": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "label": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "cookie": {
                            "type": [
                              "boolean",
                              "null"
                            ]
                          }
                        },
                        "required": [
                          "password",
                          "username"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/me": {
              "get": {
                "operationId": "me",
                "summary": "The signed-in account.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Principal"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              },
              "patch": {
                "operationId": "updateProfile",
                "summary": "Changes the display name, phone or email (null or \"\" removes one; a new email needs the password).",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/Principal"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "409": {
                    "$ref": "#/components/responses/Error409"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "422": {
                    "$ref": "#/components/responses/Error422"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "display_name": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "phone": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "email": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "password": {
                            "type": [
                              "string",
                              "null"
                            ]
                          }
                        },
                        "required": [],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/password": {
              "post": {
                "operationId": "changePassword",
                "summary": "Changes the password; access tokens are revoked unless revoke_tokens is false.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasswordChanged"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "422": {
                    "$ref": "#/components/responses/Error422"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "current": {
                            "type": "string"
                          },
                          "new": {
                            "type": "string"
                          },
                          "revoke_tokens": {
                            "type": [
                              "boolean",
                              "null"
                            ]
                          }
                        },
                        "required": [
                          "current",
                          "new"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/history": {
              "get": {
                "operationId": "history",
                "summary": "The account's latest sign-in and security events.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "events": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/HistoryEntry"
                              }
                            }
                          },
                          "required": [
                            "events"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer"
                    },
                    "description": "How many events (bounded by the server's policy)."
                  }
                ]
              }
            },
            "/v1/logout": {
              "post": {
                "operationId": "logout",
                "summary": "Ends this session. A token that signs nobody in already is not an error: signed_out is 0.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SignedOut"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/logout-all": {
              "post": {
                "operationId": "logoutAll",
                "summary": "Ends every session of the account. A token that signs nobody in already is not an error: signed_out is 0.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SignedOut"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/sessions": {
              "get": {
                "operationId": "sessions",
                "summary": "The account's live sessions.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "sessions": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/SessionSummary"
                              }
                            }
                          },
                          "required": [
                            "sessions"
                          ],
                          "additionalProperties": false
                        }
                      }
                    },
                    "links": {
                      "RevokeSession": {
                        "operationId": "revokeSession",
                        "parameters": {
                          "id": "$response.body#/sessions/0/id"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/sessions/{id}": {
              "delete": {
                "operationId": "revokeSession",
                "summary": "Ends one session of the account.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SignedOut"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The short id."
                  }
                ]
              }
            },
            "/v1/tokens": {
              "get": {
                "operationId": "accessTokens",
                "summary": "The account's personal access tokens (through a session only).",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "tokens": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/AccessTokenSummary"
                              }
                            }
                          },
                          "required": [
                            "tokens"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              },
              "post": {
                "operationId": "createAccessToken",
                "summary": "Makes a personal access token; expires_in is never or a number with m, h, d or w.",
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/CreatedAccessToken"
                        }
                      }
                    },
                    "links": {
                      "RevokeAccessToken": {
                        "operationId": "revokeAccessToken",
                        "parameters": {
                          "id": "$response.body#/access_token/id"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "name": {
                            "type": "string"
                          },
                          "roles": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "items": {
                              "type": "string"
                            }
                          },
                          "expires_in": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "pattern": "^(never|[+]?[0-9]{1,6}[mhdw])$"
                          }
                        },
                        "required": [
                          "name"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/tokens/{id}": {
              "delete": {
                "operationId": "revokeAccessToken",
                "summary": "Revokes one personal access token.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "revoked": {
                              "$ref": "#/components/schemas/AccessTokenSummary"
                            }
                          },
                          "required": [
                            "revoked"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The short id."
                  }
                ]
              }
            },
            "/v1/passkeys": {
              "get": {
                "operationId": "passkeys",
                "summary": "The signed-in account's passkeys, oldest first.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "passkeys": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/PasskeySummary"
                              }
                            }
                          },
                          "required": [
                            "passkeys"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/passkeys/register/options": {
              "post": {
                "operationId": "passkeyCreationOptions",
                "summary": "The options of a new passkey (PublicKeyCredentialCreationOptionsJSON) for the signed-in account, whose session must be recent; not_found while passkeys are off.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyCreationOptions"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {},
                        "required": [],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/passkeys/register": {
              "post": {
                "operationId": "registerPasskey",
                "summary": "Verifies and stores the browser's RegistrationResponseJSON (credential.toJSON()) as a passkey named name.",
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeySummary"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "name": {
                            "type": "string"
                          },
                          "credential": {
                            "$ref": "#/components/schemas/PasskeyRegistrationResponse"
                          }
                        },
                        "required": [
                          "credential",
                          "name"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/passkeys/login/options": {
              "post": {
                "operationId": "passkeyRequestOptions",
                "summary": "The options of a passkey sign-in (PublicKeyCredentialRequestOptionsJSON): passwordless without a username; not_found while passkeys are off.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeyRequestOptions"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "username": {
                            "type": [
                              "string",
                              "null"
                            ]
                          }
                        },
                        "required": [],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/passkeys/login": {
              "post": {
                "operationId": "passkeyLogin",
                "summary": "Signs in with the browser's AuthenticationResponseJSON, answered as /v1/login: with code, through the second factor at once; with cookie true, into the session cookie.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SignedIn"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "credential": {
                            "$ref": "#/components/schemas/PasskeyAuthenticationResponse"
                          },
                          "code": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "label": {
                            "type": [
                              "string",
                              "null"
                            ]
                          },
                          "cookie": {
                            "type": [
                              "boolean",
                              "null"
                            ]
                          }
                        },
                        "required": [
                          "credential"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/passkeys/{id}": {
              "patch": {
                "operationId": "renamePasskey",
                "summary": "Renames one of the account's passkeys.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeySummary"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "name": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "name"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The short id."
                  }
                ]
              },
              "delete": {
                "operationId": "removePasskey",
                "summary": "Removes one of the account's passkeys; refused (invalid_input) when it is the account's only way in.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/PasskeySummary"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The short id."
                  }
                ]
              }
            },
            "/v1/auth": {
              "get": {
                "operationId": "forwardAuth",
                "summary": "The forward-auth check: 200 with the principal in headers, 401 without a live session, 403 without every role role= names.",
                "responses": {
                  "200": {
                    "description": "Signed in, with every role asked for.",
                    "headers": {
                      "X-Latchkey-User": {
                        "required": true,
                        "schema": {
                          "type": "string"
                        },
                        "description": "The username."
                      },
                      "X-Latchkey-Roles": {
                        "required": true,
                        "schema": {
                          "type": "string"
                        },
                        "description": "The roles, comma-separated."
                      },
                      "X-Latchkey-Session": {
                        "required": true,
                        "schema": {
                          "type": "string"
                        },
                        "description": "The session's short id (empty for an access token)."
                      },
                      "X-Latchkey-Credential": {
                        "required": true,
                        "schema": {
                          "type": "string"
                        },
                        "description": "session or access_token."
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ],
                "parameters": [
                  {
                    "name": "role",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "pattern": "^[^,]+(,[^,]+)*$"
                    },
                    "description": "Roles required, comma-separated (a,b: both). Any other parameter is a 400."
                  }
                ]
              }
            },
            "/v1/second-factor/enroll": {
              "post": {
                "operationId": "enrollSecondFactor",
                "summary": "Starts enrolling an authenticator app.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SecondFactorResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "password": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "password"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/second-factor/confirm": {
              "post": {
                "operationId": "confirmSecondFactor",
                "summary": "Confirms enrolment with a code.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SecondFactorResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "code": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "code"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/second-factor/disable": {
              "post": {
                "operationId": "disableSecondFactor",
                "summary": "Turns the second factor off.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SecondFactorResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "password": {
                            "type": "string"
                          },
                          "code": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "code",
                          "password"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/second-factor/recovery-codes": {
              "post": {
                "operationId": "replaceRecoveryCodes",
                "summary": "Replaces the recovery codes.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/SecondFactorResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "password": {
                            "type": "string"
                          },
                          "code": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "code",
                          "password"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/password-reset": {
              "post": {
                "operationId": "requestPasswordReset",
                "summary": "Asks for a reset code or link; 202 whatever the account.",
                "responses": {
                  "202": {
                    "description": "Accepted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ResetRequested"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "account": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "account"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/password-reset/complete": {
              "post": {
                "operationId": "completePasswordReset",
                "summary": "Sets a new password with a reset link's token, or a username and code.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ResetCompleted"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "422": {
                    "$ref": "#/components/responses/Error422"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "anyOf": [
                          {
                            "type": "object",
                            "properties": {
                              "token": {
                                "type": "string"
                              },
                              "password": {
                                "type": "string"
                              },
                              "username": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              },
                              "code": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              }
                            },
                            "required": [
                              "password",
                              "token"
                            ],
                            "additionalProperties": false
                          },
                          {
                            "type": "object",
                            "properties": {
                              "username": {
                                "type": "string"
                              },
                              "code": {
                                "type": "string"
                              },
                              "password": {
                                "type": "string"
                              },
                              "token": {
                                "type": "null"
                              }
                            },
                            "required": [
                              "code",
                              "password",
                              "username"
                            ],
                            "additionalProperties": false
                          }
                        ]
                      }
                    }
                  }
                },
                "security": []
              }
            },
            "/v1/email/verify-request": {
              "post": {
                "operationId": "requestEmailVerification",
                "summary": "Sends a code to the address awaiting proof.",
                "responses": {
                  "202": {
                    "description": "Accepted.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "sent_to": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "sent_to"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/email/verify": {
              "post": {
                "operationId": "verifyEmail",
                "summary": "Proves an address, with a link's token or (signed in) a code.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "verified": {
                              "type": "string"
                            }
                          },
                          "required": [
                            "verified"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "409": {
                    "$ref": "#/components/responses/Error409"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "anyOf": [
                          {
                            "type": "object",
                            "properties": {
                              "token": {
                                "type": "string"
                              },
                              "code": {
                                "type": [
                                  "string",
                                  "null"
                                ]
                              }
                            },
                            "required": [
                              "token"
                            ],
                            "additionalProperties": false
                          },
                          {
                            "type": "object",
                            "properties": {
                              "code": {
                                "type": "string"
                              },
                              "token": {
                                "type": "null"
                              }
                            },
                            "required": [
                              "code"
                            ],
                            "additionalProperties": false
                          }
                        ]
                      }
                    }
                  }
                },
                "security": [
                  {},
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/openapi.json": {
              "get": {
                "operationId": "openAPI",
                "summary": "This document.",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OpenAPI document.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  }
                }
              }
            },
            "/v1/admin/invitations": {
              "get": {
                "operationId": "adminListInvitations",
                "summary": "Invitations that can still be used, newest first; with `all=true` used, expired and revoked ones too (the role admin). Never a code.",
                "parameters": [
                  {
                    "name": "all",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "enum": [
                        "true",
                        "false"
                      ]
                    },
                    "description": "`true` lists every invitation with its state; `false` (the default) only pending ones."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "invitations": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/InvitationSummary"
                              }
                            }
                          },
                          "required": [
                            "invitations"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/invitations/{id}": {
              "delete": {
                "operationId": "adminRevokeInvitation",
                "summary": "Revokes an unused invitation: its code then fails registration as an unknown code does (the role admin).",
                "parameters": [
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The invitation's number, as the list shows it."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RevokedInvitation"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/oidc-clients": {
              "get": {
                "operationId": "adminListOIDCClients",
                "summary": "Every OpenID Connect client, by name (the role admin). Never a secret.",
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "clients": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/OIDCClientSummary"
                              }
                            }
                          },
                          "required": [
                            "clients"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              },
              "post": {
                "operationId": "adminAddOIDCClient",
                "summary": "Registers an OpenID Connect client (the role admin); a confidential client's secret is in the answer this once, a public client has none.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "name": {
                            "type": "string",
                            "description": "1 to 64 printable characters, unique in any case, not starting with lkc_."
                          },
                          "redirect_uris": {
                            "type": "array",
                            "items": {
                              "type": "string"
                            },
                            "minItems": 1,
                            "maxItems": 10,
                            "description": "Absolute https URIs, or http to 127.0.0.1, [::1] or localhost; matched exactly as given."
                          },
                          "post_logout_redirect_uris": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "items": {
                              "type": "string"
                            },
                            "maxItems": 10
                          },
                          "scopes": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "items": {
                              "type": "string"
                            },
                            "description": "From openid, profile, email and roles; openid is always granted."
                          },
                          "public": {
                            "type": [
                              "boolean",
                              "null"
                            ],
                            "description": "A browser or native app, with no secret."
                          },
                          "first_party": {
                            "type": [
                              "boolean",
                              "null"
                            ],
                            "description": "Skips the consent screen."
                          }
                        },
                        "required": [
                          "name",
                          "redirect_uris"
                        ],
                        "additionalProperties": false,
                        "examples": [
                          {
                            "name": "wiki",
                            "redirect_uris": [
                              "https://wiki.example.com/oidc/callback"
                            ],
                            "scopes": [
                              "email"
                            ]
                          }
                        ]
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OIDCClientWithSecret"
                        }
                      }
                    },
                    "links": {
                      "ShowOIDCClient": {
                        "operationId": "adminShowOIDCClient",
                        "parameters": {
                          "client": "$response.body#/client/client_id"
                        }
                      },
                      "RotateOIDCClientSecret": {
                        "operationId": "adminRotateOIDCClientSecret",
                        "parameters": {
                          "client": "$response.body#/client/client_id"
                        }
                      },
                      "RemoveOIDCClient": {
                        "operationId": "adminRemoveOIDCClient",
                        "parameters": {
                          "client": "$response.body#/client/client_id"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/oidc-clients/{client}": {
              "get": {
                "operationId": "adminShowOIDCClient",
                "summary": "One OpenID Connect client (the role admin). Never its secret.",
                "parameters": [
                  {
                    "name": "client",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The client's name (any case) or client ID."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OIDCClientSummary"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              },
              "delete": {
                "operationId": "adminRemoveOIDCClient",
                "summary": "Removes an OpenID Connect client: its client ID and secret open nothing from then on (the role admin).",
                "parameters": [
                  {
                    "name": "client",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The client's name (any case) or client ID."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/RemovedOIDCClient"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/oidc-clients/{client}/rotate-secret": {
              "post": {
                "operationId": "adminRotateOIDCClientSecret",
                "summary": "Gives a confidential client a new secret, in the answer this once; the old one stops working at once. A public client has none (400) (the role admin).",
                "parameters": [
                  {
                    "name": "client",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The client's name (any case) or client ID."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/OIDCClientWithSecret"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users": {
              "get": {
                "operationId": "adminListUsers",
                "summary": "Accounts whose name or email holds `search`, by name (the role admin).",
                "parameters": [
                  {
                    "name": "search",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string"
                    }
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]+$"
                    },
                    "description": "At most this many (1 to 1000)."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": {
                            "users": {
                              "type": "array",
                              "items": {
                                "$ref": "#/components/schemas/AccountSummary"
                              }
                            }
                          },
                          "required": [
                            "users"
                          ],
                          "additionalProperties": false
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}": {
              "get": {
                "operationId": "adminShowUser",
                "summary": "One account with its live sessions, access tokens and latest events.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AccountDetail"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              },
              "delete": {
                "operationId": "adminDeleteUser",
                "summary": "Erases the account; its events keep a pseudonym.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/disable": {
              "post": {
                "operationId": "adminDisableUser",
                "summary": "Disables the account and ends its sessions and access tokens.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/enable": {
              "post": {
                "operationId": "adminEnableUser",
                "summary": "Enables the account again.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/unlock": {
              "post": {
                "operationId": "adminUnlockUser",
                "summary": "Clears the account's sign-in throttle.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/end-sessions": {
              "post": {
                "operationId": "adminEndSessions",
                "summary": "Ends every live session of the account (its access tokens stay).",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/reset-code": {
              "post": {
                "operationId": "adminIssueResetCode",
                "summary": "Issues a one-time password-reset code for the account (one use, replacing any earlier one), shown once in the answer for the administrator to hand over privately; a disabled account gets none (400).",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/IssuedResetCode"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/expire-password": {
              "post": {
                "operationId": "adminExpirePassword",
                "summary": "Requires a new password at the next sign-in.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/reset-second-factor": {
              "post": {
                "operationId": "adminResetSecondFactor",
                "summary": "Removes the account's second factor.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/roles": {
              "post": {
                "operationId": "adminChangeRoles",
                "summary": "Adds and removes roles.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "add": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "items": {
                              "type": "string"
                            }
                          },
                          "remove": {
                            "type": [
                              "array",
                              "null"
                            ],
                            "items": {
                              "type": "string"
                            }
                          }
                        },
                        "required": [],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/password": {
              "post": {
                "operationId": "adminSetPassword",
                "summary": "Sets a new password; every session and access token of the account ends.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {
                        "type": "object",
                        "properties": {
                          "password": {
                            "type": "string"
                          }
                        },
                        "required": [
                          "password"
                        ],
                        "additionalProperties": false
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "413": {
                    "$ref": "#/components/responses/Error413"
                  },
                  "415": {
                    "$ref": "#/components/responses/Error415"
                  },
                  "422": {
                    "$ref": "#/components/responses/Error422"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/tokens/{id}": {
              "delete": {
                "operationId": "adminRevokeAccessToken",
                "summary": "Revokes one access token of the account.",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The token's short id."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            },
            "/v1/admin/users/{username}/passkeys/{id}": {
              "delete": {
                "operationId": "adminRevokePasskey",
                "summary": "Removes one passkey of the account (even its last: the operator can set a password).",
                "parameters": [
                  {
                    "name": "username",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The account's username."
                  },
                  {
                    "name": "id",
                    "in": "path",
                    "required": true,
                    "schema": {
                      "type": "string"
                    },
                    "description": "The passkey's short id."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "Done.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/AdministrationResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/Error400"
                  },
                  "401": {
                    "$ref": "#/components/responses/Error401"
                  },
                  "403": {
                    "$ref": "#/components/responses/Error403"
                  },
                  "404": {
                    "$ref": "#/components/responses/Error404"
                  },
                  "429": {
                    "$ref": "#/components/responses/Error429"
                  },
                  "500": {
                    "$ref": "#/components/responses/Error500"
                  },
                  "503": {
                    "$ref": "#/components/responses/Error503"
                  }
                },
                "security": [
                  {
                    "bearer": []
                  },
                  {
                    "cookie": []
                  }
                ]
              }
            }
          },
          "components": {
            "schemas": {
              "Error": {
                "type": "object",
                "properties": {
                  "error": {
                    "type": "object",
                    "properties": {
                      "code": {
                        "type": "string",
                        "enum": [
                          "invalid_credentials",
                          "throttled",
                          "second_factor_required",
                          "not_signed_in",
                          "session_expired",
                          "password_change_required",
                          "reauthentication_required",
                          "forbidden",
                          "not_found",
                          "invalid_input",
                          "weak_password",
                          "username_taken",
                          "email_taken",
                          "overloaded",
                          "busy",
                          "unavailable",
                          "storage",
                          "internal"
                        ],
                        "description": "A stable code a client can switch on."
                      },
                      "message": {
                        "type": "string",
                        "description": "One line for a person; never a secret, SQL or a stack."
                      },
                      "status": {
                        "type": "integer",
                        "description": "The HTTP status, repeated."
                      }
                    },
                    "required": [
                      "code",
                      "message",
                      "status"
                    ],
                    "additionalProperties": false
                  }
                },
                "required": [
                  "error"
                ],
                "additionalProperties": false,
                "description": "The one error object every route answers a failure with."
              },
              "Principal": {
                "type": "object",
                "properties": {
                  "user_id": {
                    "type": "integer",
                    "format": "int64"
                  },
                  "username": {
                    "type": "string"
                  },
                  "display_name": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "email": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "email_verified": {
                    "type": "boolean"
                  },
                  "pending_email": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "phone": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "Masked: only the last digits show."
                  },
                  "member_since": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "last_sign_in": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "roles": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "second_factor": {
                    "type": "boolean"
                  },
                  "recovery_codes_left": {
                    "type": "integer"
                  },
                  "credential": {
                    "type": "string",
                    "enum": [
                      "session",
                      "access_token"
                    ]
                  },
                  "session": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "The session's short id."
                  },
                  "session_expires": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "session_expires_if_unused": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "amr": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    },
                    "description": "How the session was signed in, as RFC 8176 authentication method values: pwd (password), otp (authenticator code), rcv (recovery code; not in RFC 8176's registry), hwk (passkey), swk (synced passkey), user (presence), mfa (more than one factor, or a passkey that verified its user). Empty when unknown: a session from before methods were recorded, or an access token."
                  },
                  "access_token": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "The access token's short id."
                  }
                },
                "required": [
                  "access_token",
                  "amr",
                  "credential",
                  "display_name",
                  "email",
                  "email_verified",
                  "last_sign_in",
                  "member_since",
                  "pending_email",
                  "phone",
                  "recovery_codes_left",
                  "roles",
                  "second_factor",
                  "session",
                  "session_expires",
                  "session_expires_if_unused",
                  "user_id",
                  "username"
                ],
                "additionalProperties": false,
                "description": "The signed-in account, as the CLI prints it."
              },
              "SessionSummary": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "label": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "last_used": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expires": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expires_if_unused": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expires_at_latest": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "current": {
                    "type": "boolean"
                  },
                  "address": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "user_agent": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "client": {
                    "description": "The OpenID Connect client (its name) this session is a sign-in to; null for a direct sign-in.",
                    "type": [
                      "string",
                      "null"
                    ]
                  }
                },
                "required": [
                  "address",
                  "client",
                  "created",
                  "current",
                  "expires",
                  "expires_at_latest",
                  "expires_if_unused",
                  "id",
                  "label",
                  "last_used",
                  "user_agent"
                ],
                "additionalProperties": false
              },
              "InvitationSummary": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "integer",
                    "format": "int64"
                  },
                  "state": {
                    "type": "string",
                    "enum": [
                      "pending",
                      "used",
                      "expired",
                      "revoked"
                    ]
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expires": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "email": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "roles": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "created_by": {
                    "type": "string",
                    "description": "The operating-system user, or the administrator's username."
                  },
                  "used": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "used_by": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "revoked": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  }
                },
                "required": [
                  "created",
                  "created_by",
                  "email",
                  "expires",
                  "id",
                  "revoked",
                  "roles",
                  "state",
                  "used",
                  "used_by"
                ],
                "additionalProperties": false
              },
              "RevokedInvitation": {
                "type": "object",
                "properties": {
                  "revoked": {
                    "type": "boolean"
                  },
                  "id": {
                    "type": "integer",
                    "format": "int64"
                  }
                },
                "required": [
                  "id",
                  "revoked"
                ],
                "additionalProperties": false
              },
              "OIDCClientSummary": {
                "type": "object",
                "properties": {
                  "client_id": {
                    "type": "string",
                    "description": "lkc_ and 22 base62 characters."
                  },
                  "name": {
                    "type": "string"
                  },
                  "public": {
                    "type": "boolean"
                  },
                  "first_party": {
                    "type": "boolean"
                  },
                  "redirect_uris": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "post_logout_redirect_uris": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "scopes": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "secret_rotated": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "created_by": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "The administrator who added it, while the account exists; null when the operator did."
                  }
                },
                "required": [
                  "client_id",
                  "created",
                  "created_by",
                  "first_party",
                  "name",
                  "post_logout_redirect_uris",
                  "public",
                  "redirect_uris",
                  "scopes",
                  "secret_rotated"
                ],
                "additionalProperties": false
              },
              "OIDCClientWithSecret": {
                "type": "object",
                "properties": {
                  "client": {
                    "$ref": "#/components/schemas/OIDCClientSummary"
                  },
                  "client_secret": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "lks_ and 32 random bytes in base64url, shown this once; null for a public client."
                  }
                },
                "required": [
                  "client",
                  "client_secret"
                ],
                "additionalProperties": false
              },
              "RemovedOIDCClient": {
                "type": "object",
                "properties": {
                  "removed": {
                    "type": "boolean"
                  },
                  "client_id": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  }
                },
                "required": [
                  "client_id",
                  "name",
                  "removed"
                ],
                "additionalProperties": false
              },
              "AccessTokenSummary": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string"
                  },
                  "name": {
                    "type": "string"
                  },
                  "roles": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "expires": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "last_used": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "last_used_address": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "last_used_user_agent": {
                    "type": [
                      "string",
                      "null"
                    ]
                  }
                },
                "required": [
                  "created",
                  "expires",
                  "id",
                  "last_used",
                  "last_used_address",
                  "last_used_user_agent",
                  "name",
                  "roles"
                ],
                "additionalProperties": false
              },
              "CreatedAccessToken": {
                "type": "object",
                "properties": {
                  "token": {
                    "type": "string",
                    "description": "The token, shown this once."
                  },
                  "access_token": {
                    "$ref": "#/components/schemas/AccessTokenSummary"
                  }
                },
                "required": [
                  "access_token",
                  "token"
                ],
                "additionalProperties": false
              },
              "PasskeySummary": {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "The short id renaming and removing take."
                  },
                  "name": {
                    "type": "string"
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "last_used": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "backed_up": {
                    "type": "boolean"
                  },
                  "backup_eligible": {
                    "type": "boolean"
                  },
                  "transports": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "counter_went_backwards": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time",
                    "description": "When a sign-in presented a lower signature counter (a possible copy), if ever."
                  }
                },
                "required": [
                  "backed_up",
                  "backup_eligible",
                  "counter_went_backwards",
                  "created",
                  "id",
                  "last_used",
                  "name",
                  "transports"
                ],
                "additionalProperties": false
              },
              "PasskeyCredentialDescriptor": {
                "type": "object",
                "properties": {
                  "type": {
                    "type": "string",
                    "enum": [
                      "public-key"
                    ]
                  },
                  "id": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "transports": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "id",
                  "transports",
                  "type"
                ],
                "additionalProperties": false
              },
              "PasskeyCreationOptions": {
                "type": "object",
                "description": "PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), for PublicKeyCredential.parseCreationOptionsFromJSON.",
                "properties": {
                  "rp": {
                    "type": "object",
                    "properties": {
                      "id": {
                        "type": "string"
                      },
                      "name": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "id",
                      "name"
                    ],
                    "additionalProperties": false
                  },
                  "user": {
                    "type": "object",
                    "properties": {
                      "id": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "name": {
                        "type": "string"
                      },
                      "displayName": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "displayName",
                      "id",
                      "name"
                    ],
                    "additionalProperties": false
                  },
                  "challenge": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "pubKeyCredParams": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": [
                            "public-key"
                          ]
                        },
                        "alg": {
                          "type": "integer"
                        }
                      },
                      "required": [
                        "alg",
                        "type"
                      ],
                      "additionalProperties": false
                    }
                  },
                  "timeout": {
                    "type": "integer",
                    "description": "Milliseconds."
                  },
                  "excludeCredentials": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeyCredentialDescriptor"
                    }
                  },
                  "authenticatorSelection": {
                    "type": "object",
                    "properties": {
                      "residentKey": {
                        "type": "string"
                      },
                      "requireResidentKey": {
                        "type": "boolean"
                      },
                      "userVerification": {
                        "type": "string",
                        "enum": [
                          "required",
                          "preferred"
                        ]
                      }
                    },
                    "required": [
                      "requireResidentKey",
                      "residentKey",
                      "userVerification"
                    ],
                    "additionalProperties": false
                  },
                  "attestation": {
                    "type": "string",
                    "enum": [
                      "none"
                    ]
                  }
                },
                "required": [
                  "attestation",
                  "authenticatorSelection",
                  "challenge",
                  "excludeCredentials",
                  "pubKeyCredParams",
                  "rp",
                  "timeout",
                  "user"
                ],
                "additionalProperties": false
              },
              "PasskeyRequestOptions": {
                "type": "object",
                "description": "PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3), for PublicKeyCredential.parseRequestOptionsFromJSON.",
                "properties": {
                  "challenge": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "timeout": {
                    "type": "integer",
                    "description": "Milliseconds."
                  },
                  "rpId": {
                    "type": "string"
                  },
                  "allowCredentials": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeyCredentialDescriptor"
                    }
                  },
                  "userVerification": {
                    "type": "string",
                    "enum": [
                      "required",
                      "preferred"
                    ]
                  }
                },
                "required": [
                  "allowCredentials",
                  "challenge",
                  "rpId",
                  "timeout",
                  "userVerification"
                ],
                "additionalProperties": false
              },
              "PasskeyRegistrationResponse": {
                "type": "object",
                "description": "RegistrationResponseJSON: what credential.toJSON() answers after navigator.credentials.create.",
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "rawId": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "type": {
                    "type": "string",
                    "enum": [
                      "public-key"
                    ]
                  },
                  "response": {
                    "type": "object",
                    "properties": {
                      "clientDataJSON": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "attestationObject": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "transports": {
                        "type": "array",
                        "items": {
                          "type": "string"
                        }
                      }
                    },
                    "required": [
                      "attestationObject",
                      "clientDataJSON"
                    ]
                  }
                },
                "required": [
                  "id",
                  "rawId",
                  "response",
                  "type"
                ]
              },
              "PasskeyAuthenticationResponse": {
                "type": "object",
                "description": "AuthenticationResponseJSON: what credential.toJSON() answers after navigator.credentials.get.",
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "rawId": {
                    "type": "string",
                    "description": "base64url, without padding."
                  },
                  "type": {
                    "type": "string",
                    "enum": [
                      "public-key"
                    ]
                  },
                  "response": {
                    "type": "object",
                    "properties": {
                      "clientDataJSON": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "authenticatorData": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "signature": {
                        "type": "string",
                        "description": "base64url, without padding."
                      },
                      "userHandle": {
                        "type": [
                          "string",
                          "null"
                        ],
                        "description": "base64url, without padding."
                      }
                    },
                    "required": [
                      "authenticatorData",
                      "clientDataJSON",
                      "signature"
                    ]
                  }
                },
                "required": [
                  "id",
                  "rawId",
                  "response",
                  "type"
                ]
              },
              "HistoryEntry": {
                "type": "object",
                "properties": {
                  "time": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "kind": {
                    "type": "string"
                  },
                  "reason": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "description": {
                    "type": "string"
                  },
                  "by_administrator": {
                    "type": "boolean"
                  },
                  "address": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "user_agent": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "count": {
                    "type": "integer"
                  }
                },
                "required": [
                  "address",
                  "by_administrator",
                  "count",
                  "description",
                  "kind",
                  "reason",
                  "time",
                  "user_agent"
                ],
                "additionalProperties": false
              },
              "SecondFactorResult": {
                "type": "object",
                "properties": {
                  "status": {
                    "type": "string",
                    "enum": [
                      "pending",
                      "enabled",
                      "disabled",
                      "recovery_codes_replaced"
                    ]
                  },
                  "uri": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "secret": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "recovery_codes": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "type": "string"
                    }
                  }
                },
                "required": [
                  "recovery_codes",
                  "secret",
                  "status",
                  "uri"
                ],
                "additionalProperties": false
              },
              "Registered": {
                "type": "object",
                "properties": {
                  "registered": {
                    "type": "boolean"
                  },
                  "principal": {
                    "$ref": "#/components/schemas/Principal"
                  }
                },
                "required": [
                  "principal",
                  "registered"
                ],
                "additionalProperties": false
              },
              "SignedIn": {
                "type": "object",
                "properties": {
                  "signed_in": {
                    "type": "boolean"
                  },
                  "password_change_required": {
                    "type": "boolean"
                  },
                  "principal": {
                    "$ref": "#/components/schemas/Principal"
                  },
                  "token": {
                    "type": "string",
                    "description": "The session token; absent when it went into the session cookie."
                  }
                },
                "required": [
                  "signed_in",
                  "password_change_required"
                ],
                "additionalProperties": false
              },
              "SignedOut": {
                "type": "object",
                "properties": {
                  "signed_out": {
                    "type": "integer",
                    "description": "How many sessions ended."
                  },
                  "current": {
                    "type": "boolean"
                  }
                },
                "required": [
                  "current",
                  "signed_out"
                ],
                "additionalProperties": false
              },
              "PasswordChanged": {
                "type": "object",
                "properties": {
                  "changed": {
                    "type": "boolean"
                  },
                  "other_sessions_ended": {
                    "type": "integer"
                  },
                  "access_tokens_revoked": {
                    "type": "integer"
                  },
                  "access_tokens_kept": {
                    "type": "integer"
                  }
                },
                "required": [
                  "access_tokens_kept",
                  "access_tokens_revoked",
                  "changed",
                  "other_sessions_ended"
                ],
                "additionalProperties": false
              },
              "ResetCompleted": {
                "type": "object",
                "properties": {
                  "reset": {
                    "type": "boolean"
                  },
                  "sessions_ended": {
                    "type": "integer"
                  },
                  "access_tokens_revoked": {
                    "type": "integer"
                  }
                },
                "required": [
                  "access_tokens_revoked",
                  "reset",
                  "sessions_ended"
                ],
                "additionalProperties": false
              },
              "ResetRequested": {
                "type": "object",
                "properties": {
                  "requested": {
                    "type": "boolean"
                  }
                },
                "required": [
                  "requested"
                ],
                "additionalProperties": false
              },
              "AccountSummary": {
                "type": "object",
                "properties": {
                  "user_id": {
                    "type": "integer"
                  },
                  "username": {
                    "type": "string"
                  },
                  "display_name": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "email": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "phone": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "created": {
                    "type": "string",
                    "format": "date-time"
                  },
                  "last_sign_in": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "format": "date-time"
                  },
                  "disabled": {
                    "type": "boolean"
                  },
                  "locked": {
                    "type": "boolean"
                  },
                  "password_change_required": {
                    "type": "boolean"
                  },
                  "roles": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "second_factor": {
                    "type": "boolean"
                  },
                  "recovery_codes_left": {
                    "type": "integer"
                  },
                  "imported_hash": {
                    "type": [
                      "string",
                      "null"
                    ]
                  }
                },
                "required": [
                  "user_id",
                  "username",
                  "display_name",
                  "email",
                  "phone",
                  "created",
                  "last_sign_in",
                  "disabled",
                  "locked",
                  "password_change_required",
                  "roles",
                  "second_factor",
                  "recovery_codes_left",
                  "imported_hash"
                ],
                "additionalProperties": false
              },
              "AccountDetail": {
                "type": "object",
                "properties": {
                  "account": {
                    "$ref": "#/components/schemas/AccountSummary"
                  },
                  "sessions": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/SessionSummary"
                    }
                  },
                  "events": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/HistoryEntry"
                    }
                  },
                  "access_tokens": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/AccessTokenSummary"
                    }
                  },
                  "passkeys": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/PasskeySummary"
                    }
                  }
                },
                "required": [
                  "account",
                  "sessions",
                  "events",
                  "access_tokens",
                  "passkeys"
                ],
                "additionalProperties": false
              },
              "IssuedResetCode": {
                "type": "object",
                "properties": {
                  "username": {
                    "type": "string"
                  },
                  "code": {
                    "type": "string"
                  },
                  "expires": {
                    "type": "string",
                    "format": "date-time"
                  }
                },
                "required": [
                  "username",
                  "code",
                  "expires"
                ],
                "additionalProperties": false
              },
              "AdministrationResult": {
                "type": "object",
                "properties": {
                  "outcome": {
                    "type": "string"
                  },
                  "username": {
                    "type": "string"
                  },
                  "sessions_ended": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "access_tokens_revoked": {
                    "type": [
                      "integer",
                      "null"
                    ]
                  },
                  "roles": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "type": "string"
                    }
                  },
                  "access_token_name": {
                    "type": [
                      "string",
                      "null"
                    ]
                  },
                  "passkey_name": {
                    "type": [
                      "string",
                      "null"
                    ]
                  }
                },
                "required": [
                  "outcome",
                  "username",
                  "sessions_ended",
                  "access_tokens_revoked",
                  "roles",
                  "access_token_name",
                  "passkey_name"
                ],
                "additionalProperties": false
              }
            },
            "responses": {
              "Error400": {
                "description": "The input broke a rule, or the body is not the JSON object the route takes.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error401": {
                "description": "No valid credentials, a wrong password, code or passkey, a second factor is needed, or a change needs a recent sign-in (reauthentication_required).",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error403": {
                "description": "Not allowed: a missing role, a session that may only change its password, closed registration, or a cross-origin cookie request.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error404": {
                "description": "No such item of the signed-in account.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error409": {
                "description": "The username or email address is another account's.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error413": {
                "description": "The body is larger than the server takes.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error415": {
                "description": "The body is not declared application/json.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error422": {
                "description": "The new password is too weak.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error429": {
                "description": "Too many attempts: Retry-After says when to try again.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error500": {
                "description": "Storage or internal failure.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Error503": {
                "description": "Overloaded, busy, unavailable or shutting down: Retry-After says when to try again.",
                "headers": {
                  "Retry-After": {
                    "$ref": "#/components/headers/RetryAfter"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            },
            "headers": {
              "RetryAfter": {
                "description": "Seconds to wait before trying again.",
                "schema": {
                  "type": "integer"
                }
              }
            },
            "securitySchemes": {
              "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "A session token or a personal access token."
              },
              "cookie": {
                "type": "apiKey",
                "in": "cookie",
                "name": "__Host-latchkey",
                "description": "The session cookie (named latchkey under --insecure-cookie). An unsafe request with it must come from the server's own origin."
              }
            }
          }
        }
        """#
}

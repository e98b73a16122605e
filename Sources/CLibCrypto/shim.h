#pragma once
// Declarations only: OpenSSL's libcrypto (PBKDF2 for Django's hashes) is loaded on first use of
// such a hash (see LibCrypto.swift), never linked into every process.
#include <openssl/evp.h>

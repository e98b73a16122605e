#pragma once
// Declarations only: libaprutil is loaded on first use of an Apache hash (see APRPasswords.swift),
// never linked, so no process pays for APR and its libraries unless it verifies one.
#include <apr-1.0/apr_md5.h>

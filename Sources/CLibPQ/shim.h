#pragma once
// Declarations only: libpq itself is loaded on first use (see LibPQ.swift), never linked.
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#else
#include <libpq-fe.h>
#endif

#ifndef SLAM_CJANSSON_SHIM_H
#define SLAM_CJANSSON_SHIM_H

// Swift imports jansson's functions and `static inline` helpers directly, but not
// its function-like macros nor its flag macros as `size_t`. Each wrapper below
// stands in for exactly one macro so the Swift side never re-implements jansson.

#include <jansson.h>
#include <stddef.h>

static inline json_type slam_json_typeof(const json_t *json) { return json_typeof(json); }
static inline int slam_json_is_object(const json_t *json) { return json_is_object(json); }
static inline int slam_json_is_array(const json_t *json) { return json_is_array(json); }
static inline int slam_json_is_string(const json_t *json) { return json_is_string(json); }
static inline int slam_json_is_integer(const json_t *json) { return json_is_integer(json); }
static inline int slam_json_is_real(const json_t *json) { return json_is_real(json); }
static inline int slam_json_is_true(const json_t *json) { return json_is_true(json); }
static inline int slam_json_is_false(const json_t *json) { return json_is_false(json); }
static inline int slam_json_is_null(const json_t *json) { return json_is_null(json); }
static inline json_t *slam_json_boolean(int value) { return json_boolean(value); }

/// Decoding flags as `size_t`: refuse duplicate keys, accept any top-level value
/// (JSON-RPC must answer `1` with "Invalid Request", not "Parse error"), and keep
/// `\u0000` inside strings (Swift strings hold NUL; refusing it would be a surprise).
static inline size_t slam_json_decode_flags(void) {
    return JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL;
}

/// Encoding flags as `size_t`: compact, any top-level value, doubles written with
/// `precision` significant digits (1…17; the caller picks enough for exact round trips).
static inline size_t slam_json_encode_flags(int precision) {
    return JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(precision);
}

/// Encoding flags for people to read: `indent` spaces per level, keys in insertion order.
static inline size_t slam_json_encode_flags_pretty(int indent, int precision) {
    return JSON_INDENT(indent) | JSON_ENCODE_ANY | JSON_REAL_PRECISION(precision);
}

/// jansson's own compile-time nesting limit (JSON_PARSER_MAX_DEPTH, 2048 in 2.14).
static inline size_t slam_json_parser_max_depth(void) {
#ifdef JSON_PARSER_MAX_DEPTH
    return JSON_PARSER_MAX_DEPTH;
#else
    return 2048;
#endif
}

#endif

/*
 * jansson-floor: what jansson alone must do to answer one Slam request, in C,
 * so scripts/bench-instructions.sh can print Slam's instructions per request
 * as a multiple of it rather than remember a figure.
 *
 * Usage: jansson-floor REQUEST-FILE REPLY-FILE REPETITIONS
 *   REQUEST-FILE  the exact request body Slam's benchmark sends
 *   REPLY-FILE    the exact reply body Slam sent for it (its "result" is rebuilt)
 *
 * Each repetition, in perform_request (callgrind: --toggle-collect=perform_request),
 * parses the request with json_loadb and Slam's decoding flags, reads its
 * "jsonrpc", "method", "id" and each string param, builds the reply's result
 * value by value with the same calls Slam makes (json_object_setn_new_nocheck,
 * json_stringn_nocheck, json_array_append_new, ...), writes it with json_dumpb
 * and Slam's encoding flags into a buffer between the envelope's fixed text
 * (`{"jsonrpc":"2.0","result":` and `,"id":N}`, the integer id written by hand),
 * and frees both trees: the least jansson must do, as building the envelope as
 * an object and dumping it whole costs a third more. The reply's result is read
 * once, before the measured work, as the template to rebuild. The written bytes
 * are checked against REPLY-FILE, so the floor answers exactly what Slam does.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECODE_FLAGS (JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
#define ENCODE_FLAGS (JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(17))

static char output[1 << 20];
static size_t output_length;

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    char *bytes = malloc(1 << 20);
    *length = fread(bytes, 1, (1 << 20) - 1, file);
    fclose(file);
    while (*length > 0 && (bytes[*length - 1] == '\n' || bytes[*length - 1] == '\r')) (*length)--;
    bytes[*length] = 0;
    return bytes;
}

/* The value `template` again, built call by call as a server builds its result. */
static json_t *build(json_t *template) {
    switch (json_typeof(template)) {
    case JSON_OBJECT: {
        json_t *object = json_object();
        const char *key;
        size_t key_length;
        json_t *member;
        json_object_keylen_foreach(template, key, key_length, member) {
            json_object_setn_new_nocheck(object, key, key_length, build(member));
        }
        return object;
    }
    case JSON_ARRAY: {
        json_t *array = json_array();
        size_t index;
        json_t *item;
        json_array_foreach(template, index, item) { json_array_append_new(array, build(item)); }
        return array;
    }
    case JSON_STRING: return json_stringn_nocheck(json_string_value(template), json_string_length(template));
    case JSON_INTEGER: return json_integer(json_integer_value(template));
    case JSON_REAL: return json_real(json_real_value(template));
    case JSON_TRUE: return json_true();
    case JSON_FALSE: return json_false();
    default: return json_null();
    }
}

/* One request answered: parse, read, build the reply, write it. */
__attribute__((noinline)) static void perform_request(const char *request, size_t request_length, json_t *result) {
    json_error_t error;
    json_t *message = json_loadb(request, request_length, DECODE_FLAGS, &error);
    if (!message) { fprintf(stderr, "jansson-floor: request: %s\n", error.text); exit(1); }
    const char *version = json_string_value(json_object_get(message, "jsonrpc"));
    const char *method = json_string_value(json_object_get(message, "method"));
    json_t *id = json_object_get(message, "id");
    if (!version || strcmp(version, "2.0") != 0 || !method || !id) { fprintf(stderr, "jansson-floor: not a request\n"); exit(1); }
    json_t *params = json_object_get(message, "params");
    if (params) {
        const char *key;
        json_t *value;
        json_object_foreach(params, key, value) {
            if (!json_string_value(value)) { fprintf(stderr, "jansson-floor: a param is not a string\n"); exit(1); }
        }
    }
    static const char prefix[] = "{\"jsonrpc\":\"2.0\",\"result\":";
    memcpy(output, prefix, sizeof prefix - 1);
    size_t length = sizeof prefix - 1;
    json_t *built = build(result);
    length += json_dumpb(built, output + length, sizeof output - length - 32, ENCODE_FLAGS);
    json_decref(built);
    memcpy(output + length, ",\"id\":", 6);
    length += 6;
    json_int_t value = json_integer_value(id);
    char digits[24];
    int count = 0;
    unsigned long long magnitude = value < 0 ? -(unsigned long long)value : (unsigned long long)value;
    do { digits[count++] = (char)('0' + magnitude % 10); magnitude /= 10; } while (magnitude);
    if (value < 0) output[length++] = '-';
    while (count) output[length++] = digits[--count];
    output[length++] = '}';
    output_length = length;
    json_decref(message);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: jansson-floor REQUEST-FILE REPLY-FILE REPETITIONS\n");
        return 2;
    }
    size_t request_length, reply_length;
    char *request = read_file(argv[1], &request_length);
    char *expected = read_file(argv[2], &reply_length);
    long repetitions = atol(argv[3]);
    json_error_t error;
    json_t *reply = json_loadb(expected, reply_length, DECODE_FLAGS, &error);
    json_t *result = reply ? json_object_get(reply, "result") : NULL;
    if (!result) { fprintf(stderr, "jansson-floor: the reply holds no result\n"); return 1; }
    for (long repetition = 0; repetition < repetitions; repetition++) perform_request(request, request_length, result);
    if (output_length != reply_length || memcmp(output, expected, reply_length) != 0) {
        fprintf(stderr, "jansson-floor: wrote a reply other than Slam's:\n%.*s\n%s\n", (int)output_length, output, expected);
        return 1;
    }
    json_decref(reply);
    free(request);
    free(expected);
    return 0;
}

/* Status names and the per-thread last-error message. */
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Every status once, with what it means: the enum values are fixed by dmlp.h, this list
   gives their names and meanings and is checked at compile time against the header. */
#define DMLP__STATUS_LIST(X)                                                                \
    X(DMLP_OK, "success")                                                                   \
    X(DMLP_ERROR_INVALID_ARGUMENT, "a descriptor, binding or argument breaks a rule")       \
    X(DMLP_ERROR_UNSUPPORTED, "valid, but not at this feature level or device")             \
    X(DMLP_ERROR_OUT_OF_MEMORY, "out of memory")                                            \
    X(DMLP_ERROR_IO, "a file could not be read or written")                                 \
    X(DMLP_ERROR_FORMAT, "a file or model is malformed")

#define STATUS_NAME(s, meaning) [s] = #s,
static const char *const status_names[] = {DMLP__STATUS_LIST(STATUS_NAME)};
#undef STATUS_NAME

#define STATUS_MEANING(s, meaning) [s] = #s ": " meaning,
static const char *const status_meanings[] = {DMLP__STATUS_LIST(STATUS_MEANING)};
#undef STATUS_MEANING

/* The list must be dense from 0, as the header numbers it. */
#define STATUS_ONE(s, meaning) +1
_Static_assert(sizeof status_names / sizeof status_names[0] == 0 DMLP__STATUS_LIST(STATUS_ONE),
               "status list has gaps or does not match dmlp.h");
#undef STATUS_ONE

const char *dmlp_status_string(dmlp_status status)
{
    size_t n = sizeof status_names / sizeof status_names[0];
    if ((unsigned)status < n && status_names[status])
        return status_names[status];
    return "unknown status";
}

/* Long enough for any message the library makes; longer ones are cut at a character. */
#define MESSAGE_CAPACITY 512

static _Thread_local char message[MESSAGE_CAPACITY];

const char *dmlp_last_error(void) { return message; }

/* After a cut at the buffer's end, drops an incomplete UTF-8 sequence left at the end. */
static void trim_partial_utf8(char *text)
{
    size_t len = strlen(text);
    size_t start = len;
    while (start > 0 && ((unsigned char)text[start - 1] & 0xC0) == 0x80)
        start--;
    if (start == 0)
        return;
    unsigned char lead = (unsigned char)text[start - 1];
    size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (want > 1 && len - (start - 1) < want)
        text[start - 1] = '\0';
}

/* One line: control characters (newlines, tabs, CR) become spaces. */
static void flatten(char *text)
{
    for (; *text; text++)
        if ((unsigned char)*text < 0x20 || *text == 0x7f)
            *text = ' ';
}

dmlp_status dmlp__error(dmlp_status status, const char *fmt, ...)
{
    char buffer[MESSAGE_CAPACITY];
    va_list args;
    va_start(args, fmt);
    int n = fmt ? vsnprintf(buffer, sizeof buffer, fmt, args) : -1;
    va_end(args);
    if (n < 0) /* no usable format: say at least what the status means */
        snprintf(buffer, sizeof buffer, "%s",
                 (unsigned)status < sizeof status_meanings / sizeof status_meanings[0]
                     ? status_meanings[status]
                     : dmlp_status_string(status));
    else if ((size_t)n >= sizeof buffer)
        trim_partial_utf8(buffer);
    flatten(buffer);
    memcpy(message, buffer, sizeof message);
    return status;
}

void dmlp__error_prefix(const char *prefix)
{
    if (!prefix || !*prefix)
        return;
    char buffer[MESSAGE_CAPACITY];
    int n = snprintf(buffer, sizeof buffer, "%s: %s", prefix, message);
    if (n >= 0 && (size_t)n >= sizeof buffer)
        trim_partial_utf8(buffer);
    flatten(buffer);
    memcpy(message, buffer, sizeof message);
}

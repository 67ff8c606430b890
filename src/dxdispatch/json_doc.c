/* The JSON document: cJSON over the pre-passed text, number literals by item, and the
   small typed getters that name the JSON location in their refusals. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"
#include "io/budget.h"

static int compare_refs(const void *a, const void *b)
{
    const cJSON *x = ((const dmlp__dx_number_ref *)a)->item;
    const cJSON *y = ((const dmlp__dx_number_ref *)b)->item;
    return x < y ? -1 : x > y;
}

/* Numbers in document order: cJSON keeps children in the order it read them, and the
   pre-pass listed the literals in the same order. Depth is bounded by cJSON's nesting
   limit (1000), so recursion is safe. */
static void walk_numbers(dmlp__dx_json *doc, const cJSON *item)
{
    for (; item; item = item->next) {
        if (cJSON_IsNumber(item) && doc->ref_count < doc->token_count) {
            doc->refs[doc->ref_count].item = item;
            doc->refs[doc->ref_count].token = doc->ref_count;
            doc->ref_count++;
        }
        if (item->child)
            walk_numbers(doc, item->child);
    }
}

static dmlp_status collect_numbers(dmlp__dx_json *doc)
{
    doc->refs = malloc((doc->token_count ? doc->token_count : 1) * sizeof *doc->refs);
    if (!doc->refs)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    walk_numbers(doc, doc->root);
    qsort(doc->refs, doc->ref_count, sizeof *doc->refs, compare_refs);
    return DMLP_OK;
}

dmlp_status dmlp__dx_json_parse(const char *text, size_t size, dmlp__dx_json *doc)
{
    memset(doc, 0, sizeof *doc);
    /* JSON has no place for a NUL byte (cJSON would stop reading there) */
    const char *nul = size ? memchr(text, '\0', size) : NULL;
    if (nul) {
        size_t line, column;
        dmlp__dx_json_line_col(text, size, (size_t)(nul - text), &line, &column);
        return dmlp__error(DMLP_ERROR_FORMAT, "line %zu, column %zu: a NUL byte; JSON text has "
                                              "none", line, column);
    }
    doc->text = malloc(size + 1);
    if (!doc->text)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    memcpy(doc->text, text, size);
    doc->text[size] = '\0';
    doc->size = size;
    /* A short text can make a large tree (cJSON takes some 80 bytes per value, "0," is
       two): what the document will hold comes from the memory budget before it is built.
       The caller's text, this copy and the strings cJSON copies are each at most size. */
    size_t numbers, values;
    dmlp__dx_json_measure(doc->text, size, &numbers, &values);
    uint64_t per_number = sizeof(dmlp__dx_number_token) + sizeof(dmlp__dx_number_ref);
    doc->memory = 3 * ((uint64_t)size + 1) + (uint64_t)numbers * per_number +
                  (uint64_t)values * (sizeof(cJSON) + 2 * sizeof(void *));
    char what[96];
    snprintf(what, sizeof what, "the JSON document (%zu values)", values);
    dmlp_status s = dmlp__budget_take(NULL, what, doc->memory);
    if (s == DMLP_OK)
        s = dmlp__dx_json_prepass(doc->text, size, &doc->tokens, &doc->token_count);
    if (s != DMLP_OK) {
        dmlp__dx_json_free(doc);
        return s;
    }
    size_t nul_at = dmlp__dx_json_nul_escape(doc->text, size);
    if (nul_at < size) {
        size_t line, column;
        dmlp__dx_json_line_col(text, size, nul_at, &line, &column);
        dmlp__dx_json_free(doc);
        return dmlp__error(DMLP_ERROR_FORMAT,
                           "line %zu, column %zu: \\u0000 in a string: a NUL character is not "
                           "allowed in a name or path",
                           line, column);
    }
    /* A number JSON forbids is refused where it stands, unless cJSON stops earlier. */
    size_t bad_length = 0;
    const char *why = NULL;
    size_t bad = dmlp__dx_json_bad_number(doc->text, size, &bad_length, &why);
    const char *end = NULL;
    doc->root = cJSON_ParseWithLengthOpts(doc->text, size, &end, 0);
    size_t stop = end && end >= doc->text ? (size_t)(end - doc->text) : 0;
    if (bad < size && (doc->root || bad <= stop)) {
        size_t line, column;
        dmlp__dx_json_line_col(text, size, bad, &line, &column);
        int shown = bad_length > 40 ? 40 : (int)bad_length;
        dmlp__dx_json_free(doc);
        return dmlp__error(DMLP_ERROR_FORMAT, "line %zu, column %zu: %.*s%s: %s", line, column,
                           shown, text + bad, (size_t)shown < bad_length ? "..." : "", why);
    }
    if (!doc->root) {
        size_t offset = stop;
        size_t line, column;
        dmlp__dx_json_line_col(text, size, offset, &line, &column);
        const char *hint = "";
        if (offset < size && (text[offset] == 'N' || text[offset] == 'I' ||
                              (text[offset] == '-' && offset + 1 < size &&
                               text[offset + 1] == 'I')))
            hint = " (NaN and Infinity are written \"nan\", \"inf\", \"-inf\")";
        dmlp__dx_json_free(doc);
        if (size == 0)
            return dmlp__error(DMLP_ERROR_FORMAT, "the file is empty");
        return dmlp__error(DMLP_ERROR_FORMAT, "line %zu, column %zu: JSON syntax error%s", line,
                           column, hint);
    }
    s = collect_numbers(doc);
    if (s != DMLP_OK)
        dmlp__dx_json_free(doc);
    return s;
}

void dmlp__dx_json_free(dmlp__dx_json *doc)
{
    cJSON_Delete(doc->root);
    free(doc->text);
    free(doc->tokens);
    free(doc->refs);
    memset(doc, 0, sizeof *doc);
}

bool dmlp__dx_json_number_text(const dmlp__dx_json *doc, const cJSON *item, const char **text,
                               size_t *length)
{
    dmlp__dx_number_ref key = {item, 0};
    const dmlp__dx_number_ref *ref =
        doc->refs ? bsearch(&key, doc->refs, doc->ref_count, sizeof key, compare_refs) : NULL;
    if (!ref || ref->token >= doc->token_count)
        return false;
    const dmlp__dx_number_token *token = &doc->tokens[ref->token];
    char copy[64];
    if (token->length >= sizeof copy)
        return false;
    memcpy(copy, doc->text + token->start, token->length);
    copy[token->length] = '\0';
    if (strtod(copy, NULL) != item->valuedouble) /* the pairing went wrong: refuse */
        return false;
    *text = doc->text + token->start;
    *length = token->length;
    return true;
}

/* ---- locations and errors ----------------------------------------------------------- */

static void copy_path(char *out, const char *text)
{
    size_t n = strlen(text);
    if (n >= DMLP__DX_PATH_MAX) /* keep the start, mark the cut */
        n = DMLP__DX_PATH_MAX - 1;
    memcpy(out, text, n);
    out[n] = '\0';
    if (n == DMLP__DX_PATH_MAX - 1)
        memcpy(out + n - 3, "...", 3);
}

void dmlp__dx_path_key(char *out, const char *parent, const char *key)
{
    char buf[DMLP__DX_PATH_MAX * 2 + 2];
    snprintf(buf, sizeof buf, "%.*s%s%.*s", DMLP__DX_PATH_MAX, parent, parent[0] ? "." : "",
             DMLP__DX_PATH_MAX, key);
    copy_path(out, buf);
}

void dmlp__dx_path_index(char *out, const char *parent, size_t index)
{
    char buf[DMLP__DX_PATH_MAX + 32];
    snprintf(buf, sizeof buf, "%.*s[%zu]", DMLP__DX_PATH_MAX, parent, index);
    copy_path(out, buf);
}

dmlp_status dmlp__dx_fail(dmlp_status status, const char *path, const char *fmt, ...)
{
    char message[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (path && path[0])
        return dmlp__error(status, "%s: %s", path, message);
    return dmlp__error(status, "%s", message);
}

dmlp_status dmlp__dx_check_members(const cJSON *object, const char *path,
                                   const char *const *allowed)
{
    const cJSON *member;
    cJSON_ArrayForEach(member, object)
    {
        bool known = false;
        for (size_t i = 0; allowed[i] && !known; i++)
            known = member->string && strcmp(member->string, allowed[i]) == 0;
        if (!known) {
            char p[DMLP__DX_PATH_MAX];
            dmlp__dx_path_key(p, path, member->string ? member->string : "");
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "unknown member");
        }
    }
    return DMLP_OK;
}

dmlp_status dmlp__dx_get_uint(const dmlp__dx_json *doc, const cJSON *item, const char *path,
                              uint64_t max, uint64_t *value)
{
    const char *text;
    size_t length;
    if (!cJSON_IsNumber(item))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be an integer");
    if (!dmlp__dx_json_number_text(doc, item, &text, &length))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "cannot read this number");
    if (text[0] == '-')
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "%.*s is negative; must be >= 0",
                             (int)length, text);
    uint64_t v = 0;
    bool overflow = false;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "%.*s is not an integer",
                                 (int)length, text);
        uint64_t digit = (uint64_t)(text[i] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            overflow = true;
        else
            v = v * 10 + digit;
    }
    if (overflow || v > max)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "%.*s is too large; must be <= %llu",
                             (int)length, text, (unsigned long long)max);
    *value = v;
    return DMLP_OK;
}

dmlp_status dmlp__dx_get_string(const cJSON *item, const char *path, const char **value)
{
    if (!cJSON_IsString(item) || !item->valuestring)
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be a string");
    *value = item->valuestring;
    return DMLP_OK;
}

bool dmlp__dx_name_is(const char *name, const char *prefix, const char *word)
{
    size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) == 0 && strcmp(name + n, word) == 0)
        return true;
    return strcmp(name, word) == 0;
}

dmlp_status dmlp__dx_parse_flags(const cJSON *json, const char *path, const char *prefix,
                                 const dmlp__dx_flag_name *names, size_t count,
                                 const char *what, uint32_t *flags)
{
    bool array = cJSON_IsArray(json);
    if (!array && !cJSON_IsString(json))
        return dmlp__dx_fail(DMLP_ERROR_FORMAT, path, "must be a string or an array of strings");
    uint32_t value = 0;
    size_t i = 0;
    for (const cJSON *item = array ? json->child : json; item;
         item = array ? item->next : NULL, i++) {
        char p[DMLP__DX_PATH_MAX];
        const char *name = NULL;
        if (array)
            dmlp__dx_path_index(p, path, i);
        else
            snprintf(p, sizeof p, "%s", path);
        dmlp_status s = dmlp__dx_get_string(item, p, &name);
        if (s != DMLP_OK)
            return s;
        size_t k = 0;
        while (k < count && !dmlp__dx_name_is(name, prefix, names[k].name))
            k++;
        if (k == count) {
            char list[256] = "";
            for (size_t j = 0; j < count; j++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                         j ? ", " : "", names[j].name);
            return dmlp__dx_fail(DMLP_ERROR_FORMAT, p, "'%s' is not %s (%s)", name, what, list);
        }
        value |= names[k].value;
    }
    *flags = value;
    return DMLP_OK;
}

/* Makes DxDispatch's relaxed JSON (comments, trailing commas) acceptable to cJSON by
   overwriting those bytes with spaces, so every offset cJSON reports is an offset in the
   original text. Also lists number literals, found the same way cJSON finds them. */
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "dx_internal.h"

/* cJSON copies at most 63 characters of a number literal. */
#define NUMBER_MAX 63

static bool is_space(char c)
{
    /* cJSON skips every byte <= 32 as whitespace */
    return (unsigned char)c <= 32;
}

static bool is_number_char(char c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

/* Offset just after a comment starting at i (text[i] == '/'), or i if none starts here. */
static size_t comment_end(const char *text, size_t size, size_t i)
{
    if (i + 1 >= size || text[i] != '/')
        return i;
    if (text[i + 1] == '/') {
        size_t j = i + 2;
        while (j < size && text[j] != '\n')
            j++;
        return j;
    }
    if (text[i + 1] == '*') {
        size_t j = i + 2;
        while (j + 1 < size && !(text[j] == '*' && text[j + 1] == '/'))
            j++;
        return j + 1 < size ? j + 2 : size; /* an unclosed comment runs to the end */
    }
    return i;
}

/* The first byte at or after i that is neither whitespace nor inside a comment. */
static size_t next_significant(const char *text, size_t size, size_t i)
{
    while (i < size) {
        if (is_space(text[i])) {
            i++;
            continue;
        }
        size_t end = comment_end(text, size, i);
        if (end == i)
            return i;
        i = end;
    }
    return size;
}

/* One pass: blanks comments and trailing commas, counts the number literals and the
   values cJSON will make (at most one per comma or opening bracket kept, plus the root),
   and, when tokens is not NULL (room for every literal), lists the literals. */
static void scan(char *text, size_t size, dmlp__dx_number_token *tokens, size_t *numbers,
                 size_t *values)
{
    char last = 0; /* the last significant byte kept */
    *numbers = 0;
    *values = 1;
    size_t i = 0;
    while (i < size) {
        char c = text[i];
        if (c == '"') {
            size_t j = i + 1;
            while (j < size && text[j] != '"')
                j += text[j] == '\\' ? 2 : 1;
            i = j < size ? j + 1 : size;
            last = '"';
            continue;
        }
        size_t end = comment_end(text, size, i);
        if (end != i) {
            memset(text + i, ' ', end - i);
            i = end;
            continue;
        }
        if (c == ',' && last != ',' && last != '[' && last != '{' && last != ':' && last != 0) {
            size_t next = next_significant(text, size, i + 1);
            if (next < size && (text[next] == ']' || text[next] == '}')) {
                text[i] = ' ';
                i++;
                continue;
            }
        }
        if (c == ',' || c == '[' || c == '{')
            (*values)++;
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i;
            while (j < size && j - i < NUMBER_MAX && is_number_char(text[j]))
                j++;
            if (tokens) {
                tokens[*numbers].start = i;
                tokens[*numbers].length = j - i;
            }
            (*numbers)++;
            last = '0';
            i = j;
            continue;
        }
        if (!is_space(c))
            last = c;
        i++;
    }
}

size_t dmlp__dx_json_nul_escape(const char *text, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        if (text[i] != '"')
            continue;
        size_t j = i + 1;
        for (; j < size && text[j] != '"'; j += text[j] == '\\' ? 2 : 1)
            if (text[j] == '\\' && size - j >= 6 && text[j + 1] == 'u' &&
                memcmp(text + j + 2, "0000", 4) == 0)
                return j;
        i = j;
    }
    return size;
}

void dmlp__dx_json_measure(char *text, size_t size, size_t *numbers, size_t *values)
{
    scan(text, size, NULL, numbers, values);
}

dmlp_status dmlp__dx_json_prepass(char *text, size_t size, dmlp__dx_number_token **tokens,
                                  size_t *token_count)
{
    *tokens = NULL;
    *token_count = 0;
    size_t numbers, values;
    scan(text, size, NULL, &numbers, &values);
    if (!numbers)
        return DMLP_OK;
    *tokens = malloc(numbers * sizeof **tokens);
    if (!*tokens)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY, "out of memory reading the model");
    scan(text, size, *tokens, token_count, &values); /* the text is blanked already */
    return DMLP_OK;
}

void dmlp__dx_json_line_col(const char *text, size_t size, size_t offset, size_t *line,
                            size_t *column)
{
    size_t l = 1, line_start = 0;
    if (offset > size)
        offset = size;
    for (size_t i = 0; i < offset; i++)
        if (text[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    *line = l;
    *column = offset - line_start + 1;
}

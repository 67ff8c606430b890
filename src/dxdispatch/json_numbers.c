/* Number literals as JSON (RFC 8259) writes them. cJSON hands any run of digits, signs,
   points and exponent letters to strtod, which reads 007, 5. and 5.e3 as numbers; this
   scan of the text finds what JSON forbids, so it is refused where it stands. */
#include "dx_internal.h"

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Characters that make up a number-like run: what cJSON copies, and the letters of a
   word (so a run inside true or inf is seen as one piece and left to cJSON). */
static bool is_run_char(char c)
{
    return is_digit(c) || c == '+' || c == '-' || c == '.' || (c >= 'a' && c <= 'z') ||
           (c >= 'A' && c <= 'Z') || c == '_';
}

/* Why a run of number characters is not one JSON number; NULL when it is. */
static const char *number_fault(const char *s, size_t n)
{
    size_t i = 0;
    if (s[0] == '+')
        return "a JSON number has no '+' sign";
    if (s[i] == '-')
        i++;
    if (i < n && s[i] == '.')
        return "a JSON number needs a digit before its '.'";
    if (i == n || !is_digit(s[i]))
        return "a JSON number needs a digit after its '-'";
    if (s[i] == '0' && i + 1 < n && is_digit(s[i + 1]))
        return "a JSON number has no leading zeros";
    while (i < n && is_digit(s[i]))
        i++;
    if (i < n && s[i] == '.') {
        i++;
        if (i == n || !is_digit(s[i]))
            return "a JSON number needs a digit after its '.'";
        while (i < n && is_digit(s[i]))
            i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            i++;
        if (i == n || !is_digit(s[i]))
            return "a JSON number needs digits in its exponent";
        while (i < n && is_digit(s[i]))
            i++;
    }
    return i == n ? NULL : "this is not one JSON number";
}

size_t dmlp__dx_json_bad_number(const char *text, size_t size, size_t *length,
                                const char **why)
{
    size_t i = 0;
    while (i < size) {
        char c = text[i];
        if (c == '"') { /* strings hold anything */
            size_t j = i + 1;
            while (j < size && text[j] != '"')
                j += text[j] == '\\' ? 2 : 1;
            i = j < size ? j + 1 : size;
            continue;
        }
        if (!is_run_char(c)) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < size && is_run_char(text[j]))
            j++;
        /* A run that starts like a number is checked; one with letters other than an
           exponent's (true, -Infinity, 0x10) is cJSON's to refuse. */
        bool word = false;
        for (size_t k = i; k < j; k++)
            word |= (text[k] >= 'a' && text[k] <= 'z' && text[k] != 'e') ||
                    (text[k] >= 'A' && text[k] <= 'Z' && text[k] != 'E') || text[k] == '_';
        if (!word && (is_digit(c) || c == '-' || c == '+' || c == '.')) {
            const char *fault = number_fault(text + i, j - i);
            if (fault) {
                *length = j - i;
                *why = fault;
                return i;
            }
        }
        i = j;
    }
    return size;
}

/* dxdispatch: the JSON pre-pass (comments and trailing commas become spaces, offsets
   kept, strings untouched), number literals, line/column, and the cJSON behaviour the
   reader relies on (bare NaN/Infinity refused, text after the root ignored). */
#include <stdlib.h>
#include <string.h>

#include "dxdispatch/dx_internal.h"
#include "test_util.h"

/* CHECK_EQ_U64 that names the expression it checks */
#define CHECK_U64(actual, expected) CHECK_EQ_U64(actual, expected, "%s", #actual)

static void check_prepass(const char *input, const char *expected)
{
    size_t n = strlen(input);
    char *text = malloc(n + 1);
    dmlp__dx_number_token *tokens = NULL;
    size_t count = 0;
    memcpy(text, input, n + 1);
    CHECK_STATUS(dmlp__dx_json_prepass(text, n, &tokens, &count), DMLP_OK);
    CHECK(strlen(text) == n && strcmp(text, expected) == 0, "prepass of [%s] gave [%s]", input,
          text);
    free(tokens);
    free(text);
}

static void test_prepass(void)
{
    check_prepass("{\"a\": 1, // c\n\"b\": 2}", "{\"a\": 1,     \n\"b\": 2}");
    check_prepass("[1, /* x, */ 2]", "[1," "          " "2]");
    check_prepass("[1, 2,]", "[1, 2 ]");
    check_prepass("{\"a\": [1,\n], }", "{\"a\": [1 \n]  }");
    check_prepass("[1, 2, /* c */ ]", "[1, 2          ]");
    check_prepass("[1, 2, // c\n]", "[1, 2" "      " "\n]");
    check_prepass("{\"s\": \"// not, a /* comment */,\"}", "{\"s\": \"// not, a /* comment */,\"}");
    check_prepass("[\"a\\\",]\", ]", "[\"a\\\",]\"  ]");       /* escaped quote in a string */
    check_prepass("[\"a\\\\\", ]", "[\"a\\\\\"  ]");           /* escaped backslash */
    check_prepass("[,]", "[,]");                                /* not a trailing comma */
    check_prepass("[1,,]", "[1,,]");
    check_prepass("{\"a\":,}", "{\"a\":,}");
    check_prepass("[1] /* unclosed", "[1]" "            ");
    check_prepass("/**/[1]//", "    [1]  ");
}

static void test_tokens(void)
{
    char text[] = "{\"a\": [-1, 2.5e3, \"7\"], /* 8 */ \"b\": 18446744073709551615}";
    dmlp__dx_number_token *tokens = NULL;
    size_t count = 0;
    CHECK_STATUS(dmlp__dx_json_prepass(text, strlen(text), &tokens, &count), DMLP_OK);
    CHECK_U64(count, 3);
    if (count == 3) {
        CHECK(tokens[0].length == 2 && memcmp(text + tokens[0].start, "-1", 2) == 0, "-1");
        CHECK(tokens[1].length == 5 && memcmp(text + tokens[1].start, "2.5e3", 5) == 0, "2.5e3");
        CHECK(tokens[2].length == 20 &&
                  memcmp(text + tokens[2].start, "18446744073709551615", 20) == 0,
              "uint64 max");
    }
    free(tokens);

    /* the document pairs each cJSON number with its literal */
    const char *json = "{\"x\": [9007199254740993, -9223372036854775808], \"y\": {\"z\": 3}}";
    dmlp__dx_json doc;
    CHECK_STATUS(dmlp__dx_json_parse(json, strlen(json), &doc), DMLP_OK);
    if (doc.root) {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(doc.root, "x");
        const cJSON *z = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(doc.root, "y"), "z");
        const char *t;
        size_t len;
        CHECK(dmlp__dx_json_number_text(&doc, x->child, &t, &len) && len == 16 &&
                  memcmp(t, "9007199254740993", 16) == 0,
              "2^53 + 1 kept exactly");
        CHECK(dmlp__dx_json_number_text(&doc, x->child->next, &t, &len) && len == 20 &&
                  memcmp(t, "-9223372036854775808", 20) == 0,
              "INT64_MIN");
        CHECK(dmlp__dx_json_number_text(&doc, z, &t, &len) && len == 1 && t[0] == '3', "z");
        CHECK(!dmlp__dx_json_number_text(&doc, x, &t, &len), "an array has no literal");
        uint64_t v = 0;
        CHECK_STATUS(dmlp__dx_get_uint(&doc, x->child, "x[0]", UINT64_MAX, &v), DMLP_OK);
        CHECK_U64(v, UINT64_C(9007199254740993));
        CHECK_STATUS(dmlp__dx_get_uint(&doc, x->child, "x[0]", 100, &v), DMLP_ERROR_FORMAT);
        CHECK_CONTAINS(dmlp_last_error(), "x[0]: 9007199254740993 is too large; must be <= 100");
        dmlp__dx_json_free(&doc);
    }
}

static void test_line_col(void)
{
    const char *text = "ab\ncde\n\nf";
    size_t line, column;
    dmlp__dx_json_line_col(text, strlen(text), 0, &line, &column);
    CHECK(line == 1 && column == 1, "offset 0: %zu:%zu", line, column);
    dmlp__dx_json_line_col(text, strlen(text), 4, &line, &column);
    CHECK(line == 2 && column == 2, "offset 4: %zu:%zu", line, column);
    dmlp__dx_json_line_col(text, strlen(text), 8, &line, &column);
    CHECK(line == 4 && column == 1, "offset 8: %zu:%zu", line, column);
    dmlp__dx_json_line_col(text, strlen(text), 7, &line, &column);
    CHECK(line == 3 && column == 1, "offset 7: %zu:%zu", line, column);
}

/* What docs/dxdispatch.md says about cJSON, checked against the installed library. */
static void test_cjson(void)
{
    static const char *const refused[] = {"[NaN]", "[nan]", "[Infinity]", "[-Infinity]",
                                          "[inf]", "[+1]", "[1,]", "{\"a\":1,}", "[.5]"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        cJSON *j = cJSON_ParseWithLengthOpts(refused[i], strlen(refused[i]), NULL, 0);
        CHECK(j == NULL, "cJSON accepted %s", refused[i]);
        cJSON_Delete(j);
    }
    const char *trailing = "{\"a\": 1} trailing text } ]";
    cJSON *j = cJSON_ParseWithLengthOpts(trailing, strlen(trailing), NULL, 0);
    CHECK(j != NULL, "text after the root is ignored");
    cJSON_Delete(j);

    dmlp__dx_json doc;
    const char *relaxed = "// a model\n{\"a\": [1, 2,], /* b */ \"c\": {\"d\": 1,},} junk";
    CHECK_STATUS(dmlp__dx_json_parse(relaxed, strlen(relaxed), &doc), DMLP_OK);
    if (doc.root) {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(doc.root, "a");
        CHECK_EQ_U64(cJSON_GetArraySize(a), 2, "%s", "the trailing comma is gone");
        dmlp__dx_json_free(&doc);
    }
    CHECK_STATUS(dmlp__dx_json_parse("{\n\n  \"a\": Infinity}", 19, &doc), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "line 3, column 8: JSON syntax error");
}

int main(void)
{
    test_prepass();
    test_tokens();
    test_line_col();
    test_cjson();
    return test_finish("test_dx_json");
}

/* dxdispatch: what JSON forbids is refused though cJSON would accept it — a name twice in
   any object the model reads (bindings, a resource, a tensor desc, the root; many members
   or few; 900 arrays deep; spelled with escapes), each refusal naming the name and its
   object, and number literals outside JSON's grammar, each refused at its line and
   column. What JSON allows (-0, 1E+2, 0.5, numbers in strings and comments, names that
   differ in case) still parses. */
#include <stdio.h>
#include <string.h>

#include "dxdispatch/dxdispatch.h"
#include "test_util.h"

#define SIGN_DESC                                                                           \
    "\"desc\": {\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"           \
    " \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"
#define RESOURCES                                                                           \
    "\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4]},"    \
    "\"B\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [0, 0, 0, 0]}"
#define DISPATCHABLES "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC "}"
#define DISPATCH                                                                            \
    "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "                   \
    "{\"InputTensor\": \"A\", \"OutputTensor\": \"B\"}}"

static char text[1 << 16];

static const char *model(const char *resources, const char *dispatchables,
                         const char *commands)
{
    snprintf(text, sizeof text,
             "{\"resources\": {%s}, \"dispatchables\": {%s}, \"commands\": [%s]}", resources,
             dispatchables, commands);
    return text;
}

/* Parses (and if that succeeds, runs) a model; the status and a fragment of the message. */
static void expect(const char *model_text, dmlp_status expected, const char *fragment, int line)
{
    char dir[] = DX_TEST_DIR "/models";
    dmlp__dx_parse_options options = {dir, 0, 0, NULL};
    dmlp__dx_model *m = NULL;
    dmlp_status s = dmlp__dx_model_parse(model_text, strlen(model_text), &options, &m);
    if (s == DMLP_OK) {
        dmlp__dx_run_options run = {NULL, (DML_FEATURE_LEVEL)0, 1, NULL};
        s = dmlp__dx_model_run(m, &run);
    }
    dmlp__dx_model_free(m);
    CHECK(s == expected, "line %d: status %s, expected %s (%s)", line, dmlp_status_string(s),
          dmlp_status_string(expected), s == DMLP_OK ? "" : dmlp_last_error());
    if (fragment) {
        const char *message = dmlp_last_error();
        if (!strstr(message, fragment))
            fprintf(stderr, "line %d: message was: %s\n", line, message);
        CHECK_CONTAINS(message, fragment);
    }
}

#define F DMLP_ERROR_FORMAT

static void names_twice(void)
{
    /* bindings: the first would win, so the output B would silently stand for A */
    expect(model(RESOURCES, DISPATCHABLES,
                 "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                 "{\"InputTensor\": \"A\", \"OutputTensor\": \"B\", \"InputTensor\": \"B\"}}"),
           F,
           "commands[0].bindings.InputTensor: the name appears twice in commands[0].bindings",
           __LINE__);
    expect(model(RESOURCES, DISPATCHABLES,
                 DISPATCH ", {\"type\": \"print\", \"resource\": \"A\", \"resource\": \"B\"}"),
           F, "commands[1].resource: the name appears twice in commands[1]", __LINE__);
    /* a resource's members */
    expect(model("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1], "
                 "\"initialValues\": [2]}",
                 "", ""),
           F, "resources.A.initialValues: the name appears twice in resources.A", __LINE__);
    /* a tensor desc's, and escapes: \u0053izes is Sizes */
    expect(model(RESOURCES,
                 "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {\"InputTensor\": "
                 "{\"DataType\": \"FLOAT32\", \"Sizes\": [4], \"\\u0053izes\": [2, 2]}, "
                 "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}}",
                 DISPATCH),
           F,
           "dispatchables.sign.desc.InputTensor.Sizes: the name appears twice in "
           "dispatchables.sign.desc.InputTensor",
           __LINE__);
    /* the root */
    snprintf(text, sizeof text,
             "{\"resources\": {}, \"dispatchables\": {}, \"commands\": [], \"resources\": {}}");
    expect(text, F, "resources: the name appears twice in the model's root object", __LINE__);
    /* resource names, as before */
    expect(model(RESOURCES ", " RESOURCES, "", ""), F, "resources.A: the name appears twice",
           __LINE__);
    /* many members (sorted, not compared pair by pair): the twin among 40 names */
    char many[4096] = "";
    for (int i = 0; i < 40; i++)
        snprintf(many + strlen(many), sizeof many - strlen(many),
                 "\"r%d\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [1]}, ",
                 i == 39 ? 7 : i);
    many[strlen(many) - 2] = '\0';
    expect(model(many, "", ""), F, "resources.r7: the name appears twice in resources",
           __LINE__);
    /* deep down (900 arrays): found without a deep stack, its path cut short with ... */
    size_t at = (size_t)snprintf(text, sizeof text, "{\"x\": ");
    for (int i = 0; i < 900; i++)
        text[at++] = '[';
    at += (size_t)snprintf(text + at, sizeof text - at, "{\"k\": 1, \"k\": 2}");
    for (int i = 0; i < 900; i++)
        text[at++] = ']';
    snprintf(text + at, sizeof text - at, "}");
    expect(text, F, "x[0][0][0][0]", __LINE__);
    expect(text, F, "...: the name appears twice in x[0][0]", __LINE__);
    /* names that differ only in case are different names */
    expect(model(RESOURCES ", \"a\": {\"initialValuesDataType\": \"FLOAT32\", "
                           "\"initialValues\": [1]}",
                 DISPATCHABLES, DISPATCH),
           DMLP_OK, NULL, __LINE__);
}

static void loose_numbers(void)
{
    static const struct {
        const char *literal, *why;
    } bad[] = {
        {"007", "no leading zeros"},
        {"-01", "no leading zeros"},
        {"00", "no leading zeros"},
        {"5.", "a digit after its '.'"},
        {"5.e3", "a digit after its '.'"},
        {".5", "a digit before its '.'"},
        {"-.5", "a digit before its '.'"},
        {"+1", "no '+' sign"},
        {"1e", "digits in its exponent"},
        {"1e+", "digits in its exponent"},
        {"-", "a digit after its '-'"},
        {"1.2.3", "not one JSON number"},
        {"1-2", "not one JSON number"},
        {"1e5e5", "not one JSON number"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* On line 2, the literal at column 21 (as an initial value) */
        snprintf(text, sizeof text,
                 "{\"resources\": {\"A\": {\"initialValuesDataType\": \"FLOAT32\",\n"
                 "  \"initialValues\": [%s]}}, \"dispatchables\": {}, \"commands\": []}",
                 bad[i].literal);
        char where[128];
        snprintf(where, sizeof where, "line 2, column 21: %s: ", bad[i].literal);
        expect(text, F, where, __LINE__);
        expect(text, F, bad[i].why, __LINE__);
    }
    /* A count as well as a value; after a comment that holds 007 */
    expect(model("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
                 "/* 007 */ {\"valueCount\": 04, \"value\": 1}}",
                 "", ""),
           F, "line 1, column 100: 04: a JSON number has no leading zeros", __LINE__);
    /* What JSON allows parses, in strings and comments too */
    expect(model("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
                 "[-0, 1E+2, 0.5, 0e0, -1.5e-3, 10] /* 007 5. .5 */}, "
                 "\"007\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [0]}",
                 "", ""),
           DMLP_OK, NULL, __LINE__);
    /* cJSON's own refusals keep their place and hint */
    expect("{\n  \"resources\": NaN\n}", F, "line 2, column 16: JSON syntax error", __LINE__);
    expect("{\n  \"resources\": -Infinity\n}", F, "\"nan\", \"inf\", \"-inf\"", __LINE__);
}

int main(void)
{
    names_twice();
    loose_numbers();
    return test_finish("test_dx_strict");
}

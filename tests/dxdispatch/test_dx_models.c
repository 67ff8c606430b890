/* dxdispatch: models run through dmlp__dx_model_load/run print exactly the hand-written
   expected text (tests/dxdispatch/expected), and their files hold the expected bytes.
   Timing figures are replaced by X before comparing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dxdispatch/dxdispatch.h"
#include "io/npy.h"
#include "test_util.h"

/* CHECK_EQ_U64 that names the expression it checks */
#define CHECK_U64(actual, expected) CHECK_EQ_U64(actual, expected, "%s", #actual)

static char *read_text(FILE *f, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    for (;;) {
        if (n + 1 >= cap) {
            char *more = realloc(text, cap * 2);
            if (!more) {
                free(text);
                return NULL;
            }
            text = more;
            cap *= 2;
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        if (got == 0)
            break;
        n += got;
    }
    text[n] = '\0';
    *size = n;
    return text;
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *text = read_text(f, size);
    fclose(f);
    return text;
}

/* "Dispatch 'x': N iterations, 0.0123 ms median" -> "... X ms median". */
static void normalize_times(char *text)
{
    char *p = text;
    while ((p = strstr(p, " ms median")) != NULL) {
        char *start = p;
        while (start > text && (start[-1] == '.' || (start[-1] >= '0' && start[-1] <= '9')))
            start--;
        if (start < p) {
            *start = 'X';
            memmove(start + 1, p, strlen(p) + 1);
            p = start + 1;
        } else {
            p++;
        }
    }
}

/* Runs the model, returns its printed text (malloc'ed) or NULL on failure. */
static char *run_model(const char *path, uint32_t iterations)
{
    dmlp__dx_model *model = NULL;
    FILE *out = tmpfile();
    size_t size = 0;
    char *text = NULL;
    dmlp_status s = dmlp__dx_model_load(path, &model);
    CHECK(s == DMLP_OK, "%s: %s", path, dmlp_last_error());
    if (s == DMLP_OK && out) {
        dmlp__dx_run_options options = {NULL, (DML_FEATURE_LEVEL)0, iterations, out};
        s = dmlp__dx_model_run(model, &options);
        CHECK(s == DMLP_OK, "%s: %s", path, dmlp_last_error());
        rewind(out);
        text = read_text(out, &size);
        if (text)
            normalize_times(text);
    }
    if (out)
        fclose(out);
    dmlp__dx_model_free(model);
    return text;
}

static void check_model(const char *name)
{
    char model_path[512], expected_path[512];
    size_t size;
    snprintf(model_path, sizeof model_path, "%s/models/%s.json", DX_TEST_DIR, name);
    snprintf(expected_path, sizeof expected_path, "%s/expected/%s.txt", DX_TEST_DIR, name);
    char *expected = read_file(expected_path, &size);
    char *actual = run_model(model_path, 1);
    CHECK(expected != NULL, "cannot read %s", expected_path);
    CHECK(actual != NULL, "no output from %s", model_path);
    if (expected && actual) {
        int same = strcmp(expected, actual) == 0;
        if (!same)
            fprintf(stderr, "--- expected (%s)\n%s--- actual\n%s---\n", expected_path, expected,
                    actual);
        CHECK(same, "%s prints what %s says", name, expected_path);
    }
    free(expected);
    free(actual);
}

static void check_bytes(const char *path, const unsigned char *bytes, size_t count)
{
    size_t size = 0;
    char *data = read_file(path, &size);
    CHECK(data != NULL, "%s was not written", path);
    if (!data)
        return;
    CHECK_EQ_U64(size, count, "%s size", path);
    CHECK(size == count && memcmp(data, bytes, count) == 0, "%s bytes", path);
    free(data);
}

/* The files forms.json writes, checked by their bytes and through the .npy reader. */
static void check_forms_files(void)
{
    static const unsigned char typed[8] = {0x01, 0xFE, 0xFF, 0x00, 0x00, 0xC0, 0x3F, 0x00};
    static const unsigned char sized[16] = {0, 0, 0x80, 0x3F, 0, 0, 0, 0x40};
    check_bytes("dx_forms_typed.bin", typed, sizeof typed);
    check_bytes("dx_forms_sized.bin", sized, sizeof sized);

    dmlp__npy npy;
    CHECK_STATUS(dmlp__npy_read_file("dx_forms_padded.npy", &npy), DMLP_OK);
    if (npy.data) {
        /* 1-D over the whole 8-byte buffer: 1, 2, 3 and the padding's 0 */
        static const uint16_t halves[4] = {0x3C00, 0x4000, 0x4200, 0x0000};
        CHECK_U64(npy.type, DML_TENSOR_DATA_TYPE_FLOAT16);
        CHECK_U64(npy.ndim, 1);
        CHECK_U64(npy.shape[0], 4);
        CHECK(npy.data_size == 8 && memcmp(npy.data, halves, 8) == 0, "padded.npy values");
        dmlp__npy_free(&npy);
    }
    CHECK_STATUS(dmlp__npy_read_file("dx_forms_sized.npy", &npy), DMLP_OK);
    if (npy.data) {
        static const float values[4] = {1, 2, 0, 0};
        CHECK_U64(npy.type, DML_TENSOR_DATA_TYPE_FLOAT32);
        CHECK_U64(npy.ndim, 2);
        CHECK_U64(npy.shape[0], 2);
        CHECK_U64(npy.shape[1], 2);
        CHECK(npy.data_size == 16 && memcmp(npy.data, values, 16) == 0, "sized.npy values");
        dmlp__npy_free(&npy);
    }
}

/* -i N: N dispatches, one timing line; softsign in place three times on 1 gives
   1/2, then (1/2)/(3/2) = 1/3, then (1/3)/(4/3) = 1/4. */
static void check_iterations(void)
{
    const char *path = "dx_iterations.json";
    FILE *f = fopen(path, "w");
    CHECK(f != NULL, "cannot write %s", path);
    if (!f)
        return;
    fputs("{\"resources\": {\"v\": {\"initialValuesDataType\": \"FLOAT32\", "
          "\"initialValues\": [1, -1]}},"
          "\"dispatchables\": {\"soft\": {\"type\": \"ACTIVATION_SOFTSIGN\", \"desc\": {"
          "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [2]},"
          "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [2]}}}},"
          "\"commands\": [{\"type\": \"dispatch\", \"dispatchable\": \"soft\", \"bindings\": "
          "{\"InputTensor\": \"v\", \"OutputTensor\": \"v\"}},"
          "{\"type\": \"print\", \"resource\": \"v\"}]}",
          f);
    fclose(f);
    char *text = run_model(path, 3);
    CHECK(text && strcmp(text, "Dispatch 'soft': 3 iterations, X ms median (CPU)\n"
                               "Resource 'v': 0.25, -0.25\n") == 0,
          "iterations output: %s", text ? text : "(none)");
    free(text);
}

/* A model parsed from memory may not read files, and its writeFile writes nothing. */
static void check_no_files(void)
{
    const char *text =
        "{\"resources\": {\"a\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": "
        "[5]}}, \"dispatchables\": {}, \"commands\": [{\"type\": \"writeFile\", \"resource\": "
        "\"a\", \"targetPath\": \"dx_no_files.bin\"}]}";
    dmlp__dx_parse_options options = {NULL, 1, 1 << 20, NULL};
    dmlp__dx_model *model = NULL;
    remove("dx_no_files.bin");
    CHECK_STATUS(dmlp__dx_model_parse(text, strlen(text), &options, &model), DMLP_OK);
    if (model) {
        CHECK_STATUS(dmlp__dx_model_run(model, NULL), DMLP_OK);
        dmlp__dx_model_free(model);
    }
    FILE *f = fopen("dx_no_files.bin", "rb");
    CHECK(f == NULL, "writeFile wrote although files are off");
    if (f)
        fclose(f);
    const char *source = "{\"resources\": {\"a\": {\"initialValues\": {\"sourcePath\": "
                         "\"x.npy\"}}}, \"dispatchables\": {}, \"commands\": []}";
    CHECK_STATUS(dmlp__dx_model_parse(source, strlen(source), &options, &model),
                 DMLP_ERROR_UNSUPPORTED);
    const char *big = "{\"resources\": {\"a\": {\"initialValuesDataType\": \"FLOAT32\", "
                      "\"initialValues\": {\"valueCount\": 1000000000, \"value\": 0}}}, "
                      "\"dispatchables\": {}, \"commands\": []}";
    CHECK_STATUS(dmlp__dx_model_parse(big, strlen(big), &options, &model), DMLP_ERROR_FORMAT);
    CHECK_CONTAINS(dmlp_last_error(), "resources.a.initialValues: 1000000000 elements");
}

/* A relative sourcePath not found beside the model is looked up in the current
   directory; one found beside the model wins over the current directory. */
static void check_source_lookup(void)
{
    static const unsigned char raw[4] = {0x05, 0x00, 0xFB, 0xFF}; /* int16 5, -5 */
    FILE *f = fopen("dx_cwd_only.bin", "wb");
    CHECK(f != NULL, "cannot write dx_cwd_only.bin");
    if (!f)
        return;
    fwrite(raw, 1, sizeof raw, f);
    fclose(f);
    /* a different data/values_f32.npy in the current directory must not be the one read */
    static const float other[1] = {9};
    static const uint64_t shape[1] = {1};
    mkdir("data", 0777);
    CHECK_STATUS(dmlp__npy_write_file("data/values_f32.npy", DML_TENSOR_DATA_TYPE_FLOAT32, 0, 1,
                                      shape, other),
                 DMLP_OK);
    const char *text =
        "{\"resources\": {\"a\": {\"initialValuesDataType\": \"INT16\", \"initialValues\": "
        "{\"sourcePath\": \"dx_cwd_only.bin\"}}, \"b\": {\"initialValues\": {\"sourcePath\": "
        "\"data/values_f32.npy\"}}}, \"dispatchables\": {}, \"commands\": ["
        "{\"type\": \"print\", \"resource\": \"a\"}, {\"type\": \"print\", \"resource\": "
        "\"b\"}]}";
    dmlp__dx_parse_options options = {DX_TEST_DIR "/models", 0, 0, NULL};
    dmlp__dx_model *model = NULL;
    CHECK_STATUS(dmlp__dx_model_parse(text, strlen(text), &options, &model), DMLP_OK);
    FILE *out = tmpfile();
    if (model && out) {
        dmlp__dx_run_options run = {NULL, (DML_FEATURE_LEVEL)0, 1, out};
        size_t size;
        CHECK_STATUS(dmlp__dx_model_run(model, &run), DMLP_OK);
        rewind(out);
        char *printed = read_text(out, &size);
        CHECK(printed && strcmp(printed, "Resource 'a': 5, -5\n"
                                         "Resource 'b': 1.5, -2, 0.25\n") == 0,
              "lookup output: %s", printed ? printed : "(none)");
        free(printed);
    }
    if (out)
        fclose(out);
    dmlp__dx_model_free(model);
}

/* docs/dxdispatch.md: other root members (e.g. "$schema") are ignored, whatever their JSON
   kind, their position or their resemblance to a section name. */
static void check_root_extras(void)
{
    const char *text =
        "{\"$schema\": \"https://example.invalid/schema.json\", \"Resources\": 7,\n"
        " \"resources\": {\"a\": {\"initialValuesDataType\": \"FLOAT32\", "
        "\"initialValues\": [-2, 0, 3]},\n"
        "   \"b\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
        "{\"valueCount\": 3, \"value\": 9}}},\n"
        " \"notes\": [1, \"two\", {\"three\": null}], \"\": null, \"flag\": true,\n"
        " \"dispatchables\": {\"s\": {\"type\": \"ELEMENT_WISE_SIGN\", \"InputTensor\": "
        "{\"DataType\": \"FLOAT32\", \"Sizes\": [3]}, \"OutputTensor\": {\"DataType\": "
        "\"FLOAT32\", \"Sizes\": [3]}}},\n"
        " \"commandz\": {}, \"commands\": [{\"type\": \"dispatch\", \"dispatchable\": "
        "\"s\", \"bindings\": {\"InputTensor\": \"a\", \"OutputTensor\": \"b\"}},\n"
        "   {\"type\": \"print\", \"resource\": \"b\"}],\n"
        " \"zzz\": {\"resources\": 1, \"commands\": \"x\"}}";
    dmlp__dx_parse_options options = {NULL, 1, 1 << 20, NULL};
    dmlp__dx_model *model = NULL;
    CHECK_STATUS(dmlp__dx_model_parse(text, strlen(text), &options, &model), DMLP_OK);
    FILE *out = tmpfile();
    if (model && out) {
        dmlp__dx_run_options run = {NULL, (DML_FEATURE_LEVEL)0, 1, out};
        size_t size;
        CHECK_STATUS(dmlp__dx_model_run(model, &run), DMLP_OK);
        rewind(out);
        char *printed = read_text(out, &size);
        CHECK(printed && strstr(printed, "Resource 'b': -1, 0, 1\n") != NULL,
              "root extras output: %s", printed ? printed : "(none)");
        free(printed);
    }
    if (out)
        fclose(out);
    dmlp__dx_model_free(model);
}

/* A binding that execute would refuse (overlap, broken alignment promise) refuses the
   model before its first command runs: nothing is printed. */
static void check_bindings_before_run(void)
{
    static const char *const models[] = {
        /* output one element into the input: an overlap that is not exact in-place */
        "{\"resources\": {\"a\": {\"initialValuesDataType\": \"FLOAT32\", "
        "\"initialValues\": [-1, 0, 2, 5]}},\n"
        " \"dispatchables\": {\"s\": {\"type\": \"ELEMENT_WISE_SIGN\", \"InputTensor\": "
        "{\"DataType\": \"FLOAT32\", \"Sizes\": [3]}, \"OutputTensor\": {\"DataType\": "
        "\"FLOAT32\", \"Sizes\": [3]}}},\n"
        " \"commands\": [{\"type\": \"print\", \"resource\": \"a\"},\n"
        "  {\"type\": \"dispatch\", \"dispatchable\": \"s\", \"bindings\": {\"InputTensor\": "
        "\"a\", \"OutputTensor\": {\"name\": \"a\", \"elementOffset\": 1}}}]}",
        /* a 16-byte alignment promise broken by a 4-byte element offset */
        "{\"resources\": {\"a\": {\"initialValuesDataType\": \"FLOAT32\", "
        "\"initialValues\": [-1, 0, 2, 5, 7]}, \"b\": {\"initialValuesDataType\": "
        "\"FLOAT32\", \"initialValues\": [0, 0, 0, 0]}},\n"
        " \"dispatchables\": {\"s\": {\"type\": \"ACTIVATION_SOFTSIGN\", \"InputTensor\": "
        "{\"DataType\": \"FLOAT32\", \"Sizes\": [4], \"GuaranteedBaseOffsetAlignment\": 16}, "
        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}},\n"
        " \"commands\": [{\"type\": \"print\", \"resource\": \"b\"},\n"
        "  {\"type\": \"dispatch\", \"dispatchable\": \"s\", \"bindings\": {\"InputTensor\": "
        "{\"name\": \"a\", \"elementOffset\": 1}, \"OutputTensor\": \"b\"}}]}",
    };
    static const char *const reasons[] = {"it overlaps the InputTensor binding range",
                                          "GuaranteedBaseOffsetAlignment promises a multiple "
                                          "of 16"};
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        dmlp__dx_parse_options options = {NULL, 1, 1 << 20, NULL};
        dmlp__dx_model *model = NULL;
        CHECK_STATUS(dmlp__dx_model_parse(models[i], strlen(models[i]), &options, &model),
                     DMLP_OK);
        FILE *out = tmpfile();
        if (model && out) {
            dmlp__dx_run_options run = {NULL, (DML_FEATURE_LEVEL)0, 1, out};
            size_t size = 0;
            CHECK_STATUS(dmlp__dx_model_run(model, &run), DMLP_ERROR_INVALID_ARGUMENT);
            CHECK_CONTAINS(dmlp_last_error(), "commands[1]: ");
            CHECK_CONTAINS(dmlp_last_error(), reasons[i]);
            rewind(out);
            char *printed = read_text(out, &size);
            CHECK(printed && size == 0, "model %zu printed before its refusal: %s", i,
                  printed ? printed : "(none)");
            free(printed);
        }
        if (out)
            fclose(out);
        dmlp__dx_model_free(model);
    }
}

int main(void)
{
    check_model("numbers");
    check_model("forms");
    check_forms_files();
    check_model("files");
    check_model("dispatch");
    check_model("identity");
    check_model("abs_negate");
    check_model("binary");
    check_model("add1_fused");
    check_model("logical");
    check_model("owned");
    check_model("cast");
    check_model("ceil");
    check_model("floor");
    check_model("round");
    check_model("relu");
    check_model("relu_grad");
    check_model("max");
    check_model("min");
    check_model("difference_square");
    check_model("modulus");
    check_model("mean");
    check_model("prelu");
    check_model("compare");
    check_model("boolean");
    check_model("isnan");
    check_model("bitwise");
    check_model("leaky_relu");
    check_model("softmax");
    check_model("linear");
    check_model("thresholded_relu");
    check_model("hard_sigmoid");
    check_model("shrink");
    check_model("hard_swish");
    check_model("threshold");
    check_model("clip");
    check_model("clip_grad");
    check_model("clip1");
    check_model("recip");
    check_model("sqrt");
    check_model("log");
    check_model("activation_identity");
    check_model("mish_gelu_tanh");
    check_model("if");
    check_model("quantize");
    check_model("dequantize");
    check_model("quantized_add");
    check_model("softplus");
    check_model("pow");
    check_model("hyperbolic");
    check_model("atrig");
    check_model("trig");
    check_iterations();
    check_no_files();
    check_source_lookup();
    check_root_extras();
    check_bindings_before_run();
    return test_finish("test_dx_models");
}

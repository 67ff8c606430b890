/* dxdispatch: every refusal names its JSON location (or line and column), with the
   status it returns; nothing runs before a refusal. Covers dmlp__dx_model_parse and the
   operator checks of dmlp__dx_model_run. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dxdispatch/dxdispatch.h"
#include "test_util.h"

#define SIGN_DESC                                                                           \
    "\"desc\": {\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"           \
    " \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"
#define GOOD_RESOURCES                                                                      \
    "\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4]},"    \
    "\"B\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [0, 0, 0, 0]}"
#define GOOD_DISPATCHABLES "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC "}"
#define GOOD_DISPATCH                                                                       \
    "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "                   \
    "{\"InputTensor\": \"A\", \"OutputTensor\": \"B\"}}"

/* Parses (and if that succeeds, runs) text; checks the status and the message. */
static void refuse_at(const char *text, DML_FEATURE_LEVEL level, dmlp_status expected,
                      const char *fragment, int line)
{
    char dir[] = DX_TEST_DIR "/models";
    dmlp__dx_parse_options options = {dir, 0, 0, NULL};
    dmlp__dx_model *model = NULL;
    dmlp_status s = dmlp__dx_model_parse(text, strlen(text), &options, &model);
    if (s == DMLP_OK) {
        dmlp__dx_run_options run = {NULL, level, 1, NULL};
        s = dmlp__dx_model_run(model, &run);
    }
    dmlp__dx_model_free(model);
    CHECK(s == expected, "line %d: status %s, expected %s (%s)", line, dmlp_status_string(s),
          dmlp_status_string(expected), dmlp_last_error());
    const char *message = dmlp_last_error();
    if (!strstr(message, fragment))
        fprintf(stderr, "line %d: message was: %s\n", line, message);
    CHECK_CONTAINS(message, fragment);
}

static void refuse(const char *text, dmlp_status expected, const char *fragment, int line)
{
    refuse_at(text, (DML_FEATURE_LEVEL)0, expected, fragment, line);
}

#define F DMLP_ERROR_FORMAT
#define U DMLP_ERROR_UNSUPPORTED
#define I DMLP_ERROR_INVALID_ARGUMENT

/* A model from its three sections. */
static const char *model(const char *resources, const char *dispatchables,
                         const char *commands)
{
    static char text[8192];
    snprintf(text, sizeof text,
             "{\"resources\": {%s}, \"dispatchables\": {%s}, \"commands\": [%s]}", resources,
             dispatchables, commands);
    return text;
}

/* A model with one resource A of the given body and a print of it. */
static const char *resource(const char *body)
{
    static char r[4096];
    snprintf(r, sizeof r, "\"A\": %s", body);
    return model(r, "", "{\"type\": \"print\", \"resource\": \"A\"}");
}

/* A model whose sign dispatchable has the given desc. */
static const char *dispatchable(const char *body)
{
    static char d[4096];
    snprintf(d, sizeof d, "\"sign\": %s", body);
    return model(GOOD_RESOURCES, d, GOOD_DISPATCH);
}

/* ELEMENT_WISE_IDENTITY's optional ScaleBias: an object with Scale and Bias, or null. */
static void test_identity(void)
{
#define IDENTITY_WITH(sb)                                                                   \
    "{\"type\": \"ELEMENT_WISE_IDENTITY\", \"InputTensor\": {\"DataType\": \"FLOAT32\", "    \
    "\"Sizes\": [4]}, \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}, "      \
    "\"ScaleBias\": " sb "}"
    refuse(dispatchable(IDENTITY_WITH("{\"Scale\": 2}")), F,
           "dispatchables.sign.ScaleBias.Bias: missing", __LINE__);
    refuse(dispatchable(IDENTITY_WITH("{\"Scale\": 2, \"Bias\": 1, \"Shift\": 0}")), F,
           "dispatchables.sign.ScaleBias.Shift: unknown member", __LINE__);
    refuse(dispatchable(IDENTITY_WITH("[2, 1]")), F,
           "dispatchables.sign.ScaleBias: must be an object", __LINE__);
    refuse(dispatchable(IDENTITY_WITH("{\"Scale\": \"two\", \"Bias\": 1}")), F,
           "dispatchables.sign.ScaleBias.Scale: \"two\" is not a number", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_IDENTITY\", \"InputTensor\": "
                        "{\"DataType\": \"INT32\", \"Sizes\": [4]}, \"OutputTensor\": "
                        "{\"DataType\": \"INT32\", \"Sizes\": [4]}, \"ScaleBias\": "
                        "{\"Scale\": 2, \"Bias\": 1}}"),
           U, "ELEMENT_WISE_IDENTITY: ScaleBias is set; with InputTensor.DataType INT32", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC
                        ", \"ScaleBias\": null}"),
           F, "dispatchables.sign.ScaleBias: unknown member", __LINE__);
    refuse_at(dispatchable(IDENTITY_WITH("null")), DML_FEATURE_LEVEL_2_1, U,
              "ELEMENT_WISE_IDENTITY: InputTensor.DimensionCount is 1; at feature level 2_1 it "
              "must be 4 to 5",
              __LINE__);
#undef IDENTITY_WITH
}

static void test_syntax(void)
{
    refuse("{\n  \"resources\": NaN\n}", F, "line 2, column 16: JSON syntax error", __LINE__);
    refuse("{\n  \"resources\": NaN\n}", F, "\"nan\"", __LINE__);
    refuse("{\"resources\": {\"A\": {\"initialValuesDataType\": \"FLOAT32\",\n"
           "  \"initialValues\": [Infinity]}}}",
           F, "line 2, column 21", __LINE__);
    refuse("{\"resources\": {\"A\": {\"initialValuesDataType\": \"FLOAT32\",\n"
           "  \"initialValues\": [-Infinity]}}}",
           F, "line 2, column ", __LINE__);
    refuse("{\"a\": [1,,2]}", F, "line 1, column 10", __LINE__);  /* two commas: not trailing */
    refuse("{\"a\": [,]}", F, "line 1, column 8", __LINE__);      /* a lone comma is not either */
    refuse("", F, "empty", __LINE__);
    /* A NUL escape would cut the string short: refused where it stands. */
    refuse("{\"resources\": {\n  \"A\\u0000B\": {\"initialValuesDataType\": \"FLOAT32\",\n"
           "  \"initialValues\": [1]}}}",
           F, "line 2, column 5: \\u0000 in a string", __LINE__);
    refuse("{\"a\": \"x\\u0000\"}", F, "line 1, column 9: \\u0000 in a string", __LINE__);
    refuse("{\"a\": \"\\\\u0000\"}", F, "resources: missing", __LINE__); /* an escaped backslash: no NUL */
    refuse("[1, 2]", F, "the model must be a JSON object", __LINE__);
    /* an error at the end of the text is reported at its last byte */
    refuse("{\"resources\": {}, /* unclosed\n", F, "line 1, column 30", __LINE__);
    refuse("{\n\"a\": \"/* not a comment\", \"b\": tru }", F, "line 2, column 31", __LINE__);
}

static void test_root(void)
{
    refuse("{\"dispatchables\": {}, \"commands\": []}", F, "resources: missing", __LINE__);
    refuse("{\"resources\": {}, \"commands\": []}", F, "dispatchables: missing", __LINE__);
    refuse("{\"resources\": {}, \"dispatchables\": {}}", F, "commands: missing", __LINE__);
    refuse("{\"resources\": [], \"dispatchables\": {}, \"commands\": []}", F,
           "resources: must be an object", __LINE__);
    refuse("{\"resources\": {}, \"dispatchables\": {}, \"commands\": {}}", F,
           "commands: must be an array", __LINE__);
    refuse(model(GOOD_RESOURCES ", " GOOD_RESOURCES, "", ""), F,
           "resources.A: the name appears twice", __LINE__);
    refuse(model(GOOD_RESOURCES, GOOD_DISPATCHABLES ", " GOOD_DISPATCHABLES, ""), F,
           "dispatchables.sign: the name appears twice", __LINE__);
}

static void test_resources(void)
{
    refuse(resource("[1]"), F, "resources.A: must be an object", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\"}"), F,
           "resources.A.initialValues: missing", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1], "
                    "\"size\": 4}"),
           F, "resources.A.size: unknown member", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"float32\", \"initialValues\": [1]}"), F,
           "resources.A.initialValuesDataType: 'float32' is not a data type", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"BFLOAT16\", \"initialValues\": [1]}"), F,
           "'BFLOAT16' is not a data type", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT8\", \"initialValues\": [1, 256]}"), F,
           "resources.A.initialValues[1]: 256 is out of range for UINT8 (0 to 255)", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT8\", \"initialValues\": [-129]}"), F,
           "resources.A.initialValues[0]: -129 is out of range for INT8 (-128 to 127)",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT32\", \"initialValues\": [-1]}"), F,
           "-1 is out of range for UINT32 (0 to 4294967295)", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT64\", "
                    "\"initialValues\": [18446744073709551616]}"),
           F, "18446744073709551616 is out of range for UINT64", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT64\", "
                    "\"initialValues\": [-9223372036854775809]}"),
           F, "-9223372036854775809 is out of range for INT64", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT32\", \"initialValues\": [1.5]}"), F,
           "resources.A.initialValues[0]: 1.5 is not an integer; INT32 takes integers only",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT32\", \"initialValues\": [1e3]}"), F,
           "1e3 is not an integer", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT32\", \"initialValues\": [\"nan\"]}"), F,
           "resources.A.initialValues[0]: must be an integer (INT32)", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": [\"infinity\"]}"),
           F, "\"infinity\" is not a number", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [true]}"), F,
           "resources.A.initialValues[0]: must be a number", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": []}"), F,
           "resources.A.initialValues: the initial data is empty", __LINE__);
    refuse(resource("{\"initialValues\": [1, 2]}"), F,
           "resources.A.initialValues: initialValuesDataType is required for a list of numbers",
           __LINE__);
    refuse(resource("{\"initialValues\": [{\"type\": \"FLOAT16\", \"value\": 1}]}"), F,
           "resources.A.initialValues[0].type: FLOAT16 is not allowed in a typed list",
           __LINE__);
    refuse(resource("{\"initialValues\": [{\"type\": \"UINT8\", \"value\": 300}]}"), F,
           "resources.A.initialValues[0].value: 300 is out of range for UINT8", __LINE__);
    refuse(resource("{\"initialValues\": [{\"type\": \"UINT8\"}]}"), F,
           "resources.A.initialValues[0].value: missing", __LINE__);
    refuse(resource("{\"initialValues\": [{\"type\": \"UINT8\", \"value\": 1, \"x\": 2}]}"), F,
           "resources.A.initialValues[0].x: unknown member", __LINE__);
    refuse(resource("{\"initialValues\": {\"valueCount\": 2, \"value\": 1}}"), F,
           "resources.A.initialValues: initialValuesDataType is required for a constant",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"valueCount\": 0, \"value\": 1}}"),
           F, "resources.A.initialValues.valueCount: must be >= 1", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"valueCount\": -1, \"value\": 1}}"),
           F, "resources.A.initialValues.valueCount: -1 is negative", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"valueCount\": 18446744073709551616, \"value\": 1}}"),
           F, "resources.A.initialValues.valueCount: 18446744073709551616 is too large", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"valueCount\": 4611686018427387904, \"value\": 1}}"),
           F, "resources.A.initialValues: 4611686018427387904 elements of 4 bytes are more than",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"value\": 1}}"),
           F, "resources.A.initialValues.valueCount: missing", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT8\", \"initialValues\": "
                    "{\"valueCount\": 3, \"valueStart\": 250, \"valueDelta\": 3}}"),
           F, "element 2 of the sequence is out of range for UINT8", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT8\", \"initialValues\": "
                    "{\"valueCount\": 3, \"valueStart\": -120, \"valueDelta\": -5}}"),
           F, "element 2 of the sequence is out of range for INT8", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT8\", \"initialValues\": "
                    "{\"valueCount\": 3, \"valueStart\": 5, \"valueDelta\": -1}}"),
           F, "resources.A.initialValues.valueDelta: -1 is out of range for UINT8", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT8\", \"initialValues\": "
                    "{\"valueCount\": 3, \"valueStart\": 5}}"),
           F, "resources.A.initialValues.valueDelta: missing", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"UINT8\", \"initialValues\": "
                    "{\"valueCount\": 3, \"value\": 5, \"valueDelta\": 1}}"),
           F, "resources.A.initialValues.valueDelta: unknown member", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2], "
                    "\"sizeInBytes\": 4}"),
           F, "resources.A.sizeInBytes: is 4; must be at least the initial data's 8 bytes",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": 3}"), F,
           "resources.A.initialValues: must be an array", __LINE__);
    /* files */
    refuse(resource("{\"initialValuesDataType\": \"FLOAT32\", "
                    "\"initialValues\": {\"sourcePath\": \"picture.PNG\"}}"),
           U, "resources.A.initialValues.sourcePath: 'picture.PNG': image files are not "
              "supported by dmlp",
           __LINE__);
    refuse(resource("{\"initialValues\": {\"sourcePath\": \"data/raw_i32.bin\"}}"), F,
           "initialValuesDataType is required for a raw file", __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"INT32\", "
                    "\"initialValues\": {\"sourcePath\": \"data/raw_6bytes.bin\"}}"),
           F, "'data/raw_6bytes.bin' has 6 bytes, not a whole number of INT32 elements",
           __LINE__);
    refuse(resource("{\"initialValuesDataType\": \"FLOAT16\", "
                    "\"initialValues\": {\"sourcePath\": \"data/raw_i32.bin\"}}"),
           DMLP_OK, "", __LINE__); /* 8 bytes are 4 float16 values: fine */
    refuse(resource("{\"initialValuesDataType\": \"INT16\", "
                    "\"initialValues\": {\"sourcePath\": \"data/values_f32.npy\"}}"),
           F, "'data/values_f32.npy' holds FLOAT32; initialValuesDataType is INT16", __LINE__);
    refuse(resource("{\"initialValues\": {\"sourcePath\": \"data/missing.npy\"}}"),
           DMLP_ERROR_IO, "resources.A.initialValues.sourcePath: 'data/missing.npy'", __LINE__);
    /* a malformed .npy is a FORMAT refusal (the file was read), not an IO one */
    refuse(resource("{\"initialValues\": {\"sourcePath\": \"data/bad_header.npy\"}}"), F,
           "resources.A.initialValues.sourcePath: 'data/bad_header.npy': bad header", __LINE__);
    refuse(resource("{\"initialValues\": {\"sourcePath\": \"data/x.npy\", \"extra\": 1}}"), F,
           "resources.A.initialValues.extra: unknown member", __LINE__);
}

static void test_dispatchables(void)
{
    refuse(dispatchable("{\"type\": \"DML_OPERATOR_GEMM\", " SIGN_DESC "}"), U,
           "dispatchables.sign.type: operator 'DML_OPERATOR_GEMM' is not supported "
           "by dmlp",
           __LINE__);
    /* ADD1's FusedActivation: an activation DirectML does not fuse, with the list */
#define T4 "{\"DataType\": \"FLOAT32\", \"Sizes\": [4]}"
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_PARAMETERIZED_RELU\"}}}"),
           U,
           "dispatchables.sign.desc.FusedActivation.Type: fused activation "
           "'ACTIVATION_PARAMETERIZED_RELU' is not supported by dmlp (it fuses "
           "ACTIVATION_SOFTSIGN, ACTIVATION_RELU, ACTIVATION_LEAKY_RELU, ACTIVATION_ELU, "
           "ACTIVATION_SCALED_ELU, ACTIVATION_CELU, ACTIVATION_LINEAR, "
           "ACTIVATION_THRESHOLDED_RELU, ACTIVATION_HARD_SIGMOID, ACTIVATION_SHRINK, "
           "ACTIVATION_IDENTITY, ACTIVATION_SIGMOID, ACTIVATION_TANH, ACTIVATION_SCALED_TANH, "
           "ACTIVATION_SOFTPLUS, ACTIVATION_PARAMETRIC_SOFTPLUS)",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_HARD_SWISH\"}}}"),
           U, "fused activation 'ACTIVATION_HARD_SWISH' is not supported by dmlp (it fuses",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_LINEAR\", "
                        "\"Desc\": {\"Alpha\": 2}}}}"),
           F, "dispatchables.sign.desc.FusedActivation.Desc.Beta: missing", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_RELU\", "
                        "\"Alpha\": 2}}}"),
           F, "dispatchables.sign.desc.FusedActivation.Alpha: unknown member", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_LEAKY_RELU\", "
                        "\"Alpha\": \"big\"}}}"),
           F, "dispatchables.sign.desc.FusedActivation.Alpha", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD1\", \"desc\": {\"ATensor\": " T4
                        ", \"BTensor\": " T4 ", \"OutputTensor\": " T4
                        ", \"FusedActivation\": {\"Type\": \"ACTIVATION_SOFTSIGN\", "
                        "\"InputTensor\": " T4 "}}}"),
           F, "dispatchables.sign.desc.FusedActivation.InputTensor: unknown member", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_ADD\", \"desc\": {\"ATensor\": " T4
                        ", \"OutputTensor\": " T4 "}}"),
           F, "dispatchables.sign.desc.BTensor: missing", __LINE__);
#undef T4
    refuse(dispatchable("{\"type\": \"element_wise_sign\", " SIGN_DESC "}"), U,
           "operator 'element_wise_sign' is not supported", __LINE__);
    refuse(dispatchable("{\"type\": \"hlsl\", \"sourcePath\": \"x.hlsl\"}"), U,
           "dispatchables.sign.type: 'hlsl' dispatchables are not supported by dmlp", __LINE__);
    refuse(dispatchable("{\"type\": \"onnx\", \"sourcePath\": \"x.onnx\"}"), U,
           "'onnx' dispatchables are not supported", __LINE__);
    refuse(dispatchable("{\"type\": \"dmlSerializedGraph\", \"sourcePath\": \"x.dml\"}"), U,
           "'dmlSerializedGraph' dispatchables are not supported", __LINE__);
    refuse(dispatchable("{" SIGN_DESC "}"), F, "dispatchables.sign.type: missing", __LINE__);
    /* The dispatchable dmlp lacks is named even when a resource only it could use (a
       deferred one, as DxDispatch's ONNX models have) comes first. */
    refuse("{\"resources\": {\"Y\": {\"initialValuesDataType\": \"FLOAT32\", "
           "\"initialValues\": {\"deferred\": true}}}, "
           "\"dispatchables\": {\"net\": {\"type\": \"onnx\", \"sourcePath\": \"x.onnx\"}}, "
           "\"commands\": []}",
           U, "dispatchables.net.type: 'onnx' dispatchables are not supported", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 2, 0, 4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}}"),
           F, "dispatchables.sign.desc.InputTensor.Sizes[2]: must be >= 1", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"Desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"Type\": \"BUFFER\", \"Desc\": {"
                        "\"DataType\": \"FLOAT32\", \"Sizes\": [4, 4294967296]}}}}"),
           F, "dispatchables.sign.Desc.OutputTensor.Desc.Sizes[1]: 4294967296 is too large",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": []},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.InputTensor.Sizes: must hold at least one size", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                        "\"DimensionCount\": 2},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.InputTensor.DimensionCount: is 2; Sizes has 1 entries",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [2, 2], "
                        "\"Strides\": [1]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.InputTensor.Strides: has 1 entries; Sizes has 2", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                        "\"Flags\": [\"NONE\", \"OWNED\"]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.InputTensor.Flags[1]: 'OWNED' is not a tensor flag", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.OutputTensor: missing", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}}"),
           F, "dispatchables.sign.desc.InputTensor.DataType: missing", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"Type\": \"TEXTURE\", \"Desc\": {}},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}}"),
           F, "dispatchables.sign.desc.InputTensor.Type: 'TEXTURE' is not a tensor type",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"ScaleBias\": null}}"),
           F, "dispatchables.sign.desc.ScaleBias: unknown member", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC
                        ", \"executionFlags\": [\"FAST\"]}"),
           F, "dispatchables.sign.executionFlags[0]: 'FAST' is not an execution flag",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC
                        ", \"executionFlags\": \"FAST\"}"),
           F, "dispatchables.sign.executionFlags: 'FAST' is not an execution flag", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC
                        ", \"executionFlags\": 1}"),
           F, "dispatchables.sign.executionFlags: must be a string or an array of strings",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", "
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                        "\"Flags\": \"OWNED\"},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}"),
           F, "dispatchables.sign.InputTensor.Flags: 'OWNED' is not a tensor flag", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC
                        ", \"dmlCompileType\": \"DmlCompileFast\"}"),
           F, "dispatchables.sign.dmlCompileType: 'DmlCompileFast' is not a compile type",
           __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", " SIGN_DESC ", \"Desc\": {}}"), F,
           "dispatchables.sign: has both desc and Desc", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_IS_INFINITY\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"UINT8\", \"Sizes\": [4]}}}"),
           F, "dispatchables.sign.desc.InfinityMode: missing", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_IS_INFINITY\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"UINT8\", \"Sizes\": [4]},"
                        "\"InfinityMode\": \"BOTH\"}}"),
           F, "dispatchables.sign.desc.InfinityMode: 'BOTH' is not an infinity mode", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"InfinityMode\": \"EITHER\"}}"),
           F, "dispatchables.sign.desc.InfinityMode: unknown member", __LINE__);
}

/* Validation by dmlp_operator_create, prefixed with the dispatchable's location. */
static void test_validation(void)
{
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_IS_INFINITY\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"InfinityMode\": \"EITHER\"}}"),
           DMLP_ERROR_INVALID_ARGUMENT, "dispatchables.sign: ", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                        "\"Flags\": \"OWNED_BY_DML\"}}}"),
           DMLP_ERROR_INVALID_ARGUMENT, "dispatchables.sign: ", __LINE__);
    refuse(dispatchable("{\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                        "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]},"
                        "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                        "\"TotalTensorSizeInBytes\": 12}}}"),
           DMLP_ERROR_INVALID_ARGUMENT, "dispatchables.sign: ", __LINE__);
    /* feature levels: Sign came in 2_0 with 4-D tensors only */
    refuse_at(model(GOOD_RESOURCES, GOOD_DISPATCHABLES, GOOD_DISPATCH), DML_FEATURE_LEVEL_1_0,
              U, "dispatchables.sign: ", __LINE__);
    refuse_at(model(GOOD_RESOURCES, GOOD_DISPATCHABLES, GOOD_DISPATCH), DML_FEATURE_LEVEL_1_0,
              U, "2_0", __LINE__);
    refuse_at(model(GOOD_RESOURCES, GOOD_DISPATCHABLES, GOOD_DISPATCH), DML_FEATURE_LEVEL_2_0,
              U, "dispatchables.sign: ", __LINE__);
    refuse_at(model(GOOD_RESOURCES, GOOD_DISPATCHABLES, GOOD_DISPATCH), DML_FEATURE_LEVEL_3_0,
              DMLP_OK, "", __LINE__);
    refuse_at(model(GOOD_RESOURCES,
                    "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"
                    "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 2, 2]},"
                    "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1, 2, 2]}}}",
                    GOOD_DISPATCH),
              DML_FEATURE_LEVEL_2_0, DMLP_OK, "", __LINE__);
}

static void test_commands(void)
{
    const char *r = GOOD_RESOURCES;
    const char *d = GOOD_DISPATCHABLES;
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"nope\", \"bindings\": "
                       "{\"InputTensor\": \"A\", \"OutputTensor\": \"B\"}}"),
           F, "commands[0].dispatchable: unknown dispatchable 'nope'", __LINE__);
    refuse(model(r, d, GOOD_DISPATCH ", {\"type\": \"dispatch\", \"dispatchable\": \"sign\", "
                       "\"bindings\": {\"InputTensor\": \"nope\", \"OutputTensor\": \"B\"}}"),
           F, "commands[1].bindings.InputTensor: unknown resource 'nope'", __LINE__);
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                       "{\"InputTensor\": \"A\"}}"),
           F, "commands[0].bindings.OutputTensor: missing", __LINE__);
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                       "{\"InputTensor\": \"A\", \"OutputTensor\": \"B\", \"Bias\": \"A\"}}"),
           F, "commands[0].bindings.Bias: unknown member", __LINE__);
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                       "{\"InputTensor\": {\"name\": \"A\", \"elementOffset\": 1}, "
                       "\"OutputTensor\": \"B\"}}"),
           F, "commands[0].bindings.InputTensor: resource 'A' holds 12 bytes from byte 4; the "
              "tensor's TotalTensorSizeInBytes is 16",
           __LINE__);
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                       "{\"InputTensor\": {\"name\": \"A\", \"elementOffset\": 5}, "
                       "\"OutputTensor\": \"B\"}}"),
           F, "commands[0].bindings.InputTensor: elementOffset 5 x 4 bytes is past the end",
           __LINE__);
    refuse(model(r, d, "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                       "{\"InputTensor\": [\"A\", \"B\"], \"OutputTensor\": \"B\"}}"),
           F, "commands[0].bindings.InputTensor: must bind exactly one resource", __LINE__);
    refuse(model(r, d, "{\"type\": \"print\", \"resource\": \"nope\"}"), F,
           "commands[0].resource: unknown resource 'nope'", __LINE__);
    refuse(model(r, d, "{\"type\": \"print\"}"), F, "commands[0].resource: missing", __LINE__);
    refuse(model(r, d, "{\"type\": \"print\", \"resource\": \"A\", \"verbose\": 1}"), F,
           "commands[0].verbose: must be true or false", __LINE__);
    refuse(model(r, d, "{\"type\": \"sleep\", \"milliseconds\": 10}"), U,
           "commands[0].type: 'sleep' is not a command dmlp runs", __LINE__);
    refuse(model(r, d, "{\"resource\": \"A\"}"), F, "commands[0].type: missing", __LINE__);
    refuse(model(r, d, "\"print\""), F, "commands[0]: must be an object", __LINE__);
    refuse(model(r, d, "{\"type\": \"writeFile\", \"resource\": \"A\"}"), F,
           "commands[0].targetPath: missing", __LINE__);
    refuse(model(r, d, "{\"type\": \"writeFile\", \"resource\": \"A\", \"targetPath\": "
                       "\"dx_refused.npy\", \"dimensions\": [2, 3]}"),
           F, "commands[0].dimensions:", __LINE__);
    /* a resource without a type can be bound and written raw, not printed or .npy'd */
    const char *typed = "\"T\": {\"initialValues\": [{\"type\": \"UINT8\", \"value\": 1}]}";
    refuse(model(typed, "", "{\"type\": \"print\", \"resource\": \"T\"}"), F,
           "commands[0].resource: resource 'T' has no initialValuesDataType", __LINE__);
    refuse(model(typed, "", "{\"type\": \"writeFile\", \"resource\": \"T\", "
                            "\"targetPath\": \"dx_refused.npy\"}"),
           F, "commands[0].targetPath: resource 'T' has no initialValuesDataType", __LINE__);
}

/* A refusal in a later command means no earlier command ran: nothing is written. */
static void test_nothing_runs(void)
{
    remove("dx_refusal_early.bin");
    refuse(model(GOOD_RESOURCES, GOOD_DISPATCHABLES,
                 "{\"type\": \"writeFile\", \"resource\": \"A\", \"targetPath\": "
                 "\"dx_refusal_early.bin\"}, {\"type\": \"print\", \"resource\": \"C\"}"),
           F, "commands[1].resource: unknown resource 'C'", __LINE__);
    CHECK(access("dx_refusal_early.bin", F_OK) != 0, "a refused model wrote a file");
    refuse(model(GOOD_RESOURCES,
                 GOOD_DISPATCHABLES ", \"bad\": {\"type\": \"ELEMENT_WISE_IS_INFINITY\", "
                                    "\"desc\": {\"InputTensor\": {\"DataType\": \"FLOAT32\", "
                                    "\"Sizes\": [4]}, \"OutputTensor\": {\"DataType\": "
                                    "\"FLOAT32\", \"Sizes\": [4]}, \"InfinityMode\": "
                                    "\"EITHER\"}}",
                 "{\"type\": \"writeFile\", \"resource\": \"A\", \"targetPath\": "
                 "\"dx_refusal_early.bin\"}"),
           DMLP_ERROR_INVALID_ARGUMENT, "dispatchables.bad: ", __LINE__);
    CHECK(access("dx_refusal_early.bin", F_OK) != 0, "a refused operator let a command run");
}

/* A command that fails after a writeFile printed its line: the file is not written, and
   the error says so. */
static void test_written_then_failed(void)
{
    remove("dx_written_then_failed.bin");
    const char *text = model(
        "\"A\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": [7, 8]}, "
        "\"Z\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": [1, 0]}, "
        "\"Q\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": [0, 0]}",
        "\"div\": {\"type\": \"ELEMENT_WISE_DIVIDE\", \"desc\": {\"ATensor\": "
        "{\"DataType\": \"INT32\", \"Sizes\": [2]}, \"BTensor\": {\"DataType\": \"INT32\", "
        "\"Sizes\": [2]}, \"OutputTensor\": {\"DataType\": \"INT32\", \"Sizes\": [2]}}}",
        "{\"type\": \"writeFile\", \"resource\": \"A\", \"targetPath\": "
        "\"dx_written_then_failed.bin\"}, {\"type\": \"dispatch\", \"dispatchable\": "
        "\"div\", \"bindings\": {\"ATensor\": \"A\", \"BTensor\": \"Z\", "
        "\"OutputTensor\": \"Q\"}}");
    char dir[] = DX_TEST_DIR "/models";
    dmlp__dx_parse_options options = {dir, 0, 0, NULL};
    dmlp__dx_model *m = NULL;
    dmlp_status s = dmlp__dx_model_parse(text, strlen(text), &options, &m);
    CHECK(s == DMLP_OK, "parse: %s", dmlp_last_error());
    char printed[1024] = {0};
    FILE *out = fmemopen(printed, sizeof printed - 1, "w");
    CHECK(out != NULL, "fmemopen");
    if (s == DMLP_OK && out) {
        dmlp__dx_run_options run = {NULL, (DML_FEATURE_LEVEL)0, 1, out};
        s = dmlp__dx_model_run(m, &run);
        fclose(out);
        CHECK(s != DMLP_OK, "a division by zero ran");
        CHECK_CONTAINS(printed, "Resource 'A' written to 'dx_written_then_failed.bin'");
        CHECK_CONTAINS(dmlp_last_error(), "is 0");
        CHECK_CONTAINS(dmlp_last_error(), "no writeFile target was written");
    }
    dmlp__dx_model_free(m);
    CHECK(access("dx_written_then_failed.bin", F_OK) != 0, "a failed run wrote its file");
}

/* Overlapping bindings that are not exactly in place are refused by execute. */
static void test_execute_refusal(void)
{
    refuse(model("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
                 "[1, 2, 3, 4, 5]}",
                 GOOD_DISPATCHABLES,
                 "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                 "{\"InputTensor\": \"A\", \"OutputTensor\": {\"name\": \"A\", "
                 "\"elementOffset\": 1}}}"),
           DMLP_ERROR_INVALID_ARGUMENT, "commands[0]: ", __LINE__);
    /* buffers are page-aligned: an offset of one element breaks a 16-byte promise */
    refuse(model("\"A\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": "
                 "[1, 2, 3, 4, 5]}, \"B\": {\"initialValuesDataType\": \"FLOAT32\", "
                 "\"initialValues\": [0, 0, 0, 0]}",
                 "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {\"InputTensor\": "
                 "{\"DataType\": \"FLOAT32\", \"Sizes\": [4], "
                 "\"GuaranteedBaseOffsetAlignment\": 16}, \"OutputTensor\": {\"DataType\": "
                 "\"FLOAT32\", \"Sizes\": [4]}}}",
                 "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": "
                 "{\"InputTensor\": {\"name\": \"A\", \"elementOffset\": 1}, "
                 "\"OutputTensor\": \"B\"}}"),
           DMLP_ERROR_INVALID_ARGUMENT, "commands[0]: ", __LINE__);
}

/* A dispatchable's own "bindings": only inputs flagged OWNED_BY_DML, each bound there
   and nowhere else. */
static void test_owned_bindings(void)
{
#define OWNED_SIGN(flags, bindings)                                                         \
    "\"sign\": {\"type\": \"ELEMENT_WISE_SIGN\", \"desc\": {"                                 \
    "\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]" flags "},"                 \
    "\"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}}" bindings "}"
#define OWNED ", \"Flags\": \"OWNED_BY_DML\""
#define OUTPUT_ONLY                                                                         \
    "{\"type\": \"dispatch\", \"dispatchable\": \"sign\", \"bindings\": {\"OutputTensor\": \"B\"}}"
    refuse(model(GOOD_RESOURCES, OWNED_SIGN("", ", \"bindings\": {\"InputTensor\": \"A\"}"),
                 OUTPUT_ONLY),
           F,
           "dispatchables.sign.bindings.InputTensor: InputTensor is not flagged OWNED_BY_DML: "
           "bind it in each dispatch command",
           __LINE__);
    refuse(model(GOOD_RESOURCES, OWNED_SIGN(OWNED, ""), OUTPUT_ONLY), F,
           "dispatchables.sign.bindings: InputTensor is flagged OWNED_BY_DML: bind it here",
           __LINE__);
    refuse(model(GOOD_RESOURCES, OWNED_SIGN(OWNED, ", \"bindings\": {\"InputTensor\": \"A\"}"),
                 GOOD_DISPATCH),
           F,
           "commands[0].bindings.InputTensor: InputTensor is flagged OWNED_BY_DML and bound "
           "once, in dispatchables.sign.bindings; a dispatch may not bind it",
           __LINE__);
    refuse(model(GOOD_RESOURCES,
                 OWNED_SIGN(OWNED, ", \"bindings\": {\"InputTensor\": \"A\", "
                                   "\"OutputTensor\": \"B\"}"),
                 OUTPUT_ONLY),
           F, "dispatchables.sign.bindings.OutputTensor: an output is bound by each dispatch",
           __LINE__);
    refuse(model(GOOD_RESOURCES, OWNED_SIGN(OWNED, ", \"bindings\": [\"A\"]"), OUTPUT_ONLY), F,
           "dispatchables.sign.bindings: must be an object", __LINE__);
    refuse(model(GOOD_RESOURCES, OWNED_SIGN(OWNED, ", \"bindings\": {\"InputTensor\": \"Q\"}"),
                 OUTPUT_ONLY),
           F, "dispatchables.sign.bindings.InputTensor", __LINE__);
    refuse(model(GOOD_RESOURCES,
                 OWNED_SIGN(OWNED, ", \"bindings\": {\"InputTensor\": {\"name\": \"A\", "
                                   "\"elementOffset\": 1}}"),
                 OUTPUT_ONLY),
           F, "resource 'A' holds 12 bytes from byte 4", __LINE__);
#undef OWNED_SIGN
#undef OWNED
#undef OUTPUT_ONLY
}

/* SOFTMAX1's Axes: an array of indices; AxisCount optional, and then its length. */
static void test_axes(void)
{
#define SOFTMAX_WITH(members)                                                               \
    "{\"type\": \"ACTIVATION_SOFTMAX1\", \"InputTensor\": {\"DataType\": \"FLOAT32\", "      \
    "\"Sizes\": [4]}, \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [4]}" members "}"
    refuse(dispatchable(SOFTMAX_WITH("")), F, "dispatchables.sign.Axes: missing", __LINE__);
    refuse(dispatchable(SOFTMAX_WITH(", \"Axes\": 0")), F,
           "dispatchables.sign.Axes: must be an array of axes", __LINE__);
    refuse(dispatchable(SOFTMAX_WITH(", \"Axes\": []")), F,
           "dispatchables.sign.Axes: has 0 entries; it must have 1 to 8", __LINE__);
    refuse(dispatchable(SOFTMAX_WITH(", \"AxisCount\": 2, \"Axes\": [0]")), F,
           "dispatchables.sign.Axes: has 1 entries; AxisCount is 2, and the two must agree",
           __LINE__);
    refuse(dispatchable(SOFTMAX_WITH(", \"Axes\": [-1]")), F, "dispatchables.sign.Axes[0]",
           __LINE__);
    refuse(dispatchable(SOFTMAX_WITH(", \"Axes\": [1]")), I,
           "ACTIVATION_SOFTMAX1: Axes[0] is 1; it must be below InputTensor.DimensionCount (1)",
           __LINE__);
#undef SOFTMAX_WITH
}

int main(void)
{
    test_syntax();
    test_axes();
    test_root();
    test_resources();
    test_dispatchables();
    test_owned_bindings();
    test_identity();
    test_validation();
    test_commands();
    test_nothing_runs();
    test_written_then_failed();
    test_execute_refusal();
    return test_finish("test_dx_refusals");
}

/* test_errors: dmlp_status_string, dmlp_last_error (per thread, one line), the internal
   dmlp__error / dmlp__error_prefix, and dmlp_calc_buffer_tensor_size against sizes worked
   out by hand. */
#include <pthread.h>

#include "core/error.h"
#include "core/validate.h"
#include "test_util.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define CHECK_U64(actual, expected, ctx)                                                    \
    do {                                                                                    \
        uint64_t a2_ = (uint64_t)(actual), e2_ = (uint64_t)(expected);                      \
        CHECK(a2_ == e2_, "%s: %s is 0x%" PRIx64 ", expected 0x%" PRIx64, (ctx), #actual,   \
              a2_, e2_);                                                                    \
    } while (0)

static void test_status_strings(void)
{
    static const struct {
        dmlp_status status;
        const char *name;
    } names[] = {
        {DMLP_OK, "DMLP_OK"},
        {DMLP_ERROR_INVALID_ARGUMENT, "DMLP_ERROR_INVALID_ARGUMENT"},
        {DMLP_ERROR_UNSUPPORTED, "DMLP_ERROR_UNSUPPORTED"},
        {DMLP_ERROR_OUT_OF_MEMORY, "DMLP_ERROR_OUT_OF_MEMORY"},
        {DMLP_ERROR_IO, "DMLP_ERROR_IO"},
        {DMLP_ERROR_FORMAT, "DMLP_ERROR_FORMAT"},
    };
    for (size_t i = 0; i < COUNT(names); i++) {
        const char *s = dmlp_status_string(names[i].status);
        CHECK(s && strcmp(s, names[i].name) == 0, "%s gave %s", names[i].name, s ? s : "NULL");
    }
    static const int unknown[] = {6, 7, 100, -1, 0x7fffffff};
    for (size_t i = 0; i < COUNT(unknown); i++) {
        const char *s = dmlp_status_string((dmlp_status)unknown[i]);
        CHECK(s && strcmp(s, "unknown status") == 0, "%d gave %s", unknown[i], s ? s : "NULL");
    }
}

/* A thread's first look: empty; then its own failure; then whether it sees others'. */
typedef struct thread_result {
    char before[64];
    char after[256];
    const char *tag;
} thread_result;

static void *thread_main(void *arg)
{
    thread_result *r = arg;
    snprintf(r->before, sizeof r->before, "%s", dmlp_last_error());
    dmlp__error(DMLP_ERROR_IO, "thread %s failed", r->tag);
    snprintf(r->after, sizeof r->after, "%s", dmlp_last_error());
    return NULL;
}

static void test_last_error(void)
{
    /* fresh main thread: nothing has failed yet */
    CHECK(dmlp_last_error() != NULL && dmlp_last_error()[0] == '\0', "empty at start: \"%s\"",
          dmlp_last_error());

    /* a real failure through validation sets a one-line message */
    CHECK_STATUS(dmlp__validate_operator(DML_FEATURE_LEVEL_6_4, 0, NULL, 0, NULL),
                 DMLP_ERROR_INVALID_ARGUMENT);
    const char *m = dmlp_last_error();
    CHECK(m[0] != '\0', "non-empty after a failure");
    CHECK(strchr(m, '\n') == NULL && strchr(m, '\r') == NULL, "one line: %s", m);

    /* dmlp__error returns its status and formats */
    dmlp_status returned = dmlp__error(DMLP_ERROR_FORMAT, "main %d", 42);
    CHECK_STATUS(returned, DMLP_ERROR_FORMAT);
    CHECK(strcmp(dmlp_last_error(), "main 42") == 0, "formatted: %s", dmlp_last_error());

    /* other threads start empty and do not see or change this thread's message */
    thread_result r[2] = {{.tag = "A"}, {.tag = "B"}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        CHECK(pthread_create(&t[i], NULL, thread_main, &r[i]) == 0, "thread start");
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++) {
        CHECK(r[i].before[0] == '\0', "thread %s started with \"%s\"", r[i].tag, r[i].before);
        char want[32];
        snprintf(want, sizeof want, "thread %s failed", r[i].tag);
        CHECK(strcmp(r[i].after, want) == 0, "thread %s saw \"%s\"", r[i].tag, r[i].after);
    }
    CHECK(strcmp(dmlp_last_error(), "main 42") == 0, "main thread kept: %s", dmlp_last_error());

    /* a successful validation leaves the message as it was */
    uint32_t sizes[4] = {1, 1, 1, 4};
    DML_BUFFER_TENSOR_DESC b = {DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes,
                                NULL, 16, 0};
    DML_TENSOR_DESC td = {DML_TENSOR_TYPE_BUFFER, &b};
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC sd = {&td, &td};
    DML_OPERATOR_DESC od = {DML_OPERATOR_ACTIVATION_SOFTSIGN, &sd};
    dmlp__op_info info;
    CHECK_STATUS(dmlp__validate_operator(DML_FEATURE_LEVEL_1_0, 0, &od, 0, &info), DMLP_OK);
    CHECK(strcmp(dmlp_last_error(), "main 42") == 0, "kept after success: %s",
          dmlp_last_error());

    /* newlines and other control characters become spaces */
    dmlp__error(DMLP_ERROR_FORMAT, "line one\nline two\r\n\tend");
    CHECK(strcmp(dmlp_last_error(), "line one line two   end") == 0, "flattened: \"%s\"",
          dmlp_last_error());

    /* a long message is cut, stays one line and terminated */
    char long_text[2000];
    memset(long_text, 'x', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    long_text[700] = '\n';
    dmlp__error(DMLP_ERROR_IO, "%s", long_text);
    size_t len = strlen(dmlp_last_error());
    CHECK(len > 100 && len < sizeof long_text - 1, "cut to %zu", len);
    CHECK(strchr(dmlp_last_error(), '\n') == NULL, "cut message one line");
    /* a cut never leaves half of a UTF-8 character: 'é' is 2 bytes, fill past the end */
    char utf8[1500] = {0};
    for (size_t i = 0; i + 2 < sizeof utf8; i += 2)
        memcpy(utf8 + i, "\xc3\xa9", 2);
    dmlp__error(DMLP_ERROR_IO, "%s", utf8); /* 511 bytes kept: the cut falls mid-character */
    const unsigned char *cut = (const unsigned char *)dmlp_last_error();
    size_t cut_len = strlen((const char *)cut);
    CHECK(cut_len > 100, "cut utf8 length %zu", cut_len);
    CHECK(cut_len > 0 && cut[cut_len - 1] == 0xa9, "ends on a whole character (last 0x%x)",
          cut_len ? cut[cut_len - 1] : 0);

    /* no format at all: the status's meaning, never a crash */
    const char *no_format = NULL;
    dmlp_status st = dmlp__error(DMLP_ERROR_IO, no_format, 0);
    CHECK(st == DMLP_ERROR_IO, "status returned");
    CHECK_CONTAINS(dmlp_last_error(), "DMLP_ERROR_IO: a file could not be read or written");

    /* a message built from the current one (front ends wrap messages this way) */
    dmlp__error(DMLP_ERROR_FORMAT, "inner reason");
    dmlp__error(DMLP_ERROR_FORMAT, "outer: %s (%s)", dmlp_last_error(), dmlp_last_error());
    CHECK(strcmp(dmlp_last_error(), "outer: inner reason (inner reason)") == 0,
          "built from itself: %s", dmlp_last_error());

    /* prefix */
    dmlp__error(DMLP_ERROR_FORMAT, "ELEMENT_WISE_SIGN: InputTensor.DataType is 99; bad");
    dmlp__error_prefix("model.onnx: node 3");
    CHECK(strcmp(dmlp_last_error(),
                 "model.onnx: node 3: ELEMENT_WISE_SIGN: InputTensor.DataType is 99; bad") == 0,
          "prefixed: %s", dmlp_last_error());
    dmlp__error_prefix("a\nb");
    CHECK_CONTAINS(dmlp_last_error(), "a b: model.onnx");
    dmlp__error_prefix(NULL);
    CHECK_CONTAINS(dmlp_last_error(), "a b: model.onnx");
    dmlp__error_prefix(long_text);
    CHECK(strchr(dmlp_last_error(), '\n') == NULL, "long prefix one line");
}

/* DMLCalcBufferTensorSize = roundup4((dot(Sizes - 1, Strides) + 1) * ElementSize). */
static void test_buffer_size(void)
{
    static const struct {
        const char *what;
        DML_TENSOR_DATA_TYPE type;
        uint32_t dims;
        uint32_t sizes[9];
        uint32_t strides[9];
        bool packed;
        uint64_t expected;
    } cases[] = {
        /* packed: product * size, rounded up to 4 */
        {"f32 1x1x2x3", DML_TENSOR_DATA_TYPE_FLOAT32, 4, {1, 1, 2, 3}, {0}, true, 24},
        {"f16 3", DML_TENSOR_DATA_TYPE_FLOAT16, 1, {3}, {0}, true, 8},
        {"u8 1", DML_TENSOR_DATA_TYPE_UINT8, 1, {1}, {0}, true, 4},
        {"u8 5", DML_TENSOR_DATA_TYPE_UINT8, 1, {5}, {0}, true, 8},
        {"u8 8", DML_TENSOR_DATA_TYPE_UINT8, 2, {2, 4}, {0}, true, 8},
        {"i64 2x3", DML_TENSOR_DATA_TYPE_INT64, 2, {2, 3}, {0}, true, 48},
        {"bf16 3", DMLP_TENSOR_DATA_TYPE_BFLOAT16, 1, {3}, {0}, true, 8},
        {"e5m2 3", DMLP_TENSOR_DATA_TYPE_FLOAT8_E5M2, 1, {3}, {0}, true, 4},
        {"u8 2^9 in 9 dims", DML_TENSOR_DATA_TYPE_UINT8, 9, {2, 2, 2, 2, 2, 2, 2, 2, 2}, {0},
         true, 512},
        /* strided: (1*8 + 2*1 + 1) * 4 = 44 */
        {"f32 2x3 strides 8,1", DML_TENSOR_DATA_TYPE_FLOAT32, 2, {2, 3}, {8, 1}, false, 44},
        /* (1*1 + 2*2 + 3*6 + 1) * 2 = 48 (a transposed layout) */
        {"f16 2x3x4 strides 1,2,6", DML_TENSOR_DATA_TYPE_FLOAT16, 3, {2, 3, 4}, {1, 2, 6},
         false, 48},
        /* (2*5 + 1) * 1 = 11 -> 12 */
        {"u8 3 stride 5", DML_TENSOR_DATA_TYPE_UINT8, 1, {3}, {5}, false, 12},
        /* broadcast: all 0 strides -> one element */
        {"f32 5x7 broadcast", DML_TENSOR_DATA_TYPE_FLOAT32, 2, {5, 7}, {0, 0}, false, 4},
        {"f64 5x3 row broadcast", DML_TENSOR_DATA_TYPE_FLOAT64, 2, {5, 3}, {0, 1}, false, 24},
        /* a size-1 axis contributes nothing whatever its stride */
        {"f32 1x4 huge stride", DML_TENSOR_DATA_TYPE_FLOAT32, 2, {1, 4}, {0xFFFFFFFFu, 1},
         false, 16},
        /* near the top: (2^32-2)(2^32-1) + 1 = 2^64 - 3*2^32 + 3 -> round up */
        {"u8 near 2^64", DML_TENSOR_DATA_TYPE_UINT8, 1, {0xFFFFFFFFu}, {0xFFFFFFFFu}, false,
         0xFFFFFFFD00000004ull},
        /* packed (2^32-1)^2 u8 = 2^64 - 2^33 + 1 -> 0xFFFFFFFE00000004 */
        {"u8 packed (2^32-1)^2", DML_TENSOR_DATA_TYPE_UINT8, 2, {0xFFFFFFFFu, 0xFFFFFFFFu},
         {0}, true, 0xFFFFFFFE00000004ull},
        /* last = 2^64 - 6, bytes 2^64 - 5 -> 2^64 - 4 */
        {"u8 2^64-4", DML_TENSOR_DATA_TYPE_UINT8, 3, {0xFFFFFFFFu, 3, 2},
         {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFAu}, false, 0xFFFFFFFFFFFFFFFCull},
        /* overflow -> 0 */
        {"f16 near 2^64 doubled", DML_TENSOR_DATA_TYPE_FLOAT16, 1, {0xFFFFFFFFu},
         {0xFFFFFFFFu}, false, 0},
        {"u8 two big terms", DML_TENSOR_DATA_TYPE_UINT8, 2, {0xFFFFFFFFu, 0xFFFFFFFFu},
         {0xFFFFFFFFu, 0xFFFFFFFFu}, false, 0},
        /* last = 2^64 - 2, bytes 2^64 - 1: rounding up overflows */
        {"u8 round-up overflow", DML_TENSOR_DATA_TYPE_UINT8, 3, {0xFFFFFFFFu, 3, 2},
         {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFEu}, false, 0},
        {"u8 packed (2^32-1)^3", DML_TENSOR_DATA_TYPE_UINT8, 3,
         {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu}, {0}, true, 0},
        /* packed product overflows but only size-1 axes come after: still fits */
        {"u8 packed then ones", DML_TENSOR_DATA_TYPE_UINT8, 4, {1, 1, 0xFFFFFFFFu, 0xFFFFFFFFu},
         {0}, true, 0xFFFFFFFE00000004ull},
        /* invalid arguments -> 0 */
        {"unknown type", DML_TENSOR_DATA_TYPE_UNKNOWN, 1, {4}, {0}, true, 0},
        {"type 99", (DML_TENSOR_DATA_TYPE)99, 1, {4}, {0}, true, 0},
        {"0 dims", DML_TENSOR_DATA_TYPE_FLOAT32, 0, {4}, {0}, true, 0},
        {"size 0", DML_TENSOR_DATA_TYPE_FLOAT32, 3, {2, 0, 2}, {0}, true, 0},
        {"size 0 strided", DML_TENSOR_DATA_TYPE_FLOAT32, 2, {0, 2}, {1, 1}, false, 0},
    };
    for (size_t i = 0; i < COUNT(cases); i++) {
        uint64_t got = dmlp_calc_buffer_tensor_size(cases[i].type, cases[i].dims, cases[i].sizes,
                                                    cases[i].packed ? NULL : cases[i].strides);
        CHECK_U64(got, cases[i].expected, cases[i].what);
    }
    CHECK_U64(dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 2, NULL, NULL), 0,
              "NULL sizes");
    uint32_t strides[2] = {3, 1};
    CHECK_U64(dmlp_calc_buffer_tensor_size(DML_TENSOR_DATA_TYPE_FLOAT32, 2, NULL, strides), 0,
              "NULL sizes with strides");
}

int main(void)
{
    test_last_error(); /* first: it checks the message is empty at the start */
    test_status_strings();
    test_buffer_size();
    return test_finish("test_errors");
}
